"""Skeleton Island components: loads ``data/`` into plain constants and numpy tables (once, at import).

Card contents (what is printed on a Sand card's face), ``content`` in ``0..N_CONTENTS-1``:

- ``0..29`` treasure map pieces: colour ``content // 6``; ``content % 6`` is 0 or 1 for the two
  half-maps, 2..5 for the four quarter-maps (``PIECE_UNITS``: 2 or 1 quarter units);
- ``30..41`` Gold coin cards (``COIN_VALUE``: six 1s, four 2s, two 3s, data/coin_cards.csv);
- ``42..`` pirate objects (7 in the box; the ``objects-N`` presets give 5 or 9).

These are the defaults.  The rule settings (``settings.py``) may change the number of map pieces
per colour, the Gold coin cards (their file) and the pirate objects: the content layout of a run
(same order: pieces colour by colour, halves first, then coin cards, then objects) is written by
``encode_variants`` into the flag vector (``content_tables``) and the compiled code reads it from
the state, never from the tables below (numba would freeze them into the machine code).  The
tables below are the defaults, for plain-Python readers and tests.

A *slot* is one physical Sand card on the table (its place in the spread); ``SLOT_CONTENT`` in
the state says which content lies on it (R2: a random permutation at setup, so a slot's number says nothing about its face; a
search player's redraw moves hidden contents between slots, never the spread).
"""

import json
from pathlib import Path

import numpy as np

DATA = Path(__file__).parent / "data"

with open(DATA / "components.json", encoding="utf-8") as handle:
    COMPONENTS = json.load(handle)
PILE_FILE = DATA / "pile.json"
COIN_CARDS_FILE = DATA / "coin_cards.csv"
MAX_COIN = 20
"""Most coins a Gold coin card may carry (a designer's file; the box has 1, 2 and 3)."""


def read_coin_cards(path: Path = COIN_CARDS_FILE) -> list:
    """The Gold coin cards of a CSV file: one column ``coins``, one row per card (a whole number
    0..MAX_COIN).  Raises ValueError (one line) on a missing or extra column or a bad cell."""
    import csv

    with open(path, encoding="utf-8", newline="") as handle:
        try:
            rows = list(csv.reader(handle))
        except csv.Error as error:
            raise ValueError(f"not a CSV file ({error}); give a header line 'coins' and one row per card") from None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise ValueError("the file is empty; it needs a header line 'coins' and one row per Gold coin card")
    header = [cell.strip() for cell in rows[0]]
    if header != ["coins"]:
        missing = "" if "coins" in header else "missing column 'coins'; "
        extra = [name for name in header if name != "coins"]
        extra_text = f"extra columns {', '.join(repr(name) for name in extra)}; " if extra else ""
        raise ValueError(f"{missing}{extra_text}the header must be exactly 'coins' (one column)")
    values = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != 1:
            raise ValueError(f"line {number} has {len(row)} cells; give one (the coins on that card)")
        text = row[0].strip()
        if not (text.isascii() and text.isdigit()) or int(text) > MAX_COIN:
            raise ValueError(f"line {number}: coins {text!r} is not a whole number from 0 to {MAX_COIN}")
        values.append(int(text))
    return values

MAX_BLOW_LAYERS = 8
"""Most cascade layers a pile model may have (the variant flags keep room for this many)."""


def check_blow_layers(probabilities, source: str = "pile.json") -> tuple:
    """The blow cascade's layer probabilities of a pile model, checked: a list of 1 to
    ``MAX_BLOW_LAYERS`` numbers in [0, 1], one per layer.  Raises UsageError (one line: what is
    wrong, what is allowed) on anything else, so that a bad data file is refused, never cut short."""
    from simulator.core.engine.registry import UsageError

    allowed = f"a list of 1 to {MAX_BLOW_LAYERS} probabilities in [0, 1], one per cascade layer"
    if not isinstance(probabilities, list) or not probabilities:
        raise UsageError(f"{source}: blow_layer_probabilities is {probabilities!r}; give {allowed}")
    if len(probabilities) > MAX_BLOW_LAYERS:
        raise UsageError(f"{source}: blow_layer_probabilities has {len(probabilities)} layers; give {allowed}")
    for layer, value in enumerate(probabilities, start=1):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise UsageError(f"{source}: blow layer {layer} has probability {value!r}; give {allowed}")
    return tuple(float(value) for value in probabilities)


def load_pile(path: Path = PILE_FILE) -> dict:
    """The Sand pile model of ``path`` (data/pile.json), its blow layers checked."""
    with open(path, encoding="utf-8") as handle:
        pile = json.load(handle)
    check_blow_layers(pile.get("blow_layer_probabilities"), path.name)
    return pile


PILE = load_pile()

