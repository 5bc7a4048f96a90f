"""Sequential comparison: time-uniform coverage on synthetic data, decisions on real runs."""

import numpy as np

from simulator.core.run import runner, sequential


def test_confidence_sequence_covers_the_mean_at_all_times():
    generator = np.random.default_rng(17)
    alpha, paths, length, true_mean = 0.05, 400, 4000, 0.03
    rho_squared = sequential.mixture_parameter(alpha, 1000)
    checkpoints = range(100, length + 1, 100)
    ever_missed = 0
    for _ in range(paths):
        # paired win differences in {-1, 0, 1} with mean 0.03
        draws = generator.choice([-1, 0, 1], size=length, p=[0.185, 0.6, 0.215])
        for n in checkpoints:
            verdict = sequential.seat_verdict(1, draws[:n], alpha, rho_squared, margin=0.01)
            if not verdict.low <= true_mean <= verdict.high:
                ever_missed += 1
                break
    # the miss rate over the whole path must stay near or below alpha (allow sampling noise)
    assert ever_missed / paths <= alpha + 0.03


def test_fixed_n_intervals_looked_at_repeatedly_would_miss_more():
    # the reason for the sequence: a 95% fixed-n interval checked at 40 times misses far more often
    generator = np.random.default_rng(3)
    misses = 0
    for _ in range(400):
        draws = generator.choice([-1, 0, 1], size=4000, p=[0.2, 0.6, 0.2])
        for n in range(100, 4001, 100):
            half_width = 1.96 * draws[:n].std() / np.sqrt(n)
            if abs(draws[:n].mean()) > half_width:
                misses += 1
                break
    assert misses / 400 > 0.15


def test_unfair_lineup_is_established_and_identical_runs_are_negligible(tmp_path):
    base = runner.RunConfig("sails", 3, 0, 5)
    weaker_seat_1 = runner.RunConfig("sails", 3, 0, 5, ("random", "greedy", "greedy"))
    outcome = sequential.compare_sequentially(
        base, weaker_seat_1, tmp_path / "base", tmp_path / "weak", jobs=1, checkpoint=500, max_n=20_000, margin=0.05
    )
    assert [seat["seat"] for seat in outcome["seats"]] == [1, 2, 3]  # seats as users number them
    seat_1 = outcome["seats"][0]
    assert seat_1["verdict"] == sequential.DIFFERENT and seat_1["mean_difference"] < 0
    same = sequential.compare_sequentially(
        base, base, tmp_path / "same-a", tmp_path / "same-b", jobs=1, checkpoint=500, max_n=20_000, margin=0.05
    )
    assert same["decided"] and all(seat["verdict"] == sequential.NEGLIGIBLE for seat in same["seats"])
    assert same["games"] <= 1000  # nothing differs at all: decided within the first checkpoints


def test_compare_sequential_from_the_command_line(tmp_path):
    import json
    import subprocess
    import sys

    finished = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "compare", "--game", "sails", "--players", "3", "--n", "500",
         "--strategy", "random", "--strategy", "greedy", "--strategy", "greedy", "--variant", "treasure-values-low",
         "--sequential", "--margin", "0.05", "--max-n", "5000", "--seed", "2", "--jobs", "1",
         "--results", str(tmp_path), "--json"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    outcome = json.loads(finished.stdout)
    assert outcome["variant"] == "treasure-values-low" and 500 <= outcome["games"] <= 5000
    assert outcome["games"] % 500 == 0 and len(outcome["seats"]) == 3
    for seat in outcome["seats"]:
        assert seat["low"] <= seat["mean_difference"] <= seat["high"]
    refused = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "compare", "--game", "sails", "--players", "3", "--sequential"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert refused.returncode == 2 and "exactly one --variant" in refused.stderr
