"""DÉROULEMENT DE LA PARTIE: placing half-covered Island cards, Bonus cards, the reveal."""

import numpy as np
from numba import njit

from simulator.games.sails.board import island_colour, island_value, log_event, move_island, seat_at
from simulator.games.sails.state import (
    FIRED_BONUS,
    FIRED_BONUS_AFTER_REVEAL,
    FIRED_R6,
    FIRED_R7,
    FIRED_R9,
    BONUS_AFTER_REVEAL,
    BONUS_ATTACHED,
    BONUS_HELD,
    EV_BONUS_AFTER,
    EV_PLACE,
    EV_REVEAL,
    FIRST_PLAYER,
    HAND_MASK,
    HIDE_COLOUR,
    HIDE_NUMBER,
    LOC_TABLE,
    MAX_VALUE,
    OPTION_HIDE_SHIFT,
    PLACED,
    PLAYERS,
    REVEALED,
    STAT_BONUS_SPENT,
    TABLE_BONUS,
    TABLE_CARD,
    TABLE_COLOUR,
    TABLE_HIDE,
    TABLE_ORDER,
    TABLE_VALUE,
    TABLE_VISIBLE,
)

LOWEST_BIT = np.array([(mask & -mask).bit_length() - 1 for mask in range(4096)], dtype=np.int64)
"""Index of the lowest set bit of a 12-bit mask (-1 when empty)."""


@njit(cache=True)
def play_options(state, seat, options):
    """Legal PLAY_CARD options of ``seat``: ``card | hide << 6`` for every card of the hand
    (by id), hiding the colour (``HIDE_COLOUR``) then the number (``HIDE_NUMBER``)."""
    n = 0
    for colour in range(4):
        mask = state[HAND_MASK + seat * 4 + colour]
        while mask != 0:
            low = mask & -mask  # lowest card left in the colour
            card = colour * 12 + LOWEST_BIT[low & 0xFFF]
            options[n] = card | (HIDE_COLOUR << OPTION_HIDE_SHIFT)
            options[n + 1] = card | (HIDE_NUMBER << OPTION_HIDE_SHIFT)
            n += 2
            mask ^= low
    return n


@njit(cache=True)
def max_bonus(state, seat, value):
    """Most Bonus cards ``seat`` may add to a card of ``value``: those it holds, but "vous ne pouvez
    pas utiliser de cartes Bonus pour dépasser" 12 (setting max_card_value)."""
    room = state[MAX_VALUE] - value
    held = state[BONUS_HELD + seat]
    if held <= room:
        return held
    state[FIRED_R9] += 1  # R9: the 12 cap limits the Bonus cards this card can take
    return room


@njit(cache=True)
def bonus_options(state, seat, options):
    """PLAY_BONUS options for the card ``seat`` just placed: 0..max Bonus cards (reading 1: they
    are played face up with the half-covered card).  Just [0] under variant bonus-after-reveal."""
    n_max = 0
    if state[BONUS_AFTER_REVEAL] == 0:
        n_max = max_bonus(state, seat, island_value(state[TABLE_CARD + seat]))
    for bonus in range(n_max + 1):
        options[bonus] = bonus
    return n_max + 1


@njit(cache=True)
def place_card(state, seat, card, hide):
    """Put ``card`` on the table, half covered by the Sail: ``hide`` = HIDE_COLOUR shows the
    number, HIDE_NUMBER shows the colour."""
    move_island(state, card, LOC_TABLE)
    state[TABLE_CARD + seat] = card
    state[TABLE_HIDE + seat] = hide
    if hide == HIDE_NUMBER:
        state[TABLE_VISIBLE + seat] = island_colour(card)
        state[FIRED_R7] += 1  # R7: the number hidden, the colour shown
    else:
        state[TABLE_VISIBLE + seat] = island_value(card)
        state[FIRED_R6] += 1  # R6: the colour hidden, the number shown
    state[TABLE_BONUS + seat] = 0
    state[TABLE_ORDER + seat] = state[PLACED]
    state[PLACED] += 1


@njit(cache=True)
def attach_bonus(state, seat, bonus):
    """Attach ``bonus`` Bonus cards, face up, to ``seat``'s card on the table (+1 value each)."""
    state[TABLE_BONUS + seat] += bonus
    state[BONUS_HELD + seat] -= bonus
    state[BONUS_ATTACHED] += bonus
    state[STAT_BONUS_SPENT + seat] += bonus
    state[FIRED_BONUS] += bonus  # Bonus cards spent


@njit(cache=True)
def log_placement(state, seat, log):
    """Log ``seat``'s placed card (hidden half, visible half, Bonus attached)."""
    log_event(log, state, EV_PLACE, seat, state[TABLE_HIDE + seat], state[TABLE_VISIBLE + seat],
              state[TABLE_BONUS + seat], 0)


@njit(cache=True)
def reveal(state, log):
    """Sails are removed: every card is revealed; value = printed number + Bonus cards."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    state[REVEALED] = 1
    for order in range(players):
        seat = seat_at(state, first, order)
        card = state[TABLE_CARD + seat]
        state[TABLE_COLOUR + seat] = island_colour(card)
        state[TABLE_VALUE + seat] = island_value(card) + state[TABLE_BONUS + seat]
        log_event(log, state, EV_REVEAL, seat, card, state[TABLE_BONUS + seat], state[TABLE_VALUE + seat], 0)


@njit(cache=True)
def after_reveal_options(state, seat, options):
    """Variant bonus-after-reveal, BONUS_AFTER_REVEAL_DECISION options: 0..max Bonus cards
    ``seat`` may add to its revealed card (clockwise from the first player, engine.py)."""
    most = max_bonus(state, seat, state[TABLE_VALUE + seat])
    for bonus in range(most + 1):
        options[bonus] = bonus
    return most + 1


@njit(cache=True)
def add_bonus_after_reveal(state, seat, bonus, log):
    """Variant bonus-after-reveal: attach ``bonus`` Bonus cards to ``seat``'s revealed card."""
    if bonus > 0:
        state[FIRED_BONUS_AFTER_REVEAL] += 1  # variant bonus-after-reveal
        attach_bonus(state, seat, bonus)
        state[TABLE_VALUE + seat] += bonus
        log_event(log, state, EV_BONUS_AFTER, seat, bonus, state[TABLE_VALUE + seat], 0, 0)
