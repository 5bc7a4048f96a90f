"""Loot Island strategies: ``random`` and one parametric heuristic (several named styles).

Both read only public slots and the deciding seat's own hand (see state.py).  What the information
variants make public is read only under them: ``healers-revealed`` the healer pool
(``S_HEAL_POOL[:S_HEAL_N]``, for the price of a cube), ``events-revealed`` whether event B8 is among
the events of the rounds still to come (``S_EV_ORDER``, membership only).  The heuristic scores
every option with a few hand-written estimates weighted by the seat's parameter vector (indices
``P_*`` below) and picks the best, equal best options drawn at random from the seat's stream
(``simulator.core.engine.ties.prefer``; plus optional noise from the same stream).  It scores every option,
every card play included.  For speed, an ``action`` decision computes what several options share
once (our compass positions, the urgency of each landing, and for each group of plays of one owner,
colour and landing value the playable cards with what each adds, packed so that a play's totals are
one sum over its cards) in two small scratch arrays allocated once per decision.
"""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below, random_float
from simulator.core.engine.ties import prefer
from simulator.games.loot.primitives import explored_coast
from simulator.games.loot.state import (
    A_AARON_ISLAND, A_AARON_PLAY, A_ISLAND, A_PASS, AARON, D_A1_DRAW, D_A2_TAKE, D_ACTION, D_B4_RETURN,
    D_COMPASS_SOURCE, D_COPY_EFFECT, D_DRAFT_DISCARD, D_HEALER, D_HEALER_REVEAL, D_ISLAND_TARGET, D_ISLAND_USE,
    D_PAY_CARD, D_PREP_DISCARD, D_TAKE_TREASURE, EV_A3, HAND_CAP, ICON_CHEST, ICON_DISCARD, ICON_DRAW, ICON_PLUS1,
    MC_COLOUR, MC_ICON, MC_JOKER, MC_VALUE, N_COLOURS, N_LANDINGS, N_OWNERS, PH_FINAL, PW_BOTTOM, PW_DISCARD, PW_DRAW,
    PW_PLACE, PW_SHIP, PW_TREASURE, S_COMP, S_COMP_N, S_CUBES, S_EVENT, S_HAND, S_HAND_N, S_INFO_HEALER,
    S_INFO_ISLAND, S_INFO_MAP, S_INFO_TR, S_KEPT_TYPE, S_LAND_CHESTS, S_LAND_EFF, S_LAND_LAST, S_LAND_N, S_PHASE,
    S_PLAYERS, S_ROUND, S_SHIP_DIR, S_THRESHOLD, S_TILE_TAKEN, PLAY_MASK_SHIFT, TR_BOOK, TR_CROSSED, TR_CROSSES,
    TR_CURSE, TR_GOLD, TR_TYPE, TT_AMULET, TT_BOOK, TT_COIN, TT_CROWN, TT_JEWEL,
    D_B4_RETURN_AARON, EV_B8, N_HEALERS, S_EV_ORDER, S_HEAL_N, S_HEAL_POOL, S_VAR, V_EVENTS_REVEALED,
    V_HEALERS_REVEALED, S_RULES, T_AMULET_CUBES, T_COMPASSES, T_DISCARD_CUBES, T_ELIM_CUBES, T_FP_BONUS,
    T_JEWEL_BONUS, T_ROUNDS, T_SKULL_BONUS, T_A1_CARDS, T_A1_CUBES, T_A3_CUBES, T_B8_CUBES,
)

# parameter indices
P_CURSE = 0  # gold-equivalent cost of one curse cube
P_CROWN = 1  # value of one cross symbol
P_GOLD = 2  # weight of treasure gold
P_CHEST = 3  # value of a chest added to a landing soon explored
P_EXPLORED = 4  # weight of the landings explored this round
P_PASS = 5  # base value of passing
P_TILE = 6  # value of taking the First Player tile, per TILE_GOLD_WEIGHT gold of its bonus
P_CARD = 7  # cost of spending one map card
P_POSITION = 8  # penalty per compass below ours on a landing
P_ISLAND = 9  # bonus for using small islands
P_RISK = 10  # extra cube penalty as cubes approach the elimination (13 cubes; setting elimination_cubes)
P_NOISE = 11  # random noise added to every score
N_PARAMS = 12

