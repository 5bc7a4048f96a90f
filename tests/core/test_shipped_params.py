"""Every shipped parameter file (strategies/params/<game>/) still fits its strategy: a strategy that
gains or loses a weight must come with retuned (or padded) files, or `STRATEGY@tuned` and every
study that plays it stop with an error (Tobago's 12-weight files did, against 14 weights)."""

import pytest

from simulator.core.engine import registry
from simulator.core.players import param_files
from simulator.core.players.strategies import resolve_strategy

SHIPPED = [(game, name) for game in registry.game_ids() for name in param_files.registered_names(game)]


def test_every_game_ships_tuned_files():
    assert {game for game, _ in SHIPPED} == set(registry.game_ids())


@pytest.mark.parametrize(("game", "name"), SHIPPED)
def test_shipped_parameter_file_loads(game, name):
    spec = registry.get_game(game)
    strategy = resolve_strategy(spec, name)
    base = spec.strategies[name.split("@")[0]]
    assert strategy.params.size == base.params.size
    assert strategy.tunable_count == base.tunable_count
