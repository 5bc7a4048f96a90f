"""Résolution d'un pli: who wins each colour, treasures taken or stolen, Bonus handed out,
then Action cards (see actions.py), then the end of the trick.

``trick_outcomes(state)`` is a pure function of a revealed table; tests call it on hand-set states.
"""

from numba import njit

from simulator.core.decisions import ask
from simulator.games.sails.actions import activate_action
from simulator.games.sails.board import (
    deck_push_under,
    deck_reveal,
    log_event,
    move_island,
    pile_pop,
    pile_push,
    pile_top,
    seat_at,
    treasure_colour,
)
from simulator.games.sails.state import (
    BONUS_ATTACHED,
    BONUS_DECK,
    BONUS_HELD,
    COLOUR_COUNT,
    COLOUR_WEAKEST,
    COLOUR_WINNER,
    DECK_TOP,
    EV_BONUS_GIVEN,
    EV_STEAL,
    EV_TAKE,
    EV_UNDER,
    EV_WIN,
    FIRST_PLAYER,
    ISLAND_LOC,
    LOC_DISCARD,
    LOC_TABLE,
    MERGED,
    N_DECKS,
    OUTCOME_ACTION,
    OUTCOME_NONE,
    OUTCOME_TREASURE,
    PLAYERS,
    SEAT_BONUS_DUE,
    SEAT_OUTCOME,
    SEAT_OUTCOME_ARG,
    STAT_BONUS_RECEIVED,
    STAT_ROBBED,
    STAT_STOLEN,
    STAT_TAKEN,
    TABLE_CARD,
    TABLE_COLOUR,
    TABLE_VALUE,
    TAKE_FROM_DECK,
    TAKE_OR_STEAL,
    TRICK,
    TRICKS_PLAYED,
    WEAKEST_TIE_NEAREST,
)


@njit(cache=True)
def matching_deck(state, colour):
    """The deck whose visible top treasure has ``colour``, -1 if none."""
    for deck in range(state[N_DECKS]):
        top = state[DECK_TOP + deck]
        if top >= 0 and treasure_colour(top) == colour:
            return deck
    return -1


@njit(cache=True)
def resolve_unit(state, colour_a, colour_b, unit_slot):
    """Winner and weakest among the cards of ``colour_a`` or ``colour_b`` (equal for one colour).

    Strongest value wins; ties go to the first player or the nearest clockwise.  Weakest value
    receives Bonus; ties reversed (the farthest clockwise) unless variant weakest-tie-nearest.
    Fills COLOUR_WINNER / COLOUR_WEAKEST at ``unit_slot`` and returns the number of cards.
    """
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    nearest = state[WEAKEST_TIE_NEAREST]
    count = 0
    winner = -1
    weakest = -1
    for order in range(players):
        seat = seat_at(state, first, order)
        colour = state[TABLE_COLOUR + seat]
        if colour != colour_a and colour != colour_b:
            continue
        value = state[TABLE_VALUE + seat]
        count += 1
        if winner < 0 or value > state[TABLE_VALUE + winner]:
            winner = seat
        if weakest < 0:
            weakest = seat
        elif nearest == 1:
            if value < state[TABLE_VALUE + weakest]:
                weakest = seat
        elif value <= state[TABLE_VALUE + weakest]:
            weakest = seat
    state[COLOUR_WINNER + unit_slot] = winner
    state[COLOUR_WEAKEST + unit_slot] = weakest if count >= 2 else -1
    return count


@njit(cache=True)
def trick_outcomes(state):
    """Decide, from the revealed table, what each seat gets this trick (no card moves).

    - Winning a colour with a matching visible treasure: OUTCOME_TREASURE (arg = deck).
    - Winning a colour without one: OUTCOME_ACTION (arg = Action card colour // 2).
    - 3 players: if neither colour of an Action card is the top treasure's colour, both colours
      count as one (MERGED): one winner of that Action, and the weakest of both colours gets as
      many Bonus cards as cards played in both.
    - Weakest card of a colour (>= 2 cards): SEAT_BONUS_DUE = cards played in that colour.
    """
    players = state[PLAYERS]
    for seat in range(players):
        state[SEAT_OUTCOME + seat] = OUTCOME_NONE
        state[SEAT_OUTCOME_ARG + seat] = -1
        state[SEAT_BONUS_DUE + seat] = 0
    for colour in range(4):
        state[COLOUR_COUNT + colour] = 0
        state[COLOUR_WINNER + colour] = -1
        state[COLOUR_WEAKEST + colour] = -1
    for seat in range(players):
        state[COLOUR_COUNT + state[TABLE_COLOUR + seat]] += 1
    for card in range(2):
        low = 2 * card
        high = low + 1
        merged = 0
        if players == 3 and matching_deck(state, low) < 0 and matching_deck(state, high) < 0:
            merged = 1
        state[MERGED + card] = merged
        if merged == 1:
            count = resolve_unit(state, low, high, low)
            state[COLOUR_WINNER + high] = state[COLOUR_WINNER + low]
            state[COLOUR_WEAKEST + high] = state[COLOUR_WEAKEST + low]
            winner = state[COLOUR_WINNER + low]
            if winner >= 0:
                state[SEAT_OUTCOME + winner] = OUTCOME_ACTION
                state[SEAT_OUTCOME_ARG + winner] = card
            weakest = state[COLOUR_WEAKEST + low]
            if weakest >= 0:
                state[SEAT_BONUS_DUE + weakest] = count
            continue
        for colour in range(low, high + 1):
            count = resolve_unit(state, colour, colour, colour)
            winner = state[COLOUR_WINNER + colour]
            if winner < 0:
                continue
            deck = matching_deck(state, colour)
            if deck >= 0:
                state[SEAT_OUTCOME + winner] = OUTCOME_TREASURE
                state[SEAT_OUTCOME_ARG + winner] = deck
            else:
                state[SEAT_OUTCOME + winner] = OUTCOME_ACTION
                state[SEAT_OUTCOME_ARG + winner] = card
            weakest = state[COLOUR_WEAKEST + colour]
            if weakest >= 0:
                state[SEAT_BONUS_DUE + weakest] = count


