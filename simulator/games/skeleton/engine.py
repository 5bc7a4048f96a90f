"""Skeleton Island engine as a forward model (``simulator/core/forward.py``): the whole position
is the state vector; ``new_game`` / ``pending_decision`` / ``apply`` / ``final_results`` step
through the game and the core's loop plays it; plus the debug invariant checks.

A turn is a sequence of steps (STEP_* in state.py).  ``advance`` carries out a choice, runs the
steps that ask nobody and stops at the next decision with two options or more (a single option
is taken at once, as ``ask`` never asks a strategy to choose among one).
"""

import numpy as np
from numba import njit

from simulator.core.engine import forward
from simulator.core.engine.standings import record_checkpoint
from simulator.games.skeleton.board import bit, coin_value, content_colour, content_kind, eligible_capacity, \
    log_event, popcount
from simulator.games.skeleton.components import (
    HALF_UNITS,
    KIND_COIN,
    KIND_PIECE,
    MAX_PLAYERS,
    N_COLOURS,
    N_ISLANDS,
    QUARTER_UNITS,
)
from simulator.games.skeleton.maps import after_gain, claim_island, claim_options, is_complete
from simulator.games.skeleton.pile import clear_mask, recount_clear_mask
from simulator.games.skeleton.scoring import end_game, game_over, recount_score
from simulator.games.skeleton.setup import setup_game
from simulator.games.skeleton.state import (
    BLOW,
    CARDS_HELD,
    CLAIM_COLOUR,
    CLAIM_COMBO_SHIFT,
    CLAIM_PIECES,
    CLEAR_MASK,
    COIN_CARDS,
    COIN_POINTS,
    CURRENT,
    DEAL_STREAM,
    DEBUG_CHECKS,
    DISCARD_COLOURS,
    DISCARDS_LEFT,
    END_ALL_ISLANDS,
    END_KIND,
    END_PILE_EMPTY,
    END_STALL,
    EV_PIRACY,
    EV_TURN,
    FIRED_PIRACY_DOUBLE,
    FIRED_PIRACY_STEAL,
    FIRED_R6,
    FIRED_R13,
    FIRED_R14,
    FIRED_V_BLOW_EACH_STANDARD,
    FIRED_V_NO_PIRACY,
    FIRST_PLAYER,
    FLAG_BLOW_EACH_STANDARD,
    FLAG_NO_PIRACY,
    FLAG_PUTBACK_MAY_COVER,
    FLAGS,
    FLIP_STREAM,
    HALVES,
    HALVES_PER_COLOUR_AT,
    ISLAND_COINS_AT,
    ISLAND_OWNER,
    ISLANDS,
    ISLANDS_LEFT,
    ISLANDS_TO_END_AT,
    KEEP,
    KEEP_OR_PUTBACK,
    LOC_OUT,
    LOC_PILE,
    LOC_REMOVED,
    LOC_SEAT,
    LOG_COUNT,
    MAX_CHECKPOINTS,
    COUNTERS,
    COVERED_BY,
    MAX_OPTIONS,
    PIECE_UNITS_AT,
    PIRACY_DISCARDS_AT,
    PIRACY_TURNS_AT,
    QUARTERS_PER_COLOUR_AT,
    STALL_CAP_AT,
    START_COINS_AT,
    N_CARDS,
    N_SLOTS,
    NO_CARD,
    OBJECTS,
    OPTIONS,
    PENDING_COUNT,
    PENDING_KIND,
    PENDING_SEAT,
    PILE_COUNT,
    PILE_MASK,
    PIRACY_DISCARD,
    PIRACY_KIND,
    PLAYERS,
    PUTBACK_COVER,
    PUTBACK_SLOT,
    QUARTERS,
    RANK,
    REMOVED_MASK,
    SCORE_FLOOR,
    RESUME_STEP,
    SCORE,
    SECOND_CARD,
    SLOT_CONTENT,
    SLOT_LOC,
    STANDARD_LEFT,
    STAT_BLOWS,
    STAT_FACEDOWN,
    STAT_PIRACY_DOUBLE,
    STAT_PIRACY_STEAL,
    STAT_PUTBACKS,
    STAT_STOLEN_FROM,
    STAT_TAKEN,
    STATE_SIZE,
    STEAL,
    STEP,
    STEP_BLOW,
    STEP_BLOW_SECOND,
    STEP_CLAIM,
    STEP_COVER,
    STEP_DISCARD,
    STEP_GAME_OVER,
    STEP_KEEP,
    STEP_SECOND,
    STEP_STANDARD,
    STEP_STANDARD_DONE,
    STEP_STEAL,
    STEP_TAKE,
    STEP_TURN_END,
    STEP_TURN_START,
    STEP_TURN_TYPE,
    TAKE_CARD,
    TAKEN_SLOT,
    TRAJECTORY,
    TURN,
    TURN_PIRACY_STEAL,
    TURN_STANDARD,
    TURN_TYPE,
)
from simulator.games.skeleton.turn import (
    cover,
    cover_options,
    discard,
    discard_options,
    do_blow,
    keep_card,
    keep_options,
    may_blow,
    put_back,
    second_card,
    second_options,
    steal,
    steal_options,
    take_card,
    take_options,
    turn_type_options,
)

