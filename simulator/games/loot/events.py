"""EVENTS (numba): the immediate effects; timed effects are read where they apply.

Timing (RB-FR, events page):
- immediately: A1, A2 (reveal), B1, B2, B3 -> :func:`reveal_event` (A1: decision ``a1_draw``) (round 1 for A events,
  Preparation step 3 for B events);
- Phase 1: B5 (hand size, preparation.py);
- Phase 2: A2 (passing), A3, B4, B6, B7, B8, B9, B13 (actions.py);
- Phase 3: A4, B4, B10, B11, B12, B13, B14 (loot.py).
The event of round 5 does not apply to the Final Exploration (reading; variant
``event-in-final`` makes it apply).
"""

from numba import njit

from simulator.core.engine.rng import random_below
from simulator.games.loot.primitives import add_cubes, draw_cards, log, move_ship, reveal_treasure
from simulator.games.loot.state import S_RULES, T_A1_CARDS, T_A1_CUBES
from simulator.games.loot.state import (
    EV_A2, EV_B1, EV_B2, EV_B3, L_A1, L_EVENT, L_ISLAND_FLIP, L_SHIP, N_ISLANDS, R_EVENT,
    S_A2, S_A2_N, S_EVENT, S_ISLAND_UP, S_PLAYERS, S_SHIP_CORNER, S_SHIP_DIR,
)


@njit(cache=True)
def reveal_event(state, game_log, deal_stream):
    """Reveal-time effects of the current event (A1's choices are decisions: ``a1_draw``)."""
    event = state[S_EVENT]
    log(state, game_log, L_EVENT, event, 0, 0, 0, 0)
    players = state[S_PLAYERS]
    if event == EV_A2:
        # reveal 1 treasure per player (2 players: Aaron does not count)
        state[S_A2_N] = 0
        for _ in range(players):
            t = reveal_treasure(state, game_log, deal_stream)
            if t < 0:
                break
            state[S_A2 + state[S_A2_N]] = t
            state[S_A2_N] += 1
    elif event == EV_B1:
        move_ship(state)
        log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 1, 0, 0)
    elif event == EV_B2:
        # turn 180 degrees: the bow now points at the coast explored last round
        state[S_SHIP_DIR] = -state[S_SHIP_DIR]
        log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 3, 0, 0)
    elif event == EV_B3:
        n = 0
        for i in range(N_ISLANDS):
            if state[S_ISLAND_UP + i] == 1:
                n += 1
        if n > 0:
            k = random_below(deal_stream, n)
            for i in range(N_ISLANDS):
                if state[S_ISLAND_UP + i] == 1:
                    if k == 0:
                        state[S_ISLAND_UP + i] = 0
                        log(state, game_log, L_ISLAND_FLIP, i, 0, 0, 0, 0)
                        break
                    k -= 1


@njit(cache=True)
def a1_draw(state, game_log, deal_stream, seat):
    """Event A1: each player, in turn order, may draw 2 extra cards and take 2 cubes (this one does)."""
    draw_cards(state, game_log, deal_stream, seat, state[S_RULES + T_A1_CARDS])  # settings a1_cards, a1_cubes
    add_cubes(state, game_log, seat, state[S_RULES + T_A1_CUBES], R_EVENT)
    log(state, game_log, L_A1, seat, 0, 0, 0, 0)
