"""Statistics of the analysis layer: intervals, paired differences, Holm, plain wording.

Every estimate is a dict with ``estimate``, ``low``, ``high`` (95% interval) and, for
differences, ``p`` (two-sided).  Win rates of independent games use the Wilson interval
(:func:`simulator.core.run.summary.wilson_interval`); everything else uses the normal
approximation on per-game (or per-deal) values, which is accurate at the thousands of
games islandsim runs.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from simulator.core.run.summary import Z_95, wilson_interval

ALPHA = 0.05
"""Family-wise error rate of the Holm correction (matches the 95% intervals)."""
EXACT = 1e-9
"""Below this, a difference or standard error is floating-point noise around an exact zero."""


def two_sided_p(estimate: float, standard_error: float) -> float:
    """Two-sided normal p-value of ``estimate / standard_error`` (1 when both are zero or unknown)."""
    if not math.isfinite(estimate) or math.isnan(standard_error):
        return 1.0
    if standard_error <= EXACT or not math.isfinite(standard_error):
        return 1.0 if abs(estimate) <= EXACT else 0.0
    return math.erfc(abs(estimate / standard_error) / math.sqrt(2.0))


def _normal_result(estimate: float, standard_error: float, n: int) -> dict:
    half = Z_95 * standard_error
    return {
        "estimate": estimate,
        "low": estimate - half,
        "high": estimate + half,
        "se": standard_error,
        "n": n,
        "p": two_sided_p(estimate, standard_error),
    }


def mean_interval(values: np.ndarray) -> dict:
    """Mean of independent values with a normal 95% interval and the p-value against zero."""
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    n = values.size
    if n == 0:
        return {"estimate": math.nan, "low": math.nan, "high": math.nan, "se": math.nan, "n": 0, "p": 1.0}
    standard_error = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
    return _normal_result(float(values.mean()), standard_error, n)


def paired_difference(baseline: np.ndarray, variant: np.ndarray) -> dict:
    """Mean of ``variant - baseline`` over games paired by index (same deal), with interval and p.

    Pairing removes the deal-to-deal variation both runs share (common random numbers), so
    the interval is much narrower than for two independent samples of the same size.
    """
    baseline = np.asarray(baseline, dtype=np.float64)
    variant = np.asarray(variant, dtype=np.float64)
    if baseline.shape != variant.shape:
        raise ValueError("paired samples must have the same length")
    keep = np.isfinite(baseline) & np.isfinite(variant)
    baseline, variant = baseline[keep], variant[keep]
    result = mean_interval(variant - baseline)
    result["baseline"] = float(baseline.mean()) if baseline.size else math.nan
    result["variant"] = float(variant.mean()) if variant.size else math.nan
    return result


def difference_of_means(without: np.ndarray, with_: np.ndarray) -> dict:
    """``mean(with_) - mean(without)`` for two independent groups (Welch standard error)."""
    without = np.asarray(without, dtype=np.float64)
    with_ = np.asarray(with_, dtype=np.float64)
    without, with_ = without[np.isfinite(without)], with_[np.isfinite(with_)]
    if without.size < 2 or with_.size < 2:
        return {"estimate": math.nan, "low": math.nan, "high": math.nan, "se": math.nan,
                "n": int(with_.size), "p": 1.0}  # fmt: skip
    estimate = float(with_.mean() - without.mean())
    standard_error = math.sqrt(with_.var(ddof=1) / with_.size + without.var(ddof=1) / without.size)
    return _normal_result(estimate, standard_error, int(with_.size))


def rate_interval(successes: np.ndarray, trials: np.ndarray) -> dict:
    """A rate from per-cluster counts (one cluster = one deal), with a 95% interval.

    With one 0/1 trial per cluster the clusters are independent Bernoulli draws and the
    Wilson interval is used.  With several trials per deal (a lineup played in every seat
    rotation on the same deal) the trials of one deal are correlated, so the interval is the
    cluster-robust normal interval of the ratio estimator, the deal being the unit.
    """
    successes = np.asarray(successes, dtype=np.float64)
    trials = np.asarray(trials, dtype=np.float64)
    total = float(trials.sum())
    wins = float(successes.sum())
    if total <= 0:
        return {"estimate": math.nan, "low": 0.0, "high": 1.0, "se": math.nan, "n": 0, "trials": 0}
    rate = wins / total
    if np.all(trials == 1) and np.all((successes == 0) | (successes == 1)):
        low, high = wilson_interval(int(round(wins)), int(total))
        standard_error = math.sqrt(rate * (1.0 - rate) / total)
    else:
        clusters = trials.size
        residuals = successes - rate * trials
        variance = float((residuals**2).sum()) / max(clusters - 1, 1) * clusters
        standard_error = math.sqrt(variance) / total if clusters > 1 else math.inf
        low, high = max(0.0, rate - Z_95 * standard_error), min(1.0, rate + Z_95 * standard_error)
    return {"estimate": rate, "low": low, "high": high, "se": standard_error, "n": int(trials.size),
            "trials": int(total)}  # fmt: skip


def proportion_p_value(successes: float, trials: float, expected: float) -> float:
    """Two-sided normal p-value of an observed proportion against ``expected``."""
    if trials <= 0 or not 0.0 < expected < 1.0:
        return 1.0
    standard_error = math.sqrt(expected * (1.0 - expected) / trials)
    return two_sided_p(successes / trials - expected, standard_error)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm (1979) step-down adjusted p-values, in the input order.

    Reject hypothesis ``i`` at family-wise level ``alpha`` when its adjusted p-value is at
    most ``alpha``.  Adjusted ``p_(k) = max_{j<=k} min(1, (m - j + 1) p_(j))`` over the
    sorted p-values.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda index: p_values[index])
    adjusted = [1.0] * m
    running = 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (m - position) * float(p_values[index])))
        adjusted[index] = running
    return adjusted


def excludes_zero(result: dict) -> bool:
    """Whether the 95% interval of a difference lies entirely on one side of zero (beyond noise)."""
    return bool(result["low"] > EXACT or result["high"] < -EXACT)


def is_constant(*samples: np.ndarray) -> bool:
    """Whether every finite value of the samples is the same: a measure that cannot differ."""
    values = np.concatenate([np.asarray(sample, dtype=np.float64).ravel() for sample in samples])
    values = values[np.isfinite(values)]
    return values.size == 0 or float(values.max() - values.min()) <= EXACT


def verdict(result: dict, adjusted_p: float | None = None, unit: str = "") -> str:
    """Plain wording of a difference: its direction, or that it is not distinguishable from zero.

    With ``adjusted_p`` (Holm) a difference whose interval excludes zero but which does not
    survive the correction is reported as such.
    """
    if not math.isfinite(result["estimate"]):
        return "not enough games to estimate"
    if not excludes_zero(result):
        return "not distinguishable from zero"
    direction = "higher" if result["estimate"] > 0 else "lower"
    if adjusted_p is not None and adjusted_p > ALPHA:
        return f"{direction}, but does not survive the Holm correction"
    return f"{direction} ({format_interval(result, unit)})"


def format_number(value: float, unit: str = "", digits: int = 2) -> str:
    """A number for a table: percentage points for ``unit='pp'``, percent for ``'%'``."""
    if value is None or not math.isfinite(value):
        return "n/a"
    if unit == "pp":
        return f"{100 * value:+.{max(digits - 1, 1)}f} pp"
    if unit == "%":
        return f"{100 * value:.1f}%"
    return f"{value:+.{digits}f}" if unit == "+" else f"{value:.{digits}f}"


def format_interval(result: dict, unit: str = "") -> str:
    """``estimate [low, high]`` in the unit of :func:`format_number`."""
    return (
        f"{format_number(result['estimate'], unit)} "
        f"[{format_number(result['low'], unit)}, {format_number(result['high'], unit)}]"
    )
