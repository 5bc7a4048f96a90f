"""Skirmish board primitives (numba): squares, characters, free squares, and movement
reachability (R17-R20, R29-R32 under readings A1-A4, A8, A9, A12).

Reachability is layered: ``layer[node]`` is a bit set over the 8 subsets of the 3 bombs (bit
``m`` set: the node is reachable carrying exactly the bombs of subset ``m``).  With revisits
allowed (A3 default) ``N`` layers give every end of an exact-``N`` walk; with ``move-no-revisit``
a depth-first search over simple paths gives the same table.
"""

import numpy as np
from numba import njit

from simulator.core.engine.gamelog import append_record
from simulator.games.skirmish.state import (
    ALIVE,
    ANCHOR,
    BOAT_ANCHOR,
    BOAT_NODE,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHAR_STUNNED,
    FLAG_CARRY_MANDATORY,
    FLAG_MOVE_UP_TO,
    FLAG_NO_REVISIT,
    FLAGS,
    LAND,
    LOG_COUNT,
    MAX_PLAYERS,
    MAX_SQUARES,
    N_CHARACTERS,
    N_NODES,
    NEIGH_ADJ,
    NEIGH_BOMB,
    NEIGH_MOVE,
    NO_CHEST,
    PLAYERS,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    SQ_KIND,
)


def _spread_table():
    table = np.zeros(3 * 256, dtype=np.int64)
    for bomb in range(3):
        for bits in range(256):
            out = 0
            for subset in range(8):
                if bits >> subset & 1:
                    out |= 1 << (subset | 1 << bomb)
            table[bomb * 256 + bits] = out
    return table


SPREAD = _spread_table()
"""``SPREAD[bomb * 256 + bits]``: the subsets of ``bits`` with ``bomb`` added (carrying it)."""


@njit(cache=True)
def log_event(log, state, code, a, b, c, d, e):
    """Append ``[code, a, b, c, d, e]`` when logging is on (a log array with rows)."""
    append_record(log, state, LOG_COUNT, code, a, b, c, d, e)


@njit(cache=True, inline="always")
def on_island(node):
    """Whether a character/bomb location is an island square (not a boat, not removed)."""
    return 0 <= node < MAX_SQUARES


@njit(cache=True, inline="always")
def is_free_character(state, char):
    """Free = neither dead nor prisoner (A27: aboard its own boat counts as free)."""
    return state[CHAR_LOC + char] >= 0 and state[CHAR_CAPTOR + char] < 0


@njit(cache=True, inline="always")
def is_usable(state, char, seat):
    """An own, free, unstunned character (A25) on the island: the 'one of your characters' of
    attacks and Flying Bombs; aboard it cannot interact (R21)."""
    return (state[CHAR_OWNER + char] == seat and state[CHAR_CAPTOR + char] < 0 and state[CHAR_STUNNED + char] == 0
            and on_island(state[CHAR_LOC + char]))


@njit(cache=True, inline="always")
def is_free_square(state, square, ignore_bomb):
    """A10: an island square that is not an obstacle and holds no character, no bomb (other than
    ``ignore_bomb``) and no unopened chest; dropped loot does not matter."""
    kind = state[SQ_KIND + square]
    if kind != LAND and kind != ANCHOR:
        return False
    if state[SQ_CHAR + square] >= 0 or state[SQ_CHEST + square] != NO_CHEST:
        return False
    bomb = state[SQ_BOMB + square]
    return bomb < 0 or bomb == ignore_bomb


@njit(cache=True, inline="always")
def is_adjacent(state, a, b):
    """'À 1 case' (A5 reading, precomputed table): square ``b`` is around square ``a``."""
    for k in range(8):
        other = state[NEIGH_ADJ + a * 8 + k]
        if other < 0:
            return False
        if other == b:
            return True
    return False


@njit(cache=True, inline="always")
def boat_at(state, square):
    """The surviving seat whose boat is docked at ``square``, -1 none."""
    for seat in range(state[PLAYERS]):
        if state[ALIVE + seat] == 1 and state[BOAT_ANCHOR + seat] == square:
            return seat
    return -1


