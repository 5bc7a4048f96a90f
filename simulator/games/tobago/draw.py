"""Tobago: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

The hex island (terrain colours; each hex marked with its axial coordinates ``q,r`` of the board
file, as the options and the narration name hexes: "on (-2,2)") with its huts, palm trees and
statues (an arrow shows where a statue faces), the amulets lying on it, the ATVs (one disc per seat)
and the treasure markers of each map once they are down (R16, one marker colour per map); beside
it the four treasure maps with their clue cards and roses, the share in progress, and one panel per
seat: clue hand (face down for a seat the viewer is not), amulets, gold cards held.  Plain Python.
"""

from __future__ import annotations

import math

import numpy as np

from simulator.core.engine.replay_page import (
    SEAT_FILLS, card, circle, hidden_slots_of, rect, seat_narration, svg_document, text,
)
from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label
from simulator.games.tobago.components import N_MAPS, clue_text
from simulator.games.tobago.island import HEX_Q, HEX_R, N_WORDS, TERRAIN, TERRAINS, from_bits
from simulator.games.tobago.narrate import MAP_NAMES, format_log
from simulator.games.tobago.state import (
    ACTIVE, AMULET_AT, FLAG_CLUE_DECK, MAX_PLAYERS, AMULET_SUPPLY, AMULETS_HELD, ATV_HEX, CLUE_DECK_COUNT, DECK, GOLD_DECK_COUNT, HAND, HAND_COUNT,
    HELD, ISLAND, LANDMARK_HEX, MAP_CAND, MAP_CARD, MAP_LEN, MAP_MARKERS_DOWN, MAP_ROSE, MAX_HAND, MAX_MAP_CLUES,
    N_HEX, PLAYERS, POOL, POOL_COUNT, POOL_POS, ROSES, SCORE, SHARE_MAP, STATUE_FACING, TURNS,
)

TERRAIN_FILLS = {"mountains": "#9e8e7e", "jungle": "#2e7d32", "beach": "#f3e0a0", "scrubland": "#c5d86d",
                 "river": "#64b5f6", "lake": "#1e88e5"}  # fmt: skip
MARKER_FILLS = {"white": "#ffffff", "grey": "#9e9e9e", "black": "#111111", "brown": "#8d5524"}
WIDTH, HEIGHT = 1040, 700
ISLAND_BOX = (6, 36, 704, 574)  # where the island is fitted
MAPS_X = 716
"""Where the treasure maps column starts, right of the island."""
BELOW = 616
"""Where the legend starts, under the island."""
LANDMARKS = ((0, 4, "hut"), (4, 7, "palm"), (7, 10, "statue"))
FACING = ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5))
"""Unit vectors of the directions N, NE, SE, S, SW, NW (flat-topped hexes)."""


def _layout(island: int, count: int) -> tuple[list[tuple[float, float]], float]:
    """Centres of the island's hexes (flat-topped, axial coordinates) and the hex size, the island
    fitted in ``ISLAND_BOX``."""
    unit = [(1.5 * HEX_Q[island, h], math.sqrt(3) * (HEX_R[island, h] + HEX_Q[island, h] / 2)) for h in range(count)]
    xs, ys = [x for x, _ in unit], [y for _, y in unit]
    x0, y0, width, height = ISLAND_BOX
    size = min(width / (max(xs) - min(xs) + 2), height / (max(ys) - min(ys) + math.sqrt(3)))
    dx = x0 + (width - size * (max(xs) - min(xs))) / 2 - size * min(xs)
    dy = y0 + (height - size * (max(ys) - min(ys))) / 2 - size * min(ys)
    return [(size * x + dx, size * y + dy) for x, y in unit], size


def _hexagon(x: float, y: float, size: float, fill: str) -> str:
    corners = " ".join(f"{x + size * math.cos(math.pi / 3 * k):.1f},{y + size * math.sin(math.pi / 3 * k):.1f}"
                       for k in range(6))  # fmt: skip
    return f'<polygon points="{corners}" fill="{fill}" stroke="#5d4037" stroke-width="1"/>'


