"""Run folders: the manifest and the tidy Parquet results of every chunk.

A run folder holds ``manifest.json`` and ``chunks/chunk-NNNNNN.parquet``.  Each chunk file
is tidy: one row per game and seat, with ``game`` (global index), ``seat`` (1..P, as users
read seats), ``strategy``, ``score``, ``rank``, ``winner`` and the game's own seat and game
columns (those naming a seat, the manifest's ``seat_number_columns``, also hold 1..P, 0 for
none).  Files are written to a temporary name and renamed, so a reader never sees half a file.
Folders of an older schema are read (never extended) through :func:`upgrade_manifest` and
:func:`upgrade_rows`.

A run folder is untrusted input (it may be copied, edited or damaged): every chunk carries in
its Parquet key-value metadata what it was played with (the configuration and its hash, its
index and game range), and that is checked against the manifest on read, resume and report,
so that an edited manifest never silently mixes two configurations.  The manifest's shape and
the folder's symlinks are checked in :mod:`simulator.core.store.run_folder_checks`; the writer's
lock is :mod:`simulator.core.store.run_lock`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

import numpy as np
import polars as pl

from simulator.compiled_cache import source_fingerprint
from simulator.core.store import records
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.store.run_folder_checks import (
    CHUNKS, MANIFEST, REPAIR_HINT, check_complete_coverage, chunk_file, refuse_symlinks, validate_manifest,
)
from simulator.core.store.run_lock import LOCK, RunLock

from simulator.core.engine.seats import FIRST_SEAT, seat_number

SCHEMA_VERSION = 2
"""Version of the run-folder layout.  2: seats numbered 1..P in the files (1 numbered them
0..P-1), and every chunk carries its configuration and game range in its Parquet metadata."""
READABLE_SCHEMAS = (1, 2)
"""Schemas this islandsim reads (older ones through :func:`upgrade_rows`, checksums only: their
chunks carry no metadata); it writes and extends only the current one."""
LEGACY_SEAT_NUMBER_COLUMNS = ("winning_seat", "first_player")
"""Game columns of schema-1 folders that held a 0-based seat index (their manifests do not list them)."""
MANIFEST_KIND = "islandsim-run"
SCRATCH = ".joblib"
"""joblib's scratch folder inside a run folder while it is written (see the runner)."""
CHUNK_METADATA_KEY = "islandsim_chunk"
"""The Parquet key-value metadata entry holding what a chunk was played with (JSON)."""
MANIFEST_WRITE_INTERVAL_SECONDS = 1.0
"""The manifest is rewritten at most this often while chunks arrive (and always at the end):
with tiny chunks rewriting it after each one dominated the run.  A chunk stored but not yet
listed is adopted on resume from its own metadata, so nothing is lost in between."""


