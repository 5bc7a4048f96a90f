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

Rules: the numbers of the rules it uses are the run's rule settings, read from the state
(``state[FLAGS + FLAG_...]``, docs/games/skirmish.md "Rule settings"): the ammunition a Pistol kill
costs (``pistol_ammunition``: whether a Pistol can fire, whether to steal ammunition) and the team a
seat started with (``seatK_start_characters``: it never keeps its whole team aboard).  It has no
gem-count threshold: the gems to win (``gems_to_win``) only end the game.

Working memory: the heuristic's parameter vector is its N_PARAMS weights followed by MEMORY_SIZE
entries it writes (its distance maps and breadth-first queue, read as int64), so that a decision
allocates nothing.  Nothing in it outlives a decision: every map is recomputed when used.  Build
such vectors with ``with_memory``.
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
    BOAT_CARD,
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
    FLAG_PISTOL_AMMO,
    FLAG_START_CHARACTERS,
    FLAGS,
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

# ---- working memory after the weights (int64 entries: a view of the floats, see ``memory_of``) ----
MEM_DISTANCE = 0  # steps to the nearest unopened chest or dropped loot, per square
MEM_ENEMY = MEM_DISTANCE + MAX_SQUARES  # steps to the nearest square around an enemy character
MEM_BOMBS = MEM_ENEMY + MAX_SQUARES  # steps to the nearest bomb or enemy Anchor
MEM_WANTED = MEM_BOMBS + MAX_SQUARES  # 1 on the squares whose chest distance the decision reads
MEM_QUEUE = MEM_WANTED + MAX_SQUARES  # breadth-first queue: its sources first, then each square once
QUEUE_SIZE = N_CHARACTERS * 8 + MAX_SQUARES  # the most sources (8 squares around each character) + squares
MEMORY_SIZE = MEM_QUEUE + QUEUE_SIZE
"""Entries of working memory the heuristic needs after its N_PARAMS weights."""


def with_memory(weights):
    """The heuristic's parameter vector: ``weights`` (N_PARAMS) followed by its working memory."""
    return np.concatenate([np.asarray(weights, dtype=np.float64), np.zeros(MEMORY_SIZE)])


HEURISTIC_PARAMS = with_memory(PARAMS["prospector"])
"""What ``--strategy strategies.skirmish:heuristic`` plays with: prospector's weights, with memory."""


@njit(STRATEGY_SIGNATURE, cache=True)
def random_strategy(state, seat, kind, options, n_options, params, stream):
    """Uniform over the offered options (seat stream)."""
    return random_below(stream, n_options)


# ---------------------------------------------------------------- what the seat sees

@njit(cache=True)
def distance_map(state, distance, queue, n_sources, wanted, n_wanted):
    """Steps (king moves over land, obstacles and sea blocking; characters ignored) from every
    square to the nearest of the ``n_sources`` squares at the head of ``queue``.  With ``wanted``
    (1 on ``n_wanted`` squares; ``n_wanted`` < 0: every square is wanted) the search stops once
    those squares have their distance: a square's distance is final when first set, and the
    others may stay FAR."""
    for square in range(MAX_SQUARES):
        distance[square] = FAR
    if n_wanted == 0:
        return
    for i in range(n_sources):
        if distance[queue[i]] == FAR:
            distance[queue[i]] = 0
            if n_wanted > 0 and wanted[queue[i]] == 1:
                n_wanted -= 1
                if n_wanted == 0:
                    return
    tail = n_sources
    head = 0
    while head < tail:
        node = queue[head]
        head += 1
        step = distance[node] + 1
        neighbours = NEIGH_MOVE + node * 8
        for k in range(8):
            other = state[neighbours + k]
            if other < 0:
                break
            if distance[other] == FAR:
                distance[other] = step
                queue[tail] = other
                tail += 1
                if n_wanted > 0 and wanted[other] == 1:
                    n_wanted -= 1
                    if n_wanted == 0:
                        return


@njit(cache=True)
def chest_distances(state, distance, queue, wanted, n_wanted):
    """Distance map to the unopened chests and to dropped loot (at least on the ``wanted``
    squares, see ``distance_map``)."""
    count = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST or state[SQ_LOOT_GEMS + square] + state[SQ_LOOT_AMMO + square] > 0:
            queue[count] = square
            count += 1
    distance_map(state, distance, queue, count, wanted, n_wanted)
    return count


