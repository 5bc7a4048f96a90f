"""Skeleton Island: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

The engine keeps only who lies on whom in the Sand pile (``COVERED_BY``), not where the cards lie,
so the pile is drawn in layers: the clear cards (R9: nothing lies on them) in the first column,
outlined in gold; in each next column the cards lying one card deeper (a card's depth is one more
than the deepest of the cards lying on it).  A face-down
card shows its back; what a seat cannot see is a back in that seat's view.  Below: the Island
cards and what each seat holds.  Plain Python, not compiled.
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine.replay_page import (
    SEAT_FILLS, card, hidden_slots_of, rect, seat_narration, svg_document, text,
)
from simulator.core.engine.seats import seat_label
from simulator.games.skeleton.components import COLOUR_NAMES, HALF_UNITS, KIND_COIN, KIND_PIECE, N_COLOURS
from simulator.games.skeleton.narrate import format_log
from simulator.games.skeleton.state import (
    CARDS_HELD, CLEAR_MASK, COIN_CARDS, COIN_POINTS, COVERED_BY, CURRENT, FACE_UP_MASK, FLAGS, HALVES, ISLAND_OWNER, ISLANDS,
    LOC_HAND, N_CARDS, OBJECTS, PILE_COUNT, PILE_MASK, QUARTERS, SCORE, SLOT_CONTENT, SLOT_LOC, TURN, tables_of,
)

FILLS = {"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9c80e", "purple": "#6a1b9a"}
COLOUR_FILLS = tuple(FILLS.get(name, "#777") for name in COLOUR_NAMES)
WIDTH = 900
CARD_W, CARD_H, COLUMN_STEP, ROW_STEP = 46, 40, 52, 46


def _label(state: np.ndarray, content: int) -> tuple[str, str, str]:
    """(fill, text, text colour) of a Sand card's face (the run's deck, in the state's flags)."""
    kinds, colours, units, coins = tables_of(state[FLAGS:])
    if kinds[content] == KIND_PIECE:
        colour = int(colours[content])
        size = "1/2" if units[content] == HALF_UNITS else "1/4"
        return COLOUR_FILLS[colour], size, "#222" if COLOUR_NAMES[colour] == "yellow" else "#fff"
    if kinds[content] == KIND_COIN:
        return "#e0b000", f"{int(coins[content])}c", "#222"
    return "#455a64", "obj", "#fff"


def _depths(state: np.ndarray) -> dict[int, int]:
    """Depth of each card of the pile: 0 when clear, else 1 + the deepest card lying on it."""
    pile = int(state[PILE_MASK])
    slots = [slot for slot in range(int(state[N_CARDS])) if pile >> slot & 1]
    depth: dict[int, int] = {}

    def of(slot: int) -> int:
        if slot not in depth:
            above = [other for other in slots if int(state[COVERED_BY + slot]) >> other & 1]
            depth[slot] = 1 + max(of(other) for other in above) if above else 0
        return depth[slot]

    for slot in slots:
        of(slot)
    return depth


def _sand_card(state: np.ndarray, slot: int, x: float, y: float, hidden: np.ndarray, clear: bool) -> str:
    face_up = int(state[FACE_UP_MASK]) >> slot & 1
    content = int(state[SLOT_CONTENT + slot])
    if hidden[SLOT_CONTENT + slot]:
        part = card(x, y, CARD_W, CARD_H, "", face_down=True)
    else:
        fill, label, ink = _label(state, content)
        part = card(x, y, CARD_W, CARD_H, fill, label, label_fill=ink, size=14)
        if not face_up:  # a face-down card the viewer knows (everything shown, or seen: A4)
            part += rect(x + 1, y + CARD_H - 9, CARD_W - 2, 8, "#3b2f52", "none", 1)
    if clear:
        part += rect(x - 2, y - 2, CARD_W + 4, CARD_H + 4, "none", "#ffb300", 5, ' stroke-width="3"')
    return part


