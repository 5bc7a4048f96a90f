"""The board is a data file: the reconstructed one loads, another can replace it, and a bad one
is refused with a one-line error naming what is wrong."""

import pytest

from simulator.games.skirmish import encode_variants
from simulator.games.skirmish.components import DEFAULT_BOARD, load_board, parse_board

BOARD_TEXT = DEFAULT_BOARD.read_text(encoding="utf-8")


def test_reconstructed_board_matches_the_spec():
    board = load_board()
    assert (board.rows, board.cols) == (10, 10)
    assert len(board.chests) == 22
    assert board.anchors == ((0, 3), (0, 6), (3, 0), (3, 9), (6, 0), (6, 9), (9, 3), (9, 6))
    assert board.docks == ((0, 3), (3, 9), (9, 6), (6, 0))
    assert "reconstructed: yes" in BOARD_TEXT


def _replace(old, new):
    assert old in BOARD_TEXT
    return BOARD_TEXT.replace(old, new, 1)


def make_board(walled=False, anchors=4):
    """A 10 x 10 test board: land, 22 chests in rows 2..4, ``anchors`` Anchors on row 0;
    ``walled`` surrounds the chest at (8,8) with obstacles (moves it out of the chest rows)."""
    grid = [["."] * 10 for _ in range(10)]
    for i in range(22):
        grid[2 + i // 10][i % 10] = "X"
    for i in range(anchors):
        grid[0][2 * i] = "A"
    if walled:
        grid[4][1] = "."
        grid[8][8] = "X"
        for r, c in ((7, 7), (7, 8), (7, 9), (8, 7), (8, 9), (9, 7), (9, 8), (9, 9)):
            grid[r][c] = "#"
    listed = " ".join(f"(0,{2 * i})" for i in range(anchors))
    docks = " ".join(f"(0,{2 * i})" for i in range(min(anchors, 4)))
    return "\n".join("".join(row) for row in grid) + f"\nanchors: {listed}\ndocks: {docks}\n"


def test_test_board_is_valid():
    assert len(parse_board(make_board(), "my.txt").chests) == 22


@pytest.mark.parametrize("text, message", [
    (_replace("~~.A..A.~~\n~..XX", "~~.A..A.~~\n~...X"), "my.txt: 21 chest squares (X); the game has exactly 22 chests"),
    (make_board(anchors=3), "my.txt: 3 Anchor squares (A); at least 4 are needed"),
    (make_board(walled=True), "my.txt: line 12: square (8, 8) cannot be reached from dock (0, 0)"),
    (_replace("docks: (0,3) (3,9) (9,6) (6,0)", "docks: (0,3) (3,9) (9,6)"), "4 different docks are needed, found 3"),
    (_replace("docks: (0,3) (3,9) (9,6) (6,0)", "docks: (0,3) (3,9) (9,6) (5,5)"), "dock (5, 5) is not an Anchor square"),
    (_replace("docks: (0,3) (3,9) (9,6) (6,0)", "docks: (0,3) (3,9) (9,6) 6,0"), "expected squares written (row,col)"),
    (_replace("docks: (0,3) (3,9) (9,6) (6,0)\n", ""), "no 'docks:' line"),
    (_replace("~~.A..A.~~", "~~.A..A.~?"), "unknown square symbol '?'"),
    (_replace("~~.A..A.~~", "~~.A..A.~"), "the grid rows differ in length"),
    ("\n".join(["." * 13] * 3), "at most 12 x 12"),
    (_replace("anchors: (0,3)", "anchors: (0,4)"), "the anchors listed differ from the A squares"),
])
def test_bad_board_files_are_refused_with_one_line(text, message):
    with pytest.raises(ValueError) as error:
        parse_board(text, "my.txt")
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert str(error.value).startswith("my.txt")


def test_board_variant_reads_another_file(tmp_path):
    other = tmp_path / "mirror.txt"
    other.write_text(BOARD_TEXT.replace("docks: (0,3) (3,9) (9,6) (6,0)", "docks: (0,6) (6,9) (9,3) (3,0)"))
    flags = encode_variants((f"board={other}",), 4)
    default = encode_variants((), 4)
    assert flags.shape == default.shape and not (flags == default).all()
    with pytest.raises(ValueError, match="cannot be read"):
        encode_variants((f"board={tmp_path / 'missing.txt'}",), 4)
