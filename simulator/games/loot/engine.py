"""Loot Island engine as a forward model (``simulator/core/forward.py``): the whole position is
the state vector; ``new_game`` / ``pending_decision`` / ``apply`` / ``final_results`` step through
the game, the core's loop plays it; plus the debug invariant checks.

The game is a sequence of steps (``ST_*`` in state.py) with loop counters in the state
(``S_CURSOR``, ``S_SEAT``, ``S_PLAY_I``...).  ``advance`` carries out a choice and runs the steps
that ask nobody up to the next decision with two options or more (a single option is taken at
once, as ``ask`` never asks a strategy to choose among one).  Two routines are entered from
several places and say where to go on when they end: placing a compass (``S_COMPASS_NEXT``: after
a play's compass, after the place-compass island), revealing and distributing a landing's loot
(``S_RESOLVE_NEXT``: Big Loot, Small Loot, Final Exploration).  The RNG draws happen in the same
order as in the callback engine this replaced (tests/loot/test_reference.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.core.engine import forward
from simulator.core.engine.rng import PURPOSE_DEAL, reset_stream
from simulator.games.loot.actions import (
    MAX_TURNS, a2_options, action_options, action_options_beyond_cap, b4_options, b4_return, choose_play,
    compass_from_supply, compass_source_options, compass_to_bottom, copy_effect, copy_effect_options, island_payments,
    island_target_options, move_compass, pass_turn, pay_card, pay_options, play_card, ship_island, take_a2,
    turn_island_down,
)
from simulator.games.loot.end import (
    choose_healer, curse_eliminations, record_standing, final_landing, finish_scoring, healer_options, healer_order,
    healer_reveal_options, reveal_healers, start_final_exploration,
)
from simulator.games.loot.events import a1_draw, reveal_event
from simulator.games.loot.invariants import check_invariants
from simulator.games.loot.loot import (
    LOOT_BIG, LOOT_FINAL, LOOT_SMALL, aaron_take, aaron_takes_best, b10_discard, b10_frees, big_loot_landing,
    clear_landing, distribution_owner, reveal_loot, take_options, take_revealed, take_treasure,
)
from simulator.games.loot.preparation import prep_discard, prep_discard_options, prepare_round, refill_aaron, refill_hand
from simulator.games.loot.primitives import (
    add_cubes, comp_pos, draw_cards, explored_coast, log, near_bow_landing, reveal_treasure,
)
from simulator.games.loot.scoring import (
    crown_crosses, final_loot_value, healer_cost, healer_rows, scoring_rows, treasure_rows, treasure_value,
)
from simulator.games.loot.setup import draft_discard, draft_discard_options, setup_game, start_round_one, write_info
from simulator.games.loot.state import (
    S_COUNTERS, S_TRAJECTORY, FIRED_PLAY, FIRED_AARON_PLAY, FIRED_AARON_ISLAND, S_FIRED_VARIANT, S_FIRED_EVENT,
    EVENT_RULES_OFFSET, N_EVENTS, S_EVENT_RULES,
    AARON, A_AARON_PLAY, A_ISLAND, A_PASS, A_PLAY, BUFFER_CAP, D_A1_DRAW, D_A2_TAKE, D_ACTION, D_B4_RETURN,
    D_B4_RETURN_AARON, D_COMPASS_SOURCE, D_COPY_EFFECT, D_DRAFT_DISCARD, D_HEALER, D_HEALER_REVEAL, D_ISLAND_TARGET,
    D_ISLAND_USE, D_PAY_CARD, D_PREP_DISCARD, D_TAKE_TREASURE, ELIM_CUBES, EV_A1, EV_B4, EV_B9, EV_B14, L_ISLAND,
    L_ROUND, L_UPKEEP, MAX_OPTIONS, N_LANDINGS, N_OWNERS, N_TREASURES, OPT_CAP, PH_ACTIONS, PH_LOOT, PH_PREPARATION,
    PLAY_MASK_SHIFT, PW_BOTTOM, PW_DISCARD, PW_DRAW, PW_PLACE, PW_SHIP, R_ISLAND, ROUNDS, S_ACTOR, S_COAST,
    S_COAST_B10, S_COAST_BIG, S_COAST_BOW, S_COAST_SECOND, S_COMPASS_ACTOR, S_COMPASS_LANDING, S_COMPASS_NEXT,
    S_COMPASS_OWNER, S_CROSSES, S_CUBES, S_CURSOR, S_DEAL_STREAM, S_DEBUG, S_DISTRIBUTE_TURN, S_ELIM, S_END_EARLY,
    S_EV_ORDER, S_EVENT, S_EXPLORED, S_FINAL_PRODUCED, S_FINAL_START, S_FIRST, S_GOLD, S_HAND_N, S_HAS_AARON,
    S_HEAL_N, S_HEALER, S_HEALER_CHOOSING, S_HEALER_CHOSEN, S_HEALER_ORDER, S_INFO_ISLAND, S_ISLAND, S_ISLAND_ACTOR,
    S_ISLAND_COLOUR, S_ISLAND_OWNER, S_ISLAND_POWER_USED, S_ISLAND_TREASURE, S_ISLANDS_USED, S_KEPT_TYPE, S_LAND_EFF,
    S_LOOT_PRODUCED, S_LOOT_ROUND, S_OPTIONS, S_PAID, S_PASS_SEAT, S_PASSED, S_PENDING_BEYOND_CAP, S_PENDING_COUNT,
    S_PENDING_KIND, S_PENDING_SEAT, S_PHASE, S_PHASE_TURNS, S_PLAY_ACTOR, S_PLAY_CARDS, S_PLAY_COLOUR, S_PLAY_I,
    S_PLAY_LANDING, S_PLAY_N, S_PLAY_OWNER, S_PLAYERS, S_RANK, S_RESOLVE_KIND, S_RESOLVE_LANDING, S_RESOLVE_NEXT,
    S_RESOLVED, S_REVEAL_N, S_ROUND, S_SCORE, S_SEAT, S_SHIP_CORNER, S_SHIP_DIR, S_STEP, S_THRESHOLD, S_TILE_TAKEN,
    S_TOWNER, S_TURNS, S_BUFFER, S_VAR, STATE_SIZE, ST_A1, ST_A2_TAKE, ST_ACTION_DONE, ST_ACTIONS_DONE,
    ST_ACTIONS_START, ST_B4, ST_COAST, ST_COAST_B10, ST_COAST_SMALL, ST_COAST_UPKEEP, ST_COMPASS, ST_COPY_EFFECT,
    ST_DISTRIBUTE, ST_DRAFT, ST_END_FINISH, ST_END_SCORING, ST_EVENT, ST_EVENT_DONE, ST_FINAL, ST_FINAL_AFTER,
    ST_FINAL_DONE, ST_FINAL_LANDING, ST_GAME_OVER, ST_HEALER, ST_HEALER_ORDER, ST_HEALER_REVEAL, ST_ISLAND_END,
    ST_ISLAND_POWER, ST_ISLAND_TARGET, ST_ISLAND_TREASURE, ST_ISLAND_USE, ST_LOOT_DONE, ST_LOOT_START, ST_NONE,
    ST_PAY, ST_PLAY_CARD, ST_REFILL, ST_RESOLVE, ST_ROUND_ONE, ST_ROUND_START, ST_SETUP_DONE, ST_TURN, T_AARON_HAND, TT_AMULET,
    RULES_OFFSET, RULES_SIZE, S_RULES, T_ROUNDS, T_START_GOLD,
    TT_BOOK, TT_COIN, TT_CROWN, TT_JEWEL, TT_SKULL_F, TT_SKULL_L, TT_SKULL_R, V_B4_TILE_HOLDER_MOVES_AARON,
    V_CROWNS_AFTER_HEALERS, V_STARTING_DRAFT, V_TWO_HEALERS,
)

SEAT_COLUMNS = (
    "score", "rank", "gold", "curse_cubes", "eliminated", "coin_sacks", "amulets", "jewels", "crowns", "skulls",
    "books", "crosses", "healer", "healer_cost", "first_player_tile", "treasures_kept",
)
GAME_COLUMNS = (
    "length", "event_1", "event_2", "event_3", "event_4", "event_5", "loot_round_1", "loot_round_2",
    "loot_round_3", "loot_round_4", "loot_round_5", "loot_final", "small_islands_used", "ended_early",
    "winning_seat", "aaron_crosses",
)
N_SEAT_COLUMNS = len(SEAT_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)


@njit(cache=True)
def verify_final_score(state):
    """Debug: recompute every seat's final score (S_SCORE) from the kept treasures alone."""
    treasure_table = treasure_rows(state)
    scoring_table = scoring_rows(state)
    healer_table = healer_rows(state)
    players = state[S_PLAYERS]
    kept = np.empty(N_TREASURES, dtype=np.int64)
    n_cross = players + state[S_HAS_AARON]
    crosses = np.zeros(n_cross, dtype=np.int64)
    after = state[S_VAR + V_CROWNS_AFTER_HEALERS] == 1
    for p in range(n_cross):
        owner = p if p < players else AARON
        n = 0
        for t in range(N_TREASURES):
            if state[S_TOWNER + t] == owner:
                kept[n] = t
                n += 1
        c = crown_crosses(kept, n, treasure_table)
        if c != state[S_CROSSES + owner]:
            raise AssertionError("invariant: final score (crosses recount)")
        if p < players and (state[S_ELIM + p] == ELIM_CUBES or (after and state[S_ELIM + p] != 0)):
            c = 0
        crosses[p] = c
    for p in range(players):
        if state[S_ELIM + p] != 0:
            if state[S_SCORE + p] != 0:
                raise AssertionError("invariant: final score of an eliminated seat is not 0")
            continue
        n = 0
        for t in range(N_TREASURES):
            if state[S_TOWNER + t] == p:
                kept[n] = t
                n += 1
        gold = treasure_value(kept, n, crosses, p, treasure_table, scoring_table)
        value = final_loot_value(gold + state[S_RULES + T_START_GOLD + p], state[S_FIRST] == p, state[S_CUBES + p],
                                 state[S_HEALER + p], healer_table, scoring_table)
        if value != state[S_SCORE + p] or value < 0:
            raise AssertionError("invariant: final score recomputed from scratch differs")


