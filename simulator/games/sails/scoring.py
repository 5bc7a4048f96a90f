"""FIN DE LA PARTIE: round scores (treasure points + 1 per pair of Bonus cards), final ranking."""

from numba import njit

from simulator.core.engine.ranking import competition_ranks
from simulator.games.sails.board import log_event
from simulator.games.sails.state import (
    FIRED_R29,
    FIRED_R31,
    PILE_POINTS,
    TRAJECTORY,
    BONUS_HELD,
    BONUS_PER_POINT,
    EV_FINAL,
    EV_ROUND_SCORE,
    MAX_PLAYERS,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PLAYERS,
    RANK,
    ROUND,
    ROUND_SCORE,
    SCORE,
    STAT_BONUS_POINTS,
    STAT_TREASURE_POINTS,
    TREASURE_VALUE,
)


@njit(cache=True)
def pile_points(state, seat):
    """Points of the treasures on ``seat``'s pile, recounted card by card."""
    total = 0
    for i in range(state[PILE_COUNT + seat]):
        total += state[TREASURE_VALUE + state[PILE + seat * PILE_CAPACITY + i]]
    return total


@njit(cache=True, inline="always")
def bonus_points(state, held):
    """The points of ``held`` Bonus cards: 1 per pair (setting bonus_cards_per_point).  The pair is
    a shift: an integer division by a value read at run time costs tens of cycles, and this runs
    for every seat after every trick (the score trajectory)."""
    per_point = state[BONUS_PER_POINT]
    return held >> 1 if per_point == 2 else held // per_point


@njit(cache=True)
def score_round(state, log):
    """Each player scores their treasures plus 1 point per pair of Bonus cards held (setting
    bonus_cards_per_point)."""
    round_index = state[ROUND]
    for seat in range(state[PLAYERS]):
        treasure = pile_points(state, seat)
        bonus = bonus_points(state, state[BONUS_HELD + seat])
        if bonus > 0:
            state[FIRED_R29] += 1  # R29: 1 point per pair of Bonus cards
        state[ROUND_SCORE + round_index * MAX_PLAYERS + seat] = treasure + bonus
        state[SCORE + seat] += treasure + bonus
        state[STAT_TREASURE_POINTS + seat] += treasure
        state[STAT_BONUS_POINTS + seat] += bonus
        log_event(log, state, EV_ROUND_SCORE, seat, round_index, treasure, bonus, treasure + bonus)


@njit(cache=True)
def final_ranking(state, scores, tiebreak, eliminated, ranks, log):
    """Highest total wins; equal totals share the rank (no tie-break in the rules)."""
    players = state[PLAYERS]
    for seat in range(players):
        scores[seat] = state[SCORE + seat]
        tiebreak[seat] = 0
        eliminated[seat] = 0
    competition_ranks(scores[:players], tiebreak[:players], eliminated[:players], ranks[:players])
    shared = False
    for seat in range(players):
        state[RANK + seat] = ranks[seat]
        log_event(log, state, EV_FINAL, seat, state[SCORE + seat], ranks[seat], 0, 0)
        for other in range(seat):
            shared = shared or ranks[other] == ranks[seat]
    if shared:
        state[FIRED_R31] += 1  # R31: equal totals share the rank


@njit(cache=True)
def record_standings(state):
    """Append a score-trajectory checkpoint: each seat's provisional standing, the score the final
    scoring would give now (round 1's score, plus this round's treasure points and Bonus pairs)."""
    checkpoint = state[TRAJECTORY]
    row = TRAJECTORY + 1 + checkpoint * MAX_PLAYERS
    for seat in range(state[PLAYERS]):
        held = state[BONUS_HELD + seat]
        state[row + seat] = state[SCORE + seat] + state[PILE_POINTS + seat] + bonus_points(state, held)
    state[TRAJECTORY] = checkpoint + 1
