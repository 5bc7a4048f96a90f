"""CARTES ACTION: the four actions, activated after treasures and Bonus, clockwise from the first player."""

from numba import njit

from simulator.core.decisions import ask
from simulator.core.rng import random_below
from simulator.games.sails.board import (
    deck_card_from_top,
    deck_set_from_top,
    log_event,
    move_island,
    move_to_hand,
    seat_at,
)
from simulator.games.sails.state import (
    A1_TARGET,
    A2_GIVE,
    A2_TAKEN,
    A2_TARGET,
    A2_TARGET_SEAT,
    A3_CARDS,
    A3_DECK,
    A3_DECK_DECISION,
    A3_N,
    A3_ORDER,
    A4_DISCARD,
    A4_TAKE,
    ACTION_ON_CARD,
    ACTIONS_USED,
    BONUS_DECK,
    BONUS_HELD,
    DECK_COUNT,
    EV_A1,
    EV_A2_GIVE,
    EV_A2_TAKE,
    EV_A3,
    EV_A4_DISCARD,
    EV_A4_TAKE,
    EV_ACTION,
    EV_NO_EFFECT,
    FIRST_PLAYER,
    FROM_BONUS_DECK,
    HAND_COUNT,
    HAND_MASK,
    ISLAND_LOC,
    LOC_DISCARD,
    LOC_HAND,
    LOC_TABLE,
    N_DECKS,
    PLAYERS,
    STAT_ACTIONS,
    TABLE_CARD,
)


@njit(cache=True)
def action_a1(state, seat, strategies, params, streams, options, log):
    """A1: steal 2 Bonus cards from another player; if impossible (nobody else holds 2), take 2
    from the Bonus deck (what is left of it)."""
    players = state[PLAYERS]
    n = 0
    for order in range(1, players):
        other = seat_at(state, seat, order)
        if state[BONUS_HELD + other] >= 2:
            options[n] = other
            n += 1
    if n == 0:
        taken = 2 if state[BONUS_DECK] >= 2 else state[BONUS_DECK]
        state[BONUS_DECK] -= taken
        state[BONUS_HELD + seat] += taken
        log_event(log, state, EV_A1, seat, FROM_BONUS_DECK, taken, 0, 0)
        return
    choice = ask(strategies, seat, state, A1_TARGET, options, n, params, streams)
    victim = options[choice]
    state[BONUS_HELD + victim] -= 2
    state[BONUS_HELD + seat] += 2
    log_event(log, state, EV_A1, seat, victim, 2, 0, 0)


@njit(cache=True)
def hand_options(state, seat, options):
    """Island cards in ``seat``'s hand, by id."""
    n = 0
    for colour in range(4):
        mask = state[HAND_MASK + seat * 4 + colour]
        card = colour * 12
        while mask != 0:
            if mask & 1:
                options[n] = card
                n += 1
            mask >>= 1
            card += 1
    return n


@njit(cache=True)
def action_a2(state, seat, strategies, params, streams, options, deal, log):
    """A2: steal 2 random Island cards from another player's hand, give back 2 of your choice
    (1 and 1 when hands hold a single card; nothing when hands are empty, last trick)."""
    players = state[PLAYERS]
    n = 0
    for order in range(1, players):
        other = seat_at(state, seat, order)
        if state[HAND_COUNT + other] > 0:
            options[n] = other
            n += 1
    if n == 0 or state[HAND_COUNT + seat] == 0:
        log_event(log, state, EV_NO_EFFECT, seat, 2, 0, 0, 0)
        return
    choice = ask(strategies, seat, state, A2_TARGET, options, n, params, streams)
    target = options[choice]
    state[A2_TARGET_SEAT] = target
    k = 2 if state[HAND_COUNT + target] >= 2 else state[HAND_COUNT + target]
    state[A2_TAKEN] = -1
    state[A2_TAKEN + 1] = -1
    for j in range(k):
        # A random card of the target's hand (the deal stream draws every chance event).
        pick = random_below(deal, state[HAND_COUNT + target])
        for card in range(48):
            if state[ISLAND_LOC + card] == LOC_HAND + target:
                if pick == 0:
                    move_to_hand(state, card, seat)
                    state[A2_TAKEN + j] = card
                    log_event(log, state, EV_A2_TAKE, seat, target, card, 0, 0)
                    break
                pick -= 1
    for j in range(k):
        m = hand_options(state, seat, options)
        choice = ask(strategies, seat, state, A2_GIVE, options, m, params, streams)
        card = options[choice]
        move_to_hand(state, card, target)
        log_event(log, state, EV_A2_GIVE, seat, target, card, 0, 0)
    state[A2_TARGET_SEAT] = -1
    state[A2_TAKEN] = -1
    state[A2_TAKEN + 1] = -1


