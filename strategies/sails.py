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
from simulator.core.rng import random_below
from simulator.games.sails.components import POPCOUNT12
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
    DISCARD_MASK,
    HAND_MASK,
    HIDE_COLOUR,
    HIDE_NUMBER,
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
N_PARAMS = 8

PARAMS = {
    "greedy": np.array([1.0, 1.5, 0.5, 1.0, 1.0, 0.0, 0.3, 0.5]),
    "treasure_hunter": np.array([1.6, 0.4, 0.3, 0.4, 0.6, 0.0, 0.3, 1.0]),
    "bonus_hoarder": np.array([0.8, 1.0, 1.6, 2.5, 2.0, 0.0, 0.3, 0.5]),
    "bluffer": np.array([1.0, 1.5, 0.5, 1.0, 1.0, 3.0, 0.0, 0.5]),
}
DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream)",
    "greedy": "default heuristic: expected treasure/action gain from card counting, spends Bonus when it pays",
    "treasure_hunter": "chases treasures hard, spends Bonus freely, steals whenever it can, cares little for actions",
    "bonus_hoarder": "never spends Bonus cheaply, values receiving Bonus as the weakest card, keeps strong cards",
    "bluffer": "greedy play but always hides the colour of its card (shows only the number)",
}


CARD_COLOUR = np.array([card // 12 for card in range(48)], dtype=np.int64)
CARD_VALUE = np.array([card % 12 + 1 for card in range(48)], dtype=np.int64)
CARD_SLOT = np.array([(card // 12) * 13 + card % 12 + 1 for card in range(48)], dtype=np.int64)


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
    """PLAY_CARD: expected gain of each (card, hidden half, bonus) from public card counting.

    Unseen cards = not in the own hand and not discarded (public ``DISCARD_MASK``); the table's
    visible halves and Bonus cards shape each opponent's chance to beat a value in each colour.
    """
    players = state[PLAYERS]
    # t[c * 13 + e]: chance to win colour c with value e; t[52 + c]: chance nobody else plays c;
    # t[56 + c]: expected number of other cards in c;
    # unseen colour masks in u[0..3].
    t = np.ones(60)
    g = np.empty(104)
    u = np.zeros(7, dtype=np.int64)
    later = u[4:7]  # opponents still to play, by Bonus held (0, 1, 2+)
    unseen_total = 0
    for c in range(4):
        u[c] = 0xFFF & ~(state[HAND_MASK + seat * 4 + c] | state[DISCARD_MASK + c])
        unseen_total += POPCOUNT12[u[c]]
        t[56 + c] = 0.0
    if unseen_total < 1:
        unseen_total = 1
    # (fixed-bound loops only: variable-bound nested loops compile poorly)
    for o in range(players):
        if o == seat:
            continue
        hide = state[TABLE_HIDE + o]
        b_o = state[TABLE_BONUS + o]
        if hide == HIDE_NUMBER:
            # colour known: it beats e when printed value >= e - b_o (earlier players win ties)
            c = state[TABLE_VISIBLE + o]
            n_c = POPCOUNT12[u[c]]
            inv_c = 1.0 / n_c if n_c > 0 else 0.0
            for e in range(1, 13):
                k = e - b_o - 1
                if k > 0:
                    t[c * 13 + e] *= 1.0 - POPCOUNT12[u[c] >> k] * inv_c
                else:
                    t[c * 13 + e] = 0.0
            t[52 + c] = 0.0
            t[56 + c] += 1.0
        elif hide == HIDE_COLOUR:
            # number known: the colour is c with the share of unseen cards of that number in c
            bit = state[TABLE_VISIBLE + o] - 1
            same = 0
            for c in range(4):
                same += (u[c] >> bit) & 1
            top = bit + 1 + b_o
            for c in range(4):
                if state[HAND_MASK + seat * 4 + c] == 0:
                    continue  # no option in this colour
                p_in = ((u[c] >> bit) & 1) / same if same > 0 else 0.25
                for e in range(1, 13):
                    if e <= top:
                        t[c * 13 + e] *= 1.0 - p_in
                t[52 + c] *= 1.0 - p_in
                t[56 + c] += p_in
        else:
            # still to play: counted here, handled below by Bonus held (0, 1, 2+)
            boost = state[BONUS_HELD + o]
            if boost > 2:
                boost = 2
            later[boost] += 1
    for boost in range(3):
        k_later = later[boost]
        if k_later == 0:
            continue
        # each plays c with the unseen share of c and may add up to 2 Bonus cards
        for c in range(4):
            if state[HAND_MASK + seat * 4 + c] == 0:
                continue  # no option in this colour
            n_c = POPCOUNT12[u[c]]
            share = n_c / unseen_total
            scale = 1.5 * share / n_c if n_c > 0 else 0.0
            for e in range(1, 13):
                k = e - boost
                if k < 0:
                    k = 0
                beat = scale * POPCOUNT12[u[c] >> k]
                if beat > 1.0:
                    beat = 1.0
                miss = 1.0 - beat
                if k_later == 1:
                    t[c * 13 + e] *= miss
                else:
                    t[c * 13 + e] *= miss ** k_later
            t[52 + c] *= (1.0 - share) ** k_later
            t[56 + c] += share * k_later
    bonus_value = params[P_BONUS_VALUE]
    spend = bonus_value * params[P_BONUS_SPEND]
    keep = params[P_KEEP] / 12.0
    hide_bias = params[P_HIDE_COLOUR]
    show = params[P_SHOW_STRENGTH] / 12.0
    # g[hide * 52 + c * 13 + e]: score of showing/hiding with value e in colour c, before the
    # costs of the Bonus cards and of the card's strength
    for c in range(4):
        if state[HAND_MASK + seat * 4 + c] == 0:
            continue
        gain = win_value(state, c, params)
        contested = 1.0 - t[52 + c]
        others = 1.0 + t[56 + c]
        for e in range(1, 13):
            p_win = t[c * 13 + e]
            # losing with a low card in a contested colour brings Bonus cards
            weak = (1.0 - p_win) * contested * (12 - e) * (1.0 / 11.0)
            base = p_win * gain + bonus_value * weak * others
            g[c * 13 + e] = base + hide_bias - show * (e - 6.0)  # HIDE_COLOUR: number shown
            g[52 + c * 13 + e] = base + show * (e - 6.0)  # HIDE_NUMBER: colour shown
    best = 0
    best_score = -1e300
    for i in range(n_options):
        option = options[i]
        card = option & OPTION_CARD_MASK
        bonus = option >> OPTION_BONUS_SHIFT
        slot = ((option >> OPTION_HIDE_SHIFT) & 1) * 52 + CARD_SLOT[card] + bonus
        score = g[slot] - spend * bonus - keep * CARD_VALUE[card]
        better = score > best_score
        best = i if better else best
        best_score = score if better else best_score
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
    """The highest value the seat holds in ``colour`` (0 if none)."""
    mask = state[HAND_MASK + seat * 4 + colour]
    for value in range(12, 0, -1):
        if (mask >> (value - 1)) & 1:
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
