"""Résolution d'un pli: who wins each colour, treasures taken or stolen, Bonus handed out,
then Action cards (see actions.py), then the end of the trick (the order of the steps: engine.py).

``trick_outcomes(state)`` is a pure function of a revealed table; tests call it on hand-set states.
"""

from numba import njit

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
    FIRED_R10,
    FIRED_R11,
    FIRED_R12,
    FIRED_R13,
    FIRED_R14,
    FIRED_R15,
    FIRED_R17,
    FIRED_R18,
    FIRED_R19,
    FIRED_R20,
    FIRED_R21,
    FIRED_R22,
    FIRED_WEAKEST_TIE_NEAREST,
    BONUS_ATTACHED,
    BONUS_DECK,
    BONUS_HELD,
    BONUS_PER_CARD,
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
    TABLE_ORDER,
    TABLE_VALUE,
    TAKE_FROM_DECK,
    TRICK,
    TRICKS_PLAYED,
    WEAKEST_TIE_NEAREST,
)


@njit(cache=True)
def unit_of(state, colour):
    """The colour a card counts in: its own, or the lower colour of a merged pair (3 players)."""
    return colour - colour % 2 if state[MERGED + colour // 2] == 1 else colour


@njit(cache=True)
def next_in_unit(state, unit, seat):
    """The first seat after ``seat`` in placement order whose card counts in ``unit`` (-1 none)."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    for order in range(state[TABLE_ORDER + seat] + 1, players):
        other = seat_at(state, first, order)
        if unit_of(state, state[TABLE_COLOUR + other]) == unit:
            return other
    return -1


@njit(cache=True)
def trick_outcomes(state):
    """Decide, from the revealed table, what each seat gets this trick (no card moves).

    - Each colour is won by its strongest value; ties go to the first player or the nearest
      clockwise.  Its weakest value (when >= 2 cards) receives Bonus; ties reversed (the farthest
      clockwise) unless variant weakest-tie-nearest (the nearest clockwise).  The winner never
      receives Bonus for its own colour: when every card of the colour ties, the weakest is the
      farthest (default) or the nearest after the winner (weakest-tie-nearest).
    - Winning a colour with a matching visible treasure: OUTCOME_TREASURE (arg = deck).
    - Winning a colour without one: OUTCOME_ACTION (arg = Action card = colour // 2).
    - 3 players: if neither colour of an Action card is the top treasure's colour, both colours
      count as one (MERGED): one winner of that Action, and the weakest of both colours gets as
      many Bonus cards as cards played in both.
    - Weakest card of a colour (>= 2 cards): SEAT_BONUS_DUE = cards played in that colour.
    """
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    nearest = state[WEAKEST_TIE_NEAREST]
    # colour of each deck's visible top (-1 none)
    top0 = state[DECK_TOP]
    top1 = state[DECK_TOP + 1] if state[N_DECKS] == 2 else -1
    colour0 = treasure_colour(top0) if top0 >= 0 else -1
    colour1 = treasure_colour(top1) if top1 >= 0 else -1
    for card in range(2):
        merged = 0
        if players == 3 and (colour0 < 0 or colour0 // 2 != card):
            merged = 1
        state[MERGED + card] = merged
    for colour in range(4):
        state[COLOUR_COUNT + colour] = 0
        state[COLOUR_WINNER + colour] = -1
        state[COLOUR_WEAKEST + colour] = -1
    # one pass in placement order; a merged pair is tallied on its lower colour
    for order in range(players):
        seat = seat_at(state, first, order)
        state[SEAT_OUTCOME + seat] = OUTCOME_NONE
        state[SEAT_OUTCOME_ARG + seat] = -1
        state[SEAT_BONUS_DUE + seat] = 0
        colour = state[TABLE_COLOUR + seat]
        unit = unit_of(state, colour)
        value = state[TABLE_VALUE + seat]
        state[COLOUR_COUNT + colour] += 1
        winner = state[COLOUR_WINNER + unit]
        if winner < 0 or value > state[TABLE_VALUE + winner]:
            state[COLOUR_WINNER + unit] = seat
        elif value == state[TABLE_VALUE + winner]:
            state[FIRED_R12] += 1  # R12: a tie for the strongest stays with the earlier seat
        weakest = state[COLOUR_WEAKEST + unit]
        if weakest < 0:
            state[COLOUR_WEAKEST + unit] = seat
        elif nearest == 1:
            if value < state[TABLE_VALUE + weakest]:
                state[COLOUR_WEAKEST + unit] = seat
            elif value == state[TABLE_VALUE + weakest]:
                state[FIRED_WEAKEST_TIE_NEAREST] += 1  # variant weakest-tie-nearest: the earlier seat stays
        elif value <= state[TABLE_VALUE + weakest]:
            if value == state[TABLE_VALUE + weakest]:
                state[FIRED_R19] += 1  # R19 (reading 3): a tied weakest goes to the later seat
            state[COLOUR_WEAKEST + unit] = seat
    for unit in range(4):
        winner = state[COLOUR_WINNER + unit]
        if winner < 0:
            continue
        count = state[COLOUR_COUNT + unit]
        if state[MERGED + unit // 2] == 1:
            # the pair's winner activates the Action card (no treasure can match)
            count += state[COLOUR_COUNT + unit + 1]
            state[FIRED_R13] += 1  # R13: both colours of the Action card count as one
            state[SEAT_OUTCOME + winner] = OUTCOME_ACTION
            state[SEAT_OUTCOME_ARG + winner] = unit // 2
        elif colour0 == unit:
            state[SEAT_OUTCOME + winner] = OUTCOME_TREASURE
            state[SEAT_OUTCOME_ARG + winner] = 0
        elif colour1 == unit:
            state[SEAT_OUTCOME + winner] = OUTCOME_TREASURE
            state[SEAT_OUTCOME_ARG + winner] = 1
        else:
            state[SEAT_OUTCOME + winner] = OUTCOME_ACTION
            state[SEAT_OUTCOME_ARG + winner] = unit // 2
        if count == 1:
            state[FIRED_R10] += 1  # R10: a sole card wins its colour
        else:
            state[FIRED_R11] += 1  # R11: the strongest of several cards wins
        if count >= 2:
            state[FIRED_R18] += 1  # R18: the weakest card receives Bonus cards
            weakest = state[COLOUR_WEAKEST + unit]
            if weakest == winner:
                # §2 "vous perdez la couleur": only a loser receives Bonus.  The nearest tied weakest
                # is the winner only when every card ties; then the next tied card is the weakest.
                state[FIRED_R20] += 1  # R20
                weakest = next_in_unit(state, unit, winner)
                state[COLOUR_WEAKEST + unit] = weakest
            state[SEAT_BONUS_DUE + weakest] = count * state[BONUS_PER_CARD]  # setting bonus_per_card_played
        else:
            state[COLOUR_WEAKEST + unit] = -1
    for card in range(2):
        if state[MERGED + card] == 1:
            low = 2 * card
            state[COLOUR_WINNER + low + 1] = state[COLOUR_WINNER + low]
            state[COLOUR_WEAKEST + low + 1] = state[COLOUR_WEAKEST + low]
    for card in range(2):
        activations = 0
        for seat in range(players):
            if state[SEAT_OUTCOME + seat] == OUTCOME_ACTION and state[SEAT_OUTCOME_ARG + seat] == card:
                activations += 1
        if activations >= 2:
            state[FIRED_R17] += 1  # R17 (reading 8): both winners activate the Action card


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
def take_or_steal(state, seat, victim, log):
    """A winner with a matching treasure takes the deck's visible one (``victim`` = TAKE_FROM_DECK)
    or steals ``victim``'s visible treasure (the TAKE_OR_STEAL choice, see ``steal_options``)."""
    if victim == TAKE_FROM_DECK:
        deck = state[SEAT_OUTCOME_ARG + seat]
        treasure = state[DECK_TOP + deck]
        state[DECK_TOP + deck] = -1
        pile_push(state, seat, treasure)
        state[STAT_TAKEN + seat] += 1
        state[FIRED_R14] += 1  # R14: the visible treasure taken from the deck
        log_event(log, state, EV_TAKE, seat, deck, treasure, 0, 0)
    else:
        treasure = pile_pop(state, victim)
        pile_push(state, seat, treasure)
        state[STAT_STOLEN + seat] += 1
        state[STAT_ROBBED + victim] += 1
        state[FIRED_R15] += 1  # R15: a visible treasure stolen
        log_event(log, state, EV_STEAL, seat, victim, treasure, 0, 0)


@njit(cache=True)
def next_with_outcome(state, outcome, order):
    """The first placement order >= ``order`` whose seat has ``outcome`` this trick (players: none).
    Treasures, then Action cards, are handled clockwise from the first player."""
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    while order < players and state[SEAT_OUTCOME + seat_at(state, first, order)] != outcome:
        order += 1
    return order


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
            state[FIRED_R21] += 1  # R21 (reading 5): the Bonus deck ran short
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
def end_trick(state, log):
    """Untaken visible treasures go under their deck, new tops are revealed, played Island cards
    are discarded, attached Bonus cards go back to the Bonus deck, the first-player card passes on."""
    for deck in range(state[N_DECKS]):
        top = state[DECK_TOP + deck]
        if top >= 0:
            deck_push_under(state, deck, top)
            state[FIRED_R22] += 1  # R22: an untaken treasure goes under its deck
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
