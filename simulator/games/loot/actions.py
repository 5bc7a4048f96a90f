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
    D_TAKE_TREASURE, D_B4_RETURN, S_SHIP_CORNER, S_SHIP_DIR, S_DEBUG,
)

MAX_TURNS = 2000


@njit(cache=True, inline='always')
def encode_play(typ, landing, colour, k, family):
    return typ | (landing << 3) | (colour << 6) | (k << 8) | (family << 14)


@njit(cache=True)
def legal_cards(s, owner, landing, colour, buf):
    """PLACEMENT RULES: the cards of ``colour`` in ``owner``'s hand that may go to ``landing``.

    Fills ``buf`` sorted as played (1s, numbers ascending, Jokers) and returns their number."""
    lc = s[S_LAND_COLOUR + landing]
    if lc >= 0 and lc != colour:
        return 0
    if lc < 0 and s[S_LAND_COLOUR + (landing ^ 1)] == colour:
        return 0  # the two landings of one coast must have different colours
    last = s[S_LAND_LAST + landing]
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(s[S_HAND_N + owner]):
        card = s[base + i]
        if card_colour(s, card) != colour:
            continue
        v = card_value(s, card)
        if card_joker(s, card) == 1:
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
            other = buf[j - 1]
            if card_joker(s, other) == 1:
                okey = 11
            else:
                okey = card_value(s, other)
            if okey > key or (okey == key and other > card):
                buf[j] = other
                j -= 1
            else:
                break
        buf[j] = card
        n += 1
    return n


@njit(cache=True, inline='always')
def colour_count(s, owner, colour):
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(s[S_HAND_N + owner]):
        if card_colour(s, s[base + i]) == colour:
            n += 1
    return n


@njit(cache=True)
def _add_owner_options(s, owner, play_type, island_type, opts, n, buf):
    """Appends the play and island options of ``owner``.  Counts come from a per-colour
    histogram of the hand (buf[c*12 + key], key 1 = value 1, 2..10, 11 = Joker) and its suffix
    sums (buf[48 + c*12 + v]), giving the same numbers as :func:`legal_cards`."""
    for i in range(96):
        buf[i] = 0
    base = S_HAND + owner * HAND_CAP
    hand_n = s[S_HAND_N + owner]
    for i in range(hand_n):
        card = s[base + i]
        key = 11 if card_joker(s, card) == 1 else card_value(s, card)
        buf[card_colour(s, card) * 12 + key] += 1
    for c in range(N_COLOURS):
        acc = 0
        for v in range(10, 1, -1):
            acc += buf[c * 12 + v]
            buf[48 + c * 12 + v] = acc
    for c in range(N_COLOURS):
        for l in range(N_LANDINGS):
            lc = s[S_LAND_COLOUR + l]
            if lc >= 0 and lc != c:
                continue
            if lc < 0 and s[S_LAND_COLOUR + (l ^ 1)] == c:
                continue
            last = s[S_LAND_LAST + l]
            if last < 2:
                last = 2
            k = buf[c * 12 + 1] + buf[c * 12 + 11] + buf[48 + c * 12 + last]
            for j in range(1, k + 1):
                opts[n] = encode_play(play_type, l, c, j, 0)
                n += 1
            for j in range(1, k):
                opts[n] = encode_play(play_type, l, c, j, 1)
                n += 1
    event = s[S_EVENT]
    for i in range(N_ISLANDS):
        if s[S_ISLAND_UP + i] != 1:
            continue
        for c in range(N_COLOURS):
            cc = buf[c * 12 + 1] + buf[c * 12 + 11] + buf[48 + c * 12 + 2]
            if event == EV_B9:
                ok = cc >= 1
            elif event == EV_B7:
                ok = cc >= 2 and hand_n >= 3
            else:
                ok = cc >= 2
            if ok:
                opts[n] = encode_play(island_type, i, c, 0, 0)
                n += 1
    return n