def now_iso() -> str:
    """The current UTC time, ISO 8601, to the second."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


CONFIG_KEYS = ("game", "players", "lineup", "variants", "seed", "force_events", "exclude_events")
"""Manifest keys that must match for a run folder to be resumed or extended."""
OPTIONAL_LIST_KEYS = ("force_events", "exclude_events")
"""Config keys added after schema 1 was first written: absent in older manifests, meaning empty."""
RULES_KEY = "rules"
"""The user's rule settings (``--set``, ``--rules``): name -> value.  Part of the configuration only
when some are given, so the configuration hash of a run without them is what it was before."""
FINGERPRINT_KEYS = ("code_fingerprint", "players_fingerprint", "rules_fingerprint")
"""What played the games besides the configuration: the game's code and data
(:func:`simulator.compiled_cache.source_fingerprint`) and the players' parameters
(:func:`simulator.core.players.strategies.lineup_fingerprint`, taken when the lineup is built).  Recorded since 2026-11-27;
a manifest without them is read as before, but its run is never resumed, extended or reused."""
FINGERPRINT_CHANGES = {
    "code_fingerprint": "other game code (islandsim changed since: a rule, an engine or a strategy)",
    "players_fingerprint": "other player parameters (a parameter file or a search default changed since)",
    "rules_fingerprint": "other rule settings (a default of the game's data changed since)",
}


def check_run_folder(out_dir: Path, prepared) -> None:
    """Refuse, before anything is written, a folder that cannot receive this run.

    A new or empty folder is fine; so is a folder holding a run of the same configuration
    (it will be resumed or extended).  Anything else is a :class:`UsageError`.  The runner
    checks again once it holds the folder's lock (:class:`RunFolder`).
    """
    out_dir = Path(out_dir)
    if not out_dir.exists():
        return
    if not out_dir.is_dir():
        raise UsageError(f"--out {out_dir} is a file; give a new or empty folder")
    refuse_symlinks(out_dir)
    if not any(path.name != LOCK for path in out_dir.iterdir()):
        return
    if not (out_dir / MANIFEST).exists():
        raise UsageError(f"--out {out_dir} already holds other files; give a new or empty folder")
    manifest = read_manifest(out_dir)
    check_writable(out_dir, manifest)
    wanted = _config_of(prepared)
    for key in CONFIG_KEYS:
        stored = manifest.get(key, [] if key in OPTIONAL_LIST_KEYS else None)
        if stored != wanted[key]:
            raise UsageError(
                f"--out {out_dir} holds a run with {key} {stored!r}, not {wanted[key]!r}; "
                "give a new folder, or the same configuration to resume or extend it"
            )
    if manifest.get(RULES_KEY, {}) != wanted.get(RULES_KEY, {}):
        raise UsageError(f"--out {out_dir} holds a run played with other rule settings "
                         f"({_rules_text(manifest.get(RULES_KEY, {}))}, not {_rules_text(wanted.get(RULES_KEY, {}))}); "
                         "give a new folder, or the same settings to resume or extend it")  # fmt: skip
    for key in FINGERPRINT_KEYS:
        if key in wanted and manifest.get(key) != wanted[key]:
            for chunk in manifest["chunks"]:  # an edited manifest is named as such first
                _verified_chunk(out_dir, manifest, chunk)
            played_by = FINGERPRINT_CHANGES[key] if key in manifest else "an islandsim that did not record what played it"
            raise UsageError(f"--out {out_dir} holds games played by {played_by}; its games and this code's are never "
                             "mixed in one run: give a new folder")  # fmt: skip
    _check_same_records(out_dir, manifest, prepared)


def _check_same_records(out_dir: Path, manifest: dict, prepared) -> None:
    """An extended or resumed run records what its folder records: never a mix of chunks with
    and without trajectories, or with other rule counters."""
    if not manifest["chunks"]:
        return
    stored = records.recorded_plan(manifest)
    wanted = getattr(prepared.config, "trajectories", False)
    if stored.trajectories != wanted:
        if stored.trajectories:
            raise UsageError(f"--out {out_dir} holds a run recorded with score trajectories; "
                             "add --trajectories to resume or extend it")  # fmt: skip
        raise UsageError(f"--out {out_dir} holds a run recorded without score trajectories; "
                         "give a new folder to record them")  # fmt: skip
    entry = manifest.get(records.MANIFEST_KEY) or {}
    forward = prepared.spec.forward
    if stored.counters and (forward is None or entry.get("rule_ids") != list(forward.rule_ids)
                            or entry.get("decision_kinds") != list(prepared.spec.decision_kinds)):  # fmt: skip
        raise UsageError(f"--out {out_dir} was recorded with other rule counters or decision kinds than this "
                         "islandsim's engine has; give a new folder")  # fmt: skip


def _config_of(prepared) -> dict:
    """The configuration keys of a run about to be played, with its fingerprints (:data:`FINGERPRINT_KEYS`)."""
    config = {
        "game": prepared.spec.id,
        "players": prepared.config.players,
        "lineup": list(prepared.config.lineup),
        "variants": list(prepared.config.variants),
        "seed": prepared.config.seed,
        "force_events": list(prepared.config.force_events),
        "exclude_events": list(prepared.config.exclude_events),
    }
    rules = getattr(prepared.config, "rules", ())
    if rules:
        config[RULES_KEY] = {name: json.loads(value) for name, value in rules}
    return config | fingerprints(prepared)


def fingerprints(prepared) -> dict:
    """:data:`FINGERPRINT_KEYS` of a prepared run: its game's code, its lineup's parameters and its
    rule settings (every value, defaults included; only for a game that declares settings)."""
    found = {"code_fingerprint": source_fingerprint(prepared.spec.id),
             "players_fingerprint": prepared.lineup.fingerprint}  # fmt: skip
    values = getattr(prepared, "rule_values", None)
    if values is not None:
        found["rules_fingerprint"] = values.fingerprint
    return found


def manifest_rules(manifest: dict) -> tuple[tuple[str, str], ...]:
    """The user's rule settings a manifest records, as :class:`~simulator.core.run.runner.RunConfig`
    holds them (``(name, JSON value)`` sorted by name)."""
    rules = manifest.get(RULES_KEY) or {}
    if isinstance(rules, (list, tuple)) and all(isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in rules):
        return tuple(sorted((str(name), str(value)) for name, value in rules))  # a RunConfig's own form
    if not isinstance(rules, dict):
        raise UsageError(f"the manifest's {RULES_KEY} is not a table of rule settings")
    return tuple(sorted((str(name), json.dumps(value, sort_keys=True)) for name, value in rules.items()))


def rules_changed(prepared) -> dict:
    """Every rule value that differs from the rulebook's (or the reconstruction's), what a user reads:
    name -> {"value", "default", "source"} (a preset variant, or the user's setting)."""
    values = getattr(prepared, "rule_values", None)
    declared = getattr(prepared.spec, "rule_settings", None)
    if values is None or declared is None:
        return {}
    by_name = declared.by_name
    return {name: {"value": value, "default": values.defaults[name], "source": values.sources.get(name, ""),
                   "reconstructed": by_name[name].reconstructed}
            for name, value in values.changed().items()}  # fmt: skip


def rules_changed_lines(manifest: dict) -> list[str]:
    """Every rule value of the run that differs from the rulebook's (or the reconstruction's), one
    line each: ``first_player_bonus = 2 (rulebook: 5)`` (a component file: ``treasures: your own file``)."""
    lines = []
    for name, entry in sorted((manifest.get("rules_changed") or {}).items()):
        value, default = entry.get("value"), entry.get("default")
        source = entry.get("source", "")
        by = f", {source}" if str(source).startswith("variant") else ""
        if isinstance(value, (list, dict)):
            lines.append(f"{name}: your own file{by}")
        else:
            origin = "reconstruction" if entry.get("reconstructed") else "rulebook"
            lines.append(f"{name} = {value} ({origin}: {default}{by})")
    return lines


def _rules_text(rules: dict) -> str:
    if not rules:
        return "none"
    def shown(value) -> str:
        if isinstance(value, list):  # a component file's content: its size and a short digest tell two apart
            digest = hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:8]
            return f"a file of {len(value)} rows (content {digest})"
        return "a table" if isinstance(value, dict) else str(value)

    return ", ".join(f"{name} = {shown(value)}" for name, value in sorted(rules.items()))


