"""Reading back what a complete run recorded besides its results (:mod:`simulator.core.store.records`).

The record files are trusted exactly as the results are: the run folder is checked and every
file's checksum verified (:func:`simulator.core.store.results.verify_parts`) before any of it is
read.  Kept apart from :mod:`~simulator.core.store.records`, which the results writer uses, so
that the store's modules import each other one way only (records -> checks -> results -> here).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from simulator.core.engine.registry import UsageError
from simulator.core.engine.seats import FIRST_SEAT
from simulator.core.store.records import (
    ASKED_PREFIX, MANIFEST_KEY, OPTIONS_PREFIX, RULE_PREFIX, STANDING_PREFIX, part_file, recorded_plan,
)
from simulator.core.store.results import scan_run, verify_parts


def _part_files(run_dir: Path, part: str) -> tuple[dict, list[str]] | None:
    """The manifest and the verified ``part`` files of a complete run, or ``None`` when it has none."""
    run_dir = Path(run_dir)
    manifest, _ = scan_run(run_dir)
    if part not in recorded_plan(manifest).parts():
        return None
    files = []
    for chunk in manifest["chunks"]:
        problem = verify_parts(run_dir, manifest, chunk)
        if problem is not None:
            raise UsageError(f"{run_dir}: chunk {chunk['index']}'s {problem}; islandsim run --resume {run_dir} "
                             "plays its games again")  # fmt: skip
        files.append(str(run_dir / part_file(part, chunk["index"])))
    return manifest, files


def scan_records(run_dir: Path) -> tuple[dict, pl.LazyFrame] | None:
    """The manifest and a lazy frame over the ``records`` files (one row per game, wide: ``game``,
    ``rule:<id>``, ``asked:<kind>``, ``options:<kind>``); ``None`` when the run has none."""
    found = _part_files(run_dir, "records")
    if found is None:
        return None
    manifest, files = found
    return manifest, pl.scan_parquet(files)


def load_rule_counts(run_dir: Path, wide: bool = False) -> pl.DataFrame | None:
    """How often each rule fired in each game of a run: long format, columns ``game``, ``rule``
    (the rule id, an ``Enum`` in the game's order), ``count`` (times it fired in that game, 0
    included).  ``wide=True``: one row per game, ``game`` and a column per rule id (far smaller
    for large runs).  ``None`` when the run recorded no counters (an older folder, or a game whose
    engine records none)."""
    found = scan_records(run_dir)
    if found is None:
        return None
    manifest, frame = found
    rules = manifest[MANIFEST_KEY]["rule_ids"]
    table = frame.select(["game"] + [pl.col(RULE_PREFIX + rule).alias(rule) for rule in rules]).collect()
    if wide:
        return table.sort("game")
    return (
        table.unpivot(index="game", on=rules, variable_name="rule", value_name="count")
        .with_columns(pl.col("rule").cast(pl.Enum(rules)))
        .sort("game", "rule")
    )


def load_decision_stats(run_dir: Path) -> pl.DataFrame | None:
    """Decisions per game and kind: columns ``game``, ``decision`` (the kind's name, an ``Enum``),
    ``asked`` (decisions a strategy was asked; a single-option decision is never asked) and
    ``options`` (options those decisions offered in total; ``options / asked`` is the branching
    factor).  ``None`` when the run recorded none."""
    found = scan_records(run_dir)
    if found is None:
        return None
    manifest, frame = found
    kinds = manifest[MANIFEST_KEY]["decision_kinds"]
    parts = [
        frame.select(
            "game",
            pl.lit(kind).cast(pl.Enum(kinds)).alias("decision"),
            pl.col(ASKED_PREFIX + kind).alias("asked"),
            pl.col(OPTIONS_PREFIX + kind).alias("options"),
        )
        for kind in kinds
    ]
    return pl.concat(parts).collect().sort("game", "decision")


def load_trajectories(run_dir: Path) -> pl.DataFrame | None:
    """Every seat's provisional standing at each checkpoint of each game: columns ``game``,
    ``checkpoint`` (0.., one per ``checkpoint_unit`` of the manifest's ``records`` entry, e.g.
    after each trick; the last one holds the final scores), ``seat`` (1..P), ``standing``.
    ``None`` when the run was played without ``--trajectories``."""
    found = _part_files(run_dir, "trajectories")
    if found is None:
        return None
    manifest, files = found
    seats = [f"{STANDING_PREFIX}{FIRST_SEAT + seat}" for seat in range(int(manifest["players"]))]
    return (
        pl.read_parquet(files)
        .unpivot(index=["game", "checkpoint"], on=seats, variable_name="seat", value_name="standing")
        .with_columns(pl.col("seat").str.strip_prefix(STANDING_PREFIX).cast(pl.Int8))
        .select("game", "checkpoint", "seat", "standing")
        .sort("game", "checkpoint", "seat")
    )
