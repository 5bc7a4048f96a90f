"""Loaders (plain Python) for the data this engine owns: map cards, small islands, events, setup.

See ``data/*.csv`` and ``data/setup.json``; every reconstructed value is flagged there.
Treasures, healers and scoring numbers are loaded by ``components.py`` (scoring helper).
"""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path

import numpy as np

from simulator.games.loot.state import (
    ICON_NAMES, MC_COLOUR, MC_ICON, MC_JOKER, MC_VALUE, N_EVENTS, N_ISLANDS, N_MAP, POWER_NAMES,
)

DATA_DIR = Path(__file__).parent / "data"


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA_DIR / name).open(newline="") as handle:
        return list(csv.DictReader(handle))


@functools.cache
def _map_cards() -> np.ndarray:
    rows = _rows("map_cards.csv")
    if len(rows) != N_MAP:
        raise ValueError(f"map_cards.csv: expected {N_MAP} cards, got {len(rows)}")
    table = np.zeros((N_MAP, 4), dtype=np.int64)
    for i, row in enumerate(rows):
        if int(row["id"]) != i:
            raise ValueError("map_cards.csv: ids must be 0..87 in order")
        table[i, MC_COLOUR] = int(row["colour"])
        table[i, MC_VALUE] = int(row["value"])
        table[i, MC_JOKER] = int(row["joker"])
        table[i, MC_ICON] = ICON_NAMES.index(row["icon"])
    table.flags.writeable = False
    return table


def load_map_cards() -> np.ndarray:
    """``int64[88, 4]``: colour, value (0 = Joker), joker flag, icon (``ICON_*``)."""
    return _map_cards().copy()


@functools.cache
def colour_names() -> tuple[str, ...]:
    names = {}
    for row in _rows("map_cards.csv"):
        names[int(row["colour"])] = row["colour_name"]
    return tuple(names[c] for c in sorted(names))


@functools.cache
def _islands() -> np.ndarray:
    rows = _rows("small_islands.csv")
    if len(rows) != N_ISLANDS:
        raise ValueError(f"small_islands.csv: expected {N_ISLANDS} tiles")
    table = np.zeros((N_ISLANDS, 3), dtype=np.int64)
    for i, row in enumerate(rows):
        table[i, 0] = POWER_NAMES.index(row["power"])
        table[i, 1] = int(row["amount"])
        table[i, 2] = int(row["min_players"])
    table.flags.writeable = False
    return table


def load_small_islands() -> np.ndarray:
    """``int64[7, 3]``: power (``PW_*``), amount, minimum player count."""
    return _islands().copy()


@functools.cache
def island_names() -> tuple[str, ...]:
    return tuple(row["name"] for row in _rows("small_islands.csv"))


@functools.cache
def events() -> tuple[dict[str, str], ...]:
    rows = tuple(_rows("events.csv"))
    if len(rows) != N_EVENTS:
        raise ValueError(f"events.csv: expected {N_EVENTS} events")
    return rows


@functools.cache
def setup_rules() -> dict:
    with (DATA_DIR / "setup.json").open() as handle:
        return json.load(handle)
