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

from simulator.core.registry import UsageError
from simulator.core.results import scan_run

EXTENSIONS = {".csv": "csv", ".parquet": "parquet", ".json": "json"}
"""File extension -> export format, when no format is given."""
FORMATS = tuple(EXTENSIONS.values())
STDOUT = "-"
"""The ``--out`` value that prints the table (CSV or JSON) instead of writing a file."""


def results_table(run_dir: Path) -> pl.DataFrame:
    """Every result row of a complete run, in game then seat order, strategy names as text."""
    _, rows = scan_run(run_dir)
    return rows.with_columns(pl.col("strategy").cast(pl.String)).sort("game", "seat").collect()


def _write(table: pl.DataFrame, fmt: str, target) -> None:
    if fmt == "csv":
        table.write_csv(target)
    elif fmt == "parquet":
        table.write_parquet(target)
    else:  # a JSON array with one object per row
        table.write_json(target)


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
    table = results_table(run_dir)
    if out == STDOUT:
        text = table.write_csv() if fmt == "csv" else table.write_json()
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return table.height
    path = Path(out)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    os.close(handle)
    try:
        _write(table, fmt, temporary)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)
    return table.height
