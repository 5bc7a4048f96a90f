"""Skeleton Island strategies: ``random`` and one parametric heuristic (``heuristic``) whose weights
give ``map_builder`` (the default), ``coin_grabber`` and ``pirate`` (spec section 5).

The heuristic values every card in coins, from the deciding seat's point of view:

- a Gold coin card: ``P_COIN`` per coin;
- a map piece of an unclaimed colour: ``P_ISLAND`` x 5 coins when it completes the seat's map,
  else ``P_MAP`` x 1.25 coins per quarter unit, raised by ``P_FOCUS`` per quarter unit the seat
  already holds in that colour (builders concentrate on the colours they lead);
- a pirate object, or a piece of a claimed colour: ``P_FODDER`` (piracy fuel);
- a face-down card it has not seen: ``P_UNKNOWN`` (a gamble priced by a weight, not counted).

The rule numbers come from the state (the rule settings, ``settings.py``), never from constants
here: an Island card's coins (``island_coins``: 5 above, 1.25 = 5 / 4 quarter units), the coins
on each Gold coin card and the deck's make-up (``coin_cards`` and the map pieces), the cards a
piracy turn discards (``piracy_discards``) and the standard turns of a double turn
(``piracy_standard_turns``).

Decisions: take the best clear card; put it back when a clear card is worth ``P_PUTBACK`` more;
blow when no clear card is worth ``P_BLOW``, but never when the blow cannot change the pile (no
clear card lies on another; it may blow right before its own steal: declining that was measured
to lose); choose piracy when the steal (its value to the seat plus
``P_DENY`` x the victim's loss, more against the single leader: ``P_LEADER``) or the two best
clear cards, minus what the three cheapest discards are worth, plus ``P_PIRACY``, beat the best
clear card; discard the cheapest eligible cards; hand in the combination using fewest cards;
under putback-may-cover, cover the second-best clear card when ``P_COVER`` > 0; under
second-card-optional, decline the second card (and put a card back to pass) when no card is
worth ``P_DECLINE`` (0: never).  What it steals, in practice: the card worth most to it plus
what the victim loses, i.e. mostly the richest coin card in sight unless a piece completes its
map (docs/games/skeleton.md gives the measured shares).  Equal values are broken at random from
the seat's stream (options come in slot and seat order: keeping the first favoured low seats).

Speed: every helper is inlined into ``heuristic`` (``inline="always"``, ``error_model="numpy"``,
no allocation), so numba counts no array references inside it; clear cards are read from the
pile's ``CLEAR_MASK`` and visited by their set bits; the value of a card to take or keep
(``gain_value``) is computed branch-free (a card's kind and whether it is known are
unpredictable: every case is computed and the card's own selected, the same values).

Fair play: the heuristic uses ``SLOT_CONTENT`` only where its seat may know it (face-up pile cards,
kept cards in the open, the card in its own hand, face-down cards its seat has seen;
``pile_card_value`` loads a clear card's content before it knows whether the seat may know it,
and uses ``P_UNKNOWN`` instead when it may not) and other seats' holdings only when collections
are public (not under hidden-collection).
"""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below
from simulator.core.engine.ties import prefer
from simulator.games.skeleton.board import coin_value, content_colour, content_kind, lowest_slot
from simulator.games.skeleton.components import (
    HALF_UNITS,
    KIND_COIN,
    KIND_OBJECT,
    N_COLOURS,
    QUARTER_UNITS,
    UNITS_PER_MAP,
)
from simulator.games.skeleton.pile import blow_can_matter
from simulator.games.skeleton.state import (
    BLOW,
    CLAIM_COMBO_SHIFT,
    CLEAR_MASK,
    FACE_UP_MASK,
    FLAG_HIDDEN_COLLECTION,
    FLAG_SECOND_OPTIONAL,
    FLAGS,
    HALVES,
    ISLAND_COINS_AT,
    ISLAND_OWNER,
    KEEP_OR_PUTBACK,
    LOC_SEAT,
    N_CARDS,
    NO_CARD,
    OBJECTS,
    PIECE_UNITS_AT,
    PIRACY_DISCARD,
    PIRACY_DISCARDS_AT,
    PIRACY_TURNS_AT,
    PLAYERS,
    PUTBACK_COVER,
    QUARTERS,
    SCORE,
    SECOND_CARD,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    STEAL,
    STEAL_CARD_SHIFT,
    STEAL_RANDOM,
    TAKE_CARD,
    TAKEN_SLOT,
    TURN_PIRACY_DOUBLE,
    TURN_PIRACY_STEAL,
    TURN_TYPE,
)

