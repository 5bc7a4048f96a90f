"""Tobago hidden information for search players: ``redraw_hidden(state, seat, stream)`` replaces
what ``seat`` cannot see by a draw consistent with what it sees (a determinization).

Kept: the island, landmarks, ATVs, amulets, maps, roses, gold holdings and the face-up gold
discard (public, A23), the seat's own hand, the pool cards it drew itself during a share, and
every count (the face-down discard's size among them).  Redrawn:

- the other hands and the clue deck order (the unseen clue cards shuffled among them);
- the gold deck order, the unrevealed pool cards the seat did not see (drawn by others, or
  the extra card, R49) and the values of the face-down discard (pool cards never turned up,
  R53 / R54), keeping R4: no curse among the cards that were in the 12-card safe top, and none
  among the unseen cards out of the deck while at most 12 cards have been drawn (unless variant
  curses-anywhere; later, which unseen cards came from the safe top is not tracked);
- the deal stream, i.e. every later chance event.

The draw depends only on what the seat sees and on ``stream``: two states that differ only in
their hidden part give the same redrawn state (each pool of unseen cards is sorted by card value
before it is shuffled, never taken in the order it lay in; R4's swaps then work on that draw).

Not modelled: what a player remembers beyond the state (cards it exchanged earlier, cards it
saw in earlier shares).
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import next_uint64, random_below, shuffle_prefix
from simulator.games.tobago.components import CURSE, MAX_CLUES, MAX_GOLD, MAX_TREASURE_CARDS
from simulator.games.tobago.state import (
    CLUE_DECK,
    CLUE_DECK_COUNT,
    DEAL_STREAM,
    FLAG_CURSES_ANYWHERE,
    FLAGS,
    GOLD_DECK,
    GOLD_DECK_COUNT,
    GOLD_DISCARD_HIDDEN,
    GOLD_DISCARD_HIDDEN_COUNT,
    HAND,
    HAND_COUNT,
    MAX_HAND,
    MAX_POOL,
    PLAYERS,
    POOL,
    POOL_COUNT,
    POOL_POS,
    POOL_SEER,
    RULE_CURSE_FREE_TOP,
    RULE_CURSES,
    RULE_N_GOLD,
)



@njit(cache=True)
def safe_from(state):
    """Gold deck positions at or above this were the 12-card safe top (R4; settings gold_cards,
    curse_cards, curse_free_top)."""
    return state[FLAGS + RULE_N_GOLD] + state[FLAGS + RULE_CURSES] - state[FLAGS + RULE_CURSE_FREE_TOP]


@njit(cache=True)
def redraw_hidden(state, seat, stream):
    """Redraw everything ``seat`` cannot see (see the module docstring)."""
    players = state[PLAYERS]
    # clue cards: the deck and the other hands
    unseen = np.empty(MAX_CLUES, dtype=np.int64)
    n = 0
    for i in range(state[CLUE_DECK_COUNT]):
        unseen[n] = state[CLUE_DECK + i]
        n += 1
    for other in range(players):
        if other != seat:
            for slot in range(state[HAND_COUNT + other]):
                unseen[n] = state[HAND + other * MAX_HAND + slot]
                n += 1
    unseen[:n].sort()  # card order, not the order they lie in (the draw must not depend on it)
    shuffle_prefix(unseen, n, stream)
    k = 0
    for i in range(state[CLUE_DECK_COUNT]):
        state[CLUE_DECK + i] = unseen[k]
        k += 1
    for other in range(players):
        if other != seat:
            for slot in range(state[HAND_COUNT + other]):
                state[HAND + other * MAX_HAND + slot] = unseen[k]
                k += 1
    # gold: the deck, the pool cards the seat did not see and the face-down discard
    values = np.empty(MAX_TREASURE_CARDS + MAX_POOL, dtype=np.int64)
    n = 0
    for i in range(state[GOLD_DECK_COUNT]):
        values[n] = state[GOLD_DECK + i]
        n += 1
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        if state[POOL_SEER + i] != seat:
            values[n] = state[POOL + i]
            n += 1
    for value in range(MAX_GOLD + 1):
        for _ in range(state[GOLD_DISCARD_HIDDEN + value]):
            values[n] = value
            n += 1
    values[:n].sort()  # card order, not the order they lie in (the draw must not depend on it)
    shuffle_prefix(values, n, stream)
    k = 0
    for i in range(state[GOLD_DECK_COUNT]):
        state[GOLD_DECK + i] = values[k]
        k += 1
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        if state[POOL_SEER + i] != seat:
            state[POOL + i] = values[k]
            k += 1
    state[GOLD_DISCARD_HIDDEN:GOLD_DISCARD_HIDDEN + MAX_GOLD + 1] = 0
    for _ in range(state[GOLD_DISCARD_HIDDEN_COUNT]):
        state[GOLD_DISCARD_HIDDEN + values[k]] += 1
        k += 1
    if state[FLAGS + FLAG_CURSES_ANYWHERE] == 0:
        keep_safe_top(state, stream)
        keep_drawn_cards_safe(state, seat, stream)
    state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)


@njit(cache=True)
def random_gold_below_safe_top(state, stream):
    """Deck position of a random gold card below the former safe top (-1 none)."""
    below = 0
    top = min(safe_from(state), state[GOLD_DECK_COUNT])
    for j in range(top):
        if state[GOLD_DECK + j] != CURSE:
            below += 1
    if below == 0:
        return -1
    pick = random_below(stream, below)
    for j in range(top):
        if state[GOLD_DECK + j] != CURSE:
            if pick == 0:
                return j
            pick -= 1
    return -1


@njit(cache=True)
def keep_drawn_cards_safe(state, seat, stream):
    """R4: while no more than the 12 safe cards have left the deck (public: the deck count), none
    of the unseen cards out of it (pool cards, face-down discard) is a curse: swap any redrawn
    curse there with a random gold card below the former safe top."""
    drawn = state[FLAGS + RULE_N_GOLD] + state[FLAGS + RULE_CURSES] - state[GOLD_DECK_COUNT]
    if drawn > state[FLAGS + RULE_CURSE_FREE_TOP]:
        return
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        if state[POOL_SEER + i] != seat and state[POOL + i] == CURSE:
            j = random_gold_below_safe_top(state, stream)
            if j >= 0:
                state[POOL + i] = state[GOLD_DECK + j]
                state[GOLD_DECK + j] = CURSE
    while state[GOLD_DISCARD_HIDDEN + CURSE] > 0:
        j = random_gold_below_safe_top(state, stream)
        if j < 0:
            break
        state[GOLD_DISCARD_HIDDEN + CURSE] -= 1
        state[GOLD_DISCARD_HIDDEN + state[GOLD_DECK + j]] += 1
        state[GOLD_DECK + j] = CURSE


@njit(cache=True)
def keep_safe_top(state, stream):
    """R4: swap any curse out of the former safe top with a random gold card below it (or in the
    pool's unseen cards when the deck below holds no gold card)."""
    first = safe_from(state)
    for i in range(first, state[GOLD_DECK_COUNT]):
        if state[GOLD_DECK + i] != CURSE:  # (only positions of the safe top still in the deck)
            continue
        below = 0
        for j in range(min(first, state[GOLD_DECK_COUNT])):
            if state[GOLD_DECK + j] != CURSE:
                below += 1
        if below == 0:
            continue
        pick = random_below(stream, below)
        for j in range(min(first, state[GOLD_DECK_COUNT])):
            if state[GOLD_DECK + j] != CURSE:
                if pick == 0:
                    state[GOLD_DECK + i] = state[GOLD_DECK + j]
                    state[GOLD_DECK + j] = CURSE
                    break
                pick -= 1
