"""Small building blocks shared by the rules modules (numba): log, cubes, decks, hands, compasses, ship.

Rulebook references are to the French rulebook (RB-FR) section titles.
"""

import numpy as np
from numba import njit

from simulator.core.engine.gamelog import write_record
from simulator.core.engine.rng import random_below, shuffle_prefix
from simulator.games.loot.state import (
    FIRED_MAP_RESHUFFLE, FIRED_TREASURE_EXHAUSTED, FIRED_TREASURE_RESHUFFLE,
    AARON, HAND_CAP, LAND_CAP, N_LANDINGS, N_OWNERS, S_CUBES, S_COMP, S_COMP_N, S_END_EARLY, S_HAND,
    S_HAND_N, S_INFO_MAP, S_LAND, S_LAND_N, S_LOG_N, S_LOGGING, S_MAP_DECK, S_MAP_DECK_N, S_MAP_DISC, S_MAP_DISC_N,
    S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_TDECK, S_TDECK_N, S_TDISC, S_TDISC_N, L_CUBES, L_DRAW, L_NO_TREASURE,
    MC_COLOUR, MC_VALUE, MC_ICON, MC_JOKER,
)


@njit(cache=True, inline='always')
def log(state, game_log, code, a, b, c, d, e):
    """Append one record to the log when logging is on (records past the log's rows are dropped)."""
    if state[S_LOGGING] == 0:
        return
    n = state[S_LOG_N]
    if n >= game_log.shape[0]:
        return
    write_record(game_log, n, code, a, b, c, d, e)
    state[S_LOG_N] = n + 1


# ------------------------------------------------------------------------ map cards
@njit(cache=True, inline='always')
def card_colour(state, card):
    return state[S_INFO_MAP + card * 4 + MC_COLOUR]


@njit(cache=True, inline='always')
def card_value(state, card):
    """Printed value; 0 for a Joker."""
    return state[S_INFO_MAP + card * 4 + MC_VALUE]


@njit(cache=True, inline='always')
def card_joker(state, card):
    return state[S_INFO_MAP + card * 4 + MC_JOKER]


@njit(cache=True, inline='always')
def card_icon(state, card):
    return state[S_INFO_MAP + card * 4 + MC_ICON]


# ------------------------------------------------------------------------ curse cubes
@njit(cache=True)
def add_cubes(state, game_log, owner, delta, reason):
    """GENERAL RULES, curse cubes: take (delta > 0) or discard (delta < 0, never below 0).

    Aaron (2-player dummy) never takes nor discards cubes.  Returns the change applied."""
    if owner == AARON:
        return 0
    old = state[S_CUBES + owner]
    new = old + delta
    if new < 0:
        new = 0
    state[S_CUBES + owner] = new
    if new != old:
        log(state, game_log, L_CUBES, owner, new - old, new, reason, 0)
    return new - old


# ------------------------------------------------------------------------ hands
@njit(cache=True, inline='always')
def hand_add(state, owner, card):
    n = state[S_HAND_N + owner]
    if n >= HAND_CAP:
        raise AssertionError("hand capacity exceeded")
    state[S_HAND + owner * HAND_CAP + n] = card
    state[S_HAND_N + owner] = n + 1


@njit(cache=True, inline='always')
def hand_remove(state, owner, card):
    base = S_HAND + owner * HAND_CAP
    n = state[S_HAND_N + owner]
    for i in range(n):
        if state[base + i] == card:
            state[base + i] = state[base + n - 1]
            state[S_HAND_N + owner] = n - 1
            return
    raise AssertionError("card not in hand")


@njit(cache=True, inline='always')
def discard_map(state, card):
    """DISCARD: a map card goes face up to the map discard pile."""
    n = state[S_MAP_DISC_N]
    state[S_MAP_DISC + n] = card
    state[S_MAP_DISC_N] = n + 1


@njit(cache=True)
def draw_map(state, deal_stream):
    """MAP DECK: top card; when the deck is empty the discard pile is shuffled into a new deck.

    Returns -1 when both are empty."""
    n = state[S_MAP_DECK_N]
    if n == 0:
        discarded = state[S_MAP_DISC_N]
        if discarded == 0:
            return -1
        for i in range(discarded):
            state[S_MAP_DECK + i] = state[S_MAP_DISC + i]
        state[S_MAP_DISC_N] = 0
        state[FIRED_MAP_RESHUFFLE] += 1
        shuffle_prefix(state[S_MAP_DECK:S_MAP_DECK + discarded], discarded, deal_stream)
        n = discarded
    card = state[S_MAP_DECK + n - 1]
    state[S_MAP_DECK_N] = n - 1
    return card