def manifest_config(manifest: dict) -> dict:
    """The ``CONFIG_KEYS`` of a manifest (an absent optional list is empty), with the
    :data:`FINGERPRINT_KEYS` it records."""
    config = {key: manifest.get(key, [] if key in OPTIONAL_LIST_KEYS else None) for key in CONFIG_KEYS}
    if manifest.get(RULES_KEY):
        config[RULES_KEY] = manifest[RULES_KEY]
    return config | {key: manifest[key] for key in FINGERPRINT_KEYS if key in manifest}


def config_hash(manifest: dict) -> str:
    """A short hash of a run's configuration (the ``CONFIG_KEYS`` of its manifest)."""
    return hashlib.sha256(json.dumps(manifest_config(manifest), sort_keys=True).encode()).hexdigest()[:16]



def new_manifest(prepared, version: str, jobs: int) -> dict:
    """The manifest of a run that is starting."""
    spec = prepared.spec
    plan = records.plan_for(spec, getattr(prepared.config, "trajectories", False))
    return {
        "kind": MANIFEST_KIND,
        "schema_version": SCHEMA_VERSION,
        "islandsim_version": version,
        **_config_of(prepared),
        "title": spec.title,
        "variant_flags": [int(flag) for flag in prepared.variant_flags],
        "rules_changed": rules_changed(prepared),
        "n": prepared.config.n,
        "chunk_size": prepared.config.chunk_size,
        "jobs": jobs,
        "seat_columns": list(spec.seat_columns),
        "game_columns": list(spec.game_columns),
        "length_column": spec.length_column,
        "length_unit": spec.length_unit,
        "seat_number_columns": list(spec.seat_number_columns),
        records.MANIFEST_KEY: records.manifest_entry(spec, plan),
        "started": now_iso(),
        "finished": None,
        "status": "running",
        "timings": {},
        "chunks": [],
    }


def _write_atomically(path: Path, write) -> None:
    """``write`` to a temporary name, then rename; a failed write (disk full) leaves no ``.partial``."""
    temporary = path.with_name(path.name + ".partial")
    temporary.unlink(missing_ok=True)  # a symlink left there is removed, never written through
    try:
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_manifest(out_dir: Path, manifest: dict) -> None:
    """Write ``manifest.json`` atomically."""
    _write_atomically(out_dir / MANIFEST, lambda path: path.write_text(json.dumps(manifest, indent=1) + "\n"))



def tidy_frame(spec, lineup_names, first_game: int, seat_results: np.ndarray, game_results: np.ndarray) -> pl.DataFrame:
    """One row per game and seat from the engine's arrays; seats (and game columns naming a seat)
    are renumbered from the engine's 0..P-1 to the users' 1..P here, once."""
    n_games, players, _ = seat_results.shape
    # the seat's strategy name, picked from the lineup by seat (the same categorical column as
    # casting one Python string per row, without building one per row)
    lineup = pl.Series("strategy", list(lineup_names), dtype=pl.Utf8).cast(pl.Categorical)
    columns: dict[str, object] = {
        "game": np.repeat(np.arange(first_game, first_game + n_games, dtype=np.int64), players),
        "seat": np.tile(np.arange(FIRST_SEAT, FIRST_SEAT + players, dtype=np.int8), n_games),
        "strategy": lineup.gather(np.tile(np.arange(players, dtype=np.uint32), n_games)),
    }
    for position, name in enumerate(spec.seat_columns):
        values = seat_results[:, :, position].reshape(-1)
        columns[name] = seat_number(values) if name in spec.seat_number_columns else values
    columns["winner"] = columns["rank"] == 1
    for position, name in enumerate(spec.game_columns):
        values = game_results[:, position]
        if name in spec.seat_number_columns:
            values = seat_number(values)
        columns[name] = np.repeat(values, players)
    return pl.DataFrame(columns)


def upgrade_manifest(manifest: dict) -> dict:
    """Fill in what older manifests do not record: the game columns naming a seat (schema 1) and
    the unit of the game length (taken from the registered game; "unknown unit" without it)."""
    if manifest["schema_version"] == 1:
        manifest["seat_number_columns"] = [name for name in LEGACY_SEAT_NUMBER_COLUMNS if name in manifest["game_columns"]]
    if "length_unit" not in manifest:
        try:
            manifest["length_unit"] = registry.get_game(manifest["game"]).length_unit
        except UsageError:
            manifest["length_unit"] = "unknown unit"
    return manifest


def upgrade_rows(manifest: dict, rows: pl.LazyFrame) -> pl.LazyFrame:
    """Rows of a run folder as the current schema has them (the one place older layouts are read).

    Schema 1 numbered seats 0..P-1 in ``seat`` and in the game columns naming a seat.
    """
    if manifest["schema_version"] == 1:
        shifted = [pl.col("seat") + FIRST_SEAT] + [
            pl.when(pl.col(name) < 0).then(0).otherwise(pl.col(name) + FIRST_SEAT).alias(name)
            for name in manifest["seat_number_columns"]
        ]
        rows = rows.with_columns(shifted)
    return rows


def check_writable(out_dir: Path, manifest: dict) -> None:
    """Refuse to add chunks of the current schema to a folder written with an older one."""
    if manifest["schema_version"] != SCHEMA_VERSION:
        for chunk in manifest["chunks"]:
            if (Path(out_dir) / chunk["file"]).is_file():
                _refuse_newer_chunk_under_old_schema(Path(out_dir), Path(out_dir) / chunk["file"])
        raise UsageError(
            f"{out_dir} was written with results schema {manifest['schema_version']} (seats numbered from 0); "
            f"it can be read but not resumed or extended: give a new folder"
        )


def chunk_path(out_dir: Path, index: int) -> Path:
    """Where chunk ``index`` is stored."""
    return Path(out_dir) / chunk_file(index)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --- what a chunk was played with: its own Parquet metadata -----------------------------------


