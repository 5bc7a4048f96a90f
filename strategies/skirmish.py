"""Skirmish strategies: ``random`` and one parametric heuristic (``heuristic``) whose weights give
``prospector`` (the default: digs for gems), ``raider`` (hunts characters), ``bomber`` (carries
bombs into enemy boats) and ``turtle`` (digs with two characters aboard, opens only with a
Shield in hand).  Spec section 5.

What every weight set shares (``choose_card``): a card is played when its score beats ending the
turn (0), best first: a steal (10), the Movement card that best fits the nearest target (5), a
Flying Bomb (3 + 8 x P_BOMB), Pistol / Hammer (2 + 9 x P_ATTACK), Padlock (1 + 9 x P_ATTACK with
a character aboard to guard the prisoner, else 0.5 x P_ATTACK), Potion (1), Poisoned Gift (0.5),
Boat (2 when the own Anchor is more than 3 steps from a chest).  So every style attacks any
target in reach and plays every Flying Bomb; the weights change the order and where it moves.

Fair play: the heuristic reads only public slots (``simulator/games/skirmish/state.py``): the
board, characters, bombs, boats, whether a square holds an unopened chest (never its content),
gems and ammunition in the boats (face up), and its own hand (``HAND`` of its own seat only).
It writes nothing into the state.
"""

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below, random_float
from simulator.core.engine.ties import prefer
from simulator.games.skirmish.state import (
    ALIVE,
    AMMO,
    ATTACK_TARGET,
    BOAT_ANCHOR,
    BOAT_ANCHOR_DECISION,
    BOAT_NODE,
    BOMB_DROP,
    BOMB_LOC,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHEST_STEAL,
    CHOOSE_CARD,
    COLS,
    DEST_BITS,
    DEST_MASK,
    END_TURN,
    FLY_DEST_SHIFT,
    FLYING_BOMB,
    FLYING_BOMB_DECISION,
    FORCED_DISCARD,
    GEMS,
    GEMS_TO_WIN,
    GIFT_CARD,
    GIFT_TARGET_DECISION,
    HAMMER,
    HAND,
    MAX_SQUARES,
    MOVE_DESTINATION,
    MOVE_PIECE_DECISION,
    MOVE_VALUE,
    N_BOMBS,
    N_CARD_KINDS,
    N_CHARACTERS,
    N_NODES,
    NEIGH_ADJ,
    NEIGH_MOVE,
    NO_CHEST,
    OPEN_CHEST,
    PADLOCK,
    PIECE_BOMB,
    PISTOL,
    PISTOL_TARGET,
    PLACE_FOUND,
    PLAYERS,
    POISONED_GIFT,
    POTION,
    POTION_DISCARD,
    SHIELD,
    SHIELD_REACTION,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    SQ_LOOT_AMMO,
    SQ_LOOT_GEMS,
    START_ANCHOR,
    STEAL_ITEM_SHIFT,
    STOP,
    TREASURE_CHEST,
)

# ---- parameter vector (weights) ----
P_DIG = 0  # weight of getting to and opening chests
P_KEEP_ABOARD = 1  # characters kept aboard (immune to attacks, guard prisoners)
P_ATTACK = 2  # weight of attacking: how early attacks are played, and of moving near enemy characters
P_BOMB = 3  # weight of carrying bombs into enemy boats
P_OPEN_RISK = 4  # 1: open chests without a Shield in hand; 0: only with one
P_TARGET_LEADER = 5  # 1: attacks, steals and gifts aim at the gem leader
P_NOISE = 6  # random tie-break amplitude
N_PARAMS = 7

PARAMS = {
    "prospector": np.array([1.0, 1.0, 0.0, 0.2, 1.0, 1.0, 0.01]),
    "raider": np.array([0.4, 0.0, 1.0, 0.2, 1.0, 1.0, 0.01]),
    "bomber": np.array([0.6, 1.0, 0.0, 1.0, 1.0, 1.0, 0.01]),
    "turtle": np.array([1.0, 2.0, 0.0, 0.0, 0.0, 1.0, 0.01]),
}
"""Named weight vectors of the heuristic family (``islandsim strategies --game skirmish``)."""

