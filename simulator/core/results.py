"""Run folders: the manifest and the tidy Parquet results of every chunk.

A run folder holds ``manifest.json`` and ``chunks/chunk-NNNNNN.parquet``.  Each chunk file
is tidy: one row per game and seat, with ``game`` (global index), ``seat``, ``strategy``,
``score``, ``rank``, ``winner`` and the game's own seat and game columns.  Files are written
to a temporary name and renamed, so a reader never sees half a file.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import shutil
from pathlib import Path

import numpy as np
import polars as pl

from simulator.core.registry import UsageError

SCHEMA_VERSION = 1
"""Version of the run-folder layout; a reader refuses folders of another version."""
MANIFEST = "manifest.json"
CHUNKS = "chunks"
MANIFEST_KIND = "islandsim-run"


def now_iso() -> str:
    """The current UTC time, ISO 8601, to the second."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


CONFIG_KEYS = ("game", "players", "lineup", "variants", "seed", "force_events", "exclude_events")
"""Manifest keys that must match for a run folder to be resumed or extended."""
OPTIONAL_LIST_KEYS = ("force_events", "exclude_events")
"""Config keys added after schema 1 was first written: absent in older manifests, meaning empty."""
LOCK = ".lock"


def check_run_folder(out_dir: Path, prepared) -> None:
    """Refuse, before anything is written, a folder that cannot receive this run.

    A new or empty folder is fine; so is a folder holding a run of the same configuration
    (it will be resumed or extended).  Anything else is a :class:`UsageError`.
    """
    out_dir = Path(out_dir)
    if not out_dir.exists():
        return
    if not out_dir.is_dir():
        raise UsageError(f"--out {out_dir} is a file; give a new or empty folder")
    if not any(out_dir.iterdir()):
        return
    if not (out_dir / MANIFEST).exists():
        raise UsageError(f"--out {out_dir} already holds other files; give a new or empty folder")
    manifest = read_manifest(out_dir)
    wanted = _config_of(prepared)
    for key in CONFIG_KEYS:
        stored = manifest.get(key, [] if key in OPTIONAL_LIST_KEYS else None)
        if stored != wanted[key]:
            raise UsageError(
                f"--out {out_dir} holds a run with {key} {stored!r}, not {wanted[key]!r}; "
                "give a new folder, or the same configuration to resume or extend it"
            )


def _config_of(prepared) -> dict:
    return {
        "game": prepared.spec.id,
        "players": prepared.config.players,
        "lineup": list(prepared.config.lineup),
        "variants": list(prepared.config.variants),
        "seed": prepared.config.seed,
        "force_events": list(prepared.config.force_events),
        "exclude_events": list(prepared.config.exclude_events),
    }


def new_manifest(prepared, version: str, jobs: int) -> dict:
    """The manifest of a run that is starting."""
    spec = prepared.spec
    return {
        "kind": MANIFEST_KIND,
        "schema_version": SCHEMA_VERSION,
        "islandsim_version": version,
        **_config_of(prepared),
        "title": spec.title,
        "variant_flags": [int(flag) for flag in prepared.variant_flags],
        "n": prepared.config.n,
        "chunk_size": prepared.config.chunk_size,
        "jobs": jobs,
        "seat_columns": list(spec.seat_columns),
        "game_columns": list(spec.game_columns),
        "length_column": spec.length_column,
        "started": now_iso(),
        "finished": None,
        "status": "running",
        "timings": {},
        "chunks": [],
    }


def _write_atomically(path: Path, write) -> None:
    """``write`` to a temporary name, then rename; a failed write (disk full) leaves no ``.partial``."""
    temporary = path.with_name(path.name + ".partial")
    try:
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_manifest(out_dir: Path, manifest: dict) -> None:
    """Write ``manifest.json`` atomically."""
    _write_atomically(out_dir / MANIFEST, lambda path: path.write_text(json.dumps(manifest, indent=2) + "\n"))


