"""Small building blocks shared by the rules modules (numba): log, cubes, decks, hands, compasses, ship.

Rulebook references are to the French rulebook (RB-FR) section titles.
"""

import numpy as np
from numba import njit

from simulator.core.rng import random_below, shuffle_prefix
from simulator.games.loot.state import (
    AARON, HAND_CAP, LAND_CAP, LOG_CAP, N_LANDINGS, N_OWNERS, S_CUBES, S_COMP, S_COMP_N, S_END_EARLY, S_HAND,
    S_HAND_N, S_INFO_MAP, S_LAND, S_LAND_N, S_LOG_N, S_LOGGING, S_MAP_DECK, S_MAP_DECK_N, S_MAP_DISC, S_MAP_DISC_N,
    S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_TDECK, S_TDECK_N, S_TDISC, S_TDISC_N, L_CUBES, L_DRAW, L_NO_TREASURE,
    MC_COLOUR, MC_VALUE, MC_ICON, MC_JOKER,
)


@njit(cache=True, inline='always')
def log(s, lg, code, a, b, c, d, e):
    """Append one record to the log when logging is on."""
    if s[S_LOGGING] == 0:
        return
    n = s[S_LOG_N]
    if n >= LOG_CAP:
        return
    lg[n, 0] = code
    lg[n, 1] = a
    lg[n, 2] = b
    lg[n, 3] = c
    lg[n, 4] = d
    lg[n, 5] = e
    s[S_LOG_N] = n + 1


# ------------------------------------------------------------------------ map cards
@njit(cache=True, inline='always')
def card_colour(s, card):
    return s[S_INFO_MAP + card * 4 + MC_COLOUR]


@njit(cache=True, inline='always')
def card_value(s, card):
    """Printed value; 0 for a Joker."""
    return s[S_INFO_MAP + card * 4 + MC_VALUE]


@njit(cache=True, inline='always')
def card_joker(s, card):
    return s[S_INFO_MAP + card * 4 + MC_JOKER]


@njit(cache=True, inline='always')
def card_icon(s, card):
    return s[S_INFO_MAP + card * 4 + MC_ICON]


# ------------------------------------------------------------------------ curse cubes
@njit(cache=True)
def add_cubes(s, lg, owner, delta, reason):
    """GENERAL RULES, curse cubes: take (delta > 0) or discard (delta < 0, never below 0).

    Aaron (2-player dummy) never takes nor discards cubes.  Returns the change applied."""
    if owner == AARON:
        return 0
    old = s[S_CUBES + owner]
    new = old + delta
    if new < 0:
        new = 0
    s[S_CUBES + owner] = new
    if new != old:
        log(s, lg, L_CUBES, owner, new - old, new, reason, 0)
    return new - old


# ------------------------------------------------------------------------ hands
@njit(cache=True, inline='always')
def hand_add(s, owner, card):
    n = s[S_HAND_N + owner]
    if n >= HAND_CAP:
        raise AssertionError("hand capacity exceeded")
    s[S_HAND + owner * HAND_CAP + n] = card
    s[S_HAND_N + owner] = n + 1


@njit(cache=True, inline='always')
def hand_remove(s, owner, card):
    base = S_HAND + owner * HAND_CAP
    n = s[S_HAND_N + owner]
    for i in range(n):
        if s[base + i] == card:
            s[base + i] = s[base + n - 1]
            s[S_HAND_N + owner] = n - 1
            return
    raise AssertionError("card not in hand")


@njit(cache=True, inline='always')
def discard_map(s, card):
    """DISCARD: a map card goes face up to the map discard pile."""
    n = s[S_MAP_DISC_N]
    s[S_MAP_DISC + n] = card
    s[S_MAP_DISC_N] = n + 1


@njit(cache=True)
def draw_map(s, deal):
    """MAP DECK: top card; when the deck is empty the discard pile is shuffled into a new deck.

    Returns -1 when both are empty."""
    n = s[S_MAP_DECK_N]
    if n == 0:
        m = s[S_MAP_DISC_N]
        if m == 0:
            return -1
        for i in range(m):
            s[S_MAP_DECK + i] = s[S_MAP_DISC + i]
        s[S_MAP_DISC_N] = 0
        shuffle_prefix(s[S_MAP_DECK:S_MAP_DECK + m], m, deal)
        n = m
    card = s[S_MAP_DECK + n - 1]
    s[S_MAP_DECK_N] = n - 1
    return card


