"""END OF THE GAME (numba): Final Exploration, elimination, Healers, loot value, winner.

Treasure values come from the scoring helper's functions (``scoring.py``); the tables ``TR2``
(treasures), ``SC`` (scoring) and ``HL2`` (healers) are those of ``components.py``.
"""

import numpy as np
from numba import njit

from simulator.core.decisions import ask
from simulator.core.ranking import competition_ranks
from simulator.games.loot.loot import LOOT_FINAL, resolve_landing
from simulator.games.loot.primitives import explored_coast, log, near_bow_landing
from simulator.games.loot.scoring import eliminated_by_curse, final_loot_value, healer_cost, treasure_value
from simulator.games.loot.state import (
    AARON, D_HEALER, D_HEALER_REVEAL, L_ELIM, L_FINAL, L_HEALER, N_LANDINGS, N_TREASURES, S_ACTOR, S_CROSSES,
    S_CUBES, S_ELIM, S_END_EARLY, S_EVENT, S_FIRST, S_GOLD, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL,
    S_HEALER, S_LAND_EFF, S_PHASE, S_PLAYERS, S_SCORE, S_SHIP_DIR, S_THRESHOLD, S_TOWNER, S_VAR, PH_FINAL,
    PH_OVER, ELIM_CUBES, ELIM_HEALER, V_CROWNS_AFTER_HEALERS, V_EVENT_IN_FINAL, V_TWO_HEALERS,
)


@njit(cache=True)
def final_exploration(s, lg, deal, fs, pr, st, opts):
    """END step 1: every remaining landing, from the one nearest the bow onwards in the bow
    direction, is explored as a Small Loot landing.  Returns the landings that produced loot."""
    s[S_PHASE] = PH_FINAL
    if s[S_VAR + V_EVENT_IN_FINAL] == 0:
        s[S_EVENT] = -1
    produced = 0
    if s[S_END_EARLY] == 1:
        return 0
    start = near_bow_landing(s, explored_coast(s))
    d = s[S_SHIP_DIR]
    for i in range(N_LANDINGS):
        l = (start + i * d + 2 * N_LANDINGS) % N_LANDINGS
        if s[S_LAND_EFF + l] >= s[S_THRESHOLD]:
            if resolve_landing(s, lg, deal, l, LOOT_FINAL, fs, pr, st, opts) > 0:
                produced += 1
            if s[S_END_EARLY] == 1:
                break
    return produced


@njit(cache=True)
def kept_list(s, owner, out):
    n = 0
    for t in range(N_TREASURES):
        if s[S_TOWNER + t] == owner:
            out[n] = t
            n += 1
    return n


@njit(cache=True)
def distance_from_tile(s, seat):
    players = s[S_PLAYERS]
    return (seat - s[S_FIRST] + players) % players


@njit(cache=True)
def treasure_golds(s, TR2, SC, kept, crosses, golds):
    """Treasure gold of every seat not eliminated (crown ranking among ``crosses``)."""
    players = s[S_PLAYERS]
    for p in range(players):
        if s[S_ELIM + p] != 0:
            golds[p] = 0
            continue
        n = kept_list(s, p, kept)
        golds[p] = treasure_value(kept, n, crosses, p, TR2, SC)