_GREEDY = (1.5, 3.5, 1.3, 4.0, 2.0, 0.3, 1.0, 0.3, 1.0, 0.0, 0.8, 0.0)


def _style(**changes) -> tuple:
    values = list(_GREEDY)
    for name, value in changes.items():
        values[globals()[name]] = value
    return tuple(values)


STYLES = {
    "greedy": _GREEDY,
    "curse_averse": _style(P_CURSE=4.5, P_RISK=2.5, P_ISLAND=0.3),
    "crown_hunter": _style(P_CROWN=8.0),
    "big_loot_opportunist": _style(P_CHEST=6.0, P_EXPLORED=3.0, P_CARD=0.2, P_CURSE=1.2),
    "early_passer": _style(P_PASS=1.2, P_TILE=3.5, P_CARD=0.8),
}


TILE_GOLD_WEIGHT = 0.2
"""The First Player tile is worth ``P_TILE * TILE_GOLD_WEIGHT`` per gold of its bonus (setting
first_player_bonus): the weights were fitted with the rulebook's 5 gold, where the tile is worth
``P_TILE`` exactly; a 2-gold tile is worth 0.4 ``P_TILE``."""
RISK_MARGIN = 6
"""Cubes below the elimination (13; setting elimination_cubes) where the risk term of a cube starts."""
JEWEL_FIRST_SHARE = 0.375
"""A first Jewel of a set is worth this share of a pair's bonus (3 gold of 8)."""


def style_params(name: str) -> np.ndarray:
    return np.array(STYLES[name], dtype=np.float64)


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, decision_kind, options, n_options, params, stream):
    """Uniformly random legal option."""
    return random_below(stream, n_options)


# --------------------------------------------------------------------------- estimates
@njit(cache=True, inline='always')
def _card_use(state, card):
    """How useful a map card is to keep (for paying islands and discarding)."""
    base = S_INFO_MAP + card * 4
    if state[base + MC_JOKER] == 1:
        return 5.0
    icon = state[base + MC_ICON]
    usefulness = state[base + MC_VALUE] / 3.0
    if icon == ICON_CHEST:
        usefulness += 3.0
    elif icon == ICON_PLUS1:
        usefulness += 2.0
    elif icon == ICON_DRAW or icon == ICON_DISCARD:
        usefulness += 1.0
    return usefulness


@njit(cache=True, inline='always')
def _noise(noise, stream):
    """The random part of a score: ``noise`` times a uniform draw (no draw when ``noise`` is 0)."""
    if noise > 0.0:
        return noise * random_float(stream)
    return 0.0


@njit(cache=True, inline='always')
def _urgency(state, landing, params):
    """How soon (and how much) a landing matters: explored now > next round > final exploration."""
    coast = landing // 2
    explored_now = explored_coast(state)
    if coast == explored_now:
        return params[P_EXPLORED]
    if state[S_ROUND] >= state[S_RULES + T_ROUNDS]:  # the last round (setting rounds)
        return 0.35
    explored_next = (explored_now + state[S_SHIP_DIR] + 4) % 4
    if coast == explored_next:
        return 0.5
    return 0.2


@njit(cache=True, inline='always')
def _cube_cost(state, seat, cubes_added, cube_price, known_future_cubes, params):
    """Gold-equivalent cost of taking ``cubes_added`` cubes: ``cube_price`` each, raised as the
    cubes (plus the cubes known to come, ``known_future_cubes``) approach the elimination (13 cubes,
    setting elimination_cubes; in the last round a cube that reaches it is never taken)."""
    eliminated_at = state[S_RULES + T_ELIM_CUBES]
    cubes = state[S_CUBES + seat]
    after = cubes + cubes_added
    if after >= eliminated_at and (state[S_ROUND] >= state[S_RULES + T_ROUNDS] or state[S_PHASE] >= PH_FINAL):
        return 1000.0
    after += known_future_cubes
    risk = 0.0  # the risk term stays priced with P_CURSE whatever the healers
    risk_from = eliminated_at - RISK_MARGIN
    if after > risk_from:
        risk = params[P_CURSE] * params[P_RISK] * (after - risk_from) / 5.0
    return (cube_price + risk) * cubes_added


