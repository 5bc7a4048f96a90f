"""The one table printer of the command line: plain text, Markdown or CSV.

Every command that prints a table (``run``, ``tournament``, ``compare``) builds :class:`Table`
objects and prints them, with the sentences around them, through :func:`render`:

- ``text`` (the default): columns aligned with spaces, numbers right-aligned;
- ``md``: a Markdown document, the tables as pipe tables, ready to paste into a report;
- ``csv``: the tables only, unrounded (rates as fractions 0..1), columns named by their keys,
  one blank line between two tables; for spreadsheets.

Values are printed as they are given (a seat number is shown as the caller stores it).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

FORMATS = ("text", "md", "csv")
"""The formats of :func:`render` (``--format`` of the commands that print tables)."""


def plain(value: object) -> str:
    """A cell shown as Python prints it; ``n/a`` for a missing value."""
    return "n/a" if value is None else str(value)


@dataclass(frozen=True)
class Column:
    """One column: its header, the row keys it reads, and how text and Markdown show them.

    ``show`` is called with the values of ``keys`` (one key, or several for a column such as an
    interval ``[low, high]``); CSV has one column per key instead, named by the key.
    """

    header: str
    keys: str | tuple[str, ...]  # one key may be given as a string
    show: Callable[..., str] = plain

    def __post_init__(self) -> None:
        if isinstance(self.keys, str):
            object.__setattr__(self, "keys", (self.keys,))

    def cell(self, row: Mapping[str, object]) -> str:
        """The text of this column in ``row``."""
        return self.show(*(row[key] for key in self.keys))


@dataclass(frozen=True)
class Table:
    """Rows (mappings from key to value) under some columns."""

    columns: Sequence[Column]
    rows: Sequence[Mapping[str, object]] = field(default_factory=list)


def _is_number(value: object) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def _text_table(table: Table) -> list[str]:
    cells = [[column.header for column in table.columns]]
    cells += [[column.cell(row) for column in table.columns] for row in table.rows]
    numeric = [bool(table.rows) and all(_is_number(row[key]) for row in table.rows for key in column.keys)
               for column in table.columns]  # fmt: skip
    widths = [max(len(line[index]) for line in cells) for index in range(len(table.columns))]
    return ["  ".join(_aligned(cell, width, right) for cell, width, right in zip(line, widths, numeric)).rstrip()
            for line in cells]  # fmt: skip


def _aligned(cell: str, width: int, right: bool) -> str:
    return cell.rjust(width) if right else cell.ljust(width)


def _markdown_cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown_table(table: Table) -> list[str]:
    lines = ["| " + " | ".join(_markdown_cell(column.header) for column in table.columns) + " |"]
    lines.append("|" + "|".join("---" for _ in table.columns) + "|")
    for row in table.rows:
        lines.append("| " + " | ".join(_markdown_cell(column.cell(row).strip()) for column in table.columns) + " |")
    return lines


def _csv_table(table: Table) -> list[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    keys = [key for column in table.columns for key in column.keys]
    writer.writerow(keys)
    for row in table.rows:
        writer.writerow(["" if row[key] is None else row[key] for key in keys])
    return buffer.getvalue().rstrip("\n").split("\n")


def format_table(table: Table, fmt: str = "text") -> str:
    """One table in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown table format '{fmt}'; formats: {', '.join(FORMATS)}")
    lines = {"text": _text_table, "md": _markdown_table, "csv": _csv_table}[fmt](table)
    return "\n".join(lines)


def render(parts: Sequence[str | Table], fmt: str = "text") -> str:
    """Sentences and tables in order.  ``text`` prints both line by line (an empty string is a
    blank line); ``md`` makes each sentence and table its own paragraph; ``csv`` prints only the
    tables, separated by one blank line."""
    if fmt == "csv":
        return "\n\n".join(format_table(part, fmt) for part in parts if isinstance(part, Table))
    shown = [format_table(part, fmt) if isinstance(part, Table) else part for part in parts]
    if fmt == "md":
        return "\n\n".join(text for text in shown if text)
    return "\n".join(shown)
