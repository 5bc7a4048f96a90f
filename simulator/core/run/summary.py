"""The summary printed after a run: win rates with Wilson intervals, scores, ties, length."""

from __future__ import annotations

import math

import polars as pl

from simulator.core.run.tables import Column, Table, render
from simulator.core.store.results import rules_changed_lines

Z_95 = 1.959963984540054
"""Two-sided 95% normal quantile."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (``(0, 1)`` when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    proportion = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (proportion + z * z / (2 * trials)) / denominator
    half_width = z * math.sqrt(proportion * (1 - proportion) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half_width), min(1.0, centre + half_width)


def _rate_rows(frame: pl.DataFrame, key: str) -> list[dict]:
    rows = []
    for row in frame.sort(key).iter_rows(named=True):
        low, high = wilson_interval(row["wins"], row["games"])
        rows.append(
            {
                key: row[key],
                **({"strategy": row["strategy"]} if key == "seat" else {}),
                "games": row["games"],
                "wins": row["wins"],
                "win_rate": row["wins"] / row["games"],
                "win_rate_low": low,
                "win_rate_high": high,
                "mean_score": row["mean_score"],
                "sd_score": row["sd_score"] if row["sd_score"] is not None else 0.0,
            }
        )
    return rows


def summarize(manifest: dict, results: pl.LazyFrame) -> dict:
    """Per seat and per strategy win rates (95% Wilson), score mean/sd, tie rate, mean length."""
    aggregates = [
        pl.len().alias("games"),
        pl.col("winner").sum().alias("wins"),
        pl.col("score").mean().alias("mean_score"),
        pl.col("score").std().alias("sd_score"),
    ]
    by_seat = results.group_by("seat").agg(pl.col("strategy").first().cast(pl.String), *aggregates).collect()
    by_strategy = (
        results.with_columns(pl.col("strategy").cast(pl.String)).group_by("strategy").agg(*aggregates).collect()
    )
    length = manifest.get("length_column", "length")
    per_game = (
        results.group_by("game")
        .agg(pl.col("winner").sum().alias("winners"), pl.col(length).first().alias("length"))
        .select(
            pl.len().alias("games"),
            (pl.col("winners") > 1).sum().alias("tied"),
            (pl.col("winners") == 0).sum().alias("no_winner"),
            pl.col("length").mean().alias("mean_length"),
        )
        .collect()
        .row(0, named=True)
    )
    games = per_game["games"]
    tie_low, tie_high = wilson_interval(per_game["tied"], games)
    capped = _capped_rate(manifest, results, games)
    return {
        "game": manifest["game"],
        "players": manifest["players"],
        "games": games,
        "seed": manifest["seed"],
        "variants": manifest["variants"],
        "force_events": manifest.get("force_events", []),
        "exclude_events": manifest.get("exclude_events", []),
        "lineup": manifest["lineup"],
        "rules_changed": rules_changed_lines(manifest),
        "rules_fingerprint": manifest.get("rules_fingerprint"),
        "by_seat": _rate_rows(by_seat, "seat"),
        "by_strategy": _rate_rows(by_strategy, "strategy"),
        "tie_rate": per_game["tied"] / games,
        "tie_rate_low": tie_low,
        "tie_rate_high": tie_high,
        "no_winner_rate": per_game["no_winner"] / games,
        "mean_length": per_game["mean_length"],
        "length_column": length,
        "length_unit": manifest["length_unit"],
        "timings": manifest.get("timings", {}),
        **capped,
    }


def _capped_rate(manifest: dict, results: pl.LazyFrame, games: int) -> dict:
    """Every run reports its share of capped games (stopped by the game's stall cap, no winner)
    with its 95% interval, and what the cap is (``stall_cap``) or why the game has none
    (``length_bound``): 0 for a game whose rules end every game (``GameSpec.stall_cap``)."""
    stall_cap, length_bound = _stall_declaration(manifest["game"])
    count = 0
    if "capped" in manifest["game_columns"]:
        count = results.group_by("game").agg(pl.col("capped").first()).select(pl.col("capped").sum()).collect().item()
    low, high = wilson_interval(int(count), games)
    return {"capped_rate": count / games, "capped_rate_low": low, "capped_rate_high": high,
            "capped_games": int(count), "stall_cap": stall_cap, "length_bound": length_bound}  # fmt: skip


def _stall_declaration(game_id: str) -> tuple[str, str]:
    """``(stall_cap, length_bound)`` of a registered game (empty for a game the registry lacks)."""
    from simulator.core.engine.registry import UsageError, get_game

    try:
        spec = get_game(game_id)
    except (UsageError, KeyError):
        return "", ""
    return spec.stall_cap, spec.length_bound


def capped_line(summary: dict) -> str:
    """The capped rate as one line: share, interval and what the cap is, or why there is none."""
    if summary.get("capped_games", 0) == 0 and not summary.get("stall_cap"):
        reason = summary.get("length_bound") or "no stall cap"
        return f"capped: none possible ({reason})"
    cap = summary.get("stall_cap") or "the stall cap"
    return (f"capped (stopped by {cap}, no winner): {_percent(summary['capped_rate']).strip()} of games "
            f"[{_percent(summary['capped_rate_low']).strip()}, {_percent(summary['capped_rate_high']).strip()}]")


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _interval(low: float, high: float) -> str:
    return f"[{_percent(low)}, {_percent(high)}]"


def _rate_table(rows: list[dict], first: list[Column]) -> Table:
    """Win rate with its 95% interval, score mean and sd, after the identifying ``first`` columns."""
    return Table(first + [
        Column("win rate", "win_rate", _percent),
        Column("95% interval", ("win_rate_low", "win_rate_high"), _interval),
        Column("mean score", "mean_score", lambda value: f"{value:.2f}"),
        Column("sd", "sd_score", lambda value: f"{value:.2f}"),
    ], rows)  # fmt: skip


def format_summary(summary: dict, title: str, out_dir: str, fmt: str = "text") -> str:
    """The summary for the terminal: sentences and tables in ``fmt`` (text, md or csv; see
    :mod:`simulator.core.run.tables`)."""
    parts: list[str | Table] = [
        f"{title}, {summary['players']} players, {summary['games']:,} games, seed {summary['seed']}, "
        f"variants: {', '.join(summary['variants']) or 'none'}"
        + "".join(f", {label}: {', '.join(summary[key])}" for key, label in
                  (("force_events", "events forced"), ("exclude_events", "events excluded")) if summary.get(key)),
    ]  # fmt: skip
    if summary.get("rules_changed"):
        parts.append("rules changed: " + "; ".join(summary["rules_changed"]))
    timings = summary["timings"]
    if "elapsed_seconds" in timings:
        parts.append(
            f"results in {out_dir} ({timings['elapsed_seconds']:.1f} s, {timings['games_per_second']:,.0f} games/s)"
        )
    parts.append("")
    parts.append(_rate_table(summary["by_seat"], [Column("seat", "seat"), Column("strategy", "strategy")]))
    if len(summary["by_strategy"]) > 1:
        parts.append("")
        parts.append(_rate_table(summary["by_strategy"], [Column("strategy", "strategy")]))
    parts.append("")
    parts.append(
        f"shared wins: {_percent(summary['tie_rate']).strip()} of games "
        f"[{_percent(summary['tie_rate_low']).strip()}, {_percent(summary['tie_rate_high']).strip()}]"
        + (f"; no winner: {_percent(summary['no_winner_rate']).strip()}" if summary["no_winner_rate"] > 0 else "")
        + f"; mean game length {summary['mean_length']:.1f} {summary['length_unit']}"
    )
    if "capped_rate" in summary:
        parts.append(capped_line(summary))
    parts.append("A shared first place counts as a win for each tied seat.")
    if "precision" in summary:
        widest = max((row["win_rate_high"] - row["win_rate_low"]) / 2 for row in summary["by_seat"])
        target = summary["precision"]["target_half_width"]
        verdict = "reached" if summary["precision"]["reached"] else "NOT reached (--max-n cap hit)"
        parts.append(
            f"precision: widest seat interval ±{100 * widest:.2f} points after {summary['games']:,} games; "
            f"target ±{100 * target:.2f} {verdict}"
        )
    return render(parts, fmt)
