"""Tobago fair play: cards discarded face down (pool cards never turned up at the end of a share,
R53, or after a curse, R54, unrevealed curses among them) are hidden; only their count is public.

The perturbations are built here, not through ``redraw_hidden``, so a strategy reading a hidden
slot cannot hide behind a redraw that forgets it."""

import numpy as np
import pytest

from simulator.core.engine.rng import new_stream
from simulator.games.tobago import engine
from simulator.games.tobago.components import MAX_GOLD
from simulator.games.tobago.hidden import redraw_hidden
from simulator.games.tobago.state import (
    GOLD_DECK,
    GOLD_DECK_COUNT,
    GOLD_DISCARD,
    GOLD_DISCARD_HIDDEN,
    GOLD_DISCARD_HIDDEN_COUNT,
    MAX_OPTIONS,
    STATE_SIZE,
)
from tests.tobago.helpers import get_spec, lineup

GAMES = 12
"""Games of four identical heuristics per strategy; about 40 share decisions each."""


def swap_face_down_with_deck(state, stream):
    """A copy of ``state`` where one face-down discard and one gold-deck card of another value
    trade places (every public slot unchanged), or None when no such pair exists."""
    face_down = [v for v in range(MAX_GOLD + 1) for _ in range(int(state[GOLD_DISCARD_HIDDEN + v]))]
    deck = [(i, int(state[GOLD_DECK + i])) for i in range(int(state[GOLD_DECK_COUNT]))]
    pairs = [(v, i, w) for v in sorted(set(face_down)) for i, w in deck if w != v]
    if not pairs:
        return None
    v, i, w = pairs[int(stream.integers(len(pairs)))]
    other = state.copy()
    other[GOLD_DISCARD_HIDDEN + v] -= 1
    other[GOLD_DISCARD_HIDDEN + w] += 1
    other[GOLD_DECK + i] = v
    return other


@pytest.mark.parametrize("name", ["contributor", "racer", "amulet_hunter"])
def test_face_down_discards_never_change_a_heuristic_decision(name):
    """Issue 22: about 2% of contributor's share decisions flipped when one face-down discard
    was swapped with a deck card (``mean_to_come`` counted the face-down cards as seen)."""
    strategies, params = lineup(get_spec(), (name,) * 4)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    choose = np.random.default_rng(5)
    compared = 0
    for game in range(GAMES):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        engine.new_game(31, game, 4, np.asarray(get_spec().encode_variants((), 4)), 0, state, log)
        streams = [new_stream(31, game, 1 + seat) for seat in range(4)]
        while True:
            seat, kind, n = engine.pending_decision(state, options)
            if seat < 0:
                break
            choice = strategies[seat](state, seat, kind, options, n, params[seat], streams[seat].copy())
            other = swap_face_down_with_deck(state, choose)
            if other is not None:
                compared += 1
                again = strategies[seat](other, seat, kind, options.copy(), n, params[seat], streams[seat].copy())
                assert again == choice, (name, game, int(state[engine.TURNS]), kind)
            engine.apply(state, strategies[seat](state, seat, kind, options, n, params[seat], streams[seat]), log)
    assert compared >= 500


def test_face_down_discards_are_counted_but_their_values_kept_apart():
    """R53: the cards left in a share go to the face-down block (count public); a card all
    players declined goes face up."""
    strategies, params = lineup(get_spec(), ("contributor",) * 4)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(31, 0, 4, np.asarray(get_spec().encode_variants((), 4)), 1, state, log)
    streams = [new_stream(31, 0, 1 + seat) for seat in range(4)]
    seen_face_down = 0
    while True:
        seat, kind, n = engine.pending_decision(state, options)
        if seat < 0:
            break
        hidden = state[GOLD_DISCARD_HIDDEN:GOLD_DISCARD_HIDDEN + MAX_GOLD + 1]
        assert hidden.sum() == state[GOLD_DISCARD_HIDDEN_COUNT]
        seen_face_down = max(seen_face_down, int(state[GOLD_DISCARD_HIDDEN_COUNT]))
        engine.apply(state, strategies[seat](state, seat, kind, options, n, params[seat], streams[seat]), log)
    assert seen_face_down > 0