def chunk_metadata(manifest: dict, index: int, first_game: int, games: int, seconds: float) -> dict:
    """What chunk ``index`` was played with, stored inside its Parquet file.

    It holds everything :func:`repair_run` needs to rebuild the manifest: the configuration
    and its hash, the chunk's game range, the target ``n`` and chunk size, the columns.
    """
    return {
        "schema_version": SCHEMA_VERSION,
        "islandsim_version": manifest["islandsim_version"],
        "config": manifest_config(manifest),
        "config_hash": config_hash(manifest),
        "index": index,
        "first_game": first_game,
        "games": games,
        "seconds": round(seconds, 3),
        "target_n": manifest["n"],
        "chunk_size": manifest["chunk_size"],
        "title": manifest["title"],
        "variant_flags": manifest["variant_flags"],
        "seat_columns": manifest["seat_columns"],
        "game_columns": manifest["game_columns"],
        "length_column": manifest["length_column"],
        records.MANIFEST_KEY: manifest.get(records.MANIFEST_KEY),
    }


def read_chunk_metadata(path: Path) -> tuple[dict, int]:
    """A chunk's own metadata and its number of rows (read from the Parquet footer only).

    The metadata's ``first_game`` and ``games`` are checked against the range of the ``game``
    column that the footer's statistics record, so metadata edited alone does not pass.
    :class:`UsageError` when the file is not a Parquet file or carries no islandsim metadata.
    """
    import pyarrow.parquet as parquet

    try:
        footer = parquet.read_metadata(path)
        metadata = json.loads(footer.metadata[CHUNK_METADATA_KEY.encode()])
        games_held = _game_column_range(footer)
    except (OSError, KeyError, TypeError, ValueError) as error:
        raise UsageError(f"{path} is not an islandsim chunk ({type(error).__name__})") from None
    if not isinstance(metadata, dict):
        raise UsageError(f"{path} is not an islandsim chunk (its metadata is not a record)")
    first, games = metadata.get("first_game"), metadata.get("games")
    if not (isinstance(first, int) and isinstance(games, int) and games_held == (first, first + games - 1)):
        raise UsageError(f"{path}: its metadata says games {first!r}..., but it holds games {games_held}")
    return metadata, footer.num_rows


def _game_column_range(footer) -> tuple[int, int]:
    """The smallest and largest value of the ``game`` column, from the footer's statistics."""
    position = footer.schema.names.index("game")
    lows, highs = [], []
    for group in range(footer.num_row_groups):
        statistics = footer.row_group(group).column(position).statistics
        if statistics is None or not statistics.has_min_max:
            raise ValueError("no statistics for the game column")
        lows.append(statistics.min)
        highs.append(statistics.max)
    if not lows:
        raise ValueError("no row group")
    return int(min(lows)), int(max(highs))


def check_chunk_metadata(run_dir: Path, manifest: dict, chunk: dict, metadata: dict, rows: int) -> None:
    """Refuse a chunk whose own metadata disagrees with the manifest's entry or configuration.

    This is what keeps an edited manifest (seed, lineup, variants, ``first_game``, ``games``)
    from mixing configurations or duplicating games.
    """
    name = chunk["file"]
    hint = REPAIR_HINT.format(dir=run_dir)
    expected = manifest_config(manifest)
    if metadata.get("config_hash") != config_hash(manifest) or metadata.get("config") != expected:
        stored = metadata.get("config") or {}
        differing = [key for key in CONFIG_KEYS + (RULES_KEY,) + FINGERPRINT_KEYS if stored.get(key) != expected.get(key)] or ["configuration"]
        raise UsageError(
            f"{run_dir}: {name} was played with another {differing[0]} ({stored.get(differing[0])!r}) than "
            f"{MANIFEST} says ({expected.get(differing[0])!r}); the manifest was edited or the chunk comes from "
            f"another run. Results of two configurations are never mixed: {hint}"
        )
    for key in ("index", "first_game", "games"):
        if metadata.get(key) != chunk[key]:
            raise UsageError(
                f"{run_dir}: {MANIFEST} says {name} has {key} {chunk[key]!r}, but the chunk itself says "
                f"{metadata.get(key)!r}; {hint}"
            )
    if rows != chunk["games"] * manifest["players"]:
        raise UsageError(
            f"{run_dir}: {name} holds {rows:,} rows, not {chunk['games']:,} games x {manifest['players']} seats; {hint}"
        )


def _verified_chunk(run_dir: Path, manifest: dict, chunk: dict) -> str | None:
    """``None`` when a listed chunk is intact and was played with the manifest's configuration;
    else why its games must be played again (missing, failed its checksum).

    A chunk that is intact but disagrees with the manifest is refused (:class:`UsageError`).
    """
    path = run_dir / chunk["file"]
    if not path.is_file():
        return "is missing"
    if _sha256(path) != chunk["sha256"]:
        return "failed its checksum"
    if manifest["schema_version"] == 1:
        _refuse_newer_chunk_under_old_schema(run_dir, path)
        return None  # schema-1 chunks carry no metadata: their checksums are all there is to check
    metadata, rows = read_chunk_metadata(path)
    check_chunk_metadata(run_dir, manifest, chunk, metadata, rows)
    return None


def verify_parts(run_dir: Path, manifest: dict, chunk: dict) -> str | None:
    """``None`` when the files stored beside a listed chunk (its records, its trajectories) are
    intact and were played with the chunk's configuration and games; else what is wrong."""
    for part in records.recorded_plan(manifest).parts():
        path = run_dir / records.part_file(part, chunk["index"])
        if not path.is_file():
            return f"{part} file is missing"
        if _sha256(path) != chunk.get(records.sha_key(part)):
            return f"{part} file failed its checksum"
        if not _part_matches(path, manifest, chunk):
            return f"{part} file was played with another configuration or other games"
    return None


