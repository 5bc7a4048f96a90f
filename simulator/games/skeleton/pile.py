"""The Sand pile model (spec 4.1, RECONSTRUCTED; parameters in data/pile.json, passed in the
variant flags): which cards are clear, what a take uncovers, where a put-back card goes, what a
blow does.  Only bitsets live in the state: ``COVERED_BY[slot]`` is the mask of slots lying on
``slot``; a slot is clear when it is in the pile and none of them is (R9).  ``CLEAR_MASK`` keeps
the clear slots up to date: every function here that moves a card or changes the cover relation
updates it, so that the take options and the heuristic read it instead of recounting it.
"""

import math

import numpy as np
from numba import njit

from simulator.core.engine.rng import random_float
from simulator.games.skeleton.board import bit, lowest_slot, popcount
from simulator.games.skeleton.state import (
    CLEAR_MASK,
    COVERED_BY,
    FACE_UP_MASK,
    FLAG_BLOW_LAYERS,
    FLAG_BLOW_MAY_FLIP,
    FLAG_BLOW_P1_MILLI,
    FLAG_CARD_LENGTH_MILLI,
    FLAG_CARD_WIDTH_MILLI,
    FLAG_FLIP_MILLI,
    FLAG_RADIUS_MILLI,
    FLAGS,
    N_CARDS,
    N_SLOTS,
    PILE_COUNT,
    PILE_MASK,
)

MILLI = 1000.0


@njit(cache=True)
def spread_pile(state, n_cards, deal):
    """R3: spread the packet.  Each card gets an axis-aligned rectangle (card width x length,
    long side horizontal or vertical with probability 1/2) centred uniformly in a disc of the pile
    radius, and a random height; card j covers card i when it lies higher and the rectangles
    overlap (equal heights, a 53-bit tie: the higher slot lies on top)."""
    flags = state[FLAGS:]
    radius = flags[FLAG_RADIUS_MILLI] / MILLI
    width = flags[FLAG_CARD_WIDTH_MILLI] / MILLI
    length = flags[FLAG_CARD_LENGTH_MILLI] / MILLI
    scratch = np.empty((5, N_SLOTS))  # one allocation per game: x, y, half width, half height, height
    x = scratch[0]
    y = scratch[1]
    half_w = scratch[2]
    half_h = scratch[3]
    height = scratch[4]
    for slot in range(n_cards):
        r = radius * math.sqrt(random_float(deal))
        angle = 2.0 * math.pi * random_float(deal)
        x[slot] = r * math.cos(angle)
        y[slot] = r * math.sin(angle)
        if random_float(deal) < 0.5:
            half_w[slot] = length / 2.0
            half_h[slot] = width / 2.0
        else:
            half_w[slot] = width / 2.0
            half_h[slot] = length / 2.0
        height[slot] = random_float(deal)
    # Every pair compared by height, no sort (the old argsort and its indirection cost twice
    # as much); branch-free, the overlap test is unpredictable.
    for i in range(n_cards):
        xi, yi, wi, hi, zi = x[i], y[i], half_w[i], half_h[i], height[i]
        covered = 0
        for j in range(n_cards):
            above = (height[j] > zi) | ((height[j] == zi) & (j > i))
            overlap = (abs(xi - x[j]) < wi + half_w[j]) & (abs(yi - y[j]) < hi + half_h[j])
            covered |= np.int64(above & overlap) << j
        state[COVERED_BY + i] = covered
    mask = 0
    for slot in range(n_cards):
        mask |= bit(slot)
    state[PILE_MASK] = mask
    state[PILE_COUNT] = n_cards
    state[CLEAR_MASK] = recount_clear_mask(state)


@njit(cache=True, inline="always")
def recount_clear_mask(state):
    """R9: the pile's clear cards (nothing in the pile lies on them, even partly), recounted from
    the pile and the cover relation (branch-free: whether a card is clear is unpredictable)."""
    pile = state[PILE_MASK]
    clear = 0
    for slot in range(state[N_CARDS]):
        clear |= np.int64(state[COVERED_BY + slot] & pile == 0) << slot
    return clear & pile


