"""What a Sails seat reads of the decks and the round's points (issue 38, item 3): a deck whose
visible treasure was taken this trick is not "empty" while treasures lie face down in it, and
the points a pile holds show as this round's while the round is played (the engine writes the
round's score only when it ends)."""

from __future__ import annotations

import re

import numpy as np

from simulator.core.engine import registry
from simulator.games.sails.draw import draw_table
from simulator.games.sails.scoring import pile_points
from simulator.games.sails.state import BONUS_HELD, DECK_COUNT, N_DECKS, PILE_COUNT
from tests.play_helpers import Decision, random_decisions


def test_a_deck_is_empty_only_when_nothing_lies_in_it():
    spec = registry.get_game("sails")
    taken = 0
    for met in random_decisions("sails", 4, games=3, seed=11):
        if not isinstance(met, Decision):
            continue
        decks = next(line for line in spec.describe_view(met.state, met.seat, met.flags) if line.startswith("Decks: "))
        for deck in range(int(met.state[N_DECKS])):
            part = decks[len("Decks: "):].split("; ")[deck]
            assert part.endswith(": empty") == (int(met.state[DECK_COUNT + deck]) == 0 and "on top" not in part), decks
            taken += "no treasure face up (taken this trick)" in part
    assert taken > 10


def test_this_round_shows_the_points_the_piles_hold():
    spec = registry.get_game("sails")
    shown = 0
    for met in random_decisions("sails", 4, games=2, seed=11):
        if not isinstance(met, Decision) or not met.state[PILE_COUNT + 1]:
            continue
        points = int(pile_points(met.state, 1)) + int(met.state[BONUS_HELD + 1]) // 2
        svg = draw_table(met.state, 4, met.flags, 0)
        assert re.findall(r"this round (\d+) so far", svg)[1] == str(points)
        view = spec.describe_view(met.state, 0, met.flags)
        assert any(line.startswith("  seat 2: ") and f"(this round {points} so far)" in line for line in view)
        shown += points > 0
    assert shown > 20


def test_a_pass_received_does_not_tell_that_the_passer_held_tied_colours():
    # the review of issue 38 read "Seat 2 passes blue 8 to seat 1 (chosen among tied colours)" on seat 1's
    # narration: a tie between colours tells what else a hidden hand holds
    from simulator.games.sails.narrate import format_log
    from simulator.games.sails.state import EV_PASS

    log = np.array([[EV_PASS, 1, 0, 20, 1, 0]], dtype=np.int64)
    points = [1] * 32
    assert "tied" not in format_log(log, 1, points, seat=0)[0]
    assert "tied" not in format_log(log, 1, points, seat=1)[0]
    assert "(chosen among tied colours)" in format_log(log, 1, points)[0]  # the full narration keeps it
