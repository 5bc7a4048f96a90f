"""Skirmish rule settings (issue 34): every number of the rules and components a designer may change
without code, with its default (the rulebook's, or the reconstruction's: data/*.csv, data/board.txt),
its range and its rule id (the Island Skirmish spec's R1..R51; docs/games/skirmish.md).

Plain Python, never compiled (``simulator.compiled_cache.NOT_COMPILED``): ``encode_variants``
(``__init__.py``) writes the resolved values into the flag vector (state.py ``FLAG_*``), which
``new_game`` copies into the state, where the engine and the strategies read them.

The chest tiles: the board has 22 chest squares (R5); the settings give the ammunition, trapped,
bomb and Bobby tiles, and the gems fill the other squares (10 by default).  So ``chests-9-6-3``,
``chests-10-4-4`` and ``no-bobby`` are presets that combine as the variants did
(``no-bobby`` + ``chests-9-6-3``: 10 gems, 6 ammunition, 3 traps, 3 bombs).
"""

from __future__ import annotations

from simulator.core.engine.rule_settings import FILE, INT, RuleSettings, Setting, per_seat
from simulator.games.skirmish.components import (
    CHEST_MIXES,
    DEFAULT_BOARD,
    MOVEMENT_SETS,
    SPECIAL_CARDS,
    load_card_rows,
    load_chest_reconstructed,
    load_movement_reconstructed,
    read_board_setting,
)
from simulator.games.skirmish.state import (
    CHARACTERS_PER_TEAM,
    DECK_SIZE,
    DEFAULT_ROUND_CAP,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MAX_ROUND_CAP,
    N_BOMBS,
    N_CHEST_TILES,
)

MOVEMENT_SETTINGS = tuple(f"move_{value}_cards" for value in range(1, 8))
"""Setting names of the Movement cards of value 1..7 (flag order FLAG_MOVEMENT_COUNTS)."""
CARD_SETTINGS = tuple(f"{card}_cards" for card in SPECIAL_CARDS)
"""Setting names of the Attack / Defence / Bonus cards, kind order PISTOL..BOAT_CARD (FLAG_CARD_COUNTS)."""
CHEST_SETTINGS = ("chest_ammunition", "chest_bobby", "chest_trapped", "chest_bombs")
"""Setting names of the chest tiles besides gems, in CHEST_* order after CHEST_GEM."""
_CHEST_COLUMNS = {"chest_ammunition": 1, "chest_bobby": 2, "chest_trapped": 3, "chest_bombs": 4}
"""Setting -> index in a CHEST_MIXES tuple (gems, ammunition, Bobby, trapped, bombs)."""

GEMS_TO_WIN_VARIANTS = range(3, 9)  # R51: the presets gems-to-win-3 .. gems-to-win-8


def chest_gems(values) -> int:
    """The gem tiles: the chest squares the other tiles leave (R5: 22 squares)."""
    return N_CHEST_TILES - sum(values[name] for name in CHEST_SETTINGS)


def deck_size(values) -> int:
    """Cards in the deck: Movement cards plus Attack, Defence and Bonus cards."""
    return sum(values[name] for name in MOVEMENT_SETTINGS + CARD_SETTINGS)


