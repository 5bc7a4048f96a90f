"""A deliberately unfair Tobago strategy for the fair-play test: it reads the values of the face-down
gold discard, which only its count is public (issue 22)."""

from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.games.tobago.state import GOLD_DISCARD_HIDDEN


@njit(STRATEGY_SIGNATURE, cache=True)
def reads_face_down_discards(state, seat, decision_kind, options, n_options, params, stream):
    """Chooses by the coins lying face down in the discard (nobody may know them)."""
    coins = 0
    for value in range(7):
        coins += value * state[GOLD_DISCARD_HIDDEN + value]
    return coins % n_options
