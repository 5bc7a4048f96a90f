"""Sails rule settings: every number of the rules and components a designer may change
(``--set NAME=VALUE``, ``--rules FILE.toml``), with its default, range and rule.

Plain Python, never compiled (``simulator.compiled_cache.NOT_COMPILED``): no compiled module imports
it.  ``encode_variants`` (``__init__.py``) writes the resolved values into the flag vector
(``state.FLAG_RULES + R_*``), the engine copies them into the state (``state.RULES``) at setup, and
the engine and the strategies read them there.  Rule ids are those of docs/games/sails.md ("Rules
coverage") or the rulebook's section.
"""

from __future__ import annotations

from simulator.core.engine.rule_settings import FILE, INT, RuleSettings, Setting, per_seat, seat_total
from simulator.games.sails.components import (
    DEFAULT_BONUS_CARDS,
    DEFAULT_BONUS_PER_POINT,
    DEFAULT_HAND_SIZE,
    DEFAULT_MAX_VALUE,
    DEFAULT_ROUNDS,
    N_VALUES,
    PAIRINGS,
    TREASURE_FILES,
    TREASURE_FORMAT,
    TREASURE_PER_COLOUR,
    TREASURE_VALUE_FILES,
    read_treasure_values,
    treasure_values_reconstructed,
)
from simulator.games.sails.state import MAX_PLAYERS

MAX_ROUNDS = 2
"""Capacity: the state keeps two round scores (``ROUND_SCORE``) and 24 trajectory checkpoints."""
MAX_A2_CARDS = 2
"""Capacity: A2 remembers at most 2 cards taken (``A2_TAKEN``)."""
MAX_A3_CARDS = 3
"""Capacity: A3 inspects at most 3 cards (``A3_CARDS``, orders encoded 2 bits a card)."""
MAX_BONUS_CARDS = 200
MAX_START_POINTS = 100

_DEFAULT_PAIRING = PAIRINGS["default"]
_SWAPPED = PAIRINGS["swapped"]


def _action_face(name: str, card: str, side: int, description: str) -> Setting:
    return Setting(name, INT, _DEFAULT_PAIRING[card][side], description, "CARTES ACTION", low=1, high=4,
                   reconstructed=bool(_DEFAULT_PAIRING["reconstructed"]), unit="action")