@njit(cache=True, inline='always')
def turn_order_seat(state, index):
    """The seat ``index`` places clockwise from the First Player tile holder."""
    return (state[S_FIRST] + index) % state[S_PLAYERS]


@njit(cache=True, inline='always')
def resolve(state, landing, kind, next_step):
    """Go to the loot of ``landing`` (reveal, distribute), then to ``next_step``."""
    state[S_RESOLVE_LANDING] = landing
    state[S_RESOLVE_KIND] = kind
    state[S_RESOLVE_NEXT] = next_step
    state[S_STEP] = ST_RESOLVE


@njit(cache=True, inline='always')
def place_compass(state, owner, landing, actor, next_step):
    """Go to placing ``owner``'s compass on ``landing`` (``actor`` decides where it comes from
    when it must be moved), then to ``next_step``."""
    state[S_COMPASS_OWNER] = owner
    state[S_COMPASS_LANDING] = landing
    state[S_COMPASS_ACTOR] = actor
    state[S_COMPASS_NEXT] = next_step
    state[S_STEP] = ST_COMPASS


@njit(cache=True)
def debug_check(state):
    """Debug mode: the invariants (invariants.py) at the engine's checkpoints."""
    if state[S_DEBUG] == 1:
        check_invariants(state)


@njit(cache=True)
def run_to_decision(state, value, has_choice, game_log, stop_step):
    """Carry out option ``value`` of the decision pending at the current step (when
    ``has_choice``), then run the steps that ask nobody, moving the step on, up to a decision step,
    whose options are written to S_OPTIONS and returned as (seat, kind, n_options; -1: an
    ``action`` beyond OPT_CAP), or to ``stop_step`` or the end of the game (n_options 0).

    One frame per decision on purpose: each call of a numba function counts its array arguments'
    references (atomic operations, a large part of the engine's cost)."""
    deal_stream = state[S_DEAL_STREAM:S_DEAL_STREAM + 1].view(np.uint64)
    options = state[S_OPTIONS:S_OPTIONS + OPT_CAP]
    buffer = state[S_BUFFER:S_BUFFER + BUFFER_CAP]
    players = state[S_PLAYERS]
    if has_choice:
        # ---- carry out the choice and move the step on
        step = state[S_STEP]
        if step == ST_TURN:
            seat = state[S_SEAT]
            action_type = value & 7
            where = (value >> 3) & 7
            colour = (value >> 6) & 3
            if action_type == A_PASS:
                state[S_PASS_SEAT] = seat
                state[S_STEP] = ST_A2_TAKE if pass_turn(state, game_log, seat) else ST_ACTION_DONE
            elif action_type == A_PLAY or action_type == A_AARON_PLAY:
                owner = seat if action_type == A_PLAY else AARON
                state[FIRED_PLAY if action_type == A_PLAY else FIRED_AARON_PLAY] += 1
                state[S_PLAY_OWNER] = owner
                state[S_PLAY_ACTOR] = seat
                state[S_PLAY_LANDING] = where
                state[S_PLAY_COLOUR] = colour
                state[S_PLAY_N] = choose_play(state, owner, where, colour, value >> PLAY_MASK_SHIFT, buffer)
                state[S_PLAY_I] = 0
                # PLAY CARDS step 2: a compass on the landing first, unless one is already there
                if comp_pos(state, where, owner) < 0:
                    place_compass(state, owner, where, seat, ST_PLAY_CARD)
                else:
                    state[S_STEP] = ST_PLAY_CARD
            else:
                state[S_ISLAND_OWNER] = seat if action_type == A_ISLAND else AARON
                if action_type != A_ISLAND:
                    state[FIRED_AARON_ISLAND] += 1
                state[S_ISLAND_ACTOR] = seat
                state[S_ISLAND] = where
                state[S_ISLAND_COLOUR] = colour
                state[S_PAID] = 0
                state[S_STEP] = ST_PAY
        elif step == ST_COPY_EFFECT:
            copy_effect(state, game_log, deal_stream, state[S_PLAY_OWNER], state[S_PLAY_LANDING], value)
            state[S_PLAY_I] += 1
            state[S_STEP] = ST_PLAY_CARD
        elif step == ST_COMPASS:
            move_compass(state, game_log, state[S_COMPASS_OWNER], state[S_COMPASS_LANDING], value)
            state[S_STEP] = state[S_COMPASS_NEXT]
        elif step == ST_PAY:
            pay_card(state, state[S_ISLAND_OWNER], value)
            state[S_PAID] += 1
        elif step == ST_ISLAND_TARGET:
            if value < 0:
                state[S_STEP] = ST_ISLAND_END
            else:
                state[S_ISLAND_POWER_USED] = 1
                owner = state[S_ISLAND_OWNER]
                if state[S_INFO_ISLAND + state[S_ISLAND] * 3] == PW_BOTTOM:
                    compass_to_bottom(state, game_log, owner, value)
                    state[S_STEP] = ST_ISLAND_END
                else:
                    place_compass(state, owner, value, state[S_ISLAND_ACTOR], ST_ISLAND_END)
        elif step == ST_ISLAND_USE:
            state[S_STEP] = ST_ISLAND_END
            if value == 1:
                state[S_ISLAND_POWER_USED] = 1
                owner = state[S_ISLAND_OWNER]
                if state[S_INFO_ISLAND + state[S_ISLAND] * 3] == PW_SHIP:
                    ship_island(state, game_log)
                else:
                    # treasure island: take a cube (its amount), reveal a treasure, keep or discard it
                    add_cubes(state, game_log, owner, state[S_INFO_ISLAND + state[S_ISLAND] * 3 + 1], R_ISLAND)
                    t = reveal_treasure(state, game_log, deal_stream)
                    if t >= 0:
                        if owner == AARON:
                            aaron_take(state, game_log, t)
                        else:
                            state[S_ISLAND_TREASURE] = t
                            state[S_STEP] = ST_ISLAND_TREASURE
        elif step == ST_ISLAND_TREASURE:
            take_treasure(state, game_log, state[S_ISLAND_OWNER], state[S_ISLAND_TREASURE], value & 1)
            state[S_STEP] = ST_ISLAND_END
        elif step == ST_A2_TAKE:
            take_a2(state, game_log, state[S_PASS_SEAT], value)
            state[S_STEP] = ST_ACTION_DONE
        elif step == ST_DISTRIBUTE:
            owner = distribution_owner(state, state[S_RESOLVE_LANDING], state[S_DISTRIBUTE_TURN] - 1)
            take_revealed(state, game_log, owner, value)
        elif step == ST_REFILL:
            seat = turn_order_seat(state, state[S_CURSOR])
            if value < 0:
                refill_hand(state, game_log, deal_stream, seat)
                state[S_CURSOR] += 1
            else:
                prep_discard(state, game_log, seat, value)
        elif step == ST_B4:
            b4_return(state, game_log, state[S_CURSOR], value)
            state[S_CURSOR] += 1
        elif step == ST_A1:
            if value == 1:
                a1_draw(state, game_log, deal_stream, turn_order_seat(state, state[S_CURSOR]))
            state[S_CURSOR] += 1
        elif step == ST_DRAFT:
            draft_discard(state, game_log, turn_order_seat(state, state[S_CURSOR]), value)
        elif step == ST_HEALER_REVEAL:
            state[S_HEALER_CHOSEN + state[S_CURSOR]] = value
            state[S_CURSOR] += 1
        elif step == ST_HEALER:
            choose_healer(state, game_log, state[S_HEALER_ORDER + state[S_CURSOR]], value)
            state[S_CURSOR] += 1
        else:
            raise AssertionError("a choice was carried out at a step that asks nobody")

    # ---- run the steps that ask nobody, up to the next decision
    while True:
        step = state[S_STEP]
        if step == stop_step or step == ST_GAME_OVER:
            return -1, -1, 0
        if step == ST_TURN:
            # PHASE 2: from the First Player clockwise, each player takes one action per turn until all have passed
            passed = 0
            for p in range(players):
                passed += state[S_PASSED + p]
            if passed >= players or state[S_END_EARLY] == 1:
                state[S_STEP] = ST_ACTIONS_DONE
                continue
            seat = state[S_SEAT]
            if state[S_PASSED + seat] == 1:
                state[S_SEAT] = (seat + 1) % players
                continue
            state[S_ACTOR] = seat
            return seat, D_ACTION, action_options(state, seat, options, buffer)  # -1: beyond OPT_CAP
        if step == ST_PLAY_CARD:
            i = state[S_PLAY_I]
            if i == state[S_PLAY_N]:
                state[S_STEP] = ST_ACTION_DONE
            elif play_card(state, game_log, deal_stream, state[S_PLAY_OWNER], state[S_PLAY_ACTOR], state[S_PLAY_LANDING],
                           state[S_PLAY_COLOUR], state[S_PLAY_CARDS + i]):
                state[S_STEP] = ST_COPY_EFFECT  # NUMBER 1 CARDS: a 1 inserted at the front copies an effect
            else:
                state[S_PLAY_I] = i + 1
            continue
        if step == ST_COPY_EFFECT:
            owner = state[S_PLAY_OWNER]
            n = copy_effect_options(state, owner, state[S_PLAY_LANDING], options)
            if n == 0:
                state[S_PLAY_I] += 1
                state[S_STEP] = ST_PLAY_CARD
                continue
            state[S_ACTOR] = owner
            return owner, D_COPY_EFFECT, n
        if step == ST_COMPASS:
            owner = state[S_COMPASS_OWNER]
            landing = state[S_COMPASS_LANDING]
            if compass_from_supply(state, game_log, owner, landing):
                state[S_STEP] = state[S_COMPASS_NEXT]
                continue
            actor = state[S_COMPASS_ACTOR]
            state[S_ACTOR] = actor
            return actor, D_COMPASS_SOURCE, compass_source_options(state, owner, landing, options)
        if step == ST_ACTION_DONE:
            state[S_TURNS] += 1
            state[S_PHASE_TURNS] += 1
            debug_check(state)  # debug mode: the invariants after every action
            if state[S_PHASE_TURNS] > MAX_TURNS:
                raise AssertionError("phase 2 does not end")
            state[S_SEAT] = (state[S_SEAT] + 1) % players
            state[S_STEP] = ST_TURN
            continue
        if step == ST_PAY:
            # USE A SMALL ISLAND: 2 cards of the chosen colour (B7: then 1 of any colour; B9: only 1)
            if state[S_PAID] == island_payments(state):
                state[S_STEP] = ST_ISLAND_POWER
                continue
            colour = -1 if state[S_PAID] == 2 else state[S_ISLAND_COLOUR]
            actor = state[S_ISLAND_ACTOR]
            state[S_ACTOR] = actor
            return actor, D_PAY_CARD, pay_options(state, state[S_ISLAND_OWNER], colour, options)
        if step == ST_ISLAND_POWER:
            owner = state[S_ISLAND_OWNER]
            island = state[S_ISLAND]
            turn_island_down(state, game_log, owner, state[S_ISLAND_ACTOR], island)
            power = state[S_INFO_ISLAND + island * 3]
            amount = state[S_INFO_ISLAND + island * 3 + 1]
            state[S_ISLAND_POWER_USED] = 0
            state[S_STEP] = ST_ISLAND_END
            if power == PW_DISCARD:
                # discarding cubes is never worse: always the most allowed
                if owner != AARON and state[S_CUBES + owner] > 0:
                    add_cubes(state, game_log, owner, -amount, R_ISLAND)
                    state[S_ISLAND_POWER_USED] = 1
            elif power == PW_BOTTOM or power == PW_PLACE:
                state[S_STEP] = ST_ISLAND_TARGET
            elif power == PW_DRAW:
                if owner != AARON:
                    draw_cards(state, game_log, deal_stream, owner, amount)
                    state[S_ISLAND_POWER_USED] = 1
            else:
                state[S_STEP] = ST_ISLAND_USE
            continue
        if step == ST_ISLAND_TARGET:
            actor = state[S_ISLAND_ACTOR]
            state[S_ACTOR] = actor
            power = state[S_INFO_ISLAND + state[S_ISLAND] * 3]
            return actor, D_ISLAND_TARGET, island_target_options(state, state[S_ISLAND_OWNER], power, options)
        if step == ST_ISLAND_USE:
            actor = state[S_ISLAND_ACTOR]
            options[0] = 0
            options[1] = 1
            state[S_ACTOR] = actor
            return actor, D_ISLAND_USE, 2
        if step == ST_ISLAND_TREASURE:
            owner = state[S_ISLAND_OWNER]
            t = state[S_ISLAND_TREASURE]
            options[0] = t * 2 + 1
            options[1] = t * 2
            state[S_ACTOR] = owner
            return owner, D_TAKE_TREASURE, 2
        if step == ST_ISLAND_END:
            actor = state[S_ISLAND_ACTOR]
            log(state, game_log, L_ISLAND, state[S_ISLAND_OWNER], state[S_ISLAND], state[S_ISLAND_POWER_USED], actor, 0)
            state[S_STEP] = ST_ACTION_DONE
            if state[S_EVENT] == EV_B9 and state[S_PASSED + actor] == 0:
                # B9: a small island costs 1 card only, then its user passes
                state[S_PASS_SEAT] = actor
                if pass_turn(state, game_log, actor):
                    state[S_STEP] = ST_A2_TAKE
            continue
        if step == ST_A2_TAKE:
            seat = state[S_PASS_SEAT]
            state[S_ACTOR] = seat
            return seat, D_A2_TAKE, a2_options(state, options)
        if step == ST_DISTRIBUTE:
            # LOOT DISTRIBUTION: each compass owner in turn takes one revealed treasure until none is left
            landing = state[S_RESOLVE_LANDING]
            while state[S_REVEAL_N] > 0:
                owner = distribution_owner(state, landing, state[S_DISTRIBUTE_TURN])
                state[S_DISTRIBUTE_TURN] += 1
                if owner == AARON:
                    aaron_takes_best(state, game_log)
                    continue
                state[S_ACTOR] = owner
                return owner, D_TAKE_TREASURE, take_options(state, options)
            state[S_STEP] = state[S_RESOLVE_NEXT]
            continue
        if step == ST_RESOLVE:
            state[S_RESOLVED] = reveal_loot(state, game_log, deal_stream, state[S_RESOLVE_LANDING], state[S_RESOLVE_KIND])
            state[S_DISTRIBUTE_TURN] = 0
            state[S_STEP] = ST_DISTRIBUTE
            continue
        if step == ST_COAST:
            # EXPLORATION: the Big Loot landing first, then the Small Loot landing, then upkeep
            bow = near_bow_landing(state, state[S_COAST])
            state[S_COAST_BOW] = bow
            big = big_loot_landing(state, bow)
            state[S_COAST_BIG] = big
            if big < 0:
                state[S_STEP] = ST_COAST_UPKEEP
            else:
                resolve(state, big, LOOT_BIG, ST_COAST_SMALL)
            continue
        if step == ST_COAST_SMALL:
            if state[S_RESOLVED] > 0:
                state[S_LOOT_PRODUCED] += 1
            small = state[S_COAST_BIG] ^ 1
            small_loot = state[S_LAND_EFF + small] >= state[S_THRESHOLD]
            going_on = state[S_END_EARLY] == 0
            state[S_COAST_B10] = 1 if going_on and b10_frees(state, small) else 0
            state[S_RESOLVED] = 0
            if going_on and small_loot:
                resolve(state, small, LOOT_SMALL, ST_COAST_B10)
            else:
                state[S_STEP] = ST_COAST_B10
            continue
        if step == ST_COAST_B10:
            if state[S_RESOLVED] > 0:
                state[S_LOOT_PRODUCED] += 1
            if state[S_COAST_B10] == 1:
                b10_discard(state, game_log, state[S_COAST_BIG] ^ 1)
            state[S_STEP] = ST_COAST_UPKEEP
            continue
        if step == ST_COAST_UPKEEP:
            clear_landing(state, state[S_COAST_BOW])
            clear_landing(state, state[S_COAST_BOW] ^ 1)
            log(state, game_log, L_UPKEEP, state[S_COAST], 0, 0, 0, 0)
            state[S_STEP] = ST_LOOT_DONE
            if state[S_COAST_SECOND] == 0 and state[S_EVENT] == EV_B14 and state[S_END_EARLY] == 0:
                # B14: the next coast in the bow direction is explored too
                state[S_COAST] = (state[S_COAST] + state[S_SHIP_DIR] + 4) % 4
                state[S_COAST_SECOND] = 1
                state[S_STEP] = ST_COAST
            continue
        if step == ST_REFILL:
            # PHASE 1 step 4: in turn order, discard any cards (one at a time, -1 stops), then refill
            while state[S_CURSOR] < players:
                seat = turn_order_seat(state, state[S_CURSOR])
                if state[S_HAND_N + seat] > 0:
                    state[S_ACTOR] = seat
                    return seat, D_PREP_DISCARD, prep_discard_options(state, seat, options)
                refill_hand(state, game_log, deal_stream, seat)
                state[S_CURSOR] += 1
            if state[S_HAS_AARON] == 1:
                refill_aaron(state, game_log, deal_stream, state[S_RULES + T_AARON_HAND])
            debug_check(state)
            state[S_STEP] = ST_FINAL if state[S_END_EARLY] == 1 else ST_ACTIONS_START
            continue
        if step == ST_ACTIONS_START:
            state[S_PHASE] = PH_ACTIONS
            for p in range(players):
                state[S_PASSED + p] = 0
            state[S_TILE_TAKEN] = 0
            state[S_SEAT] = state[S_FIRST]
            state[S_PHASE_TURNS] = 0
            state[S_CURSOR] = 0
            state[S_STEP] = ST_B4 if state[S_EVENT] == EV_B4 else ST_TURN
            continue
        if step == ST_B4:
            # B4 at the start of Phase 2: a player with 3 compasses on the Main Island takes one back.
            # Aaron decides nothing himself and nobody is playing his cards yet, so his compass leaves
            # the lowest-numbered landing (default); variant b4-tile-holder-moves-aaron: the First Player
            # tile holder, who is about to act, chooses for him ("si une décision doit être prise, vous
            # la prenez à la place d'Aaron").
            while state[S_CURSOR] < N_OWNERS:
                owner = state[S_CURSOR]
                n = 0
                if owner < players or (owner == AARON and state[S_HAS_AARON] == 1):
                    n = b4_options(state, owner, options)
                if n == 0:
                    state[S_CURSOR] += 1
                elif owner != AARON:
                    state[S_ACTOR] = owner
                    return owner, D_B4_RETURN, n
                elif state[S_VAR + V_B4_TILE_HOLDER_MOVES_AARON] == 1:
                    state[S_FIRED_VARIANT + V_B4_TILE_HOLDER_MOVES_AARON] += 1
                    chooser = state[S_FIRST]
                    state[S_ACTOR] = chooser
                    return chooser, D_B4_RETURN_AARON, n
                else:
                    b4_return(state, game_log, owner, options[0])
                    state[S_CURSOR] += 1
            state[S_STEP] = ST_TURN
            continue
        if step == ST_ACTIONS_DONE:
            debug_check(state)
            state[S_STEP] = ST_FINAL if state[S_END_EARLY] == 1 else ST_LOOT_START
            continue
        if step == ST_LOOT_START:
            # PHASE 3: explore the coast the bow points to (event B14: and the next one)
            state[S_PHASE] = PH_LOOT
            coast = explored_coast(state)
            state[S_EXPLORED] = coast
            state[S_COAST] = coast
            state[S_COAST_SECOND] = 0
            state[S_LOOT_PRODUCED] = 0
            state[S_STEP] = ST_COAST
            continue
        if step == ST_LOOT_DONE:
            state[S_LOOT_ROUND + state[S_ROUND] - 1] += state[S_LOOT_PRODUCED]
            state[S_EXPLORED] = -1
            record_standing(state)  # checkpoint: the round ends
            debug_check(state)
            if state[S_END_EARLY] == 1 or state[S_ROUND] >= state[S_RULES + T_ROUNDS]:  # setting rounds
                state[S_STEP] = ST_FINAL
            else:
                state[S_STEP] = ST_ROUND_START
            continue
        if step == ST_ROUND_START:
            # PHASE 1 (rounds 2-5): ship, small islands, event, hands
            r = state[S_ROUND] + 1
            state[S_ROUND] = r
            state[S_PHASE] = PH_PREPARATION
            log(state, game_log, L_ROUND, r, state[S_SHIP_CORNER], state[S_SHIP_DIR], state[S_FIRST], 0)
            prepare_round(state, game_log)
            state[S_STEP] = ST_EVENT
            continue
        if step == ST_EVENT:
            state[S_FIRED_EVENT + state[S_EVENT]] += 1  # the round's event card is turned: its rules apply
            reveal_event(state, game_log, deal_stream)
            state[S_CURSOR] = 0
            state[S_STEP] = ST_A1 if state[S_EVENT] == EV_A1 else ST_EVENT_DONE
            continue
        if step == ST_A1:
            # A1: each player, in turn order, may draw 2 extra cards and take 2 cubes
            if state[S_CURSOR] < players:
                seat = turn_order_seat(state, state[S_CURSOR])
                options[0] = 0
                options[1] = 1
                state[S_ACTOR] = seat
                return seat, D_A1_DRAW, 2
            state[S_STEP] = ST_EVENT_DONE
            continue
        if step == ST_EVENT_DONE:
            state[S_CURSOR] = 0
            state[S_STEP] = ST_REFILL if state[S_PHASE] == PH_PREPARATION else ST_SETUP_DONE
            continue
        if step == ST_DRAFT:
            # variant starting-draft: in turn order, each discards down to the hand size
            while state[S_VAR + V_STARTING_DRAFT] == 1 and state[S_CURSOR] < players:
                seat = turn_order_seat(state, state[S_CURSOR])
                n = draft_discard_options(state, seat, options)
                if n > 0:
                    state[S_ACTOR] = seat
                    return seat, D_DRAFT_DISCARD, n
                state[S_CURSOR] += 1
            state[S_STEP] = ST_ROUND_ONE
            continue
        if step == ST_ROUND_ONE:
            start_round_one(state, game_log)
            state[S_STEP] = ST_EVENT
            continue
        if step == ST_SETUP_DONE:
            debug_check(state)
            state[S_STEP] = ST_FINAL if state[S_END_EARLY] == 1 else ST_ACTIONS_START
            continue
        if step == ST_FINAL:
            state[S_FINAL_START] = start_final_exploration(state)
            state[S_FINAL_PRODUCED] = 0
            state[S_CURSOR] = 0
            state[S_STEP] = ST_FINAL_DONE if state[S_END_EARLY] == 1 else ST_FINAL_LANDING
            continue
        if step == ST_FINAL_LANDING:
            while (state[S_CURSOR] < N_LANDINGS
                   and state[S_LAND_EFF + final_landing(state, state[S_CURSOR])] < state[S_THRESHOLD]):
                state[S_CURSOR] += 1
            if state[S_CURSOR] < N_LANDINGS:
                resolve(state, final_landing(state, state[S_CURSOR]), LOOT_FINAL, ST_FINAL_AFTER)
            else:
                state[S_STEP] = ST_FINAL_DONE
            continue
        if step == ST_FINAL_AFTER:
            if state[S_RESOLVED] > 0:
                state[S_FINAL_PRODUCED] += 1
            state[S_CURSOR] += 1
            state[S_STEP] = ST_FINAL_DONE if state[S_END_EARLY] == 1 else ST_FINAL_LANDING
            continue
        if step == ST_FINAL_DONE:
            record_standing(state)  # checkpoint: Final Exploration
            debug_check(state)
            state[S_STEP] = ST_END_SCORING
            continue
        if step == ST_END_SCORING:
            curse_eliminations(state, game_log)
            state[S_CURSOR] = 0
            state[S_STEP] = ST_HEALER_REVEAL if state[S_VAR + V_TWO_HEALERS] == 1 else ST_HEALER_ORDER
            continue
        if step == ST_HEALER_REVEAL:
            if state[S_CURSOR] < players:
                seat = turn_order_seat(state, state[S_CURSOR])
                state[S_ACTOR] = seat
                return seat, D_HEALER_REVEAL, healer_reveal_options(state, seat, options)
            reveal_healers(state, game_log)
            state[S_STEP] = ST_HEALER_ORDER
            continue
        if step == ST_HEALER_ORDER:
            healer_order(state)
            state[S_CURSOR] = 0
            state[S_STEP] = ST_HEALER
            continue
        if step == ST_HEALER:
            if state[S_CURSOR] < state[S_HEALER_CHOOSING] and state[S_HEAL_N] > 0:
                seat = state[S_HEALER_ORDER + state[S_CURSOR]]
                state[S_ACTOR] = seat
                return seat, D_HEALER, healer_options(state, options)
            state[S_STEP] = ST_END_FINISH
            continue
        if step == ST_END_FINISH:
            finish_scoring(state, game_log)
            record_standing(state)  # checkpoint: final scores
            if state[S_DEBUG] == 1:
                verify_final_score(state)
            state[S_STEP] = ST_GAME_OVER
            continue
        raise AssertionError("unknown step")