@njit(cache=True, inline="always")
def clear_mask(state):
    """R9: the pile's clear cards (kept up to date in ``CLEAR_MASK``)."""
    return state[CLEAR_MASK]


@njit(cache=True, inline="always")
def remove_from_pile(state, slot):
    """R8: ``slot`` leaves the pile; returns how many cards it uncovered (became clear)."""
    mask = bit(slot)
    pile = state[PILE_MASK] & ~mask
    state[PILE_MASK] = pile
    state[PILE_COUNT] -= 1
    uncovered = 0  # cards of the pile that lay under ``slot`` only (branch-free)
    for other in range(state[N_CARDS]):
        covered_by = state[COVERED_BY + other]
        uncovered |= np.int64((covered_by & mask != 0) & (covered_by & pile == 0)) << other
    uncovered &= pile
    state[CLEAR_MASK] = (state[CLEAR_MASK] & ~mask) | uncovered  # a removal never covers a card
    return popcount(uncovered)


@njit(cache=True)
def put_back_at_edge(state, slot):
    """R11 (A5 default): ``slot`` returns to the pile at its edge, clear and covering nothing."""
    n = state[N_CARDS]
    mask = bit(slot)
    for other in range(n):
        state[COVERED_BY + other] &= ~mask
    state[COVERED_BY + slot] = 0
    state[PILE_MASK] |= mask
    state[PILE_COUNT] += 1
    state[CLEAR_MASK] |= mask  # clear and covering nothing: the other cards stay as they were


@njit(cache=True)
def cover_card(state, slot, target):
    """Variant putback-may-cover (A5): the card put back at ``slot`` rests on clear card ``target``."""
    state[COVERED_BY + target] |= bit(slot)
    state[CLEAR_MASK] = recount_clear_mask(state)


@njit(cache=True, inline="always")
def blow_can_matter(state):
    """Whether a blow could change the pile: some clear card lies on another card of the pile
    (on a pile whose clear cards cover nothing, e.g. one where every card is clear, a blow
    sweeps cards that uncover nothing)."""
    clear = state[CLEAR_MASK]
    pile = state[PILE_MASK] & ~clear
    while pile != 0:
        slot = lowest_slot(pile)
        pile &= pile - 1
        if state[COVERED_BY + slot] & clear != 0:
            return True
    return False


@njit(cache=True)
def blow(state, deal, flip_stream):
    """R7, the sandstorm (cascade sweep): each clear card is swept to the edge (it stops covering
    anything) with the first layer's probability; each card that this made clear is swept with
    the second's, and so on, for as many layers as data/pile.json gives (``FLAG_BLOW_LAYERS``).  Cards slide and never flip (A16), unless blow-may-flip: then each
    swept card turns over with the flip probability (drawn from ``flip_stream``).  Returns the
    masks (cards swept, cards flipped).  Only bits are removed: a blow never hides a clear card."""
    flags = state[FLAGS:]
    n = state[N_CARDS]
    candidates = clear_mask(state)
    swept_total = 0
    flipped = 0
    for layer in range(flags[FLAG_BLOW_LAYERS]):
        p = flags[FLAG_BLOW_P1_MILLI + layer] / MILLI
        swept = 0
        for slot in range(n):
            if (candidates >> slot) & 1 and random_float(deal) < p:
                swept |= bit(slot)
        if swept == 0:
            break
        before = state[CLEAR_MASK]
        for other in range(n):
            state[COVERED_BY + other] &= ~swept
        state[CLEAR_MASK] = recount_clear_mask(state)
        if flags[FLAG_BLOW_MAY_FLIP] == 1:
            flip_p = flags[FLAG_FLIP_MILLI] / MILLI
            for slot in range(n):
                if (swept >> slot) & 1 and random_float(flip_stream) < flip_p:
                    state[FACE_UP_MASK] ^= bit(slot)
                    flipped |= bit(slot)
        swept_total |= swept
        candidates = clear_mask(state) & ~before
    return swept_total, flipped
