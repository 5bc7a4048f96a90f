"""Tobago at the command line: bad input gets one line ``error: ...`` and exit status 2 (nothing
compiled or played: these fail before); the game and its variants are listed."""

import pytest

from tests.cli_helpers import islandsim

TOBAGO = ["run", "--game", "tobago", "--n", "5"]


@pytest.mark.parametrize("argv, expected", [
    (TOBAGO + ["--players", "5"], "Tobago is played by 2, 3, 4 players, not 5"),
    (TOBAGO + ["--players", "1"], "not 1"),
    (TOBAGO + ["--players", "3", "--variant", "island-33"], "unknown variant 'island-33'"),
    (TOBAGO + ["--players", "3", "--variant", "island-1", "--variant", "island-2"], "variants island-1 and island-2 both set island (1 and 2)"),
    (TOBAGO + ["--players", "3", "--variant", "clue-deck-b", "--variant", "clue-deck-c"], "variants clue-deck-b and clue-deck-c both set clue_cards (a table and a table)"),
    (TOBAGO + ["--players", "3", "--variant", "two-player-hand-4"], "applies to 2 players only"),
    (TOBAGO + ["--players", "3", "--strategy", "greedy"], "greedy"),
    (TOBAGO + ["--players", "3", "--set", "hand_size=9"], "setting hand_size = 9 is out of range; allowed: a whole number from 1 to 6"),
    (TOBAGO + ["--players", "4", "--set", "seat1_start_amulets=15", "--set", "seat2_start_amulets=6"],
     "give 21 amulets at setup, more than amulets = 20"),
    (TOBAGO + ["--players", "3", "--set", "island=7", "--variant", "island-8"], "contradicts variant island-8"),
    (TOBAGO + ["--players", "3", "--set", "gold_cards=missing.csv"], "setting gold_cards = missing.csv: no such file"),
])
def test_bad_input_is_one_line(capsys, tmp_path, monkeypatch, argv, expected):
    monkeypatch.chdir(tmp_path)
    status, out, err = islandsim(capsys, *argv)
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_games_lists_tobago_and_its_variants(capsys):
    status, out, err = islandsim(capsys, "games")
    assert status == 0 and "tobago" in out
