"""Paired comparison of rule setups (variants, forced or excluded events) on the same deals.

Runs with the same seed play the same deals (common random numbers), so the effect of a
variant on any per-game measure is estimated by the mean of the per-game differences, with
a paired 95% interval.  All differences of one comparison form one family for the Holm
correction; the verdict says which survive, and plainly when a difference is not
distinguishable from zero.  When a setup produced exactly the baseline's games (every result
of every deal equal), that is said instead: the strategies never read or use what it changes
(or, for an excluded event card, the card never came up), which is not "no effect" of the rule.
"""

from __future__ import annotations

from collections import Counter

import polars as pl

from simulator.analysis.stats import coverage, intervals as stats
from simulator.analysis.stats.runs import NULL_SETUP, Run, check_paired, lineup_key, measures, per_game, setup_key, setup_label
from simulator.core.engine.registry import UsageError


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
    lineups = Counter(lineup_key(run.manifest) for run in baseline)
    if Counter(lineup_key(run.manifest) for run in arm) != lineups:
        raise UsageError(f"'{label}' was not played with the same lineups as the baseline; compare like with like")


IDENTICAL = "identical games"
"""Verdict of every measure of a setup whose games equal the baseline's."""
GAMES_PER_SLICE = 100_000
"""Games compared at a time by :func:`same_games` (bounds its memory)."""


def _paired_runs(baseline: list[Run], arm: list[Run]) -> list[tuple[Run, Run]]:
    """Each run of ``arm`` with the baseline run of the same lineup (single runs: with each other)."""
    if len(baseline) == 1 and len(arm) == 1:
        return [(baseline[0], arm[0])]
    by_lineup = {lineup_key(run.manifest): run for run in baseline}
    return [(by_lineup[lineup_key(run.manifest)], run) for run in arm]


def same_games(first: Run, second: Run) -> bool:
    """Whether two runs on the same deals produced the same games: every row, every result column
    equal (the strategy names aside, so two lineups can be found to play identically)."""
    columns = [name for name in first.rows.collect_schema().names() if name != "strategy"]
    if columns != [name for name in second.rows.collect_schema().names() if name != "strategy"]:
        return False
    games = int(first.manifest["n"])
    for start in range(0, games, GAMES_PER_SLICE):
        in_slice = pl.col("game").is_between(start, start + GAMES_PER_SLICE, closed="left")
        left, right = (run.rows.filter(in_slice).select(columns).sort("game", "seat").collect() for run in (first, second))
        if not left.equals(right):
            return False
    return True


def identical_to_baseline(baseline: list[Run], arm: list[Run]) -> bool:
    """Whether every run of ``arm`` produced exactly the games of its baseline run."""
    return all(same_games(base, other) for base, other in _paired_runs(baseline, arm))


def compare_groups(baseline: list[Run], arms: list[tuple[str, list[Run]]]) -> pl.DataFrame:
    """One row per (arm, measure): baseline and arm means, paired difference, interval, p, Holm.

    Every arm is paired with the baseline deal by deal (same seed and n, same lineups; several
    lineups of one setup are averaged per deal first, so the deal stays the unit).  Refuses
    runs that are not paired (other game, player count, seed, n or lineups).  Column
    ``identical_games`` says whether the arm produced exactly the baseline's games; the verdict
    of its rows is then :data:`IDENTICAL`, and ``excluded_never_seen`` names the cards it excludes
    that never came up in the baseline (the reason, when that is it).
    """
    for label, members in arms:
        check_arm(baseline, members, label)
    base_games = deal_means(baseline)
    rows = []
    for label, members in arms:
        identical = identical_to_baseline(baseline, members)
        unused = ", ".join(excluded_cards_never_seen(baseline, members)) if identical else ""
        joined = base_games.join(deal_means(members), on="game", suffix="__arm")
        for measure in measures(baseline[0].manifest):
            paired = joined.select(measure.column, f"{measure.column}__arm").drop_nulls()
            if stats.is_constant(paired[measure.column].to_numpy(), paired[f"{measure.column}__arm"].to_numpy()):
                continue  # the same value in every game of both setups (e.g. one First Player tile): nothing to test
            result = stats.paired_difference(paired[measure.column].to_numpy(), paired[f"{measure.column}__arm"].to_numpy())
            rows.append({"arm": label, "measure": measure.label, "column": measure.column, "unit": measure.unit,
                         "games": result["n"], "baseline": result["baseline"], "variant": result["variant"],
                         "difference": result["estimate"], "low": result["low"], "high": result["high"],
                         "p": result["p"], "identical_games": identical,
                         "excluded_never_seen": unused or None})  # fmt: skip
    table = with_holm(pl.DataFrame(rows))
    if table.is_empty():
        return table.with_columns(pl.lit(None, dtype=pl.Boolean).alias("identical_games"),
                                  pl.lit(None, dtype=pl.String).alias("excluded_never_seen"))  # fmt: skip
    return table.with_columns(
        pl.when(pl.col("identical_games")).then(pl.lit(IDENTICAL)).otherwise(pl.col("verdict")).alias("verdict")
    )