def _pile(state: np.ndarray, hidden: np.ndarray, top: float) -> tuple[list[str], float]:
    depth = _depths(state)
    deepest = max(depth.values(), default=0)
    columns = [[slot for slot, d in sorted(depth.items()) if d == level] for level in range(deepest + 1)]
    clear = int(state[CLEAR_MASK])
    parts = [text(10, top + 14, "clear", 12, fill="#8a6d00", weight="b"),
             text(10 + COLUMN_STEP, top + 14, "depth 1, 2, ... (cards lying deeper) ->", 12, fill="#8a7a5a")]
    per_column = max((len(column) for column in columns), default=0)
    wide = (deepest + 1) * COLUMN_STEP > WIDTH - 20
    step = COLUMN_STEP if not wide else (WIDTH - 20 - CARD_W) / max(deepest, 1)
    for level, column in enumerate(columns):
        x = 10 + level * step
        for i, slot in enumerate(column):
            parts.append(_sand_card(state, slot, x, top + 24 + i * ROW_STEP, hidden, bool(clear >> slot & 1)))
    return parts, top + 24 + per_column * ROW_STEP


def _seat_panel(state: np.ndarray, seat: int, x: float, y: float, hidden: np.ndarray, viewer: int | None) -> list[str]:
    turn = " - to play" if state[CURRENT] == seat else ""
    you = " = you" if viewer == seat else ""
    parts = [rect(x, y, 438, 96, "#eef7ff" if viewer == seat else "#fffdf6", "#b8ad8a", 6),
             rect(x + 8, y + 8, 12, 12, SEAT_FILLS[seat], "#222", 2),
             text(x + 26, y + 19, f"{seat_label(seat)}{you}{turn}", 15, weight="b")]
    if hidden[SCORE + seat]:
        parts.append(text(x + 10, y + 40, f"{int(state[CARDS_HELD + seat])} cards in front, hidden; "
                                          f"{int(state[ISLANDS + seat])} Island cards", 12))  # fmt: skip
        return parts
    parts.append(text(x + 10, y + 40, f"score {int(state[SCORE + seat])} coins: {int(state[ISLANDS + seat])} Island cards, "
                                      f"{int(state[COIN_CARDS + seat])} coin cards ({int(state[COIN_POINTS + seat])})", 12))  # fmt: skip
    parts.append(text(x + 10, y + 58, f"pirate objects {int(state[OBJECTS + seat])}", 12))
    for colour in range(N_COLOURS):
        halves = int(state[HALVES + seat * N_COLOURS + colour])
        quarters = int(state[QUARTERS + seat * N_COLOURS + colour])
        cx = x + 10 + colour * 84
        parts.append(rect(cx, y + 66, 78, 22, COLOUR_FILLS[colour], "#222", 3))
        ink = "#222" if COLOUR_NAMES[colour] == "yellow" else "#fff"
        parts.append(text(cx + 39, y + 82, f"{halves}x1/2 {quarters}x1/4", 12, "middle", ink, "b"))
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The Skeleton Island table as SVG; ``seat`` (engine index) sees only what it may know."""
    hidden = hidden_slots_of("skeleton", state, seat)
    parts = [text(10, 24, f"Turn {int(state[TURN])}: {seat_label(int(state[CURRENT]))} to play", 18, weight="b"),
             text(10, 44, f"Sand pile: {int(state[PILE_COUNT])} cards, {bin(int(state[CLEAR_MASK])).count('1')} clear "
                          "(gold outline); dark stripe: lies face down; ? : a back", 13, fill="#555")]  # fmt: skip
    owners = [f"{colour} map: " + (seat_label(int(state[ISLAND_OWNER + i])) if state[ISLAND_OWNER + i] >= 0 else "unclaimed")
              for i, colour in enumerate(COLOUR_NAMES)]  # fmt: skip
    parts.append(text(10, 62, "Island cards - " + "; ".join(owners), 13, fill="#20384f"))
    held = [slot for slot in range(int(state[N_CARDS])) if state[SLOT_LOC + slot] == LOC_HAND]
    pile_parts, bottom = _pile(state, hidden, 76)
    parts += pile_parts
    if held:
        parts.append(text(WIDTH - 120, 24, "card in hand:", 12))
        parts.append(_sand_card(state, held[0], WIDTH - 62, 3, hidden, False))
    for index in range(players):
        parts += _seat_panel(state, index, 6 + (index % 2) * 446, bottom + 6 + (index // 2) * 102, hidden, seat)
    return svg_document(WIDTH, int(bottom + 12 + ((players + 1) // 2) * 102), parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    if seat is not None:
        return seat_narration("skeleton", log, count, variant_flags, seat)
    return format_log(log, count, flags=variant_flags)
