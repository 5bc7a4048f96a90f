"""Shared helpers for the sails tests: lineups, chunk runs, scripted strategies."""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.players.strategies import build_lineup
from simulator.games.sails import encode_variants, game_spec
from simulator.games.sails.state import TAKE_FROM_DECK, TAKE_OR_STEAL


def get_spec():
    return game_spec()


def lineup(spec, names):
    """The engine's lineup arguments, built as the runner builds them (params padded to one width)."""
    built = build_lineup(spec, len(names), tuple(names))
    return built.functions, built.params


def run_chunk(spec, names, n_games, variants=(), seed=11, first_game=0, debug=True):
    players = len(names)
    strategies, params = lineup(spec, names)
    flags = encode_variants(tuple(variants), players)
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug)
    return seat_results, game_results


@njit(STRATEGY_SIGNATURE, cache=True)
def prefer_steal(state, seat, kind, options, n_options, params, stream):
    """Scripted: steals whenever offered (last TAKE_OR_STEAL option), otherwise the first option."""
    if kind == TAKE_OR_STEAL:
        for i in range(n_options):
            if options[i] != TAKE_FROM_DECK:
                return i
    return 0


@njit(STRATEGY_SIGNATURE, cache=True)
def out_of_range(state, seat, kind, options, n_options, params, stream):
    """Scripted: always answers one past the last option (a bug the engine must catch)."""
    return n_options
