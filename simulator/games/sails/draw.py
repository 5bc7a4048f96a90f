"""Sails: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

One row per seat: its hand (face down for a seat the viewer is not), the card it played this trick
(the Sail covers half of it until the reveal), its Bonus cards, its treasure pile and score; above
them the treasure decks with their visible top card and the discard.  Plain Python, not compiled.
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine.replay_page import card, hidden_slots_of, rect, svg_document, text
from simulator.core.engine.seats import seat_label
from simulator.games.sails.components import COLOUR_NAMES, N_VALUES, TREASURE_PER_COLOUR
from simulator.games.sails.narrate import action_words, format_log, treasure_points
from simulator.games.sails.state import (
    BONUS_DECK,
    BONUS_HELD,
    DECK_COUNT,
    DECK_TOP,
    DISCARD_MASK,
    FIRST_PLAYER,
    HAND_COUNT,
    HAND_MASK,
    HIDE_COLOUR,
    N_DECKS,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    REVEALED,
    ROUND,
    SCORE,
    TABLE_BONUS,
    TABLE_CARD,
    TABLE_HIDE,
    TABLE_VISIBLE,
    TRICK,
)
from simulator.games.sails.state import BONUS_PER_POINT

FILLS = {"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "purple": "#6a1b9a"}
COLOUR_FILLS = tuple(FILLS.get(name, "#777") for name in COLOUR_NAMES)
DECK_LABELS = {1: ("deck",), 2: ("red/blue deck", "green/purple deck")}
WIDTH, ROW, TOP = 900, 104, 112
CARD_W, CARD_H = 26, 40


def _treasure_label(treasure: int, points) -> tuple[str, str]:
    """(fill, label) of a treasure card."""
    colour = treasure // TREASURE_PER_COLOUR
    return COLOUR_FILLS[colour], str(int(points[treasure]))


def _hand(state: np.ndarray, seat: int) -> list[int]:
    """The Island cards of ``seat``'s hand, by colour then value."""
    cards = []
    for colour in range(4):
        mask = int(state[HAND_MASK + seat * 4 + colour])
        cards += [colour * N_VALUES + value for value in range(N_VALUES) if mask >> value & 1]
    return cards