@njit(cache=True, inline='always')
def _pool_cost(state, taken, cubes):
    """Cost for ``cubes`` cubes of the cheapest Healer of the pool not in bit mask ``taken``
    (-1 when none is left), and that Healer's index in the pool."""
    best_cost = -1
    best = -1
    for i in range(state[S_HEAL_N]):
        if (taken >> i) & 1 == 1:
            continue
        healer = state[S_HEAL_POOL + i]
        cost = state[S_INFO_HEALER + healer * 2] * cubes + state[S_INFO_HEALER + healer * 2 + 1]
        if best < 0 or cost < best_cost:
            best_cost = cost
            best = i
    return best_cost, best


@njit(cache=True, inline='always')
def _cube_price(state, seat, params):
    """Price of one cube.  ``P_CURSE`` counts, among other things, what one more cube adds to the
    Healer's cost when the pool is unknown: the mean rate per cube over all Healer cards
    (``S_INFO_HEALER``, public).  Under variant ``healers-revealed`` the pool is public from the
    setup (``S_HEAL_POOL[:S_HEAL_N]``), so in the last round and the Final Exploration that part
    is replaced by what one more cube would cost with the Healer the seat would get today: the
    players with fewer cubes (public) choose first, each the cheapest for them; the seat then
    takes the cheapest of the rest."""
    price = params[P_CURSE]
    if state[S_VAR + V_HEALERS_REVEALED] == 0 or state[S_HEAL_N] == 0:
        return price
    if state[S_ROUND] < state[S_RULES + T_ROUNDS] and state[S_PHASE] < PH_FINAL:
        return price  # before the last round today's cubes say little of the final ones
    cubes = max(state[S_CUBES + seat], 1)
    taken = 0
    for other in range(state[S_PLAYERS]):
        other_cubes = state[S_CUBES + other]
        if other != seat and 0 < other_cubes < cubes:
            _, index = _pool_cost(state, taken, other_cubes)
            if index >= 0:
                taken |= 1 << index
    now, _ = _pool_cost(state, taken, cubes)
    if now < 0:
        return price
    one_more, _ = _pool_cost(state, taken, cubes + 1)
    expected_rate = 0.0
    for healer in range(N_HEALERS):
        expected_rate += state[S_INFO_HEALER + healer * 2]
    expected_rate /= N_HEALERS
    return max(0.0, price - expected_rate + (one_more - now))


@njit(cache=True, inline='always')
def _known_future_cubes(state):
    """Cubes the seat knows it will take: under variant ``events-revealed`` the set of B events
    is public from the setup (their order is not), so whether event B8 (the first to pass makes
    every other player take 2 cubes) is still to come is known; it is counted as 2 cubes.  Only
    membership in the rounds after the current one is read, never which round."""
    if state[S_VAR + V_EVENTS_REVEALED] == 0:
        return 0
    for round_index in range(state[S_ROUND], state[S_RULES + T_ROUNDS]):
        if state[S_EV_ORDER + round_index] == EV_B8:
            return state[S_RULES + T_B8_CUBES]  # setting b8_cubes
    return 0


