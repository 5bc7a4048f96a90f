"""Tobago strategies: ``random`` and one parametric heuristic (``heuristic``) whose weights give
``racer`` (the default), ``contributor`` and ``amulet_hunter`` (spec section 5).

Fair play: the heuristic reads only public slots (``simulator/games/tobago/state.py``): the
island tables, landmarks, ATVs, amulets, maps and their exact candidate sets (the clues are
public, spec 4.1), gold holdings and the face-up discard (never the values of the face-down
discard: only its count is public); its own hand; and, while a share is on, the pool
cards it drew itself (``POOL_SEER``).  It never reads other hands, deck orders or the pool cards
drawn by others.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below
from simulator.core.engine.ties import prefer
from simulator.games.tobago.components import MAX_GOLD, MIN_GOLD, N_MAPS
from simulator.games.tobago.rules import clue_is_legal as clue_legal
from simulator.games.tobago.rules import popcount
from simulator.games.tobago.island import CENTRALITY, LEGS_BETWEEN, N_WORDS, WORD_BITS
from simulator.games.tobago.state import (
    ACTION_AMULET_CLUE,
    ACTION_AMULET_EXCHANGE,
    ACTION_AMULET_MOVE,
    ACTION_AMULET_REMOVE_CUBE,
    ACTION_CLUE,
    ACTION_END,
    ACTION_EXCHANGE,
    ACTION_MOVE,
    AMULET_AT,
    AMULETS_HELD,
    ATV_HEX,
    CARD_MASK,
    CLUE_MAP_SHIFT,
    CLUE_PLAY,
    CUBE_HEX_SHIFT,
    CUBE_REMOVE,
    CURSE_GIVE_AMULET,
    CURSE_GIVE_GOLD,
    CURSE_RESPONSE,
    CURSES_OUT,
    CURSES_SEEN,
    EXCHANGE_CARDS,
    EXTRA,
    FLAGS,
    GOLD_DECK_COUNT,
    GOLD_DISCARD,
    HAND,
    HAND_COUNT,
    HELD,
    ISLAND,
    LEG,
    LEG_STOP,
    MAIN_USED,
    MAP_CAND,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_ROSE,
    MAX_HAND,
    MAX_MAP_CLUES,
    N_HEX,
    NEW_MAP,
    NEW_MAP_CLUE,
    PLAYERS,
    POOL,
    POOL_COUNT,
    POOL_POS,
    POOL_SEER,
    RULE_CURSE_FREE_TOP,
    RULE_CURSES,
    RULE_GOLD_COINS,
    RULE_LEGS,
    RULE_N_GOLD,
    SHARE_ACCEPT,
    SHARE_MAP,
    SHARE_PASS,
    SHARE_TAKE,
    START_RAISE,
    START_RAISE_TAKE,
    TURN_ACTION,
)

N_PARAMS = 14
P_TAKE_AT = 0  # take any offered card worth at least this many coins
P_TAKE_MEAN = 1  # 1: also take a card worth at least the mean of the cards still to come
P_RESERVE = 2  # amulets kept back (for curses) once curses can come up
P_NEAR = 3  # weight of "candidates within reach of my ATV" when choosing a clue
P_CLUE_FIRST = 4  # 1: play a clue whenever one is legal (before moving toward a map)
P_HUNT = 5  # weight of ending a leg on an amulet / driving to amulets
P_WARD_AT = 6  # ward a curse with an amulet when the highest card is at least this
P_OWN_ROSES = 7  # weight of maps where I already have roses
P_SPEND = 8  # 1: spend amulets on extra clues / marker removal that locate a treasure near me
P_SWAP_FIRST = 9  # 1: with no legal clue, exchange the hand with a spare amulet before the main action (R42)
P_EXTRA_CLUE_AT = 10  # spend a spare amulet on an extra clue (R39) scoring at least this (NEVER: off)
P_CUBE_ROSES = 11  # spend a spare amulet to remove a marker (R38) of a 2-marker map holding this many of my roses (NEVER: off)
P_FETCH_BELOW = 12  # holding fewer amulets than this, the main action may be a move to pick one up (0: never);
# above 0 also: with no playable clue and nothing located, spend even a reserved amulet on a marker removal (R38)
P_FETCH_OVER_CLUE = 13  # ... when my best clue scores below this (0: only when no clue is legal)

NEVER = 99.0
"""A threshold no score or count reaches: the decision it gates is never taken."""

PARAMS = {
    "racer": (4.0, 0.0, 1.0, 2.0, 0.0, 0.3, 4.0, 0.3, 1.0, 0.0, NEVER, NEVER, 0.0, 0.0),
    "contributor": (6.0, 1.0, 1.0, 0.3, 1.0, 0.1, 5.0, 1.0, 0.0, 1.0, 4.0, 2.0, 3.0, 1.5),
    "amulet_hunter": (4.0, 1.0, 0.0, 1.0, 0.0, 2.0, 4.0, 0.3, 1.0, 0.0, NEVER, NEVER, 0.0, 0.0),
}
"""Weights of each named heuristic, in the order of the P_* indices."""

LOCATED_WEIGHT = 100.0
"""Per leg to the nearest located treasure: far more than all other terms of ``target_score``
change in one leg together, so a move toward a treasure within reach gets there."""
CLOSING_WEIGHT = 5.0
"""Per leg to the nearest marker of a map about to be located (2-3 markers): the racer's approach."""
BIG = 1000.0
NO_SCORE = -np.inf
"""Below every score, so that an argmax picks the best option even when all score below -BIG
(a located treasure 10+ legs away)."""
HUNT_LEG_WEIGHT = 50.0
"""Hunter, per leg to the nearest amulet on a normal move: it moves because an amulet is within
reach (``turn_choice``), so every leg must get nearer to one (else it can circle for ever); below
``LOCATED_WEIGHT`` so a located treasure still comes first."""


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options."""
    return random_below(stream, n_options)


@njit(cache=True, error_model="numpy", inline="always")
def reach(state):
    """Legs of one move (R24: setting legs_per_move, 3)."""
    return state[FLAGS + RULE_LEGS]


@njit(cache=True, error_model="numpy", inline="always")
def legs(state, a, b):
    return np.int64(LEGS_BETWEEN[state[ISLAND], a, b])


@njit(cache=True, error_model="numpy", inline="always")
def located_hex(state, m):
    """The hex of map m's located treasure, -1 when it is not located (public: one marker left)."""
    if state[MAP_MARKERS_DOWN + m] != 1 or state[MAP_MARKERS + m] != 1 or state[SHARE_MAP] == m:
        return -1
    for w in range(N_WORDS):
        word = state[MAP_CAND + m * N_WORDS + w]
        if word != 0:
            b = 0
            while (word >> b) & 1 == 0:
                b += 1
            return w * WORD_BITS + b
    return -1


