"""Strategies: legal answers, clearly different styles, heuristics beating random, bad answers caught."""

import math

import numpy as np
import pytest

from simulator.core.engine.decisions import BadChoice
from simulator.games.sails import encode_variants
from simulator.games.sails.state import PLAY_CARD, OPENING_PASS_COLOUR
from tests.sails.helpers import out_of_range, run_chunk

HEURISTICS = ("greedy", "treasure_hunter", "bonus_hoarder", "bluffer")


def test_every_strategy_answers_legally_in_every_variant(spec):
    # ask() raises BadChoice on any index outside [0, n_options): whole games are the check.
    names = ("random", "greedy", "treasure_hunter", "bonus_hoarder", "bluffer")
    for variant in ((), ("bonus-after-reveal",), ("actions-side-b",), ("actions-pairing-swapped",)):
        seat_results, _ = run_chunk(spec, names, 100, variants=variant, seed=21)
        assert seat_results[:, :, 0].sum() > 0


def z_lower_bound(values, z=4.0):
    return values.mean() - z * values.std(ddof=1) / math.sqrt(len(values))


@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristic_beats_random(spec, name):
    """2,000 games at 4 players, the heuristic rotating through the seats against three random
    players: its score minus the random players' mean is positive with a 4-sigma margin, and its
    win rate's 4-sigma lower bound is above the 25% of an equal player."""
    gaps = []
    wins = []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = name
        seat_results, _ = run_chunk(spec, tuple(names), 500, seed=1000 + seat, debug=False)
        scores = seat_results[:, :, 0].astype(float)
        others = np.delete(scores, seat, axis=1).mean(1)
        gaps.append(scores[:, seat] - others)
        wins.append(seat_results[:, seat, 1] == 1)
    gaps = np.concatenate(gaps)
    wins = np.concatenate(wins).astype(float)
    assert z_lower_bound(gaps) > 0, f"{name}: mean gap {gaps.mean():.2f}"
    assert z_lower_bound(wins) > 0.25, f"{name}: win rate {wins.mean():.3f}"


def test_styles_differ(spec):
    col = {n: i for i, n in enumerate(spec.seat_columns)}
    seat_results, _ = run_chunk(spec, HEURISTICS, 500, seed=9, debug=False)
    spent = seat_results[:, :, col["bonus_spent"]].mean(0)
    received = seat_results[:, :, col["bonus_received"]].mean(0)
    actions = seat_results[:, :, col["actions_activated"]].mean(0)
    # seats: greedy, treasure_hunter, bonus_hoarder, bluffer
    # the hoarder spends the fewest Bonus cards and receives the most; the treasure hunter spends
    # the most and activates the fewest actions
    assert spent[2] < spent[0] < spent[1]
    assert received[2] == received.max()
    assert actions[1] == actions.min()


def test_bluffer_always_hides_the_colour(spec):
    strategies = (spec.strategies["bluffer"].function,)
    function = strategies[0]
    params = spec.strategies["bluffer"].params.copy()  # the heuristic writes its working memory
    greedy = spec.strategies["greedy"]
    from simulator.games.sails.setup import setup_game, setup_round
    from simulator.games.sails.trick import play_options
    from simulator.games.sails.state import HIDE_COLOUR, STATE_SIZE

    state = np.zeros(STATE_SIZE, dtype=np.int64)

    hidden_colour = {"bluffer": 0, "greedy": 0}
    for game in range(20):
        setup_game(state, 4, encode_variants((), 4))
        deal = np.array([game + 1], dtype=np.uint64)
        setup_round(state, 0, encode_variants((), 4), deal, np.zeros(64, dtype=np.int64), np.zeros((0, 6), dtype=np.int64))
        options = np.zeros(64, dtype=np.int64)
        n = play_options(state, 0, options)
        stream = np.zeros(1, dtype=np.uint64)
        for label, f, p in (("bluffer", function, params), ("greedy", greedy.function, greedy.params.copy())):
            choice = f(state, 0, PLAY_CARD, options, n, p, stream)
            assert 0 <= choice < n
            hidden_colour[label] += ((options[choice] >> 6) & 1) == HIDE_COLOUR
    assert hidden_colour["bluffer"] == 20
    assert hidden_colour["greedy"] < 20


def test_bad_index_raises_badchoice(spec):
    players = 4
    strategies = (out_of_range,) * players
    params = np.zeros((players, 8))
    seat_results = np.zeros((1, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((1, len(spec.game_columns)), dtype=np.int64)
    with pytest.raises(BadChoice) as caught:
        spec.play_chunk(1, 0, 1, encode_variants((), players), strategies, params, seat_results, game_results, True)
    seat, kind, value, n_options = caught.value.args
    assert 0 <= seat < players
    assert kind in (OPENING_PASS_COLOUR, PLAY_CARD)
    assert value == n_options and n_options > 1