@njit(cache=True, inline='always')
def _treasure_worth(state, seat, treasure, params):
    """Rough gold worth of keeping ``treasure`` (before its curse)."""
    base = S_INFO_TR + treasure * 8
    treasure_type = state[base + TR_TYPE]
    gold = float(state[base + TR_GOLD])
    owned = S_KEPT_TYPE + seat * 8
    if treasure_type == TT_COIN:
        return params[P_GOLD] * gold
    if treasure_type == TT_AMULET:
        return params[P_GOLD] * gold + 0.7 * params[P_CURSE]
    if treasure_type == TT_JEWEL:
        # what this Jewel adds to the set under way (sets of 3 at most; settings jewel_set_bonus_2, _3):
        # the second completes a pair (8), the third turns it into a set of 3 (20 - 8), a first one
        # is worth a share of the pair it may make (3/8 of it)
        jewels_in_set = state[owned + TT_JEWEL] % 3
        pair = state[S_RULES + T_JEWEL_BONUS + 2]
        bonus = pair * JEWEL_FIRST_SHARE
        if jewels_in_set == 1:
            bonus = float(pair)
        elif jewels_in_set == 2:
            bonus = float(state[S_RULES + T_JEWEL_BONUS + 3] - pair)
        return params[P_GOLD] * (gold + bonus)
    if treasure_type == TT_CROWN:
        return params[P_GOLD] * gold + params[P_CROWN] * state[base + TR_CROSSES]
    if treasure_type == TT_BOOK:
        return params[P_GOLD] * state[base + TR_BOOK] * 2.5
    # skulls
    types_owned = 0
    for other_type in range(5):
        if state[owned + other_type] > 0:
            types_owned += 1
    single = float(state[S_RULES + T_SKULL_BONUS + 1])  # a lone Skull's set bonus (setting skull_set_bonus_1)
    return params[P_GOLD] * (gold + single + single * 0.8 * types_owned)


@njit(cache=True, inline='always')
def _keep_score(state, seat, treasure, cube_price, known_future_cubes, params):
    curse = state[S_INFO_TR + treasure * 8 + TR_CURSE] - state[S_INFO_TR + treasure * 8 + TR_CROSSED]
    return (_treasure_worth(state, seat, treasure, params)
            - _cube_cost(state, seat, curse, cube_price, known_future_cubes, params))


@njit(cache=True, inline='always')
def _discard_score(state, seat, cube_price):
    freed = (state[S_RULES + T_DISCARD_CUBES]
             + state[S_RULES + T_AMULET_CUBES] * state[S_KEPT_TYPE + seat * 8 + TT_AMULET])
    cubes = state[S_CUBES + seat]
    if freed > cubes:
        freed = cubes
    return cube_price * freed * 0.8


# Event A1 (2 extra map cards for 2 cubes, round 1 only).  Measured (A1 forced, 4,000 paired games,
# one seat always accepting against never, the others playing the heuristic that never accepted):
# the accepting seat gains +2.8 / +1.4 / +0.9 / +0.7 gold (±0.6) at 2 / 3 / 4 / 5 players and ends
# with only 0.0 to 0.2 more cubes: cubes taken in round 1 are mostly shed again, at the price of
# the discards that shed them.  So the two cards are weighed against half the usual price of two
# cubes (docs/games/loot.md; research/loot_a1_information.py reproduces the figures).
A1_CARD_WORTH = 1.0  # gold-equivalent of one extra map card in round 1
A1_CUBE_SHARE = 0.5  # share of the usual cube cost borne by a cube taken in round 1


@njit(cache=True, inline='always')
def _a1_score(state, seat, cube_price, known_future_cubes, params):
    """Score of accepting event A1: the cards' worth minus the discounted cost of the 2 cubes
    (declined when cubes are dear: a high ``P_CURSE``, as for the curse-averse style)."""
    cards = state[S_RULES + T_A1_CARDS]  # 2 cards for 2 cubes (settings a1_cards, a1_cubes)
    cubes = state[S_RULES + T_A1_CUBES]
    return cards * A1_CARD_WORTH - A1_CUBE_SHARE * _cube_cost(state, seat, cubes, cube_price, known_future_cubes, params)


@njit(cache=True, inline='always')
def _compass_position(state, landing, owner):
    """Position of ``owner``'s compass in ``landing``'s stack (0 = bottom), -1 when absent."""
    for i in range(state[S_COMP_N + landing]):
        if state[S_COMP + landing * N_OWNERS + i] == owner:
            return i
    return -1