@njit(cache=True, error_model="numpy", inline="always")
def nearest_treasure(state, here):
    """Fewest legs from ``here`` to a located treasure (99 none)."""
    best = 99
    for m in range(N_MAPS):
        h = located_hex(state, m)
        if h >= 0:
            d = legs(state, here, h)
            if d < best:
                best = d
    return best


@njit(cache=True, error_model="numpy", inline="always")
def my_roses(state, m, seat):
    n = 0
    for i in range(state[MAP_LEN + m] + 1):
        if state[MAP_ROSE + m * MAX_MAP_CLUES + i] == seat:
            n += 1
    return n


def lowest_bit(word):
    """Index of the lowest set bit of a positive word.  Compiled, one instruction (the overload
    below; counting the set bits below it through ``popcount``'s tables cost about 30 % of the
    heuristic's time); this body runs only without numba (NUMBA_DISABLE_JIT)."""
    word = int(word)
    return (word & -word).bit_length() - 1


@overload(lowest_bit, inline="always")
def _lowest_bit_compiled(word):
    return lambda word: trailing_zeros(word)


@njit(cache=True, error_model="numpy", inline="always")
def bits_count(word):
    return popcount(word)


@njit(cache=True, error_model="numpy", inline="always")
def clue_score(state, seat, card, m, params):
    """How much a clue helps ``seat``: shrink of the map, its candidates near my ATV, my roses on
    the map; locating a treasure pays when I am the nearest ATV to it."""
    here = state[ATV_HEX + seat]
    before = 0
    after = 0
    near = 0
    located = -1
    for w in range(N_WORDS):
        cand = state[MAP_CAND + m * N_WORDS + w]
        new = cand & state[CARD_MASK + card * N_WORDS + w]
        before += bits_count(cand)
        after += bits_count(new)
        word = new
        while word != 0:
            h = w * WORD_BITS + lowest_bit(word)
            located = h
            if legs(state, here, h) <= reach(state):
                near += 1
            word &= word - 1
    score = (before - after) / max(before, 1) + params[P_OWN_ROSES] * my_roses(state, m, seat)
    score += params[P_NEAR] * near / max(after, 1)
    if after == 1:
        mine = legs(state, here, located)
        closest_other = 99
        for other in range(state[PLAYERS]):
            if other != seat:
                d = legs(state, state[ATV_HEX + other], located)
                if d < closest_other:
                    closest_other = d
        score += 3.0 if mine <= closest_other else -3.0
    return score


