"""A turn (R6-R15): the sandstorm, the standard turn (take, look, keep or put back, second card)
and the piracy turn (discard three, then steal or play two standard turns).  Options of each
decision kind and the actions that carry a choice out, numba."""

from numba import njit

from simulator.core.engine.rng import random_below
from simulator.games.skeleton.board import bit, coin_value, content_colour, content_kind, eligible_capacity, \
    give_to_seat, is_half, log_event, lowest_slot, popcount, take_from_seat
from simulator.games.skeleton.components import KIND_COIN, KIND_PIECE, N_COLOURS
from simulator.games.skeleton.pile import blow, clear_mask, cover_card, put_back_at_edge, remove_from_pile
from simulator.games.skeleton.state import (
    BLOW_MAX_CLEAR_AT,
    CARDS_HELD,
    DISCARD_COLOURS,
    EV_BLOW,
    EV_COVER,
    EV_DISCARD,
    EV_FLIP,
    EV_KEEP,
    EV_LOOK,
    EV_NO_SECOND,
    EV_PUT_BACK,
    EV_STEAL,
    EV_TAKE,
    FACE_UP_MASK,
    FIRED_A3,
    FIRED_R7,
    FIRED_R8,
    FIRED_R9,
    FIRED_R10,
    FIRED_R11,
    FIRED_R12,
    FIRED_R15,
    FIRED_V_BLOW_MAY_FLIP,
    FIRED_V_HIDDEN_COLLECTION,
    FIRED_V_PUTBACK_FACE_UP,
    FIRED_V_PUTBACK_MAY_COVER,
    FIRED_V_SECOND_OPTIONAL,
    FLAG_HIDDEN_COLLECTION,
    FLAG_NO_PIRACY,
    FLAG_PUTBACK_FACE_UP,
    FLAG_SECOND_OPTIONAL,
    FLAGS,
    KEEP,
    LOC_HAND,
    LOC_PILE,
    LOC_REMOVED,
    LOC_SEAT,
    N_CARDS,
    NO_CARD,
    PILE_COUNT,
    PILE_MASK,
    PIRACY_DISCARDS_AT,
    PLAYERS,
    PUT_BACK,
    PUTBACK_SLOT,
    REMOVED_MASK,
    SCORE_FLOOR,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    STAT_BLOWS,
    STAT_FACEDOWN,
    STAT_PUTBACKS,
    STAT_STOLEN_FROM,
    STAT_TAKEN,
    STEAL_CARD_SHIFT,
    STEAL_RANDOM,
    TAKEN_SLOT,
    TURN_PIRACY_DOUBLE,
    TURN_PIRACY_STEAL,
    TURN_STANDARD,
)

BLOW_MIN_CLEAR = 1
"""R7: the sandstorm may be blown when only one or two (setting ``blow_max_clear``) Sand cards are clear."""
OBJECT_KEY = 2 * N_COLOURS
"""``kind_key`` of a pirate object; a coin card's is ``OBJECT_KEY + 1 + coins`` (at most 31: one int64 mask)."""


# ---- the sandstorm (R7) ----


@njit(cache=True, inline="always")
def may_blow(state):
    """R7: only one or two clear Sand cards (setting ``blow_max_clear``)."""
    clear = popcount(clear_mask(state))
    return BLOW_MIN_CLEAR <= clear <= state[BLOW_MAX_CLEAR_AT]


@njit(cache=True)
def do_blow(state, seat, deal, flip_stream, log):
    """R7: the player blows once on the pile (the cascade sweep of pile.blow)."""
    state[FIRED_R7] += 1  # R7: a sandstorm with 1 or 2 clear cards
    state[STAT_BLOWS + seat] += 1
    before = popcount(clear_mask(state))
    swept, flipped = blow(state, deal, flip_stream)
    if flipped != 0:
        state[FIRED_V_BLOW_MAY_FLIP] += popcount(flipped)  # A16 variant blow-may-flip
        for slot in range(state[N_CARDS]):
            if (flipped >> slot) & 1:
                log_event(log, state, EV_FLIP, slot, state[SLOT_CONTENT + slot], (state[FACE_UP_MASK] >> slot) & 1, 0, 0)
    log_event(log, state, EV_BLOW, seat, before, popcount(clear_mask(state)), popcount(swept), 0)


# ---- the choice of turn (R6, R13, R14) ----


@njit(cache=True, inline="always")
def piracy_possible(state, seat):
    """R13-R14: the seat holds three cards (setting ``piracy_discards``) it may discard together."""
    return eligible_capacity(state, seat) >= state[PIRACY_DISCARDS_AT]


@njit(cache=True, inline="always")
def opponent_holds_card(state, seat):
    """R13: some opponent holds a Sand card to steal."""
    for other in range(state[PLAYERS]):
        if other != seat and state[CARDS_HELD + other] > 0:
            return True
    return False


