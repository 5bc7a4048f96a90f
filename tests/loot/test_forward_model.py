"""Loot Island as a forward model (simulator/core/engine/forward.py): the position is the state vector, a
copy of the vector is a copy of the game, and stepping by hand plays the same game as the core's loop."""

import numpy as np
import pytest

from simulator.core.players.strategies import build_lineup
from simulator.games.loot import encode_variants
from simulator.games.loot.engine import apply, final_results, new_game, pending_decision
from simulator.games.loot.state import DECISION_KINDS, MAX_OPTIONS, STATE_SIZE
from tests import forward_helpers
from tests.forward_helpers import NO_LOG

NAMES = ("greedy", "random", "curse_averse", "early_passer")
VARIANTS = ("two-healers", "starting-draft")
SEED = 5


def started(game_index, players=4, variants=VARIANTS):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(SEED, game_index, players, encode_variants(variants, players), 1, state, NO_LOG)
    return state


def results(state, players=4):
    seat_row = np.zeros((players, 16), dtype=np.int64)
    game_row = np.zeros(16, dtype=np.int64)
    final_results(state, seat_row, game_row)
    return seat_row, game_row


def play_out(state, choices):
    """Random choices from ``choices`` to the end of the game; the (seat, kind, options) seen."""
    return forward_helpers.play_out(pending_decision, apply, MAX_OPTIONS, state, choices)


def test_pending_decisions_are_real_choices():
    """Every pending decision has a seat, a known kind and at least two options."""
    seen = play_out(started(0), np.random.default_rng(1))
    assert seen
    for seat, kind, options in seen:
        assert 0 <= seat < 4
        assert 0 <= kind < len(DECISION_KINDS)
        assert len(options) >= 2


@pytest.mark.parametrize("stop_after", [0, 9, 80])
def test_a_copy_of_the_state_is_a_copy_of_the_game(stop_after):
    """Stop a game at a decision, copy the vector: both copies, given the same choices from there,
    play the same game (same decisions offered, same results) -- the deal stream is in the state."""
    state = started(3)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    choices = np.random.default_rng(2)
    for _ in range(stop_after):
        _, _, n_options = pending_decision(state, options)
        apply(state, int(choices.integers(n_options)), NO_LOG)
    copy = state.copy()
    first = play_out(state, np.random.default_rng(9))
    second = play_out(copy, np.random.default_rng(9))
    assert first == second
    assert np.array_equal(state, copy)
    assert all(np.array_equal(a, b) for a, b in zip(results(state), results(copy)))


def test_different_choices_from_a_copy_play_a_different_game():
    """The copy is independent: other choices lead elsewhere and leave the original untouched."""
    state = started(4)
    copy = state.copy()
    play_out(copy, np.random.default_rng(3))
    assert not np.array_equal(state, copy)
    assert np.array_equal(state, started(4))


def test_stepping_by_hand_plays_the_core_loop_game(spec, run_games):
    """new_game / pending_decision / ask the seat's strategy / apply, driven from Python, gives the
    rows of play_chunk (the core's compiled loop) for the same game."""
    lineup = build_lineup(spec, 4, NAMES)
    game_index = 2
    state = started(game_index)
    forward_helpers.step_with_strategies(pending_decision, apply, MAX_OPTIONS, state,
                                         lineup.functions, lineup.params, SEED, game_index)
    seat_results, game_results = run_games(4, NAMES, 1, variants=VARIANTS, seed=SEED, first=game_index, debug=True)
    seat_row, game_row = results(state)
    assert np.array_equal(seat_row, seat_results[0]) and np.array_equal(game_row, game_results[0])


def test_apply_rejects_an_option_index_out_of_range():
    state = started(0)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    _, _, n_options = pending_decision(state, options)
    with pytest.raises(ValueError, match="option index"):
        apply(state, n_options, NO_LOG)
