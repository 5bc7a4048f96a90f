"""Sails strategies: ``random`` and one parametric heuristic (``heuristic``) whose weights give
``greedy`` (the default), ``treasure_hunter``, ``bonus_hoarder`` and ``bluffer``.

Fair play: the heuristic reads only public slots (see ``simulator/games/sails/state.py``) and the
deciding seat's own hand: ``ISLAND_LOC`` is read only to find the seat's own cards and the
discard pile; other seats' cards on the table are read only after the reveal (``REVEALED``);
before it only their visible half (``TABLE_HIDE``, ``TABLE_VISIBLE``, ``TABLE_BONUS``) is used.
``A3_CARDS`` is read only while deciding ``A3_ORDER`` (the seat is looking at them).
"""

import numpy as np
from numba import njit

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.core.rng import random_below, random_float
from simulator.games.sails.state import (
    A1_TARGET,
    A2_GIVE,
    A2_TARGET,
    A3_CARDS,
    A3_ORDER,
    A4_DISCARD,
    A4_TAKE,
    BONUS_AFTER_REVEAL_DECISION,
    BONUS_HELD,
    DECK_TOP,
    HIDE_COLOUR,
    HIDE_NUMBER,
    ISLAND_LOC,
    LOC_DISCARD,
    LOC_HAND,
    N_DECKS,
    OPENING_PASS_COLOUR,
    OPTION_BONUS_SHIFT,
    OPTION_CARD_MASK,
    OPTION_HIDE_SHIFT,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PILE_POINTS,
    PLAY_CARD,
    PLAYERS,
    SCORE,
    TABLE_BONUS,
    TABLE_COLOUR,
    TABLE_HIDE,
    TABLE_ORDER,
    TABLE_VALUE,
    TABLE_VISIBLE,
    TAKE_FROM_DECK,
    TAKE_OR_STEAL,
    TREASURE_VALUE,
)

# ---- heuristic parameter vector ----
P_TREASURE = 0  # weight of the treasure points a won colour brings
P_ACTION = 1  # value (points) of winning a colour that activates an Action card
P_BONUS_VALUE = 2  # value (points) of one Bonus card held (received when weakest)
P_BONUS_SPEND = 3  # multiplier on the cost of attaching a Bonus card (hoarders: high)
P_KEEP = 4  # cost (points) of spending a strong card now, times value / 12
P_HIDE_COLOUR = 5  # bias (points) for hiding the colour (showing the number): bluffing
P_SHOW_STRENGTH = 6  # show the colour of strong cards and the number of weak ones (or reverse if < 0)
P_STEAL = 7  # extra weight of a stolen treasure (the victim loses it)
P_NOISE = 8  # amplitude of random tie-breaking noise
N_PARAMS = 9

