"""Tobago forward model (docs/engine-contract.md): the whole game is the ``int64`` state vector
of ``state.py``; ``advance`` carries out a choice and runs the game to its next decision.

Steps (``state.STEP_*``): setup decisions (ATV starts, opening clues), then turns: the turn start
(free amulet R35, free raise R28), ``turn_action`` (main action once, amulet uses, end), clue
plays, legs, marker removal, exchanges, raises, and the share (offers, curses, the new map).
"""

import numpy as np
from numba import njit

from simulator.core.engine import forward
from simulator.core.engine.ranking import competition_ranks
from simulator.core.engine.rng import random_below, reset_stream, shuffle_prefix, PURPOSE_DEAL, side_stream
from simulator.games.tobago.components import (
    CURSE,
    MAX_GOLD,
    MIN_GOLD,
    N_HUTS,
    N_MAPS,
    N_PALMS,
    N_STATUES,
)
from simulator.games.tobago.island import ALL_BITS, N_HEXES, N_ISLANDS, N_WORDS, WORD_BITS
from simulator.games.tobago.rules import (
    build_gold_deck,
    candidate_count,
    card_masks,
    clear_map,
    clue_is_legal,
    clue_options,
    coins_held,
    deal,
    discard_clue,
    discard_face_down,
    discard_face_up,
    draw_clue,
    draw_gold,
    exchange_hand,
    first_hex,
    gold_held,
    has_legal_clue,
    hand_limit,
    highest_gold,
    landmark_masks,
    lay_clue,
    leg_options,
    located_at,
    log_event,
    marker_threshold,
    pick_amulet,
    place_landmarks,
    popcount,
    refill_hand,
    roses_on_map,
    spend_amulet,
    statues_emit,
    take_from_hand,
    total_amulets,
    update_markers,
)
from simulator.games.tobago.state import (
    ACTION_AMULET_CLUE,
    ACTION_AMULET_EXCHANGE,
    ACTION_AMULET_MOVE,
    ACTION_AMULET_REMOVE_CUBE,
    ACTION_CLUE,
    ACTION_END,
    ACTION_EXCHANGE,
    ACTION_MOVE,
    ACTIVE,
    AMULETS_HELD,
    AMULET_AT,
    AMULET_SUPPLY,
    AMULET_USES,
    ATV_HEX,
    ATV_START,
    CLUE_DECK,
    CLUE_DECK_COUNT,
    CLUE_DISCARD_COUNT,
    CLUE_MAP_SHIFT,
    CLUE_PLAY,
    CUBE_HEX_SHIFT,
    CUBE_REMOVE,
    CURSES_OUT,
    CURSES_SEEN,
    CURSE_CURSOR,
    CURSE_GIVE_AMULET,
    CURSE_GIVE_GOLD,
    CURSE_RESPONSE,
    CURSOR,
    DEBUG_CHECKS,
    DECK,
    EV_ATV_START,
    EV_CUBE,
    EV_CURSE,
    EV_CURSE_PAY,
    EV_DISCARD_CARD,
    EV_END_TURN,
    EV_EXCHANGE,
    EV_FINAL,
    EV_GAME_END,
    EV_LANDMARK,
    EV_LEG,
    EV_NEW_MAP,
    EV_OFFER,
    EV_POOL,
    EV_RAISE,
    EV_SETUP,
    EV_SHARE_END,
    EV_START_RAISE_SKIP,
    EV_STOP,
    EV_TURN,
    EXCHANGE_CARDS,
    EXTRA,
    FIRED_CURSE_RESHUFFLED,
    FIRED_EXCHANGE_SUBSET,
    FIRED_LAST_ROSE_MUST_TAKE,
    FIRED_RANDOM_ATV_START,
    FIRED_RANDOM_FIRST_PLAYER,
    FIRED_TIEBREAK_AMULETS,
    FIRED_CURSE_AMULET_WITHOUT_GOLD,
    FIRED_START_RAISE_SKIPPED,
    FIRED_TURN_CAP,
    FLAGS,
    FLAG_AMULETS_AT_SETUP,
    FLAG_CLUE_DECK,
    FLAG_CURSE_RESHUFFLED,
    FLAG_EXCHANGE_PASS_ONLY_WITHOUT,
    FLAG_EXCHANGE_SUBSET,
    FLAG_GOLD_SPLIT,
    FLAG_INITIAL_ANY_MAP,
    FLAG_ISLAND,
    FLAG_CURSE_AMULET_WITHOUT_GOLD,
    FLAG_LAST_ROSE_MUST_TAKE,
    FLAG_RAISE_AT_START_OPTIONAL,
    FLAG_NO_AMULET_EXCHANGE,
    FLAG_NO_REMOVE_CUBE,
    FLAG_RANDOM_ATV_START,
    FLAG_RANDOM_FIRST_PLAYER,
    FLAG_TIEBREAK_AMULETS,
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
    INITIAL_MAP,
    ISLAND,
    LANDMARK_HEX,
    LEG,
    LEGS_USED,
    LEG_STOP,
    LOG_COUNT,
    MAIN_USED,
    MAP_CAND,
    MAP_CARD,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_REMOVED,
    MAP_ROSE,
    MAX_CHECKPOINTS,
    MAX_HAND,
    MAX_MAP_CLUES,
    MAX_OPTIONS,
    COUNTERS,
    MAX_PLAYERS,
    NEW_MAP,
    NEW_MAP_CLUE,
    NEW_MAP_SEAT,
    N_FLAGS,
    N_HEX,
    OFFER_ASKED,
    OFFER_SEAT,
    OPTIONS,
    PENDING_COUNT,
    PENDING_KIND,
    PENDING_SEAT,
    PLAYERS,
    POOL,
    POOL_COUNT,
    POOL_POS,
    POOL_SEER,
    RAISE_HEX,
    RAISE_IN_MOVE,
    RAISE_ORDER,
    START_RAISE,
    START_RAISE_SKIP,
    START_RAISE_TAKE,
    RAISE_QUEUE,
    RANK,
    REFILLS,
    ROSES,
    R_BASE,
    FIRST_PALM,
    FIRST_STATUE,
    RULE_AMULETS,
    RULE_CURSES,
    RULE_GOLD_COINS,
    RULE_HAND_SIZE,
    RULE_LEGS,
    RULE_MARKERS,
    RULE_N_CLUES,
    RULE_N_GOLD,
    RULE_ROSES,
    RULE_START_AMULETS,
    RULE_TURN_CAP,
    SCORE,
    SHARE_ACCEPT,
    SHARE_LAST_TAKER,
    SHARE_MAP,
    SHARE_PASS,
    SHARE_RAISER,
    SHARE_TAKE,
    SPLIT,
    CAPPED,
    CARD_MASK,
    START_PLAYER,
    STATE_SIZE,
    STATUE_FACING,
    STAT_AMULETS_PICKED,
    STAT_AMULETS_USED,
    STAT_CLUES,
    STAT_CURSE_LOSS,
    STAT_DECLINED,
    STAT_EXCHANGES,
    STAT_MOVES,
    STAT_RAISED,
    STAT_ROSES_PAID,
    STAT_WARDED,
    STEP,
    STEP_AFTER_RAISES,
    STEP_ATV_START,
    STEP_CLUE_PLAY,
    STEP_CUBE_REMOVE,
    STEP_CURSE,
    STEP_EXCHANGE_CARDS,
    STEP_GAME_END,
    STEP_GAME_OVER,
    STEP_INITIAL_MAP,
    STEP_LEG,
    STEP_NEW_MAP_CLUE,
    STEP_START_RAISE,
    STEP_RAISE,
    STEP_SHARE_END,
    STEP_SHARE_NEXT,
    STEP_SHARE_OFFER,
    STEP_TURN_ACTION,
    STEP_TURN_START,
    TRAJECTORY,
    TREASURES_RAISED,
    TURNS,
    TURN_ACTION,
    TURN_PICKS,
    TURN_RAISED,
    USE_CLUE,
    USE_EXCHANGE,
    USE_MOVE,
    USE_REMOVE_CUBE,
    USE_WARD,
)