def paired_column(baseline: list[Run], arm: list[Run], column: str) -> dict | None:
    """The paired difference of one measure between two setups on the same deals (``estimate``,
    ``low``, ``high``), None when the runs do not measure it.  A measure with the same value in
    every game of both (no game stalls under either, say) differs by exactly 0, interval [0, 0]:
    :func:`compare_groups` leaves such a measure out of its table, as there is nothing to test."""
    check_arm(baseline, arm, "arm")
    joined = deal_means(baseline).join(deal_means(arm), on="game", suffix="__arm")
    if column not in joined.columns:
        return None
    paired = joined.select(column, f"{column}__arm").drop_nulls()
    before, after = paired[column].to_numpy(), paired[f"{column}__arm"].to_numpy()
    if stats.is_constant(before, after):
        return {"estimate": 0.0, "low": 0.0, "high": 0.0}
    result = stats.paired_difference(before, after)
    return {"estimate": result["estimate"], "low": result["low"], "high": result["high"]}


def provenance_notes(baseline: Run, others: list[Run]) -> list[str]:
    """What besides the setup differs between the baseline and each compared run, one line each:
    the rule values (``first_player_bonus: 5 -> 2``) and whether other game code or other player
    parameters played it (then its differences mix that change in: said, never silent)."""
    notes = []
    base = baseline.manifest
    for other in others:
        manifest = other.manifest
        name = other.path.name
        changed = _rule_values(manifest)
        before = _rule_values(base)
        moved = [f"{key}: {_shown(before.get(key, value_of_default(manifest, key)))} -> {_shown(changed.get(key, value_of_default(base, key)))}"
                 for key in sorted(set(changed) | set(before)) if changed.get(key) != before.get(key)]  # fmt: skip
        if moved:
            notes.append(f"{name}: rules differ from the baseline's: {'; '.join(moved)}")
        for key, what in (("code_fingerprint", "other game code (an engine or a strategy changed between the runs)"),
                          ("players_fingerprint", "other player parameters (a parameter file or search default changed)")):
            if base.get(key) != manifest.get(key):
                notes.append(f"{name}: played by {what}; its differences include that change, not only the setup's")
        if base.get("rules_fingerprint") and manifest.get("rules_fingerprint") and not moved \
                and base.get("rules_fingerprint") != manifest.get("rules_fingerprint") \
                and base.get("variants") == manifest.get("variants"):  # fmt: skip
            notes.append(f"{name}: played with other default rule values (the game's data changed between the runs)")
    return notes


def _rule_values(manifest: dict) -> dict:
    return {name: entry.get("value") for name, entry in (manifest.get("rules_changed") or {}).items()}


def value_of_default(manifest: dict, key: str):
    """The default a manifest records for a changed rule value (``None`` when it changed nothing)."""
    entry = (manifest.get("rules_changed") or {}).get(key)
    return entry.get("default") if entry else None


def _shown(value) -> str:
    if value is None:
        return "default"
    return "own file" if isinstance(value, (list, dict)) else str(value)


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


def identical_text(arm: str, games: int, unused_cards: str | None = None) -> str:
    """The sentence for a setup whose games equal the baseline's, with the reason when known."""
    if arm.startswith(NULL_SETUP):
        reason = ("the players never made a random choice (no tie between equal options, no random move): with the "
                  "deal fixed, these players' games are fixed, so any winner change under a setup is caused by it")  # fmt: skip
    elif unused_cards:
        reason = (f"event card{'s' if ',' in unused_cards else ''} {unused_cards} never came up in the "
                  "baseline's games, so taking it out changes nothing")  # fmt: skip
    else:
        reason = "no strategy reads or uses what this setup changes: a finding about the strategies, not the rules"
    return f"{arm}: this setup and the baseline produced identical games in all {games:,} deals ({reason})."


def excluded_cards_never_seen(baseline: list[Run], arm: list[Run]) -> list[str]:
    """The cards ``arm`` excludes beyond the baseline that never came up in the baseline's games
    (empty when some did, or when the arm excludes none)."""
    excluded = [card for card in arm[0].manifest.get("exclude_events", [])
                if card not in baseline[0].manifest.get("exclude_events", [])]  # fmt: skip
    never = coverage.cards_never_seen(baseline, excluded)
    return never if excluded and len(never) == len(excluded) else []


def comparison_summary(table: pl.DataFrame) -> list[str]:
    """One sentence per arm: that it produced the baseline's games exactly (and why, when the
    results tell), else the win-rate, score, length and margin effects that survive Holm (or
    that none does), then how many of the game's own measures moved."""
    lines = []
    for arm in table["arm"].unique(maintain_order=True).to_list():
        part = table.filter(pl.col("arm") == arm)
        if part["identical_games"].all():
            lines.append(identical_text(arm, int(part["games"].max()), part["excluded_never_seen"][0]))
            continue
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
