"""Sequential comparison of two configurations on the same deals, stopping once decided.

For every seat, the paired difference of game ``i`` is ``win(variant, i) - win(baseline, i)``
(both runs use the same seed, so game ``i`` is dealt the same cards in both).  After each
checkpoint we form, for each seat, an *asymptotic confidence sequence* for the mean paired
difference (Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas, "Time-uniform central limit theory
and asymptotic confidence sequences", 2021, normal-mixture boundary with the sample variance):

    d̄ₙ ± sqrt( 2 (n σ̂² ρ² + 1) / (n² ρ²) · log( sqrt(n σ̂² ρ² + 1) / α' ) )

Unlike a fixed-n interval, this one holds *simultaneously for every n* with probability about
1 − α' (asymptotically), so looking after every checkpoint and stopping when we like does not
inflate the error rate.  ``α' = α / seats`` (Bonferroni over the seats).  A seat is decided when
its sequence excludes 0 (the difference is established, with its sign) or lies within
``±margin`` (the difference is established to be negligible).  The run stops when every seat is
decided, or at ``max_n``.  Guarantee (asymptotic): with probability at least 1 − α no seat is
declared different when it is not, nor negligible when its true difference exceeds the margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from simulator.core.store import results
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.core.engine.seats import seat_number

DIFFERENT = "different"
NEGLIGIBLE = "negligible"
UNDECIDED = "undecided"


def mixture_parameter(alpha: float, optimise_for_n: int) -> float:
    """ρ² that makes the boundary tightest around ``optimise_for_n`` observations."""
    log_term = -2.0 * math.log(alpha)
    return (log_term + math.log(log_term + 1.0)) / optimise_for_n


def confidence_sequence_half_width(n: int, variance: float, alpha: float, rho_squared: float) -> float:
    """Half-width of the two-sided asymptotic confidence sequence after ``n`` observations."""
    scaled = n * variance * rho_squared + 1.0
    return math.sqrt(2.0 * scaled / (n * n * rho_squared) * math.log(math.sqrt(scaled) / alpha))


@dataclass(frozen=True)
class SeatVerdict:
    """The state of one seat's comparison after ``games`` paired games (``seat`` numbered 1..P)."""

    seat: int
    games: int
    mean_difference: float
    low: float
    high: float
    verdict: str


def seat_verdict(seat: int, differences: np.ndarray, alpha: float, rho_squared: float, margin: float) -> SeatVerdict:
    """Confidence sequence and verdict for one seat's paired differences."""
    n = len(differences)
    mean = float(differences.mean())
    variance = float(differences.var())
    half_width = confidence_sequence_half_width(n, variance, alpha, rho_squared)
    low, high = mean - half_width, mean + half_width
    if low > 0 or high < 0:
        verdict = DIFFERENT
    elif -margin <= low and high <= margin:
        verdict = NEGLIGIBLE
    else:
        verdict = UNDECIDED
    return SeatVerdict(seat, n, mean, low, high, verdict)


def paired_win_differences(baseline_dir: Path, variant_dir: Path, games: int | None = None) -> np.ndarray:
    """``int8[games, seats]`` of variant win minus baseline win, game by game (column ``k`` is seat ``k + 1``),
    over games ``0 .. games - 1`` (default: all): a folder may hold more, when an interrupted comparison
    had played the next step on one side only."""
    columns = ["game", "seat", "winner"]
    first = (lambda frame: frame) if games is None else (lambda frame: frame.filter(pl.col("game") < games))
    base = first(results.scan_run(baseline_dir)[1].select(columns)).collect().sort("game", "seat")
    other = first(results.scan_run(variant_dir)[1].select(columns)).collect().sort("game", "seat")
    if base.height != other.height or not base["game"].equals(other["game"]):
        raise UsageError(f"{baseline_dir} and {variant_dir} do not hold the same games")
    seats = base["seat"].n_unique()
    difference = other["winner"].cast(pl.Int8) - base["winner"].cast(pl.Int8)
    return difference.to_numpy().reshape(-1, seats)


def compare_sequentially(
    baseline: runner.RunConfig,
    variant: runner.RunConfig,
    baseline_dir: Path,
    variant_dir: Path,
    jobs: int,
    alpha: float = 0.05,
    margin: float = 0.01,
    checkpoint: int = 20_000,
    max_n: int = 1_000_000,
    say=None,
) -> dict:
    """Play both configurations checkpoint by checkpoint until every seat is decided.

    The two run folders are ordinary runs (extended at each checkpoint), so they can be
    reported on or resumed like any other.
    """
    if baseline.game != variant.game or baseline.players != variant.players or baseline.seed != variant.seed:
        raise UsageError("a sequential comparison needs the same game, players and seed on both sides")
    if not 0 < alpha < 1 or margin <= 0 or checkpoint < 1 or max_n < checkpoint:
        raise UsageError("need 0 < alpha < 1, margin > 0 and 1 <= checkpoint <= max-n")
    seats = baseline.players
    per_seat_alpha = alpha / seats
    rho_squared = mixture_parameter(per_seat_alpha, checkpoint * 4)
    verdicts: list[SeatVerdict] = []
    n = 0
    while n < max_n:
        n = min(max_n, n + checkpoint)
        for config, folder in ((baseline, baseline_dir), (variant, variant_dir)):
            prepared = runner.prepare(runner.RunConfig(**dict(config.to_json(), n=n)))
            runner.run(prepared, Path(folder), jobs)
        differences = paired_win_differences(baseline_dir, variant_dir, n)
        verdicts = [seat_verdict(seat_number(column), differences[:, column], per_seat_alpha, rho_squared, margin)
                    for column in range(seats)]  # fmt: skip
        if say is not None:
            say(f"{n:,} paired games: " + ", ".join(f"seat {v.seat} {v.verdict}" for v in verdicts))
        if all(verdict.verdict != UNDECIDED for verdict in verdicts):
            break
    return {
        "method": "asymptotic confidence sequence (Waudby-Smith et al. 2021), Bonferroni over seats",
        "alpha": alpha,
        "margin": margin,
        "games": n,
        "decided": all(verdict.verdict != UNDECIDED for verdict in verdicts),
        "seats": [verdict.__dict__ for verdict in verdicts],
    }
