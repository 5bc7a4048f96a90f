"""Skirmish rules (numba): what each card and chest does, the legal options of every decision,
eliminations and the end of the game.  Each rule cites its id in the spec's checklist (R1..R51)
or ambiguity (A1..A33); ``state[FIRED_Rk] += 1`` counts it where it takes effect.

Scratch (SCRATCH block, no meaning between steps), in N_NODES slices: 0 reach result,
1 current layer, 2 next layer, 3-5 search stack, 6 marks / distances, 7 queue / buffer,
8 reach's visited states.
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import random_below, shuffle_prefix
from simulator.core.engine.standings import record_checkpoint as core_record_checkpoint
from simulator.games.skirmish.board import (
    boat_at,
    can_step_somewhere,
    character_end_ok,
    free_characters,
    free_squares_around,
    is_adjacent,
    is_free_character,
    is_free_square,
    is_usable,
    legal_end,
    log_event,
    nearest_free_squares,
    on_island,
    own_characters_aboard,
    reach,
    step_refused,
)
from simulator.games.skirmish.cards import (
    add_to_hand,
    card_type,
    discard,
    draw_one,
    draw_to_full,
    hand_to_played_pile,
    held,
    random_card_of,
    take_from_hand,
    to_played_pile,
)
from simulator.games.skirmish.state import *  # noqa: F403  (named offsets and codes, folded by numba)

N = N_NODES


@njit(cache=True)
def scratch(state, index):
    """Slice ``index`` (0..7) of the scratch block, N_NODES entries."""
    start = SCRATCH + index * N
    return state[start:start + N]


@njit(cache=True)
def scratch_span(state, first, count):
    """Slices ``first .. first + count - 1`` of the scratch block as one array."""
    start = SCRATCH + first * N
    return state[start:start + count * N]


# ---------------------------------------------------------------- setup (R1-R9)

@njit(cache=True)
def setup_game(state, players, flags, log):
    """R1-R9: board, boats at their docks, teams aboard, chests shuffled onto the red crosses,
    6 cards each, the draw pile, Bobby and bombs off the board, the first player."""
    deal = state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)
    state[PLAYERS] = players
    state[FIRED_R1] = 1  # R1: 2-4 players
    state[FIRED_R2] = 1  # R2: the board
    state[FIRED_R10] = 1  # R10: the goal
    for i in range(BOARD_SIZE):
        state[BOARD + i] = flags[N_FLAGS + i]
    state[GEMS_TO_WIN] = flags[FLAG_GEMS_TO_WIN]  # R11/R50: setting gems_to_win
    state[ROUND_CAP] = flags[FLAG_ROUND_CAP]
    if flags[FLAG_GEMS_TO_WIN_CHANGED] == 1:
        state[FIRED_R51] = 1  # R51: the official gems-to-win variant
    for square in range(MAX_SQUARES):
        state[SQ_CHAR + square] = -1
        state[SQ_BOMB + square] = -1
        state[SQ_CHEST + square] = NO_CHEST
        state[SQ_LOOT_GEMS + square] = 0
        state[SQ_LOOT_AMMO + square] = 0
    for node in range(N):
        scratch(state, 1)[node] = 0  # reach's layers: all zero between calls
        scratch(state, 2)[node] = 0
    # R5: the 22 chest tiles, shuffled face down onto the red-cross squares (deal stream, first draw)
    tiles = scratch(state, 7)
    count = 0
    for content in range(5):
        for _ in range(flags[FLAG_CHEST_COUNTS + content]):
            tiles[count] = content
            count += 1
    shuffle_prefix(tiles, count, deal)
    placed = 0
    for square in range(MAX_SQUARES):
        if state[CHEST_SQUARE + square] == 1:
            state[SQ_CHEST + square] = tiles[placed]
            placed += 1
    state[FIRED_R5] = 1
    for content in range(5):
        state[CHEST_TOTAL + content] = flags[FLAG_CHEST_COUNTS + content]
    # R6/R7: the 80 cards shuffled (deal stream, second draw); a removed card type (no-<card>)
    # is taken out after the shuffle, so the other cards keep their order (same deals)
    deck = scratch_span(state, 3, 3)
    size = 0
    for value in range(7):
        for _ in range(flags[FLAG_MOVEMENT_COUNTS + value]):
            deck[size] = MOVE_1 + value
            size += 1
    for i in range(9):
        for _ in range(flags[FLAG_CARD_COUNTS + i]):
            deck[size] = PISTOL + i
            size += 1
    shuffle_prefix(deck, size, deal)
    kept = 0
    for i in range(size):
        if (flags[FLAG_REMOVED_KINDS] >> deck[i]) & 1 == 0:
            state[DRAW + kept] = deck[i]
            kept += 1
    state[DRAW_COUNT] = kept
    state[DECK_TOTAL] = kept
    state[PLAYED_COUNT] = 0
    for seat in range(MAX_PLAYERS):
        state[HAND_COUNT + seat] = 0
        for kind in range(N_CARD_KINDS):
            state[HAND + seat * N_CARD_KINDS + kind] = 0
        state[ALIVE + seat] = 1 if seat < players else 0
        state[BOAT_ANCHOR + seat] = -1
        state[ELIMINATOR + seat] = -2
    for seat in range(players):
        # R6: hand_size cards each (a seat's start_extra_cards more or fewer); R3 handicaps: loot aboard
        for _ in range(flags[FLAG_HAND_SIZE] + flags[FLAG_START_EXTRA_CARDS + seat]):
            draw_one(state, seat)
        state[GEMS + seat] = flags[FLAG_START_GEMS + seat]
        state[AMMO + seat] = flags[FLAG_START_AMMO + seat]
    state[FIRED_R6] = 1
    state[FIRED_R7] = 1
    # R3: each team of 4 aboard its boat; R8: Bobby and the bombs start off the board
    for char in range(N_CHARACTERS):
        seat = char // CHARACTERS_PER_TEAM
        state[CHAR_CAPTOR + char] = -1
        state[CHAR_STUNNED + char] = 0
        if char == BOBBY:
            state[CHAR_OWNER + char] = -1
            state[CHAR_LOC + char] = LOC_UNFREED
        elif seat < players:
            state[CHAR_OWNER + char] = seat
            if char % CHARACTERS_PER_TEAM < flags[FLAG_START_CHARACTERS + seat]:
                state[CHAR_LOC + char] = BOAT_NODE + seat
            else:
                state[CHAR_LOC + char] = LOC_DEAD  # R3 handicap: seat K starts with fewer characters
        else:
            state[CHAR_OWNER + char] = -1  # (2-3 players: the team stays in the box)
            state[CHAR_LOC + char] = LOC_DEAD
    state[FIRED_R3] = 1
    for bomb in range(N_BOMBS):
        # R8: one bomb per bomb chest (setting chest_bombs); the others stay in the box
        state[BOMB_LOC + bomb] = BOMB_IN_CHEST if bomb < flags[FLAG_CHEST_COUNTS + CHEST_BOMB] else BOMB_REMOVED
        state[BOMB_PLACED_BY + bomb] = -1
    state[FIRED_R8] = 1
    # R9 / A31: the first player (seat 1 by default; variant random-first-player: deal stream, third draw)
    first = 0
    if flags[FLAG_RANDOM_FIRST_PLAYER] == 1:
        first = random_below(deal, players)
    state[FIRST_PLAYER] = first
    state[ACTIVE] = first
    state[FIRED_R9] = 1
    state[WINNER] = -1
    state[WIN_KIND] = WIN_NONE
    log_event(log, state, EV_SETUP, players, first, state[GEMS_TO_WIN], state[ROUND_CAP], 0)


@njit(cache=True)
def dock_of(state, seat):
    """R4 / A30: seat's fixed dock: docks 1 and 3 at 2 players, the first three at 3 (spec 1.4)."""
    if state[PLAYERS] == 2:
        return state[DOCKS + 2 * seat]
    return state[DOCKS + seat]


