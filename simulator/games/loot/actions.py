"""PHASE 2: ACTIONS (numba): use a Small Island, play cards to the Main Island, pass.

Canonical move set (the true move space is combinatorial): for a landing ``l`` and a colour
``c`` the legal cards of ``c`` in hand are sorted 1s first, then numbers ascending, then Jokers;
the options are "the k lowest" (k = 1..n) and "the k highest" (k = 1..n-1) of that list.
A Small Island is offered once per colour that can pay for it; the cards paid are then chosen
one by one (decision ``pay_card``).
"""

import numpy as np
from numba import njit

from simulator.core.decisions import ask
from simulator.games.loot.primitives import (
    add_cubes, card_colour, card_icon, card_joker, card_value, comp_pos, comp_push_top, comp_remove, comp_to_bottom,
    comp_to_top, compasses_on_island, discard_map, draw_cards, hand_remove, log, move_ship,
)
from simulator.games.loot.invariants import check_invariants
from simulator.games.loot.loot import take_treasure, aaron_take
from simulator.games.loot.primitives import reveal_treasure
from simulator.games.loot.state import (
    AARON, A_AARON_ISLAND, A_AARON_PLAY, A_ISLAND, A_PASS, A_PLAY, D_A2_TAKE, D_ACTION, D_COMPASS_SOURCE,
    D_COPY_EFFECT, D_ISLAND_TARGET, D_ISLAND_USE, D_PAY_CARD, EV_A2, EV_A3, EV_B4, EV_B6, EV_B7, EV_B8, EV_B9,
    EV_B13, HAND_CAP, ICON_CHEST, ICON_DISCARD, ICON_DRAW, ICON_PLUS1, LAND_CAP, L_A2, L_COMPASS, L_COPY, L_ISLAND,
    L_PASS, L_PLAY, L_SHIP, N_COLOURS, N_ISLANDS, N_LANDINGS, N_OWNERS, PW_BOTTOM, PW_DISCARD, PW_DRAW, PW_PLACE,
    PW_SHIP, PW_TREASURE, R_COPY, R_EVENT, R_ICON, R_ISLAND, R_ONE, S_A2, S_A2_N, S_ACTOR, S_COMP, S_COMP_N,
    S_CUBES, S_END_EARLY, S_EVENT, S_FIRST, S_HAND, S_HAND_N, S_HAS_AARON, S_INFO_ISLAND, S_ISLAND_UP,
    S_ISLANDS_USED, S_LAND, S_LAND_CHESTS, S_LAND_COLOUR, S_LAND_EFF, S_LAND_LAST, S_LAND_N, S_PASSED, S_PLAYERS,
    S_SUPPLY, S_TILE_TAKEN, S_TOWNER, S_TURNS, S_VAR, V_AARON_ONE_SPARES_ACTOR, S_KEPT_TYPE, S_CROSSES,
    D_TAKE_TREASURE, D_B4_RETURN, S_SHIP_CORNER, S_SHIP_DIR, S_DEBUG, D_B4_RETURN_AARON,
    V_A3_ACTOR_PAYS_FOR_AARON, V_B4_TILE_HOLDER_MOVES_AARON,
)

MAX_TURNS = 2000
CHOSEN_CARDS = 32  # where play_cards keeps the cards it plays in ``buffer``


@njit(cache=True, inline='always')
def encode_play(action_type, landing, colour, k, family):
    return action_type | (landing << 3) | (colour << 6) | (k << 8) | (family << 14)


@njit(cache=True)
def legal_cards(state, owner, landing, colour, buffer):
    """PLACEMENT RULES: the cards of ``colour`` in ``owner``'s hand that may go to ``landing``.

    Fills ``buffer`` sorted as played (1s, numbers ascending, Jokers) and returns their number."""
    landing_colour = state[S_LAND_COLOUR + landing]
    if landing_colour >= 0 and landing_colour != colour:
        return 0
    if landing_colour < 0 and state[S_LAND_COLOUR + (landing ^ 1)] == colour:
        return 0  # the two landings of one coast must have different colours
    last = state[S_LAND_LAST + landing]
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(state[S_HAND_N + owner]):
        card = state[base + i]
        if card_colour(state, card) != colour:
            continue
        v = card_value(state, card)
        if card_joker(state, card) == 1:
            key = 11
        elif v == 1:
            key = 1  # a 1 is always legal: appended, or inserted at the front
        elif v >= last:
            key = v
        else:
            continue
        # insertion by (key, card id)
        j = n
        while j > 0:
            other = buffer[j - 1]
            if card_joker(state, other) == 1:
                other_key = 11
            else:
                other_key = card_value(state, other)
            if other_key > key or (other_key == key and other > card):
                buffer[j] = other
                j -= 1
            else:
                break
        buffer[j] = card
        n += 1
    return n


