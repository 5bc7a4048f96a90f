"""Reading run folders for analysis, and the per-game measures every analysis uses.

A run is refused (one-line :class:`UsageError`) when it is missing, not an islandsim run,
of another results-schema version, damaged (see :func:`simulator.core.store.results.scan_run`),
or incomplete.  Runs analysed together must be of the same game and player count; paired
comparisons also need the same seed (see :func:`check_paired`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simulator.core.engine import registry
from simulator.core.store import results
from simulator.core.engine.registry import UsageError
from simulator.core.engine.seats import FIRST_SEAT
from simulator.core.players import stream_salt
from simulator.core.engine.rule_settings import rules_label
from simulator.core.store.results import RULES_KEY

EVENT_COLUMN = re.compile(r"^event_(\d+)$")
"""Game columns holding the event card of round N (Loot Island's ``event_1`` .. ``event_5``)."""
HEADLINE_COLUMNS = ("eliminated", "eliminations", "curse_cubes", "curses")
"""Game-specific quantities shown first (forest plots, summaries) when a game has them."""
RUN_SETTINGS = ("force_events", "exclude_events")
"""Manifest keys of run settings beyond variants that a label shows when present."""
RESULT_COLUMNS = frozenset({"game", "seat", "strategy", "winner"})
"""Columns the results writer adds; a game column of the same name would overwrite them."""


@dataclass(frozen=True)
class Run:
    """One complete run folder: its manifest and a lazy frame of its tidy rows."""

    path: Path
    manifest: dict
    rows: pl.LazyFrame

    @property
    def label(self) -> str:
        """A short description: lineup and variants."""
        return run_label(self.manifest)

    @property
    def players(self) -> int:
        return int(self.manifest["players"])


NULL_SETUP = "null setup: same rules, another strategy stream"
"""The label of a run whose every seat plays ``+stream=N`` (:mod:`simulator.core.players.stream_salt`):
the baseline's rules and players, other random choices; its winner-change rate is pure chaos."""


def lineup_stream(manifest: dict) -> int:
    """The salt every seat of the run's lineup plays (``greedy+stream=1``), 0 when not all do."""
    salts = {stream_salt.stream_of(name) for name in manifest.get("lineup", [])}
    return salts.pop() if len(salts) == 1 else 0


ADAPTED_FILE = re.compile(r"^(?P<strategy>[^@]+)@.*[/\\]adapted[/\\][^/\\]+-\d+p-[^/\\]+-[0-9a-f]{12}\.toml(?P<settings>\+.*)?$")
"""A strategy played with the weights adapted to its run's setup, as a manifest records it
(``greedy@<store>/adapted/loot-4p-greedy-<hash>.toml``, ``islandsim adapt``)."""


def lineup_key(manifest: dict) -> tuple[str, ...]:
    """The run's lineup without the ``+stream=N`` of a null setup: the players it pairs with.  A
    strategy adapted to each setup is the same player in every setup (``greedy@adapted``), whichever
    file of weights its setup gave it."""
    return tuple(stream_salt.name_without_stream(_adapted_as_asked(name)) for name in manifest.get("lineup", []))


def _adapted_as_asked(name: str) -> str:
    """``greedy@adapted`` for a name that plays a file of adapted weights, else ``name``."""
    match = ADAPTED_FILE.match(name)
    return f"{match['strategy']}@adapted{match['settings'] or ''}" if match else name


def setup_label(manifest: dict) -> str:
    """The rule setup of a run: its variants (``baseline`` when none) and event settings; a lineup
    playing another strategy stream is the null setup (:data:`NULL_SETUP`)."""
    parts = list(manifest.get("variants", []))
    rules = manifest.get(RULES_KEY) or {}
    if rules:
        parts.append(rules_label(results.manifest_rules(manifest)))
    setup = "+".join(parts) or "baseline"
    for key in RUN_SETTINGS:
        if manifest.get(key):
            setup += f" {key.replace('_', ' ')}: {'+'.join(map(str, manifest[key]))}"
    salt = lineup_stream(manifest)
    if salt:
        setup = NULL_SETUP + (f" {salt}" if salt != 1 else "") + ("" if setup == "baseline" else f" ({setup})")
    return setup


def setup_key(manifest: dict) -> tuple:
    """What makes two runs the same setup (lineup aside): the rules, and the strategy stream."""
    return ((tuple(manifest.get("variants", [])),) + tuple(tuple(manifest.get(key) or ()) for key in RUN_SETTINGS)
            + (lineup_stream(manifest), results.manifest_rules(manifest)))  # fmt: skip


def is_null_setup(manifest: dict) -> bool:
    """Whether the run is a null setup (every seat another strategy stream)."""
    return lineup_stream(manifest) != 0


def run_label(manifest: dict) -> str:
    """``setup | lineup`` as a short human label."""
    lineup = manifest.get("lineup", [])
    lineup_text = f"all {lineup[0]}" if lineup and len(set(lineup)) == 1 else ", ".join(lineup)
    return f"{setup_label(manifest)} | {lineup_text}"


def check_column_names(game_columns, seat_columns, where: str) -> None:
    """Refuse a game whose column is named like a results column (its values would overwrite it)."""
    clashes = sorted(RESULT_COLUMNS & (set(game_columns) | set(seat_columns)))
    if clashes:
        raise UsageError(
            f"{where}: the game's column '{clashes[0]}' has the name of a results column, so the stored "
            f"'{clashes[0]}' values are not the results writer's; the engine must rename it"
        )


def load_run(path: Path | str) -> Run:
    """Open a complete run folder, or raise :class:`UsageError` naming what is wrong."""
    path = Path(path)
    manifest, rows = results.scan_run(path)
    status = manifest.get("status")
    done = sum(int(chunk["games"]) for chunk in manifest["chunks"])
    check_column_names(manifest["game_columns"], manifest["seat_columns"], str(path))
    if status != "complete" or done != int(manifest["n"]):
        raise UsageError(
            f"{path} is incomplete (status {status}, {done:,} of {int(manifest['n']):,} games); "
            "re-run it before analysing"
        )
    return Run(path, manifest, rows)


def expand_run_paths(paths: list[Path | str]) -> list[Path]:
    """Run folders given directly, or the run folders directly inside a study folder."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir() and not (path / results.MANIFEST).exists():
            inner = sorted(child for child in path.iterdir() if (child / results.MANIFEST).exists())
            if inner:
                found.extend(inner)
                continue
        found.append(path)
    return found


def check_same_game(runs: list[Run]) -> None:
    """Refuse runs of different games or player counts (they cannot be pooled or compared)."""
    first = runs[0].manifest
    for run in runs[1:]:
        for key in ("game", "players"):
            if run.manifest[key] != first[key]:
                raise UsageError(
                    f"{run.path} is a {run.manifest[key]} run but {runs[0].path} is {first[key]} "
                    f"({key} differs); analyse runs of one game and player count together"
                )


def check_paired(baseline: Run, other: Run) -> None:
    """Refuse a paired comparison of runs that did not play the same deals."""
    check_same_game([baseline, other])
    if baseline.manifest["seed"] != other.manifest["seed"]:
        raise UsageError(
            f"{other.path} has seed {other.manifest['seed']} but {baseline.path} has seed "
            f"{baseline.manifest['seed']}; a paired comparison needs runs with the same seed"
        )
    if baseline.manifest["n"] != other.manifest["n"]:
        raise UsageError(
            f"{other.path} has {other.manifest['n']:,} games but {baseline.path} has "
            f"{baseline.manifest['n']:,}; a paired comparison needs runs of the same n"
        )


def game_spec_or_none(manifest: dict):
    """The registered spec of the run's game, or ``None`` when this install lacks that game."""
    try:
        return registry.get_game(manifest["game"])
    except UsageError:
        return None


def categorical_columns(manifest: dict) -> list[str]:
    """Game columns that hold labels (event cards...) rather than quantities."""
    spec = game_spec_or_none(manifest)
    labelled = set(spec.column_labels) if spec is not None else set()
    return [name for name in manifest["game_columns"] if name in labelled or EVENT_COLUMN.match(name)]


def event_columns(manifest: dict) -> list[tuple[int, str]]:
    """``(round, column)`` of every per-round event column, in round order."""
    found = [(int(match.group(1)), name) for name in manifest["game_columns"] if (match := EVENT_COLUMN.match(name))]
    return sorted(found)


def value_labels(manifest: dict, column: str) -> dict[int, str]:
    """Labels of the values of a categorical column (from the game's ``column_labels``)."""
    spec = game_spec_or_none(manifest)
    if spec is None or column not in spec.column_labels:
        return {}
    return dict(enumerate(spec.column_labels[column]))


def extra_seat_columns(manifest: dict) -> list[str]:
    """The game's own per-seat quantities (beyond score and rank).

    A name that is also a game column is left out (the results file holds one column per name,
    the per-game one), and so is a column with value labels (a card id, not a quantity) or one
    naming a seat (``seat_number_columns``: who, not how many)."""
    spec = game_spec_or_none(manifest)
    shared = set(manifest["game_columns"]) | (set(spec.column_labels) if spec is not None else set())
    shared |= set(seat_number_columns(manifest))
    return _headline_first([name for name in manifest["seat_columns"] if name not in ("score", "rank") and name not in shared])


def quantity_game_columns(manifest: dict) -> list[str]:
    """The game's own per-game quantities (not the length, not categorical columns)."""
    skip = set(categorical_columns(manifest)) | {manifest.get("length_column", "length")} | set(seat_number_columns(manifest))
    return _headline_first([name for name in manifest["game_columns"] if name not in skip])


def seat_number_columns(manifest: dict) -> list[str]:
    """Game columns holding a seat number (who won, who started), not a quantity: never averaged."""
    return list(manifest.get("seat_number_columns", ()))


def seats(manifest: dict) -> range:
    """The seat numbers of a run as users read them and the ``seat`` column holds them: 1..P."""
    return range(FIRST_SEAT, FIRST_SEAT + int(manifest["players"]))


def _headline_first(names: list[str]) -> list[str]:
    return sorted(names, key=lambda name: (name not in HEADLINE_COLUMNS, names.index(name)))


@dataclass(frozen=True)
class Measure:
    """A per-game quantity compared between runs: column name in :func:`per_game`, label, unit."""

    column: str
    label: str
    unit: str  # "pp" for rates (0/1 per game), "" for means


def measures(manifest: dict) -> list[Measure]:
    """The measures of a paired comparison: per-seat win rates, score, length, ties, margin, game's own."""
    found = [Measure(f"win_seat_{seat}", f"win rate, seat {seat}", "pp") for seat in seats(manifest)]
    found += [
        Measure("mean_score", "mean score, all seats (points)", ""),
        Measure("length", f"game length ({manifest['length_unit']})", ""),
        Measure("shared_win", "shared first place", "pp"),
        Measure("margin", "margin of victory (points)", ""),
    ]
    found += [Measure(f"seat.{name}", f"{readable(name)} per seat", "") for name in extra_seat_columns(manifest)]
    found += [CAPPED_MEASURE if name == "capped" else Measure(f"game.{name}", f"{readable(name)} per game", "")
              for name in quantity_game_columns(manifest)]  # fmt: skip
    return found


CAPPED_MEASURE = Measure("game.capped", "capped games (stopped by the stall cap, no winner)", "pp")
"""The core's stall convention (``GameSpec.stall_cap``): the share of games a cap stopped."""


def readable(column: str) -> str:
    """A result column's name as a reader sees it: ``curse_cubes`` -> ``curse cubes``."""
    return column.replace("_", " ")


def shorten(label: str, width: int = 40) -> str:
    """A label for a chart axis: its start, ending in an ellipsis when cut (``B9 forced (Using a Small…``)."""
    return label if len(label) <= width else label[: width - 1].rstrip() + "…"


def per_game(run: Run) -> pl.DataFrame:
    """One row per game, sorted by game index, with every measure of :func:`measures` and the
    categorical columns (event cards).  The game's own columns are prefixed ``seat.`` (mean
    over seats) and ``game.`` so that they never collide with the derived measures.  ``margin`` is the winner's score minus the best score
    of the other ranked seats (0 on a shared win, null when nobody won; eliminated seats, rank 0,
    do not count)."""
    manifest = run.manifest
    length = manifest.get("length_column", "length")
    winner_score = pl.col("score").filter(pl.col("rank") == 1).max()
    other_score = pl.col("score").filter(pl.col("rank") > 1).max()
    aggregates = [
        pl.col("winner").filter(pl.col("seat") == seat).first().cast(pl.Float64).alias(f"win_seat_{seat}")
        for seat in seats(manifest)
    ]
    aggregates += [
        pl.col("score").filter(pl.col("seat") == seat).first().cast(pl.Float64).alias(f"score_seat_{seat}")
        for seat in seats(manifest)
    ]
    aggregates += [
        pl.col("score").mean().alias("mean_score"),
        pl.col(length).first().cast(pl.Float64).alias("length"),
        (pl.col("winner").sum() > 1).cast(pl.Float64).alias("shared_win"),
        pl.col("winner").sum().alias("winners"),
        pl.when(pl.col("winner").sum() == 0)
        .then(None)
        .when(pl.col("winner").sum() > 1)
        .then(0)
        .otherwise(winner_score - other_score.fill_null(0))
        .cast(pl.Float64)
        .alias("margin"),
    ]
    aggregates += [pl.col(name).cast(pl.Float64).mean().alias(f"seat.{name}") for name in extra_seat_columns(manifest)]
    aggregates += [pl.col(name).first().cast(pl.Float64).alias(f"game.{name}") for name in quantity_game_columns(manifest)]
    aggregates += [pl.col(name).first().alias(f"game.{name}") for name in categorical_columns(manifest)]
    return run.rows.group_by("game").agg(aggregates).sort("game").collect()