@njit(cache=True)
def dock_boat(state, seat, anchor, log):
    """R4: the boat docks next to an Anchor square."""
    state[BOAT_ANCHOR + seat] = anchor
    state[FIRED_R4] += 1
    log_event(log, state, EV_DOCK, seat, anchor, 0, 0, 0)


@njit(cache=True)
def free_anchor_options(state, options):
    """Anchor squares with no boat docked (A29; A30 start choice; R45 Boat card)."""
    count = 0
    for i in range(state[N_ANCHORS]):
        anchor = state[ANCHOR_LIST + i]
        if boat_at(state, anchor) < 0:
            options[count] = anchor
            count += 1
    return count


# ---------------------------------------------------------------- what can be played (R12, R15, A21)

@njit(cache=True)
def attack_targets(state, seat, options):
    """Enemy characters on the island within 1 square (A5) of one of ``seat``'s usable island
    characters (R35, R36, R38; R21: nobody aboard can be targeted), not already chosen; in
    character order."""
    marks = scratch(state, 7)
    for victim in range(N_CHARACTERS):
        marks[victim] = 0
    for mine in range(N_CHARACTERS):
        if not is_usable(state, mine, seat):
            continue
        at = state[CHAR_LOC + mine]
        for k in range(8):
            other = state[NEIGH_ADJ + at * 8 + k]
            if other < 0:
                break
            victim = state[SQ_CHAR + other]
            if victim >= 0 and state[CHAR_OWNER + victim] != seat and state[TARGETS + victim] == 0:
                marks[victim] = 1
    count = 0
    for victim in range(N_CHARACTERS):
        if marks[victim] == 1:
            options[count] = victim
            count += 1
    return count


@njit(cache=True)
def steal_options(state, seat, options):
    """R46: ``victim | item << 4`` (item 0 gem, 1 ammunition) for each opponent holding it."""
    count = 0
    for victim in range(state[PLAYERS]):
        if victim == seat or state[ALIVE + victim] == 0:
            continue
        if state[GEMS + victim] > 0:
            options[count] = victim
            count += 1
        if state[AMMO + victim] > 0:
            options[count] = victim | 1 << STEAL_ITEM_SHIFT
            count += 1
    return count


@njit(cache=True)
def gift_target_options(state, seat, options):
    """R43: another surviving player with at least one card."""
    count = 0
    for other in range(state[PLAYERS]):
        if other != seat and state[ALIVE + other] == 1 and state[HAND_COUNT + other] > 0:
            options[count] = other
            count += 1
    return count


@njit(cache=True)
def hand_options(state, seat, options, with_stop):
    """The distinct card kinds in ``seat``'s hand (identical cards are one option), then STOP."""
    count = 0
    for kind in range(N_CARD_KINDS):
        if held(state, seat, kind) > 0:
            options[count] = kind
            count += 1
    if with_stop:
        options[count] = STOP
        count += 1
    return count


