"""SETUP (numba): reset the state vector for one game (RB-FR "Mise en place" by player count)."""

from numba import njit

from simulator.core.engine.rng import random_below, shuffle_prefix, side_stream
from simulator.games.loot.primitives import discard_map, draw_cards, hand_remove, log
from simulator.games.loot.state import (
    S_FIRED_VARIANT, V_HEALERS_REVEALED, V_EVENTS_REVEALED,
    AARON, HAND_CAP, L_PREP_DISCARD, L_ROUND, N_HEALERS, N_ISLANDS, N_LANDINGS, N_MAP, N_OWNERS, N_TREASURES,
    S_EV_ORDER, S_EVENT, S_EXPLORED, S_FIRST, S_HAND, S_HAND_N, S_HAND_SIZE, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N,
    S_HEAL_POOL, S_HEALER, S_INFO_MAP, S_INFO_TR, S_ISLAND_UP, S_LAND_COLOUR, S_LOGGING, S_DEBUG,
    S_MAP_DECK, S_MAP_DECK_N, S_PHASE, S_PLAYERS, S_ROUND, S_RULES, S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_CUBES,
    S_TDECK, S_TDECK_N, S_THRESHOLD, S_TOWNER, S_VAR, RULES_SIZE, T_AARON_HAND, T_COMPASSES, T_HAND, T_ISLAND_IN,
    T_START_CARDS, T_START_CUBES, T_THRESH, T_TIERS, TR_TIER, PH_ACTIONS, V_FIXED_SHIP_START, V_STARTING_DRAFT,
    V_TWO_HEALERS, N_VARIANT_FLAGS, S_LOG_N, EVENT_EXCLUDED, EVENT_FORCED, EVENT_RULES_OFFSET, N_A_EVENTS,
    N_B_EVENTS, N_EVENTS, ROUNDS,
)


@njit(cache=True)
def write_info(state, rules):
    """Copy the rules block ``rules`` (``RULES_SIZE`` slots: the run's settings and component tables,
    ``tables.rules_block``) into the state at S_RULES, where the engine and the strategies read it."""
    if rules.shape[0] != RULES_SIZE:
        raise ValueError("the flag vector holds no rules block: build it with loot's encode_variants")
    for i in range(RULES_SIZE):
        state[S_RULES + i] = rules[i]


SIDE_PURPOSE_EVENT_RULES = 1
"""Side stream (``simulator.core.engine.rng.side_stream``) of the forced / excluded event draws."""


@njit(cache=True)
def draw_events(state, flags, deal_stream, scratch, event_rules_start):
    """Setup step 7: one random A event face up (round 1) on four random B events (rounds 2-5).

    The deal stream makes the same draws whatever ``--force-event`` / ``--exclude-event`` say,
    so a forced or excluded run plays the same hands, treasures and ship as the baseline.
    """
    for e in range(N_B_EVENTS):
        scratch[e] = N_A_EVENTS + e
    shuffle_prefix(scratch, N_B_EVENTS, deal_stream)
    state[S_EV_ORDER] = random_below(deal_stream, N_A_EVENTS)
    if flags.shape[0] < EVENT_RULES_OFFSET + N_EVENTS:
        for r in range(1, ROUNDS):
            state[S_EV_ORDER + r] = scratch[r - 1]
        return
    side = side_stream(event_rules_start, SIDE_PURPOSE_EVENT_RULES)
    # an excluded card stays in the box: rounds 2-5 take the first B cards of the deck that are not excluded
    round_index = 1
    for position in range(N_B_EVENTS):
        if round_index == ROUNDS:
            break
        event = scratch[position]
        if flags[EVENT_RULES_OFFSET + event] != EVENT_EXCLUDED:
            state[S_EV_ORDER + round_index] = event
            round_index += 1
    # a forced B card that did not come up replaces the card of a random round 2-5 that is not forced
    for event in range(N_A_EVENTS, N_EVENTS):
        if flags[EVENT_RULES_OFFSET + event] == EVENT_FORCED and not event_drawn(state, event):
            replaceable = 0
            for r in range(1, ROUNDS):
                replaceable += flags[EVENT_RULES_OFFSET + state[S_EV_ORDER + r]] != EVENT_FORCED
            pick = random_below(side, replaceable)
            for r in range(1, ROUNDS):
                if flags[EVENT_RULES_OFFSET + state[S_EV_ORDER + r]] != EVENT_FORCED:
                    if pick == 0:
                        state[S_EV_ORDER + r] = event
                        break
                    pick -= 1
    # the A card: the forced one, or a random allowed one when the drawn card is excluded
    allowed = 0
    for event in range(N_A_EVENTS):
        if flags[EVENT_RULES_OFFSET + event] == EVENT_FORCED:
            state[S_EV_ORDER] = event
        allowed += flags[EVENT_RULES_OFFSET + event] != EVENT_EXCLUDED
    if flags[EVENT_RULES_OFFSET + state[S_EV_ORDER]] == EVENT_EXCLUDED:
        pick = random_below(side, allowed)
        for event in range(N_A_EVENTS):
            if flags[EVENT_RULES_OFFSET + event] != EVENT_EXCLUDED:
                if pick == 0:
                    state[S_EV_ORDER] = event
                    break
                pick -= 1


