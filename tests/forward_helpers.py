"""Driving a forward-model engine by hand from a test (simulator/core/engine/forward.py), for any game."""

import numpy as np

from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream

NO_LOG = np.zeros((0, 6), dtype=np.int64)


def play_out(pending_decision, apply, max_options, state, choices, log=NO_LOG):
    """Apply choices drawn from ``choices`` (a numpy Generator) until the game is over; returns
    the list of (seat, kind, options) seen."""
    options = np.zeros(max_options, dtype=np.int64)
    seen = []
    while True:
        seat, kind, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return seen
        seen.append((int(seat), int(kind), tuple(options[:n_options])))
        apply(state, int(choices.integers(n_options)), log)


def step_with_strategies(pending_decision, apply, max_options, state, functions, params, seed, game_index):
    """Play ``state`` to its end as the core's loop does (each seat's strategy with its own stream),
    but one decision at a time from Python."""
    players = len(functions)
    streams = np.zeros((players, 1), dtype=np.uint64)
    for seat in range(players):
        reset_stream(streams[seat], seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    options = np.zeros(max_options, dtype=np.int64)
    while True:
        seat, kind, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return
        choice = functions[seat](state, seat, kind, options, n_options, params[seat], streams[seat])
        apply(state, choice, NO_LOG)