SEAT_COLUMNS = (
    "score",
    "rank",
    "islands",
    "coin_points",
    "cards_taken",
    "facedown_taken",
    "putbacks",
    "piracy_steal",
    "piracy_double",
    "stolen_from",
    "blows",
)
GAME_COLUMNS = (
    "length",
    "end_kind",
    "islands_claimed",
    "winning_score",
    "winners",
    "first_player",
    "capped",
)
COLUMN_LABELS = {"end_kind": ("all Islands claimed", "pile empty", "stall cap")}


# ---- debug invariants (spec section 6) ----


@njit(cache=True)
def check_invariants(state):
    """Components conserved, counts never negative, scores recounted from scratch and never fallen
    but by theft, the clear mask recounted; AssertionError names the broken invariant.  Called
    between turns and at the end (no card in hand then); ``check_put_back_clear`` at each put-back."""
    players = state[PLAYERS]
    n = state[N_CARDS]
    if state[TAKEN_SLOT] != -1:
        raise AssertionError("card conservation: a card is still in hand between turns")
    halves = np.zeros(MAX_PLAYERS * N_COLOURS, dtype=np.int64)
    quarters = np.zeros(MAX_PLAYERS * N_COLOURS, dtype=np.int64)
    objects = np.zeros(MAX_PLAYERS, dtype=np.int64)
    coins = np.zeros(MAX_PLAYERS, dtype=np.int64)
    coin_cards = np.zeros(MAX_PLAYERS, dtype=np.int64)
    held = np.zeros(MAX_PLAYERS, dtype=np.int64)
    contents = 0
    pile = 0
    removed = 0
    units = np.zeros(N_COLOURS, dtype=np.int64)
    coins_in_pile = 0
    for slot in range(N_SLOTS):
        loc = state[SLOT_LOC + slot]
        content = state[SLOT_CONTENT + slot]
        if slot >= n:
            if loc != LOC_OUT:
                raise AssertionError("card conservation: a card outside the game's count is in play")
            continue
        if content < 0 or content >= n or (contents >> content) & 1:
            raise AssertionError("card conservation: slot contents are not one copy of each Sand card")
        contents |= bit(content)
        kind = content_kind(state, content)
        if kind == KIND_PIECE:
            units[content_colour(state, content)] += state[PIECE_UNITS_AT + content]
        if loc == LOC_PILE:
            pile |= bit(slot)
            if kind == KIND_COIN:
                coins_in_pile += coin_value(state, content)
        elif loc == LOC_REMOVED:
            removed |= bit(slot)
            if kind == KIND_COIN:
                raise AssertionError("coin conservation: a Gold coin card left the game")
        elif LOC_SEAT <= loc < LOC_SEAT + players:
            seat = loc - LOC_SEAT
            held[seat] += 1
            if kind == KIND_PIECE:
                if state[PIECE_UNITS_AT + content] == HALF_UNITS:
                    halves[seat * N_COLOURS + content_colour(state, content)] += 1
                else:
                    quarters[seat * N_COLOURS + content_colour(state, content)] += 1
            elif kind == KIND_COIN:
                coins[seat] += coin_value(state, content)
                coin_cards[seat] += 1
            else:
                objects[seat] += 1
        else:
            raise AssertionError("card conservation: a Sand card has an invalid location")
    if pile != state[PILE_MASK] or popcount(pile) != state[PILE_COUNT]:
        raise AssertionError("card conservation: the pile mask or count differs from the card locations")
    if removed != state[REMOVED_MASK]:
        raise AssertionError("card conservation: the removed mask differs from the card locations")
    units_per_colour = state[HALVES_PER_COLOUR_AT] * HALF_UNITS + state[QUARTERS_PER_COLOUR_AT] * QUARTER_UNITS
    for colour in range(N_COLOURS):
        if units[colour] != units_per_colour:
            raise AssertionError("map conservation: a colour's pieces do not add up to its quarter units")
    if state[CLEAR_MASK] != recount_clear_mask(state):
        raise AssertionError("pile model: the clear mask differs from the pile and its cover relation")
    if pile != 0 and state[CLEAR_MASK] == 0:
        raise AssertionError("pile model: a non-empty pile has no clear card")
    claimed = 0
    total = coins_in_pile
    for colour in range(N_COLOURS):
        owner = state[ISLAND_OWNER + colour]
        if owner >= players:
            raise AssertionError("island conservation: an Island card has an invalid owner")
        if owner >= 0:
            claimed += 1
    if claimed != N_ISLANDS - state[ISLANDS_LEFT]:
        raise AssertionError("island conservation: claimed + unclaimed Island cards must be 5")
    island_coins = state[ISLAND_COINS_AT]
    total += state[ISLANDS_LEFT] * island_coins
    start_coins = 0
    for seat in range(players):
        islands = 0
        for colour in range(N_COLOURS):
            if state[ISLAND_OWNER + colour] == seat:
                islands += 1
            h = state[HALVES + seat * N_COLOURS + colour]
            q = state[QUARTERS + seat * N_COLOURS + colour]
            if h != halves[seat * N_COLOURS + colour] or q != quarters[seat * N_COLOURS + colour]:
                raise AssertionError("holdings: map piece counts differ from the cards held")
            if state[ISLAND_OWNER + colour] < 0 and is_complete(h, q):
                raise AssertionError("R16: a complete map of an unclaimed colour was not claimed")
        if islands != state[ISLANDS + seat]:
            raise AssertionError("island conservation: Island count differs from the owners")
        if state[OBJECTS + seat] != objects[seat] or state[COIN_POINTS + seat] != coins[seat] \
                or state[COIN_CARDS + seat] != coin_cards[seat] or state[CARDS_HELD + seat] != held[seat]:
            raise AssertionError("holdings: counts differ from the cards held")
        start = state[START_COINS_AT + seat]
        if state[SCORE + seat] != recount_score(state, seat) \
                or state[SCORE + seat] != islands * island_coins + coins[seat] + start:
            raise AssertionError("score check: the score differs from the score recounted from scratch")
        total += state[SCORE + seat]
        start_coins += start
    box = N_ISLANDS * island_coins + start_coins
    for content in range(n):
        box += coin_value(state, content)
    if total != box:
        raise AssertionError("coin conservation: unclaimed Islands + pile coins + scores must be the coins in the box")
    check_scores_never_fall(state)