@njit(cache=True, inline="always")
def want(wanted, square, n_wanted):
    """Marks ``square`` as read by the decision; returns the count of distinct wanted squares."""
    if wanted[square] == 0:
        wanted[square] = 1
        n_wanted += 1
    return n_wanted


@njit(cache=True)
def squares_read(state, seat, kind, options, n_options, params, wanted):
    """Marks in ``wanted`` (cleared first) the squares whose chest distance decision ``kind`` reads,
    and returns their count: where the own usable pieces stand (the own Anchor for those aboard),
    the own Anchor when a Boat card is offered, the offered squares of a destination or a placement."""
    wanted[:] = 0
    count = 0
    anchor = state[BOAT_ANCHOR + seat]
    if kind == CHOOSE_CARD:  # nearest_move_need and the Boat card
        spare = aboard(state, seat) - kept_aboard(state, seat, params)
        for char in range(N_CHARACTERS):
            if state[CHAR_OWNER + char] != seat or state[CHAR_CAPTOR + char] >= 0:
                continue
            loc = state[CHAR_LOC + char]
            if 0 <= loc < MAX_SQUARES:
                count = want(wanted, loc, count)
            elif loc == BOAT_NODE + seat and spare > 0:
                count = want(wanted, anchor, count)
        for i in range(n_options):
            if options[i] == BOAT_CARD or options[i] == SHIELD:  # the Boat-card branch of choose_card
                count = want(wanted, anchor, count)
    elif kind == MOVE_PIECE_DECISION:  # move_piece_choice
        for i in range(n_options):
            piece = options[i]
            if piece >= PIECE_BOMB:
                continue
            loc = state[CHAR_LOC + piece]
            if loc < BOAT_NODE:
                count = want(wanted, loc, count)
            elif state[CHAR_CAPTOR + piece] < 0:
                count = want(wanted, anchor, count)
    elif kind == MOVE_DESTINATION:  # destination_score
        for i in range(n_options):
            node = options[i] & DEST_MASK
            if node < BOAT_NODE:
                count = want(wanted, node, count)
    else:  # a placement or an Anchor: the offered squares
        for i in range(n_options):
            count = want(wanted, options[i], count)
    return count


@njit(cache=True)
def enemy_distances(state, seat, distance, queue):
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
            queue[count] = other
            count += 1
    distance_map(state, distance, queue, count, queue, -1)
    return count


@njit(cache=True)
def bomb_target_distances(state, seat, distance, queue):
    """Distance map to the bombs on the island and to the enemy Anchor squares."""
    count = 0
    for bomb in range(N_BOMBS):
        if state[BOMB_LOC + bomb] >= 0:
            queue[count] = state[BOMB_LOC + bomb]
            count += 1
    for other in range(state[PLAYERS]):
        if other != seat and state[ALIVE + other] == 1:
            queue[count] = state[BOAT_ANCHOR + other]
            count += 1
    distance_map(state, distance, queue, count, queue, -1)
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


@njit(cache=True, inline="always")
def kept_aboard(state, seat, params):
    """Characters the style keeps aboard (``P_KEEP_ABOARD``), at most all but one of the team the seat
    started with (R3, setting ``seatK_start_characters``): a seat starting with one character sends it."""
    keep = int(params[P_KEEP_ABOARD])
    most = state[FLAGS + FLAG_START_CHARACTERS + seat] - 1
    return keep if keep < most else most


@njit(cache=True)
def card_worth(state, seat, kind, params):
    """How much the seat wants to keep a card of ``kind`` (lowest: the 'worst card' to give or drop)."""
    if kind < PISTOL:
        return 3.0 + 0.1 * kind
    if kind == PISTOL:
        # R35: worth more when the boat holds the ammunition a kill costs (setting pistol_ammunition)
        return 4.0 * params[P_ATTACK] + (2.0 if state[AMMO + seat] >= state[FLAGS + FLAG_PISTOL_AMMO] else 0.0)
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


@njit(cache=True, inline="always")
def consider(i, score, best, best_score, equal, params, stream):
    """One step of the argmax over the options: option ``i`` of ``score`` plus small random noise
    against the best so far (equal best scores: one at random).  Returns ``(best, best_score,
    equal)``; start from ``(0, -1e18, 0)``.  Scoring draws nothing, so the stream's draws are those
    of scoring every option first and then taking the argmax."""
    score += params[P_NOISE] * random_float(stream)
    take, equal = prefer(score, best_score, equal, stream)
    if take:
        return i, score, equal
    return best, best_score, equal


