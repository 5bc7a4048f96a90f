"""END OF THE GAME (numba): Final Exploration, elimination, Healers, loot value, winner.

Treasure values come from the scoring helper's functions (``scoring.py``); the tables ``treasure_table``
(treasures), ``scoring_table`` (scoring) and ``healer_table`` (healers) are those of ``components.py``.
"""

import numpy as np
from numba import njit

from simulator.core.decisions import ask
from simulator.core.ranking import competition_ranks
from simulator.games.loot.loot import LOOT_FINAL, resolve_landing
from simulator.games.loot.primitives import explored_coast, log, near_bow_landing
from simulator.games.loot.scoring import eliminated_by_curse, final_loot_value, healer_cost, treasure_value
from simulator.games.loot.state import (
    AARON, D_HEALER, D_HEALER_REVEAL, L_ELIM, L_FINAL, L_HEALER, L_HEALER_REVEAL, N_LANDINGS, N_TREASURES, S_ACTOR,
    S_CROSSES, S_CUBES, S_ELIM, S_END_EARLY, S_EVENT, S_FIRST, S_GOLD, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL,
    S_HEALER, S_LAND_EFF, S_PHASE, S_PLAYERS, S_SCORE, S_SHIP_DIR, S_THRESHOLD, S_TOWNER, S_VAR, PH_FINAL, PH_OVER,
    ELIM_CUBES, ELIM_HEALER, V_CROWNS_AFTER_HEALERS, V_EVENT_IN_FINAL, V_TWO_HEALERS,
)


@njit(cache=True)
def final_exploration(state, game_log, deal_stream, strategies, params, streams, options):
    """END step 1: every remaining landing, from the one nearest the bow onwards in the bow
    direction, is explored as a Small Loot landing.  Returns the landings that produced loot."""
    state[S_PHASE] = PH_FINAL
    if state[S_VAR + V_EVENT_IN_FINAL] == 0:
        state[S_EVENT] = -1
    produced = 0
    if state[S_END_EARLY] == 1:
        return 0
    start = near_bow_landing(state, explored_coast(state))
    d = state[S_SHIP_DIR]
    for i in range(N_LANDINGS):
        l = (start + i * d + 2 * N_LANDINGS) % N_LANDINGS
        if state[S_LAND_EFF + l] >= state[S_THRESHOLD]:
            if resolve_landing(state, game_log, deal_stream, l, LOOT_FINAL, strategies, params, streams, options) > 0:
                produced += 1
            if state[S_END_EARLY] == 1:
                break
    return produced


@njit(cache=True)
def kept_list(state, owner, out):
    n = 0
    for t in range(N_TREASURES):
        if state[S_TOWNER + t] == owner:
            out[n] = t
            n += 1
    return n


@njit(cache=True)
def distance_from_tile(state, seat):
    players = state[S_PLAYERS]
    return (seat - state[S_FIRST] + players) % players


@njit(cache=True)
def treasure_golds(state, treasure_table, scoring_table, kept, crosses, golds):
    """Treasure gold of every seat not eliminated (crown ranking among ``crosses``)."""
    players = state[S_PLAYERS]
    for p in range(players):
        if state[S_ELIM + p] != 0:
            golds[p] = 0
            continue
        n = kept_list(state, p, kept)
        golds[p] = treasure_value(kept, n, crosses, p, treasure_table, scoring_table)


@njit(cache=True)
def reveal_two_healers(state, game_log, strategies, params, streams, options):
    """Variant two-healers (VARIANTES, Guérisseuse variante 2): at the end of the game *each
    player* ("chaque joueur") chooses one of their two Healers and lays it face up; then the usual
    choice follows.  Every seat reveals, those eliminated by cubes included (the elimination note
    of step 3 is about choosing, not revealing), so the pool holds one Healer per player as in the
    plain game.  The reveal is simultaneous: each seat chooses before any card is face up (the
    pool stays empty until all have chosen); logged in turn order from the tile holder."""
    players = state[S_PLAYERS]
    chosen = np.empty(players, dtype=np.int64)
    for i in range(players):
        p = (state[S_FIRST] + i) % players
        options[0] = state[S_HEAL_HAND + 2 * p]
        options[1] = state[S_HEAL_HAND + 2 * p + 1]
        state[S_ACTOR] = p
        chosen[i] = options[ask(strategies, p, state, D_HEALER_REVEAL, options, 2, params, streams)]
    for i in range(players):
        state[S_HEAL_POOL + state[S_HEAL_N]] = chosen[i]
        state[S_HEAL_N] += 1
        log(state, game_log, L_HEALER_REVEAL, (state[S_FIRST] + i) % players, chosen[i], 0, 0, 0)


