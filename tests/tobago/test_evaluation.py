"""Tobago's cut evaluation for the search player (simulator/games/tobago/evaluation.py): a position
set up by hand scores as the weighted sum of its features, in coins."""

import numpy as np
import pytest

from simulator.games.tobago.evaluation import (
    F_AMULETS, F_CARDS, F_COINS, F_ROSES, F_ROSES_LOCATED, N_FEATURES, W_AMULETS, W_CARDS, W_COINS, W_ROSES,
    W_ROSES_LOCATED, evaluate_cut, position_features,
)
from simulator.games.tobago.state import AMULETS_HELD, HELD, MAP_LEN, MAP_MARKERS_DOWN, MAP_ROSE, MAX_MAP_CLUES, MAX_PLAYERS
from tests.tobago.helpers import Game


def hand_set_position(players):
    """Seat 1: a 6 and two 2s (10 coins, 3 cards), an amulet, a rose on map 1 and one on map 2 (its
    markers down); seat 2: a 5, two roses on map 1; no other holding."""
    game = Game(players=players)
    game.play_setup()
    state = game.state
    state[HELD:HELD + MAX_PLAYERS * 7] = 0
    state[AMULETS_HELD:AMULETS_HELD + MAX_PLAYERS] = 0
    state[MAP_LEN:MAP_LEN + 4] = 0
    state[MAP_MARKERS_DOWN:MAP_MARKERS_DOWN + 4] = 0
    state[HELD + 0 * 7 + 6] = 1
    state[HELD + 0 * 7 + 2] = 2
    state[AMULETS_HELD + 0] = 1
    state[HELD + 1 * 7 + 5] = 1
    state[MAP_LEN + 0] = 3
    state[MAP_ROSE + 0 * MAX_MAP_CLUES: MAP_ROSE + 0 * MAX_MAP_CLUES + 3] = [0, 1, 1]
    state[MAP_LEN + 1] = 1
    state[MAP_ROSE + 1 * MAX_MAP_CLUES] = 0
    state[MAP_MARKERS_DOWN + 1] = 1
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_position_features_read_a_hand_set_position(players):
    """Coins, gold cards, amulets, roses on the maps and on maps with their markers down."""
    state = hand_set_position(players)
    features = np.zeros(N_FEATURES)
    position_features(state, 0, features)
    expected = np.zeros(N_FEATURES)
    expected[[F_COINS, F_CARDS, F_AMULETS, F_ROSES, F_ROSES_LOCATED]] = [10, 3, 1, 2, 1]
    assert features.tolist() == expected.tolist()
    position_features(state, 1, features)
    expected[[F_COINS, F_CARDS, F_AMULETS, F_ROSES, F_ROSES_LOCATED]] = [5, 1, 0, 2, 0]
    assert features.tolist() == expected.tolist()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_cut_weighs_the_features(players):
    """Each seat's value is its weighted features at that player count; 0 for seats the game lacks."""
    state = hand_set_position(players)
    values = np.full(MAX_PLAYERS, 9.0)
    evaluate_cut(state, values)
    assert values[0] == pytest.approx(W_COINS * 10 + W_CARDS[players] * 3 + W_AMULETS[players]
                                      + W_ROSES[players] * 2 + W_ROSES_LOCATED[players])
    assert values[1] == pytest.approx(W_COINS * 5 + W_CARDS[players] + W_ROSES[players] * 2)
    assert all(value == 0.0 for value in values[players:])
