"""SETUP (numba): reset the state vector for one game (RB-FR "Mise en place" by player count)."""

from numba import njit

from simulator.core.decisions import ask
from simulator.core.rng import shuffle_prefix
from simulator.games.loot.events import apply_immediate
from simulator.games.loot.primitives import discard_map, draw_cards, hand_remove, log, random_int
from simulator.games.loot.state import (
    AARON, D_DRAFT_DISCARD, HAND_CAP, L_PREP_DISCARD, L_ROUND, N_HEALERS, N_ISLANDS, N_LANDINGS, N_MAP,
    N_OWNERS, N_TREASURES, S_EV_ORDER, S_EVENT, S_EXPLORED, S_FIRST, S_HAND, S_HAND_N, S_HAND_SIZE,
    S_HAS_AARON, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL, S_HEALER, S_INFO_ISLAND, S_INFO_MAP, S_INFO_TR,
    S_ISLAND_UP, S_LAND_COLOUR, S_LOGGING, S_DEBUG, S_MAP_DECK, S_MAP_DECK_N, S_PHASE, S_PLAYERS, S_ROUND,
    S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_CUBES, S_TDECK, S_TDECK_N, S_THRESHOLD, S_TOWNER, S_VAR, S_ACTOR,
    T_AARON_HAND, T_HAND, T_ISLAND, T_START_CUBES, T_THRESH, T_TIERS, TR_TIER, PH_ACTIONS, V_FIXED_SHIP_START,
    V_STARTING_DRAFT, V_TWO_HEALERS, N_VARIANT_FLAGS, S_INFO_HEALER, T_MAP, T_TR, T_HEALER, S_LOG_N, S_ELIM,
)


@njit(cache=True)
def write_info(s, T):
    """Copy the public component tables into the state (strategies read them there)."""
    for i in range(N_MAP * 4):
        s[S_INFO_MAP + i] = T[T_MAP + i]
    for i in range(N_TREASURES * 8):
        s[S_INFO_TR + i] = T[T_TR + i]
    for i in range(N_ISLANDS * 3):
        s[S_INFO_ISLAND + i] = T[T_ISLAND + i]
    for i in range(N_HEALERS * 2):
        s[S_INFO_HEALER + i] = T[T_HEALER + i]


@njit(cache=True)
def setup_game(s, T, lg, deal, players, flags, logging, debug, fs, pr, st, opts, scratch):
    """Set up a game of ``players``; ends at the start of round 1 (event A applied)."""
    for i in range(S_INFO_MAP):
        s[i] = 0
    s[S_LOGGING] = logging
    s[S_DEBUG] = debug
    s[S_LOG_N] = 0
    for i in range(N_VARIANT_FLAGS):
        s[S_VAR + i] = flags[i] if i < flags.shape[0] else 0
    s[S_PLAYERS] = players
    s[S_HAND_SIZE] = T[T_HAND + players]
    s[S_THRESHOLD] = T[T_THRESH + players]
    s[S_HAS_AARON] = 1 if players == 2 else 0
    s[S_EVENT] = -1
    s[S_EXPLORED] = -1
    for l in range(N_LANDINGS):
        s[S_LAND_COLOUR + l] = -1
    for t in range(N_TREASURES):
        s[S_TOWNER + t] = -1
    for o in range(N_OWNERS):
        s[S_HEALER + o] = -1
        s[S_HEAL_HAND + 2 * o] = -1
        s[S_HEAL_HAND + 2 * o + 1] = -1
        active = o < players or (o == AARON and players == 2)
        if active:
            s[S_SUPPLY + o] = 3
            if o != AARON:
                s[S_CUBES + o] = T[T_START_CUBES]
    # 2. ship: random corner and direction (drawn even when variant fixed-ship-start is on, so
    # that the deal stream stays aligned across variants)
    corner = random_int(deal, 4)
    direction = 1 if random_int(deal, 2) == 0 else -1
    if s[S_VAR + V_FIXED_SHIP_START] == 1:
        corner = 0
        direction = 1
    s[S_SHIP_CORNER] = corner
    s[S_SHIP_DIR] = direction
    # 3. treasure deck: tiers shuffled separately, IV at the bottom, then III, II, I on top
    n = 0
    for tier in range(4, 0, -1):
        if T[T_TIERS + players * 4 + tier - 1] == 0:
            continue
        start = n
        for t in range(N_TREASURES):
            if s[S_INFO_TR + t * 8 + TR_TIER] == tier:
                s[S_TDECK + n] = t
                n += 1
        shuffle_prefix(s[S_TDECK + start:S_TDECK + n], n - start, deal)
    s[S_TDECK_N] = n
    # 4. map deck
    for c in range(N_MAP):
        s[S_MAP_DECK + c] = c
    shuffle_prefix(s[S_MAP_DECK:S_MAP_DECK + N_MAP], N_MAP, deal)
    s[S_MAP_DECK_N] = N_MAP
    # 6. healers: one per player face down (variant two-healers: two per player)
    for h in range(N_HEALERS):
        scratch[h] = h
    shuffle_prefix(scratch, N_HEALERS, deal)
    if s[S_VAR + V_TWO_HEALERS] == 1:
        for p in range(players):
            s[S_HEAL_HAND + 2 * p] = scratch[2 * p]
            s[S_HEAL_HAND + 2 * p + 1] = scratch[2 * p + 1]
        s[S_HEAL_N] = 0
    else:
        for p in range(players):
            s[S_HEAL_POOL + p] = scratch[p]
        s[S_HEAL_N] = players
    # 7. events: 4 random B events face down, 1 random A event on top (round 1)
    for e in range(14):
        scratch[e] = 4 + e
    shuffle_prefix(scratch, 14, deal)
    s[S_EV_ORDER] = random_int(deal, 4)
    for r in range(1, 5):
        s[S_EV_ORDER + r] = scratch[r - 1]
    # 9. small islands (one returned to the box below 5 players)
    for i in range(N_ISLANDS):
        s[S_ISLAND_UP + i] = 1 if players >= s[S_INFO_ISLAND + i * 3 + 2] else -1
    # 10. first player
    first = random_int(deal, players)
    s[S_FIRST] = first
    # 5. hands (variant starting-draft: the k-th player in turn order gets 7 + k - 1 cards,
    # the first the normal hand size, and each keeps the hand size)
    size = s[S_HAND_SIZE]
    draft = s[S_VAR + V_STARTING_DRAFT] == 1
    for i in range(players):
        seat = (first + i) % players
        count = size
        if draft and i > 0:
            count = 7 + i
        draw_cards(s, lg, deal, seat, count)
    if players == 2:
        draw_cards(s, lg, deal, AARON, T[T_AARON_HAND])
    if draft:
        for i in range(players):
            seat = (first + i) % players
            base = S_HAND + seat * HAND_CAP
            while s[S_HAND_N + seat] > size:
                m = s[S_HAND_N + seat]
                for j in range(m):
                    opts[j] = s[base + j]
                s[S_ACTOR] = seat
                card = opts[ask(fs, seat, s, D_DRAFT_DISCARD, opts, m, pr, st)]
                hand_remove(s, seat, card)
                discard_map(s, card)
                log(s, lg, L_PREP_DISCARD, seat, card, 1, 0, 0)
    # round 1: no Preparation; the A event applies
    s[S_ROUND] = 1
    s[S_PHASE] = PH_ACTIONS
    log(s, lg, L_ROUND, 1, corner, direction, first, 0)
    s[S_EVENT] = s[S_EV_ORDER]
    apply_immediate(s, lg, deal, fs, pr, st, opts)
