"""Tobago rules (numba): setup, clues, movement, amulets, raising and sharing treasures.

Each function cites the rule ids of the spec's checklist (``R1``..``R65``, ambiguities ``A1``..)
it implements; ``docs/games/tobago.md`` maps every rule to its function.  The island tables are
module-level arrays of ``island.py`` (constants to numba), indexed by ``state[ISLAND]``.
"""

import numpy as np
from numba import njit

from simulator.core.engine.gamelog import append_record
from simulator.core.engine.rng import random_below, shuffle_prefix
from simulator.games.tobago.components import (
    CURSE,
    MAX_GOLD,
    MIN_GOLD,
    N_HUTS,
    N_MAPS,
    N_PALMS,
    N_STATUES,
)
from simulator.games.tobago.island import (
    ALL_BITS,
    COAST,
    DISTANCE,
    LARGEST_BASE,
    LEG_MASK,
    N_WORDS,
    RAY_END,
    RAY_FIRST_COAST,
    REL_IN,
    REL_IN_SIGHT,
    REL_NEXT_TO,
    RELATION_MASK,
    SEA,
    SEA_AREA,
    SIGHT_DISTANCE,
    N_AREAS,
    N_HEXES,
    WORD_BITS,
)
from simulator.games.tobago.state import (
    AMULET_AT,
    AMULET_SUPPLY,
    AMULET_USES,
    AMULETS_HELD,
    AMULETS_OUT,
    ATV_HEX,
    CARD_MASK,
    CLUE_DECK,
    CLUE_DECK_COUNT,
    CLUE_DISCARD,
    CLUE_DISCARD_COUNT,
    CURSES_OUT,
    DEAL_STREAM,
    EV_AMULET_APPEAR,
    EV_AMULET_PICK,
    EV_AMULET_USE,
    EV_CLUE,
    EV_LOCATED,
    FIRED_AMULETS_AT_SETUP,
    FLAG_AMULET_FIRST_COAST,
    FLAG_AMULETS_SPENT_REMOVED,
    FLAG_CLUE_MUST_SHRINK,
    FLAG_CURSES_ANYWHERE,
    FLAG_LANDMARKS_ALL_APART,
    FLAG_STATUES_ANTICLOCKWISE,
    FLAGS,
    GAME_ENDING,
    GOLD_DECK,
    GOLD_DECK_COUNT,
    GOLD_DISCARD,
    GOLD_DISCARD_HIDDEN,
    GOLD_DISCARD_HIDDEN_COUNT,
    HAND,
    HAND_COUNT,
    HAND_LIMIT,
    HELD,
    ISLAND,
    LANDMARK_HEX,
    LANDMARK_MASK,
    LOG_COUNT,
    MAP_CAND,
    MAP_CARD,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_REMOVED,
    MAP_ROSE,
    MAX_HAND,
    MAX_MAP_CLUES,
    N_HEX,
    PLAYERS,
    REFILLS,
    ROSES,
    SHARE_MAP,
    STAT_AMULETS_PICKED,
    STAT_AMULETS_USED,
    STAT_CLUES,
    STATUE_FACING,
    R_BASE,
    FIRST_PALM,
    FIRST_STATUE,
    RULE_HUTS,
    RULE_PALMS,
    RULE_STATUES,
    RULE_CLUE_CARDS,
    RULE_EXTRA_CARDS,
    RULE_CURSE_FREE_TOP,
    RULE_CURSES,
    RULE_GOLD_COUNT,
    RULE_MARKERS,
    RULE_N_CLUES,
    RULE_N_GOLD,
    RULE_SIGHT,
    RULE_SPACING,
)

POPCOUNT16 = np.array([bin(i).count("1") for i in range(1 << 16)], dtype=np.int8)
MASK16 = (1 << 16) - 1


# ---------------------------------------------------------------- small helpers

