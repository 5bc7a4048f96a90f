"""Loot Island component data: loads ``data/*.csv`` and ``data/scoring.json`` into numpy tables.

Plain Python, no numba here.  Every loader parses its file once (``functools.cache``) and
returns a fresh writeable C-contiguous ``int64`` copy, so callers may keep or pass the array to
numba functions without touching the cached original.  See ``data/README.md`` for the files.

Treasure table -- ``load_treasures()`` -> ``int64[N_TREASURES, N_TREASURE_COLUMNS]``
    One row per Treasure card; the **row index is the treasure id** used by the engine and the
    scoring functions (rows are sorted by reference number, so id = reference number - 1, but use
    ``TREASURE_REF`` / ``treasure_ids()`` rather than relying on it).  Columns:

    ``TREASURE_REF``              reference number printed bottom-left (1..74; 2-player dummy)
    ``TREASURE_TIER``             Roman numeral on the back, as 1..4
    ``TREASURE_TYPE``             one of the type constants below
    ``TREASURE_SKULL_KIND``       0..n-1 for Skulls (illustration kind), ``NO_SKULL_KIND`` otherwise
    ``TREASURE_GOLD``             printed base gold (0 for Books: their value is variable)
    ``TREASURE_CURSE``            curse value: cubes taken when kept, and what a Book multiplies
    ``TREASURE_CROSSES``          cross symbols on Crowns (0 otherwise)
    ``TREASURE_BOOK_MULTIPLIER``  1/2/3 on Books (0 otherwise)
    ``TREASURE_CROSSED_CUBES``    crossed-cube icon: cubes you may discard when keeping it
                                  (RECONSTRUCTED, see README)

Treasure types (``TREASURE_TYPE`` values, also the row index of a scoring breakdown):
    ``AMULET``, ``COIN_SACK``, ``BOOK``, ``JEWEL``, ``CROWN``, ``SKULL``; ``N_TREASURE_TYPES``;
    ``TREASURE_TYPE_NAMES[type]`` gives the lowercase name used in the CSV.

Healer table -- ``load_healers()`` -> ``int64[N_HEALERS, N_HEALER_COLUMNS]``
    Row index = healer id (healer number - 1).  Columns ``HEALER_NUMBER``,
    ``HEALER_COST_PER_CUBE``, ``HEALER_FIXED_COST``, ``HEALER_RECONSTRUCTED`` (1 = proposal).
    ``NO_HEALER`` (-1) is the healer id of a player who takes none (0 cubes).

Scoring table -- ``load_scoring()`` -> ``int64[N_SCORING_ROWS, width]``
    Rows (unused cells are 0, which always means "no bonus"):

    ``SCORING_SCALARS``          single numbers, at columns ``SCALAR_FIRST_PLAYER_BONUS``,
                                 ``SCALAR_ELIMINATION_CUBES``, ``SCALAR_DISCARD_TREASURE_CUBES``,
                                 ``SCALAR_CUBES_PER_AMULET``
    ``SCORING_JEWEL_SET_BONUS``  column = set size, value = collector bonus of one set
    ``SCORING_SKULL_SET_BONUS``  column = number of different skulls in the set, value = bonus
                                 per other treasure type owned
    ``SCORING_CROWN_LADDER``     column = crown position (0 = most crosses), value = bonus
"""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path

import numpy as np

DATA_DIR = Path(__file__).parent / "data"
TREASURES_FILE = DATA_DIR / "treasures.csv"
HEALERS_FILE = DATA_DIR / "healers.csv"
SCORING_FILE = DATA_DIR / "scoring.json"

# --- treasure types (rulebook order: Amulets, Coin sacks, Books, Jewels, Crowns, Skulls) ---
AMULET = 0
COIN_SACK = 1
BOOK = 2
JEWEL = 3
CROWN = 4
SKULL = 5
N_TREASURE_TYPES = 6
TREASURE_TYPE_NAMES = ("amulet", "coin_sack", "book", "jewel", "crown", "skull")

NO_SKULL_KIND = -1