PURPOSE_RANDOM_ATV = 7
"""Side stream (``rng.side_stream``) of variant random-atv-start, so the deal stream is unchanged."""
PURPOSE_RANDOM_FIRST_PLAYER = 8
"""Side stream of variant random-first-player (the deal stream is unchanged: deals stay paired)."""


# ---------------------------------------------------------------- setup

@njit(cache=True)
def setup_game(state, players, variant_flags):
    """R1-R5, R8-R10 and the layout: everything but the players' setup decisions (the state is
    zeroed and the deal stream seeded by ``new_game``)."""
    state[PLAYERS] = players
    for flag in range(N_FLAGS):
        state[FLAGS + flag] = variant_flags[flag]
    stream = deal(state)
    # A26 / R2: the island is drawn from the deal stream unless a variant fixes it (the draw is
    # made either way, so every later deal is the same with and without the variant).
    island = random_below(stream, N_ISLANDS)
    if variant_flags[FLAG_ISLAND] >= 0:
        island = variant_flags[FLAG_ISLAND]
    state[ISLAND] = island
    state[N_HEX] = N_HEXES[island]
    state[R_BASE + 2] += 1
    state[DECK] = variant_flags[FLAG_CLUE_DECK]
    state[SPLIT] = variant_flags[FLAG_GOLD_SPLIT]
    # R8 / A32: 4 clue cards, 6 at 2 players (setting hand_size; preset two-player-hand-4)
    state[HAND_LIMIT] = variant_flags[RULE_HAND_SIZE]
    state[START_PLAYER] = 0  # R9: seat 1 is the player who visited an island last
    if variant_flags[FLAG_RANDOM_FIRST_PLAYER] == 1:  # simulator setting: any seat may start
        side = side_stream(deal(state)[0], PURPOSE_RANDOM_FIRST_PLAYER)  # the deal stream is not drawn
        state[START_PLAYER] = random_below(side, players)
        state[FIRED_RANDOM_FIRST_PLAYER] += 1
    state[R_BASE + 9] += 1
    state[ACTIVE] = state[START_PLAYER]
    place_landmarks(state, stream)  # R3
    state[R_BASE + 3] += 1
    landmark_masks(state)
    card_masks(state)
    build_gold_deck(state, stream)  # R4
    n_clues = variant_flags[RULE_N_CLUES]  # setting clue_cards
    for card in range(n_clues):
        state[CLUE_DECK + card] = card
    shuffle_prefix(state[CLUE_DECK:CLUE_DECK + n_clues], n_clues, stream)
    state[CLUE_DECK_COUNT] = n_clues
    for seat in range(MAX_PLAYERS * MAX_HAND):
        state[HAND + seat] = -1
    for m in range(N_MAPS):  # R5: one pile of 17 markers per map, nothing on the board yet
        for i in range(MAX_MAP_CLUES):
            state[MAP_CARD + m * MAX_MAP_CLUES + i] = -1
            state[MAP_ROSE + m * MAX_MAP_CLUES + i] = -1
        for w in range(N_WORDS):
            state[MAP_CAND + m * N_WORDS + w] = ALL_BITS[island, w]
    state[R_BASE + 5] += 1
    for seat in range(players):  # R1: an ATV and 15 roses each (setting roses_per_player)
        state[ROSES + seat] = variant_flags[RULE_ROSES]
    state[R_BASE + 1] += 1
    state[AMULET_SUPPLY] = variant_flags[RULE_AMULETS]  # R10 (setting amulets)
    for seat in range(players):  # handicap: seatK_start_amulets come from the supply
        state[AMULETS_HELD + seat] = variant_flags[RULE_START_AMULETS + seat]
        state[AMULET_SUPPLY] -= variant_flags[RULE_START_AMULETS + seat]
    state[R_BASE + 10] += 1
    state[SHARE_MAP] = -1
    state[NEW_MAP] = -1


@njit(cache=True)
def after_setup_decisions(state, log):
    """R8: deal the hands once the opening clues lie; the start player's turn begins."""
    for seat in range(state[PLAYERS]):
        refill_hand(state, seat)
    state[R_BASE + 8] += 1
    state[STEP] = STEP_TURN_START


# ---------------------------------------------------------------- turn helpers

@njit(cache=True)
def end_turn(state, log):
    """R62: play passes to the left (clockwise) whatever happened."""
    log_event(log, state, EV_END_TURN, state[ACTIVE], 0, 0, 0, 0)
    state[ACTIVE] = (state[ACTIVE] + 1) % state[PLAYERS]
    state[R_BASE + 62] += 1
    state[STEP] = STEP_TURN_START


@njit(cache=True)
def start_turn(state, log):
    """R28 / R35 / A15: an ATV on an amulet takes it for free, then located treasures on its hex are raised."""
    if state[TURNS] >= state[FLAGS + RULE_TURN_CAP]:  # simulator stall cap (setting turn_cap)
        state[CAPPED] = 1
        state[FIRED_TURN_CAP] += 1
        state[STEP] = STEP_GAME_END
        return
    if state[DEBUG_CHECKS] == 1:
        check_invariants(state)
    state[TURNS] += 1
    seat = state[ACTIVE]
    state[MAIN_USED] = 0
    state[EXTRA] = 0
    state[TURN_PICKS] = 0
    state[TURN_RAISED] = 0
    log_event(log, state, EV_TURN, seat, state[TURNS], 0, 0, 0)
    here = state[ATV_HEX + seat]
    if state[AMULET_AT + here] == 1:
        pick_amulet(state, seat, here, 1, log)  # R35: no action spent
        state[R_BASE + 35] += 1
    maps = located_at(state, here)
    if maps == 0:
        state[STEP] = STEP_TURN_ACTION
    elif state[FLAGS + FLAG_RAISE_AT_START_OPTIONAL] == 1:
        state[STEP] = STEP_START_RAISE  # R28 «il peut s'en emparer»: the player chooses
    else:
        begin_start_raise(state, here, maps)  # R28 / A13 «a donc récupéré automatiquement»


