"""Skirmish hidden information for search players: ``redraw_hidden(state, seat, stream)`` replaces
what ``seat`` cannot see by a draw consistent with what it sees (a determinization).

Kept: the board, every piece, boats, gems and ammunition (face up), the played pile (face up),
the seat's own hand, every hand's size and the draw pile's size.  Redrawn:

- the cards of the other hands and the order of the draw pile (one pool, dealt back with the
  same hand sizes);
- the contents of the unopened chests (nobody knows them: the same multiset, reshuffled over the
  same squares);
- the deal stream, i.e. every later chance event (reshuffles, Poisoned Gift draws).

The draw depends only on what the seat sees and on ``stream``: two states that differ only in
their hidden part give the same redrawn state (the card pool and the chest contents are sorted
before they are shuffled, never taken in the order they lay in).

Not modelled: what the seat remembers beyond the state (a card it gave or took with a Poisoned
Gift stays known to it in the real game; here it is redrawn with the rest).
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import next_uint64, shuffle_prefix
from simulator.games.skirmish.state import (
    DEAL_STREAM,
    DECK_SIZE,
    DRAW,
    DRAW_COUNT,
    HAND,
    HAND_COUNT,
    MAX_SQUARES,
    N_CARD_KINDS,
    N_NODES,
    NO_CHEST,
    PLAYERS,
    SCRATCH,
    SQ_CHEST,
)


@njit(cache=True)
def redraw_hidden(state, seat, stream):
    """Replace the part of ``state`` that ``seat`` cannot see by a random consistent draw."""
    pool = state[SCRATCH + 3 * N_NODES:SCRATCH + 3 * N_NODES + DECK_SIZE]  # (slices 1-2 are reach's zeroed layers)
    count = 0
    for other in range(state[PLAYERS]):
        if other == seat:
            continue
        for kind in range(N_CARD_KINDS):
            for _ in range(state[HAND + other * N_CARD_KINDS + kind]):
                pool[count] = kind
                count += 1
            state[HAND + other * N_CARD_KINDS + kind] = 0
    for i in range(state[DRAW_COUNT]):
        pool[count] = state[DRAW + i]
        count += 1
    pool[:count].sort()  # card order, not the draw pile's order (the draw must not depend on it)
    shuffle_prefix(pool, count, stream)
    position = 0
    for other in range(state[PLAYERS]):
        if other == seat:
            continue
        for _ in range(state[HAND_COUNT + other]):
            state[HAND + other * N_CARD_KINDS + pool[position]] += 1
            position += 1
    for i in range(state[DRAW_COUNT]):
        state[DRAW + i] = pool[position]
        position += 1
    contents = state[SCRATCH + 5 * N_NODES:SCRATCH + 5 * N_NODES + MAX_SQUARES]
    chests = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST:
            contents[chests] = state[SQ_CHEST + square]
            chests += 1
    contents[:chests].sort()  # chest order, not the squares' (the draw must not depend on it)
    shuffle_prefix(contents, chests, stream)
    chests = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST:
            state[SQ_CHEST + square] = contents[chests]
            chests += 1
    state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)
