"""The statistics against known answers: Holm, paired intervals, cluster rates, wording."""

import math

import numpy as np
import pytest

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.convergence import checkpoints, games_needed, running_estimates
from simulator.core.run.summary import wilson_interval


def test_holm_matches_a_worked_example():
    # p = 0.01, 0.04, 0.03, 0.005 (m = 4): sorted 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, max(0.06, 0.04*1)=0.06
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_is_monotone_capped_and_keeps_order():
    adjusted = stats.holm([0.5, 0.001, 0.2, 0.9])
    assert adjusted == pytest.approx([1.0, 0.004, 0.6, 1.0])
    assert stats.holm([]) == []


def test_holm_rejects_fewer_than_unadjusted():
    p_values = [0.001, 0.012, 0.02, 0.04, 0.3]
    raw = sum(p <= 0.05 for p in p_values)
    kept = sum(p <= 0.05 for p in stats.holm(p_values))
    assert (raw, kept) == (4, 2)


def test_identical_paired_samples_give_a_zero_difference_not_flagged():
    values = np.random.default_rng(1).integers(0, 2, size=500).astype(float)
    result = stats.paired_difference(values, values)
    assert result["estimate"] == 0.0 and result["low"] == 0.0 and result["high"] == 0.0 and result["p"] == 1.0
    assert stats.verdict(result) == "not distinguishable from zero"


def test_paired_interval_covers_the_true_difference_about_95_percent():
    generator = np.random.default_rng(2)
    true_difference, covered, repeats = 0.3, 0, 1000
    for _ in range(repeats):
        shared = generator.normal(0, 3, size=300)  # the deal: common to both setups
        baseline = shared + generator.normal(0, 1, size=300)
        variant = shared + true_difference + generator.normal(0, 1, size=300)
        result = stats.paired_difference(baseline, variant)
        covered += result["low"] <= true_difference <= result["high"]
    assert 0.93 <= covered / repeats <= 0.97


def test_pairing_narrows_the_interval_compared_with_independent_groups():
    generator = np.random.default_rng(3)
    shared = generator.normal(0, 3, size=2000)
    baseline, variant = shared + generator.normal(0, 1, 2000), shared + 0.2 + generator.normal(0, 1, 2000)
    paired = stats.paired_difference(baseline, variant)
    unpaired = stats.difference_of_means(baseline, variant)
    assert paired["high"] - paired["low"] < (unpaired["high"] - unpaired["low"]) / 2
    assert stats.excludes_zero(paired) and not stats.excludes_zero(unpaired)


def test_rate_interval_is_wilson_for_independent_games():
    successes = np.array([1] * 81 + [0] * 182)
    result = stats.rate_interval(successes, np.ones_like(successes))
    assert (result["low"], result["high"]) == pytest.approx(wilson_interval(81, 263))


def test_cluster_rate_interval_covers_about_95_percent():
    generator = np.random.default_rng(4)
    covered, repeats, true_rate = 0, 600, 0.3
    for _ in range(repeats):
        deal_effect = generator.uniform(-0.2, 0.2, size=400)  # deals differ, rotations of one deal correlate
        wins = generator.binomial(4, np.clip(true_rate + deal_effect, 0, 1))
        result = stats.rate_interval(wins, np.full(400, 4))
        covered += result["low"] <= true_rate <= result["high"]
    assert 0.93 <= covered / repeats <= 0.97


def test_verdict_wording():
    assert stats.verdict({"estimate": 0.02, "low": -0.01, "high": 0.05}) == "not distinguishable from zero"
    assert stats.verdict({"estimate": 0.02, "low": 0.01, "high": 0.03}, 0.001, "pp").startswith("higher (+2.0 pp")
    assert stats.verdict({"estimate": -0.02, "low": -0.03, "high": -0.01}, 0.2) == "lower, but does not survive the Holm correction"
    assert stats.verdict({"estimate": math.nan, "low": math.nan, "high": math.nan}) == "not enough games to estimate"


def test_p_value_of_unknown_estimate_is_one():
    assert stats.two_sided_p(math.nan, math.nan) == 1.0
    assert stats.two_sided_p(1.96, 1.0) == pytest.approx(0.05, abs=1e-4)


def test_running_estimates_end_at_the_full_sample_and_shrink():
    values = np.random.default_rng(5).integers(0, 2, size=5000).astype(float)
    points = checkpoints(values.size)
    assert points[0] == 50 and points[-1] == 5000 and np.all(np.diff(points) > 0)
    table = running_estimates(values, True, points)
    assert table["estimate"][-1] == pytest.approx(values.mean())
    assert table["half_width"][-1] < table["half_width"][0] / 5
    assert games_needed(10_000, 0.02, 0.01) == 40_000


def test_floating_point_noise_is_not_an_effect():
    baseline = np.full(1000, 0.25)
    variant = baseline + np.where(np.arange(1000) % 2 == 0, 1e-17, -1e-17)
    result = stats.paired_difference(baseline, variant)
    assert result["p"] == 1.0 and not stats.excludes_zero(result)
    assert stats.is_constant(baseline, variant) and not stats.is_constant(np.array([0.0, 1.0]))