@njit(cache=True, inline='always')
def colour_count(state, owner, colour):
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(state[S_HAND_N + owner]):
        if card_colour(state, state[base + i]) == colour:
            n += 1
    return n


@njit(cache=True)
def _add_owner_options(state, owner, play_type, island_type, options, n, buffer):
    """Appends the play and island options of ``owner``.  Counts come from a per-colour
    histogram of the hand (buf[c*12 + key], key 1 = value 1, 2..10, 11 = Joker) and its suffix
    sums (buf[48 + c*12 + v]), giving the same numbers as :func:`legal_cards`."""
    for i in range(96):
        buffer[i] = 0
    base = S_HAND + owner * HAND_CAP
    hand_n = state[S_HAND_N + owner]
    for i in range(hand_n):
        card = state[base + i]
        key = 11 if card_joker(state, card) == 1 else card_value(state, card)
        buffer[card_colour(state, card) * 12 + key] += 1
    for c in range(N_COLOURS):
        acc = 0
        for v in range(10, 1, -1):
            acc += buffer[c * 12 + v]
            buffer[48 + c * 12 + v] = acc
    for c in range(N_COLOURS):
        for l in range(N_LANDINGS):
            landing_colour = state[S_LAND_COLOUR + l]
            if landing_colour >= 0 and landing_colour != c:
                continue
            if landing_colour < 0 and state[S_LAND_COLOUR + (l ^ 1)] == c:
                continue
            last = state[S_LAND_LAST + l]
            if last < 2:
                last = 2
            k = buffer[c * 12 + 1] + buffer[c * 12 + 11] + buffer[48 + c * 12 + last]
            for j in range(1, k + 1):
                options[n] = encode_play(play_type, l, c, j, 0)
                n += 1
            for j in range(1, k):
                options[n] = encode_play(play_type, l, c, j, 1)
                n += 1
    event = state[S_EVENT]
    for i in range(N_ISLANDS):
        if state[S_ISLAND_UP + i] != 1:
            continue
        for c in range(N_COLOURS):
            can_pay = buffer[c * 12 + 1] + buffer[c * 12 + 11] + buffer[48 + c * 12 + 2]
            if event == EV_B9:
                ok = can_pay >= 1
            elif event == EV_B7:
                ok = can_pay >= 2 and hand_n >= 3
            else:
                ok = can_pay >= 2
            if ok:
                options[n] = encode_play(island_type, i, c, 0, 0)
                n += 1
    return n


@njit(cache=True)
def action_options(state, seat, options, buffer):
    """The options of decision ``action``: pass first, then plays and islands (own, then Aaron's)."""
    options[0] = A_PASS
    n = _add_owner_options(state, seat, A_PLAY, A_ISLAND, options, 1, buffer)
    if state[S_HAS_AARON] == 1:
        n = _add_owner_options(state, AARON, A_AARON_PLAY, A_AARON_ISLAND, options, n, buffer)
    return n