@njit(cache=True, error_model="numpy", inline="always")
def best_clue_value(state, seat, params):
    best = NO_SCORE
    for slot in range(state[HAND_COUNT + seat]):
        card = state[HAND + seat * MAX_HAND + slot]
        for m in range(N_MAPS):
            if state[SHARE_MAP] == m or not clue_legal(state, card, m):
                continue
            s = clue_score(state, seat, card, m, params)
            if s > best:
                best = s
    return best


@njit(cache=True, error_model="numpy", inline="always")
def nearest_closing_marker(state, h):
    """Fewest legs from ``h`` to a marker of a map with 2 or 3 markers left (99 none)."""
    nearest = 99
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and 2 <= state[MAP_MARKERS + m] <= 3 and state[SHARE_MAP] != m:
            for w in range(N_WORDS):
                word = state[MAP_CAND + m * N_WORDS + w]
                while word != 0:
                    d = legs(state, h, w * WORD_BITS + lowest_bit(word))
                    if d < nearest:
                        nearest = d
                    word &= word - 1
    return nearest


@njit(cache=True, error_model="numpy", inline="always")
def target_score(state, seat, h, params, extra):
    """How good it is for ``seat``'s ATV to stand on ``h``: on a located treasure best, then near
    one, then on an amulet (not on extra legs, R34), then near the most advanced map's candidates."""
    score = 0.0
    nearest_located = 99
    for m in range(N_MAPS):
        t = located_hex(state, m)
        if t >= 0:
            if t == h:
                return BIG
            nearest_located = min(nearest_located, legs(state, h, t))
    if nearest_located < 99:
        score -= LOCATED_WEIGHT * nearest_located  # the nearest one only: two targets would pull apart
    closing = nearest_closing_marker(state, h)
    if closing < 99:
        score -= CLOSING_WEIGHT * closing
    if extra == 0 and state[AMULET_AT + h] == 1:
        score += 3.0 * params[P_HUNT]
    best_map = -1
    fewest = 1000
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and 1 < state[MAP_MARKERS + m] < fewest and state[SHARE_MAP] != m:
            fewest = state[MAP_MARKERS + m]
            best_map = m
    if best_map >= 0:
        total = 0
        for w in range(N_WORDS):
            word = state[MAP_CAND + best_map * N_WORDS + w]
            while word != 0:
                total += legs(state, h, w * WORD_BITS + lowest_bit(word))
                word &= word - 1
        score -= total / fewest
    else:
        score -= CENTRALITY[state[ISLAND], h] / max(state[N_HEX], 1)
    if params[P_HUNT] > 0.5 and extra == 0:
        nearest = 99
        for a in range(state[N_HEX]):
            if state[AMULET_AT + a] == 1:
                d = legs(state, h, a)
                if d < nearest:
                    nearest = d
        if nearest < 99:
            score -= 3.0 * params[P_HUNT] * nearest  # (hunter: 6 per leg, above CLOSING_WEIGHT)
    return score


@njit(cache=True, error_model="numpy", inline="always")
def nearest_amulet(state, h, skip):
    """Fewest legs from ``h`` to an amulet on the island other than on hex ``skip`` (99 none)."""
    nearest = 99
    for a in range(state[N_HEX]):
        if state[AMULET_AT + a] == 1 and a != skip:
            d = legs(state, h, a)
            if d < nearest:
                nearest = d
    return nearest


@njit(cache=True, error_model="numpy", inline="always")
def hunt_penalty(state, h, skip):
    """The hunter's cost of standing on ``h``: ``HUNT_LEG_WEIGHT`` per leg to the nearest amulet
    (not counting one on ``skip``), nothing when there is none."""
    nearest = nearest_amulet(state, h, skip)
    return HUNT_LEG_WEIGHT * nearest if nearest < 99 else 0.0


