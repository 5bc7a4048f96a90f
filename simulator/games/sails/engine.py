"""Sails engine: one game, a chunk of games, and the debug invariant checks (numba)."""

import numpy as np
from numba import njit

from simulator.core.rng import PURPOSE_DEAL, PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.games.sails.resolution import end_trick, resolve_trick
from simulator.games.sails.scoring import final_ranking, pile_points, score_round
from simulator.games.sails.setup import clear_table, opening_pass, setup_game, setup_round
from simulator.games.sails.state import (
    ACTIONS_USED,
    BONUS_ATTACHED,
    BONUS_DECK,
    BONUS_HELD,
    DECK_COUNT,
    DECK_START,
    DECK_RING,
    DECK_TOP,
    DISCARD_MASK,
    HAND_MASK,
    LOC_DISCARD,
    EV_TRICK_START,
    FIRST_PLAYER,
    FLAG_OPENING_PASS_ONCE,
    GAME_FIRST_PLAYER,
    HAND_COUNT,
    HAND_SIZE,
    ISLAND_LOC,
    LOC_BOX,
    LOC_HAND,
    LOC_TABLE,
    MAX_OPTIONS,
    MAX_PLAYERS,
    N_DECKS,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PILE_POINTS,
    PLAYERS,
    RANK,
    REMOVED,
    REMOVED_COUNT,
    RING,
    ROUND_SCORE,
    SCORE,
    STAT_ACTIONS,
    STAT_BONUS_POINTS,
    STAT_BONUS_RECEIVED,
    STAT_BONUS_SPENT,
    STAT_ROBBED,
    STAT_STOLEN,
    STAT_TAKEN,
    STAT_TREASURE_POINTS,
    STATE_SIZE,
    TRICK,
    TRICKS_PLAYED,
    BONUS_AFTER_REVEAL,
    LOG_COUNT,
)
from simulator.games.sails.board import log_event
from simulator.games.sails.trick import bonus_after_reveal, play_cards, reveal

N_BONUS_CARDS = 22

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
        if seen[card] != 1:
            raise AssertionError("treasure conservation: a treasure card is missing or duplicated")
    # Bonus cards: 22 across the deck, the players and the table.
    total = state[BONUS_DECK] + state[BONUS_ATTACHED]
    if state[BONUS_DECK] < 0 or state[BONUS_ATTACHED] != 0:
        raise AssertionError("bonus conservation: negative deck or attached bonus left after the trick")
    for seat in range(players):
        if state[BONUS_HELD + seat] < 0:
            raise AssertionError("bonus conservation: negative bonus held")
        total += state[BONUS_HELD + seat]
    if total != N_BONUS_CARDS:
        raise AssertionError("bonus conservation: deck + held + attached must be 22")
    # Scores: pile points kept by the engine equal the points recounted from the piles.
    for seat in range(players):
        if state[PILE_POINTS + seat] != pile_points(state, seat):
            raise AssertionError("score check: pile points differ from the treasures on the pile")


@njit(cache=True)
def check_final_scores(state):
    """Totals equal round 1 + round 2 and treasure + bonus points."""
    for seat in range(state[PLAYERS]):
        total = state[ROUND_SCORE + seat] + state[ROUND_SCORE + MAX_PLAYERS + seat]
        if total != state[SCORE + seat]:
            raise AssertionError("score check: total differs from the sum of the round scores")
        if state[STAT_TREASURE_POINTS + seat] + state[STAT_BONUS_POINTS + seat] != state[SCORE + seat]:
            raise AssertionError("score check: total differs from treasure points + bonus points")


@njit(cache=True)
def play_round(state, round_index, flags, strategies, params, streams, deal, options, scratch, log, debug):
    """One round: setup, opening pass, all tricks, scoring."""
    setup_round(state, round_index, flags, deal, scratch, log)
    # The pass belongs to the MISE EN PLACE, which round 2 redoes ("Procédez ensuite à la mise en
    # place"); variant opening-pass-once reads "Au début de la partie" as once per game.
    if round_index == 0 or flags[FLAG_OPENING_PASS_ONCE] == 0:
        opening_pass(state, strategies, params, streams, options, scratch, log)
    if debug:
        check_invariants(state, scratch)
    for trick in range(state[HAND_SIZE]):
        clear_table(state)
        log_event(log, state, EV_TRICK_START, round_index, trick, state[FIRST_PLAYER], state[DECK_TOP], state[DECK_TOP + 1])
        play_cards(state, strategies, params, streams, options, log)
        reveal(state, log)
        if state[BONUS_AFTER_REVEAL] == 1:
            bonus_after_reveal(state, strategies, params, streams, options, log)
        resolve_trick(state, strategies, params, streams, options, deal, log)
        end_trick(state, log)
        if debug:
            check_invariants(state, scratch)
    score_round(state, log)


@njit(cache=True)
def play_game(state, flags, strategies, params, streams, deal, options, scratch, ranking, log, debug):
    """A whole game (two rounds, full setup each) from fresh streams; results stay in ``state``."""
    players = len(strategies)
    setup_game(state, players, flags)
    for round_index in range(2):
        play_round(state, round_index, flags, strategies, params, streams, deal, options, scratch, log, debug)
    if debug:
        check_final_scores(state)
    final_ranking(state, ranking[0], ranking[1], ranking[2], ranking[3], log)


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


@njit(cache=True)
def play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params, seat_results, game_results, debug):
    """Play games ``first_game .. first_game + n_games - 1`` and fill the result arrays."""
    players = len(strategies)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    deal = np.zeros(1, dtype=np.uint64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    scratch = np.zeros(64, dtype=np.int64)
    ranking = np.zeros((4, MAX_PLAYERS), dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    for g in range(n_games):
        game = first_game + g
        reset_stream(deal, run_seed, game, PURPOSE_DEAL)
        for seat in range(players):
            reset_stream(streams[seat], run_seed, game, PURPOSE_FIRST_STRATEGY + seat)
        play_game(state, variant_flags, strategies, params, streams, deal, options, scratch, ranking, log, debug)
        store_results(state, seat_results[g], game_results[g])


@njit(cache=True)
def play_logged(run_seed, game_index, variant_flags, strategies, params, log, debug):
    """Replay one game with logging on; returns the number of log records and leaves the state."""
    players = len(strategies)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    deal = np.zeros(1, dtype=np.uint64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    scratch = np.zeros(64, dtype=np.int64)
    ranking = np.zeros((4, MAX_PLAYERS), dtype=np.int64)
    reset_stream(deal, run_seed, game_index, PURPOSE_DEAL)
    for seat in range(players):
        reset_stream(streams[seat], run_seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    play_game(state, variant_flags, strategies, params, streams, deal, options, scratch, ranking, log, debug)
    return state[LOG_COUNT]