@njit(cache=True)
def end_scoring(state, game_log, treasure_table, scoring_table, healer_table, strategies, params, streams, options,
                scores, ranks):
    """END steps 2-4 and the winner: fills ``scores`` and ``ranks`` (rank 0 = eliminated)."""
    players = state[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    ncross = players + state[S_HAS_AARON]
    crosses = np.zeros(ncross, dtype=np.int64)
    golds = np.zeros(players, dtype=np.int64)
    # 2. curse cubes: 13 or more eliminates
    for p in range(players):
        if eliminated_by_curse(state[S_CUBES + p], scoring_table):
            state[S_ELIM + p] = ELIM_CUBES
            log(state, game_log, L_ELIM, p, ELIM_CUBES, 0, 0, 0)
    for p in range(players):
        crosses[p] = 0 if state[S_ELIM + p] != 0 else state[S_CROSSES + p]
    if state[S_HAS_AARON] == 1:
        crosses[players] = state[S_CROSSES + AARON]
    treasure_golds(state, treasure_table, scoring_table, kept, crosses, golds)
    # 3. healers (variant two-healers: the revealed ones come from the players' hands)
    if state[S_VAR + V_TWO_HEALERS] == 1:
        reveal_two_healers(state, game_log, strategies, params, streams, options)
    order = np.empty(players, dtype=np.int64)
    choosing = 0
    for p in range(players):
        if state[S_ELIM + p] == 0 and state[S_CUBES + p] > 0:
            order[choosing] = p
            choosing += 1
    # ascending cubes; ties: nearest clockwise from the First Player tile holder first
    for i in range(1, choosing):
        j = i
        while j > 0:
            a = order[j - 1]
            b = order[j]
            tiebreak_a = state[S_CUBES + a] * 8 + distance_from_tile(state, a)
            tiebreak_b = state[S_CUBES + b] * 8 + distance_from_tile(state, b)
            if tiebreak_a > tiebreak_b:
                order[j - 1] = b
                order[j] = a
                j -= 1
            else:
                break
    for i in range(choosing):
        p = order[i]
        n = state[S_HEAL_N]
        if n == 0:
            break
        for j in range(n):
            options[j] = state[S_HEAL_POOL + j]
        state[S_ACTOR] = p
        j = ask(strategies, p, state, D_HEALER, options, n, params, streams)
        healer = options[j]
        state[S_HEAL_POOL + j] = state[S_HEAL_POOL + n - 1]
        state[S_HEAL_N] = n - 1
        state[S_HEALER + p] = healer
        log(state, game_log, L_HEALER, p, healer, healer_cost(healer, state[S_CUBES + p], healer_table), 0, 0)
    # 4. loot value; unable to pay the healer -> eliminated
    for p in range(players):
        if state[S_ELIM + p] != 0:
            continue
        value = final_loot_value(golds[p], state[S_FIRST] == p, state[S_CUBES + p], state[S_HEALER + p], healer_table,
                                 scoring_table)
        if value < 0:
            state[S_ELIM + p] = ELIM_HEALER
            log(state, game_log, L_ELIM, p, ELIM_HEALER, value, 0, 0)
    if state[S_VAR + V_CROWNS_AFTER_HEALERS] == 1:
        for p in range(players):
            if state[S_ELIM + p] != 0:
                crosses[p] = 0
        treasure_golds(state, treasure_table, scoring_table, kept, crosses, golds)
    eliminated = np.zeros(players, dtype=np.int64)
    tiebreak = np.zeros(players, dtype=np.int64)
    for p in range(players):
        eliminated[p] = state[S_ELIM + p]
        tiebreak[p] = players - distance_from_tile(state, p)
        if state[S_ELIM + p] == 0:
            state[S_GOLD + p] = golds[p]
            scores[p] = final_loot_value(golds[p], state[S_FIRST] == p, state[S_CUBES + p], state[S_HEALER + p],
                                         healer_table, scoring_table)
        else:
            state[S_GOLD + p] = golds[p]
            scores[p] = 0
        state[S_SCORE + p] = scores[p]
    competition_ranks(scores, tiebreak, eliminated, ranks)
    for p in range(players):
        log(state, game_log, L_FINAL, p, scores[p], ranks[p], golds[p], 0)
    state[S_PHASE] = PH_OVER
