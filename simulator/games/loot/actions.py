"""PHASE 2: ACTIONS (numba): use a Small Island, play cards to the Main Island, pass.

Every legal play is offered.  PLAY CARDS ON THE MAIN ISLAND: "Jouez 1 ou plusieurs Cartes de la
même couleur" and "Si vous avez plusieurs Cartes jouables en main, vous pouvez en jouer autant que
désiré", so a play is any non-empty set of the cards of one colour that the placement rules allow on
the landing (see :func:`legal_cards`); the cards are then placed in numerical order.  Two cards of
the same kind (colour, value or Joker, icon) give the same play, so each distinct set of kinds is
offered once (the lowest card ids stand for their kind).  A Small Island is offered once per
colour that can pay for it; the cards paid are then chosen one by one (decision ``pay_card``).
"""

import numpy as np
from numba import njit

from simulator.games.loot.loot import take_treasure
from simulator.games.loot.primitives import (
    add_cubes, card_colour, card_icon, card_joker, card_value, comp_pos, comp_push_top, comp_remove, comp_to_bottom,
    comp_to_top, compasses_on_island, discard_map, draw_cards, hand_remove, log, move_ship,
)
from simulator.games.loot.state import S_RULES, T_A3_CUBES, T_B4_LIMIT, T_B6_DISCARD, T_B8_CUBES, T_COMPASSES
from simulator.games.loot.state import (
    FIRED_PASS, FIRED_FIRST_PLAYER_TILE, FIRED_COMPASS_MOVED, FIRED_ONE_IN_FRONT, FIRED_ONE_APPENDED, FIRED_ICON_DISCARD, FIRED_ICON_DRAW, FIRED_COPY_EFFECT, S_FIRED_ISLAND, S_FIRED_VARIANT,
    AARON, EV_A2, EV_A3, EV_B4, EV_B6, EV_B7, EV_B8, EV_B9, EV_B13, HAND_CAP, ICON_CHEST, ICON_DISCARD, ICON_DRAW,
    ICON_PLUS1, LAND_CAP, L_A2, L_COMPASS, L_COPY, L_PASS, L_PLAY, L_SHIP, N_COLOURS, N_ISLANDS, N_LANDINGS, N_OWNERS,
    PW_BOTTOM, R_COPY, R_EVENT, R_ICON, R_ONE, S_A2, S_A2_N, S_COMP, S_COMP_N, S_CUBES, S_EVENT, S_FIRST, S_HAND,
    S_HAND_N, S_HAS_AARON, S_ISLAND_UP, S_ISLANDS_USED, S_LAND, S_LAND_CHESTS, S_LAND_COLOUR, S_LAND_EFF, S_LAND_LAST,
    S_LAND_N, S_PASSED, S_PLAY_CARDS, S_PLAYERS, S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_TILE_TAKEN, S_VAR,
    V_A3_ACTOR_PAYS_FOR_AARON, V_AARON_ONE_SPARES_ACTOR, A_AARON_ISLAND, A_AARON_PLAY, A_ISLAND, A_PASS, A_PLAY,
)
from simulator.games.loot.state import BUFFER_CAP, N_MAP, PLAY_MASK_SHIFT

MAX_TURNS = 2000  # Phase 2 actions of one phase beyond which the engine reports a loop

