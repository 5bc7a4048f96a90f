"""Treasure maps and Island cards (R16-R19, A8, A9), numba."""

from numba import njit

from simulator.games.skeleton.board import award_island, bit, content_colour, is_half, take_from_seat
from simulator.games.skeleton.components import N_COLOURS
from simulator.games.skeleton.state import (
    CLAIM_COMBO_SHIFT,
    COMBO_FOUR_QUARTERS,
    COMBO_HALF_TWO_QUARTERS,
    COMBO_TWO_HALVES,
    EV_CLAIM,
    FIRED_A9,
    FIRED_MAP_2H,
    FIRED_MAP_4Q,
    FIRED_MAP_H2Q,
    FIRED_R16,
    FIRED_R17,
    FIRED_R18,
    FIRED_V_KEEP_MAP_PIECES,
    FLAG_KEEP_MAP_PIECES,
    FLAGS,
    HALVES,
    ISLAND_OWNER,
    ISLANDS_LEFT,
    LOC_REMOVED,
    LOC_SEAT,
    N_CARDS,
    QUARTERS,
    REMOVED_MASK,
    SLOT_CONTENT,
    SLOT_LOC,
)
from simulator.games.skeleton.board import log_event

COMBO_HALVES = (2, 1, 0)
"""Half-maps handed in by each combination (R17: 2 halves, 1 half + 2 quarters, 4 quarters)."""
COMBO_QUARTERS = (0, 2, 4)


@njit(cache=True)
def combinations(halves, quarters, out):
    """R17: the combinations of ``halves`` half-maps and ``quarters`` quarter-maps that make a
    complete map (written to ``out``); their number."""
    n = 0
    if halves >= 2:
        out[n] = COMBO_TWO_HALVES
        n += 1
    if halves >= 1 and quarters >= 2:
        out[n] = COMBO_HALF_TWO_QUARTERS
        n += 1
    if quarters >= 4:
        out[n] = COMBO_FOUR_QUARTERS
        n += 1
    return n


@njit(cache=True, inline="always")
def is_complete(halves, quarters):
    """R17: whether these pieces make a complete map."""
    return halves >= 2 or (halves >= 1 and quarters >= 2) or quarters >= 4


@njit(cache=True)
def claim_options(state, seat, colour, options):
    """Decision claim_pieces: one option per combination that completes ``colour`` (A8)."""
    scratch = options[:3]
    n = combinations(state[HALVES + seat * N_COLOURS + colour], state[QUARTERS + seat * N_COLOURS + colour], scratch)
    for i in range(n):
        options[i] = colour | scratch[i] << CLAIM_COMBO_SHIFT
    return n


@njit(cache=True)
def hand_in(state, seat, colour, halves, quarters):
    """R18: the pieces of the completed map leave the game."""
    for slot in range(state[N_CARDS]):
        if state[SLOT_LOC + slot] != LOC_SEAT + seat:
            continue
        content = state[SLOT_CONTENT + slot]
        if content_colour(state, content) != colour:
            continue
        if is_half(state, content):
            if halves == 0:
                continue
            halves -= 1
        else:
            if quarters == 0:
                continue
            quarters -= 1
        take_from_seat(state, slot, LOC_REMOVED)
        state[REMOVED_MASK] |= bit(slot)


@njit(cache=True)
def claim_island(state, seat, colour, combo, log):
    """R16: ``seat`` completed the map of ``colour`` first and takes its Island card (R19: ``island_coins``)."""
    state[FIRED_R16] += 1  # R16: the first complete map of a colour takes its Island card
    state[FIRED_R17] += 1  # R17: 2 halves, 1 half + 2 quarters, or 4 quarters
    if combo == COMBO_TWO_HALVES:
        state[FIRED_MAP_2H] += 1
    elif combo == COMBO_HALF_TWO_QUARTERS:
        state[FIRED_MAP_H2Q] += 1
    else:
        state[FIRED_MAP_4Q] += 1
    state[ISLAND_OWNER + colour] = seat
    state[ISLANDS_LEFT] -= 1
    award_island(state, seat)  # R19: 5 coins
    kept = state[FLAGS + FLAG_KEEP_MAP_PIECES]
    if kept == 1:
        state[FIRED_V_KEEP_MAP_PIECES] += 1  # A8 variant keep-map-pieces: the pieces stay
    else:
        state[FIRED_R18] += 1  # R18: the pieces are handed in
        hand_in(state, seat, colour, COMBO_HALVES[combo], COMBO_QUARTERS[combo])
    log_event(log, state, EV_CLAIM, seat, colour, combo, kept, 0)


@njit(cache=True, inline="always")
def after_gain(state, seat, content, options, log):
    """A8: claiming is automatic and immediate after every card gained.  Returns the colour whose
    claim needs a claim_pieces decision (several combinations complete it; options written), else
    -1 (claimed at once, or nothing to claim)."""
    colour = content_colour(state, content)
    if colour < 0:
        return -1
    halves = state[HALVES + seat * N_COLOURS + colour]
    quarters = state[QUARTERS + seat * N_COLOURS + colour]
    if not is_complete(halves, quarters):
        return -1
    if state[ISLAND_OWNER + colour] >= 0:
        # A9: a second map of a claimed colour gives nothing (counted once, when it completes)
        if is_half(state, content):
            was = is_complete(halves - 1, quarters)
        else:
            was = is_complete(halves, quarters - 1)
        if not was:
            state[FIRED_A9] += 1
        return -1
    n = claim_options(state, seat, colour, options)
    if n == 1:
        claim_island(state, seat, colour, options[0] >> CLAIM_COMBO_SHIFT, log)
        return -1
    return colour
