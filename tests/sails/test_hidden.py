"""Sails ``redraw_hidden``: what the seat sees is kept, the rest is redrawn consistently (every
card conserved, hidden table cards matching their visible halves), and the game plays on."""

import numpy as np
import pytest

from simulator.core.engine.forward import NO_SEAT
from simulator.games.sails import encode_variants
from simulator.games.sails.board import deck_card_from_top
from simulator.games.sails.engine import apply, new_game, pending_decision
from simulator.games.sails.hidden import redraw_hidden
from simulator.games.sails.state import (
    BONUS_HELD,
    DECK_COUNT,
    DECK_TOP,
    DISCARD_MASK,
    HAND_COUNT,
    HAND_MASK,
    HIDE_NUMBER,
    ISLAND_LOC,
    LOC_BOX,
    LOC_HAND,
    LOC_TABLE,
    MAX_OPTIONS,
    MAX_PLAYERS,
    N_DECKS,
    PILE,
    PILE_COUNT,
    REMOVED,
    REMOVED_COUNT,
    REVEALED,
    SCORE,
    STATE_SIZE,
    TABLE_BONUS,
    TABLE_CARD,
    TABLE_HIDE,
    TABLE_VISIBLE,
)

NO_LOG = np.zeros((0, 6), dtype=np.int64)
CASES = [(3, ()), (4, ("bonus-after-reveal",)), (5, ())]


def states_at_decisions(players, variants, game_index, every=5):
    """Copies of a randomly played game's state at every ``every``-th pending decision."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(9, game_index, players, encode_variants(variants, players), 1, state, NO_LOG)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    choices = np.random.default_rng(game_index)
    found = []
    while True:
        seat, _, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return found
        if len(found) < 1000 and choices.integers(every) == 0:
            found.append((int(seat), state.copy()))
        apply(state, int(choices.integers(n_options)), NO_LOG)


def face_down(state, deck):
    return [deck_card_from_top(state, deck, depth) for depth in range(state[DECK_COUNT + deck])]


def public_view(state, seat):
    """Everything ``seat`` may read that redraw_hidden must keep."""
    own = [card for card in range(48) if state[ISLAND_LOC + card] == LOC_HAND + seat]
    table = [(state[TABLE_HIDE + s], state[TABLE_VISIBLE + s], state[TABLE_BONUS + s]) for s in range(MAX_PLAYERS)]
    view = [own, list(state[HAND_MASK + seat * 4:HAND_MASK + seat * 4 + 4]), list(state[DISCARD_MASK:DISCARD_MASK + 4]),
            list(state[HAND_COUNT:HAND_COUNT + MAX_PLAYERS]), table, state[TABLE_CARD + seat], state[REVEALED],
            list(state[DECK_TOP:DECK_TOP + 2]), list(state[DECK_COUNT:DECK_COUNT + 2]),
            list(state[PILE_COUNT:PILE_COUNT + MAX_PLAYERS]), list(state[PILE:PILE + 5 * 32]),
            list(state[BONUS_HELD:BONUS_HELD + MAX_PLAYERS]), list(state[SCORE:SCORE + MAX_PLAYERS]),
            sum(state[ISLAND_LOC + card] == LOC_BOX for card in range(48))]
    if state[REVEALED] == 1:
        view.append(list(state[TABLE_CARD:TABLE_CARD + MAX_PLAYERS]))
    return view


def hidden_treasures(state):
    cards = []
    for deck in range(state[N_DECKS]):
        cards += face_down(state, deck)
    cards += list(state[REMOVED:REMOVED + state[REMOVED_COUNT]])
    return cards


@pytest.mark.parametrize("players, variants", CASES)
def test_redraw_keeps_what_the_seat_sees_and_conserves_cards(players, variants):
    for seat, state in states_at_decisions(players, variants, game_index=1):
        before = state.copy()
        redraw_hidden(state, seat, np.array([np.uint64(77)], dtype=np.uint64))
        assert public_view(state, seat) == public_view(before, seat)
        # every Island card in exactly one place: hand masks agree with the locations
        for other in range(players):
            in_hand = sum(state[ISLAND_LOC + card] == LOC_HAND + other for card in range(48))
            assert in_hand == state[HAND_COUNT + other]
            masks = state[HAND_MASK + other * 4:HAND_MASK + other * 4 + 4]
            assert sum(bin(int(mask)).count("1") for mask in masks) == in_hand
        # the same face-down treasures (at 4-5 players deck by deck), in some order
        assert sorted(hidden_treasures(state)) == sorted(hidden_treasures(before))
        if players > 3:
            for deck in range(2):
                assert sorted(face_down(state, deck)) == sorted(face_down(before, deck))
        # other seats' hidden table cards still show their visible half
        if state[REVEALED] == 0:
            for other in range(players):
                card = state[TABLE_CARD + other]
                if card >= 0 and state[ISLAND_LOC + card] == LOC_TABLE:
                    shown = card // 12 if state[TABLE_HIDE + other] == HIDE_NUMBER else card % 12 + 1
                    assert shown == state[TABLE_VISIBLE + other]


@pytest.mark.parametrize("players, variants", CASES)
def test_redraw_changes_the_hidden_part(players, variants):
    """Over the sampled decisions, other hands and the face-down decks do get redrawn."""
    hands_changed = decks_changed = 0
    for seat, state in states_at_decisions(players, variants, game_index=2):
        before = state.copy()
        redraw_hidden(state, seat, np.array([np.uint64(5)], dtype=np.uint64))
        others = [s for s in range(players) if s != seat]
        hands_changed += any(not np.array_equal(state[HAND_MASK + s * 4:HAND_MASK + s * 4 + 4],
                                                before[HAND_MASK + s * 4:HAND_MASK + s * 4 + 4]) for s in others)
        decks_changed += hidden_treasures(state) != hidden_treasures(before)
    assert hands_changed > 0 and decks_changed > 0


@pytest.mark.parametrize("players, variants", CASES)
def test_a_redrawn_game_plays_to_the_end_with_invariants_checked(players, variants):
    """The redrawn state is a legal position: played on with random choices, the debug invariants
    (card conservation after every trick, final scores) hold."""
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    choices = np.random.default_rng(4)
    sampled = states_at_decisions(players, variants, game_index=3, every=20)
    assert sampled
    for seat, state in sampled:
        redraw_hidden(state, seat, np.array([np.uint64(11)], dtype=np.uint64))
        while True:
            seat, _, n_options = pending_decision(state, options)
            if seat == NO_SEAT:
                break
            apply(state, int(choices.integers(n_options)), NO_LOG)