@njit(cache=True)
def flying_bomb_options(state, seat, options, marks):
    """R44: ``bomb | node << 2``: a bomb within 1 square of a usable island character X of
    ``seat``, to a free square around another usable island character Y (a character aboard
    cannot receive one), at any distance; or into an enemy boat whose Anchor Y stands on (A14,
    unless ``flying-bomb-no-boat``)."""
    count = 0
    no_boat = state[FLAGS + FLAG_FLYING_BOMB_NO_BOAT] == 1
    for bomb in range(N_BOMBS):
        square = state[BOMB_LOC + bomb]
        if square < 0:
            continue
        movers = 0
        mover = -1
        for char in range(N_CHARACTERS):
            if is_usable(state, char, seat) and is_adjacent(state, state[CHAR_LOC + char], square):
                movers += 1
                mover = char
        if movers == 0:
            continue
        for node in range(N):
            marks[node] = 0
        for receiver in range(N_CHARACTERS):
            if not is_usable(state, receiver, seat) or (movers == 1 and receiver == mover):
                continue
            at = state[CHAR_LOC + receiver]
            for k in range(8):
                other = state[NEIGH_ADJ + at * 8 + k]
                if other < 0:
                    break
                # R44: the bomb moves to another square: its own square is no destination
                if marks[other] == 0 and other != square and is_free_square(state, other, -1):
                    marks[other] = 1
                    options[count] = bomb | other << FLY_DEST_SHIFT
                    count += 1
            enemy = boat_at(state, at)
            if not no_boat and enemy >= 0 and enemy != seat and marks[BOAT_NODE + enemy] == 0:
                marks[BOAT_NODE + enemy] = 1
                options[count] = bomb | (BOAT_NODE + enemy) << FLY_DEST_SHIFT
                count += 1
    return count


@njit(cache=True)
def movable_piece_options(state, seat, steps, options, check_only):
    """R17 / R31 / R37: the pieces a Movement card of ``steps`` may move, each with at least one
    legal end: own free unstunned characters on the island or aboard (A25), own prisoners whose
    captor has none of its own characters aboard (R37, A26), bombs within 1 square of an own
    usable island character (R31).  ``check_only``: stop at the first."""
    count = 0
    fast = (state[FLAGS + FLAG_NO_REVISIT] == 0 and state[FLAGS + FLAG_CARRY_MANDATORY] == 0)
    out = scratch(state, 7)
    for char in range(N_CHARACTERS):
        if state[CHAR_OWNER + char] != seat or state[CHAR_LOC + char] < 0 or state[CHAR_STUNNED + char] == 1:
            continue
        captor = state[CHAR_CAPTOR + char]
        if captor >= 0 and own_characters_aboard(state, captor) > 0:
            continue  # R37: the captor still guards its prisoner
        if fast and captor < 0:
            ok = can_step_somewhere(state, char, seat, out)
        else:
            ok = has_destination(state, seat, char, steps)
        if ok:
            options[count] = char
            count += 1
            if check_only:
                return count
    for bomb in range(N_BOMBS):
        square = state[BOMB_LOC + bomb]
        if square < 0:
            continue
        near = False
        for char in range(N_CHARACTERS):
            if is_usable(state, char, seat) and is_adjacent(state, state[CHAR_LOC + char], square):
                near = True
                break
        # an even walk can come back to the bomb's own square, free once it leaves (A10)
        bounce = fast and steps % 2 == 0 and state[FLAGS + FLAG_PLACEMENT_BLOCKED_STAYS] == 0 \
            and state[FLAGS + FLAG_MOVE_UP_TO] == 0
        if near and (bounce or has_destination(state, seat, PIECE_BOMB + bomb, steps)):
            options[count] = PIECE_BOMB + bomb
            count += 1
            if check_only:
                return count
    return count


@njit(cache=True)
def has_destination(state, seat, piece, steps):
    """Whether the move of ``piece`` by ``steps`` has a legal end (``move_destination_options``
    non-empty; under ``move-no-revisit`` the search stops at the first one).  Lists nothing: a
    character's ends times its carried-bomb subsets can outnumber any scratch slice (R29, A9
    ``carry-mandatory`` on a crowded island), so the ends are only tested (``legal_end``, the
    filter of ``move_destination_options``)."""
    start = search_ends(state, seat, piece, steps, True)
    is_bomb = piece >= PIECE_BOMB
    moved = piece - PIECE_BOMB if is_bomb else piece
    result = scratch(state, 0)
    for node in range(N):
        if result[node] != 0 and legal_end(state, is_bomb, moved, seat, node, result[node], start >= BOAT_NODE):
            return True
    return False


@njit(cache=True)
def move_destination_options(state, seat, piece, steps, options):
    """R17-R20, R29-R34 under A1-A4, A8, A12: every legal end of the move, a character's paired
    with each subset of bombs it can carry there (``node | subset << DEST_BITS``); for a bomb moved
    alone a free square or an enemy boat.  ``options``: MAX_OPTIONS entries (at most 145 nodes x 8
    carried subsets)."""
    start = search_ends(state, seat, piece, steps, False)
    result = scratch(state, 0)
    count = 0
    if piece >= PIECE_BOMB:
        bomb = piece - PIECE_BOMB
        for node in range(N):
            if result[node] == 0:
                continue
            if node >= BOAT_NODE or is_free_square(state, node, bomb):  # R32
                options[count] = node
                count += 1
        return count
    for node in range(N):
        bits = result[node]
        if bits == 0:
            continue
        if node >= BOAT_NODE and node != BOAT_NODE + seat:  # A7: only the own boat
            continue
        for subset in range(8):
            if bits >> subset & 1 and character_end_ok(state, node, subset, start >= BOAT_NODE):
                options[count] = node | subset << DEST_BITS
                count += 1
    return count