def tidy_frame(spec, lineup_names, first_game: int, seat_results: np.ndarray, game_results: np.ndarray) -> pl.DataFrame:
    """One row per game and seat from the engine's arrays."""
    n_games, players, _ = seat_results.shape
    # the seat's strategy name, picked from the lineup by seat (the same categorical column as
    # casting one Python string per row, without building one per row)
    lineup = pl.Series("strategy", list(lineup_names), dtype=pl.Utf8).cast(pl.Categorical)
    columns: dict[str, object] = {
        "game": np.repeat(np.arange(first_game, first_game + n_games, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), n_games),
        "strategy": lineup.gather(np.tile(np.arange(players, dtype=np.uint32), n_games)),
    }
    for position, name in enumerate(spec.seat_columns):
        columns[name] = seat_results[:, :, position].reshape(-1)
    columns["winner"] = columns["rank"] == 1
    for position, name in enumerate(spec.game_columns):
        columns[name] = np.repeat(game_results[:, position], players)
    return pl.DataFrame(columns)


def chunk_path(out_dir: Path, index: int) -> Path:
    """Where chunk ``index`` is stored."""
    return out_dir / CHUNKS / f"chunk-{index:06d}.parquet"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class RunFolder:
    """A run folder opened for writing by this process (a context manager).

    On entry it creates the folder or opens the run already there, takes an exclusive lock
    (a second process is refused), drops every stored chunk that is missing or fails its
    checksum (its games are played again) and removes files the manifest does not list.
    """

    def __init__(self, out_dir: Path, prepared, version: str, jobs: int):
        self.out_dir = Path(out_dir)
        self.prepared = prepared
        self.version = version
        self.jobs = jobs
        self.manifest: dict = {}
        self.dropped: list[str] = []
        self._lock_file = None
        self._wins = np.zeros(prepared.config.players, dtype=np.int64)
        self._created = False

    def __enter__(self) -> "RunFolder":
        self._created = not (self.out_dir / MANIFEST).exists()
        created_folder = not self.out_dir.exists()
        try:
            self._open()
        except BaseException:
            self.__exit__()
            self._lock_file = None
            if created_folder:  # nothing half-written: a folder this call made goes again
                remove_run(self.out_dir)
            raise
        return self

    def _open(self) -> None:
        (self.out_dir / CHUNKS).mkdir(parents=True, exist_ok=True)
        self._lock()
        if self._created:
            self.manifest = new_manifest(self.prepared, self.version, self.jobs)
        else:
            self.manifest = read_manifest(self.out_dir)
            self.manifest.update(status="running", jobs=self.jobs, finished=None, timings={})
            self._drop_bad_chunks()
        self._remove_unlisted_files()
        write_manifest(self.out_dir, self.manifest)

    def __exit__(self, *exc) -> bool:
        if self._lock_file is not None:
            self._lock_file.close()
            (self.out_dir / LOCK).unlink(missing_ok=True)
        return False

    def _lock(self) -> None:
        import fcntl

        lock_file = open(self.out_dir / LOCK, "a+")
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock_file.seek(0)
            holder = lock_file.read().strip() or "unknown"
            lock_file.close()
            raise UsageError(f"{self.out_dir} is being written by another islandsim process (pid {holder})") from None
        lock_file.seek(0)
        lock_file.truncate()
        lock_file.write(str(os.getpid()))
        lock_file.flush()
        self._lock_file = lock_file

    def _drop_bad_chunks(self) -> None:
        kept = []
        for chunk in self.manifest["chunks"]:
            path = self.out_dir / chunk["file"]
            if path.exists() and _sha256(path) == chunk["sha256"]:
                kept.append(chunk)
                frame = pl.read_parquet(path, columns=["seat", "winner"])
                wins = frame.group_by("seat").agg(pl.col("winner").sum())
                for seat, count in wins.iter_rows():
                    self._wins[seat] += count
            else:
                self.dropped.append(chunk["file"])
        self.manifest["chunks"] = kept

    def _remove_unlisted_files(self) -> None:
        listed = {chunk["file"] for chunk in self.manifest["chunks"]}
        for path in (self.out_dir / CHUNKS).iterdir():
            if f"{CHUNKS}/{path.name}" not in listed:
                path.unlink()

    def games_done(self) -> int:
        """Games stored in finished chunks."""
        return sum(chunk["games"] for chunk in self.manifest["chunks"])

    def next_index(self) -> int:
        """A chunk index no stored chunk uses."""
        return 1 + max((chunk["index"] for chunk in self.manifest["chunks"]), default=-1)

    def wins_by_seat(self) -> np.ndarray:
        """Wins per seat over every stored chunk."""
        return self._wins.copy()

    def write_chunk(self, index, first_game, seat_results, game_results, seconds) -> None:
        """Store one finished chunk and record it, with its checksum, in the manifest."""
        prepared = self.prepared
        frame = tidy_frame(prepared.spec, prepared.config.lineup, first_game, seat_results, game_results)
        path = chunk_path(self.out_dir, index)
        _write_atomically(path, lambda temporary: frame.write_parquet(temporary, compression="zstd"))
        self.manifest["chunks"].append(
            {
                "index": index,
                "first_game": first_game,
                "games": int(seat_results.shape[0]),
                "file": f"{CHUNKS}/{path.name}",
                "sha256": _sha256(path),
                "seconds": round(seconds, 3),
            }
        )
        self.manifest["chunks"].sort(key=lambda chunk: chunk["first_game"])
        self._wins += (seat_results[:, :, 1] == 1).sum(axis=0)
        write_manifest(self.out_dir, self.manifest)

    def finish(self, status: str, discard_if_new: bool = False) -> None:
        """Record the run's final status; a new run that stored nothing is removed, and so is
        any new run when ``discard_if_new`` (its chunks are not to be kept)."""
        if self._created and (discard_if_new or not self.manifest["chunks"]) and status != "complete":
            self.__exit__()
            self._lock_file = None
            remove_run(self.out_dir)
            return
        self.manifest["status"] = status
        self.manifest["finished"] = now_iso()
        write_manifest(self.out_dir, self.manifest)


