"""Game shape: score distributions per seat and strategy, margin of victory, length, ties,
and the game's own quantities (Loot Island curses, eliminations, treasure mix...)."""

from __future__ import annotations

import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.runs import Run, extra_seat_columns, per_game, quantity_game_columns
from simulator.analysis.stats.seats import pooled_rows


def describe(values: pl.Expr) -> list[pl.Expr]:
    """Mean, sd and quantiles of a numeric column, as aggregation expressions."""
    return [
        values.mean().alias("mean"),
        values.std().alias("sd"),
        values.min().cast(pl.Float64).alias("min"),
        values.quantile(0.1).alias("p10"),
        values.median().alias("median"),
        values.quantile(0.9).alias("p90"),
        values.max().cast(pl.Float64).alias("max"),
    ]


def score_table(runs: list[Run], by: str) -> pl.DataFrame:
    """Score distribution summary per ``seat`` (1..P) or per ``strategy``."""
    rows = pooled_rows(runs, ("seat", "strategy", "score"))
    return rows.group_by(by).agg(pl.len().alias("n"), *describe(pl.col("score"))).sort(by)


def quantity_table(runs: list[Run]) -> pl.DataFrame:
    """Summary of each of the game's own per-seat and per-game quantities."""
    parts = []
    for column in extra_seat_columns(runs[0].manifest):
        rows = pooled_rows(runs, (column,))
        parts.append(rows.select(pl.lit(f"{column} (per seat)").alias("quantity"), pl.len().alias("n"), *describe(pl.col(column))))
    games = pl.concat([per_game(run) for run in runs], how="diagonal_relaxed")
    for column in quantity_game_columns(runs[0].manifest):
        parts.append(games.select(pl.lit(f"{column} (per game)").alias("quantity"), pl.len().alias("n"), *describe(pl.col(f"game.{column}"))))
    return pl.concat(parts, how="vertical_relaxed") if parts else pl.DataFrame()


def game_facts(runs: list[Run]) -> dict:
    """Length, margin of victory, shared first places and games without a winner, with intervals."""
    games = pl.concat([per_game(run).select("length", "margin", "winners") for run in runs])
    total = games.height
    shared = int((games["winners"] > 1).sum())
    nobody = int((games["winners"] == 0).sum())
    margins = games["margin"].drop_nulls()
    return {
        "games": total,
        "length": stats.mean_interval(games["length"].to_numpy()),
        "length_values": games["length"].to_numpy(),
        "margin": stats.mean_interval(margins.to_numpy()),
        "margin_values": margins.to_numpy(),
        "close_games": float((margins <= 1).mean()) if margins.len() else float("nan"),
        "shared_win": stats.rate_interval((games["winners"] > 1).cast(pl.Int64).to_numpy(), [1] * total),
        "shared_count": shared,
        "no_winner": stats.rate_interval((games["winners"] == 0).cast(pl.Int64).to_numpy(), [1] * total),
        "no_winner_count": nobody,
    }


def shape_summary(facts: dict, length_unit: str) -> str:
    """One sentence about the shape of a game (its length in ``length_unit``, e.g. tricks)."""
    shared = facts["shared_win"]
    text = (
        f"Mean game length {facts['length']['estimate']:.1f} {length_unit}; the winner leads by "
        f"{facts['margin']['estimate']:.1f} points on average ({100 * facts['close_games']:.0f}% of games won by 1 point "
        f"or less); {100 * shared['estimate']:.1f}% [{100 * shared['low']:.1f}, {100 * shared['high']:.1f}] end in a shared "
        f"first place"
    )
    if facts["no_winner_count"]:
        text += f", {100 * facts['no_winner']['estimate']:.1f}% without any winner"
    return text + "."