@njit(cache=True)
def advance(state, value, has_choice, game_log, stop_step):
    """Carry out option ``value`` of the pending decision (when ``has_choice``), then run the game
    until a decision with two options or more is pending (S_PENDING_* and S_OPTIONS set), the game
    is over, or the step reaches ``stop_step`` (ST_NONE: never).  A decision with a single option
    is taken at once (``ask`` never asks a strategy to choose among one)."""
    state[S_PENDING_BEYOND_CAP] = 0
    while True:
        seat, kind, n_options = run_to_decision(state, value, has_choice, game_log, stop_step)
        if n_options == 0:
            return
        if n_options < 0:
            # an action decision with more options than OPT_CAP: they are rebuilt when asked for
            _, n_options = action_options_beyond_cap(state, seat, OPT_CAP, state[S_BUFFER:S_BUFFER + BUFFER_CAP])
            state[S_PENDING_BEYOND_CAP] = 1
        if n_options > 1:
            state[S_PENDING_SEAT] = seat
            state[S_PENDING_KIND] = kind
            state[S_PENDING_COUNT] = n_options
            return
        value = state[S_OPTIONS]
        has_choice = True


@njit(cache=True)
def new_game(run_seed, game_index, players, variant_flags, debug, state, game_log):
    """Forward model: set up game ``game_index`` of run ``run_seed`` and run it to its first decision."""
    write_info(state, variant_flags[RULES_OFFSET:RULES_OFFSET + RULES_SIZE])  # the run's rules block
    for slot in range(S_STEP, S_BUFFER):
        state[slot] = 0
    if variant_flags.shape[0] >= EVENT_RULES_OFFSET + N_EVENTS:
        for event in range(N_EVENTS):
            state[S_EVENT_RULES + event] = variant_flags[EVENT_RULES_OFFSET + event]
    deal_stream = state[S_DEAL_STREAM:S_DEAL_STREAM + 1].view(np.uint64)
    reset_stream(deal_stream, run_seed, game_index, PURPOSE_DEAL)
    setup_game(state, game_log, deal_stream, players, variant_flags, 1 if game_log.shape[0] > 0 else 0, debug,
               state[S_BUFFER:S_BUFFER + BUFFER_CAP])
    state[S_STEP] = ST_DRAFT
    # typed values, not constants: numba compiles a function once per set of argument types, and a
    # constant argument is a type of its own (a literal), passed down: with advance(state, 0, False, ...)
    # run_to_decision compiled twice here (value 0, then any value), once here with np.int64(0).
    # apply's call keeps its constant True: its compile, the one every decision runs, is unchanged.
    advance(state, np.int64(0), np.bool_(False), game_log, ST_NONE)