@njit(cache=True)
def search_ends(state, seat, piece, steps, first_only):
    """Run ``reach`` for ``piece`` (a character, or ``PIECE_BOMB + b``) into scratch slice 0; returns
    its start node.  ``first_only``: see ``reach``."""
    is_bomb = piece >= PIECE_BOMB
    start = state[BOMB_LOC + piece - PIECE_BOMB] if is_bomb else state[CHAR_LOC + piece]
    moved = piece - PIECE_BOMB if is_bomb else piece
    reach(state, is_bomb, moved, seat, start, steps, scratch(state, 0), scratch(state, 1), scratch(state, 2),
          scratch_span(state, 3, 3), scratch(state, 8), first_only)
    return start


@njit(cache=True)
def card_playable(state, seat, kind):
    """A21: whether a card of ``kind`` has a legal effect now (Shields only as reactions)."""
    buffer = scratch(state, 6)
    if kind < PISTOL:
        return movable_piece_options(state, seat, kind + 1, buffer, True) > 0
    if kind == PISTOL:
        # R35: a kill costs pistol_ammunition (setting, 1 by default)
        return state[AMMO + seat] >= state[FLAGS + FLAG_PISTOL_AMMO] and attack_targets(state, seat, buffer) > 0
    if kind == PADLOCK or kind == HAMMER:
        return attack_targets(state, seat, buffer) > 0
    if kind == SHIELD:
        return False
    if kind == TREASURE_CHEST:
        return steal_options(state, seat, buffer) > 0
    if kind == POISONED_GIFT:
        return state[HAND_COUNT + seat] >= 2 and gift_target_options(state, seat, buffer) > 0
    if kind == FLYING_BOMB:
        return flying_bomb_options(state, seat, scratch_span(state, 3, 3), buffer) > 0
    if kind == POTION:
        return True
    return own_characters_aboard(state, seat) > 0 and free_anchor_options(state, buffer) > 0  # BOAT_CARD


@njit(cache=True)
def choose_card_options(state, seat, options):
    """R12: a card of a type not yet played this turn with a legal effect; then END_TURN (A20)."""
    count = 0
    for kind in range(N_CARD_KINDS):
        if held(state, seat, kind) == 0 or (state[PLAYED_TYPES] >> card_type(kind)) & 1 == 1:
            continue
        if card_playable(state, seat, kind):
            options[count] = kind
            count += 1
    options[count] = END_TURN
    return count + 1


@njit(cache=True)
def anything_playable(state, seat):
    """R15 / A21: whether any card in hand could be played now."""
    for kind in range(N_CARD_KINDS):
        if held(state, seat, kind) > 0 and card_playable(state, seat, kind):
            return True
    return False


# ---------------------------------------------------------------- playing a card (R12, R13)

@njit(cache=True)
def play_card(state, seat, kind, log):
    """R12/R13: the card leaves the hand face up onto the played pile; its type is used."""
    discard(state, seat, kind)
    state[PLAYED_TYPES] |= 1 << card_type(kind)
    state[CARDS_PLAYED] += 1
    state[STAT_CARDS_PLAYED + seat] += 1
    state[CARD_KIND_PLAYED + kind] += 1
    state[CARD] = kind
    state[TRAP_SQUARE] = -1
    state[FIRED_R12] += 1
    state[FIRED_R13] += 1
    if kind >= PISTOL:
        state[FIRED_CARD + kind] += 1
    if card_type(kind) == TYPE_ATTACK and boat_kept_out_of_reach(state, seat):
        state[FIRED_R21] += 1  # R21: a character aboard was kept out of the attack
    log_event(log, state, EV_PLAY, seat, kind, 0, 0, 0)


@njit(cache=True)
def boat_kept_out_of_reach(state, seat):
    """R21 / A6: whether a boat 1 square from an attacker's character holds a character the attack
    would otherwise involve: one of ``seat``'s usable characters stands on the Anchor square of a
    boat with another player's character aboard (not a target), or an enemy character stands on
    the Anchor square of ``seat``'s boat while one of ``seat``'s characters is aboard (it cannot
    attack from there)."""
    for char in range(N_CHARACTERS):
        node = state[CHAR_LOC + char]
        if node < BOAT_NODE or node >= BOAT_NODE + MAX_PLAYERS:
            continue
        boat = node - BOAT_NODE
        standing = state[SQ_CHAR + state[BOAT_ANCHOR + boat]]
        if standing < 0:
            continue
        if state[CHAR_OWNER + char] != seat and is_usable(state, standing, seat):
            return True
        if (boat == seat and state[CHAR_OWNER + char] == seat and state[CHAR_CAPTOR + char] < 0
                and state[CHAR_OWNER + standing] != seat):
            return True
    return False


# ---------------------------------------------------------------- movement (R17-R34)

@njit(cache=True)
def place_bomb(state, bomb, node, seat, log):
    """A bomb comes to rest on ``node``: a square, or an enemy boat, which it destroys (R33)."""
    if node >= BOAT_NODE:
        victim = node - BOAT_NODE
        state[BOAT_HIT + victim] = 1  # R33: eliminated when the card is resolved (A33)
        state[BOMB_LOC + bomb] = BOMB_REMOVED  # R49: the bomb is removed too
        state[BOMBS_EXPLODED] += 1
        state[STAT_BOMBS_DELIVERED + seat] += 1
        state[FIRED_R33] += 1
        state[FIRED_R41] += 1  # R41: no Shield is asked against a bomb
    else:
        state[BOMB_LOC + bomb] = node
        state[SQ_BOMB + node] = bomb
        state[BOMB_PLACED_BY + bomb] = seat
    log_event(log, state, EV_BOMB_PLACED, seat, bomb, node, 0, 0)


