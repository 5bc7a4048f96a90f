"""The rulebook's worked examples and the rule readings, on hand-set tables."""

import numpy as np
import pytest

from simulator.games.sails import encode_variants
from simulator.games.sails.board import deck_clear, deck_push_top, deck_reveal, move_to_hand, pile_push, pile_top
from simulator.games.sails.engine import advance, pending_decision
from simulator.games.sails.resolution import end_trick, steal_options, trick_outcomes
from simulator.games.sails.setup import clear_table, setup_game
from simulator.games.sails.state import (
    ACTIONS_USED,
    BONUS_DECK,
    BONUS_HELD,
    DECK_COUNT,
    DECK_TOP,
    FIRST_PLAYER,
    MAX_OPTIONS,
    HIDE_COLOUR,
    HIDE_NUMBER,
    MERGED,
    OUTCOME_ACTION,
    OUTCOME_NONE,
    OUTCOME_TREASURE,
    SEAT_BONUS_DUE,
    SEAT_OUTCOME,
    SEAT_OUTCOME_ARG,
    STAT_ACTIONS,
    STAT_ROBBED,
    STAT_STOLEN,
    STATE_SIZE,
    STEP,
    STEP_END_TRICK,
    STEP_RESOLVE,
    TAKE_FROM_DECK,
)
from simulator.games.sails.trick import attach_bonus, bonus_options, place_card, play_options, reveal
from tests.sails.helpers import prefer_steal

RED, BLUE, GREEN, PURPLE = range(4)


def island(colour, value):
    return colour * 12 + value - 1


def treasure(colour, position):
    """Treasure id; with the standard values position 0..7 scores 2,2,3,3,4,4,5,6."""
    return colour * 8 + position


def new_table(players, first=0, variants=()):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    setup_game(state, players, encode_variants(variants, players))
    clear_table(state)
    state[BONUS_DECK] = 22
    state[FIRST_PLAYER] = first
    deck_clear(state, 0)
    deck_clear(state, 1)
    return state


def set_deck(state, deck, cards_bottom_to_top):
    """Face-down cards then reveal the last one as the visible top."""
    for card in cards_bottom_to_top:
        deck_push_top(state, deck, card)
    deck_reveal(state, deck)


def play(state, plays):
    """plays: list of (seat, card, bonus) in placement order; cards come from the seat's hand."""
    log = np.zeros((0, 6), dtype=np.int64)
    for seat, card, bonus in plays:
        move_to_hand(state, card, seat)
        state[BONUS_HELD + seat] += bonus
        place_card(state, seat, card, HIDE_NUMBER)
        attach_bonus(state, seat, bonus)
    reveal(state, log)


def resolve(state, players):
    """The engine's resolution steps (treasures, Bonus, Action cards) on a revealed table, every
    decision taken by the scripted ``prefer_steal``; stops before the end of the trick."""
    params = np.zeros((players, 8))
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    state[STEP] = STEP_RESOLVE
    advance(state, 0, 0, log, STEP_END_TRICK)
    while state[STEP] != STEP_END_TRICK:
        seat, kind, n_options = pending_decision(state, options)
        choice = prefer_steal(state, seat, kind, options, n_options, params[seat], streams[seat])
        advance(state, options[choice], n_options, log, STEP_END_TRICK)
    return log


def test_eric_stephanie_nicolas_marilou_trick():
    """Éric wins red and steals Stéphanie's visible red 4; Nicolas (weakest of 3 red) gets 3 Bonus;
    Marilou wins green alone with no green treasure showing and activates the green Action card;
    both untaken visible treasures go under their decks."""
    eric, stephanie, nicolas, marilou = 0, 1, 2, 3
    state = new_table(4, first=eric)
    red_top, purple_top = treasure(RED, 2), treasure(PURPLE, 0)
    set_deck(state, 0, [treasure(BLUE, 7), treasure(RED, 6), red_top])
    set_deck(state, 1, [treasure(GREEN, 7), purple_top])
    pile_push(state, stephanie, treasure(BLUE, 0))
    red_4 = treasure(RED, 4)
    pile_push(state, stephanie, red_4)
    pile_push(state, nicolas, treasure(GREEN, 4))
    play(state, [(eric, island(RED, 9), 0), (stephanie, island(RED, 6), 0), (nicolas, island(RED, 2), 0),
                 (marilou, island(GREEN, 5), 0)])

    trick_outcomes(state)
    assert state[SEAT_OUTCOME + eric] == OUTCOME_TREASURE and state[SEAT_OUTCOME_ARG + eric] == 0
    assert state[SEAT_OUTCOME + marilou] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + marilou] == 1
    assert state[SEAT_OUTCOME + stephanie] == OUTCOME_NONE and state[SEAT_OUTCOME + nicolas] == OUTCOME_NONE
    assert [state[SEAT_BONUS_DUE + s] for s in range(4)] == [0, 0, 3, 0]
    options = np.zeros(8, dtype=np.int64)
    n = steal_options(state, eric, 0, options)
    # Stéphanie qualifies; Nicolas played red lower but his visible treasure is green.
    assert list(options[:n]) == [TAKE_FROM_DECK, stephanie]

    resolve(state, 4)
    assert pile_top(state, eric) == red_4
    assert pile_top(state, stephanie) == treasure(BLUE, 0)
    assert state[STAT_STOLEN + eric] == 1 and state[STAT_ROBBED + stephanie] == 1
    assert state[DECK_TOP + 0] == red_top  # not taken
    assert state[BONUS_HELD + nicolas] == 3 and state[BONUS_DECK] == 19
    assert state[STAT_ACTIONS + marilou] == 1 and state[ACTIONS_USED + 3] == 1  # green/purple card, side A3

    counts = (state[DECK_COUNT + 0], state[DECK_COUNT + 1])
    end_trick(state, np.zeros((0, 6), dtype=np.int64))
    # Both visible treasures went under their deck, and new tops were revealed.
    assert (state[DECK_COUNT + 0], state[DECK_COUNT + 1]) == counts
    assert state[DECK_TOP + 0] == treasure(RED, 6) and state[DECK_TOP + 1] == treasure(GREEN, 7)
    assert state[FIRST_PLAYER] == stephanie