def _island(state: np.ndarray) -> list[str]:
    island, count = int(state[ISLAND]), int(state[N_HEX])
    centres, size = _layout(island, count)
    k = size / 24  # the drawings below are sized for hexes of 24 units
    parts = [_hexagon(x, y, size, TERRAIN_FILLS.get(TERRAINS[TERRAIN[island, h]], "#ccc"))
             for h, (x, y) in enumerate(centres)]
    for h, (x, y) in enumerate(centres):  # the coordinates the text names a hex by: (q,r)
        parts.append(f'<text x="{x:.1f}" y="{y + 0.78 * size:.1f}" font-size="{0.38 * size:.1f}" text-anchor="middle" '
                     f'fill="#1a1a1a" stroke="#ffffff" stroke-width="{0.1 * size:.1f}" stroke-opacity="0.7" '
                     f'paint-order="stroke">{HEX_Q[island, h]},{HEX_R[island, h]}</text>')
    for start, end, kind in LANDMARKS:
        for index in range(start, end):
            where = int(state[LANDMARK_HEX + index])
            if where < 0:
                continue
            x, y = centres[where]
            if kind == "hut":
                parts.append(f'<path d="M{x - 9:.1f} {y + 7:.1f} v-9 l9 -8 l9 8 v9 z" fill="#8d6e63" stroke="#222"/>')
            elif kind == "palm":
                parts.append(f'<path d="M{x:.1f} {y + 9:.1f} v-14 m-9 2 l9 -6 l9 6 m-15 -8 l6 6 l6 -6" stroke="#1b5e20" '
                             'stroke-width="3" fill="none"/>')  # fmt: skip
            else:
                fx, fy = FACING[int(state[STATUE_FACING + index - 7])]
                parts.append(rect(x - 6, y - 10, 12, 18, "#bdbdbd", "#222", 2))
                parts.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + fx * 20:.1f}" y2="{y + fy * 20:.1f}" '
                             'stroke="#b71c1c" stroke-width="3"/>')  # fmt: skip
    for h, (x, y) in enumerate(centres):
        if state[AMULET_AT + h]:
            parts.append(f'<path d="M{x + 12 * k:.1f} {y - 16 * k:.1f} l{6 * k:.1f} {7 * k:.1f} l{-6 * k:.1f} {7 * k:.1f} '
                         f'l{-6 * k:.1f} {-7 * k:.1f} z" fill="#ffd600" stroke="#222"/>')  # fmt: skip
    for map_index in range(N_MAPS):
        if not state[MAP_MARKERS_DOWN + map_index]:
            continue
        words = [int(state[MAP_CAND + map_index * N_WORDS + w]) for w in range(N_WORDS)]
        for h in from_bits(words):
            x, y = centres[h]
            parts.append(rect(x - 18 * k + map_index * 9 * k, y + 5 * k, 8 * k, 8 * k, MARKER_FILLS[MAP_NAMES[map_index]],
                              "#444", 1))  # fmt: skip
    players = int(state[PLAYERS])
    for seat in range(players):
        where = int(state[ATV_HEX + seat])
        if where < 0:
            continue
        x, y = centres[where]
        ox, oy = ((-9, -7) if seat % 2 == 0 else (9, -7))
        oy += 12 * (seat // 2)
        parts.append(circle(x + ox * k, y + oy * k, 9 * k, SEAT_FILLS[seat], "#111", ' stroke-width="1.5"'))
        parts.append(text(x + ox * k, y + oy * k + 4 * k, seat + 1, 12 * k, "middle", "#fff", "b"))
    return parts


def _maps(state: np.ndarray, top: float) -> list[str]:
    deck = int(state[DECK])
    parts = [text(MAPS_X, top, "treasure maps (clues; [rose owners])", 13, weight="b")]
    y = top + 8
    for map_index in range(N_MAPS):
        name = MAP_NAMES[map_index]
        candidates = len(from_bits([int(state[MAP_CAND + map_index * N_WORDS + w]) for w in range(N_WORDS)]))
        down = "markers down" if state[MAP_MARKERS_DOWN + map_index] else "markers not down"
        parts.append(rect(MAPS_X, y, WIDTH - MAPS_X - 6, 18, MARKER_FILLS[name], "#444", 3, ' fill-opacity="0.35"'))
        parts.append(text(MAPS_X + 5, y + 14, f"{name} map: {plural(candidates, 'possible hex')}, {down}", 11, weight="b"))
        y += 20
        for i in range(int(state[MAP_LEN + map_index])):
            clue = int(state[MAP_CARD + map_index * MAX_MAP_CLUES + i])
            rose = int(state[MAP_ROSE + map_index * MAX_MAP_CLUES + i])
            owner = f" [{seat_label(rose)}]" if rose >= 0 else ""
            words = "the raiser's rose" if clue < 0 else clue_text(deck, clue)
            parts.append(text(MAPS_X + 12, y + 12, f"{words}{owner}", 11))
            y += 15
        y += 6
    return parts


def _seat_panel(state: np.ndarray, seat: int, x: float, y: float, hidden: np.ndarray, viewer: int | None) -> list[str]:
    deck = int(state[DECK])
    turn = " - to play" if state[ACTIVE] == seat else ""
    you = " = you" if viewer == seat else ""
    values = [value for value in range(2, 7) for _ in range(int(state[HELD + seat * 7 + value]))]
    gold = f"{', '.join(map(str, values))} ({sum(values)} coins)" if values else ""
    parts = [rect(x, y, 510, 64, "#eef7ff" if viewer == seat else "#fffdf6", "#b8ad8a", 6),
             circle(x + 14, y + 14, 7, SEAT_FILLS[seat]),
             text(x + 26, y + 19, f"{seat_label(seat)}{you}{turn}", 14, weight="b"),
             text(x + 250, y + 19, f"score {int(state[SCORE + seat])} (at the end), amulets {int(state[AMULETS_HELD + seat])}, "
                                   f"roses {int(state[ROSES + seat])}", 12),  # fmt: skip
             text(x + 10, y + 37, f"gold cards: {gold or 'none'}", 13, fill="#8a6d00", weight="b")]
    count = int(state[HAND_COUNT + seat])
    if count and hidden[HAND + seat * MAX_HAND]:
        for i in range(count):
            parts.append(card(x + 10 + i * 24, y + 42, 20, 18, "", face_down=True, size=10))
    else:
        clues = [clue_text(deck, int(state[HAND + seat * MAX_HAND + i])) for i in range(count)]
        parts.append(text(x + 10, y + 55, "clues: " + ("; ".join(clues) or "none"), 11))
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The Tobago table as SVG; ``seat`` (engine index) sees only its own clue hand."""
    hidden = hidden_slots_of("tobago", state, seat)
    parts = [text(10, 24, f"Turn {int(state[TURNS])}: {seat_label(int(state[ACTIVE]))} to play", 18, weight="b"),
             text(MAPS_X, 24, f"clue deck {int(state[CLUE_DECK_COUNT])}, gold deck {int(state[GOLD_DECK_COUNT])}, "
                              f"amulets in supply {int(state[AMULET_SUPPLY])}", 11)]  # fmt: skip
    parts += _island(state)
    parts += _maps(state, 50)
    share = int(state[SHARE_MAP])
    if share >= 0:
        turned = int(state[POOL_POS])
        values = ", ".join("curse" if state[POOL + i] == 0 else str(int(state[POOL + i])) for i in range(turned))
        parts.append(text(MAPS_X, 540, f"share of the {MAP_NAMES[share]} treasure: {int(state[POOL_COUNT])} gold cards,",
                          12, fill="#8a6d00", weight="b"))  # fmt: skip
        parts.append(text(MAPS_X, 556, f"turned up: {values or 'none'}", 12, fill="#8a6d00", weight="b"))
    legend = [(name, fill) for name, fill in TERRAIN_FILLS.items()]
    for i, (name, fill) in enumerate(legend):
        parts.append(rect(12 + i * 92, BELOW, 14, 14, fill, "#444", 2))
        parts.append(text(30 + i * 92, BELOW + 12, name, 11))
    parts.append(text(12, BELOW + 32, "q,r: the hex's coordinates, as the text names it (q,r); hut: brown house; palm: "
                                      "green; statue: grey block, red line = where it faces; amulet: yellow diamond; "
                                      "markers: small squares (map colour)", 11, fill="#444"))  # fmt: skip
    for index in range(players):
        parts += _seat_panel(state, index, 6 + (index % 2) * 516, BELOW + 40 + (index // 2) * 70, hidden, seat)
    return svg_document(WIDTH, BELOW + 40 + ((players + 1) // 2) * 70 + 4, parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    if seat is not None:
        return seat_narration("tobago", log, count, variant_flags, seat)
    # as narrate.py calls it: the lineup is padded to the largest player count
    return format_log(log, count, int(variant_flags[FLAG_CLUE_DECK]), MAX_PLAYERS)