@njit(cache=True, inline="always")  # the core loop inlines it: no call per decision
def pending_decision(state, options):
    """Forward model: (seat, decision kind, option count) of the decision waiting for a choice,
    its options copied to ``options``; seat -1 when the game is over."""
    if state[S_STEP] == ST_GAME_OVER:
        return -1, -1, 0
    n_options = state[S_PENDING_COUNT]
    if state[S_PENDING_BEYOND_CAP] == 1:
        if n_options > options.shape[0]:
            raise ValueError("pending_decision: the options do not fit in the options array")
        action_options(state, state[S_PENDING_SEAT], options, state[S_BUFFER:S_BUFFER + BUFFER_CAP])
    else:
        for i in range(n_options):
            options[i] = state[S_OPTIONS + i]
    return state[S_PENDING_SEAT], state[S_PENDING_KIND], n_options


@njit(cache=True, inline="always")  # the core loop inlines it: no call per decision
def apply(state, choice, game_log):
    """Forward model: take option ``choice`` (index) of the pending decision, run to the next one."""
    n_options = state[S_PENDING_COUNT]
    if state[S_STEP] == ST_GAME_OVER or choice < 0 or choice >= n_options:
        raise ValueError("apply: no pending decision has this option index")
    if state[S_PENDING_BEYOND_CAP] == 1:
        choices, _ = action_options_beyond_cap(state, state[S_PENDING_SEAT], OPT_CAP,
                                               state[S_BUFFER:S_BUFFER + BUFFER_CAP])
        value = choices[choice]
    else:
        value = state[S_OPTIONS + choice]
    advance(state, value, True, game_log, ST_NONE)


