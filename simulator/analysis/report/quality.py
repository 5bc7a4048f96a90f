"""Report sections of the game-quality measures (:mod:`simulator.analysis.stats.measures`): the
baseline's measures with intervals, and every setup's paired differences (winner-change rate,
catch-up or runaway, the player trailing when a card came up) sorted by effect size."""

from __future__ import annotations

import math

import polars as pl

from simulator.analysis.stats import measures
from simulator.analysis.stats.runs import Run, event_columns, value_labels

NO_TRAJECTORIES = ("This run has no trajectories (play it with --trajectories), so decisiveness, drama, lead changes "
                   "and uncertainty are left out.")  # fmt: skip
NO_DECISIONS = "This run has no decision statistics, so the branching factor is left out."


def results_frame(run: Run) -> pl.DataFrame:
    """``game``, ``seat``, ``winner``, ``score``, ``length`` (and ``capped`` when the game has it)."""
    names = run.rows.collect_schema().names()
    length = run.manifest.get("length_column", "length")
    columns = [pl.col("game"), pl.col("seat"), pl.col("winner"), pl.col("score"), pl.col(length).alias("length")]
    if "capped" in names:
        columns.append(pl.col("capped"))
    return run.rows.select(columns).collect()


def unit_text(unit: str, length_unit: str) -> str:
    """The unit a reader sees: the game's length unit for durations."""
    return length_unit if unit == "length" else unit


def no_negative_zero(value: float, digits: int) -> float:
    """``value`` rounded to ``digits``, a rounded-away negative turned into 0 (``+0.00``, never
    ``-0.00`` or ``[-2.6, -0.0]``, which read as a direction the figure does not have)."""
    return round(value, digits) + 0.0


def value_text(value: float, unit: str, length_unit: str = "", signed: bool = False) -> str:
    """A measure's value with its unit: ``%`` shares as percent (``pp`` when ``signed``: a
    difference), ``pp`` in percentage points, others as numbers followed by the unit."""
    if value is None or not math.isfinite(value):
        return "n/a"
    if unit == "%" and not signed:
        return f"{100 * value:.1f}%"
    if unit in ("%", "pp"):
        percent = no_negative_zero(100 * value, 1)
        return f"{percent:+.1f} pp" if signed else f"{percent:.1f} pp"
    value = no_negative_zero(value, 2)
    return f"{value:+.2f} {unit_text(unit, length_unit)}" if signed else f"{value:.2f} {unit_text(unit, length_unit)}"


def interval_only(low: float, high: float, unit: str, signed: bool = False) -> str:
    """``[low, high]`` in the unit's scale (percent for shares and pp), without the unit."""
    if low is None or not (math.isfinite(low) and math.isfinite(high)):
        return "[n/a]"
    scale, digits = (100.0, 1) if unit in ("%", "pp") else (1.0, 2)
    sign = "+" if signed else ""
    low, high = no_negative_zero(scale * low, digits), no_negative_zero(scale * high, digits)
    return f"[{low:{sign}.{digits}f}, {high:{sign}.{digits}f}]"


def with_interval(row: dict, unit: str, length_unit: str = "", signed: bool = False, key: str = "estimate") -> str:
    """``value [low, high]``."""
    return f"{value_text(row[key], unit, length_unit, signed)} {interval_only(row['low'], row['high'], unit, signed)}"


def constant_sentence(table: pl.DataFrame, length_unit: str) -> str:
    """Measures with the same value in every game, named once: ``duration: 24 tricks in every game``."""
    parts = []
    for row in table.filter(pl.col("constant")).iter_rows(named=True):
        name = row["measure"].split(" (")[0]
        parts.append(f"{name}: {value_text(row['estimate'], row['unit'], length_unit).replace('.00 ', ' ')} in every game")
    return "; ".join(parts)