@njit(cache=True)
def event_drawn(state, event):
    """Whether ``event`` is already the card of one of the rounds 2-5."""
    for r in range(1, ROUNDS):
        if state[S_EV_ORDER + r] == event:
            return True
    return False


@njit(cache=True)
def setup_game(state, game_log, deal_stream, players, flags, logging, debug, scratch):
    """Set up a game of ``players`` up to the hands dealt (the engine goes on with the starting
    draft's discards, decisions ``draft_discard``, then round 1)."""
    event_rules_start = deal_stream[0]  # seeds the side stream of --force-event / --exclude-event
    for i in range(S_INFO_MAP):
        state[i] = 0
    state[S_LOGGING] = logging
    state[S_DEBUG] = debug
    state[S_LOG_N] = 0
    for i in range(N_VARIANT_FLAGS):
        state[S_VAR + i] = flags[i] if i < flags.shape[0] else 0
    for flag in (V_HEALERS_REVEALED, V_TWO_HEALERS, V_EVENTS_REVEALED, V_STARTING_DRAFT, V_FIXED_SHIP_START):
        state[S_FIRED_VARIANT + flag] += state[S_VAR + flag]  # setup variants: their branch is the setup
    state[S_PLAYERS] = players
    state[S_HAND_SIZE] = state[S_RULES + T_HAND]  # setup 5 (setting hand_size)
    state[S_THRESHOLD] = state[S_RULES + T_THRESH]  # phase 3 (setting loot_threshold)
    state[S_HAS_AARON] = 1 if players == 2 else 0
    state[S_EVENT] = -1
    state[S_EXPLORED] = -1
    for l in range(N_LANDINGS):
        state[S_LAND_COLOUR + l] = -1
    for t in range(N_TREASURES):
        state[S_TOWNER + t] = -1
    for o in range(N_OWNERS):
        state[S_HEALER + o] = -1
        state[S_HEAL_HAND + 2 * o] = -1
        state[S_HEAL_HAND + 2 * o + 1] = -1
        active = o < players or (o == AARON and players == 2)
        if active:
            state[S_SUPPLY + o] = state[S_RULES + T_COMPASSES]  # setup 8 (setting compasses_per_player)
            if o != AARON:
                state[S_CUBES + o] = state[S_RULES + T_START_CUBES + o]  # setup 8 (seatK_start_cubes)
    # 2. ship: random corner and direction (drawn even when variant fixed-ship-start is on, so
    # that the deal stream stays aligned across variants)
    corner = random_below(deal_stream, 4)
    direction = 1 if random_below(deal_stream, 2) == 0 else -1
    if state[S_VAR + V_FIXED_SHIP_START] == 1:
        corner = 0
        direction = 1
    state[S_SHIP_CORNER] = corner
    state[S_SHIP_DIR] = direction
    # 3. treasure deck: tiers shuffled separately, IV at the bottom, then III, II, I on top
    n = 0
    for tier in range(4, 0, -1):
        if state[S_RULES + T_TIERS + tier - 1] == 0:  # settings treasure_tier_N
            continue
        start = n
        for t in range(N_TREASURES):
            if state[S_INFO_TR + t * 8 + TR_TIER] == tier:
                state[S_TDECK + n] = t
                n += 1
        shuffle_prefix(state[S_TDECK + start:S_TDECK + n], n - start, deal_stream)
    state[S_TDECK_N] = n
    # 4. map deck
    for c in range(N_MAP):
        state[S_MAP_DECK + c] = c
    shuffle_prefix(state[S_MAP_DECK:S_MAP_DECK + N_MAP], N_MAP, deal_stream)
    state[S_MAP_DECK_N] = N_MAP
    # 6. healers: one per player face down (variant two-healers: two per player)
    for healer in range(N_HEALERS):
        scratch[healer] = healer
    shuffle_prefix(scratch, N_HEALERS, deal_stream)
    if state[S_VAR + V_TWO_HEALERS] == 1:
        for p in range(players):
            state[S_HEAL_HAND + 2 * p] = scratch[2 * p]
            state[S_HEAL_HAND + 2 * p + 1] = scratch[2 * p + 1]
        state[S_HEAL_N] = 0
    else:
        for p in range(players):
            state[S_HEAL_POOL + p] = scratch[p]
        state[S_HEAL_N] = players
    # 7. events: 4 random B events face down, 1 random A event on top (round 1)
    draw_events(state, flags, deal_stream, scratch, event_rules_start)
    # 9. small islands (one returned to the box below 5 players; setting small_islands, tables.islands_in_game)
    for i in range(N_ISLANDS):
        state[S_ISLAND_UP + i] = 1 if state[S_RULES + T_ISLAND_IN + i] == 1 else -1
    # 10. first player
    first = random_below(deal_stream, players)
    state[S_FIRST] = first
    # 5. hands (variant starting-draft: the k-th player in turn order gets 7 + k - 1 cards,
    # the first the normal hand size, and each keeps the hand size)
    size = state[S_HAND_SIZE]
    draft = state[S_VAR + V_STARTING_DRAFT] == 1
    for i in range(players):
        seat = (first + i) % players
        count = size
        if draft and i > 0:
            count = 7 + i
        count += state[S_RULES + T_START_CARDS + seat]  # setting seatK_start_cards (0: the rules)
        draw_cards(state, game_log, deal_stream, seat, count)
    if players == 2:
        draw_cards(state, game_log, deal_stream, AARON, state[S_RULES + T_AARON_HAND])


@njit(cache=True)
def draft_discard_options(state, seat, options):
    """Decision ``draft_discard`` (variant starting-draft): every card in ``seat``'s hand, while it
    holds more than the hand size (0 once it is down to it)."""
    m = state[S_HAND_N + seat]
    if m <= state[S_HAND_SIZE]:
        return 0
    base = S_HAND + seat * HAND_CAP
    for j in range(m):
        options[j] = state[base + j]
    return m


@njit(cache=True)
def draft_discard(state, game_log, seat, card):
    """Variant starting-draft: ``seat`` discards ``card``."""
    hand_remove(state, seat, card)
    discard_map(state, card)
    log(state, game_log, L_PREP_DISCARD, seat, card, 1, 0, 0)


@njit(cache=True)
def start_round_one(state, game_log):
    """Round 1 has no Preparation: it starts with Phase 2 after the A event (turned by the engine)."""
    state[S_ROUND] = 1
    state[S_PHASE] = PH_ACTIONS
    log(state, game_log, L_ROUND, 1, state[S_SHIP_CORNER], state[S_SHIP_DIR], state[S_FIRST], 0)
    state[S_EVENT] = state[S_EV_ORDER]