@njit(cache=True, error_model="numpy", inline="always")
def curses_possible(state):
    """Curses can come up once the 12 safe cards are gone and not both were seen (R4: settings
    gold_cards, curse_cards, curse_free_top)."""
    n_curses = state[FLAGS + RULE_CURSES]
    cards = state[FLAGS + RULE_N_GOLD] + n_curses
    return state[GOLD_DECK_COUNT] <= cards - state[FLAGS + RULE_CURSE_FREE_TOP] and state[CURSES_SEEN] < n_curses


@njit(cache=True, error_model="numpy", inline="always")
def spare_amulets(state, seat, params):
    reserve = params[P_RESERVE] if curses_possible(state) else 0.0
    return state[AMULETS_HELD + seat] - reserve


@njit(cache=True, error_model="numpy", inline="always")
def find(options, n_options, value):
    for i in range(n_options):
        if options[i] == value:
            return i
    return -1


@njit(cache=True, error_model="numpy", inline="always")
def mean_to_come(state, seat):
    """Mean value of a card still to come in this share for ``seat``: the pool cards it saw plus
    the unknown ones at the mean of the cards not accounted for: all 41 cards minus those seen
    (holdings, the face-up discard, curses out, cards turned up).  Face-down discards are not
    seen: they stay among the unknown cards."""
    unknown_coins = state[FLAGS + RULE_GOLD_COINS]  # settings gold_cards, curse_cards
    unknown_cards = state[FLAGS + RULE_N_GOLD] + state[FLAGS + RULE_CURSES] - state[CURSES_OUT]
    for v in range(MAX_GOLD + 1):
        unknown_cards -= state[GOLD_DISCARD + v]
        unknown_coins -= v * state[GOLD_DISCARD + v]
    for s in range(state[PLAYERS]):
        for v in range(MIN_GOLD, MAX_GOLD + 1):
            unknown_cards -= state[HELD + s * 7 + v]
            unknown_coins -= v * state[HELD + s * 7 + v]
    for i in range(state[POOL_POS]):  # revealed cards of this share are known
        unknown_cards -= 1
        unknown_coins -= state[POOL + i]
    known_coins = 0
    known_cards = 0
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        if state[POOL_SEER + i] == seat:
            known_cards += 1
            known_coins += state[POOL + i]
    unknown_cards -= known_cards
    unknown_coins -= known_coins
    rest = state[POOL_COUNT] - state[POOL_POS]
    if rest == 0:
        return 0.0
    unknown_mean = unknown_coins / max(unknown_cards, 1)
    return (known_coins + (rest - known_cards) * unknown_mean) / rest


@njit(cache=True, error_model="numpy", inline="always")
def playable(state, card):
    for m in range(N_MAPS):
        if state[SHARE_MAP] != m and clue_legal(state, card, m):
            return True
    return False


@njit(cache=True, error_model="numpy", inline="always")
def closing_map_far(state, here):
    """The nearest marker of a map with 2 or 3 markers left is out of reach now but not after one move."""
    nearest = nearest_closing_marker(state, here)
    return reach(state) < nearest <= 2 * reach(state)