def _part_matches(path: Path, manifest: dict, chunk: dict) -> bool:
    """Whether a records or trajectories file's own metadata names the chunk's configuration and games."""
    import pyarrow.parquet as parquet

    try:
        metadata = json.loads(parquet.read_metadata(path).metadata[CHUNK_METADATA_KEY.encode()])
    except (OSError, KeyError, TypeError, ValueError):
        return False
    return (
        isinstance(metadata, dict)
        and metadata.get("config_hash") == config_hash(manifest)
        and metadata.get("config") == manifest_config(manifest)
        and all(metadata.get(key) == chunk[key] for key in ("index", "first_game", "games"))
    )


def _refuse_newer_chunk_under_old_schema(run_dir: Path, path: Path) -> None:
    """A manifest that claims schema 1 over chunks carrying metadata (schema 2 or later) was edited:
    reading it as schema 1 would skip the chunk checks and renumber its seats."""
    import pyarrow.parquet as parquet

    try:
        keys = parquet.read_metadata(path).metadata or {}
    except OSError:
        raise UsageError(f"{run_dir}: chunk file {path.name} is not a Parquet file") from None
    if CHUNK_METADATA_KEY.encode() in keys:
        raise UsageError(f"{run_dir / MANIFEST} says results schema 1, but its chunks were written by a newer "
                         f"islandsim: the manifest was edited; {REPAIR_HINT.format(dir=run_dir)}")  # fmt: skip


CHUNK_NAME = re.compile(r"^chunk-(\d{6,})\.parquet$")


def _adoptable_chunk(path: Path, manifest: dict) -> dict | None:
    """The manifest entry of an unlisted chunk file written by this run's configuration, else ``None``.

    Such a file was stored (atomically, so whole) after the last manifest write."""
    match = CHUNK_NAME.match(path.name)
    if match is None or not path.is_file():
        return None
    try:
        metadata, rows = read_chunk_metadata(path)
    except UsageError:
        return None
    entry = {key: metadata.get(key) for key in ("index", "first_game", "games", "seconds")}
    entry.update(file=chunk_file(int(match.group(1))), sha256=_sha256(path))
    if isinstance(entry["index"], int):
        for part in records.recorded_plan(manifest).parts():
            part_path = path.parent.parent / records.part_file(part, entry["index"])
            entry[records.sha_key(part)] = _sha256(part_path) if part_path.is_file() else None
    valid = (
        metadata.get("config_hash") == config_hash(manifest)
        and metadata.get("config") == manifest_config(manifest)
        and entry["index"] == int(match.group(1))
        and all(isinstance(entry[key], int) and entry[key] >= 0 for key in ("first_game", "games"))
        and entry["games"] > 0
        and isinstance(entry["seconds"], (int, float))
        and rows == entry["games"] * manifest["players"]
    )
    if valid and verify_parts(path.parent.parent, manifest, entry) is not None:
        return None  # its records were not all stored: its games are played again
    return entry if valid else None