@njit(cache=True)
def check_scores_never_fall(state):
    """Spec 6: a score never decreases except by theft (a Gold coin card stolen lowers the
    victim's ``SCORE_FLOOR``); then the floor becomes the current score."""
    for seat in range(state[PLAYERS]):
        if state[SCORE + seat] < state[SCORE_FLOOR + seat]:
            raise AssertionError("score check: a score decreased other than by a theft")
        state[SCORE_FLOOR + seat] = state[SCORE + seat]


@njit(cache=True)
def check_put_back_clear(state, slot):
    """Spec 6 / R11: the card just put back lies in the pile, clear (covered by nothing)."""
    pile = state[PILE_MASK]
    if not (pile >> slot) & 1 or state[COVERED_BY + slot] & pile != 0 or not (state[CLEAR_MASK] >> slot) & 1:
        raise AssertionError("R11: the card put back is not clear")


# ---- the forward model ----


@njit(cache=True, inline="always")
def is_decision_step(step):
    """Whether ``step`` waits for a choice (the others are carried out by ``advance`` at once)."""
    return step == STEP_BLOW or step == STEP_TURN_TYPE or step == STEP_DISCARD or step == STEP_STEAL \
        or step == STEP_BLOW_SECOND or step == STEP_TAKE or step == STEP_KEEP or step == STEP_COVER \
        or step == STEP_SECOND or step == STEP_CLAIM


