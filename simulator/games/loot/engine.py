"""Loot Island engine: ``play_chunk`` (contract entry point), ``play_game`` and helpers.

``play_chunk`` is a thin Python wrapper (loads the tables once, pads the lineup to 5 seats so
that a single compiled engine serves every player count and lineup) around the numba function
``play_chunk_jit``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.core.rng import PURPOSE_DEAL, PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.games.loot.actions import actions_phase
from simulator.games.loot.end import end_scoring, final_exploration
from simulator.games.loot.invariants import check_invariants
from simulator.games.loot.loot import loot_phase
from simulator.games.loot.preparation import preparation_phase
from simulator.games.loot.primitives import log
from simulator.games.loot.setup import setup_game, write_info
from simulator.games.loot.state import (
    AARON, ELIM_CUBES, LOG_CAP, L_ROUND, OPT_CAP, PH_ACTIONS, PH_LOOT, PH_PREPARATION, ROUNDS, S_CROSSES, S_CUBES,
    S_DEBUG, S_ELIM, S_END_EARLY, S_EV_ORDER, S_FIRST, S_GOLD, S_HAS_AARON, S_HEALER, S_ISLANDS_USED, S_KEPT_TYPE,
    S_LOOT_ROUND, S_PHASE, S_ROUND, S_SCORE, S_SHIP_CORNER, S_SHIP_DIR, S_TURNS, STATE_SIZE, S_TOWNER, N_TREASURES,
    TT_AMULET, TT_BOOK, TT_COIN, TT_CROWN, TT_JEWEL, TT_SKULL_F, TT_SKULL_L, TT_SKULL_R, S_PLAYERS, S_LOG_N,
    S_VAR, V_CROWNS_AFTER_HEALERS,
)
from simulator.games.loot.primitives import explored_coast
from simulator.games.loot.state import BUFFER_CAP
from simulator.games.loot.scoring import crown_crosses, final_loot_value, treasure_value, healer_cost

SEAT_COLUMNS = (
    "score", "rank", "gold", "curse_cubes", "eliminated", "coin_sacks", "amulets", "jewels", "crowns", "skulls",
    "books", "crosses", "healer", "healer_cost", "first_player_tile", "treasures_kept",
)
GAME_COLUMNS = (
    "length", "event_1", "event_2", "event_3", "event_4", "event_5", "loot_round_1", "loot_round_2",
    "loot_round_3", "loot_round_4", "loot_round_5", "loot_final", "small_islands_used", "ended_early",
    "winning_seat", "aaron_crosses",
)
N_SEAT_COLUMNS = len(SEAT_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)


@njit(cache=True)
def verify_final_score(state, treasure_table, scoring_table, healer_table, scores):
    """Debug: recompute every seat's final score from the kept treasures alone."""
    players = state[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    n_cross = players + state[S_HAS_AARON]
    crosses = np.zeros(n_cross, dtype=np.int64)
    after = state[S_VAR + V_CROWNS_AFTER_HEALERS] == 1
    for p in range(n_cross):
        owner = p if p < players else AARON
        n = 0
        for t in range(N_TREASURES):
            if state[S_TOWNER + t] == owner:
                kept[n] = t
                n += 1
        c = crown_crosses(kept, n, treasure_table)
        if c != state[S_CROSSES + owner]:
            raise AssertionError("invariant: final score (crosses recount)")
        if p < players and (state[S_ELIM + p] == ELIM_CUBES or (after and state[S_ELIM + p] != 0)):
            c = 0
        crosses[p] = c
    for p in range(players):
        if state[S_ELIM + p] != 0:
            if scores[p] != 0:
                raise AssertionError("invariant: final score of an eliminated seat is not 0")
            continue
        n = 0
        for t in range(N_TREASURES):
            if state[S_TOWNER + t] == p:
                kept[n] = t
                n += 1
        gold = treasure_value(kept, n, crosses, p, treasure_table, scoring_table)
        value = final_loot_value(gold, state[S_FIRST] == p, state[S_CUBES + p], state[S_HEALER + p], healer_table,
                                 scoring_table)
        if value != scores[p] or value < 0:
            raise AssertionError("invariant: final score recomputed from scratch differs")


@njit(cache=True)
def play_game(state, tables, treasure_table, scoring_table, healer_table, game_log, deal_stream, players, flags,
              logging, debug, strategies, params, streams, options, buffer, scratch,
              scores, ranks):
    """One whole game; fills ``scores`` and ``ranks`` (state ``state`` holds everything else)."""
    setup_game(state, tables, game_log, deal_stream, players, flags, logging, debug, strategies, params, streams,
               options, scratch)
    if debug:
        check_invariants(state, tables)
    for r in range(1, ROUNDS + 1):
        state[S_ROUND] = r
        if r > 1:
            state[S_PHASE] = PH_PREPARATION
            log(state, game_log, L_ROUND, r, state[S_SHIP_CORNER], state[S_SHIP_DIR], state[S_FIRST], 0)
            preparation_phase(state, tables, game_log, deal_stream, strategies, params, streams, options)
            if debug:
                check_invariants(state, tables)
        if state[S_END_EARLY] == 1:
            break
        state[S_PHASE] = PH_ACTIONS
        actions_phase(state, tables, game_log, deal_stream, strategies, params, streams, options, buffer)
        if debug:
            check_invariants(state, tables)
        if state[S_END_EARLY] == 1:
            break
        state[S_PHASE] = PH_LOOT
        loot_phase(state, game_log, deal_stream, strategies, params, streams, options)
        if debug:
            check_invariants(state, tables)
        if state[S_END_EARLY] == 1:
            break
    produced = final_exploration(state, game_log, deal_stream, strategies, params, streams, options)
    if debug:
        check_invariants(state, tables)
    end_scoring(state, game_log, treasure_table, scoring_table, healer_table, strategies, params, streams, options,
                scores, ranks)
    if debug:
        verify_final_score(state, treasure_table, scoring_table, healer_table, scores)
    return produced


@njit(cache=True)
def fill_results(state, healer_table, players, produced, scores, ranks, seat_row, game_row):
    for p in range(players):
        seat_row[p, 0] = scores[p]
        seat_row[p, 1] = ranks[p]
        seat_row[p, 2] = state[S_GOLD + p]
        seat_row[p, 3] = state[S_CUBES + p]
        seat_row[p, 4] = state[S_ELIM + p]
        k = S_KEPT_TYPE + p * 8
        seat_row[p, 5] = state[k + TT_COIN]
        seat_row[p, 6] = state[k + TT_AMULET]
        seat_row[p, 7] = state[k + TT_JEWEL]
        seat_row[p, 8] = state[k + TT_CROWN]
        seat_row[p, 9] = state[k + TT_SKULL_R] + state[k + TT_SKULL_L] + state[k + TT_SKULL_F]
        seat_row[p, 10] = state[k + TT_BOOK]
        seat_row[p, 11] = state[S_CROSSES + p]
        h = state[S_HEALER + p]
        seat_row[p, 12] = h
        seat_row[p, 13] = healer_cost(h, state[S_CUBES + p], healer_table) if h >= 0 else 0
        seat_row[p, 14] = 1 if state[S_FIRST] == p else 0
        total = 0
        for j in range(8):
            total += state[k + j]
        seat_row[p, 15] = total
    game_row[0] = state[S_TURNS]
    for r in range(ROUNDS):
        game_row[1 + r] = state[S_EV_ORDER + r]
        game_row[6 + r] = state[S_LOOT_ROUND + r]
    game_row[11] = produced
    game_row[12] = state[S_ISLANDS_USED]
    game_row[13] = state[S_END_EARLY]
    winner = -1
    for p in range(players):
        if ranks[p] == 1:
            winner = p
    game_row[14] = winner
    game_row[15] = state[S_CROSSES + AARON] if state[S_HAS_AARON] == 1 else 0


@njit(cache=True)
def play_chunk_jit(run_seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug, tables,
                   treasure_table, scoring_table,
                   healer_table):
    players = seat_results.shape[1]
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    write_info(state, tables)
    game_log = np.zeros((1, 6), dtype=np.int64)
    deal_stream = np.zeros(1, dtype=np.uint64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(OPT_CAP, dtype=np.int64)
    buffer = np.zeros(BUFFER_CAP, dtype=np.int64)
    scratch = np.zeros(32, dtype=np.int64)
    scores = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    for g in range(n_games):
        game = first_game + g
        reset_stream(deal_stream, run_seed, game, PURPOSE_DEAL)
        for k in range(players):
            reset_stream(streams[k], run_seed, game, PURPOSE_FIRST_STRATEGY + k)
        produced = play_game(state, tables, treasure_table, scoring_table, healer_table, game_log, deal_stream,
                             players, flags, 0, 1 if debug else 0, strategies, params, streams, options,
                             buffer, scratch, scores, ranks)
        fill_results(state, healer_table, players, produced, scores, ranks, seat_results[g], game_results[g])


@njit(cache=True)
def play_logged_jit(run_seed, game, players, flags, strategies, params, tables, treasure_table, scoring_table,
                    healer_table, game_log, state):
    """Replay one game with logging on; returns the number of log records (state left in ``state``)."""
    write_info(state, tables)
    deal_stream = np.zeros(1, dtype=np.uint64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    options = np.zeros(OPT_CAP, dtype=np.int64)
    buffer = np.zeros(BUFFER_CAP, dtype=np.int64)
    scratch = np.zeros(32, dtype=np.int64)
    scores = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    reset_stream(deal_stream, run_seed, game, PURPOSE_DEAL)
    for k in range(players):
        reset_stream(streams[k], run_seed, game, PURPOSE_FIRST_STRATEGY + k)
    play_game(state, tables, treasure_table, scoring_table, healer_table, game_log, deal_stream, players, flags, 1, 1,
              strategies, params, streams, options, buffer, scratch, scores, ranks)
    return state[S_LOG_N]


def pad_lineup(functions) -> tuple:
    """Pad the lineup to 5 seats (padding seats never play) so one engine serves all counts."""
    functions = tuple(functions)
    return functions + (functions[0],) * (5 - len(functions))


def play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Contract entry point: see docs/engine-contract.md."""
    from simulator.games.loot.tables import engine_tables

    tables, treasure_table, scoring_table, healer_table = engine_tables()
    params = np.ascontiguousarray(params, dtype=np.float64)
    play_chunk_jit(int(run_seed), int(first_game), int(n_games), np.ascontiguousarray(variant_flags, dtype=np.int64),
                   pad_lineup(strategies), params, seat_results, game_results, bool(debug), tables, treasure_table,
                   scoring_table, healer_table)