class RunFolder:
    """A run folder opened for writing by this process (a context manager).

    On entry it takes the folder's lock (creating the folder if needed; a second writer is
    refused, or with ``wait`` waits its turn), then, holding it, checks that the folder can
    receive this run (:func:`check_run_folder`), creates or opens the run, drops every stored
    chunk that is missing or fails its checksum (``notes`` says which; their games are played
    again), refuses a chunk that disagrees with the manifest, adopts chunk files stored after
    the last manifest write, and removes any other file in ``chunks/``.  The lock is held
    until exit.
    """

    def __init__(self, out_dir: Path, prepared, version: str, jobs: int, wait: bool = False, say=None):
        self.out_dir = Path(out_dir)
        self.prepared = prepared
        self.version = version
        self.jobs = jobs
        self.manifest: dict = {}
        self.notes: list[str] = []
        self._lock = RunLock(self.out_dir, wait=wait, say=say)
        self._locked = False
        self._wins = np.zeros(prepared.config.players, dtype=np.int64)
        self._created = False
        self._manifest_written = 0.0

    def __enter__(self) -> "RunFolder":
        check_run_folder(self.out_dir, self.prepared)  # before creating anything
        made_folder = not self.out_dir.exists()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        try:
            self._lock.__enter__()
        except BaseException:
            if made_folder:
                _remove_empty_folder(self.out_dir)
            raise
        self._locked = True
        try:
            check_run_folder(self.out_dir, self.prepared)  # again, now that nobody else writes it
            self._open()
        except BaseException:
            self._release()
            if made_folder:
                _remove_empty_folder(self.out_dir)
            raise
        return self

    def _open(self) -> None:
        self._created = not (self.out_dir / MANIFEST).exists()
        if not self._created:  # before anything is touched: an older schema is read-only
            check_writable(self.out_dir, read_manifest(self.out_dir))
        (self.out_dir / CHUNKS).mkdir(exist_ok=True)
        shutil.rmtree(self.out_dir / SCRATCH, ignore_errors=True)  # left by a killed run
        if self._created:
            self.manifest = new_manifest(self.prepared, self.version, self.jobs)
        else:
            self.manifest = read_manifest(self.out_dir)
            self.manifest.update(status="running", jobs=self.jobs, finished=None, timings={})
            if not self.manifest["chunks"]:  # nothing stored yet: record what this run asks for
                plan = records.plan_for(self.prepared.spec, getattr(self.prepared.config, "trajectories", False))
                self.manifest[records.MANIFEST_KEY] = records.manifest_entry(self.prepared.spec, plan)
            elif records.MANIFEST_KEY not in self.manifest and records.records_missing_reason(self.prepared.spec) is None:
                self.notes.append(f"{self.out_dir} was written before islandsim recorded rule counters: "
                                  "its new chunks record none either (a new folder records them)")  # fmt: skip
            self._drop_bad_chunks()
        self._adopt_or_remove_unlisted_files()
        write_manifest(self.out_dir, self.manifest)

    def __exit__(self, *exc) -> bool:
        self._release()
        return False

    def _release(self) -> None:
        if self._locked:
            self._locked = False
            self._lock.__exit__(None, None, None)

    def _drop_bad_chunks(self) -> None:
        kept = []
        for chunk in self.manifest["chunks"]:
            problem = _verified_chunk(self.out_dir, self.manifest, chunk)
            if problem is None:
                problem = verify_parts(self.out_dir, self.manifest, chunk)
            if problem is None:
                kept.append(chunk)
                self._count_wins(self.out_dir / chunk["file"])
            else:
                self.notes.append(f"chunk {chunk['index']} ({chunk['file']}) {problem}; its games are played again")
        self.manifest["chunks"] = kept

    def _count_wins(self, path: Path) -> None:
        frame = pl.read_parquet(path, columns=["seat", "winner"])
        wins = frame.group_by("seat").agg(pl.col("winner").sum())
        for seat, count in wins.iter_rows():
            self._wins[seat - FIRST_SEAT] += count

    def _adopt_or_remove_unlisted_files(self) -> None:
        listed = {chunk["file"] for chunk in self.manifest["chunks"]}
        for path in sorted((self.out_dir / CHUNKS).iterdir()):
            if f"{CHUNKS}/{path.name}" in listed or not CHUNK_NAME.match(path.name):
                continue
            entry = _adoptable_chunk(path, self.manifest)
            if entry is not None and not self._overlaps(entry):
                self.manifest["chunks"].append(entry)
                self.manifest["chunks"].sort(key=lambda chunk: chunk["first_game"])
                self._count_wins(path)
        kept = {chunk["file"] for chunk in self.manifest["chunks"]}
        kept |= {records.part_file(part, chunk["index"]) for chunk in self.manifest["chunks"]
                 for part in records.recorded_plan(self.manifest).parts()}  # fmt: skip
        for path in sorted((self.out_dir / CHUNKS).iterdir()):
            if f"{CHUNKS}/{path.name}" in kept:
                continue
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()

    def _overlaps(self, entry: dict) -> bool:
        start, end = entry["first_game"], entry["first_game"] + entry["games"]
        return any(
            chunk["first_game"] < end and start < chunk["first_game"] + chunk["games"] for chunk in self.manifest["chunks"]
        )

    def games_done(self) -> int:
        """Games stored in finished chunks."""
        return sum(chunk["games"] for chunk in self.manifest["chunks"])

    def next_index(self) -> int:
        """A chunk index no stored chunk uses."""
        return 1 + max((chunk["index"] for chunk in self.manifest["chunks"]), default=-1)

    def wins_by_seat(self) -> np.ndarray:
        """Wins per seat over every stored chunk."""
        return self._wins.copy()

    def record_plan(self) -> records.RecordPlan:
        """What this run records beside each chunk (its folder's choice when resumed or extended)."""
        return records.recorded_plan(self.manifest)

    def write_chunk(self, index, first_game, seat_results, game_results, seconds, chunk_records=None) -> None:
        """Store one finished chunk, with what it was played with in its own metadata, and
        record it with its checksum in the manifest (written at most once a second).  The files
        beside it (``chunk_records``: rule counters, trajectories) are written first, so that a
        stored chunk always has them."""
        prepared = self.prepared
        games = int(seat_results.shape[0])
        frame = tidy_frame(prepared.spec, prepared.config.lineup, first_game, seat_results, game_results)
        metadata = {CHUNK_METADATA_KEY: json.dumps(chunk_metadata(self.manifest, index, first_game, games, seconds))}
        entry = {"index": index, "first_game": first_game, "games": games, "file": chunk_file(index)}
        for part, part_frame in self._part_frames(first_game, chunk_records):
            part_path = self.out_dir / records.part_file(part, index)
            _write_atomically(part_path, lambda temporary, part_frame=part_frame: part_frame.write_parquet(
                temporary, compression="zstd", metadata=metadata))  # fmt: skip
            entry[records.sha_key(part)] = _sha256(part_path)
        path = chunk_path(self.out_dir, index)
        _write_atomically(path, lambda temporary: frame.write_parquet(temporary, compression="zstd", metadata=metadata))
        entry.update(sha256=_sha256(path), seconds=round(seconds, 3))
        self.manifest["chunks"].append(entry)
        self.manifest["chunks"].sort(key=lambda chunk: chunk["first_game"])
        self._wins += (seat_results[:, :, 1] == 1).sum(axis=0)
        if time.monotonic() - self._manifest_written >= MANIFEST_WRITE_INTERVAL_SECONDS:
            self.save()

    def _part_frames(self, first_game: int, chunk_records) -> list[tuple[str, pl.DataFrame]]:
        """The files to store beside a chunk, as the run's records entry says."""
        plan = self.record_plan()
        if not plan.parts():
            return []
        if chunk_records is None:
            raise ValueError("this run records rule counters, but the chunk came without them")
        entry = self.manifest[records.MANIFEST_KEY]
        frames = [("records", records.records_frame(entry, first_game, chunk_records))]
        if plan.trajectories:
            spec = self.prepared.spec
            frames.append(("trajectories", records.trajectory_frame(
                first_game, self.prepared.config.players, max(spec.player_counts), chunk_records.trajectories)))  # fmt: skip
        return frames

    def save(self) -> None:
        """Write the manifest now."""
        write_manifest(self.out_dir, self.manifest)
        self._manifest_written = time.monotonic()

    def finish(self, status: str, discard_if_new: bool = False) -> None:
        """Record the run's final status; a new run that stored nothing is removed, and so is
        any new run when ``discard_if_new`` (its chunks are not to be kept)."""
        if self._created and (discard_if_new or not self.manifest["chunks"]) and status != "complete":
            remove_run(self.out_dir)
            self._release()
            _remove_empty_folder(self.out_dir)
            return
        if status == "complete":  # chunks adopted past n (a run stopped mid-checkpoint) are part of it
            self.manifest["n"] = max(self.manifest["n"], _contiguous_end(self.manifest["chunks"]))
        self.manifest["status"] = status
        self.manifest["finished"] = now_iso()
        self.save()


