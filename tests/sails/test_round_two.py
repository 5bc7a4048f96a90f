"""Round 2's setup readings: who starts it, and whether the opening pass is made again."""

import numpy as np
import pytest

from simulator.games.sails import encode_variants
from simulator.games.sails.engine import play_logged
from simulator.games.sails.narrate import LOG_ROWS
from simulator.games.sails.setup import setup_game, setup_round
from simulator.games.sails.state import EV_PASS, EV_ROUND_START, FIRST_PLAYER, GAME_FIRST_PLAYER, STATE_SIZE
from tests.sails.helpers import lineup


def round_two_first_player(players, variants, round_one_first, card_holder):
    """Set up round 2 after a round 1 started by ``round_one_first`` that left the first-player card
    with ``card_holder``; returns round 2's first player."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    flags = encode_variants(variants, players)
    setup_game(state, players, flags)
    state[GAME_FIRST_PLAYER] = round_one_first
    state[FIRST_PLAYER] = card_holder
    deal = np.ones(1, dtype=np.uint64)
    setup_round(state, 1, flags, deal, np.zeros(64, dtype=np.int64), np.zeros((0, 6), dtype=np.int64))
    return int(state[FIRST_PLAYER])


@pytest.mark.parametrize("variants, expected", [((), 3), (("round2-first-card-holder",), 1)])
def test_round_two_first_player(variants, expected):
    """Round 1 started with seat 2 and the card ended with seat 1: by default the seat after round
    1's first player (3) starts round 2, under round2-first-card-holder the card's holder (1)."""
    assert round_two_first_player(5, variants, round_one_first=2, card_holder=1) == expected


def logged_games(spec, players, variants, n_games):
    """The log records of ``n_games`` greedy games (debug checks on)."""
    strategies, params = lineup(spec, ("greedy",) * players)
    flags = encode_variants(variants, players)
    for game in range(n_games):
        log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
        count = play_logged(3, game, flags, strategies, params, log, True)
        yield log[:count]


@pytest.mark.parametrize("players, variants, expected", [
    (4, (), 1),
    (4, ("round2-first-card-holder",), 0),  # 12 tricks: the card went round three times
    (5, ("round2-first-card-holder",), 4),  # 9 tricks: it stopped on the seat right of seat 0
    (5, ("round2-first-card-holder", "random-first-player"), None),
])
def test_round_two_first_player_in_played_games(spec, players, variants, expected):
    """Round 2's first player in whole games, where the card moves by itself."""
    for log in logged_games(spec, players, variants, 20):
        starts = log[log[:, 0] == EV_ROUND_START]
        first_round_one, first_round_two = int(starts[0, 2]), int(starts[1, 2])
        if expected is None:
            hand = 9 if players == 5 else 12
            assert first_round_two == (first_round_one + hand) % players
        else:
            assert first_round_one == 0 and first_round_two == expected


@pytest.mark.parametrize("variants, rounds_with_pass", [((), [0, 1]), (("opening-pass-once",), [0])])
def test_opening_pass_in_round_two(spec, variants, rounds_with_pass):
    """Every seat passes one card in each round by default, in round 1 only under opening-pass-once."""
    for log in logged_games(spec, 4, variants, 10):
        round_index = np.cumsum(log[:, 0] == EV_ROUND_START) - 1
        passes = round_index[log[:, 0] == EV_PASS]
        assert sorted(set(passes.tolist())) == rounds_with_pass
        assert len(passes) == 4 * len(rounds_with_pass)
