"""Reports: one self-contained HTML file (charts embedded as base64 PNG) or Markdown with PNGs.

A :class:`Document` is the question and its answers (the first screen, see
:mod:`simulator.analysis.report.answers`), then a list of blocks (headings, text, tables,
figures) rendered as a collapsible appendix.  :func:`add_study` fills a document with every analysis
that applies to a group of runs of one game and player count; :func:`build_report` is the
``islandsim report`` entry point.
"""

from __future__ import annotations

import base64
import html
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import polars as pl

from simulator import __version__
from simulator.analysis.report import (
    charts, answers as report_answers, players as report_players, quality as report_quality,
    reconstructions,
)
from simulator.analysis.stats import (
    compare, convergence, coverage, events, rule_coverage, seats, shape, stalls, intervals as stats, strategy_names,
    tournament,
)
from simulator.analysis.stats.runs import (
    HEADLINE_COLUMNS, Run, check_same_game, event_columns, expand_run_paths, extra_seat_columns, game_spec_or_none,
    is_null_setup, lineup_key, load_run, readable, setup_label, shorten,
)
from simulator.core.engine.registry import UsageError

FORMATS = ("html", "md")


@dataclass
class Block:
    """One element of a report: ``kind`` is heading, text, bullets, table, figure or link
    (``content`` ``(text, address)``, the address relative to the report file)."""

    kind: str
    content: object
    caption: str = ""
    level: int = 2


@dataclass
class Document:
    """A report being assembled.

    The first screen holds the study's ``question``, at most :data:`MAX_ANSWERS` plain-language
    ``answers`` (with their intervals; each opens with its ``verdicts`` entry), the players they were
    measured with in plain words (``players_note``) and one chart (``answer_figure``); ``answer_data``
    keeps the shown answers as data (:class:`~simulator.analysis.report.answers.Answer`), so that the
    screen can be held to its word limit once the checks under stronger play are added; every block after that
    is appendix: level-2 headings group it (one per player count), each level-3 heading opens a
    collapsible section listed in the table of contents.  ``facts`` keeps what the sections
    computed (seat tables, comparisons, measures) for the answers."""

    title: str
    findings: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    question: str = ""
    intro: str = ""
    answers: list[str] = field(default_factory=list)
    answer_figure: tuple[bytes, str] | None = None
    facts: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    headlines: list[dict] = field(default_factory=list)
    measure: str = ""
    verdicts: list[str] = field(default_factory=list)
    players_note: str = ""
    answer_data: list = field(default_factory=list)

    def verdict_and_rest(self, number: int) -> tuple[str, str]:
        """Answer ``number`` split into the verdict it opens with (shown bold) and the rest."""
        answer = self.answers[number]
        verdict = self.verdicts[number] if number < len(self.verdicts) else ""
        if verdict and answer.startswith(verdict):
            return verdict, answer[len(verdict):]
        return "", answer

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(Block("heading", text, level=level))

    def text(self, text: str) -> None:
        self.blocks.append(Block("text", text))

    def bullets(self, items: Sequence[str]) -> None:
        if items:
            self.blocks.append(Block("bullets", list(items)))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> None:
        self.blocks.append(Block("table", (list(headers), [[str(cell) for cell in row] for row in rows]), caption))

    def figure(self, png: bytes, caption: str) -> None:
        self.blocks.append(Block("figure", png, caption))

    def link(self, text: str, address: str) -> None:
        self.blocks.append(Block("link", (text, address)))


MAX_ANSWERS = 5
"""Answers on the first screen; the rest of what a study found is in the appendix."""
SCROLL_ROWS = 20
"""Tables longer than this scroll inside a box of fixed height instead of stretching the page."""


