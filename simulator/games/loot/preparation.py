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
def refill_hands(state, tables, game_log, deal_stream, strategies, params, streams, options):
    """Step 4: each player, in turn order, discards any cards (one decision per card, -1 stops),
    then draws up to the hand size.  Aaron discards everything and draws 6 (5 under B5)."""
    players = state[S_PLAYERS]
    size = state[S_HAND_SIZE]
    aaron_size = tables[T_AARON_HAND]
    if state[S_EVENT] == EV_B5:
        size -= 1
        aaron_size -= 1
    for i in range(players):
        seat = (state[S_FIRST] + i) % players
        base = S_HAND + seat * HAND_CAP
        while state[S_HAND_N + seat] > 0:
            options[0] = -1
            n = 1
            for j in range(state[S_HAND_N + seat]):
                options[n] = state[base + j]
                n += 1
            state[S_ACTOR] = seat
            card = options[ask(strategies, seat, state, D_PREP_DISCARD, options, n, params, streams)]
            if card < 0:
                break
            hand_remove(state, seat, card)
            discard_map(state, card)
            log(state, game_log, L_PREP_DISCARD, seat, card, 0, 0, 0)
        missing = size - state[S_HAND_N + seat]
        if missing > 0:
            draw_cards(state, game_log, deal_stream, seat, missing)
    if state[S_HAS_AARON] == 1:
        base = S_HAND + AARON * HAND_CAP
        for j in range(state[S_HAND_N + AARON]):
            discard_map(state, state[base + j])
        state[S_HAND_N + AARON] = 0
        draw_cards(state, game_log, deal_stream, AARON, aaron_size)


@njit(cache=True)
def preparation_phase(state, tables, game_log, deal_stream, strategies, params, streams, options):
    move_ship(state)
    log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 0, 0, 0)
    for i in range(N_ISLANDS):
        if state[S_ISLAND_UP + i] == 0:
            state[S_ISLAND_UP + i] = 1
    state[S_EVENT] = state[S_EV_ORDER + state[S_ROUND] - 1]
    apply_immediate(state, game_log, deal_stream, strategies, params, streams, options)
    refill_hands(state, tables, game_log, deal_stream, strategies, params, streams, options)
