"""Skeleton Island: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

The engine keeps only who lies on whom in the Sand pile (``COVERED_BY``), not where the cards lie,
so the pile is drawn as a pile of cards in layers: the clear cards (R9: nothing lies on them) in
the bottom row, outlined in gold; each row above holds the cards lying one card deeper (a card's
depth is one more than the deepest of the cards lying on it) and is overlapped by the row below it,
as the cards on top hide the ones under them.  A card stands above the cards lying on it (in
their middle), so a column of cards reads as cards lying on each other.  Each face says what it is
in words ("half / red map", "2 coins / gold card", "pirate / object"); a face-down card shows its
back; what a seat cannot see is a back in that seat's view.  Below: the Island cards and what each
seat holds.  The layout uses only what every seat sees (the spread and the slots' places in it,
which the setup deals at random), never a hidden face.  Plain Python, not compiled.
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine.replay_page import (
    FACE_DOWN_FILL, SEAT_FILLS, hidden_slots_of, rect, seat_narration, svg_document, text,
)
from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label
from simulator.games.skeleton.components import (
    COIN_VALUE, COLOUR_NAMES, CONTENT_COLOUR, FIRST_OBJECT, HALF_UNITS, N_COLOURS, N_MAP_PIECES, PIECE_UNITS,
)
from simulator.games.skeleton.narrate import format_log
from simulator.games.skeleton.state import (
    CARDS_HELD, CLEAR_MASK, COIN_CARDS, COIN_POINTS, COVERED_BY, CURRENT, FACE_UP_MASK, HALVES, ISLAND_OWNER, ISLANDS,
    LOC_HAND, N_CARDS, OBJECTS, PILE_COUNT, PILE_MASK, QUARTERS, SCORE, SLOT_CONTENT, SLOT_LOC, TURN,
)

FILLS = {"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9c80e", "purple": "#6a1b9a"}
COLOUR_FILLS = tuple(FILLS.get(name, "#777") for name in COLOUR_NAMES)
WIDTH = 900
CARD_W, CARD_H = 70, 82
GAP = 8
ROW_STEP = 40
"""How much of a card the row below leaves to see: its two lines of words."""
MARGIN = 12
PILE_RIGHT = WIDTH - CARD_W - 40
"""The pile's right edge; to its right, the card a seat holds in hand."""
COIN_FILL, OBJECT_FILL = "#e0b000", "#455a64"


def _ink(fill: str) -> str:
    return "#222" if fill in (FILLS["yellow"], COIN_FILL) else "#fff"


def _face(content: int) -> tuple[str, str, str]:
    """(fill, first line, second line) of a Sand card's face: ``('#c62828', 'half', 'red map')``."""
    if content < N_MAP_PIECES:
        colour = int(CONTENT_COLOUR[content])
        size = "half" if PIECE_UNITS[content] == HALF_UNITS else "quarter"
        return COLOUR_FILLS[colour], size, f"{COLOUR_NAMES[colour]} map"
    if content < FIRST_OBJECT:
        value = int(COIN_VALUE[content])
        return COIN_FILL, f"{value} coin{'s' if value > 1 else ''}", "gold card"
    return OBJECT_FILL, "pirate", "object"


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
    """A Sand card, its words in its top part (the part the row below leaves visible)."""
    face_up = int(state[FACE_UP_MASK]) >> slot & 1
    content = int(state[SLOT_CONTENT + slot])
    if hidden[SLOT_CONTENT + slot]:
        part = (rect(x, y, CARD_W, CARD_H, FACE_DOWN_FILL, "#222", 4)
                + rect(x + 4, y + 4, CARD_W - 8, CARD_H - 8, "none", "#9c8cc0", 3)
                + text(x + CARD_W / 2, y + 16, "face down", 10, "middle", "#d8cff0")
                + text(x + CARD_W / 2, y + 32, "?", 14, "middle", "#d8cff0", "b"))  # fmt: skip
    else:
        fill, first, second = _face(content)
        ink = _ink(fill)
        part = (rect(x, y, CARD_W, CARD_H, fill, "#222", 4)
                + text(x + CARD_W / 2, y + 16, first, 13, "middle", ink, "b")
                + text(x + CARD_W / 2, y + 32, second, 11, "middle", ink))  # fmt: skip
        if not face_up:  # a face-down card the viewer knows (everything shown, or seen: A4)
            part += rect(x + 1, y + 1, 6, CARD_H - 2, "#3b2f52", "none", 1)
    if clear:
        part += rect(x - 2, y - 2, CARD_W + 4, CARD_H + 4, "none", "#ffb300", 5, ' stroke-width="3"')
    return part


def _spread(wanted: list[tuple[float, int]], left: float, right: float) -> dict[int, float]:
    """Places of one row's cards: each as near its wanted x as the row allows, in the wanted order,
    a card's width apart (less when the row would not fit)."""
    wanted = sorted(wanted)
    step = min(CARD_W + GAP, (right - left - CARD_W) / max(len(wanted) - 1, 1))
    xs: list[float] = []
    for x, _ in wanted:
        xs.append(max(x, left, xs[-1] + step if xs else left))
    overflow = xs[-1] - (right - CARD_W) if xs else 0
    if overflow > 0:  # push back from the right edge, keeping the spacing
        xs[-1] -= overflow
        for i in range(len(xs) - 2, -1, -1):
            xs[i] = min(xs[i], xs[i + 1] - step)
    return {slot: x for x, (_, slot) in zip(xs, wanted)}


