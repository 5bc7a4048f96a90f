"""Tobago in the terminal (``islandsim play``): the options of a decision in plain words, the
seat's view of the game, and the narration as the seat sees it.

Each function reads only what the seat may know (``visibility.py``: the clue deck, other hands,
the gold deck, pool cards drawn by others and the face-down discard are hidden; everything else
lies face up on the table).  An option with many siblings (a hex of the island, a marker to
remove, a clue card on a map) is a tuple of step labels from coarse to fine, so ``play`` can ask
for it step by step: first the terrain or the card, then the hex or the map.
"""

from __future__ import annotations

from simulator.core.engine.narration import plural
from simulator.core.engine.option_steps import number_alike
from simulator.core.engine.seats import seat_label
from simulator.games.tobago.components import N_MAPS, clue_text
from simulator.games.tobago.island import (
    DIRECTION_NAMES,
    HEX_Q,
    HEX_R,
    ISLAND_IDS,
    N_WORDS,
    TERRAIN,
    TERRAINS,
    WORD_BITS,
    hex_label,
)
from simulator.games.tobago.narrate import LANDMARK_NAMES, MAP_NAMES, event_lines, number_rounds, players_in_log
from simulator.games.tobago.state import (
    ACTION_AMULET_CLUE,
    ACTION_AMULET_EXCHANGE,
    ACTION_AMULET_MOVE,
    ACTION_AMULET_REMOVE_CUBE,
    ACTION_CLUE,
    ACTION_END,
    ACTION_EXCHANGE,
    ACTION_MOVE,
    ACTIVE,
    AMULET_AT,
    AMULET_SUPPLY,
    AMULETS_HELD,
    ATV_HEX,
    ATV_START,
    CARD_MASK,
    CLUE_DECK_COUNT,
    CLUE_MAP_SHIFT,
    CLUE_PLAY,
    CUBE_HEX_SHIFT,
    CUBE_REMOVE,
    CURSE_GIVE_AMULET,
    CURSE_RESPONSE,
    CURSES_OUT,
    DECK,
    EXCHANGE_CARDS,
    FLAG_CLUE_DECK,
    GOLD_DECK_COUNT,
    HAND,
    HAND_COUNT,
    HELD,
    INITIAL_MAP,
    ISLAND,
    LANDMARK_HEX,
    LEG,
    LEG_STOP,
    LEGS_USED,
    MAP_CAND,
    MAP_CARD,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_ROSE,
    MAX_HAND,
    MAX_MAP_CLUES,
    N_HEX,
    NEW_MAP,
    NEW_MAP_CLUE,
    PLAYERS,
    POOL,
    POOL_COUNT,
    POOL_POS,
    POOL_SEER,
    RAISE_ORDER,
    ROSES,
    SHARE_ACCEPT,
    SHARE_MAP,
    SHARE_TAKE,
    START_RAISE,
    START_RAISE_TAKE,
    STATUE_FACING,
    STEP,
    STEP_ATV_START,
    CURSOR,
    TURN_ACTION,
    TURNS,
)

MAX_GOLD_VALUE = 6
FIRST_STATUE = 7  # LANDMARK_HEX: huts 0..3, palm trees 4..6, statues 7..9
FIRST_PALM = 4


def _hexes(state, offset: int) -> list[int]:
    """The hexes of the bitset at ``state[offset:offset + N_WORDS]``."""
    return [w * WORD_BITS + b for w in range(N_WORDS) for b in range(WORD_BITS) if (int(state[offset + w]) >> b) & 1]


def _landmark_kind(index: int) -> int:
    return 2 if index >= FIRST_STATUE else (1 if index >= FIRST_PALM else 0)


def _hex_notes(state, hex_index: int, seat: int) -> list[str]:
    """What lies on a hex, as a player at the table sees it (landmarks, amulet, ATVs, markers)."""
    notes = [LANDMARK_NAMES[_landmark_kind(i)] for i in range(10) if state[LANDMARK_HEX + i] == hex_index]
    if state[AMULET_AT + hex_index] == 1:
        notes.append("an amulet")
    for other in _placed_atvs(state):
        if state[ATV_HEX + other] == hex_index:
            notes.append("your ATV" if other == seat else f"{seat_label(other)}'s ATV")
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and hex_index in _hexes(state, MAP_CAND + m * N_WORDS):
            notes.append("the " + (f"{MAP_NAMES[m]} treasure" if state[MAP_MARKERS + m] == 1 else f"{MAP_NAMES[m]} marker"))
    return notes


def _hex_spot(state, hex_index: int, seat: int) -> str:
    """``'(3,-2): hut, seat 2's ATV'``: a hex by its coordinates and what lies on it (its terrain
    is the step label before it)."""
    notes = _hex_notes(state, hex_index, seat)
    label = f"({HEX_Q[int(state[ISLAND]), hex_index]},{HEX_R[int(state[ISLAND]), hex_index]})"
    return f"{label}: {', '.join(notes)}" if notes else label