# ``buffer`` while the options of one owner are built (action_options)
COLOUR_CAP = 32  # more than the cards of one colour (22)
SORTED_SLOTS = 0  # the owner's hand as sort keys (see _sort_hand_slots), sorted
COLOUR_START = SORTED_SLOTS + HAND_CAP  # where each colour starts in SORTED_SLOTS (N_COLOURS + 1)
KIND_START = COLOUR_START + N_COLOURS + 1  # the kinds of one colour: where each starts (one more)
KIND_KEY = KIND_START + COLOUR_CAP + 1  # play key of each kind: 1..10, 11 for a Joker
ELIGIBLE = KIND_KEY + COLOUR_CAP  # the kinds allowed on the landing
COPIES = ELIGIBLE + COLOUR_CAP  # copies of each allowed kind in the play being built
BLOCK_START = COPIES + COLOUR_CAP  # per landing value 0..10: first option of its plays (-1 none yet)
BLOCK_LANDING = BLOCK_START + 11  # the landing of that block
BLOCK_SIZE = BLOCK_LANDING + 11  # and its number of options
OPTIONS_SCRATCH = BLOCK_SIZE + 11
assert OPTIONS_SCRATCH <= BUFFER_CAP
# sort key of a hand slot: (kind << KIND_SHIFT) | (card id << SLOT_BITS) | slot, where
# kind = (colour * 12 + play key) * 8 + icon
SLOT_BITS = 6
SLOT_MASK = (1 << SLOT_BITS) - 1
KIND_SHIFT = SLOT_BITS + 7
assert HAND_CAP <= 1 << SLOT_BITS and N_MAP <= 1 << (KIND_SHIFT - SLOT_BITS)


@njit(cache=True, inline='always')
def encode_action(action_type, where, colour):
    """Action code without cards: type, landing (or island), colour (see state.py)."""
    return action_type | (where << 3) | (colour << 6)


@njit(cache=True, inline='always')
def play_key(state, card):
    """Order of the cards of a play: 1s first, then numbers ascending, then Jokers (key 11)."""
    if card_joker(state, card) == 1:
        return 11
    return card_value(state, card)


@njit(cache=True, inline='always')
def popcount(mask):
    """Number of bits set in a non-negative ``mask``."""
    count = 0
    while mask != 0:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, inline='always')
def landing_accepts_colour(state, landing, colour):
    """PLACEMENT RULES: a landing takes the colour of its cards; the first card may be any card,
    but the two landings of one coast must hold different colours."""
    landing_colour = state[S_LAND_COLOUR + landing]
    if landing_colour >= 0:
        return landing_colour == colour
    return state[S_LAND_COLOUR + (landing ^ 1)] != colour


@njit(cache=True, inline='always')
def card_fits(key, last):
    """PLACEMENT RULES for one card of play key ``key`` on a landing whose last card is worth
    ``last``: a number must be at least ``last``; a Joker is always allowed (it takes the value
    before it); a 1 is always allowed (appended when the last card is a 1 or there is none,
    else inserted at the front, NUMBER 1 CARDS)."""
    return key == 1 or key == 11 or key >= last


@njit(cache=True)
def legal_cards(state, owner, landing, colour, buffer):
    """PLACEMENT RULES: the cards of ``colour`` in ``owner``'s hand that may go to ``landing``.

    Fills ``buffer`` sorted as played (1s, numbers ascending, Jokers; card id on ties) and
    returns their number.  Any non-empty subset of them is a legal play."""
    if not landing_accepts_colour(state, landing, colour):
        return 0
    last = state[S_LAND_LAST + landing]
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(state[S_HAND_N + owner]):
        card = state[base + i]
        if card_colour(state, card) != colour:
            continue
        key = play_key(state, card)
        if not card_fits(key, last):
            continue
        # insertion by (key, card id)
        j = n
        while j > 0:
            other = buffer[j - 1]
            other_key = play_key(state, other)
            if other_key > key or (other_key == key and other > card):
                buffer[j] = other
                j -= 1
            else:
                break
        buffer[j] = card
        n += 1
    return n


@njit(cache=True, inline='always')
def _sort_hand_slots(state, owner, buffer):
    """Sorts ``owner``'s hand slots by (colour, play key, icon, card id) into SORTED_SLOTS (as
    sort keys: the slot is ``key & SLOT_MASK``) and records where each colour starts: within a
    colour the cards come in play order, and cards of the same kind (interchangeable: same value
    or Joker, same icon) are next to each other."""
    base = S_HAND + owner * HAND_CAP
    for c in range(N_COLOURS + 1):
        buffer[COLOUR_START + c] = 0
    for slot in range(state[S_HAND_N + owner]):
        card = state[base + slot]
        colour = card_colour(state, card)
        kind = (colour * 12 + play_key(state, card)) * 8 + card_icon(state, card)
        order = (kind << KIND_SHIFT) | (card << SLOT_BITS) | slot
        buffer[COLOUR_START + colour + 1] += 1
        j = slot
        while j > 0 and buffer[SORTED_SLOTS + j - 1] > order:
            buffer[SORTED_SLOTS + j] = buffer[SORTED_SLOTS + j - 1]
            j -= 1
        buffer[SORTED_SLOTS + j] = order
    for c in range(N_COLOURS):  # counts -> starts
        buffer[COLOUR_START + c + 1] += buffer[COLOUR_START + c]


