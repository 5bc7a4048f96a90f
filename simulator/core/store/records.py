"""What the engine records besides the result: rule counters, decision statistics, score trajectories.

``docs/engine-contract.md`` ("What the engine records besides the result") says what a game
records; this module stores it in the run folder, beside each chunk (reading it back from a complete
run: :mod:`simulator.core.store.recorded`):

- ``chunks/records-NNNNNN.parquet`` (always, for a game that records): one row per game, the
  column ``game``, a column ``rule:<id>`` per rule counter (times the rule fired in the game),
  and per decision kind ``asked:<kind>`` (decisions asked) and ``options:<kind>`` (options they
  offered in total);
- ``chunks/trajectories-NNNNNN.parquet`` (only when the run asked for them, ``--trajectories``):
  one row per game and checkpoint: ``game``, ``checkpoint`` (0..) and ``standing:<seat>`` for
  seats 1..P (the provisional standing, defined in the game's doc); :func:`load_trajectories`
  gives one row per seat (a quarter of the rows on disk write three times faster).

Both carry the chunk's metadata (configuration and game range) like the chunk itself, and their
checksums are in the chunk's manifest entry (``records_sha256``, ``trajectories_sha256``), so
that they are trusted exactly as the results are.  The manifest's ``records`` entry says what the
run records; a folder written before this existed has none and records nothing, and an extended
or resumed run keeps recording what its folder records (never a mix).

A game without the records (no forward model, or ``ForwardModel.play_chunk_recording`` missing;
every shipped game has them) records nothing; the loaders then return ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import polars as pl

from simulator.core.engine.registry import GameSpec, UsageError
from simulator.core.engine.seats import FIRST_SEAT

RULE_PREFIX = "rule:"
ASKED_PREFIX = "asked:"
OPTIONS_PREFIX = "options:"
STANDING_PREFIX = "standing:"
CHUNKS = "chunks"
"""The folder of a run that holds the chunks and the records beside them."""
PARTS = ("records", "trajectories")
"""The files stored beside a chunk, by part name; a chunk entry holds ``<part>_sha256`` for each."""
PART_NAME = re.compile(r"^(records|trajectories)-(\d{6,})\.parquet$")
MANIFEST_KEY = "records"


def part_file(part: str, index: int) -> str:
    """The file of ``part`` ("records" or "trajectories") of chunk ``index``, relative to the run folder."""
    return f"{CHUNKS}/{part}-{index:06d}.parquet"


def sha_key(part: str) -> str:
    """The chunk-entry key holding the checksum of ``part``."""
    return f"{part}_sha256"


@dataclass(frozen=True)
class RecordPlan:
    """What a run records besides the results: the rule counters and decision statistics
    (``counters``), the score trajectories (``trajectories``)."""

    counters: bool = False
    trajectories: bool = False

    def parts(self) -> tuple[str, ...]:
        """The files stored beside each chunk."""
        return (("records",) if self.counters else ()) + (("trajectories",) if self.trajectories else ())


def records_missing_reason(spec: GameSpec) -> str | None:
    """Why ``spec``'s engine records nothing (``None`` when it records)."""
    if spec.forward is None:
        return (f"{spec.title} records no rule counters, decision statistics or score trajectories yet: its engine "
                "is not a forward model (docs/engine-contract.md)")  # fmt: skip
    if spec.forward.play_chunk_recording is None:
        return (f"{spec.title} records no rule counters, decision statistics or score trajectories yet: its engine "
                "does not bind play_chunk_recording (docs/engine-contract.md)")  # fmt: skip
    return None


def plan_for(spec: GameSpec, trajectories: bool) -> RecordPlan:
    """What a new run of ``spec`` records: counters whenever the engine records them, trajectories
    when asked (:class:`UsageError` when the game cannot record them)."""
    reason = records_missing_reason(spec)
    if reason is not None:
        if trajectories:
            raise UsageError(f"--trajectories: {reason}")
        return RecordPlan()
    if trajectories and spec.forward.max_checkpoints == 0:
        raise UsageError(f"--trajectories: {spec.title} records no score trajectories")
    return RecordPlan(counters=True, trajectories=trajectories)


def manifest_entry(spec: GameSpec, plan: RecordPlan) -> dict:
    """The manifest's ``records`` entry of a new run: what it records, with the names of the
    counters and decision kinds (so the files read the same after the game changes)."""
    forward = spec.forward
    return {
        "counters": plan.counters,
        "trajectories": plan.trajectories,
        "rule_ids": list(forward.rule_ids) if plan.counters else [],
        "decision_kinds": list(spec.decision_kinds) if plan.counters else [],
        "checkpoint_unit": forward.checkpoint_unit if plan.trajectories else "",
    }


def recorded_plan(manifest: dict) -> RecordPlan:
    """What the run of ``manifest`` records (nothing for a folder written before records existed)."""
    entry = manifest.get(MANIFEST_KEY)
    if not isinstance(entry, dict):
        return RecordPlan()
    return RecordPlan(counters=entry.get("counters") is True, trajectories=entry.get("trajectories") is True)