@njit(cache=True, inline="always")
def turn_type_options(state, seat, options):
    """R6: a standard turn, or (R13) a piracy turn: steal or two standard turns."""
    options[0] = TURN_STANDARD
    n = 1
    if state[FLAGS + FLAG_NO_PIRACY] == 0 and piracy_possible(state, seat):
        if opponent_holds_card(state, seat):
            options[n] = TURN_PIRACY_STEAL
            n += 1
        options[n] = TURN_PIRACY_DOUBLE
        n += 1
    return n


@njit(cache=True)
def kind_key(state, content):
    """The kind of a card, as far as the rules tell cards apart: 0..9 half / quarter per colour,
    OBJECT_KEY (10) a pirate object, 11 + coins a Gold coin card of that many coins."""
    kind = content_kind(state, content)
    if kind == KIND_PIECE:
        return 2 * content_colour(state, content) + (0 if is_half(state, content) else 1)
    if kind == KIND_COIN:
        return OBJECT_KEY + 1 + coin_value(state, content)
    return OBJECT_KEY


@njit(cache=True)
def discard_options(state, seat, options):
    """R14 (A10): an object, or a map piece of a colour not yet among this turn's discards; cards
    of the same kind are identical to the rules, so each kind is one option (its lowest slot).
    Any such choice still leaves a legal set: each one uses one unit of the capacity it needs."""
    n = 0
    used = 0
    for slot in range(state[N_CARDS]):
        if state[SLOT_LOC + slot] != LOC_SEAT + seat:
            continue
        content = state[SLOT_CONTENT + slot]
        kind = content_kind(state, content)
        if kind == KIND_COIN:
            continue  # A10: coin cards never count
        if kind == KIND_PIECE and (state[DISCARD_COLOURS] >> content_colour(state, content)) & 1:
            continue  # R14: map pieces of different colours
        key = kind_key(state, content)
        if (used >> key) & 1:
            continue
        used |= 1 << key
        options[n] = slot
        n += 1
    return n


@njit(cache=True)
def discard(state, seat, slot, log):
    """R15: the discarded card leaves the game for good."""
    content = state[SLOT_CONTENT + slot]
    if content_kind(state, content) == KIND_PIECE:
        state[DISCARD_COLOURS] |= 1 << content_colour(state, content)
    take_from_seat(state, slot, LOC_REMOVED)
    state[REMOVED_MASK] |= bit(slot)
    state[FIRED_R15] += 1  # R15: out of the game for good
    log_event(log, state, EV_DISCARD, seat, content, 0, 0, 0)


# ---- piracy: the steal (R13, A7) ----


@njit(cache=True)
def steal_options(state, seat, options):
    """R13 / A7: any Sand card of an opponent (never an Island card), one option per victim and
    kind; under hidden-collection one option per victim holding a card (a random card is taken)."""
    n = 0
    hidden = state[FLAGS + FLAG_HIDDEN_COLLECTION] == 1
    for victim in range(state[PLAYERS]):
        if victim == seat or state[CARDS_HELD + victim] == 0:
            continue
        if hidden:
            options[n] = victim | STEAL_RANDOM << STEAL_CARD_SHIFT
            n += 1
            continue
        used = 0
        for slot in range(state[N_CARDS]):
            if state[SLOT_LOC + slot] != LOC_SEAT + victim:
                continue
            key = kind_key(state, state[SLOT_CONTENT + slot])
            if (used >> key) & 1:
                continue
            used |= 1 << key
            options[n] = victim | slot << STEAL_CARD_SHIFT
            n += 1
    return n


@njit(cache=True)
def steal(state, seat, option, deal, log):
    """R13: the thief takes the card; returns its content."""
    victim = option & ((1 << STEAL_CARD_SHIFT) - 1)
    slot = option >> STEAL_CARD_SHIFT
    if slot == STEAL_RANDOM:
        state[FIRED_V_HIDDEN_COLLECTION] += 1  # A7 under hidden-collection: a random card
        pick = random_below(deal, state[CARDS_HELD + victim])
        for candidate in range(state[N_CARDS]):
            if state[SLOT_LOC + candidate] == LOC_SEAT + victim:
                if pick == 0:
                    slot = candidate
                    break
                pick -= 1
    take_from_seat(state, slot, LOC_HAND)
    give_to_seat(state, slot, seat)
    state[STAT_STOLEN_FROM + victim] += 1
    content = state[SLOT_CONTENT + slot]
    if content_kind(state, content) == KIND_COIN:
        state[SCORE_FLOOR + victim] -= coin_value(state, content)  # the one way a score may fall (debug invariant)
    log_event(log, state, EV_STEAL, seat, victim, content, 0, 0)
    return content


# ---- the standard turn (R8-R12) ----


@njit(cache=True, inline="always")
def take_options(state, options):
    """R8: any clear card of the pile."""
    clear = clear_mask(state)
    n = 0
    while clear != 0:
        options[n] = lowest_slot(clear)
        n += 1
        clear &= clear - 1
    return n