@njit(cache=True, inline='always')
def _group_kinds(colour, buffer):
    """The kinds of the colour's cards (sorted hand, see _sort_hand_slots): where each starts in
    SORTED_SLOTS and its play key; returns their number."""
    kinds = 0
    previous = -1
    for j in range(buffer[COLOUR_START + colour], buffer[COLOUR_START + colour + 1]):
        kind = buffer[SORTED_SLOTS + j] >> KIND_SHIFT
        if kind != previous:
            buffer[KIND_START + kinds] = j
            buffer[KIND_KEY + kinds] = (kind >> 3) - colour * 12
            kinds += 1
            previous = kind
    buffer[KIND_START + kinds] = buffer[COLOUR_START + colour + 1]
    return kinds


@njit(cache=True, inline='always')
def _add_plays(head, last, kinds, options, n, buffer):
    """Appends one option per distinct play of the colour's kinds on a landing whose last card
    is worth ``last``: every combination of 0..copies of each allowed kind but the empty one,
    counted like a mixed-radix number (the first kind changes fastest)."""
    eligible = 0
    for k in range(kinds):
        if card_fits(buffer[KIND_KEY + k], last):
            buffer[ELIGIBLE + eligible] = k
            buffer[COPIES + eligible] = 0
            eligible += 1
    cap = options.shape[0]
    mask = 0
    while True:
        j = 0
        while j < eligible:
            k = buffer[ELIGIBLE + j]
            copies = buffer[COPIES + j]
            start = buffer[KIND_START + k]
            if start + copies < buffer[KIND_START + k + 1]:
                mask |= np.int64(1) << (buffer[SORTED_SLOTS + start + copies] & SLOT_MASK)
                buffer[COPIES + j] = copies + 1
                break
            for c in range(copies):  # this kind goes back to 0 copies, the next one counts up
                mask ^= np.int64(1) << (buffer[SORTED_SLOTS + start + c] & SLOT_MASK)
            buffer[COPIES + j] = 0
            j += 1
        if j == eligible:
            return n
        if n >= cap:
            return -1  # ``options`` is full
        options[n] = head | (mask << PLAY_MASK_SHIFT)
        n += 1


@njit(cache=True)
def _add_owner_options(state, owner, play_type, island_type, options, n, buffer):
    """Appends the play options of ``owner`` (colour by colour, landing by landing, every
    distinct play) and then its Small Island options (island by island, colour by colour);
    returns the number of options, or -1 when ``options`` is too small to hold them.

    The plays of one colour depend on the landing only through the value of its last card (2 or
    less: every card fits), so landings with the same value copy the first one's block."""
    _sort_hand_slots(state, owner, buffer)
    for c in range(N_COLOURS):
        kinds = _group_kinds(c, buffer)
        if kinds == 0:
            continue
        for v in range(11):
            buffer[BLOCK_START + v] = -1
        for l in range(N_LANDINGS):
            if not landing_accepts_colour(state, l, c):
                continue
            last = max(state[S_LAND_LAST + l], 2)
            start = buffer[BLOCK_START + last]
            if start < 0:
                head = encode_action(play_type, l, c)
                end = _add_plays(head, last, kinds, options, n, buffer)
                if end < 0:
                    return -1
                buffer[BLOCK_START + last] = n
                buffer[BLOCK_LANDING + last] = l
                buffer[BLOCK_SIZE + last] = end - n
                n = end
                continue
            size = buffer[BLOCK_SIZE + last]
            if n + size > options.shape[0]:
                return -1
            shift = (l - buffer[BLOCK_LANDING + last]) << 3  # same cards, this landing
            for i in range(start, start + size):
                options[n] = options[i] + shift
                n += 1
    hand_n = state[S_HAND_N + owner]
    event = state[S_EVENT]
    for i in range(N_ISLANDS):
        if state[S_ISLAND_UP + i] != 1:
            continue
        for c in range(N_COLOURS):
            can_pay = buffer[COLOUR_START + c + 1] - buffer[COLOUR_START + c]
            if event == EV_B9:
                ok = can_pay >= 1
            elif event == EV_B7:
                ok = can_pay >= 2 and hand_n >= 3
            else:
                ok = can_pay >= 2
            if ok:
                if n >= options.shape[0]:
                    return -1
                options[n] = encode_action(island_type, i, c)
                n += 1
    return n


