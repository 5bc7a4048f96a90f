"""Debug invariant checks (numba): raise AssertionError naming the broken invariant."""

import numpy as np
from numba import njit

from simulator.games.loot.primitives import card_icon, card_joker, card_colour
from simulator.games.loot.state import (
    AARON, HAND_CAP, ICON_CHEST, ICON_PLUS1, LAND_CAP, N_LANDINGS, N_MAP, N_OWNERS, N_TREASURES, S_A2, S_A2_N,
    S_COMP, S_COMP_N, S_CUBES, S_HAND, S_HAND_N, S_HAS_AARON, S_LAND, S_LAND_CHESTS, S_LAND_COLOUR, S_LAND_EFF,
    S_LAND_N, S_MAP_DECK, S_MAP_DECK_N, S_MAP_DISC, S_MAP_DISC_N, S_PLAYERS, S_REVEAL, S_REVEAL_N, S_SUPPLY,
    S_TDECK, S_TDECK_N, S_TDISC, S_TDISC_N, S_TOWNER, S_INFO_TR, TR_TIER, T_TIERS, S_RULES, T_COMPASSES, S_CROSSES, S_KEPT_TYPE,
    TR_TYPE, TR_CROSSES,
)


@njit(cache=True)
def _mark(seen, card, what):
    if card < 0 or card >= seen.shape[0]:
        raise AssertionError("invariant: bad card id")
    if seen[card] != 0:
        raise AssertionError("invariant: map cards conserved (a card is in two places)")
    seen[card] = 1


@njit(cache=True)
def check_invariants(state):
    players = state[S_PLAYERS]
    # map cards conserved across hands, deck, discard pile and landings
    seen = np.zeros(N_MAP, dtype=np.int64)
    for i in range(state[S_MAP_DECK_N]):
        _mark(seen, state[S_MAP_DECK + i], 0)
    for i in range(state[S_MAP_DISC_N]):
        _mark(seen, state[S_MAP_DISC + i], 1)
    for owner in range(N_OWNERS):
        for i in range(state[S_HAND_N + owner]):
            _mark(seen, state[S_HAND + owner * HAND_CAP + i], 2)
    for l in range(N_LANDINGS):
        n = state[S_LAND_N + l]
        if n > LAND_CAP:
            raise AssertionError("invariant: landing capacity")
        eff = 0
        chests = 0
        for i in range(n):
            card = state[S_LAND + l * LAND_CAP + i]
            _mark(seen, card, 3)
            if card_colour(state, card) != state[S_LAND_COLOUR + l]:
                raise AssertionError("invariant: one colour per landing")
            icon = card_icon(state, card)
            eff += 2 if (icon == ICON_PLUS1 and card_joker(state, card) == 0) else 1
            if icon == ICON_CHEST:
                chests += 1
        if eff != state[S_LAND_EFF + l] or chests != state[S_LAND_CHESTS + l]:
            raise AssertionError("invariant: landing card counts")
        if n == 0 and state[S_LAND_COLOUR + l] != -1:
            raise AssertionError("invariant: empty landing has a colour")
    for l in range(0, N_LANDINGS, 2):
        if state[S_LAND_COLOUR + l] >= 0 and state[S_LAND_COLOUR + l] == state[S_LAND_COLOUR + l + 1]:
            raise AssertionError("invariant: two landings of a coast share a colour")
    for c in range(N_MAP):
        if seen[c] == 0:
            raise AssertionError("invariant: map cards conserved (a card is missing)")
    # compasses conserved: 3 per active owner (setting compasses_per_player), at most one per landing
    for owner in range(N_OWNERS):
        active = owner < players or (owner == AARON and state[S_HAS_AARON] == 1)
        on = 0
        for l in range(N_LANDINGS):
            k = 0
            for i in range(state[S_COMP_N + l]):
                if state[S_COMP + l * N_OWNERS + i] == owner:
                    k += 1
            if k > 1:
                raise AssertionError("invariant: one compass per colour per landing")
            on += k
        if active and on + state[S_SUPPLY + owner] != state[S_RULES + T_COMPASSES]:
            raise AssertionError("invariant: compasses conserved")
        if not active and on + state[S_SUPPLY + owner] != 0:
            raise AssertionError("invariant: inactive owner has compasses")
        if state[S_CUBES + owner] < 0:
            raise AssertionError("invariant: cubes never negative")
    # treasures: each one of the game in exactly one place
    tseen = np.zeros(N_TREASURES, dtype=np.int64)
    for i in range(state[S_TDECK_N]):
        _mark(tseen, state[S_TDECK + i], 0)
    for i in range(state[S_TDISC_N]):
        _mark(tseen, state[S_TDISC + i], 0)
    for i in range(state[S_REVEAL_N]):
        _mark(tseen, state[S_REVEAL + i], 0)
    for i in range(state[S_A2_N]):
        _mark(tseen, state[S_A2 + i], 0)
    crosses = np.zeros(N_OWNERS, dtype=np.int64)
    types = np.zeros(N_OWNERS * 8, dtype=np.int64)
    for t in range(N_TREASURES):
        owner = state[S_TOWNER + t]
        if owner >= 0:
            _mark(tseen, t, 0)
            crosses[owner] += state[S_INFO_TR + t * 8 + TR_CROSSES]
            types[owner * 8 + state[S_INFO_TR + t * 8 + TR_TYPE]] += 1
    for t in range(N_TREASURES):
        used = state[S_RULES + T_TIERS + state[S_INFO_TR + t * 8 + TR_TIER] - 1]
        if used != tseen[t]:
            raise AssertionError("invariant: treasures conserved")
    for owner in range(N_OWNERS):
        if crosses[owner] != state[S_CROSSES + owner]:
            raise AssertionError("invariant: crosses recount")
        for k in range(8):
            if types[owner * 8 + k] != state[S_KEPT_TYPE + owner * 8 + k]:
                raise AssertionError("invariant: kept types recount")
