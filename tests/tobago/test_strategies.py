"""Tobago heuristics on hand-set positions: the default strategy takes the amulet uses that pay
(spec 5; the decision statistics showed `contributor` never spending an amulet on R38, R39, R42)."""

import numpy as np
import pytest

from simulator.games.tobago.state import (
    ACTION_AMULET_EXCHANGE,
    ACTION_AMULET_MOVE,
    ACTION_AMULET_REMOVE_CUBE,
    ACTION_END,
    ACTION_EXCHANGE,
    ACTION_MOVE,
    AMULETS_HELD,
    MAIN_USED,
    MAP_CAND,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_ROSE,
    MAX_MAP_CLUES,
    TURN_ACTION,
)
from simulator.games.tobago.island import N_WORDS
from strategies import tobago as heuristics
from tests.tobago.helpers import Game, get_spec


@pytest.fixture
def start():
    """Seat 1's first turn_action of a 4-player game (no map close to a raise, curses not yet possible)."""
    g = Game(players=4, seed=21)
    g.play_setup()
    return g


def answer(state, name, offered):
    """The option ``name`` picks for seat 1 when the engine offers ``offered`` at turn_action."""
    options = np.zeros(16, dtype=np.int64)
    options[: len(offered)] = offered
    params = np.array(heuristics.PARAMS[name], dtype=np.float64)
    stream = np.zeros(4, dtype=np.uint64)
    return offered[heuristics.heuristic(state, 0, TURN_ACTION, options, len(offered), params, stream)]


def test_the_default_strategy_is_contributor_and_racer_stays_available():
    spec = get_spec()
    assert spec.default_strategy == "contributor"
    assert "racer" in spec.strategies


def test_no_legal_clue_the_default_swaps_its_hand_with_an_amulet_and_keeps_its_action(start):
    """R42: an amulet exchange does not cost the turn; with no legal clue (no clue offered) and a
    spare amulet, the default swaps first instead of passing its turn on the exchange (R12)."""
    state = start.state
    state[AMULETS_HELD + 0] = 2
    offered = [ACTION_MOVE, ACTION_EXCHANGE, ACTION_AMULET_MOVE, ACTION_AMULET_EXCHANGE]
    assert answer(state, "contributor", offered) == ACTION_AMULET_EXCHANGE
    assert answer(state, "racer", offered) == ACTION_EXCHANGE  # the racer keeps its amulets
    state[AMULETS_HELD + 0] = 0
    assert answer(state, "contributor", [ACTION_MOVE, ACTION_EXCHANGE]) == ACTION_EXCHANGE