FAR = 1000


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options (seat stream)."""
    return random_below(stream, n_options)


# ---------------------------------------------------------------- what the seat sees

@njit(cache=True)
def distance_map(state, sources, n_sources, distance, queue):
    """Steps (king moves over land, obstacles and sea blocking; characters ignored) from every
    square to the nearest of ``sources``."""
    for square in range(MAX_SQUARES):
        distance[square] = FAR
    tail = 0
    for i in range(n_sources):
        distance[sources[i]] = 0
        queue[tail] = sources[i]
        tail += 1
    head = 0
    while head < tail:
        node = queue[head]
        head += 1
        for k in range(8):
            other = state[NEIGH_MOVE + node * 8 + k]
            if other < 0:
                break
            if distance[other] == FAR:
                distance[other] = distance[node] + 1
                queue[tail] = other
                tail += 1


@njit(cache=True)
def chest_distances(state, distance, queue, sources):
    """Distance map to the unopened chests and to dropped loot."""
    count = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST or state[SQ_LOOT_GEMS + square] + state[SQ_LOOT_AMMO + square] > 0:
            sources[count] = square
            count += 1
    distance_map(state, sources, count, distance, queue)
    return count


@njit(cache=True)
def enemy_distances(state, seat, distance, queue, sources):
    """Distance map to the squares around enemy characters on the island."""
    count = 0
    for char in range(N_CHARACTERS):
        owner = state[CHAR_OWNER + char]
        loc = state[CHAR_LOC + char]
        if owner < 0 or owner == seat or loc < 0 or loc >= MAX_SQUARES or state[CHAR_CAPTOR + char] >= 0:
            continue
        for k in range(8):
            other = state[NEIGH_ADJ + loc * 8 + k]
            if other < 0:
                break
            sources[count] = other
            count += 1
    distance_map(state, sources, count, distance, queue)
    return count


@njit(cache=True)
def bomb_target_distances(state, seat, distance, queue, sources):
    """Distance map to the bombs on the island and to the enemy Anchor squares."""
    count = 0
    for bomb in range(N_BOMBS):
        if state[BOMB_LOC + bomb] >= 0:
            sources[count] = state[BOMB_LOC + bomb]
            count += 1
    for other in range(state[PLAYERS]):
        if other != seat and state[ALIVE + other] == 1:
            sources[count] = state[BOAT_ANCHOR + other]
            count += 1
    distance_map(state, sources, count, distance, queue)
    return count


@njit(cache=True)
def leader(state, seat):
    """The surviving opponent with the most gems (ties: the next clockwise)."""
    best = -1
    best_gems = -1
    players = state[PLAYERS]
    for step in range(1, players):
        other = (seat + step) % players
        if state[ALIVE + other] == 1 and state[GEMS + other] > best_gems:
            best = other
            best_gems = state[GEMS + other]
    return best


@njit(cache=True)
def richest_enemy_anchor(state, seat):
    """Anchor square of the surviving opponent with the most gems + ammunition (ties: the next
    clockwise, relative to the seat, never by seat number)."""
    best = -1
    best_loot = -1
    players = state[PLAYERS]
    for step in range(1, players):
        other = (seat + step) % players
        if state[ALIVE + other] == 1 and state[GEMS + other] + state[AMMO + other] > best_loot:
            best_loot = state[GEMS + other] + state[AMMO + other]
            best = state[BOAT_ANCHOR + other]
    return best


@njit(cache=True)
def aboard(state, seat):
    """Own characters in the own boat."""
    count = 0
    for char in range(N_CHARACTERS):
        if state[CHAR_OWNER + char] == seat and state[CHAR_CAPTOR + char] < 0 and state[CHAR_LOC + char] == BOAT_NODE + seat:
            count += 1
    return count


@njit(cache=True)
def card_worth(state, seat, kind, params):
    """How much the seat wants to keep a card of ``kind`` (lowest: the 'worst card' to give or drop)."""
    if kind < PISTOL:
        return 3.0 + 0.1 * kind
    if kind == PISTOL:
        return 4.0 * params[P_ATTACK] + (2.0 if state[AMMO + seat] > 0 else 0.0)
    if kind == PADLOCK or kind == HAMMER:
        return 1.0 + 3.0 * params[P_ATTACK]
    if kind == SHIELD:
        return 6.0
    if kind == TREASURE_CHEST:
        return 7.0
    if kind == FLYING_BOMB:
        return 1.0 + 4.0 * params[P_BOMB]
    if kind == POISONED_GIFT:
        return 2.0
    if kind == POTION:
        return 2.5
    return 1.5  # Boat


@njit(cache=True)
def best_index(scores, n_options, params, stream):
    """Index of the best score (plus small random noise); equal best scores: one at random."""
    best = 0
    best_score = -1e18
    equal = 0
    for i in range(n_options):
        score = scores[i] + params[P_NOISE] * random_float(stream)
        take, equal = prefer(score, best_score, equal, stream)
        if take:
            best_score = score
            best = i
    return best


# ---------------------------------------------------------------- decisions

@njit(cache=True)
def nearest_move_need(state, seat, distance, params):
    """The fewest steps any usable own piece needs to reach its nearest target (boat exit costs 1);
    characters kept aboard do not count."""
    need = FAR
    keep = int(params[P_KEEP_ABOARD])
    spare = aboard(state, seat) - keep
    for char in range(N_CHARACTERS):
        if state[CHAR_OWNER + char] != seat or state[CHAR_CAPTOR + char] >= 0:
            continue
        loc = state[CHAR_LOC + char]
        if 0 <= loc < MAX_SQUARES:
            if distance[loc] < need:
                need = distance[loc]
        elif loc == BOAT_NODE + seat and spare > 0:
            if 1 + distance[state[BOAT_ANCHOR + seat]] < need:
                need = 1 + distance[state[BOAT_ANCHOR + seat]]
    return need


@njit(cache=True)
def choose_card(state, seat, options, n_options, params, stream, distance):
    """Which card to play next: a sure gain first (a steal, a bomb into a boat), attacks when the
    style wants them, then the Movement card that reaches a target with the least spare steps."""
    scores = np.zeros(n_options)
    need = nearest_move_need(state, seat, distance, params)
    best_move = -1
    best_move_value = FAR
    largest = -1
    for i in range(n_options):
        kind = options[i]
        if kind >= 0 and kind < PISTOL:
            value = kind + 1
            if value >= need and value < best_move_value:
                best_move_value = value
                best_move = i
            if largest < 0 or options[largest] < kind:
                largest = i
    if best_move < 0:
        best_move = largest
    for i in range(n_options):
        kind = options[i]
        if kind == END_TURN:
            scores[i] = 0.0
        elif kind < PISTOL:
            scores[i] = 5.0 if i == best_move else -1.0
        elif kind == PISTOL or kind == HAMMER:
            scores[i] = 9.0 * params[P_ATTACK] + 2.0
        elif kind == PADLOCK:
            scores[i] = (9.0 * params[P_ATTACK] + 1.0) if aboard(state, seat) > 0 else 0.5 * params[P_ATTACK]
        elif kind == TREASURE_CHEST:
            scores[i] = 10.0
        elif kind == FLYING_BOMB:
            scores[i] = 3.0 + 8.0 * params[P_BOMB]
        elif kind == POTION:
            scores[i] = 1.0
        elif kind == POISONED_GIFT:
            scores[i] = 0.5
        else:  # Boat card: move nearer to the chests when the own Anchor is far from them
            anchor = state[BOAT_ANCHOR + seat]
            scores[i] = 2.0 if distance[anchor] > 3 else -1.0
    return best_index(scores, n_options, params, stream)


@njit(cache=True)
def destination_score(state, seat, node, subset, distance, enemy, bombs, params):
    """How good ending a move at ``node`` carrying ``subset`` is for the style."""
    score = 0.0
    if node >= BOAT_NODE:
        return 2.0 if aboard(state, seat) < int(params[P_KEEP_ABOARD]) else -3.0
    if state[SQ_CHEST + node] != NO_CHEST:
        score += 12.0 * params[P_DIG]
    score += 10.0 * (state[SQ_LOOT_GEMS + node] + state[SQ_LOOT_AMMO + node])
    score -= params[P_DIG] * distance[node]
    score -= params[P_ATTACK] * 1.5 * enemy[node]
    carried = 0
    for bomb in range(N_BOMBS):
        if subset >> bomb & 1:
            carried += 1
    if carried > 0:
        score += params[P_BOMB] * 4.0 * carried - 0.5
        score -= params[P_BOMB] * bombs[node]
        for other in range(state[PLAYERS]):
            if other != seat and state[ALIVE + other] == 1 and state[BOAT_ANCHOR + other] == node:
                score += 30.0 * params[P_BOMB] + 5.0
    return score


@njit(cache=True)
def move_piece_choice(state, seat, options, n_options, params, stream, distance):
    """The piece whose nearest target fits the card's value best; characters kept aboard stay."""
    value = state[MOVE_VALUE]
    keep = int(params[P_KEEP_ABOARD])
    spare = aboard(state, seat) - keep
    scores = np.zeros(n_options)
    for i in range(n_options):
        piece = options[i]
        if piece >= PIECE_BOMB:
            scores[i] = -2.0 + 6.0 * params[P_BOMB]
            continue
        loc = state[CHAR_LOC + piece]
        if loc >= BOAT_NODE:
            if state[CHAR_CAPTOR + piece] >= 0:
                scores[i] = 8.0  # an escape
                continue
            need = 1 + distance[state[BOAT_ANCHOR + seat]]
            penalty = 0.0 if spare > 0 else 20.0
        else:
            need = distance[loc]
            penalty = 0.0
        scores[i] = (6.0 if need <= value else -float(need - value)) - penalty - 0.01 * need
    return best_index(scores, n_options, params, stream)