@njit(cache=True)
def draw_cards(s, lg, deal, owner, count):
    """CARDS: draw ``count`` cards into ``owner``'s hand (as many as exist)."""
    got = 0
    for _ in range(count):
        if s[S_HAND_N + owner] >= HAND_CAP:
            break
        card = draw_map(s, deal)
        if card < 0:
            break
        hand_add(s, owner, card)
        got += 1
    if got > 0:
        log(s, lg, L_DRAW, owner, got, 0, 0, 0)
    return got


# ------------------------------------------------------------------------ treasures
@njit(cache=True)
def reveal_treasure(s, lg, deal):
    """TREASURE DECK: reveal the top treasure, reshuffling the discard pile when needed.

    When no treasure is left at all, set ``S_END_EARLY`` (the game goes to End step 2 after the
    revealed treasures are distributed) and return -1."""
    n = s[S_TDECK_N]
    if n == 0:
        m = s[S_TDISC_N]
        if m == 0:
            if s[S_END_EARLY] == 0:
                log(s, lg, L_NO_TREASURE, 0, 0, 0, 0, 0)
            s[S_END_EARLY] = 1
            return -1
        for i in range(m):
            s[S_TDECK + i] = s[S_TDISC + i]
        s[S_TDISC_N] = 0
        shuffle_prefix(s[S_TDECK:S_TDECK + m], m, deal)
        n = m
    t = s[S_TDECK + n - 1]
    s[S_TDECK_N] = n - 1
    return t


@njit(cache=True, inline='always')
def discard_treasure(s, t):
    n = s[S_TDISC_N]
    s[S_TDISC + n] = t
    s[S_TDISC_N] = n + 1


# ------------------------------------------------------------------------ compasses
@njit(cache=True, inline='always')
def comp_pos(s, landing, owner):
    """Position of ``owner``'s compass in the landing's stack (0 = bottom) or -1."""
    base = S_COMP + landing * N_OWNERS
    for i in range(s[S_COMP_N + landing]):
        if s[base + i] == owner:
            return i
    return -1


@njit(cache=True, inline='always')
def comp_remove(s, landing, owner):
    base = S_COMP + landing * N_OWNERS
    n = s[S_COMP_N + landing]
    k = comp_pos(s, landing, owner)
    if k < 0:
        raise AssertionError("compass not on landing")
    for i in range(k, n - 1):
        s[base + i] = s[base + i + 1]
    s[S_COMP_N + landing] = n - 1


@njit(cache=True, inline='always')
def comp_push_top(s, landing, owner):
    base = S_COMP + landing * N_OWNERS
    n = s[S_COMP_N + landing]
    s[base + n] = owner
    s[S_COMP_N + landing] = n + 1


@njit(cache=True)
def comp_to_bottom(s, landing, owner):
    comp_remove(s, landing, owner)
    base = S_COMP + landing * N_OWNERS
    n = s[S_COMP_N + landing]
    for i in range(n, 0, -1):
        s[base + i] = s[base + i - 1]
    s[base] = owner
    s[S_COMP_N + landing] = n + 1


@njit(cache=True)
def comp_to_top(s, landing, owner):
    comp_remove(s, landing, owner)
    comp_push_top(s, landing, owner)


@njit(cache=True, inline='always')
def compasses_on_island(s, owner):
    total = 0
    for l in range(N_LANDINGS):
        if comp_pos(s, l, owner) >= 0:
            total += 1
    return total


@njit(cache=True)
def return_compasses(s, landing):
    """UPKEEP: all compasses of a landing go back to their owners."""
    base = S_COMP + landing * N_OWNERS
    for i in range(s[S_COMP_N + landing]):
        owner = s[base + i]
        s[S_SUPPLY + owner] += 1
    s[S_COMP_N + landing] = 0


# ------------------------------------------------------------------------ ship
@njit(cache=True, inline='always')
def explored_coast(s):
    """The coast the bow points to (rule reading 7.3.6: coast k lies between corners k and k+1)."""
    c = s[S_SHIP_CORNER]
    if s[S_SHIP_DIR] > 0:
        return c
    return (c + 3) % 4


@njit(cache=True, inline='always')
def move_ship(s):
    """SHIP MOVEMENT: to the next corner in the bow direction."""
    s[S_SHIP_CORNER] = (s[S_SHIP_CORNER] + s[S_SHIP_DIR] + 4) % 4


@njit(cache=True, inline='always')
def near_bow_landing(s, coast):
    """The landing of ``coast`` nearest the ship's corner (the bow)."""
    if s[S_SHIP_DIR] > 0:
        return 2 * coast
    return 2 * coast + 1


@njit(cache=True, inline='always')
def random_int(deal, bound):
    return random_below(deal, bound)