def _played(state: np.ndarray, seat: int, hidden: np.ndarray, x: float, y: float) -> list[str]:
    """The card ``seat`` played this trick: whole once revealed (or to an all-seeing viewer), else
    only the half the Sail leaves visible; before the reveal the Sail lies on its lower half."""
    width, height = 50, 66
    if state[TABLE_HIDE + seat] < 0:
        return [rect(x, y, width, height, "none", "#999", extra=' stroke-dasharray="4 3"'),
                text(x + width / 2, y + 37, "none", 11, "middle", "#999")]
    covers_colour = state[TABLE_HIDE + seat] == HIDE_COLOUR
    visible = int(state[TABLE_VISIBLE + seat])
    played = int(state[TABLE_CARD + seat])
    if hidden[TABLE_CARD + seat] or played < 0:
        fill, label = ("#bbb", str(visible)) if covers_colour else (COLOUR_FILLS[visible], "?")
    else:
        fill, label = COLOUR_FILLS[played // N_VALUES], str(played % N_VALUES + 1)
    parts = [rect(x, y, width, height, fill, "#222"), text(x + width / 2, y + 27, label, 20, "middle", "#fff", "b")]
    if not state[REVEALED]:
        parts.append(rect(x, y + 36, width, 30, "#f5f0dc", "#8a7a4a", 2))
        parts.append(text(x + width / 2, y + 49, "Sail hides", 9, "middle", "#6b5a2a"))
        parts.append(text(x + width / 2, y + 61, "colour" if covers_colour else "number", 10, "middle", "#6b5a2a", "b"))
    bonus = int(state[TABLE_BONUS + seat])
    if bonus:
        parts.append(text(x + width + 4, y + 20, f"+{bonus}", 13, "start", "#7a5b00", "b"))
        parts.append(text(x + width + 4, y + 34, "Bonus", 11, "start", "#7a5b00"))
    return parts


def round_points(state: np.ndarray, seat: int, points) -> int:
    """What ``seat`` scores this round if it ended now: the points of its treasure pile (face up;
    ``points`` per treasure id, setting treasure_values) and 1 per ``bonus_cards_per_point`` Bonus
    cards held (``scoring.score_round``; the engine writes the round's score only when it ends)."""
    pile = [int(state[PILE + seat * PILE_CAPACITY + i]) for i in range(int(state[PILE_COUNT + seat]))]
    return sum(int(points[treasure]) for treasure in pile) + int(state[BONUS_HELD + seat]) // int(state[BONUS_PER_POINT])


def _seat_row(state: np.ndarray, seat: int, y: float, hidden: np.ndarray, points, viewer: int | None) -> list[str]:
    first = " (first player)" if state[FIRST_PLAYER] == seat else ""
    you = " = you" if viewer == seat else ""
    parts = [rect(6, y, WIDTH - 12, ROW - 6, "#fffdf6" if viewer != seat else "#eef7ff", "#b8ad8a", 6),
             text(14, y + 22, f"{seat_label(seat)}{you}", 17, weight="b"),
             text(14, y + 40, "first player" if first else "", 12, fill="#20384f", weight="b"),
             text(14, y + 60, f"score {int(state[SCORE + seat])}", 14),
             text(14, y + 78, f"this round {round_points(state, seat, points)} so far", 12, fill="#555"),
             text(14, y + 94, f"Bonus cards: {int(state[BONUS_HELD + seat])}", 12, fill="#7a5b00", weight="b")]
    hand_x = 150
    parts.append(text(hand_x, y + 16, f"hand ({int(state[HAND_COUNT + seat])})", 12, fill="#555"))
    if hidden[HAND_MASK + seat * 4]:
        for i in range(int(state[HAND_COUNT + seat])):
            parts.append(card(hand_x + i * (CARD_W + 3), y + 26, CARD_W, CARD_H, "", face_down=True))
    else:
        for i, island in enumerate(_hand(state, seat)):
            parts.append(card(hand_x + i * (CARD_W + 3), y + 26, CARD_W, CARD_H, COLOUR_FILLS[island // N_VALUES],
                              str(island % N_VALUES + 1), size=14))  # fmt: skip
    parts.append(text(510, y + 16, "played", 12, fill="#555"))
    parts += _played(state, seat, hidden, 510, y + 24)
    pile = int(state[PILE_COUNT + seat])
    parts.append(text(620, y + 16, f"treasure pile: {pile}" + (" (last 10 shown)" if pile > 10 else ""), 12, fill="#555"))
    shown = [int(state[PILE + seat * PILE_CAPACITY + i]) for i in range(pile)]
    for i, treasure in enumerate(shown[-10:]):
        fill, label = _treasure_label(treasure, points)
        parts.append(card(620 + i * 27, y + 26, 24, 36, fill, label, size=14))
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The Sails table as SVG; ``seat`` (engine index) sees only its own hand."""
    hidden = hidden_slots_of("sails", state, seat)
    points = treasure_points(variant_flags)
    parts = [text(12, 26, f"Round {int(state[ROUND]) + 1}, trick {int(state[TRICK]) + 1}", 20, weight="b"),
             text(12, 50, f"Bonus deck: {int(state[BONUS_DECK])} cards", 14, fill="#7a5b00", weight="b")]
    decks = int(state[N_DECKS])
    for deck in range(decks):
        x = 200 + deck * 220
        parts.append(text(x, 18, f"{DECK_LABELS[decks][deck]}: {int(state[DECK_COUNT + deck])} face down", 13))
        parts.append(card(x, 28, 34, 50, "", face_down=True))
        top = int(state[DECK_TOP + deck])
        if top >= 0:
            fill, label = _treasure_label(top, points)
            parts.append(card(x + 42, 28, 34, 50, fill, label, size=18))
            parts.append(text(x + 82, 58, "top (face up)", 12, fill="#555"))
    parts.append(text(660, 18, "discarded Island cards", 13))
    for colour in range(4):
        mask = int(state[DISCARD_MASK + colour])
        values = [str(value + 1) for value in range(N_VALUES) if mask >> value & 1]
        parts.append(rect(660, 26 + colour * 20, 14, 15, COLOUR_FILLS[colour], "#222", 2))
        parts.append(text(680, 38 + colour * 20, " ".join(values) or "-", 13))
    for place in range(players):
        parts += _seat_row(state, place, TOP + place * ROW, hidden, points, seat)
    return svg_document(WIDTH, TOP + players * ROW + 8, parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    return format_log(log, count, treasure_points(variant_flags), seat, action_words(variant_flags))
