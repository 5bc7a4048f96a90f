"""EVENTS (numba): the immediate effects; timed effects are read where they apply.

Timing (RB-FR, events page):
- immediately: A1, A2 (reveal), B1, B2, B3 -> :func:`apply_immediate` (round 1 for A events,
  Preparation step 3 for B events);
- Phase 1: B5 (hand size, preparation.py);
- Phase 2: A2 (passing), A3, B4, B6, B7, B8, B9, B13 (actions.py);
- Phase 3: A4, B4, B10, B11, B12, B13, B14 (loot.py).
The event of round 5 does not apply to the Final Exploration (reading; variant
``event-in-final`` makes it apply).
"""

from numba import njit

from simulator.core.decisions import ask
from simulator.games.loot.primitives import add_cubes, draw_cards, log, move_ship, random_int, reveal_treasure
from simulator.games.loot.state import (
    D_A1_DRAW, EV_A1, EV_A2, EV_B1, EV_B2, EV_B3, L_A1, L_EVENT, L_ISLAND_FLIP, L_SHIP, N_ISLANDS, R_EVENT,
    S_A2, S_A2_N, S_ACTOR, S_EVENT, S_FIRST, S_ISLAND_UP, S_PLAYERS, S_SHIP_CORNER, S_SHIP_DIR,
)


@njit(cache=True)
def apply_immediate(s, lg, deal, fs, pr, st, opts):
    """Reveal-time effects of the current event."""
    event = s[S_EVENT]
    log(s, lg, L_EVENT, event, 0, 0, 0, 0)
    players = s[S_PLAYERS]
    if event == EV_A1:
        # each player, in turn order, may draw 2 extra cards and take 2 cubes
        for i in range(players):
            seat = (s[S_FIRST] + i) % players
            opts[0] = 0
            opts[1] = 1
            s[S_ACTOR] = seat
            if opts[ask(fs, seat, s, D_A1_DRAW, opts, 2, pr, st)] == 1:
                draw_cards(s, lg, deal, seat, 2)
                add_cubes(s, lg, seat, 2, R_EVENT)
                log(s, lg, L_A1, seat, 0, 0, 0, 0)
    elif event == EV_A2:
        # reveal 1 treasure per player (2 players: Aaron does not count)
        s[S_A2_N] = 0
        for _ in range(players):
            t = reveal_treasure(s, lg, deal)
            if t < 0:
                break
            s[S_A2 + s[S_A2_N]] = t
            s[S_A2_N] += 1
    elif event == EV_B1:
        move_ship(s)
        log(s, lg, L_SHIP, s[S_SHIP_CORNER], s[S_SHIP_DIR], 1, 0, 0)
    elif event == EV_B2:
        # turn 180 degrees: the bow now points at the coast explored last round
        s[S_SHIP_DIR] = -s[S_SHIP_DIR]
        log(s, lg, L_SHIP, s[S_SHIP_CORNER], s[S_SHIP_DIR], 3, 0, 0)
    elif event == EV_B3:
        n = 0
        for i in range(N_ISLANDS):
            if s[S_ISLAND_UP + i] == 1:
                n += 1
        if n > 0:
            k = random_int(deal, n)
            for i in range(N_ISLANDS):
                if s[S_ISLAND_UP + i] == 1:
                    if k == 0:
                        s[S_ISLAND_UP + i] = 0
                        log(s, lg, L_ISLAND_FLIP, i, 0, 0, 0, 0)
                        break
                    k -= 1
