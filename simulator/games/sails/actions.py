"""CARTES ACTION: the four actions, activated after treasures and Bonus, clockwise from the first
player: their options and effects (the order of the steps and decisions: engine.py)."""

from numba import njit

from simulator.core.engine.rng import random_below
from simulator.games.sails.board import (
    deck_card_from_top,
    deck_set_from_top,
    log_event,
    move_island,
    move_to_hand,
    seat_at,
)
from simulator.games.sails.state import (
    FIRED_ACTION,
    FIRED_ACTIONS_SIDE_B,
    FIRED_GP_SIDE_B,
    FIRED_PAIRING_SWAPPED,
    FIRED_R16,
    FIRED_R23,
    FIRED_R24,
    FIRED_R25,
    FIRED_R26,
    FIRED_R27,
    FIRED_R28,
    FIRED_RB_SIDE_B,
    FLAGS,
    FLAG_GP_SIDE,
    FLAG_PAIRING,
    FLAG_RB_SIDE,
    A1_BONUS,
    A2_CARDS,
    A2_TAKEN,
    A2_TARGET_SEAT,
    A3_CARDS,
    A3_CARDS_LOOKED,
    A3_DECK,
    A3_N,
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
def begin_action(state, seat, card, log):
    """Activate the face-up action of Action card ``card`` (0 red/blue, 1 green/purple) for
    ``seat``; returns the action number (1..4).  Its effect follows (engine.py)."""
    action = state[ACTION_ON_CARD + card]
    state[ACTIONS_USED + action] += 1
    state[FIRED_R16] += 1  # R16: a winner without a matching treasure activates the Action card
    state[FIRED_ACTION + action] += 1
    count_action_variants(state, card)
    state[STAT_ACTIONS + seat] += 1
    log_event(log, state, EV_ACTION, seat, action, card, 0, 0)
    return action


@njit(cache=True)
def count_action_variants(state, card):
    """Count the activation of Action card ``card`` on a face a variant chose."""
    rb_flipped = state[FLAGS + FLAG_RB_SIDE] == 1
    gp_flipped = state[FLAGS + FLAG_GP_SIDE] == 1
    flipped = rb_flipped if card == 0 else gp_flipped
    if flipped and rb_flipped and gp_flipped:
        state[FIRED_ACTIONS_SIDE_B] += 1  # variant actions-side-b
    elif flipped and card == 0:
        state[FIRED_RB_SIDE_B] += 1  # variant rb-action-side-b
    elif flipped:
        state[FIRED_GP_SIDE_B] += 1  # variant gp-action-side-b
    if state[FLAGS + FLAG_PAIRING] == 1:
        state[FIRED_PAIRING_SWAPPED] += 1  # variant actions-pairing-swapped


@njit(cache=True)
def no_effect(state, seat, action, log):
    """An action that cannot do anything (log only)."""
    state[FIRED_R28] += 1  # R28
    log_event(log, state, EV_NO_EFFECT, seat, action, 0, 0, 0)


# ---- A1: steal 2 Bonus cards from another player; if impossible (nobody else holds 2), take 2 ----
# ---- from the Bonus deck (what is left of it). ----


@njit(cache=True)
def a1_options(state, seat, options):
    """A1_TARGET options: the other seats holding at least 2 Bonus cards (setting a1_bonus_cards),
    clockwise from ``seat``."""
    players = state[PLAYERS]
    wanted = state[A1_BONUS]
    n = 0
    for order in range(1, players):
        other = seat_at(state, seat, order)
        if state[BONUS_HELD + other] >= wanted:
            options[n] = other
            n += 1
    return n


@njit(cache=True)
def a1_from_deck(state, seat, log):
    """A1 when nobody else holds 2 Bonus cards: 2 from the Bonus deck (what is left of it)."""
    wanted = state[A1_BONUS]
    taken = wanted if state[BONUS_DECK] >= wanted else state[BONUS_DECK]
    state[FIRED_R24] += 1  # R24: nobody else holds 2 Bonus cards: from the deck
    state[BONUS_DECK] -= taken
    state[BONUS_HELD + seat] += taken
    log_event(log, state, EV_A1, seat, FROM_BONUS_DECK, taken, 0, 0)


@njit(cache=True)
def a1_steal(state, seat, victim, log):
    """A1: ``seat`` steals 2 Bonus cards (setting a1_bonus_cards) from ``victim``."""
    stolen = state[A1_BONUS]
    state[BONUS_HELD + victim] -= stolen
    state[FIRED_R23] += 1  # R23
    state[BONUS_HELD + seat] += stolen
    log_event(log, state, EV_A1, seat, victim, stolen, 0, 0)


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


# ---- A2: steal 2 random Island cards from another player's hand, give back 2 of your choice ----
# ---- (1 and 1 when hands hold a single card; nothing when hands are empty, last trick). ----


@njit(cache=True)
def a2_options(state, seat, options):
    """A2_TARGET options: the other seats with Island cards in hand, clockwise from ``seat``
    (none when ``seat``'s own hand is empty: nothing to give back)."""
    if state[HAND_COUNT + seat] == 0:
        return 0
    players = state[PLAYERS]
    n = 0
    for order in range(1, players):
        other = seat_at(state, seat, order)
        if state[HAND_COUNT + other] > 0:
            options[n] = other
            n += 1
    return n


@njit(cache=True)
def a2_take(state, seat, target, deal, log):
    """A2: ``seat`` takes 2 random Island cards (setting a2_island_cards; 1 if the target holds one)
    from ``target``'s hand; A2_TAKEN records them and A2_TARGET_SEAT the target until they are given back."""
    state[A2_TARGET_SEAT] = target
    state[FIRED_R25] += 1  # R25
    wanted = state[A2_CARDS]
    k = wanted if state[HAND_COUNT + target] >= wanted else state[HAND_COUNT + target]
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


@njit(cache=True)
def a2_to_give(state):
    """How many Island cards A2 gives back: as many as it took."""
    return (1 if state[A2_TAKEN] >= 0 else 0) + (1 if state[A2_TAKEN + 1] >= 0 else 0)


@njit(cache=True)
def a2_give(state, seat, card, log):
    """A2: ``seat`` gives ``card`` of its hand to the target (A2_GIVE, once per card taken)."""
    target = state[A2_TARGET_SEAT]
    move_to_hand(state, card, target)
    log_event(log, state, EV_A2_GIVE, seat, target, card, 0, 0)


@njit(cache=True)
def a2_finish(state):
    """The exchange is over: forget its target and the cards taken."""
    state[A2_TARGET_SEAT] = -1
    state[A2_TAKEN] = -1
    state[A2_TAKEN + 1] = -1


# ---- A3: look at the top 3 face-down Treasure cards of one deck (the visible top card stays) ----
# ---- and put them back in any order. ----


@njit(cache=True)
def a3_deck_options(state, options):
    """A3_DECK_DECISION options: the decks with face-down cards."""
    n = 0
    for deck in range(state[N_DECKS]):
        if state[DECK_COUNT + deck] > 0:
            options[n] = deck
            n += 1
    return n


@njit(cache=True)
def a3_inspect(state, deck):
    """A3: the chosen deck's top face-down cards (up to 3, setting a3_treasure_cards) go to A3_CARDS,
    A3_N of them."""
    count = state[DECK_COUNT + deck]
    wanted = state[A3_CARDS_LOOKED]
    look = wanted if count >= wanted else count
    state[A3_DECK] = deck
    state[A3_N] = look
    for j in range(3):
        state[A3_CARDS + j] = deck_card_from_top(state, deck, j) if j < look else -1


@njit(cache=True)
def a3_order_options(state, options):
    """A3_ORDER options: every order of the inspected cards, encoded sum(idx_j << 2j)."""
    look = state[A3_N]
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
    return m


@njit(cache=True)
def a3_reorder(state, seat, code, log):
    """A3: put the inspected cards back in the order ``code`` (an A3_ORDER option)."""
    deck = state[A3_DECK]
    look = state[A3_N]
    state[FIRED_R26] += 1  # R26
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


# ---- A4: take into your hand an Island card played this trick (yours included), then discard ----
# ---- one Island card of your hand (on the last trick this is the card just taken: no effect). ----


@njit(cache=True)
def a4_take_options(state, options):
    """A4_TAKE options: the Island cards still on the table, in placement order."""
    players = state[PLAYERS]
    n = 0
    for order in range(players):
        other = seat_at(state, state[FIRST_PLAYER], order)
        card = state[TABLE_CARD + other]
        if card >= 0 and state[ISLAND_LOC + card] == LOC_TABLE:
            options[n] = card
            n += 1
    return n


@njit(cache=True)
def a4_take(state, seat, card, log):
    """A4: ``seat`` takes the played ``card`` into its hand."""
    owner = -1
    state[FIRED_R27] += 1  # R27
    for other in range(state[PLAYERS]):
        if state[TABLE_CARD + other] == card:
            owner = other
    move_to_hand(state, card, seat)
    log_event(log, state, EV_A4_TAKE, seat, card, owner, 0, 0)


@njit(cache=True)
def a4_discard(state, seat, card, log):
    """A4: ``seat`` discards ``card`` of its hand (A4_DISCARD, options ``hand_options``)."""
    move_island(state, card, LOC_DISCARD)
    log_event(log, state, EV_A4_DISCARD, seat, card, 0, 0, 0)