@njit(cache=True)
def place_compass(state, game_log, owner, landing, actor, strategies, params, streams, options):
    """Step 2 of playing cards (and the place-compass island): put ``owner``'s compass on top of
    ``landing``'s stack, from the supply or, when none is left (event B4: when 2 are already on
    the Main Island), moved from another landing chosen by ``actor``."""
    limit = 3
    if state[S_EVENT] == EV_B4:
        limit = 2
    if state[S_SUPPLY + owner] > 0 and compasses_on_island(state, owner) < limit:
        state[S_SUPPLY + owner] -= 1
        comp_push_top(state, landing, owner)
        log(state, game_log, L_COMPASS, owner, landing, -1, state[S_COMP_N + landing] - 1, 0)
        return
    n = 0
    for l in range(N_LANDINGS):
        if l != landing and comp_pos(state, l, owner) >= 0:
            options[n] = l
            n += 1
    if n == 0:
        raise AssertionError("no compass to move")
    state[S_ACTOR] = actor
    source = options[ask(strategies, actor, state, D_COMPASS_SOURCE, options, n, params, streams)]
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
                amount = 2
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
def _copy_effect(state, game_log, deal_stream, owner, landing, strategies, params, streams, options):
    """1 inserted at the front: the player alone may use the effect of one discard-1-cube or
    draw-1-card card already in the column (reading 7.3.1: only cards there before this turn)."""
    if owner == AARON:
        return
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
    if n == 0:
        return
    state[S_ACTOR] = owner
    effect = options[ask(strategies, owner, state, D_COPY_EFFECT, options, n, params, streams)]
    log(state, game_log, L_COPY, owner, effect, landing, 0, 0)
    if effect == 1:
        amount = 1
        if state[S_EVENT] == EV_B6:
            amount = 2
        add_cubes(state, game_log, owner, -amount, R_COPY)
    else:
        draw_cards(state, game_log, deal_stream, owner, 1)


@njit(cache=True)
def play_cards(state, game_log, deal_stream, owner, actor, landing, colour, k, family, strategies, params, streams,
               options, buffer):
    """PLAY CARDS ON THE MAIN ISLAND: one landing, one colour, placed in numerical order."""
    n = legal_cards(state, owner, landing, colour, buffer)
    if k < 1 or k > n:
        raise AssertionError("illegal play")
    start = 0
    if family == 1:
        start = n - k
    # keep the chosen cards: the start of buffer is reused by nested calls, so copy them to
    # CHOSEN_CARDS onwards (no slice: a view would cost reference counting)
    for i in range(k):
        buffer[CHOSEN_CARDS + i] = buffer[start + i]
    if comp_pos(state, landing, owner) < 0:
        place_compass(state, game_log, owner, landing, actor, strategies, params, streams, options)
    for i in range(k):
        card = buffer[CHOSEN_CARDS + i]
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
        elif v == 1 and state[S_LAND_N + landing] > 0 and state[S_LAND_LAST + landing] >= 2:
            # a 1 on a column ending with 2 or more goes to the front and copies an effect
            _insert_front(state, landing, card)
            _count_card(state, landing, card)
            log(state, game_log, L_PLAY, owner, landing, card, 1, actor)
            _copy_effect(state, game_log, deal_stream, owner, landing, strategies, params, streams, options)
        else:
            _append(state, landing, card, v)
            _count_card(state, landing, card)
            log(state, game_log, L_PLAY, owner, landing, card, 0, actor)
            if v == 1:
                # a 1 played normally: every other player takes 1 cube
                for p in range(state[S_PLAYERS]):
                    if p == owner:
                        continue
                    if owner == AARON and state[S_VAR + V_AARON_ONE_SPARES_ACTOR] == 1 and p == actor:
                        continue
                    add_cubes(state, game_log, p, 1, R_ONE)
            else:
                icon = card_icon(state, card)
                if icon == ICON_DISCARD or icon == ICON_DRAW:
                    _icon_effect(state, game_log, deal_stream, landing, icon)


@njit(cache=True)
def _pay_one(state, game_log, owner, actor, colour, strategies, params, streams, options):
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(state[S_HAND_N + owner]):
        card = state[base + i]
        if colour < 0 or card_colour(state, card) == colour:
            options[n] = card
            n += 1
    if n == 0:
        raise AssertionError("cannot pay for the small island")
    state[S_ACTOR] = actor
    card = options[ask(strategies, actor, state, D_PAY_CARD, options, n, params, streams)]
    hand_remove(state, owner, card)
    discard_map(state, card)


