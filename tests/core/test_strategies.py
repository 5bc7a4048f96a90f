"""Every shipped strategy is compiled for the engines the same way."""

import pytest
from numba import typeof
from numba.core.types import FunctionType

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.registry import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_strategy_is_compiled_with_the_decision_signature(game_id):
    """A lineup of one strategy in every seat must be a tuple of first-class functions, like a mixed
    one: a strategy compiled lazily makes the engine compile once more per such lineup, and numba
    cannot save the cache index of that specialization again in a later process."""
    spec = get_game(game_id)
    for name, strategy in spec.strategies.items():
        assert strategy.function.signatures == [STRATEGY_SIGNATURE.args], name
        assert isinstance(typeof((strategy.function,) * 2).dtype, FunctionType), name


@pytest.mark.parametrize("game_id", game_ids())
def test_lineups_of_every_player_count_share_one_engine_type(game_id):
    """The lineup tuple is padded to the game's largest player count, so one compiled engine serves
    every player count and lineup (one compile per game, not one per player count); the players
    are the rows of the parameter matrix."""
    from simulator.core.players.strategies import build_lineup

    spec = get_game(game_id)
    strategy_names = list(spec.strategies)
    types = set()
    for players in spec.player_counts:
        for names in ((), tuple(strategy_names[seat % len(strategy_names)] for seat in range(players))):
            lineup = build_lineup(spec, players, names)
            assert lineup.params.shape[0] == players
            assert len(lineup.functions) == max(spec.player_counts)
            types.add(typeof(lineup.functions))
    assert len(types) == 1, types
