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


def test_a_stall_folds_when_its_pictures_differ_only_in_the_turn_counter():
    from simulator.core.replay_page import svg_document, text

    def picture(turn: int, where: int) -> str:
        return svg_document(100, 100, [text(0, 10, f"Turn {turn}", counter=True), text(where, 50, "piece")])

    frames = []
    for turn in range(6):
        frames += [Frame(picture(turn, 10), (f"-- turn {turn}",), "seat 1 decides (move): option 2 of 3"),
                   Frame(picture(turn, 20), ("seat 1 moves back",), "seat 1 decides (move): option 1 of 3")]
    folded = fold_frames(frames)
    assert len(folded) == 3
    assert folded[2].lines == ("(the last 2 steps repeated 5 more times: a stall, folded)",)
    assert "Turn 5" in folded[2].svg  # the note shows the table as the stall left it
    moved = [Frame(picture(turn, 10 + turn), (f"-- turn {turn}",), "seat 1 decides (move): option 2 of 3")
             for turn in range(6)]
    assert fold_frames(moved) == moved  # a piece that goes on moving is not a stall