@njit(cache=True)
def end_scoring(s, lg, TR2, SC, HL2, fs, pr, st, opts, scores, ranks):
    """END steps 2-4 and the winner: fills ``scores`` and ``ranks`` (rank 0 = eliminated)."""
    players = s[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    ncross = players + s[S_HAS_AARON]
    crosses = np.zeros(ncross, dtype=np.int64)
    golds = np.zeros(players, dtype=np.int64)
    # 2. curse cubes: 13 or more eliminates
    for p in range(players):
        if eliminated_by_curse(s[S_CUBES + p], SC):
            s[S_ELIM + p] = ELIM_CUBES
            log(s, lg, L_ELIM, p, ELIM_CUBES, 0, 0, 0)
    for p in range(players):
        crosses[p] = 0 if s[S_ELIM + p] != 0 else s[S_CROSSES + p]
    if s[S_HAS_AARON] == 1:
        crosses[players] = s[S_CROSSES + AARON]
    treasure_golds(s, TR2, SC, kept, crosses, golds)
    # 3. healers (variant two-healers: each player still in reveals one of their two)
    if s[S_VAR + V_TWO_HEALERS] == 1:
        for i in range(players):
            p = (s[S_FIRST] + i) % players
            if s[S_ELIM + p] != 0:
                continue
            opts[0] = s[S_HEAL_HAND + 2 * p]
            opts[1] = s[S_HEAL_HAND + 2 * p + 1]
            s[S_ACTOR] = p
            h = opts[ask(fs, p, s, D_HEALER_REVEAL, opts, 2, pr, st)]
            s[S_HEAL_POOL + s[S_HEAL_N]] = h
            s[S_HEAL_N] += 1
    order = np.empty(players, dtype=np.int64)
    m = 0
    for p in range(players):
        if s[S_ELIM + p] == 0 and s[S_CUBES + p] > 0:
            order[m] = p
            m += 1
    # ascending cubes; ties: nearest clockwise from the First Player tile holder first
    for i in range(1, m):
        j = i
        while j > 0:
            a = order[j - 1]
            b = order[j]
            ka = s[S_CUBES + a] * 8 + distance_from_tile(s, a)
            kb = s[S_CUBES + b] * 8 + distance_from_tile(s, b)
            if ka > kb:
                order[j - 1] = b
                order[j] = a
                j -= 1
            else:
                break
    for i in range(m):
        p = order[i]
        n = s[S_HEAL_N]
        if n == 0:
            break
        for j in range(n):
            opts[j] = s[S_HEAL_POOL + j]
        s[S_ACTOR] = p
        j = ask(fs, p, s, D_HEALER, opts, n, pr, st)
        h = opts[j]
        s[S_HEAL_POOL + j] = s[S_HEAL_POOL + n - 1]
        s[S_HEAL_N] = n - 1
        s[S_HEALER + p] = h
        log(s, lg, L_HEALER, p, h, healer_cost(h, s[S_CUBES + p], HL2), 0, 0)
    # 4. loot value; unable to pay the healer -> eliminated
    for p in range(players):
        if s[S_ELIM + p] != 0:
            continue
        value = final_loot_value(golds[p], s[S_FIRST] == p, s[S_CUBES + p], s[S_HEALER + p], HL2, SC)
        if value < 0:
            s[S_ELIM + p] = ELIM_HEALER
            log(s, lg, L_ELIM, p, ELIM_HEALER, value, 0, 0)
    if s[S_VAR + V_CROWNS_AFTER_HEALERS] == 1:
        for p in range(players):
            if s[S_ELIM + p] != 0:
                crosses[p] = 0
        treasure_golds(s, TR2, SC, kept, crosses, golds)
    elim = np.zeros(players, dtype=np.int64)
    tiebreak = np.zeros(players, dtype=np.int64)
    for p in range(players):
        elim[p] = s[S_ELIM + p]
        tiebreak[p] = players - distance_from_tile(s, p)
        if s[S_ELIM + p] == 0:
            s[S_GOLD + p] = golds[p]
            scores[p] = final_loot_value(golds[p], s[S_FIRST] == p, s[S_CUBES + p], s[S_HEALER + p], HL2, SC)
        else:
            s[S_GOLD + p] = golds[p]
            scores[p] = 0
        s[S_SCORE + p] = scores[p]
    competition_ranks(scores, tiebreak, elim, ranks)
    for p in range(players):
        log(s, lg, L_FINAL, p, scores[p], ranks[p], golds[p], 0)
    s[S_PHASE] = PH_OVER
