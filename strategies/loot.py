"""Loot Island strategies: ``random`` and one parametric heuristic (several named styles).

Both read only public slots and the deciding seat's own hand (see state.py).  The heuristic
scores every option with a few hand-written estimates weighted by the seat's parameter vector
(indices ``P_*`` below) and picks the best (plus optional noise from the seat's stream).
"""

import numpy as np
from numba import njit

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.core.rng import random_below, random_float
from simulator.games.loot.state import (
    A_AARON_ISLAND, A_AARON_PLAY, A_ISLAND, A_PASS, A_PLAY, AARON, D_A1_DRAW, D_A2_TAKE, D_ACTION, D_B4_RETURN,
    D_COMPASS_SOURCE, D_COPY_EFFECT, D_DRAFT_DISCARD, D_HEALER, D_HEALER_REVEAL, D_ISLAND_TARGET, D_ISLAND_USE,
    D_PAY_CARD, D_PREP_DISCARD, D_TAKE_TREASURE, EV_A3, HAND_CAP, ICON_CHEST, ICON_DISCARD, ICON_DRAW, ICON_PLUS1,
    MC_COLOUR, MC_ICON, MC_JOKER, MC_VALUE, N_LANDINGS, N_OWNERS, PW_BOTTOM, PW_DISCARD, PW_DRAW, PW_PLACE,
    PW_SHIP, PW_TREASURE, S_COMP, S_COMP_N, S_CUBES, S_EVENT, S_HAND, S_HAND_N, S_INFO_HEALER, S_INFO_ISLAND,
    S_INFO_MAP, S_INFO_TR, S_KEPT_TYPE, S_LAND_CHESTS, S_LAND_COLOUR, S_LAND_EFF, S_LAND_LAST, S_PHASE, S_ROUND,
    S_SHIP_CORNER, S_SHIP_DIR, S_THRESHOLD, S_TILE_TAKEN, S_CROSSES, S_PLAYERS, TR_BOOK, TR_CROSSED, TR_CROSSES,
    TR_CURSE, TR_GOLD, TR_TYPE, TT_AMULET, TT_BOOK, TT_COIN, TT_CROWN, TT_JEWEL, PH_FINAL, PH_OVER, S_LAND_N,
    S_HAS_AARON,
)

# parameter indices
P_CURSE = 0  # gold-equivalent cost of one curse cube
P_CROWN = 1  # value of one cross symbol
P_GOLD = 2  # weight of treasure gold
P_CHEST = 3  # value of a chest added to a landing soon explored
P_EXPLORED = 4  # weight of the landings explored this round
P_PASS = 5  # base value of passing
P_TILE = 6  # value of taking the First Player tile
P_CARD = 7  # cost of spending one map card
P_POSITION = 8  # penalty per compass below ours on a landing
P_ISLAND = 9  # bonus for using small islands
P_RISK = 10  # extra cube penalty as cubes approach 13
P_NOISE = 11  # random noise added to every score
N_PARAMS = 12

_DEFAULT = (1.5, 3.5, 1.3, 4.0, 2.0, 0.3, 1.0, 0.3, 1.0, 0.0, 0.8, 0.0)


def _style(**changes) -> tuple:
    values = list(_DEFAULT)
    for name, value in changes.items():
        values[globals()[name]] = value
    return tuple(values)


STYLES = {
    "default": _DEFAULT,
    "curse_averse": _style(P_CURSE=4.5, P_RISK=2.5, P_ISLAND=0.3),
    "crown_hunter": _style(P_CROWN=8.0),
    "big_loot_opportunist": _style(P_CHEST=6.0, P_EXPLORED=3.0, P_CARD=0.2, P_CURSE=1.2),
    "early_passer": _style(P_PASS=1.2, P_TILE=3.5, P_CARD=0.8),
}
STYLE_DESCRIPTIONS = {
    "default": "balanced heuristic: plays to the explored coast, keeps treasures worth their curse",
    "curse_averse": "heuristic that prices curse cubes high and discards cursed treasures",
    "crown_hunter": "heuristic that values cross symbols (crown ladder) highly",
    "big_loot_opportunist": "heuristic that chases chests and Big Loot on the explored coast",
    "early_passer": "heuristic that passes early for the First Player tile and saves cards",
}


