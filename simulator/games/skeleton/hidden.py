"""Skeleton Island hidden information for search players: ``redraw_hidden(state, seat, stream)``
replaces what ``seat`` cannot see by a draw consistent with what it sees (a determinization).

Kept: the spread (which slots lie where, who covers whom, which lie face up), every face-up
card, every card in front of a player (A6: public), removed cards, the Island cards, the
contents ``seat`` has seen (``SEEN[seat]``: face-down cards it took and put back) and a card it
holds in hand.  Redrawn: the contents of the other face-down slots of the pile (and of a
face-down card in another seat's hand), and under ``hidden-collection`` the contents of the
other seats' collections (their counts stay; a draw that would hand a seat a complete map of an
unclaimed colour is drawn again); the deal and flip streams, i.e. every later blow.

The draw depends only on what the seat sees and on ``stream``: two states that differ only in
their hidden part give the same redrawn state (the hidden contents are gathered in card order,
not in the order they lay in, before they are shuffled; docs/engine-contract.md), except if all
``REDRAW_ATTEMPTS`` draws under hidden-collection fail, when the real contents are kept.

Not modelled: what the seat remembers beyond the state (a face-up card it saw taken into a
hidden collection).
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import next_uint64, shuffle_prefix
from simulator.games.skeleton.board import add_to_holdings
from simulator.games.skeleton.components import MAX_PLAYERS, N_COLOURS
from simulator.games.skeleton.maps import is_complete
from simulator.games.skeleton.state import (
    CARDS_HELD,
    CLEAR_MASK,
    COIN_CARDS,
    COIN_POINTS,
    CURRENT,
    DEAL_STREAM,
    FACE_UP_MASK,
    FLAG_BURIED_HIDDEN,
    FLAG_HIDDEN_COLLECTION,
    FLAGS,
    FLIP_STREAM,
    HALVES,
    ISLAND_COINS_AT,
    ISLAND_OWNER,
    ISLANDS,
    LOC_HAND,
    LOC_PILE,
    LOC_SEAT,
    N_CARDS,
    N_SLOTS,
    OBJECTS,
    PLAYERS,
    QUARTERS,
    SCORE,
    SCORE_FLOOR,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    START_COINS_AT,
)

REDRAW_ATTEMPTS = 50
"""Shuffles tried under hidden-collection to avoid a complete map of an unclaimed colour."""


@njit(cache=True)
def is_hidden_from(state, seat, slot):
    """Whether ``seat`` cannot know the content of ``slot``.

    A18, the pile: a face-down card is known to the seats that took it and put it back (``SEEN``).
    A face-up card is known to all (default: the spread lies open on the table and shows at least
    part of every face-up card, « laissera peut-être apparaître quelques pièces d'or ou morceaux
    de carte »); under buried-face-up-hidden only while it is clear (« toute la surface est
    apparente »), or once every seat has seen it clear (``SEEN``: a card a put-back covered)."""
    loc = state[SLOT_LOC + slot]
    face_down = not (state[FACE_UP_MASK] >> slot) & 1
    if loc == LOC_PILE:
        if (state[SEEN + seat] >> slot) & 1:
            return False
        if face_down:
            return True
        return state[FLAGS + FLAG_BURIED_HIDDEN] == 1 and not (state[CLEAR_MASK] >> slot) & 1
    if loc == LOC_HAND:
        return face_down and state[CURRENT] != seat
    if loc >= LOC_SEAT and loc != LOC_SEAT + seat:
        return state[FLAGS + FLAG_HIDDEN_COLLECTION] == 1
    return False


@njit(cache=True)
def recount_holdings(state):
    """Every seat's holdings and score from the cards in front of it."""
    players = state[PLAYERS]
    for seat in range(players):
        for colour in range(N_COLOURS):
            state[HALVES + seat * N_COLOURS + colour] = 0
            state[QUARTERS + seat * N_COLOURS + colour] = 0
        state[OBJECTS + seat] = 0
        state[COIN_POINTS + seat] = 0
        state[COIN_CARDS + seat] = 0
        state[CARDS_HELD + seat] = 0
        state[SCORE + seat] = state[ISLANDS + seat] * state[ISLAND_COINS_AT] + state[START_COINS_AT + seat]
    for slot in range(state[N_CARDS]):
        loc = state[SLOT_LOC + slot]
        if LOC_SEAT <= loc < LOC_SEAT + MAX_PLAYERS:
            add_to_holdings(state, loc - LOC_SEAT, state[SLOT_CONTENT + slot], 1)


@njit(cache=True)
def unclaimed_map_held(state):
    """Whether some seat holds a complete map of an unclaimed colour (impossible in a real game)."""
    for seat in range(state[PLAYERS]):
        for colour in range(N_COLOURS):
            if state[ISLAND_OWNER + colour] < 0 and is_complete(state[HALVES + seat * N_COLOURS + colour],
                                                                state[QUARTERS + seat * N_COLOURS + colour]):
                return True
    return False


@njit(cache=True)
def redraw_hidden(state, seat, stream):
    """Forward model: replace what ``seat`` cannot see by a consistent random draw from
    ``stream`` (see the module docstring); every count and everything public is kept."""
    slots = np.empty(N_SLOTS, dtype=np.int64)
    pool = np.empty(N_SLOTS, dtype=np.int64)
    n = 0
    collections = False
    for slot in range(state[N_CARDS]):
        if is_hidden_from(state, seat, slot):
            slots[n] = slot
            pool[n] = state[SLOT_CONTENT + slot]
            n += 1
            if state[SLOT_LOC + slot] >= LOC_SEAT:
                collections = True
    real = pool.copy()
    pool[:n].sort()  # card order, not the order they lay in: the draw depends only on the seat's view
    original = pool.copy()
    drawn = False
    for _ in range(REDRAW_ATTEMPTS):
        shuffle_prefix(pool, n, stream)
        for k in range(n):
            state[SLOT_CONTENT + slots[k]] = pool[k]
        if not collections:
            drawn = True
            break
        recount_holdings(state)
        if not unclaimed_map_held(state):
            drawn = True
            break
        for k in range(n):  # (rare) try again from the original contents
            pool[k] = original[k]
            state[SLOT_CONTENT + slots[k]] = pool[k]
        recount_holdings(state)
    if not drawn:  # (never seen) every draw failed: keep the real contents, a consistent position
        for k in range(n):
            state[SLOT_CONTENT + slots[k]] = real[k]
        recount_holdings(state)
    if collections:  # the redrawn collections are a new position: scores are checked from here on
        for other in range(state[PLAYERS]):
            state[SCORE_FLOOR + other] = state[SCORE + other]
    state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)
    state[FLIP_STREAM:FLIP_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)
