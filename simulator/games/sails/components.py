"""Sails components: loads ``data/`` into numpy tables (plain Python, once, at import).

Card identities used everywhere in the engine:

- Island card ``id`` in ``0..47``: colour ``id // 12`` (0 red, 1 blue, 2 green, 3 purple),
  printed value ``id % 12 + 1`` (1..12).
- Treasure card ``id`` in ``0..31``: colour ``id // 8``, position ``id % 8`` in the colour's
  value list; its points are ``TREASURE_VALUE_SETS[value_set, id % 8]``.
- Action card ``a`` in ``0..1``: card 0 is linked to red and blue, card 1 to green and purple
  (colour ``c`` belongs to card ``c // 2``).
"""

import csv
import json
from pathlib import Path

import numpy as np

DATA = Path(__file__).parent / "data"

with open(DATA / "components.json", encoding="utf-8") as handle:
    COMPONENTS = json.load(handle)
with open(DATA / "actions.json", encoding="utf-8") as handle:
    ACTIONS = json.load(handle)

COLOUR_NAMES = tuple(COMPONENTS["colours"])
N_COLOURS = 4
N_VALUES = 12
N_ISLAND = COMPONENTS["island_cards"]["count"]
N_TREASURE = COMPONENTS["treasure_cards"]["count"]
TREASURE_PER_COLOUR = COMPONENTS["treasure_cards"]["per_colour"]
N_BONUS = COMPONENTS["bonus_cards"]["count"]
MAX_VALUE = COMPONENTS["max_island_value"]
N_ROUNDS = COMPONENTS["rounds"]
HAND_SIZE = {int(key): value for key, value in COMPONENTS["hand_size"].items() if key.isdigit()}

VALUE_SET_NAMES = ("standard", "one-each", "low")
"""Treasure value lists; index = value set number stored in the state."""


def _load_treasure_values():
    values = np.zeros((len(VALUE_SET_NAMES), TREASURE_PER_COLOUR), dtype=np.int64)
    removed = np.zeros((len(VALUE_SET_NAMES), TREASURE_PER_COLOUR), dtype=np.int64)
    reconstructed = {}
    with open(DATA / "treasure_values.csv", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            index = VALUE_SET_NAMES.index(row["value_set"])
            position = int(row["position"])
            values[index, position] = int(row["value"])
            removed[index, position] = int(row["removed_at_3_players"])
            reconstructed[row["value_set"]] = bool(int(row["reconstructed"]))
    for index in range(len(VALUE_SET_NAMES)):
        # 3 players: "1 carte 2 points, 1 carte 3 points et 1 carte 4 points de chaque couleur".
        kept = sorted(int(v) for v, r in zip(values[index], removed[index]) if r)
        assert kept == [2, 3, 4], f"value set {VALUE_SET_NAMES[index]} must remove one 2, one 3, one 4"
    return values, removed, reconstructed


TREASURE_VALUE_SETS, TREASURE_REMOVED_AT_3, TREASURE_VALUES_RECONSTRUCTED = _load_treasure_values()
"""``int64[3, 8]``: points of treasure position 0..7 of any colour, per value set; and the
3-player removal mask (1 = removed)."""

ACTION_PAIRINGS = np.zeros((2, 2, 2), dtype=np.int64)
"""``[pairing, action card, side]`` -> action number 1..4 (pairing 0 default, 1 swapped)."""
for _p, _name in enumerate(("default", "swapped")):
    ACTION_PAIRINGS[_p, 0, 0] = ACTIONS["pairings"][_name]["red-blue"][0]
    ACTION_PAIRINGS[_p, 0, 1] = ACTIONS["pairings"][_name]["red-blue"][1]
    ACTION_PAIRINGS[_p, 1, 0] = ACTIONS["pairings"][_name]["green-purple"][0]
    ACTION_PAIRINGS[_p, 1, 1] = ACTIONS["pairings"][_name]["green-purple"][1]

POPCOUNT12 = np.array([bin(i).count("1") for i in range(4096)], dtype=np.int64)
"""Number of set bits of a 12-bit colour mask (cards of one colour)."""

ACTION_TEXT = {int(key): value["text"] for key, value in ACTIONS["actions"].items()}


def island_name(card: int) -> str:
    """``'red 7'`` for an Island card id."""
    return f"{COLOUR_NAMES[card // N_VALUES]} {card % N_VALUES + 1}"


def treasure_name(card: int, value_set: int) -> str:
    """``'red treasure 4'`` for a treasure card id."""
    value = int(TREASURE_VALUE_SETS[value_set, card % TREASURE_PER_COLOUR])
    return f"{COLOUR_NAMES[card // TREASURE_PER_COLOUR]} treasure {value}"
