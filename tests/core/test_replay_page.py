"""The visual replay's page builder (``simulator/core/replay_page.py``), without any engine."""

from __future__ import annotations

import os

import pytest

from simulator.core.registry import UsageError
from simulator.core.replay_page import Frame, fold_frames, page_html, write_page
from tests.replay_helpers import page_data


def frame(picture: str, line: str, decision: str = "seat 1 decides (move): option 1 of 2") -> Frame:
    return Frame(f"<svg>{picture}</svg>", (line,), decision)


def test_a_stall_of_repeated_steps_folds_into_one_copy_and_a_note():
    opening = [frame("a", "set-up")]
    stall = []
    for n in range(5):
        stall += [frame("b", f"--- turn {n + 2}"), frame("c", "seat 1 moves a piece back")]
    ending = [frame("d", "game over")]
    folded = fold_frames(opening + stall + ending)
    assert [f.svg for f in folded] == ["<svg>a</svg>", "<svg>b</svg>", "<svg>c</svg>", "<svg>c</svg>", "<svg>d</svg>"]
    assert folded[3].lines == ("(the last 2 steps repeated 4 more times: a stall, folded)",)
    assert folded[1].lines == ("--- turn 2",)


def test_steps_that_differ_are_not_folded():
    frames = [frame("a", "x"), frame("a", "y"), frame("a", "z")]
    assert fold_frames(frames) == frames


def test_the_page_holds_each_distinct_picture_once(tmp_path):
    frames = [frame("a", "one"), frame("a", "two"), frame("b", "three")]
    page = tmp_path / "page.html"
    write_page(page, page_html("Toy", ["header"], frames))
    data = page_data(page)
    assert data["svgs"] == ["<svg>a</svg>", "<svg>b</svg>"]
    assert [step[0] for step in data["steps"]] == [0, 0, 1]
    assert "http" not in page.read_text().replace('xmlns="http://www.w3.org/2000/svg"', "")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder anyway")
def test_an_unwritable_folder_is_an_error_and_leaves_nothing(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    with pytest.raises(UsageError, match="cannot write"):
        write_page(folder / "page.html", "<html></html>")
    assert list(folder.iterdir()) == []