@njit(cache=True)
def steal_options(state, seat, deck, options):
    """TAKE_OR_STEAL options: take from ``deck``, or steal from a seat that played the same colour
    with a lower value and whose visible treasure has that colour (a deck shows it: ``deck``)."""
    players = state[PLAYERS]
    colour = state[TABLE_COLOUR + seat]
    options[0] = TAKE_FROM_DECK
    n = 1
    for order in range(players):
        victim = seat_at(state, state[FIRST_PLAYER], order)
        if victim == seat or state[TABLE_COLOUR + victim] != colour:
            continue
        if state[TABLE_VALUE + victim] >= state[TABLE_VALUE + seat]:
            continue
        top = pile_top(state, victim)
        if top >= 0 and treasure_colour(top) == colour:
            options[n] = victim
            n += 1
    return n


@njit(cache=True)
def gain_treasures(state, strategies, params, streams, options, log):
    """Winners with a matching treasure take it or steal a visible one, clockwise from the first player."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        if state[SEAT_OUTCOME + seat] != OUTCOME_TREASURE:
            continue
        deck = state[SEAT_OUTCOME_ARG + seat]
        n = steal_options(state, seat, deck, options)
        choice = ask(strategies, seat, state, TAKE_OR_STEAL, options, n, params, streams)
        victim = options[choice]
        if victim == TAKE_FROM_DECK:
            treasure = state[DECK_TOP + deck]
            state[DECK_TOP + deck] = -1
            pile_push(state, seat, treasure)
            state[STAT_TAKEN + seat] += 1
            log_event(log, state, EV_TAKE, seat, deck, treasure, 0, 0)
        else:
            treasure = pile_pop(state, victim)
            pile_push(state, seat, treasure)
            state[STAT_STOLEN + seat] += 1
            state[STAT_ROBBED + victim] += 1
            log_event(log, state, EV_STEAL, seat, victim, treasure, 0, 0)


@njit(cache=True)
def hand_out_bonus(state, log):
    """The weakest card of each colour receives Bonus cards, clockwise from the first player,
    while the Bonus deck lasts (what is left is handed out, the rest is lost)."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        due = state[SEAT_BONUS_DUE + seat]
        if due == 0:
            continue
        given = due
        if state[BONUS_DECK] < given:
            given = state[BONUS_DECK]
        state[BONUS_DECK] -= given
        state[BONUS_HELD + seat] += given
        state[STAT_BONUS_RECEIVED + seat] += given
        log_event(log, state, EV_BONUS_GIVEN, seat, due, given, state[TABLE_COLOUR + seat], 0)


@njit(cache=True)
def log_winners(state, log):
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        outcome = state[SEAT_OUTCOME + seat]
        if outcome == OUTCOME_NONE:
            continue
        colour = state[TABLE_COLOUR + seat]
        if state[MERGED + colour // 2] == 1:
            colour = 4 + colour // 2
        log_event(log, state, EV_WIN, seat, colour, state[TABLE_VALUE + seat], outcome, state[SEAT_OUTCOME_ARG + seat])


@njit(cache=True)
def resolve_trick(state, strategies, params, streams, options, deal, log):
    """Treasures and Bonus first, then Action cards clockwise from the first player."""
    trick_outcomes(state)
    log_winners(state, log)
    gain_treasures(state, strategies, params, streams, options, log)
    hand_out_bonus(state, log)
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(players):
        seat = seat_at(state, first, order)
        if state[SEAT_OUTCOME + seat] == OUTCOME_ACTION:
            activate_action(state, seat, state[SEAT_OUTCOME_ARG + seat], strategies, params, streams, options, deal, log)


@njit(cache=True)
def end_trick(state, log):
    """Untaken visible treasures go under their deck, new tops are revealed, played Island cards
    are discarded, attached Bonus cards go back to the Bonus deck, the first-player card passes on."""
    for deck in range(state[N_DECKS]):
        top = state[DECK_TOP + deck]
        if top >= 0:
            deck_push_under(state, deck, top)
            state[DECK_TOP + deck] = -1
            log_event(log, state, EV_UNDER, deck, top, 0, 0, 0)
        deck_reveal(state, deck)
    for seat in range(state[PLAYERS]):
        card = state[TABLE_CARD + seat]
        if card >= 0 and state[ISLAND_LOC + card] == LOC_TABLE:
            move_island(state, card, LOC_DISCARD)
    state[BONUS_DECK] += state[BONUS_ATTACHED]
    state[BONUS_ATTACHED] = 0
    state[FIRST_PLAYER] = (state[FIRST_PLAYER] + 1) % state[PLAYERS]
    state[TRICK] += 1
    state[TRICKS_PLAYED] += 1
