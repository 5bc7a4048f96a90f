"""PHASE 1: PREPARATION (numba), skipped in round 1: ship movement, small islands turned back
up, event, players' hands (discard any, refill to 7 / 6 in 2p; event B5: one fewer)."""

from numba import njit

from simulator.core.decisions import ask
from simulator.games.loot.events import apply_immediate
from simulator.games.loot.primitives import discard_map, draw_cards, hand_remove, log, move_ship
from simulator.games.loot.state import (
    AARON, D_PREP_DISCARD, EV_B5, HAND_CAP, L_PREP_DISCARD, L_SHIP, N_ISLANDS, S_ACTOR, S_EV_ORDER, S_EVENT,
    S_FIRST, S_HAND, S_HAND_N, S_HAND_SIZE, S_HAS_AARON, S_ISLAND_UP, S_PLAYERS, S_ROUND, S_SHIP_CORNER,
    S_SHIP_DIR, T_AARON_HAND,
)


@njit(cache=True)
def refill_hands(s, T, lg, deal, fs, pr, st, opts):
    """Step 4: each player, in turn order, discards any cards (one decision per card, -1 stops),
    then draws up to the hand size.  Aaron discards everything and draws 6 (5 under B5)."""
    players = s[S_PLAYERS]
    size = s[S_HAND_SIZE]
    aaron_size = T[T_AARON_HAND]
    if s[S_EVENT] == EV_B5:
        size -= 1
        aaron_size -= 1
    for i in range(players):
        seat = (s[S_FIRST] + i) % players
        base = S_HAND + seat * HAND_CAP
        while s[S_HAND_N + seat] > 0:
            opts[0] = -1
            n = 1
            for j in range(s[S_HAND_N + seat]):
                opts[n] = s[base + j]
                n += 1
            s[S_ACTOR] = seat
            card = opts[ask(fs, seat, s, D_PREP_DISCARD, opts, n, pr, st)]
            if card < 0:
                break
            hand_remove(s, seat, card)
            discard_map(s, card)
            log(s, lg, L_PREP_DISCARD, seat, card, 0, 0, 0)
        missing = size - s[S_HAND_N + seat]
        if missing > 0:
            draw_cards(s, lg, deal, seat, missing)
    if s[S_HAS_AARON] == 1:
        base = S_HAND + AARON * HAND_CAP
        for j in range(s[S_HAND_N + AARON]):
            discard_map(s, s[base + j])
        s[S_HAND_N + AARON] = 0
        draw_cards(s, lg, deal, AARON, aaron_size)


@njit(cache=True)
def preparation_phase(s, T, lg, deal, fs, pr, st, opts):
    move_ship(s)
    log(s, lg, L_SHIP, s[S_SHIP_CORNER], s[S_SHIP_DIR], 0, 0, 0)
    for i in range(N_ISLANDS):
        if s[S_ISLAND_UP + i] == 0:
            s[S_ISLAND_UP + i] = 1
    s[S_EVENT] = s[S_EV_ORDER + s[S_ROUND] - 1]
    apply_immediate(s, lg, deal, fs, pr, st, opts)
    refill_hands(s, T, lg, deal, fs, pr, st, opts)