@njit(cache=True)
def begin_start_raise(state, here, maps):
    """R28: raise the located treasures under the ATV at the turn start (R61: the turn follows)."""
    state[R_BASE + 28] += 1
    count_shared_site(state, here, maps)
    state[RAISE_HEX] = here
    state[RAISE_QUEUE] = maps
    state[RAISE_IN_MOVE] = 0
    state[STEP] = STEP_RAISE


@njit(cache=True)
def count_shared_site(state, here, maps):
    """R43: a raise where the treasure shares its hex with another treasure, a hut or a palm tree."""
    shared = popcount(maps) >= 2
    for k in range(N_HUTS + N_PALMS):
        if state[LANDMARK_HEX + k] == here:
            shared = True
    if shared:
        state[R_BASE + 43] += 1


@njit(cache=True)
def can_remove_cube(state):
    """A10: a marker of a map holding at least 2 markers may be removed."""
    if state[FLAGS + FLAG_NO_REMOVE_CUBE] == 1:
        return False
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and state[MAP_MARKERS + m] >= 2 and state[SHARE_MAP] != m:
            return True
    return False


@njit(cache=True)
def turn_action_options(state, seat, options):
    """R11 / R12 / A18: the main action (clue, move, exchange) once; R36-R42 / A17: any number of
    amulet uses; END once the main action is done or a raise ended it."""
    n = 0
    amulets = state[AMULETS_HELD + seat]
    clue_ok = has_legal_clue(state, seat)
    hand = state[HAND_COUNT + seat]
    if state[MAIN_USED] == 0:
        if clue_ok:
            options[n] = ACTION_CLUE
            n += 1
        options[n] = ACTION_MOVE
        n += 1
        if hand > 0 and (state[FLAGS + FLAG_EXCHANGE_PASS_ONLY_WITHOUT] == 0 or amulets == 0):
            options[n] = ACTION_EXCHANGE
            n += 1
    if amulets > 0:
        if clue_ok:
            options[n] = ACTION_AMULET_CLUE
            n += 1
        options[n] = ACTION_AMULET_MOVE
        n += 1
        if can_remove_cube(state):
            options[n] = ACTION_AMULET_REMOVE_CUBE
            n += 1
        if hand > 0 and state[FLAGS + FLAG_NO_AMULET_EXCHANGE] == 0:
            options[n] = ACTION_AMULET_EXCHANGE
            n += 1
    if state[MAIN_USED] == 1:
        options[n] = ACTION_END
        n += 1
    return n


@njit(cache=True)
def cube_options(state, options):
    """A10: option = map | hex << 2 for each marker of a map with at least 2 markers."""
    n = 0
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and state[MAP_MARKERS + m] >= 2 and state[SHARE_MAP] != m:
            for w in range(N_WORDS):
                word = state[MAP_CAND + m * N_WORDS + w]
                b = 0
                while word != 0:
                    if word & 1:
                        options[n] = m | ((w * WORD_BITS + b) << CUBE_HEX_SHIFT)
                        n += 1
                    word >>= 1
                    b += 1
    return n


@njit(cache=True)
def do_exchange(state, seat, subset, amulet, log):
    removed = exchange_hand(state, seat, subset)
    state[STAT_EXCHANGES + seat] += 1
    log_event(log, state, EV_EXCHANGE, seat, removed, amulet, 0, 0)


@njit(cache=True)
def full_subset(state, seat):
    return (1 << state[HAND_COUNT + seat]) - 1


# ---------------------------------------------------------------- raising and sharing

@njit(cache=True)
def raise_treasure(state, seat, map_index, log):
    """R45-R49: the raiser's rose goes below the clues (R46), the last marker back to its pile
    (R47), the statues emit amulets (R30, A9: before the share), each rose holder draws one gold
    card per rose and looks at them (R48), the raiser adds one unseen card and shuffles (R49)."""
    state[R_BASE + 44] += 1
    state[R_BASE + 45] += 1
    hex_index = first_hex(state, MAP_CAND + map_index * N_WORDS)
    log_event(log, state, EV_RAISE, seat, map_index, hex_index, 0, 0)
    state[TREASURES_RAISED] += 1
    state[STAT_RAISED + seat] += 1
    position = state[MAP_LEN + map_index]
    state[MAP_CARD + map_index * MAX_MAP_CLUES + position] = -1
    if state[ROSES + seat] > 0:  # A30: a raiser without roses gets no share
        state[MAP_ROSE + map_index * MAX_MAP_CLUES + position] = seat
        state[ROSES + seat] -= 1
        state[R_BASE + 46] += 1
    state[MAP_MARKERS + map_index] = 0  # R47
    state[R_BASE + 47] += 1
    state[SHARE_MAP] = map_index
    state[SHARE_RAISER] = seat
    state[SHARE_LAST_TAKER] = -1
    statues_emit(state, True, log)
    players = state[PLAYERS]
    n = 0
    for k in range(players):
        holder = (seat + k) % players
        roses = roses_on_map(state, map_index, holder)
        drawn = 0
        for _ in range(roses):
            value = draw_gold(state)
            if value >= 0:
                state[POOL + n] = value
                state[POOL_SEER + n] = holder
                n += 1
                drawn += 1
        if roses > 0:
            state[R_BASE + 48] += 1
            log_event(log, state, EV_POOL, holder, drawn, 0, 0, 0)
    value = draw_gold(state)
    if value >= 0:
        state[POOL + n] = value
        state[POOL_SEER + n] = -1
        n += 1
        state[R_BASE + 49] += 1
    # shuffle cards and their seers together (R49)
    stream = deal(state)
    for position in range(n - 1, 0, -1):
        other = random_below(stream, position + 1)
        held = state[POOL + position]
        state[POOL + position] = state[POOL + other]
        state[POOL + other] = held
        held = state[POOL_SEER + position]
        state[POOL_SEER + position] = state[POOL_SEER + other]
        state[POOL_SEER + other] = held
    state[POOL_COUNT] = n
    state[POOL_POS] = 0
    state[STEP] = STEP_SHARE_NEXT


@njit(cache=True)
def active_roses(state, map_index):
    n = 0
    for i in range(state[MAP_LEN + map_index] + 1):
        if state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] >= 0:
            n += 1
    return n