# ---- heuristic parameter vector ----
P_COIN = 0  # value of one coin on a Gold coin card
P_ISLAND = 1  # weight of the 5 coins of an Island card a piece completes
P_MAP = 2  # weight of map progress (1.25 coins per quarter unit of an unclaimed colour)
P_FOCUS = 3  # extra progress weight per quarter unit already held in the colour
P_FODDER = 4  # value of a pirate object or a piece of a claimed colour (piracy fuel)
P_UNKNOWN = 5  # value of a face-down card the seat has not seen
P_PIRACY = 6  # bias (coins) for the piracy options; very negative: never pirate
P_DENY = 7  # weight of what the victim of a steal loses
P_BLOW = 8  # blow when no clear card is worth this much
P_PUTBACK = 9  # put a card back when a clear card is worth this much more
P_COVER = 10  # > 0: under putback-may-cover, cover the second-best clear card
P_LEADER = 11  # extra weight of the victim's loss when the victim leads
P_DECLINE = 12  # second-card-optional: take no second card (and pass) when no clear card is worth this much
N_PARAMS = 13

PARAMS = {
    "map_builder": np.array([1.0, 1.0, 0.6, 0.5, 0.3, 0.9, 0.0, 0.6, 1.0, 0.5, 1.0, 0.3, 0.0]),
    "coin_grabber": np.array([1.0, 0.6, 0.15, 0.0, 0.1, 0.7, -2.5, 0.3, 0.95, 0.3, 1.0, 0.0, 0.0]),
    "pirate": np.array([1.0, 1.0, 0.4, 0.3, 0.9, 0.6, 1.5, 1.0, 1.0, 0.5, 1.0, 0.5, 0.0]),
}
NONE_VALUE = -1e9
assert N_COLOURS <= 5, "cheapest_discards keeps the colour costs in five locals"


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options."""
    return random_below(stream, n_options)


@njit(cache=True, error_model="numpy", inline="always")
def completes(halves, quarters):
    """R17: a complete map."""
    return halves >= 2 or (halves >= 1 and quarters >= 2) or quarters >= 4


@njit(cache=True, error_model="numpy", inline="always")
def island_coins(state):
    """R19: what an Island card is worth (setting ``island_coins``)."""
    return state[ISLAND_COINS_AT]


@njit(cache=True, error_model="numpy", inline="always")
def units_value(state, holder, colour, units, params, held):
    """Value of a map piece of ``colour`` worth ``units`` quarter units to ``holder`` (``held`` 1:
    the holder has it and we price keeping it; 0: the holder would gain it)."""
    if state[ISLAND_OWNER + colour] >= 0:
        return params[P_FODDER]
    half = units == HALF_UNITS
    halves = state[HALVES + holder * N_COLOURS + colour] - (held if half else 0)
    quarters = state[QUARTERS + holder * N_COLOURS + colour] - (0 if half else held)
    if completes(halves + (1 if half else 0), quarters + (0 if half else 1)):
        return params[P_ISLAND] * island_coins(state)
    progress = 2 * halves + quarters
    per_unit = island_coins(state) / UNITS_PER_MAP  # an Island's coins per quarter unit of its map
    return params[P_MAP] * per_unit * units * (1.0 + params[P_FOCUS] * progress)


@njit(cache=True, error_model="numpy", inline="always")
def piece_value(state, holder, content, params, held):
    """Value of map piece ``content`` to ``holder`` (``held`` as in ``units_value``)."""
    return units_value(state, holder, content_colour(state, content), state[PIECE_UNITS_AT + content], params, held)


@njit(cache=True, error_model="numpy", inline="always")
def card_value(state, holder, content, params, held):
    """Value (coins) of a card of known ``content`` to ``holder``."""
    kind = content_kind(state, content)
    if kind == KIND_COIN:
        return params[P_COIN] * coin_value(state, content)
    if kind == KIND_OBJECT:
        return params[P_FODDER]
    return piece_value(state, holder, content, params, held)


@njit(cache=True, error_model="numpy", inline="always")
def gain_value(state, seat, content, params):
    """``card_value(state, seat, content, params, 0)``, branch-free for the take and keep
    decisions, where a card's kind is unpredictable: every case is computed (each the same
    expression as in ``card_value``, so the same value) and the card's own selected."""
    kind = content_kind(state, content)
    colour = content_colour(state, content)
    colour = colour if colour >= 0 else 0  # not a piece: any colour, its value is not selected
    units = state[PIECE_UNITS_AT + content]
    half = units == HALF_UNITS
    halves = state[HALVES + seat * N_COLOURS + colour]
    quarters = state[QUARTERS + seat * N_COLOURS + colour]
    complete = completes(halves + (1 if half else 0), quarters + (0 if half else 1))
    per_unit = island_coins(state) / UNITS_PER_MAP
    building = params[P_MAP] * per_unit * units * (1.0 + params[P_FOCUS] * (2 * halves + quarters))
    piece = params[P_ISLAND] * island_coins(state) if complete else building
    piece = params[P_FODDER] if state[ISLAND_OWNER + colour] >= 0 else piece
    other = params[P_FODDER] if kind == KIND_OBJECT else piece
    return params[P_COIN] * coin_value(state, content) if kind == KIND_COIN else other


