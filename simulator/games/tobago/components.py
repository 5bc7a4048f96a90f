"""Tobago components: loads ``data/`` (plain Python, once, at import) and reads a designer's
component files.

Nothing here is compiled, and no compiled function reads a table of this module: the numbers of
the rules (hand sizes, amulets, roses, markers, legs, the clue cards, the gold cards...) reach the
engine as rule settings (``settings.py``), written into the flag vector by ``encode_variants`` and
copied into the state at ``new_game``.  What stays compile-time here is what sizes the state
vector (capacities: ``MAX_CLUES``, ``MAX_GOLD_CARDS``, ``MAX_CURSES``, ``MAX_GOLD``) and the
components the state layout holds in fixed slots (4 huts, 3 palm trees, 3 statues, 4 maps).

- Clue card files (``data/clue_cards*.csv``, :func:`read_clue_cards`): one row per card,
  ``relation`` (in, next_to, in_sight), ``negated`` (0/1: "not ..."), ``feature`` (a terrain,
  sea, hut, palm_tree, statue), ``largest`` (0/1: the largest area of the terrain), optional
  ``reconstructed``.  The 52-card lists are reconstructed (flagged in the file).
- Gold card files (``data/gold_cards*.csv``, :func:`read_gold_cards`): ``value`` (1..6 coins),
  ``count``, optional ``reconstructed``.  A curse card is value ``CURSE`` (0) in the gold deck.
"""

import csv
import json
from pathlib import Path

import numpy as np

from simulator.games.tobago.island import FEATURE_NAMES, N_TERRAINS, RELATION_NAMES, TERRAINS

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


COMPONENTS = _load("components.json")

# Fixed components: the state layout holds them in fixed slots (not settings).
N_HUTS = COMPONENTS["huts"]["count"]
N_PALMS = COMPONENTS["palm_trees"]["count"]
N_STATUES = COMPONENTS["statues"]["count"]
N_LANDMARKS = N_HUTS + N_PALMS + N_STATUES
N_MAPS = COMPONENTS["treasure_maps"]["count"]

CURSE = 0
MIN_GOLD = 1
MAX_GOLD = 6
"""Gold card values 1..6 (the shipped cards are 2..6): a holding is 7 slots per seat, [value]."""

# Capacities of the state vector (a setting's range stays within them).
MAX_CLUES = 64
"""Most clue cards in a clue deck file (the shipped decks have 52)."""
MAX_GOLD_CARDS = 60
"""Most gold cards in a gold card file (the shipped splits have 39)."""
MAX_CURSES = 4
"""Most curse cards (the game has 2)."""
MAX_TREASURE_CARDS = MAX_GOLD_CARDS + MAX_CURSES
MAX_HAND_SIZE = 6
"""Most clue cards in a hand (6 at 2 players): hand slots per seat; an exchange offers every
subset of the hand (2^6 - 1 options at most)."""
MAX_ROSES = 15
"""Most compass roses per player (the game has 15): a share's pool holds one card per rose."""

CLUE_COLUMNS = ("relation", "negated", "feature", "largest")
GOLD_COLUMNS = ("value", "count")
OPTIONAL_COLUMNS = ("reconstructed",)


def _rows(path: Path, required: tuple[str, ...]) -> list[dict]:
    """The rows of a component CSV with exactly ``required`` (+ optional) columns."""
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        header = [name.strip() for name in (reader.fieldnames or [])]
        missing = [name for name in required if name not in header]
        extra = [name for name in header if name not in required and name not in OPTIONAL_COLUMNS]
        if missing or extra:
            what = "; ".join(part for part in (missing and f"missing columns {', '.join(missing)}",
                                               extra and f"unknown columns {', '.join(extra)}") if part)  # fmt: skip
            raise ValueError(f"{what}; the columns are {', '.join(required)} (and optionally reconstructed)")
        rows = []
        for line, row in enumerate(reader, start=2):
            if None in row or any(value is None for value in row.values()):
                raise ValueError(f"line {line}: {len(header)} cells expected")
            rows.append({key.strip(): value.strip() for key, value in row.items()})
        return rows


