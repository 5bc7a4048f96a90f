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
    assert "racer" in spec.strategy_loader()


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
    from simulator.core.rng import new_stream
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
