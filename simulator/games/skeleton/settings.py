"""Skeleton Island rule settings: every number of the rules and components a designer may change
without code (``--set NAME=VALUE``, ``--rules FILE.toml``), declared once.

Plain Python, never compiled (``simulator.compiled_cache.NOT_COMPILED``); no compiled module
imports it.  ``encode_variants`` (``__init__.py``) writes the resolved values into the flag vector
(offsets ``FLAG_*`` of ``state.py``; decimals in thousandths, the content tables flattened), which
the engine copies into the state at ``new_game``: the rules code and the strategies read them there.

Defaults: the rulebook's (components.json, coin_cards.csv) and the reconstructed pile model's
(pile.json, every number of it REC).  The parameter-like variants of before are presets:
``objects-N``, ``face-up-fraction-N``, ``pile-radius-R`` and ``blow-strength-S`` (the last two
read from pile.json's ``radius_presets`` / ``blow_strength_presets``).
"""

from simulator.core.engine.rule_settings import FILE, FLOAT, INT, RuleSettings, Setting, per_seat
from simulator.games.skeleton.components import (
    BLOW_FLIP_P,
    BLOW_LAYER_P,
    BLOW_STRENGTH_PRESETS,
    CARD_LENGTH,
    CARD_WIDTH,
    COIN_VALUES,
    HALVES_PER_COLOUR,
    ISLAND_COINS,
    MAX_BLOW_LAYERS,
    MAX_COIN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_COLOURS,
    N_CONTENTS,
    N_ISLANDS,
    N_OBJECTS,
    OBJECT_COUNTS,
    PILE_RADIUS,
    QUARTERS_PER_COLOUR,
    RADIUS_PRESETS,
    STALL_CAP_TURNS,
    read_coin_cards,
)

PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
FACE_UP_FRACTIONS = (0, 25, 75, 100)
"""The ``face-up-fraction-N`` presets."""
HALF_OF_THE_CARDS = 50
"""face_up_percent's default: R2's "about half" (an odd count gets its extra card by a fair coin, A15)."""


def blow_layer_name(layer: int) -> str:
    """The setting of cascade layer ``layer`` (1..MAX_BLOW_LAYERS)."""
    return f"blow_layer{layer}_probability"


def _layer_default(layer: int) -> float:
    return float(BLOW_LAYER_P[layer - 1]) if layer <= len(BLOW_LAYER_P) else 0.0


def deck_size(values) -> int:
    """Sand cards of a run: map pieces + Gold coin cards + pirate objects."""
    pieces = N_COLOURS * (values["half_maps_per_colour"] + values["quarter_maps_per_colour"])
    return pieces + len(values["coin_cards"]) + values["pirate_objects"]


def check(values, players) -> None:
    """A combination the engine cannot play: the Sand deck must hold 1 to N_CONTENTS cards."""
    cards = deck_size(values)
    if not 1 <= cards <= N_CONTENTS:
        pieces = N_COLOURS * (values["half_maps_per_colour"] + values["quarter_maps_per_colour"])
        raise ValueError(f"the Sand deck would hold {cards} cards ({pieces} map pieces + {len(values['coin_cards'])} "
                         f"Gold coin cards + {values['pirate_objects']} pirate objects); allowed: 1 to {N_CONTENTS} "
                         f"(half_maps_per_colour, quarter_maps_per_colour, coin_cards, pirate_objects)")