@njit(cache=True, inline="always")
def character_neighbours(state, node, char, seat, out):
    """Nodes a character of ``seat`` may step to from ``node`` (R18-R20, A4, A7): the movement
    table's squares not occupied by another character, the own boat from its Anchor square, the
    boat's Anchor square from a boat (a prisoner leaves through its captor's Anchor, A26)."""
    count = 0
    if node >= BOAT_NODE:
        anchor = state[BOAT_ANCHOR + node - BOAT_NODE]
        occupant = state[SQ_CHAR + anchor]
        if occupant < 0 or occupant == char:
            out[0] = anchor
            count = 1
        return count
    for k in range(8):
        other = state[NEIGH_MOVE + node * 8 + k]
        if other < 0:
            break
        occupant = state[SQ_CHAR + other]
        if occupant < 0 or occupant == char:  # R19: an occupied square blocks
            out[count] = other
            count += 1
    if state[BOAT_ANCHOR + seat] == node:  # R20: Anchor -> own boat costs 1
        out[count] = BOAT_NODE + seat
        count += 1
    return count


@njit(cache=True, inline="always")
def bomb_neighbours(state, node, seat, out):
    """Nodes a bomb moved alone by ``seat`` may step to (A12): every island square (obstacles and
    occupied squares included, R32), and an enemy boat from its Anchor square (R33), which ends
    the move."""
    if node >= BOAT_NODE:
        return 0
    count = 0
    for k in range(8):
        other = state[NEIGH_BOMB + node * 8 + k]
        if other < 0:
            break
        out[count] = other
        count += 1
    owner = boat_at(state, node)
    if owner >= 0 and owner != seat:
        out[count] = BOAT_NODE + owner
        count += 1
    return count


@njit(cache=True, inline="always")
def entered(state, node, bits, carry_mandatory):
    """The carried-subset bits after entering ``node`` (R29/R30: a bomb passed over may be taken
    along; A9: optional unless ``carry-mandatory``)."""
    if node >= BOAT_NODE:
        return bits
    bomb = state[SQ_BOMB + node]
    if bomb < 0:
        return bits
    spread = 0
    for subset in range(8):
        if bits >> subset & 1:
            spread |= 1 << (subset | 1 << bomb)
    if carry_mandatory:
        return spread
    return bits | spread


@njit(cache=True)
def reach(state, piece_bomb, char, seat, start, steps, result, current, following, stack, visited, first_only):
    """Fill ``result[node]`` (N_NODES entries) with the carried-bomb subsets with which a move of
    exactly ``steps`` (or up to ``steps``, A2 variant ``move-up-to``) from ``start`` can end at
    ``node``.  ``piece_bomb``: the piece is bomb ``char`` moved alone (bit 0 only, nothing
    carried); otherwise character ``char`` of ``seat``.  Ends are not filtered here (see
    ``move_destination_options``).  ``current`` and ``following`` must be all zero on entry and
    are left so.  ``first_only``: the caller only asks whether a legal end exists, and the slow
    simple-path search of ``move-no-revisit`` may stop at the first one (``result`` then holds
    some ends, at least one legal, none wrong); the other searches ignore it.

    Exact N with revisits (A2/A3 defaults): a walk that reaches a node with some carried subset
    after t >= 1 steps can step back and forth and reach it again after t + 2 (the square it came
    from is passable, and stepping back over a bomb need not take it, or has taken it already, even
    under ``carry-mandatory``), so the ends of exact-N walks are the (node, subset) states first
    reached after 1 <= t <= N steps with t of N's parity.  The start itself (t = 0) has no square
    it came from: it is an end only when a walk actually comes back to it (A9 ``carry-mandatory``:
    not from a boat whose Anchor square holds a bomb without carrying that bomb).  A breadth-first search over (node, subset, parity) visits each state once.  An
    enemy boat (a bomb's only terminal node) is reached from its Anchor, which can bounce, so the
    same holds, provided the piece can take a first step at all.  An escaping prisoner cannot step
    back into its captor's boat, so its walks are followed layer by layer, as are ``move-up-to``'s
    (the union of the layers); ``move-no-revisit`` searches simple paths."""
    up_to = state[FLAGS + FLAG_MOVE_UP_TO] == 1
    layered = up_to or (not piece_bomb and start >= BOAT_NODE and start != BOAT_NODE + seat)
    mandatory = state[FLAGS + FLAG_CARRY_MANDATORY] == 1
    for node in range(N_NODES):
        result[node] = 0
        visited[node] = 0
    if state[FLAGS + FLAG_NO_REVISIT] == 1:
        simple_paths(state, piece_bomb, char, seat, start, steps, up_to, mandatory, result, stack, first_only)
        return
    out = stack[0:10]
    frontier = stack[10:10 + N_NODES]
    reached = stack[10 + N_NODES:10 + 2 * N_NODES]
    frontier[0] = start
    n_frontier = 1
    current[start] = 1
    if layered:
        visited[start] = 1
    # (not layered: the start is not marked as reached after 0 steps, so that it counts as an
    # even end only once a walk comes back to it; under carry-mandatory a piece in its boat whose
    # Anchor square holds a bomb cannot come back without that bomb, A9)
    for step in range(steps):
        shift = 8 * ((step + 1) & 1)  # visited bits: subsets reached after an even (low byte) / odd number of steps
        n_reached = 0
        for i in range(n_frontier):
            node = frontier[i]
            bits = current[node]
            current[node] = 0
            if piece_bomb:
                count = bomb_neighbours(state, node, seat, out)
            else:
                count = character_neighbours(state, node, char, seat, out)
            for k in range(count):
                other = out[k]
                arriving = bits if piece_bomb else entered(state, other, bits, mandatory)
                if not layered:
                    arriving &= ~(visited[other] >> shift) & 255
                if arriving == 0:
                    continue
                if following[other] == 0:
                    reached[n_reached] = other
                    n_reached += 1
                following[other] |= arriving
        for i in range(n_reached):
            node = reached[i]
            frontier[i] = node
            current[node] = following[node]
            following[node] = 0
            visited[node] |= current[node] << shift
            if layered and (up_to or step == steps - 1):
                result[node] |= current[node]
        n_frontier = n_reached
        if step == 0 and n_reached == 0:
            return  # not a single step: no end at all
    for i in range(n_frontier):
        current[frontier[i]] = 0
    if not layered:
        shift = 8 * (steps & 1)
        for node in range(N_NODES):
            result[node] = (visited[node] >> shift) & 255