@njit(cache=True, error_model="numpy", inline="always")
def pile_card_value(state, seat, slot, params):
    """Value of taking clear ``slot`` (a card of the pile): its content's value, or P_UNKNOWN for
    a face-down card the seat has not seen (the content is read either way, unused then)."""
    known = ((state[FACE_UP_MASK] | state[SEEN + seat]) >> slot) & 1
    value = gain_value(state, seat, state[SLOT_CONTENT + slot], params)
    return value if known == 1 else params[P_UNKNOWN]


@njit(cache=True, error_model="numpy", inline="always")
def best_two_clear(state, seat, params, excluded):
    """The values of the two best clear cards (NONE_VALUE when missing), ``excluded`` left out,
    and the slot of the best (ties: the lowest slot)."""
    clear = state[CLEAR_MASK]
    if excluded >= 0:
        clear &= ~(1 << excluded)
    best = NONE_VALUE
    second = NONE_VALUE
    best_slot = -1
    while clear != 0:
        slot = lowest_slot(clear)
        clear &= clear - 1
        value = pile_card_value(state, seat, slot, params)
        if value > best:
            second = best
            best = value
            best_slot = slot
        elif value > second:
            second = value
    return best, second, best_slot


@njit(cache=True, error_model="numpy", inline="always")
def discard_cost(state, seat, content, params):
    """What discarding one of the seat's cards gives up: its map progress, nothing for fodder."""
    kind = content_kind(state, content)
    if kind == KIND_OBJECT:
        return 0.0
    colour = content_colour(state, content)
    if state[ISLAND_OWNER + colour] >= 0:
        return 0.0
    return piece_value(state, seat, content, params, 1)


@njit(cache=True, error_model="numpy", inline="always")
def colour_cost(state, seat, colour, params):
    """What discarding the seat's cheapest piece of ``colour`` gives up (NONE_VALUE: it holds none)."""
    halves = state[HALVES + seat * N_COLOURS + colour]
    quarters = state[QUARTERS + seat * N_COLOURS + colour]
    if halves + quarters == 0:
        return NONE_VALUE
    if state[ISLAND_OWNER + colour] >= 0:
        return 0.0
    cost = NONE_VALUE
    if halves > 0:
        cost = units_value(state, seat, colour, HALF_UNITS, params, 1)
    if quarters > 0:
        quarter = units_value(state, seat, colour, QUARTER_UNITS, params, 1)
        if cost == NONE_VALUE or quarter < cost:
            cost = quarter
    return cost


