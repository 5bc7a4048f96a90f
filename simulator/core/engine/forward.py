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
  ``simulator.core.engine.decisions.ask`` never asks a strategy to choose among one option.
- ``apply(state, choice, log)``: take option ``choice`` (an index in ``[0, n_options)``) of the
  pending decision and run the game to its next decision (or its end).
- ``final_results(state, seat_row, game_row)``: the finished game's rows of the result arrays.

The play loop below asks the seat's strategy through ``ask`` (same lineup tuple, parameter
matrix and seat streams as the callback engines), so strategies are unchanged.

What the engine records besides the result (``docs/engine-contract.md``, last section):
``play_chunk_recording`` also copies each finished game's rule counters and score trajectory
out of the state, and counts per decision kind how many decisions were asked and how many
options they offered.  An output array with no rows is not filled (``no_records``).

Each game binds the loop to its functions in two compiled one-liners of its own (its
``play_chunk`` and ``play_logged``, ``cache=True``).  The loop functions below are inlined there
(``inline="always"``): compiled as separate functions taking the game's functions as arguments
next to the lineup's first-class functions, numba refuses to cache the caller ("uses dynamic
globals") and would recompile the engine in every process.
"""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import ask
from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream

NO_SEAT = -1
"""``pending_decision``'s seat when the game is over."""


DECISION_ASKED = 0
"""Column of a decision-statistics row: decisions of that kind asked (a strategy chose)."""
DECISION_OPTIONS = 1
"""Column of a decision-statistics row: options those decisions offered, in total."""
DECISION_STAT_COLUMNS = 2


@njit(inline="always")
def play_game(new_game, pending_decision, apply, run_seed, game_index, variant_flags, strategies, params, streams,
              state, options, log, debug, decision_stats):
    """Play one game to its end in ``state``: the core's play loop.

    The game has ``params.shape[0]`` players (one parameter row per seat); ``strategies`` may hold
    more functions than that (see :func:`seat_count`), the extra ones are never asked.
    ``decision_stats[kind]`` (``int64[kinds, 2]``, zeroed by the caller) counts the decisions
    asked and the options they offered; an array with no rows counts nothing."""
    players = seat_count(strategies, params)
    for seat in range(players):
        reset_stream(streams[seat], run_seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    new_game(run_seed, game_index, players, variant_flags, debug, state, log)
    counting = decision_stats.shape[0] > 0
    while True:
        seat, kind, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return
        if counting and 0 <= kind < decision_stats.shape[0]:
            decision_stats[kind, DECISION_ASKED] += 1
            decision_stats[kind, DECISION_OPTIONS] += n_options
        choice = ask(strategies, seat, state, kind, options, n_options, params, streams)
        apply(state, choice, log)


@njit(inline="always")
def seat_count(strategies, params):
    """The number of players of a lineup: the rows of its parameter matrix.

    The lineup tuple is padded to the game's largest player count (``padded_lineup``), so that
    its type, and the engine compiled for it, is the same at every player count: one compile
    per game, not one per player count."""
    players = params.shape[0]
    if players > len(strategies) or players < 1:
        raise ValueError("the lineup has fewer strategies than the parameter matrix has seats")
    return players


def padded_lineup(functions: tuple, max_players: int) -> tuple:
    """``functions`` (one strategy per seat) padded to ``max_players`` entries with the first seat's
    strategy, which the engine never asks for the seats beyond the game's players: every lineup of
    a game then has one numba type (a tuple of ``max_players`` first-class functions), whatever the
    player count, and the engine compiles once for all of them."""
    if not functions or len(functions) >= max_players:
        return tuple(functions)
    return tuple(functions) + (functions[0],) * (max_players - len(functions))


def no_records() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``rule_counts``, ``decision_stats`` and ``trajectories`` for ``play_chunk_recording``: a
    game's plain ``play_chunk`` can be it, recording nothing (one compiled engine serves both)."""
    return (np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0, DECISION_STAT_COLUMNS), dtype=np.int64),
            np.zeros((0, 0), dtype=np.int64))


@njit(inline="always")
def play_chunk(new_game, pending_decision, apply, final_results, state_size, max_options, run_seed, first_game,
               n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Play games ``first_game .. first_game + n_games - 1`` and fill the result arrays
    (the engine entry point ``play_chunk`` of ``docs/engine-contract.md``, for any forward-model game)."""
    none = np.zeros((0, 0), dtype=np.int64)
    play_chunk_recording(new_game, pending_decision, apply, final_results, state_size, max_options, 0, 0, run_seed,
                         first_game, n_games, variant_flags, strategies, params, seat_results, game_results, none,
                         np.zeros((0, 0, DECISION_STAT_COLUMNS), dtype=np.int64), none, debug)


@njit(inline="always")
def play_chunk_recording(new_game, pending_decision, apply, final_results, state_size, max_options, counters_offset,
                         trajectory_offset, run_seed, first_game, n_games, variant_flags, strategies, params,
                         seat_results, game_results, rule_counts, decision_stats, trajectories, debug):
    """``play_chunk`` that also records, per game ``g`` of the chunk (an array with no rows is
    not filled):

    - ``rule_counts[g, i]`` = ``state[counters_offset + i]`` at the end of the game
      (``int64[n_games, len(rule_ids)]``);
    - ``decision_stats[g, kind]`` = (decisions asked, options offered) (``int64[n_games, kinds, 2]``,
      zeroed by the caller);
    - ``trajectories[g, :]`` = the trajectory block ``state[trajectory_offset:]`` (checkpoint
      count, then ``max_checkpoints`` rows of ``max(player_counts)`` standings;
      ``int64[n_games, 1 + max_checkpoints * max_players]``).
    """
    players = seat_count(strategies, params)
    state = np.zeros(state_size, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(max_options, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    no_decision_stats = np.zeros((0, DECISION_STAT_COLUMNS), dtype=np.int64)
    for g in range(n_games):
        stats = decision_stats[g] if decision_stats.shape[0] > 0 else no_decision_stats
        play_game(new_game, pending_decision, apply, run_seed, first_game + g, variant_flags, strategies, params,
                  streams, state, options, log, 1 if debug else 0, stats)
        final_results(state, seat_results[g], game_results[g])
        if rule_counts.shape[0] > 0:
            for rule in range(rule_counts.shape[1]):
                rule_counts[g, rule] = state[counters_offset + rule]
        if trajectories.shape[0] > 0:
            for position in range(trajectories.shape[1]):
                trajectories[g, position] = state[trajectory_offset + position]


@njit(inline="always")
def play_logged(new_game, pending_decision, apply, state_size, max_options, run_seed, game_index, variant_flags,
                strategies, params, log, debug):
    """Play one game with logging on (records appended to ``log``); returns the final state."""
    players = seat_count(strategies, params)
    state = np.zeros(state_size, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(max_options, dtype=np.int64)
    play_game(new_game, pending_decision, apply, run_seed, game_index, variant_flags, strategies, params, streams,
              state, options, log, 1 if debug else 0, np.zeros((0, DECISION_STAT_COLUMNS), dtype=np.int64))
    return state