@njit(cache=True)
def action_options(state, seat, options, buffer):
    """The options of decision ``action``: pass first, then plays and islands (own, then Aaron's).

    Returns their number, or -1 when ``options`` is too small to hold them all."""
    options[0] = A_PASS
    n = _add_owner_options(state, seat, A_PLAY, A_ISLAND, options, 1, buffer)
    if n >= 0 and state[S_HAS_AARON] == 1:
        n = _add_owner_options(state, AARON, A_AARON_PLAY, A_AARON_ISLAND, options, n, buffer)
    return n


@njit(cache=True)
def action_options_beyond_cap(state, seat, cap, buffer):
    """Decision ``action`` when the plays do not fit in ``cap`` options (a hand with many cards of
    one colour: 2^k - 1 plays for k different cards): the options go to a larger array allocated
    for this decision only, so that every play is still offered.  Returns the array (its length
    is at least the number of options) and the number of options."""
    size = cap
    while True:
        size *= 2
        choices = np.empty(size, dtype=np.int64)
        n = action_options(state, seat, choices, buffer)
        if n >= 0:
            return choices, n


@njit(cache=True)
def compass_from_supply(state, game_log, owner, landing):
    """Step 2 of playing cards (and the place-compass island): put ``owner``'s compass on top of
    ``landing``'s stack from the supply; False when none may come from there (none left, or event
    B4: 2 already on the Main Island), and a compass must be moved from another landing."""
    limit = state[S_RULES + T_COMPASSES]  # setup 8: every compass (setting compasses_per_player)
    if state[S_EVENT] == EV_B4:
        limit = state[S_RULES + T_B4_LIMIT]  # event B4: 2 on the Main Island (setting b4_compass_limit)
    if state[S_SUPPLY + owner] > 0 and compasses_on_island(state, owner) < limit:
        state[S_SUPPLY + owner] -= 1
        comp_push_top(state, landing, owner)
        log(state, game_log, L_COMPASS, owner, landing, -1, state[S_COMP_N + landing] - 1, 0)
        return True
    return False


@njit(cache=True)
def compass_source_options(state, owner, landing, options):
    """Decision ``compass_source``: the landings ``owner``'s compass can be moved from."""
    n = 0
    for l in range(N_LANDINGS):
        if l != landing and comp_pos(state, l, owner) >= 0:
            options[n] = l
            n += 1
    if n == 0:
        raise AssertionError("no compass to move")
    return n


@njit(cache=True)
def move_compass(state, game_log, owner, landing, source):
    """Move ``owner``'s compass from landing ``source`` to the top of ``landing``'s stack."""
    state[FIRED_COMPASS_MOVED] += 1
    comp_remove(state, source, owner)
    comp_push_top(state, landing, owner)
    log(state, game_log, L_COMPASS, owner, landing, source, state[S_COMP_N + landing] - 1, 0)


@njit(cache=True)
def _icon_effect(state, game_log, deal_stream, landing, icon):
    """EFFECTS: discard-1-cube / draw-1-card icons: every player with a compass on the landing
    (the player included, players who passed included) may use it.  Both are always used (never
    worse); Aaron neither discards cubes nor draws in Phase 2."""
    base = S_COMP + landing * N_OWNERS
    for i in range(state[S_COMP_N + landing]):
        owner = state[base + i]
        if owner == AARON:
            continue
        if icon == ICON_DISCARD:
            amount = 1
            if state[S_EVENT] == EV_B6:
                amount = state[S_RULES + T_B6_DISCARD]  # event B6: 2 cubes (setting b6_discard_cubes)
            add_cubes(state, game_log, owner, -amount, R_ICON)
        elif icon == ICON_DRAW:
            draw_cards(state, game_log, deal_stream, owner, 1)


