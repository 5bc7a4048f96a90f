"""Low-level table operations shared by the rules modules (numba): bitsets, holdings, the log."""

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload

from simulator.core.engine.gamelog import append_record
from simulator.games.skeleton.components import (
    HALF_UNITS,
    KIND_COIN,
    KIND_OBJECT,
    KIND_PIECE,
    N_COLOURS,
)
from simulator.games.skeleton.state import (
    CARDS_HELD,
    COIN_CARDS,
    COIN_POINTS,
    COIN_VALUE_AT,
    CONTENT_COLOUR_AT,
    CONTENT_KIND_AT,
    HALVES,
    ISLAND_COINS_AT,
    ISLANDS,
    LOC_SEAT,
    LOG_COUNT,
    OBJECTS,
    PIECE_UNITS_AT,
    QUARTERS,
    SCORE,
    SLOT_CONTENT,
    SLOT_LOC,
)


@njit(cache=True, inline="always")
def log_event(log, state, code, a, b, c, d, e):
    """Append ``[code, a, b, c, d, e]`` when logging is on."""
    append_record(log, state, LOG_COUNT, code, a, b, c, d, e)


@njit(cache=True, inline="always")
def bit(slot):
    """The one-slot mask of ``slot``."""
    return 1 << slot


def lowest_slot(mask):
    """The lowest slot of a non-empty ``mask``: iterate a mask's slots in increasing order with
    ``slot = lowest_slot(mask); mask &= mask - 1``.  Compiled, one instruction (the overload
    below); this body runs only without numba (NUMBA_DISABLE_JIT)."""
    mask = int(mask)
    return (mask & -mask).bit_length() - 1


@overload(lowest_slot, inline="always")
def _lowest_slot_compiled(mask):
    return lambda mask: trailing_zeros(mask)


@njit(cache=True, inline="always")
def popcount(mask):
    """Number of slots in ``mask``."""
    count = 0
    while mask != 0:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, inline="always")
def content_kind(state, content):
    """KIND_PIECE / KIND_COIN / KIND_OBJECT of ``content`` (the run's deck, in the state)."""
    return state[CONTENT_KIND_AT + content]


@njit(cache=True, inline="always")
def content_colour(state, content):
    """Colour of map piece ``content``, -1 for another card."""
    return state[CONTENT_COLOUR_AT + content]


@njit(cache=True, inline="always")
def coin_value(state, content):
    """Coins on Gold coin card ``content`` (the run's coin_cards), 0 for another card."""
    return state[COIN_VALUE_AT + content]


@njit(cache=True, inline="always")
def is_half(state, content):
    """Whether a map piece is a half-map (else a quarter)."""
    return state[PIECE_UNITS_AT + content] == HALF_UNITS


@njit(cache=True, inline="always")
def add_to_holdings(state, seat, content, sign):
    """Count ``content`` in (``sign`` 1) or out of (``sign`` -1) ``seat``'s holdings and score."""
    kind = content_kind(state, content)
    if kind == KIND_PIECE:
        colour = content_colour(state, content)
        if is_half(state, content):
            state[HALVES + seat * N_COLOURS + colour] += sign
        else:
            state[QUARTERS + seat * N_COLOURS + colour] += sign
    elif kind == KIND_COIN:
        value = coin_value(state, content)
        state[COIN_POINTS + seat] += sign * value
        state[COIN_CARDS + seat] += sign
        state[SCORE + seat] += sign * value  # R21: coin cards count
    elif kind == KIND_OBJECT:
        state[OBJECTS + seat] += sign
    state[CARDS_HELD + seat] += sign


@njit(cache=True, inline="always")
def give_to_seat(state, slot, seat):
    """Put ``slot`` in front of ``seat`` (kept, stolen)."""
    state[SLOT_LOC + slot] = LOC_SEAT + seat
    add_to_holdings(state, seat, state[SLOT_CONTENT + slot], 1)


@njit(cache=True, inline="always")
def take_from_seat(state, slot, new_loc):
    """Take ``slot`` away from the seat holding it, to location ``new_loc``; returns that seat."""
    seat = state[SLOT_LOC + slot] - LOC_SEAT
    add_to_holdings(state, seat, state[SLOT_CONTENT + slot], -1)
    state[SLOT_LOC + slot] = new_loc
    return seat


@njit(cache=True)
def award_island(state, seat):
    """One more Island card for ``seat`` (R19: worth ``island_coins``)."""
    state[ISLANDS + seat] += 1
    state[SCORE + seat] += state[ISLAND_COINS_AT]


@njit(cache=True, inline="always")
def eligible_capacity(state, seat):
    """R14: the most cards ``seat`` could discard in one piracy set: its pirate objects plus one
    map piece per colour it holds (coin cards never count)."""
    capacity = state[OBJECTS + seat]
    for colour in range(N_COLOURS):
        if state[HALVES + seat * N_COLOURS + colour] + state[QUARTERS + seat * N_COLOURS + colour] > 0:
            capacity += 1
    return capacity