def check_manifest_entry(manifest: dict, problem) -> None:
    """Refuse a manifest whose ``records`` entry or chunk checksums do not have the shape islandsim
    writes (``problem(message)`` builds the error)."""
    entry = manifest.get(MANIFEST_KEY)
    if entry is None:
        parts: tuple[str, ...] = ()
    else:
        shape_ok = (
            isinstance(entry, dict)
            and isinstance(entry.get("counters"), bool)
            and isinstance(entry.get("trajectories"), bool)
            and all(isinstance(entry.get(key), list) and all(isinstance(item, str) for item in entry[key])
                    for key in ("rule_ids", "decision_kinds"))  # fmt: skip
            and isinstance(entry.get("checkpoint_unit"), str)
        )
        if not shape_ok:
            raise problem(f"'{MANIFEST_KEY}' is {entry!r}, not what islandsim writes")
        parts = recorded_plan(manifest).parts()
    for position, chunk in enumerate(manifest["chunks"]):
        for part in PARTS:
            if (sha_key(part) in chunk) != (part in parts):
                said = "records" if part in parts else "does not record"
                raise problem(f"chunk entry {position + 1}: the run {said} {part}, but the entry "
                              f"{'lacks' if part in parts else 'has'} '{sha_key(part)}'")  # fmt: skip


# --- in the play loop ---------------------------------------------------------------------------


@dataclass
class ChunkRecords:
    """One chunk's records as the engine fills them (arrays with no rows are not recorded)."""

    rule_counts: np.ndarray
    decision_stats: np.ndarray
    trajectories: np.ndarray


def allocate(spec: GameSpec, plan: RecordPlan, n_games: int) -> ChunkRecords:
    """Zeroed arrays for ``play_chunk_recording`` (``docs/engine-contract.md``)."""
    forward = spec.forward
    counted = n_games if plan.counters else 0
    traced = n_games if plan.trajectories else 0
    width = 1 + forward.max_checkpoints * max(spec.player_counts) if plan.trajectories else 0
    return ChunkRecords(
        np.zeros((counted, len(forward.rule_ids)), dtype=np.int64),
        np.zeros((counted, len(spec.decision_kinds), 2), dtype=np.int64),
        np.zeros((traced, width), dtype=np.int64),
    )


def records_frame(entry: dict, first_game: int, records: ChunkRecords) -> pl.DataFrame:
    """The ``records`` file of a chunk: one row per game (see the module docstring)."""
    n_games = records.rule_counts.shape[0]
    columns: dict[str, np.ndarray] = {"game": np.arange(first_game, first_game + n_games, dtype=np.int64)}
    counts = np.ascontiguousarray(records.rule_counts.T, dtype=np.int32)  # one contiguous row per rule
    stats = np.ascontiguousarray(records.decision_stats.transpose(1, 2, 0), dtype=np.int32)  # [kind, stat, game]
    for position, rule in enumerate(entry["rule_ids"]):
        columns[RULE_PREFIX + rule] = counts[position]
    for kind, name in enumerate(entry["decision_kinds"]):
        columns[ASKED_PREFIX + name] = stats[kind, 0]
        columns[OPTIONS_PREFIX + name] = stats[kind, 1]
    return pl.DataFrame(columns)


def trajectory_frame(first_game: int, players: int, max_players: int, trajectories: np.ndarray) -> pl.DataFrame:
    """The ``trajectories`` file of a chunk: one row per game and checkpoint, a standing column per seat."""
    counts = trajectories[:, 0]
    n_games = trajectories.shape[0]
    blocks = trajectories[:, 1:].reshape(n_games, -1, max_players)[:, :, :players]
    checkpoints = blocks.shape[1]
    recorded = np.arange(checkpoints)[None, :] < counts[:, None]  # [game, checkpoint]
    games, taken = np.nonzero(recorded)
    standings = np.ascontiguousarray(blocks[games, taken, :].T, dtype=np.int32)  # [seat, row]
    columns: dict[str, np.ndarray] = {"game": first_game + games.astype(np.int64), "checkpoint": taken.astype(np.int16)}
    for seat in range(players):
        columns[f"{STANDING_PREFIX}{FIRST_SEAT + seat}"] = standings[seat]
    return pl.DataFrame(columns)


def rule_coverage(frames: list[pl.LazyFrame], rules: list[str]) -> pl.DataFrame:
    """Per rule over the games of ``frames`` (``records`` files): ``fired`` (times in all),
    ``games_fired`` (games where it fired at least once) and ``games``."""
    total = pl.concat([frame.select([pl.col(RULE_PREFIX + rule).alias(rule) for rule in rules]) for frame in frames])
    sums = total.select([pl.col(rule).sum().cast(pl.Int64).alias(f"fired:{rule}") for rule in rules]
                        + [(pl.col(rule) > 0).sum().cast(pl.Int64).alias(f"games:{rule}") for rule in rules]
                        + [pl.len().alias("games")]).collect()  # fmt: skip
    row = sums.row(0, named=True)
    return pl.DataFrame({
        "rule": rules,
        "fired": [row[f"fired:{rule}"] for rule in rules],
        "games_fired": [row[f"games:{rule}"] for rule in rules],
        "games": [row["games"]] * len(rules),
    })


def decision_summary(frames: list[pl.LazyFrame], kinds: list[str]) -> pl.DataFrame:
    """Per decision kind over the games of ``frames``: ``asked`` and ``options`` in total, ``games``."""
    columns = [ASKED_PREFIX + kind for kind in kinds] + [OPTIONS_PREFIX + kind for kind in kinds]
    total = pl.concat([frame.select(columns) for frame in frames])
    sums = total.select([pl.col(name).sum().cast(pl.Int64) for name in columns] + [pl.len().alias("games")]).collect()
    row = sums.row(0, named=True)
    return pl.DataFrame({
        "decision": kinds,
        "asked": [row[ASKED_PREFIX + kind] for kind in kinds],
        "options": [row[OPTIONS_PREFIX + kind] for kind in kinds],
        "games": [row["games"]] * len(kinds),
    })