@njit(cache=True)
def do_pass(state, game_log, deal_stream, seat, strategies, params, streams, options):
    """PASS: the seat's turn is skipped for the rest of the phase; the first to pass takes the
    First Player tile (event B8: every other player then takes 2 cubes; event A2: the passing
    player must take and keep one of the revealed treasures)."""
    state[S_PASSED + seat] = 1
    took = 0
    if state[S_TILE_TAKEN] == 0:
        state[S_TILE_TAKEN] = 1
        state[S_FIRST] = seat
        took = 1
        if state[S_EVENT] == EV_B8:
            for p in range(state[S_PLAYERS]):
                if p != seat:
                    add_cubes(state, game_log, p, 2, R_EVENT)
    log(state, game_log, L_PASS, seat, took, 0, 0, 0)
    if state[S_EVENT] == EV_A2 and state[S_A2_N] > 0:
        n = state[S_A2_N]
        for i in range(n):
            options[i] = state[S_A2 + i]
        state[S_ACTOR] = seat
        j = ask(strategies, seat, state, D_A2_TAKE, options, n, params, streams)
        t = options[j]
        for i in range(n):
            if state[S_A2 + i] == t:
                state[S_A2 + i] = state[S_A2 + n - 1]
                break
        state[S_A2_N] = n - 1
        log(state, game_log, L_A2, seat, t, 0, 0, 0)
        take_treasure(state, game_log, seat, t, 1)


@njit(cache=True)
def use_island(state, game_log, deal_stream, owner, actor, island, colour, strategies, params, streams, options):
    """USE A SMALL ISLAND: discard 2 cards of one colour (B7: plus 1 of any colour; B9: only 1,
    then pass), turn the tile face down, and optionally apply its power."""
    event = state[S_EVENT]
    if event == EV_B9:
        _pay_one(state, game_log, owner, actor, colour, strategies, params, streams, options)
    else:
        _pay_one(state, game_log, owner, actor, colour, strategies, params, streams, options)
        _pay_one(state, game_log, owner, actor, colour, strategies, params, streams, options)
        if event == EV_B7:
            _pay_one(state, game_log, owner, actor, -1, strategies, params, streams, options)
    state[S_ISLAND_UP + island] = 0
    state[S_ISLANDS_USED] += 1
    if event == EV_A3:
        # A3: whoever uses a small island takes 1 cube.  With Aaron's cards the island is used for
        # Aaron, who never takes cubes, so nobody does (default); variant a3-actor-pays-for-aaron:
        # the acting player, who chose to use it, takes the cube
        if owner == AARON and state[S_VAR + V_A3_ACTOR_PAYS_FOR_AARON] == 1:
            add_cubes(state, game_log, actor, 1, R_EVENT)
        else:
            add_cubes(state, game_log, owner, 1, R_EVENT)
    power = state[S_INFO_ISLAND + island * 3]
    amount = state[S_INFO_ISLAND + island * 3 + 1]
    used = 0
    if power == PW_DISCARD:
        # discarding cubes is never worse: always the most allowed
        if owner != AARON and state[S_CUBES + owner] > 0:
            add_cubes(state, game_log, owner, -amount, R_ISLAND)
            used = 1
    elif power == PW_BOTTOM or power == PW_PLACE:
        options[0] = -1
        n = 1
        for l in range(N_LANDINGS):
            has = comp_pos(state, l, owner) >= 0
            if (power == PW_BOTTOM) == has:
                options[n] = l
                n += 1
        state[S_ACTOR] = actor
        target = options[ask(strategies, actor, state, D_ISLAND_TARGET, options, n, params, streams)]
        if target >= 0:
            used = 1
            if power == PW_BOTTOM:
                if event == EV_B13:
                    comp_to_top(state, target, owner)
                else:
                    comp_to_bottom(state, target, owner)
                log(state, game_log, L_COMPASS, owner, target, target, comp_pos(state, target, owner), 0)
            else:
                place_compass(state, game_log, owner, target, actor, strategies, params, streams, options)
    elif power == PW_DRAW:
        if owner != AARON:
            draw_cards(state, game_log, deal_stream, owner, amount)
            used = 1
    elif power == PW_TREASURE or power == PW_SHIP:
        options[0] = 0
        options[1] = 1
        state[S_ACTOR] = actor
        yes = options[ask(strategies, actor, state, D_ISLAND_USE, options, 2, params, streams)]
        if yes == 1:
            used = 1
            if power == PW_SHIP:
                move_ship(state)
                log(state, game_log, L_SHIP, state[S_SHIP_CORNER], state[S_SHIP_DIR], 2, 0, 0)
            else:
                add_cubes(state, game_log, owner, 1, R_ISLAND)
                t = reveal_treasure(state, game_log, deal_stream)
                if t >= 0:
                    if owner == AARON:
                        aaron_take(state, game_log, t)
                    else:
                        options[0] = t * 2 + 1
                        options[1] = t * 2
                        state[S_ACTOR] = owner
                        from_island = options[ask(strategies, owner, state, D_TAKE_TREASURE, options, 2, params,
                                                  streams)]
                        take_treasure(state, game_log, owner, t, from_island & 1)
    log(state, game_log, L_ISLAND, owner, island, used, actor, 0)
    if event == EV_B9 and state[S_PASSED + actor] == 0:
        do_pass(state, game_log, deal_stream, actor, strategies, params, streams, options)