TERRAIN_PREPOSITION = {"beach": "on", "river": "on", "lake": "on"}


def _terrain(state, hex_index: int) -> str:
    """``'in the jungle'``, ``'on the beach'``."""
    name = TERRAINS[TERRAIN[int(state[ISLAND]), hex_index]]
    return f"{TERRAIN_PREPOSITION.get(name, 'in')} the {name}"


def _placed_atvs(state) -> range:
    """The seats whose ATV is on the island (during the setup choice: those who chose, R6)."""
    return range(int(state[CURSOR]) if state[STEP] == STEP_ATV_START else int(state[PLAYERS]))


def _hand(state, seat: int) -> list[int]:
    return [int(state[HAND + seat * MAX_HAND + slot]) for slot in range(int(state[HAND_COUNT + seat]))]


def _clue(state, card: int) -> str:
    return f"'{clue_text(int(state[DECK]), card)}'"


def _possible(state, m: int) -> int:
    return len(_hexes(state, MAP_CAND + m * N_WORDS))


def _possible_after(state, m: int, card: int) -> int:
    kept = [int(state[MAP_CAND + m * N_WORDS + w]) & int(state[CARD_MASK + card * N_WORDS + w]) for w in range(N_WORDS)]
    return sum(bin(word).count("1") for word in kept)


def _offered_card(state) -> int:
    return int(state[POOL + int(state[POOL_POS]) - 1])


def _highest_gold(state, seat: int) -> int:
    return max((value for value in range(MAX_GOLD_VALUE + 1) if state[HELD + seat * 7 + value] > 0), default=0)


TURN_ACTION_TEXT = {
    ACTION_CLUE: "lay a clue card on a map",
    ACTION_MOVE: "drive your ATV (up to 3 legs)",
    ACTION_EXCHANGE: "pass your turn to exchange your clue cards",
    ACTION_AMULET_CLUE: "spend an amulet: lay an extra clue card",
    ACTION_AMULET_MOVE: "spend an amulet: an extra move (up to 3 legs, no amulet picked up)",
    ACTION_AMULET_REMOVE_CUBE: "spend an amulet: remove a marker from a map",
    ACTION_AMULET_EXCHANGE: "spend an amulet: exchange your clue cards",
    ACTION_END: "end your turn",
}


def describe_option(state, seat: int, kind: int, option: int) -> str | tuple[str, ...]:
    """One option of a Tobago decision in plain words (a tuple of step labels when the decision
    can offer many: coarse first, e.g. the terrain, then the hex)."""
    if kind == ATV_START:
        return (f"put your ATV {_terrain(state, option)}", f"on {_hex_spot(state, option, seat)}")
    if kind == INITIAL_MAP:
        card = _hand(state, seat)[0]
        return f"lay your opening clue {_clue(state, card)} on the {MAP_NAMES[option]} map"
    if kind == TURN_ACTION:
        return TURN_ACTION_TEXT[option]
    if kind == CLUE_PLAY:
        card = _hand(state, seat)[option & ((1 << CLUE_MAP_SHIFT) - 1)]
        m = option >> CLUE_MAP_SHIFT
        before, after = _possible(state, m), _possible_after(state, m, card)
        return (f"lay {_clue(state, card)}",
                f"on the {MAP_NAMES[m]} map ({plural(before, 'possible hex')} -> {after})")  # fmt: skip
    if kind == LEG:
        if option == LEG_STOP:
            return f"stop after {plural(int(state[LEGS_USED]), 'leg')}"
        return (f"drive {_terrain(state, option)}", f"to {_hex_spot(state, option, seat)}")
    if kind == CUBE_REMOVE:
        m = option & ((1 << CUBE_HEX_SHIFT) - 1)
        return (f"remove a {MAP_NAMES[m]} marker",
                f"the one on {hex_label(int(state[ISLAND]), option >> CUBE_HEX_SHIFT)}")  # fmt: skip
    if kind == EXCHANGE_CARDS:
        hand = _hand(state, seat)
        cards = [_clue(state, hand[slot]) for slot in range(len(hand)) if (option >> slot) & 1]
        return f"exchange {', '.join(cards)}"
    if kind == SHARE_ACCEPT:
        value = _offered_card(state)
        if option == SHARE_TAKE:
            return f"take the {value}-coin card (one of your roses on the {MAP_NAMES[int(state[SHARE_MAP])]} map goes)"
        return f"pass the {value}-coin card to the next rose"
    if kind == CURSE_RESPONSE:
        if option == CURSE_GIVE_AMULET:
            return "give an amulet to ward the curse"
        return f"lose your highest gold card ({_highest_gold(state, seat)} coins) to the curse"
    if kind == NEW_MAP_CLUE:
        card = _hand(state, seat)[option]
        return f"start the new {MAP_NAMES[int(state[NEW_MAP])]} map with {_clue(state, card)}"
    if kind == RAISE_ORDER:
        return f"raise the {MAP_NAMES[option]} treasure first"
    if kind == START_RAISE:
        return "raise the treasure under your ATV now" if option == START_RAISE_TAKE else "leave it there for now"
    raise ValueError(f"tobago has no decision kind {kind}")


