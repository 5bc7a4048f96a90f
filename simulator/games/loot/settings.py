"""Loot Island's rule settings (issue 34): every number of the rules and components a designer may
change without code (``--set NAME=VALUE``, ``--rules FILE.toml``), with its default, range and rule.

Plain Python, never compiled (``simulator.compiled_cache.NOT_COMPILED``): no compiled module imports
it.  ``tables.rules_block`` turns the resolved values of a run (a ``RuleValues``) into the rules
block of the engine's flag vector (layout ``T_*`` in state.py), which ``new_game`` copies into the
state; the engine, the strategies and the search's evaluation read the values there.

Defaults come from the data files (``data/scoring.json``, ``data/setup.json``, the component CSVs),
read here once; ``rule`` names the rulebook section (RB-FR: the French rulebook of Loot Island).
A component file setting (``treasures``, ``healers``, ``map_cards``, ``small_islands``) takes a CSV
with the columns of the shipped file; the number of rows is the component count, which is a
capacity of the compiled engine (74 treasures, 14 healers, 88 map cards, 7 small islands): a
designer changes what each card is, not how many there are.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Mapping

from simulator.core.engine.rule_settings import FILE, INT, RuleSettings, Setting, per_seat

DATA_DIR = Path(__file__).parent / "data"
PLAYER_COUNTS = (2, 3, 4, 5)
MAX_SEATS = 5
N_MAP = 88
N_TREASURES = 74
N_HEALERS = 14
N_ISLANDS = 7
TREASURE_TYPES = ("amulet", "coin_sack", "book", "jewel", "crown", "skull")
ICONS = ("none", "plus1", "draw", "discard", "chest")
POWERS = ("discard_cubes", "compass_to_bottom", "place_compass", "draw_cards", "curse_treasure", "move_ship")
ISLAND_NAMES = ("cleansing_spring", "healing_cove", "compass_reef", "scout_rock", "map_islet", "cursed_wreck",
                "wind_isle")  # fmt: skip
MAX_HAND = 12
"""The largest hand size allowed (hands, plays and their option codes are sized for far more)."""

# --------------------------------------------------------------------------- component files
# Each reader returns the canonical value (JSON-able lists) of a component CSV and raises ValueError
# with one line for a missing or unknown column, a wrong number of rows or a bad cell.  Columns:
# the engine's (required), then the documentation columns of the shipped file (optional, not read).

TREASURE_COLUMNS = ("ref", "tier", "type", "skull_kind", "gold", "curse", "crosses", "book_multiplier", "crossed_cubes")
TREASURE_DOC_COLUMNS = ("reconstructed", "source")
HEALER_COLUMNS = ("healer", "cost_per_cube", "fixed_cost")
HEALER_DOC_COLUMNS = ("reconstructed", "source")
MAP_COLUMNS = ("id", "colour", "colour_name", "value", "joker", "icon")
MAP_DOC_COLUMNS = ("copy", "icon_reconstructed", "colour_name_reconstructed")
ISLAND_COLUMNS = ("id", "name", "power", "amount", "min_players")
ISLAND_DOC_COLUMNS = ("amount_reconstructed", "min_players_reconstructed", "description")
DOCUMENTATION_COLUMNS = {
    "treasures.csv": TREASURE_DOC_COLUMNS, "healers.csv": HEALER_DOC_COLUMNS, "map_cards.csv": MAP_DOC_COLUMNS,
    "small_islands.csv": ISLAND_DOC_COLUMNS,
}
"""Columns of the shipped CSVs that document a row (source, reconstructed flags, copy letter,
description) and that no code reads (tests/loot/test_rule_settings.py checks the rest is read)."""


def _csv_rows(path: Path, columns: tuple[str, ...], documentation: tuple[str, ...], rows: int) -> list[dict]:
    text = Path(path).read_text(encoding="utf-8")
    reader = csv.DictReader(io.StringIO(text))
    header = [name.strip() for name in (reader.fieldnames or [])]
    missing = [name for name in columns if name not in header]
    if missing:
        raise ValueError(f"missing column(s) {', '.join(missing)}; the columns are {', '.join(columns)} "
                         f"(optional: {', '.join(documentation)})")  # fmt: skip
    extra = [name for name in header if name not in columns and name not in documentation]
    if extra:
        raise ValueError(f"unknown column(s) {', '.join(extra)}; the columns are {', '.join(columns)} "
                         f"(optional: {', '.join(documentation)})")  # fmt: skip
    found = [{key.strip(): (value or "").strip() for key, value in row.items() if key is not None} for row in reader]
    if len(found) != rows:
        raise ValueError(f"{len(found)} rows, needs exactly {rows} (the engine's component count)")
    return found


def _int_cell(row: dict, column: str, line: int, low: int, high: int) -> int:
    text = row.get(column, "")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"row {line}, column {column}: {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise ValueError(f"row {line}, column {column}: {value} is out of range ({low} to {high})")
    return value


def _choice_cell(row: dict, column: str, line: int, allowed: tuple[str, ...]) -> str:
    text = row.get(column, "")
    if text not in allowed:
        raise ValueError(f"row {line}, column {column}: {text!r} is not one of {', '.join(allowed)}")
    return text


def read_treasures(path: Path) -> list[list]:
    """treasures.csv -> ``[[ref, tier, type, skull_kind, gold, curse, crosses, book_multiplier,
    crossed_cubes], ...]`` (74 rows, sorted by ref)."""
    result = []
    for line, row in enumerate(_csv_rows(path, TREASURE_COLUMNS, TREASURE_DOC_COLUMNS, N_TREASURES), start=2):
        kind = _choice_cell(row, "type", line, TREASURE_TYPES)
        skull = row.get("skull_kind", "")
        if kind == "skull" and not skull:
            raise ValueError(f"row {line}, column skull_kind: a skull needs its kind (a label such as R, L, F)")
        if kind != "skull" and skull:
            raise ValueError(f"row {line}, column skull_kind: only a skull has a kind, not a {kind}")
        result.append([_int_cell(row, "ref", line, 1, 999), _int_cell(row, "tier", line, 1, 4), kind, skull,
                       _int_cell(row, "gold", line, 0, 99), _int_cell(row, "curse", line, 0, 20),
                       _int_cell(row, "crosses", line, 0, 20), _int_cell(row, "book_multiplier", line, 0, 10),
                       _int_cell(row, "crossed_cubes", line, 0, 20)])  # fmt: skip
    references = [row[0] for row in result]
    if references != sorted(set(references)):
        raise ValueError("column ref: reference numbers must be unique and sorted")
    if len({row[3] for row in result if row[2] == "skull"}) > 3:
        raise ValueError("column skull_kind: at most 3 different skull kinds (the skull set bonus has 3 sizes)")
    return result


def read_healers(path: Path) -> list[list[int]]:
    """healers.csv -> ``[[cost_per_cube, fixed_cost], ...]`` (14 rows, healer 1..14 in order)."""
    result = []
    for line, row in enumerate(_csv_rows(path, HEALER_COLUMNS, HEALER_DOC_COLUMNS, N_HEALERS), start=2):
        if _int_cell(row, "healer", line, 1, N_HEALERS) != line - 1:
            raise ValueError(f"row {line}, column healer: healers must be numbered 1..{N_HEALERS} in order")
        result.append([_int_cell(row, "cost_per_cube", line, 0, 20), _int_cell(row, "fixed_cost", line, 0, 200)])
    return result


def read_map_cards(path: Path) -> list[list]:
    """map_cards.csv -> ``[[colour, colour_name, value, joker, icon], ...]`` (88 rows, id 0..87 in order)."""
    result = []
    for line, row in enumerate(_csv_rows(path, MAP_COLUMNS, MAP_DOC_COLUMNS, N_MAP), start=2):
        if _int_cell(row, "id", line, 0, N_MAP - 1) != line - 2:
            raise ValueError(f"row {line}, column id: ids must be 0..{N_MAP - 1} in order")
        joker = _int_cell(row, "joker", line, 0, 1)
        value = _int_cell(row, "value", line, 0, 10)
        if (value == 0) != (joker == 1):
            raise ValueError(f"row {line}: a Joker has value 0 and joker 1; any other card a value 1 to 10")
        result.append([_int_cell(row, "colour", line, 0, 3), row.get("colour_name", "") or "?", value, joker,
                       _choice_cell(row, "icon", line, ICONS)])  # fmt: skip
    return result


def read_small_islands(path: Path) -> list[list]:
    """small_islands.csv -> ``[[name, power, amount, min_players], ...]`` (7 rows, id 0..6 in order)."""
    result = []
    for line, row in enumerate(_csv_rows(path, ISLAND_COLUMNS, ISLAND_DOC_COLUMNS, N_ISLANDS), start=2):
        if _int_cell(row, "id", line, 0, N_ISLANDS - 1) != line - 2:
            raise ValueError(f"row {line}, column id: ids must be 0..{N_ISLANDS - 1} in order")
        name = _choice_cell(row, "name", line, (ISLAND_NAMES[line - 2],))
        result.append([name, _choice_cell(row, "power", line, POWERS), _int_cell(row, "amount", line, 0, 10),
                       _int_cell(row, "min_players", line, 2, 6)])  # fmt: skip
    return result


# --------------------------------------------------------------------------- defaults from the data files
def _json(name: str) -> dict:
    with (DATA_DIR / name).open(encoding="utf-8") as handle:
        return json.load(handle)


SCORING = _json("scoring.json")
SETUP = _json("setup.json")
SCORING_KEYS_READ = ("first_player_bonus", "elimination_curse_cubes", "discard_treasure_curse_cubes",
                     "amulet_curse_cubes_per_amulet", "jewel_set_bonus", "skull_set_bonus", "crown_ladder")  # fmt: skip
SETUP_KEYS_READ = ("hand_size", "aaron_hand_size", "loot_threshold", "treasure_tiers", "small_islands",
                   "compasses_per_player", "starting_curse_cubes", "rounds", "b4_compass_limit")  # fmt: skip
SETUP_DOCUMENTATION_KEYS = {
    "source": "where the numbers come from",
    "players": "the player counts (GameSpec.player_counts; tests/loot/test_rule_settings.py checks they agree)",
    "healers_dealt": "words: one Healer per player (two with variant two-healers)",
    "event_deck": "1 A event (round 1) and one B event per later round: follows from rounds",
    "draft_extra_cards_per_seat": "variant starting-draft's deal (7, 8, 9...): the variant's description",
    "reconstructed": "which setup values are reconstructed",
}
"""setup.json keys no code reads: documentation (tests/loot/test_rule_settings.py checks every other key is read)."""


def _per_players(mapping: Mapping[str, Any]) -> dict[int, Any]:
    return {players: mapping[str(players)] for players in PLAYER_COUNTS}


def _tier_defaults(tier: int) -> dict[int, int]:
    return {players: int(tier in tiers) for players, tiers in _per_players(SETUP["treasure_tiers"]).items()}


def _reconstructed(entry: Mapping[str, Any], index: int | None = None) -> bool:
    flag = entry.get("reconstructed", False)
    return bool(flag[index] if isinstance(flag, list) else flag)


JEWEL = SCORING["jewel_set_bonus"]
SKULL = SCORING["skull_set_bonus"]
LADDER = SCORING["crown_ladder"]
_GOLD = dict(kind=INT, unit="gold")
_CUBES = dict(kind=INT, unit="cubes")

SETTINGS = (
    # ---- end of the game and scoring (data/scoring.json)
    Setting("first_player_bonus", default=SCORING["first_player_bonus"]["value"], low=0, high=100,
            rule="end of game, step 4", description="gold the holder of the First Player tile adds to its loot value",
            **_GOLD),
    Setting("elimination_cubes", default=SCORING["elimination_curse_cubes"]["value"], low=1, high=99,
            rule="end of game, step 2", description="curse cubes that eliminate a player after the Final Exploration",
            **_CUBES),
    Setting("discard_treasure_cubes", default=SCORING["discard_treasure_curse_cubes"]["value"], low=0, high=20,
            rule="taking treasures B", description="curse cubes a player discards when discarding a treasure",
            **_CUBES),
    Setting("amulet_cubes_per_amulet", default=SCORING["amulet_curse_cubes_per_amulet"]["value"], low=0, high=10,
            rule="taking treasures B", description="more cubes discarded with a treasure, per Amulet owned", **_CUBES),
    *(Setting(f"jewel_set_bonus_{size}", default=JEWEL["by_set_size"][str(size)], low=0, high=500,
              rule="treasure values: Jewels", reconstructed=_reconstructed(JEWEL),
              description=f"collector bonus of a set of {size} Jewels", **_GOLD) for size in (2, 3)),
    *(Setting(f"skull_set_bonus_{kinds}", default=SKULL["by_different_kinds"][str(kinds)], low=0, high=100,
              rule="treasure values: Skulls", reconstructed=_reconstructed(SKULL),
              description=f"bonus of a set of {kinds} different Skull(s), per other treasure type owned "
                          "(the increments may not decrease)", **_GOLD) for kinds in (1, 2, 3)),
    *(Setting(f"crown_bonus_{position}", default=LADDER["values"][position - 1], low=0, high=500,
              rule="treasure values: Crowns", reconstructed=_reconstructed(LADDER, position - 1),
              description=f"crown ladder: gold of position {position} (most crosses first; ties share)", **_GOLD)
      for position in range(1, len(LADDER["values"]) + 1)),
    # ---- setup and rounds (data/setup.json)
    Setting("hand_size", kind=INT, default=_per_players(SETUP["hand_size"]), low=1, high=MAX_HAND,
            rule="setup 5, preparation 4", unit="cards",
            description="Map cards dealt at the setup and refilled to in each Preparation"),
    Setting("aaron_hand_size", kind=INT, default=SETUP["aaron_hand_size"], low=1, high=MAX_HAND,
            rule="2 players: Aaron", unit="cards", description="2 players: the cards Aaron draws each round"),
    Setting("loot_threshold", kind=INT, default=_per_players(SETUP["loot_threshold"]), low=1, high=24,
            rule="phase 3: loot", unit="cards", description="cards a landing needs for loot"),
    *(Setting(f"treasure_tier_{tier}", kind=INT, default=_tier_defaults(tier), low=0, high=1,
              rule="setup 3", description=f"1: the treasures of tier {tier} ({'I II III IV'.split()[tier - 1]}) "
                                          "are in the treasure deck; 0: they stay in the box")
      for tier in (1, 2, 3, 4)),
    Setting("small_islands", kind=INT, default=_per_players(SETUP["small_islands"]), low=0, high=N_ISLANDS,
            rule="setup 9", reconstructed=bool(SETUP["reconstructed"]["which_small_island_leaves_below_5_players"]),
            description="small island tiles in the game: those of the lowest min_players first, in file order"),
    Setting("compasses_per_player", kind=INT, default=SETUP["compasses_per_player"], low=1, high=8,
            rule="setup 8", description="compasses each player (and Aaron) has"),
    Setting("b4_compass_limit", kind=INT, default=SETUP["b4_compass_limit"], low=0, high=8, rule="event B4",
            description="event B4: the most compasses a player may have on the Main Island"),
    Setting("rounds", kind=INT, default=SETUP["rounds"], low=1, high=5, rule="game overview",
            description="rounds before the Final Exploration (at most 5: one A event, then a B event a round)"),
    # ---- the event cards' numbers (data/events.csv describes the cards in words)
    Setting("a1_cards", kind=INT, default=2, low=0, high=8, rule="event A1", unit="cards",
            description="event A1: the extra Map cards a player may draw"),
    Setting("a1_cubes", kind=INT, default=2, low=0, high=20, rule="event A1", unit="cubes",
            description="event A1: the curse cubes a player who draws takes"),
    Setting("a3_cubes", kind=INT, default=1, low=0, high=20, rule="event A3", unit="cubes",
            description="event A3: the curse cubes for using a small island"),
    Setting("b5_fewer_cards", kind=INT, default=1, low=0, high=MAX_HAND - 1, rule="event B5", unit="cards",
            description="event B5: hands are refilled to this many cards fewer (at least 1 card is drawn to)"),
    Setting("b6_discard_cubes", kind=INT, default=2, low=0, high=20, rule="event B6", unit="cubes",
            description="event B6: the cubes a discard-a-cube icon (or its copy) discards"),
    Setting("b8_cubes", kind=INT, default=2, low=0, high=20, rule="event B8", unit="cubes",
            description="event B8: the cubes every other player takes when the First Player tile is taken"),
    Setting("b10_discard_cubes", kind=INT, default=2, low=0, high=20, rule="event B10", unit="cubes",
            description="event B10: the cubes each compass on the Small Loot landing discards"),
    # ---- starting resources per seat
    *per_seat("start_cubes", MAX_SEATS, kind=INT, default=SETUP["starting_curse_cubes"], low=0, high=30,
              rule="setup 8", unit="cubes", description="curse cubes seat {seat} starts with"),
    *per_seat("start_gold", MAX_SEATS, kind=INT, default=0, low=0, high=100, rule="handicap (not in the rules)",
              unit="gold", description="gold seat {seat} starts with: added to its loot value at the end (not if "
                                       "eliminated), and it helps pay the Healer"),
    *per_seat("start_cards", MAX_SEATS, kind=INT, default=0, low=0, high=8, rule="handicap (not in the rules)",
              unit="cards", description="extra Map cards dealt to seat {seat} at the setup, after its hand"),
    # ---- component files
    Setting("treasures", kind=FILE, default=read_treasures(DATA_DIR / "treasures.csv"), read=read_treasures,
            rule="components: treasures", reconstructed=True,
            file_format="treasures.csv's columns " + ", ".join(TREASURE_COLUMNS) + f"; {N_TREASURES} rows",
            description="the Treasure cards: tier, type, gold, curse, crosses, Book multiplier, crossed cubes "
                        "(crossed_cubes reconstructed)"),
    Setting("healers", kind=FILE, default=read_healers(DATA_DIR / "healers.csv"), read=read_healers,
            rule="end of game, step 3", reconstructed=True,
            file_format="healers.csv's columns " + ", ".join(HEALER_COLUMNS) + f"; {N_HEALERS} rows",
            description="the Healer cards: gold per cube and fixed gold (12 of 14 reconstructed)"),
    Setting("map_cards", kind=FILE, default=read_map_cards(DATA_DIR / "map_cards.csv"), read=read_map_cards,
            rule="components: map cards", reconstructed=True,
            file_format="map_cards.csv's columns " + ", ".join(MAP_COLUMNS) + f"; {N_MAP} rows",
            description="the Map cards: colour, value, Joker, icon (icons reconstructed)"),
    Setting("small_island_tiles", kind=FILE, default=read_small_islands(DATA_DIR / "small_islands.csv"),
            read=read_small_islands, rule="small islands", reconstructed=True,
            file_format="small_islands.csv's columns " + ", ".join(ISLAND_COLUMNS) + f"; {N_ISLANDS} rows",
            description="the small island tiles: power, amount (cubes, cards), fewest players (amounts reconstructed)"),
)


def check(values: Mapping[str, Any], players: int) -> None:
    """A combination the rules cannot play: ValueError with one line."""
    steps = [values[f"skull_set_bonus_{kinds}"] - values[f"skull_set_bonus_{kinds - 1}"] if kinds > 1
             else values["skull_set_bonus_1"] for kinds in (1, 2, 3)]  # fmt: skip
    if any(later < earlier for earlier, later in zip(steps, steps[1:])):
        raise ValueError(f"skull_set_bonus_1..3 = {values['skull_set_bonus_1']}, {values['skull_set_bonus_2']}, "
                         f"{values['skull_set_bonus_3']}: the increments may not decrease (each more kind adds at "
                         "least as much as the one before)")  # fmt: skip
    tiers = [tier for tier in (1, 2, 3, 4) if values[f"treasure_tier_{tier}"] == 1]
    if not tiers:
        raise ValueError(f"treasure_tier_1..4 are all 0 at {players} players: the treasure deck needs a tier")
    if values["b5_fewer_cards"] >= values["hand_size"]:
        raise ValueError(f"b5_fewer_cards = {values['b5_fewer_cards']} leaves no card in a hand of "
                         f"{values['hand_size']} (hand_size at {players} players): at most {values['hand_size'] - 1}")
    if players == 2 and values["b5_fewer_cards"] >= values["aaron_hand_size"]:
        raise ValueError(f"b5_fewer_cards = {values['b5_fewer_cards']} leaves Aaron no card (aaron_hand_size = "
                         f"{values['aaron_hand_size']}): at most {values['aaron_hand_size'] - 1}")
    dealt = sum(values["hand_size"] + values[f"seat{seat}_start_cards"] for seat in range(1, players + 1))
    dealt += values["aaron_hand_size"] if players == 2 else 0
    if dealt > N_MAP - 8:
        raise ValueError(f"hand_size and seatK_start_cards deal {dealt} Map cards at {players} players: the deck of "
                         f"{N_MAP} needs at least 8 left to play")  # fmt: skip


RULE_SETTINGS = RuleSettings("loot", SETTINGS, presets={}, check=check)

