"""Sails engine as a forward model (``simulator/core/forward.py``): the whole position is the
state vector; ``new_game`` / ``pending_decision`` / ``apply`` / ``final_results`` step through
the game, the core's loop plays it; plus the debug invariant checks (numba).

The game is a sequence of steps (STEP_* in state.py) with a cursor (CURSOR: the position in the
current clockwise pass).  ``run_steps`` carries out the steps that ask nobody; ``advance``
carries out a choice and runs to the next decision step, which waits for a choice unless it has
a single option.  The RNG draws happen in the same order as in the callback engine this replaces
(tests/sails/test_reference.py).
"""

import numpy as np
from numba import njit

from simulator.core.engine import forward
from simulator.core.engine.rng import PURPOSE_DEAL, reset_stream
from simulator.games.sails.actions import (
    a1_from_deck,
    a1_options,
    a1_steal,
    a2_finish,
    a2_give,
    a2_options,
    a2_take,
    a2_to_give,
    a3_deck_options,
    a3_inspect,
    a3_order_options,
    a3_reorder,
    a4_discard,
    a4_take,
    a4_take_options,
    begin_action,
    hand_options,
    no_effect,
)
from simulator.games.sails.board import log_event, seat_at
from simulator.games.sails.resolution import (
    end_trick,
    hand_out_bonus,
    log_winners,
    next_with_outcome,
    steal_options,
    take_or_steal,
    trick_outcomes,
)
from simulator.games.sails.scoring import final_ranking, pile_points, record_standings, score_round
from simulator.games.sails.setup import (
    choose_pass,
    clear_table,
    log_deal,
    make_passes,
    pass_options,
    setup_game,
    setup_round,
)
from simulator.games.sails.state import (
    COUNTERS,
    FIRED_OPENING_PASS_ONCE,
    FIRED_R4,
    FIRED_R8,
    TRAJECTORY,
    A1_TARGET,
    A2_GIVE,
    A2_TARGET,
    A3_DECK_DECISION,
    A3_ORDER,
    A4_DISCARD,
    A4_TAKE,
    ACTIONS_USED,
    BONUS_AFTER_REVEAL,
    BONUS_AFTER_REVEAL_DECISION,
    BONUS_ATTACHED,
    BONUS_DECK,
    BONUS_CARDS,
    BONUS_HELD,
    CURSOR,
    DEAL_STREAM,
    DEBUG_CHECKS,
    DECK_COUNT,
    DECK_RING,
    DECK_START,
    DECK_TOP,
    DISCARD_MASK,
    EV_TRICK_START,
    FIRST_PLAYER,
    FLAG_OPENING_PASS_ONCE,
    FLAGS,
    GAME_FIRST_PLAYER,
    GIVEN,
    HAND_COUNT,
    HAND_MASK,
    HAND_SIZE,
    ISLAND_LOC,
    ISLAND_VALUES,
    LOC_BOX,
    LOC_DISCARD,
    LOC_HAND,
    LOC_TABLE,
    LOG_COUNT,
    MAX_OPTIONS,
    MAX_PLAYERS,
    N_DECKS,
    N_FLAGS,
    OPENING_PASS_COLOUR,
    OPTION_CARD_MASK,
    OPTION_HIDE_SHIFT,
    OPTIONS,
    OUTCOME_ACTION,
    OUTCOME_TREASURE,
    PENDING_COUNT,
    PENDING_KIND,
    PENDING_SEAT,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PILE_POINTS,
    PLAY_BONUS,
    PLAY_CARD,
    PLAYERS,
    RANK,
    REMOVED,
    REMOVED_COUNT,
    RING,
    ROUND,
    ROUNDS,
    ROUND_SCORE,
    SCORE,
    SCRATCH,
    SEAT_OUTCOME_ARG,
    STAT_ACTIONS,
    STAT_BONUS_POINTS,
    STAT_BONUS_RECEIVED,
    STAT_BONUS_SPENT,
    STAT_ROBBED,
    STAT_STOLEN,
    STAT_TAKEN,
    STAT_TREASURE_POINTS,
    START_POINTS,
    STATE_SIZE,
    STEP,
    STEP_A1,
    STEP_A2_GIVE,
    STEP_A2_TARGET,
    STEP_A3_DECK,
    STEP_A3_ORDER,
    STEP_A4_DISCARD,
    STEP_A4_TAKE,
    STEP_ACTION_SCAN,
    STEP_BONUS_AFTER,
    STEP_END_TRICK,
    STEP_GAME_END,
    STEP_GAME_OVER,
    STEP_NONE,
    STEP_PASS,
    STEP_PLAY_BONUS,
    STEP_PLAY_CARD,
    STEP_RESOLVE,
    STEP_REVEAL,
    STEP_ROUND_SETUP,
    STEP_SETUP_DONE,
    STEP_TAKE_OR_STEAL,
    STEP_TREASURE_SCAN,
    STEP_TRICK_START,
    TAKE_OR_STEAL,
    TREASURES_PER_COLOUR,
    TRICK,
    TRICKS_PLAYED,
)
from simulator.games.sails.trick import (
    add_bonus_after_reveal,
    after_reveal_options,
    attach_bonus,
    bonus_options,
    log_placement,
    place_card,
    play_options,
    reveal,
)