# ----------------------------------------------------------- scratch of one ``action`` decision
# Both scratch arrays stay under 1 KiB: allocations that small are served from malloc's fast per-thread cache.
# A play option names its cards by hand slot (bit i of ``code >> PLAY_MASK_SHIFT`` = hand slot i).
# integer scratch (``cards``): our compass position on each landing; the hand being scored (ours,
# then Aaron's) as hand slots grouped by colour; the cards of the current group (one owner, colour
# and landing value): their hand slots and what each adds, packed
COLOUR_CAP = 24  # a colour has 22 cards in the deck
LANDING_POSITION = 0  # our compass position on each landing (-1 none)
HAND_SLOTS = LANDING_POSITION + N_LANDINGS  # hand slots grouped by colour
COLOUR_STARTS = HAND_SLOTS + HAND_CAP  # where each colour starts in HAND_SLOTS (N_COLOURS + 1)
GROUP_SLOTS = COLOUR_STARTS + N_COLOURS + 1  # hand slot of each card of the group
GROUP_PACKED = GROUP_SLOTS + COLOUR_CAP  # per card: PACK_ADDED * added + PACK_CHEST * chest + ...
CARDS_SIZE = GROUP_PACKED + COLOUR_CAP
# what a card adds, packed in one integer so that a play's total is one sum (fields < 256)
PACK_BITS = 8  # bits of each field
PACK_FIELD = (1 << PACK_BITS) - 1
PACK_ADDED = 1  # cards counted for the loot threshold ("+1" counts double)
PACK_CHEST = 1 << PACK_BITS  # chests
PACK_ONE = 1 << (2 * PACK_BITS)  # 1s played normally (every other player takes a cube)
PACK_CARD = 1 << (3 * PACK_BITS)  # cards played
# float scratch (``sums``): the value of each group card's icon effect, then the urgency of each landing
GROUP_EFFECTS = 0
LANDING_URGENCY = GROUP_EFFECTS + COLOUR_CAP  # _urgency of each landing
SUMS_SIZE = LANDING_URGENCY + N_LANDINGS


@njit(cache=True, inline='always')
def _group_hand_by_colour(state, owner, cards):
    """Hand slots of ``owner`` grouped by colour into HAND_SLOTS, with where each colour starts."""
    hand = S_HAND + owner * HAND_CAP
    n = state[S_HAND_N + owner]
    for colour in range(N_COLOURS + 1):
        cards[COLOUR_STARTS + colour] = 0
    for slot in range(n):
        cards[COLOUR_STARTS + state[S_INFO_MAP + state[hand + slot] * 4 + MC_COLOUR] + 1] += 1
    for colour in range(N_COLOURS):  # counts -> starts
        cards[COLOUR_STARTS + colour + 1] += cards[COLOUR_STARTS + colour]
    for slot in range(n):  # place each slot, moving its colour's start on; undone below
        colour = state[S_INFO_MAP + state[hand + slot] * 4 + MC_COLOUR]
        cards[HAND_SLOTS + cards[COLOUR_STARTS + colour]] = slot
        cards[COLOUR_STARTS + colour] += 1
    for colour in range(N_COLOURS, 0, -1):
        cards[COLOUR_STARTS + colour] = cards[COLOUR_STARTS + colour - 1]
    cards[COLOUR_STARTS] = 0