def _place(state: np.ndarray, rows: list[list[int]]) -> dict[int, float]:
    """x of each pile card: the clear cards spread along the bottom row, every deeper card under
    the middle of the cards lying on it; then the clear cards moved over the middle of the cards
    they lie on, and the deeper rows placed again."""
    pile = int(state[PILE_MASK])
    lying_on = {slot: [other for row in rows for other in row if int(state[COVERED_BY + other]) >> slot & 1]
                for row in rows for slot in row}  # fmt: skip
    covered_by = {slot: [other for other in range(int(state[N_CARDS]))
                         if pile >> other & 1 and int(state[COVERED_BY + slot]) >> other & 1]
                  for row in rows for slot in row}  # fmt: skip
    left, right = MARGIN, PILE_RIGHT
    if not rows:
        return {}
    width = (len(rows[0]) - 1) * (CARD_W + GAP)
    start = max(left, (left + right - width - CARD_W) / 2)
    x = _spread([(start + i * (CARD_W + GAP), slot) for i, slot in enumerate(rows[0])], left, right)

    def deeper_rows() -> None:
        for row in rows[1:]:
            x.update(_spread([(sum(x[c] for c in covered_by[slot]) / len(covered_by[slot]), slot) for slot in row],
                             left, right))  # fmt: skip

    deeper_rows()
    x.update(_spread([(sum(x[c] for c in lying_on[slot]) / len(lying_on[slot]) if lying_on[slot] else x[slot], slot)
                      for slot in rows[0]], left, right))  # fmt: skip
    deeper_rows()
    return x


def _pile(state: np.ndarray, hidden: np.ndarray, top: float) -> tuple[list[str], float]:
    """The Sand pile, deepest row on top, clear cards in the bottom row; the bottom of the drawing."""
    depth = _depths(state)
    deepest = max(depth.values(), default=-1)
    rows = [[slot for slot, d in sorted(depth.items()) if d == level] for level in range(deepest + 1)]
    x = _place(state, rows)
    clear = int(state[CLEAR_MASK])
    parts = []
    for level in range(deepest, -1, -1):  # the deepest first: each row is drawn over the one above it
        y = top + (deepest - level) * ROW_STEP
        for slot in rows[level]:
            parts.append(_sand_card(state, slot, x[slot], y, hidden, bool(clear >> slot & 1)))
    bottom = top + max(deepest, 0) * ROW_STEP + CARD_H
    if deepest >= 0:
        parts.append(text(MARGIN, bottom + 16, "bottom row: the clear cards (gold outline), free to take; each row above "
                                               "lies one card deeper, under the cards below it", 12, fill="#8a6d00"))  # fmt: skip
    return parts, bottom + 22


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
    parts.append(text(x + 10, y + 58, f"pirate objects: {int(state[OBJECTS + seat])}", 12))
    chips = []
    for colour in range(N_COLOURS):
        halves = int(state[HALVES + seat * N_COLOURS + colour])
        quarters = int(state[QUARTERS + seat * N_COLOURS + colour])
        words = [plural(n, name) for n, name in ((halves, "half"), (quarters, "quarter")) if n]
        if words:
            chips.append((COLOUR_FILLS[colour], f"{COLOUR_NAMES[colour]} map: {' + '.join(words)}"))
    if not chips:
        parts.append(text(x + 10, y + 82, "map pieces: none", 12))
    cx = x + 10
    for fill, words in chips:
        width = 6.4 * len(words) + 12
        if cx + width > x + 430:
            break
        parts.append(rect(cx, y + 66, width, 22, fill, "#222", 3))
        parts.append(text(cx + width / 2, y + 82, words, 11, "middle", _ink(fill), "b"))
        cx += width + 4
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The Skeleton Island table as SVG; ``seat`` (engine index) sees only what it may know."""
    hidden = hidden_slots_of("skeleton", state, seat)
    parts = [text(10, 24, f"Turn {int(state[TURN])}: {seat_label(int(state[CURRENT]))} to play", 18, weight="b"),
             text(10, 44, f"Sand pile: {int(state[PILE_COUNT])} cards, {bin(int(state[CLEAR_MASK])).count('1')} clear "
                          "(gold outline); dark left edge: lies face down, its face known here; "
                          "purple back: face down", 13, fill="#555")]  # fmt: skip
    owners = [f"{colour} map: " + (seat_label(int(state[ISLAND_OWNER + i])) if state[ISLAND_OWNER + i] >= 0 else "unclaimed")
              for i, colour in enumerate(COLOUR_NAMES)]  # fmt: skip
    parts.append(text(10, 62, "Island cards - " + "; ".join(owners), 13, fill="#20384f"))
    held = [slot for slot in range(int(state[N_CARDS])) if state[SLOT_LOC + slot] == LOC_HAND]
    pile_parts, bottom = _pile(state, hidden, 76)
    parts += pile_parts
    if held:
        parts.append(text(WIDTH - CARD_W / 2 - 12, 88, "in hand:", 12, "middle", weight="b"))
        parts.append(_sand_card(state, held[0], WIDTH - CARD_W - 12, 96, hidden, False))
    for index in range(players):
        parts += _seat_panel(state, index, 6 + (index % 2) * 446, bottom + 6 + (index // 2) * 102, hidden, seat)
    return svg_document(WIDTH, int(bottom + 12 + ((players + 1) // 2) * 102), parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    if seat is not None:
        return seat_narration("skeleton", log, count, variant_flags, seat)
    return format_log(log, count)
