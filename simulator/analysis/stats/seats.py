"""Seat advantage: win rate per seat against the fair share, with seat rotation.

Several runs of one game and player count are pooled.  When they are the seat rotations of a
lineup on the same seed, every strategy sits in every seat on every deal, so a strong
strategy cannot masquerade as a strong seat.  The deal ``(seed, game)`` is the independent
unit: rates from several rotations of one deal use the cluster-robust interval of
:func:`simulator.analysis.stats.rate_interval`; a single run uses Wilson.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.runs import Run, check_same_game, seats


def pooled_rows(runs: list[Run], columns: tuple[str, ...] = ("seat", "strategy", "winner", "score", "rank")) -> pl.DataFrame:
    """Tidy rows of several runs with ``run`` (position), ``seed`` and ``game``; strategy as text."""
    frames = []
    for position, run in enumerate(runs):
        frames.append(
            run.rows.select("game", *columns)
            .with_columns(
                pl.lit(position, dtype=pl.Int32).alias("run"),
                pl.lit(int(run.manifest["seed"]), dtype=pl.Int64).alias("seed"),
                *([pl.col("strategy").cast(pl.String)] if "strategy" in columns else []),
            )
        )
    return pl.concat(frames, how="vertical").collect()


def is_rotation_balanced(runs: list[Run]) -> bool:
    """Whether every seat holds the same multiset of strategies over the runs (seat rotation)."""
    players = runs[0].players
    per_seat = [Counter(run.manifest["lineup"][seat] for run in runs) for seat in range(players)]
    return all(counter == per_seat[0] for counter in per_seat)


def seat_advantage(runs: list[Run]) -> tuple[pl.DataFrame, dict]:
    """Per seat: wins, rate, 95% interval, fair share, difference, p and Holm-adjusted p.

    The fair share is the mean win rate over seats: ``1/P`` when every game has exactly one
    winner, a little more when shared first places count as a win for each tied seat.
    Returns the table and notes (fair share, whether the runs are rotation-balanced).
    """
    check_same_game(runs)
    players = runs[0].players
    rows = pooled_rows(runs, ("seat", "winner"))
    per_deal = (
        rows.group_by("seed", "game", "seat")
        .agg(pl.col("winner").sum().alias("wins"), pl.len().alias("trials"))
        .sort("seed", "game", "seat")
    )
    estimates = []
    for seat in seats(runs[0].manifest):
        deal = per_deal.filter(pl.col("seat") == seat)
        estimates.append(stats.rate_interval(deal["wins"].to_numpy(), deal["trials"].to_numpy()))
    fair = float(np.mean([estimate["estimate"] for estimate in estimates]))
    p_values = [stats.two_sided_p(estimate["estimate"] - fair, estimate["se"]) for estimate in estimates]
    adjusted = stats.holm(p_values)
    table = pl.DataFrame(
        {
            "seat": list(seats(runs[0].manifest)),
            "games": [estimate["trials"] for estimate in estimates],
            "win_rate": [estimate["estimate"] for estimate in estimates],
            "low": [estimate["low"] for estimate in estimates],
            "high": [estimate["high"] for estimate in estimates],
            "fair_share": [fair] * players,
            "vs_fair": [estimate["estimate"] - fair for estimate in estimates],
            "p": p_values,
            "p_holm": adjusted,
        }
    ).with_columns(
        pl.Series(
            "verdict",
            [_seat_verdict(estimate, fair, p) for estimate, p in zip(estimates, adjusted)],
        )
    )
    notes = {
        "fair_share": fair,
        "rotation_balanced": is_rotation_balanced(runs),
        "strategies": sorted({name for run in runs for name in run.manifest["lineup"]}),
        "deals": int(per_deal.select(pl.struct("seed", "game").n_unique()).item()),
    }
    return table, notes


def _seat_verdict(estimate: dict, fair: float, adjusted_p: float) -> str:
    """Wording of one seat's rate against the fair share."""
    if estimate["low"] <= fair <= estimate["high"]:
        return "not distinguishable from the fair share"
    direction = "above" if estimate["estimate"] > fair else "below"
    if adjusted_p > stats.ALPHA:
        return f"{direction} the fair share, but does not survive the Holm correction"
    return f"{direction} the fair share by {stats.format_number(abs(estimate['estimate'] - fair), 'pp').lstrip('+')}"


def seat_summary(table: pl.DataFrame, notes: dict) -> str:
    """One or two sentences a designer reads first."""
    fair = notes["fair_share"]
    best = table.sort("vs_fair", descending=True).row(0, named=True)
    worst = table.sort("vs_fair").row(0, named=True)
    flagged = table.filter(pl.col("verdict").str.starts_with("above") | pl.col("verdict").str.starts_with("below"))
    flagged = flagged.filter(pl.col("p_holm") <= stats.ALPHA)
    if flagged.is_empty():
        text = (
            f"No seat's win rate is distinguishable from the fair share of {100 * fair:.1f}% "
            f"(seat rates {100 * worst['win_rate']:.1f}% to {100 * best['win_rate']:.1f}%)."
        )
    else:
        seats_text = "; ".join(
            f"seat {row['seat']} {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"
            for row in flagged.sort("vs_fair", descending=True).iter_rows(named=True)
        )
        text = (
            f"Against a fair share of {100 * fair:.1f}%, {flagged.height} of {table.height} seats differ after the "
            f"Holm correction: {seats_text}. Seat rates range from {100 * worst['win_rate']:.1f}% (seat {worst['seat']}) "
            f"to {100 * best['win_rate']:.1f}% (seat {best['seat']})."
        )
    if not notes["rotation_balanced"]:
        text += " Caution: the lineups are not seat-rotated, so seat differences include strategy differences."
    return text


