"""The visual replay's page builder (``simulator/core/engine/replay_page.py``), without any engine."""

from __future__ import annotations

import os

import pytest

from simulator.core.engine.registry import UsageError
from simulator.core.engine.replay_page import Frame, fold_frames, page_html, write_page
from tests.replay_helpers import page_data


def frame(picture: str, *lines: str, decision: str = "seat 1 decides (move): option 1 of 2") -> Frame:
    return Frame(f"<svg>{picture}</svg>", lines, decision)


def test_the_steps_of_a_stretch_the_narration_folded_are_folded_into_the_step_with_its_note():
    frames = [frame("a", "set-up"), frame("b", "--- turn 2", "seat 1 ends the turn"),
              frame("c"), frame("d"), frame("e"),  # turns 3-5 folded away by the narration
              frame("f", "(the last 2 lines repeated 3 more times, turns 3-5)", "--- turn 6"), frame("g", "game over")]
    folded = fold_frames(frames)
    assert [f.svg for f in folded] == ["<svg>a</svg>", "<svg>b</svg>", "<svg>f</svg>", "<svg>g</svg>"]
    assert folded[2].lines == ("(the last 2 lines repeated 3 more times, turns 3-5)",
                               "(3 steps of the repeated stretch folded into this one)", "--- turn 6")


def test_steps_without_a_fold_note_are_kept_even_when_silent():
    frames = [frame("a", "x"), frame("b"), frame("c"), frame("d", "y")]
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
