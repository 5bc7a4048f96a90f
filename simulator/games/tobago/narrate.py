"""Tobago narration: replay one game with logging on and describe every event in plain English."""

import numpy as np

from simulator.core.seats import seat_label
from simulator.games.tobago.components import DECK_NAMES, SPLIT_NAMES, clue_text
from simulator.games.tobago.island import DIRECTION_NAMES, ISLAND_IDS, hex_label
from simulator.games.tobago.state import (
    EV_AMULET_APPEAR,
    EV_AMULET_PICK,
    EV_AMULET_USE,
    EV_ATV_START,
    EV_CLUE,
    EV_CUBE,
    EV_CURSE,
    EV_CURSE_PAY,
    EV_DISCARD_CARD,
    EV_END_TURN,
    EV_EXCHANGE,
    EV_FINAL,
    EV_GAME_END,
    EV_LANDMARK,
    EV_LEG,
    EV_LOCATED,
    EV_NEW_MAP,
    EV_OFFER,
    EV_POOL,
    EV_RAISE,
    EV_SETUP,
    EV_SHARE_END,
    EV_STOP,
    EV_TURN,
    FLAG_CLUE_DECK,
)

LOG_ROWS = 20_000
MAP_NAMES = ("white", "grey", "black", "brown")  # R5: one marker colour per map
LANDMARK_NAMES = ("hut", "palm tree", "statue")
USE_NAMES = ("an extra clue", "an extra move", "removing a marker", "exchanging clue cards", "warding a curse")


def format_log(log, count, deck):
    """Plain-English lines for the first ``count`` records of ``log``."""
    lines = []
    island = 0
    rows = [tuple(int(x) for x in row) for row in log[:count]]
    for i in range(len(rows) - 1):
        # a clue that locates a treasure is logged after the markers it moved: tell the clue first
        if rows[i][0] == EV_LOCATED and rows[i + 1][0] == EV_CLUE:
            rows[i], rows[i + 1] = rows[i + 1], rows[i]
    for row in rows:
        code, a, b, c, d, e = (int(x) for x in row)
        if code == EV_SETUP:
            island = a
            lines.append(f"Island {ISLAND_IDS[a]}; {seat_label(b)} starts; {c} clue cards per hand; "
                         f"clue deck {DECK_NAMES[d]}, gold values {SPLIT_NAMES[e]}")
        elif code == EV_LANDMARK:
            facing = f", facing {DIRECTION_NAMES[c]}" if c >= 0 else ""
            lines.append(f"A {LANDMARK_NAMES[a]} stands on {hex_label(island, b)}{facing}")
        elif code == EV_ATV_START:
            lines.append(f"{seat_label(a)} puts its ATV on {hex_label(island, b)}{' (at random)' if c else ''}")
        elif code == EV_TURN:
            lines.append(f"-- Turn {b}: {seat_label(a)}")
        elif code == EV_CLUE:
            markers = f", {e} markers" if e else ""
            lines.append(f"{seat_label(a)} lays '{clue_text(deck, c)}' on the {MAP_NAMES[b]} map: {d} possible hexes{markers}")
        elif code == EV_LOCATED:
            lines.append(f"The {MAP_NAMES[a]} treasure is located on {hex_label(island, b)}")
        elif code == EV_LEG:
            extra = " (extra move)" if e else ""
            lines.append(f"{seat_label(a)} drives from {hex_label(island, b)} to {hex_label(island, c)}, leg {d}{extra}")
        elif code == EV_STOP:
            lines.append(f"{seat_label(a)} stops after {b} legs")
        elif code == EV_AMULET_PICK:
            lines.append(f"{seat_label(a)} picks up the amulet on {hex_label(island, b)}{' (free, at the turn start)' if c else ''}")
        elif code == EV_AMULET_USE:
            lines.append(f"{seat_label(a)} uses an amulet for {USE_NAMES[b]}")
        elif code == EV_RAISE:
            lines.append(f"{seat_label(a)} raises the {MAP_NAMES[b]} treasure on {hex_label(island, c)}")
        elif code == EV_AMULET_APPEAR:
            where = f"an amulet appears on {hex_label(island, b)}" if b >= 0 else "no amulet appears"
            lines.append(f"Statue {a + 1}: {where}; it now faces {DIRECTION_NAMES[c]}")
        elif code == EV_POOL:
            lines.append(f"{seat_label(a)} draws {b} gold card{'s' if b != 1 else ''} and looks at them")
        elif code == EV_OFFER:
            lines.append(f"{seat_label(a)} {'takes' if c else 'passes'} a {b}-coin card")
        elif code == EV_DISCARD_CARD:
            lines.append(f"Nobody takes the {a}-coin card: discarded")
        elif code == EV_CURSE:
            lines.append(f"A curse! The share of the {MAP_NAMES[b]} treasure stops")
        elif code == EV_CURSE_PAY:
            what = "an amulet" if b == 0 else ("nothing (no gold, no amulet)" if b < 0 else f"a {b}-coin card")
            lines.append(f"{seat_label(a)} loses {what} to the curse")
        elif code == EV_SHARE_END:
            lines.append(f"The {MAP_NAMES[a]} share ends ({b} card{'s' if b != 1 else ''} discarded unseen)")
        elif code == EV_NEW_MAP:
            lines.append(f"{seat_label(a)} starts the new {MAP_NAMES[b]} map")
        elif code == EV_EXCHANGE:
            lines.append(f"{seat_label(a)} exchanges {b} clue card{'s' if b != 1 else ''}{' with an amulet' if c else ''}")
        elif code == EV_CUBE:
            lines.append(f"{seat_label(a)} removes the {MAP_NAMES[b]} marker on {hex_label(island, c)}")
        elif code == EV_END_TURN:
            lines.append(f"{seat_label(a)} ends the turn")
        elif code == EV_GAME_END:
            why = "the turn cap stopped the game" if a else "the gold deck is out: game over"
            lines.append(f"End: {why} ({b} card{'s' if b != 1 else ''} refilled from the discard)")
        elif code == EV_FINAL:
            lines.append(f"Final: {seat_label(a)} has {b} coins, rank {c}")
        else:
            lines.append(f"unknown event {code}: {a} {b} {c} {d} {e}")
    return lines


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    from simulator.games.tobago.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    return format_log(log, int(count), int(flags[FLAG_CLUE_DECK]))
