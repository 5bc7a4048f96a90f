"""The one table printer: text aligned, Markdown pipe tables, CSV unrounded."""

import csv
import io

import pytest

from simulator.core.run.tables import Column, Table, format_table, render

ROWS = [
    {"name": "greedy", "rate": 0.5123, "low": 0.49, "high": 0.53},
    {"name": "a|b", "rate": 0.05, "low": 0.04, "high": 0.06},
]
COLUMNS = [
    Column("strategy", "name"),
    Column("win rate", "rate", lambda value: f"{100 * value:.1f}%"),
    Column("interval", ("low", "high"), lambda low, high: f"[{100 * low:.0f}, {100 * high:.0f}]"),
]


def test_text_aligns_words_left_and_numbers_right():
    lines = format_table(Table(COLUMNS, ROWS)).splitlines()
    assert lines[0].startswith("strategy  win rate")
    assert lines[1].startswith("greedy       51.2%")
    assert lines[2].startswith("a|b           5.0%")
    assert lines[1].endswith("[49, 53]") and lines[2].endswith("  [4, 6]")  # right-aligned under "interval"
    assert len(lines[0]) == len(lines[1]) == len(lines[2])


def test_markdown_escapes_pipes_and_keeps_the_shown_text():
    lines = format_table(Table(COLUMNS, ROWS), "md").splitlines()
    assert lines[0] == "| strategy | win rate | interval |"
    assert lines[1] == "|---|---|---|"
    assert lines[3] == "| a\\|b | 5.0% | [4, 6] |"


def test_csv_has_one_column_per_key_and_raw_values():
    rows = list(csv.reader(io.StringIO(format_table(Table(COLUMNS, ROWS), "csv"))))
    assert rows[0] == ["name", "rate", "low", "high"]
    assert rows[1] == ["greedy", "0.5123", "0.49", "0.53"]
    assert rows[2][0] == "a|b"


def test_render_keeps_sentences_except_in_csv():
    parts = ["title line", "", Table(COLUMNS, ROWS[:1]), "closing line"]
    assert render(parts, "text").splitlines()[0] == "title line"
    assert render(parts, "md").split("\n\n")[0] == "title line"
    assert render(parts, "csv") == "name,rate,low,high\ngreedy,0.5123,0.49,0.53"


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="formats: text, md, csv"):
        format_table(Table(COLUMNS, ROWS), "xls")
