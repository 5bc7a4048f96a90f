"""A run folder is untrusted input: hostile manifests, symlinks, edited chunks, locks, signals, repair.

Every refusal is one ``error: ...`` line, exit status 2, and nothing written: the folder's
files are byte for byte what they were, and nothing outside the folder is touched.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import polars as pl
import pytest

from simulator.analysis.studies import store
from simulator.core.store import results
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.core.store.run_lock import RunLock

GAME = "sails"
SEED = 21
ROOT = Path(__file__).resolve().parents[2]


def islandsim(*arguments, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "simulator.cli", *arguments], capture_output=True, text=True,
                          timeout=600, cwd=cwd, env=env)  # fmt: skip


def play(out: Path, n: int = 600, seed: int = SEED, chunk_size: int = 200) -> Path:
    runner.run(runner.prepare(runner.RunConfig(GAME, 4, n, seed, chunk_size=chunk_size)), out, 1)
    return out


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A complete run: 600 games in three chunks of 200 (copied by each test that edits it)."""
    return play(tmp_path_factory.mktemp("finished") / "run")


@pytest.fixture
def run_copy(finished, tmp_path) -> Path:
    copy = tmp_path / "run"
    shutil.copytree(finished, copy)
    (copy / ".lock").unlink(missing_ok=True)
    return copy


def manifest_of(run_dir: Path) -> dict:
    return json.loads((run_dir / "manifest.json").read_text())


def save_manifest(run_dir: Path, manifest: dict) -> None:
    (run_dir / "manifest.json").write_text(json.dumps(manifest))


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (the lock file aside) with the hash of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink() and path.name != ".lock"
    }


def rows(run_dir: Path) -> pl.DataFrame:
    return results.scan_run(run_dir)[1].collect().sort("game", "seat")


def assert_refused(finished_process, *fragments) -> None:
    assert finished_process.returncode == 2, finished_process.stderr
    lines = finished_process.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), finished_process.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


# --- hostile manifests --------------------------------------------------------------------------


def _set(key, value):
    def edit(manifest):
        manifest[key] = value

    return edit


def _edit_chunk(position, key, value):
    def edit(manifest):
        manifest["chunks"][position][key] = value

    return edit


HOSTILE_MANIFESTS = {
    "empty chunk entry": (_set("chunks", [{}]), "chunk entry 1"),
    "n as text": (_set("n", "1000"), "'n' is '1000'"),
    "7 players": (_set("players", 7), "'players' is 7"),
    "players as text": (_set("players", "4"), "'players' is '4'"),
    "unknown game": (_set("game", "chess"), "'game' is 'chess'"),
    "extra seat column": (lambda manifest: manifest["seat_columns"].append("gold"), "'seat_columns'"),
    "unknown variant": (_set("variants", ["free-beer"]), "'variants' names 'free-beer'"),
    "negative seed": (_set("seed", -1), "'seed' is -1"),
    "unknown status": (_set("status", "done"), "'status' is 'done'"),
    "absolute chunk file": (_edit_chunk(0, "file", "/etc/passwd"), "'file' is '/etc/passwd'"),
    "chunk file out of the folder": (_edit_chunk(1, "file", "../../secret.parquet"), "inside the folder"),
    "overlapping chunks": (_edit_chunk(1, "first_game", 100), "both hold game"),
    "lineup of 3 for 4 seats": (_set("lineup", ["greedy"] * 3), "'lineup'"),
    "schema 1 claimed over newer chunks": (_set("schema_version", 1), "the manifest was edited"),
    "unknown schema": (_set("schema_version", 99), "islandsim run --game sails --players 4 --n 600 --seed 21"),
}


@pytest.mark.parametrize("case", HOSTILE_MANIFESTS, ids=list(HOSTILE_MANIFESTS))
def test_hostile_manifest_is_refused_in_one_line_and_nothing_is_written(run_copy, case):
    edit, fragment = HOSTILE_MANIFESTS[case]
    manifest = manifest_of(run_copy)
    edit(manifest)
    save_manifest(run_copy, manifest)
    before = snapshot(run_copy)
    with pytest.raises(UsageError) as refused:
        results.scan_run(run_copy)
    assert fragment in str(refused.value)
    resumed = islandsim("run", "--resume", str(run_copy), "--n", "800", "--jobs", "1")
    assert_refused(resumed, fragment)
    assert snapshot(run_copy) == before


# --- edited manifests never mix configurations -----------------------------------------------