SEAT_COLUMNS = (
    "score",
    "rank",
    "round1_score",
    "round2_score",
    "treasure_points",
    "bonus_points",
    "treasures_taken",
    "treasures_stolen",
    "times_robbed",
    "bonus_received",
    "bonus_spent",
    "actions_activated",
)
GAME_COLUMNS = (
    "length",
    "first_player",
    "actions_used_a1",
    "actions_used_a2",
    "actions_used_a3",
    "actions_used_a4",
    "steals",  # treasures stolen in the game, all seats (the seat column is treasures_stolen)
    "winners",
    "winning_score",
)


@njit(cache=True)
def check_invariants(state, seen):
    """Debug checks after setup and after every trick (table empty); AssertionError names the rule."""
    players = state[PLAYERS]
    # Island cards: 48 conserved across hands, box, discard (the table is empty between tricks).
    box = 0
    for seat in range(MAX_PLAYERS):
        seen[seat] = 0
    for card in range(48):
        loc = state[ISLAND_LOC + card]
        if loc < 0 or loc >= LOC_HAND + players:
            raise AssertionError("island card conservation: a card has an invalid location")
        if loc == LOC_TABLE:
            raise AssertionError("island card conservation: a played card was not discarded at the end of the trick")
        if loc == LOC_BOX:
            box += 1
        elif card % 12 >= state[ISLAND_VALUES]:
            raise AssertionError("island card conservation: a card above island_cards_per_colour left the box")
        if loc >= LOC_HAND:
            seen[loc - LOC_HAND] += 1
        bit = (state[HAND_MASK + (loc - LOC_HAND) * 4 + card // 12] >> (card % 12)) & 1 if loc >= LOC_HAND else 0
        if bit != (1 if loc >= LOC_HAND else 0):
            raise AssertionError("island card conservation: hand mask differs from the card locations")
        if ((state[DISCARD_MASK + card // 12] >> (card % 12)) & 1) != (1 if loc == LOC_DISCARD else 0):
            raise AssertionError("island card conservation: discard mask differs from the card locations")
    if box != 48 - players * state[HAND_SIZE]:
        raise AssertionError("island card conservation: the box must hold the undealt cards only")
    for seat in range(players):
        if seen[seat] != state[HAND_COUNT + seat]:
            raise AssertionError("island card conservation: hand count differs from the cards in hand")
        if state[HAND_COUNT + seat] != state[HAND_SIZE] - state[TRICK]:
            raise AssertionError("hand size: every hand must hold one card per trick left")
    # Treasure cards: 32 conserved across decks, visible tops, piles and the 3-player removal.
    for card in range(32):
        seen[card] = 0
    for deck in range(2):
        if state[DECK_COUNT + deck] < 0:
            raise AssertionError("treasure conservation: negative deck count")
        for j in range(state[DECK_COUNT + deck]):
            seen[state[DECK_RING + deck * RING + (state[DECK_START + deck] + j) % RING]] += 1
        if state[DECK_TOP + deck] >= 0:
            seen[state[DECK_TOP + deck]] += 1
    if state[N_DECKS] == 1 and (state[DECK_COUNT + 1] != 0 or state[DECK_TOP + 1] != -1):
        raise AssertionError("treasure conservation: 3 players use a single deck")
    for seat in range(players):
        for j in range(state[PILE_COUNT + seat]):
            seen[state[PILE + seat * PILE_CAPACITY + j]] += 1
    for j in range(state[REMOVED_COUNT]):
        seen[state[REMOVED + j]] += 1
    for card in range(32):
        if seen[card] != (1 if card % 8 < state[TREASURES_PER_COLOUR] else 0):
            raise AssertionError("treasure conservation: a treasure card is missing or duplicated")
    # Bonus cards: 22 (setting bonus_cards) across the deck, the players and the table.
    total = state[BONUS_DECK] + state[BONUS_ATTACHED]
    if state[BONUS_DECK] < 0 or state[BONUS_ATTACHED] != 0:
        raise AssertionError("bonus conservation: negative deck or attached bonus left after the trick")
    for seat in range(players):
        if state[BONUS_HELD + seat] < 0:
            raise AssertionError("bonus conservation: negative bonus held")
        total += state[BONUS_HELD + seat]
    if total != state[BONUS_CARDS]:
        raise AssertionError("bonus conservation: deck + held + attached must be the Bonus cards of the game")
    # Scores: pile points kept by the engine equal the points recounted from the piles.
    for seat in range(players):
        if state[PILE_POINTS + seat] != pile_points(state, seat):
            raise AssertionError("score check: pile points differ from the treasures on the pile")


@njit(cache=True)
def check_final_scores(state):
    """Totals equal the starting points + round 1 + round 2, and starting points + treasure + bonus points."""
    for seat in range(state[PLAYERS]):
        start = state[START_POINTS + seat]
        total = start + state[ROUND_SCORE + seat] + state[ROUND_SCORE + MAX_PLAYERS + seat]
        if total != state[SCORE + seat]:
            raise AssertionError("score check: total differs from the sum of the round scores")
        if start + state[STAT_TREASURE_POINTS + seat] + state[STAT_BONUS_POINTS + seat] != state[SCORE + seat]:
            raise AssertionError("score check: total differs from treasure points + bonus points")


# ---- the forward model: every step of the game, driven by STEP / CURSOR in the state ----


@njit(cache=True)
def is_decision_step(step):
    """Whether ``step`` waits for a choice (the others are carried out by ``run_steps``)."""
    return step == STEP_PASS or (STEP_PLAY_CARD <= step <= STEP_A4_DISCARD and step != STEP_REVEAL
                                 and step != STEP_RESOLVE and step != STEP_TREASURE_SCAN and step != STEP_ACTION_SCAN)


@njit(cache=True)
def next_action_seat(state):
    """Action cards are activated clockwise from the first player (after treasures and Bonus)."""
    state[CURSOR] += 1
    state[STEP] = STEP_ACTION_SCAN


@njit(cache=True)
def start_action(state, seat, log):
    """Activate ``seat``'s Action card; go to its first decision, or carry out an action that
    offers none (A1 from the Bonus deck, an action without effect)."""
    action = begin_action(state, seat, state[SEAT_OUTCOME_ARG + seat], log)
    options = state[OPTIONS:OPTIONS + MAX_OPTIONS]
    if action == 1:
        if a1_options(state, seat, options) == 0:
            a1_from_deck(state, seat, log)
            next_action_seat(state)
        else:
            state[STEP] = STEP_A1
    elif action == 2:
        if a2_options(state, seat, options) == 0:
            no_effect(state, seat, 2, log)
            next_action_seat(state)
        else:
            state[STEP] = STEP_A2_TARGET
    elif action == 3:
        if a3_deck_options(state, options) == 0:
            no_effect(state, seat, 3, log)
            next_action_seat(state)
        else:
            state[STEP] = STEP_A3_DECK
    else:
        if a4_take_options(state, options) == 0:
            no_effect(state, seat, 4, log)
            next_action_seat(state)
        else:
            state[STEP] = STEP_A4_TAKE


@njit(cache=True)
def run_steps(state, log, stop_step):
    """Carry out the steps that ask nobody, moving STEP on, until a decision step, the end of the
    game or ``stop_step`` (one call for a run of steps: each call counts its array references)."""
    players = state[PLAYERS]
    while True:
        step = state[STEP]
        if is_decision_step(step) or step == stop_step or step == STEP_GAME_OVER:
            return
        if step == STEP_ROUND_SETUP:
            round_index = state[ROUND]
            deal = state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)
            setup_round(state, round_index, state[FLAGS:FLAGS + N_FLAGS], deal, state[SCRATCH:SCRATCH + 64], log)
            # The pass belongs to the MISE EN PLACE, which round 2 redoes ("Procédez ensuite à la mise
            # en place"); variant opening-pass-once reads "Au début de la partie" as once per game.
            if round_index == 0 or state[FLAGS + FLAG_OPENING_PASS_ONCE] == 0:
                state[FIRED_R4] += 1  # R4: the opening pass
                log_deal(state, state[SCRATCH:SCRATCH + 4], log)
                state[CURSOR] = 0
                state[STEP] = STEP_PASS
            else:
                state[FIRED_OPENING_PASS_ONCE] += 1  # variant opening-pass-once
                state[STEP] = STEP_SETUP_DONE
        elif step == STEP_SETUP_DONE:
            if state[DEBUG_CHECKS] == 1:
                check_invariants(state, state[SCRATCH:SCRATCH + 64])
            state[STEP] = STEP_TRICK_START
        elif step == STEP_TRICK_START:
            if state[TRICK] == state[HAND_SIZE]:
                score_round(state, log)
                if state[ROUND] + 1 < state[ROUNDS]:  # "La partie se termine après la 2e manche" (setting rounds)
                    state[ROUND] += 1
                    state[STEP] = STEP_ROUND_SETUP
                else:
                    state[STEP] = STEP_GAME_END
            else:
                clear_table(state)
                log_event(log, state, EV_TRICK_START, state[ROUND], state[TRICK], state[FIRST_PLAYER], state[DECK_TOP],
                          state[DECK_TOP + 1])
                state[CURSOR] = 0
                state[STEP] = STEP_PLAY_CARD
        elif step == STEP_REVEAL:
            reveal(state, log)
            state[CURSOR] = 0
            state[STEP] = STEP_BONUS_AFTER if state[BONUS_AFTER_REVEAL] == 1 else STEP_RESOLVE
        elif step == STEP_RESOLVE:
            # Treasures and Bonus first, then Action cards, clockwise from the first player.
            trick_outcomes(state)
            log_winners(state, log)
            state[CURSOR] = 0
            state[STEP] = STEP_TREASURE_SCAN
        elif step == STEP_TREASURE_SCAN:
            state[CURSOR] = next_with_outcome(state, OUTCOME_TREASURE, state[CURSOR])
            if state[CURSOR] < players:
                state[STEP] = STEP_TAKE_OR_STEAL
            else:
                hand_out_bonus(state, log)
                state[CURSOR] = 0
                state[STEP] = STEP_ACTION_SCAN
        elif step == STEP_ACTION_SCAN:
            state[CURSOR] = next_with_outcome(state, OUTCOME_ACTION, state[CURSOR])
            if state[CURSOR] < players:
                start_action(state, seat_at(state, state[FIRST_PLAYER], state[CURSOR]), log)
            else:
                state[STEP] = STEP_END_TRICK
        elif step == STEP_END_TRICK:
            end_trick(state, log)
            record_standings(state)
            if state[DEBUG_CHECKS] == 1:
                check_invariants(state, state[SCRATCH:SCRATCH + 64])
            state[STEP] = STEP_TRICK_START
        elif step == STEP_GAME_END:
            if state[DEBUG_CHECKS] == 1:
                check_final_scores(state)
            scratch = state[SCRATCH:SCRATCH + 4 * MAX_PLAYERS]
            final_ranking(state, scratch[0:MAX_PLAYERS], scratch[MAX_PLAYERS:2 * MAX_PLAYERS],
                          scratch[2 * MAX_PLAYERS:3 * MAX_PLAYERS], scratch[3 * MAX_PLAYERS:], log)
            state[STEP] = STEP_GAME_OVER


@njit(cache=True)
def advance(state, value, n_options, log, stop_step):
    """Carry out option ``value`` of the pending decision (which had ``n_options``; 0: no choice
    to carry out, as after setup), then run the game until a decision with two options or more is
    pending (PENDING_* and OPTIONS set), the game is over, or STEP reaches ``stop_step``
    (STEP_NONE: never).  A decision with a single option is taken at once (``ask`` never asks a
    strategy to choose among one).

    One function on purpose: each numba function receiving the state and the log counts both
    references on entry (atomic operations, the engine's main cost), and inlined helpers count
    them at the binding; the choice, the decision's options and the loop share one frame.
    """
    options = state[OPTIONS:OPTIONS + MAX_OPTIONS]
    players = state[PLAYERS]
    while True:
        # ---- carry out the choice and move STEP / CURSOR on ----
        step = state[STEP]
        if n_options == 0:
            pass
        elif step == STEP_PASS:
            choose_pass(state, state[CURSOR], value, n_options > 1)
            state[CURSOR] += 1
            if state[CURSOR] == players:
                make_passes(state, log)
                state[STEP] = STEP_SETUP_DONE
        else:
            seat = seat_at(state, state[FIRST_PLAYER], state[CURSOR])
            if step == STEP_PLAY_CARD:
                # §Déroulement: from the first player clockwise, each places one half-covered
                # Island card, then may attach Bonus cards to it (PLAY_BONUS).
                place_card(state, seat, value & OPTION_CARD_MASK, value >> OPTION_HIDE_SHIFT)
                state[STEP] = STEP_PLAY_BONUS
            elif step == STEP_PLAY_BONUS:
                if value > 0:
                    state[FIRED_R8] += 1  # R8: Bonus cards attached at placement (reading 1)
                attach_bonus(state, seat, value)
                log_placement(state, seat, log)
                state[CURSOR] += 1
                state[STEP] = STEP_REVEAL if state[CURSOR] == players else STEP_PLAY_CARD
            elif step == STEP_BONUS_AFTER:
                add_bonus_after_reveal(state, seat, value, log)
                state[CURSOR] += 1
                if state[CURSOR] == players:
                    state[STEP] = STEP_RESOLVE
            elif step == STEP_TAKE_OR_STEAL:
                take_or_steal(state, seat, value, log)
                state[CURSOR] += 1
                state[STEP] = STEP_TREASURE_SCAN
            elif step == STEP_A1:
                a1_steal(state, seat, value, log)
                next_action_seat(state)
            elif step == STEP_A2_TARGET:
                a2_take(state, seat, value, state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), log)
                state[GIVEN] = 0
                state[STEP] = STEP_A2_GIVE
            elif step == STEP_A2_GIVE:
                a2_give(state, seat, value, log)
                state[GIVEN] += 1
                if state[GIVEN] == a2_to_give(state):
                    a2_finish(state)
                    next_action_seat(state)
            elif step == STEP_A3_DECK:
                a3_inspect(state, value)
                state[STEP] = STEP_A3_ORDER
            elif step == STEP_A3_ORDER:
                a3_reorder(state, seat, value, log)
                next_action_seat(state)
            elif step == STEP_A4_TAKE:
                a4_take(state, seat, value, log)
                state[STEP] = STEP_A4_DISCARD
            elif step == STEP_A4_DISCARD:
                a4_discard(state, seat, value, log)
                next_action_seat(state)
        # ---- run the steps that ask nobody, up to the next decision step ----
        step = state[STEP]
        if not is_decision_step(step):
            run_steps(state, log, stop_step)
            step = state[STEP]
        if step == stop_step or step == STEP_GAME_OVER:
            return
        # ---- the decision's options ----
        if step == STEP_PASS:
            seat = state[CURSOR]
            kind = OPENING_PASS_COLOUR
            n_options = pass_options(state, seat, options, state[SCRATCH:SCRATCH + 4])
        else:
            seat = seat_at(state, state[FIRST_PLAYER], state[CURSOR])
            if step == STEP_PLAY_CARD:
                kind = PLAY_CARD
                n_options = play_options(state, seat, options)
            elif step == STEP_PLAY_BONUS:
                kind = PLAY_BONUS
                n_options = bonus_options(state, seat, options)
            elif step == STEP_BONUS_AFTER:
                kind = BONUS_AFTER_REVEAL_DECISION
                n_options = after_reveal_options(state, seat, options)
            elif step == STEP_TAKE_OR_STEAL:
                kind = TAKE_OR_STEAL
                n_options = steal_options(state, seat, state[SEAT_OUTCOME_ARG + seat], options)
            elif step == STEP_A1:
                kind = A1_TARGET
                n_options = a1_options(state, seat, options)
            elif step == STEP_A2_TARGET:
                kind = A2_TARGET
                n_options = a2_options(state, seat, options)
            elif step == STEP_A2_GIVE:
                kind = A2_GIVE
                n_options = hand_options(state, seat, options)
            elif step == STEP_A3_DECK:
                kind = A3_DECK_DECISION
                n_options = a3_deck_options(state, options)
            elif step == STEP_A3_ORDER:
                kind = A3_ORDER
                n_options = a3_order_options(state, options)
            elif step == STEP_A4_TAKE:
                kind = A4_TAKE
                n_options = a4_take_options(state, options)
            else:
                kind = A4_DISCARD
                n_options = hand_options(state, seat, options)
        if n_options == 0:
            raise AssertionError("a decision step without any legal option")
        if n_options > 1:
            state[PENDING_SEAT] = seat
            state[PENDING_KIND] = kind
            state[PENDING_COUNT] = n_options
            return
        value = options[0]


@njit(cache=True)
def new_game(run_seed, game_index, players, variant_flags, debug, state, log):
    """Forward model: set up game ``game_index`` of run ``run_seed`` and run it to its first decision."""
    setup_game(state, players, variant_flags)
    for flag in range(N_FLAGS):
        state[FLAGS + flag] = variant_flags[flag]  # (the rule settings after them: setup_game)
    state[DEBUG_CHECKS] = debug
    reset_stream(state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), run_seed, game_index, PURPOSE_DEAL)
    state[ROUND] = 0
    state[STEP] = STEP_ROUND_SETUP
    # typed values, not constants: numba compiles a function once per set of argument types, and a
    # constant argument is a type of its own (a literal); apply's call then shares this compile
    advance(state, np.int64(0), np.int64(0), log, STEP_NONE)


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
    advance(state, state[OPTIONS + choice], n_options, log, STEP_NONE)


@njit(cache=True)
def store_results(state, seat_row, game_row):
    """Copy one finished game's results into its rows (columns SEAT_COLUMNS / GAME_COLUMNS)."""
    players = state[PLAYERS]
    stolen = 0
    best = -1
    winners = 0
    for seat in range(players):
        seat_row[seat, 0] = state[SCORE + seat]
        seat_row[seat, 1] = state[RANK + seat]
        seat_row[seat, 2] = state[ROUND_SCORE + seat]
        seat_row[seat, 3] = state[ROUND_SCORE + MAX_PLAYERS + seat]
        seat_row[seat, 4] = state[STAT_TREASURE_POINTS + seat]
        seat_row[seat, 5] = state[STAT_BONUS_POINTS + seat]
        seat_row[seat, 6] = state[STAT_TAKEN + seat]
        seat_row[seat, 7] = state[STAT_STOLEN + seat]
        seat_row[seat, 8] = state[STAT_ROBBED + seat]
        seat_row[seat, 9] = state[STAT_BONUS_RECEIVED + seat]
        seat_row[seat, 10] = state[STAT_BONUS_SPENT + seat]
        seat_row[seat, 11] = state[STAT_ACTIONS + seat]
        stolen += state[STAT_STOLEN + seat]
        if state[SCORE + seat] > best:
            best = state[SCORE + seat]
        if state[RANK + seat] == 1:
            winners += 1
    game_row[0] = state[TRICKS_PLAYED]
    game_row[1] = state[GAME_FIRST_PLAYER]
    for action in range(1, 5):
        game_row[1 + action] = state[ACTIONS_USED + action]
    game_row[6] = stolen
    game_row[7] = winners
    game_row[8] = best


final_results = store_results
"""Forward model: the finished game's result rows."""


@njit(cache=True)
def play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results,
                         rule_counts, decision_stats, trajectories, debug):
    """Play games ``first_game .. first_game + n_games - 1``, fill the result arrays and what the engine
    records (rule counters, decision statistics, score trajectories; the core's loop)."""
    forward.play_chunk_recording(new_game, pending_decision, apply, store_results, STATE_SIZE, MAX_OPTIONS, COUNTERS,
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
