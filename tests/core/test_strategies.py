"""Every shipped strategy is compiled for the engines the same way."""

import pytest
from numba import typeof
from numba.core.types import FunctionType

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.core.registry import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_strategy_is_compiled_with_the_decision_signature(game_id):
    """A lineup of one strategy in every seat must be a tuple of first-class functions, like a mixed
    one: a strategy compiled lazily makes the engine compile once more per such lineup, and numba
    cannot save the cache index of that specialization again in a later process."""
    spec = get_game(game_id)
    for name, strategy in spec.strategies.items():
        assert strategy.function.signatures == [STRATEGY_SIGNATURE.args], name
        assert isinstance(typeof((strategy.function,) * 2).dtype, FunctionType), name
