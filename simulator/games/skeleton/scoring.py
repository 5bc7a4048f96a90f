"""End of the game and scoring (R19-R22, A12, A13), numba."""

import numpy as np
from numba import njit

from simulator.core.engine.ranking import competition_ranks
from simulator.games.skeleton.board import log_event
from simulator.games.skeleton.components import N_COLOURS, N_ISLANDS
from simulator.games.skeleton.state import (
    COIN_CARDS,
    COIN_POINTS,
    END_ALL_ISLANDS,
    END_KIND,
    END_PILE_EMPTY,
    END_STALL,
    EV_END,
    EV_FINAL,
    FIRED_END_ISLANDS,
    FIRED_END_PILE,
    FIRED_END_STALL,
    FIRED_R19,
    FIRED_R20,
    FIRED_R21,
    FIRED_R22,
    FIRED_TIE,
    FIRED_V_TIEBREAK,
    FLAG_TIEBREAK_ISLANDS,
    FLAGS,
    ISLAND_COINS_AT,
    ISLAND_OWNER,
    ISLANDS,
    ISLANDS_LEFT,
    ISLANDS_TO_END_AT,
    PILE_COUNT,
    PLAYERS,
    RANK,
    SCORE,
    START_COINS_AT,
    TAKEN_SLOT,
    TURN,
)

TIEBREAK_ISLAND_WEIGHT = 1000
"""tiebreak-islands: more Island cards first, then more Gold coin cards (fewer than 1000)."""


@njit(cache=True, inline="always")
def game_over(state):
    """R20: every Island card won (setting ``islands_to_end``: that many), or every Sand card taken
    (none left in the pile or in hand)."""
    islands_over = N_ISLANDS - state[ISLANDS_LEFT] >= state[ISLANDS_TO_END_AT]
    return islands_over or (state[PILE_COUNT] == 0 and state[TAKEN_SLOT] < 0)


@njit(cache=True)
def end_game(state, end_kind, log):
    """R20 (A12: at once, even inside a turn), then R21 scoring and R22 ranking."""
    state[END_KIND] = end_kind
    state[FIRED_R20] += 1
    if end_kind == END_ALL_ISLANDS:
        state[FIRED_END_ISLANDS] += 1
    elif end_kind == END_PILE_EMPTY:
        state[FIRED_END_PILE] += 1
    else:
        state[FIRED_END_STALL] += 1
    log_event(log, state, EV_END, end_kind, state[TURN], 0, 0, 0)
    players = state[PLAYERS]
    for colour in range(N_COLOURS):
        if state[ISLAND_OWNER + colour] >= 0:
            state[FIRED_R19] += 1  # R19: an Island card is worth 5 coins (setting island_coins)
    scores = np.empty(players, dtype=np.int64)
    tiebreak = np.zeros(players, dtype=np.int64)
    eliminated = np.zeros(players, dtype=np.int64)
    ranks = np.empty(players, dtype=np.int64)
    for seat in range(players):
        # R21: the coins of the Island cards and the Gold coin cards (kept up to date in SCORE)
        scores[seat] = state[SCORE + seat]
        state[FIRED_R21] += 1
    competition_ranks(scores, tiebreak, eliminated, ranks)
    shared = 0
    for seat in range(players):
        if ranks[seat] == 1:
            shared += 1
    if shared > 1 and state[FLAGS + FLAG_TIEBREAK_ISLANDS] == 1:
        # A13 variant tiebreak-islands
        for seat in range(players):
            tiebreak[seat] = state[ISLANDS + seat] * TIEBREAK_ISLAND_WEIGHT + state[COIN_CARDS + seat]
        competition_ranks(scores, tiebreak, eliminated, ranks)
        state[FIRED_V_TIEBREAK] += 1
        shared = 0
        for seat in range(players):
            if ranks[seat] == 1:
                shared += 1
    if end_kind == END_STALL:
        ranks[:] = 0  # the stall cap is a simulator setting, no rule: a stopped game ranks nobody (no winner)
    elif shared > 1:
        state[FIRED_TIE] += 1  # A13: shared first place
    if end_kind != END_STALL:
        state[FIRED_R22] += 1  # R22: the largest treasure wins
    for seat in range(players):
        state[RANK + seat] = ranks[seat]
        log_event(log, state, EV_FINAL, seat, scores[seat], ranks[seat], state[ISLANDS + seat],
                  state[COIN_POINTS + seat])


@njit(cache=True)
def recount_score(state, seat):
    """R21 from scratch: Island cards x 5 (``island_coins``) + coins on the seat's Gold coin cards, plus
    the coins it started with (``seatK_start_coins``)."""
    return state[ISLANDS + seat] * state[ISLAND_COINS_AT] + state[COIN_POINTS + seat] + state[START_COINS_AT + seat]