def _interrupted(edit):
    """An edit of an interrupted run (600 of 1,000 games) that a resume would extend."""

    def apply(manifest):
        manifest.update(status="interrupted", n=1000)
        edit(manifest)

    return apply


EDITED_RUNS = {
    "seed": (_interrupted(_set("seed", 22)), "another seed"),
    "lineup": (_interrupted(_set("lineup", ["random", "greedy", "greedy", "greedy"])), "another lineup"),
    "variants": (_interrupted(_set("variants", ["actions-side-b"])), "another variants"),
    "first_game": (_interrupted(_edit_chunk(2, "first_game", 700)), "says chunks/chunk-000002.parquet has first_game 700"),
    "inflated games": (lambda manifest: manifest.update(n=1000, chunks=manifest["chunks"][:2] + [
        dict(manifest["chunks"][2], games=600)]), "has games 600"),  # fmt: skip
}


@pytest.mark.parametrize("case", EDITED_RUNS, ids=list(EDITED_RUNS))
def test_an_edited_manifest_is_refused_on_resume_and_report(run_copy, tmp_path, case):
    edit, fragment = EDITED_RUNS[case]
    manifest = manifest_of(run_copy)
    edit(manifest)
    save_manifest(run_copy, manifest)
    before = snapshot(run_copy)
    resumed = islandsim("run", "--resume", str(run_copy), "--jobs", "1")
    assert_refused(resumed, fragment, "islandsim repair")
    assert snapshot(run_copy) == before
    report = islandsim("report", str(run_copy), "--out", str(tmp_path / "report.md"), "--format", "md")
    assert report.returncode == 2 and "error: " in report.stderr
    assert not (tmp_path / "report.md").exists()


EDITED_CHUNKS = ("chunk of another seed", "chunk metadata says other games")


@pytest.mark.parametrize("case", EDITED_CHUNKS)
def test_a_chunk_whose_own_metadata_disagrees_is_refused(run_copy, tmp_path, case):
    target = run_copy / "chunks" / "chunk-000001.parquet"
    if case == "chunk of another seed":
        other = play(tmp_path / "other", seed=SEED + 1)
        shutil.copy(other / "chunks" / "chunk-000001.parquet", target)
    else:
        frame = pl.read_parquet(target)
        metadata, _ = results.read_chunk_metadata(target)
        metadata["first_game"] = 0
        frame.write_parquet(target, metadata={results.CHUNK_METADATA_KEY: json.dumps(metadata)})
    manifest = manifest_of(run_copy)
    manifest["chunks"][1]["sha256"] = hashlib.sha256(target.read_bytes()).hexdigest()  # checksum "fixed" too
    save_manifest(run_copy, manifest)
    before = snapshot(run_copy)
    with pytest.raises(UsageError, match="chunk-000001.parquet"):
        results.scan_run(run_copy)
    with pytest.raises(UsageError, match="chunk-000001.parquet"):
        runner.run(runner.prepare(runner.RunConfig(GAME, 4, 800, SEED, chunk_size=200)), run_copy, 1)
    assert snapshot(run_copy) == before


# --- paths stay inside the folder ------------------------------------------------------------


PLANTED_SYMLINKS = (".lock", "manifest.json.partial", "chunks", "chunks/chunk-000001.parquet", "chunks/chunk-000009.parquet")


@pytest.mark.parametrize("planted", PLANTED_SYMLINKS)
def test_a_symlink_in_the_folder_is_refused_and_nothing_outside_is_touched(run_copy, tmp_path, planted):
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "precious.txt"
    victim.write_text("keep me")
    link = run_copy / planted
    if planted == "chunks":
        shutil.copytree(link, outside / "chunks")
        shutil.rmtree(link)
        link.symlink_to(outside / "chunks", target_is_directory=True)
    else:
        link.unlink(missing_ok=True)
        link.symlink_to(victim)
    manifest = manifest_of(run_copy)
    save_manifest(run_copy, dict(manifest, status="interrupted", n=800))
    before_outside = snapshot(outside)
    resumed = islandsim("run", "--resume", str(run_copy), "--jobs", "1")
    assert_refused(resumed, "symlink", planted.split("/")[-1] if planted != "chunks" else "chunks")
    with pytest.raises(UsageError, match="symlink"):
        results.scan_run(run_copy, allow_incomplete=True)
    assert snapshot(outside) == before_outside and victim.read_text() == "keep me"