# --- treasure table columns ---
TREASURE_REF = 0
TREASURE_TIER = 1
TREASURE_TYPE = 2
TREASURE_SKULL_KIND = 3
TREASURE_GOLD = 4
TREASURE_CURSE = 5
TREASURE_CROSSES = 6
TREASURE_BOOK_MULTIPLIER = 7
TREASURE_CROSSED_CUBES = 8
N_TREASURE_COLUMNS = 9

_TREASURE_NUMBER_FIELDS = (
    (TREASURE_REF, "ref"),
    (TREASURE_TIER, "tier"),
    (TREASURE_GOLD, "gold"),
    (TREASURE_CURSE, "curse"),
    (TREASURE_CROSSES, "crosses"),
    (TREASURE_BOOK_MULTIPLIER, "book_multiplier"),
    (TREASURE_CROSSED_CUBES, "crossed_cubes"),
)

# --- healer table columns ---
HEALER_NUMBER = 0
HEALER_COST_PER_CUBE = 1
HEALER_FIXED_COST = 2
HEALER_RECONSTRUCTED = 3
N_HEALER_COLUMNS = 4
NO_HEALER = -1

# --- scoring table rows and scalar columns ---
SCORING_SCALARS = 0
SCORING_JEWEL_SET_BONUS = 1
SCORING_SKULL_SET_BONUS = 2
SCORING_CROWN_LADDER = 3
N_SCORING_ROWS = 4

SCALAR_FIRST_PLAYER_BONUS = 0
SCALAR_ELIMINATION_CUBES = 1
SCALAR_DISCARD_TREASURE_CUBES = 2
SCALAR_CUBES_PER_AMULET = 3
N_SCALARS = 4

_SCALAR_KEYS = (
    (SCALAR_FIRST_PLAYER_BONUS, "first_player_bonus"),
    (SCALAR_ELIMINATION_CUBES, "elimination_curse_cubes"),
    (SCALAR_DISCARD_TREASURE_CUBES, "discard_treasure_curse_cubes"),
    (SCALAR_CUBES_PER_AMULET, "amulet_curse_cubes_per_amulet"),
)


@functools.cache
def _treasure_rows() -> tuple[dict[str, str], ...]:
    with TREASURES_FILE.open(newline="") as handle:
        return tuple(csv.DictReader(handle))


@functools.cache
def skull_kind_labels() -> tuple[str, ...]:
    """The skull-kind labels of the CSV (``R``, ``L``, ``F``) in order of first appearance.

    ``TREASURE_SKULL_KIND`` holds the index of the label in this tuple.
    """
    labels: list[str] = []
    for row in _treasure_rows():
        if row["type"] == TREASURE_TYPE_NAMES[SKULL] and row["skull_kind"] not in labels:
            labels.append(row["skull_kind"])
    return tuple(labels)


def _treasure_record(row: dict[str, str]) -> list[int]:
    record = [0] * N_TREASURE_COLUMNS
    for column, field in _TREASURE_NUMBER_FIELDS:
        record[column] = int(row[field])
    if row["type"] not in TREASURE_TYPE_NAMES:
        raise ValueError(f"treasure {row['ref']}: unknown type {row['type']!r}")
    record[TREASURE_TYPE] = TREASURE_TYPE_NAMES.index(row["type"])
    is_skull = record[TREASURE_TYPE] == SKULL
    record[TREASURE_SKULL_KIND] = skull_kind_labels().index(row["skull_kind"]) if is_skull else NO_SKULL_KIND
    return record


@functools.cache
def _treasure_table() -> np.ndarray:
    table = np.array([_treasure_record(row) for row in _treasure_rows()], dtype=np.int64)
    references = table[:, TREASURE_REF]
    if len(set(references.tolist())) != len(references) or not np.all(np.diff(references) > 0):
        raise ValueError(f"{TREASURES_FILE.name}: reference numbers must be unique and sorted")
    table.flags.writeable = False
    return table


def load_treasures() -> np.ndarray:
    """All Treasure cards as ``int64[N_TREASURES, N_TREASURE_COLUMNS]`` (row = treasure id)."""
    return _treasure_table().copy()