@njit(cache=True, error_model="numpy", inline="always")
def turn_choice(state, seat, options, n_options, params):
    here = state[ATV_HEX + seat]
    nearest = nearest_treasure(state, here)
    move_legs = reach(state)
    spare = spare_amulets(state, seat, params)
    clue = find(options, n_options, ACTION_CLUE)
    move = find(options, n_options, ACTION_MOVE)
    if state[MAIN_USED] == 0:
        if nearest <= move_legs and move >= 0:
            return move  # R45: a located treasure within one move
        if nearest <= 2 * move_legs and spare >= 1 and move >= 0 and find(options, n_options, ACTION_AMULET_MOVE) >= 0:
            return move  # drive now, finish with an amulet move
        if params[P_HUNT] > 1.0 and move >= 0:
            for a in range(state[N_HEX]):
                if state[AMULET_AT + a] == 1 and legs(state, here, a) <= move_legs:
                    return move
        if move >= 0 and fetching(state, seat, params) and nearest_amulet(state, here, here) <= move_legs:
            best = best_clue_value(state, seat, params) if clue >= 0 else NO_SCORE
            if best < params[P_FETCH_OVER_CLUE]:
                return move  # an amulet within one move is worth more than my best clue
        if params[P_CLUE_FIRST] < 0.5 and nearest <= 2 * move_legs and move >= 0:
            return move  # racer: a located treasure two moves away
        if clue >= 0 and params[P_CLUE_FIRST] < 0.5 and move >= 0 and closing_map_far(state, here):
            return move  # racer: a map is about to be located far away: get nearer first
        if clue >= 0:
            return clue
        if nearest < 99:
            return move  # no legal clue: head for a located treasure (else it could wait forever)
        swap = find(options, n_options, ACTION_AMULET_EXCHANGE)
        if params[P_SWAP_FIRST] > 0.5 and spare >= 1 and swap >= 0:
            return swap  # R42: a new hand for an amulet keeps the main action for a clue
        exchange = find(options, n_options, ACTION_EXCHANGE)
        if exchange >= 0:
            return exchange  # no legal clue in hand (the spec's exchange trigger)
        return move
    # the main action is done: amulet uses, then end the turn
    cube = find(options, n_options, ACTION_AMULET_REMOVE_CUBE)
    if cube >= 0 and params[P_FETCH_BELOW] > 0.5 and nearest == 99 and not has_playable(state, seat):
        return cube  # R38: no clue of mine fits and nothing is located: even a reserved amulet unblocks a map
    if spare >= 1:
        amulet_move = find(options, n_options, ACTION_AMULET_MOVE)
        if nearest <= move_legs and amulet_move >= 0:
            return amulet_move
        amulet_clue = find(options, n_options, ACTION_AMULET_CLUE)
        if amulet_clue >= 0 and params[P_EXTRA_CLUE_AT] < NEVER and best_clue_value(state, seat, params) >= params[P_EXTRA_CLUE_AT]:
            return amulet_clue  # R39: one more clue (and rose) worth an amulet
        cube = find(options, n_options, ACTION_AMULET_REMOVE_CUBE)
        if cube >= 0 and params[P_CUBE_ROSES] < NEVER and closing_rose_map(state, seat, params[P_CUBE_ROSES]):
            return cube  # R38: bring a map where I hold roses to its raise
        if params[P_SPEND] > 0.5:
            amulet_clue = find(options, n_options, ACTION_AMULET_CLUE)
            if amulet_clue >= 0 and best_clue_value(state, seat, params) > 2.0:
                return amulet_clue
            cube = find(options, n_options, ACTION_AMULET_REMOVE_CUBE)
            if cube >= 0:
                for m in range(N_MAPS):
                    if state[MAP_MARKERS_DOWN + m] == 1 and state[MAP_MARKERS + m] == 2 and state[SHARE_MAP] != m:
                        for w in range(N_WORDS):
                            word = state[MAP_CAND + m * N_WORDS + w]
                            while word != 0:
                                if legs(state, here, w * WORD_BITS + lowest_bit(word)) <= move_legs:
                                    return cube
                                word &= word - 1
            swap = find(options, n_options, ACTION_AMULET_EXCHANGE)
            if swap >= 0 and spare >= 2 and not has_playable(state, seat):
                return swap
    end = find(options, n_options, ACTION_END)
    return end if end >= 0 else 0


@njit(cache=True, error_model="numpy", inline="always")
def fetching(state, seat, params):
    """``seat`` wants one more amulet (it holds fewer than ``P_FETCH_BELOW``) and no located
    treasure is within one move (a raise comes first)."""
    if state[AMULETS_HELD + seat] >= params[P_FETCH_BELOW]:
        return False
    return nearest_treasure(state, state[ATV_HEX + seat]) > reach(state)


@njit(cache=True, error_model="numpy", inline="always")
def closing_rose_map(state, seat, min_roses):
    """A map with 2 markers left on which ``seat`` holds at least ``min_roses`` roses."""
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and state[MAP_MARKERS + m] == 2 and state[SHARE_MAP] != m:
            if my_roses(state, m, seat) >= min_roses:
                return True
    return False


