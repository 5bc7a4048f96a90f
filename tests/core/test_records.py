"""Rule counters, decision statistics and score trajectories in run folders (simulator/core/store/records.py):
stored beside the chunks, trusted like them, never lost or mixed on resume, extension and repair."""

import json
import shutil

import polars as pl
import pytest

from simulator.core.engine import registry

from simulator.core.store import records, results
from simulator.core.run import runner
from simulator.core.store.recorded import load_decision_stats, load_rule_counts, load_trajectories
from simulator.core.engine.registry import UsageError, get_game
from tests.cli_helpers import islandsim

N, CHUNK, SEED = 600, 200, 17


def play(out, n=N, trajectories=True, seed=SEED):
    config = runner.RunConfig("sails", 4, n, seed, chunk_size=CHUNK, trajectories=trajectories)
    runner.run(runner.prepare(config), out, 1)
    return out


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    return play(tmp_path_factory.mktemp("records") / "run")


@pytest.fixture
def run_copy(finished, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(finished, copy)
    return copy


def manifest_of(run_dir):
    return json.loads((run_dir / "manifest.json").read_text())


def save_manifest(run_dir, manifest):
    (run_dir / "manifest.json").write_text(json.dumps(manifest))


def everything(run_dir):
    return load_rule_counts(run_dir), load_decision_stats(run_dir), load_trajectories(run_dir)


def test_a_run_stores_counters_decisions_and_trajectories_that_agree_with_its_results(finished):
    spec = get_game("sails")
    counts, decisions, trajectories = everything(finished)
    assert counts.columns == ["game", "rule", "count"] and counts.height == N * len(spec.forward.rule_ids)
    assert counts["rule"].cast(pl.Utf8).unique(maintain_order=True).to_list() == list(spec.forward.rule_ids)
    assert decisions.columns == ["game", "decision", "asked", "options"]
    assert decisions.height == N * len(spec.decision_kinds)
    assert trajectories.columns == ["game", "checkpoint", "seat", "standing"]
    assert sorted(trajectories["seat"].unique().to_list()) == [1, 2, 3, 4]
    _, rows = results.scan_run(finished)
    rows = rows.collect()
    last = trajectories.filter(pl.col("checkpoint") == pl.col("checkpoint").max().over("game"))
    joined = last.join(rows.select("game", "seat", "score", "length", "actions_used_a1"), on=["game", "seat"])
    assert joined.height == N * 4
    assert (joined["standing"] == joined["score"]).all()  # the last checkpoint holds the final scores
    assert (joined["checkpoint"] + 1 == joined["length"]).all()  # one checkpoint per trick
    a1 = counts.filter(pl.col("rule") == "A1").join(rows.filter(pl.col("seat") == 1), on="game")
    assert (a1["count"] == a1["actions_used_a1"]).all()
    wide = load_rule_counts(finished, wide=True)
    assert wide.height == N and wide.columns == ["game", *spec.forward.rule_ids]


def test_without_trajectories_only_they_are_missing(tmp_path):
    out = play(tmp_path / "lean", trajectories=False)
    assert load_trajectories(out) is None
    assert load_rule_counts(out) is not None and load_decision_stats(out) is not None
    assert not list((out / "chunks").glob("trajectories-*"))


def test_resume_replays_a_chunk_whose_records_are_missing_and_gives_the_same_records(run_copy, finished):
    (run_copy / records.part_file("records", 1)).unlink()
    manifest = manifest_of(run_copy)
    manifest["status"] = "interrupted"
    save_manifest(run_copy, manifest)
    runner.run(runner.prepare(runner.config_from_folder(run_copy)), run_copy, 1)
    for mine, reference in zip(everything(run_copy), everything(finished)):
        assert mine.equals(reference)


def test_extending_keeps_recording_and_a_mix_is_refused(run_copy, finished):
    with pytest.raises(UsageError, match="recorded with score trajectories; add --trajectories"):
        play(run_copy, n=N + CHUNK, trajectories=False)
    play(run_copy, n=N + CHUNK)
    counts, _, trajectories = everything(run_copy)
    assert counts["game"].max() == N + CHUNK - 1 and trajectories["game"].max() == N + CHUNK - 1
    lean = play(run_copy.parent / "lean", trajectories=False)
    with pytest.raises(UsageError, match="recorded without score trajectories; give a new folder"):
        play(lean, n=N + CHUNK)


def test_a_records_file_of_another_chunk_is_refused(run_copy):
    """Copying one chunk's records over another's (checksum updated in the manifest) is caught by
    the file's own metadata: the games of two chunks are never mixed."""
    source, target = run_copy / records.part_file("records", 0), run_copy / records.part_file("records", 1)
    shutil.copyfile(source, target)
    manifest = manifest_of(run_copy)
    manifest["chunks"][1]["records_sha256"] = manifest["chunks"][0]["records_sha256"]
    save_manifest(run_copy, manifest)
    with pytest.raises(UsageError, match="records file was played with another configuration or other games"):
        load_rule_counts(run_copy)


def test_a_damaged_records_file_is_named(run_copy):
    path = run_copy / records.part_file("trajectories", 2)
    path.write_bytes(path.read_bytes()[:-10] + b"0123456789")
    with pytest.raises(UsageError, match="chunk 2's trajectories file failed its checksum"):
        load_trajectories(run_copy)


@pytest.mark.parametrize("edit", ["drop a checksum", "add a checksum", "bad records entry"])
def test_an_edited_records_manifest_is_refused(run_copy, edit):
    manifest = manifest_of(run_copy)
    if edit == "drop a checksum":
        del manifest["chunks"][0]["records_sha256"]
    elif edit == "add a checksum":
        manifest["records"]["trajectories"] = False
    else:
        manifest["records"] = {"counters": "yes"}
    save_manifest(run_copy, manifest)
    with pytest.raises(UsageError, match="is damaged or edited"):
        results.read_manifest(run_copy)


def test_a_folder_written_before_records_still_reads_and_extends_without_them(run_copy):
    manifest = manifest_of(run_copy)
    del manifest["records"]
    for chunk in manifest["chunks"]:
        del chunk["records_sha256"], chunk["trajectories_sha256"]
    save_manifest(run_copy, manifest)
    for path in run_copy.glob("chunks/records-*"):
        path.unlink()
    for path in run_copy.glob("chunks/trajectories-*"):
        path.unlink()
    assert everything(run_copy) == (None, None, None)
    results.scan_run(run_copy)[1].collect()
    play(run_copy, n=N + CHUNK, trajectories=False)
    assert manifest_of(run_copy)["n"] == N + CHUNK and load_rule_counts(run_copy) is None
    assert not list((run_copy / "chunks").glob("records-*"))  # never a mix of chunks with and without


def test_repair_keeps_the_records_and_leaves_out_a_chunk_without_them(run_copy, finished):
    (run_copy / "manifest.json").unlink()
    (run_copy / records.part_file("records", 2)).unlink()
    manifest, notes = results.repair_run(run_copy, "test")
    assert [chunk["index"] for chunk in manifest["chunks"]] == [0, 1]
    assert any("records file is missing" in note for note in notes)
    assert manifest["status"] == "interrupted"
    runner.run(runner.prepare(runner.config_from_folder(run_copy)), run_copy, 1)
    for mine, reference in zip(everything(run_copy), everything(finished)):
        assert mine.equals(reference)


def test_a_game_without_records_records_nothing_and_says_so(monkeypatch):
    """A game whose engine does not record (the analysis tests' toy game, no forward model): no
    counters, and --trajectories is refused plainly."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
    registry._loaded.pop("toy", None)
    spec = get_game("toy")
    assert records.plan_for(spec, False) == records.RecordPlan()
    with pytest.raises(UsageError, match="records no rule counters.*not a forward model"):
        records.plan_for(spec, True)
    registry._loaded.pop("toy", None)


def test_coverage_lists_every_rule_id_with_its_rate(finished, capsys):
    status, out, err = islandsim(capsys, "coverage", finished, "--json")
    assert status == 0, err
    found = json.loads(out)
    spec = get_game("sails")
    assert [row["rule"] for row in found["rules"]] == list(spec.forward.rule_ids)
    assert found["games"] == N
    rows = {row["rule"]: row for row in found["rules"]}
    counts = load_rule_counts(finished)
    steals = counts.filter(pl.col("rule") == "R15")
    assert rows["R15"]["fired"] == steals["count"].sum()
    assert rows["R15"]["share"] == pytest.approx((steals["count"] > 0).mean())
    assert rows["R1"]["flag"] == "never fired"  # 4 players: no removal of treasures
    assert rows["variant:opening-pass-once"]["flag"] == "variant not played"
    decisions = {row["decision"]: row for row in found["decisions"]}
    assert decisions["play_card"]["asked_per_game"] == 96
    assert decisions["bonus_after_reveal"]["flag"] == "never asked"
    status, out, _ = islandsim(capsys, "coverage", finished, "--format", "md")
    assert status == 0
    assert any(line.startswith("| R15 ") for line in out.splitlines())


def test_coverage_of_a_game_without_counters_is_one_line_error(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
    registry._loaded.pop("toy", None)
    status, out, err = islandsim(capsys, "coverage", "--game", "toy", "--players", "2", "--results", tmp_path / "store")
    registry._loaded.pop("toy", None)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: no coverage for toy: ") and "records no rule counters" in err


def test_an_experiment_file_asks_for_trajectories(tmp_path):
    from simulator.analysis.studies.experiment import load_experiment, plan_runs

    path = tmp_path / "study.toml"
    path.write_text('game = "sails"\nplayers = 4\nn = 100\nseed = 1\nvariants = ["actions-side-b"]\ntrajectories = true\n')
    configs = plan_runs(load_experiment(path))
    assert configs and all(config.trajectories for config in configs.values())
    path.write_text('game = "sails"\nplayers = 4\nn = 100\nseed = 1\ntrajectories = "yes"\n')
    with pytest.raises(UsageError, match="'trajectories' must be true or false: whether to also store"):
        load_experiment(path)


def test_compare_trajectories_need_runs_played_now(finished, capsys):
    status, out, err = islandsim(capsys, "compare", finished, finished, "--trajectories")
    assert status == 2 and out == ""
    assert err.startswith("error: --trajectories stores trajectories in the runs compare plays now")
