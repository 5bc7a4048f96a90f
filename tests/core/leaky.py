"""A deliberately unfair strategy for the fair-play tests: it reads a slot Tobago declares hidden."""

from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.games.tobago.state import GOLD_DECK, GOLD_DECK_COUNT


@njit(STRATEGY_SIGNATURE, cache=True)
def peeks_at_tobago_gold_deck(state, seat, decision_kind, options, n_options, params, stream):
    """Chooses by the value of the face-down card on top of the gold deck (nobody may see it)."""
    count = state[GOLD_DECK_COUNT]
    top = state[GOLD_DECK + count - 1] if count > 0 else 0
    return top % n_options
