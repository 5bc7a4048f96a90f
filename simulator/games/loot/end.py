"""END OF THE GAME (numba): Final Exploration, elimination, Healers, loot value, winner.

Treasure values come from the scoring helper's functions (``scoring.py``) on the tables of the run's
rules block in the state (``scoring.treasure_rows`` / ``scoring_rows`` / ``healer_rows``: the layouts
of ``components.py``, values of the rule settings).
"""

import numpy as np
from numba import njit

from simulator.core.engine.ranking import competition_ranks
from simulator.games.loot.components import NO_HEALER
from simulator.games.loot.primitives import explored_coast, log, near_bow_landing
from simulator.games.loot.scoring import (
    eliminated_by_curse, final_loot_value, healer_cost, healer_rows, scoring_rows, treasure_rows, treasure_value,
)
from simulator.games.loot.state import (
    MAX_PLAYERS, S_TRAJECTORY,
    FIRED_ELIMINATED_CUBES, FIRED_HEALER_CHOSEN, FIRED_ELIMINATED_HEALER, S_FIRED_VARIANT,
    AARON, ELIM_CUBES, ELIM_HEALER, L_ELIM, L_FINAL, L_HEALER, L_HEALER_REVEAL, N_LANDINGS, N_TREASURES, PH_FINAL,
    PH_OVER, S_CROSSES, S_CUBES, S_ELIM, S_EVENT, S_FINAL_START, S_FIRST, S_GOLD, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N,
    S_HEAL_POOL, S_HEALER, S_HEALER_CHOOSING, S_HEALER_CHOSEN, S_HEALER_ORDER, S_PHASE, S_PLAYERS, S_RANK, S_SCORE,
    S_SHIP_DIR, S_TOWNER, S_VAR, V_CROWNS_AFTER_HEALERS, V_EVENT_IN_FINAL, S_RULES, T_START_GOLD,
)


@njit(cache=True)
def start_final_exploration(state):
    """END step 1: every remaining landing, from the one nearest the bow onwards in the bow
    direction, is explored as a Small Loot landing (the engine resolves them one by one); the
    round-5 event no longer applies (variant event-in-final: it does).  Returns the first landing."""
    state[S_PHASE] = PH_FINAL
    if state[S_VAR + V_EVENT_IN_FINAL] == 0:
        state[S_EVENT] = -1
    elif state[S_EVENT] >= 0:
        state[S_FIRED_VARIANT + V_EVENT_IN_FINAL] += 1
    return near_bow_landing(state, explored_coast(state))


@njit(cache=True, inline='always')
def final_landing(state, index):
    """The ``index``-th landing of the Final Exploration (from the bow, in the bow direction)."""
    return (state[S_FINAL_START] + index * state[S_SHIP_DIR] + 2 * N_LANDINGS) % N_LANDINGS


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
def curse_eliminations(state, game_log):
    """END step 2: 13 curse cubes or more eliminate (setting elimination_cubes)."""
    scoring_table = scoring_rows(state)
    for p in range(state[S_PLAYERS]):
        if eliminated_by_curse(state[S_CUBES + p], scoring_table):
            state[S_ELIM + p] = ELIM_CUBES
            state[FIRED_ELIMINATED_CUBES] += 1
            log(state, game_log, L_ELIM, p, ELIM_CUBES, 0, 0, 0)


@njit(cache=True)
def healer_reveal_options(state, seat, options):
    """Decision ``healer_reveal`` (variant two-healers, VARIANTES, Guérisseuse variante 2): at the
    end of the game *each player* ("chaque joueur") chooses one of their two Healers to lay face
    up.  Every seat reveals, those eliminated by cubes included (the elimination note of step 3 is
    about choosing, not revealing), so the pool holds one Healer per player as in the plain game."""
    options[0] = state[S_HEAL_HAND + 2 * seat]
    options[1] = state[S_HEAL_HAND + 2 * seat + 1]
    return 2


@njit(cache=True)
def reveal_healers(state, game_log):
    """Variant two-healers: the reveal is simultaneous: each seat chose (S_HEALER_CHOSEN, in turn
    order from the tile holder) before any card is face up; now they all go to the pool."""
    players = state[S_PLAYERS]
    for i in range(players):
        state[S_HEAL_POOL + state[S_HEAL_N]] = state[S_HEALER_CHOSEN + i]
        state[S_HEAL_N] += 1
        log(state, game_log, L_HEALER_REVEAL, (state[S_FIRST] + i) % players, state[S_HEALER_CHOSEN + i], 0, 0, 0)


@njit(cache=True)
def healer_order(state):
    """END step 3: the seats still in with curse cubes choose a Healer, ascending cubes; ties:
    nearest clockwise from the First Player tile holder first (S_HEALER_ORDER, S_HEALER_CHOOSING)."""
    players = state[S_PLAYERS]
    choosing = 0
    for p in range(players):
        if state[S_ELIM + p] == 0 and state[S_CUBES + p] > 0:
            state[S_HEALER_ORDER + choosing] = p
            choosing += 1
    for i in range(1, choosing):
        j = i
        while j > 0:
            a = state[S_HEALER_ORDER + j - 1]
            b = state[S_HEALER_ORDER + j]
            tiebreak_a = state[S_CUBES + a] * 8 + distance_from_tile(state, a)
            tiebreak_b = state[S_CUBES + b] * 8 + distance_from_tile(state, b)
            if tiebreak_a > tiebreak_b:
                state[S_HEALER_ORDER + j - 1] = b
                state[S_HEALER_ORDER + j] = a
                j -= 1
            else:
                break
    state[S_HEALER_CHOOSING] = choosing