# --- code runs only when the user names it ---------------------------------------------------


@pytest.fixture
def evil_module(tmp_path) -> Path:
    """A strategy module that leaves a mark when imported."""
    folder = tmp_path / "cwd"
    folder.mkdir()
    (folder / "evil.py").write_text(f"open({str(tmp_path / 'imported')!r}, 'w').write('ran')\ndef decide(*a):\n    return 0\n")
    return folder


def test_resume_does_not_import_a_strategy_module_named_in_the_folder(run_copy, evil_module, tmp_path):
    save_manifest(run_copy, dict(manifest_of(run_copy), lineup=["evil:decide", "greedy", "greedy", "greedy"]))
    resumed = islandsim("run", "--resume", str(run_copy), "--jobs", "1", cwd=evil_module,
                        env=dict(os.environ, PYTHONPATH=str(ROOT)))  # fmt: skip
    assert_refused(resumed, "evil:decide", "--allow-strategy-modules")
    assert not (tmp_path / "imported").exists()


def test_an_experiment_file_does_not_import_strategy_modules_without_consent(evil_module, tmp_path):
    study = evil_module / "study.toml"
    study.write_text(textwrap.dedent("""\
        game = "sails"
        players = 3
        n = 10
        seed = 1
        lineups = [["evil:decide", "greedy"]]
    """))
    refused = islandsim("experiment", str(study), "--results", str(tmp_path / "store"), "--jobs", "1",
                        cwd=evil_module, env=dict(os.environ, PYTHONPATH=str(ROOT)))  # fmt: skip
    assert_refused(refused, "evil:decide", "--allow-strategy-modules")
    assert not (tmp_path / "imported").exists() and not (tmp_path / "store").exists()