@njit(cache=True)
def draw_cards(state, game_log, deal_stream, owner, count):
    """CARDS: draw ``count`` cards into ``owner``'s hand (as many as exist)."""
    got = 0
    for _ in range(count):
        if state[S_HAND_N + owner] >= HAND_CAP:
            break
        card = draw_map(state, deal_stream)
        if card < 0:
            break
        hand_add(state, owner, card)
        got += 1
    if got > 0:
        log(state, game_log, L_DRAW, owner, got, 0, 0, 0)
    return got


# ------------------------------------------------------------------------ treasures
@njit(cache=True)
def reveal_treasure(state, game_log, deal_stream):
    """TREASURE DECK: reveal the top treasure, reshuffling the discard pile when needed.

    When no treasure is left at all, set ``S_END_EARLY`` (the game goes to End step 2 after the
    revealed treasures are distributed) and return -1."""
    n = state[S_TDECK_N]
    if n == 0:
        discarded = state[S_TDISC_N]
        if discarded == 0:
            if state[S_END_EARLY] == 0:
                state[FIRED_TREASURE_EXHAUSTED] += 1
                log(state, game_log, L_NO_TREASURE, 0, 0, 0, 0, 0)
            state[S_END_EARLY] = 1
            return -1
        for i in range(discarded):
            state[S_TDECK + i] = state[S_TDISC + i]
        state[S_TDISC_N] = 0
        state[FIRED_TREASURE_RESHUFFLE] += 1
        shuffle_prefix(state[S_TDECK:S_TDECK + discarded], discarded, deal_stream)
        n = discarded
    t = state[S_TDECK + n - 1]
    state[S_TDECK_N] = n - 1
    return t


@njit(cache=True, inline='always')
def discard_treasure(state, t):
    n = state[S_TDISC_N]
    state[S_TDISC + n] = t
    state[S_TDISC_N] = n + 1


# ------------------------------------------------------------------------ compasses
@njit(cache=True, inline='always')
def comp_pos(state, landing, owner):
    """Position of ``owner``'s compass in the landing's stack (0 = bottom) or -1."""
    base = S_COMP + landing * N_OWNERS
    for i in range(state[S_COMP_N + landing]):
        if state[base + i] == owner:
            return i
    return -1


@njit(cache=True, inline='always')
def comp_remove(state, landing, owner):
    base = S_COMP + landing * N_OWNERS
    n = state[S_COMP_N + landing]
    k = comp_pos(state, landing, owner)
    if k < 0:
        raise AssertionError("compass not on landing")
    for i in range(k, n - 1):
        state[base + i] = state[base + i + 1]
    state[S_COMP_N + landing] = n - 1


@njit(cache=True, inline='always')
def comp_push_top(state, landing, owner):
    base = S_COMP + landing * N_OWNERS
    n = state[S_COMP_N + landing]
    state[base + n] = owner
    state[S_COMP_N + landing] = n + 1


@njit(cache=True)
def comp_to_bottom(state, landing, owner):
    comp_remove(state, landing, owner)
    base = S_COMP + landing * N_OWNERS
    n = state[S_COMP_N + landing]
    for i in range(n, 0, -1):
        state[base + i] = state[base + i - 1]
    state[base] = owner
    state[S_COMP_N + landing] = n + 1


@njit(cache=True)
def comp_to_top(state, landing, owner):
    comp_remove(state, landing, owner)
    comp_push_top(state, landing, owner)


@njit(cache=True, inline='always')
def compasses_on_island(state, owner):
    total = 0
    for l in range(N_LANDINGS):
        if comp_pos(state, l, owner) >= 0:
            total += 1
    return total


@njit(cache=True)
def return_compasses(state, landing):
    """UPKEEP: all compasses of a landing go back to their owners."""
    base = S_COMP + landing * N_OWNERS
    for i in range(state[S_COMP_N + landing]):
        owner = state[base + i]
        state[S_SUPPLY + owner] += 1
    state[S_COMP_N + landing] = 0


# ------------------------------------------------------------------------ ship
@njit(cache=True, inline='always')
def explored_coast(state):
    """The coast the bow points to (rule reading 7.3.6: coast k lies between corners k and k+1)."""
    c = state[S_SHIP_CORNER]
    if state[S_SHIP_DIR] > 0:
        return c
    return (c + 3) % 4


@njit(cache=True, inline='always')
def move_ship(state):
    """SHIP MOVEMENT: to the next corner in the bow direction."""
    state[S_SHIP_CORNER] = (state[S_SHIP_CORNER] + state[S_SHIP_DIR] + 4) % 4


@njit(cache=True, inline='always')
def near_bow_landing(state, coast):
    """The landing of ``coast`` nearest the ship's corner (the bow)."""
    if state[S_SHIP_DIR] > 0:
        return 2 * coast
    return 2 * coast + 1
