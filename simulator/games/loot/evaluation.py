"""What the search player (``simulator/core/ismcts.py``) needs beyond the forward model: each seat's
expected final loot value in a position cut before the end (``evaluate_cut``), and a copy of a
position that skips the slots a game never changes (``copy_position``).

The provisional standing of the score trajectory (``end.record_standing``) is the gold kept so far:
it ignores what the curse cubes will cost at the end (a Healer's price, or elimination at 13), so a
search whose rollouts are cut after a round and scored on it takes cursed treasures as if they were
free.  ``evaluate_cut`` adds that cost, as the end of the game would charge it today, and what the
compasses already on landings with enough cards will bring (those landings are looted when their
coast is explored, in the Final Exploration at the latest), which a cut after one round has not
seen paid out.
"""

from __future__ import annotations

from numba import njit

from simulator.games.loot.components import NO_HEALER
from simulator.games.loot.end import distance_from_tile, kept_list
from simulator.games.loot.scoring import final_loot_value, healer_rows, scoring_rows, treasure_rows, treasure_value
from simulator.games.loot.state import (
    AARON, BUFFER_CAP, MAX_PLAYERS, N_HEALERS, N_LANDINGS, N_OWNERS, N_TREASURES, OPT_CAP, PH_FINAL, S_BUFFER, S_COMP,
    S_COMP_N, S_CROSSES, S_CUBES, S_FIRST, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL, S_INFO_HEALER, S_INFO_MAP,
    S_LAND_CHESTS, S_LAND_EFF, S_OPTIONS, S_PENDING_BEYOND_CAP, S_PENDING_COUNT, S_PHASE, S_PLAYERS, S_STEP,
    S_THRESHOLD, S_VAR, STATE_SIZE, V_TWO_HEALERS, S_INFO_TR, TR_GOLD, TR_CURSE, TR_CROSSED, S_RULES, RULES_SIZE,
    T_ELIM_CUBES, T_START_GOLD,
)


@njit(cache=True, inline="always")
def treasure_worth(state):
    """What a treasure still to be found is worth on average: the mean printed gold of the treasure
    cards less their mean curse cubes (crossed cubes discarded), a cube counted one gold (the rate of
    most Healers); about 1.7 gold with the shipped cards (the run's cards: setting treasures)."""
    total = 0
    for t in range(N_TREASURES):
        row = S_INFO_TR + t * 8
        total += state[row + TR_GOLD] - state[row + TR_CURSE] + state[row + TR_CROSSED]
    return float(total) / N_TREASURES


@njit(cache=True, inline="always")
def out_by_cubes(state, cubes):
    """END step 2: 13 curse cubes or more eliminate (setting elimination_cubes)."""
    return cubes >= state[S_RULES + T_ELIM_CUBES]


ELIMINATED_VALUE = -1.0
"""The value of a seat with 13 curse cubes or more: below every seat still in (they score 0 or more)."""

_KEPT = S_BUFFER  # scratch: the kept treasures of one seat
_CROSSES = _KEPT + N_TREASURES  # scratch: the crown ladder's crosses, one per seat and Aaron
_HEALER_COST = _CROSSES + AARON + 1  # scratch: each seat's Healer cost
_POOL = _HEALER_COST + AARON + 1  # scratch: the Healers left in the pool
assert _POOL + 2 * MAX_PLAYERS <= S_BUFFER + BUFFER_CAP
# copy_position's layout: the rules block ends where the position's slots start, the options buffer is last
assert S_INFO_MAP == S_RULES and S_RULES + RULES_SIZE == S_STEP and S_INFO_HEALER < S_STEP < S_BUFFER
assert S_BUFFER + BUFFER_CAP == S_OPTIONS and S_OPTIONS + OPT_CAP == STATE_SIZE


@njit(cache=True, inline="always")
def _cost(state, healer, cubes):
    """What ``healer`` (component id) charges for ``cubes`` curse cubes (the public table)."""
    return state[S_INFO_HEALER + 2 * healer] * cubes + state[S_INFO_HEALER + 2 * healer + 1]


