"""Rule coverage (``islandsim coverage``): how often each rule, card and option came into play.

Read off the rule counters and decision statistics the engine records in every run
(:mod:`simulator.core.store.records`): for every rule id of the game's checklist, card kind and
variant branch, how often it fired per game and in what share of games it fired at least once,
flagging those that never fired or fired in under 0.1% of games; and for every decision kind how
often it was asked per game and how many options it offered on average (the branching factor).
A designer sees dead rules; we see branches that neither the strategies nor the tests reach.

This sits beside :mod:`simulator.analysis.stats.coverage`, which reads what never happened off the
result columns (for games that record no counters, and for labelled result values).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simulator.core.store import recorded, records
from simulator.core.engine.registry import UsageError, get_game
from simulator.core.store.results import scan_run
from simulator.core.run.tables import Column, Table

RARE_SHARE = 0.001
"""A rule that fired in fewer than this share of games (0.1%) is flagged as rare."""
NEVER = "never fired"
RARE = "under 0.1% of games"
NEVER_ASKED = "never asked"
VARIANT_OFF = "variant not played"
VARIANT_PREFIX = "variant:"


@dataclass(frozen=True)
class Coverage:
    """The coverage of one or more runs of one game and player count."""

    game: str
    title: str
    players: int
    games: int
    setups: list[str]
    rules: pl.DataFrame  # rule, label, fired, per_game, games_fired, share, flag
    decisions: pl.DataFrame  # decision, asked, options, asked_per_game, mean_options, flag


def _setup_text(manifest: dict) -> str:
    variants = ", ".join(manifest.get("variants", [])) or "no variant"
    return f"{', '.join(manifest['lineup'])} ({variants})"


def rule_coverage(run_dirs: list[Path]) -> Coverage:
    """The coverage of the complete runs in ``run_dirs`` (one game and player count, pooled);
    :class:`UsageError` when they record no counters, saying why."""
    if not run_dirs:
        raise UsageError("give at least one run folder")
    frames, manifests = [], []
    for run_dir in run_dirs:
        found = recorded.scan_records(Path(run_dir))
        if found is None:
            manifest, _ = scan_run(Path(run_dir))
            reason = records.records_missing_reason(get_game(manifest["game"]))
            raise UsageError(f"{run_dir} holds no rule counters: "
                             + (reason or "it was played before islandsim recorded them; play it again"))  # fmt: skip
        manifests.append(found[0])
        frames.append(found[1])
    first = manifests[0]
    entry = first[records.MANIFEST_KEY]
    for run_dir, manifest in zip(run_dirs, manifests):
        if (manifest["game"], manifest["players"]) != (first["game"], first["players"]):
            raise UsageError(f"{run_dir} is a {manifest['players']}-player {manifest['game']} run, not "
                             f"{first['players']}-player {first['game']} like {run_dirs[0]}; pool runs of one game "
                             "and player count")  # fmt: skip
        if manifest[records.MANIFEST_KEY]["rule_ids"] != entry["rule_ids"]:
            raise UsageError(f"{run_dir} records other rule counters than {run_dirs[0]} (another islandsim version)")
    spec = get_game(first["game"])
    labels = spec.forward.rule_labels if spec.forward is not None else {}
    rules = records.rule_coverage(frames, entry["rule_ids"])
    played = sorted({VARIANT_PREFIX + name for manifest in manifests for name in manifest.get("variants", [])})
    games = int(rules["games"][0]) if rules.height else sum(int(m["n"]) for m in manifests)
    rules = rules.with_columns(
        pl.col("rule").replace_strict(labels, default="", return_dtype=pl.Utf8).alias("label"),
        (pl.col("fired") / pl.col("games")).alias("per_game"),
        (pl.col("games_fired") / pl.col("games")).alias("share"),
    ).with_columns(
        pl.when(pl.col("rule").str.starts_with(VARIANT_PREFIX) & ~pl.col("rule").is_in(played))
        .then(pl.lit(VARIANT_OFF))
        .when(pl.col("games_fired") == 0).then(pl.lit(NEVER))
        .when(pl.col("share") < RARE_SHARE).then(pl.lit(RARE))
        .otherwise(pl.lit("")).alias("flag")
    ).select("rule", "label", "fired", "per_game", "games_fired", "share", "flag")  # fmt: skip
    decisions = records.decision_summary(frames, entry["decision_kinds"]).with_columns(
        (pl.col("asked") / pl.col("games")).alias("asked_per_game"),
        pl.when(pl.col("asked") > 0).then(pl.col("options") / pl.col("asked")).otherwise(None).alias("mean_options"),
        pl.when(pl.col("asked") == 0).then(pl.lit(NEVER_ASKED)).otherwise(pl.lit("")).alias("flag"),
    ).select("decision", "asked", "options", "asked_per_game", "mean_options", "flag")
    setups = list(dict.fromkeys(_setup_text(manifest) for manifest in manifests))
    return Coverage(first["game"], spec.title, int(first["players"]), games, setups, rules, decisions)


def summary_lines(coverage: Coverage) -> list[str]:
    """The sentences above the tables: what was measured, and the rules flagged."""
    never = coverage.rules.filter(pl.col("flag") == NEVER)["rule"].to_list()
    rare = coverage.rules.filter(pl.col("flag") == RARE)["rule"].to_list()
    lines = [f"{coverage.title}, {coverage.players} players, {coverage.games:,} games: {'; '.join(coverage.setups)}"]
    lines.append(f"never fired ({len(never)}): {', '.join(never) or 'none'}")
    lines.append(f"fired in under 0.1% of games ({len(rare)}): {', '.join(rare) or 'none'}")
    off = coverage.rules.filter(pl.col("flag") == VARIANT_OFF).height
    if off:
        lines.append(f"{off} variant branches belong to variants these runs did not play (flagged '{VARIANT_OFF}')")
    return lines


def _rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3g}"


def _share(value: float) -> str:
    return f"{100 * value:.1f}%" if value == 0 or value >= 0.001 else f"{100 * value:.3f}%"


def rules_table(coverage: Coverage) -> Table:
    """One row per rule id, card and variant branch."""
    return Table([
        Column("id", "rule"),
        Column("rule", "label"),
        Column("fired per game", "per_game", _rate),
        Column("games where it fired", "share", _share),
        Column("flag", "flag"),
    ], coverage.rules.to_dicts())  # fmt: skip


def decisions_table(coverage: Coverage) -> Table:
    """One row per decision kind: asked per game and the mean options offered (branching factor)."""
    return Table([
        Column("decision", "decision"),
        Column("asked per game", "asked_per_game", _rate),
        Column("mean options", "mean_options", _rate),
        Column("flag", "flag"),
    ], coverage.decisions.to_dicts())  # fmt: skip


def as_json(coverage: Coverage, run_dirs: list[Path]) -> dict:
    """The coverage as JSON-ready data (rates as fractions, counts as totals)."""
    return {
        "game": coverage.game,
        "players": coverage.players,
        "games": coverage.games,
        "setups": coverage.setups,
        "rare_share": RARE_SHARE,
        "rules": coverage.rules.to_dicts(),
        "decisions": coverage.decisions.to_dicts(),
        "runs": [str(path) for path in run_dirs],
    }
