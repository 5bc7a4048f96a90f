"""Whole games: debug invariants (spec 6.3) over random games at every player count and under the
variants, result columns consistent, counters and trajectories recorded, the capped rate, the
default heuristic beating random, the forward model's copy property and redraw_hidden."""

import numpy as np
import pytest

from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.hidden import redraw_hidden
from simulator.games.skirmish.state import (
    COUNTERS,
    DRAW,
    DRAW_COUNT,
    HAND,
    HAND_COUNT,
    MAX_OPTIONS,
    MAX_PLAYERS,
    N_CARD_KINDS,
    NO_CHEST,
    RULE_IDS,
    SQ_CHEST,
    STATE_SIZE,
    TRAJECTORY,
)
from tests.skirmish.helpers import run_chunk

SEAT = {name: i for i, name in enumerate(engine.SEAT_COLUMNS)}
GAME = {name: i for i, name in enumerate(engine.GAME_COLUMNS)}


def check_columns(seat_results, game_results, gems_to_win=5):
    ranks = seat_results[:, :, SEAT["rank"]]
    capped = game_results[:, GAME["capped"]] == 1
    assert np.all(ranks[capped] == 0)
    assert np.all(ranks[~capped].sum(1) == 1)  # exactly one winner
    winner = game_results[:, GAME["winner_seat"]]
    assert np.all(winner[capped] == -1)
    for g in np.flatnonzero(~capped):
        assert ranks[g, winner[g]] == 1
        if game_results[g, GAME["win_kind"]] == 0:
            assert seat_results[g, winner[g], SEAT["score"]] >= gems_to_win
        else:
            assert (seat_results[g, :, SEAT["eliminated"]] == 0).sum() == 1
    assert np.array_equal(game_results[:, GAME["eliminations"]], seat_results[:, :, SEAT["eliminated"]].sum(1))
    assert np.all(seat_results[:, :, SEAT["score"]][seat_results[:, :, SEAT["eliminated"]] == 1] == 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(spec, players):
    seat_results, game_results = run_chunk(spec, ("random",) * players, 30, seed=players, debug=True)
    check_columns(seat_results, game_results)


@pytest.mark.parametrize("variants", [
    ("move-orthogonal", "adjacency-orthogonal", "carry-mandatory", "shield-ammo-lost"),
    ("move-up-to", "pass-discard-any", "gift-draw-after", "dropped-loot-lost", "choose-start-anchor"),
    ("placement-blocked-stays", "flying-bomb-no-boat", "random-first-player", "chests-10-4-4", "movement-flat"),
    ("no-bobby", "no-shield", "no-potion", "gems-to-win-3", "round-cap=20"),
])
def test_heuristic_games_keep_invariants_under_variants(spec, variants):
    seat_results, game_results = run_chunk(spec, ("prospector", "raider", "bomber", "turtle"), 10,
                                           variants=variants, seed=5, debug=True)
    check_columns(seat_results, game_results, 3 if "gems-to-win-3" in variants else 5)


def test_no_revisit_variant_keeps_invariants(spec):
    seat_results, game_results = run_chunk(spec, ("prospector", "random"), 5, variants=("move-no-revisit",),
                                           debug=True)
    check_columns(seat_results, game_results)


def test_round_cap_stops_a_game_and_reports_it(spec):
    seat_results, game_results = run_chunk(spec, ("random",) * 4, 10, variants=("round-cap=2",))
    assert np.all(game_results[:, GAME["capped"]] == 1)
    assert np.all(game_results[:, GAME["win_kind"]] == 2)
    assert np.all(game_results[:, GAME["rounds"]] == 2)


def test_default_heuristic_beats_random(spec):
    names = ("prospector", "random", "random", "random")
    seat_results, _ = run_chunk(spec, names, 100, seed=9)
    wins = (seat_results[:, :, SEAT["rank"]] == 1).mean(0)
    assert wins[0] > 0.8


@pytest.mark.parametrize("name", ["raider", "bomber", "turtle"])
def test_every_heuristic_beats_random(spec, name):
    seat_results, _ = run_chunk(spec, (name, "random"), 60, seed=4)
    wins = (seat_results[:, :, SEAT["rank"]] == 1).mean(0)
    assert wins[0] > 0.6


def play_to_end(state, choose):
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    while True:
        seat, kind, count = engine.pending_decision(state, options)
        if seat < 0:
            return
        engine.apply(state, choose(count), log)


def test_counters_and_trajectory_are_recorded():
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(3, 1, 4, encode_variants((), 4), 1, state, np.zeros((0, 6), dtype=np.int64))
    play_to_end(state, lambda count: 0)  # the lowest card kind first: Movement cards are played
    counters = dict(zip(RULE_IDS, state[COUNTERS:COUNTERS + len(RULE_IDS)]))
    assert counters["R1"] == 1 and counters["R17"] > 0 and counters["R14"] > 0 and counters["R12"] > 0
    assert counters["R12"] == counters["R13"]
    checkpoints = state[TRAJECTORY]
    assert checkpoints >= 2
    last = state[TRAJECTORY + 1 + (checkpoints - 1) * MAX_PLAYERS:TRAJECTORY + 1 + checkpoints * MAX_PLAYERS]
    seat_row = np.zeros((4, len(engine.SEAT_COLUMNS)), dtype=np.int64)
    game_row = np.zeros(len(engine.GAME_COLUMNS), dtype=np.int64)
    engine.final_results(state, seat_row, game_row)
    assert np.array_equal(last, seat_row[:, 0])


def test_a_copy_of_the_state_is_a_copy_of_the_game():
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(8, 2, 3, encode_variants((), 3), 1, state, np.zeros((0, 6), dtype=np.int64))
    play_to_end_after = state.copy()
    for _ in range(30):
        options = np.zeros(MAX_OPTIONS, dtype=np.int64)
        if engine.pending_decision(state, options)[0] < 0:
            break
        engine.apply(state, 0, np.zeros((0, 6), dtype=np.int64))
    copy = state.copy()
    play_to_end(state, lambda count: 0)
    play_to_end(copy, lambda count: 0)
    assert np.array_equal(state, copy)
    assert not np.array_equal(play_to_end_after, state)


def test_redraw_hidden_keeps_what_the_seat_sees():
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(4, 0, 4, encode_variants((), 4), 1, state, np.zeros((0, 6), dtype=np.int64))
    before = state.copy()
    redraw_hidden(state, 0, np.array([12345], dtype=np.uint64))
    own = slice(HAND, HAND + N_CARD_KINDS)
    assert np.array_equal(state[own], before[own])
    assert np.array_equal(state[HAND_COUNT:HAND_COUNT + 4], before[HAND_COUNT:HAND_COUNT + 4])
    assert state[DRAW_COUNT] == before[DRAW_COUNT]
    pool_before = np.sort(np.concatenate([before[HAND + N_CARD_KINDS:HAND + 4 * N_CARD_KINDS], [0]]))
    assert state[HAND + N_CARD_KINDS:HAND + 4 * N_CARD_KINDS].sum() == before[HAND + N_CARD_KINDS:HAND + 4 * N_CARD_KINDS].sum()
    kinds_before = np.bincount(before[DRAW:DRAW + before[DRAW_COUNT]], minlength=16) + \
        before[HAND + N_CARD_KINDS:HAND + 4 * N_CARD_KINDS].reshape(3, 16).sum(0)
    kinds_after = np.bincount(state[DRAW:DRAW + state[DRAW_COUNT]], minlength=16) + \
        state[HAND + N_CARD_KINDS:HAND + 4 * N_CARD_KINDS].reshape(3, 16).sum(0)
    assert np.array_equal(kinds_before, kinds_after)
    chests = slice(SQ_CHEST, SQ_CHEST + 144)
    assert np.array_equal(state[chests] != NO_CHEST, before[chests] != NO_CHEST)
    assert sorted(state[chests]) == sorted(before[chests])
    assert len(pool_before) > 0


def test_redraw_hidden_depends_only_on_the_seat_view():
    """The contract ismcts relies on (docs/engine-contract.md): redrawing two states with the same
    view from the same stream gives the same state, whatever their hidden part was (other hands,
    draw pile order, unopened chests), at decisions all through a game."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(4, 0, 4, encode_variants((), 4), 1, state, np.zeros((0, 6), dtype=np.int64))
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    checked = 0
    for step in range(600):
        seat, kind, count = engine.pending_decision(state, options)
        if seat < 0:
            break
        if step % 15 == 0:
            for viewer in range(4):
                real = state.copy()
                other = state.copy()
                redraw_hidden(other, viewer, np.array([500 + step], dtype=np.uint64))  # another hidden part
                redraw_hidden(real, viewer, np.array([step], dtype=np.uint64))
                redraw_hidden(other, viewer, np.array([step], dtype=np.uint64))
                assert np.array_equal(real, other), (step, viewer)
                checked += 1
        engine.apply(state, (step * 7) % count, log)
    assert checked >= 20