@njit(cache=True)
def square_near_enemy_boat(state, seat, options, n_options, params, stream, first_field_shift):
    """The option that is an enemy boat, else the square nearest the richest enemy Anchor."""
    target = richest_enemy_anchor(state, seat)
    scores = np.zeros(n_options)
    for i in range(n_options):
        node = options[i] >> first_field_shift
        if node >= BOAT_NODE:
            scores[i] = 100.0
        elif target >= 0:
            scores[i] = -chebyshev(state, node, target)
    return best_index(scores, n_options, params, stream)


@njit(cache=True)
def chebyshev(state, a, b):
    """King-move distance between two squares ignoring obstacles (a bomb crosses everything)."""
    cols = state[COLS]
    return float(max(abs(a // cols - b // cols), abs(a % cols - b % cols)))


@njit(STRATEGY_SIGNATURE, cache=True)  # compiled eagerly like every strategy: a lineup is a tuple of first-class functions
def heuristic(state, seat, kind, options, n_options, params, stream):
    """The parametric heuristic (weights ``P_*``; named sets in ``PARAMS``)."""
    if kind == OPEN_CHEST:
        has_shield = state[HAND + seat * N_CARD_KINDS + SHIELD] > 0
        return 0 if (params[P_OPEN_RISK] >= 0.5 or has_shield) else 1  # option 0 = open
    if kind == SHIELD_REACTION:
        return 0  # always play the Shield (option 0 = yes)
    distance = np.empty(MAX_SQUARES, dtype=np.int64)
    queue = np.empty(N_NODES * 8, dtype=np.int64)
    sources = np.empty(N_NODES * 8, dtype=np.int64)
    if kind == CHOOSE_CARD or kind == MOVE_PIECE_DECISION or kind == MOVE_DESTINATION or kind == START_ANCHOR \
            or kind == BOAT_ANCHOR_DECISION or kind == PLACE_FOUND:
        chest_distances(state, distance, queue, sources)
    if kind == CHOOSE_CARD:
        return choose_card(state, seat, options, n_options, params, stream, distance)
    if kind == MOVE_PIECE_DECISION:
        return move_piece_choice(state, seat, options, n_options, params, stream, distance)
    if kind == MOVE_DESTINATION:
        enemy = np.zeros(MAX_SQUARES, dtype=np.int64)
        bombs = np.zeros(MAX_SQUARES, dtype=np.int64)
        if params[P_ATTACK] > 0:
            enemy_distances(state, seat, enemy, queue, sources)
            for square in range(MAX_SQUARES):
                if enemy[square] == FAR:
                    enemy[square] = 20
        carrying = False
        for i in range(n_options):
            if options[i] >> DEST_BITS != 0:
                carrying = True
                break
        if params[P_BOMB] > 0 and carrying:  # the bomb map matters only for moves that carry bombs
            bomb_target_distances(state, seat, bombs, queue, sources)
        scores = np.zeros(n_options)
        for i in range(n_options):
            node = options[i] & DEST_MASK
            subset = options[i] >> DEST_BITS
            scores[i] = destination_score(state, seat, node, subset, distance, enemy, bombs, params)
        return best_index(scores, n_options, params, stream)
    if kind == BOMB_DROP or kind == FLYING_BOMB_DECISION:
        return square_near_enemy_boat(state, seat, options, n_options, params, stream,
                                      FLY_DEST_SHIFT if kind == FLYING_BOMB_DECISION else 0)
    if kind == PLACE_FOUND or kind == START_ANCHOR or kind == BOAT_ANCHOR_DECISION:
        scores = np.zeros(n_options)
        for i in range(n_options):
            scores[i] = -float(distance[options[i]])
        return best_index(scores, n_options, params, stream)
    if kind == PISTOL_TARGET or kind == ATTACK_TARGET:
        target = leader(state, seat) if params[P_TARGET_LEADER] >= 0.5 else -1
        scores = np.zeros(n_options)
        for i in range(n_options):
            if options[i] == STOP:
                scores[i] = -1.0
            else:
                scores[i] = 1.0 + (2.0 if state[CHAR_OWNER + options[i]] == target else 0.0)
        return best_index(scores, n_options, params, stream)
    if kind == CHEST_STEAL:
        target = leader(state, seat)
        scores = np.zeros(n_options)
        for i in range(n_options):
            victim = options[i] & ((1 << STEAL_ITEM_SHIFT) - 1)
            item = options[i] >> STEAL_ITEM_SHIFT
            wants_ammo = params[P_ATTACK] >= 0.5 and state[AMMO + seat] == 0
            scores[i] = (3.0 if (item == 1) == wants_ammo else 1.0) + (1.0 if victim == target else 0.0) \
                + 0.1 * state[GEMS + victim]
        return best_index(scores, n_options, params, stream)
    if kind == GIFT_TARGET_DECISION:
        target = leader(state, seat)
        for i in range(n_options):
            if options[i] == target:
                return i
        return 0
    if kind == GIFT_CARD or kind == FORCED_DISCARD or kind == POTION_DISCARD:
        scores = np.zeros(n_options)
        for i in range(n_options):
            if options[i] == STOP:
                scores[i] = -2.5
            else:
                scores[i] = -card_worth(state, seat, options[i], params)
        return best_index(scores, n_options, params, stream)
    return random_below(stream, n_options)


def strategy_specs():
    """Name -> StrategySpec for every skirmish strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.skirmish import STRATEGY_DESCRIPTIONS

    specs = {
        "random": StrategySpec("random", random_strategy, np.zeros(N_PARAMS), STRATEGY_DESCRIPTIONS["random"]),
    }
    for name, params in PARAMS.items():
        specs[name] = StrategySpec(name, heuristic, np.asarray(params, dtype=np.float64), STRATEGY_DESCRIPTIONS[name])
    return specs
