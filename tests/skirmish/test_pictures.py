"""The skirmish game's picture and terminal map (issue 38 item 4): every square drawn with the
(row,col) the text names it by, the edges numbered; a boat under a bomb both shown in the map."""

from __future__ import annotations

from simulator.games.skirmish.draw import draw_table
from simulator.games.skirmish.play_text import board_lines
from simulator.games.skirmish.state import BOAT_ANCHOR, COLS, ROWS, SQ_BOMB
from tests.picture_helpers import random_states, svg_texts


def test_every_square_of_the_picture_carries_row_and_column():
    states, flags = random_states("skirmish", 4, seed=2)
    state = states[10]
    rows, cols = int(state[ROWS]), int(state[COLS])
    words = svg_texts(draw_table(state, 4, flags, 0))
    for row in range(rows):
        for col in range(cols):
            assert f"{row},{col}" in words
    assert all(str(n) in words for n in range(max(rows, cols)))  # the edges numbered


def test_a_bomb_on_an_anchor_does_not_hide_the_boat_in_the_terminal_map():
    states, _ = random_states("skirmish", 4, seed=2)
    state = states[10].copy()
    anchor = int(state[BOAT_ANCHOR + 1])
    state[SQ_BOMB + anchor] = 0
    lines = board_lines(state)
    row, col = divmod(anchor, int(state[COLS]))
    cells = lines[1 + row].split()[1:]
    assert cells[col].endswith("o@2"), lines
    assert len(set(len(line) for line in lines[1:-1])) == 1  # the columns stay aligned