@njit(cache=True, inline='always')
def _append(state, landing, card, value):
    n = state[S_LAND_N + landing]
    if n >= LAND_CAP:
        raise AssertionError("landing capacity exceeded")
    state[S_LAND + landing * LAND_CAP + n] = card
    state[S_LAND_N + landing] = n + 1
    state[S_LAND_LAST + landing] = value


@njit(cache=True, inline='always')
def _insert_front(state, landing, card):
    n = state[S_LAND_N + landing]
    if n >= LAND_CAP:
        raise AssertionError("landing capacity exceeded")
    base = S_LAND + landing * LAND_CAP
    for i in range(n, 0, -1):
        state[base + i] = state[base + i - 1]
    state[base] = card
    state[S_LAND_N + landing] = n + 1


@njit(cache=True, inline='always')
def _count_card(state, landing, card):
    icon = card_icon(state, card)
    if icon == ICON_PLUS1 and card_joker(state, card) == 0:
        state[S_LAND_EFF + landing] += 2
    else:
        state[S_LAND_EFF + landing] += 1
    if icon == ICON_CHEST:
        state[S_LAND_CHESTS + landing] += 1


@njit(cache=True)
def copy_effect_options(state, owner, landing, options):
    """Decision ``copy_effect`` after a 1 inserted at the front: the player alone may use the
    effect of one discard-1-cube or draw-1-card card already in the column (reading 7.3.1: only
    cards there before this turn).  Returns the number of options (0: nothing to copy)."""
    if owner == AARON:
        return 0
    has_discard = False
    has_draw = False
    base = S_LAND + landing * LAND_CAP
    for i in range(state[S_LAND_N + landing]):
        card = state[base + i]
        if card_joker(state, card) == 1:
            continue
        icon = card_icon(state, card)
        if icon == ICON_DISCARD:
            has_discard = True
        elif icon == ICON_DRAW:
            has_draw = True
    n = 0
    if has_discard and state[S_CUBES + owner] > 0:
        options[n] = 1
        n += 1
    if has_draw:
        options[n] = 2
        n += 1
    return n


@njit(cache=True)
def copy_effect(state, game_log, deal_stream, owner, landing, effect):
    """The copied effect (1 discard a cube, 2 draw a card) of a 1 inserted at the front."""
    state[FIRED_COPY_EFFECT] += 1
    log(state, game_log, L_COPY, owner, effect, landing, 0, 0)
    if effect == 1:
        amount = 1
        if state[S_EVENT] == EV_B6:
            amount = state[S_RULES + T_B6_DISCARD]  # event B6 (setting b6_discard_cubes)
        add_cubes(state, game_log, owner, -amount, R_COPY)
    else:
        draw_cards(state, game_log, deal_stream, owner, 1)


@njit(cache=True)
def choose_play(state, owner, landing, colour, cards_mask, buffer):
    """PLAY CARDS ON THE MAIN ISLAND: the cards of ``owner``'s hand slots set in ``cards_mask``
    (bit i = hand slot i), all of ``colour`` and all allowed on ``landing``, in the order they are
    placed ("celles-ci sont jouées dans l'ordre numérique": 1s, numbers ascending, Jokers), go to
    S_PLAY_CARDS; returns their number."""
    n = legal_cards(state, owner, landing, colour, buffer)
    base = S_HAND + owner * HAND_CAP
    hand_n = state[S_HAND_N + owner]
    k = 0
    for i in range(n):
        card = buffer[i]
        for slot in range(hand_n):
            if state[base + slot] == card:
                if (cards_mask >> slot) & 1 == 1:
                    state[S_PLAY_CARDS + k] = card
                    k += 1
                break
    if k == 0 or cards_mask >> hand_n != 0 or k != popcount(cards_mask):
        raise AssertionError("illegal play: a chosen card is not in hand or not allowed on the landing")
    return k


