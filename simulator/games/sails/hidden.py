"""Sails hidden information for search players: ``redraw_hidden(state, seat, stream)`` replaces
what ``seat`` cannot see by a draw consistent with what it sees (a determinization).

Kept (what the seat sees in the state): its own hand, the discard pile, every card count, the
visible halves and Bonus cards on the table (and the whole table once revealed), the treasure
piles and deck tops, Bonus cards held, scores.  Redrawn:

- the Island cards of the other hands and of the box, and the other seats' cards on the table
  before the reveal (each matching its visible half: the colour, or the number);
- the order of the face-down Treasure cards (at 3 players, also which 12 were removed);
- the deal stream, i.e. every later chance event (A2's random cards, round 2's deal).

The draw depends only on what the seat sees and on ``stream``: two states that differ only in
their hidden part give the same redrawn state (the hidden cards are gathered in card order, not
in the order they lay in, before they are shuffled).

Not modelled: what the seat remembers beyond the state (cards it passed or gave with A2 in
earlier tricks, A3 cards it looked at earlier).  Cards the state names while an action is under
way stay where they are (A2's taken cards, A3's inspected cards).
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import next_uint64, random_below, shuffle_prefix
from simulator.games.sails.board import deck_card_from_top, deck_set_from_top, move_island, move_to_hand
from simulator.games.sails.components import POPCOUNT12
from simulator.games.sails.setup import strongest_in_colour
from simulator.games.sails.state import (
    A2_TAKEN,
    A3_DECK,
    A3_N,
    DEAL_STREAM,
    DECK_COUNT,
    HAND_MASK,
    HIDE_NUMBER,
    ISLAND_LOC,
    ISLAND_VALUES,
    LOC_BOX,
    LOC_HAND,
    LOC_TABLE,
    MAX_PLAYERS,
    N_DECKS,
    PASS_CARD,
    PLAYERS,
    REMOVED,
    REMOVED_COUNT,
    REVEALED,
    STEP,
    STEP_A2_GIVE,
    TABLE_CARD,
    TABLE_HIDE,
    TABLE_VISIBLE,
)

MATCH_ATTEMPTS = 50
"""Shuffles tried to give every hidden table card a card matching its visible half."""


@njit(cache=True)
def matches_visible_half(state, seat, card):
    """Whether ``card`` shows what ``seat``'s half-covered card on the table shows."""
    if state[TABLE_HIDE + seat] == HIDE_NUMBER:
        return card // 12 == state[TABLE_VISIBLE + seat]
    return card % 12 + 1 == state[TABLE_VISIBLE + seat]


@njit(cache=True)
def hidden_table_seats(state, seat, seats):
    """Seats other than ``seat`` whose card lies on the table unrevealed; their number."""
    n = 0
    if state[REVEALED] == 1:
        return 0
    for other in range(state[PLAYERS]):
        card = state[TABLE_CARD + other]
        if other != seat and card >= 0 and state[ISLAND_LOC + card] == LOC_TABLE:
            seats[n] = other
            n += 1
    return n


@njit(cache=True)
def assign_table_cards(state, pool, n_pool, table_seats, n_table, stream):
    """Shuffle ``pool`` so that its first ``n_table`` cards match the visible halves of
    ``table_seats`` in order; False when no attempt succeeds."""
    for _ in range(MATCH_ATTEMPTS):
        shuffle_prefix(pool, n_pool, stream)
        placed = 0
        for k in range(n_table):
            found = -1
            for j in range(placed, n_pool):
                if matches_visible_half(state, table_seats[k], pool[j]):
                    found = j
                    break
            if found < 0:
                break
            held = pool[placed]
            pool[placed] = pool[found]
            pool[found] = held
            placed += 1
        if placed == n_table:
            shuffle_prefix(pool[n_table:], n_pool - n_table, stream)
            return True
    return False


@njit(cache=True)
def redraw_pass_card(state, other, stream):
    """An opening pass set aside by a redrawn hand: the strongest card of one of its longest
    colours (chosen at random when tied)."""
    best = 0
    for colour in range(4):
        count = POPCOUNT12[state[HAND_MASK + other * 4 + colour]]
        if count > best:
            best = count
    tied = 0
    for colour in range(4):
        if POPCOUNT12[state[HAND_MASK + other * 4 + colour]] == best:
            tied += 1
    pick = random_below(stream, tied)
    for colour in range(4):
        if POPCOUNT12[state[HAND_MASK + other * 4 + colour]] == best:
            if pick == 0:
                state[PASS_CARD + other] = strongest_in_colour(state, other, colour) + 48 * (1 if tied > 1 else 0)
                return
            pick -= 1


