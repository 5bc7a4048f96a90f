"""Tobago components: loads ``data/`` into numpy tables (plain Python, once, at import).

- Clue card ``c`` in ``0..51`` of deck ``d``: ``CLUE_CARDS[d, c] = (relation, negated, feature,
  largest)`` (``island.REL_*``, 0/1, ``island`` feature index, 0/1).  The 52-card lists are
  reconstructed (``data/clue_decks.json``, flagged); decks: 0 default, 1 ``clue-deck-b``,
  2 ``clue-deck-c``.
- Gold card values: ``GOLD_COUNTS[split, value]`` cards of ``value`` coins (2..6); splits
  0 flat (default), 1 bell, 2 low (``data/gold_values.json``, reconstructed).  A curse card is
  value ``CURSE`` (0) in the gold deck.
"""

import json
from pathlib import Path

import numpy as np

from simulator.games.tobago.island import FEATURE_NAMES, RELATION_NAMES, TERRAINS

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


COMPONENTS = _load("components.json")
CLUE_DECKS = _load("clue_decks.json")
GOLD_VALUES = _load("gold_values.json")

N_HUTS = COMPONENTS["huts"]["count"]
N_PALMS = COMPONENTS["palm_trees"]["count"]
N_STATUES = COMPONENTS["statues"]["count"]
N_LANDMARKS = N_HUTS + N_PALMS + N_STATUES
LANDMARK_SPACING = COMPONENTS["landmark_spacing"]["identical_min_distance"]
N_GOLD = COMPONENTS["gold_cards"]["count"]
N_CURSES = COMPONENTS["curse_cards"]["count"]
N_TREASURE_CARDS = N_GOLD + N_CURSES
CURSE_FREE_TOP = COMPONENTS["curse_free_top"]["count"]
N_AMULETS = COMPONENTS["amulets"]["count"]
N_ROSES = COMPONENTS["compass_roses_per_player"]["count"]
N_MARKERS = COMPONENTS["markers_per_map"]["count"]
N_MAPS = COMPONENTS["treasure_maps"]["count"]
N_CLUES = COMPONENTS["clue_cards"]["count"]
HAND_SIZE = {int(k): v for k, v in COMPONENTS["hand_size"].items() if k.isdigit()}
HAND_SIZE_TWO_PLAYER_VARIANT = 4
LEGS_PER_MOVE = COMPONENTS["legs_per_move"]["count"]
TURN_CAP = COMPONENTS["turn_cap"]["count"]

CURSE = 0
MIN_GOLD = 2
MAX_GOLD = 6
N_GOLD_VALUES = MAX_GOLD - MIN_GOLD + 1

DECK_NAMES = ("default", "b", "c")
CLUE_CARDS = np.zeros((len(DECK_NAMES), N_CLUES, 4), dtype=np.int64)
for _d, _name in enumerate(DECK_NAMES):
    _cards = CLUE_DECKS["decks"][_name]["cards"]
    if len(_cards) != N_CLUES:
        raise ValueError(f"clue deck {_name}: {len(_cards)} cards, components.json says {N_CLUES}")
    for _c, _card in enumerate(_cards):
        CLUE_CARDS[_d, _c] = (RELATION_NAMES.index(_card["relation"]), int(_card["negated"]),
                              FEATURE_NAMES.index(_card["feature"]), int(_card["largest"]))  # fmt: skip

SPLIT_NAMES = ("flat", "bell", "low")
GOLD_COUNTS = np.zeros((len(SPLIT_NAMES), MAX_GOLD + 1), dtype=np.int64)
for _s, _name in enumerate(SPLIT_NAMES):
    for _value, _count in GOLD_VALUES["splits"][_name]["counts"].items():
        GOLD_COUNTS[_s, int(_value)] = _count
    if GOLD_COUNTS[_s].sum() != N_GOLD:
        raise ValueError(f"gold split {_name}: {GOLD_COUNTS[_s].sum()} cards, components.json says {N_GOLD}")
GOLD_TOTAL = np.array([sum(v * GOLD_COUNTS[s, v] for v in range(MAX_GOLD + 1)) for s in range(len(SPLIT_NAMES))],
                      dtype=np.int64)  # fmt: skip

_FEATURE_TEXT = {"palm_tree": "a palm tree", "hut": "a hut", "statue": "a statue", "sea": "the sea"}
_RELATION_TEXT = {"in": "in", "next_to": "next to", "in_sight": "in sight of"}


def clue_text(deck: int, card: int) -> str:
    """``'not next to a hut'``, ``'in the largest jungle'``: a clue card in words."""
    relation, negated, feature, largest = (int(x) for x in CLUE_CARDS[deck, card])
    name = FEATURE_NAMES[feature]
    if name in _FEATURE_TEXT:
        place = _FEATURE_TEXT[name]
    elif largest:
        place = f"the largest {name}"
    else:
        place = name if name in TERRAINS else name
    return f"{'not ' if negated else ''}{_RELATION_TEXT[RELATION_NAMES[relation]]} {place}"