@njit(cache=True)
def play_card(state, game_log, deal_stream, owner, actor, landing, colour, card):
    """Place one card of a play on ``landing`` and apply its effect; True when it is a 1 inserted
    at the front, which may copy an effect (decision ``copy_effect``)."""
    hand_remove(state, owner, card)
    state[S_LAND_COLOUR + landing] = colour
    v = card_value(state, card)
    if card_joker(state, card) == 1:
        # a Joker takes the value of the card before it (1 when first); it has no effect
        joker_value = state[S_LAND_LAST + landing]
        if state[S_LAND_N + landing] == 0:
            joker_value = 1
        _append(state, landing, card, joker_value)
        _count_card(state, landing, card)
        log(state, game_log, L_PLAY, owner, landing, card, 0, actor)
        return False
    if v == 1 and state[S_LAND_N + landing] > 0 and state[S_LAND_LAST + landing] >= 2:
        # NUMBER 1 CARDS: a 1 on a column ending with 2 or more goes to the front and copies an effect
        state[FIRED_ONE_IN_FRONT] += 1
        _insert_front(state, landing, card)
        _count_card(state, landing, card)
        log(state, game_log, L_PLAY, owner, landing, card, 1, actor)
        return True
    _append(state, landing, card, v)
    _count_card(state, landing, card)
    log(state, game_log, L_PLAY, owner, landing, card, 0, actor)
    if v == 1:
        # NUMBER 1 CARDS: a 1 played normally: every other player takes 1 cube
        state[FIRED_ONE_APPENDED] += 1
        for p in range(state[S_PLAYERS]):
            if p == owner:
                continue
            if owner == AARON and state[S_VAR + V_AARON_ONE_SPARES_ACTOR] == 1 and p == actor:
                state[S_FIRED_VARIANT + V_AARON_ONE_SPARES_ACTOR] += 1
                continue
            add_cubes(state, game_log, p, 1, R_ONE)
    else:
        icon = card_icon(state, card)
        if icon == ICON_DISCARD or icon == ICON_DRAW:
            state[FIRED_ICON_DISCARD if icon == ICON_DISCARD else FIRED_ICON_DRAW] += 1
            _icon_effect(state, game_log, deal_stream, landing, icon)
    return False


@njit(cache=True)
def pay_options(state, owner, colour, options):
    """Decision ``pay_card``: the cards of ``owner``'s hand of ``colour`` (-1: any colour)."""
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(state[S_HAND_N + owner]):
        card = state[base + i]
        if colour < 0 or card_colour(state, card) == colour:
            options[n] = card
            n += 1
    if n == 0:
        raise AssertionError("cannot pay for the small island")
    return n


@njit(cache=True)
def pay_card(state, owner, card):
    """USE A SMALL ISLAND: one paid card goes to the discard pile."""
    hand_remove(state, owner, card)
    discard_map(state, card)


@njit(cache=True)
def pass_turn(state, game_log, seat):
    """PASS: the seat's turn is skipped for the rest of the phase; the first to pass takes the
    First Player tile (event B8: every other player then takes 2 cubes).  True when event A2 then
    makes the passing player take and keep one of the revealed treasures (decision ``a2_take``)."""
    state[S_PASSED + seat] = 1
    state[FIRED_PASS] += 1
    took = 0
    if state[S_TILE_TAKEN] == 0:
        state[FIRED_FIRST_PLAYER_TILE] += 1
        state[S_TILE_TAKEN] = 1
        state[S_FIRST] = seat
        took = 1
        if state[S_EVENT] == EV_B8:
            for p in range(state[S_PLAYERS]):
                if p != seat:
                    add_cubes(state, game_log, p, state[S_RULES + T_B8_CUBES], R_EVENT)  # setting b8_cubes
    log(state, game_log, L_PASS, seat, took, 0, 0, 0)
    return state[S_EVENT] == EV_A2 and state[S_A2_N] > 0