@njit(cache=True)
def b4_return(state, game_log, strategies, params, streams, options):
    """Event B4 at the start of Phase 2: a player with 3 compasses on the Main Island takes one
    back.  Aaron decides nothing himself and nobody is playing his cards yet, so his compass
    leaves the lowest-numbered landing (default); variant b4-tile-holder-moves-aaron: the First
    Player tile holder, who is about to act, chooses for him (2-player rules: "si une décision
    doit être prise, vous la prenez à la place d'Aaron")."""
    for owner in range(N_OWNERS):
        if owner >= state[S_PLAYERS] and not (owner == AARON and state[S_HAS_AARON] == 1):
            continue
        if compasses_on_island(state, owner) < 3:
            continue
        n = 0
        for l in range(N_LANDINGS):
            if comp_pos(state, l, owner) >= 0:
                options[n] = l
                n += 1
        if owner == AARON and state[S_VAR + V_B4_TILE_HOLDER_MOVES_AARON] == 1:
            chooser = state[S_FIRST]
            state[S_ACTOR] = chooser
            l = options[ask(strategies, chooser, state, D_B4_RETURN_AARON, options, n, params, streams)]
        elif owner == AARON:
            l = options[0]
        else:
            state[S_ACTOR] = owner
            l = options[ask(strategies, owner, state, D_B4_RETURN, options, n, params, streams)]
        comp_remove(state, l, owner)
        state[S_SUPPLY + owner] += 1
        log(state, game_log, L_COMPASS, owner, l, l, -2, 0)


@njit(cache=True)
def actions_phase(state, tables, game_log, deal_stream, strategies, params, streams, options, buffer):
    """PHASE 2: from the First Player clockwise, each player takes one action per turn until
    all have passed.  In debug mode the invariants are checked after every action."""
    players = state[S_PLAYERS]
    for p in range(players):
        state[S_PASSED + p] = 0
    state[S_TILE_TAKEN] = 0
    if state[S_EVENT] == EV_B4:
        b4_return(state, game_log, strategies, params, streams, options)
    seat = state[S_FIRST]
    passed = 0
    turns = 0
    while True:
        passed = 0
        for p in range(players):
            passed += state[S_PASSED + p]
        if passed >= players or state[S_END_EARLY] == 1:
            break
        if state[S_PASSED + seat] == 0:
            n = action_options(state, seat, options, buffer)
            state[S_ACTOR] = seat
            code = options[ask(strategies, seat, state, D_ACTION, options, n, params, streams)]
            action_type = code & 7
            where = (code >> 3) & 7
            colour = (code >> 6) & 3
            k = (code >> 8) & 63
            family = (code >> 14) & 1
            if action_type == A_PASS:
                do_pass(state, game_log, deal_stream, seat, strategies, params, streams, options)
            elif action_type == A_PLAY:
                play_cards(state, game_log, deal_stream, seat, seat, where, colour, k, family, strategies, params,
                           streams, options, buffer)
            elif action_type == A_AARON_PLAY:
                play_cards(state, game_log, deal_stream, AARON, seat, where, colour, k, family, strategies, params,
                           streams, options, buffer)
            elif action_type == A_ISLAND:
                use_island(state, game_log, deal_stream, seat, seat, where, colour, strategies, params, streams,
                           options)
            else:
                use_island(state, game_log, deal_stream, AARON, seat, where, colour, strategies, params, streams,
                           options)
            state[S_TURNS] += 1
            turns += 1
            if state[S_DEBUG] == 1:
                check_invariants(state, tables)
            if turns > MAX_TURNS:
                raise AssertionError("phase 2 does not end")
        seat = (seat + 1) % players
