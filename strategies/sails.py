"""Sails strategies: ``random`` and one parametric heuristic (``heuristic``) whose weights give
``greedy`` (the default), ``treasure_hunter``, ``bonus_hoarder`` and ``bluffer``.

Fair play: the heuristic reads only public slots (see ``simulator/games/sails/state.py``) and the
deciding seat's own hand: ``ISLAND_LOC`` is read only to find the seat's own cards and the
discard pile; other seats' cards on the table are read only after the reveal (``REVEALED``);
before it only their visible half (``TABLE_HIDE``, ``TABLE_VISIBLE``, ``TABLE_BONUS``) is used.
``A3_CARDS`` is read only while deciding ``A3_ORDER`` (the seat is looking at them).

Rules: every rule number is read from the state (``state.RULES``, the game's rule settings): the
highest card value Bonus cards may reach (``MAX_VALUE``), the Island values in play
(``ISLAND_VALUES``), the treasures' points (``TREASURE_VALUE``), the Bonus cards the weakest card
receives per card played (``BONUS_PER_CARD``) and the Bonus cards that score a point
(``BONUS_PER_POINT``: a Bonus card's weight ``P_BONUS_VALUE`` was tuned at the rulebook's pair and
scales with the points a card scores, see ``bonus_weight``).

Working memory: the heuristic's parameter vector is its N_PARAMS weights followed by MEMORY_SIZE
floats it writes (its last win table, see ``fill_win_table``), so that a decision allocates
nothing.  Its content never changes a decision: the table is reused only when it was counted from
exactly what the seat sees now.  Build such vectors with ``with_memory``.
"""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below
from simulator.core.engine.ties import prefer
from simulator.games.sails.components import DEFAULT_BONUS_PER_POINT, POPCOUNT12
from simulator.games.sails.state import (
    A1_TARGET,
    A2_GIVE,
    A2_TARGET,
    A3_CARDS,
    A3_ORDER,
    A4_DISCARD,
    A4_TAKE,
    BONUS_AFTER_REVEAL,
    BONUS_AFTER_REVEAL_DECISION,
    BONUS_HELD,
    BONUS_PER_CARD,
    BONUS_PER_POINT,
    DECK_TOP,
    DISCARD_MASK,
    HAND_MASK,
    HIDE_COLOUR,
    HIDE_NUMBER,
    ISLAND_VALUES,
    MAX_VALUE,
    N_DECKS,
    OPENING_PASS_COLOUR,
    OPTION_HIDE_SHIFT,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PILE_POINTS,
    PLAY_BONUS,
    PLAY_CARD,
    PLAYERS,
    SCORE,
    TABLE_BONUS,
    TABLE_CARD,
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


FULL_COLOUR = 0xFFF
"""The 12 cards of one colour as a bit mask (bit ``value - 1``)."""
EACH_COLOUR = 1 | 1 << 12 | 1 << 24 | 1 << 36
"""One bit per colour in a 48-bit card mask (bit = card id): shifted by ``value - 1``, the four
cards showing that number."""
HIGHEST_VALUE = np.array([mask.bit_length() for mask in range(4096)], dtype=np.int64)
"""Highest value (1..12) in a 12-bit colour mask, 0 when empty."""
LOWEST_VALUE = np.array([(mask & -mask).bit_length() for mask in range(4096)], dtype=np.int64)
"""Lowest value (1..12) in a 12-bit colour mask, 0 when empty."""
LATER_SPREAD = 1.5
"""A player still to play plays a colour with this many times its unseen share (they choose)."""
LATER_BOOST = 2
"""A player still to play may add up to this many Bonus cards (at most those it holds)."""


@njit(cache=True, error_model="numpy", inline="always")
def bonus_weight(state, params):
    """The value (points) of one Bonus card held: ``P_BONUS_VALUE``, tuned where
    ``DEFAULT_BONUS_PER_POINT`` (2) Bonus cards score a point, scaled to the game's
    ``bonus_cards_per_point`` (the same number at the rulebook's pair)."""
    return params[P_BONUS_VALUE] * DEFAULT_BONUS_PER_POINT / state[BONUS_PER_POINT]


@njit(cache=True, error_model="numpy", inline="always")
def in_play_mask(state):
    """The values of one colour in play (12-bit mask; setting island_cards_per_colour)."""
    return (1 << state[ISLAND_VALUES]) - 1


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options."""
    return random_below(stream, n_options)


@njit(cache=True, error_model="numpy", inline="always")
def win_value(state, colour, params):
    """Value of winning ``colour`` now: the matching visible treasure, else the Action card."""
    for deck in range(state[N_DECKS]):
        top = state[DECK_TOP + deck]
        if top >= 0 and top // 8 == colour:
            return params[P_TREASURE] * state[TREASURE_VALUE + top]
    return params[P_ACTION]


# ---- PLAY_CARD and PLAY_BONUS: expected gain from public card counting ----


@njit(cache=True, error_model="numpy", inline="always")
def unseen_cards(state, seat):
    """48-bit mask (bit = Island card id) of the cards ``seat`` has not seen: not in its hand,
    not discarded (public ``DISCARD_MASK``), not its own card on the table; only the values in play."""
    unseen = 0
    in_play = in_play_mask(state)
    for colour in range(4):
        seen = state[HAND_MASK + seat * 4 + colour] | state[DISCARD_MASK + colour]
        unseen |= (in_play & ~seen) << (12 * colour)
    own = state[TABLE_CARD + seat]
    if own >= 0:
        unseen &= ~(1 << own)
    return unseen


@njit(cache=True, error_model="numpy", inline="always")
def count_cards(unseen):
    """Number of cards in a 48-bit card mask."""
    return (POPCOUNT12[unseen & FULL_COLOUR] + POPCOUNT12[(unseen >> 12) & FULL_COLOUR]
            + POPCOUNT12[(unseen >> 24) & FULL_COLOUR] + POPCOUNT12[unseen >> 36])


@njit(cache=True, error_model="numpy", inline="always")
def number_share(unseen, number, colour):
    """Chance that a card showing ``number`` (colour hidden) is of ``colour``: the unseen share."""
    same = count_cards(unseen & (EACH_COLOUR << (number - 1)))
    if same == 0:
        return 0.25
    return ((unseen >> (12 * colour + number - 1)) & 1) / same


# ---- working memory: after its weights, the heuristic's params vector holds its last win table ----
# and what the table was counted from (see ``with_memory``).  No allocation per decision, and
# PLAY_BONUS, asked right after the same seat's PLAY_CARD, reuses the table when nothing it was
# counted from has changed, which gives exactly the numbers a recount would.
WIN = N_PARAMS  # [colour * 13 + value]: chance that nobody beats ``value`` in ``colour``
NOBODY = WIN + 52  # [colour]: chance that nobody else plays the colour
OTHERS = NOBODY + 4  # [colour]: expected number of other cards played in the colour
TABLE_UNSEEN = OTHERS + 4  # the unseen-card mask the table was counted from (48 bits, exact in a float)
TABLE_OTHERS_LOW = TABLE_UNSEEN + 1  # what the table read of seats 0-2 (12 bits each, see ``others_key``)
TABLE_OTHERS_HIGH = TABLE_UNSEEN + 2  # ... and of seats 3-4
TABLE_CELLS = TABLE_UNSEEN + 3  # the (colour, value) cells the table holds (48-bit mask, see ``fill_win_table``)
MEMORY_SIZE = TABLE_CELLS + 1 - N_PARAMS
"""Floats of working memory the heuristic needs after its N_PARAMS weights."""


def with_memory(weights):
    """The heuristic's parameter vector: ``weights`` (N_PARAMS) followed by its working memory."""
    return np.concatenate([np.asarray(weights, dtype=np.float64), np.zeros(MEMORY_SIZE)])


HEURISTIC_PARAMS = with_memory(PARAMS["greedy"])
"""What ``--strategy strategies.sails:heuristic`` plays with: greedy's weights, with memory."""


@njit(cache=True, error_model="numpy", inline="always")
def small_power(x, n):
    """``x ** n`` for a small count ``n`` >= 1 (players), by multiplication (no pow call)."""
    result = x
    for _ in range(n - 1):
        result *= x
    return result


@njit(cache=True, error_model="numpy", inline="always")
def others_key(state, seat):
    """What ``fill_win_table`` reads of the other seats, 12 bits a seat (seats 0-2, seats 3-4):
    the hidden half, visible half and Bonus of a placed card, the Bonus class of a seat to play;
    and the number of players (bits 24 on of the second value)."""
    low = 0
    high = state[PLAYERS] << 24
    for o in range(state[PLAYERS]):
        if o == seat:
            continue
        hide = state[TABLE_HIDE + o]
        if hide == HIDE_NUMBER or hide == HIDE_COLOUR:
            code = (hide + 1) | (state[TABLE_VISIBLE + o] + 1) << 2 | state[TABLE_BONUS + o] << 6
        else:
            code = min(state[BONUS_HELD + o], LATER_BOOST) << 10
        if o < 3:
            low |= code << (12 * o)
        else:
            high |= code << (12 * (o - 3))
    return low, high


@njit(cache=True, error_model="numpy", inline="always")
def table_is_current(state, seat, cells, params):
    """True when the win table in the working memory holds the ``cells`` (48-bit mask) and was
    counted from exactly what ``seat`` sees now (then recounting would give the same numbers)."""
    covered = int(params[TABLE_CELLS]) & cells == cells
    low, high = others_key(state, seat)
    same_others = (params[TABLE_OTHERS_LOW] == low) & (params[TABLE_OTHERS_HIGH] == high)
    return covered & same_others & (params[TABLE_UNSEEN] == unseen_cards(state, seat))


@njit(cache=True, error_model="numpy", inline="always")
def fill_win_table(state, seat, cells, params):
    """Card counting into the seat's working memory (after the weights in ``params``): the WIN
    chances of the (colour, value) ``cells`` (48-bit mask, bit ``colour * 12 + value - 1`` like
    card ids: only what the decision reads), NOBODY and OTHERS of each colour with a cell; then
    records what it was counted from.

    An earlier card showing its colour beats ``value`` when its number + Bonus >= ``value`` (ties
    go to earlier players), its number being an unseen card of that colour; an earlier card
    showing its number is of a colour with the unseen share of that number; a later player plays
    a colour with LATER_SPREAD x its unseen share, and may add up to LATER_BOOST Bonus cards (at
    most those it holds).  Each cell multiplies its factors seat by seat, then class by class."""
    unseen = unseen_cards(state, seat)
    total = max(count_cards(unseen), 1)
    colours = 0
    for colour in range(4):
        if (cells >> (12 * colour)) & FULL_COLOUR != 0:
            colours |= 1 << colour
    for i in range(WIN, OTHERS):
        params[i] = 1.0
    for colour in range(4):
        params[OTHERS + colour] = 0.0
    later_0 = 0  # players still to play, by the Bonus they may add: 0, 1, LATER_BOOST (= 2)
    later_1 = 0
    later_2 = 0
    for o in range(state[PLAYERS]):
        if o == seat:
            continue
        hide = state[TABLE_HIDE + o]
        bonus = state[TABLE_BONUS + o]
        if hide == HIDE_NUMBER:
            colour = state[TABLE_VISIBLE + o]
            in_colour = (unseen >> (12 * colour)) & FULL_COLOUR
            count = POPCOUNT12[in_colour]
            inv_count = 1.0 / count if count > 0 else 0.0
            values = (cells >> (12 * colour)) & FULL_COLOUR
            while values != 0:
                value = LOWEST_VALUE[values]
                values &= values - 1
                below = value - bonus - 1
                if below > 0:
                    params[WIN + colour * 13 + value] *= 1.0 - POPCOUNT12[in_colour >> below] * inv_count
                else:
                    params[WIN + colour * 13 + value] = 0.0
            params[NOBODY + colour] = 0.0
            params[OTHERS + colour] += 1.0
        elif hide == HIDE_COLOUR:
            number = state[TABLE_VISIBLE + o]
            beaten = (1 << min(number + bonus, state[MAX_VALUE])) - 1  # the values this card may beat
            for colour in range(4):
                if (colours >> colour) & 1 == 0:
                    continue
                p_in = number_share(unseen, number, colour)
                values = (cells >> (12 * colour)) & beaten
                while values != 0:
                    value = LOWEST_VALUE[values]
                    values &= values - 1
                    params[WIN + colour * 13 + value] *= 1.0 - p_in
                params[NOBODY + colour] *= 1.0 - p_in
                params[OTHERS + colour] += p_in
        else:
            boost = min(state[BONUS_HELD + o], LATER_BOOST)
            later_0 += boost == 0
            later_1 += boost == 1
            later_2 += boost == 2
    # players still to play, one pass per Bonus class (their chances multiply: a power)
    for boost in range(LATER_BOOST + 1):
        players = later_0 if boost == 0 else (later_1 if boost == 1 else later_2)
        if players == 0:
            continue
        for colour in range(4):
            if (colours >> colour) & 1 == 0:
                continue
            in_colour = (unseen >> (12 * colour)) & FULL_COLOUR
            count = POPCOUNT12[in_colour]
            share = count / total
            scale = LATER_SPREAD / total if count > 0 else 0.0
            values = (cells >> (12 * colour)) & FULL_COLOUR
            while values != 0:
                value = LOWEST_VALUE[values]
                values &= values - 1
                beat = scale * POPCOUNT12[in_colour >> max(value - boost, 0)]
                miss = 1.0 - min(beat, 1.0)
                params[WIN + colour * 13 + value] *= small_power(miss, players)
            params[NOBODY + colour] *= small_power(1.0 - share, players)
            params[OTHERS + colour] += share * players
    low, high = others_key(state, seat)
    params[TABLE_UNSEEN] = unseen
    params[TABLE_OTHERS_LOW] = low
    params[TABLE_OTHERS_HIGH] = high
    params[TABLE_CELLS] = cells


@njit(cache=True, error_model="numpy", inline="always")
def reachable_values(hand, held, max_value):
    """Values 1..``max_value`` (12-bit mask) reachable by a card of ``hand`` plus up to ``held`` Bonus cards."""
    reach = hand
    for bonus in range(1, min(held, 11) + 1):
        reach |= hand << bonus
    return reach & ((1 << max_value) - 1)


@njit(cache=True, error_model="numpy", inline="always")
def placement_gain(params, colour, value, gain, max_value, inv_span, bonus_value, per_card):
    """Expected gain of a card of final ``value`` in ``colour`` (a win worth ``gain``), plus the
    Bonus cards expected when losing low in a contested colour (``per_card`` per card played, each
    worth ``bonus_value``; ``inv_span`` = 1 / (``max_value`` - 1))."""
    p_win = params[WIN + colour * 13 + value]
    weak = (1.0 - p_win) * (1.0 - params[NOBODY + colour]) * (max_value - value) * inv_span
    return p_win * gain + bonus_value * weak * (per_card * (1.0 + params[OTHERS + colour]))


@njit(cache=True, error_model="numpy", inline="always")
def show_bias(value, params, max_value):
    """``P_SHOW_STRENGTH`` term: showing the colour (hiding the number) of strong cards and the
    number of weak ones scores this much more than the reverse (before ``P_HIDE_COLOUR``); strong:
    above half of ``max_value``."""
    return params[P_SHOW_STRENGTH] / max_value * (value - max_value * 0.5)


@njit(cache=True, error_model="numpy", inline="always")
def hide_term(hide, value, params, max_value):
    """Bias for the hidden half: ``show_bias`` when the colour shows; hiding the colour (showing
    the number) earns ``P_HIDE_COLOUR`` (bluffing) minus ``show_bias``."""
    if hide == HIDE_COLOUR:
        return params[P_HIDE_COLOUR] - show_bias(value, params, max_value)
    return show_bias(value, params, max_value)


@njit(cache=True, error_model="numpy", inline="always")
def spend_cost(printed, bonus, params, bonus_value, max_value):
    """Cost of spending a card of ``printed`` value and ``bonus`` Bonus cards (each worth ``bonus_value``)."""
    return bonus_value * params[P_BONUS_SPEND] * bonus + params[P_KEEP] / max_value * printed


@njit(cache=True, error_model="numpy", inline="always")
def usable_bonus(state, seat):
    """Bonus cards the seat may add while placing its card (none under bonus-after-reveal)."""
    return state[BONUS_HELD + seat] if state[BONUS_AFTER_REVEAL] == 0 else 0


@njit(cache=True, error_model="numpy", inline="always")
def play_cells(state, seat):
    """The cells a PLAY_CARD decision reads: each colour's values reachable with the seat's Bonus."""
    held = usable_bonus(state, seat)
    max_value = state[MAX_VALUE]
    cells = 0
    for colour in range(4):
        cells |= reachable_values(state[HAND_MASK + seat * 4 + colour], held, max_value) << (12 * colour)
    return cells


@njit(cache=True, error_model="numpy", inline="always")
def bonus_cells(state, seat, options, n_options):
    """The cells a PLAY_BONUS decision reads: the values the card just placed can end at."""
    card = state[TABLE_CARD + seat]
    cells = 0
    for i in range(n_options):
        cells |= 1 << (card + options[i])  # bit colour * 12 + value - 1, value = printed + Bonus
    return cells


@njit(cache=True, error_model="numpy", inline="always")
def best_play(state, seat, cells, params):
    """The (card, hidden half) of the best placement over every card, hidden half and Bonus count,
    from the win table of the reachable ``cells`` (see ``play_cells``).

    For each colour and reachable final value, the cheapest card reaching it is chosen (the
    costs are linear in the printed value), then scored with both hidden halves.  Same scores
    as ``placement_gain`` + ``hide_term`` - ``spend_cost``, with the weights read once.
    """
    held = usable_bonus(state, seat)
    max_value = state[MAX_VALUE]
    bonus_value = bonus_weight(state, params)
    per_card = state[BONUS_PER_CARD]
    spend = bonus_value * params[P_BONUS_SPEND]
    keep = params[P_KEEP] / max_value
    show_weight = params[P_SHOW_STRENGTH] / max_value
    middle = max_value * 0.5
    hide_colour_bias = params[P_HIDE_COLOUR]
    # spend * (e - v) + keep * v = spend * e + (keep - spend) * v: prefer high cards when Bonus costs more
    prefer_high = keep < spend
    best_card = -1
    best_hide = HIDE_COLOUR
    best_score = -1e300
    for colour in range(4):
        hand = state[HAND_MASK + seat * 4 + colour]
        if hand == 0:
            continue
        gain = win_value(state, colour, params)
        contested = 1.0 - params[NOBODY + colour]
        bonus_if_weak = bonus_value * contested * (per_card * (1.0 + params[OTHERS + colour])) / (max_value - 1)
        reach = (cells >> (12 * colour)) & FULL_COLOUR
        while reach != 0:
            value = LOWEST_VALUE[reach]
            reach &= reach - 1
            # the cards v with value - held <= v <= value; the cheapest one reaches value
            window = hand & ((1 << value) - 1) & ~((1 << max(value - held - 1, 0)) - 1)
            printed = HIGHEST_VALUE[window] if prefer_high else LOWEST_VALUE[window]
            p_win = params[WIN + colour * 13 + value]
            score = p_win * gain + bonus_if_weak * (1.0 - p_win) * (max_value - value)
            score -= spend * (value - printed) + keep * printed
            show = show_weight * (value - middle)
            # HIDE_COLOUR (number shown) or HIDE_NUMBER (colour shown); selects, not branches:
            # the comparisons are unpredictable
            number_shown = score + hide_colour_bias - show
            colour_shown = score + show
            hide = HIDE_COLOUR if number_shown >= colour_shown else HIDE_NUMBER
            candidate = max(number_shown, colour_shown)
            better = candidate > best_score
            best_score = candidate if better else best_score
            best_card = colour * 12 + printed - 1 if better else best_card
            best_hide = hide if better else best_hide
    return best_card, best_hide


@njit(cache=True, error_model="numpy", inline="always")
def choose_play(state, seat, cells, options, n_options, params):
    """PLAY_CARD: the option of the best placement (see ``best_play``)."""
    card, hide = best_play(state, seat, cells, params)
    wanted = card | (hide << OPTION_HIDE_SHIFT)
    for i in range(n_options):
        if options[i] == wanted:
            return i
    return 0


@njit(cache=True, error_model="numpy", inline="always")
def choose_bonus(state, seat, options, n_options, params, stream):
    """PLAY_BONUS: the best Bonus count for the card just placed (same scores as ``best_play``),
    from the win table of its ``bonus_cells``."""
    card = state[TABLE_CARD + seat]
    hide = state[TABLE_HIDE + seat]
    colour = card // 12
    printed = card % 12 + 1
    gain = win_value(state, colour, params)
    # the rules' numbers, read once (the loop's calls to ``prefer`` write memory: no reuse by the compiler)
    max_value = state[MAX_VALUE]
    inv_span = 1.0 / (max_value - 1)
    bonus_value = bonus_weight(state, params)
    per_card = state[BONUS_PER_CARD]
    best = 0
    best_score = -1e300
    equal = 0
    for i in range(n_options):
        value = printed + options[i]
        score = placement_gain(params, colour, value, gain, max_value, inv_span, bonus_value, per_card)
        score += hide_term(hide, value, params, max_value) - spend_cost(printed, options[i], params, bonus_value,
                                                                         max_value)
        take, equal = prefer(score, best_score, equal, stream)
        if take:
            best_score = score
            best = i
    return best


@njit(cache=True, error_model="numpy", inline="always")
def choose_bonus_after(state, seat, options, n_options, params):
    """BONUS_AFTER_REVEAL: the cheapest count that wins the colour if that pays, else 0."""
    players = state[PLAYERS]
    colour = state[TABLE_COLOUR + seat]
    mine = state[TABLE_VALUE + seat]
    gain = win_value(state, colour, params)
    cost = bonus_weight(state, params) * params[P_BONUS_SPEND]
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


@njit(cache=True, error_model="numpy", inline="always")
def lowest_card(options, n_options):
    best = 0
    for i in range(n_options):
        if options[i] % 12 < options[best] % 12:
            best = i
    return best


@njit(cache=True, error_model="numpy", inline="always")
def highest_card(options, n_options):
    best = 0
    for i in range(n_options):
        if options[i] % 12 > options[best] % 12:
            best = i
    return best


@njit(cache=True, error_model="numpy", inline="always")
def best_in_colour(state, seat, colour):
    """The highest value the seat holds in ``colour`` (0 if none)."""
    mask = state[HAND_MASK + seat * 4 + colour]
    for value in range(state[ISLAND_VALUES], 0, -1):
        if (mask >> (value - 1)) & 1:
            return value
    return 0


@njit(cache=True, error_model="numpy", inline="always")
def leader_choice(state, options, n_options, use_bonus, stream):
    """The option seat with the most Bonus cards (A1) or the most points (A2); equal seats: one at
    random (options come in seat order)."""
    best = 0
    best_key = -1
    equal = 0
    for i in range(n_options):
        o = options[i]
        key = state[SCORE + o] + state[PILE_POINTS + o]
        if use_bonus:
            key += 1000 * state[BONUS_HELD + o]
        take, equal = prefer(key, best_key, equal, stream)
        if take:
            best_key = key
            best = i
    return best


@njit(cache=True, error_model="numpy", inline="always")
def placement_decision(state, seat, kind, options, n_options, params, stream):
    """PLAY_CARD and PLAY_BONUS: both read the win table; PLAY_BONUS, asked right after the seat's
    PLAY_CARD, finds it current."""
    if kind == PLAY_CARD:
        cells = play_cells(state, seat)
    else:
        cells = bonus_cells(state, seat, options, n_options)
    if kind == PLAY_CARD or not table_is_current(state, seat, cells, params):
        fill_win_table(state, seat, cells, params)
    if kind == PLAY_CARD:
        return choose_play(state, seat, cells, options, n_options, params)
    return choose_bonus(state, seat, options, n_options, params, stream)


@njit(cache=True, error_model="numpy", inline="always")
def other_decision(state, seat, kind, options, n_options, params, stream):
    """Every decision but the placement ones (opening pass, treasures, actions)."""
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
        equal = 0
        for i in range(n_options):  # victims come in seat order: equal scores are drawn at random
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
            take, equal = prefer(score, best_score, equal, stream)
            if take:
                best_score = score
                best = i
        return best
    if kind == A1_TARGET:
        return leader_choice(state, options, n_options, True, stream)
    if kind == A2_TARGET:
        return leader_choice(state, options, n_options, False, stream)
    if kind == A2_GIVE or kind == A4_DISCARD:
        return lowest_card(options, n_options)
    if kind == A4_TAKE:
        return highest_card(options, n_options)
    if kind == A3_ORDER:
        # put on top the treasure of the colour in which this seat holds the strongest card
        best = 0
        best_score = -1e300
        equal = 0
        for i in range(n_options):
            top = state[A3_CARDS + (options[i] & 3)]
            score = state[TREASURE_VALUE + top] * (best_in_colour(state, seat, top // 8) / state[ISLAND_VALUES] - 0.5)
            take, equal = prefer(score, best_score, equal, stream)
            if take:
                best_score = score
                best = i
        return best
    return 0


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def heuristic(state, seat, kind, options, n_options, params, stream):
    """The parametric heuristic (weights: ``P_*`` constants, named sets in ``PARAMS``)."""
    if kind == PLAY_CARD or kind == PLAY_BONUS:
        choice = placement_decision(state, seat, kind, options, n_options, params, stream)
    else:
        choice = other_decision(state, seat, kind, options, n_options, params, stream)
    return choice


def strategy_specs():
    """Name -> StrategySpec for every sails strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.sails import STRATEGY_DESCRIPTIONS

    specs = {
        "random": StrategySpec("random", random_strategy, np.zeros(N_PARAMS), STRATEGY_DESCRIPTIONS["random"],
                               tunable=0),
    }
    for name, params in PARAMS.items():
        # only the N_PARAMS weights are tunable: the working memory after them is the heuristic's own
        specs[name] = StrategySpec(name, heuristic, with_memory(params), STRATEGY_DESCRIPTIONS[name],
                                   tunable=N_PARAMS)
    return specs