def style_params(name: str) -> np.ndarray:
    return np.array(STYLES[name], dtype=np.float64)


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, decision_kind, options, n_options, params, stream):
    """Uniformly random legal option."""
    return random_below(stream, n_options)


# --------------------------------------------------------------------------- estimates
@njit(cache=True, inline='always')
def _card_use(s, card):
    """How useful a map card is to keep (for paying islands and discarding)."""
    base = S_INFO_MAP + card * 4
    if s[base + MC_JOKER] == 1:
        return 5.0
    icon = s[base + MC_ICON]
    u = s[base + MC_VALUE] / 3.0
    if icon == ICON_CHEST:
        u += 3.0
    elif icon == ICON_PLUS1:
        u += 2.0
    elif icon == ICON_DRAW or icon == ICON_DISCARD:
        u += 1.0
    return u


@njit(cache=True, inline='always')
def _explored(s):
    c = s[S_SHIP_CORNER]
    if s[S_SHIP_DIR] > 0:
        return c
    return (c + 3) % 4


@njit(cache=True, inline='always')
def _urgency(s, landing, params):
    """How soon (and how much) a landing matters: explored now > next round > final exploration."""
    coast = landing // 2
    now = _explored(s)
    if coast == now:
        return params[P_EXPLORED]
    if s[S_ROUND] >= 5:
        return 0.35
    nxt = (now + s[S_SHIP_DIR] + 4) % 4
    if coast == nxt:
        return 0.5
    return 0.2


@njit(cache=True, inline='always')
def _cube_cost(s, seat, cubes_added, params):
    cubes = s[S_CUBES + seat]
    after = cubes + cubes_added
    if after >= 13 and (s[S_ROUND] >= 5 or s[S_PHASE] >= PH_FINAL):
        return 1000.0
    pressure = 1.0
    if after > 7:
        pressure += params[P_RISK] * (after - 7) / 5.0
    return params[P_CURSE] * cubes_added * pressure


@njit(cache=True, inline='always')
def _treasure_worth(s, seat, t, params):
    """Rough gold worth of keeping treasure ``t`` (before its curse)."""
    base = S_INFO_TR + t * 8
    typ = s[base + TR_TYPE]
    gold = float(s[base + TR_GOLD])
    owned = S_KEPT_TYPE + seat * 8
    if typ == TT_COIN:
        return params[P_GOLD] * gold
    if typ == TT_AMULET:
        return params[P_GOLD] * gold + 0.7 * params[P_CURSE]
    if typ == TT_JEWEL:
        n = s[owned + TT_JEWEL] % 3
        bonus = 3.0
        if n == 1:
            bonus = 8.0
        elif n == 2:
            bonus = 12.0
        return params[P_GOLD] * (gold + bonus)
    if typ == TT_CROWN:
        return params[P_GOLD] * gold + params[P_CROWN] * s[base + TR_CROSSES]
    if typ == TT_BOOK:
        return params[P_GOLD] * s[base + TR_BOOK] * 2.5
    # skulls
    types = 0
    for k in range(5):
        if s[owned + k] > 0:
            types += 1
    return params[P_GOLD] * (gold + 1.0 + 0.8 * types)


@njit(cache=True, inline='always')
def _keep_score(s, seat, t, params):
    curse = s[S_INFO_TR + t * 8 + TR_CURSE] - s[S_INFO_TR + t * 8 + TR_CROSSED]
    return _treasure_worth(s, seat, t, params) - _cube_cost(s, seat, curse, params)


@njit(cache=True, inline='always')
def _discard_score(s, seat, params):
    freed = 2 + s[S_KEPT_TYPE + seat * 8 + TT_AMULET]
    cubes = s[S_CUBES + seat]
    if freed > cubes:
        freed = cubes
    return params[P_CURSE] * freed * 0.8


