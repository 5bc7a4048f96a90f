"""Engines as forward models: the game is a state vector, the core owns the play loop.

A game that follows this contract (see ``docs/engine-contract.md``) compiles four functions:

- ``new_game(run_seed, game_index, players, variant_flags, debug, state, log)``: set up game
  ``game_index`` of run ``run_seed`` in ``state`` (``int64[:]``, the game's state size) and run
  it to its first decision.  The game's own random stream (``PURPOSE_DEAL``) lives in the
  state, so a copy of the vector is a copy of the game.  ``debug`` (0/1) is kept in the state:
  the game checks its invariants at its own checkpoints (they need not fall on a decision)
  and raises ``AssertionError`` naming the broken invariant.
- ``pending_decision(state, options) -> (seat, kind, n_options)``: the decision the game waits
  for, its options written to ``options[:n_options]``; ``seat`` is -1 when the game is over.
  A game never stops at a decision with a single option: it applies it itself, as
  ``simulator.core.decisions.ask`` never asks a strategy to choose among one option.
- ``apply(state, choice, log)``: take option ``choice`` (an index in ``[0, n_options)``) of the
  pending decision and run the game to its next decision (or its end).
- ``final_results(state, seat_row, game_row)``: the finished game's rows of the result arrays.

The play loop below asks the seat's strategy through ``ask`` (same lineup tuple, parameter
matrix and seat streams as the callback engines), so strategies are unchanged.

Each game binds the loop to its functions in two compiled one-liners of its own (its
``play_chunk`` and ``play_logged``, ``cache=True``).  The loop functions below are inlined there
(``inline="always"``): compiled as separate functions taking the game's functions as arguments
next to the lineup's first-class functions, numba refuses to cache the caller ("uses dynamic
globals") and would recompile the engine in every process.
"""

import numpy as np
from numba import njit

from simulator.core.decisions import ask
from simulator.core.rng import PURPOSE_FIRST_STRATEGY, reset_stream

NO_SEAT = -1
"""``pending_decision``'s seat when the game is over."""


@njit(inline="always")
def play_game(new_game, pending_decision, apply, run_seed, game_index, variant_flags, strategies, params, streams,
              state, options, log, debug):
    """Play one game to its end in ``state``: the core's play loop."""
    players = len(strategies)
    for seat in range(players):
        reset_stream(streams[seat], run_seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    new_game(run_seed, game_index, players, variant_flags, debug, state, log)
    while True:
        seat, kind, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return
        choice = ask(strategies, seat, state, kind, options, n_options, params, streams)
        apply(state, choice, log)


@njit(inline="always")
def play_chunk(new_game, pending_decision, apply, final_results, state_size, max_options, run_seed, first_game,
               n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Play games ``first_game .. first_game + n_games - 1`` and fill the result arrays
    (the engine entry point ``play_chunk`` of ``docs/engine-contract.md``, for any forward-model game)."""
    players = len(strategies)
    state = np.zeros(state_size, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(max_options, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    for g in range(n_games):
        play_game(new_game, pending_decision, apply, run_seed, first_game + g, variant_flags, strategies, params,
                  streams, state, options, log, 1 if debug else 0)
        final_results(state, seat_results[g], game_results[g])


@njit(inline="always")
def play_logged(new_game, pending_decision, apply, state_size, max_options, run_seed, game_index, variant_flags,
                strategies, params, log, debug):
    """Play one game with logging on (records appended to ``log``); returns the final state."""
    players = len(strategies)
    state = np.zeros(state_size, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(max_options, dtype=np.int64)
    play_game(new_game, pending_decision, apply, run_seed, game_index, variant_flags, strategies, params, streams,
              state, options, log, 1 if debug else 0)
    return state