@njit(cache=True)
def healer_costs(state, costs, pool):
    """Each seat's Healer cost if the game ended now (END step 3): the seats still in with curse
    cubes choose in ascending cubes (ties: nearest the First Player tile holder), each the cheapest
    Healer left in the pool for itself (the first of the pool's order on ties; a Healer taken
    leaves its place to the last, as ``end.choose_healer`` does).  ``pool``: scratch.  Variant
    two-healers (the pool is built at the end): the cheaper of the seat's two Healers.  0 for a
    seat without cubes."""
    players = state[S_PLAYERS]
    two_healers = state[S_VAR + V_TWO_HEALERS] == 1
    left = state[S_HEAL_N]
    for i in range(left):
        pool[i] = state[S_HEAL_POOL + i]
    served = 0  # seats that have chosen (bit mask)
    for seat in range(players):
        costs[seat] = 0
    for _ in range(players):
        # the next seat to choose: fewest cubes, then nearest the tile holder, among those left
        chooser = -1
        best_key = 0
        for seat in range(players):
            cubes = state[S_CUBES + seat]
            if cubes == 0 or (served >> seat) & 1 == 1 or out_by_cubes(state, cubes):
                continue
            key = cubes * 8 + distance_from_tile(state, seat)
            if chooser < 0 or key < best_key:
                chooser = seat
                best_key = key
        if chooser < 0:
            return
        cubes = state[S_CUBES + chooser]
        cheapest = -1
        if two_healers:
            cheapest = min(_cost(state, state[S_HEAL_HAND + 2 * chooser], cubes),
                           _cost(state, state[S_HEAL_HAND + 2 * chooser + 1], cubes))
        else:
            pick = -1
            for i in range(left):
                cost = _cost(state, pool[i], cubes)
                if pick < 0 or cost < cheapest:
                    cheapest = cost
                    pick = i
            if pick >= 0:
                pool[pick] = pool[left - 1]
                left -= 1
            else:  # no Healer left (not in the plain game): the mean price of the Healer cards
                total = 0
                for healer in range(N_HEALERS):
                    total += _cost(state, healer, cubes)
                cheapest = total // N_HEALERS
        costs[chooser] = cheapest
        served |= 1 << chooser


@njit(cache=True, inline="always")
def add_claims(state, values):
    """Add to ``values`` each seat's share of the treasures waiting on landings with enough cards
    (``S_LAND_EFF`` at the threshold): one per chest (what a Small Loot and the Final Exploration
    reveal), dealt one each from the bottom compass up, cycling; ``treasure_worth`` each.  Nothing
    once the Final Exploration has begun (it pays them out itself) or for a seat out by its cubes."""
    players = state[S_PLAYERS]
    if state[S_PHASE] >= PH_FINAL:
        return
    worth = treasure_worth(state)
    for landing in range(N_LANDINGS):
        compasses = state[S_COMP_N + landing]
        chests = state[S_LAND_CHESTS + landing]
        if compasses == 0 or chests == 0 or state[S_LAND_EFF + landing] < state[S_THRESHOLD]:
            continue
        for position in range(min(compasses, chests)):
            owner = state[S_COMP + landing * N_OWNERS + position]
            if owner < players and not out_by_cubes(state, state[S_CUBES + owner]):
                values[owner] += worth * ((chests - position + compasses - 1) // compasses)


@njit(cache=True)
def evaluate_cut(state, values):
    """Forward model (optional, the search player's cut rollouts): each seat's loot value if the game
    ended now, as the end scores it: 13 curse cubes or more eliminate (``ELIMINATED_VALUE``); the
    others get the gold of their kept treasures (crown ladder among the seats still in and Aaron),
    the First Player bonus for the tile holder, minus the Healer ``healer_costs`` gives them, plus
    their share of the treasures waiting on the landings (``add_claims``).  Uses
    the state's scratch buffer (free between steps)."""
    players = state[S_PLAYERS]
    treasure_table = treasure_rows(state)
    scoring_table = scoring_rows(state)
    healer_table = healer_rows(state)
    kept = state[_KEPT:_KEPT + N_TREASURES]
    crosses = state[_CROSSES:_CROSSES + players + state[S_HAS_AARON]]
    costs = state[_HEALER_COST:_HEALER_COST + players]
    for p in range(players):
        crosses[p] = 0 if out_by_cubes(state, state[S_CUBES + p]) else state[S_CROSSES + p]
    if state[S_HAS_AARON] == 1:
        crosses[players] = state[S_CROSSES + AARON]
    healer_costs(state, costs, state[_POOL:_POOL + 2 * MAX_PLAYERS])
    for p in range(values.shape[0]):
        values[p] = ELIMINATED_VALUE
    for p in range(players):
        if out_by_cubes(state, state[S_CUBES + p]):
            continue
        gold = treasure_value(kept, kept_list(state, p, kept), crosses, p, treasure_table, scoring_table)
        gold += state[S_RULES + T_START_GOLD + p]  # setting seatK_start_gold
        values[p] = final_loot_value(gold, state[S_FIRST] == p, 0, NO_HEALER, healer_table, scoring_table) - costs[p]
    add_claims(state, values)


@njit(cache=True)
def copy_position(source, target):
    """Forward model (optional): make ``target`` (a state of the same game) the position of ``source``:
    every slot but the rules block (``S_RULES``: settings and component tables, written at the setup and never changed), the
    scratch buffer (``S_BUFFER``, free between steps) and the options buffer past the pending
    decision's options (an ``action`` decision beyond the buffer rebuilds its options)."""
    target[:S_INFO_MAP] = source[:S_INFO_MAP]
    target[S_STEP:S_BUFFER] = source[S_STEP:S_BUFFER]
    n_options = source[S_PENDING_COUNT] if source[S_PENDING_BEYOND_CAP] == 0 else 0
    target[S_OPTIONS:S_OPTIONS + n_options] = source[S_OPTIONS:S_OPTIONS + n_options]