@njit(cache=True)
def log_event(log, state, code, a, b, c, d, e):
    """Append ``[code, a, b, c, d, e]`` when logging is on (a log array with rows)."""
    append_record(log, state, LOG_COUNT, code, a, b, c, d, e)


@njit(cache=True)
def popcount(word):
    """Set bits of a non-negative 52-bit word."""
    return (np.int64(POPCOUNT16[word & MASK16]) + np.int64(POPCOUNT16[(word >> 16) & MASK16])
            + np.int64(POPCOUNT16[(word >> 32) & MASK16]) + np.int64(POPCOUNT16[(word >> 48) & MASK16]))  # fmt: skip


@njit(cache=True)
def has_hex(state, offset, hex_index):
    """Whether bitset ``state[offset:offset + N_WORDS]`` holds ``hex_index``."""
    return (state[offset + hex_index // WORD_BITS] >> (hex_index % WORD_BITS)) & 1


@njit(cache=True)
def first_hex(state, offset):
    """Lowest hex of a bitset in the state, -1 when empty."""
    for w in range(N_WORDS):
        word = state[offset + w]
        if word != 0:
            b = 0
            while (word >> b) & 1 == 0:
                b += 1
            return w * WORD_BITS + b
    return -1


@njit(cache=True)
def candidate_count(state, map_index):
    """Hexes where map ``map_index``'s treasure can still be."""
    total = 0
    for w in range(N_WORDS):
        total += popcount(state[MAP_CAND + map_index * N_WORDS + w])
    return total


@njit(cache=True)
def marker_threshold(state):
    """R16 / A2: markers go down at 17 matching hexes or fewer (setting markers_per_map; preset
    markers-below-17: fewer than 17)."""
    return state[FLAGS + RULE_MARKERS]


@njit(cache=True)
def is_located(state, map_index):
    """R44: a treasure can be raised once one marker of its colour remains."""
    return state[MAP_MARKERS_DOWN + map_index] == 1 and state[MAP_MARKERS + map_index] == 1 and \
        state[SHARE_MAP] != map_index


@njit(cache=True)
def located_at(state, hex_index):
    """Bitmask of the maps whose located treasure lies on ``hex_index`` (R43: several may)."""
    maps = 0
    for m in range(N_MAPS):
        if is_located(state, m) and has_hex(state, MAP_CAND + m * N_WORDS, hex_index) == 1:
            maps |= 1 << m
    return maps


@njit(cache=True)
def deal(state):
    """The deal stream kept in the state (a uint64 view)."""
    return state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)


# ---------------------------------------------------------------- setup

@njit(cache=True)
def place_landmarks(state, deal_stream):
    """R3: 3 statues (not on the coast, facing a neighbour), then 4 huts, then 3 palm trees
    (settings statues, huts, palm_trees: their slots of ``LANDMARK_HEX`` past the count stay -1);
    A25: identical ones at least ``landmark_spacing`` (4) hexes apart (variant
    landmarks-all-apart: any two)."""
    spacing_all = state[FLAGS + FLAG_LANDMARKS_ALL_APART] == 1
    spacing = state[FLAGS + RULE_SPACING]
    n_huts = state[FLAGS + RULE_HUTS]
    n_statues = state[FLAGS + RULE_STATUES]
    for k in range(N_HUTS + N_PALMS + N_STATUES):
        state[LANDMARK_HEX + k] = -1
    # statues first (generator order), stored after huts and palms
    island = state[ISLAND]
    n_hex = state[N_HEX]
    for _attempt in range(100000):
        ok = True
        for k in range(n_statues):
            h = random_below(deal_stream, n_hex)
            state[LANDMARK_HEX + FIRST_STATUE + k] = h
            if COAST[island, h] == 1:
                ok = False
            for j in range(k):
                if DISTANCE[island, state[LANDMARK_HEX + FIRST_STATUE + j], h] < spacing:
                    ok = False
        if ok:
            break
    for k in range(n_statues):
        state[STATUE_FACING + k] = random_below(deal_stream, 6)
    # huts then palms among the hexes still free
    for group in range(2):
        first = 0 if group == 0 else FIRST_PALM
        count = n_huts if group == 0 else state[FLAGS + RULE_PALMS]
        placed_before = 0 if group == 0 else n_huts
        for _attempt in range(100000):
            ok = True
            for k in range(count):
                h = random_below(deal_stream, n_hex)
                state[LANDMARK_HEX + first + k] = h
                for s in range(n_statues):
                    other = state[LANDMARK_HEX + FIRST_STATUE + s]
                    if other == h or (spacing_all and DISTANCE[island, other, h] < spacing):
                        ok = False
                for j in range(placed_before):
                    other = state[LANDMARK_HEX + j]
                    if other == h or (spacing_all and DISTANCE[island, other, h] < spacing):
                        ok = False
                for j in range(first, first + k):
                    if DISTANCE[island, state[LANDMARK_HEX + j], h] < spacing:
                        ok = False
            if ok:
                break


@njit(cache=True)
def landmark_masks(state):
    """Spec 1.3 for the landmark kinds (hut, palm tree, statue) of this game's placement: in,
    next to (not on one, a neighbour holds one), in sight of (not on one, 1 to ``sight_distance``
    (2) hexes away, R22)."""
    island = state[ISLAND]
    sight = state[FLAGS + RULE_SIGHT]
    for i in range(3 * 3 * N_WORDS):
        state[LANDMARK_MASK + i] = 0
    for kind in range(3):
        first = 0 if kind == 0 else (FIRST_PALM if kind == 1 else FIRST_STATUE)
        count = state[FLAGS + RULE_HUTS + kind]  # RULE_HUTS, RULE_PALMS, RULE_STATUES
        for h in range(state[N_HEX]):
            nearest = 99
            for k in range(count):
                d = DISTANCE[island, h, state[LANDMARK_HEX + first + k]]
                if d < nearest:
                    nearest = d
            word = h // WORD_BITS
            bit = 1 << (h % WORD_BITS)
            if nearest == 0:
                state[LANDMARK_MASK + (kind * 3 + REL_IN) * N_WORDS + word] |= bit
            if nearest == 1:
                state[LANDMARK_MASK + (kind * 3 + REL_NEXT_TO) * N_WORDS + word] |= bit
            if 1 <= nearest <= sight:
                state[LANDMARK_MASK + (kind * 3 + REL_IN_SIGHT) * N_WORDS + word] |= bit


@njit(cache=True)
def card_masks(state):
    """R23 / spec 1.3: the hexes each clue card of this game's deck (setting clue_cards) matches.
    'not ...' is the complement of the positive relation on the island, so 'not next to' and 'not
    in sight of' keep the place itself (R21) while 'in sight of' excludes it (R22).  R22's reach is
    the setting sight_distance: the island tables hold it for the default (2); for another value
    the 'in sight of' masks of the terrains and the sea are computed here (``sight_masks``)."""
    island = state[ISLAND]
    cards = FLAGS + RULE_CLUE_CARDS
    own_sight = state[FLAGS + RULE_SIGHT] != SIGHT_DISTANCE
    sight = np.zeros((N_AREAS, N_WORDS), dtype=np.int64)
    if own_sight:
        sight_masks(state, island, state[FLAGS + RULE_SIGHT], sight)
    for card in range(state[FLAGS + RULE_N_CLUES]):
        relation = state[cards + card * 4]
        negated = state[cards + card * 4 + 1]
        feature = state[cards + card * 4 + 2]
        largest = state[cards + card * 4 + 3]
        for w in range(N_WORDS):
            if feature <= SEA:
                area = SEA_AREA if feature == SEA else (feature + LARGEST_BASE if largest == 1 else feature)
                if own_sight and relation == REL_IN_SIGHT:
                    mask = sight[area, w]
                else:
                    mask = RELATION_MASK[island, area, relation, w]
            else:
                mask = state[LANDMARK_MASK + ((feature - SEA - 1) * 3 + relation) * N_WORDS + w]
            if negated == 1:
                mask = ALL_BITS[island, w] & ~mask
            state[CARD_MASK + card * N_WORDS + w] = mask


@njit(cache=True)
def sight_masks(state, island, sight, masks):
    """R22 with a reach of ``sight`` hexes (setting sight_distance): ``masks[area]`` = the hexes
    not in the area and 1 to ``sight`` hexes from it (``island.RELATION_MASK``'s areas: the
    terrains, their largest areas); for the sea, the hexes at most ``sight - 1`` from a coast hex
    (a sea position is one hex beyond the coast)."""
    n_hex = N_HEXES[island]
    for area in range(N_AREAS):
        if area == SEA_AREA:
            for h in range(n_hex):
                for c in range(n_hex):
                    if COAST[island, c] == 1 and DISTANCE[island, h, c] <= sight - 1:
                        masks[area, h // WORD_BITS] |= 1 << (h % WORD_BITS)
                        break
            continue
        for h in range(n_hex):
            if (RELATION_MASK[island, area, REL_IN, h // WORD_BITS] >> (h % WORD_BITS)) & 1:
                continue
            for f in range(n_hex):
                if (RELATION_MASK[island, area, REL_IN, f // WORD_BITS] >> (f % WORD_BITS)) & 1 \
                        and DISTANCE[island, h, f] <= sight:
                    masks[area, h // WORD_BITS] |= 1 << (h % WORD_BITS)
                    break


@njit(cache=True)
def build_gold_deck(state, deal_stream):
    """R4: shuffle the 39 gold cards (setting gold_cards), shuffle the 2 curses (curse_cards) into
    27 of them, put the other 12 (curse_free_top) on top (variant curses-anywhere: the curses
    anywhere).  The top is the end of the array."""
    n = 0
    for value in range(MIN_GOLD, MAX_GOLD + 1):
        for _ in range(state[FLAGS + RULE_GOLD_COUNT + value]):
            state[GOLD_DECK + n] = value
            n += 1
    n_gold = state[FLAGS + RULE_N_GOLD]
    n_curses = state[FLAGS + RULE_CURSES]
    safe_top = state[FLAGS + RULE_CURSE_FREE_TOP]
    deck = state[GOLD_DECK:GOLD_DECK + n_gold + n_curses]
    shuffle_prefix(deck, n_gold, deal_stream)
    # the safe cards are deck[n_gold - safe_top:n_gold]; move them to the top, the rest + curses below
    bottom = n_gold - safe_top
    for k in range(safe_top):
        deck[n_gold + n_curses - 1 - k] = deck[n_gold - 1 - k]
    for k in range(n_curses):
        deck[bottom + k] = CURSE
    if state[FLAGS + FLAG_CURSES_ANYWHERE] == 1:
        shuffle_prefix(deck, n_gold + n_curses, deal_stream)
    else:
        shuffle_prefix(deck, bottom + n_curses, deal_stream)
    state[GOLD_DECK_COUNT] = n_gold + n_curses
    state[R_BASE + 4] += 1


# ---------------------------------------------------------------- clue cards

@njit(cache=True)
def reshuffle_clue_discard(state):
    """R20: when the clue deck is empty, the discards are shuffled into a new deck."""
    n = state[CLUE_DISCARD_COUNT]
    for k in range(n):
        state[CLUE_DECK + k] = state[CLUE_DISCARD + k]
    state[CLUE_DECK_COUNT] = n
    state[CLUE_DISCARD_COUNT] = 0
    shuffle_prefix(state[CLUE_DECK:CLUE_DECK + n], n, deal(state))
    state[R_BASE + 20] += 1


@njit(cache=True)
def draw_clue(state, seat):
    """Draw the top clue card into ``seat``'s hand; False when none is left anywhere."""
    if state[CLUE_DECK_COUNT] == 0:
        if state[CLUE_DISCARD_COUNT] == 0:
            return False
        reshuffle_clue_discard(state)
    state[CLUE_DECK_COUNT] -= 1
    count = state[HAND_COUNT + seat]
    state[HAND + seat * MAX_HAND + count] = state[CLUE_DECK + state[CLUE_DECK_COUNT]]
    state[HAND_COUNT + seat] = count + 1
    return True


@njit(cache=True)
def hand_limit(state, seat):
    """R8: the clue cards ``seat`` holds: hand_size and its seatK_extra_cards."""
    return state[HAND_LIMIT] + state[FLAGS + RULE_EXTRA_CARDS + seat]


@njit(cache=True)
def refill_hand(state, seat):
    """R15 / R8: draw back up to the hand size (setting hand_size: 4, 6 at 2 players; plus the
    seat's handicap seatK_extra_cards)."""
    while state[HAND_COUNT + seat] < hand_limit(state, seat):
        if not draw_clue(state, seat):
            return


@njit(cache=True)
def take_from_hand(state, seat, slot):
    """Remove the card in ``slot`` (the last card fills the gap) and return it."""
    count = state[HAND_COUNT + seat]
    card = state[HAND + seat * MAX_HAND + slot]
    state[HAND + seat * MAX_HAND + slot] = state[HAND + seat * MAX_HAND + count - 1]
    state[HAND + seat * MAX_HAND + count - 1] = -1
    state[HAND_COUNT + seat] = count - 1
    return card


@njit(cache=True)
def discard_clue(state, card):
    state[CLUE_DISCARD + state[CLUE_DISCARD_COUNT]] = card
    state[CLUE_DISCARD_COUNT] += 1


@njit(cache=True)
def clue_is_legal(state, card, map_index):
    """R18: the clue must leave at least one possible hex; R19: with markers down it must remove
    at least one (A3: before markers, a clue that changes nothing is legal; variant
    clue-must-shrink: never)."""
    return clue_refusal(state, card, map_index) == 0


@njit(cache=True)
def clue_refusal(state, card, map_index):
    """0 when the clue is legal on the map, 18 when it contradicts the earlier clues (R18), 19
    when it removes no marker (R19 / A3)."""
    kept = 0
    same = True
    for w in range(N_WORDS):
        cand = state[MAP_CAND + map_index * N_WORDS + w]
        new = cand & state[CARD_MASK + card * N_WORDS + w]
        kept |= new
        if new != cand:
            same = False
    if kept == 0:
        return 18
    if same and (state[MAP_MARKERS_DOWN + map_index] == 1 or state[FLAGS + FLAG_CLUE_MUST_SHRINK] == 1):
        return 19
    return 0


@njit(cache=True)
def clue_options(state, seat, options):
    """R13: every (hand card, map) pair where the clue is legal; option = slot | map << 3."""
    n = 0
    if state[ROSES + seat] == 0:  # A30: a clue needs a rose (R14)
        return 0
    for slot in range(state[HAND_COUNT + seat]):
        card = state[HAND + seat * MAX_HAND + slot]
        for m in range(N_MAPS):
            if state[SHARE_MAP] == m:
                continue
            refusal = clue_refusal(state, card, m)
            if refusal == 0:
                options[n] = slot | (m << 3)
                n += 1
            else:
                state[R_BASE + refusal] += 1
    return n


@njit(cache=True)
def has_legal_clue(state, seat):
    if state[ROSES + seat] == 0:
        return False
    for slot in range(state[HAND_COUNT + seat]):
        card = state[HAND + seat * MAX_HAND + slot]
        for m in range(N_MAPS):
            if state[SHARE_MAP] != m and clue_is_legal(state, card, m):
                return True
    return False


@njit(cache=True)
def lay_clue(state, seat, card, map_index, log):
    """R13 / R14: the card goes below the map's last clue with one of ``seat``'s roses; the map's
    candidates shrink; R16: markers go down once few enough hexes match; R17: each later clue
    removes markers."""
    position = state[MAP_LEN + map_index]
    state[MAP_CARD + map_index * MAX_MAP_CLUES + position] = card
    state[MAP_ROSE + map_index * MAX_MAP_CLUES + position] = seat
    state[MAP_LEN + map_index] = position + 1
    state[ROSES + seat] -= 1
    state[STAT_CLUES + seat] += 1
    state[R_BASE + 13] += 1
    state[R_BASE + 14] += 1
    state[R_BASE + 23] += 1
    relation = state[FLAGS + RULE_CLUE_CARDS + card * 4]
    negated = state[FLAGS + RULE_CLUE_CARDS + card * 4 + 1]
    if negated == 1 and relation != REL_IN:
        state[R_BASE + 21] += 1  # R21: 'not next to' / 'not in sight of' keep the place itself
    elif negated == 0 and relation == REL_IN_SIGHT:
        state[R_BASE + 22] += 1  # R22: 'in sight of' eliminates the place itself
    for w in range(N_WORDS):
        state[MAP_CAND + map_index * N_WORDS + w] &= state[CARD_MASK + card * N_WORDS + w]
    update_markers(state, map_index, log)
    log_event(log, state, EV_CLUE, seat, map_index, card, candidate_count(state, map_index),
              state[MAP_MARKERS + map_index])


@njit(cache=True)
def update_markers(state, map_index, log):
    """R16 / R17 and A2: markers on every possible hex once they fit (<= 17); then their count
    follows the candidates; one left = the treasure is located (R44)."""
    count = candidate_count(state, map_index)
    if state[MAP_MARKERS_DOWN + map_index] == 0:
        if count <= marker_threshold(state):
            state[MAP_MARKERS_DOWN + map_index] = 1
            state[MAP_MARKERS + map_index] = count
            state[R_BASE + 16] += 1
    else:
        if count < state[MAP_MARKERS + map_index]:
            state[R_BASE + 17] += 1
        state[MAP_MARKERS + map_index] = count
    if state[MAP_MARKERS_DOWN + map_index] == 1 and count == 1:
        log_event(log, state, EV_LOCATED, map_index, first_hex(state, MAP_CAND + map_index * N_WORDS), 0, 0, 0)


@njit(cache=True)
def clear_map(state, map_index):
    """A31: the clue cards of a finished map go to the discard, the roses back to their owners."""
    for i in range(state[MAP_LEN + map_index] + 1):
        card = state[MAP_CARD + map_index * MAX_MAP_CLUES + i]
        owner = state[MAP_ROSE + map_index * MAX_MAP_CLUES + i]
        if i < state[MAP_LEN + map_index]:
            discard_clue(state, card)
        if owner >= 0:
            state[ROSES + owner] += 1
        state[MAP_CARD + map_index * MAX_MAP_CLUES + i] = -1
        state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] = -1
    state[MAP_LEN + map_index] = 0
    island = state[ISLAND]
    for w in range(N_WORDS):
        state[MAP_CAND + map_index * N_WORDS + w] = ALL_BITS[island, w]
        state[MAP_REMOVED + map_index * N_WORDS + w] = 0
    state[MAP_MARKERS + map_index] = 0
    state[MAP_MARKERS_DOWN + map_index] = 0


@njit(cache=True)
def exchange_hand(state, seat, subset):
    """R12 / R42 / A11: discard the hand slots in ``subset`` (bitmask; the whole hand by default)
    and draw as many back (the new cards come from the deck, reshuffled if empty, R20)."""
    count = state[HAND_COUNT + seat]
    kept = 0
    removed = 0
    for slot in range(count):
        card = state[HAND + seat * MAX_HAND + slot]
        if (subset >> slot) & 1:
            discard_clue(state, card)
            removed += 1
        else:
            state[HAND + seat * MAX_HAND + kept] = card
            kept += 1
    for slot in range(kept, count):
        state[HAND + seat * MAX_HAND + slot] = -1
    state[HAND_COUNT + seat] = kept
    for _ in range(removed):
        if not draw_clue(state, seat):
            break
    return removed


# ---------------------------------------------------------------- amulets

@njit(cache=True)
def statues_emit(state, turn, log):
    """R30: each statue makes an amulet appear on the hex at the sea's edge along its gaze (A5:
    the last island hex of the straight line; variant: the first coast hex), then turns 1/6
    clockwise (A7).  R31: never two on one hex (A6: none appears, the statue still turns);
    R32: it may land under a landmark; A8: none when the supply is empty."""
    island = state[ISLAND]
    for s in range(state[FLAGS + RULE_STATUES]):  # setting statues
        statue = state[LANDMARK_HEX + FIRST_STATUE + s]
        facing = state[STATUE_FACING + s]
        target = RAY_END[island, statue, facing]
        if state[FLAGS + FLAG_AMULET_FIRST_COAST] == 1 and RAY_FIRST_COAST[island, statue, facing] >= 0:
            target = RAY_FIRST_COAST[island, statue, facing]
        placed = target
        if state[AMULET_AT + target] == 1:
            state[R_BASE + 31] += 1
            placed = -1
        elif state[AMULET_SUPPLY] == 0:
            placed = -1
        else:
            state[AMULET_AT + target] = 1
            state[AMULET_SUPPLY] -= 1
            for k in range(N_HUTS + N_PALMS + N_STATUES):  # (an empty slot is -1)
                if state[LANDMARK_HEX + k] == target:
                    state[R_BASE + 32] += 1
        if turn:
            step = 5 if state[FLAGS + FLAG_STATUES_ANTICLOCKWISE] == 1 else 1
            state[STATUE_FACING + s] = (facing + step) % 6
            state[R_BASE + 30] += 1
        else:
            state[FIRED_AMULETS_AT_SETUP] += 1
        log_event(log, state, EV_AMULET_APPEAR, s, placed, state[STATUE_FACING + s], 0, 0)


@njit(cache=True)
def pick_amulet(state, seat, hex_index, free, log):
    """Take the amulet lying on ``hex_index`` (R35 at the turn start, R29 at the end of a leg)."""
    state[AMULET_AT + hex_index] = 0
    state[AMULETS_HELD + seat] += 1
    state[STAT_AMULETS_PICKED + seat] += 1
    log_event(log, state, EV_AMULET_PICK, seat, hex_index, free, 0, 0)


@njit(cache=True)
def spend_amulet(state, seat, use, log):
    """R36 / R37: an amulet used for one extra effect goes back to the supply (A8; variant
    amulets-spent-removed: out of the game)."""
    state[AMULETS_HELD + seat] -= 1
    if state[FLAGS + FLAG_AMULETS_SPENT_REMOVED] == 1:
        state[AMULETS_OUT] += 1
    else:
        state[AMULET_SUPPLY] += 1
    state[STAT_AMULETS_USED + seat] += 1
    state[AMULET_USES + use] += 1
    state[R_BASE + 36] += 1
    state[R_BASE + 37] += 1
    log_event(log, state, EV_AMULET_USE, seat, use, 0, 0, 0)


# ---------------------------------------------------------------- movement

@njit(cache=True)
def leg_options(state, seat, legs_used, options):
    """R24 / R25: a leg ends on a hex of the ATV's area or on a neighbour of another terrain
    (R26: other ATVs never block); LEG_STOP (-1) ends the move after the first leg."""
    island = state[ISLAND]
    here = state[ATV_HEX + seat]
    n = 0
    for w in range(N_WORDS):
        word = LEG_MASK[island, here, w]
        b = 0
        while word != 0:
            if word & 1:
                options[n] = w * WORD_BITS + b
                n += 1
            word >>= 1
            b += 1
    if legs_used > 0:
        options[n] = -1
        n += 1
    return n


# ---------------------------------------------------------------- gold

@njit(cache=True)
def draw_gold(state):
    """The top gold card.  R63: the deck running out marks the game's last share; R64: a share
    still short takes cards from the (shuffled) discard.  -1 when nothing is left anywhere."""
    if state[GOLD_DECK_COUNT] > 0:
        state[GOLD_DECK_COUNT] -= 1
        if state[GOLD_DECK_COUNT] == 0:
            state[GAME_ENDING] = 1
            state[R_BASE + 63] += 1
        return state[GOLD_DECK + state[GOLD_DECK_COUNT]]
    shuffle_discard_face_down(state)
    total = state[GOLD_DISCARD_HIDDEN_COUNT]
    if total == 0:
        return -1
    pick = random_below(deal(state), total)
    for value in range(MAX_GOLD + 1):
        if pick < state[GOLD_DISCARD_HIDDEN + value]:
            state[GOLD_DISCARD_HIDDEN + value] -= 1
            state[GOLD_DISCARD_HIDDEN_COUNT] -= 1
            state[REFILLS] += 1
            state[R_BASE + 64] += 1
            return value
        pick -= state[GOLD_DISCARD_HIDDEN + value]
    return -1


@njit(cache=True)
def shuffle_discard_face_down(state):
    """R64: the discard is shuffled face down to complete the last share, so from then on
    nobody knows which of its cards are left: the face-up cards join the face-down ones."""
    for value in range(MAX_GOLD + 1):
        state[GOLD_DISCARD_HIDDEN + value] += state[GOLD_DISCARD + value]
        state[GOLD_DISCARD_HIDDEN_COUNT] += state[GOLD_DISCARD + value]
        state[GOLD_DISCARD + value] = 0


@njit(cache=True)
def discard_face_up(state, value):
    """A card every player saw (turned up and declined by all, A19; lost to a curse, R55, from a
    public holding, A23; a revealed curse under curse-reshuffled, A21) to the face-up discard."""
    state[GOLD_DISCARD + value] += 1


@njit(cache=True)
def discard_face_down(state, value):
    """A pool card never turned up (R53 / R54; an unrevealed curse among them) to the discard
    face down: its value stays hidden, only the count of such cards is public."""
    state[GOLD_DISCARD_HIDDEN + value] += 1
    state[GOLD_DISCARD_HIDDEN_COUNT] += 1


@njit(cache=True)
def discard_size(state):
    """Cards in the gold discard, face up and face down (public)."""
    total = state[GOLD_DISCARD_HIDDEN_COUNT]
    for value in range(MAX_GOLD + 1):
        total += state[GOLD_DISCARD + value]
    return total


@njit(cache=True)
def gold_held(state, seat):
    total = 0
    for value in range(MIN_GOLD, MAX_GOLD + 1):
        total += state[HELD + seat * 7 + value]
    return total


@njit(cache=True)
def coins_held(state, seat):
    total = 0
    for value in range(MIN_GOLD, MAX_GOLD + 1):
        total += value * state[HELD + seat * 7 + value]
    return total


@njit(cache=True)
def highest_gold(state, seat):
    for value in range(MAX_GOLD, MIN_GOLD - 1, -1):
        if state[HELD + seat * 7 + value] > 0:
            return value
    return 0


@njit(cache=True)
def roses_on_map(state, map_index, seat):
    """Roses ``seat`` still has on the map (clue roses and the raiser's)."""
    n = 0
    for i in range(state[MAP_LEN + map_index] + 1):
        if state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] == seat:
            n += 1
    return n


@njit(cache=True)
def total_amulets(state):
    n = state[AMULET_SUPPLY] + state[AMULETS_OUT]
    for h in range(state[N_HEX]):
        n += state[AMULET_AT + h]
    for seat in range(state[PLAYERS]):
        n += state[AMULETS_HELD + seat]
    return n

