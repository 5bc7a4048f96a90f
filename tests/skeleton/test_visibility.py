"""Skeleton's visibility declaration (simulator/games/skeleton/visibility.py) and the engine's
reading (hidden.is_hidden_from, used by redraw_hidden) say the same, under every reading of A18."""

import numpy as np
import pytest

from simulator.core.engine.rng import new_stream
from simulator.core.engine.visibility import visible_mask
from simulator.games.skeleton.hidden import is_hidden_from, redraw_hidden
from simulator.games.skeleton.state import N_CARDS
from simulator.games.skeleton.visibility import VISIBILITY, content_hidden
from tests.skeleton.test_engine import random_positions

READINGS = [(), ("hidden-collection",), ("buried-face-up-hidden",), ("buried-face-up-hidden", "putback-may-cover")]


@pytest.mark.parametrize("variants", READINGS)
def test_the_declaration_and_the_engine_hide_the_same_cards(variants):
    hidden_somewhere = 0
    for state, seat, _, _ in random_positions(variants, games=3):
        for slot in range(int(state[N_CARDS])):
            declared = content_hidden(state, seat, slot)
            assert declared == bool(is_hidden_from(state, seat, slot)), (variants, seat, slot)
            hidden_somewhere += declared
    assert hidden_somewhere > 0


@pytest.mark.parametrize("variants", READINGS)
def test_redraw_hidden_changes_no_slot_the_declaration_shows(variants):
    stream = new_stream(3, 4, 5)
    for state, seat, _, _ in random_positions(variants, games=2):
        copy = state.copy()
        redraw_hidden(copy, seat, stream)
        shown = visible_mask(VISIBILITY, state, seat)
        assert np.array_equal(copy[shown], state[shown])


def test_buried_face_up_cards_are_hidden_only_under_the_variant():
    counts = {}
    for variants in ((), ("buried-face-up-hidden",)):
        from simulator.games.skeleton.state import CLEAR_MASK, FACE_UP_MASK, PILE_MASK
        buried = 0
        for state, seat, _, _ in random_positions(variants, games=2):
            mask = int(state[PILE_MASK]) & int(state[FACE_UP_MASK]) & ~int(state[CLEAR_MASK])
            buried += sum(content_hidden(state, seat, s) for s in range(49) if (mask >> s) & 1)
        counts[variants] = buried
    assert counts[()] == 0 and counts[("buried-face-up-hidden",)] > 0