SETTINGS = (
    # ---- components (spec section 1) ----
    Setting("half_maps_per_colour", INT, HALVES_PER_COLOUR,
            "half-map cards per colour in the Sand deck (2 quarter units each); the deck holds at most "
            f"{N_CONTENTS} cards", "R17", 0, 6, unit="cards"),
    Setting("quarter_maps_per_colour", INT, QUARTERS_PER_COLOUR,
            "quarter-map cards per colour in the Sand deck (1 quarter unit each)", "R17", 0, 12, unit="cards"),
    Setting("coin_cards", FILE, list(COIN_VALUES),
            "the Gold coin cards: how many, and the coins on each (data/coin_cards.csv: six 1s, four 2s, two 3s)",
            "R21", read=read_coin_cards,
            file_format=f"a CSV file with one column 'coins', one row per Gold coin card, each 0 to {MAX_COIN}"),
    Setting("pirate_objects", INT, N_OBJECTS, "pirate objects in the Sand deck (piracy fodder, no value)", "R14",
            0, N_CONTENTS, unit="cards"),
    # ---- setup ----
    Setting("face_up_percent", INT, HALF_OF_THE_CARDS,
            "share of the Sand cards turned face up at setup; 50 is the rulebook's about half (an odd count "
            "gets its extra card by a fair coin, A15), any other value is rounded", "R2", 0, 100, unit="%"),
    *per_seat("start_coins", MAX_PLAYERS, kind=INT, default={players: 0 for players in PLAYER_COUNTS},
              description="coins seat {seat} starts with (a handicap or bonus; they count in its treasure, R21); "
                          "ignored when the seat is not played",
              rule="R21", low=0, high=50, unit="coins"),
    # ---- turn ----
    Setting("blow_max_clear", INT, 2,
            "the sandstorm may be blown when 1 to this many Sand cards are clear (0: never)", "R7", 0, 20,
            unit="clear cards"),
    Setting("piracy_discards", INT, 3,
            "cards a piracy turn discards (map pieces of different colours and pirate objects)", "R13", 1, 20,
            unit="cards"),
    Setting("piracy_standard_turns", INT, 2, "standard turns played in a row by a piracy double turn", "R13",
            1, 5, unit="turns"),
    # ---- scoring and end ----
    Setting("island_coins", INT, ISLAND_COINS, "coins an Island card is worth", "R19", 0, 50, unit="coins"),
    Setting("islands_to_end", INT, N_ISLANDS,
            f"the game ends when this many Island cards are claimed (or the Sand pile is empty); {N_ISLANDS}: all",
            "R20", 1, N_ISLANDS, unit="Island cards"),
    Setting("stall_cap_turns", INT, STALL_CAP_TURNS,
            "turns after which a game is stopped with no winner (a simulator cap, no rule: only "
            f"second-card-optional can stall); at most {STALL_CAP_TURNS}, the trajectory's capacity",
            "stall cap", 1, STALL_CAP_TURNS, unit="turns"),
    # ---- the Sand pile model (spec 4.1, RECONSTRUCTED: data/pile.json) ----
    Setting("pile_radius", FLOAT, float(PILE_RADIUS),
            "radius of the disc the spread cards' centres fall in, in card widths (read in thousandths)",
            "R3 (pile model 4.1)", 0.1, 20.0, reconstructed=True, unit="card widths"),
    Setting("card_width", FLOAT, float(CARD_WIDTH), "a Sand card's width in the pile model (the unit of length)",
            "R3 (pile model 4.1)", 0.1, 10.0, reconstructed=True, unit="card widths"),
    Setting("card_length", FLOAT, float(CARD_LENGTH), "a Sand card's length in the pile model",
            "R3 (pile model 4.1)", 0.1, 10.0, reconstructed=True, unit="card widths"),
    *(Setting(blow_layer_name(layer), FLOAT, _layer_default(layer),
              f"the blow's cascade, layer {layer}: chance that each card made clear by the layer before "
              f"(layer 1: each clear card) is swept to the edge; the cascade stops at its first layer of 0",
              "R7 (pile model 4.1)", 0.0, 1.0, reconstructed=True)
      for layer in range(1, MAX_BLOW_LAYERS + 1)),
    Setting("blow_strength", FLOAT, 1.0, "multiplies every cascade layer's chance (each capped at 1)",
            "R7 (pile model 4.1)", 0.0, 10.0, reconstructed=True, unit="times"),
    Setting("blow_flip_probability", FLOAT, float(BLOW_FLIP_P),
            "under blow-may-flip: chance that a card a blow moves turns over", "A16 (pile model 4.1)", 0.0, 1.0,
            reconstructed=True),
)

PRESETS = {
    **{f"face-up-fraction-{percent}": {"face_up_percent": percent} for percent in FACE_UP_FRACTIONS},
    **{f"objects-{count}": {"pirate_objects": count} for count in OBJECT_COUNTS},
    **{name: {"pile_radius": float(radius)} for name, radius in RADIUS_PRESETS.items()},
    **{name: {"blow_strength": float(scale)} for name, scale in BLOW_STRENGTH_PRESETS.items()},
}

RULE_SETTINGS = RuleSettings("skeleton", SETTINGS, PRESETS, check)