@njit(cache=True, inline='always')
def _prepare_group(state, seat, owner, landing, colour, params, cards, sums):
    """Record the cards of ``owner``'s hand (grouped by colour in ``cards``) of ``colour`` that may
    go to ``landing``: hand slot, packed counts, effect value; returns their number."""
    last = state[S_LAND_LAST + landing]
    empty = state[S_LAND_N + landing] == 0
    has_cubes = state[S_CUBES + seat] > 0
    discard_value = params[P_CURSE] * 0.8
    n = 0
    hand = S_HAND + owner * HAND_CAP
    for i in range(cards[COLOUR_STARTS + colour], cards[COLOUR_STARTS + colour + 1]):
        slot = cards[HAND_SLOTS + i]
        base = S_INFO_MAP + state[hand + slot] * 4
        joker = state[base + MC_JOKER] == 1
        value = state[base + MC_VALUE]
        if not (joker or value == 1 or value >= last):
            continue
        icon = state[base + MC_ICON]
        packed = PACK_CARD
        packed += 2 * PACK_ADDED if (icon == ICON_PLUS1 and not joker) else PACK_ADDED
        if icon == ICON_CHEST:
            packed += PACK_CHEST
        effect = 0.0
        if not joker:
            if value == 1:
                if empty or last <= 1:
                    packed += PACK_ONE
                else:
                    effect = 0.8  # inserted at the front: copies an effect
            elif icon == ICON_DRAW:
                effect = 0.6
            elif icon == ICON_DISCARD and has_cubes:
                effect = discard_value
        cards[GROUP_SLOTS + n] = slot
        cards[GROUP_PACKED + n] = packed
        sums[GROUP_EFFECTS + n] = effect
        n += 1
    return n


@njit(cache=True, inline='always')
def _island_score(state, seat, owner, island, params, bottom_gain):
    """Score of using small ``island`` paid from ``owner``'s hand; ``bottom_gain`` is the best
    gain of moving one of our compasses to the bottom of its stack."""
    power = state[S_INFO_ISLAND + island * 3]
    amount = state[S_INFO_ISLAND + island * 3 + 1]
    cost = 2.0 * params[P_CARD] if owner == seat else 0.0
    if state[S_EVENT] == EV_A3 and owner == seat:
        cost += params[P_CURSE] * state[S_RULES + T_A3_CUBES]  # setting a3_cubes
    value = params[P_ISLAND]
    if owner != seat:
        return -0.3 + value * 0.5
    cubes = state[S_CUBES + seat]
    if power == PW_DISCARD:
        value += params[P_CURSE] * min(amount, cubes)
    elif power == PW_BOTTOM:
        value += bottom_gain
    elif power == PW_PLACE:
        value += 0.3
    elif power == PW_DRAW:
        value += 0.6 * amount  # 0.6 a card (2 cards)
    elif power == PW_TREASURE:
        value += 3.0 - params[P_CURSE] * amount  # a treasure for its cube(s)
    elif power == PW_SHIP:
        value += -0.5
    return value - cost


