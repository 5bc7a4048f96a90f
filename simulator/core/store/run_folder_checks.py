"""A run folder is untrusted input: the checks made before any of it is used.

A run folder can be copied from someone else, edited by hand or damaged.  Before islandsim
reads or extends one, it checks

* that nothing in it is a symlink (:func:`refuse_symlinks`): a symlink planted as
  ``.lock``, ``manifest.json.partial``, ``chunks/`` or a chunk would make a resume write,
  delete or read files elsewhere;
* that the manifest has the expected shape (:func:`validate_manifest`): types, ranges, a
  known game and player count, the game's own columns, chunk entries whose file is
  ``chunks/chunk-NNNNNN.parquet`` (never a path out of the folder) and whose games do
  not overlap.

What each chunk was played with is checked against its own metadata in
:mod:`simulator.core.store.results` (``check_chunk_metadata``).  Every refusal is a
:class:`UsageError` that names the folder, the field and what is allowed.
"""

from __future__ import annotations

import re
from pathlib import Path

from simulator.core.engine.registry import UsageError
from simulator.core.store.records import CHUNKS, check_manifest_entry

MANIFEST = "manifest.json"
STATUSES = ("running", "interrupted", "failed", "complete")
CHUNK_FILE = re.compile(r"^chunks/chunk-(\d{6,})\.parquet$")
SHA256 = re.compile(r"^[0-9a-f]{64}$")
CHUNK_KEYS = {"index", "first_game", "games", "file", "sha256", "seconds"}
OPTIONAL_CHUNK_KEYS = {"records_sha256", "trajectories_sha256"}
"""Checksums of the files stored beside a chunk (simulator.core.store.records), when the run records them."""
REPAIR_HINT = "if the chunks are intact, `islandsim repair {dir}` rebuilds the manifest from them"
MAX_SEED = 2**63


def chunk_file(index: int) -> str:
    """The manifest's ``file`` of chunk ``index``, relative to the run folder."""
    return f"{CHUNKS}/chunk-{index:06d}.parquet"


def refuse_symlinks(run_dir: Path) -> None:
    """Refuse a run folder holding a symlink at its top level or in ``chunks/``.

    The folder itself may be a symlink (the user named it); nothing inside it may point
    elsewhere, so that islandsim never writes, deletes or reads outside the folder.
    """
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        return
    inside = list(run_dir.iterdir())
    chunks = run_dir / CHUNKS
    if chunks.is_dir() and not chunks.is_symlink():
        inside += list(chunks.iterdir())
    for path in inside:
        if path.is_symlink():
            raise UsageError(
                f"{run_dir} holds a symlink, {path.relative_to(run_dir)}; islandsim never follows a symlink "
                "out of a run folder: remove it (or copy the real file in its place)"
            )


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


class _ManifestProblem(UsageError):
    pass


def _problem(path: Path, message: str) -> _ManifestProblem:
    return _ManifestProblem(f"{path} is damaged or edited: {message}; {REPAIR_HINT.format(dir=path.parent)}")


def validate_manifest(manifest: dict, path: Path) -> None:
    """Refuse a manifest whose fields do not have the types, ranges and values islandsim writes."""
    from simulator.core.engine import registry

    game = manifest["game"]
    if not isinstance(game, str) or game not in registry.game_ids():
        raise _problem(path, f"'game' is {game!r}, not one of this islandsim's games ({', '.join(registry.game_ids())})")
    spec = registry.get_game(game)
    players = manifest["players"]
    if not _is_int(players) or players not in spec.player_counts:
        allowed = ", ".join(map(str, spec.player_counts))
        raise _problem(path, f"'players' is {players!r}; {spec.title} is played by {allowed} players")
    lineup = manifest["lineup"]
    if not _is_text_list(lineup) or len(lineup) != players:
        raise _problem(path, f"'lineup' is {lineup!r}, not a list of {players} strategy names")
    _check_names(path, manifest, "variants", spec.variants, lambda name: registry.is_known_variant(spec, name))
    for key in ("force_events", "exclude_events"):
        _check_names(path, manifest, key, spec.event_cards)
    seed = manifest["seed"]
    if not _is_int(seed) or not 0 <= seed < MAX_SEED:
        raise _problem(path, f"'seed' is {seed!r}, not an integer between 0 and 2^63-1")
    for key in ("n", "chunk_size"):
        if not _is_int(manifest[key]) or manifest[key] < 1:
            raise _problem(path, f"'{key}' is {manifest[key]!r}, not a positive integer")
    if manifest["status"] not in STATUSES:
        raise _problem(path, f"'status' is {manifest['status']!r}, not one of {', '.join(STATUSES)}")
    for key, expected in (("seat_columns", spec.seat_columns), ("game_columns", spec.game_columns)):
        if manifest[key] != list(expected):
            raise _problem(path, f"'{key}' is {manifest[key]!r}, but {spec.title} results have {list(expected)!r}")
    _check_chunk_entries(path, manifest["chunks"])
    check_manifest_entry(manifest, lambda message: _problem(path, message))