@njit(cache=True)
def next_offer_seat(state, map_index):
    """R50 / R51 / A19: the card goes rose by rose from the bottom (the raiser's rose, then the
    clues from the last to the first); a player already asked for this card is skipped."""
    for i in range(state[MAP_LEN + map_index], -1, -1):
        owner = state[MAP_ROSE + map_index * MAX_MAP_CLUES + i]
        if owner >= 0 and (state[OFFER_ASKED] >> owner) & 1 == 0:
            return owner
    return -1


@njit(cache=True)
def others_left_to_ask(state, map_index, seat):
    for i in range(state[MAP_LEN + map_index], -1, -1):
        owner = state[MAP_ROSE + map_index * MAX_MAP_CLUES + i]
        if owner >= 0 and owner != seat and (state[OFFER_ASKED] >> owner) & 1 == 0:
            return True
    return False


@njit(cache=True)
def take_card(state, seat, map_index, value, log):
    """R52: the taker removes its lowest remaining rose (A19) and keeps the card face down."""
    state[HELD + seat * 7 + value] += 1
    for i in range(state[MAP_LEN + map_index], -1, -1):
        if state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] == seat:
            state[MAP_ROSE + map_index * MAX_MAP_CLUES + i] = -1
            state[ROSES + seat] += 1
            break
    state[SHARE_LAST_TAKER] = seat
    state[STAT_ROSES_PAID + seat] += 1
    state[R_BASE + 52] += 1
    log_event(log, state, EV_OFFER, seat, value, 1, 0, 0)


@njit(cache=True)
def share_next(state, log):
    """Turn up the next card (R50), or end the share (A20: no rose or no card left).  R54: a curse
    stops the share; the cards left are discarded; R55 penalties follow."""
    m = state[SHARE_MAP]
    if state[POOL_POS] >= state[POOL_COUNT] or active_roses(state, m) == 0:
        state[STEP] = STEP_SHARE_END
        return
    value = state[POOL + state[POOL_POS]]
    state[POOL_POS] += 1
    if value == CURSE:
        state[CURSES_SEEN] += 1
        state[R_BASE + 54] += 1
        log_event(log, state, EV_CURSE, state[SHARE_RAISER], m, 0, 0, 0)
        if state[FLAGS + FLAG_CURSE_RESHUFFLED] == 1:  # A21
            discard_face_up(state, CURSE)  # revealed: seen by all
            state[FIRED_CURSE_RESHUFFLED] += 1
        else:
            state[CURSES_OUT] += 1
        state[CURSE_CURSOR] = 0
        state[STEP] = STEP_CURSE
        return
    state[OFFER_ASKED] = 0
    state[R_BASE + 50] += 1
    state[STEP] = STEP_SHARE_OFFER


@njit(cache=True)
def share_offer_options(state, log, options):
    """The next rose holder to ask for the card on offer (SHARE_ACCEPT), or, when everybody
    declined, discard it (A19) and go on: returns the number of options (0: nothing to ask)."""
    m = state[SHARE_MAP]
    seat = next_offer_seat(state, m)
    value = state[POOL + state[POOL_POS] - 1]
    if seat < 0:
        discard_face_up(state, value)  # A19: turned up and declined by all
        log_event(log, state, EV_DISCARD_CARD, value, 0, 0, 0, 0)
        state[STEP] = STEP_SHARE_NEXT
        return 0
    state[OFFER_SEAT] = seat
    options[0] = SHARE_TAKE
    if state[FLAGS + FLAG_LAST_ROSE_MUST_TAKE] == 1 and not others_left_to_ask(state, m, seat) \
            and state[OFFER_ASKED] != 0:
        state[FIRED_LAST_ROSE_MUST_TAKE] += 1
        return 1
    options[1] = SHARE_PASS
    return 2


@njit(cache=True)
def curse_options(state, log, options):
    """R55 / R56 / A22: each rose holder, in seat order from the raiser, gives one gold card (its
    highest) or one amulet, however many roses it has; with gold and no amulet the gold is
    forced; R41: with no gold nothing is lost (the amulet only protects a gold card; variant
    curse-amulet-without-gold: the amulet is forced).  Returns the options of the next holder
    with a choice (0: done)."""
    m = state[SHARE_MAP]
    players = state[PLAYERS]
    while state[CURSE_CURSOR] < players:
        seat = (state[SHARE_RAISER] + state[CURSE_CURSOR]) % players
        roses = roses_on_map(state, m, seat)
        if roses > 0:
            state[R_BASE + 55] += 1
            if roses >= 2:
                state[R_BASE + 56] += 1
            gold = gold_held(state, seat) > 0
            # R41: «pour éviter de perdre sa plus forte carte»: no gold, nothing to protect
            amulet = state[AMULETS_HELD + seat] > 0 and (gold or state[FLAGS + FLAG_CURSE_AMULET_WITHOUT_GOLD] == 1)
            n = 0
            if gold:
                options[n] = CURSE_GIVE_GOLD
                n += 1
            if amulet:
                options[n] = CURSE_GIVE_AMULET
                n += 1
            if n > 0:
                return n
            log_event(log, state, EV_CURSE_PAY, seat, -1, 0, 0, 0)
        state[CURSE_CURSOR] += 1
    state[STEP] = STEP_SHARE_END
    return 0


@njit(cache=True)
def pay_curse(state, seat, choice, log):
    if choice == CURSE_GIVE_AMULET:
        spend_amulet(state, seat, USE_WARD, log)  # R41: the gri-gri wards the curse
        if gold_held(state, seat) > 0:
            state[R_BASE + 41] += 1
        else:
            state[FIRED_CURSE_AMULET_WITHOUT_GOLD] += 1
        state[STAT_WARDED + seat] += 1
        log_event(log, state, EV_CURSE_PAY, seat, 0, 0, 0, 0)
    else:
        value = highest_gold(state, seat)
        state[HELD + seat * 7 + value] -= 1
        discard_face_up(state, value)  # A22: to the discard (A23: the holding was public)
        state[STAT_CURSE_LOSS + seat] += value
        log_event(log, state, EV_CURSE_PAY, seat, value, 0, 0, 0)
    state[CURSE_CURSOR] += 1


@njit(cache=True)
def record_checkpoint(state):
    """Score trajectory: every seat's coins after a share and at the end."""
    k = state[TRAJECTORY]
    if k >= MAX_CHECKPOINTS:
        return
    for seat in range(state[PLAYERS]):
        state[TRAJECTORY + 1 + k * MAX_PLAYERS + seat] = coins_held(state, seat)
    state[TRAJECTORY] = k + 1