@njit(cache=True)
def action_options(s, seat, opts, buf):
    """The options of decision ``action``: pass first, then plays and islands (own, then Aaron's)."""
    opts[0] = A_PASS
    n = _add_owner_options(s, seat, A_PLAY, A_ISLAND, opts, 1, buf)
    if s[S_HAS_AARON] == 1:
        n = _add_owner_options(s, AARON, A_AARON_PLAY, A_AARON_ISLAND, opts, n, buf)
    return n


@njit(cache=True)
def place_compass(s, lg, owner, landing, actor, fs, pr, st, opts):
    """Step 2 of playing cards (and the place-compass island): put ``owner``'s compass on top of
    ``landing``'s stack, from the supply or, when none is left (event B4: when 2 are already on
    the Main Island), moved from another landing chosen by ``actor``."""
    limit = 3
    if s[S_EVENT] == EV_B4:
        limit = 2
    if s[S_SUPPLY + owner] > 0 and compasses_on_island(s, owner) < limit:
        s[S_SUPPLY + owner] -= 1
        comp_push_top(s, landing, owner)
        log(s, lg, L_COMPASS, owner, landing, -1, s[S_COMP_N + landing] - 1, 0)
        return
    n = 0
    for l in range(N_LANDINGS):
        if l != landing and comp_pos(s, l, owner) >= 0:
            opts[n] = l
            n += 1
    if n == 0:
        raise AssertionError("no compass to move")
    s[S_ACTOR] = actor
    src = opts[ask(fs, actor, s, D_COMPASS_SOURCE, opts, n, pr, st)]
    comp_remove(s, src, owner)
    comp_push_top(s, landing, owner)
    log(s, lg, L_COMPASS, owner, landing, src, s[S_COMP_N + landing] - 1, 0)


@njit(cache=True)
def _icon_effect(s, lg, deal, landing, icon):
    """EFFECTS: discard-1-cube / draw-1-card icons: every player with a compass on the landing
    (the player included, players who passed included) may use it.  Both are always used (never
    worse); Aaron neither discards cubes nor draws in Phase 2."""
    base = S_COMP + landing * N_OWNERS
    for i in range(s[S_COMP_N + landing]):
        owner = s[base + i]
        if owner == AARON:
            continue
        if icon == ICON_DISCARD:
            amount = 1
            if s[S_EVENT] == EV_B6:
                amount = 2
            add_cubes(s, lg, owner, -amount, R_ICON)
        elif icon == ICON_DRAW:
            draw_cards(s, lg, deal, owner, 1)


@njit(cache=True, inline='always')
def _append(s, landing, card, value):
    n = s[S_LAND_N + landing]
    if n >= LAND_CAP:
        raise AssertionError("landing capacity exceeded")
    s[S_LAND + landing * LAND_CAP + n] = card
    s[S_LAND_N + landing] = n + 1
    s[S_LAND_LAST + landing] = value


@njit(cache=True, inline='always')
def _insert_front(s, landing, card):
    n = s[S_LAND_N + landing]
    if n >= LAND_CAP:
        raise AssertionError("landing capacity exceeded")
    base = S_LAND + landing * LAND_CAP
    for i in range(n, 0, -1):
        s[base + i] = s[base + i - 1]
    s[base] = card
    s[S_LAND_N + landing] = n + 1


@njit(cache=True, inline='always')
def _count_card(s, landing, card):
    icon = card_icon(s, card)
    if icon == ICON_PLUS1 and card_joker(s, card) == 0:
        s[S_LAND_EFF + landing] += 2
    else:
        s[S_LAND_EFF + landing] += 1
    if icon == ICON_CHEST:
        s[S_LAND_CHESTS + landing] += 1