def describe_options(state, seat: int, kind: int, options, n_options: int, variant_flags) -> list:
    """GameSpec hook: one plain label per offered option (a string, or step labels)."""
    # two copies of one clue card in a hand read alike (R13: either may be laid)
    return number_alike([describe_option(state, seat, kind, int(options[i])) for i in range(n_options)])


def _map_lines(state, seat: int) -> list[str]:
    lines = []
    for m in range(N_MAPS):
        length = int(state[MAP_LEN + m])
        if length == 0:
            lines.append(f"  {MAP_NAMES[m]} map: no clue yet")
            continue
        clues = []
        for i in range(length):
            card = int(state[MAP_CARD + m * MAX_MAP_CLUES + i])
            owner = int(state[MAP_ROSE + m * MAX_MAP_CLUES + i])
            rose = "no rose" if owner < 0 else ("your rose" if owner == seat else f"{seat_label(owner)}'s rose")
            clues.append(f"{_clue(state, card) if card >= 0 else 'the raiser'} ({rose})")
        where = ""
        if state[MAP_MARKERS_DOWN + m] == 1:
            island = int(state[ISLAND])
            spots = ", ".join(hex_label(island, h) for h in _hexes(state, MAP_CAND + m * N_WORDS))
            where = f"; located on {spots}" if state[MAP_MARKERS + m] == 1 else f"; markers on {spots}"
        sharing = " (being shared)" if state[SHARE_MAP] == m else ""
        lines.append(f"  {MAP_NAMES[m]} map{sharing}: {'; '.join(clues)}; "
                     f"{plural(_possible(state, m), 'possible hex')}{where}")  # fmt: skip
    return lines


def _landmark_line(state) -> str:
    island = int(state[ISLAND])
    parts = []
    for i in range(10):
        facing = f" facing {DIRECTION_NAMES[int(state[STATUE_FACING + i - FIRST_STATUE])]}" if i >= FIRST_STATUE else ""
        parts.append(f"{LANDMARK_NAMES[_landmark_kind(i)]} {hex_label(island, int(state[LANDMARK_HEX + i]))}{facing}")
    return "Landmarks: " + "; ".join(parts)


def _share_line(state, seat: int) -> str | None:
    m = int(state[SHARE_MAP])
    if m < 0:
        return None
    turned = int(state[POOL_POS])
    shown = [str(int(state[POOL + i])) for i in range(turned)]
    # R49: the raiser shuffled the pool after the draws: the seat knows its cards' values, not where they lie
    seen = sorted(str(int(state[POOL + i])) for i in range(turned, int(state[POOL_COUNT])) if state[POOL_SEER + i] == seat)
    hidden = int(state[POOL_COUNT]) - turned - len(seen)
    text = f"Share of the {MAP_NAMES[m]} treasure: turned up {', '.join(shown) or 'nothing yet'}"
    if seen:
        text += f"; still face down: {', '.join(seen)} you drew and saw"
    if hidden:
        text += f"; {plural(hidden, 'card')} face down you have not seen"
    return text


def _coins(state, seat: int) -> tuple[int, int]:
    counts = [int(state[HELD + seat * 7 + value]) for value in range(MAX_GOLD_VALUE + 1)]
    return sum(value * count for value, count in enumerate(counts)), sum(counts)


TERRAIN_LETTERS = {"mountains": "m", "jungle": "j", "beach": "b", "scrubland": "s", "river": "r", "lake": "l"}
LANDMARK_LETTERS = ("H", "P", "S")  # hut, palm tree, statue


def _hex_mark(state, hex_index: int, seat: int) -> str:
    """What stands on a hex, every piece shown (none hidden under another): the ATVs (``@`` yours,
    another seat's number: ``@23`` your ATV and those of seats 2 and 3), ``T`` a located treasure
    and ``+`` a marker (one per map marking it), a landmark's letter, ``*`` an amulet; ``.`` for
    nothing."""
    here = [other for other in _placed_atvs(state) if state[ATV_HEX + other] == hex_index]
    marks = ("@" if seat in here else "") + "".join(str(other + 1) for other in here if other != seat)
    for m in range(N_MAPS):
        if state[MAP_MARKERS_DOWN + m] == 1 and hex_index in _hexes(state, MAP_CAND + m * N_WORDS):
            marks += "T" if state[MAP_MARKERS + m] == 1 else "+"
    for i in range(10):
        if state[LANDMARK_HEX + i] == hex_index:
            marks += LANDMARK_LETTERS[_landmark_kind(i)]
    if state[AMULET_AT + hex_index] == 1:
        marks += "*"
    return marks or "."


