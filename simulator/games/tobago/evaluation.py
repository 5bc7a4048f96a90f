"""What the search player (``simulator/core/players/ismcts.py``) needs beyond the forward model:
each seat's worth in a position cut before the end (``evaluate_cut``).

The provisional standing of the score trajectory (``engine.record_checkpoint``) is the coins held
(R65: most coins wins).  A rollout cut after a share ignores what the position already promises:
the roses a seat has on the maps (R48-R52: one gold card per rose when that treasure is raised),
the amulets it holds (R36-R42: extra actions, R41: one wards a curse) and the gold cards that a
curse would take (R55: the highest).  ``evaluate_cut`` scores a seat by a weighted sum of these
features; the weights are a least-squares fit of the final win share on them after every share of
games between the tuned default heuristics (``research/fit_cut_evaluation.py``), in coins.
"""

from __future__ import annotations

from numba import njit

from simulator.games.tobago.components import MAX_GOLD, MIN_GOLD, N_MAPS
from simulator.games.tobago.state import (
    AMULETS_HELD, HELD, MAP_LEN, MAP_MARKERS_DOWN, MAP_ROSE, MAX_MAP_CLUES, PLAYERS,
)

N_FEATURES = 5
"""Features of a seat's position (``position_features``)."""
F_COINS = 0
F_CARDS = 1
F_AMULETS = 2
F_ROSES = 3
F_ROSES_LOCATED = 4

W_COINS = 1.0
"""Weight of a coin (R65); the other weights are in coins, one per player count (index: players,
2..4): ``research/fit_cut_evaluation.py --target score --games 400`` (seed 7070, the seats of a
position compared), rounded.  Clue cards in hand are not a feature: at the end of every share of
the fitted games each seat held as many (R8), so the fit cannot weigh them."""
W_CARDS = (0.0, 0.0, -0.7, 0.4, 0.4)
W_AMULETS = (0.0, 0.0, 1.8, 1.7, 2.3)
W_ROSES = (0.0, 0.0, 1.35, 0.75, -0.75)
W_ROSES_LOCATED = (0.0, 0.0, -0.35, 1.1, 2.4)


@njit(cache=True, inline="always")
def holdings(state, seat):
    """``seat``'s coins (R65) and gold cards held (R55: a curse takes one)."""
    coins = 0
    cards = 0
    for value in range(MIN_GOLD, MAX_GOLD + 1):
        coins += value * state[HELD + seat * 7 + value]
        cards += state[HELD + seat * 7 + value]
    return coins, cards


@njit(cache=True, inline="always")
def roses_on_maps(state, seat):
    """``seat``'s roses on the maps (R48: a gold card each when the treasure is raised), and those
    on maps whose markers are down (R16: the treasure is nearly located)."""
    roses = 0
    located = 0
    for map_index in range(N_MAPS):
        for i in range(state[MAP_LEN + map_index]):
            if state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] == seat:
                roses += 1
                if state[MAP_MARKERS_DOWN + map_index] == 1:
                    located += 1
    return roses, located


@njit(cache=True)
def position_features(state, seat, features):
    """Fill ``features`` (``N_FEATURES`` floats) with ``seat``'s position: coins and gold cards held
    (``holdings``), amulets held (R36-R42), roses on the maps and on nearly located ones
    (``roses_on_maps``)."""
    coins, cards = holdings(state, seat)
    roses, located = roses_on_maps(state, seat)
    features[F_COINS] = coins
    features[F_CARDS] = cards
    features[F_AMULETS] = state[AMULETS_HELD + seat]
    features[F_ROSES] = roses
    features[F_ROSES_LOCATED] = located


@njit(cache=True)
def evaluate_cut(state, values):
    """Forward model (optional, the search player's cut rollouts): each seat's worth in coins, the
    weighted sum of its ``position_features`` (weights ``W_*``); 0 for the seats the game does not have."""
    values[:] = 0.0
    players = state[PLAYERS]
    for seat in range(players):
        coins, cards = holdings(state, seat)
        roses, located = roses_on_maps(state, seat)
        values[seat] = (W_COINS * coins + W_CARDS[players] * cards + W_AMULETS[players] * state[AMULETS_HELD + seat]
                        + W_ROSES[players] * roses + W_ROSES_LOCATED[players] * located)