@njit(cache=True)
def move_character(state, seat, char, value, log):
    """Carry out a character's move: ``value = node | subset << DEST_BITS`` (R17-R20, R29, R30,
    R37); the carried bombs are lifted and wait in CARRY to be dropped (R29)."""
    dest = value & DEST_MASK
    subset = value >> DEST_BITS
    start = state[CHAR_LOC + char]
    state[FIRED_R17] += 1
    state[FIRED_R18] += 1
    if step_refused(state, char, seat, start, state[MOVE_VALUE], scratch(state, 6), scratch(state, 7),
                    scratch(state, 3)[0:10]):
        state[FIRED_R19] += 1  # R19: another character's square refused a step of this move
    if on_island(start):
        state[SQ_CHAR + start] = -1
    if start >= BOAT_NODE or dest >= BOAT_NODE:
        state[FIRED_R20] += 1  # R20: boat <-> Anchor square costs 1
    if state[CHAR_CAPTOR + char] >= 0:
        log_event(log, state, EV_ESCAPE, seat, char, state[CHAR_CAPTOR + char], 0, 0)
        state[CHAR_CAPTOR + char] = -1  # R37 / A26: the prisoner escapes
        state[FIRED_R37] += 1
    for bomb in range(N_BOMBS):
        if subset >> bomb & 1:
            square = state[BOMB_LOC + bomb]
            state[SQ_BOMB + square] = -1
            state[BOMB_LOC + bomb] = BOMB_CARRIED
            state[FIRED_R29] += 1  # R29: carried by passing over it
            placed_by = state[BOMB_PLACED_BY + bomb]
            if placed_by >= 0 and placed_by != seat:
                state[FIRED_R30] += 1  # R30: another player's bomb taken along
    state[CHAR_LOC + char] = dest
    if on_island(dest):
        state[SQ_CHAR + dest] = char
    state[CARRY] = subset
    state[FINAL_SQUARE] = dest
    state[MOVE_PIECE] = char
    log_event(log, state, EV_MOVE, seat, char, start, dest, subset)


@njit(cache=True)
def move_bomb_alone(state, seat, bomb, dest, log):
    """R31 / R32 / A12: a bomb next to an own character moved instead of a character."""
    start = state[BOMB_LOC + bomb]
    state[SQ_BOMB + start] = -1
    state[FIRED_R31] += 1
    state[FIRED_R32] += 1
    log_event(log, state, EV_MOVE, seat, PIECE_BOMB + bomb, start, dest, 0)
    place_bomb(state, bomb, dest, seat, log)


@njit(cache=True)
def drop_options(state, seat, options):
    """R29 / R34 / A6 / A11: where the next carried bomb may be put: a free square around the
    final square, an enemy boat whose Anchor is the final square; else the nearest free squares."""
    final = state[FINAL_SQUARE]
    marks = scratch(state, 6)
    for node in range(N):
        marks[node] = 0
    count = free_squares_around(state, final, options, 0, marks)
    enemy = boat_at(state, final)
    if enemy >= 0 and enemy != seat and state[BOAT_HIT + enemy] == 0:
        # R34: dropped into the boat from its Anchor square; R33/R49: not into a boat an earlier
        # bomb of this move has already destroyed
        options[count] = BOAT_NODE + enemy
        count += 1
    if count == 0:
        count = nearest_free_squares(state, final, options, marks, scratch(state, 7))
    return count


@njit(cache=True)
def drop_bomb(state, seat, node, log):
    """Drop the lowest carried bomb on ``node`` (R29, R34)."""
    carry = state[CARRY]
    for bomb in range(N_BOMBS):
        if carry >> bomb & 1:
            state[CARRY] = carry & ~(1 << bomb)
            if node >= BOAT_NODE:
                state[FIRED_R34] += 1
            place_bomb(state, bomb, node, seat, log)
            return


@njit(cache=True)
def pick_up_loot(state, seat, square, log):
    """A28: a character ending its move on dropped loot takes it into its boat (not under
    ``dropped-loot-lost``)."""
    gems = state[SQ_LOOT_GEMS + square]
    ammo = state[SQ_LOOT_AMMO + square]
    if gems + ammo == 0:
        return
    if state[FLAGS + FLAG_DROPPED_LOOT_LOST] == 1:
        state[FIRED_DROPPED_LOOT_LOST] += 1
        return
    state[GEMS + seat] += gems
    state[AMMO + seat] += ammo
    state[SQ_LOOT_GEMS + square] = 0
    state[SQ_LOOT_AMMO + square] = 0
    log_event(log, state, EV_LOOT, seat, square, gems, ammo, 0)


# ---------------------------------------------------------------- chests (R22-R28)

@njit(cache=True)
def open_chest(state, seat, log):
    """R22: turn over the chest the moved character stands on.  Returns the content."""
    square = state[FINAL_SQUARE]
    char = state[MOVE_PIECE]
    content = state[SQ_CHEST + square]
    state[SQ_CHEST + square] = NO_CHEST
    state[STAT_CHESTS_OPENED + seat] += 1
    state[FIRED_R22] += 1
    log_event(log, state, EV_OPEN, seat, char, square, content, 0)
    if content == CHEST_GEM:
        state[GEMS + seat] += 1  # R23: face up in the boat
        state[STAT_GEMS_FOUND + seat] += 1
        state[FIRED_R23] += 1
    elif content == CHEST_AMMO:
        state[AMMO + seat] += 1  # R24
        state[FIRED_R24] += 1
    elif content == CHEST_BOBBY:
        state[BOBBY_TILE + seat] = 1  # R25: the tile goes to the boat, Bobby is placed next
        state[FOUND_KIND] = CHEST_BOBBY
        state[FOUND_SQUARE] = square
    elif content == CHEST_BOMB:
        state[REMOVED_TILES] += 1  # R28: the chest leaves the game, a bomb is placed
        for bomb in range(N_BOMBS):
            if state[BOMB_LOC + bomb] == BOMB_IN_CHEST:
                state[FOUND_ITEM] = bomb
                break
        state[FOUND_KIND] = CHEST_BOMB
        state[FOUND_SQUARE] = square
        state[FIRED_R28] += 1
    return content