def test_three_player_merged_colours():
    """Top red; Éric red 4, Marilou purple 7, Nicolas green 9: Éric takes the treasure, Nicolas wins
    the green/purple Action card, Marilou receives 2 Bonus (cards of both merged colours)."""
    eric, marilou, nicolas = 0, 1, 2
    state = new_table(3, first=eric)
    red_top = treasure(RED, 7)
    set_deck(state, 0, [treasure(BLUE, 7), red_top])
    play(state, [(eric, island(RED, 4), 0), (marilou, island(PURPLE, 7), 0), (nicolas, island(GREEN, 9), 0)])
    trick_outcomes(state)
    assert state[MERGED + 0] == 0 and state[MERGED + 1] == 1
    assert state[SEAT_OUTCOME + eric] == OUTCOME_TREASURE
    assert state[SEAT_OUTCOME + nicolas] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + nicolas] == 1
    assert state[SEAT_OUTCOME + marilou] == OUTCOME_NONE
    assert state[SEAT_BONUS_DUE + marilou] == 2
    resolve(state, 3)
    assert pile_top(state, eric) == red_top and state[DECK_TOP + 0] == -1
    assert state[BONUS_HELD + marilou] == 2
    assert state[STAT_ACTIONS + nicolas] == 1 and state[ACTIONS_USED + 3] == 1


def test_four_players_never_merge_colours():
    """At 4 players a colour without a visible treasure activates its own card, colours stay apart."""
    state = new_table(4)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    play(state, [(0, island(PURPLE, 3), 0), (1, island(PURPLE, 5), 0), (2, island(BLUE, 9), 0),
                 (3, island(BLUE, 2), 0)])
    trick_outcomes(state)
    assert state[MERGED + 0] == 0 and state[MERGED + 1] == 0
    assert state[SEAT_OUTCOME + 1] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + 1] == 1
    assert state[SEAT_OUTCOME + 2] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + 2] == 0
    assert [state[SEAT_BONUS_DUE + s] for s in range(4)] == [2, 0, 0, 2]


def test_ties_go_to_first_player_and_weakest_is_reversed():
    """Equal values: the first player (or nearest clockwise) wins; the tied weakest is the farthest,
    or the nearest under weakest-tie-nearest.  Bonus cards count in the value."""
    for variants, weakest in (((), 2), (("weakest-tie-nearest",), 0)):
        state = new_table(4, first=3, variants=variants)
        set_deck(state, 0, [treasure(RED, 0)])
        set_deck(state, 1, [treasure(GREEN, 0)])
        # order: seat 3, 0, 1, 2 ; seat 1 reaches 8 with 2 Bonus, tying seat 3's 8.
        play(state, [(3, island(RED, 8), 0), (0, island(RED, 3), 0), (1, island(RED, 6), 2),
                     (2, island(RED, 3), 0)])
        trick_outcomes(state)
        assert state[SEAT_OUTCOME + 3] == OUTCOME_TREASURE
        assert state[SEAT_OUTCOME + 1] == OUTCOME_NONE
        assert state[SEAT_BONUS_DUE + weakest] == 4
        assert sum(state[SEAT_BONUS_DUE + s] for s in range(4)) == 4


def test_steal_needs_a_strictly_lower_value():
    state = new_table(4)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    pile_push(state, 1, treasure(RED, 5))
    play(state, [(0, island(RED, 7), 0), (1, island(RED, 5), 2), (2, island(BLUE, 3), 0), (3, island(BLUE, 4), 0)])
    trick_outcomes(state)
    options = np.zeros(8, dtype=np.int64)
    # seat 1 reaches 7 with Bonus: equal, not lower, so it cannot be robbed (seat 0 still wins the tie).
    assert state[SEAT_OUTCOME + 0] == OUTCOME_TREASURE
    assert steal_options(state, 0, 0, options) == 1