@njit(cache=True, inline="always")
def take_card(state, seat, slot, log):
    """R8: take a clear card and (R10) look at it: a face-down card becomes known to its taker."""
    state[FIRED_R8] += 1  # R8: a clear card taken
    if clear_mask(state) != state[PILE_MASK]:
        state[FIRED_R9] += 1  # R9: cards covered even partly were out of reach of this take
    uncovered = remove_from_pile(state, slot)
    state[SLOT_LOC + slot] = LOC_HAND
    state[TAKEN_SLOT] = slot
    state[STAT_TAKEN + seat] += 1
    face_up = (state[FACE_UP_MASK] >> slot) & 1
    content = state[SLOT_CONTENT + slot]
    if face_up == 0:
        state[STAT_FACEDOWN + seat] += 1
        state[SEEN + seat] |= bit(slot)
    log_event(log, state, EV_TAKE, seat, slot, content if face_up == 1 else -1, face_up, uncovered)
    if face_up == 0:
        log_event(log, state, EV_LOOK, seat, content, 0, 0, 0)


@njit(cache=True, inline="always")
def keep_options(state, options):
    """R10: keep, or put back; A3: put back only when another card lies in the pile (the second
    card of R12 must be taken, and A2 forbids the one put back)."""
    options[0] = KEEP
    if state[PILE_COUNT] == 0:
        state[FIRED_A3] += 1  # A3: no second card possible, the card must be kept
        return 1
    options[1] = PUT_BACK
    return 2


@njit(cache=True, inline="always")
def keep_card(state, seat, slot, log):
    """R10/R12: the card is placed in front of the player (face up, A6); returns its content."""
    give_to_seat(state, slot, seat)
    state[TAKEN_SLOT] = -1
    content = state[SLOT_CONTENT + slot]
    log_event(log, state, EV_KEEP, seat, content, 0, 0, 0)
    return content


@njit(cache=True)
def put_back(state, seat, slot, log):
    """R10-R11: the card goes back at the edge of the pile, clear (A4: with the face it had; a
    face-down card stays known to its taker only, SEEN)."""
    state[FIRED_R10] += 1  # R10: looked at and put back
    state[STAT_PUTBACKS + seat] += 1
    put_back_at_edge(state, slot)
    state[FIRED_R11] += 1  # R11: at the edge, clear, touching the table (covering a card or not)
    state[SLOT_LOC + slot] = LOC_PILE
    state[TAKEN_SLOT] = -1
    state[PUTBACK_SLOT] = slot
    if state[FLAGS + FLAG_PUTBACK_FACE_UP] == 1 and not (state[FACE_UP_MASK] >> slot) & 1:
        state[FACE_UP_MASK] |= bit(slot)
        state[FIRED_V_PUTBACK_FACE_UP] += 1  # A4 variant putback-face-up
    face_up = (state[FACE_UP_MASK] >> slot) & 1
    content = state[SLOT_CONTENT + slot] if face_up == 1 else -1
    log_event(log, state, EV_PUT_BACK, seat, content, face_up, -1, 0)


@njit(cache=True)
def cover_options(state, options):
    """Variant putback-may-cover (A5): cover nothing, or one clear card; when the second card is
    compulsory, a card is coverable only if another clear card is left to take."""
    putback = state[PUTBACK_SLOT]
    others = clear_mask(state) & ~bit(putback)
    options[0] = NO_CARD
    if state[FLAGS + FLAG_SECOND_OPTIONAL] == 0 and popcount(others) < 2:
        return 1
    n = 1
    for slot in range(state[N_CARDS]):
        if (others >> slot) & 1:
            options[n] = slot
            n += 1
    return n


@njit(cache=True)
def cover(state, seat, target, log):
    """A5: the card put back covers nothing (default), or, under putback-may-cover, ``target``.
    A face-up card it covers was clear, seen by every seat: it stays known to all (``SEEN``)."""
    if target == NO_CARD:
        return
    cover_card(state, state[PUTBACK_SLOT], target)
    state[FIRED_V_PUTBACK_MAY_COVER] += 1
    face_up = (state[FACE_UP_MASK] >> target) & 1
    if face_up == 1:
        for other in range(state[PLAYERS]):
            state[SEEN + other] |= bit(target)
    log_event(log, state, EV_COVER, seat, target, state[SLOT_CONTENT + target] if face_up == 1 else -1, face_up, 0)


@njit(cache=True, inline="always")
def second_options(state, options):
    """R12 (A2): a clear card other than the one put back; A1 variant second-card-optional: or none."""
    clear = clear_mask(state) & ~bit(state[PUTBACK_SLOT])
    n = 0
    if state[FLAGS + FLAG_SECOND_OPTIONAL] == 1:
        options[0] = NO_CARD
        n = 1
    while clear != 0:
        options[n] = lowest_slot(clear)
        n += 1
        clear &= clear - 1
    return n


@njit(cache=True)
def second_card(state, seat, slot, log):
    """R12: the second card must be kept; returns its content (-1: none, second-card-optional)."""
    if slot == NO_CARD:
        state[FIRED_V_SECOND_OPTIONAL] += 1  # A1 variant: no second card
        log_event(log, state, EV_NO_SECOND, seat, 0, 0, 0, 0)
        return -1
    state[FIRED_R12] += 1  # R12: the second card is kept
    take_card(state, seat, slot, log)
    return keep_card(state, seat, slot, log)
