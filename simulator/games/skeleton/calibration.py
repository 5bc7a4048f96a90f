"""Calibration of the Sand pile model (spec 4.1): what a set of pile parameters gives, measured
the way the spec measured it (random takes, a blow whenever one is allowed).  Used by
tests/skeleton/test_pile.py and by anyone who replaces the parameters of data/pile.json:

    from simulator.games.skeleton.calibration import measure
    measure(encode_variants(("pile-radius-3.0",), 4), 10_000)

"Clear cards after a blow" is measured only on blows that can matter: a blow on a pile where no
clear card lies on another card (e.g. every card left is clear) sweeps nothing that uncovers a
card, so it says nothing about the model; such blows are counted apart (``idle_blow_share``).
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, new_stream, random_below
from simulator.games.skeleton.board import popcount
from simulator.games.skeleton.pile import blow, blow_can_matter, clear_mask, remove_from_pile
from simulator.games.skeleton.setup import setup_game
from simulator.games.skeleton.state import DEAL_STREAM, FLAG_BLOW_MAX_CLEAR, FLIP_STREAM, N_CARDS, PILE_COUNT, STATE_SIZE

NO_LOG = np.zeros((0, 6), dtype=np.int64)
LARGE_PILE = 10
"""Piles of at least this many cards are also measured apart (``clear_after_blow_large``)."""


@njit(cache=True)
def _measure(flags, n_setups, seed, log):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    at_setup = 0
    after_blow = 0
    blows = 0
    idle_blows = 0
    after_large = 0
    large_blows = 0
    for game in range(n_setups):
        setup_game(state, seed, game, 2, flags, 0, log)
        at_setup += popcount(clear_mask(state))
        takes = new_stream(seed, game, PURPOSE_FIRST_STRATEGY)
        deal = state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)
        flips = state[FLIP_STREAM:FLIP_STREAM + 1].view(np.uint64)
        while state[PILE_COUNT] > 0:
            clear = clear_mask(state)
            if popcount(clear) <= flags[FLAG_BLOW_MAX_CLEAR]:  # R7 (setting blow_max_clear)
                matters = blow_can_matter(state)
                large = state[PILE_COUNT] >= LARGE_PILE
                blow(state, deal, flips)
                clear = clear_mask(state)
                if matters:
                    blows += 1
                    after_blow += popcount(clear)
                    if large:
                        large_blows += 1
                        after_large += popcount(clear)
                else:
                    idle_blows += 1
            pick = random_below(takes, popcount(clear))
            for slot in range(state[N_CARDS]):
                if (clear >> slot) & 1:
                    if pick == 0:
                        remove_from_pile(state, slot)
                        break
                    pick -= 1
    return (at_setup / n_setups, after_blow / max(blows, 1), (blows + idle_blows) / n_setups,
            idle_blows / max(blows + idle_blows, 1), after_large / max(large_blows, 1), blows / n_setups)


def measure(flags: np.ndarray, n_setups: int, seed: int = 1) -> dict:
    """What the pile parameters of ``flags`` give over ``n_setups`` setups played out with random
    takes and a blow whenever one is allowed: mean clear cards at setup; mean clear cards right
    after a blow that can matter (overall, and on piles of ``LARGE_PILE`` cards or more); blows
    per game (all, and those that can matter); the share of blows that cannot matter."""
    at_setup, after_blow, blows, idle_share, after_large, useful = _measure(
        np.asarray(flags, dtype=np.int64), n_setups, seed, NO_LOG)
    return {"clear_at_setup": at_setup, "clear_after_blow": after_blow, "clear_after_blow_large": after_large,
            "blows_per_game": blows, "useful_blows_per_game": useful, "idle_blow_share": idle_share}