@njit(cache=True)
def share_end(state, log):
    """R53 / A20: cards left are discarded unseen; A31: the map is cleared; R63 / A28: the game
    ends after the share that emptied the gold deck; else R57 / R58: the last taker (the raiser
    when nobody took a card) starts the new map."""
    m = state[SHARE_MAP]
    left = state[POOL_COUNT] - state[POOL_POS]
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        discard_face_down(state, state[POOL + i])  # R53 / R54: never turned up (curses too)
    if left > 0:
        state[R_BASE + 53] += 1
    state[POOL_COUNT] = 0
    state[POOL_POS] = 0
    log_event(log, state, EV_SHARE_END, m, left, 0, 0, 0)
    clear_map(state, m)
    state[SHARE_MAP] = -1
    record_checkpoint(state)
    if state[GAME_ENDING] == 1:
        state[STEP] = STEP_GAME_END
        return
    starter = state[SHARE_LAST_TAKER]
    if starter >= 0:
        state[R_BASE + 57] += 1
    else:
        starter = state[SHARE_RAISER]
        state[R_BASE + 58] += 1
    state[NEW_MAP] = m
    state[NEW_MAP_SEAT] = starter
    if can_start_map(state, starter):
        state[STEP] = STEP_NEW_MAP_CLUE
    else:
        state[NEW_MAP] = -1
        state[STEP] = STEP_RAISE if state[RAISE_QUEUE] != 0 else STEP_AFTER_RAISES


# ---------------------------------------------------------------- the game loop

@njit(cache=True)
def run_steps(state, log):
    """Carry out the steps that ask nobody until a decision step or the end of the game."""
    while True:
        step = state[STEP]
        if step == STEP_TURN_START:
            start_turn(state, log)
        elif step == STEP_SHARE_NEXT:
            share_next(state, log)
        elif step == STEP_SHARE_END:
            share_end(state, log)
        elif step == STEP_AFTER_RAISES:
            if state[RAISE_IN_MOVE] == 1:
                state[MAIN_USED] = 1  # R27 / R59: a raise ends the turn, unless an amulet is used (R60)
                state[TURN_RAISED] = 1
                state[R_BASE + 59] += 1
            else:
                state[R_BASE + 61] += 1  # R61: a raise at the turn start leaves the whole turn to play
            state[STEP] = STEP_TURN_ACTION
        elif step == STEP_GAME_END:
            final_ranking(state, log)
            state[STEP] = STEP_GAME_OVER
        else:
            return


@njit(cache=True)
def decision_options(state, log, options):
    """The pending decision's (seat, kind, n_options) for the current step; 0 options means the
    step moved on by itself (a card all declined, a curse with nobody left to pay)."""
    step = state[STEP]
    seat = state[ACTIVE]
    if step == STEP_ATV_START:
        seat = setup_seat(state)
        for h in range(state[N_HEX]):
            options[h] = h
        return seat, ATV_START, state[N_HEX]
    if step == STEP_INITIAL_MAP:
        seat = setup_seat(state)
        card = state[HAND + seat * MAX_HAND]
        n = 0
        for m in range(N_MAPS):
            if state[MAP_LEN + m] == 0 or (state[FLAGS + FLAG_INITIAL_ANY_MAP] == 1 and clue_is_legal(state, card, m)):
                options[n] = m
                n += 1
        return seat, INITIAL_MAP, n
    if step == STEP_TURN_ACTION:
        return seat, TURN_ACTION, turn_action_options(state, seat, options)
    if step == STEP_CLUE_PLAY:
        return seat, CLUE_PLAY, clue_options(state, seat, options)
    if step == STEP_LEG:
        return seat, LEG, leg_options(state, seat, state[LEGS_USED], options)
    if step == STEP_CUBE_REMOVE:
        return seat, CUBE_REMOVE, cube_options(state, options)
    if step == STEP_EXCHANGE_CARDS:
        n = full_subset(state, seat)
        for subset in range(1, n + 1):
            options[subset - 1] = subset
        return seat, EXCHANGE_CARDS, n
    if step == STEP_RAISE:
        n = 0
        for m in range(N_MAPS):
            if (state[RAISE_QUEUE] >> m) & 1:
                options[n] = m
                n += 1
        return seat, RAISE_ORDER, n
    if step == STEP_SHARE_OFFER:
        n = share_offer_options(state, log, options)
        return state[OFFER_SEAT], SHARE_ACCEPT, n
    if step == STEP_CURSE:
        n = curse_options(state, log, options)
        cursed = (state[SHARE_RAISER] + state[CURSE_CURSOR]) % state[PLAYERS]
        return cursed, CURSE_RESPONSE, n
    if step == STEP_START_RAISE:
        options[0] = START_RAISE_TAKE
        options[1] = START_RAISE_SKIP
        return seat, START_RAISE, 2
    if step == STEP_NEW_MAP_CLUE:
        seat = state[NEW_MAP_SEAT]
        n = 0
        for slot in range(state[HAND_COUNT + seat]):
            if matches_a_hex(state, state[HAND + seat * MAX_HAND + slot]):  # R18 (every card, by default)
                options[n] = slot
                n += 1
        return seat, NEW_MAP_CLUE, n
    raise AssertionError("no decision at this step")


@njit(cache=True)
def carry_out(state, seat, value, log):
    """Carry out option ``value`` of the decision of ``seat`` pending at the current step."""
    step = state[STEP]
    if step == STEP_ATV_START:
        state[ATV_HEX + seat] = value  # R6 / A27: any hex; R26: several ATVs may share one
        state[R_BASE + 6] += 1
        log_event(log, state, EV_ATV_START, seat, value, 0, 0, 0)
        state[CURSOR] += 1
        if state[CURSOR] == state[PLAYERS]:
            state[CURSOR] = 0
            begin_initial_clue(state, log)
    elif step == STEP_INITIAL_MAP:
        # R7 / A24: the drawn clue goes on an empty map (variant: any map where it is legal)
        card = take_from_hand(state, seat, 0)
        lay_clue(state, seat, card, value, log)
        state[R_BASE + 7] += 1
        state[CURSOR] += 1
        begin_initial_clue(state, log)
    elif step == STEP_TURN_ACTION:
        turn_action(state, seat, value, log)
    elif step == STEP_CLUE_PLAY:
        slot = value & ((1 << CLUE_MAP_SHIFT) - 1)
        card = take_from_hand(state, seat, slot)
        lay_clue(state, seat, card, value >> CLUE_MAP_SHIFT, log)
        refill_hand(state, seat)  # R15
        state[R_BASE + 15] += 1
        if state[EXTRA] == 1:
            state[R_BASE + 39] += 1  # R39: the extra clue bought with an amulet
        state[STEP] = STEP_TURN_ACTION
    elif step == STEP_LEG:
        leg(state, seat, value, log)
    elif step == STEP_CUBE_REMOVE:
        remove_cube(state, seat, value & ((1 << CUBE_HEX_SHIFT) - 1), value >> CUBE_HEX_SHIFT, log)
        state[STEP] = STEP_TURN_ACTION
    elif step == STEP_EXCHANGE_CARDS:
        state[FIRED_EXCHANGE_SUBSET] += 1
        do_exchange(state, seat, value, state[EXTRA], log)
        state[STEP] = STEP_TURN_ACTION
    elif step == STEP_RAISE:
        state[RAISE_QUEUE] &= ~(1 << value)  # A14: the raiser picks the order
        raise_treasure(state, seat, value, log)
    elif step == STEP_SHARE_OFFER:
        m = state[SHARE_MAP]
        card = state[POOL + state[POOL_POS] - 1]
        if value == SHARE_TAKE:
            take_card(state, seat, m, card, log)
            state[STEP] = STEP_SHARE_NEXT
        else:
            state[OFFER_ASKED] |= 1 << seat
            state[STAT_DECLINED + seat] += 1
            state[R_BASE + 51] += 1
            log_event(log, state, EV_OFFER, seat, card, 0, 0, 0)
    elif step == STEP_CURSE:
        pay_curse(state, seat, value, log)
    elif step == STEP_START_RAISE:
        here = state[ATV_HEX + seat]
        if value == START_RAISE_TAKE:
            begin_start_raise(state, here, located_at(state, here))
        else:
            state[FIRED_START_RAISE_SKIPPED] += 1
            log_event(log, state, EV_START_RAISE_SKIP, seat, here, 0, 0, 0)
            state[STEP] = STEP_TURN_ACTION
    elif step == STEP_NEW_MAP_CLUE:
        log_event(log, state, EV_NEW_MAP, seat, state[NEW_MAP], 0, 0, 0)  # before its first clue
        card = take_from_hand(state, seat, value)
        lay_clue(state, seat, card, state[NEW_MAP], log)
        refill_hand(state, seat)
        state[NEW_MAP] = -1
        state[STEP] = STEP_RAISE if state[RAISE_QUEUE] != 0 else STEP_AFTER_RAISES


