"""Calibration of the Sand pile model (spec 4.1): what a set of pile parameters gives, measured
the way the spec measured it (random takes, a blow whenever one is allowed).  Used by
tests/skeleton/test_pile.py and by anyone who replaces the parameters of data/pile.json:

    from simulator.games.skeleton.calibration import measure
    measure(encode_variants(("pile-radius-3.0",), 4), 10_000)
"""

import numpy as np
from numba import njit

from simulator.core.rng import PURPOSE_FIRST_STRATEGY, new_stream, random_below
from simulator.games.skeleton.board import popcount
from simulator.games.skeleton.pile import blow, clear_mask, remove_from_pile
from simulator.games.skeleton.setup import setup_game
from simulator.games.skeleton.state import DEAL_STREAM, FLIP_STREAM, N_CARDS, PILE_COUNT, STATE_SIZE
from simulator.games.skeleton.turn import BLOW_MAX_CLEAR

NO_LOG = np.zeros((0, 6), dtype=np.int64)


@njit(cache=True)
def _measure(flags, n_setups, seed, log):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    at_setup = 0
    after_blow = 0
    blows = 0
    for game in range(n_setups):
        setup_game(state, seed, game, 2, flags, 0, log)
        at_setup += popcount(clear_mask(state))
        takes = new_stream(seed, game, PURPOSE_FIRST_STRATEGY)
        deal = state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)
        flips = state[FLIP_STREAM:FLIP_STREAM + 1].view(np.uint64)
        while state[PILE_COUNT] > 0:
            clear = clear_mask(state)
            if popcount(clear) <= BLOW_MAX_CLEAR:
                blow(state, deal, flips)
                blows += 1
                clear = clear_mask(state)
                after_blow += popcount(clear)
            pick = random_below(takes, popcount(clear))
            for slot in range(state[N_CARDS]):
                if (clear >> slot) & 1:
                    if pick == 0:
                        remove_from_pile(state, slot)
                        break
                    pick -= 1
    return at_setup / n_setups, after_blow / max(blows, 1), blows / n_setups


def measure(flags: np.ndarray, n_setups: int, seed: int = 1) -> dict:
    """Mean clear cards at setup, mean clear cards right after a blow, blows per game."""
    at_setup, after_blow, blows = _measure(np.asarray(flags, dtype=np.int64), n_setups, seed, NO_LOG)
    return {"clear_at_setup": at_setup, "clear_after_blow": after_blow, "blows_per_game": blows}
