"""The skirmish game's cut evaluation for the search player (simulator/games/skirmish/evaluation.py):
a position set up by hand scores as the weighted sum of its features, and a seat out scores below all."""

import numpy as np
import pytest

from simulator.games.skirmish.evaluation import (
    ELIMINATED_VALUE, F_AMMO, F_FREE, F_GEMS, F_ONE_GEM_SHORT, F_PRISONERS, N_FEATURES, W_AMMO, W_FREE,
    W_GEMS, W_ONE_GEM_SHORT, W_PRISONERS, WIN_SHARE_PER_GEM, evaluate_cut, position_features,
)
from simulator.games.skirmish.state import ALIVE, AMMO, BOAT_NODE, CHAR_CAPTOR, CHAR_LOC, CHAR_OWNER, GEMS, MAX_PLAYERS
from tests.skirmish.helpers import Staged


def staged_position(players):
    """Seat 1: 4 gems (one short of 5), 2 ammunition, 3 free characters (one killed), a prisoner of
    seat 2's aboard; seat 2: 1 gem, 3 free characters (one captured by seat 1); the others: nothing."""
    staged = Staged(players=players)
    staged[GEMS + 0] = 4
    staged[AMMO + 0] = 2
    staged[GEMS + 1] = 1
    own = [char for char in range(16) if staged[CHAR_OWNER + char] == 0]
    theirs = [char for char in range(16) if staged[CHAR_OWNER + char] == 1]
    staged.kill(own[0])
    staged[CHAR_CAPTOR + theirs[0]] = 0
    staged.state[CHAR_LOC + theirs[0]] = BOAT_NODE + 0
    return staged


@pytest.mark.parametrize("players", [2, 3, 4])
def test_position_features_read_a_hand_set_position(players):
    """Gems, ammunition, free characters, prisoners held, one gem short of the win."""
    staged = staged_position(players)
    features = np.zeros(N_FEATURES)
    position_features(staged.state, 0, features)
    expected = np.zeros(N_FEATURES)
    expected[[F_GEMS, F_AMMO, F_FREE, F_PRISONERS, F_ONE_GEM_SHORT]] = [4, 2, 3, 1, 1]
    assert features.tolist() == expected.tolist()
    position_features(staged.state, 1, features)
    expected[[F_GEMS, F_AMMO, F_FREE, F_PRISONERS, F_ONE_GEM_SHORT]] = [1, 0, 3, 0, 0]
    assert features.tolist() == expected.tolist()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_cut_is_an_expected_win_share_and_puts_a_seat_out_last(players):
    """Each seat still in: 1 / the seats still in, plus ``WIN_SHARE_PER_GEM`` times its weighted
    features less their mean over the seats still in; a seat out of the game (R47) and the seats
    the game does not have score ``ELIMINATED_VALUE``."""
    staged = staged_position(players)
    staged[ALIVE + players - 1] = 0
    values = np.zeros(MAX_PLAYERS)
    evaluate_cut(staged.state, values)
    worth = [W_GEMS * 4 + W_AMMO[players] * 2 + W_FREE[players] * 3 + W_PRISONERS[players] + W_ONE_GEM_SHORT[players],
             W_GEMS * 1 + W_FREE[players] * 3] + [W_FREE[players] * 4] * (players - 3)
    alive = worth[:players - 1]
    for seat, seat_worth in enumerate(alive):
        expected = 1 / len(alive) + WIN_SHARE_PER_GEM[players] * (seat_worth - sum(alive) / len(alive))
        assert values[seat] == pytest.approx(expected)
    assert values[:players - 1].sum() == pytest.approx(1.0)
    assert values[players - 1] == ELIMINATED_VALUE
    assert all(value == ELIMINATED_VALUE for value in values[players:])
    assert values[0] == max(values)