@njit(cache=True, inline="always")
def gained(state, seat, content, next_step, log):
    """A card was gained: claim at once (A8), or stop for claim_pieces, then go to ``next_step``."""
    colour = after_gain(state, seat, content, state[OPTIONS:OPTIONS + MAX_OPTIONS], log)
    if colour >= 0:
        state[CLAIM_COLOUR] = colour
        state[RESUME_STEP] = next_step
        state[STEP] = STEP_CLAIM
    else:
        state[STEP] = next_step


@njit(cache=True)
def carry_out(state, seat, value, log):
    """Carry out option ``value`` of the decision step STEP and move STEP on."""
    step = state[STEP]
    if step == STEP_BLOW or step == STEP_BLOW_SECOND:
        if value == 1:
            if step == STEP_BLOW_SECOND:
                state[FIRED_V_BLOW_EACH_STANDARD] += 1  # A11 variant: a blow before the second standard turn
            do_blow(state, seat, state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), state[FLIP_STREAM:FLIP_STREAM + 1].view(np.uint64), log)
        state[STEP] = STEP_TURN_TYPE if step == STEP_BLOW else STEP_TAKE
    elif step == STEP_TURN_TYPE:
        if value == TURN_STANDARD:
            state[STANDARD_LEFT] = 1
            state[STEP] = STEP_TAKE
        else:
            # R13: discard three cards, then steal or play two standard turns
            state[FIRED_R13] += 1
            state[PIRACY_KIND] = value
            state[DISCARDS_LEFT] = state[PIRACY_DISCARDS_AT]  # R13 (setting piracy_discards)
            state[DISCARD_COLOURS] = 0
            if value == TURN_PIRACY_STEAL:
                state[FIRED_PIRACY_STEAL] += 1
                state[STAT_PIRACY_STEAL + seat] += 1
            else:
                state[FIRED_PIRACY_DOUBLE] += 1
                state[STAT_PIRACY_DOUBLE + seat] += 1
            log_event(log, state, EV_PIRACY, seat, value, 0, 0, 0)
            state[STEP] = STEP_DISCARD
    elif step == STEP_DISCARD:
        discard(state, seat, value, log)
        state[DISCARDS_LEFT] -= 1
        if state[DISCARDS_LEFT] == 0:
            state[FIRED_R14] += 1  # R14: three eligible cards discarded
            if state[PIRACY_KIND] == TURN_PIRACY_STEAL:
                state[STEP] = STEP_STEAL
            else:
                state[STANDARD_LEFT] = state[PIRACY_TURNS_AT]  # R13: two standard turns (piracy_standard_turns)
                state[STEP] = STEP_TAKE
    elif step == STEP_STEAL:
        content = steal(state, seat, value, state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), log)
        gained(state, seat, content, STEP_TURN_END, log)
    elif step == STEP_TAKE:
        take_card(state, seat, value, log)
        state[STEP] = STEP_KEEP
    elif step == STEP_KEEP:
        slot = state[TAKEN_SLOT]
        if value == KEEP:
            content = keep_card(state, seat, slot, log)
            gained(state, seat, content, STEP_STANDARD_DONE, log)
        else:
            put_back(state, seat, slot, log)
            if state[DEBUG_CHECKS] == 1:
                check_put_back_clear(state, slot)
            if state[FLAGS + FLAG_PUTBACK_MAY_COVER] == 1:
                state[STEP] = STEP_COVER
            else:
                cover(state, seat, NO_CARD, log)  # A5: covers nothing
                state[STEP] = STEP_SECOND
    elif step == STEP_COVER:
        cover(state, seat, value, log)
        state[STEP] = STEP_SECOND
    elif step == STEP_SECOND:
        content = second_card(state, seat, value, log)
        if content >= 0:
            gained(state, seat, content, STEP_STANDARD_DONE, log)
        else:
            state[STEP] = STEP_STANDARD_DONE
    elif step == STEP_CLAIM:
        claim_island(state, seat, value & ((1 << CLAIM_COMBO_SHIFT) - 1), value >> CLAIM_COMBO_SHIFT, log)
        state[STEP] = state[RESUME_STEP]