@njit(cache=True)
def redraw_island_cards(state, seat, stream):
    """Deal the Island cards ``seat`` cannot see again: other hands, box, hidden table cards."""
    players = state[PLAYERS]
    pool = np.empty(48, dtype=np.int64)
    table_seats = np.empty(MAX_PLAYERS, dtype=np.int64)
    hand_slots = np.zeros(MAX_PLAYERS, dtype=np.int64)
    n_table = hidden_table_seats(state, seat, table_seats)
    n_pool = 0
    exchanging = state[STEP] == STEP_A2_GIVE
    for card in range(48):
        if card % 12 >= state[ISLAND_VALUES]:
            continue  # above island_cards_per_colour: out of play, everyone knows it stays in the box
        if exchanging and (card == state[A2_TAKEN] or card == state[A2_TAKEN + 1]):
            continue  # named by the A2 exchange under way
        loc = state[ISLAND_LOC + card]
        if loc == LOC_HAND + seat or (loc == LOC_TABLE and n_table == 0) or (loc != LOC_BOX and loc < LOC_TABLE):
            continue  # own hand, public table, discard
        if loc == LOC_TABLE:
            hidden = False
            for k in range(n_table):
                if state[TABLE_CARD + table_seats[k]] == card:
                    hidden = True
            if not hidden:
                continue
        elif loc != LOC_BOX:
            hand_slots[loc - LOC_HAND] += 1
        pool[n_pool] = card
        n_pool += 1
    if not assign_table_cards(state, pool, n_pool, table_seats, n_table, stream):
        return  # (not reached in practice) the cards stay where they are
    for j in range(n_pool):
        move_island(state, pool[j], LOC_BOX)
    for k in range(n_table):
        move_island(state, pool[k], LOC_TABLE)
        state[TABLE_CARD + table_seats[k]] = pool[k]
    next_card = n_table
    for other in range(players):
        for _ in range(hand_slots[other]):
            move_to_hand(state, pool[next_card], other)
            next_card += 1
    for other in range(players):
        if other != seat and state[PASS_CARD + other] >= 0:
            redraw_pass_card(state, other, stream)


@njit(cache=True)
def inspected(state, deck):
    """Face-down cards of ``deck`` that A3 is inspecting (they stay on top, in A3_CARDS)."""
    return state[A3_N] if state[A3_DECK] == deck else 0


@njit(cache=True)
def redraw_treasures(state, stream):
    """Shuffle the face-down Treasure cards (and at 3 players the removed ones with them), below
    the cards A3 is inspecting, if any."""
    pool = np.empty(32, dtype=np.int64)
    n = 0
    for deck in range(state[N_DECKS]):
        kept = inspected(state, deck)
        start = n
        for depth in range(kept, state[DECK_COUNT + deck]):
            pool[n] = deck_card_from_top(state, deck, depth)
            n += 1
        if state[N_DECKS] == 2:
            # 4-5 players: each deck holds its own two colours; only the order is hidden
            pool[start:n].sort()  # the draw must not depend on the hidden order it replaces
            shuffle_prefix(pool[start:], n - start, stream)
    if state[N_DECKS] == 1:
        for j in range(state[REMOVED_COUNT]):
            pool[n] = state[REMOVED + j]
            n += 1
        pool[:n].sort()
        shuffle_prefix(pool, n, stream)
    n = 0
    for deck in range(state[N_DECKS]):
        kept = inspected(state, deck)
        for depth in range(kept, state[DECK_COUNT + deck]):
            deck_set_from_top(state, deck, depth, pool[n])
            n += 1
    if state[N_DECKS] == 1:
        for j in range(state[REMOVED_COUNT]):
            state[REMOVED + j] = pool[n]
            n += 1


@njit(cache=True)
def redraw_hidden(state, seat, stream):
    """Forward model: replace what ``seat`` cannot see by a consistent random draw from
    ``stream`` (see the module docstring); card counts and everything public are kept."""
    redraw_island_cards(state, seat, stream)
    redraw_treasures(state, stream)
    state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)
