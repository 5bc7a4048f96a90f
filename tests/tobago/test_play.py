"""Tobago in the terminal (issue 26): a whole game through ``islandsim play`` choosing at random
among the printed entries, every decision's labels choosable in steps, nothing hidden shown."""

from simulator.core.engine import registry
from simulator.games.tobago.play_text import narrate_for_seat
from tests.play_checks import check_whole_game_output, hidden_redrawn_views, play_at_random
from tests.play_helpers import random_decisions


def test_a_whole_game_played_at_random_through_the_command(capsys, monkeypatch):
    status, out, err, menus = play_at_random(capsys, monkeypatch, ["--game", "tobago", "--players", "3", "--seat", "2",
                                                                   "--seed", "11"], seed=5)  # fmt: skip
    check_whole_game_output(status, out, err, menus)
    assert "Your clue cards: '" in out and "Maps:" in out
    assert "seat 1 puts its ATV on " in out and "-- seat 2's turn" in out
    stepped = [menu for menu in menus if not menu.new_decision]
    assert stepped, "the ATV's start (one option per hex) is chosen in steps"
    assert any(entry.startswith("put your ATV ") for menu in menus for entry in menu.entries)


def test_every_decision_is_choosable_and_shows_nothing_hidden():
    """Labels unique and prefix-free at every decision met; the view and options of the deciding
    seat the same after its hidden part (other hands, the decks, pool cards others saw) is redrawn."""
    assert hidden_redrawn_views("tobago", 4, games=2) > 300


def test_the_seat_narration_is_the_replay_unfolded():
    """Tobago logs nothing private (a pool draw is a count): every seat reads the replay's lines,
    round numbers written, repeats not folded (the lines already shown never change)."""
    spec = registry.get_game("tobago")
    flags = spec.encode_variants((), 3)
    *_, (log, count) = random_decisions("tobago", 3, games=1, seed=2)
    lines = narrate_for_seat(log, count, flags, 0)
    assert lines == narrate_for_seat(log, count, flags, 2)
    assert lines[0].startswith("The island of ") and "== Round 1 ==" in lines and lines[-1].startswith("Final: seat 3")
    assert narrate_for_seat(log, count - 5, flags, 0) == lines[:len(narrate_for_seat(log, count - 5, flags, 0))]