@njit(cache=True)
def finish(state, end_kind, log):
    """R20 / A12: the game ends now; score, rank, record the last checkpoint."""
    end_game(state, end_kind, log)
    record_checkpoint(state, TRAJECTORY, MAX_PLAYERS, MAX_CHECKPOINTS, SCORE, state[PLAYERS])
    if state[DEBUG_CHECKS] == 1:
        check_invariants(state)
    state[STEP] = STEP_GAME_OVER


@njit(cache=True, inline="always")
def end_kind_now(state):
    """Why the game is over (R20), assuming ``game_over``."""
    return END_ALL_ISLANDS if N_ISLANDS - state[ISLANDS_LEFT] >= state[ISLANDS_TO_END_AT] else END_PILE_EMPTY


@njit(cache=True)
def run_steps(state, log):
    """Carry out the steps that ask nobody until a decision step or the end of the game."""
    players = state[PLAYERS]
    while True:
        step = state[STEP]
        if is_decision_step(step) or step == STEP_GAME_OVER:
            return
        seat = state[CURRENT]
        if step == STEP_TURN_START:
            if game_over(state):
                finish(state, end_kind_now(state), log)
            elif state[TURN] == state[STALL_CAP_AT]:  # setting stall_cap_turns (at most MAX_TURNS)
                finish(state, END_STALL, log)
            else:
                state[TURN] += 1
                state[FIRED_R6] += 1  # R6: clockwise, a standard or a piracy turn
                state[PUTBACK_SLOT] = -1
                if log.shape[0] > 0:  # (the clear count is for the narration only)
                    log_event(log, state, EV_TURN, seat, state[TURN], popcount(clear_mask(state)), state[PILE_COUNT], 0)
                if state[FLAGS + FLAG_NO_PIRACY] == 1 and eligible_capacity(state, seat) >= state[PIRACY_DISCARDS_AT]:
                    state[FIRED_V_NO_PIRACY] += 1
                # R7 / A11: the sandstorm, before the turn
                state[STEP] = STEP_BLOW if may_blow(state) else STEP_TURN_TYPE
        elif step == STEP_STANDARD:
            # the second standard turn of a piracy double turn (A11 variant blow-each-standard)
            state[PUTBACK_SLOT] = -1
            if log.shape[0] > 0:
                log_event(log, state, EV_TURN, seat, state[TURN], popcount(clear_mask(state)), state[PILE_COUNT], 1)
            if state[FLAGS + FLAG_BLOW_EACH_STANDARD] == 1 and may_blow(state):
                state[STEP] = STEP_BLOW_SECOND
            else:
                state[STEP] = STEP_TAKE
        elif step == STEP_STANDARD_DONE:
            state[STANDARD_LEFT] -= 1
            if game_over(state):
                finish(state, end_kind_now(state), log)  # A12: the rest of the turn is lost
            elif state[STANDARD_LEFT] > 0:
                state[STEP] = STEP_STANDARD
            else:
                state[STEP] = STEP_TURN_END
        elif step == STEP_TURN_END:
            if game_over(state):
                finish(state, end_kind_now(state), log)
            else:
                record_checkpoint(state, TRAJECTORY, MAX_PLAYERS, MAX_CHECKPOINTS, SCORE, players)
                if state[DEBUG_CHECKS] == 1:
                    check_invariants(state)
                state[CURRENT] = (seat + 1) % players  # R6: clockwise
                state[STEP] = STEP_TURN_START