def add_quality(document, run: Run, title: str) -> pl.DataFrame:
    """The baseline's game-quality measures with their intervals (first lineup's run)."""
    trajectories, decisions = measures.load_records(run.path)
    table = measures.estimate_measures(results_frame(run), trajectories, decisions)
    length_unit = run.manifest["length_unit"]
    document.heading(f"Game-quality measures — {title}", 3)
    document.text("Browne's (2008) game-quality measures, as Ludii computes them from playouts, each with its 95% "
                  "interval; definitions and tie handling in docs/analysis.md (\"Game-quality measures\").")  # fmt: skip
    varying = table.filter(~pl.col("constant"))
    document.table(["measure", "value", "95% interval", "games"],
                   [[row["measure"], value_text(row["estimate"], row["unit"], length_unit, signed=row["key"] == "advantage"),
                     interval_only(row["low"], row["high"], row["unit"], signed=row["key"] == "advantage"), f"{row['games']:,}"]
                    for row in varying.iter_rows(named=True)])  # fmt: skip
    constant = constant_sentence(table, length_unit)
    if constant:
        document.text(f"The same in every game: {constant}.")
    if trajectories is None:
        document.text(NO_TRAJECTORIES)
    if decisions is None:
        document.text(NO_DECISIONS)
    else:
        kinds = measures.branching_by_kind(decisions)
        never = kinds.filter(pl.col("asked_per_game") == 0)["kind"].to_list()
        kinds = kinds.filter(pl.col("asked_per_game") > 0)
        document.table(["decision", "asked per game", "options per decision", "95% interval"],
                       [[row["kind"], f"{row['asked_per_game']:.1f}", f"{row['estimate']:.2f}",
                         interval_only(row["low"], row["high"], "options")] for row in kinds.iter_rows(named=True)],
                       "Branching factor per decision kind, most options first.")  # fmt: skip
        if never:
            document.text(f"Never asked in any game (always a single option, or never reached): {', '.join(never)}.")
    return table.with_columns(pl.lit(trajectories is not None).alias("has_trajectories"))


def card_rounds(run: Run, card: str) -> pl.DataFrame:
    """``game``, ``round``: the round in which event card ``card`` came up in each game of ``run``."""
    columns = event_columns(run.manifest)
    if not columns:
        return pl.DataFrame(schema={"game": pl.Int64, "round": pl.Int64})
    codes = {label: value for value, label in value_labels(run.manifest, columns[0][1]).items()}
    if card not in codes:
        return pl.DataFrame(schema={"game": pl.Int64, "round": pl.Int64})
    frames = [run.rows.filter(pl.col(column) == codes[card]).select("game", pl.lit(number).alias("round")).unique()
              for number, column in columns]  # fmt: skip
    return pl.concat(frames).collect().group_by("game").agg(pl.col("round").min()).sort("game")


def paired_quality(base: Run, arm: Run) -> pl.DataFrame:
    """Paired game-quality differences of ``arm`` against ``base`` (same deals), with the effect on
    the player trailing when a forced card came up when the arm has trajectories."""
    base_trajectories, base_decisions = measures.load_records(base.path)
    arm_trajectories, arm_decisions = measures.load_records(arm.path)
    base_results, arm_results = results_frame(base), results_frame(arm)
    table = measures.paired_measures(base_results, arm_results, base_trajectories, arm_trajectories,
                                     base_decisions, arm_decisions)  # fmt: skip
    forced = arm.manifest.get("force_events") or []
    if len(forced) == 1 and arm_trajectories is not None:
        effect = measures.trailing_player_effect(base_results, arm_results, arm_trajectories, card_rounds(arm, forced[0]))
        if effect["n"]:
            table = pl.concat([table, pl.DataFrame([{
                "key": "trailing", "measure": "win rate of the player trailing when the card came up", "unit": "pp",
                "baseline": effect["baseline"], "variant": effect["variant"], "difference": effect["estimate"],
                "low": effect["low"], "high": effect["high"], "games": int(effect["n"]), "chance": math.nan}])], how="vertical_relaxed")  # fmt: skip
    return table


def effect_order(table: pl.DataFrame) -> pl.DataFrame:
    """Rows by effect size: the difference in interval half-widths, largest first (n/a last)."""
    half = (pl.col("high") - pl.col("low")) / 2
    size = pl.when(half > 0).then(pl.col("difference").abs() / half).otherwise(pl.col("difference").abs() * 1e9)
    return table.with_columns(size.fill_nan(None).alias("_size")).sort("_size", descending=True, nulls_last=True).drop("_size")
