"""Paired comparison of rule setups (variants, forced or excluded events) on the same deals.

Runs with the same seed play the same deals (common random numbers), so the effect of a
variant on any per-game measure is estimated by the mean of the per-game differences, with
a paired 95% interval.  All differences of one comparison form one family for the Holm
correction; the verdict says which survive, and plainly when a difference is not
distinguishable from zero.
"""

from __future__ import annotations

from collections import Counter

import polars as pl

from simulator.analysis import stats
from simulator.analysis.runs import Run, check_paired, measures, per_game, setup_key, setup_label
from simulator.core.registry import UsageError


def group_by_setup(runs: list[Run]) -> list[tuple[str, list[Run]]]:
    """Runs grouped by rule setup, in order of first appearance: ``(label, runs)``."""
    groups: dict[tuple, list[Run]] = {}
    for run in runs:
        groups.setdefault(setup_key(run.manifest), []).append(run)
    return [(setup_label(members[0].manifest), members) for members in groups.values()]


def deal_means(runs: list[Run]) -> pl.DataFrame:
    """Per-game measures averaged over the runs of one setup (its lineups), one row per deal."""
    if len(runs) == 1:
        return per_game(runs[0])
    columns = [measure.column for measure in measures(runs[0].manifest)]
    frames = [per_game(run).select("game", *columns) for run in runs]
    return pl.concat(frames).group_by("game").agg(pl.col(columns).mean()).sort("game")


def check_arm(baseline: list[Run], arm: list[Run], label: str) -> None:
    """Refuse an arm that did not play the baseline's deals (and, for several lineups, its lineups).

    Two single runs with different lineups on the same seed are a valid paired comparison
    (of strategies rather than rules), so the lineup check applies to groups only.
    """
    for run in arm:
        check_paired(baseline[0], run)
    if len(baseline) == 1 and len(arm) == 1:
        return
    lineups = Counter(tuple(run.manifest["lineup"]) for run in baseline)
    if Counter(tuple(run.manifest["lineup"]) for run in arm) != lineups:
        raise UsageError(f"'{label}' was not played with the same lineups as the baseline; compare like with like")


def compare_groups(baseline: list[Run], arms: list[tuple[str, list[Run]]]) -> pl.DataFrame:
    """One row per (arm, measure): baseline and arm means, paired difference, interval, p, Holm.

    Every arm is paired with the baseline deal by deal (same seed and n, same lineups; several
    lineups of one setup are averaged per deal first, so the deal stays the unit).  Refuses
    runs that are not paired (other game, player count, seed, n or lineups).
    """
    for label, members in arms:
        check_arm(baseline, members, label)
    base_games = deal_means(baseline)
    rows = []
    for label, members in arms:
        joined = base_games.join(deal_means(members), on="game", suffix="__arm")
        for measure in measures(baseline[0].manifest):
            paired = joined.select(measure.column, f"{measure.column}__arm").drop_nulls()
            if stats.is_constant(paired[measure.column].to_numpy(), paired[f"{measure.column}__arm"].to_numpy()):
                continue  # the same value in every game of both setups (e.g. one First Player tile): nothing to test
            result = stats.paired_difference(paired[measure.column].to_numpy(), paired[f"{measure.column}__arm"].to_numpy())
            rows.append({"arm": label, "measure": measure.label, "column": measure.column, "unit": measure.unit,
                         "games": result["n"], "baseline": result["baseline"], "variant": result["variant"],
                         "difference": result["estimate"], "low": result["low"], "high": result["high"],
                         "p": result["p"]})  # fmt: skip
    return with_holm(pl.DataFrame(rows))


def compare_runs(baseline: Run, others: list[Run], labels: list[str] | None = None) -> pl.DataFrame:
    """Paired comparison of single runs: each of ``others`` against ``baseline``."""
    labels = labels or [other.label for other in others]
    return compare_groups([baseline], [(label, [other]) for label, other in zip(labels, others)])


def with_holm(table: pl.DataFrame) -> pl.DataFrame:
    """Add ``p_holm``, ``survives`` and a plain ``verdict`` to a table of differences."""
    if table.is_empty():
        return table.with_columns(
            pl.lit(None, dtype=pl.Float64).alias("p_holm"), pl.lit(None, dtype=pl.Boolean).alias("survives"),
            pl.lit(None, dtype=pl.String).alias("verdict"),
        )  # fmt: skip
    adjusted = stats.holm(table["p"].to_list())
    verdicts = []
    for row, p_holm in zip(table.iter_rows(named=True), adjusted):
        result = {"estimate": row["difference"], "low": row["low"], "high": row["high"]}
        verdicts.append(stats.verdict(result, p_holm, row["unit"] or "+"))
    return table.with_columns(
        pl.Series("p_holm", adjusted, dtype=pl.Float64),
        pl.Series("survives", [p <= stats.ALPHA for p in adjusted]),
        pl.Series("verdict", verdicts),
    )


CORE_COLUMNS = ("mean_score", "length", "shared_win", "margin")
"""Measures every game has (with the per-seat win rates); the game's own come after them."""


def is_core(column: str) -> bool:
    """Whether a measure is one every game has (win rates, score, length, ties, margin)."""
    return column.startswith("win_seat_") or column in CORE_COLUMNS


def core_expression() -> pl.Expr:
    """Polars filter of the rows of :func:`is_core` measures in a differences table."""
    return pl.col("column").str.starts_with("win_seat_") | pl.col("column").is_in(CORE_COLUMNS)


def _effect(row: dict) -> str:
    interval = {"estimate": row["difference"], "low": row["low"], "high": row["high"]}
    return f"{row['measure']} {stats.format_interval(interval, row['unit'] or '+')}"


def comparison_summary(table: pl.DataFrame) -> list[str]:
    """One sentence per arm: the win-rate, score, length and margin effects that survive Holm
    (or that none does), then how many of the game's own measures moved."""
    lines = []
    for arm in table["arm"].unique(maintain_order=True).to_list():
        part = table.filter(pl.col("arm") == arm)
        kept = [row for row in part.iter_rows(named=True) if row["survives"]]
        core = [row for row in kept if is_core(row["column"])]
        own = sorted((row for row in kept if not is_core(row["column"])), key=lambda row: row["p"])
        if not kept:
            lines.append(f"{arm}: no measured effect is distinguishable from zero after the Holm correction "
                         f"({part['games'].max():,} paired games).")  # fmt: skip
            continue
        if core:
            text = f"{arm}: " + "; ".join(_effect(row) for row in core)
        else:
            text = f"{arm}: no seat's win rate, the score, length or margin is distinguishable from zero"
        if own:
            text += f"; {len(own)} of the game's own measures also differ (e.g. {', '.join(_effect(row) for row in own[:2])})"
        lines.append(text + ".")
    return lines