@njit(cache=True)
def found_options(state, options):
    """R25 / R28 / A10 / A11: a free square around the finder, else the nearest free squares
    (0 under ``placement-blocked-stays``)."""
    marks = scratch(state, 6)
    for node in range(N):
        marks[node] = 0
    count = free_squares_around(state, state[FOUND_SQUARE], options, 0, marks)
    if count == 0 and state[FLAGS + FLAG_PLACEMENT_BLOCKED_STAYS] == 0:
        count = nearest_free_squares(state, state[FOUND_SQUARE], options, marks, scratch(state, 7))
    return count


@njit(cache=True)
def place_found(state, seat, square, log):
    """Place Bobby (R25: he joins the finder's team) or the found bomb (R28) on ``square``."""
    if state[FOUND_KIND] == CHEST_BOBBY:
        state[CHAR_OWNER + BOBBY] = seat
        state[CHAR_LOC + BOBBY] = square
        state[SQ_CHAR + square] = BOBBY
        state[STAT_BOBBY + seat] = 1
        state[FIRED_R25] += 1
        log_event(log, state, EV_BOBBY, seat, square, 0, 0, 0)
    else:
        place_bomb(state, state[FOUND_ITEM], square, seat, log)
    state[FOUND_KIND] = -1


@njit(cache=True)
def placement_blocked(state, seat, log):
    """A11 variant ``placement-blocked-stays`` (or no free square at all): a found bomb stays on
    the chest's square; Bobby is not freed and his chest is turned face down again."""
    square = state[FOUND_SQUARE]
    state[FIRED_PLACEMENT_STAYS] += 1
    if state[FOUND_KIND] == CHEST_BOBBY:
        state[BOBBY_TILE + seat] = 0
        state[SQ_CHEST + square] = CHEST_BOBBY
    else:
        bomb = state[FOUND_ITEM]
        state[BOMB_LOC + bomb] = square
        state[SQ_BOMB + square] = bomb
        state[BOMB_PLACED_BY + bomb] = seat
        log_event(log, state, EV_BOMB_PLACED, seat, bomb, square, 0, 0)
    state[FOUND_KIND] = -1


@njit(cache=True)
def trap_explodes(state, seat, shielded, log):
    """R26: the trapped chest kills the opener and leaves the game; R39/A18: a Shield saves it."""
    square = state[FINAL_SQUARE]
    char = state[MOVE_PIECE]
    state[REMOVED_TILES] += 1
    state[FIRED_R26] += 1
    if shielded == 1:
        play_shield(state, seat, seat, TRAP_SHIELD_CARD, log)  # (logged before the saved opener)
        state[PLAYED_TYPES] |= 1 << TYPE_DEFENCE  # A18: uses the turn's Defence play
        log_event(log, state, EV_TRAP, seat, char, square, shielded, 0)
        return
    log_event(log, state, EV_TRAP, seat, char, square, shielded, 0)
    state[CHAR_LOC + char] = LOC_DEAD
    state[SQ_CHAR + square] = -1
    state[TRAP_DEATHS] += 1
    state[TRAP_SQUARE] = square


TRAP_SHIELD_CARD = -1
"""``play_shield``'s attack kind for a Shield played against a trapped chest."""


@njit(cache=True)
def play_shield(state, defender, attacker, attack_kind, log):
    """R39 / R40 / A19: the Shield goes to the played pile and its player draws a card at once."""
    discard(state, defender, SHIELD)
    state[STAT_SHIELDS + defender] += 1
    state[CARD_KIND_PLAYED + SHIELD] += 1
    state[FIRED_CARD + SHIELD] += 1
    state[FIRED_R39] += 1
    state[FIRED_R40] += 1
    protected = 0  # the defender's characters the Shield protects (bit per character)
    if attack_kind == TRAP_SHIELD_CARD:
        protected = 1 << state[MOVE_PIECE]
    else:
        for char in range(N_CHARACTERS):
            if state[TARGETS + char] == 1 and state[CHAR_OWNER + char] == defender:
                protected |= 1 << char
    log_event(log, state, EV_SHIELD, defender, attacker, attack_kind, protected, 0)
    for _ in range(state[FLAGS + FLAG_SHIELD_DRAW]):  # R40: draw a new card (setting shield_draw)
        draw_one(state, defender)


# ---------------------------------------------------------------- attacks (R35-R41)

@njit(cache=True)
def pistol_options(state, seat, options):
    """R35 / A15: another target while ammunition remains; STOP once one is chosen."""
    count = 0
    if (state[N_TARGETS] + 1) * state[FLAGS + FLAG_PISTOL_AMMO] <= state[AMMO + seat]:  # R35: paid per kill
        count = attack_targets(state, seat, options)
    if state[N_TARGETS] > 0:
        options[count] = STOP
        count += 1
    return count


@njit(cache=True)
def choose_target(state, victim):
    """Mark ``victim`` as a target of the current attack."""
    state[TARGETS + victim] = 1
    state[N_TARGETS] += 1


@njit(cache=True)
def next_defender(state):
    """The next targeted seat (from the active seat, clockwise) holding a Shield, -1 none;
    moves SHIELD_CURSOR past it."""
    players = state[PLAYERS]
    active = state[ACTIVE]
    while state[SHIELD_CURSOR] < players:
        seat = (active + state[SHIELD_CURSOR]) % players
        state[SHIELD_CURSOR] += 1
        if seat == active or state[ALIVE + seat] == 0 or held(state, seat, SHIELD) == 0:
            continue
        for char in range(N_CHARACTERS):
            if state[TARGETS + char] == 1 and state[CHAR_OWNER + char] == seat:
                return seat
    return -1