@functools.cache
def _reference_to_id() -> dict[int, int]:
    return {int(ref): row for row, ref in enumerate(_treasure_table()[:, TREASURE_REF])}


def treasure_ids(reference_numbers: list[int]) -> np.ndarray:
    """Treasure ids (table rows) of the given reference numbers, as ``int64[:]``.

    Raises ``ValueError`` for an unknown reference number.
    """
    lookup = _reference_to_id()
    unknown = [ref for ref in reference_numbers if ref not in lookup]
    if unknown:
        raise ValueError(f"unknown treasure reference number(s): {unknown}")
    return np.array([lookup[ref] for ref in reference_numbers], dtype=np.int64)


@functools.cache
def _healer_table() -> np.ndarray:
    with HEALERS_FILE.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    table = np.zeros((len(rows), N_HEALER_COLUMNS), dtype=np.int64)
    for index, row in enumerate(rows):
        table[index, HEALER_NUMBER] = int(row["healer"])
        table[index, HEALER_COST_PER_CUBE] = int(row["cost_per_cube"])
        table[index, HEALER_FIXED_COST] = int(row["fixed_cost"])
        table[index, HEALER_RECONSTRUCTED] = int(row["reconstructed"])
    if table[:, HEALER_NUMBER].tolist() != list(range(1, len(rows) + 1)):
        raise ValueError(f"{HEALERS_FILE.name}: healers must be numbered 1..n in order")
    table.flags.writeable = False
    return table


def load_healers() -> np.ndarray:
    """All Healer cards as ``int64[N_HEALERS, N_HEALER_COLUMNS]`` (row = healer number - 1)."""
    return _healer_table().copy()


def healer_id(healer_number: int) -> int:
    """Healer id (table row) of a printed healer number; ``ValueError`` if out of range."""
    n_healers = _healer_table().shape[0]
    if not 1 <= healer_number <= n_healers:
        raise ValueError(f"healer number must be in 1..{n_healers}, got {healer_number}")
    return healer_number - 1


@functools.cache
def scoring_rules() -> dict:
    """The raw content of ``scoring.json`` (values, reconstructed flags, sources)."""
    with SCORING_FILE.open() as handle:
        return json.load(handle)


def _by_size(mapping: dict[str, int]) -> dict[int, int]:
    return {int(size): int(value) for size, value in mapping.items()}


def _check_skull_bonus_is_convex(skull_bonus: np.ndarray) -> None:
    """Greedy "layers of different skulls" is optimal only if each extra kind adds at least as much."""
    steps = np.diff(skull_bonus)
    if np.any(np.diff(steps) < 0):
        raise ValueError(f"{SCORING_FILE.name}: skull set bonus must have non-decreasing increments")


@functools.cache
def _scoring_table() -> np.ndarray:
    rules = scoring_rules()
    jewel = _by_size(rules["jewel_set_bonus"]["by_set_size"])
    skull = _by_size(rules["skull_set_bonus"]["by_different_kinds"])
    ladder = [int(value) for value in rules["crown_ladder"]["values"]]
    width = max(N_SCALARS, max(jewel) + 1, max(skull) + 1, len(ladder))
    table = np.zeros((N_SCORING_ROWS, width), dtype=np.int64)
    for column, key in _SCALAR_KEYS:
        table[SCORING_SCALARS, column] = int(rules[key]["value"])
    for size, value in jewel.items():
        table[SCORING_JEWEL_SET_BONUS, size] = value
    for kinds, value in skull.items():
        table[SCORING_SKULL_SET_BONUS, kinds] = value
    table[SCORING_CROWN_LADDER, : len(ladder)] = ladder
    _check_skull_bonus_is_convex(table[SCORING_SKULL_SET_BONUS, : max(skull) + 1])
    table.flags.writeable = False
    return table


def load_scoring() -> np.ndarray:
    """The scoring numbers as ``int64[N_SCORING_ROWS, width]`` (see module docstring)."""
    return _scoring_table().copy()
