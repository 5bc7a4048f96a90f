"""DÉROULEMENT DE LA PARTIE: placing half-covered Island cards, Bonus cards, the reveal."""

from numba import njit

from simulator.core.decisions import ask
from simulator.games.sails.board import island_colour, island_value, log_event, move_island, seat_at
from simulator.games.sails.state import (
    BONUS_AFTER_REVEAL,
    BONUS_AFTER_REVEAL_DECISION,
    BONUS_ATTACHED,
    BONUS_HELD,
    EV_BONUS_AFTER,
    EV_PLACE,
    EV_REVEAL,
    FIRST_PLAYER,
    HAND_MASK,
    HIDE_NUMBER,
    LOC_TABLE,
    OPTION_BONUS_SHIFT,
    OPTION_CARD_MASK,
    OPTION_HIDE_SHIFT,
    PLACED,
    PLAY_CARD,
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

MAX_VALUE = 12


@njit(cache=True)
def play_options(state, seat, options):
    """Legal PLAY_CARD options of ``seat``: ``card | hide << 6 | bonus << 7``.

    Every card of the hand, either half hidden, with 0..n Bonus cards attached at placement
    (n = Bonus held, capped so the value stays <= 12; always 0 in variant bonus-after-reveal).
    """
    n = 0
    held = state[BONUS_HELD + seat]
    if state[BONUS_AFTER_REVEAL] == 1:
        held = 0
    for colour in range(4):
        mask = state[HAND_MASK + seat * 4 + colour]
        for bit in range(12):
            if (mask >> bit) & 1:
                card = colour * 12 + bit
                max_bonus = MAX_VALUE - 1 - bit
                if held < max_bonus:
                    max_bonus = held
                # (plain while loop: nested range loops compile poorly here)
                bonus = 0
                while bonus <= max_bonus:
                    options[n] = card | (bonus << OPTION_BONUS_SHIFT)
                    options[n + 1] = card | (1 << OPTION_HIDE_SHIFT) | (bonus << OPTION_BONUS_SHIFT)
                    n += 2
                    bonus += 1
    return n


@njit(cache=True)
def place_card(state, seat, option, log):
    """Put the chosen card on the table, half covered by the Sail, with its Bonus cards."""
    card = option & OPTION_CARD_MASK
    hide = (option >> OPTION_HIDE_SHIFT) & 1
    bonus = option >> OPTION_BONUS_SHIFT
    move_island(state, card, LOC_TABLE)
    state[TABLE_CARD + seat] = card
    state[TABLE_HIDE + seat] = hide
    if hide == HIDE_NUMBER:
        state[TABLE_VISIBLE + seat] = island_colour(card)
    else:
        state[TABLE_VISIBLE + seat] = island_value(card)
    state[TABLE_BONUS + seat] = bonus
    state[BONUS_HELD + seat] -= bonus
    state[BONUS_ATTACHED] += bonus
    state[STAT_BONUS_SPENT + seat] += bonus
    state[TABLE_ORDER + seat] = state[PLACED]
    state[PLACED] += 1
    log_event(log, state, EV_PLACE, seat, hide, state[TABLE_VISIBLE + seat], bonus, 0)


@njit(cache=True)
def play_cards(state, strategies, params, streams, options, log):
    """From the first player clockwise, each player places one half-covered Island card."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        n = play_options(state, seat, options)
        choice = ask(strategies, seat, state, PLAY_CARD, options, n, params, streams)
        place_card(state, seat, options[choice], log)


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
def bonus_after_reveal(state, strategies, params, streams, options, log):
    """Variant bonus-after-reveal: clockwise from the first player, each may attach Bonus cards."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        max_bonus = MAX_VALUE - state[TABLE_VALUE + seat]
        if state[BONUS_HELD + seat] < max_bonus:
            max_bonus = state[BONUS_HELD + seat]
        for b in range(max_bonus + 1):
            options[b] = b
        choice = ask(strategies, seat, state, BONUS_AFTER_REVEAL_DECISION, options, max_bonus + 1, params, streams)
        bonus = options[choice]
        if bonus > 0:
            state[TABLE_BONUS + seat] += bonus
            state[TABLE_VALUE + seat] += bonus
            state[BONUS_HELD + seat] -= bonus
            state[BONUS_ATTACHED] += bonus
            state[STAT_BONUS_SPENT + seat] += bonus
            log_event(log, state, EV_BONUS_AFTER, seat, bonus, state[TABLE_VALUE + seat], 0, 0)
