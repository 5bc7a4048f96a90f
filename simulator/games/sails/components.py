"""Sails components: loads ``data/`` (plain Python, once, at import).

The numbers a designer may change (hand sizes, Bonus cards, treasure values, the Action cards'
faces...) are rule settings (``settings.py``) whose defaults are read here; the engine reads them at
run time from the state (``state.RULES``), never from this module.  What stays here is the card
identities (capacities) and names.

Card identities used everywhere in the engine:

- Island card ``id`` in ``0..47``: colour ``id // 12`` (0 red, 1 blue, 2 green, 3 purple),
  printed value ``id % 12 + 1`` (1..12).  A game with fewer cards per colour
  (``island_cards_per_colour``) leaves the higher values in the box, out of play.
- Treasure card ``id`` in ``0..31``: colour ``id // 8``, position ``id % 8`` in the colour's
  value list (``treasure_values``); its points are ``state[TREASURE_VALUE + id]``.
- Action card ``a`` in ``0..1``: card 0 is linked to red and blue, card 1 to green and purple
  (colour ``c`` belongs to card ``c // 2``).
"""

import csv
import json
from pathlib import Path

import numpy as np

DATA = Path(__file__).parent / "data"

READ_KEYS: set[str] = set()
"""Key paths (``island_cards.per_colour``) of the JSON data files read by the code (``_get``)."""

DOCUMENTATION_KEYS = frozenset({
    "components.json:island_cards.note",
    "components.json:island_cards.reconstructed",
    "components.json:treasure_cards.note",
    "components.json:treasure_cards.reconstructed",
    "components.json:bonus_cards.reconstructed",
    "components.json:sail_cards.count",  # one Sail per seat: 5 = the largest player count (state.MAX_PLAYERS)
    "components.json:sail_cards.reconstructed",
    "components.json:action_cards.count",  # 2: the red/blue and green/purple cards (card ids 0, 1)
    "components.json:action_cards.reconstructed",
    "components.json:hand_size.reconstructed",
    "actions.json:note",
    "actions.json:actions.1.name", "actions.json:actions.2.name", "actions.json:actions.3.name",
    "actions.json:actions.4.name",
    "actions.json:actions.1.reconstructed", "actions.json:actions.2.reconstructed",
    "actions.json:actions.3.reconstructed", "actions.json:actions.4.reconstructed",
})  # fmt: skip
"""Key paths of the JSON data files that only document (notes, names, flags of values no setting
takes); ``tests/sails/test_rule_settings.py`` checks every key is read or listed here."""


def _load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


_FILES = {"components.json": _load("components.json"), "actions.json": _load("actions.json")}


def _get(file: str, path: str):
    """The value at key ``path`` (dotted) of data file ``file``, recorded in ``READ_KEYS``."""
    value = _FILES[file]
    for key in path.split("."):
        value = value[key]
    if isinstance(value, dict):
        for key in value:
            _get(file, f"{path}.{key}")
    else:
        READ_KEYS.add(f"{file}:{path}")
    return value


COLOUR_NAMES = tuple(_get("components.json", "colours"))
N_COLOURS = 4
N_VALUES = _get("components.json", "island_cards.per_colour")
"""Island cards per colour in the box (12): the capacity of a colour (12-bit masks)."""
N_ISLAND = _get("components.json", "island_cards.count")
N_TREASURE = _get("components.json", "treasure_cards.count")
TREASURE_PER_COLOUR = _get("components.json", "treasure_cards.per_colour")
"""Treasure cards per colour in the box (8): the capacity of a colour's value list."""
assert N_ISLAND == N_COLOURS * N_VALUES == 48 and N_TREASURE == N_COLOURS * TREASURE_PER_COLOUR == 32

# Defaults of the rule settings (settings.py).
DEFAULT_BONUS_CARDS = _get("components.json", "bonus_cards.count")
DEFAULT_BONUS_PER_POINT = _get("components.json", "bonus_cards.per_point")
"""«1 point pour chaque paire de cartes Bonus»: the strategies' weights were tuned with it."""
DEFAULT_MAX_VALUE = _get("components.json", "max_island_value")
DEFAULT_ROUNDS = _get("components.json", "rounds")
DEFAULT_HAND_SIZE = {int(key): _get("components.json", f"hand_size.{key}")
                     for key in _FILES["components.json"]["hand_size"] if key.isdigit()}  # fmt: skip

