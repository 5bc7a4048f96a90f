"""Skirmish engine as a forward model (``simulator/core/forward.py``): the whole position is the
state vector; ``new_game`` / ``pending_decision`` / ``apply`` / ``final_results`` step through
the game and the core's loop plays it; plus the debug invariant checks (spec 6.3).

The game is a sequence of steps (STEP_* in state.py).  ``advance`` carries out a choice, runs the
steps that ask nobody, and stops at the next decision with two options or more (a decision with
a single option is taken at once, as ``ask`` would).
"""

import numpy as np
from numba import njit

from simulator.core.engine import forward
from simulator.core.engine.rng import PURPOSE_DEAL, reset_stream
from simulator.games.skirmish.board import free_characters, is_free_square, log_event, on_island
from simulator.games.skirmish.cards import discard, draw_to_full, held
from simulator.games.skirmish.rules import (
    anything_playable,
    check_eliminations,
    check_win,
    choose_card_options,
    choose_target,
    dock_boat,
    dock_of,
    drop_bomb,
    drop_options,
    end_turn,
    fly_bomb,
    flying_bomb_options,
    found_options,
    free_anchor_options,
    gift_target_options,
    give_gift,
    hand_options,
    move_bomb_alone,
    move_boat,
    move_character,
    move_destination_options,
    movable_piece_options,
    next_defender,
    open_chest,
    pick_up_loot,
    pistol_options,
    place_found,
    placement_blocked,
    play_card,
    play_shield,
    attack_targets,
    record_checkpoint,
    resolve_attack,
    scratch,
    setup_game,
    steal,
    steal_options,
    trap_explodes,
)
from simulator.games.skirmish.state import *  # noqa: F401,F403  (named offsets and codes, folded by numba)

SEAT_COLUMNS = (
    "score",  # gems held at the end
    "rank",
    "eliminated",
    "eliminated_by",  # seat credited (1..P in the results), 0 none / trapped chest
    "elimination_order",  # 1 = first out, 0 = survived
    "chests_opened",
    "gems_found",
    "gems_stolen",
    "kills",
    "captures",
    "stuns",
    "shields_played",
    "bombs_delivered",
    "cards_played",
    "freed_bobby",
    "ammo",
)
GAME_COLUMNS = (
    "length",  # turns
    "rounds",
    "win_kind",  # 0 gems, 1 last survivor, 2 capped
    "capped",
    "winner_seat",
    "winner_gems",
    "first_player",
    "chests_left",
    "bombs_exploded",
    "trap_deaths",
    "eliminations",
    "played_pistol",
    "played_padlock",
    "played_hammer",
    "played_shield",
    "played_treasure_chest",
    "played_poisoned_gift",
    "played_flying_bomb",
    "played_potion",
    "played_boat",
)


# ---------------------------------------------------------------- debug invariants (spec 6.3)