PARAMS = {
    "greedy": np.array([1.0, 1.5, 0.5, 1.0, 1.0, 0.0, 0.3, 0.5, 0.01]),
    "treasure_hunter": np.array([1.6, 0.4, 0.3, 0.4, 0.6, 0.0, 0.3, 1.0, 0.01]),
    "bonus_hoarder": np.array([0.8, 1.0, 1.6, 2.5, 2.0, 0.0, 0.3, 0.5, 0.01]),
    "bluffer": np.array([1.0, 1.5, 0.5, 1.0, 1.0, 3.0, 0.0, 0.5, 0.01]),
}
DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream)",
    "greedy": "default heuristic: expected treasure/action gain from card counting, spends Bonus when it pays",
    "treasure_hunter": "chases treasures hard, spends Bonus freely, steals whenever it can, cares little for actions",
    "bonus_hoarder": "never spends Bonus cheaply, values receiving Bonus as the weakest card, keeps strong cards",
    "bluffer": "greedy play but always hides the colour of its card (shows only the number)",
}


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options."""
    return random_below(stream, n_options)


@njit(cache=True)
def win_value(state, colour, params):
    """Value of winning ``colour`` now: the matching visible treasure, else the Action card."""
    for deck in range(state[N_DECKS]):
        top = state[DECK_TOP + deck]
        if top >= 0 and top // 8 == colour:
            return params[P_TREASURE] * state[TREASURE_VALUE + top]
    return params[P_ACTION]


@njit(cache=True)
def choose_play(state, seat, options, n_options, params, stream):
    """PLAY_CARD: expected gain of each (card, hidden half, bonus) from public card counting."""
    players = state[PLAYERS]
    # tables: cnt[c*14+v] unseen cards, gt[56 + c*14+e] unseen of colour c above e,
    # pwin[112 + c*13 + e], pin[164 + c], expected others [168 + c], unseen per colour [172 + c]
    t = np.zeros(180)
    total_unseen = 0.0
    for card in range(48):
        loc = state[ISLAND_LOC + card]
        if loc == LOC_HAND + seat or loc == LOC_DISCARD:
            continue
        t[(card // 12) * 14 + card % 12 + 1] += 1.0
        t[172 + card // 12] += 1.0
        total_unseen += 1.0
    for c in range(4):
        acc = 0.0
        for e in range(12, -1, -1):
            t[56 + c * 14 + e] = acc
            acc += t[c * 14 + e]
    if total_unseen < 1.0:
        total_unseen = 1.0
    for c in range(4):
        n_c = t[172 + c]
        inv_c = 1.0 / n_c if n_c > 0 else 0.0
        share = n_c / total_unseen
        not_in = 1.0
        expected = 0.0
        for e in range(13):
            t[112 + c * 13 + e] = 1.0
        for o in range(players):
            if o == seat:
                continue
            hide = state[TABLE_HIDE + o]
            b_o = state[TABLE_BONUS + o]
            if hide == HIDE_NUMBER:
                p_in = 1.0 if state[TABLE_VISIBLE + o] == c else 0.0
                for e in range(1, 13):
                    # an earlier player wins ties: it beats e when its value >= e
                    k = e - b_o - 1
                    if k < 0:
                        k = 0
                    beat = p_in * t[56 + c * 14 + k] * inv_c if k > 0 else p_in
                    t[112 + c * 13 + e] *= 1.0 - beat
            elif hide == HIDE_COLOUR:
                number = state[TABLE_VISIBLE + o]
                same = 0.0
                for cc in range(4):
                    same += t[cc * 14 + number]
                p_in = t[c * 14 + number] / same if same > 0 else 0.25
                eff = number + b_o
                for e in range(1, 13):
                    if eff >= e:
                        t[112 + c * 13 + e] *= 1.0 - p_in
            else:
                p_in = share
                boost = state[BONUS_HELD + o]
                if boost > 2:
                    boost = 2
                for e in range(1, 13):
                    k = e - boost
                    if k < 0:
                        k = 0
                    beat = 1.5 * share * t[56 + c * 14 + k] * inv_c
                    if beat > 1.0:
                        beat = 1.0
                    t[112 + c * 13 + e] *= 1.0 - beat
            not_in *= 1.0 - p_in
            expected += p_in
        t[164 + c] = 1.0 - not_in
        t[168 + c] = expected
    values = np.zeros(4)
    for c in range(4):
        values[c] = win_value(state, c, params)
    bonus_value = params[P_BONUS_VALUE]
    spend = bonus_value * params[P_BONUS_SPEND]
    noise = params[P_NOISE]
    best = 0
    best_score = -1e300
    for i in range(n_options):
        option = options[i]
        card = option & OPTION_CARD_MASK
        hide = (option >> OPTION_HIDE_SHIFT) & 1
        bonus = option >> OPTION_BONUS_SHIFT
        c = card // 12
        value = card % 12 + 1
        e = value + bonus
        p_win = t[112 + c * 13 + e]
        weak = (1.0 - p_win) * t[164 + c] * (1.0 - (e - 1) / 11.0)
        score = p_win * values[c] + bonus_value * weak * (1.0 + t[168 + c])
        score -= spend * bonus + params[P_KEEP] * value / 12.0
        if hide == HIDE_COLOUR:
            score += params[P_HIDE_COLOUR] - params[P_SHOW_STRENGTH] * (e / 12.0 - 0.5)
        else:
            score += params[P_SHOW_STRENGTH] * (e / 12.0 - 0.5)
        if noise > 0:
            score += noise * random_float(stream)
        if score > best_score:
            best_score = score
            best = i
    return best


@njit(cache=True)
def choose_bonus_after(state, seat, options, n_options, params):
    """BONUS_AFTER_REVEAL: the cheapest count that wins the colour if that pays, else 0."""
    players = state[PLAYERS]
    colour = state[TABLE_COLOUR + seat]
    mine = state[TABLE_VALUE + seat]
    gain = win_value(state, colour, params)
    cost = params[P_BONUS_VALUE] * params[P_BONUS_SPEND]
    best = 0
    best_score = 0.0
    for i in range(n_options):
        value = mine + options[i]
        wins = True
        for o in range(players):
            if o == seat or state[TABLE_COLOUR + o] != colour:
                continue
            other = state[TABLE_VALUE + o]
            if state[TABLE_ORDER + o] < state[TABLE_ORDER + seat]:
                if other >= value:
                    wins = False
            elif other > value:
                wins = False
        score = (gain if wins else 0.0) - cost * options[i]
        if score > best_score:
            best_score = score
            best = i
    return best


@njit(cache=True)
def lowest_card(options, n_options):
    best = 0
    for i in range(n_options):
        if options[i] % 12 < options[best] % 12:
            best = i
    return best


@njit(cache=True)
def highest_card(options, n_options):
    best = 0
    for i in range(n_options):
        if options[i] % 12 > options[best] % 12:
            best = i
    return best


@njit(cache=True)
def best_in_colour(state, seat, colour):
    for value in range(12, 0, -1):
        if state[ISLAND_LOC + colour * 12 + value - 1] == LOC_HAND + seat:
            return value
    return 0


@njit(cache=True)
def leader_choice(state, options, n_options, use_bonus):
    """The option seat with the most Bonus cards (A1) or the most points (A2)."""
    best = 0
    best_key = -1
    for i in range(n_options):
        o = options[i]
        key = state[SCORE + o] + state[PILE_POINTS + o]
        if use_bonus:
            key += 1000 * state[BONUS_HELD + o]
        if key > best_key:
            best_key = key
            best = i
    return best


@njit(STRATEGY_SIGNATURE, cache=True)
def heuristic(state, seat, kind, options, n_options, params, stream):
    """The parametric heuristic (weights: ``P_*`` constants, named sets in ``PARAMS``)."""
    if kind == PLAY_CARD:
        return choose_play(state, seat, options, n_options, params, stream)
    if kind == OPENING_PASS_COLOUR:
        # pass from the tied colour whose strongest card is the weakest
        best = 0
        for i in range(n_options):
            if best_in_colour(state, seat, options[i]) < best_in_colour(state, seat, options[best]):
                best = i
        return best
    if kind == BONUS_AFTER_REVEAL_DECISION:
        return choose_bonus_after(state, seat, options, n_options, params)
    if kind == TAKE_OR_STEAL:
        colour = state[TABLE_COLOUR + seat]
        best = 0
        best_score = -1.0
        for i in range(n_options):
            victim = options[i]
            if victim == TAKE_FROM_DECK:
                score = 0.0
                for deck in range(state[N_DECKS]):
                    top = state[DECK_TOP + deck]
                    if top >= 0 and top // 8 == colour:
                        score = params[P_TREASURE] * state[TREASURE_VALUE + top]
            else:
                top = state[PILE + victim * PILE_CAPACITY + state[PILE_COUNT + victim] - 1]
                score = (params[P_TREASURE] + params[P_STEAL]) * state[TREASURE_VALUE + top]
            if score > best_score:
                best_score = score
                best = i
        return best
    if kind == A1_TARGET:
        return leader_choice(state, options, n_options, True)
    if kind == A2_TARGET:
        return leader_choice(state, options, n_options, False)
    if kind == A2_GIVE or kind == A4_DISCARD:
        return lowest_card(options, n_options)
    if kind == A4_TAKE:
        return highest_card(options, n_options)
    if kind == A3_ORDER:
        # put on top the treasure of the colour in which this seat holds the strongest card
        best = 0
        best_score = -1e300
        for i in range(n_options):
            top = state[A3_CARDS + (options[i] & 3)]
            score = state[TREASURE_VALUE + top] * (best_in_colour(state, seat, top // 8) / 12.0 - 0.5)
            if score > best_score:
                best_score = score
                best = i
        return best
    return 0
