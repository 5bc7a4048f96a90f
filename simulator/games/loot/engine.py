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
def verify_final_score(s, TR2, SC, HL2, scores):
    """Debug: recompute every seat's final score from the kept treasures alone."""
    players = s[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    n_cross = players + s[S_HAS_AARON]
    crosses = np.zeros(n_cross, dtype=np.int64)
    after = s[S_VAR + V_CROWNS_AFTER_HEALERS] == 1
    for p in range(n_cross):
        owner = p if p < players else AARON
        n = 0
        for t in range(N_TREASURES):
            if s[S_TOWNER + t] == owner:
                kept[n] = t
                n += 1
        c = crown_crosses(kept, n, TR2)
        if c != s[S_CROSSES + owner]:
            raise AssertionError("invariant: final score (crosses recount)")
        if p < players and (s[S_ELIM + p] == ELIM_CUBES or (after and s[S_ELIM + p] != 0)):
            c = 0
        crosses[p] = c
    for p in range(players):
        if s[S_ELIM + p] != 0:
            if scores[p] != 0:
                raise AssertionError("invariant: final score of an eliminated seat is not 0")
            continue
        n = 0
        for t in range(N_TREASURES):
            if s[S_TOWNER + t] == p:
                kept[n] = t
                n += 1
        gold = treasure_value(kept, n, crosses, p, TR2, SC)
        value = final_loot_value(gold, s[S_FIRST] == p, s[S_CUBES + p], s[S_HEALER + p], HL2, SC)
        if value != scores[p] or value < 0:
            raise AssertionError("invariant: final score recomputed from scratch differs")


@njit(cache=True)
def play_game(s, T, TR2, SC, HL2, lg, deal, players, flags, logging, debug, fs, pr, st, opts, buf, scratch,
              scores, ranks):
    """One whole game; fills ``scores`` and ``ranks`` (state ``s`` holds everything else)."""
    setup_game(s, T, lg, deal, players, flags, logging, debug, fs, pr, st, opts, scratch)
    if debug:
        check_invariants(s, T)
    for r in range(1, ROUNDS + 1):
        s[S_ROUND] = r
        if r > 1:
            s[S_PHASE] = PH_PREPARATION
            log(s, lg, L_ROUND, r, s[S_SHIP_CORNER], s[S_SHIP_DIR], s[S_FIRST], 0)
            preparation_phase(s, T, lg, deal, fs, pr, st, opts)
            if debug:
                check_invariants(s, T)
        if s[S_END_EARLY] == 1:
            break
        s[S_PHASE] = PH_ACTIONS
        actions_phase(s, T, lg, deal, fs, pr, st, opts, buf)
        if debug:
            check_invariants(s, T)
        if s[S_END_EARLY] == 1:
            break
        s[S_PHASE] = PH_LOOT
        loot_phase(s, lg, deal, fs, pr, st, opts)
        if debug:
            check_invariants(s, T)
        if s[S_END_EARLY] == 1:
            break
    produced = final_exploration(s, lg, deal, fs, pr, st, opts)
    if debug:
        check_invariants(s, T)
    end_scoring(s, lg, TR2, SC, HL2, fs, pr, st, opts, scores, ranks)
    if debug:
        verify_final_score(s, TR2, SC, HL2, scores)
    return produced


@njit(cache=True)
def fill_results(s, HL2, players, produced, scores, ranks, seat_row, game_row):
    for p in range(players):
        seat_row[p, 0] = scores[p]
        seat_row[p, 1] = ranks[p]
        seat_row[p, 2] = s[S_GOLD + p]
        seat_row[p, 3] = s[S_CUBES + p]
        seat_row[p, 4] = s[S_ELIM + p]
        k = S_KEPT_TYPE + p * 8
        seat_row[p, 5] = s[k + TT_COIN]
        seat_row[p, 6] = s[k + TT_AMULET]
        seat_row[p, 7] = s[k + TT_JEWEL]
        seat_row[p, 8] = s[k + TT_CROWN]
        seat_row[p, 9] = s[k + TT_SKULL_R] + s[k + TT_SKULL_L] + s[k + TT_SKULL_F]
        seat_row[p, 10] = s[k + TT_BOOK]
        seat_row[p, 11] = s[S_CROSSES + p]
        h = s[S_HEALER + p]
        seat_row[p, 12] = h
        seat_row[p, 13] = healer_cost(h, s[S_CUBES + p], HL2) if h >= 0 else 0
        seat_row[p, 14] = 1 if s[S_FIRST] == p else 0
        total = 0
        for j in range(8):
            total += s[k + j]
        seat_row[p, 15] = total
    game_row[0] = s[S_TURNS]
    for r in range(ROUNDS):
        game_row[1 + r] = s[S_EV_ORDER + r]
        game_row[6 + r] = s[S_LOOT_ROUND + r]
    game_row[11] = produced
    game_row[12] = s[S_ISLANDS_USED]
    game_row[13] = s[S_END_EARLY]
    winner = -1
    for p in range(players):
        if ranks[p] == 1:
            winner = p
    game_row[14] = winner
    game_row[15] = s[S_CROSSES + AARON] if s[S_HAS_AARON] == 1 else 0


@njit(cache=True)
def play_chunk_jit(run_seed, first_game, n_games, flags, fs, pr, seat_results, game_results, debug, T, TR2, SC,
                   HL2):
    players = seat_results.shape[1]
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    write_info(s, T)
    lg = np.zeros((1, 6), dtype=np.int64)
    deal = np.zeros(1, dtype=np.uint64)
    st = np.zeros((players, 1), dtype=np.uint64)
    opts = np.zeros(OPT_CAP, dtype=np.int64)
    buf = np.zeros(128, dtype=np.int64)
    scratch = np.zeros(32, dtype=np.int64)
    scores = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    for g in range(n_games):
        game = first_game + g
        reset_stream(deal, run_seed, game, PURPOSE_DEAL)
        for k in range(players):
            reset_stream(st[k], run_seed, game, PURPOSE_FIRST_STRATEGY + k)
        produced = play_game(s, T, TR2, SC, HL2, lg, deal, players, flags, 0, 1 if debug else 0, fs, pr, st, opts,
                             buf, scratch, scores, ranks)
        fill_results(s, HL2, players, produced, scores, ranks, seat_results[g], game_results[g])


@njit(cache=True)
def play_logged_jit(run_seed, game, players, flags, fs, pr, T, TR2, SC, HL2, lg, s):
    """Replay one game with logging on; returns the number of log records (state left in ``s``)."""
    write_info(s, T)
    deal = np.zeros(1, dtype=np.uint64)
    st = np.zeros((players, 1), dtype=np.uint64)
    opts = np.zeros(OPT_CAP, dtype=np.int64)
    buf = np.zeros(128, dtype=np.int64)
    scratch = np.zeros(32, dtype=np.int64)
    scores = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    reset_stream(deal, run_seed, game, PURPOSE_DEAL)
    for k in range(players):
        reset_stream(st[k], run_seed, game, PURPOSE_FIRST_STRATEGY + k)
    play_game(s, T, TR2, SC, HL2, lg, deal, players, flags, 1, 1, fs, pr, st, opts, buf, scratch, scores, ranks)
    return s[S_LOG_N]


def pad_lineup(functions) -> tuple:
    """Pad the lineup to 5 seats (padding seats never play) so one engine serves all counts."""
    functions = tuple(functions)
    return functions + (functions[0],) * (5 - len(functions))


def play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Contract entry point: see docs/engine-contract.md."""
    from simulator.games.loot.tables import engine_tables

    T, TR2, SC, HL2 = engine_tables()
    params = np.ascontiguousarray(params, dtype=np.float64)
    play_chunk_jit(int(run_seed), int(first_game), int(n_games), np.ascontiguousarray(variant_flags, dtype=np.int64),
                   pad_lineup(strategies), params, seat_results, game_results, bool(debug), T, TR2, SC, HL2)


# the runner asks ``spec.play_chunk._cache`` whether the engine is compiled already
play_chunk._cache = play_chunk_jit._cache
