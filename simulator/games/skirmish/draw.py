"""The skirmish game: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

The board square by square, each square marked ``row,col`` and the edges numbered, as the text names
squares ("(6,1)") (sea, land, rocks, Anchor squares, the red-cross chest squares), the
unopened chests (their content only in the all-seeing view: nobody knows it in the game), the
characters (a disc in the owner's colour, its number in the team; Bobby a star), the bombs, the
gems and ammunition dropped on a square, each boat at its Anchor square; beside it one panel per
seat: its boat (gems, ammunition, prisoners), its hand (face down for a seat the viewer is not).
Plain Python, not compiled.
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine.replay_page import (
    FACE_DOWN_FILL, SEAT_FILLS, circle, hidden_slots_of, rect, seat_narration, svg_document, text,
)
from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label
from simulator.games.skirmish.narrate import card_name, format_log
from simulator.games.skirmish.state import (
    ACTIVE, ALIVE, AMMO, ANCHOR, BOAT_ANCHOR, BOAT_NODE, BOBBY, BOBBY_TILE, BOARD, CHAR_CAPTOR, CHAR_LOC, CHAR_OWNER,
    CHAR_STUNNED, CHARACTERS_PER_TEAM, CHEST_KINDS, CHEST_SQUARE, COLS, DRAW_COUNT, GEMS, GEMS_TO_WIN, HAND,
    HAND_COUNT, LAND, N_CARD_KINDS, N_CHARACTERS, N_FLAGS, NO_CHEST, OBSTACLE, PLAYED, PLAYED_COUNT, ROUND, ROWS, SEA,
    SQ_BOMB, SQ_CHAR, SQ_CHEST, SQ_KIND, SQ_LOOT_AMMO, SQ_LOOT_GEMS, TURNS,
)

SQUARE_FILLS = {SEA: "#4f8fc9", LAND: "#ead9a4", OBSTACLE: "#7d7d7d", ANCHOR: "#c9b27a"}
CELL = 50
BOARD_X, BOARD_Y = 34, 56
PANEL_WIDTH = 470
CHEST_SHORT = {"ammunition": "ammo", "trapped chest": "trap"}


def _square(state: np.ndarray, square: int, x: float, y: float, hidden: np.ndarray) -> list[str]:
    kind = int(state[SQ_KIND + square])
    parts = [rect(x, y, CELL, CELL, SQUARE_FILLS.get(kind, "#ccc"), "#6d5a3a", 0)]
    if kind == ANCHOR:
        parts.append(text(x + CELL / 2, y + CELL - 4, "anchor", 9, "middle", "#5d4037"))
    row, col = divmod(square, int(state[COLS]))
    parts.append(text(x + CELL / 2, y + 10, f"{row},{col}", 9, "middle", "#fff" if kind in (SEA, OBSTACLE) else "#5d4037"))
    if state[CHEST_SQUARE + square]:
        parts.append(f'<path d="M{x + 4:g} {y + 4:g} l8 8 m0 -8 l-8 8" stroke="#c62828" stroke-width="2"/>')
    chest = int(state[SQ_CHEST + square])
    if chest != NO_CHEST:
        parts.append(rect(x + 5, y + 13, 40, 22, "#8d6e63", "#3e2723", 3))
        label = "?" if hidden[SQ_CHEST + square] or chest < 0 else CHEST_SHORT.get(CHEST_KINDS[chest], CHEST_KINDS[chest])
        parts.append(text(x + 25, y + 28, label, 10, "middle", "#fff", "b"))
    gems, ammo = int(state[SQ_LOOT_GEMS + square]), int(state[SQ_LOOT_AMMO + square])
    if gems or ammo:
        parts.append(text(x + 2, y + CELL - 3, f"{gems}g {ammo}a", 9, fill="#004d40", weight="b"))
    bomb = int(state[SQ_BOMB + square])
    if bomb >= 0:
        parts.append(circle(x + CELL - 10, y + 10, 8, "#111"))
        parts.append(f'<line x1="{x + CELL - 5:g}" y1="{y + 4:g}" x2="{x + CELL - 1:g}" y2="{y:g}" stroke="#ff6f00" stroke-width="2"/>')
    character = int(state[SQ_CHAR + square])
    if character >= 0:
        parts += _character(state, character, x + CELL / 2, y + CELL / 2)
    return parts


def _character(state: np.ndarray, character: int, x: float, y: float) -> list[str]:
    owner = int(state[CHAR_OWNER + character])
    fill = SEAT_FILLS[owner] if owner >= 0 else "#fff"
    if character == BOBBY:
        points = " ".join(f"{x + r * np.cos(a):.1f},{y + r * np.sin(a):.1f}"
                          for k in range(10) for a, r in [(-np.pi / 2 + k * np.pi / 5, 15 if k % 2 == 0 else 7)])  # fmt: skip
        return [f'<polygon points="{points}" fill="{fill}" stroke="#111"/>', text(x, y + 4, "B", 10, "middle", "#111", "b")]
    stunned = ' stroke-dasharray="3 2"' if state[CHAR_STUNNED + character] else ""
    return [circle(x, y, 13, fill, "#111", f' stroke-width="2"{stunned}'),
            text(x, y + 5, character % CHARACTERS_PER_TEAM + 1, 13, "middle", "#fff", "b")]


def _boat(state: np.ndarray, seat: int, rows: int, cols: int) -> list[str]:
    """The boat of ``seat`` drawn on the edge of its Anchor square."""
    anchor = int(state[BOAT_ANCHOR + seat])
    if anchor < 0:
        return []
    row, col = divmod(anchor, cols)
    x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return [f'<path d="M{x + 6:g} {y + 30:g} h34 l-6 10 h-22 z" fill="{SEAT_FILLS[seat]}" stroke="#111" stroke-width="1.5"/>']


def _seat_panel(state: np.ndarray, seat: int, x: float, y: float, hidden: np.ndarray, viewer: int | None) -> list[str]:
    turn = " - to play" if state[ACTIVE] == seat else ""
    you = " = you" if viewer == seat else ""
    out = "" if state[ALIVE + seat] else " - out of the game"
    prisoners = [f"{seat_label(int(state[CHAR_OWNER + c]))}'s #{c % CHARACTERS_PER_TEAM + 1}" for c in range(N_CHARACTERS)
                 if state[CHAR_CAPTOR + c] == seat]  # fmt: skip
    on_boat = [c % CHARACTERS_PER_TEAM + 1 for c in range(N_CHARACTERS)
               if state[CHAR_LOC + c] == BOAT_NODE + seat and state[CHAR_CAPTOR + c] < 0 and c != BOBBY]  # fmt: skip
    bobby = ", Bobby tile" if state[BOBBY_TILE + seat] else ""
    parts = [rect(x, y, PANEL_WIDTH, 112, "#eef7ff" if viewer == seat else "#fffdf6", "#b8ad8a", 6),
             circle(x + 14, y + 14, 7, SEAT_FILLS[seat]),
             text(x + 26, y + 19, f"{seat_label(seat)}{you}{turn}{out}", 15, weight="b"),
             text(x + 10, y + 39, f"boat: {plural(int(state[GEMS + seat]), 'gem')}, {int(state[AMMO + seat])} ammunition{bobby}",
                  13, fill="#004d40", weight="b"),  # fmt: skip
             text(x + 10, y + 57, "prisoners: " + (", ".join(prisoners) or "none")
                  + ("; not yet landed: " + ", ".join(f"#{n}" for n in on_boat) if on_boat else ""), 12)]  # fmt: skip
    count = int(state[HAND_COUNT + seat])
    if count and hidden[HAND + seat * N_CARD_KINDS]:
        parts.append(text(x + 10, y + 77, f"hand: {count} cards", 12))
        for i in range(count):
            parts.append(rect(x + 100 + i * 18, y + 64, 15, 20, FACE_DOWN_FILL, "#222", 2))
    else:
        held = [f"{int(state[HAND + seat * N_CARD_KINDS + kind])}x {card_name(kind).removeprefix('a ')}"
                for kind in range(N_CARD_KINDS) if state[HAND + seat * N_CARD_KINDS + kind]]  # fmt: skip
        parts.append(text(x + 10, y + 76, f"hand ({count}): " + ", ".join(held[:3]), 12))
        if held[3:]:
            parts.append(text(x + 10, y + 94, ", ".join(held[3:]), 12))
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The skirmish board as SVG; ``seat`` (engine index) sees only its own hand; chest contents
    are unknown to every seat."""
    hidden = hidden_slots_of("skirmish", state, seat)
    rows, cols = int(state[ROWS]), int(state[COLS])
    parts = [text(12, 26, f"Round {int(state[ROUND]) + 1}, turn {int(state[TURNS])}: {seat_label(int(state[ACTIVE]))} "
                          f"to play; {int(state[GEMS_TO_WIN])} gems win", 17, weight="b")]  # fmt: skip
    for square in range(rows * cols):
        row, col = divmod(square, cols)
        parts += _square(state, square, BOARD_X + col * CELL, BOARD_Y + row * CELL, hidden)
    for index in range(players):
        parts += _boat(state, index, rows, cols)
    for col in range(cols):  # the board's edges numbered as the text writes a square: (row,col)
        parts.append(text(BOARD_X + col * CELL + CELL / 2, BOARD_Y - 5, col, 12, "middle", "#20384f", "b"))
    for row in range(rows):
        parts.append(text(BOARD_X - 6, BOARD_Y + row * CELL + CELL / 2 + 4, row, 12, "end", "#20384f", "b"))
    parts.append(text(BOARD_X - 6, BOARD_Y - 5, "row\\col", 9, "end", "#20384f"))
    bottom = BOARD_Y + rows * CELL
    panel_x = BOARD_X + cols * CELL + 14
    last = int(state[PLAYED + state[PLAYED_COUNT] - 1]) if state[PLAYED_COUNT] else -1
    parts.append(text(panel_x, 26, f"draw pile {int(state[DRAW_COUNT])} cards; last played: "
                                   f"{card_name(last) if last >= 0 else 'none'}", 12))  # fmt: skip
    for index in range(players):
        parts += _seat_panel(state, index, panel_x, 40 + index * 118, hidden, seat)
    legend = "row,col: the square as the text names it (row,col); sea blue, land sand, rocks grey; red cross: chest " \
             "square; disc: character (team colour, number); dashed: stunned; star: Bobby; black: bomb; boat: at its Anchor"
    parts.append(text(12, bottom + 18, legend, 11, fill="#444"))
    height = max(bottom + 28, 40 + players * 118)
    return svg_document(panel_x + PANEL_WIDTH + 8, int(height), parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    if seat is not None:
        return seat_narration("skirmish", log, count, variant_flags, seat)
    return format_log(log, count, int(variant_flags[N_FLAGS + COLS - BOARD]))