@njit(cache=True)
def check_invariants(state):
    """Components conserved, counts never negative, squares consistent; AssertionError names it."""
    players = state[PLAYERS]
    cards = state[DRAW_COUNT] + state[PLAYED_COUNT]
    for seat in range(MAX_PLAYERS):
        in_hand = 0
        for kind in range(N_CARD_KINDS):
            if state[HAND + seat * N_CARD_KINDS + kind] < 0:
                raise AssertionError("card conservation: a negative card count in a hand")
            in_hand += state[HAND + seat * N_CARD_KINDS + kind]
        if in_hand != state[HAND_COUNT + seat]:
            raise AssertionError("card conservation: hand count differs from the cards in hand")
        if state[ALIVE + seat] == 0 and in_hand != 0:
            raise AssertionError("elimination: an eliminated player holds cards")
        cards += in_hand
    if cards != state[DECK_TOTAL]:
        raise AssertionError("card conservation: draw pile + played pile + hands differ from the deck")
    # characters: every located character is where its square says, no square holds two
    for char in range(N_CHARACTERS):
        node = state[CHAR_LOC + char]
        if on_island(node) and state[SQ_CHAR + node] != char:
            raise AssertionError("character conservation: a character's square does not hold it")
        if node >= BOAT_NODE:
            boat = node - BOAT_NODE
            if state[ALIVE + boat] == 0:
                raise AssertionError("elimination: a character is aboard a removed boat")
            if state[CHAR_CAPTOR + char] >= 0 and state[CHAR_CAPTOR + char] != boat:
                raise AssertionError("character conservation: a prisoner is not in its captor's boat")
        if node >= 0 and state[CHAR_OWNER + char] >= 0 and state[ALIVE + state[CHAR_OWNER + char]] == 0:
            raise AssertionError("elimination: an eliminated player's character is still in play")
    occupied = 0
    for square in range(MAX_SQUARES):
        char = state[SQ_CHAR + square]
        if char >= 0:
            occupied += 1
            if state[CHAR_LOC + char] != square:
                raise AssertionError("character conservation: a square holds a character located elsewhere")
    # chest tiles: unopened + gems + ammunition (boats, squares, spent) + Bobby tile + removed = 22
    tiles = state[REMOVED_TILES] + state[SPENT_AMMO]
    bombs_in_chests = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST:
            tiles += 1
            if state[SQ_CHEST + square] == CHEST_BOMB:
                bombs_in_chests += 1
        if state[SQ_LOOT_GEMS + square] < 0 or state[SQ_LOOT_AMMO + square] < 0:
            raise AssertionError("loot: a negative count on a square")
        tiles += state[SQ_LOOT_GEMS + square] + state[SQ_LOOT_AMMO + square]
    for seat in range(players):
        if state[GEMS + seat] < 0 or state[AMMO + seat] < 0:
            raise AssertionError("counts: negative gems or ammunition in a boat")
        tiles += state[GEMS + seat] + state[AMMO + seat] + state[BOBBY_TILE + seat]
    for seat in range(players):  # R3 handicaps: the loot aboard at setup came from the box, not a chest
        tiles -= state[FLAGS + FLAG_START_GEMS + seat] + state[FLAGS + FLAG_START_AMMO + seat]
    if tiles != N_CHEST_TILES:
        raise AssertionError("chest conservation: the 22 tiles are not all accounted for")
    # bombs: in their chests, on squares (alone, A10), carried during a move, or removed
    waiting = 0
    for bomb in range(N_BOMBS):
        where = state[BOMB_LOC + bomb]
        if where == BOMB_IN_CHEST:
            waiting += 1
        elif where >= 0:
            if state[SQ_BOMB + where] != bomb:
                raise AssertionError("bomb conservation: a bomb's square does not hold it")
            if state[SQ_CHEST + where] != NO_CHEST:
                raise AssertionError("bomb placement: a bomb shares a square with an unopened chest")
            if state[SQ_CHAR + where] >= 0 and state[FLAGS + FLAG_PLACEMENT_BLOCKED_STAYS] == 0:
                raise AssertionError("bomb placement: a bomb shares a square with a character")
    if waiting != bombs_in_chests + (1 if state[STEP] == STEP_PLACE_FOUND and state[FOUND_KIND] == CHEST_BOMB else 0):
        raise AssertionError("bomb conservation: bombs waiting differ from the unopened bomb chests")
    # boats: one per Anchor; eliminated players keep nothing
    for seat in range(players):
        anchor = state[BOAT_ANCHOR + seat]
        if state[ALIVE + seat] == 1:
            if anchor < 0 or state[SQ_KIND + anchor] != ANCHOR:
                raise AssertionError("boats: a surviving player's boat is not at an Anchor square")
            for other in range(seat + 1, players):
                if state[ALIVE + other] == 1 and state[BOAT_ANCHOR + other] == anchor:
                    raise AssertionError("boats: two boats at one Anchor square")
            if state[GEMS + seat] >= state[GEMS_TO_WIN] and state[STEP] != STEP_GAME_OVER:
                raise AssertionError("end: a player holds the winning gems but the game goes on")
            if free_characters(state, seat) == 0 and state[STEP] == STEP_CHOOSE_CARD:
                raise AssertionError("elimination: a player without free characters is still playing")
        elif anchor >= 0 or state[GEMS + seat] != 0 or state[AMMO + seat] != 0:
            raise AssertionError("elimination: an eliminated player keeps a boat or loot")