@njit(cache=True)
def simple_paths(state, piece_bomb, char, seat, start, steps, up_to, mandatory, result, stack, first_only):
    """``reach`` for ``move-no-revisit`` (A3 variant): depth-first over simple paths, every path
    walked (their number grows about 7-fold per step: a few ms for a Movement 7), or, with
    ``first_only``, until the first legal end."""
    # stack layout: path nodes [10:20], next neighbour index [20:30], bits [30:40],
    # neighbours [40:120] (10 per depth), neighbour counts [130:140], visited [200:200 + N_NODES]
    visited = stack[200:200 + N_NODES]
    for node in range(N_NODES):
        visited[node] = 0
    depth = 0
    stack[10] = start
    stack[20] = 0
    stack[30] = 1
    visited[start] = 1
    neighbours = stack[40:40 + 10 * 8]
    if piece_bomb:
        stack[130] = bomb_neighbours(state, start, seat, neighbours[0:10])
    else:
        stack[130] = character_neighbours(state, start, char, seat, neighbours[0:10])
    while depth >= 0:
        index = stack[20 + depth]
        if index >= stack[130 + depth] or depth == steps:
            visited[stack[10 + depth]] = 0
            depth -= 1
            continue
        stack[20 + depth] = index + 1
        other = neighbours[depth * 10 + index]
        if visited[other] == 1:
            continue
        bits = stack[30 + depth] if piece_bomb else entered(state, other, stack[30 + depth], mandatory)
        if up_to or depth + 1 == steps:
            result[other] |= bits
            if first_only and legal_end(state, piece_bomb, char, seat, other, bits, start >= BOAT_NODE):
                return
        if depth + 1 < steps:
            depth += 1
            stack[10 + depth] = other
            stack[20 + depth] = 0
            stack[30 + depth] = bits
            visited[other] = 1
            if piece_bomb:
                stack[130 + depth] = bomb_neighbours(state, other, seat, neighbours[depth * 10:depth * 10 + 10])
            else:
                stack[130 + depth] = character_neighbours(state, other, char, seat,
                                                          neighbours[depth * 10:depth * 10 + 10])


@njit(cache=True, inline="always")
def character_end_ok(state, node, subset, start_is_boat):
    """Whether a character may end its move at ``node`` carrying bomb subset ``subset``: a bomb's
    square only when carrying that bomb away (A8); its own boat only with nothing carried (carried
    bombs are placed around the character on the island, R29)."""
    if node >= BOAT_NODE:
        return subset == 0
    bomb = state[SQ_BOMB + node]
    return bomb < 0 or (subset >> bomb & 1) == 1


@njit(cache=True)
def legal_end(state, piece_bomb, piece, seat, node, bits, start_is_boat):
    """Whether ``node`` reached with the carried subsets ``bits`` is a legal end of the move of
    ``piece`` (a bomb id if ``piece_bomb``, else a character of ``seat``): the filter of
    ``move_destination_options`` (R32: a bomb ends on a free square or in an enemy boat; A7: a
    character's only boat is its own; A8, R29: ``character_end_ok``)."""
    if piece_bomb:
        return node >= BOAT_NODE or is_free_square(state, node, piece)
    if node >= BOAT_NODE and node != BOAT_NODE + seat:
        return False
    for subset in range(8):
        if bits >> subset & 1 and character_end_ok(state, node, subset, start_is_boat):
            return True
    return False