@njit(cache=True)
def _copy_effect(s, lg, deal, owner, landing, fs, pr, st, opts):
    """1 inserted at the front: the player alone may use the effect of one discard-1-cube or
    draw-1-card card already in the column (reading 7.3.1: only cards there before this turn)."""
    if owner == AARON:
        return
    has_discard = False
    has_draw = False
    base = S_LAND + landing * LAND_CAP
    for i in range(s[S_LAND_N + landing]):
        card = s[base + i]
        if card_joker(s, card) == 1:
            continue
        icon = card_icon(s, card)
        if icon == ICON_DISCARD:
            has_discard = True
        elif icon == ICON_DRAW:
            has_draw = True
    n = 0
    if has_discard and s[S_CUBES + owner] > 0:
        opts[n] = 1
        n += 1
    if has_draw:
        opts[n] = 2
        n += 1
    if n == 0:
        return
    s[S_ACTOR] = owner
    effect = opts[ask(fs, owner, s, D_COPY_EFFECT, opts, n, pr, st)]
    log(s, lg, L_COPY, owner, effect, landing, 0, 0)
    if effect == 1:
        amount = 1
        if s[S_EVENT] == EV_B6:
            amount = 2
        add_cubes(s, lg, owner, -amount, R_COPY)
    else:
        draw_cards(s, lg, deal, owner, 1)


@njit(cache=True)
def play_cards(s, lg, deal, owner, actor, landing, colour, k, family, fs, pr, st, opts, buf):
    """PLAY CARDS ON THE MAIN ISLAND: one landing, one colour, placed in numerical order."""
    n = legal_cards(s, owner, landing, colour, buf)
    if k < 1 or k > n:
        raise AssertionError("illegal play")
    start = 0
    if family == 1:
        start = n - k
    # keep the chosen cards: buf is reused by nested calls, so copy them to the tail of buf
    chosen = buf[32:32 + k]
    for i in range(k):
        chosen[i] = buf[start + i]
    if comp_pos(s, landing, owner) < 0:
        place_compass(s, lg, owner, landing, actor, fs, pr, st, opts)
    for i in range(k):
        card = chosen[i]
        hand_remove(s, owner, card)
        s[S_LAND_COLOUR + landing] = colour
        v = card_value(s, card)
        if card_joker(s, card) == 1:
            # a Joker takes the value of the card before it (1 when first); it has no effect
            jv = s[S_LAND_LAST + landing]
            if s[S_LAND_N + landing] == 0:
                jv = 1
            _append(s, landing, card, jv)
            _count_card(s, landing, card)
            log(s, lg, L_PLAY, owner, landing, card, 0, actor)
        elif v == 1 and s[S_LAND_N + landing] > 0 and s[S_LAND_LAST + landing] >= 2:
            # a 1 on a column ending with 2 or more goes to the front and copies an effect
            _insert_front(s, landing, card)
            _count_card(s, landing, card)
            log(s, lg, L_PLAY, owner, landing, card, 1, actor)
            _copy_effect(s, lg, deal, owner, landing, fs, pr, st, opts)
        else:
            _append(s, landing, card, v)
            _count_card(s, landing, card)
            log(s, lg, L_PLAY, owner, landing, card, 0, actor)
            if v == 1:
                # a 1 played normally: every other player takes 1 cube
                for p in range(s[S_PLAYERS]):
                    if p == owner:
                        continue
                    if owner == AARON and s[S_VAR + V_AARON_ONE_SPARES_ACTOR] == 1 and p == actor:
                        continue
                    add_cubes(s, lg, p, 1, R_ONE)
            else:
                icon = card_icon(s, card)
                if icon == ICON_DISCARD or icon == ICON_DRAW:
                    _icon_effect(s, lg, deal, landing, icon)


@njit(cache=True)
def _pay_one(s, lg, owner, actor, colour, fs, pr, st, opts):
    base = S_HAND + owner * HAND_CAP
    n = 0
    for i in range(s[S_HAND_N + owner]):
        card = s[base + i]
        if colour < 0 or card_colour(s, card) == colour:
            opts[n] = card
            n += 1
    if n == 0:
        raise AssertionError("cannot pay for the small island")
    s[S_ACTOR] = actor
    card = opts[ask(fs, actor, s, D_PAY_CARD, opts, n, pr, st)]
    hand_remove(s, owner, card)
    discard_map(s, card)


