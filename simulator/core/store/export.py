"""``islandsim export``: the results of a run as one CSV, Parquet or JSON file, for spreadsheets
and other tools.

The table is the run's results as stored (one row per seat and game: ``game``, ``seat``,
``strategy``, ``winner``, the game's own columns), in game then seat order, values unchanged.
The file is written whole or not at all: it goes to a temporary file next to the target that is
renamed into place, and an existing file is replaced only when the caller says so.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import polars as pl

from simulator.core.engine.registry import UsageError
from simulator.core.store.results import rules_changed_lines, scan_run

EXTENSIONS = {".csv": "csv", ".parquet": "parquet", ".json": "json"}
"""File extension -> export format, when no format is given."""
FORMATS = tuple(EXTENSIONS.values())
STDOUT = "-"
"""The ``--out`` value that prints the table (CSV or JSON) instead of writing a file."""


def results_rows(run_dir: Path) -> tuple[pl.LazyFrame, int]:
    """Every result row of a complete run, in game then seat order, strategy names as text; and
    how many rows that is."""
    manifest, rows = scan_run(run_dir)
    count = sum(chunk["games"] for chunk in manifest["chunks"]) * manifest["players"]
    rows = rows.with_columns(pl.col("strategy").cast(pl.String))
    changed = rules_changed_lines(manifest)
    if changed:  # a run of changed rule values names them on every row (one table, no side file to lose)
        rows = rows.with_columns(pl.lit("; ".join(changed)).alias("rules_changed"))
    return rows.sort("game", "seat"), count


def _write(rows: pl.LazyFrame, fmt: str, path: str) -> None:
    """CSV and Parquet are streamed to the file; JSON (one array of row objects) is built whole."""
    if fmt == "csv":
        rows.sink_csv(path)
    elif fmt == "parquet":
        rows.sink_parquet(path)
    else:
        rows.collect().write_json(path)


def check_target(out: str, fmt: str, force: bool) -> None:
    """Refuse, before any work, a target that cannot or may not be written."""
    if out == STDOUT:
        if fmt == "parquet":
            raise UsageError("Parquet is a binary format: give a file name with --out, not -")
        return
    path = Path(out)
    if path.is_dir():
        raise UsageError(f"--out {path} is a folder; give a file name")
    if path.exists() and not force:
        raise UsageError(f"{path} already exists; give --force to replace it")
    if not path.parent.is_dir():
        raise UsageError(f"folder {path.parent} does not exist")


def export_run(run_dir: Path, out: str, fmt: str, force: bool = False) -> int:
    """Write the results of ``run_dir`` to ``out`` (a path, or ``-`` for stdout); the row count."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown export format '{fmt}'; formats: {', '.join(FORMATS)}")
    check_target(out, fmt, force)
    rows, count = results_rows(run_dir)
    if out == STDOUT:
        table = rows.collect()
        text = table.write_csv() if fmt == "csv" else table.write_json()
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return count
    path = Path(out)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    os.close(handle)
    try:
        _write(rows, fmt, temporary)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)
    return count