@njit(cache=True)
def action_a3(state, seat, strategies, params, streams, options, log):
    """A3: look at the top 3 face-down Treasure cards of one deck (the visible top card stays)
    and put them back in any order."""
    n = 0
    for deck in range(state[N_DECKS]):
        if state[DECK_COUNT + deck] > 0:
            options[n] = deck
            n += 1
    if n == 0:
        log_event(log, state, EV_NO_EFFECT, seat, 3, 0, 0, 0)
        return
    choice = ask(strategies, seat, state, A3_DECK_DECISION, options, n, params, streams)
    deck = options[choice]
    count = state[DECK_COUNT + deck]
    look = 3 if count >= 3 else count
    state[A3_DECK] = deck
    state[A3_N] = look
    for j in range(3):
        state[A3_CARDS + j] = deck_card_from_top(state, deck, j) if j < look else -1
    # Options: every order of the inspected cards, encoded sum(idx_j << 2j).
    m = 0
    for a in range(look):
        if look == 1:
            options[m] = a
            m += 1
            continue
        for b in range(look):
            if b == a:
                continue
            if look == 2:
                options[m] = a | (b << 2)
                m += 1
                continue
            c = 3 - a - b
            options[m] = a | (b << 2) | (c << 4)
            m += 1
    choice = ask(strategies, seat, state, A3_ORDER, options, m, params, streams)
    code = options[choice]
    new0 = state[A3_CARDS + (code & 3)]
    new1 = state[A3_CARDS + ((code >> 2) & 3)] if look >= 2 else -1
    new2 = state[A3_CARDS + ((code >> 4) & 3)] if look >= 3 else -1
    deck_set_from_top(state, deck, 0, new0)
    if look >= 2:
        deck_set_from_top(state, deck, 1, new1)
    if look >= 3:
        deck_set_from_top(state, deck, 2, new2)
    log_event(log, state, EV_A3, seat, deck, new0, new1, new2)
    state[A3_N] = 0
    for j in range(3):
        state[A3_CARDS + j] = -1


@njit(cache=True)
def action_a4(state, seat, strategies, params, streams, options, log):
    """A4: take into your hand an Island card played this trick (yours included), then discard
    one Island card of your hand (on the last trick this is the card just taken: no effect)."""
    players = state[PLAYERS]
    n = 0
    for order in range(players):
        other = seat_at(state, state[FIRST_PLAYER], order)
        card = state[TABLE_CARD + other]
        if card >= 0 and state[ISLAND_LOC + card] == LOC_TABLE:
            options[n] = card
            n += 1
    if n == 0:
        log_event(log, state, EV_NO_EFFECT, seat, 4, 0, 0, 0)
        return
    choice = ask(strategies, seat, state, A4_TAKE, options, n, params, streams)
    card = options[choice]
    owner = -1
    for other in range(players):
        if state[TABLE_CARD + other] == card:
            owner = other
    move_to_hand(state, card, seat)
    log_event(log, state, EV_A4_TAKE, seat, card, owner, 0, 0)
    m = hand_options(state, seat, options)
    choice = ask(strategies, seat, state, A4_DISCARD, options, m, params, streams)
    discard = options[choice]
    move_island(state, discard, LOC_DISCARD)
    log_event(log, state, EV_A4_DISCARD, seat, discard, 0, 0, 0)


@njit(cache=True)
def activate_action(state, seat, card, strategies, params, streams, options, deal, log):
    """Activate the face-up action of Action card ``card`` (0 red/blue, 1 green/purple) for ``seat``."""
    action = state[ACTION_ON_CARD + card]
    state[ACTIONS_USED + action] += 1
    state[STAT_ACTIONS + seat] += 1
    log_event(log, state, EV_ACTION, seat, action, card, 0, 0)
    if action == 1:
        action_a1(state, seat, strategies, params, streams, options, log)
    elif action == 2:
        action_a2(state, seat, strategies, params, streams, options, deal, log)
    elif action == 3:
        action_a3(state, seat, strategies, params, streams, options, log)
    else:
        action_a4(state, seat, strategies, params, streams, options, log)