@njit(cache=True, error_model="numpy", inline="always")
def has_playable(state, seat):
    for slot in range(state[HAND_COUNT + seat]):
        if playable(state, state[HAND + seat * MAX_HAND + slot]):
            return True
    return False


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def heuristic(state, seat, kind, options, n_options, params, stream):
    """The spec's heuristics, by weights (``PARAMS``)."""
    if kind == TURN_ACTION:
        return turn_choice(state, seat, options, n_options, params)
    if kind == CLUE_PLAY:
        best = 0
        best_score = NO_SCORE
        equal = 0
        for i in range(n_options):
            slot = options[i] & ((1 << CLUE_MAP_SHIFT) - 1)
            m = options[i] >> CLUE_MAP_SHIFT
            s = clue_score(state, seat, state[HAND + seat * MAX_HAND + slot], m, params)
            take, equal = prefer(s, best_score, equal, stream)  # equal scores: one at random
            if take:
                best_score = s
                best = i
        return best
    if kind == LEG:
        best = 0
        best_score = NO_SCORE
        equal = 0
        here = state[ATV_HEX + seat]
        hunting = (params[P_HUNT] > 1.0 or fetching(state, seat, params)) and state[EXTRA] == 0
        for i in range(n_options):
            h = options[i]
            if h == LEG_STOP:
                s = target_score(state, seat, here, params, 1) - 0.01
                if hunting:
                    s -= hunt_penalty(state, here, here)  # R29: no pick-up without a leg
            else:
                s = target_score(state, seat, h, params, state[EXTRA])
                if hunting:
                    s -= hunt_penalty(state, h, -1)
            take, equal = prefer(s, best_score, equal, stream)  # equal scores: one at random
            if take:
                best_score = s
                best = i
        return best
    if kind == CUBE_REMOVE:
        # remove a marker so that the map's remaining markers come nearer my ATV
        here = state[ATV_HEX + seat]
        best = 0
        best_score = NO_SCORE
        equal = 0
        for i in range(n_options):
            m = options[i] & ((1 << CUBE_HEX_SHIFT) - 1)
            h = options[i] >> CUBE_HEX_SHIFT
            s = legs(state, here, h) - state[MAP_MARKERS + m] * 2.0 + params[P_OWN_ROSES] * my_roses(state, m, seat)
            take, equal = prefer(s, best_score, equal, stream)  # equal scores: one at random
            if take:
                best_score = s
                best = i
        return best
    if kind == SHARE_ACCEPT:
        value = state[POOL + state[POOL_POS] - 1]
        if state[POOL_POS] == state[POOL_COUNT]:
            return find(options, n_options, SHARE_TAKE)  # the last card: nothing better can come
        take = value >= params[P_TAKE_AT]
        if params[P_TAKE_MEAN] > 0.5 and value >= mean_to_come(state, seat):
            take = True
        if curses_possible(state) and value >= 3:
            take = True
        choice = find(options, n_options, SHARE_TAKE if take else SHARE_PASS)
        return choice if choice >= 0 else 0
    if kind == CURSE_RESPONSE:
        top = 0
        for v in range(MAX_GOLD, MIN_GOLD - 1, -1):
            if state[HELD + seat * 7 + v] > 0:
                top = v
                break
        choice = find(options, n_options, CURSE_GIVE_AMULET if top >= params[P_WARD_AT] else CURSE_GIVE_GOLD)
        return choice if choice >= 0 else 0
    if kind == START_RAISE:  # variant raise-at-start-optional: a free raise, and the turn follows (R61)
        choice = find(options, n_options, START_RAISE_TAKE)
        return choice if choice >= 0 else 0
    if kind == NEW_MAP_CLUE:
        best = 0
        best_score = NO_SCORE
        equal = 0
        for i in range(n_options):
            s = clue_score(state, seat, state[HAND + seat * MAX_HAND + options[i]], state[NEW_MAP], params)
            take, equal = prefer(s, best_score, equal, stream)  # equal scores: one at random
            if take:
                best_score = s
                best = i
        return best
    if kind == EXCHANGE_CARDS:
        # discard the cards with no legal map (all of them when every card is playable)
        useless = 0
        for slot in range(state[HAND_COUNT + seat]):
            if not playable(state, state[HAND + seat * MAX_HAND + slot]):
                useless |= 1 << slot
        choice = find(options, n_options, useless)
        return choice if choice >= 0 else n_options - 1
    if kind == 0:  # atv_start: the most central hex (fewest legs to everywhere)
        best = 0
        best_score = NO_SCORE
        equal = 0
        for i in range(n_options):
            s = -CENTRALITY[state[ISLAND], options[i]]
            take, equal = prefer(s, best_score, equal, stream)  # equally central hexes: one at random
            if take:
                best_score = s
                best = i
        return best
    # initial_map, raise_order: the first option (maps are alike; every raise is shared in full)
    return 0


def strategy_specs():
    """Name -> StrategySpec for every tobago strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.tobago import STRATEGY_DESCRIPTIONS

    specs = {"random": StrategySpec("random", random_strategy, np.zeros(N_PARAMS), STRATEGY_DESCRIPTIONS["random"])}
    for name, params in PARAMS.items():
        specs[name] = StrategySpec(name, heuristic, np.array(params, dtype=np.float64), STRATEGY_DESCRIPTIONS[name])
    return specs