@njit(cache=True, inline='always')
def _comp_pos(s, landing, owner):
    for i in range(s[S_COMP_N + landing]):
        if s[S_COMP + landing * N_OWNERS + i] == owner:
            return i
    return -1


@njit(cache=True, inline='always')
def _hand_card(s, owner, i):
    return s[S_HAND + owner * HAND_CAP + i]


@njit(cache=True, inline='always')
def _key(s, card):
    if s[S_INFO_MAP + card * 4 + MC_JOKER] == 1:
        return 11
    return s[S_INFO_MAP + card * 4 + MC_VALUE]


@njit(cache=True, inline='always')
def _prepare_key(s, seat, owner, landing, colour, params, buf, fb):
    """Sort the playable cards of (owner, landing, colour) and build prefix sums of what they add:
    fb[0:33] cards counted, fb[33:66] chests, fb[66:99] effect value, fb[99:132] 1s played normally."""
    # hand of (owner) sorted by colour once per decision: buf[64 + slot*100 + c*24 + i], counts at
    # buf[64 + slot*100 + 96 + c], built when buf[42 + slot] == 0
    slot = 1 if owner == AARON else 0
    if buf[42 + slot] == 0:
        for c in range(4):
            buf[64 + slot * 100 + 96 + c] = 0
        for i in range(s[S_HAND_N + owner]):
            card = _hand_card(s, owner, i)
            c = s[S_INFO_MAP + card * 4 + MC_COLOUR]
            key = _key(s, card)
            cb = 64 + slot * 100 + c * 24
            j = buf[64 + slot * 100 + 96 + c]
            while j > 0 and (_key(s, buf[cb + j - 1]) > key or (_key(s, buf[cb + j - 1]) == key and buf[cb + j - 1] > card)):
                buf[cb + j] = buf[cb + j - 1]
                j -= 1
            buf[cb + j] = card
            buf[64 + slot * 100 + 96 + c] += 1
        buf[42 + slot] = 1
    last = s[S_LAND_LAST + landing]
    n = 0
    cb = 64 + slot * 100 + colour * 24
    for i in range(buf[64 + slot * 100 + 96 + colour]):
        card = buf[cb + i]
        key = _key(s, card)
        if key == 1 or key == 11 or key >= last:
            buf[n] = card
            n += 1
    buf[41] = n
    empty = s[S_LAND_N + landing] == 0
    cubes = s[S_CUBES + seat]
    fb[0] = 0.0
    fb[33] = 0.0
    fb[66] = 0.0
    fb[99] = 0.0
    for i in range(n):
        card = buf[i]
        b = S_INFO_MAP + card * 4
        icon = s[b + MC_ICON]
        joker = s[b + MC_JOKER] == 1
        added = 2.0 if (icon == ICON_PLUS1 and not joker) else 1.0
        chest = 1.0 if icon == ICON_CHEST else 0.0
        effect = 0.0
        one = 0.0
        if not joker:
            v = s[b + MC_VALUE]
            if v == 1:
                if empty or last <= 1:
                    one = 1.0
                else:
                    effect = 0.8
            elif icon == ICON_DRAW:
                effect = 0.6
            elif icon == ICON_DISCARD and cubes > 0:
                effect = params[P_CURSE] * 0.8
        fb[i + 1] = fb[i] + added
        fb[33 + i + 1] = fb[33 + i] + chest
        fb[66 + i + 1] = fb[66 + i] + effect
        fb[99 + i + 1] = fb[99 + i] + one