@njit(cache=True)
def do_pass(s, lg, deal, seat, fs, pr, st, opts):
    """PASS: the seat's turn is skipped for the rest of the phase; the first to pass takes the
    First Player tile (event B8: every other player then takes 2 cubes; event A2: the passing
    player must take and keep one of the revealed treasures)."""
    s[S_PASSED + seat] = 1
    took = 0
    if s[S_TILE_TAKEN] == 0:
        s[S_TILE_TAKEN] = 1
        s[S_FIRST] = seat
        took = 1
        if s[S_EVENT] == EV_B8:
            for p in range(s[S_PLAYERS]):
                if p != seat:
                    add_cubes(s, lg, p, 2, R_EVENT)
    log(s, lg, L_PASS, seat, took, 0, 0, 0)
    if s[S_EVENT] == EV_A2 and s[S_A2_N] > 0:
        n = s[S_A2_N]
        for i in range(n):
            opts[i] = s[S_A2 + i]
        s[S_ACTOR] = seat
        j = ask(fs, seat, s, D_A2_TAKE, opts, n, pr, st)
        t = opts[j]
        for i in range(n):
            if s[S_A2 + i] == t:
                s[S_A2 + i] = s[S_A2 + n - 1]
                break
        s[S_A2_N] = n - 1
        log(s, lg, L_A2, seat, t, 0, 0, 0)
        take_treasure(s, lg, seat, t, 1)


@njit(cache=True)
def use_island(s, lg, deal, owner, actor, island, colour, fs, pr, st, opts):
    """USE A SMALL ISLAND: discard 2 cards of one colour (B7: plus 1 of any colour; B9: only 1,
    then pass), turn the tile face down, and optionally apply its power."""
    event = s[S_EVENT]
    if event == EV_B9:
        _pay_one(s, lg, owner, actor, colour, fs, pr, st, opts)
    else:
        _pay_one(s, lg, owner, actor, colour, fs, pr, st, opts)
        _pay_one(s, lg, owner, actor, colour, fs, pr, st, opts)
        if event == EV_B7:
            _pay_one(s, lg, owner, actor, -1, fs, pr, st, opts)
    s[S_ISLAND_UP + island] = 0
    s[S_ISLANDS_USED] += 1
    if event == EV_A3:
        add_cubes(s, lg, owner, 1, R_EVENT)
    power = s[S_INFO_ISLAND + island * 3]
    amount = s[S_INFO_ISLAND + island * 3 + 1]
    used = 0
    if power == PW_DISCARD:
        # discarding cubes is never worse: always the most allowed
        if owner != AARON and s[S_CUBES + owner] > 0:
            add_cubes(s, lg, owner, -amount, R_ISLAND)
            used = 1
    elif power == PW_BOTTOM or power == PW_PLACE:
        opts[0] = -1
        n = 1
        for l in range(N_LANDINGS):
            has = comp_pos(s, l, owner) >= 0
            if (power == PW_BOTTOM) == has:
                opts[n] = l
                n += 1
        s[S_ACTOR] = actor
        target = opts[ask(fs, actor, s, D_ISLAND_TARGET, opts, n, pr, st)]
        if target >= 0:
            used = 1
            if power == PW_BOTTOM:
                if event == EV_B13:
                    comp_to_top(s, target, owner)
                else:
                    comp_to_bottom(s, target, owner)
                log(s, lg, L_COMPASS, owner, target, target, comp_pos(s, target, owner), 0)
            else:
                place_compass(s, lg, owner, target, actor, fs, pr, st, opts)
    elif power == PW_DRAW:
        if owner != AARON:
            draw_cards(s, lg, deal, owner, amount)
            used = 1
    elif power == PW_TREASURE or power == PW_SHIP:
        opts[0] = 0
        opts[1] = 1
        s[S_ACTOR] = actor
        yes = opts[ask(fs, actor, s, D_ISLAND_USE, opts, 2, pr, st)]
        if yes == 1:
            used = 1
            if power == PW_SHIP:
                move_ship(s)
                log(s, lg, L_SHIP, s[S_SHIP_CORNER], s[S_SHIP_DIR], 2, 0, 0)
            else:
                add_cubes(s, lg, owner, 1, R_ISLAND)
                t = reveal_treasure(s, lg, deal)
                if t >= 0:
                    if owner == AARON:
                        aaron_take(s, lg, t)
                    else:
                        opts[0] = t * 2 + 1
                        opts[1] = t * 2
                        s[S_ACTOR] = owner
                        from_island = opts[ask(fs, owner, s, D_TAKE_TREASURE, opts, 2, pr, st)]
                        take_treasure(s, lg, owner, t, from_island & 1)
    log(s, lg, L_ISLAND, owner, island, used, actor, 0)
    if event == EV_B9 and s[S_PASSED + actor] == 0:
        do_pass(s, lg, deal, actor, fs, pr, st, opts)