def island_lines(state, seat: int) -> list[str]:
    """The island as a picture in the board file's orientation (north up, flat-topped hexes):
    hex ``(q, r)`` in column ``q`` (numbered on top), on line ``2r + q``, so a hex's north
    neighbour is 2 lines above it and its NE / SE neighbours one column right, a line up / down;
    each hex its terrain letter then everything on it (a column as wide as its fullest hex)."""
    island = int(state[ISLAND])
    hexes = [(int(HEX_Q[island, h]), int(HEX_R[island, h]), h) for h in range(int(state[N_HEX]))]
    first_q = min(q for q, _, _ in hexes)
    width = max(q for q, _, _ in hexes) - first_q + 1
    cell = {h: TERRAIN_LETTERS[TERRAINS[TERRAIN[island, h]]] + _hex_mark(state, h, seat) for _, _, h in hexes}
    widths = [1 + max([2] + [len(cell[h]) for q, _, h in hexes if q == first_q + column]) for column in range(width)]
    lines = ["  q " + "".join(f"{q:>{widths[q - first_q]}}" for q in range(first_q, first_q + width))]
    for y in range(min(2 * r + q for q, r, _ in hexes), max(2 * r + q for q, r, _ in hexes) + 1):
        cells = [" " * w for w in widths]
        for q, r, h in hexes:
            if 2 * r + q == y:
                cells[q - first_q] = f"{cell[h]:>{widths[q - first_q]}}"
        lines.append(("    " + "".join(cells)).rstrip())
    lines.append("  (terrain m j b s r l: mountains, jungle, beach, scrubland, river, lake; then everything on the "
                 "hex: @ your ATV, 1-4 another seat's, T located treasure, + marker, H hut, P palm tree, S statue, "
                 "* amulet (m@23: your ATV and seats 2 and 3's on a mountain hex); r grows by 1 every 2 lines down "
                 "a column)")  # fmt: skip
    return lines


def describe_view(state, seat: int, variant_flags) -> list[str]:
    """GameSpec hook: what ``seat`` sees now (its clue cards, the maps, the island, every seat)."""
    island = int(state[ISLAND])
    active = int(state[ACTIVE])
    turn = f"turn {int(state[TURNS])}, {seat_label(active)}'s" if state[TURNS] > 0 else "setup"
    lines = [f"Island {ISLAND_IDS[island]}, {turn}",
             *island_lines(state, seat),
             f"Your clue cards: {', '.join(_clue(state, card) for card in _hand(state, seat)) or 'none'}",
             "Maps:", *_map_lines(state, seat),
             "ATVs: " + ("; ".join(f"{'you' if other == seat else seat_label(other)} on "
                                    f"{hex_label(island, int(state[ATV_HEX + other]))}"
                                    for other in _placed_atvs(state)) or "none on the island yet"),
             _landmark_line(state)]  # fmt: skip
    amulets = [hex_label(island, h) for h in range(int(state[N_HEX])) if state[AMULET_AT + h] == 1]
    lines.append(f"Amulets on the island: {'; '.join(amulets) or 'none'} ({int(state[AMULET_SUPPLY])} in the supply)")
    share = _share_line(state, seat)
    if share:
        lines.append(share)
    lines.append(f"Gold deck: {plural(int(state[GOLD_DECK_COUNT]), 'card')} left, "
                 f"{plural(int(state[CURSES_OUT]), 'curse')} revealed; clue deck: {int(state[CLUE_DECK_COUNT])} cards")  # fmt: skip
    for other in range(int(state[PLAYERS])):
        coins, cards = _coins(state, other)
        you = " (you)" if other == seat else ""
        lines.append(f"  {seat_label(other)}{you}: {plural(coins, 'coin')} in {plural(cards, 'gold card')}, "
                     f"{plural(int(state[AMULETS_HELD + other]), 'amulet')}, {plural(int(state[ROSES + other]), 'rose')} "
                     f"left, {plural(int(state[HAND_COUNT + other]), 'clue card')} in hand")  # fmt: skip
    return lines


def narrate_for_seat(log, count: int, variant_flags, seat: int) -> list[str]:
    """GameSpec hook: the first ``count`` log records as ``seat`` sees them.  Tobago's log holds
    nothing private (a pool draw is logged as a count, never as values), so every seat reads the
    same lines; unfolded, so the lines already shown never change."""
    return number_rounds(event_lines(log, count, int(variant_flags[FLAG_CLUE_DECK]), players_in_log(log, count)))
