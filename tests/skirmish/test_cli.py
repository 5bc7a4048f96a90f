"""The command line with skirmish: a run with the result columns saying how games were won, the
capped rate, and bad input (board files, parametric variants) refused with one line, exit 2."""

import json

import polars as pl
import pytest

from simulator.core.store.results import scan_run

from tests.cli_helpers import islandsim

GAME = ["--game", "skirmish", "--players", "2"]


@pytest.mark.parametrize("variant, message", [
    ("board=/nonexistent/board.txt", "error: board file '/nonexistent/board.txt' cannot be read"),
    ("round-cap=abc", "error: skirmish: round-cap=abc is not allowed; give a whole number of rounds from 1 to 1000"),
    ("round-cap=0", "error: skirmish: round-cap=0 is not allowed"),
    ("speed=3", "error: unknown variant 'speed=3' for skirmish"),
    ("gems-to-win-9", "error: unknown variant 'gems-to-win-9' for skirmish"),
])
def test_bad_variants_get_one_line(capsys, tmp_path, variant, message):
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "2", "--variant", variant, "--out", tmp_path / "r")
    assert status == 2
    assert err.startswith(message)
    assert err.count("\n") == 1
    assert not (tmp_path / "r").exists()


def test_bad_board_file_gets_one_line(capsys, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("....\n....\nanchors: \ndocks: \n")
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "2", "--variant", f"board={board}", "--out", tmp_path / "r")
    assert status == 2
    assert err == f"error: {board}: 0 chest squares (X); the game has exactly 22 chests\n"


def test_conflicting_variants(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "2", "--variant", "chests-9-6-3", "--variant",
                                 "chests-10-4-4", "--out", tmp_path / "r")
    # the chest mixes are presets of the chest settings (issue 34): the core names the setting both set
    assert status == 2 and "both set chest_ammunition" in err and err.count("\n") == 1


def test_players_outside_the_rules(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", "--game", "skirmish", "--players", "5", "--n", "2", "--out", tmp_path / "r")
    assert status == 2 and err.count("\n") == 1 and "2, 3, 4" in err


def test_run_reports_how_games_were_won(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "20", "--seed", "3", "--json", "--out", tmp_path / "r")
    assert status == 0, err
    assert "capped_rate" in json.loads(out)
    manifest, rows = scan_run(tmp_path / "r")
    frame = rows.collect()
    assert {"win_kind", "capped", "winner_seat", "eliminated_by"} <= set(frame.columns)
    winners = frame.filter(pl.col("winner"))
    assert (winners["seat"] == winners["winner_seat"]).all()  # both seat numbers 1..P
    assert frame["eliminated_by"].min() >= 0


def test_games_lists_the_variants(capsys):
    status, out, err = islandsim(capsys, "variants", "--game", "skirmish")
    assert status == 0
    assert "skirmish" in out and "board=FILE" in out and "round-cap=N" in out and "move-orthogonal" in out


def test_summary_reports_the_capped_rate(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "6", "--variant", "round-cap=1", "--out", tmp_path / "r")
    assert status == 0, err
    assert "capped (stopped by the round cap, no winner): 100.0% of games" in out
    status, out, err = islandsim(capsys, "run", *GAME, "--n", "6", "--variant", "round-cap=1", "--json",
                                 "--out", tmp_path / "j")
    assert json.loads(out)["capped_rate"] == 1.0


def test_compare_and_tournament_show_the_capped_rate(capsys, tmp_path):
    """Issue 25: the capped share (no winner) is in compare and tournament, text and JSON."""
    from simulator.cli.analysis import register
    from simulator.cli.commands import cli

    if "compare" not in cli.commands:
        register(cli)
    common = [*GAME, "--n", "8", "--seed", "2", "--jobs", "1", "--results", tmp_path / "store"]
    status, out, err = islandsim(capsys, "compare", *common, "--base-variant", "round-cap=1", "--variant", "no-shield")
    assert status == 0, err
    assert out.count("capped (stopped by the round cap, no winner): 100.0% of games") == 2
    status, out, err = islandsim(capsys, "compare", *common, "--base-variant", "round-cap=1", "--variant", "no-shield",
                                 "--json")
    assert status == 0, err
    assert {entry["capped_rate"] for entry in json.loads(out)["capped"].values()} == {1.0}
    status, out, err = islandsim(capsys, "tournament", *common, "--strategies", "prospector,random",
                                 "--variant", "round-cap=1", "--json")
    assert status == 0, err
    assert json.loads(out)["capped"]["capped_games"] == 16
