import numpy as np
import pytest

from simulator.core.engine.registry import check_event_rules
from simulator.core.players.strategies import build_lineup
from simulator.games.loot import game_spec


@pytest.fixture(scope="session")
def spec():
    return game_spec()


@pytest.fixture(scope="session")
def run_games(spec):
    def run(players, names, n, variants=(), seed=1, debug=False, first=0, forced=(), excluded=()):
        lineup = build_lineup(spec, players, tuple(names))
        event_rules = check_event_rules(spec, tuple(forced), tuple(excluded), players)
        flags = np.concatenate([spec.encode_variants(tuple(variants), players), event_rules])
        seats = np.zeros((n, players, len(spec.seat_columns)), dtype=np.int64)
        games = np.zeros((n, len(spec.game_columns)), dtype=np.int64)
        spec.play_chunk(seed, first, n, flags, lineup.functions, lineup.params, seats, games, debug)
        return seats, games

    return run