@njit(cache=True, inline='always')
def _best_action(state, seat, options, n_options, params, stream):
    """Decision ``action``: scores every option; the quantities shared by several options (our
    compass positions, the urgency of each landing, the playable cards of one owner, colour and
    landing value) are computed once."""
    cards = np.empty(CARDS_SIZE, dtype=np.int64)
    sums = np.empty(SUMS_SIZE, dtype=np.float64)
    compasses_placed = 0
    bottom_gain = 0.0  # best gain of the compass-to-bottom island (a compass above the bottom)
    for landing in range(N_LANDINGS):
        position = _compass_position(state, landing, seat)
        cards[LANDING_POSITION + landing] = position
        urgency = _urgency(state, landing, params)
        sums[LANDING_URGENCY + landing] = urgency
        if position >= 0:
            compasses_placed += 1
        if position > 0:
            gain = urgency * params[P_POSITION] * position * 2.0
            if gain > bottom_gain:
                bottom_gain = gain
    no_compass_left = compasses_placed == state[S_RULES + T_COMPASSES]  # setting compasses_per_player
    pass_score = params[P_PASS]
    if state[S_TILE_TAKEN] == 0:
        # the tile's worth follows its bonus (setting first_player_bonus; 5 gold: P_TILE)
        pass_score += params[P_TILE] * (state[S_RULES + T_FP_BONUS] * TILE_GOLD_WEIGHT)
    threshold = state[S_THRESHOLD]
    other_players = state[S_PLAYERS] - 1
    gold_weight = params[P_GOLD] * 5.0
    noise = params[P_NOISE]
    grouped_owner = -1  # the owner whose hand is grouped by colour in ``cards``
    group = -1  # (owner, colour, last value) of the playable cards in ``cards``/``sums``
    playable = 0
    scored_landing = -1  # the landing whose quantities below are computed
    effective = 0
    urgency = 0.0
    position = -1
    compasses = 0
    own_share = 0.0  # our share of the loot after playing our cards (compass placed if absent)
    loot_base = 0.0
    loot_divisor = 1.0
    scored_island = -1  # the island (and paying owner) whose score is in ``island_score``
    island_score = 0.0
    best = 0
    best_score = -1e18
    equal = 0
    for i in range(n_options):
        code = options[i]
        action_type = code & 7
        where = (code >> 3) & 7
        if action_type == A_PASS:
            score = pass_score
        elif action_type == A_ISLAND or action_type == A_AARON_ISLAND:
            # an island's score does not depend on the paying colour: computed once per island
            island_key = action_type * 8 + where
            if island_key != scored_island:
                scored_island = island_key
                owner = AARON if action_type == A_AARON_ISLAND else seat
                island_score = _island_score(state, seat, owner, where, params, bottom_gain)
            score = island_score
        else:
            aaron = action_type == A_AARON_PLAY
            colour = (code >> 6) & 3
            landing = where
            last = state[S_LAND_LAST + landing]
            key = ((1 if aaron else 0) * 4 + colour) * 16 + (last if last < 15 else 15)
            if key != group:
                owner = AARON if aaron else seat
                if owner != grouped_owner:
                    _group_hand_by_colour(state, owner, cards)
                    grouped_owner = owner
                playable = _prepare_group(state, seat, owner, landing, colour, params, cards, sums)
                group = key
            # this play's cards: the group's cards whose hand slot is set in the option
            cards_mask = code >> PLAY_MASK_SHIFT
            packed = 0
            effects = 0.0
            for j in range(playable):
                if (cards_mask >> cards[GROUP_SLOTS + j]) & 1 == 1:
                    packed += cards[GROUP_PACKED + j]
                    effects += sums[GROUP_EFFECTS + j]
            added = packed & PACK_FIELD
            chests = (packed >> PACK_BITS) & PACK_FIELD
            ones_played_normally = (packed >> (2 * PACK_BITS)) & PACK_FIELD
            count = packed >> (3 * PACK_BITS)
            if landing != scored_landing:
                scored_landing = landing
                effective = state[S_LAND_EFF + landing]
                urgency = sums[LANDING_URGENCY + landing]
                position = cards[LANDING_POSITION + landing]
                compasses = state[S_COMP_N + landing]
                position_after = compasses if position < 0 else position
                own_share = 1.0 / (1.0 + params[P_POSITION] * position_after)
                loot_base = (compasses + (1 if position < 0 else 0)) * 0.6
                loot_divisor = max(1.0, float(compasses + 1))
            progress = min(effective + added, threshold) - min(effective, threshold)
            if not aaron:
                # our own cards: our share of the landing's loot, effects, cards spent
                if effective + added >= threshold:
                    reach = 1.0
                else:
                    reach = (effective + added) / (2.0 * threshold)
                total_chests = state[S_LAND_CHESTS + landing] + chests
                loot = loot_base + total_chests
                score = urgency * own_share * (gold_weight * reach * loot / loot_divisor + progress
                                               + params[P_CHEST] * chests)
                score += effects + 0.4 * ones_played_normally * other_players
                score -= params[P_CARD] * count
                if position < 0 and no_compass_left:
                    score -= 1.0
            elif position < 0:
                # Aaron's cards: help where we stand, cost us nothing
                score = -0.5 - 0.5 * ones_played_normally
            else:
                share = 1.0 / (1.0 + params[P_POSITION] * position)
                score = urgency * share * (progress + params[P_CHEST] * chests) - 0.5 * ones_played_normally
        score += _noise(noise, stream)
        take, equal = prefer(score, best_score, equal, stream)
        if take:
            best_score = score
            best = i
    return best