def _flag(value: str, column: str, line: int) -> int:
    text = value.lower()
    if text in ("0", "false", "no"):
        return 0
    if text in ("1", "true", "yes"):
        return 1
    raise ValueError(f"line {line}: {column} {value!r} is not 0 or 1")


def _whole(value: str, column: str, line: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"line {line}: {column} {value!r} is not a whole number") from None


def read_clue_cards(path) -> list[list]:
    """A clue deck file -> ``[[relation, negated, feature, largest], ...]`` (one per card, in file
    order); ValueError (one line) for missing/extra columns, a bad cell or a deck size out of 1..64."""
    cards = []
    for line, row in enumerate(_rows(Path(path), CLUE_COLUMNS), start=2):
        if row["relation"] not in RELATION_NAMES:
            raise ValueError(f"line {line}: relation {row['relation']!r} is not one of {', '.join(RELATION_NAMES)}")
        if row["feature"] not in FEATURE_NAMES:
            raise ValueError(f"line {line}: feature {row['feature']!r} is not one of {', '.join(FEATURE_NAMES)}")
        negated = _flag(row["negated"], "negated", line)
        largest = _flag(row["largest"], "largest", line)
        if largest and row["feature"] not in TERRAINS:
            raise ValueError(f"line {line}: largest is 1 for {row['feature']}; only a terrain has a largest area")
        if "reconstructed" in row:
            _flag(row["reconstructed"], "reconstructed", line)
        cards.append([row["relation"], negated, row["feature"], largest])
    if not 1 <= len(cards) <= MAX_CLUES:
        raise ValueError(f"{len(cards)} clue cards; a deck holds 1 to {MAX_CLUES}")
    return cards


def read_gold_cards(path) -> list[list[int]]:
    """A gold card file -> ``[[value, count], ...]`` sorted by value; ValueError (one line) for
    missing/extra columns, a bad cell, a value twice or out of 1..6, or a total out of 1..60."""
    counts: dict[int, int] = {}
    for line, row in enumerate(_rows(Path(path), GOLD_COLUMNS), start=2):
        value = _whole(row["value"], "value", line)
        count = _whole(row["count"], "count", line)
        if not MIN_GOLD <= value <= MAX_GOLD:
            raise ValueError(f"line {line}: value {value} is not a gold value from {MIN_GOLD} to {MAX_GOLD}")
        if value in counts:
            raise ValueError(f"line {line}: value {value} is listed twice")
        if count < 0:
            raise ValueError(f"line {line}: count {count} is negative")
        if "reconstructed" in row:
            _flag(row["reconstructed"], "reconstructed", line)
        counts[value] = count
    total = sum(counts.values())
    if not 1 <= total <= MAX_GOLD_CARDS:
        raise ValueError(f"{total} gold cards; a deck holds 1 to {MAX_GOLD_CARDS}")
    return [[value, counts[value]] for value in sorted(counts)]


def clue_table(cards) -> np.ndarray:
    """``int64[n, 4]``: (relation, negated, feature, largest) codes (``island.REL_*``, 0/1,
    ``island`` feature index, 0/1) of a canonical clue deck."""
    return np.array([[RELATION_NAMES.index(relation), int(negated), FEATURE_NAMES.index(feature), int(largest)]
                     for relation, negated, feature, largest in cards], dtype=np.int64).reshape(-1, 4)  # fmt: skip


def gold_counts(gold) -> np.ndarray:
    """``int64[MAX_GOLD + 1]``: cards of each value of a canonical gold split."""
    counts = np.zeros(MAX_GOLD + 1, dtype=np.int64)
    for value, count in gold:
        counts[value] = count
    return counts