def _contiguous_end(chunks: list[dict]) -> int:
    """The first game not held by the chunks that run without a gap from game 0."""
    end = 0
    for chunk in sorted(chunks, key=lambda chunk: chunk["first_game"]):
        if chunk["first_game"] != end:
            break
        end += chunk["games"]
    return end


def remove_run(out_dir: Path) -> None:
    """Delete what a run wrote in its folder (the lock file stays while it is held).

    Used for a run that failed at once, and by the run store to replace a run that cannot be
    reused; the caller holds the folder's lock."""
    out_dir = Path(out_dir)
    refuse_symlinks(out_dir)
    for path in out_dir.iterdir():
        if path.name == LOCK:
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def _remove_empty_folder(out_dir: Path) -> None:
    """Remove a folder this process created, once only the (released) lock file is left in it."""
    try:
        if all(path.name == LOCK for path in out_dir.iterdir()):
            (out_dir / LOCK).unlink(missing_ok=True)
            out_dir.rmdir()
    except OSError:
        pass


def _rerun_hint(manifest: dict) -> str:
    """The command that plays an old run again with this islandsim, when the manifest says enough."""
    try:
        parts = ["islandsim run", f"--game {manifest['game']}", f"--players {int(manifest['players'])}",
                 f"--n {int(manifest['n'])}", f"--seed {int(manifest['seed'])}"]  # fmt: skip
        parts += [f"--strategy {name}" for name in manifest.get("lineup", [])]
        parts += [f"--variant {name}" for name in manifest.get("variants", [])]
        parts += [f"--force-event {name}" for name in manifest.get("force_events", [])]
        parts += [f"--exclude-event {name}" for name in manifest.get("exclude_events", [])]
        return "re-run it with this islandsim: " + " ".join(map(str, parts)) + " --out NEW_FOLDER"
    except (KeyError, TypeError, ValueError):
        return "re-run it with this islandsim into a new folder"