@njit(cache=True)
def setup_seat(state):
    """The seat whose setup decision is next: setup goes clockwise from the start player (R9)."""
    return (state[START_PLAYER] + state[CURSOR]) % state[PLAYERS]


@njit(cache=True)
def begin_initial_clue(state, log):
    """R7: the next player in seat order draws one clue card to lay on a map; once every player
    has, R8 deals the hands.  R18: a card that matches no hex of the island (possible only with a
    designer's clue deck or fewer landmarks) can never be laid: it is discarded and another drawn;
    a player who draws none lays no opening clue."""
    while state[CURSOR] < state[PLAYERS]:
        seat = setup_seat(state)
        for _ in range(state[FLAGS + RULE_N_CLUES]):
            if not draw_clue(state, seat):
                break
            if matches_a_hex(state, state[HAND + seat * MAX_HAND]):
                state[STEP] = STEP_INITIAL_MAP
                return
            discard_clue(state, take_from_hand(state, seat, 0))
        state[CURSOR] += 1
    after_setup_decisions(state, log)


@njit(cache=True)
def matches_a_hex(state, card):
    """Whether clue ``card`` matches at least one hex of the island (R18: else it is never legal)."""
    for w in range(N_WORDS):
        if state[CARD_MASK + card * N_WORDS + w] != 0:
            return True
    return False


@njit(cache=True)
def can_start_map(state, seat):
    """R57: ``seat`` can lay the first clue of a new map: it has a rose and a card matching a hex."""
    if state[ROSES + seat] == 0:
        return False
    for slot in range(state[HAND_COUNT + seat]):
        if matches_a_hex(state, state[HAND + seat * MAX_HAND + slot]):
            return True
    return False


@njit(cache=True)
def turn_action(state, seat, action, log):
    if action == ACTION_END:
        end_turn(state, log)
        return
    if action <= ACTION_EXCHANGE:
        state[R_BASE + 11] += 1
        state[MAIN_USED] = 1
        state[EXTRA] = 0
    else:
        state[EXTRA] = 1
        if state[TURN_RAISED] == 1:
            state[R_BASE + 60] += 1  # R60: an amulet keeps the raiser's turn going
    if action == ACTION_CLUE or action == ACTION_AMULET_CLUE:
        if action == ACTION_AMULET_CLUE:
            spend_amulet(state, seat, USE_CLUE, log)
        state[STEP] = STEP_CLUE_PLAY
    elif action == ACTION_MOVE or action == ACTION_AMULET_MOVE:
        if action == ACTION_AMULET_MOVE:
            spend_amulet(state, seat, USE_MOVE, log)
            state[R_BASE + 40] += 1  # R40: an extra move of up to 3 legs (no pick-up on it, R34)
        state[STAT_MOVES + seat] += 1
        state[LEGS_USED] = 0
        state[STEP] = STEP_LEG
    elif action == ACTION_AMULET_REMOVE_CUBE:
        spend_amulet(state, seat, USE_REMOVE_CUBE, log)
        state[R_BASE + 38] += 1
        state[STEP] = STEP_CUBE_REMOVE
    else:  # exchange: R12 as the turn's action, R42 with an amulet
        if action == ACTION_EXCHANGE:
            state[R_BASE + 12] += 1
        else:
            spend_amulet(state, seat, USE_EXCHANGE, log)
            state[R_BASE + 42] += 1
        if state[FLAGS + FLAG_EXCHANGE_SUBSET] == 1:
            state[STEP] = STEP_EXCHANGE_CARDS
        else:
            do_exchange(state, seat, full_subset(state, seat), state[EXTRA], log)
            state[STEP] = STEP_TURN_ACTION


@njit(cache=True)
def leg(state, seat, value, log):
    """R24 / R25: one leg; R29 / A16: a leg of a normal move ending on an amulet takes it (R34:
    never on an extra move); A13: a leg ending on a located treasure raises it, R27: the legs
    left are lost."""
    if value == LEG_STOP:
        log_event(log, state, EV_STOP, seat, state[LEGS_USED], 0, 0, 0)
        state[STEP] = STEP_TURN_ACTION
        return
    here = state[ATV_HEX + seat]
    state[ATV_HEX + seat] = value
    state[LEGS_USED] += 1
    state[R_BASE + 24] += 1
    state[R_BASE + 25] += 1
    for other in range(state[PLAYERS]):
        if other != seat and state[ATV_HEX + other] == value:
            state[R_BASE + 26] += 1
    log_event(log, state, EV_LEG, seat, here, value, state[LEGS_USED], state[EXTRA])
    if state[AMULET_AT + value] == 1:
        if state[EXTRA] == 1:
            state[R_BASE + 34] += 1
        else:
            pick_amulet(state, seat, value, 0, log)
            state[R_BASE + 29] += 1
            state[TURN_PICKS] += 1
            if state[TURN_PICKS] >= 2:
                state[R_BASE + 33] += 1  # R33: several amulets may be picked up in one turn
    maps = located_at(state, value)
    if maps != 0:
        if state[LEGS_USED] < state[FLAGS + RULE_LEGS]:
            state[R_BASE + 27] += 1
        count_shared_site(state, value, maps)
        state[RAISE_HEX] = value
        state[RAISE_QUEUE] = maps
        state[RAISE_IN_MOVE] = 1
        state[STEP] = STEP_RAISE
    elif state[LEGS_USED] == state[FLAGS + RULE_LEGS]:  # R24: legs_per_move (3)
        state[STEP] = STEP_TURN_ACTION