# ---------------------------------------------------------------- decisions

@njit(cache=True)
def nearest_move_need(state, seat, distance, params):
    """The fewest steps any usable own piece needs to reach its nearest target (boat exit costs 1);
    characters kept aboard do not count."""
    need = FAR
    spare = aboard(state, seat) - kept_aboard(state, seat, params)
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
    best, best_score, equal = 0, -1e18, 0
    for i in range(n_options):
        kind = options[i]
        if kind == END_TURN:
            score = 0.0
        elif kind < PISTOL:
            score = 5.0 if i == best_move else -1.0
        elif kind == PISTOL or kind == HAMMER:
            score = 9.0 * params[P_ATTACK] + 2.0
        elif kind == PADLOCK:
            score = (9.0 * params[P_ATTACK] + 1.0) if aboard(state, seat) > 0 else 0.5 * params[P_ATTACK]
        elif kind == TREASURE_CHEST:
            score = 10.0
        elif kind == FLYING_BOMB:
            score = 3.0 + 8.0 * params[P_BOMB]
        elif kind == POTION:
            score = 1.0
        elif kind == POISONED_GIFT:
            score = 0.5
        else:  # Boat card: move nearer to the chests when the own Anchor is far from them
            anchor = state[BOAT_ANCHOR + seat]
            score = 2.0 if distance[anchor] > 3 else -1.0
        best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
    return best


@njit(cache=True)
def destination_score(state, seat, node, subset, distance, enemy, bombs, params):
    """How good ending a move at ``node`` carrying ``subset`` is for the style."""
    score = 0.0
    if node >= BOAT_NODE:
        return 2.0 if aboard(state, seat) < kept_aboard(state, seat, params) else -3.0
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
    spare = aboard(state, seat) - kept_aboard(state, seat, params)
    best, best_score, equal = 0, -1e18, 0
    for i in range(n_options):
        piece = options[i]
        if piece >= PIECE_BOMB:
            score = -2.0 + 6.0 * params[P_BOMB]
        else:
            loc = state[CHAR_LOC + piece]
            if loc >= BOAT_NODE and state[CHAR_CAPTOR + piece] >= 0:
                score = 8.0  # an escape
            else:
                if loc >= BOAT_NODE:
                    need = 1 + distance[state[BOAT_ANCHOR + seat]]
                    penalty = 0.0 if spare > 0 else 20.0
                else:
                    need = distance[loc]
                    penalty = 0.0
                score = (6.0 if need <= value else -float(need - value)) - penalty - 0.01 * need
        best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
    return best


@njit(cache=True)
def square_near_enemy_boat(state, seat, options, n_options, params, stream, first_field_shift):
    """The option that is an enemy boat, else the square nearest the richest enemy Anchor."""
    target = richest_enemy_anchor(state, seat)
    best, best_score, equal = 0, -1e18, 0
    for i in range(n_options):
        node = options[i] >> first_field_shift
        score = 0.0
        if node >= BOAT_NODE:
            score = 100.0
        elif target >= 0:
            score = -chebyshev(state, node, target)
        best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
    return best


@njit(cache=True)
def move_destination(state, seat, options, n_options, params, stream, memory, distance, queue):
    """Where the moving piece ends its move (``destination_score``), the chest map already drawn."""
    enemy = memory[MEM_ENEMY:MEM_ENEMY + MAX_SQUARES]
    bombs = memory[MEM_BOMBS:MEM_BOMBS + MAX_SQUARES]
    if params[P_ATTACK] > 0:
        enemy_distances(state, seat, enemy, queue)
        for square in range(MAX_SQUARES):
            if enemy[square] == FAR:
                enemy[square] = 20
    else:
        enemy[:] = 0
    carrying = False
    for i in range(n_options):
        if options[i] >> DEST_BITS != 0:
            carrying = True
            break
    if params[P_BOMB] > 0 and carrying:  # the bomb map matters only for moves that carry bombs
        bomb_target_distances(state, seat, bombs, queue)
    else:
        bombs[:] = 0
    best, best_score, equal = 0, -1e18, 0
    for i in range(n_options):
        node = options[i] & DEST_MASK
        subset = options[i] >> DEST_BITS
        score = destination_score(state, seat, node, subset, distance, enemy, bombs, params)
        best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
    return best


