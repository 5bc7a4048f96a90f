"""``NAME+stream=N``: the same strategy drawing from another random stream (the null setup of issue 25)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.registry import UsageError, get_game
from simulator.core.engine.rng import new_stream, random_below
from simulator.core.players import stream_salt
from simulator.core.players.strategies import check_strategy_name


@njit(STRATEGY_SIGNATURE, cache=False)
def _uniform(state, seat, decision_kind, options, n_options, params, stream):
    return random_below(stream, n_options)


@njit(STRATEGY_SIGNATURE, cache=False)
def _first(state, seat, decision_kind, options, n_options, params, stream):
    return 0


def _choices(function, decisions: int = 200) -> list[int]:
    stream = new_stream(7, 3, 1)
    state, options, params = np.zeros(4, np.int64), np.zeros(6, np.int64), np.zeros(1)
    return [int(function(state, 0, 0, options, 6, params, stream)) for _ in range(decisions)]


def test_a_salted_stream_makes_other_random_choices_and_the_same_deterministic_ones():
    plain, salted, other = _choices(_uniform), _choices(stream_salt.salted(_uniform, 1)), _choices(stream_salt.salted(_uniform, 2))
    assert plain != salted and salted != other  # other random choices
    assert _choices(stream_salt.salted(_uniform, 1)) == salted  # reproducible
    assert _choices(stream_salt.salted(_first, 1)) == _choices(_first)  # a player that never draws plays the same


def test_salting_twice_without_a_draw_does_not_restore_the_stream():
    stream = new_stream(7, 3, 1)
    start = int(stream[0])
    wrapped = stream_salt.salted(_first, 5)
    state, options, params = np.zeros(4, np.int64), np.zeros(6, np.int64), np.zeros(1)
    wrapped(state, 0, 0, options, 6, params, stream)
    wrapped(state, 0, 0, options, 6, params, stream)
    assert int(stream[0]) != start  # a plain xor would cancel out here


def test_the_stream_setting_is_read_off_the_name_and_checked():
    assert stream_salt.salted_name("greedy@tuned-4p", 1) == "greedy@tuned-4p+stream=1"
    assert stream_salt.name_without_stream("ismcts+budget=50+stream=3") == "ismcts+budget=50"
    assert stream_salt.stream_of("ismcts+stream=3+budget=50") == 3 and stream_salt.stream_of("greedy") == 0
    check_strategy_name(get_game("sails"), "greedy+stream=2")
    with pytest.raises(UsageError, match="stream must be a whole number from 1"):
        check_strategy_name(get_game("sails"), "greedy+stream=0")
    with pytest.raises(UsageError, match="stream must be a whole number"):
        check_strategy_name(get_game("sails"), "greedy+stream=x")