@njit(cache=True)
def healer_options(state, options):
    """Decision ``healer``: the Healers left in the pool."""
    n = state[S_HEAL_N]
    for j in range(n):
        options[j] = state[S_HEAL_POOL + j]
    return n


@njit(cache=True)
def choose_healer(state, game_log, seat, healer):
    """END step 3: ``seat`` takes ``healer`` from the pool."""
    healer_table = healer_rows(state)
    n = state[S_HEAL_N]
    for j in range(n):
        if state[S_HEAL_POOL + j] == healer:
            state[S_HEAL_POOL + j] = state[S_HEAL_POOL + n - 1]
            break
    state[S_HEAL_N] = n - 1
    state[S_HEALER + seat] = healer
    state[FIRED_HEALER_CHOSEN] += 1
    log(state, game_log, L_HEALER, seat, healer, healer_cost(healer, state[S_CUBES + seat], healer_table), 0, 0)


@njit(cache=True)
def finish_scoring(state, game_log):
    """END step 4 and the winner: loot values (S_SCORE; unable to pay the Healer -> eliminated)
    and ranks (S_RANK, 0 = eliminated).  The treasure gold counts the crown ranking among the
    seats not eliminated by cubes (variant crowns-after-healers: nor by their Healer).  A seat's
    starting gold (setting seatK_start_gold) adds to its treasures' gold: it helps pay the Healer."""
    treasure_table = treasure_rows(state)
    scoring_table = scoring_rows(state)
    healer_table = healer_rows(state)
    players = state[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    ncross = players + state[S_HAS_AARON]
    crosses = np.zeros(ncross, dtype=np.int64)
    golds = np.zeros(players, dtype=np.int64)
    for p in range(players):
        crosses[p] = 0 if state[S_ELIM + p] != 0 else state[S_CROSSES + p]
    if state[S_HAS_AARON] == 1:
        crosses[players] = state[S_CROSSES + AARON]
    treasure_golds(state, treasure_table, scoring_table, kept, crosses, golds)
    for p in range(players):
        if state[S_ELIM + p] != 0:
            continue
        value = final_loot_value(golds[p] + state[S_RULES + T_START_GOLD + p], state[S_FIRST] == p,
                                 state[S_CUBES + p], state[S_HEALER + p], healer_table, scoring_table)
        if value < 0:
            state[S_ELIM + p] = ELIM_HEALER
            state[FIRED_ELIMINATED_HEALER] += 1
            log(state, game_log, L_ELIM, p, ELIM_HEALER, value, 0, 0)
    if state[S_VAR + V_CROWNS_AFTER_HEALERS] == 1:
        for p in range(players):
            if state[S_ELIM + p] != 0:
                if state[S_ELIM + p] == ELIM_HEALER and crosses[p] > 0:
                    state[S_FIRED_VARIANT + V_CROWNS_AFTER_HEALERS] += 1  # a ladder position freed
                crosses[p] = 0
        treasure_golds(state, treasure_table, scoring_table, kept, crosses, golds)
    scores = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    eliminated = np.zeros(players, dtype=np.int64)
    tiebreak = np.zeros(players, dtype=np.int64)
    for p in range(players):
        eliminated[p] = state[S_ELIM + p]
        tiebreak[p] = players - distance_from_tile(state, p)
        state[S_GOLD + p] = golds[p]
        if state[S_ELIM + p] == 0:
            scores[p] = final_loot_value(golds[p] + state[S_RULES + T_START_GOLD + p], state[S_FIRST] == p,
                                         state[S_CUBES + p], state[S_HEALER + p], healer_table, scoring_table)
        state[S_SCORE + p] = scores[p]
    competition_ranks(scores, tiebreak, eliminated, ranks)
    for p in range(players):
        state[S_RANK + p] = ranks[p]
        log(state, game_log, L_FINAL, p, scores[p], ranks[p], golds[p], 0)
    state[S_PHASE] = PH_OVER


@njit(cache=True)
def record_standing(state):
    """Score trajectories (docs/engine-contract.md): append every seat's provisional standing, the
    loot value the end of the game would give now without Healers (docs/games/loot.md): a seat
    with 13 curse cubes or more stands at 0, the others at the gold of their kept treasures (crown
    ladder among them and Aaron) plus the seat's starting gold, plus the First Player bonus for the tile holder.  After the end
    scoring the standing is the final score (S_SCORE)."""
    players = state[S_PLAYERS]
    checkpoint = state[S_TRAJECTORY]
    row = S_TRAJECTORY + 1 + checkpoint * MAX_PLAYERS
    state[S_TRAJECTORY] = checkpoint + 1
    if state[S_PHASE] == PH_OVER:
        for p in range(players):
            state[row + p] = state[S_SCORE + p]
        return
    treasure_table = treasure_rows(state)
    scoring_table = scoring_rows(state)
    healer_table = healer_rows(state)
    kept = np.empty(N_TREASURES, dtype=np.int64)
    crosses = np.zeros(players + state[S_HAS_AARON], dtype=np.int64)
    out = np.zeros(players, dtype=np.int64)
    for p in range(players):
        out[p] = 1 if eliminated_by_curse(state[S_CUBES + p], scoring_table) else 0
        crosses[p] = 0 if out[p] == 1 else state[S_CROSSES + p]
    if state[S_HAS_AARON] == 1:
        crosses[players] = state[S_CROSSES + AARON]
    for p in range(players):
        standing = 0
        if out[p] == 0:
            gold = treasure_value(kept, kept_list(state, p, kept), crosses, p, treasure_table, scoring_table)
            standing = final_loot_value(gold + state[S_RULES + T_START_GOLD + p], state[S_FIRST] == p,
                                        state[S_CUBES + p], NO_HEALER, healer_table, scoring_table)
        state[row + p] = standing