@njit(cache=True)
def resolve_attack(state, seat, log):
    """R35 / R36 / R38: the attack hits every target whose player did not play a Shield (R39,
    A17: one Shield protects all of its player's characters; A16: no ammunition is paid for a
    shielded target unless ``shield-ammo-lost``)."""
    kind = state[CARD]
    for victim in range(N_CHARACTERS):
        if state[TARGETS + victim] == 0:
            continue
        state[TARGETS + victim] = 0
        owner = state[CHAR_OWNER + victim]
        if state[SHIELDED + owner] == 1:
            if kind == PISTOL and state[FLAGS + FLAG_SHIELD_AMMO_LOST] == 1:
                state[AMMO + seat] -= state[FLAGS + FLAG_PISTOL_AMMO]
                state[SPENT_AMMO] += state[FLAGS + FLAG_PISTOL_AMMO]
                state[FIRED_SHIELD_AMMO_LOST] += 1
            continue
        square = state[CHAR_LOC + victim]
        if kind == PISTOL:
            state[AMMO + seat] -= state[FLAGS + FLAG_PISTOL_AMMO]  # R35: ammunition per kill, removed from the boat
            state[SPENT_AMMO] += state[FLAGS + FLAG_PISTOL_AMMO]
            state[CHAR_LOC + victim] = LOC_DEAD
            state[SQ_CHAR + square] = -1
            state[STAT_KILLS + seat] += 1
            state[FIRED_R35] += 1
            log_event(log, state, EV_KILL, seat, victim, owner, 0, 0)
        elif kind == PADLOCK:
            state[CHAR_LOC + victim] = BOAT_NODE + seat  # R36: prisoner in the captor's boat
            state[CHAR_CAPTOR + victim] = seat
            state[CHAR_STUNNED + victim] = 0
            state[SQ_CHAR + square] = -1
            state[STAT_CAPTURES + seat] += 1
            state[FIRED_R36] += 1
            log_event(log, state, EV_CAPTURE, seat, victim, owner, 0, 0)
        else:
            state[CHAR_STUNNED + victim] = 1  # R38: laid down, unusable on its owner's next turn
            state[STAT_STUNS + seat] += 1
            state[FIRED_R38] += 1
            log_event(log, state, EV_STUN, seat, victim, owner, 0, 0)
    state[N_TARGETS] = 0
    for other in range(MAX_PLAYERS):
        state[SHIELDED + other] = 0


# ---------------------------------------------------------------- bonus cards (R42-R46)

@njit(cache=True)
def give_gift(state, seat, kind, log):
    """R43 / A23 / A24: give the chosen card face down to GIFT_TARGET and draw one at random from
    their hand (as it was, unless ``gift-draw-after``)."""
    target = state[GIFT_TARGET]
    take_from_hand(state, seat, kind)
    if state[FLAGS + FLAG_GIFT_DRAW_AFTER] == 1:
        add_to_hand(state, target, kind)
        taken = random_card_of(state, target)
        state[FIRED_GIFT_DRAW_AFTER] += 1
    else:
        taken = random_card_of(state, target)
        add_to_hand(state, target, kind)
    take_from_hand(state, target, taken)
    add_to_hand(state, seat, taken)
    state[GIFT_TAKEN] = taken
    state[FIRED_R43] += 1
    log_event(log, state, EV_GIFT, seat, target, kind, taken, 0)


@njit(cache=True)
def steal(state, seat, value, log):
    """R46: a gem or an ammunition from the chosen opponent's boat into the own boat."""
    victim = value & ((1 << STEAL_ITEM_SHIFT) - 1)
    item = value >> STEAL_ITEM_SHIFT
    if item == 0:
        state[GEMS + victim] -= 1
        state[GEMS + seat] += 1
        state[STAT_GEMS_STOLEN + seat] += 1
    else:
        state[AMMO + victim] -= 1
        state[AMMO + seat] += 1
    state[FIRED_R46] += 1
    log_event(log, state, EV_STEAL, seat, victim, item, 0, 0)


@njit(cache=True)
def move_boat(state, seat, anchor, log):
    """R45: the boat (with whoever is aboard, prisoners included) docks at another free Anchor."""
    log_event(log, state, EV_BOAT, seat, state[BOAT_ANCHOR + seat], anchor, 0, 0)
    state[BOAT_ANCHOR + seat] = anchor
    state[FIRED_R45] += 1


@njit(cache=True)
def fly_bomb(state, seat, value, log):
    """R44: the chosen bomb flies to the chosen square (or enemy boat, A14)."""
    bomb = value & ((1 << FLY_DEST_SHIFT) - 1)
    dest = value >> FLY_DEST_SHIFT
    start = state[BOMB_LOC + bomb]
    state[SQ_BOMB + start] = -1
    state[FIRED_R44] += 1
    log_event(log, state, EV_FLYING_BOMB, seat, bomb, start, dest, 0)
    place_bomb(state, bomb, dest, seat, log)


# ---------------------------------------------------------------- elimination and the end (R47-R50)