# The shipped component files (the defaults and the presets' files); plain Python, for
# encode_variants, the narration and tests.
DECK_NAMES = ("default", "b", "c", "your own")
"""Clue decks by ``state[DECK]``: the shipped files, then a designer's own (3)."""
DECK_FILES = ("clue_cards.csv", "clue_cards_b.csv", "clue_cards_c.csv")
SHIPPED_DECKS = tuple(read_clue_cards(DATA / name) for name in DECK_FILES)
SPLIT_NAMES = ("flat", "bell", "low", "your own")
"""Gold splits by ``state[SPLIT]``: the shipped files, then a designer's own (3)."""
SPLIT_FILES = ("gold_cards.csv", "gold_cards_bell.csv", "gold_cards_low.csv")
SHIPPED_SPLITS = tuple(read_gold_cards(DATA / name) for name in SPLIT_FILES)
OWN = 3

CLUE_CARDS = np.array([clue_table(cards) for cards in SHIPPED_DECKS], dtype=np.int64)
"""``CLUE_CARDS[deck, card]``: the shipped decks as codes (Python only; the engine reads the
run's deck from the state)."""
for _name, _cards in zip(DECK_FILES, SHIPPED_DECKS):
    if len(_cards) != COMPONENTS["clue_cards"]["count"]:
        raise ValueError(f"{_name}: {len(_cards)} cards, components.json says {COMPONENTS['clue_cards']['count']}")
for _name, _split in zip(SPLIT_FILES, SHIPPED_SPLITS):
    if sum(count for _, count in _split) != COMPONENTS["gold_cards"]["count"]:
        raise ValueError(f"{_name}: {sum(c for _, c in _split)} cards, components.json says "
                         f"{COMPONENTS['gold_cards']['count']}")  # fmt: skip

# The defaults of the number settings (settings.py reads them here).
DEFAULT_HAND_SIZE = {int(k): v for k, v in COMPONENTS["hand_size"].items() if k.isdigit()}
DEFAULT_CURSES = COMPONENTS["curse_cards"]["count"]
DEFAULT_CURSE_FREE_TOP = COMPONENTS["curse_free_top"]["count"]
DEFAULT_AMULETS = COMPONENTS["amulets"]["count"]
DEFAULT_ROSES = COMPONENTS["compass_roses_per_player"]["count"]
DEFAULT_MARKERS = COMPONENTS["markers_per_map"]["count"]
DEFAULT_LEGS = COMPONENTS["legs_per_move"]["count"]
DEFAULT_SIGHT = COMPONENTS["sight_distance"]["count"]
DEFAULT_SPACING = COMPONENTS["landmark_spacing"]["identical_min_distance"]
DEFAULT_TURN_CAP = COMPONENTS["turn_cap"]["count"]
DEFAULT_GOLD_CARDS = COMPONENTS["gold_cards"]["count"]
DEFAULT_CLUES = COMPONENTS["clue_cards"]["count"]

_FEATURE_TEXT = {"palm_tree": "a palm tree", "hut": "a hut", "statue": "a statue", "sea": "the sea"}
_RELATION_TEXT = {"in": "in", "next_to": "next to", "in_sight": "in sight of"}


def clue_text(cards, card: int) -> str:
    """``'not next to a hut'``, ``'in the largest jungle'``: card ``card`` of a clue table in words
    (``cards``: ``int64[n, 4]`` codes, as ``clue_table`` or the state's rules block give them)."""
    relation, negated, feature, largest = (int(x) for x in cards[card])
    name = FEATURE_NAMES[feature]
    if name in _FEATURE_TEXT:
        place = _FEATURE_TEXT[name]
    elif largest:
        place = f"the largest {name}"
    else:
        place = name
    return f"{'not ' if negated else ''}{_RELATION_TEXT[RELATION_NAMES[relation]]} {place}"


assert N_TERRAINS == len(TERRAINS)