def read_manifest(run_dir: Path) -> dict:
    """The manifest of a run folder, checked (:func:`validate_manifest`), or :class:`UsageError`
    saying what is wrong with it."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise UsageError(f"run folder {run_dir} does not exist")
    refuse_symlinks(run_dir)
    path = run_dir / MANIFEST
    if not path.exists():
        raise UsageError(f"{run_dir} is not an islandsim run folder (no {MANIFEST})")
    try:
        manifest = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise UsageError(f"{path} is corrupt (not valid JSON); {REPAIR_HINT.format(dir=run_dir)}") from None
    if not isinstance(manifest, dict) or manifest.get("kind") != MANIFEST_KIND:
        raise UsageError(f"{path} is not an islandsim manifest")
    schema = manifest.get("schema_version")
    if schema not in READABLE_SCHEMAS or not isinstance(schema, int):
        readable = ", ".join(map(str, READABLE_SCHEMAS))
        raise UsageError(f"{run_dir} uses results schema {schema}, this islandsim reads schemas {readable}; "
                         f"{_rerun_hint(manifest)}")
    missing = [key for key in REQUIRED_KEYS if key not in manifest]
    if missing:
        raise UsageError(f"{path} is corrupt (missing {', '.join(missing)}); {REPAIR_HINT.format(dir=run_dir)}")
    validate_manifest(manifest, path)
    return upgrade_manifest(manifest)


REQUIRED_KEYS = CONFIG_KEYS[:5] + ("n", "chunk_size", "chunks", "status", "seat_columns", "game_columns")


def scan_run(run_dir: Path, allow_incomplete: bool = False) -> tuple[dict, pl.LazyFrame]:
    """The manifest and a lazy frame over every finished chunk, each checked against its checksum
    and its own metadata (what it was played with).

    An unfinished run (interrupted, failed, still running) is refused unless ``allow_incomplete``.
    """
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    if manifest["status"] != "complete" and not allow_incomplete:
        done = sum(chunk["games"] for chunk in manifest["chunks"])
        raise UsageError(
            f"{run_dir} is incomplete ({manifest['status']}, {done:,} of {manifest['n']:,} games); "
            f"complete it with: islandsim run --resume {run_dir}"
        )
    if not manifest["chunks"]:
        raise UsageError(f"{run_dir} holds no finished chunk")
    if manifest["status"] == "complete":
        check_complete_coverage(run_dir / MANIFEST, manifest)
    files = []
    for chunk in manifest["chunks"]:
        problem = _verified_chunk(run_dir, manifest, chunk)
        if problem == "is missing":
            raise UsageError(f"{run_dir}: chunk file {chunk['file']} is missing")
        if problem is not None:
            raise UsageError(f"{run_dir}: chunk file {chunk['file']} is damaged (checksum mismatch)")
        files.append(str(run_dir / chunk["file"]))
    return manifest, upgrade_rows(manifest, pl.scan_parquet(files))


# --- islandsim repair: the manifest rebuilt from the chunks -----------------------------------


def repair_run(run_dir: Path, version: str) -> tuple[dict, list[str]]:
    """Rebuild a run folder's manifest from its chunks' own metadata; return it and notes.

    Chunks that are not islandsim chunks of one configuration are refused (nothing is
    written); a chunk whose games another chunk already holds is left out.  The run is
    ``complete`` when its chunks hold every game of its target ``n``, else ``interrupted``
    (``islandsim run --resume`` then plays the rest).  The old manifest, if any, is kept
    as ``manifest.json.before-repair``.
    """
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise UsageError(f"run folder {run_dir} does not exist")
    refuse_symlinks(run_dir)
    with RunLock(run_dir):
        found = _chunks_on_disk(run_dir)
        first = found[0][1]
        manifest = _manifest_from_chunk(first, version)
        notes = []
        held_to = 0  # chunks come sorted by first game: one overlaps if it starts before this
        for path, metadata, entry in found:
            if metadata.get("config_hash") != first["config_hash"] or metadata.get("config") != first["config"]:
                raise UsageError(
                    f"{run_dir}: {path.name} was played with another configuration than {found[0][0].name} "
                    f"({metadata.get('config')} against {first['config']}); "
                    "move the chunks of one run into their own folder"
                )
            if entry["first_game"] < held_to:
                notes.append(f"{path.name} holds games another chunk holds: left out")
                continue
            problem = _adopt_parts(run_dir, manifest, entry)
            if problem is not None:
                notes.append(f"{path.name}: its {problem}: left out (islandsim run --resume plays its games again)")
                continue
            manifest["chunks"].append(entry)
            held_to = entry["first_game"] + entry["games"]
            target_n = metadata.get("target_n")
            if isinstance(target_n, int) and not isinstance(target_n, bool):
                manifest["n"] = max(manifest["n"], target_n)
        manifest["n"] = max(manifest["n"], held_to)
        try:
            check_complete_coverage(run_dir / MANIFEST, manifest)
            manifest["status"] = "complete"
        except UsageError:
            manifest["status"] = "interrupted"
        validate_manifest(manifest, run_dir / MANIFEST)
        old = run_dir / MANIFEST
        if old.exists():
            os.replace(old, run_dir / f"{MANIFEST}.before-repair")
        write_manifest(run_dir, manifest)
    return manifest, notes


def _adopt_parts(run_dir: Path, manifest: dict, entry: dict) -> str | None:
    """Add the checksums of the files stored beside a chunk to its entry; what is wrong, if anything."""
    for part in records.recorded_plan(manifest).parts():
        path = run_dir / records.part_file(part, entry["index"])
        if path.is_file():
            entry[records.sha_key(part)] = _sha256(path)
    return verify_parts(run_dir, manifest, entry)


def _chunks_on_disk(run_dir: Path) -> list[tuple[Path, dict, dict]]:
    """``(path, metadata, manifest entry)`` of every chunk file in ``chunks/``, by first game."""
    folder = run_dir / CHUNKS
    paths = sorted(path for path in folder.iterdir() if CHUNK_NAME.match(path.name)) if folder.is_dir() else []
    if not paths:
        raise UsageError(f"{run_dir} holds no chunk file (chunks/chunk-NNNNNN.parquet): nothing to repair from")
    found = []
    for path in paths:
        metadata, rows = read_chunk_metadata(path)
        index = int(CHUNK_NAME.match(path.name).group(1))
        entry = {"index": index, "first_game": metadata.get("first_game"), "games": metadata.get("games"),
                 "file": chunk_file(index), "sha256": _sha256(path), "seconds": metadata.get("seconds", 0.0)}  # fmt: skip
        players = (metadata.get("config") or {}).get("players")
        if metadata.get("index") != index or not isinstance(players, int) or rows != (entry["games"] or 0) * players:
            raise UsageError(
                f"{run_dir}: {path.name} does not hold what its own metadata says; move it away and repair again"
            )
        if metadata.get("schema_version") != SCHEMA_VERSION:
            raise UsageError(f"{run_dir}: {path.name} uses results schema {metadata.get('schema_version')}, "
                             f"this islandsim reads schema {SCHEMA_VERSION}")  # fmt: skip
        found.append((path, metadata, entry))
    return sorted(found, key=lambda item: (item[2]["first_game"], item[2]["index"]))


def _manifest_from_chunk(metadata: dict, version: str) -> dict:
    config = metadata.get("config") or {}
    return {
        "kind": MANIFEST_KIND,
        "schema_version": SCHEMA_VERSION,
        "islandsim_version": metadata.get("islandsim_version", version),
        **{key: config.get(key) for key in CONFIG_KEYS},
        **({RULES_KEY: config[RULES_KEY]} if config.get(RULES_KEY) else {}),
        **{key: config[key] for key in FINGERPRINT_KEYS if key in config},
        "title": metadata.get("title"),
        "variant_flags": metadata.get("variant_flags", []),
        "n": 0,
        "chunk_size": metadata.get("chunk_size"),
        "jobs": None,
        "seat_columns": metadata.get("seat_columns"),
        "game_columns": metadata.get("game_columns"),
        "length_column": metadata.get("length_column"),
        **({records.MANIFEST_KEY: metadata[records.MANIFEST_KEY]} if metadata.get(records.MANIFEST_KEY) else {}),
        "started": None,
        "finished": now_iso(),
        "status": "interrupted",
        "timings": {},
        "repaired": now_iso(),
        "chunks": [],
    }