@njit(cache=True)
def remove_cube(state, seat, map_index, hex_index, log):
    """R38 / A10: the hex is excluded from that map for good."""
    word = hex_index // WORD_BITS
    bit = 1 << (hex_index % WORD_BITS)
    state[MAP_REMOVED + map_index * N_WORDS + word] |= bit
    state[MAP_CAND + map_index * N_WORDS + word] &= ~bit
    log_event(log, state, EV_CUBE, seat, map_index, hex_index, 0, 0)
    update_markers(state, map_index, log)


@njit(cache=True)
def advance(state, seat, value, n_options, log):
    """Carry out ``value`` (when ``n_options`` > 0), then run the game until a decision with two
    options or more is pending (PENDING_* and OPTIONS set) or the game is over.  A decision with
    a single option is taken at once (``ask`` never asks a strategy to choose among one)."""
    options = state[OPTIONS:OPTIONS + MAX_OPTIONS]
    while True:
        if n_options > 0:
            carry_out(state, seat, value, log)
        run_steps(state, log)
        if state[STEP] == STEP_GAME_OVER:
            return
        seat, kind, n_options = decision_options(state, log, options)
        if n_options == 0:
            continue
        if n_options > 1:
            state[PENDING_SEAT] = seat
            state[PENDING_KIND] = kind
            state[PENDING_COUNT] = n_options
            return
        value = options[0]


@njit(cache=True)
def new_game(run_seed, game_index, players, variant_flags, debug, state, log):
    """Forward model: set up game ``game_index`` of run ``run_seed`` and run it to its first decision."""
    state[:] = 0
    reset_stream(deal(state), run_seed, game_index, PURPOSE_DEAL)
    start_position = deal(state)[0]
    setup_game(state, players, variant_flags)
    state[DEBUG_CHECKS] = debug
    log_event(log, state, EV_SETUP, state[ISLAND], state[START_PLAYER], state[HAND_LIMIT], state[DECK], state[SPLIT])
    for k in range(N_HUTS + N_PALMS + N_STATUES):
        if state[LANDMARK_HEX + k] < 0:
            continue  # a slot left empty (settings huts, palm_trees, statues)
        kind = 0 if k < FIRST_PALM else (1 if k < FIRST_STATUE else 2)
        facing = state[STATUE_FACING + k - FIRST_STATUE] if k >= FIRST_STATUE else -1
        log_event(log, state, EV_LANDMARK, kind, state[LANDMARK_HEX + k], facing, 0, 0)
    if variant_flags[FLAG_AMULETS_AT_SETUP] == 1:
        statues_emit(state, False, log)  # A1 variant: one amulet per statue, no turn
    state[CURSOR] = 0
    if variant_flags[FLAG_RANDOM_ATV_START] == 1:
        side = side_stream(np.uint64(start_position), PURPOSE_RANDOM_ATV)
        for seat in range(players):
            state[ATV_HEX + seat] = random_below(side, state[N_HEX])
            log_event(log, state, EV_ATV_START, seat, state[ATV_HEX + seat], 1, 0, 0)
        state[FIRED_RANDOM_ATV_START] += 1
        begin_initial_clue(state, log)
    else:
        state[STEP] = STEP_ATV_START
    # typed values, not constants: numba compiles a function once per set of argument types, and a
    # constant argument is a type of its own (a literal); apply's call then shares this compile
    advance(state, np.int64(0), np.int64(0), np.int64(0), log)


@njit(cache=True, inline="always")  # the core loop inlines it: no call per decision
def pending_decision(state, options):
    """Forward model: (seat, decision kind, option count) of the decision waiting for a choice,
    its options copied to ``options``; seat -1 when the game is over."""
    if state[STEP] == STEP_GAME_OVER:
        return -1, -1, 0
    n_options = state[PENDING_COUNT]
    for i in range(n_options):
        options[i] = state[OPTIONS + i]
    return state[PENDING_SEAT], state[PENDING_KIND], n_options


@njit(cache=True, inline="always")  # the core loop inlines it: no call per decision
def apply(state, choice, log):
    """Forward model: take option ``choice`` (index) of the pending decision, run to the next one."""
    n_options = state[PENDING_COUNT]
    if state[STEP] == STEP_GAME_OVER or choice < 0 or choice >= n_options:
        raise ValueError("apply: no pending decision has this option index")
    advance(state, state[PENDING_SEAT], state[OPTIONS + choice], n_options, log)


# ---------------------------------------------------------------- end of the game

@njit(cache=True)
def final_ranking(state, log):
    """R65: most coins wins; A29: ties share first place (variant tiebreak-amulets: more amulets,
    then fewer gold cards)."""
    players = state[PLAYERS]
    scores = np.zeros(players, dtype=np.int64)
    tiebreak = np.zeros(players, dtype=np.int64)
    eliminated = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(players, dtype=np.int64)
    for seat in range(players):
        scores[seat] = coins_held(state, seat)
        state[SCORE + seat] = scores[seat]
        if state[FLAGS + FLAG_TIEBREAK_AMULETS] == 1:
            tiebreak[seat] = state[AMULETS_HELD + seat] * 1000 - gold_held(state, seat)
    if state[FLAGS + FLAG_TIEBREAK_AMULETS] == 1:
        state[FIRED_TIEBREAK_AMULETS] += 1
    if state[CAPPED] == 1:
        ranks[:] = 0  # the turn cap is no rule: a stopped game ranks nobody (no winner)
    else:
        competition_ranks(scores, tiebreak, eliminated, ranks)
        state[R_BASE + 65] += 1
    for seat in range(players):
        state[RANK + seat] = ranks[seat]
    record_checkpoint(state)
    log_event(log, state, EV_GAME_END, state[CAPPED], state[REFILLS], 0, 0, 0)
    for seat in range(players):
        log_event(log, state, EV_FINAL, seat, scores[seat], ranks[seat], 0, 0)
    if state[DEBUG_CHECKS] == 1:
        check_invariants(state)