@njit(cache=True, error_model="numpy", inline="always")
def cheapest_discards(state, seat, params):
    """Cost of the cheapest set of cards the seat may discard together (R13-R14: three, setting
    ``piracy_discards``): objects are free, then the cheapest piece of each colour, cheapest
    colours first, added in ascending order (the caller offers piracy, so the seat holds enough
    eligible cards)."""
    needed = state[PIRACY_DISCARDS_AT] - state[OBJECTS + seat]
    if needed <= 0:
        return 0.0
    # the colour costs in ascending order (no allocation: one local per colour, N_COLOURS = 5)
    first = NONE_VALUE
    second = NONE_VALUE
    third = NONE_VALUE
    fourth = NONE_VALUE
    fifth = NONE_VALUE
    found = 0
    for colour in range(N_COLOURS):
        cost = colour_cost(state, seat, colour, params)
        if cost == NONE_VALUE:
            continue
        found += 1
        if found == 1 or cost < first:
            first, second, third, fourth, fifth = cost, first, second, third, fourth
        elif found == 2 or cost < second:
            second, third, fourth, fifth = cost, second, third, fourth
        elif found == 3 or cost < third:
            third, fourth, fifth = cost, third, fourth
        elif found == 4 or cost < fourth:
            fourth, fifth = cost, fourth
        else:
            fifth = cost
    total = 0.0
    if needed >= 1:
        total += first
    if needed >= 2:
        total += second
    if needed >= 3:
        total += third
    if needed >= 4:
        total += fourth
    if needed >= 5:
        total += fifth
    return total


@njit(cache=True, error_model="numpy", inline="always")
def leader(state, seat):
    """The opponent with the highest score (public unless collections are hidden); -1 if hidden
    or if several opponents share the highest score (no seat is singled out by its number)."""
    if state[FLAGS + FLAG_HIDDEN_COLLECTION] == 1:
        return -1
    best = -1
    shared = False
    for other in range(state[PLAYERS]):
        if other == seat:
            continue
        if best < 0 or state[SCORE + other] > state[SCORE + best]:
            best = other
            shared = False
        elif state[SCORE + other] == state[SCORE + best]:
            shared = True
    return -1 if shared else best


@njit(cache=True, error_model="numpy", inline="always")
def steal_value(state, seat, option, params, top):
    """Value of a steal option: the card's value to the thief plus the victim's weighted loss;
    a random card of a hidden collection is priced like a face-down card."""
    victim = option & ((1 << STEAL_CARD_SHIFT) - 1)
    slot = option >> STEAL_CARD_SHIFT
    if slot == STEAL_RANDOM:
        return params[P_UNKNOWN]
    content = state[SLOT_CONTENT + slot]  # public: collections are open when a card is named
    deny = params[P_DENY] * (1.0 + (params[P_LEADER] if victim == top else 0.0))
    return card_value(state, seat, content, params, 0) + deny * card_value(state, victim, content, params, 1)


@njit(cache=True, error_model="numpy", inline="always")
def best_steal(state, seat, params):
    """The best steal's value (every opponent card, as the steal decision would see it)."""
    top = leader(state, seat)
    hidden = state[FLAGS + FLAG_HIDDEN_COLLECTION] == 1
    best = NONE_VALUE
    for slot in range(state[N_CARDS]):
        loc = state[SLOT_LOC + slot]
        if loc >= LOC_SEAT and loc != LOC_SEAT + seat:
            victim = loc - LOC_SEAT
            option = victim | ((STEAL_RANDOM if hidden else slot) << STEAL_CARD_SHIFT)
            value = steal_value(state, seat, option, params, top)
            if value > best:
                best = value
    return best


@njit(cache=True, error_model="numpy", inline="always")
def choose_turn(state, seat, options, n_options, params):
    """Standard turn, or piracy when it pays more than the best clear card."""
    best, second, _ = best_two_clear(state, seat, params, -1)
    cost = cheapest_discards(state, seat, params) - params[P_PIRACY]
    choice = 0
    choice_value = best
    for i in range(n_options):
        if options[i] == TURN_PIRACY_STEAL:
            value = best_steal(state, seat, params) - cost
        elif options[i] == TURN_PIRACY_DOUBLE:
            # R13: the best clear card, and the second best for each further standard turn
            value = best + max(second, 0.0) * (state[PIRACY_TURNS_AT] - 1) - cost
        else:
            continue
        if value > choice_value:
            choice = i
            choice_value = value
    return choice


