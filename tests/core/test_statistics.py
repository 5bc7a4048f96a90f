"""Wilson intervals and competition ranks against known answers."""

import numpy as np
import pytest

from simulator.core.engine.ranking import competition_ranks
from simulator.core.run.summary import wilson_interval


def test_wilson_matches_textbook_value():
    # 81 successes out of 263 trials: Wilson 95% interval (0.2553, 0.3662), Newcombe (1998) style check
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=5e-4)
    assert high == pytest.approx(0.3662, abs=5e-4)


def test_wilson_stays_inside_unit_interval_at_the_edges():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and 0.65 < low < 0.75


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time():
    generator = np.random.default_rng(5)
    true_rate, trials, repeats = 0.27, 400, 2000
    successes = generator.binomial(trials, true_rate, size=repeats)
    covered = sum(low <= true_rate <= high for low, high in (wilson_interval(int(s), trials) for s in successes))
    assert 0.93 <= covered / repeats <= 0.97


def ranks_of(scores, tiebreak=None, eliminated=None):
    scores = np.asarray(scores, dtype=np.int64)
    tiebreak = np.zeros_like(scores) if tiebreak is None else np.asarray(tiebreak, dtype=np.int64)
    eliminated = np.zeros_like(scores) if eliminated is None else np.asarray(eliminated, dtype=np.int64)
    ranks = np.zeros_like(scores)
    competition_ranks(scores, tiebreak, eliminated, ranks)
    return ranks.tolist()


def test_ranks_share_ties_and_skip():
    assert ranks_of([10, 30, 30, 5]) == [3, 1, 1, 4]


def test_tiebreak_separates_equal_scores():
    assert ranks_of([30, 30, 5], tiebreak=[1, 2, 0]) == [2, 1, 3]


def test_eliminated_seats_get_no_rank():
    assert ranks_of([50, 30, 40], eliminated=[1, 0, 0]) == [0, 2, 1]
    assert ranks_of([1, 2], eliminated=[1, 1]) == [0, 0]
