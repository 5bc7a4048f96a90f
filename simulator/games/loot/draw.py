"""Loot Island: the table drawn for the visual replay (``simulator/core/engine/replay_page.py``).

The Main Island in the middle with its four coasts and eight landings (the cards played there, the
treasure chests, the compass stacks), the ship at its corner; around it the decks, the treasures
revealed, the small islands; below, one panel per seat (and Aaron with 2 players): hand (face down
for a seat the viewer is not), curse cubes, compasses in front, kept treasures.  Once the game is
over, the final scores over the Main Island: every seat's rank, loot value and its parts (treasure
gold, the Healer's price, the First Player tile), the eliminated last.  Plain Python.
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine.replay_page import (
    SEAT_FILLS, card, circle, hidden_slots_of, rect, seat_narration, svg_document, text,
)
from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label
from simulator.games.loot import components
from simulator.games.loot.map_components import colour_names, events, island_names
from simulator.games.loot.narrate import format_log, run_tables
from simulator.games.loot.state import (
    AARON, HAND_CAP, LAND_CAP, N_LANDINGS, N_OWNERS, PH_ACTIONS, S_COMP, S_COMP_N, S_CUBES, S_EVENT, S_FIRST, S_HAND,
    S_HAND_N,
    S_HAS_AARON, S_ISLAND_UP, S_KEPT_TYPE, S_LAND, S_LAND_CHESTS, S_LAND_N, S_MAP_DECK_N, S_MAP_DISC_N, S_PASSED,
    S_PLAYERS, S_REVEAL, S_REVEAL_N, S_ROUND, S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_TDECK_N, S_TDISC_N,
    ELIM_CUBES, PH_OVER, S_ELIM, S_GOLD, S_HEALER, S_INFO_HEALER, S_PHASE, S_RANK, S_SCORE, S_RULES, T_ELIM_CUBES,
    T_START_GOLD,
)

FILLS = {"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9c80e"}
WIDTH, HEIGHT = 1200, 860
ISLAND = (310, 124, 560, 330)  # x, y, width, height of the Main Island
LANDING_W, LANDING_H = 262, 94
CORNERS = ((ISLAND[0], ISLAND[1]), (ISLAND[0] + ISLAND[2], ISLAND[1]),
           (ISLAND[0] + ISLAND[2], ISLAND[1] + ISLAND[3]), (ISLAND[0], ISLAND[1] + ISLAND[3]))
"""Corners 1..4 clockwise from the top left, as the narration numbers them."""


def _landing_box(landing: int) -> tuple[float, float]:
    """Top-left of landing ``landing``'s box: coast k (top, right, bottom, left, clockwise) holds
    landings 2k and 2k+1 in clockwise order."""
    x0, y0, width, height = ISLAND
    coast, second = divmod(landing, 2)
    if coast == 0:
        return x0 + 10 + second * (LANDING_W + 20), y0 - LANDING_H - 14
    if coast == 1:
        return x0 + width + 14, y0 + 20 + second * (LANDING_H + 40)
    if coast == 2:
        return x0 + width - LANDING_W - 10 - second * (LANDING_W + 20), y0 + height + 14
    return x0 - LANDING_W - 14, y0 + height - LANDING_H - 20 - second * (LANDING_H + 40)


def _map_card(cards: np.ndarray, identifier: int, x: float, y: float, width: float = 25, height: float = 36) -> str:
    colour = colour_names()[cards[identifier, 0]]
    label = "J" if cards[identifier, 2] else str(cards[identifier, 1])
    return card(x, y, width, height, FILLS.get(colour, "#777"), label, label_fill="#222" if colour == "yellow" else "#fff",
                size=15)  # fmt: skip


def _who(owner: int) -> str:
    return "Aaron" if owner == AARON else seat_label(owner)


def _landing(state: np.ndarray, cards: np.ndarray, landing: int) -> list[str]:
    x, y = _landing_box(landing)
    parts = [rect(x, y, LANDING_W, LANDING_H, "#e8f4f0", "#6a9a8a", 6),
             text(x + 6, y + 15, f"landing {landing + 1}", 14, fill="#335", weight="b")]
    chests = int(state[S_LAND_CHESTS + landing])
    if chests:
        parts.append(text(x + LANDING_W - 6, y + 15, f"{chests} chest{'s' if chests > 1 else ''}", 14, "end", "#8a5a00", "b"))
    count = int(state[S_LAND_N + landing])
    step = min(27.0, (LANDING_W - 34) / max(count, 1))
    for i in range(min(count, LAND_CAP)):
        parts.append(_map_card(cards, int(state[S_LAND + landing * LAND_CAP + i]), x + 6 + i * step, y + 22))
    stack = int(state[S_COMP_N + landing])
    for i in range(stack):
        owner = int(state[S_COMP + landing * N_OWNERS + i])
        parts.append(circle(x + 16 + i * 24, y + 78, 10, SEAT_FILLS[owner if owner != AARON else 5]))
        parts.append(text(x + 16 + i * 24, y + 83, "A" if owner == AARON else owner + 1, 13, "middle", "#fff", "b"))
    if stack:
        parts.append(text(x + 22 + stack * 24, y + 83, "compasses, bottom first", 11, fill="#567"))
    else:
        parts.append(text(x + 6, y + 84, "no compass", 12, fill="#789"))
    return parts


def _owner_panel(state: np.ndarray, cards: np.ndarray, owner: int, x: float, y: float, hidden: np.ndarray,
                 viewer: int | None) -> list[str]:  # fmt: skip
    passed = " - passed" if state[S_PASSED + owner] and state[S_PHASE] == PH_ACTIONS else ""  # a pass lasts one Phase 2
    first = " - 1st-player tile" if state[S_FIRST] == owner and owner != AARON else ""
    you = " = you" if viewer == owner else ""
    parts = [rect(x, y, 590, 92, "#eef7ff" if viewer == owner else "#fffdf6", "#b8ad8a", 6),
             circle(x + 14, y + 15, 7, SEAT_FILLS[owner if owner != AARON else 5]),
             text(x + 26, y + 20, f"{_who(owner)}{you}{passed}{first}", 16, weight="b"),
             text(x + 10, y + 42, f"curse cubes {int(state[S_CUBES + owner])}", 14, fill="#8b0000", weight="b"),
             text(x + 10, y + 60, f"compasses in front {int(state[S_SUPPLY + owner])}", 14)]
    kept = [f"{int(state[S_KEPT_TYPE + owner * 8 + kind])} {name.replace('_', ' ')}"
            for kind, name in enumerate(components.TREASURE_TYPE_NAMES) if state[S_KEPT_TYPE + owner * 8 + kind]]
    parts.append(text(x + 10, y + 84, "kept: " + (", ".join(kept) or "nothing"), 13, fill="#5a4a00"))
    size = int(state[S_HAND_N + owner])
    parts.append(text(x + 330, y + 20, f"hand ({size})", 13, fill="#555"))
    step = min(28.0, 250 / max(size, 1))
    for i in range(size):
        slot = S_HAND + owner * HAND_CAP + i
        if hidden[slot]:
            parts.append(card(x + 330 + i * step, y + 28, 25, 36, "", face_down=True))
        else:
            parts.append(_map_card(cards, int(state[slot]), x + 330 + i * step, y + 28))
    return parts


def final_scores(state: np.ndarray) -> list[dict]:
    """Every seat's final score and its parts, best rank first, the eliminated last: seat, rank (0:
    eliminated), loot value, treasure gold (crown bonuses included), Healer (number, cost), First
    Player tile bonus, why eliminated."""
    rows = []
    for seat in range(int(state[S_PLAYERS])):
        healer = int(state[S_HEALER + seat])
        cubes = int(state[S_CUBES + seat])
        cost = 0 if healer < 0 else int(state[S_INFO_HEALER + 2 * healer] * cubes + state[S_INFO_HEALER + 2 * healer + 1])
        gold, score, eliminated = int(state[S_GOLD + seat]), int(state[S_SCORE + seat]), int(state[S_ELIM + seat])
        start = int(state[S_RULES + T_START_GOLD + seat])  # setting seatK_start_gold (0 in the rules)
        out_at = int(state[S_RULES + T_ELIM_CUBES])  # setting elimination_cubes
        rows.append({"seat": seat, "rank": int(state[S_RANK + seat]), "score": score, "gold": gold, "healer": healer,
                     "cubes": cubes, "cost": cost, "start": start,
                     "tile": score - gold - start + cost if not eliminated else 0,
                     "eliminated": (f"{out_at} curse cubes or more" if eliminated == ELIM_CUBES
                                    else "cannot pay the Healer") if eliminated else ""})  # fmt: skip
    return sorted(rows, key=lambda row: (row["rank"] == 0, row["rank"], row["seat"]))


def _scoreboard(state: np.ndarray) -> list[str]:
    """The final scores over the Main Island: rank, seat, loot value = treasures - Healer + tile."""
    x0, y0, width, height = ISLAND
    rows = final_scores(state)
    top = y0 + 24
    parts = [rect(x0 + 10, y0 + 10, width - 20, height - 20, "#fffdf3", "#8a7440", 10),
             text(x0 + width / 2, top + 12, "Final scores", 19, "middle", "#3e2723", "b")]
    columns = ((x0 + 24, "rank", "start"), (x0 + 84, "seat", "start"), (x0 + 214, "loot value", "end"),
               (x0 + 296, "treasures", "end"), (x0 + 466, "- Healer", "end"), (x0 + 538, "+ 1st tile", "end"))
    for x, name, anchor in columns:
        parts.append(text(x, top + 40, name, 13, anchor, "#5a4a20", "b"))
    for i, row in enumerate(rows):
        y = top + 64 + i * 26
        seat = row["seat"]
        parts.append(circle(x0 + 76, y - 5, 6, SEAT_FILLS[seat]))
        parts.append(text(x0 + 84, y, seat_label(seat), 14, weight="b"))
        if row["eliminated"]:
            parts.append(text(x0 + 24, y, "-", 14))
            parts.append(text(x0 + 150, y, f"eliminated: {row['eliminated']}", 13, fill="#8b0000"))
            continue
        healer = f"{row['cost']} (Healer {row['healer'] + 1}, {plural(row['cubes'], 'cube')})" if row["healer"] >= 0 else "0"
        cells = (str(row["rank"]), None, str(row["score"]), str(row["gold"]), healer, str(row["tile"]))
        for (x, _, anchor), cell in zip(columns, cells):
            if cell is not None:
                parts.append(text(x, y, cell, 13 if cell == healer else 14, anchor, "#222", "b" if cell == cells[2] else ""))
    parts.append(text(x0 + width / 2, y0 + height - 22, "loot value = treasure gold (crown bonuses included) "
                                                         "- the Healer's price + the First Player tile", 11, "middle",
                      "#5a4a20"))  # fmt: skip
    return parts


def draw_table(state: np.ndarray, players: int, variant_flags: np.ndarray, seat: int | None) -> str:
    """The Loot Island table as SVG; ``seat`` (engine index) sees only its own hand."""
    hidden = hidden_slots_of("loot", state, seat)
    cards, treasures, _ = run_tables(variant_flags)  # the run's rule settings
    x0, y0, width, height = ISLAND
    round_number = int(state[S_ROUND])
    event = int(state[S_EVENT])
    parts = [rect(x0, y0, width, height, "#d9c68f", "#8a7440", 40),  # the Main Island
             text(x0 + width / 2, y0 + 40, "Main Island", 18, "middle", "#5a4a20", "b"),
             text(12, 22, "Game over" if state[S_PHASE] == PH_OVER else f"Round {round_number}" if round_number <= 5
                  else "End of the game", 18, weight="b"),  # fmt: skip
             ]
    if event >= 0:
        words = f"event {events()[event]['code']}: {events()[event]['description']}".split(" ")
        first_line: list[str] = []
        while words and len(" ".join(first_line + words[:1])) <= 62:
            first_line.append(words.pop(0))
        for i, part in enumerate((" ".join(first_line), " ".join(words))):
            parts.append(text(x0 + width / 2, y0 + height - 40 + i * 18, part, 13, "middle", "#5a1a00", "b" if i == 0 else ""))
    for landing in range(N_LANDINGS):
        parts += _landing(state, cards, landing)
    corner = int(state[S_SHIP_CORNER])
    cx, cy = CORNERS[corner]
    bow = "clockwise" if state[S_SHIP_DIR] > 0 else "counter-clockwise"
    parts.append('<path d="M{0:g} {1:g} l36 0 l-8 16 l-20 0 z" fill="#6d4c41" stroke="#222"/>'.format(cx - 18, cy - 6))
    parts.append(f'<path d="M{cx:g} {cy - 6:g} l0 -26 l16 14 z" fill="#fff" stroke="#222"/>')
    parts.append(text(x0 + width / 2, y0 + 70, f"ship at corner {corner + 1}, bow {bow}", 15, "middle", "#3e2723", "b"))
    info = [f"map deck {int(state[S_MAP_DECK_N])}, discard {int(state[S_MAP_DISC_N])}",
            f"treasure deck {int(state[S_TDECK_N])}, discard {int(state[S_TDISC_N])}"]
    for i, line in enumerate(info):
        parts.append(text(x0 + width / 2, y0 + 100 + i * 18, line, 14, "middle", "#3e2723"))
    revealed = int(state[S_REVEAL_N])
    if revealed:
        parts.append(text(x0 + 30, y0 + 160, "revealed treasures:", 14, fill="#3e2723", weight="b"))
        for i in range(min(revealed, 8)):
            t = int(state[S_REVEAL + i])
            kind = components.TREASURE_TYPE_NAMES[treasures[t, components.TREASURE_TYPE]].replace("_", " ")
            gold, curse = treasures[t, components.TREASURE_GOLD], treasures[t, components.TREASURE_CURSE]
            parts.append(text(x0 + 30 + (i % 2) * 260, y0 + 180 + (i // 2) * 18, f"{kind}: {gold} gold, {curse} cubes", 14))
    names = island_names()
    parts.append(text(8, 50, "small islands", 14, weight="b"))
    line = 0
    for island, name in enumerate(names):
        up = int(state[S_ISLAND_UP + island])
        if up < 0:
            continue
        parts.append(text(8, 68 + line * 17, f"{name.replace('_', ' ')}: {'face up' if up else 'used'}", 13,
                          fill="#234" if up else "#999"))  # fmt: skip
        line += 1
    if state[S_PHASE] == PH_OVER:
        parts += _scoreboard(state)
    owners = list(range(players)) + ([AARON] if state[S_HAS_AARON] else [])
    for i, owner in enumerate(owners):
        parts += _owner_panel(state, cards, owner, 8 + (i % 2) * 596, 580 + (i // 2) * 98, hidden, seat)
    return svg_document(WIDTH, 580 + ((len(owners) + 1) // 2) * 98 + 4, parts)


def log_lines(log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int | None) -> list[str]:
    """The narration of the first ``count`` records, as ``seat`` sees it (``None``: everything)."""
    if seat is not None:
        return seat_narration("loot", log, count, variant_flags, seat)
    return format_log(log, count, variant_flags=variant_flags)