COLOUR_NAMES = tuple(COMPONENTS["colours"]["names"])
N_COLOURS = len(COLOUR_NAMES)
HALVES_PER_COLOUR = COMPONENTS["map_pieces"]["per_colour"]["half"]
QUARTERS_PER_COLOUR = COMPONENTS["map_pieces"]["per_colour"]["quarter"]
PIECES_PER_COLOUR = HALVES_PER_COLOUR + QUARTERS_PER_COLOUR
HALF_UNITS = COMPONENTS["map_pieces"]["quarter_units"]["half"]
QUARTER_UNITS = COMPONENTS["map_pieces"]["quarter_units"]["quarter"]
UNITS_PER_MAP = COMPONENTS["map_pieces"]["units_per_map"]
N_MAP_PIECES = N_COLOURS * PIECES_PER_COLOUR
ISLAND_COINS = COMPONENTS["island_cards"]["coins_each"]
N_ISLANDS = COMPONENTS["island_cards"]["count"]
assert N_ISLANDS == N_COLOURS, "one Island card per colour (R4, R16)"
COIN_VALUES = tuple(read_coin_cards())
N_COIN_CARDS = len(COIN_VALUES)
N_OBJECTS = COMPONENTS["pirate_objects"]["count"]
MIN_PLAYERS = COMPONENTS["players"]["min"]
MAX_PLAYERS = COMPONENTS["players"]["max"]

FIRST_COIN = N_MAP_PIECES
FIRST_OBJECT = FIRST_COIN + N_COIN_CARDS
OBJECT_COUNTS = (5, 9)
"""Pirate object counts of the ``objects-N`` presets (spec: 5 or 9 instead of 7)."""
N_CONTENTS = 63
"""Capacity: most Sand cards a setup may use (the box has 49; the rule settings may add cards up to
this many): every slot mask fits one int64 (bits 0..62, the sign bit unused)."""
TOTAL_COINS = N_ISLANDS * ISLAND_COINS + sum(COIN_VALUES)
"""Coins in the box (45), with the default settings."""

KIND_PIECE = 0
KIND_COIN = 1
KIND_OBJECT = 2



def content_tables(halves_per_colour: int, quarters_per_colour: int, coin_values) -> tuple:
    """The content layout of a deck: (kind, colour, units, coin value) arrays of ``N_CONTENTS``
    entries and the first object's content id.  Contents: the map pieces colour by colour (its
    halves, then its quarters), then the Gold coin cards in the order given, then the objects
    (every entry from the first object on is an object: how many are used is ``n_cards``)."""
    per_colour = halves_per_colour + quarters_per_colour
    n_pieces = N_COLOURS * per_colour
    first_object = n_pieces + len(coin_values)
    kind = np.full(N_CONTENTS, KIND_OBJECT, dtype=np.int64)
    colour = np.full(N_CONTENTS, -1, dtype=np.int64)
    units = np.zeros(N_CONTENTS, dtype=np.int64)
    coin = np.zeros(N_CONTENTS, dtype=np.int64)
    for content in range(min(first_object, N_CONTENTS)):
        if content < n_pieces:
            kind[content] = KIND_PIECE
            colour[content] = content // per_colour
            units[content] = HALF_UNITS if content % per_colour < halves_per_colour else QUARTER_UNITS
        else:
            kind[content] = KIND_COIN
            coin[content] = coin_values[content - n_pieces]
    return kind, colour, units, coin, first_object


CONTENT_KIND, CONTENT_COLOUR, PIECE_UNITS, COIN_VALUE, _ = content_tables(HALVES_PER_COLOUR, QUARTERS_PER_COLOUR,
                                                                         COIN_VALUES)
"""The default tables (plain Python readers, tests): ``KIND_PIECE`` / ``KIND_COIN`` / ``KIND_OBJECT``
of each content; colour 0..4 of a map piece (-1 otherwise); quarter units of a map piece (half 2,
quarter 1; 0 otherwise); coins printed on a Gold coin card (0 otherwise)."""

# ---- the Sand pile model (spec 4.1, RECONSTRUCTED: data/pile.json) ----
PILE_RADIUS = PILE["pile_radius"]
CARD_WIDTH = PILE["card_width"]
CARD_LENGTH = PILE["card_length"]
BLOW_LAYER_P = check_blow_layers(PILE["blow_layer_probabilities"])
N_BLOW_LAYERS = len(BLOW_LAYER_P)
BLOW_FLIP_P = PILE["blow_flip_probability"]
RADIUS_PRESETS = {name: value for name, value in PILE["radius_presets"].items() if not name.startswith("_")}
BLOW_STRENGTH_PRESETS = {name: value for name, value in PILE["blow_strength_presets"].items()
                         if not name.startswith("_")}
STALL_CAP_TURNS = PILE["stall_cap_turns"]
CALIBRATION = PILE["calibration"]


def content_name(content: int, tables=None) -> str:
    """``'red half map'``, ``'2-coin card'``, ``'pirate object'`` (the run's deck: ``tables``, as
    ``state.tables_of`` reads them from its flags; None: the default deck)."""
    if content < 0:
        return "nothing"
    kind, colour, units, coin = tables or (CONTENT_KIND, CONTENT_COLOUR, PIECE_UNITS, COIN_VALUE)
    if kind[content] == KIND_PIECE:
        size = "half" if units[content] == HALF_UNITS else "quarter"
        return f"{COLOUR_NAMES[colour[content]]} {size} map"
    if kind[content] == KIND_COIN:
        return f"{int(coin[content])}-coin card"
    return "pirate object"