def two_markers_left(state, m, hexes, rose_owners):
    """Map ``m`` down to 2 markers on ``hexes``, its roses (bottom up) held by ``rose_owners``."""
    for w in range(N_WORDS):
        state[MAP_CAND + m * N_WORDS + w] = 0
    for h in hexes:
        state[MAP_CAND + m * N_WORDS + h // 52] |= 1 << (h % 52)
    state[MAP_MARKERS_DOWN + m] = 1
    state[MAP_MARKERS + m] = 2
    state[MAP_LEN + m] = len(rose_owners) - 1
    for i, owner in enumerate(rose_owners):
        state[MAP_ROSE + m * MAX_MAP_CLUES + i] = owner


@pytest.mark.parametrize("my_roses, expected", [(2, ACTION_AMULET_REMOVE_CUBE), (1, ACTION_END)])
def test_after_its_action_the_default_removes_a_marker_of_a_map_holding_two_of_its_roses(start, my_roses, expected):
    """R38: removing one of the last 2 markers locates the treasure; the default pays an amulet
    for it when it holds at least 2 roses on that map (its share comes sooner), not for 1."""
    state = start.state
    state[AMULETS_HELD + 0] = 2
    state[MAIN_USED] = 1
    owners = [0] * my_roses + [1] * (2 - my_roses)
    two_markers_left(state, 0, (10, 60), owners)
    offered = [ACTION_AMULET_MOVE, ACTION_AMULET_REMOVE_CUBE, ACTION_END]
    assert answer(state, "contributor", offered) == expected


def test_four_amulet_hunters_finish_a_game_they_used_to_stall():
    """Seed 1, game 1: four hunters drove one leg back and forth for 2,000 turns (the stop option
    was scored without the distance to the amulet they moved for, and an argmax started at -BIG
    ignored options scoring below it).  Now every leg gets nearer to an amulet and the game ends."""
    from simulator.core.engine.rng import new_stream
    from simulator.games.tobago import encode_variants, engine
    from simulator.games.tobago.state import CAPPED, MAX_OPTIONS, STATE_SIZE
    from tests.tobago.helpers import lineup

    strategies, params = lineup(get_spec(), ("amulet_hunter",) * 4)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    streams = [new_stream(1, 1, 1 + seat) for seat in range(4)]
    engine.new_game(1, 1, 4, encode_variants((), 4), 1, state, log)
    while True:
        seat, kind, n = engine.pending_decision(state, options)
        if seat < 0:
            break
        engine.apply(state, strategies[seat](state, seat, kind, options, n, params[seat], streams[seat]), log)
    assert state[CAPPED] == 0


OLD_CONTRIBUTOR = np.array(heuristics.PARAMS["contributor"], dtype=np.float64)
OLD_CONTRIBUTOR[heuristics.P_FETCH_BELOW] = 0.0  # the contributor before issue 22: never fetches an amulet
OLD_CONTRIBUTOR[heuristics.P_FETCH_OVER_CLUE] = 0.0


def test_with_no_clue_to_play_the_default_drives_to_an_amulet_within_reach(start):
    """Issue 22: the contributor never drove to amulets (it moved only to raise).  Holding none,
    with no legal clue and nothing located, it now moves toward an amulet one move away, leg by
    leg, instead of passing its turn on an exchange (the old weights still exchange)."""
    from simulator.games.tobago.island import LEGS_BETWEEN
    from simulator.games.tobago.state import AMULET_AT, ATV_HEX, EXTRA, ISLAND, LEG, N_HEX

    state = start.state
    island, here = state[ISLAND], int(state[ATV_HEX + 0])
    state[AMULET_AT:AMULET_AT + state[N_HEX]] = 0
    target = next(h for h in range(state[N_HEX]) if LEGS_BETWEEN[island, here, h] == 2)
    state[AMULET_AT + target] = 1
    state[AMULETS_HELD + 0] = 0
    offered = [ACTION_MOVE, ACTION_EXCHANGE]
    assert answer(state, "contributor", offered) == ACTION_MOVE
    options = np.zeros(16, dtype=np.int64)
    options[:2] = offered
    stream = np.zeros(4, dtype=np.uint64)
    assert offered[heuristics.heuristic(state, 0, TURN_ACTION, options, 2, OLD_CONTRIBUTOR, stream)] == ACTION_EXCHANGE
    # the first leg gets one leg nearer the amulet
    state[EXTRA] = 0
    legs = [h for h in range(state[N_HEX]) if LEGS_BETWEEN[island, here, h] == 1]
    options[: len(legs)] = legs
    params = np.array(heuristics.PARAMS["contributor"], dtype=np.float64)
    leg = legs[heuristics.heuristic(state, 0, LEG, options, len(legs), params, stream)]
    assert LEGS_BETWEEN[island, leg, target] == 1


def test_the_default_finishes_a_game_the_old_contributor_stalled_without_an_amulet():
    """Seed 1, game 401, four contributors: with the old weights nobody ever picked up an amulet,
    every player swapped its hand for 2,000 turns while the last two candidates of a map could be
    split by no clue (only a marker removal, R38, paid with an amulet, could).  The default now
    collects amulets and the game ends."""
    from simulator.games.tobago import encode_variants
    from tests.tobago.helpers import lineup

    spec = get_spec()
    functions, params = lineup(spec, ("contributor",) * 4)
    picked = spec.seat_columns.index("amulets_picked")
    capped = spec.game_columns.index("capped")
    for weights, expect_capped in ((np.array([OLD_CONTRIBUTOR] * 4), 1), (params, 0)):
        seat_results = np.zeros((1, 4, len(spec.seat_columns)), dtype=np.int64)
        game_results = np.zeros((1, len(spec.game_columns)), dtype=np.int64)
        spec.play_chunk(1, 401, 1, encode_variants((), 4), functions, weights, seat_results, game_results, True)
        assert game_results[0, capped] == expect_capped
        if expect_capped:
            assert seat_results[0, :, picked].sum() == 0
        else:
            assert seat_results[0, :, picked].sum() > 0


@pytest.mark.parametrize("name", ["contributor", "racer", "amulet_hunter"])
@pytest.mark.parametrize("offered", [[1, 0], [0, 1]])
def test_the_heuristics_take_a_raise_at_the_turn_start_when_it_is_optional(start, name, offered):
    """Variant raise-at-start-optional (R28 «il peut s'en emparer»): the raise is free and the
    turn follows (R61), so every heuristic takes it."""
    from simulator.games.tobago.state import START_RAISE, START_RAISE_TAKE

    options = np.zeros(16, dtype=np.int64)
    options[:2] = offered
    params = np.array(heuristics.PARAMS[name], dtype=np.float64)
    choice = heuristics.heuristic(start.state, 0, START_RAISE, options, 2, params, np.zeros(4, dtype=np.uint64))
    assert offered[choice] == START_RAISE_TAKE
