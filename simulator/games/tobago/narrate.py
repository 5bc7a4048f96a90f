"""Tobago narration: replay one game with logging on and describe every event in plain English."""

import re

import numpy as np

from simulator.core.engine.narration import fold_repeats, plural
from simulator.core.engine.seats import seat_label
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
    EV_START_RAISE_SKIP,
    EV_STOP,
    EV_TURN,
    FLAGS,
    N_FLAGS,
    RULE_CLUE_CARDS,
    RULE_N_CLUES,
)

LOG_ROWS = 20_000
MAP_NAMES = ("white", "grey", "black", "brown")  # R5: one marker colour per map
LANDMARK_NAMES = ("hut", "palm tree", "statue")
USE_NAMES = ("an extra clue", "an extra move", "removing a marker", "exchanging clue cards", "warding a curse")
USE_WARD = 4
ROUND_HEADER = "== Round"
"""Header of a round (the start player's turn); its number is written after folding repeats."""
FOLDED = re.compile(r"^\((?:the line above|the last (\d+) lines) repeated (\d+) more times?\)$")


class Standing:
    """The running counts a player at the table can see: gold held by each seat (every taken card
    was shown when offered, A23), amulets held and lying on the island, gold cards left."""

    def __init__(self, players: int):
        self.coins = [0] * players
        self.cards = [0] * players
        self.amulets = [0] * players
        self.on_island = 0

    def line(self) -> str:
        seats = "; ".join(f"{seat_label(seat)} {plural(self.coins[seat], 'coin')} in {plural(self.cards[seat], 'gold card')}, "
                          f"{plural(self.amulets[seat], 'amulet')}" for seat in range(len(self.coins)))  # fmt: skip
        return f"Standing: {seats}; {plural(self.on_island, 'amulet')} on the island"


def island_words(island: int) -> str:
    """The island as its board reads ("The island of 97 hexes: pieces A small, B small, C large side
    up, clockwise, second junction"), not the engine's id ``aCb-j1``: the
    letter of each slot is its piece, lower-case its small side."""
    slots, junction = ISLAND_IDS[island].split("-j")
    sides = {"small" if slot.islower() else "large" for slot in slots}
    if len(sides) == 1:
        pieces = f"pieces {', '.join(slot.upper() for slot in slots)} clockwise, all {sides.pop()} side up"
    else:
        pieces = ", ".join(f"{slot.upper()} {'small' if slot.islower() else 'large'}" for slot in slots)
        pieces = f"pieces {pieces} side up, clockwise"
    junction_words = ("first", "second")[int(junction)]
    return f"The island of {_island_hexes(island)} hexes: {pieces}, {junction_words} junction"


def _island_hexes(island: int) -> int:
    from simulator.games.tobago.island import ISLANDS

    return int(ISLANDS[island].n_hexes)


def order_events(rows):
    """The log in the order a player sees things: a clue that locates a treasure is logged after
    the markers it moved, so tell the clue first."""
    rows = list(rows)
    for i in range(len(rows) - 1):
        if rows[i][0] == EV_LOCATED and rows[i + 1][0] == EV_CLUE:
            rows[i], rows[i + 1] = rows[i + 1], rows[i]
    return rows


def number_rounds(lines):
    """Write each round header's number, counting the rounds inside folded repeats."""
    numbered = []
    rounds = 0
    headers_in = []  # for each line kept: 1 if it is a round header
    for line in lines:
        match = FOLDED.match(line)
        if match:
            period = int(match.group(1) or 1)
            repeats = int(match.group(2))
            per_copy = sum(headers_in[-period:])
            rounds += per_copy * repeats
            if per_copy:
                line = f"{line[:-1]}, up to round {rounds})"
            numbered.append(line)
            headers_in.append(0)
        elif line == ROUND_HEADER:
            rounds += 1
            numbered.append(f"{ROUND_HEADER} {rounds} ==")
            headers_in.append(1)
        else:
            numbered.append(line)
            headers_in.append(0)
    return numbered


def players_in_log(log, count: int) -> int:
    """How many seats play the logged game: each puts its ATV on the island at setup (R6)."""
    seats = [int(row[1]) for row in log[:count] if row[0] == EV_ATV_START]
    return max(seats) + 1 if seats else 1


def clue_cards(flags) -> np.ndarray:
    """The run's clue deck (setting clue_cards) as ``int64[n, 4]`` codes, from the flag vector (or
    the state's copy of it, ``state[FLAGS:FLAGS + N_FLAGS]``: ``clue_cards_in``)."""
    flags = np.asarray(flags, dtype=np.int64)
    n = int(flags[RULE_N_CLUES])
    return flags[RULE_CLUE_CARDS:RULE_CLUE_CARDS + 4 * n].reshape(n, 4)


def clue_cards_in(state) -> np.ndarray:
    """The clue deck of the game in ``state`` (its copy of the flag vector)."""
    return clue_cards(np.asarray(state)[FLAGS:FLAGS + N_FLAGS])


def format_log(log, count, deck, players=4):
    """Plain-English lines for the first ``count`` records of ``log``: repeated stretches (a stalled
    game's same round over and over) are folded into one copy and a count.  ``deck``: the run's
    clue cards (``clue_cards(flags)``)."""
    return number_rounds(fold_repeats(event_lines(log, count, deck, players)))


