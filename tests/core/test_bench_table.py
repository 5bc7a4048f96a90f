"""The README's speed table: ``islandsim bench --row FILE`` appends a game's figures, ``islandsim
bench-table FILE`` prints them (no assertion on speed: only what the table holds and its errors)."""

from __future__ import annotations

import json

import pytest

from simulator.benchmark import table
from simulator.core.engine.registry import UsageError
from tests.cli_helpers import islandsim
from tests.toy_fixture import toy_game  # noqa: F401  (autouse: the toy game is registered)

TOY = ["--game", "toy", "--players", "3"]


def _figures(game: str, one_core: float) -> dict:
    return {
        "game": game, "players": 4, "lineup": ["greedy"] * 4, "games": 100, "one_core_games_per_second": one_core,
        "all_cores_jobs": 2, "all_cores_games_per_second": 2 * one_core, "parallel_efficiency": 1.0,
        "pure_python_games": 5, "pure_python_games_per_second": 12.5, "speedup_over_pure_python": one_core / 12.5,
        "full_run": {"games": 1_000_000, "jobs": 2, "wall_seconds": 75.0, "peak_memory_mib_largest_process": 417.0,
                     "results_mib": 30.0},
        "ismcts": {"games": 2, "budget": 200, "decisions": 400, "cpu_seconds": 12.0, "cpu_us_per_decision": 30000.0},
    }  # fmt: skip


def test_rows_make_one_markdown_row_per_game_the_last_row_of_a_game_counting(tmp_path):
    rows_file = tmp_path / "rows.jsonl"
    started = table.machine_conditions()
    table.append_row(rows_file, _figures("sails", 9000.0), started)
    table.append_row(rows_file, _figures("loot", 4000.0), started)
    table.append_row(rows_file, _figures("sails", 10000.0), started)  # measured again: replaces the first
    rows = table.read_rows(rows_file)
    assert [row["game"] for row in rows] == ["sails", "loot"]
    text = table.format_speed_table(rows, "md")
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("| game"))
    assert header == ("| game (strategy) | one core | all cores | pure Python | full `islandsim run` | "
                      "`ismcts` CPU per decision |")  # fmt: skip
    sails = next(line for line in lines if line.startswith("| `sails`"))
    assert "10,000 games/s" in sails and "20,000 games/s (2 cores, efficiency 1.00)" in sails
    assert "800× slower (12.5 games/s)" in sails
    assert "1,000,000 games: 75.0 s wall, peak 417 MiB (2 jobs)" in sails
    assert "30.0 ms (budget 200; 400 decisions)" in sails
    assert lines[0].startswith("`make bench` (4 players), ") and f"{started['cores']} cores" in lines[0]


def test_bench_row_then_bench_table_on_the_toy_game(capsys, tmp_path):
    rows_file = tmp_path / "bench" / "rows.jsonl"
    status, out, err = islandsim(capsys, "bench", *TOY, "--n", "20", "--python-n", "0", "--jobs", "1",
                                 "--row", rows_file)  # fmt: skip
    assert status == 0, err
    [row] = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert row["game"] == "toy" and row["games"] == 20 and row["one_core_games_per_second"] > 0
    assert set(row["started"]) == {"utc", "cores", "processor", "load_average"}
    status, out, err = islandsim(capsys, "bench-table", rows_file, "--format", "text")
    assert status == 0, err
    assert "toy" in out and "games/s" in out


def test_ismcts_cost_needs_a_game_that_records_decisions(capsys):
    status, out, err = islandsim(capsys, "bench", *TOY, "--n", "5", "--python-n", "0", "--jobs", "1", "--ismcts-n", "1")
    assert status == 2
    assert err.startswith("error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist: make it with islandsim bench --row"),
        ("", "holds no rows"),
        ("not json\n", "line 1: not a row of islandsim bench --row"),
        ('{"no_game": 1}\n', "line 1: not a row of islandsim bench --row"),
    ],
)
def test_bench_table_bad_file_is_one_error_line(capsys, tmp_path, content, message):
    rows_file = tmp_path / "rows.jsonl"
    if content is not None:
        rows_file.write_text(content)
    status, out, err = islandsim(capsys, "bench-table", rows_file)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    with pytest.raises(UsageError):
        table.read_rows(rows_file)
