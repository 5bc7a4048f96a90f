"""Reports: one self-contained HTML file, or Markdown with its PNGs; refusals of bad input."""

import base64
import re

import pytest

from simulator.analysis.report import document as report
from simulator.core.engine.registry import UsageError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def study(play, tmp_path):
    """A baseline, an unfair variant and a harmless one, each in two lineup rotations: six runs."""
    paths = []
    for index, lineup in enumerate([("strong", "weak", "weak"), ("weak", "strong", "weak"), ("weak", "weak", "strong")]):
        for variants in ((), ("seat2-bonus",), ("cosmetic-a",)):
            paths.append(play(f"run-{index}-{'-'.join(variants) or 'base'}", n=600, lineup=lineup, variants=variants))
    return paths


def test_html_report_is_self_contained_with_every_section(study, tmp_path):
    out = report.write(report.build_report(study), tmp_path / "report.html")
    page = out.read_text()
    images = re.findall(r'<img class="chart" id="chart-\d+" alt="[^"]*" src="data:image/png;base64,([^"]+)"', page)
    assert len(images) >= 9 and len(images) == page.count("<img")
    for data in images:
        assert base64.b64decode(data).startswith(PNG_SIGNATURE)
    assert not re.search(r'(src|href)="(?!data:|#)', page)  # nothing loaded from elsewhere (links within the page only)
    for heading in ("Every finding in one line", "Seat advantage", "Strategies", "against the baseline", "Event cards",
                    "Game shape", "Convergence", "Runs"):  # fmt: skip
        assert heading in page
    assert "not distinguishable from zero" in page  # the harmless variant
    assert "seat2-bonus" in page and "0.1.0" in page


def test_markdown_report_writes_its_charts_beside_it(study, tmp_path):
    out = report.write(report.build_report(study[:2]), tmp_path / "report.md", "md")
    text = out.read_text()
    links = re.findall(r"!\[[^\]]*\]\((report_files/figure-\d+\.png)\)", text)
    assert links
    for link in links:
        assert (tmp_path / link).read_bytes().startswith(PNG_SIGNATURE)
    assert text.startswith("# Toy Island") and "| seat | games |" in text


def test_a_study_folder_stands_for_the_runs_inside(play, tmp_path):
    play("a", n=300)
    play("b", n=300, variants=("long",))
    document = report.build_report([tmp_path])
    assert any("long" in finding for finding in document.findings)


def test_report_refuses_bad_input(play, tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        report.build_report([tmp_path / "missing"])
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "x.txt").write_text("x")
    with pytest.raises(UsageError, match="not an islandsim run folder"):
        report.build_report([tmp_path / "notes"])
    document = report.build_report([play("one", n=200)])
    with pytest.raises(UsageError, match="unknown report format"):
        report.write(document, tmp_path / "r.pdf", "pdf")
    with pytest.raises(UsageError, match="is a folder"):
        report.write(document, tmp_path / "notes")


def test_strategies_that_never_met_are_said_so_in_the_head_to_head_table(play, tmp_path):
    """Two tables (strong v weak, strong v plain): weak and plain never sit at one table."""
    paths = [play(f"t{index}", n=300, lineup=lineup) for index, lineup in enumerate(
        [("strong", "weak", "weak"), ("weak", "strong", "weak"), ("strong", "plain", "plain")])]  # fmt: skip
    page = report.write(report.build_report(paths), tmp_path / "report.html").read_text()
    assert "never met" in page
    assert re.search(r"<tr><td>weak</td>(<td[^>]*>[^<]*</td>)*<td>never met</td>", page)
