"""PHASE 1: PREPARATION (numba), skipped in round 1: ship movement, small islands turned back
up, event, players' hands (discard any, refill to 7 / 6 in 2p; event B5: one fewer).

The engine (engine.py) runs the steps in this order; each seat's discards are decisions
(``prep_discard``, one card at a time, -1 stops)."""

from numba import njit

from simulator.games.loot.primitives import discard_map, draw_cards, hand_remove, log, move_ship
from simulator.games.loot.state import S_RULES, T_B5_FEWER
from simulator.games.loot.state import (
    FIRED_PREP_DISCARD,
    AARON, EV_B5, HAND_CAP, L_PREP_DISCARD, L_SHIP, N_ISLANDS, S_EV_ORDER, S_EVENT, S_HAND, S_HAND_N,
    S_HAND_SIZE, S_ISLAND_UP, S_ROUND, S_SHIP_CORNER, S_SHIP_DIR,
)


@njit(cache=True)
def prepare_round(state, game_log):
    """Steps 1-3 before the event's effect: the ship moves, the small islands turn back face up,
    the round's event card is turned."""
    move_ship(state)
    log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 0, 0, 0)
    for i in range(N_ISLANDS):
        if state[S_ISLAND_UP + i] == 0:
            state[S_ISLAND_UP + i] = 1
    state[S_EVENT] = state[S_EV_ORDER + state[S_ROUND] - 1]


@njit(cache=True)
def hand_size(state):
    """Step 4: the hand size this round (event B5: one fewer)."""
    if state[S_EVENT] == EV_B5:
        return state[S_HAND_SIZE] - state[S_RULES + T_B5_FEWER]  # setting b5_fewer_cards
    return state[S_HAND_SIZE]


@njit(cache=True)
def prep_discard_options(state, seat, options):
    """Decision ``prep_discard``: -1 (stop discarding), then every card in ``seat``'s hand."""
    base = S_HAND + seat * HAND_CAP
    options[0] = -1
    n = 1
    for j in range(state[S_HAND_N + seat]):
        options[n] = state[base + j]
        n += 1
    return n


@njit(cache=True)
def prep_discard(state, game_log, seat, card):
    """Step 4: ``seat`` discards ``card``."""
    hand_remove(state, seat, card)
    discard_map(state, card)
    state[FIRED_PREP_DISCARD] += 1  # Phase 1 step 4: discard any cards
    log(state, game_log, L_PREP_DISCARD, seat, card, 0, 0, 0)


@njit(cache=True)
def refill_hand(state, game_log, deal_stream, seat):
    """Step 4: ``seat``, done discarding, draws up to the hand size."""
    missing = hand_size(state) - state[S_HAND_N + seat]
    if missing > 0:
        draw_cards(state, game_log, deal_stream, seat, missing)


@njit(cache=True)
def refill_aaron(state, game_log, deal_stream, aaron_hand):
    """Step 4, 2 players: Aaron discards everything and draws ``aaron_hand`` cards (B5: one fewer)."""
    size = aaron_hand
    if state[S_EVENT] == EV_B5:
        size -= state[S_RULES + T_B5_FEWER]
    base = S_HAND + AARON * HAND_CAP
    for j in range(state[S_HAND_N + AARON]):
        discard_map(state, state[base + j])
    state[S_HAND_N + AARON] = 0
    draw_cards(state, game_log, deal_stream, AARON, size)
