"""The skirmish game in the terminal (issue 26): a whole game through ``islandsim play`` choosing
at random among the printed entries, every decision's labels choosable in steps, nothing hidden
shown (other hands, chest contents, the cards of a Poisoned Gift between two other seats)."""

import numpy as np

from simulator.core.engine import registry
from simulator.games.skirmish.play_text import narrate_for_seat
from simulator.games.skirmish.state import EV_GIFT, EV_SETUP, HAMMER, PISTOL
from tests.play_checks import check_whole_game_output, hidden_redrawn_views, play_at_random


def test_a_whole_game_played_at_random_through_the_command(capsys, monkeypatch):
    status, out, err, menus = play_at_random(capsys, monkeypatch, ["--game", "skirmish", "--players", "3", "--seat",
                                                                   "1", "--seed", "4"], seed=3)  # fmt: skip
    check_whole_game_output(status, out, err, menus)
    assert "Your hand: " in out and "(1-4 a seat's character" in out
    assert "--- turn 1 (round 1): seat 1" in out
    assert any(entry.startswith("play a Movement ") for menu in menus for entry in menu.entries)


def test_every_decision_is_choosable_and_shows_nothing_hidden():
    """Labels unique and prefix-free at every decision met; the view and options of the deciding
    seat the same after its hidden part (other hands, the draw pile, chest contents) is redrawn."""
    assert hidden_redrawn_views("skirmish", 4, games=2) > 300


def test_a_poisoned_gift_between_two_other_seats_is_told_without_its_cards():
    """R43 «Offre ta pire carte, face cachée»: the giver and the target see the two cards; a third
    seat reads that a card went each way, never which."""
    flags = registry.get_game("skirmish").encode_variants((), 3)
    log = np.zeros((4, 6), dtype=np.int64)
    log[0] = (EV_SETUP, 3, 0, 5, 200, 0)
    log[1] = (EV_GIFT, 0, 1, HAMMER, PISTOL, 0)
    told = {seat: narrate_for_seat(log, 2, flags, seat)[1] for seat in range(3)}
    assert told[0] == told[1] == "  seat 1 gives a Hammer to seat 2 and takes a Pistol from them"
    assert told[2] == "  seat 1 gives a card to seat 2 and takes one from them at random"
