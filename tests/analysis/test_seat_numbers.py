"""Seats are numbered 1..P in everything a user reads (results files, --json, compare, reports),
and run folders written before that (results schema 1, seats 0..P-1) still read the same."""

from __future__ import annotations

import hashlib
import json

import polars as pl
import pytest

from simulator.analysis.stats import compare, seats, shape
from simulator.analysis.stats.runs import load_run, measures
from simulator.core.store import results
from simulator.core.run import runner, summary
from simulator.core.engine.registry import UsageError
from tests.analysis.test_commands import islandsim


@pytest.fixture(autouse=True)
def registered(cli_with_analysis):
    return cli_with_analysis


def test_the_results_file_and_the_json_summary_number_seats_from_1(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", "--game", "toy", "--players", "3", "--n", "300", "--seed", "4",
                                 "--jobs", "1", "--out", tmp_path / "run", "--json")  # fmt: skip
    assert status == 0, err
    numbers = json.loads(out)
    assert [row["seat"] for row in numbers["by_seat"]] == [1, 2, 3]
    assert numbers["length_unit"] == "turns"
    rows = results.scan_run(tmp_path / "run")[1].collect()
    assert sorted(rows["seat"].unique().to_list()) == [1, 2, 3]
    # the toy's first player is engine seat game % 3: stored as its seat number
    first = rows.filter(pl.col("seat") == 1).sort("game").select("game", "first_player")
    assert (first["first_player"] == first["game"] % 3 + 1).all()


def test_compare_names_seats_from_1_in_the_label_and_the_column(play):
    table = compare.compare_runs(load_run(play("base")), [load_run(play("unfair", variants=("seat2-bonus",)))])
    seat_rows = table.filter(pl.col("column").str.starts_with("win_seat_"))
    assert seat_rows["column"].to_list() == ["win_seat_1", "win_seat_2", "win_seat_3"]
    assert seat_rows["measure"].to_list() == ["win rate, seat 1", "win rate, seat 2", "win rate, seat 3"]
    length = [measure.label for measure in measures(load_run(play("base")).manifest) if measure.column == "length"]
    assert length == ["game length (turns)"]


def _as_schema_1(run_dir):
    """Rewrite a run folder as islandsim wrote it before seats were numbered from 1."""
    manifest = json.loads((run_dir / results.MANIFEST).read_text())
    manifest["schema_version"] = 1
    for key in ("seat_number_columns", "length_unit"):
        del manifest[key]
    for chunk in manifest["chunks"]:
        path = run_dir / chunk["file"]
        frame = pl.read_parquet(path)
        frame.with_columns(pl.col("seat") - 1, pl.col("first_player") - 1).write_parquet(path)
        chunk["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (run_dir / results.MANIFEST).write_text(json.dumps(manifest))


def test_a_schema_1_folder_reads_with_seats_from_1_and_cannot_be_extended(play):
    assert "first_player" in results.LEGACY_SEAT_NUMBER_COLUMNS  # the toy's seat column has a schema-1 name
    current = play("current", n=1000)
    old = play("old", n=1000)
    _as_schema_1(old)
    new_run, old_run = load_run(current), load_run(old)
    assert old_run.manifest["length_unit"] == "turns"  # from the registered game
    assert old_run.rows.collect().equals(new_run.rows.collect())
    assert seats.seat_advantage([old_run])[0].equals(seats.seat_advantage([new_run])[0])
    assert shape.score_table([old_run], "seat")["seat"].to_list() == [1, 2, 3]
    assert summary.summarize(*results.scan_run(old))["by_seat"] == summary.summarize(*results.scan_run(current))["by_seat"]
    extend = runner.prepare(runner.RunConfig("toy", 3, 2000, 7, (), (), 500))
    before = {path: path.read_bytes() for path in old.rglob("*") if path.is_file() and path.name != results.LOCK}
    with pytest.raises(UsageError, match="schema 1 .* can be read but not resumed or extended"):
        runner.run(extend, old, jobs=1)
    after = {path: path.read_bytes() for path in old.rglob("*") if path.is_file() and path.name != results.LOCK}
    assert after == before and results.read_manifest(old)["n"] == 1000  # nothing written (a lock file holds no data)