@njit(cache=True)
def a2_options(state, options):
    """Decision ``a2_take``: the treasures revealed by event A2 still there."""
    n = state[S_A2_N]
    for i in range(n):
        options[i] = state[S_A2 + i]
    return n


@njit(cache=True)
def take_a2(state, game_log, seat, t):
    """Event A2: the passing player takes revealed treasure ``t`` and keeps it."""
    n = state[S_A2_N]
    for i in range(n):
        if state[S_A2 + i] == t:
            state[S_A2 + i] = state[S_A2 + n - 1]
            break
    state[S_A2_N] = n - 1
    log(state, game_log, L_A2, seat, t, 0, 0, 0)
    take_treasure(state, game_log, seat, t, 1)


@njit(cache=True)
def island_payments(state):
    """USE A SMALL ISLAND: the cards to pay, 2 of the chosen colour (B7: plus 1 of any colour;
    B9: only 1); returns their number."""
    event = state[S_EVENT]
    if event == EV_B9:
        return 1
    if event == EV_B7:
        return 3
    return 2


@njit(cache=True)
def turn_island_down(state, game_log, owner, actor, island):
    """USE A SMALL ISLAND, once paid: the tile is turned face down (event A3: its user takes a cube)."""
    state[S_ISLAND_UP + island] = 0
    state[S_ISLANDS_USED] += 1
    state[S_FIRED_ISLAND + island] += 1
    if state[S_EVENT] == EV_A3:
        # A3: whoever uses a small island takes 1 cube.  With Aaron's cards the island is used for
        # Aaron, who never takes cubes, so nobody does (default); variant a3-actor-pays-for-aaron:
        # the acting player, who chose to use it, takes the cube
        if owner == AARON and state[S_VAR + V_A3_ACTOR_PAYS_FOR_AARON] == 1:
            state[S_FIRED_VARIANT + V_A3_ACTOR_PAYS_FOR_AARON] += 1
            add_cubes(state, game_log, actor, state[S_RULES + T_A3_CUBES], R_EVENT)
        else:
            add_cubes(state, game_log, owner, state[S_RULES + T_A3_CUBES], R_EVENT)  # setting a3_cubes


@njit(cache=True)
def island_target_options(state, owner, power, options):
    """Decision ``island_target`` of the compass islands: -1 (do not use the power), then the
    landings holding ``owner``'s compass (compass-to-bottom) or not holding it (place-compass)."""
    options[0] = -1
    n = 1
    for l in range(N_LANDINGS):
        has = comp_pos(state, l, owner) >= 0
        if (power == PW_BOTTOM) == has:
            options[n] = l
            n += 1
    return n


@njit(cache=True)
def compass_to_bottom(state, game_log, owner, target):
    """Compass-to-bottom island: the compass goes to the bottom of the stack (event B13: to the top)."""
    if state[S_EVENT] == EV_B13:
        comp_to_top(state, target, owner)
    else:
        comp_to_bottom(state, target, owner)
    log(state, game_log, L_COMPASS, owner, target, target, comp_pos(state, target, owner), 0)


@njit(cache=True)
def ship_island(state, game_log):
    """Move-ship island: the ship moves to the next corner."""
    move_ship(state)
    log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 2, 0, 0)


@njit(cache=True)
def b4_options(state, owner, options):
    """Event B4: the landings of ``owner``'s compasses on the Main Island; 0 when it has no more than
    the limit (2; setting b4_compass_limit).  One compass goes back, whatever the number above the limit."""
    if compasses_on_island(state, owner) <= state[S_RULES + T_B4_LIMIT]:
        return 0
    n = 0
    for l in range(N_LANDINGS):
        if comp_pos(state, l, owner) >= 0:
            options[n] = l
            n += 1
    return n


@njit(cache=True)
def b4_return(state, game_log, owner, landing):
    """Event B4 at the start of Phase 2: ``owner`` takes back its compass on ``landing``."""
    comp_remove(state, landing, owner)
    state[S_SUPPLY + owner] += 1
    log(state, game_log, L_COMPASS, owner, landing, landing, -2, 0)