# ---------------------------------------------------------------- the step machine

@njit(cache=True, inline="always")
def is_decision_step(step):
    """Whether ``step`` waits for a choice (the others are carried out by ``run_steps``)."""
    return not (step == STEP_TURN_START or step == STEP_SHIELD_SCAN or step == STEP_RESOLVE_ATTACK
                or step == STEP_CARD_DONE or step == STEP_END_TURN or step == STEP_GAME_OVER)


@njit(cache=True)
def after_move(state, seat, log):
    """After the move and the bomb drops: loot pick-up (A28), then the chest (R22, A32)."""
    final = state[FINAL_SQUARE]
    if on_island(final) and state[MOVE_PIECE] < PIECE_BOMB:
        pick_up_loot(state, seat, final, log)
        if state[SQ_CHEST + final] != NO_CHEST:
            state[STEP] = STEP_OPEN_CHEST
            return
    state[STEP] = STEP_CARD_DONE


@njit(cache=True)
def start_card(state, seat, kind):
    """The first step of a played card's effect."""
    if kind < PISTOL:
        state[MOVE_VALUE] = kind + 1
        state[STEP] = STEP_MOVE_PIECE
    elif kind == PISTOL:
        state[N_TARGETS] = 0
        state[STEP] = STEP_PISTOL_TARGET
    elif kind == PADLOCK or kind == HAMMER:
        state[N_TARGETS] = 0
        state[STEP] = STEP_ATTACK_TARGET
    elif kind == TREASURE_CHEST:
        state[STEP] = STEP_CHEST_STEAL
    elif kind == POISONED_GIFT:
        state[STEP] = STEP_GIFT_TARGET
    elif kind == FLYING_BOMB:
        state[STEP] = STEP_FLYING_BOMB
    elif kind == POTION:
        state[STEP] = STEP_POTION
    else:
        state[STEP] = STEP_BOAT