@njit(cache=True)
def check_invariants(state):
    """Debug mode (spec 6.3): components conserved, counts never negative, markers = candidates."""
    players = state[PLAYERS]
    # gold: deck + pool + held + discard + curses out = 41 cards; coins = the split's total
    cards = state[GOLD_DECK_COUNT] + state[POOL_COUNT] - state[POOL_POS] + state[CURSES_OUT]
    coins = 0
    face_down = 0
    for i in range(state[GOLD_DECK_COUNT]):
        coins += state[GOLD_DECK + i]
    for i in range(state[POOL_POS], state[POOL_COUNT]):
        coins += state[POOL + i]
    for value in range(MAX_GOLD + 1):
        if state[GOLD_DISCARD + value] < 0:
            raise AssertionError("negative gold discard count")
        if state[GOLD_DISCARD_HIDDEN + value] < 0:
            raise AssertionError("negative face-down discard count")
        cards += state[GOLD_DISCARD + value] + state[GOLD_DISCARD_HIDDEN + value]
        coins += value * (state[GOLD_DISCARD + value] + state[GOLD_DISCARD_HIDDEN + value])
        face_down += state[GOLD_DISCARD_HIDDEN + value]
    if face_down != state[GOLD_DISCARD_HIDDEN_COUNT]:
        raise AssertionError("face-down discard count differs from its cards")
    for seat in range(players):
        for value in range(MIN_GOLD, MAX_GOLD + 1):
            if state[HELD + seat * 7 + value] < 0:
                raise AssertionError("negative gold holding")
        cards += gold_held(state, seat)
        coins += coins_held(state, seat)
    if cards != state[FLAGS + RULE_N_GOLD] + state[FLAGS + RULE_CURSES]:
        raise AssertionError("gold cards not conserved (deck + pool + held + discard + curses out != 41)")
    if coins != state[FLAGS + RULE_GOLD_COINS]:
        raise AssertionError("gold coins not conserved")
    # clues: deck + discard + hands + maps = 52
    clues = state[CLUE_DECK_COUNT] + state[CLUE_DISCARD_COUNT]
    for seat in range(players):
        if state[HAND_COUNT + seat] < 0 or state[HAND_COUNT + seat] > hand_limit(state, seat):
            raise AssertionError("hand size out of range")
        clues += state[HAND_COUNT + seat]
    for m in range(N_MAPS):
        clues += state[MAP_LEN + m]
    if clues != state[FLAGS + RULE_N_CLUES]:
        raise AssertionError("clue cards not conserved (deck + discard + hands + maps != 52)")
    # roses: supply + on maps = 15 per player
    for seat in range(players):
        roses = state[ROSES + seat]
        if roses < 0:
            raise AssertionError("negative rose supply")
        for m in range(N_MAPS):
            roses += roses_on_map(state, m, seat)
        if roses != state[FLAGS + RULE_ROSES]:
            raise AssertionError("compass roses not conserved")
    # markers
    for m in range(N_MAPS):
        count = candidate_count(state, m)
        if state[MAP_LEN + m] > 0 and count < 1:
            raise AssertionError("a map with clues has no possible hex")
        if state[MAP_MARKERS_DOWN + m] == 1:
            if state[MAP_MARKERS + m] != count or count > state[FLAGS + RULE_MARKERS]:
                raise AssertionError("markers on the board differ from the candidate count")
        elif state[MAP_MARKERS + m] != 0 or count <= marker_threshold(state):
            raise AssertionError("markers not down although few enough hexes match")
    # amulets
    for h in range(state[N_HEX]):
        if state[AMULET_AT + h] < 0 or state[AMULET_AT + h] > 1:
            raise AssertionError("a hex holds more than one amulet")
    for seat in range(players):
        if state[AMULETS_HELD + seat] < 0:
            raise AssertionError("negative amulets held")
    if state[AMULET_SUPPLY] < 0 or total_amulets(state) != state[FLAGS + RULE_AMULETS]:
        raise AssertionError("amulets not conserved")


@njit(cache=True)
def final_results(state, seat_row, game_row):
    """Copy one finished game's results into its rows (columns SEAT_COLUMNS / GAME_COLUMNS)."""
    players = state[PLAYERS]
    winners = 0
    best = 0
    for seat in range(players):
        seat_row[seat, 0] = state[SCORE + seat]
        seat_row[seat, 1] = state[RANK + seat]
        seat_row[seat, 2] = gold_held(state, seat)
        seat_row[seat, 3] = state[STAT_RAISED + seat]
        seat_row[seat, 4] = state[STAT_CLUES + seat]
        seat_row[seat, 5] = state[STAT_ROSES_PAID + seat]
        seat_row[seat, 6] = state[STAT_AMULETS_PICKED + seat]
        seat_row[seat, 7] = state[STAT_AMULETS_USED + seat]
        seat_row[seat, 8] = state[STAT_CURSE_LOSS + seat]
        seat_row[seat, 9] = state[STAT_WARDED + seat]
        seat_row[seat, 10] = state[STAT_DECLINED + seat]
        seat_row[seat, 11] = state[STAT_MOVES + seat]
        seat_row[seat, 12] = state[STAT_EXCHANGES + seat]
        if state[RANK + seat] == 1:
            winners += 1
        if state[SCORE + seat] > best:
            best = state[SCORE + seat]
    game_row[0] = state[TURNS]
    game_row[1] = state[TREASURES_RAISED]
    game_row[2] = state[CURSES_SEEN]
    game_row[3] = state[ISLAND]
    game_row[4] = best
    game_row[5] = winners
    game_row[6] = state[REFILLS]
    game_row[7] = state[CAPPED]
    for use in range(5):
        game_row[8 + use] = state[AMULET_USES + use]


SEAT_COLUMNS = ("score", "rank", "gold_cards", "treasures_raised", "clues_played", "roses_paid", "amulets_picked",
                "amulets_used", "curse_losses", "curses_warded", "cards_declined", "moves", "exchanges")  # fmt: skip
GAME_COLUMNS = ("length", "treasures_raised_total", "curses_seen", "island", "winning_score", "winners",
                "refills", "capped", "amulet_clues", "amulet_moves", "amulet_cubes", "amulet_exchanges",
                "amulet_wards")  # fmt: skip


@njit(cache=True)
def play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results,
                         rule_counts, decision_stats, trajectories, debug):
    """Play games ``first_game .. first_game + n_games - 1``, fill the result arrays and what the engine
    records (rule counters, decision statistics, score trajectories; the core's loop)."""
    forward.play_chunk_recording(new_game, pending_decision, apply, final_results, STATE_SIZE, MAX_OPTIONS, COUNTERS,
                                 TRAJECTORY, run_seed, first_game, n_games, variant_flags, strategies, params,
                                 seat_results, game_results, rule_counts, decision_stats, trajectories, debug)


def play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Play games ``first_game .. first_game + n_games - 1`` and fill the result arrays (the contract's
    ``play_chunk``: ``play_chunk_recording`` recording nothing, so one compiled engine serves both)."""
    play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results,
                         *forward.no_records(), debug)


@njit(cache=True)
def play_logged(run_seed, game_index, variant_flags, strategies, params, log, debug):
    """Replay one game with logging on; returns the number of log records."""
    state = forward.play_logged(new_game, pending_decision, apply, STATE_SIZE, MAX_OPTIONS, run_seed, game_index,
                                variant_flags, strategies, params, log, debug)
    return state[LOG_COUNT]