@njit(cache=True)
def can_step_somewhere(state, char, seat, out):
    """Fast legality check of a character move under the default readings (exact N, revisits,
    optional carrying): a step to any node lets the walk bounce between two nodes, both valid
    ends (the start is vacated; a bomb square is ended on by carrying its bomb)."""
    return character_neighbours(state, state[CHAR_LOC + char], char, seat, out) > 0


@njit(cache=True)
def own_characters_aboard(state, seat):
    """Characters of ``seat`` in its own boat (not prisoners)."""
    count = 0
    for char in range(N_CHARACTERS):
        if state[CHAR_OWNER + char] == seat and state[CHAR_CAPTOR + char] < 0 and state[CHAR_LOC + char] == BOAT_NODE + seat:
            count += 1
    return count


@njit(cache=True)
def free_characters(state, seat):
    """Free characters of ``seat`` (R47: the last free one killed or captured eliminates)."""
    count = 0
    for char in range(N_CHARACTERS):
        if state[CHAR_OWNER + char] == seat and is_free_character(state, char):
            count += 1
    return count


@njit(cache=True)
def free_squares_around(state, square, options, count, marks):
    """Append the free squares around ``square`` (A5, A10) to ``options`` (deduplicated with
    ``marks``, N_NODES zeros on entry, left set); returns the new count."""
    for k in range(8):
        other = state[NEIGH_ADJ + square * 8 + k]
        if other < 0:
            break
        if marks[other] == 0 and is_free_square(state, other, -1):
            marks[other] = 1
            options[count] = other
            count += 1
    return count


@njit(cache=True)
def nearest_free_squares(state, square, options, distance, queue):
    """A11: the free squares nearest to ``square`` (breadth-first over the 'à 1 case' table); all
    squares at the smallest distance, the placing player chooses.  Returns their count."""
    for node in range(MAX_SQUARES):
        distance[node] = -1
    distance[square] = 0
    head = 0
    tail = 1
    queue[0] = square
    best = -1
    count = 0
    while head < tail:
        node = queue[head]
        head += 1
        if best >= 0 and distance[node] >= best:
            break
        for k in range(8):
            other = state[NEIGH_ADJ + node * 8 + k]
            if other < 0:
                break
            if distance[other] >= 0:
                continue
            distance[other] = distance[node] + 1
            queue[tail] = other
            tail += 1
            if is_free_square(state, other, -1) and (best < 0 or distance[other] == best):
                best = distance[other]
                options[count] = other
                count += 1
    return count


@njit(cache=True)
def seat_after(state, seat):
    """The next surviving seat clockwise after ``seat`` (R9)."""
    players = state[PLAYERS]
    for step in range(1, MAX_PLAYERS + 1):
        other = (seat + step) % players
        if state[ALIVE + other] == 1:
            return other
    return seat


@njit(cache=True)
def step_refused(state, char, seat, start, steps, distance, queue, out):
    """R19 counter: whether a square occupied by another character refused a step of this move:
    such a square lies one step (movement table, or boat <-> Anchor) from a node the character
    reaches, over unoccupied squares, before its last step.  ``distance`` and ``queue``: N_NODES
    entries of work space; ``out``: 10."""
    for node in range(N_NODES):
        distance[node] = -1
    distance[start] = 0
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        node = queue[head]
        head += 1
        if distance[node] >= steps:
            continue
        if occupied_step(state, node, char, seat):
            return True
        count = character_neighbours(state, node, char, seat, out)
        for k in range(count):
            other = out[k]
            if distance[other] < 0:
                distance[other] = distance[node] + 1
                queue[tail] = other
                tail += 1
    return False


@njit(cache=True, inline="always")
def occupied_step(state, node, char, seat):
    """Whether a step from ``node`` leads onto a square occupied by a character other than
    ``char`` (R19)."""
    if node >= BOAT_NODE:
        occupant = state[SQ_CHAR + state[BOAT_ANCHOR + node - BOAT_NODE]]
        return occupant >= 0 and occupant != char
    for k in range(8):
        other = state[NEIGH_MOVE + node * 8 + k]
        if other < 0:
            break
        occupant = state[SQ_CHAR + other]
        if occupant >= 0 and occupant != char:
            return True
    return False