def test_bonus_deck_running_out_is_handed_out_clockwise():
    state = new_table(4, first=2)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    state[BONUS_DECK] = 3
    # order 2, 3, 0, 1: seat 3 weakest red (2 cards), seat 1 weakest purple (2 cards).
    play(state, [(2, island(RED, 9), 0), (3, island(RED, 1), 0), (0, island(PURPLE, 9), 0), (1, island(PURPLE, 2), 0)])
    resolve(state, 4)
    assert state[BONUS_HELD + 3] == 2 and state[BONUS_HELD + 1] == 1 and state[BONUS_DECK] == 0


def test_bonus_cannot_raise_a_card_above_12():
    """PLAY_CARD offers each card with either half hidden; PLAY_BONUS then offers 0..n Bonus cards
    with n = Bonus held, capped so the value stays <= 12 (none under bonus-after-reveal)."""
    state = new_table(4)
    move_to_hand(state, island(BLUE, 10), 0)
    move_to_hand(state, island(BLUE, 1), 0)
    state[BONUS_HELD + 0] = 5
    options = np.zeros(64, dtype=np.int64)
    n = play_options(state, 0, options)
    assert list(options[:n]) == [island(BLUE, 1), island(BLUE, 1) | HIDE_NUMBER << 6,
                                 island(BLUE, 10), island(BLUE, 10) | HIDE_NUMBER << 6]
    top_bonus = {}
    for card in (island(BLUE, 1), island(BLUE, 10)):
        trial = state.copy()
        place_card(trial, 0, card, HIDE_COLOUR)
        n = bonus_options(trial, 0, options)
        assert list(options[:n]) == list(range(n))
        top_bonus[card] = n - 1
    assert top_bonus == {island(BLUE, 1): 5, island(BLUE, 10): 2}
    late = new_table(4, variants=("bonus-after-reveal",))
    move_to_hand(late, island(BLUE, 1), 0)
    late[BONUS_HELD + 0] = 5
    place_card(late, 0, island(BLUE, 1), HIDE_COLOUR)
    assert bonus_options(late, 0, options) == 1


@pytest.mark.parametrize("variants, action", [((), 3), (("actions-side-b",), 4), (("actions-pairing-swapped",), 2)])
def test_action_faces_follow_the_variants(variants, action):
    """Winning green with no green treasure activates the green/purple card's face-up action."""
    state = new_table(4, variants=variants)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(PURPLE, 0)])
    play(state, [(0, island(GREEN, 5), 0), (1, island(RED, 2), 0), (2, island(BLUE, 3), 0), (3, island(BLUE, 4), 0)])
    resolve(state, 4)
    assert state[ACTIONS_USED + action] == 1


@pytest.mark.parametrize("variants, loser", [((), 3), (("weakest-tie-nearest",), 2)])
def test_when_every_card_of_a_colour_ties_the_winner_is_not_the_weakest(variants, loser):
    """All red cards equal (8, one reached with Bonus): the nearest clockwise from the first player
    wins red; the Bonus cards go to a loser, never to the winner: the farthest tied card by default,
    the nearest one after the winner under weakest-tie-nearest."""
    state = new_table(4, first=1, variants=variants)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    # order: seat 1, 2, 3, 0 ; seat 0 plays purple alone.
    play(state, [(1, island(RED, 8), 0), (2, island(RED, 8), 0), (3, island(RED, 6), 2),
                 (0, island(PURPLE, 4), 0)])
    trick_outcomes(state)
    assert state[SEAT_OUTCOME + 1] == OUTCOME_TREASURE
    assert [state[SEAT_BONUS_DUE + s] for s in range(4)] == [0 if s != loser else 3 for s in range(4)]
    resolve(state, 4)
    assert state[BONUS_HELD + loser] == 3 and state[BONUS_HELD + 1] == 0


@pytest.mark.parametrize("variants, loser", [((), 2), (("weakest-tie-nearest",), 1)])
def test_merged_colours_all_tied_give_the_bonus_to_a_loser(variants, loser):
    """3 players, red treasure on top: green and purple count as one; green 7, purple 7 and green 7
    tie, the first player wins the green/purple Action card and a loser gets the 3 Bonus cards."""
    state = new_table(3, first=0, variants=variants)
    set_deck(state, 0, [treasure(BLUE, 7), treasure(RED, 7)])
    play(state, [(0, island(GREEN, 7), 0), (1, island(PURPLE, 7), 0), (2, island(PURPLE, 5), 2)])
    trick_outcomes(state)
    assert state[MERGED + 1] == 1
    assert state[SEAT_OUTCOME + 0] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + 0] == 1
    assert [state[SEAT_BONUS_DUE + s] for s in range(3)] == [0 if s != loser else 3 for s in range(3)]