IMBALANCE_RESAMPLES = 400
"""Bootstrap resamples (over deals) behind the seat-imbalance interval."""


def beyond_noise(table: pl.DataFrame, fair: float) -> pl.DataFrame:
    """The rows of a :func:`seat_advantage` table whose seat differs from the fair share ``fair``
    beyond noise (Holm over the seats, interval clear of it)."""
    return table.filter((pl.col("p_holm") <= stats.ALPHA) & ((pl.col("low") > fair) | (pl.col("high") < fair)))


def clearly_favoured(table: pl.DataFrame, alpha: float = stats.ALPHA) -> list[int]:
    """The seats of a :func:`seat_advantage` table that win more often than the fair share beyond
    noise (Holm over the seats at ``alpha``), most favoured first.  The seat imbalance alone cannot
    say this: sampling noise makes it positive, the more so the fewer the games."""
    fair = pl.col("fair_share")
    above = table.filter((pl.col("p_holm") <= alpha) & (pl.col("low") > fair))
    return [int(seat) for seat in above.sort("vs_fair", descending=True)["seat"]]


def seat_imbalance(runs: list[Run], resamples: int = IMBALANCE_RESAMPLES, seed: int = 0) -> dict:
    """The seat imbalance of a setup: the largest distance of a seat's win rate from the fair
    share, ``max_s |r_s - mean_s r_s|`` (a proportion; 0 = every seat wins equally often), with
    a 95% percentile-bootstrap interval over deals (all seat rotations of a deal resampled
    together).  Sampling noise alone makes it positive: read it with its interval, and with the
    per-seat Holm tests of :func:`seat_advantage`.  Also returns the most and least favoured seats
    and their rates."""
    rows = pooled_rows(runs, ("seat", "winner"))
    per_deal = (rows.group_by("seed", "game", "seat").agg(pl.col("winner").sum().alias("wins"), pl.len().alias("trials"))
                .sort("seed", "game", "seat"))  # fmt: skip
    players = runs[0].players
    wins = per_deal["wins"].to_numpy().astype(float).reshape(-1, players)
    trials = per_deal["trials"].to_numpy().astype(float).reshape(-1, players)
    rates = wins.sum(axis=0) / trials.sum(axis=0)
    estimate = imbalance_value(rates)
    generator = np.random.default_rng(seed)
    deals = wins.shape[0]
    draws = np.empty(resamples)
    for start in range(0, resamples, 50):
        stop = min(resamples, start + 50)
        picks = generator.integers(0, deals, size=(stop - start, deals))
        sampled = wins[picks].sum(axis=1) / np.maximum(trials[picks].sum(axis=1), 1.0)
        draws[start:stop] = np.abs(sampled - sampled.mean(axis=1, keepdims=True)).max(axis=1)
    low, high = (float(value) for value in np.percentile(draws, [2.5, 97.5]))
    order = np.argsort(rates)
    return {"estimate": estimate, "low": low, "high": high, "fair_share": float(rates.mean()), "rates": rates.tolist(),
            "best_seat": int(order[-1]) + 1, "worst_seat": int(order[0]) + 1, "deals": deals}  # fmt: skip


def imbalance_value(rates) -> float:
    """``max_s |r_s - mean(r)|`` of the seat win rates ``rates``."""
    rates = np.asarray(rates, dtype=float)
    return float(np.abs(rates - rates.mean()).max())
def symmetry_check(wins: np.ndarray, games: int) -> pl.DataFrame:
    """Per seat: win rate with its Wilson interval against the fair share, Holm-adjusted.

    For a setup where seats are symmetric (identical strategies, the first player drawn at
    random), every seat should win equally often.  ``wins[s]`` counts the games seat ``s + 1``
    won (a shared first place counts for each tied seat) out of ``games``.  The fair share is the
    mean seat rate (``1/P`` without shared wins); ``p_holm`` is the Holm-adjusted two-sided p of
    each seat against it, and a seat is ``balanced`` when ``p_holm`` exceeds ``stats.ALPHA``.
    """
    wins = np.asarray(wins, dtype=np.int64)
    rates = wins / games
    fair = float(rates.mean())
    intervals = [stats.wilson_interval(int(count), games) for count in wins]
    p_values = [stats.proportion_p_value(float(count), games, fair) for count in wins]
    adjusted = stats.holm(p_values)
    return pl.DataFrame(
        {
            "seat": list(range(1, wins.size + 1)),
            "win_rate": rates.tolist(),
            "low": [low for low, _ in intervals],
            "high": [high for _, high in intervals],
            "fair_share": [fair] * wins.size,
            "p_holm": adjusted,
            "balanced": [p > stats.ALPHA for p in adjusted],
        }
    )


def balance_rows(groups: list[tuple[str, list[Run]]]) -> list[dict]:
    """Each setup's seat balance, for ``compare``: per setup, every seat's win rate with its 95%
    interval, the fair share, the largest gap from it (pp) and the seats beyond noise (Holm)."""
    found = []
    for label, runs in groups:
        table, notes = seat_advantage(runs)
        fair = notes["fair_share"]
        found.append({
            "setup": label,
            "seats": [{"seat": int(row["seat"]), "win_rate": row["win_rate"], "low": row["low"], "high": row["high"]}
                      for row in table.iter_rows(named=True)],
            "fair_share": fair,
            "largest_gap": float((table["win_rate"] - fair).abs().max()),
            "beyond_noise": [int(seat) for seat in beyond_noise(table, fair)["seat"]],
        })  # fmt: skip
    return found