def test_bench_does_not_run_modules_of_the_current_folder(tmp_path):
    (tmp_path / "json.py").write_text(f"open({str(tmp_path / 'imported')!r}, 'w').write('ran')\n")
    # -P: the test's own process does not put the current folder first either
    finished = subprocess.run(
        [sys.executable, "-P", "-m", "simulator.cli", "bench", "--game", GAME, "--players", "3", "--n", "20",
         "--python-n", "2", "--jobs", "1", "--json"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout)["pure_python_games_per_second"] > 0
    assert not (tmp_path / "imported").exists()


# --- the lock: taken first, held to the end, shared with the store ---------------------------


def test_the_lock_is_taken_before_the_folder_check_and_the_warm_up(tmp_path, monkeypatch):
    events = []
    real_check, real_warm_up, real_enter, real_exit = (results.check_run_folder, runner.warm_up,
                                                       RunLock.__enter__, RunLock.__exit__)  # fmt: skip
    monkeypatch.setattr(results, "check_run_folder", lambda *a: (events.append("check"), real_check(*a))[1])
    monkeypatch.setattr(runner, "warm_up", lambda *a: (events.append("warm up"), real_warm_up(*a))[1])
    monkeypatch.setattr(RunLock, "__enter__", lambda self: (events.append("lock"), real_enter(self))[1])
    monkeypatch.setattr(RunLock, "__exit__", lambda self, *exc: (events.append("unlock"), real_exit(self, *exc))[1])
    real_write = results.RunFolder.write_chunk
    monkeypatch.setattr(results.RunFolder, "write_chunk", lambda self, *a: (events.append("write"), real_write(self, *a))[1])
    play(tmp_path / "run", n=400)
    locked = events.index("lock")
    assert "check" in events[locked:events.index("warm up")]  # checked again while holding the lock
    assert locked < events.index("warm up") < events.index("write")
    assert events[-1] == "unlock" and "unlock" not in events[:-1]


def test_a_second_writer_is_refused_with_the_holder_pid(run_copy):
    with RunLock(run_copy):
        second = islandsim("run", "--resume", str(run_copy), "--n", "800", "--jobs", "1")
    assert_refused(second, "being written by another islandsim process", f"pid {os.getpid()}")


HOLD_LOCK = """
import sys, time
from simulator.core.store.run_lock import RunLock
with RunLock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_a_study_waits_for_a_run_being_written_in_the_store_and_never_deletes_it(tmp_path):
    prepared = runner.prepare(runner.RunConfig(GAME, 4, 600, SEED, chunk_size=200))
    config = prepared.config
    folder = store.run_folder(tmp_path / "store", prepared)
    play(folder, n=400)  # the first study's run, unfinished: 400 of 600 games
    save_manifest(folder, dict(manifest_of(folder), status="interrupted", n=600))
    first_chunks = snapshot(folder / "chunks")
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(folder), "3"], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    said = []
    run = store.ensure_run(config, tmp_path / "store", 1, said.append)
    holder.wait()
    assert any(line.startswith(f"waiting for islandsim process {holder.pid}") for line in said)
    assert all(snapshot(folder / "chunks")[name] == digest for name, digest in first_chunks.items())  # resumed, not deleted
    assert run.manifest["status"] == "complete" and rows(folder).equals(rows(play(tmp_path / "reference", n=600)))


# --- signals -----------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the worker processes")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_stopped_run_leaves_no_worker_and_no_held_lock(tmp_path, stop):
    out = tmp_path / "run"
    process = subprocess.Popen([sys.executable, "-m", "simulator.cli", "run", "--game", GAME, "--players", "4",
                                "--n", "2000000", "--seed", "3", "--jobs", "2", "--chunk-size", "400", "--out", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
    deadline = time.time() + 300
    while time.time() < deadline and not list(out.glob("chunks/chunk-*.parquet")):
        time.sleep(0.1)
    workers = _children(process.pid)
    assert workers, "the run should have started its worker processes"
    process.send_signal(stop)
    returncode = process.wait(timeout=60)
    manifest = manifest_of(out)
    if stop == signal.SIGTERM:
        assert returncode == 143
        assert manifest["status"] == "interrupted"
        assert "complete the run with: islandsim run --resume" in process.stderr.read()
    else:
        assert manifest["status"] == "running"  # nobody could write a final status
    deadline = time.time() + 30
    while time.time() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in workers)
    assert not (out / results.SCRATCH).exists() or stop == signal.SIGKILL
    # the lock a dead process held is free (no stale lock), and opening the folder again finds
    # every stored chunk intact and removes what the dead process left in it
    prepared = runner.prepare(runner.RunConfig(GAME, 4, 2_000_000, 3, chunk_size=400))
    with results.RunFolder(out, prepared, "test", 1) as folder:
        assert folder.games_done() >= 400 and not folder.notes
    assert not (out / results.SCRATCH).exists()
    results.scan_run(out, allow_incomplete=True)


# --- damaged chunks are named, lost manifests repaired ---------------------------------------


def test_a_damaged_chunk_is_named_when_it_is_played_again(run_copy, finished):
    (run_copy / "chunks" / "chunk-000001.parquet").write_bytes(b"garbage")
    save_manifest(run_copy, dict(manifest_of(run_copy), status="interrupted"))
    resumed = islandsim("run", "--resume", str(run_copy), "--jobs", "1", "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert "chunk 1 (chunks/chunk-000001.parquet) failed its checksum; its games are played again" in resumed.stderr
    assert rows(run_copy).equals(rows(finished))


def test_a_chunk_stored_after_the_last_manifest_write_is_adopted_not_replayed(run_copy, finished):
    manifest = manifest_of(run_copy)
    save_manifest(run_copy, dict(manifest, status="running", chunks=manifest["chunks"][:1]))
    stored = snapshot(run_copy / "chunks")
    resumed = islandsim("run", "--resume", str(run_copy), "--jobs", "1", "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert snapshot(run_copy / "chunks") == stored  # nothing played again
    assert rows(run_copy).equals(rows(finished))


DAMAGES = ("manifest deleted", "manifest garbage", "manifest deleted and last chunk lost")


@pytest.mark.parametrize("damage", DAMAGES)
def test_repair_rebuilds_the_manifest_from_the_chunks(run_copy, finished, damage):
    if damage == "manifest garbage":
        (run_copy / "manifest.json").write_text("{not json")
    else:
        (run_copy / "manifest.json").unlink()
    if damage.endswith("last chunk lost"):
        (run_copy / "chunks" / "chunk-000002.parquet").unlink()
    repaired = islandsim("repair", str(run_copy))
    assert repaired.returncode == 0, repaired.stderr
    manifest = manifest_of(run_copy)
    if damage.endswith("last chunk lost"):
        assert manifest["status"] == "interrupted" and "islandsim run --resume" in repaired.stdout
        assert islandsim("run", "--resume", str(run_copy), "--jobs", "1").returncode == 0
    else:
        assert manifest["status"] == "complete"
    assert rows(run_copy).equals(rows(finished))
    assert {key: manifest[key] for key in results.CONFIG_KEYS + ("n", "chunk_size")} == {
        key: manifest_of(finished)[key] for key in results.CONFIG_KEYS + ("n", "chunk_size")
    }


def test_repair_refuses_chunks_of_two_configurations(run_copy, tmp_path):
    other = play(tmp_path / "other", seed=SEED + 1)
    shutil.copy(other / "chunks" / "chunk-000001.parquet", run_copy / "chunks" / "chunk-000001.parquet")
    (run_copy / "manifest.json").unlink()
    repaired = islandsim("repair", str(run_copy))
    assert_refused(repaired, "another configuration")
    assert not (run_copy / "manifest.json").exists()


def _weights_file(path: Path, first_weight: float) -> Path:
    """A Sails ``greedy`` parameter file (its shipped 4-player weights, the first one replaced)."""
    shipped = (ROOT / "strategies/params/sails/greedy-tuned-4p.toml").read_text()
    weights = shipped.split("params = [", 1)[1].split("]", 1)[0].split(",")
    path.write_text(f'game = "sails"\nplayers = 4\nstrategy = "greedy"\n'
                    f'params = [{", ".join([str(first_weight)] + weights[1:])}]\n')  # fmt: skip
    return path


def test_a_stored_run_is_not_reused_once_its_parameter_file_changed(tmp_path):
    weights = _weights_file(tmp_path / "w.toml", 3.0)
    lineup = (f"greedy@{weights}",) * 4
    config = runner.RunConfig(GAME, 4, 200, SEED, lineup, chunk_size=200)
    first = store.ensure_run(config, tmp_path / "store", 1)
    said = []
    assert store.ensure_run(config, tmp_path / "store", 1, said.append).path == first.path
    assert any(line.startswith("reusing") for line in said)
    _weights_file(weights, -3.0)  # the same name, other weights: other games
    said.clear()
    retuned = store.ensure_run(config, tmp_path / "store", 1, said.append)
    assert retuned.path != first.path
    assert any(line.startswith("playing") for line in said)
    assert retuned.manifest["players_fingerprint"] != first.manifest["players_fingerprint"]


def test_a_run_folder_is_not_extended_with_other_weights_or_by_a_version_that_did_not_record_them(tmp_path):
    weights = _weights_file(tmp_path / "w.toml", 3.0)
    out = tmp_path / "run"
    arguments = ("run", "--game", GAME, "--players", "4", "--seed", str(SEED), "--lineup", ",".join([f"greedy@{weights}"] * 4),
                 "--out", str(out), "--quiet")  # fmt: skip
    assert islandsim(*arguments, "--n", "200").returncode == 0
    _weights_file(weights, -3.0)
    before = snapshot(out)
    refused = islandsim(*arguments, "--n", "400")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
    assert "other player parameters" in refused.stderr
    assert snapshot(out) == before
    _weights_file(weights, 3.0)  # the weights it was played with: extended
    assert islandsim(*arguments, "--n", "400").returncode == 0
    assert manifest_of(out)["n"] == 400


def test_a_run_played_before_fingerprints_were_recorded_is_read_but_never_extended(tmp_path, monkeypatch):
    prepared = runner.prepare(runner.RunConfig(GAME, 4, 200, SEED, chunk_size=200))
    with monkeypatch.context() as older_islandsim:
        older_islandsim.setattr(results, "fingerprints", lambda prepared: {})
        runner.run(prepared, tmp_path / "run", 1)
    assert not set(results.FINGERPRINT_KEYS) & set(manifest_of(tmp_path / "run"))
    assert results.read_manifest(tmp_path / "run")["status"] == "complete"
    with pytest.raises(UsageError, match="did not record what played it"):
        results.check_run_folder(tmp_path / "run", prepared)


def test_the_players_fingerprint_is_taken_before_any_game_and_is_the_same_for_every_prepare(tmp_path):
    """Sails' heuristic keeps working memory in its parameters: games played in this process must
    not change the fingerprint a later prepare or check computes."""
    config = runner.RunConfig(GAME, 4, 200, SEED, ("greedy@tuned-4p",) * 4, chunk_size=200)
    prepared = runner.prepare(config)
    before = prepared.lineup.fingerprint
    runner.run(prepared, tmp_path / "run", 1)
    assert manifest_of(tmp_path / "run")["players_fingerprint"] == before == runner.prepare(config).lineup.fingerprint
    results.check_run_folder(tmp_path / "run", prepared)  # the same run: extended, never refused