ACTION_TEXT = {int(key): _get("actions.json", f"actions.{key}.text") for key in _FILES["actions.json"]["actions"]}
PAIRINGS = {name: {"red-blue": tuple(_get("actions.json", f"pairings.{name}.red-blue")),
                   "green-purple": tuple(_get("actions.json", f"pairings.{name}.green-purple")),
                   "reconstructed": _get("actions.json", f"pairings.{name}.reconstructed")}
            for name in _FILES["actions.json"]["pairings"]}  # fmt: skip
"""Pairing name -> the actions (1..4) on each side of the red/blue and green/purple cards."""

POPCOUNT12 = np.array([bin(i).count("1") for i in range(4096)], dtype=np.int64)
"""Number of set bits of a 12-bit colour mask (cards of one colour)."""

# ---- treasure values: a component file a designer may replace (setting treasure_values) ----

TREASURE_COLUMNS = ("position", "value", "removed_at_3_players")
TREASURE_OPTIONAL_COLUMNS = ("reconstructed",)
TREASURE_FORMAT = ("CSV, one row per treasure card of a colour (1 to 8 rows; every colour has the same values): "
                   "position (0, 1, 2... in order), value (points, 0 to 100), removed_at_3_players (1: the card "
                   "is left out at 3 players, 0: kept); optional column reconstructed (0/1, "
                   "documentation)")  # fmt: skip
MAX_TREASURE_POINTS = 100


def read_treasure_values(path) -> list[list[int]]:
    """A treasure value file as ``[[value, removed_at_3_players], ...]`` by position; ValueError
    (one line) for missing or extra columns or a bad cell."""
    rows, _ = _read_treasure_rows(Path(path))
    return rows


def treasure_values_reconstructed(path) -> bool:
    """Whether any row of a treasure value file is flagged ``reconstructed``."""
    return _read_treasure_rows(Path(path))[1]


def _read_treasure_rows(path: Path) -> tuple[list[list[int]], bool]:
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        header = [cell.strip() for cell in next(reader, [])]
        missing = [column for column in TREASURE_COLUMNS if column not in header]
        extra = [column for column in header if column not in TREASURE_COLUMNS + TREASURE_OPTIONAL_COLUMNS]
        if missing or extra or len(set(header)) != len(header):
            what = "; ".join(filter(None, [missing and f"missing columns {', '.join(missing)}",
                                           extra and f"unknown columns {', '.join(extra)}",
                                           len(set(header)) != len(header) and "a column named twice"]))  # fmt: skip
            raise ValueError(f"{what}; expected {', '.join(TREASURE_COLUMNS)} (+ optional reconstructed)")
        rows = []
        reconstructed = False
        for line, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) != len(header):
                raise ValueError(f"line {line}: {len(cells)} cells, the header has {len(header)}")
            row = dict(zip(header, (cell.strip() for cell in cells)))
            numbers = {}
            for column, low, high in (("position", 0, TREASURE_PER_COLOUR - 1), ("value", 0, MAX_TREASURE_POINTS),
                                      ("removed_at_3_players", 0, 1), ("reconstructed", 0, 1)):  # fmt: skip
                if column not in row:
                    continue
                try:
                    number = int(row[column])
                except ValueError:
                    number = None
                if number is None or not low <= number <= high:
                    raise ValueError(f"line {line}: {column} = {row[column]!r} is not a whole number from {low} "
                                     f"to {high}")
                numbers[column] = number
            if numbers["position"] != len(rows):
                raise ValueError(f"line {line}: position {numbers['position']}, expected {len(rows)} "
                                 "(0, 1, 2... in order)")
            rows.append([numbers["value"], numbers["removed_at_3_players"]])
            reconstructed = reconstructed or numbers.get("reconstructed", 0) == 1
    if not rows:
        raise ValueError("no treasure rows; give 1 to 8 rows")
    return rows, reconstructed


TREASURE_FILES = {"standard": DATA / "treasure_values.csv", "one-each": DATA / "treasure_values_one_each.csv",
                  "low": DATA / "treasure_values_low.csv"}  # fmt: skip
"""The shipped treasure value files: the default reconstruction and the two variants' value sets."""
TREASURE_VALUE_FILES = {name: read_treasure_values(path) for name, path in TREASURE_FILES.items()}


def island_name(card: int) -> str:
    """``'red 7'`` for an Island card id."""
    return f"{COLOUR_NAMES[card // N_VALUES]} {card % N_VALUES + 1}"


def treasure_name(card: int, points) -> str:
    """``'red treasure 4'`` for a treasure card id; ``points[card]``: its points (the game's
    ``TREASURE_VALUE`` slots, or ``treasure_points(variant_flags)``)."""
    return f"{COLOUR_NAMES[card // TREASURE_PER_COLOUR]} treasure {int(points[card])}"