def test_redraw_hidden_redraws_the_face_down_discard():
    """Two states that differ only in their face-down discard's values redraw to the same state,
    and the redraw keeps the face-down count and the face-up discard."""
    strategies, params = lineup(get_spec(), ("contributor",) * 4)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(31, 1, 4, np.asarray(get_spec().encode_variants((), 4)), 0, state, log)
    streams = [new_stream(31, 1, 1 + seat) for seat in range(4)]
    choose = np.random.default_rng(2)
    checked = 0
    changed = 0
    while True:
        seat, kind, n = engine.pending_decision(state, options)
        if seat < 0:
            break
        other = swap_face_down_with_deck(state, choose)
        if other is not None:
            real = state.copy()
            redraw_hidden(real, seat, new_stream(7, checked, 3))
            redraw_hidden(other, seat, new_stream(7, checked, 3))
            assert np.array_equal(real, other)
            assert real[GOLD_DISCARD_HIDDEN_COUNT] == state[GOLD_DISCARD_HIDDEN_COUNT]
            assert real[GOLD_DISCARD_HIDDEN:GOLD_DISCARD_HIDDEN + MAX_GOLD + 1].sum() == state[GOLD_DISCARD_HIDDEN_COUNT]
            assert np.array_equal(real[GOLD_DISCARD:GOLD_DISCARD + MAX_GOLD + 1], state[GOLD_DISCARD:GOLD_DISCARD + MAX_GOLD + 1])
            changed += not np.array_equal(real[GOLD_DISCARD_HIDDEN:GOLD_DISCARD_HIDDEN + MAX_GOLD + 1],
                                          state[GOLD_DISCARD_HIDDEN:GOLD_DISCARD_HIDDEN + MAX_GOLD + 1])  # fmt: skip
            checked += 1
        engine.apply(state, strategies[seat](state, seat, kind, options, n, params[seat], streams[seat]), log)
    assert checked >= 50 and changed > 0


def test_check_strategy_catches_a_strategy_reading_face_down_discards():
    """Issue 22, done means: ``check-strategy`` catches a strategy that reads face-down Tobago
    discards, on the perturbations built from the declaration alone (no redraw)."""
    from simulator.analysis.studies.fairplay import check_strategy

    report = check_strategy("tobago", "tests.tobago.leaky_discard:reads_face_down_discards", 3, games=2, redraws=0,
                            seed=4, perturbations=4)  # fmt: skip
    assert report.decisions > 20 and not report.passed
    assert any("GOLD_DISCARD_HIDDEN" in text for row in report.changed for text in row["changed_on_perturbations"])


def test_redraw_keeps_curses_in_the_deck_while_only_safe_cards_were_drawn():
    """R4: while at most the 12 safe cards have left the gold deck, no unseen card out of it (a
    face-down discard, a pool card drawn by another seat) can be a curse, in any redraw."""
    from simulator.games.tobago.components import CURSE
    from simulator.games.tobago.components import DEFAULT_CURSE_FREE_TOP as CURSE_FREE_TOP
    from simulator.games.tobago.components import DEFAULT_CURSES as N_CURSES
    from simulator.games.tobago.components import DEFAULT_GOLD_CARDS as N_GOLD
    from simulator.games.tobago.state import POOL, POOL_COUNT, POOL_POS, POOL_SEER

    strategies, params = lineup(get_spec(), ("contributor",) * 4)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    checked = 0
    for game in range(6):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        engine.new_game(33, game, 4, np.asarray(get_spec().encode_variants((), 4)), 0, state, log)
        streams = [new_stream(33, game, 1 + seat) for seat in range(4)]
        while N_GOLD + N_CURSES - state[GOLD_DECK_COUNT] <= CURSE_FREE_TOP:
            seat, kind, n = engine.pending_decision(state, options)
            if seat < 0:
                break
            unseen_out = int(state[GOLD_DISCARD_HIDDEN_COUNT]) + sum(
                1 for i in range(state[POOL_POS], state[POOL_COUNT]) if state[POOL_SEER + i] != seat)
            if unseen_out:
                for k in range(5):
                    copy = state.copy()
                    redraw_hidden(copy, seat, new_stream(game, checked, k))
                    assert copy[GOLD_DISCARD_HIDDEN + CURSE] == 0
                    assert all(copy[POOL + i] != CURSE for i in range(copy[POOL_POS], copy[POOL_COUNT]))
                    assert (copy[GOLD_DECK:GOLD_DECK + copy[GOLD_DECK_COUNT]] == CURSE).sum() == N_CURSES
                checked += 1
            engine.apply(state, strategies[seat](state, seat, kind, options, n, params[seat], streams[seat]), log)
    assert checked >= 10
