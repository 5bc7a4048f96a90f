"""One source of figures (issue 37, item 4): the docs quote no report figure the report does not hold.

The reports (``reports/*.html``, their first screens in ``reports/findings.md``) are the source of
every study figure; they change at each regeneration.  So the docs (``README.md``, ``docs/*.md``,
``docs/games/*.md``) link to a report instead of quoting its figures, and a figure they still quote
must be the report's.  The rule this test holds them to, paragraph by paragraph (a paragraph, a
list or a table: text between blank lines):

- a paragraph *cites* a report when it names a shipped study (``experiments/<stem>.toml`` or
  ``<stem>.toml``), links its report (``reports/<stem>.html``) or ``reports/findings.md``, or
  carries the marker ``<!-- figure: reports/<stem>.html -->`` (a figure quoted without a link);
- every figure with an interval it quotes (``1.7% [1.4, 2.1]``, ``+1.0 pp [+0.1, +1.8]``,
  ``0.45 points [0.19, 0.71]``) must appear, value and interval, in one of the reports it cites
  (signs ``+``/``−`` and ``%``/``pp`` marks aside).

A figure the docs measured themselves (a research script, a tuning run) names its own source and
no report; a sentence that needs a report's figure links the report instead of quoting it.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs" / "games").glob("*.md")])

_NUMBER = r"[+\-−]?\d[\d,]*(?:\.\d+)?"
FIGURE = re.compile(rf"(?P<value>{_NUMBER})\s*(?:%|pp|points?|gold)?\s*\[\s*(?P<low>{_NUMBER})\s*(?:%|pp)?\s*,\s*"
                    rf"(?P<high>{_NUMBER})\s*(?:%|pp)?\s*\]")  # fmt: skip
"""A figure with its interval, as the docs quote one."""
REPORT_FIGURE = re.compile(rf"(?P<value>{_NUMBER})\s*(?:%|pp|points?|gold)?(?:\s+of games)?\s*\[\s*(?P<low>{_NUMBER})\s*"
                           rf"(?:%|pp)?\s*,\s*(?P<high>{_NUMBER})\s*(?:%|pp)?\s*\]")  # fmt: skip
"""A figure with its interval in a report's text (which may also write ``1.7% of games [1.4%, 2.1%]``)."""
CITATION = re.compile(r"reports/(?P<report>[\w.-]+?)\.html|reports/(?P<findings>findings)\.md"
                      r"|(?<![\w-])(?:experiments/)?(?P<study>[a-z]+-[\w-]+)\.toml")  # fmt: skip
"""A paragraph's citation of a report, a study (its report), the findings file or a figure marker."""


def _plain_number(text: str) -> str:
    return text.replace("−", "-").replace("+", "").replace(",", "")


def figures(text: str, pattern: re.Pattern = FIGURE) -> set[tuple[str, str, str]]:
    """The (value, low, high) triples of every figure with an interval in ``text``."""
    return {tuple(_plain_number(match[name]) for name in ("value", "low", "high")) for match in pattern.finditer(text)}


@lru_cache(maxsize=None)
def report_figures(name: str) -> frozenset[tuple[str, str, str]]:
    """Every figure with an interval in a report (``findings`` is ``reports/findings.md``)."""
    path = REPORTS / ("findings.md" if name == "findings" else f"{name}.html")
    text = re.sub(r"<img[^>]*>", " ", path.read_text(encoding="utf-8"))
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return frozenset(figures(text, REPORT_FIGURE))


def cited_reports(paragraph: str) -> set[str]:
    """The shipped reports a paragraph cites (a study without a report in ``reports/`` cites none)."""
    names = set()
    for match in CITATION.finditer(paragraph):
        name = match["report"] or match["findings"] or match["study"]
        if name == "findings" or (REPORTS / f"{name}.html").exists():
            names.add(name)
    return names


def paragraphs(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each block between blank lines, code blocks left out."""
    found, lines, start, fenced = [], [], 0, False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.strip():
            start = start if lines else number
            lines.append(line)
        elif lines:
            found.append((start, "\n".join(lines)))
            lines = []
    if lines:
        found.append((start, "\n".join(lines)))
    return found


def unsupported_figures(text: str) -> list[str]:
    """``line N: figure (cites R)`` for every figure a citing paragraph quotes that its reports lack."""
    problems = []
    for line, paragraph in paragraphs(text):
        reports = cited_reports(paragraph)
        if not reports:
            continue
        known = set().union(*(report_figures(name) for name in reports))
        for figure in sorted(figures(paragraph) - known):
            problems.append(f"line {line}: {figure[0]} [{figure[1]}, {figure[2]}] (cites {', '.join(sorted(reports))})")
    return problems


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_docs_quote_only_figures_their_reports_hold(doc):
    problems = unsupported_figures(doc.read_text(encoding="utf-8"))
    assert not problems, (f"{doc.relative_to(ROOT)} quotes figures its reports do not hold (link the report instead "
                          "of quoting it): " + "; ".join(problems))  # fmt: skip


def test_a_quote_that_disagrees_with_its_report_is_found():
    """The quote of issue 37 (docs/games/skirmish.md before the fix): the report says 1.7% and 0.7%."""
    quote = ("The stalls study (`experiments/skirmish-capped.toml`, `random` in every seat, 5,000 games each) finds "
             "1.8% [1.5, 2.2] of 2-player and 1.0% [0.7, 1.3] of 4-player random games capped")  # fmt: skip
    assert unsupported_figures(quote) == ["line 1: 1.0 [0.7, 1.3] (cites skirmish-capped)",
                                          "line 1: 1.8 [1.5, 2.2] (cites skirmish-capped)"]  # fmt: skip


def test_a_quote_that_matches_its_report_or_a_marked_one_passes():
    assert unsupported_figures("reports/skirmish-capped.html: 1.7% [1.4, 2.1] of 2-player games") == []
    assert unsupported_figures("<!-- figure: reports/skirmish-capped.html -->\n+83.0 pp [+81.9, +84.0]") == []
    assert unsupported_figures("<!-- figure: reports/skirmish-capped.html -->\n+83.0 pp [+81.9, +84.1]") != []


def test_a_paragraph_citing_no_report_is_not_checked():
    assert unsupported_figures("measured with a research script: 12.3% [11.0, 13.6]") == []