def event_lines(log, count, deck, players=4):
    """One plain-English line per record (round headers not yet numbered, nothing folded)."""
    lines = []
    island = 0
    statue_hexes = []
    standing = Standing(players)
    for row in order_events(tuple(int(x) for x in row) for row in log[:count]):
        code, a, b, c, d, e = row
        if code == EV_SETUP:
            island = a
            lines.append(f"{island_words(a)}; {seat_label(b)} starts; {plural(c, 'clue card')} per hand; "
                         f"clue deck {DECK_NAMES[d]}, gold values {SPLIT_NAMES[e]}")
        elif code == EV_LANDMARK:
            facing = f", facing {DIRECTION_NAMES[c]}" if c >= 0 else ""
            if a == 2:
                statue_hexes.append(b)
            lines.append(f"A {LANDMARK_NAMES[a]} stands on {hex_label(island, b)}{facing}")
        elif code == EV_ATV_START:
            lines.append(f"{seat_label(a)} puts its ATV on {hex_label(island, b)}{' (at random)' if c else ''}")
        elif code == EV_TURN:
            if a == 0:  # R9: seat 1 starts; each of its turns opens a round
                lines.append(ROUND_HEADER)
                lines.append(standing.line())
            lines.append(f"-- {seat_label(a)}'s turn")
        elif code == EV_CLUE:
            markers = f", {plural(e, 'marker')} on the board" if e else ""
            lines.append(f"{seat_label(a)} lays '{clue_text(deck, c)}' on the {MAP_NAMES[b]} map: "
                         f"{plural(d, 'possible hex')}{markers}")
        elif code == EV_LOCATED:
            lines.append(f"The {MAP_NAMES[a]} treasure is located on {hex_label(island, b)}")
        elif code == EV_LEG:
            extra = " (extra move)" if e else ""
            lines.append(f"{seat_label(a)} drives from {hex_label(island, b)} to {hex_label(island, c)}, leg {d}{extra}")
        elif code == EV_STOP:
            lines.append(f"{seat_label(a)} stops after {plural(b, 'leg')}")
        elif code == EV_AMULET_PICK:
            standing.amulets[a] += 1
            standing.on_island -= 1
            lines.append(f"{seat_label(a)} picks up the amulet on {hex_label(island, b)}{' (free, at the turn start)' if c else ''}")
        elif code == EV_AMULET_USE:
            standing.amulets[a] -= 1
            if b != USE_WARD:  # a ward is told by the curse line that follows
                lines.append(f"{seat_label(a)} uses an amulet for {USE_NAMES[b]}")
        elif code == EV_RAISE:
            lines.append(f"{seat_label(a)} raises the {MAP_NAMES[b]} treasure on {hex_label(island, c)}")
        elif code == EV_AMULET_APPEAR:
            if b >= 0:
                standing.on_island += 1
            where = f"an amulet appears on {hex_label(island, b)}" if b >= 0 else "no amulet appears"
            statue = hex_label(island, statue_hexes[a]) if a < len(statue_hexes) else f"number {a + 1}"
            lines.append(f"The statue on {statue}: {where}; it now faces {DIRECTION_NAMES[c]}")
        elif code == EV_POOL:
            lines.append(f"{seat_label(a)} draws {plural(b, 'gold card')} and looks at {'it' if b == 1 else 'them'}")
        elif code == EV_OFFER:
            if c:
                standing.coins[a] += b
                standing.cards[a] += 1
            lines.append(f"{seat_label(a)} {'takes' if c else 'passes'} a {b}-coin card")
        elif code == EV_DISCARD_CARD:
            lines.append(f"Nobody takes the {a}-coin card: discarded face up")
        elif code == EV_CURSE:
            lines.append(f"A curse! The share of the {MAP_NAMES[b]} treasure stops")
        elif code == EV_CURSE_PAY:
            if b > 0:
                standing.coins[a] -= b
                standing.cards[a] -= 1
                lines.append(f"{seat_label(a)} loses a {b}-coin card to the curse")
            elif b == 0:
                lines.append(f"{seat_label(a)} wards the curse with an amulet")
            else:
                lines.append(f"{seat_label(a)} has no gold card: the curse takes nothing")
        elif code == EV_SHARE_END:
            unseen = f" ({plural(b, 'card')} discarded face down, unseen)" if b else ""
            lines.append(f"The {MAP_NAMES[a]} share ends{unseen}")
        elif code == EV_NEW_MAP:
            lines.append(f"{seat_label(a)} starts the new {MAP_NAMES[b]} map")
        elif code == EV_EXCHANGE:
            lines.append(f"{seat_label(a)} exchanges {plural(b, 'clue card')}{' with an amulet' if c else ''}")
        elif code == EV_CUBE:
            lines.append(f"{seat_label(a)} removes the {MAP_NAMES[b]} marker on {hex_label(island, c)}")
        elif code == EV_START_RAISE_SKIP:
            lines.append(f"{seat_label(a)} leaves the treasure under its ATV on {hex_label(island, b)} for now")
        elif code == EV_END_TURN:
            lines.append(f"{seat_label(a)} ends the turn")
        elif code == EV_GAME_END:
            why = "the turn cap stopped the game (no winner)" if a else "the gold deck is out: game over"
            lines.append(f"End: {why} ({plural(b, 'card')} refilled from the discard)")
            lines.append(standing.line())
        elif code == EV_FINAL:
            rank = f"rank {c}" if c > 0 else "not ranked"
            lines.append(f"Final: {seat_label(a)} has {plural(b, 'coin')}, {rank}")
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
    return format_log(log, int(count), clue_cards(flags), len(strategies))