@njit(cache=True)
def final_results(state, seat_row, game_row):
    """Forward model: the finished game's rows (columns SEAT_COLUMNS / GAME_COLUMNS)."""
    players = state[S_PLAYERS]
    winner = -1
    for p in range(players):
        seat_row[p, 0] = state[S_SCORE + p]
        seat_row[p, 1] = state[S_RANK + p]
        seat_row[p, 2] = state[S_GOLD + p]
        seat_row[p, 3] = state[S_CUBES + p]
        seat_row[p, 4] = state[S_ELIM + p]
        k = S_KEPT_TYPE + p * 8
        seat_row[p, 5] = state[k + TT_COIN]
        seat_row[p, 6] = state[k + TT_AMULET]
        seat_row[p, 7] = state[k + TT_JEWEL]
        seat_row[p, 8] = state[k + TT_CROWN]
        seat_row[p, 9] = state[k + TT_SKULL_R] + state[k + TT_SKULL_L] + state[k + TT_SKULL_F]
        seat_row[p, 10] = state[k + TT_BOOK]
        seat_row[p, 11] = state[S_CROSSES + p]
        h = state[S_HEALER + p]
        seat_row[p, 12] = h
        seat_row[p, 13] = healer_cost(h, state[S_CUBES + p], healer_rows(state)) if h >= 0 else 0
        seat_row[p, 14] = 1 if state[S_FIRST] == p else 0
        total = 0
        for j in range(8):
            total += state[k + j]
        seat_row[p, 15] = total
        if state[S_RANK + p] == 1:
            winner = p
    game_row[0] = state[S_TURNS]
    for r in range(ROUNDS):
        # a round the game does not play (setting rounds below 5): no event (-1), no loot
        game_row[1 + r] = state[S_EV_ORDER + r] if r < state[S_RULES + T_ROUNDS] else -1
        game_row[6 + r] = state[S_LOOT_ROUND + r]
    game_row[11] = state[S_FINAL_PRODUCED]
    game_row[12] = state[S_ISLANDS_USED]
    game_row[13] = state[S_END_EARLY]
    game_row[14] = winner
    game_row[15] = state[S_CROSSES + AARON] if state[S_HAS_AARON] == 1 else 0


@njit(cache=True)
def play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results,
                         rule_counts, decision_stats, trajectories, debug):
    """Play games ``first_game .. first_game + n_games - 1``, fill the result arrays and what the engine
    records (rule counters, decision statistics, score trajectories; the core's loop)."""
    forward.play_chunk_recording(new_game, pending_decision, apply, final_results, STATE_SIZE, MAX_OPTIONS, S_COUNTERS,
                                 S_TRAJECTORY, run_seed, first_game, n_games, variant_flags, strategies, params,
                                 seat_results, game_results, rule_counts, decision_stats, trajectories, debug)


def play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Play games ``first_game .. first_game + n_games - 1`` and fill the result arrays (the contract's
    ``play_chunk``: ``play_chunk_recording`` recording nothing, so one compiled engine serves both)."""
    play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results,
                         *forward.no_records(), debug)


@njit(cache=True)
def play_logged(run_seed, game_index, variant_flags, strategies, params, game_log, debug):
    """Replay one game with logging on; returns the final state (the log count is S_LOG_N)."""
    return forward.play_logged(new_game, pending_decision, apply, STATE_SIZE, MAX_OPTIONS, run_seed, game_index,
                               variant_flags, strategies, params, game_log, debug)