@njit(cache=True, inline='always')
def _play_score(s, seat, owner, landing, colour, k, family, params, buf, fb):
    # the playable cards depend on (owner, colour, last value of the landing) only
    last = s[S_LAND_LAST + landing]
    key = (owner * 4 + colour) * 16 + (last if last < 15 else 15)
    if buf[40] != key:
        _prepare_key(s, seat, owner, landing, colour, params, buf, fb)
        buf[40] = key
    n = buf[41]
    lb = 136 + landing * 3
    if fb[lb + 2] == 0.0:
        fb[lb] = _urgency(s, landing, params)
        fb[lb + 1] = _comp_pos(s, landing, seat)
        fb[lb + 2] = 1.0
    if n < k:
        return -100.0
    lo = 0 if family == 0 else n - k
    hi = lo + k
    added = fb[hi] - fb[lo]
    chests = fb[33 + hi] - fb[33 + lo]
    effects = fb[66 + hi] - fb[66 + lo]
    ones_normal = fb[99 + hi] - fb[99 + lo]
    threshold = s[S_THRESHOLD]
    eff = s[S_LAND_EFF + landing]
    u = fb[lb]
    pos = int(fb[lb + 1])
    ncomp = s[S_COMP_N + landing]
    pos_after = ncomp if pos < 0 else pos
    before = min(eff, threshold)
    after = min(eff + added, threshold)
    progress = after - before
    reach = 1.0 if eff + added >= threshold else (eff + added) / (2.0 * threshold)
    total_chests = s[S_LAND_CHESTS + landing] + chests
    if owner == seat:
        share = 1.0 / (1.0 + params[P_POSITION] * pos_after)
        loot = (ncomp + (1 if pos < 0 else 0)) * 0.6 + total_chests
        value = u * share * (params[P_GOLD] * 5.0 * reach * loot / max(1.0, float(ncomp + 1)) + progress
                             + params[P_CHEST] * chests)
        value += effects + 0.4 * ones_normal * (s[S_PLAYERS] - 1)
        value -= params[P_CARD] * k
        if pos < 0:
            if buf[44] < 0:
                buf[44] = _compasses_left(s, seat)
            if buf[44] == 0:
                value -= 1.0
        return value
    # playing Aaron's cards: helps where we stand, costs us nothing
    if pos < 0:
        return -0.5 - 0.5 * ones_normal
    share = 1.0 / (1.0 + params[P_POSITION] * pos)
    return u * share * (progress + params[P_CHEST] * chests) - 0.5 * ones_normal


@njit(cache=True, inline='always')
def _compasses_left(s, seat):
    on = 0
    for l in range(N_LANDINGS):
        if _comp_pos(s, l, seat) >= 0:
            on += 1
    return 3 - on


@njit(cache=True, inline='always')
def _island_score(s, seat, owner, island, params):
    power = s[S_INFO_ISLAND + island * 3]
    amount = s[S_INFO_ISLAND + island * 3 + 1]
    cost = 2.0 * params[P_CARD] if owner == seat else 0.0
    if s[S_EVENT] == EV_A3 and owner == seat:
        cost += params[P_CURSE]
    value = params[P_ISLAND]
    if owner != seat:
        return -0.3 + value * 0.5
    cubes = s[S_CUBES + seat]
    if power == PW_DISCARD:
        value += params[P_CURSE] * min(amount, cubes)
    elif power == PW_BOTTOM:
        best = 0.0
        for l in range(N_LANDINGS):
            pos = _comp_pos(s, l, seat)
            if pos > 0:
                v = _urgency(s, l, params) * params[P_POSITION] * pos * 2.0
                if v > best:
                    best = v
        value += best
    elif power == PW_PLACE:
        value += 0.3
    elif power == PW_DRAW:
        value += 1.2
    elif power == PW_TREASURE:
        value += 3.0 - params[P_CURSE]
    elif power == PW_SHIP:
        value += -0.5
    return value - cost


@njit(cache=True, inline='always')
def _action_score(s, seat, code, params, buf, fb):
    typ = code & 7
    where = (code >> 3) & 7
    colour = (code >> 6) & 3
    k = (code >> 8) & 63
    family = (code >> 14) & 1
    if typ == A_PASS:
        v = params[P_PASS]
        if s[S_TILE_TAKEN] == 0:
            v += params[P_TILE]
        return v
    if typ == A_PLAY:
        return _play_score(s, seat, seat, where, colour, k, family, params, buf, fb)
    if typ == A_AARON_PLAY:
        return _play_score(s, seat, AARON, where, colour, k, family, params, buf, fb)
    if typ == A_ISLAND:
        return _island_score(s, seat, seat, where, params)
    return _island_score(s, seat, AARON, where, params)