def _settings() -> tuple[Setting, ...]:
    cards = load_card_rows()
    chest_rec = load_chest_reconstructed()["default"]
    movement_rec = load_movement_reconstructed()["default"]
    default_mix = CHEST_MIXES["default"]
    settings = [
        Setting("gems_to_win", INT, 5, "gems in the boat that win the game at once (R51 presets: gems-to-win-N)",
                "R11/R50/R51", 1, 40, unit="gems"),
        Setting("round_cap", INT, DEFAULT_ROUND_CAP, "simulator stall cap, no rule: a game still going after this many rounds "
                "stops with no winner (variant round-cap=N)", "stall cap", 1, MAX_ROUND_CAP, unit="rounds"),
        Setting("board", FILE, read_board_setting(DEFAULT_BOARD), "the island: grid, Anchor squares, starting docks "
                "(variant board=FILE)", "R2/R4/R5 (spec 1.4)", reconstructed=True, read=read_board_setting,
                file_format="a board file: grid rows of ~ . A X # (at most 12 x 12, exactly 22 X chest squares), "
                "an 'anchors:' line and a 'docks:' line of 4 Anchors (simulator/games/skirmish/data/README.md)"),
        Setting("hand_size", INT, 6, "cards dealt to each player at setup and drawn back to at the end of a turn "
                "and after a Potion", "R6/R14/R42", 1, MAX_HAND_SIZE, unit="cards"),
        Setting("pistol_ammunition", INT, 1, "ammunition paid from the boat per character a Pistol kills (a Pistol "
                "is playable with at least this many)", "R24/R35", 1, 5, unit="ammunition"),
        Setting("shield_draw", INT, 1, "cards a player draws after playing a Shield", "R40", 0, 3, unit="cards"),
        Setting("chest_ammunition", INT, default_mix[1], "ammunition tiles among the 22 chests (gems fill the "
                "squares the other tiles leave)", "R5/R24 (spec 1.2)", 0, N_CHEST_TILES, chest_rec, "tiles"),
        Setting("chest_bobby", INT, default_mix[2], "Bobby chests (0 or 1; no-bobby: the Bobby chest is a gem)",
                "R5/R25", 0, 1, unit="tiles"),
        Setting("chest_trapped", INT, default_mix[3], "trapped chests among the 22 chests", "R5/R26 (spec 1.2)", 0,
                N_CHEST_TILES, chest_rec, "tiles"),
        Setting("chest_bombs", INT, default_mix[4], f"bomb chests (at most {N_BOMBS}, the bombs in the box)",
                "R5/R8/R28", 0, N_BOMBS, unit="tiles"),
    ]
    for value, name in enumerate(MOVEMENT_SETTINGS, start=1):
        settings.append(Setting(name, INT, MOVEMENT_SETS["default"][value - 1],
                                f"Movement cards of value {value} in the deck (the deck holds at most {DECK_SIZE} "
                                "cards)", "R17 (spec 1.1)", 0, DECK_SIZE, movement_rec, "cards"))  # fmt: skip
    rules = {"pistol": "R35", "padlock": "R36", "hammer": "R38", "shield": "R39", "treasure_chest": "R46",
             "poisoned_gift": "R43", "flying_bomb": "R44", "potion": "R42", "boat": "R45"}
    for card, name in zip(SPECIAL_CARDS, CARD_SETTINGS):
        row = cards[card]
        settings.append(Setting(name, INT, row["count"], f"{card.replace('_', ' ').title()} cards in the deck "
                                f"({row['type']})", f"{rules[card]} (spec 1.1)", 0, DECK_SIZE,
                                row["label"] == "INF", "cards"))  # fmt: skip
    settings += per_seat("start_gems", MAX_PLAYERS, kind=INT, default=0, rule="R3 (handicap)", low=0, high=39,
                         unit="gems", description="gems in seat {seat}'s boat at setup (fewer than gems_to_win)")
    settings += per_seat("start_ammunition", MAX_PLAYERS, kind=INT, default=0, rule="R3 (handicap)", low=0, high=20,
                         unit="ammunition", description="ammunition in seat {seat}'s boat at setup")
    settings += per_seat("start_extra_cards", MAX_PLAYERS, kind=INT, default=0, rule="R6 (handicap)",
                         low=-MAX_HAND_SIZE, high=MAX_HAND_SIZE, unit="cards",
                         description="cards dealt to seat {seat} at setup beyond hand_size (negative: fewer)")
    settings += per_seat("start_characters", MAX_PLAYERS, kind=INT, default=CHARACTERS_PER_TEAM, rule="R3",
                         low=1, high=CHARACTERS_PER_TEAM, unit="characters",
                         description="characters of seat {seat}'s team aboard its boat at setup "
                         f"(at most {CHARACTERS_PER_TEAM})")
    return tuple(settings)


def _presets() -> dict[str, dict[str, int]]:
    presets: dict[str, dict[str, int]] = {}
    default_mix = CHEST_MIXES["default"]
    for mix, counts in CHEST_MIXES.items():  # chests-9-6-3, chests-10-4-4, no-bobby (data/chests.csv rows)
        if mix == "default":
            continue
        presets[mix] = {name: counts[column] for name, column in _CHEST_COLUMNS.items()
                        if counts[column] != default_mix[column]}  # fmt: skip
    for name, counts in MOVEMENT_SETS.items():  # movement-flat (data/movement.csv)
        if name != "default":
            presets[name] = {setting: count for setting, count, default in
                             zip(MOVEMENT_SETTINGS, counts, MOVEMENT_SETS["default"]) if count != default}  # fmt: skip
    for gems in GEMS_TO_WIN_VARIANTS:
        presets[f"gems-to-win-{gems}"] = {"gems_to_win": gems}  # R51
    return presets


def check(values, players: int) -> None:
    """The combinations the rules cannot play; ValueError (one line) naming the settings."""
    gems = chest_gems(values)
    if gems < 0:
        raise ValueError(f"chest tiles: chest_ammunition + chest_bobby + chest_trapped + chest_bombs = "
                         f"{N_CHEST_TILES - gems}, more than the board's {N_CHEST_TILES} chest squares")  # fmt: skip
    size = deck_size(values)
    if size > DECK_SIZE:
        raise ValueError(f"the deck holds {size} cards (move_N_cards + <card>_cards); at most {DECK_SIZE} are allowed")
    dealt = 0
    for seat in range(1, players + 1):
        hand = values["hand_size"] + values[f"seat{seat}_start_extra_cards"]
        if hand < 0:
            raise ValueError(f"setting seat{seat}_start_extra_cards = {values[f'seat{seat}_start_extra_cards']} "
                             f"deals fewer than 0 cards with hand_size = {values['hand_size']}")  # fmt: skip
        dealt += hand
        if values[f"seat{seat}_start_gems"] >= values["gems_to_win"]:
            raise ValueError(f"setting seat{seat}_start_gems = {values[f'seat{seat}_start_gems']} already wins "
                             f"(gems_to_win = {values['gems_to_win']}); allowed: fewer than gems_to_win")  # fmt: skip
    if dealt > size:
        raise ValueError(f"a deck of {size} cards is too small for {players} players: the setup deals {dealt} "
                         f"(hand_size = {values['hand_size']} plus the seats' start_extra_cards)")  # fmt: skip


RULE_SETTINGS = RuleSettings("skirmish", _settings(), _presets(), check)
"""Skirmish's declared settings (``islandsim rules --game skirmish``; docs/games/skirmish.md)."""
