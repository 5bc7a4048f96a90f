"""Low-level table operations shared by the rules modules (numba): cards, decks, piles, log."""

from numba import njit

from simulator.core.engine.gamelog import append_record
from simulator.games.sails.state import (
    DECK_COUNT,
    DECK_RING,
    DECK_START,
    DECK_TOP,
    DISCARD_MASK,
    HAND_COUNT,
    HAND_MASK,
    ISLAND_LOC,
    LOC_DISCARD,
    LOC_HAND,
    LOG_COUNT,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PILE_POINTS,
    PLAYERS,
    RING,
    TREASURE_VALUE,
)


@njit(cache=True)
def island_colour(card):
    """Colour 0..3 of an Island card (red, blue, green, purple)."""
    return card // 12


@njit(cache=True)
def island_value(card):
    """Printed value 1..12 of an Island card."""
    return card % 12 + 1


@njit(cache=True)
def treasure_colour(card):
    """Colour 0..3 of a Treasure card."""
    return card // 8


# Inlined into each caller (numba IR): its "log array too small" error would otherwise make numba
# keep the reference counting of the caller's array arguments on every call, logging on or off.
@njit(cache=True, inline="always")
def log_event(log, state, code, a, b, c, d, e):
    """Append ``[code, a, b, c, d, e]`` when logging is on (a log array with rows)."""
    append_record(log, state, LOG_COUNT, code, a, b, c, d, e)


@njit(cache=True)
def seat_at(state, first, order):
    """The seat ``order`` places clockwise after seat ``first`` (``order`` < players)."""
    # (one conditional expression on locals: lets numba drop the reference counting of ``state``)
    players = state[PLAYERS]
    seat = first + order
    return seat - players if seat >= players else seat


@njit(cache=True)
def _leave(state, card):
    """Remove ``card`` from the hand or discard pile bookkeeping of its current location."""
    old = state[ISLAND_LOC + card]
    bit = 1 << (card % 12)
    if old >= LOC_HAND:
        seat = old - LOC_HAND
        state[HAND_COUNT + seat] -= 1
        state[HAND_MASK + seat * 4 + card // 12] &= ~bit
    elif old == LOC_DISCARD:
        state[DISCARD_MASK + card // 12] &= ~bit


@njit(cache=True)
def move_to_hand(state, card, seat):
    """Put an Island card into ``seat``'s hand (from anywhere), keeping counts and masks right."""
    _leave(state, card)
    state[ISLAND_LOC + card] = LOC_HAND + seat
    state[HAND_COUNT + seat] += 1
    state[HAND_MASK + seat * 4 + card // 12] |= 1 << (card % 12)


@njit(cache=True)
def move_island(state, card, loc):
    """Put an Island card at a non-hand location (box, discard, table)."""
    _leave(state, card)
    state[ISLAND_LOC + card] = loc
    if loc == LOC_DISCARD:
        state[DISCARD_MASK + card // 12] |= 1 << (card % 12)


# ---- treasure decks: ring buffer, DECK_START is the bottom, the top is at start + count - 1 ----


@njit(cache=True)
def deck_clear(state, deck):
    state[DECK_COUNT + deck] = 0
    state[DECK_START + deck] = 0
    state[DECK_TOP + deck] = -1


@njit(cache=True)
def deck_push_top(state, deck, card):
    """Put ``card`` face down on top of ``deck``."""
    count = state[DECK_COUNT + deck]
    slot = (state[DECK_START + deck] + count) % RING
    state[DECK_RING + deck * RING + slot] = card
    state[DECK_COUNT + deck] = count + 1


@njit(cache=True)
def deck_push_under(state, deck, card):
    """Put ``card`` face down under ``deck``."""
    start = (state[DECK_START + deck] + RING - 1) % RING
    state[DECK_START + deck] = start
    state[DECK_RING + deck * RING + start] = card
    state[DECK_COUNT + deck] += 1


@njit(cache=True)
def deck_card_from_top(state, deck, depth):
    """The face-down card ``depth`` places below the top of the face-down part (0 = next)."""
    count = state[DECK_COUNT + deck]
    slot = (state[DECK_START + deck] + count - 1 - depth) % RING
    return state[DECK_RING + deck * RING + slot]


@njit(cache=True)
def deck_set_from_top(state, deck, depth, card):
    count = state[DECK_COUNT + deck]
    slot = (state[DECK_START + deck] + count - 1 - depth) % RING
    state[DECK_RING + deck * RING + slot] = card


@njit(cache=True)
def deck_reveal(state, deck):
    """Turn the top face-down card of ``deck`` face up (it becomes ``DECK_TOP``)."""
    count = state[DECK_COUNT + deck]
    if count == 0:
        state[DECK_TOP + deck] = -1
        return
    state[DECK_TOP + deck] = deck_card_from_top(state, deck, 0)
    state[DECK_COUNT + deck] = count - 1


# ---- treasure piles ----


@njit(cache=True)
def pile_top(state, seat):
    """The visible treasure of ``seat``'s pile, -1 when empty."""
    count = state[PILE_COUNT + seat]
    if count == 0:
        return -1
    return state[PILE + seat * PILE_CAPACITY + count - 1]


@njit(cache=True)
def pile_push(state, seat, card):
    count = state[PILE_COUNT + seat]
    state[PILE + seat * PILE_CAPACITY + count] = card
    state[PILE_COUNT + seat] = count + 1
    state[PILE_POINTS + seat] += state[TREASURE_VALUE + card]


@njit(cache=True)
def pile_pop(state, seat):
    count = state[PILE_COUNT + seat] - 1
    card = state[PILE + seat * PILE_CAPACITY + count]
    state[PILE_COUNT + seat] = count
    state[PILE_POINTS + seat] -= state[TREASURE_VALUE + card]
    return card
