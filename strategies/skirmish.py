"""Skirmish strategies (placeholder, replaced below)."""
import numpy as np
from numba import njit

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.core.rng import random_below

N_PARAMS = 1
PARAMS = {}


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options (seat stream)."""
    return random_below(stream, n_options)


heuristic = random_strategy
