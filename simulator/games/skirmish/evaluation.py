"""What the search player (``simulator/core/players/ismcts.py``) needs beyond the forward model:
each seat's worth in a position cut before the end (``evaluate_cut``).

The provisional standing of the score trajectory (``rules.record_checkpoint``) is the gems in the
boat (R23).  A rollout cut after a few rounds mostly finds every seat on 0 or 1 gem: the cut
scores a tie, and the search learns nothing from it.  ``evaluate_cut`` scores a seat still in by a
weighted sum of what brings it closer to the win (R11: ``gems_to_win`` gems, or R50: the last
boat afloat): its gems, its ammunition (R24, R35: what its Pistols can kill with), its free
characters (R47: the last one lost eliminates) and the prisoners it holds (R45), and whether one
more gem wins.  The weights are a least-squares fit of the final win share on these features at the
end of every round of games between the tuned default heuristics (``research/fit_cut_evaluation.py``),
and the sum is turned into an expected win share (which ``ismcts+reward=expected`` takes as the
reward of a cut rollout).
"""

from __future__ import annotations

from numba import njit

from simulator.games.skirmish.board import is_free_character
from simulator.games.skirmish.state import (
    ALIVE, AMMO, CHAR_CAPTOR, CHAR_LOC, CHAR_OWNER, GEMS, GEMS_TO_WIN, N_CHARACTERS, PLAYERS,
)

N_FEATURES = 5
"""Features of a seat's position (``position_features``)."""
F_GEMS = 0
F_AMMO = 1
F_FREE = 2
F_PRISONERS = 3
F_ONE_GEM_SHORT = 4

W_GEMS = 1.0
"""Weight of a gem (R23); the other weights are in gems, one per player count (index: players,
2..4): ``research/fit_cut_evaluation.py --games 400`` (seed 7070, the seats of a position
compared), rounded; a fit below 0 (within noise of 0) taken as 0.  Cards in hand are not a
feature: every seat draws back to its hand size at the end of its turn (R14), so at the end of a
round, where the rollouts are cut, every hand is full."""
W_AMMO = (0.0, 0.0, 0.4, 0.0, 0.0)
W_FREE = (0.0, 0.0, 0.65, 0.55, 0.85)
W_PRISONERS = (0.0, 0.0, 0.7, 0.0, 0.0)
W_ONE_GEM_SHORT = (0.0, 0.0, 1.8, 3.7, 2.25)

WIN_SHARE_PER_GEM = (0.0, 0.0, 0.14, 0.084, 0.08)
"""What a gem more than the other seats still in adds to a seat's win share (the same fit, per
player count): ``evaluate_cut`` turns the weighted sum into an expected win share with it."""

ELIMINATED_VALUE = -100.0
"""The value of a seat out of the game (R47-R49): below every seat still in (the search clips an
expected win share to 0)."""


@njit(cache=True, inline="always")
def characters(state, seat):
    """``seat``'s free characters (R47: neither dead nor prisoner) and the prisoners its boat holds (R45)."""
    free = 0
    prisoners = 0
    for char in range(N_CHARACTERS):
        if state[CHAR_LOC + char] < 0:
            continue
        if state[CHAR_CAPTOR + char] == seat:
            prisoners += 1
        elif state[CHAR_OWNER + char] == seat and is_free_character(state, char):
            free += 1
    return free, prisoners


@njit(cache=True)
def position_features(state, seat, features):
    """Fill ``features`` (``N_FEATURES`` floats) with ``seat``'s position: gems (R23), ammunition
    (R24), free characters and prisoners held (``characters``), and 1 when one
    more gem wins (R11, setting gems_to_win)."""
    free, prisoners = characters(state, seat)
    gems = state[GEMS + seat]
    features[F_GEMS] = gems
    features[F_AMMO] = state[AMMO + seat]
    features[F_FREE] = free
    features[F_PRISONERS] = prisoners
    features[F_ONE_GEM_SHORT] = 1.0 if gems + 1 >= state[GEMS_TO_WIN] else 0.0


@njit(cache=True)
def evaluate_cut(state, values):
    """Forward model (optional, the search player's cut rollouts): each seat's expected win share:
    the weighted sum of its ``position_features`` (weights ``W_*``, in gems) less the mean of the
    seats still in, times ``WIN_SHARE_PER_GEM``, plus 1 / the seats still in;
    ``ELIMINATED_VALUE`` for a seat out of the game (R47-R49) and for the seats the game does not
    have.  Ranking seats by it is ranking them by the weighted sum."""
    for seat in range(values.shape[0]):
        values[seat] = ELIMINATED_VALUE
    players = state[PLAYERS]
    alive = 0
    total = 0.0
    for seat in range(players):
        if state[ALIVE + seat] == 0:
            continue
        free, prisoners = characters(state, seat)
        gems = state[GEMS + seat]
        values[seat] = (W_GEMS * gems + W_AMMO[players] * state[AMMO + seat] + W_FREE[players] * free
                        + W_PRISONERS[players] * prisoners
                        + (W_ONE_GEM_SHORT[players] if gems + 1 >= state[GEMS_TO_WIN] else 0.0))
        alive += 1
        total += values[seat]
    for seat in range(players):
        if state[ALIVE + seat] == 1:
            values[seat] = 1.0 / alive + WIN_SHARE_PER_GEM[players] * (values[seat] - total / alive)