@njit(cache=True)
def eliminate(state, victim, by, cause, log):
    """R47-R49: the eliminator takes the victim's gems and ammunition (R48; a trapped chest drops
    them on its square instead, R27); the boat, every character of the victim and the prisoners in
    its boat leave the game; the victim's cards go to the played pile."""
    gems = state[GEMS + victim]
    ammo = state[AMMO + victim]
    if by >= 0:
        state[GEMS + by] += gems
        state[AMMO + by] += ammo
        state[FIRED_R48] += 1
    else:
        square = state[TRAP_SQUARE]
        state[SQ_LOOT_GEMS + square] += gems
        state[SQ_LOOT_AMMO + square] += ammo
        state[FIRED_R27] += 1
    state[GEMS + victim] = 0
    state[AMMO + victim] = 0
    if state[BOBBY_TILE + victim] == 1:
        state[BOBBY_TILE + victim] = 0
        state[REMOVED_TILES] += 1  # (the Bobby tile leaves with the boat)
    for char in range(N_CHARACTERS):
        if state[CHAR_LOC + char] < 0:
            continue
        if state[CHAR_OWNER + char] == victim or state[CHAR_CAPTOR + char] == victim:
            if on_island(state[CHAR_LOC + char]):
                state[SQ_CHAR + state[CHAR_LOC + char]] = -1
            state[CHAR_LOC + char] = LOC_DEAD
            state[CHAR_CAPTOR + char] = -1
    hand_to_played_pile(state, victim)
    state[BOAT_ANCHOR + victim] = -1
    state[BOAT_HIT + victim] = 0
    state[ALIVE + victim] = 0
    state[ELIMINATOR + victim] = by
    state[N_ELIMINATED] += 1
    state[ELIMINATION_ORDER + victim] = state[N_ELIMINATED]
    state[FIRED_R47] += 1
    state[FIRED_R49] += 1
    log_event(log, state, EV_ELIMINATED, victim, by, cause, gems, ammo)


@njit(cache=True)
def check_eliminations(state, log):
    """A33: after a card is resolved, in seat order from the active player: a player whose boat a
    bomb destroyed (R33), or with no free character left (R47), is eliminated.  Only the active
    player attacks and bombs, so it is credited; the active player itself can only die to a
    trapped chest (R27: nobody is credited)."""
    players = state[PLAYERS]
    active = state[ACTIVE]
    for step in range(players):
        seat = (active + step) % players
        if state[ALIVE + seat] == 0:
            continue
        if state[BOAT_HIT + seat] == 1:
            eliminate(state, seat, active, 1, log)
        elif free_characters(state, seat) == 0:
            if seat == active:
                eliminate(state, seat, -1, 2, log)
            else:
                eliminate(state, seat, active, 0, log)


@njit(cache=True)
def check_win(state, log):
    """R11 / R50: 5 gems (gems-to-win-N) or the last survivor wins; returns True when over."""
    players = state[PLAYERS]
    alive = 0
    last = -1
    for seat in range(players):
        if state[ALIVE + seat] == 1:
            alive += 1
            last = seat
            if state[GEMS + seat] >= state[GEMS_TO_WIN]:
                end_game(state, seat, WIN_GEMS, log)
                return True
    if alive == 1:
        end_game(state, last, WIN_SURVIVOR, log)
        return True
    return False


@njit(cache=True)
def end_game(state, winner, kind, log):
    """The game ends: the winner ranks 1 and the others 0 (R50); a capped game ranks nobody."""
    state[WINNER] = winner
    state[WIN_KIND] = kind
    for seat in range(state[PLAYERS]):
        state[RANK + seat] = 1 if seat == winner else 0
    if winner >= 0:
        state[FIRED_R11] += 1
        state[FIRED_R50] += 1
    log_event(log, state, EV_WIN, winner, kind, state[GEMS + winner] if winner >= 0 else 0, state[ROUND], 0)
    record_checkpoint(state)
    state[STEP] = STEP_GAME_OVER


@njit(cache=True)
def record_checkpoint(state):
    """Score trajectory (engine contract): every seat's gems at the end of each round and at the end."""
    core_record_checkpoint(state, TRAJECTORY, MAX_PLAYERS, MAX_ROUND_CAP + 1, GEMS, state[PLAYERS])


@njit(cache=True)
def log_standings(state, log):
    """The replay's standing line at the end of a round: per surviving seat its gems, ammunition,
    free characters and prisoners held (log only)."""
    if log.shape[0] == 0:
        return
    for seat in range(state[PLAYERS]):
        if state[ALIVE + seat] == 0:
            continue
        prisoners = 0
        for char in range(N_CHARACTERS):
            if state[CHAR_CAPTOR + char] == seat and state[CHAR_LOC + char] >= 0:
                prisoners += 1
        log_event(log, state, EV_STANDING, seat, state[GEMS + seat], state[AMMO + seat],
                  free_characters(state, seat), prisoners)


@njit(cache=True)
def end_turn(state, log):
    """R14: draw back to 6; A25: the active player's stunned characters stand up; the next
    surviving player clockwise (R9); a round ends when play passes the first player again, and
    the round cap (simulator parameter) stops a stalled game."""
    seat = state[ACTIVE]
    if state[ALIVE + seat] == 1:
        draw_to_full(state, seat, log)
        for char in range(N_CHARACTERS):
            if state[CHAR_OWNER + char] == seat:
                state[CHAR_STUNNED + char] = 0
    log_event(log, state, EV_END_TURN, seat, state[CARDS_PLAYED], 0, 0, 0)
    players = state[PLAYERS]
    first = state[FIRST_PLAYER]
    following = seat
    for step in range(1, players + 1):
        other = (seat + step) % players
        if state[ALIVE + other] == 1:
            following = other
            break
    if (following - first) % players <= (seat - first) % players:
        state[ROUND] += 1
        record_checkpoint(state)
        log_standings(state, log)
        if state[ROUND] >= state[ROUND_CAP]:
            end_game(state, -1, WIN_CAPPED, log)
            return
    state[ACTIVE] = following
    state[STEP] = STEP_TURN_START