@njit(cache=True)
def b4_return(s, lg, fs, pr, st, opts):
    """Event B4 at the start of Phase 2: a player with 3 compasses on the Main Island takes one
    back (Aaron: the one on the lowest-numbered landing)."""
    for owner in range(N_OWNERS):
        if owner >= s[S_PLAYERS] and not (owner == AARON and s[S_HAS_AARON] == 1):
            continue
        if compasses_on_island(s, owner) < 3:
            continue
        n = 0
        for l in range(N_LANDINGS):
            if comp_pos(s, l, owner) >= 0:
                opts[n] = l
                n += 1
        if owner == AARON:
            l = opts[0]
        else:
            s[S_ACTOR] = owner
            l = opts[ask(fs, owner, s, D_B4_RETURN, opts, n, pr, st)]
        comp_remove(s, l, owner)
        s[S_SUPPLY + owner] += 1
        log(s, lg, L_COMPASS, owner, l, l, -2, 0)


@njit(cache=True)
def actions_phase(s, T, lg, deal, fs, pr, st, opts, buf):
    """PHASE 2: from the First Player clockwise, each player takes one action per turn until
    all have passed.  In debug mode the invariants are checked after every action."""
    players = s[S_PLAYERS]
    for p in range(players):
        s[S_PASSED + p] = 0
    s[S_TILE_TAKEN] = 0
    if s[S_EVENT] == EV_B4:
        b4_return(s, lg, fs, pr, st, opts)
    seat = s[S_FIRST]
    passed = 0
    turns = 0
    while True:
        passed = 0
        for p in range(players):
            passed += s[S_PASSED + p]
        if passed >= players or s[S_END_EARLY] == 1:
            break
        if s[S_PASSED + seat] == 0:
            n = action_options(s, seat, opts, buf)
            s[S_ACTOR] = seat
            code = opts[ask(fs, seat, s, D_ACTION, opts, n, pr, st)]
            typ = code & 7
            where = (code >> 3) & 7
            colour = (code >> 6) & 3
            k = (code >> 8) & 63
            family = (code >> 14) & 1
            if typ == A_PASS:
                do_pass(s, lg, deal, seat, fs, pr, st, opts)
            elif typ == A_PLAY:
                play_cards(s, lg, deal, seat, seat, where, colour, k, family, fs, pr, st, opts, buf)
            elif typ == A_AARON_PLAY:
                play_cards(s, lg, deal, AARON, seat, where, colour, k, family, fs, pr, st, opts, buf)
            elif typ == A_ISLAND:
                use_island(s, lg, deal, seat, seat, where, colour, fs, pr, st, opts)
            else:
                use_island(s, lg, deal, AARON, seat, where, colour, fs, pr, st, opts)
            s[S_TURNS] += 1
            turns += 1
            if s[S_DEBUG] == 1:
                check_invariants(s, T)
            if turns > MAX_TURNS:
                raise AssertionError("phase 2 does not end")
        seat = (seat + 1) % players