@njit(cache=True, error_model="numpy", inline="always")
def choose_blow(state, seat, params):
    """Blow (option 1) when no clear card is worth ``P_BLOW``, unless the blow cannot change the
    pile (no clear card lies on another).  It may still blow right before its own steal: declining
    that blow was measured to cost 0.2 points of win rate (docs/games/skeleton.md)."""
    if not blow_can_matter(state):
        return 0
    best, _, _ = best_two_clear(state, seat, params, -1)
    return 1 if best < params[P_BLOW] else 0


@njit(cache=True, error_model="numpy", inline="always")
def choose_keep(state, seat, n_options, params):
    """Keep the card in hand (0) unless a clear card is worth ``P_PUTBACK`` more (1: put back);
    under second-card-optional also put it back to pass when neither it nor any clear card is
    worth ``P_DECLINE`` (the second card is then declined).  Only KEEP is offered (A3) when the
    pile is empty."""
    if n_options < 2:
        return 0
    keep = gain_value(state, seat, state[SLOT_CONTENT + state[TAKEN_SLOT]], params)  # its own card in hand
    best, _, _ = best_two_clear(state, seat, params, -1)
    if best > keep + params[P_PUTBACK]:
        return 1
    if state[FLAGS + FLAG_SECOND_OPTIONAL] == 1 and keep < params[P_DECLINE] and best < params[P_DECLINE]:
        return 1
    return 0


@njit(cache=True, error_model="numpy", inline="always")
def choose_max(state, seat, kind, options, n_options, params, stream):
    """The option of highest value for the take / discard / steal / claim / cover decisions; equal
    values are broken at random from the seat's stream (options come in slot and seat order, so
    keeping the first would favour low seat numbers, e.g. as steal victims)."""
    best = 0
    best_value = NONE_VALUE
    equal = 0
    top = leader(state, seat) if kind == STEAL else -1
    for i in range(n_options):
        option = options[i]
        if kind == TAKE_CARD or kind == SECOND_CARD:
            value = params[P_DECLINE] if option == NO_CARD else pile_card_value(state, seat, option, params)
        elif kind == PIRACY_DISCARD:
            value = -discard_cost(state, seat, state[SLOT_CONTENT + option], params)
        elif kind == STEAL:
            value = steal_value(state, seat, option, params, top)
        else:  # CLAIM_PIECES: hand in the fewest cards (2 halves, then 1 half + 2 quarters)
            value = -float(option >> CLAIM_COMBO_SHIFT)
        take, equal = prefer(value, best_value, equal, stream)  # equal values: one at random
        if take:
            best = i
            best_value = value
    return best


@njit(cache=True, error_model="numpy", inline="always")
def choose_cover(state, seat, options, n_options, params):
    """putback-may-cover: cover the second-best clear card (the best one is the seat's next take)."""
    if params[P_COVER] <= 0.0 or n_options < 3:
        return 0
    best = -1
    second = -1
    for i in range(1, n_options):
        value = pile_card_value(state, seat, options[i], params)
        if best < 0 or value > pile_card_value(state, seat, options[best], params):
            second = best
            best = i
        elif second < 0 or value > pile_card_value(state, seat, options[second], params):
            second = i
    return second if second > 0 else 0


@njit(STRATEGY_SIGNATURE, cache=True, error_model="numpy")
def heuristic(state, seat, kind, options, n_options, params, stream):
    """The parametric heuristic (see the module docstring)."""
    if kind == BLOW:
        return choose_blow(state, seat, params)  # options: 0 no, 1 yes
    if kind == TURN_TYPE:
        return choose_turn(state, seat, options, n_options, params)
    if kind == KEEP_OR_PUTBACK:
        return choose_keep(state, seat, n_options, params)  # options: KEEP, PUT_BACK
    if kind == PUTBACK_COVER:
        return choose_cover(state, seat, options, n_options, params)
    return choose_max(state, seat, kind, options, n_options, params, stream)


def strategy_specs():
    """Name -> StrategySpec for every Skeleton Island strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.skeleton import STRATEGY_DESCRIPTIONS

    specs = {"random": StrategySpec("random", random_strategy, np.zeros(N_PARAMS),
                                    STRATEGY_DESCRIPTIONS["random"])}
    for name, params in PARAMS.items():
        specs[name] = StrategySpec(name, heuristic, params.copy(), STRATEGY_DESCRIPTIONS[name])
    return specs
