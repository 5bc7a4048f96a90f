"""Tobago's picture and terminal map (issue 38 item 4): every hex drawn with the coordinates the
text names it by, every piece of a hex shown in the terminal map."""

from __future__ import annotations

from simulator.games.tobago.draw import draw_table
from simulator.games.tobago.island import HEX_Q, HEX_R
from simulator.games.tobago.play_text import island_lines
from simulator.games.tobago.state import ATV_HEX, ISLAND, LANDMARK_HEX, N_HEX, TURNS
from tests.picture_helpers import random_states, svg_texts


def _a_turn_state(players: int = 4):
    states, flags = random_states("tobago", players, seed=3)
    return next(state for state in states if state[TURNS] > 0).copy(), flags


def test_every_hex_of_the_picture_carries_its_coordinates():
    state, flags = _a_turn_state()
    island = int(state[ISLAND])
    words = svg_texts(draw_table(state, 4, flags, None))
    for h in range(int(state[N_HEX])):
        assert f"{HEX_Q[island, h]},{HEX_R[island, h]}" in words, (h, "the hex's q,r is not drawn")


def test_the_terminal_map_shows_every_atv_and_the_hut_under_them():
    """Three ATVs and a hut on one hex: the map reads them all (it showed 'm2' for three ATVs)."""
    state, _ = _a_turn_state()
    hut = int(state[LANDMARK_HEX + 0])
    for seat in (0, 1, 3):
        state[ATV_HEX + seat] = hut
    lines = island_lines(state, 1)  # seat 2's view: its own ATV is @
    cells = [cell for line in lines[1:-1] for cell in line.split()]
    assert any(cell[1:].startswith("@14") and "H" in cell for cell in cells), lines
    seat_3 = int(state[ATV_HEX + 2])
    assert seat_3 != hut and any("3" in cell[1:] for cell in cells)