SETTINGS = (
    Setting("hand_size", INT, dict(DEFAULT_HAND_SIZE),
            "Island cards dealt to each player per round, and so tricks per round (the rest of the Island "
            "cards stay in the box); at most 12 (the capacity of a hand and of the score trajectory)",
            "MISE EN PLACE, R3", low=1, high=N_VALUES, unit="cards"),
    Setting("rounds", INT, DEFAULT_ROUNDS, "rounds in a game (each with its own setup and scoring); at most 2",
            "FIN DE LA PARTIE, R30", low=1, high=MAX_ROUNDS, unit="rounds"),
    Setting("island_cards_per_colour", INT, N_VALUES,
            "Island cards of each colour, valued 1 to this number (the higher ones of the box stay out of "
            "play); at most 12", "MISE EN PLACE (48 cartes Île, 4 couleurs)", low=2, high=N_VALUES, unit="cards"),
    Setting("max_card_value", INT, DEFAULT_MAX_VALUE,
            "the highest value an Island card may reach with Bonus cards (at least the highest printed value; at most "
            "12, the capacity of a colour)",
            "CARTES BONUS, R9", low=2, high=N_VALUES),
    Setting("bonus_cards", INT, DEFAULT_BONUS_CARDS, "Bonus cards in the Bonus deck at the start of each round",
            "MISE EN PLACE, R21", low=0, high=MAX_BONUS_CARDS, unit="cards"),
    Setting("bonus_cards_per_point", INT, DEFAULT_BONUS_PER_POINT,
            "Bonus cards held at the end of a round that score 1 point (the rulebook's pair: 2)",
            "FIN DE LA PARTIE, R29", low=1, high=MAX_BONUS_CARDS, unit="cards"),
    Setting("bonus_per_card_played", INT, 1,
            "Bonus cards the weakest card of a colour receives per card played in that colour",
            "VOUS PERDEZ LA COULEUR, R18", low=0, high=5, unit="cards"),
    Setting("a1_bonus_cards", INT, 2,
            "Bonus cards Action A1 steals from a player holding that many (else takes from the Bonus deck)",
            "CARTES ACTION 1, R23, R24", low=1, high=20, unit="cards"),
    Setting("a2_island_cards", INT, 2,
            "Island cards Action A2 takes at random from a hand and gives back; at most 2",
            "CARTES ACTION 2, R25", low=1, high=MAX_A2_CARDS, unit="cards"),
    Setting("a3_treasure_cards", INT, 3,
            "face-down Treasure cards Action A3 looks at and puts back in any order; at most 3",
            "CARTES ACTION 3, R26", low=1, high=MAX_A3_CARDS, unit="cards"),
    _action_face("red_blue_action_a", "red-blue", 0,
                 "the action (1 to 4) on the red/blue Action card's default side"),
    _action_face("red_blue_action_b", "red-blue", 1,
                 "the action (1 to 4) on the red/blue Action card's other side (variants actions-side-b, "
                 "rb-action-side-b)"),
    _action_face("green_purple_action_a", "green-purple", 0,
                 "the action (1 to 4) on the green/purple Action card's default side"),
    _action_face("green_purple_action_b", "green-purple", 1,
                 "the action (1 to 4) on the green/purple Action card's other side (variants actions-side-b, "
                 "gp-action-side-b)"),
    Setting("treasure_values", FILE, read_treasure_values(TREASURE_FILES["standard"]),
            "the Treasure cards of each colour: their points and which are left out at 3 players (the number "
            "of rows is the number of cards per colour, at most 8)",
            "MISE EN PLACE, R1", reconstructed=treasure_values_reconstructed(TREASURE_FILES["standard"]),
            read=read_treasure_values, file_format=TREASURE_FORMAT),
    *per_seat("start_bonus", MAX_PLAYERS, kind=INT, default=0,
              description="Bonus cards seat {seat} holds at the start of each round (taken from the Bonus deck; a "
                          "handicap or bonus)", rule="MISE EN PLACE", low=0, high=MAX_BONUS_CARDS, unit="cards"),
    *per_seat("start_points", MAX_PLAYERS, kind=INT, default=0,
              description="points seat {seat} starts the game with (a handicap or bonus; counted in the final score)",
              rule="FIN DE LA PARTIE", low=-MAX_START_POINTS, high=MAX_START_POINTS, unit="points"),
)  # fmt: skip

PRESETS = {
    "treasure-values-one-each": {"treasure_values": TREASURE_VALUE_FILES["one-each"]},
    "treasure-values-low": {"treasure_values": TREASURE_VALUE_FILES["low"]},
    "actions-pairing-swapped": {
        "red_blue_action_a": _SWAPPED["red-blue"][0], "red_blue_action_b": _SWAPPED["red-blue"][1],
        "green_purple_action_a": _SWAPPED["green-purple"][0], "green_purple_action_b": _SWAPPED["green-purple"][1],
    },
}  # fmt: skip
"""The variants that only change numbers: their names keep working."""


def check(values, players: int) -> None:
    """ValueError (one line) for a combination the rules cannot play."""
    hand = values["hand_size"]
    per_colour = values["island_cards_per_colour"]
    if players * hand > 4 * per_colour:
        raise ValueError(f"setting hand_size = {hand} needs {players * hand} Island cards at {players} players, but "
                         f"island_cards_per_colour = {per_colour} gives {4 * per_colour}; allowed: hand_size up to "
                         f"{4 * per_colour // players}")  # fmt: skip
    if values["max_card_value"] < per_colour:
        raise ValueError(f"setting max_card_value = {values['max_card_value']} is below the highest Island card "
                         f"({per_colour}, island_cards_per_colour); allowed: {per_colour} to {N_VALUES}")  # fmt: skip
    start = seat_total(values, "start_bonus", players)
    if start > values["bonus_cards"]:
        raise ValueError(f"the seats' start_bonus settings hand out {start} Bonus cards but bonus_cards = "
                         f"{values['bonus_cards']}; allowed: at most bonus_cards in all")  # fmt: skip
    treasures = values["treasure_values"]
    if len(treasures) > TREASURE_PER_COLOUR:
        raise ValueError(f"setting treasure_values has {len(treasures)} cards per colour; allowed: 1 to "
                         f"{TREASURE_PER_COLOUR}")  # fmt: skip
    if players == 3 and all(removed == 1 for _, removed in treasures):
        raise ValueError("setting treasure_values removes every Treasure card at 3 players "
                         "(removed_at_3_players); allowed: keep at least one")


RULE_SETTINGS = RuleSettings("sails", SETTINGS, PRESETS, check)