# ---------------------------------------------------------------- rendering

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:1.2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{border-bottom:2px solid #2e86c1;font-size:1.6em;margin:0.3em 0}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
.answers{background:#f6faf6;border-left:4px solid #27ae60;padding:0.4em 1em}
.answers .question{font-size:1.1em;margin:0.4em 0}.answers ol{margin:0.3em 0;padding-left:1.4em}.answers li{margin:0.25em 0}
.answers figure{margin:0.5em 0}.caveat{font-style:italic;color:#555}.answers img{max-height:600px}
.answers,.intro,.warnings,p{overflow-wrap:anywhere}
.intro{color:#444;font-size:0.9em}.warnings{background:#fdecea;border-left:4px solid #c0392b;padding:0.4em 1em}
nav ol{margin:0.2em 0}nav li{margin:0.1em 0}
details{border:1px solid #ddd;border-radius:4px;margin:0.5em 0;padding:0 0.8em}
details[open]{padding-bottom:0.6em}summary{cursor:pointer;font-weight:600;padding:0.45em 0}
.table-box{overflow:auto;max-width:100%;margin:0.8em 0}.table-box.long{max-height:32em;border:1px solid #eee}
table{border-collapse:collapse;font-size:0.85em}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left}
th{background:#eef4f8;position:sticky;top:0}td.n{text-align:right;white-space:nowrap}
caption{caption-side:bottom;font-size:0.85em;color:#555;text-align:left}
figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}figcaption{font-size:0.85em;color:#555}
@media (max-width:600px){body{padding:0 0.5em;margin:0.5em auto}h1{font-size:1.3em}.answers{padding:0.3em 0.6em}
.answers img{max-height:none}details{padding:0 0.4em}}
"""
"""The style sheet of every HTML report (the players report of :mod:`simulator.analysis.studies.skill` too).
Charts shrink to the width of the screen, their height in proportion (a phone's reader zooms
in for the labels); only a table wider than the screen scrolls, inside its own box."""

# Opens the collapsed section a table-of-contents link (or the address) points to.
_OPEN_TARGET = """<script>
function openTarget(){var id=decodeURIComponent(location.hash.slice(1));var node=id&&document.getElementById(id);
while(node){if(node.tagName==='DETAILS'){node.open=true;}node=node.parentElement;}}
window.addEventListener('hashchange',openTarget);openTarget();
</script>"""


def _anchor(number: int) -> str:
    return f"section-{number}"


def _outline(document: Document) -> list[tuple[int, str, str]]:
    """``(level, text, anchor)`` of every appendix heading, numbered in order."""
    return [(block.level, block.content, _anchor(number))
            for number, block in enumerate(block for block in document.blocks if block.kind == "heading")]  # fmt: skip


def _contents_html(outline: list[tuple[int, str, str]], findings: bool) -> str:
    items, open_group = [], False
    if findings:
        items.append('<li><a href="#findings">Every finding in one line</a></li>')
    for level, text, anchor in outline:
        link = f'<a href="#{anchor}">{html.escape(text)}</a>'
        if level <= 2:
            items.append(("</ol></li>" if open_group else "") + f"<li>{link}<ol>")
            open_group = True
        else:
            items.append(f"<li>{link}</li>")
    if open_group:
        items.append("</ol></li>")
    return f'<nav id="contents"><h2>Appendix</h2><ol>{"".join(items)}</ol></nav>'


def _figure_html(png: bytes, caption: str, number: int) -> str:
    data = base64.b64encode(png).decode("ascii")
    alt = html.escape(caption, quote=True)
    return (f'<figure><img class="chart" id="chart-{number}" alt="{alt}" src="data:image/png;base64,{data}">'
            f"<figcaption>Figure {number}. {html.escape(caption)}</figcaption></figure>")  # fmt: skip


NUMBER_CELL = re.compile(r"^[-+−<\[]*\s*(\d|n/a)")
"""Cells that hold a number (or an interval, or n/a): right-aligned; words are left-aligned."""


def _cell_html(cell: str) -> str:
    return f'<td class="n">{html.escape(cell)}</td>' if NUMBER_CELL.match(cell) else f"<td>{html.escape(cell)}</td>"


def _table_html(block: Block) -> str:
    headers, rows = block.content
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in headers)
    body = "".join("<tr>" + "".join(_cell_html(cell) for cell in row) + "</tr>" for row in rows)
    caption = f"<caption>{html.escape(block.caption)}</caption>" if block.caption else ""
    size = " long" if len(rows) > SCROLL_ROWS else ""
    return f'<div class="table-box{size}"><table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _answer_html(verdict: str, rest: str, caveat: str = "") -> str:
    """One first-screen answer: its verdict bold, then its figures and its reconstruction caveat (HTML)."""
    opening = f"<strong>{html.escape(verdict)}</strong>" if verdict else ""
    return f"<li>{opening}{html.escape(rest)}{' ' + caveat if caveat else ''}</li>"


def to_html(document: Document, folder: Path | None = None) -> str:
    """The document as one self-contained HTML page (no external file or network access): the
    answers first (each with its reconstruction caveat, links relative to ``folder``, the page's
    folder), then the table of contents and the appendix in collapsible sections."""
    parts = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{html.escape(document.title)}</title><style>{CSS}</style></head><body>",
             f"<h1>{html.escape(document.title)}</h1>"]  # fmt: skip
    if document.warnings:
        parts.append('<section id="warnings" class="warnings"><p><strong>Warning: these results contradict each other; '
                     'read nothing below before they are explained.</strong></p><ul>'
                     + "".join(f"<li>{html.escape(item)}</li>" for item in document.warnings) + "</ul></section>")  # fmt: skip
    figure_number = 0
    if document.question or document.answers:
        parts.append('<section id="answers" class="answers">')
        if document.question:
            parts.append(f'<p class="question"><strong>Question.</strong> {html.escape(document.question)}</p>')
        caveats, line = reconstructions.first_screen(document, folder)
        parts.append("<ol>" + "".join(_answer_html(*document.verdict_and_rest(number), caveat.html() if caveat else "")
                                      for number, caveat in zip(range(len(document.answers[:MAX_ANSWERS])), caveats)) + "</ol>")  # fmt: skip
        if document.players_note:
            parts.append(f'<p class="players">{html.escape(document.players_note)}</p>')
        if line:
            parts.append(f"<p>{line.html()}</p>")
        if document.answer_figure:
            figure_number += 1
            parts.append(_figure_html(*document.answer_figure, figure_number))
        parts.append("</section>")
    if document.intro:
        parts.append(f'<p class="intro">{html.escape(document.intro)}</p>')
    outline = iter(_outline(document))
    parts.append(_contents_html(_outline(document), bool(document.findings)))
    if document.findings:
        items = "".join(f"<li>{html.escape(item)}</li>" for item in document.findings)
        parts.append(f'<details id="findings"><summary>Every finding in one line</summary><ul>{items}</ul></details>')
    in_section = False
    for block in document.blocks:
        if block.kind == "heading":
            level, text, anchor = next(outline)
            if in_section:
                parts.append("</details>")
                in_section = False
            if level <= 2:
                parts.append(f'<h2 id="{anchor}">{html.escape(text)}</h2>')
            else:
                parts.append(f'<details id="{anchor}"><summary>{html.escape(text)}</summary>')
                in_section = True
        elif block.kind == "text":
            parts.append(f"<p>{html.escape(block.content)}</p>")
        elif block.kind == "bullets":
            parts.append("<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in block.content) + "</ul>")
        elif block.kind == "table":
            parts.append(_table_html(block))
        elif block.kind == "figure":
            figure_number += 1
            parts.append(_figure_html(block.content, block.caption, figure_number))
        elif block.kind == "link":
            text, address = block.content
            parts.append(f'<p><a href="{html.escape(address, quote=True)}">{html.escape(text)}</a></p>')
    if in_section:
        parts.append("</details>")
    parts.append(f"<footer><p><small>islandsim {__version__}. Methods: docs/analysis.md.</small></p></footer>{_OPEN_TARGET}</body></html>")
    return "\n".join(parts) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(document: Document, figure_folder: Path, link_prefix: str) -> str:
    """The document as Markdown; figures are written as PNG files into ``figure_folder``."""
    lines = [f"# {document.title}", ""]
    if document.warnings:
        lines += ["**Warning: these results contradict each other; read nothing below before they are explained.**", ""]
        lines += [f"- {item}" for item in document.warnings] + [""]
    figure_number = 0
    if document.question:
        lines += [f"**Question.** {document.question}", ""]
    answer_lines = reconstructions.answer_lines(document, figure_folder.parent, count=MAX_ANSWERS)
    for number, verdict in enumerate(document.verdicts[:MAX_ANSWERS]):  # the verdict each answer opens with, bold
        prefix = f"{number + 1}. {verdict}"
        answer_lines = [f"{number + 1}. **{verdict}**" + text[len(prefix):] if verdict and text.startswith(prefix) else text
                        for text in answer_lines]  # fmt: skip
    lines += answer_lines + [""] + ([document.players_note, ""] if document.players_note else [])
    if document.answer_figure:
        figure_number += 1
        lines += _markdown_figure(*document.answer_figure, figure_number, figure_folder, link_prefix)
    if document.intro:
        lines += [document.intro, ""]
    if document.findings:
        lines += ["## Every finding in one line", ""] + [f"- {item}" for item in document.findings] + [""]
    for block in document.blocks:
        if block.kind == "heading":
            lines += ["#" * block.level + " " + block.content, ""]
        elif block.kind == "text":
            lines += [block.content, ""]
        elif block.kind == "bullets":
            lines += [f"- {item}" for item in block.content] + [""]
        elif block.kind == "table":
            headers, rows = block.content
            lines.append("| " + " | ".join(map(_md_cell, headers)) + " |")
            lines.append("|" + "|".join("---" for _ in headers) + "|")
            lines += ["| " + " | ".join(map(_md_cell, row)) + " |" for row in rows]
            lines += ([f"*{block.caption}*"] if block.caption else []) + [""]
        elif block.kind == "figure":
            figure_number += 1
            lines += _markdown_figure(block.content, block.caption, figure_number, figure_folder, link_prefix)
        elif block.kind == "link":
            text, address = block.content
            lines += [f"[{text}]({address})", ""]
    lines.append(f"*islandsim {__version__}. Methods: docs/analysis.md.*")
    return "\n".join(lines) + "\n"


def _markdown_figure(png: bytes, caption: str, number: int, figure_folder: Path, link_prefix: str) -> list[str]:
    figure_folder.mkdir(parents=True, exist_ok=True)
    name = f"figure-{number:02d}.png"
    (figure_folder / name).write_bytes(png)
    return [f"![{_md_cell(caption)}]({link_prefix}/{name})", "", f"*Figure {number}. {caption}*", ""]


def write(document: Document, out: Path, fmt: str = "html") -> Path:
    """Write the document to ``out`` (HTML, or Markdown with PNGs in ``<stem>_files/``)."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown report format '{fmt}'; formats: {', '.join(FORMATS)}")
    out = Path(out)
    if out.exists() and out.is_dir():
        raise UsageError(f"report file {out} is a folder; give a file name")
    out.parent.mkdir(parents=True, exist_ok=True)
    if document.facts and not document.answers:  # reports built section by section (tournament, compare)
        report_answers.compose(document)
    if fmt == "html":
        text = to_html(document, out.parent)
    else:
        folder = markdown_files_folder(out)
        text = to_markdown(document, folder, folder.name)
    _write_text_atomically(out, text)
    return out


def _write_text_atomically(out: Path, text: str) -> None:
    """Write ``out`` through a temporary file: a failed write (disk full) leaves the old file, or none."""
    temporary = out.with_name(out.name + ".partial")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, out)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def markdown_files_folder(out: Path) -> Path:
    """Where a Markdown report ``out`` keeps its PNGs: ``<stem>_files/`` next to it."""
    return out.with_name(out.stem + "_files")


# ---------------------------------------------------------------- formatting helpers


def pct(value: float) -> str:
    """A rate as a percentage with one decimal."""
    return "n/a" if value is None or not math.isfinite(value) else f"{100 * value:.1f}%"


def interval_text(low: float, high: float, scale: float = 100.0, digits: int = 1) -> str:
    """``[low, high]`` scaled (percent by default)."""
    if low is None or not (math.isfinite(low) and math.isfinite(high)):
        return "n/a"
    return f"[{scale * low:.{digits}f}, {scale * high:.{digits}f}]"


def number(value: float, digits: int = 2) -> str:
    """A plain number for a table."""
    return "n/a" if value is None or not math.isfinite(value) else f"{value:.{digits}f}"


def p_text(value: float) -> str:
    """A p-value for a table."""
    return "n/a" if value is None or not math.isfinite(value) else ("<0.0001" if value < 1e-4 else f"{value:.4f}")


# ---------------------------------------------------------------- sections


def rules_changed_lines(manifest: dict) -> list[str]:
    """The changed rule values of a run, one line each (``first_player_bonus = 2 (rulebook: 5)``)."""
    from simulator.core.store.results import rules_changed_lines as lines

    return lines(manifest)


def add_manifest(document: Document, runs: list[Run]) -> None:
    """The runs behind the report: version, seed, n, lineup, variants, throughput."""
    document.heading("Runs", 2)
    document.heading("Run folders, seeds, versions and speed", 3)
    rows = []
    for run in runs:
        manifest = run.manifest
        timings = manifest.get("timings", {})
        rows.append([run.path.name, manifest["game"], manifest["players"], ", ".join(manifest["lineup"]),
                     setup_label(manifest), manifest["seed"], f"{manifest['n']:,}",
                     manifest.get("islandsim_version", "?"),
                     f"{timings['games_per_second']:,.0f}" if "games_per_second" in timings else "n/a",
                     number(timings.get("elapsed_seconds", math.nan), 1)])  # fmt: skip
    setups = sorted({readable_setup(run.manifest) for run in runs} - {""})
    has_events = any(run.manifest.get("force_events") or run.manifest.get("exclude_events") for run in runs)
    caption = (("Setups, with the event cards' names: " if has_events else "Setups: ") + "; ".join(setups) + ".") if setups else ""
    document.table(["run", "game", "players", "lineup", "setup", "seed", "games", "version", "games/s", "seconds"], rows, caption)
    changed = sorted({line for run in runs for line in rules_changed_lines(run.manifest)})
    if changed:
        document.text("Rule values changed from the rulebook's (or the reconstruction's): " + "; ".join(changed) + ".")
    versions = {run.manifest.get("islandsim_version") for run in runs}
    if len(versions) > 1:
        document.text(f"Caution: these runs come from different islandsim versions ({', '.join(map(str, versions))}).")


def add_seats(document: Document, runs: list[Run], title: str) -> tuple[pl.DataFrame, dict]:
    """Seat advantage table, bars of the difference from the fair share, the summary sentence."""
    table, notes = seats.seat_advantage(runs)
    summary = seats.seat_summary(table, notes)
    document.findings.append(f"{title}: {summary}")
    document.heading(f"Seat advantage — {title}", 3)
    document.text(
        f"Win rate per seat over {notes['deals']:,} deals"
        + (" and every seat rotation of the lineup" if len(runs) > 1 else "")
        + f"; fair share {pct(notes['fair_share'])} (a shared first place counts as a win for each tied seat). "
        + summary
    )
    document.table(
        ["seat", "games", "win rate", "95% interval", "vs fair share", "Holm p", "verdict"],
        [[row["seat"], f"{row['games']:,}", pct(row["win_rate"]), interval_text(row["low"], row["high"]),
          stats.format_number(row["vs_fair"], "pp"), p_text(row["p_holm"]), row["verdict"]]
         for row in table.iter_rows(named=True)],
    )  # fmt: skip
    document.figure(
        charts.offsets_from_fair_share({title: ([f"seat {seat}" for seat in table["seat"]], table["win_rate"], table["low"],
                                                table["high"], notes["fair_share"])}, f"Win rate per seat — {title}"),
        f"Win rate per seat minus the fair share ({pct(notes['fair_share'])}), percentage points, 95% intervals, {title}.",
    )  # fmt: skip
    return table, notes


def add_tournament(document: Document, runs: list[Run], title: str) -> pl.DataFrame:
    """Strategy ranking, head-to-head matrix and heatmap."""
    players = runs[0].players
    rank_table = written_names(tournament.ranking(runs), players, ("strategy",))
    pairs = written_names(tournament.head_to_head(runs), players, ("a", "b"))
    summary = tournament.tournament_summary(rank_table, pairs)
    document.findings.append(f"{title}: {summary}")
    document.heading(f"Strategies — {title}", 3)
    document.text(summary + " Intervals treat each deal as one observation (all its seat rotations together)."
                  + per_count_files_text(runs))  # fmt: skip
    document.table(
        ["#", "strategy", "win rate per seat", "95% interval", "seats played", "mean score", "95% interval"],
        [[row["position"], row["strategy"], pct(row["win_rate"]), interval_text(row["low"], row["high"]),
          f"{row['seats_played']:,}", number(row["mean_score"]), interval_text(row["score_low"], row["score_high"], 1.0, 2)]
         for row in rank_table.iter_rows(named=True)],
    )  # fmt: skip
    fair = 1.0 / runs[0].players
    document.figure(
        charts.offsets_from_fair_share({title: (rank_table["strategy"].to_list(), rank_table["win_rate"], rank_table["low"],
                                                rank_table["high"], fair)}, f"Win rate per seat taken — {title}"),
        f"Strategy ranking: win rate per seat taken minus the fair share ({pct(fair)}), 95% intervals, {title}.",
    )  # fmt: skip
    names, grid = tournament.matrix(pairs, rank_table["strategy"].to_list())
    lookup = {(row["a"], row["b"]): row for row in pairs.iter_rows(named=True)}
    document.table(
        ["strategy \\ opponent", *names],
        [[a] + [_meeting_cell(lookup, a, b) for b in names] for a in names],
        "Share of meetings in which the row strategy finished ahead of the column strategy (ties count half); "
        "50% = even; \"never met\": no game of the study seated both.",
    )  # fmt: skip
    document.figure(charts.heatmap(names, grid, f"Head to head — {title}"), f"Head-to-head matrix, {title}.")
    return rank_table


def written_names(table: pl.DataFrame, players: int, columns: tuple[str, ...]) -> pl.DataFrame:
    """``table`` with the strategy names of ``columns`` as the study writes them
    (:func:`strategy_names.as_written`: ``greedy@tuned-4p`` at 4 players reads ``greedy@tuned``), so
    that a strategy ranked at several player counts keeps one name."""
    for column in columns:
        names = table[column].unique().to_list()
        table = table.with_columns(pl.col(column).replace({name: strategy_names.as_written(name, players) for name in names}))
    return table


def per_count_files_text(runs: list[Run]) -> str:
    """The details sentence naming the file each ``X@tuned`` of ``runs`` played (empty when none did)."""
    players = runs[0].players
    recorded = dict.fromkeys(name for run in runs for name in run.manifest["lineup"])
    renamed = [f"{strategy_names.as_written(name, players)} plays {name}" for name in recorded
               if strategy_names.as_written(name, players) != name]  # fmt: skip
    if not renamed:
        return ""
    return f" At {players} players {'; '.join(renamed)} (the file tuned at {players} players)."


def _meeting_cell(lookup: dict, a: str, b: str) -> str:
    """One cell of the head-to-head table: share ahead with interval, "—" on the diagonal."""
    if a == b:
        return "—"
    if (a, b) not in lookup:
        return "never met"
    row = lookup[(a, b)]
    return f"{pct(row['ahead'])} {interval_text(row['low'], row['high'])}"


def add_comparison(document: Document, baseline: list[Run], arms: list[tuple[str, list[Run]]], title: str,
                   kind: str = "rule variant") -> pl.DataFrame:  # fmt: skip
    """Paired differences of every arm against the baseline, Holm, forest plot, convergence."""
    table = compare.compare_groups(baseline, arms)
    table = table.with_columns(pl.col("arm").replace_strict(_readable_arms(arms), default=pl.col("arm")).alias("arm"))
    lines = compare.comparison_summary(table)
    document.findings.extend(f"{title}: {line}" for line in lines)
    document.heading(f"{kind.capitalize()}s against the baseline — {title}", 3)
    document.text(
        f"Each {kind} is played on the same deals as the baseline (same seed), so the effect is the mean of the "
        f"per-game differences with a paired 95% interval. All {table.height} differences form one family for the "
        "Holm correction; a difference whose interval contains zero is reported as not distinguishable from zero, "
        "and a setup that produced exactly the baseline's games is reported as such (identical games)."
    )
    document.bullets(lines)
    constant = _constant_measures(baseline, arms)
    if constant:
        document.text(f"The same in every game of every setup (not tested): {constant}.")
    core = table.filter(compare.core_expression())
    own = table.filter(~compare.core_expression())
    for part, caption in ((core, "Win rate per seat, score, length, shared wins, margin of victory."),
                          (own, "The game's own measures (per seat: mean over seats; per game).")):  # fmt: skip
        if not part.is_empty():
            _difference_table(document, part, caption)
    short = table.with_columns(pl.col("arm").map_elements(shorten, return_dtype=pl.String))
    document.figure(charts.forest(_forest_rows(short), f"Paired differences — {title}"),
                    f"Paired differences against the baseline with 95% intervals, {title} (setup names shortened; "
                    "the tables give them in full).")  # fmt: skip
    if len(baseline) == 1 and all(len(members) == 1 for _, members in arms):
        readable = _readable_arms(arms)
        series = [_strongest_seat_series(baseline[0], readable[label], members[0], table) for label, members in arms[:6]]
        document.figure(charts.convergence_chart(pl.concat(series), f"Convergence of paired differences — {title}"),
                        "Running paired difference (percentage points) of the seat win rate that moved most, per setup; "
                        "right: 95% half-width, dashed at ±1 pp.")  # fmt: skip
    return table


def readable_setup(manifest: dict) -> str:
    """A setup as a reader names it: its variants, then each event card it forces or excludes with
    the card's name from the game's data (``B12 excluded (If both Landings have enough cards…)``)."""
    if is_null_setup(manifest):  # the baseline's rules and players, another strategy stream
        return setup_label(manifest)
    spec = game_spec_or_none(manifest)
    names = spec.card_names if spec is not None else {}
    parts = ["+".join(manifest["variants"])] if manifest.get("variants") else []
    for key, verb in (("force_events", "forced"), ("exclude_events", "excluded")):
        for card in manifest.get(key) or []:
            parts.append(f"{card} {verb}" + (f" ({names[card]})" if card in names else ""))
    return ", ".join(parts) or "baseline"


def _readable_arms(arms: list[tuple[str, list[Run]]]) -> dict[str, str]:
    return {label: readable_setup(members[0].manifest) for label, members in arms}


def _constant_measures(baseline: list[Run], arms: list[tuple[str, list[Run]]]) -> str:
    """``length: 24 tricks in every game`` for the core measures equal in every game of every setup."""
    unit = baseline[0].manifest["length_unit"]
    frames = [compare.deal_means(members).select("length", "shared_win") for members in [baseline] + [m for _, m in arms]]
    games = pl.concat(frames)
    parts = []
    if stats.is_constant(games["length"].to_numpy()):
        parts.append(f"length: {number(games['length'][0], 0)} {unit} in every game")
    if stats.is_constant(games["shared_win"].to_numpy()):
        parts.append(f"shared first place: {pct(games['shared_win'][0])} of games")
    return "; ".join(parts)

def _difference_table(document: Document, table: pl.DataFrame, caption: str) -> None:
    """A table of paired differences: both means, difference, interval, Holm p, verdict."""
    document.table(
        ["setup", "measure", "baseline", "setup value", "difference", "95% interval", "Holm p", "verdict"],
        [[row["arm"], row["measure"], _value(row["baseline"], row["unit"]), _value(row["variant"], row["unit"]),
          stats.format_number(row["difference"], row["unit"] or "+"),
          "[" + ", ".join(stats.format_number(row[key], row["unit"] or "+") for key in ("low", "high")) + "]",
          p_text(row["p_holm"]), row["verdict"]] for row in _by_effect(table).iter_rows(named=True)],
        caption + " Largest effects first (difference in interval half-widths).",
    )  # fmt: skip


def _by_effect(table: pl.DataFrame) -> pl.DataFrame:
    """Rows by effect size (difference over its interval half-width, largest first); identical games last."""
    return report_quality.effect_order(table).sort("identical_games", maintain_order=True)


def _by_measure(table: pl.DataFrame) -> pl.DataFrame:
    """Rows grouped by measure (in the table's measure order), setups in order within each."""
    order = {column: index for index, column in enumerate(table["column"].unique(maintain_order=True).to_list())}
    return table.sort(pl.col("column").replace_strict(order, return_dtype=pl.Int64), maintain_order=True)


def _value(value: float, unit: str) -> str:
    return pct(value) if unit == "pp" else number(value)


def _forest_rows(table: pl.DataFrame, max_measures: int = 6, max_seat_rows: int = 30) -> pl.DataFrame:
    """Rows of a forest plot: all seats' win rates in one panel (only seat 1's when that would
    exceed ``max_seat_rows``), mean score, length, then the game's own quantities (headline ones
    such as eliminations first).  The tables hold every measure."""
    seat_rows = table.filter(pl.col("column").str.starts_with("win_seat_"))
    if seat_rows.height > max_seat_rows:
        seat_rows = seat_rows.filter(pl.col("column") == "win_seat_1")
    seat_rows = seat_rows.with_columns(
        (pl.col("arm") + " · seat " + pl.col("column").str.extract(r"(\d+)$")).alias("arm"),
        pl.lit("win rate per seat").alias("measure"),
    )
    others = table.filter(pl.col("column").is_in(["mean_score", "length"]) | pl.col("column").str.contains(r"^(seat|game)\."))
    keep = others["measure"].unique(maintain_order=True).to_list()[: max_measures - 1]
    return pl.concat([seat_rows, others.filter(pl.col("measure").is_in(keep))])


def _strongest_seat_series(baseline: Run, label: str, other: Run, table: pl.DataFrame) -> pl.DataFrame:
    part = table.filter((pl.col("arm") == label) & pl.col("column").str.starts_with("win_seat_"))
    row = part.sort(pl.col("difference").abs(), descending=True).row(0, named=True)
    return convergence.paired_convergence(baseline, other, row["column"], f"{shorten(label, 32)}: {row['measure']} (pp)")


def add_events(document: Document, run: Run, title: str) -> None:
    """Observational event-card impact: per card and round."""
    table = events.observational_impact(run)
    if table.is_empty():
        return
    lines = events.events_summary(table)
    document.findings.append(f"{title}: {lines[0].rstrip(':')}" + (": " + "; ".join(lines[1:4]) if len(lines) > 1 else ""))
    document.heading(f"Event cards (observational) — {title}", 3)
    document.text(
        "Games in which a card came up against games in which it did not (same run). Observational: cards that come "
        "up together share their effects; the forced / excluded event comparisons answer the causal question."
    )
    document.bullets(lines)
    document.figure(charts.forest(_forest_rows(table), f"Event cards, observational — {title}"),
                    f"Difference with and without each card, 95% intervals, {title}.")  # fmt: skip
    rounds = events.by_round(run)
    measured = [column for column in rounds.columns if column not in ("card", "value", "round", "games")]
    fair = 1.0 / run.players
    wins = [column for column in measured if column.endswith(" wins")]
    rounds = rounds.with_columns(
        pl.max_horizontal([(pl.col(column).list.get(0) - fair).abs() for column in wins]).alias("_size")
    ).sort("_size", descending=True).drop("_size") if wins and not rounds.is_empty() else rounds
    document.table(
        ["card", "round", "games", *measured],
        [[row["card"], row["round"], f"{row['games']:,}", *[_triple(column, row[column]) for column in measured]]
         for row in rounds.iter_rows(named=True)],
        "Per card and the round it came up: winner's seat rates (95% Wilson) and means (95% intervals); rows with the "
        "largest seat win-rate gap from the fair share first.",
    )  # fmt: skip


def _triple(column: str, values: tuple[float, float, float]) -> str:
    """``estimate [low, high]`` of a by-round cell: percent for win rates, plain numbers otherwise."""
    estimate, low, high = values
    if column.endswith(" wins"):
        return f"{pct(estimate)} {interval_text(low, high)}"
    return f"{number(estimate)} {interval_text(low, high, 1.0, 2)}"


def add_shape(document: Document, runs: list[Run], title: str) -> None:
    """Score distributions, margin of victory, length, ties, the game's own quantities."""
    facts = shape.game_facts(runs)
    length_unit = runs[0].manifest["length_unit"]
    summary = shape.shape_summary(facts, length_unit)
    document.findings.append(f"{title}: {summary}")
    document.heading(f"Game shape — {title}", 3)
    document.text(summary)
    headers = ["n", "mean", "sd", "min", "p10", "median", "p90", "max"]
    for by in ("seat", "strategy"):
        scores = shape.score_table(runs, by)
        if by == "strategy":
            scores = written_names(scores, runs[0].players, ("strategy",))
        if by == "strategy" and scores.height < 2:
            continue
        document.table([by, *headers], [[row[by], f"{row['n']:,}", *[number(row[key]) for key in headers[1:]]]
                                        for row in scores.iter_rows(named=True)], f"Scores per {by}.")  # fmt: skip
    rows = written_names(seats.pooled_rows(runs, ("seat", "strategy", "score")), runs[0].players, ("strategy",))
    document.figure(charts.histograms({f"seat {seat}": part["score"].to_numpy() for (seat,), part in rows.sort("seat").group_by("seat", maintain_order=True)},
                                      f"Score distribution per seat — {title}", "score"),
                    f"Score distribution per seat, {title}.")  # fmt: skip
    if rows["strategy"].n_unique() > 1:
        document.figure(charts.histograms({name: part["score"].to_numpy() for (name,), part in rows.sort("strategy").group_by("strategy", maintain_order=True)},
                                          f"Score distribution per strategy — {title}", "score"),
                        f"Score distribution per strategy, {title}.")  # fmt: skip
    document.figure(charts.histograms({"margin of victory": facts["margin_values"]}, f"Margin of victory — {title}", "points"),
                    f"Margin of victory (winner minus the best other ranked seat; 0 on a shared win), {title}.")  # fmt: skip
    if stats.is_constant(facts["length_values"]):
        document.text(f"Length: {number(facts['length_values'][0], 0)} {length_unit} in every game.")
    else:
        document.figure(charts.histograms({length_unit: facts["length_values"]}, f"Game length — {title}", length_unit),
                        f"Game length ({length_unit}), {title}.")  # fmt: skip
    quantities = shape.quantity_table(runs)
    if not quantities.is_empty():
        document.table(["quantity", *headers], [[row["quantity"], f"{row['n']:,}", *[number(row[key]) for key in headers[1:]]]
                                                for row in quantities.iter_rows(named=True)],
                       f"The game's own quantities ({', '.join(quantities['quantity'].head(4).to_list())}"
                       f"{', ...' if quantities.height > 4 else ''}).")  # fmt: skip
    for column in [name for name in extra_seat_columns(runs[0].manifest) if name in HEADLINE_COLUMNS][:2]:
        values = seats.pooled_rows(runs, ("seat", column))  # e.g. Loot Island's curse cubes
        if stats.is_constant(values[column].to_numpy()):
            document.text(f"{readable(column).capitalize()}: {number(values[column][0], 0)} in every game and seat.")
            continue
        document.figure(charts.histograms({f"seat {seat}": part[column].to_numpy()
                                           for (seat,), part in values.sort("seat").group_by("seat", maintain_order=True)},
                                          f"{column} per seat — {title}", column),
                        f"Distribution of {column} at the end of the game, per seat, {title}.")  # fmt: skip


def add_convergence(document: Document, run: Run, title: str) -> None:
    """Running seat win rates and their interval widths, and whether n was enough."""
    table = convergence.run_convergence(run)
    summary = convergence.convergence_summary(table)
    document.findings.append(f"{title}: {summary}")
    document.heading(f"Convergence — {title}", 3)
    document.text(summary + f" (run {run.path.name}, games in index order).")
    rates = table.filter(pl.col("series").str.starts_with("win rate"))
    document.figure(charts.convergence_chart(rates, f"Convergence — {title}"),
                    "Running win rate per seat with 95% bands (left) and half-widths in percentage points (right; "
                    "dashed: ±1 pp).")  # fmt: skip


def add_never_seen(document: Document, groups: list[tuple[str, list[Run]]], title: str) -> None:
    """What the result columns show never happened (an event card, an Action never used), per setup."""
    lines = coverage.never_seen_by_setup(groups)
    if not lines:
        return
    document.findings.extend(f"{title}: never happened: {line}" for line in lines)
    document.heading(f"What never happened — {title}", 3)
    document.text("What the result columns show never happened, per setup (for the other setups, only what differs "
                  "from the baseline). A rule that never comes into play cannot show an effect: when the setup allows "
                  "it, this is a finding about the strategies or the deals, not about the rule.")  # fmt: skip
    document.bullets(lines)


def add_paired_quality(document: Document, baseline: list[Run], arms: list[tuple[str, list[Run]]], title: str) -> pl.DataFrame:
    """Winner-change rate, catch-up or runaway and every game-quality measure of each setup
    against the baseline, on the same deals (the first lineup of each setup), by effect size."""
    by_lineup = {lineup_key(run.manifest): run for run in baseline}
    parts = []
    for label, members in arms:
        arm = members[0]
        base = by_lineup.get(lineup_key(arm.manifest), baseline[0])
        identical = compare.same_games(base, arm)
        part = report_quality.pool_advantage_difference(report_quality.paired_quality(base, arm), baseline, members)
        parts.append(part.with_columns(pl.lit(readable_setup(arm.manifest)).alias("arm"), pl.lit(label).alias("label"),
                                       pl.lit(identical).alias("identical_games")))  # fmt: skip
    table = pl.concat(parts, how="vertical_relaxed")
    unit = baseline[0].manifest["length_unit"]
    document.heading(f"Winner changes, catch-up and game quality against the baseline — {title}", 3)
    document.text("Each setup against the baseline on the same deals: how often the winner changes (a different set "
                  "of winners on the same deal), whether the spread between first and last shrinks (catch-up) or "
                  "grows (runaway), and the paired difference of every game-quality measure, largest effects first.")  # fmt: skip
    identical = table.filter(pl.col("identical_games"))["arm"].unique(maintain_order=True).to_list()
    if identical:
        document.text("Identical games to the baseline (nothing to compare): " + "; ".join(identical) + ".")
    shown = report_quality.effect_order(table.filter(~pl.col("identical_games")))
    document.table(["setup", "measure", "baseline", "setup value", "difference", "95% interval", "games"],
                   [[row["arm"], row["measure"],
                     "—" if row["key"] == "winner_change" else report_quality.value_text(row["baseline"], row["unit"], unit, row["key"] == "advantage"),
                     report_quality.value_text(row["variant"], row["unit"], unit, row["key"] == "advantage"),
                     report_quality.value_text(row["difference"], row["unit"], unit, signed=True),
                     report_quality.interval_only(row["low"], row["high"], row["unit"], signed=True), f"{row['games']:,}"]
                    for row in shown.iter_rows(named=True)])  # fmt: skip
    return table


def add_study(document: Document, groups: list[tuple[str, list[Run]]], title: str, kind: str = "rule variant") -> None:
    """Every analysis that applies to runs of one game and player count.

    ``groups`` are ``(setup label, runs)``, the first being the baseline.  Baseline runs give
    seat advantage (pooled over their lineups), the strategy tournament (when they hold more
    than one strategy), game shape, event cards (when the game has event columns) and
    convergence; the other setups are compared with the baseline deal by deal.
    """
    check_same_game([run for _, members in groups for run in members])
    _, baseline = groups[0]
    document.heading(title, 2)
    fact = {"title": title, "players": baseline[0].players, "length_unit": baseline[0].manifest["length_unit"],
            "game": baseline[0].manifest["game"], "kind": kind, "setups": len(groups) - 1}  # fmt: skip
    fact["seats"] = add_seats(document, baseline, title)
    fact["capped"] = {label: stalls.capped_rate(members) for label, members in groups}  # issue 25: every setup's stalls
    if fact["capped"][groups[0][0]]["stall_cap"]:
        document.text("Stalls: " + "; ".join(f"{label}: {stalls.capped_line_of(rate)}" for label, rate in fact["capped"].items()))
    if len({name for run in baseline for name in run.manifest["lineup"]}) > 1:
        fact["tournament"] = add_tournament(document, baseline, title)
    fact["quality"] = report_quality.add_quality(document, baseline[0], title, baseline)
    if len(baseline) > 1:  # say which games the measures are of: the Stalls line above counts every run
        pooled = " and the first-seat advantage" if report_quality.is_rotated_mix(baseline) else ""
        document.text(f"These measures are of the baseline's first run ({', '.join(baseline[0].manifest['lineup'])}, "
                      f"{int(baseline[0].manifest['n']):,} games); the seat rates{pooled} and the Stalls line count all "
                      f"{len(baseline)} runs of the baseline.")  # fmt: skip
    fact["baseline_label"] = groups[0][0]
    fact["setup_names"] = {label: readable_setup(members[0].manifest) or "baseline" for label, members in groups}
    fact["imbalance"] = {label: seats.seat_imbalance(members) for label, members in groups}
    fact["arm_seats"] = {label: seats.seat_advantage(members)[0] for label, members in groups[1:]}
    if len(groups) > 1:
        fact["comparison"] = add_comparison(document, baseline, groups[1:], title, kind)
        fact["paired"] = add_paired_quality(document, baseline, groups[1:], title)
        if "tournament" in fact:  # a mixed table: what each setup does to each strategy, not only to the seats
            fact["strategy_changes"] = add_strategy_changes(document, baseline, groups[1:], title, fact["setup_names"])
        fact["never_done"] = {label: never_done_text(baseline, members, compare.identical_to_baseline(baseline, members))
                              for label, members in groups[1:]}  # fmt: skip
    add_imbalance_table(document, fact, title)
    document.warnings.extend(contradictions(groups, fact))
    document.facts.append(fact)
    if event_columns(baseline[0].manifest):
        add_events(document, baseline[0], title)
    add_never_seen(document, groups, title)
    add_shape(document, baseline, title)
    add_convergence(document, baseline[0], title)


def add_strategy_changes(document: Document, baseline: list[Run], arms: list[tuple[str, list[Run]]], title: str,
                         names: dict[str, str]) -> dict[str, pl.DataFrame]:
    """Each strategy's change of win rate per seat taken under each setup of a mixed table, paired
    by deal and pooled over the seat rotations, Holm-corrected over every setup and strategy; a
    table in the appendix, the tables (``p_holm``, ``survives``) by setup label for the answers."""
    players = baseline[0].players
    tables = {label: tournament.strategy_changes(baseline, members) for label, members in arms if not is_null_setup(members[0].manifest)}
    adjusted = iter(stats.holm([p for table in tables.values() for p in table["p"].to_list()]))
    tables = {label: table.with_columns(pl.Series("p_holm", [next(adjusted) for _ in range(table.height)], dtype=pl.Float64))
              .with_columns((pl.col("p_holm") <= stats.ALPHA).alias("survives")) for label, table in tables.items()}  # fmt: skip
    document.heading(f"Each strategy under each setup — {title}", 3)
    document.text("A mixed table rotated through the seats averages the strategies out of every seat's win rate; here "
                  "each strategy's win rate per seat taken under each setup against the baseline, paired by deal and "
                  "pooled over the seat rotations, Holm-corrected over every setup and strategy.")  # fmt: skip
    document.table(["setup", "strategy", "baseline", "setup value", "change (pp)", "95% interval", "Holm p"],
                   [[names.get(label, label), strategy_names.as_written(row["strategy"], players), pct(row["baseline"]),
                     pct(row["variant"]), f"{report_quality.no_negative_zero(100 * row['difference'], 1):+.1f}",
                     interval_text(row["low"], row["high"]), p_text(row["p_holm"])]
                    for label, table in tables.items() for row in table.iter_rows(named=True)])  # fmt: skip
    return tables


def add_imbalance_table(document: Document, fact: dict, title: str) -> None:
    """Seat imbalance of every setup (the baseline first), with its interval and whether a seat
    differs from the fair share beyond noise (Holm over the seats, then over the setups)."""
    labels = list(fact["setup_names"])
    tables = {labels[0]: fact["seats"][0], **fact["arm_seats"]}
    adjusted = stats.holm([float(tables[label]["p_holm"].min()) for label in labels])
    document.heading(f"Seat imbalance per setup — {title}", 3)
    document.text("Seat imbalance: the largest distance of a seat's win rate from the fair share, in percentage points, "
                  "with a 95% bootstrap interval over deals (docs/analysis.md, \"Seat imbalance\"). A setup's p-value is "
                  "its smallest Holm-adjusted seat p-value, Holm-corrected again over the setups.")  # fmt: skip
    rows = []
    for label, p_value in sorted(zip(labels, adjusted), key=lambda item: fact["imbalance"][item[0]]["estimate"]):
        value = fact["imbalance"][label]
        rows.append([fact["setup_names"][label], number(100 * value["estimate"], 1), interval_text(value["low"], value["high"]),
                     f"seat {value['best_seat']} {pct(value['rates'][value['best_seat'] - 1])}",
                     f"seat {value['worst_seat']} {pct(value['rates'][value['worst_seat'] - 1])}", pct(value["fair_share"]),
                     p_text(p_value)])  # fmt: skip
    document.table(["setup", "imbalance (pp)", "95% interval", "most favoured", "least favoured", "fair share", "Holm p"],
                   rows, "Fairest first.")  # fmt: skip


def never_done_text(baseline: list[Run], arm: list[Run], identical: bool = False) -> str:
    """Why a setup played the baseline's games, named from what the players never did: the rule
    branches of its variants that never fired, the decisions nobody was ever asked, or (games
    ``identical`` to the baseline's) the decisions the setup adds that the players were asked and
    always answered as the baseline's rules play ("the players faced the decision 'second card'
    41,000 times and always chose as the baseline's rules play"); "" when the engine records no counters or they name nothing."""
    variants = [name for name in arm[0].manifest.get("variants", []) if name not in baseline[0].manifest.get("variants", [])]
    try:
        found = rule_coverage.rule_coverage([run.path for run in arm])
    except UsageError:
        return ""
    games = found.games
    parts = []
    for name in variants:
        branch = found.rules.filter(pl.col("rule") == rule_coverage.VARIANT_PREFIX + name)
        if not branch.is_empty() and int(branch["games_fired"][0]) == 0:
            parts.append(f"the rule that {name} changes never came into play in {games:,} games")
    never = found.decisions.filter(pl.col("asked") == 0)["decision"].to_list()
    if never and parts:  # only the decisions the baseline asks: one never asked under either rules says nothing here
        plain = _coverage(baseline)
        asked_in_baseline = set(plain.decisions.filter(pl.col("asked") > 0)["decision"].to_list()) if plain else set()
        never = [name for name in never if name in asked_in_baseline]
        if never:
            parts.append("no player was ever asked to " + ", ".join(str(name).replace("_", " ") for name in never[:3]))
    if identical and not parts:
        parts += _decisions_always_answered_alike(baseline, found)
    if not parts:
        return ""
    if identical:
        return "; ".join(parts) + ": a finding about the strategies or the deals, not the rules"
    # the games differ although the rule never acted (skirmish-movement's move-no-revisit: games 3% shorter): the
    # differences are the players' (they chose otherwise among the same moves), which the answer must say, not "no rule"
    return "; ".join(parts) + ": what differs from the baseline comes from the players' choices, not from the rule"


def _coverage(runs: list[Run]):
    """The rule coverage of ``runs`` (:mod:`rule_coverage`), or None when the engine records no counters."""
    try:
        return rule_coverage.rule_coverage([run.path for run in runs])
    except UsageError:
        return None


def _decisions_always_answered_alike(baseline: list[Run], found) -> list[str]:
    """For a setup that played the baseline's games: the decisions it asks that the baseline never
    does, each with how often the players were asked it (they always chose what the baseline does)."""
    plain = _coverage(baseline)
    if plain is None:
        return []
    never_in_baseline = set(plain.decisions.filter(pl.col("asked") == 0)["decision"].to_list())
    added = found.decisions.filter(pl.col("decision").is_in(list(never_in_baseline)) & (pl.col("asked") > 0))
    return [f"the players faced the decision '{str(row['decision']).replace('_', ' ')}' {row['asked']:,} times and always "
            "chose as the baseline's rules play" for row in added.iter_rows(named=True)]  # fmt: skip


def _stall_counts(run: Run) -> tuple[int, int]:
    """``(stalled games, stalled games with a winner)`` of one run (a ``capped`` or ``stalled`` game
    column; -1 for the second when the rows hold no ``winner`` column)."""
    names = run.rows.collect_schema().names()
    column = next((name for name in ("capped", "stalled") if name in names), None)
    if column is None:
        return 0, 0
    stalled_rows = run.rows.filter(pl.col(column).cast(pl.Int64) > 0)
    stalled = int(stalled_rows.filter(pl.col("seat") == 1).select(pl.len()).collect().item() or 0)
    if "winner" not in names:
        return stalled, -1
    winners = stalled_rows.filter(pl.col("winner") > 0)
    won = winners.select(pl.col("game").n_unique() if "game" in names else pl.len()).collect().item()
    return stalled, int(won or 0)


def contradictions(groups: list[tuple[str, list[Run]]], fact: dict) -> list[str]:
    """Results that contradict each other, each one line for the top of the report: stalled
    games that have a winner (or, without a winner column, stalled games in the run whose
    completion reads 100%), a decision never asked that offered options, a setup called identical
    whose winners differ.  Each check compares figures of the same runs: the game-quality measures
    are those of the baseline's first run, the stall counts of every run."""
    warnings = []
    quality = {row["key"]: row for row in fact["quality"].iter_rows(named=True)}
    completion = quality.get("completion", {}).get("estimate")
    for label, members in groups:
        for index, run in enumerate(members):
            stalled, won = _stall_counts(run)
            where = f"{fact['title']}" + (f", {fact['setup_names'].get(label, label)}" if len(groups) > 1 else "")
            if won > 0:
                warnings.append(f"{where}: {won:,} of {stalled:,} games stopped at the stall cap have a winner (run "
                                f"{run.path.name}): a capped game must have none.")  # fmt: skip
            elif won < 0 and stalled and label == groups[0][0] and index == 0 and completion is not None and completion >= 1.0:
                warnings.append(f"{fact['title']}: {stalled:,} games stopped at the stall cap, yet completion reads 100%: "
                                "stalled games are counted as finished games with a winner.")  # fmt: skip
    for label, members in groups:
        try:
            found = rule_coverage.rule_coverage([run.path for run in members])
        except (UsageError, OSError):
            continue
        odd = found.decisions.filter((pl.col("asked") == 0) & (pl.col("options") > 0))
        for row in odd.iter_rows(named=True):
            warnings.append(f"{fact['title']}, {fact['setup_names'].get(label, label)}: decision '{row['decision']}' is "
                            f"counted as never asked, yet offered {row['options']:,} options.")  # fmt: skip
    if "paired" in fact:
        bad = fact["paired"].filter(pl.col("identical_games") & (pl.col("key") == "winner_change") & (pl.col("difference") > 0))
        for row in bad.iter_rows(named=True):
            warnings.append(f"{fact['title']}, {row['arm']}: called identical to the baseline, yet the winner differs on "
                            f"{100 * row['difference']:.1f}% of deals.")  # fmt: skip
    return warnings


def load_runs(paths: Sequence[Path | str]) -> list[Run]:
    """Load every run folder (study folders expand to the runs inside)."""
    if not paths:
        raise UsageError("give at least one run folder")
    return [load_run(path) for path in expand_run_paths(list(paths))]


def build_report(paths: Sequence[Path | str], title: str | None = None, report_folder: Path | None = None) -> Document:
    """The report of ``islandsim report RUN_DIR...``: runs grouped by player count; the players
    section reads the game's ladders and skill panels kept in ``report_folder`` (the folder the
    report goes to; :mod:`simulator.analysis.report.players`)."""
    runs = load_runs(paths)
    games = {run.manifest["game"] for run in runs}
    if len(games) > 1:
        raise UsageError(f"the runs are of different games ({', '.join(sorted(games))}); report one game at a time")
    first = runs[0].manifest
    document = Document(title or f"{first.get('title', first['game'])}: balance report")
    for players in sorted({run.players for run in runs}):
        group = [run for run in runs if run.players == players]
        add_study(document, compare.group_by_setup(group), f"{players} players")
    report_players.add_players(document, first["game"], runs, report_folder)
    add_manifest(document, runs)
    report_answers.compose(document)
    return document