@njit(cache=True, inline="always")
def memory_of(params):
    """The working memory after the weights, as int64 entries (MEMORY_SIZE of them)."""
    return params[N_PARAMS:N_PARAMS + MEMORY_SIZE].view(np.int64)


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
    memory = memory_of(params)
    distance = memory[MEM_DISTANCE:MEM_DISTANCE + MAX_SQUARES]
    queue = memory[MEM_QUEUE:MEM_QUEUE + QUEUE_SIZE]
    if kind == CHOOSE_CARD or kind == MOVE_PIECE_DECISION or kind == MOVE_DESTINATION or kind == START_ANCHOR \
            or kind == BOAT_ANCHOR_DECISION or kind == PLACE_FOUND:
        wanted = memory[MEM_WANTED:MEM_WANTED + MAX_SQUARES]
        chest_distances(state, distance, queue, wanted, squares_read(state, seat, kind, options, n_options, params,
                                                                     wanted))
    if kind == CHOOSE_CARD:
        return choose_card(state, seat, options, n_options, params, stream, distance)
    if kind == MOVE_PIECE_DECISION:
        return move_piece_choice(state, seat, options, n_options, params, stream, distance)
    if kind == MOVE_DESTINATION:
        return move_destination(state, seat, options, n_options, params, stream, memory, distance, queue)
    if kind == BOMB_DROP or kind == FLYING_BOMB_DECISION:
        return square_near_enemy_boat(state, seat, options, n_options, params, stream,
                                      FLY_DEST_SHIFT if kind == FLYING_BOMB_DECISION else 0)
    if kind == PLACE_FOUND or kind == START_ANCHOR or kind == BOAT_ANCHOR_DECISION:
        best, best_score, equal = 0, -1e18, 0
        for i in range(n_options):
            best, best_score, equal = consider(i, -float(distance[options[i]]), best, best_score, equal, params,
                                               stream)
        return best
    if kind == PISTOL_TARGET or kind == ATTACK_TARGET:
        target = leader(state, seat) if params[P_TARGET_LEADER] >= 0.5 else -1
        best, best_score, equal = 0, -1e18, 0
        for i in range(n_options):
            if options[i] == STOP:
                score = -1.0
            else:
                score = 1.0 + (2.0 if state[CHAR_OWNER + options[i]] == target else 0.0)
            best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
        return best
    if kind == CHEST_STEAL:
        target = leader(state, seat)
        best, best_score, equal = 0, -1e18, 0
        for i in range(n_options):
            victim = options[i] & ((1 << STEAL_ITEM_SHIFT) - 1)
            item = options[i] >> STEAL_ITEM_SHIFT
            wants_ammo = params[P_ATTACK] >= 0.5 and state[AMMO + seat] < state[FLAGS + FLAG_PISTOL_AMMO]  # R35
            score = (3.0 if (item == 1) == wants_ammo else 1.0) + (1.0 if victim == target else 0.0) \
                + 0.1 * state[GEMS + victim]
            best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
        return best
    if kind == GIFT_TARGET_DECISION:
        target = leader(state, seat)
        for i in range(n_options):
            if options[i] == target:
                return i
        return 0
    if kind == GIFT_CARD or kind == FORCED_DISCARD or kind == POTION_DISCARD:
        best, best_score, equal = 0, -1e18, 0
        for i in range(n_options):
            if options[i] == STOP:
                score = -2.5
            else:
                score = -card_worth(state, seat, options[i], params)
            best, best_score, equal = consider(i, score, best, best_score, equal, params, stream)
        return best
    return random_below(stream, n_options)


def strategy_specs():
    """Name -> StrategySpec for every skirmish strategy (``registry.STRATEGY_MODULES`` names this module)."""
    from simulator.core.engine.registry import StrategySpec
    from simulator.games.skirmish import STRATEGY_DESCRIPTIONS

    specs = {
        "random": StrategySpec("random", random_strategy, np.zeros(N_PARAMS), STRATEGY_DESCRIPTIONS["random"]),
    }
    for name, params in PARAMS.items():
        # only the N_PARAMS weights are tunable: the working memory after them is the heuristic's own
        specs[name] = StrategySpec(name, heuristic, with_memory(params), STRATEGY_DESCRIPTIONS[name],
                                   tunable=N_PARAMS)
    return specs