@njit(cache=True, inline='always')
def _healer_cost(state, seat, healer):
    return state[S_INFO_HEALER + healer * 2] * state[S_CUBES + seat] + state[S_INFO_HEALER + healer * 2 + 1]


@njit(cache=True, inline='always')
def _option_score(state, seat, kind, option, cube_price, known_future_cubes, params):
    """Score of one option of every decision kind but ``action``."""
    if kind == D_TAKE_TREASURE:
        treasure = option >> 1
        if option & 1 == 1:
            return _keep_score(state, seat, treasure, cube_price, known_future_cubes, params)
        return _discard_score(state, seat, cube_price)
    if kind == D_A2_TAKE:
        return _keep_score(state, seat, option, cube_price, known_future_cubes, params)
    if kind == D_PAY_CARD or kind == D_DRAFT_DISCARD:
        return -_card_use(state, option)
    if kind == D_PREP_DISCARD:
        if option < 0:
            return -1.6
        return -_card_use(state, option)
    if kind == D_ISLAND_TARGET:
        if option < 0:
            return 0.0
        position = _compass_position(state, option, seat)
        urgency = _urgency(state, option, params)
        if position >= 0:
            return urgency * position
        return urgency * (state[S_LAND_EFF + option] + 2.0 * state[S_LAND_CHESTS + option]) * 0.2 - 0.1
    if kind == D_ISLAND_USE:
        if option == 0:
            return 0.0
        if state[S_PHASE] >= PH_FINAL:
            return 0.0
        return 0.5 if state[S_CUBES + seat] < state[S_RULES + T_ELIM_CUBES] - 5 else -1.0
    if kind == D_COMPASS_SOURCE or kind == D_B4_RETURN:
        position = max(_compass_position(state, option, seat), 0)
        return -_urgency(state, option, params) * (state[S_LAND_EFF + option] + 1.0) / (1.0 + position)
    if kind == D_COPY_EFFECT:
        if option == 1:
            return params[P_CURSE] * 0.8
        return 0.6
    if kind == D_A1_DRAW:
        if option == 0:
            return 0.0
        return _a1_score(state, seat, cube_price, known_future_cubes, params)
    if kind == D_B4_RETURN_AARON:
        # Aaron's compass goes back: best from where he picks treasures before us
        ours = _compass_position(state, option, seat)
        if ours > _compass_position(state, option, AARON):
            return _urgency(state, option, params)
        return -0.1 * _urgency(state, option, params)
    if kind == D_HEALER or kind == D_HEALER_REVEAL:
        return -float(_healer_cost(state, seat, option))
    return 0.0


@njit(STRATEGY_SIGNATURE, cache=True)
def heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream):
    """Scores each option with the weights in ``params`` and returns the best (equal best: one at
    random from the seat's stream)."""
    if decision_kind == D_ACTION:
        return _best_action(state, seat, options, n_options, params, stream)
    best = 0
    best_score = -1e18
    equal = 0
    noise = params[P_NOISE]
    cube_price = _cube_price(state, seat, params)
    known_future_cubes = _known_future_cubes(state)
    for i in range(n_options):
        score = _option_score(state, seat, decision_kind, options[i], cube_price, known_future_cubes, params)
        score += _noise(noise, stream)
        take, equal = prefer(score, best_score, equal, stream)
        if take:
            best_score = score
            best = i
    return best


def strategy_specs():
    """Name -> StrategySpec for every Loot Island strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.loot import STRATEGY_DESCRIPTIONS

    # the weights before P_NOISE (the last entry) are tunable; tuning the noise would only add noise
    strategies = {
        name: StrategySpec(name, heuristic_strategy, style_params(name), STRATEGY_DESCRIPTIONS[name], tunable=P_NOISE)
        for name in STYLES
    }
    strategies["random"] = StrategySpec("random", random_strategy, np.zeros(1), STRATEGY_DESCRIPTIONS["random"], tunable=0)
    return strategies