@njit(cache=True, inline="always")
def decision_options(state, step, seat, options):
    """The decision kind of ``step`` and its options (written to ``options``)."""
    if step == STEP_BLOW or step == STEP_BLOW_SECOND:
        options[0] = 0
        options[1] = 1
        return BLOW, 2
    if step == STEP_TURN_TYPE:
        return TURN_TYPE, turn_type_options(state, seat, options)
    if step == STEP_DISCARD:
        return PIRACY_DISCARD, discard_options(state, seat, options)
    if step == STEP_STEAL:
        return STEAL, steal_options(state, seat, options)
    if step == STEP_TAKE:
        return TAKE_CARD, take_options(state, options)
    if step == STEP_KEEP:
        return KEEP_OR_PUTBACK, keep_options(state, options)
    if step == STEP_COVER:
        return PUTBACK_COVER, cover_options(state, options)
    if step == STEP_SECOND:
        return SECOND_CARD, second_options(state, options)
    return CLAIM_PIECES, claim_options(state, seat, state[CLAIM_COLOUR], options)


@njit(cache=True)
def advance(state, value, n_options, log):
    """Carry out option ``value`` of the pending decision (``n_options`` 0: nothing to carry out),
    then run until a decision with two options or more is pending, or the game is over."""
    options = state[OPTIONS:OPTIONS + MAX_OPTIONS]
    while True:
        if n_options > 0:
            carry_out(state, state[CURRENT], value, log)
        run_steps(state, log)
        step = state[STEP]
        if step == STEP_GAME_OVER:
            return
        seat = state[CURRENT]
        kind, n_options = decision_options(state, step, seat, options)
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
    setup_game(state, run_seed, game_index, players, variant_flags, debug, log)
    state[STEP] = STEP_TURN_START
    # typed values, not constants: numba compiles a function once per set of argument types, and a
    # constant argument is a type of its own (a literal); apply's call then shares this compile
    advance(state, np.int64(0), np.int64(0), log)


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
    advance(state, state[OPTIONS + choice], n_options, log)


@njit(cache=True)
def final_results(state, seat_row, game_row):
    """Forward model: the finished game's result rows (columns SEAT_COLUMNS / GAME_COLUMNS)."""
    players = state[PLAYERS]
    best = -1
    winners = 0
    for seat in range(players):
        seat_row[seat, 0] = state[SCORE + seat]
        seat_row[seat, 1] = state[RANK + seat]
        seat_row[seat, 2] = state[ISLANDS + seat]
        seat_row[seat, 3] = state[COIN_POINTS + seat]
        seat_row[seat, 4] = state[STAT_TAKEN + seat]
        seat_row[seat, 5] = state[STAT_FACEDOWN + seat]
        seat_row[seat, 6] = state[STAT_PUTBACKS + seat]
        seat_row[seat, 7] = state[STAT_PIRACY_STEAL + seat]
        seat_row[seat, 8] = state[STAT_PIRACY_DOUBLE + seat]
        seat_row[seat, 9] = state[STAT_STOLEN_FROM + seat]
        seat_row[seat, 10] = state[STAT_BLOWS + seat]
        if state[SCORE + seat] > best:
            best = state[SCORE + seat]
        if state[RANK + seat] == 1:
            winners += 1
    game_row[0] = state[TURN]
    game_row[1] = state[END_KIND]
    game_row[2] = N_ISLANDS - state[ISLANDS_LEFT]
    game_row[3] = best
    game_row[4] = winners
    game_row[5] = state[FIRST_PLAYER]
    game_row[6] = 1 if state[END_KIND] == END_STALL else 0  # stopped by the stall cap: nobody ranked


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
