"""Random streams: deterministic per (seed, game, purpose), independent across purposes."""

import numpy as np

from simulator.core.engine import rng


def draws(seed, game, purpose, count=64, bound=1000):
    stream = rng.new_stream(seed, game, purpose)
    return [rng.random_below(stream, bound) for _ in range(count)]


def test_same_key_gives_same_stream():
    assert draws(7, 3, rng.PURPOSE_DEAL) == draws(7, 3, rng.PURPOSE_DEAL)


def test_different_keys_give_different_streams():
    base = draws(7, 3, rng.PURPOSE_DEAL)
    assert base != draws(8, 3, rng.PURPOSE_DEAL)
    assert base != draws(7, 4, rng.PURPOSE_DEAL)
    assert base != draws(7, 3, rng.PURPOSE_FIRST_STRATEGY)


def test_random_below_is_uniform_enough():
    stream = rng.new_stream(1, 0, 0)
    counts = np.zeros(6, dtype=np.int64)
    for _ in range(60_000):
        counts[rng.random_below(stream, 6)] += 1
    expected = 10_000
    chi_square = float(((counts - expected) ** 2 / expected).sum())
    assert chi_square < 20.5  # 99.9% quantile of chi-square with 5 degrees of freedom


def test_shuffle_prefix_is_a_permutation_and_leaves_the_rest():
    values = np.arange(20, dtype=np.int64)
    stream = rng.new_stream(3, 1, 0)
    rng.shuffle_prefix(values, 12, stream)
    assert sorted(values[:12].tolist()) == list(range(12))
    assert values[12:].tolist() == list(range(12, 20))
    assert values[:12].tolist() != list(range(12))
