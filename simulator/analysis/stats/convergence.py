"""Convergence: how estimates and their interval widths moved as games accumulated.

Games are taken in game-index order (the order a longer run with the same seed extends), and
the estimate is recomputed at roughly geometric checkpoints.  Interval half-widths shrink as
``1/sqrt(n)``, so the games needed for a target precision are projected from the last one.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.runs import Run, per_game, seats


def checkpoints(total: int, count: int = 24, first: int = 50) -> np.ndarray:
    """About ``count`` increasing game counts from ``first`` (or fewer) to ``total``, geometric."""
    if total <= first:
        return np.array([total], dtype=np.int64)
    points = np.unique(np.geomspace(first, total, count).round().astype(np.int64))
    return points


def running_estimates(values: np.ndarray, binary: bool, points: np.ndarray) -> pl.DataFrame:
    """Estimate and 95% interval of the mean of ``values[:n]`` for each ``n`` in ``points``.

    ``binary`` values (0/1) use Wilson; others the normal interval of the mean.
    """
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    sums = np.cumsum(values)
    squares = np.cumsum(values * values)
    rows = []
    for n in points[points <= values.size]:
        mean = sums[n - 1] / n
        if binary:
            low, high = stats.wilson_interval(int(round(sums[n - 1])), int(n))
        else:
            variance = max(squares[n - 1] / n - mean * mean, 0.0) * n / max(n - 1, 1)
            half = stats.Z_95 * math.sqrt(variance / n)
            low, high = mean - half, mean + half
        rows.append({"games": int(n), "estimate": float(mean), "low": float(low), "high": float(high),
                     "half_width": float(high - low) / 2})  # fmt: skip
    return pl.DataFrame(rows)


def run_convergence(run: Run) -> pl.DataFrame:
    """Running estimates of each seat's win rate and the mean score, column ``series``."""
    games = per_game(run)
    points = checkpoints(games.height)
    parts = [
        running_estimates(games[f"win_seat_{seat}"].to_numpy(), True, points).with_columns(
            pl.lit(f"win rate, seat {seat}").alias("series")
        )
        for seat in seats(run.manifest)
    ]
    parts.append(running_estimates(games["mean_score"].to_numpy(), False, points).with_columns(pl.lit("mean score").alias("series")))
    return pl.concat(parts)


def paired_convergence(baseline: Run, other: Run, column: str, label: str) -> pl.DataFrame:
    """Running paired difference ``other - baseline`` of one per-game measure."""
    joined = per_game(baseline).select("game", column).join(per_game(other).select("game", column), on="game", suffix="__arm")
    differences = (joined[f"{column}__arm"] - joined[column]).to_numpy()
    return running_estimates(differences, False, checkpoints(joined.height)).with_columns(pl.lit(label).alias("series"))


def games_needed(games: int, half_width: float, target: float) -> int:
    """Games for a half-width of ``target``, projected from ``half_width`` at ``games`` (1/sqrt n)."""
    if half_width <= 0 or target <= 0:
        return games
    return int(math.ceil(games * (half_width / target) ** 2))


def convergence_summary(table: pl.DataFrame, target: float = 0.01) -> str:
    """Whether the win-rate intervals reached ``target`` (default ±1 percentage point)."""
    rates = table.filter(pl.col("series").str.starts_with("win rate"))
    if rates.is_empty():
        return ""
    last = rates.filter(pl.col("games") == rates["games"].max())
    widest = float(last["half_width"].max())
    games = int(last["games"].max())
    if widest <= target:
        return (f"With {games:,} games every seat's win-rate interval is within ±{100 * widest:.2f} percentage points "
                f"(target ±{100 * target:.0f}): n was enough.")  # fmt: skip
    needed = games_needed(games, widest, target)
    return (f"With {games:,} games the widest seat win-rate interval is ±{100 * widest:.2f} percentage points; "
            f"about {needed:,} games would bring it to ±{100 * target:.0f}.")  # fmt: skip