def _check_names(path: Path, manifest: dict, key: str, allowed, known=None) -> None:
    names = manifest.get(key, [])
    if not _is_text_list(names):
        raise _problem(path, f"'{key}' is {names!r}, not a list of names")
    unknown = [name for name in names if not (known(name) if known else name in allowed)]
    if unknown:
        raise _problem(path, f"'{key}' names {unknown[0]!r}, unknown to {manifest['game']} (known: {', '.join(allowed) or 'none'})")


def _check_chunk_entries(path: Path, chunks) -> None:
    if not isinstance(chunks, list):
        raise _problem(path, f"'chunks' is {type(chunks).__name__}, not a list")
    covered: list[tuple[int, int, int]] = []
    seen_indexes = set()
    for position, chunk in enumerate(chunks):
        where = f"chunk entry {position + 1}"
        if not isinstance(chunk, dict) or set(chunk) - OPTIONAL_CHUNK_KEYS != CHUNK_KEYS:
            raise _problem(path, f"{where} is {chunk!r}, not an entry with {', '.join(sorted(CHUNK_KEYS))}")
        for key in ("index", "first_game", "games"):
            least = 1 if key == "games" else 0
            if not _is_int(chunk[key]) or chunk[key] < least:
                raise _problem(path, f"{where}: '{key}' is {chunk[key]!r}, not an integer >= {least}")
        if chunk["file"] != chunk_file(chunk["index"]):
            raise _problem(path, f"{where}: 'file' is {chunk['file']!r}; chunk {chunk['index']} is stored as "
                                 f"{chunk_file(chunk['index'])!r} inside the folder")  # fmt: skip
        for key in ["sha256"] + sorted(OPTIONAL_CHUNK_KEYS & set(chunk)):
            if not isinstance(chunk[key], str) or not SHA256.match(chunk[key]):
                raise _problem(path, f"{where}: '{key}' is not 64 lowercase hex digits")
        if not isinstance(chunk["seconds"], (int, float)) or isinstance(chunk["seconds"], bool):
            raise _problem(path, f"{where}: 'seconds' is {chunk['seconds']!r}, not a number")
        if chunk["index"] in seen_indexes:
            raise _problem(path, f"{where}: chunk {chunk['index']} is listed twice")
        seen_indexes.add(chunk["index"])
        covered.append((chunk["first_game"], chunk["first_game"] + chunk["games"], chunk["index"]))
    covered.sort()
    for (_, end, index), (start, _, other) in zip(covered, covered[1:]):
        if start < end:
            raise _problem(path, f"chunks {index} and {other} both hold game {start:,}")


def check_complete_coverage(path: Path, manifest: dict) -> None:
    """Refuse a run marked complete whose chunks do not hold exactly the games ``0 .. n-1``."""
    n = manifest["n"]
    ranges = sorted((chunk["first_game"], chunk["first_game"] + chunk["games"]) for chunk in manifest["chunks"])
    expected_start = 0
    for start, end in ranges:
        if start != expected_start:
            break
        expected_start = end
    if expected_start != n or (ranges and ranges[-1][1] != n):
        raise _problem(path, f"it says complete, but its chunks do not hold exactly games 0 to {n - 1:,}")
