"""Skeleton Island components: loads ``data/`` into plain constants and numpy tables (once, at import).

Card contents (what is printed on a Sand card's face), ``content`` in ``0..N_CONTENTS-1``:

- ``0..29`` treasure map pieces: colour ``content // 6``; ``content % 6`` is 0 or 1 for the two
  half-maps, 2..5 for the four quarter-maps (``PIECE_UNITS``: 2 or 1 quarter units);
- ``30..41`` Gold coin cards (``COIN_VALUE``: six 1s, four 2s, two 3s);
- ``42..`` pirate objects (7 in the box; the ``objects-N`` variant uses 0..MAX_OBJECTS of them).

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
COIN_VALUES = tuple(COMPONENTS["coin_cards"]["values"])
N_COIN_CARDS = len(COIN_VALUES)
N_OBJECTS = COMPONENTS["pirate_objects"]["count"]
MIN_PLAYERS = COMPONENTS["players"]["min"]
MAX_PLAYERS = COMPONENTS["players"]["max"]

FIRST_COIN = N_MAP_PIECES
FIRST_OBJECT = FIRST_COIN + N_COIN_CARDS
OBJECT_COUNTS = (5, 9)
"""Pirate object counts of the ``objects-N`` design variants (spec: 5 or 9 instead of 7)."""
MAX_OBJECTS = max((N_OBJECTS,) + OBJECT_COUNTS)
N_CONTENTS = FIRST_OBJECT + MAX_OBJECTS
"""Most Sand cards any setup uses (51 with 9 objects): every slot mask fits one int64."""
assert N_CONTENTS <= 63, "slot masks are int64 bitsets"
TOTAL_COINS = N_ISLANDS * ISLAND_COINS + sum(COIN_VALUES)

KIND_PIECE = 0
KIND_COIN = 1
KIND_OBJECT = 2

CONTENT_KIND = np.zeros(N_CONTENTS, dtype=np.int64)
"""``KIND_PIECE`` / ``KIND_COIN`` / ``KIND_OBJECT`` of each content."""
CONTENT_COLOUR = np.full(N_CONTENTS, -1, dtype=np.int64)
"""Colour 0..4 of a map piece, -1 otherwise."""
PIECE_UNITS = np.zeros(N_CONTENTS, dtype=np.int64)
"""Quarter units of a map piece (half 2, quarter 1), 0 otherwise."""
COIN_VALUE = np.zeros(N_CONTENTS, dtype=np.int64)
"""Coins printed on a Gold coin card, 0 otherwise."""
for _content in range(N_CONTENTS):
    if _content < N_MAP_PIECES:
        CONTENT_KIND[_content] = KIND_PIECE
        CONTENT_COLOUR[_content] = _content // PIECES_PER_COLOUR
        PIECE_UNITS[_content] = HALF_UNITS if _content % PIECES_PER_COLOUR < HALVES_PER_COLOUR else QUARTER_UNITS
    elif _content < FIRST_OBJECT:
        CONTENT_KIND[_content] = KIND_COIN
        COIN_VALUE[_content] = COIN_VALUES[_content - FIRST_COIN]
    else:
        CONTENT_KIND[_content] = KIND_OBJECT

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


def content_name(content: int) -> str:
    """``'red half map'``, ``'2-coin card'``, ``'pirate object'``."""
    if content < 0:
        return "nothing"
    if content < N_MAP_PIECES:
        size = "half" if PIECE_UNITS[content] == HALF_UNITS else "quarter"
        return f"{COLOUR_NAMES[CONTENT_COLOUR[content]]} {size} map"
    if content < FIRST_OBJECT:
        value = int(COIN_VALUE[content])
        return f"{value}-coin card"
    return "pirate object"
