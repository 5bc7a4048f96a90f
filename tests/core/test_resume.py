"""Finished chunks are never lost: kill a real run, resume it, extend it, survive damage."""

import json
import os
import signal
import subprocess
import sys
import time

import polars as pl
import pytest

from simulator.core.store import results
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError

GAME = "sails"


def islandsim(*arguments):
    return subprocess.run([sys.executable, "-m", "simulator.cli", *arguments], capture_output=True, text=True, timeout=600)


def rows(out):
    return results.scan_run(out)[1].collect().sort("game", "seat")


def reference_run(tmp_path, n, name="reference"):
    out = tmp_path / name
    config = runner.RunConfig(GAME, 4, n, 21, chunk_size=500)
    runner.run(runner.prepare(config), out, 1)
    return rows(out)


def test_killed_run_resumes_to_identical_results(tmp_path):
    out = tmp_path / "killed"
    command = [sys.executable, "-m", "simulator.cli", "run", "--game", GAME, "--players", "4", "--n", "60000",
               "--seed", "21", "--jobs", "1", "--chunk-size", "300", "--out", str(out)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 300
    while time.time() < deadline:
        manifest_path = out / "manifest.json"
        if manifest_path.exists() and len(json.loads(manifest_path.read_text())["chunks"]) >= 2:
            break
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "running"  # killed: nobody could write a final status
    kept = len(manifest["chunks"])
    assert kept >= 2
    # the interrupted folder is refused by readers, with the command that completes it
    with pytest.raises(UsageError, match=r"incomplete \(running, .* complete it with: islandsim run --resume"):
        results.scan_run(out)
    finished = islandsim("run", "--resume", str(out), "--jobs", "2", "--json")
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout)["games"] == 60000
    assert rows(out).equals(reference_run(tmp_path, 60000))


def test_extending_runs_only_the_missing_games(tmp_path):
    out = tmp_path / "grow"
    first = islandsim("run", "--game", GAME, "--players", "4", "--n", "1200", "--seed", "21", "--jobs", "1",
                      "--chunk-size", "500", "--out", str(out))  # fmt: skip
    assert first.returncode == 0, first.stderr
    before = {chunk["file"]: chunk["sha256"] for chunk in json.loads((out / "manifest.json").read_text())["chunks"]}
    second = islandsim("run", "--game", GAME, "--players", "4", "--n", "2000", "--seed", "21", "--jobs", "1",
                       "--out", str(out))  # fmt: skip
    assert second.returncode == 0, second.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    after = {chunk["file"]: chunk["sha256"] for chunk in manifest["chunks"]}
    assert all(after[name] == digest for name, digest in before.items())  # old chunks untouched
    assert sum(chunk["games"] for chunk in manifest["chunks"]) == 2000
    assert rows(out).equals(reference_run(tmp_path, 2000))


def test_damaged_chunk_is_detected_and_played_again(tmp_path):
    out = tmp_path / "damaged"
    config = runner.RunConfig(GAME, 4, 1500, 21, chunk_size=500)
    runner.run(runner.prepare(config), out, 1)
    victim = out / "chunks" / "chunk-000001.parquet"
    victim.write_bytes(b"garbage")
    resumed = islandsim("run", "--resume", str(out), "--jobs", "1")
    assert resumed.returncode == 0, resumed.stderr
    assert rows(out).equals(reference_run(tmp_path, 1500))


def test_a_second_writer_is_refused(tmp_path):
    out = tmp_path / "busy"
    config = runner.RunConfig(GAME, 4, 500, 21, chunk_size=500)
    prepared = runner.prepare(config)
    runner.run(prepared, out, 1)
    with results.RunFolder(out, runner.prepare(runner.RunConfig(GAME, 4, 1000, 21, chunk_size=500)), "test", 1):
        second = islandsim("run", "--resume", str(out), "--n", "1000", "--jobs", "1")
    assert second.returncode == 2
    assert "being written by another islandsim process" in second.stderr


def test_other_configuration_in_the_folder_is_refused(tmp_path):
    out = tmp_path / "other"
    assert islandsim("run", "--game", GAME, "--players", "4", "--n", "100", "--seed", "1", "--out", str(out)).returncode == 0
    finished = islandsim("run", "--game", GAME, "--players", "4", "--n", "100", "--seed", "2", "--out", str(out))
    assert finished.returncode == 2 and "holds a run with seed 1, not 2" in finished.stderr


def test_target_precision_stops_when_reached(tmp_path):
    out = tmp_path / "precise"
    finished = islandsim("run", "--game", GAME, "--players", "3", "--seed", "4", "--target-ci", "0.03",
                         "--max-n", "50000", "--chunk-size", "200", "--jobs", "1", "--out", str(out), "--json")  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["precision"]["reached"] is True
    widest = max((row["win_rate_high"] - row["win_rate_low"]) / 2 for row in summary["by_seat"])
    assert widest <= 0.03
    assert summary["games"] % 800 == 0 and summary["games"] < 50000
    # one checkpoint earlier the target was not yet met
    frame = rows(out).filter(pl.col("game") < summary["games"] - 800)
    games = summary["games"] - 800
    if games > 0:
        from simulator.core.run.summary import wilson_interval

        wins = frame.group_by("seat").agg(pl.col("winner").sum())["winner"].to_list()
        assert max((h - l) / 2 for l, h in (wilson_interval(w, games) for w in wins)) > 0.03