@njit(cache=True, inline="always")  # inlined into advance: one call per decision
def carry_out(state, value, log):
    """Carry out option ``value`` of the pending decision and move STEP on."""
    step = state[STEP]
    seat = state[ACTIVE]
    if step == STEP_START_ANCHOR:
        # A30 variant choose-start-anchor: reverse seat order
        players = state[PLAYERS]
        chooser = (state[FIRST_PLAYER] + players - 1 - state[CURSOR]) % players
        dock_boat(state, chooser, value, log)
        state[CURSOR] += 1
        state[FIRED_CHOOSE_START] += 1
        if state[CURSOR] == players:
            state[STEP] = STEP_TURN_START
    elif step == STEP_CHOOSE_CARD:
        if value == END_TURN:
            if state[CARDS_PLAYED] == 0 and state[FLAGS + FLAG_PASS_DISCARD_ANY] == 1:
                state[FORCED] = 1  # A20 variant pass-discard-any
                state[FIRED_PASS_DISCARD_ANY] += 1
                state[STEP] = STEP_FORCED_DISCARD
            else:
                state[STEP] = STEP_END_TURN
        else:
            play_card(state, seat, value, log)
            start_card(state, seat, value)
    elif step == STEP_MOVE_PIECE:
        state[MOVE_PIECE] = value
        state[STEP] = STEP_MOVE_DEST
    elif step == STEP_MOVE_DEST:
        piece = state[MOVE_PIECE]
        if piece >= PIECE_BOMB:
            state[FINAL_SQUARE] = value
            move_bomb_alone(state, seat, piece - PIECE_BOMB, value, log)
            state[STEP] = STEP_CARD_DONE
        else:
            move_character(state, seat, piece, value, log)
            if state[CARRY] != 0:
                state[STEP] = STEP_BOMB_DROP
            else:
                after_move(state, seat, log)
    elif step == STEP_BOMB_DROP:
        drop_bomb(state, seat, value, log)
        if state[CARRY] == 0:
            after_move(state, seat, log)
    elif step == STEP_OPEN_CHEST:
        if value == 0:
            log_event(log, state, EV_DECLINE_OPEN, seat, state[MOVE_PIECE], state[FINAL_SQUARE], 0, 0)
            state[STEP] = STEP_CARD_DONE
        else:
            content = open_chest(state, seat, log)
            if content == CHEST_TRAP:
                if held(state, seat, SHIELD) > 0 and (state[PLAYED_TYPES] >> TYPE_DEFENCE) & 1 == 0:
                    state[STEP] = STEP_TRAP_SHIELD  # A18: the opener may play a Shield
                else:
                    trap_explodes(state, seat, 0, log)
                    state[STEP] = STEP_CARD_DONE
            elif content == CHEST_BOBBY or content == CHEST_BOMB:
                state[STEP] = STEP_PLACE_FOUND
            else:
                state[STEP] = STEP_CARD_DONE
    elif step == STEP_TRAP_SHIELD:
        trap_explodes(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_PLACE_FOUND:
        place_found(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_PISTOL_TARGET:
        if value == STOP:
            state[SHIELD_CURSOR] = 1
            state[STEP] = STEP_SHIELD_SCAN
        else:
            choose_target(state, value)
    elif step == STEP_ATTACK_TARGET:
        choose_target(state, value)
        state[SHIELD_CURSOR] = 1
        state[STEP] = STEP_SHIELD_SCAN
    elif step == STEP_SHIELD:
        defender = state[CURSOR]
        if value == 1:
            state[SHIELDED + defender] = 1
            play_shield(state, defender, seat, state[CARD], log)
        state[STEP] = STEP_SHIELD_SCAN
    elif step == STEP_POTION:
        if value == STOP:
            draw_to_full(state, seat, log)  # R42: then draw back to 6
            state[FIRED_R42] += 1
            state[STEP] = STEP_CARD_DONE
        else:
            discard(state, seat, value)
            log_event(log, state, EV_POTION, seat, value, 0, 0, 0)
    elif step == STEP_GIFT_TARGET:
        state[GIFT_TARGET] = value
        state[STEP] = STEP_GIFT_CARD
    elif step == STEP_GIFT_CARD:
        give_gift(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_CHEST_STEAL:
        steal(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_BOAT:
        move_boat(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_FLYING_BOMB:
        fly_bomb(state, seat, value, log)
        state[STEP] = STEP_CARD_DONE
    elif step == STEP_FORCED_DISCARD:
        discard(state, seat, value)  # R15: discard one, draw, pass
        state[FIRED_R15] += 1
        log_event(log, state, EV_DISCARD, seat, value, 0, 0, 0)
        state[STEP] = STEP_END_TURN


@njit(cache=True, inline="always")  # inlined into advance: one call per decision
def run_steps(state, log):
    """Carry out the steps that ask nobody, until a decision step or the end of the game."""
    while True:
        step = state[STEP]
        if is_decision_step(step):
            return
        seat = state[ACTIVE]
        if step == STEP_GAME_OVER:
            return
        if step == STEP_TURN_START:
            state[TURNS] += 1
            state[PLAYED_TYPES] = 0
            state[CARDS_PLAYED] = 0
            state[FORCED] = 0
            state[CARD] = -1
            log_event(log, state, EV_TURN, seat, state[TURNS], state[ROUND], 0, 0)
            if state[DEBUG_CHECKS] == 1:
                check_invariants(state)
            if anything_playable(state, seat):
                state[STEP] = STEP_CHOOSE_CARD
            else:
                state[FORCED] = 1  # R15: nothing playable
                state[STEP] = STEP_FORCED_DISCARD
        elif step == STEP_SHIELD_SCAN:
            defender = next_defender(state)
            if defender >= 0:
                state[CURSOR] = defender
                state[STEP] = STEP_SHIELD
            else:
                state[STEP] = STEP_RESOLVE_ATTACK
        elif step == STEP_RESOLVE_ATTACK:
            resolve_attack(state, seat, log)
            state[STEP] = STEP_CARD_DONE
        elif step == STEP_CARD_DONE:
            state[CARD] = -1
            check_eliminations(state, log)  # A33: the card fully resolved, then eliminations, then the win
            if check_win(state, log):
                return
            if state[DEBUG_CHECKS] == 1:
                check_invariants(state)
            state[STEP] = STEP_CHOOSE_CARD if state[ALIVE + seat] == 1 else STEP_END_TURN
        elif step == STEP_END_TURN:
            end_turn(state, log)


@njit(cache=True, inline="always")  # inlined into advance: one call per decision
def decision_options(state, options):
    """The pending decision's (seat, kind, option count), its options written to ``options``."""
    step = state[STEP]
    seat = state[ACTIVE]
    if step == STEP_START_ANCHOR:
        players = state[PLAYERS]
        chooser = (state[FIRST_PLAYER] + players - 1 - state[CURSOR]) % players
        return chooser, START_ANCHOR, free_anchor_options(state, options)
    if step == STEP_CHOOSE_CARD:
        return seat, CHOOSE_CARD, choose_card_options(state, seat, options)
    if step == STEP_MOVE_PIECE:
        return seat, MOVE_PIECE_DECISION, movable_piece_options(state, seat, state[MOVE_VALUE], options, False)
    if step == STEP_MOVE_DEST:
        return seat, MOVE_DESTINATION, move_destination_options(state, seat, state[MOVE_PIECE], state[MOVE_VALUE],
                                                                options)
    if step == STEP_BOMB_DROP:
        return seat, BOMB_DROP, drop_options(state, seat, options)
    if step == STEP_OPEN_CHEST or step == STEP_TRAP_SHIELD or step == STEP_SHIELD:
        options[0] = 1  # yes: open / play the Shield
        options[1] = 0  # no
        if step == STEP_OPEN_CHEST:
            return seat, OPEN_CHEST, 2
        return (state[CURSOR] if step == STEP_SHIELD else seat), SHIELD_REACTION, 2
    if step == STEP_PLACE_FOUND:
        return seat, PLACE_FOUND, found_options(state, options)
    if step == STEP_PISTOL_TARGET:
        return seat, PISTOL_TARGET, pistol_options(state, seat, options)
    if step == STEP_ATTACK_TARGET:
        return seat, ATTACK_TARGET, attack_targets(state, seat, options)
    if step == STEP_POTION:
        return seat, POTION_DISCARD, hand_options(state, seat, options, True)
    if step == STEP_GIFT_TARGET:
        return seat, GIFT_TARGET_DECISION, gift_target_options(state, seat, options)
    if step == STEP_GIFT_CARD:
        return seat, GIFT_CARD, hand_options(state, seat, options, False)
    if step == STEP_CHEST_STEAL:
        return seat, CHEST_STEAL, steal_options(state, seat, options)
    if step == STEP_BOAT:
        return seat, BOAT_ANCHOR_DECISION, free_anchor_options(state, options)
    if step == STEP_FLYING_BOMB:
        return seat, FLYING_BOMB_DECISION, flying_bomb_options(state, seat, options, scratch(state, 6))
    return seat, FORCED_DISCARD, hand_options(state, seat, options, False)  # STEP_FORCED_DISCARD


@njit(cache=True)
def advance(state, value, n_options, log):
    """Carry out option ``value`` (``n_options`` 0: nothing to carry out, as after setup), then
    run to the next decision with two options or more, or the end of the game."""
    options = state[OPTIONS:OPTIONS + MAX_OPTIONS]
    while True:
        if n_options > 0:
            carry_out(state, value, log)
        run_steps(state, log)
        if state[STEP] == STEP_GAME_OVER:
            return
        seat, kind, n_options = decision_options(state, options)
        if n_options == 0:
            if state[STEP] == STEP_PLACE_FOUND:
                placement_blocked(state, state[ACTIVE], log)  # A11 variant (or no free square at all)
                state[STEP] = STEP_CARD_DONE
                continue
            if state[STEP] == STEP_FORCED_DISCARD:
                state[STEP] = STEP_END_TURN  # R15 with an empty hand: nothing to discard
                continue
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
    state[:] = 0
    for flag in range(N_FLAGS):
        state[FLAGS + flag] = variant_flags[flag]
    state[DEBUG_CHECKS] = debug
    reset_stream(state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), run_seed, game_index, PURPOSE_DEAL)
    setup_game(state, players, variant_flags, log)
    record_checkpoint(state)
    if variant_flags[FLAG_CHOOSE_START_ANCHOR] == 1:
        state[CURSOR] = 0
        state[STEP] = STEP_START_ANCHOR
    else:
        for seat in range(players):
            dock_boat(state, seat, dock_of(state, seat), log)
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
    """Forward model: the finished game's rows (columns SEAT_COLUMNS / GAME_COLUMNS)."""
    players = state[PLAYERS]
    for seat in range(players):
        seat_row[seat, 0] = state[GEMS + seat]
        seat_row[seat, 1] = state[RANK + seat]
        seat_row[seat, 2] = 1 - state[ALIVE + seat]
        seat_row[seat, 3] = state[ELIMINATOR + seat] if state[ALIVE + seat] == 0 else -1
        seat_row[seat, 4] = state[ELIMINATION_ORDER + seat]
        seat_row[seat, 5] = state[STAT_CHESTS_OPENED + seat]
        seat_row[seat, 6] = state[STAT_GEMS_FOUND + seat]
        seat_row[seat, 7] = state[STAT_GEMS_STOLEN + seat]
        seat_row[seat, 8] = state[STAT_KILLS + seat]
        seat_row[seat, 9] = state[STAT_CAPTURES + seat]
        seat_row[seat, 10] = state[STAT_STUNS + seat]
        seat_row[seat, 11] = state[STAT_SHIELDS + seat]
        seat_row[seat, 12] = state[STAT_BOMBS_DELIVERED + seat]
        seat_row[seat, 13] = state[STAT_CARDS_PLAYED + seat]
        seat_row[seat, 14] = state[STAT_BOBBY + seat]
        seat_row[seat, 15] = state[AMMO + seat]
    chests = 0
    for square in range(MAX_SQUARES):
        if state[SQ_CHEST + square] != NO_CHEST:
            chests += 1
    winner = state[WINNER]
    game_row[0] = state[TURNS]
    game_row[1] = state[ROUND]
    game_row[2] = state[WIN_KIND]
    game_row[3] = 1 if state[WIN_KIND] == WIN_CAPPED else 0
    game_row[4] = winner
    game_row[5] = state[GEMS + winner] if winner >= 0 else 0
    game_row[6] = state[FIRST_PLAYER]
    game_row[7] = chests
    game_row[8] = state[BOMBS_EXPLODED]
    game_row[9] = state[TRAP_DEATHS]
    game_row[10] = state[N_ELIMINATED]
    for i in range(9):
        game_row[11 + i] = state[CARD_KIND_PLAYED + PISTOL + i]


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