@njit(cache=True, inline='always')
def _healer_cost(s, seat, h):
    return s[S_INFO_HEALER + h * 2] * s[S_CUBES + seat] + s[S_INFO_HEALER + h * 2 + 1]


@njit(cache=True, inline='always')
def _option_score(s, seat, kind, option, params):
    """Score of one option of every decision kind but ``action``."""
    if kind == D_TAKE_TREASURE:
        t = option >> 1
        if option & 1 == 1:
            return _keep_score(s, seat, t, params)
        return _discard_score(s, seat, params)
    if kind == D_A2_TAKE:
        return _keep_score(s, seat, option, params)
    if kind == D_PAY_CARD or kind == D_DRAFT_DISCARD:
        return -_card_use(s, option)
    if kind == D_PREP_DISCARD:
        if option < 0:
            return -1.6
        return -_card_use(s, option)
    if kind == D_ISLAND_TARGET:
        if option < 0:
            return 0.0
        pos = _comp_pos(s, option, seat)
        u = _urgency(s, option, params)
        if pos >= 0:
            return u * pos
        return u * (s[S_LAND_EFF + option] + 2.0 * s[S_LAND_CHESTS + option]) * 0.2 - 0.1
    if kind == D_ISLAND_USE:
        if option == 0:
            return 0.0
        if s[S_PHASE] >= PH_FINAL:
            return 0.0
        return 0.5 if s[S_CUBES + seat] < 8 else -1.0
    if kind == D_COMPASS_SOURCE or kind == D_B4_RETURN:
        pos = max(_comp_pos(s, option, seat), 0)
        return -_urgency(s, option, params) * (s[S_LAND_EFF + option] + 1.0) / (1.0 + pos)
    if kind == D_COPY_EFFECT:
        if option == 1:
            return params[P_CURSE] * 0.8
        return 0.6
    if kind == D_A1_DRAW:
        if option == 0:
            return 0.0
        return 2.0 - _cube_cost(s, seat, 2, params)
    if kind == D_HEALER or kind == D_HEALER_REVEAL:
        return -float(_healer_cost(s, seat, option))
    return 0.0


@njit(STRATEGY_SIGNATURE, cache=True)
def heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream):
    """Scores each option with the weights in ``params`` and returns the best."""
    best = 0
    best_score = -1e18
    noise = params[P_NOISE]
    if decision_kind == D_ACTION:
        buf = np.empty(264, dtype=np.int64)
        buf[40] = -1
        buf[42] = 0
        buf[43] = 0
        buf[44] = -1
        fb = np.empty(180, dtype=np.float64)
        for l in range(N_LANDINGS):
            fb[136 + l * 3 + 2] = 0.0
        for k in range(14):
            fb[164 + k] = 1e18  # island scores, by (owner slot, island), computed once
        for i in range(n_options):
            code = options[i]
            typ = code & 7
            if (typ == A_PLAY or typ == A_AARON_PLAY) and (code >> 14) & 1 == 1 and (code >> 8) & 63 > 1:
                continue  # "the k highest" with k > 1: rarely worth it, not considered
            if typ == A_ISLAND or typ == A_AARON_ISLAND:
                slot = 164 + (7 if typ == A_AARON_ISLAND else 0) + ((code >> 3) & 7)
                if fb[slot] == 1e18:
                    fb[slot] = _action_score(state, seat, code, params, buf, fb)
                score = fb[slot]
            else:
                score = _action_score(state, seat, code, params, buf, fb)
            if noise > 0.0:
                score += noise * random_float(stream)
            if score > best_score:
                best_score = score
                best = i
        return best
    for i in range(n_options):
        score = _option_score(state, seat, decision_kind, options[i], params)
        if noise > 0.0:
            score += noise * random_float(stream)
        if score > best_score:
            best_score = score
            best = i
    return best