def remove_run(out_dir: Path) -> None:
    """Delete a run folder that holds no finished chunk (a run that failed at once)."""
    shutil.rmtree(out_dir, ignore_errors=True)


def read_manifest(run_dir: Path) -> dict:
    """The manifest of a run folder, or :class:`UsageError` saying what is wrong with it."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise UsageError(f"run folder {run_dir} does not exist")
    path = run_dir / MANIFEST
    if not path.exists():
        raise UsageError(f"{run_dir} is not an islandsim run folder (no {MANIFEST})")
    try:
        manifest = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise UsageError(f"{path} is corrupt (not valid JSON)") from None
    if not isinstance(manifest, dict) or manifest.get("kind") != MANIFEST_KIND:
        raise UsageError(f"{path} is not an islandsim manifest")
    if manifest.get("schema_version") != SCHEMA_VERSION or not isinstance(manifest.get("schema_version"), int):
        raise UsageError(
            f"{run_dir} uses results schema {manifest.get('schema_version')}, this islandsim reads schema {SCHEMA_VERSION}"
        )
    missing = [key for key in REQUIRED_KEYS if key not in manifest]
    if missing:
        raise UsageError(f"{path} is corrupt (missing {', '.join(missing)})")
    return manifest


REQUIRED_KEYS = CONFIG_KEYS + ("n", "chunk_size", "chunks", "status", "seat_columns", "game_columns")


def scan_run(run_dir: Path, allow_incomplete: bool = False) -> tuple[dict, pl.LazyFrame]:
    """The manifest and a lazy frame over every finished chunk, each checked against its checksum.

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
    files = []
    for chunk in manifest["chunks"]:
        path = run_dir / chunk["file"]
        if not path.exists():
            raise UsageError(f"{run_dir}: chunk file {chunk['file']} is missing")
        if _sha256(path) != chunk["sha256"]:
            raise UsageError(f"{run_dir}: chunk file {chunk['file']} is damaged (checksum mismatch)")
        files.append(str(path))
    return manifest, pl.scan_parquet(files)
