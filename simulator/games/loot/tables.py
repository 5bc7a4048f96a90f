"""Builds the rules block (layout ``T_*`` in state.py) from a run's rule settings (plain Python).

``rules_block(values)`` turns the resolved settings of a run (``RuleValues``, or a plain mapping of
the values at the run's player count) into the ``int64[RULES_SIZE]`` vector that ``encode_variants``
puts in the flag vector after the variant flags; ``new_game`` copies it into the state (``S_RULES``),
where every compiled function reads it.  The component tables are built from the canonical values
of the file settings (``settings.py``'s readers), in the layouts of ``components.py`` (treasures,
healers, scoring: the scoring helper's tables) and of the engine (``T_MAP``, ``T_TR``...).
"""

from __future__ import annotations

import functools
from typing import Any, Mapping

import numpy as np

import simulator.games.loot.components as components
from simulator.games.loot.state import (
    ICON_NAMES, MAX_PLAYERS, N_HEALERS, N_ISLANDS, N_MAP, N_TREASURES, POWER_NAMES, RULES_SIZE, SCORING_WIDTH,
    T_A1_CARDS, T_A1_CUBES, T_A3_CUBES, T_B5_FEWER, T_B6_DISCARD, T_B8_CUBES, T_B10_DISCARD,
    T_AARON_HAND, T_B4_LIMIT, T_COMPASSES, T_CROWN_LADDER, T_AMULET_CUBES, T_DISCARD_CUBES, T_ELIM_CUBES, T_FP_BONUS,
    T_HAND, T_HEALER, T_HEALERS, T_ISLAND, T_ISLAND_IN, T_JEWEL_BONUS, T_MAP, T_ROUNDS, T_SCORING, T_SKULL_BONUS,
    T_START_CARDS, T_START_CUBES, T_START_GOLD, T_THRESH, T_TIERS, T_TR, T_TREASURES, TR_BOOK, TR_CROSSED, TR_CROSSES,
    TR_CURSE, TR_GOLD, TR_REF, TR_TIER, TR_TYPE, TT_SKULL_R,
)


def engine_treasure_rows(treasures: np.ndarray) -> np.ndarray:
    """The scoring helper's treasure table in the engine's 8 columns (skull kinds as types 5..7)."""
    rows = np.zeros((treasures.shape[0], 8), dtype=np.int64)
    for t in range(treasures.shape[0]):
        kind = treasures[t, components.TREASURE_TYPE]
        if kind == components.SKULL:
            kind = TT_SKULL_R + treasures[t, components.TREASURE_SKULL_KIND]
        rows[t, TR_TIER] = treasures[t, components.TREASURE_TIER]
        rows[t, TR_TYPE] = kind
        rows[t, TR_GOLD] = treasures[t, components.TREASURE_GOLD]
        rows[t, TR_CURSE] = treasures[t, components.TREASURE_CURSE]
        rows[t, TR_CROSSES] = treasures[t, components.TREASURE_CROSSES]
        rows[t, TR_BOOK] = treasures[t, components.TREASURE_BOOK_MULTIPLIER]
        rows[t, TR_CROSSED] = treasures[t, components.TREASURE_CROSSED_CUBES]
        rows[t, TR_REF] = treasures[t, components.TREASURE_REF]
    return rows


def treasure_table(rows: list[list]) -> np.ndarray:
    """Canonical treasures (settings.read_treasures) -> components.py's treasure table."""
    skull_kinds: list[str] = []
    for row in rows:
        if row[2] == "skull" and row[3] not in skull_kinds:
            skull_kinds.append(row[3])
    table = np.zeros((len(rows), components.N_TREASURE_COLUMNS), dtype=np.int64)
    for t, (ref, tier, kind, skull, gold, curse, crosses, book, crossed) in enumerate(rows):
        table[t, components.TREASURE_REF] = ref
        table[t, components.TREASURE_TIER] = tier
        table[t, components.TREASURE_TYPE] = components.TREASURE_TYPE_NAMES.index(kind)
        table[t, components.TREASURE_SKULL_KIND] = skull_kinds.index(skull) if kind == "skull" else components.NO_SKULL_KIND
        table[t, components.TREASURE_GOLD] = gold
        table[t, components.TREASURE_CURSE] = curse
        table[t, components.TREASURE_CROSSES] = crosses
        table[t, components.TREASURE_BOOK_MULTIPLIER] = book
        table[t, components.TREASURE_CROSSED_CUBES] = crossed
    return table


def healer_table(rows: list[list[int]]) -> np.ndarray:
    """Canonical healers (settings.read_healers) -> components.py's healer table."""
    table = np.zeros((len(rows), components.N_HEALER_COLUMNS), dtype=np.int64)
    for h, (per_cube, fixed) in enumerate(rows):
        table[h, components.HEALER_NUMBER] = h + 1
        table[h, components.HEALER_COST_PER_CUBE] = per_cube
        table[h, components.HEALER_FIXED_COST] = fixed
    return table


def scoring_table(values: Mapping[str, Any]) -> np.ndarray:
    """The scoring settings -> components.py's scoring table (``SCORING_WIDTH`` columns; a cell no
    setting fills is 0, "no bonus")."""
    table = np.zeros((components.N_SCORING_ROWS, SCORING_WIDTH), dtype=np.int64)
    table[components.SCORING_SCALARS, components.SCALAR_FIRST_PLAYER_BONUS] = values["first_player_bonus"]
    table[components.SCORING_SCALARS, components.SCALAR_ELIMINATION_CUBES] = values["elimination_cubes"]
    table[components.SCORING_SCALARS, components.SCALAR_DISCARD_TREASURE_CUBES] = values["discard_treasure_cubes"]
    table[components.SCORING_SCALARS, components.SCALAR_CUBES_PER_AMULET] = values["amulet_cubes_per_amulet"]
    for size in (2, 3):
        table[components.SCORING_JEWEL_SET_BONUS, size] = values[f"jewel_set_bonus_{size}"]
    for kinds in (1, 2, 3):
        table[components.SCORING_SKULL_SET_BONUS, kinds] = values[f"skull_set_bonus_{kinds}"]
    for position in range(SCORING_WIDTH):
        table[components.SCORING_CROWN_LADDER, position] = values.get(f"crown_bonus_{position + 1}", 0)
    return table


def map_table(rows: list[list]) -> np.ndarray:
    """Canonical map cards (settings.read_map_cards) -> ``int64[88, 4]``: colour, value, joker, icon."""
    table = np.zeros((len(rows), 4), dtype=np.int64)
    for c, (colour, _name, value, joker, icon) in enumerate(rows):
        table[c] = (colour, value, joker, ICON_NAMES.index(icon))
    return table


def island_table(rows: list[list]) -> np.ndarray:
    """Canonical small islands (settings.read_small_islands) -> ``int64[7, 3]``: power, amount, min players."""
    table = np.zeros((len(rows), 3), dtype=np.int64)
    for i, (_name, power, amount, min_players) in enumerate(rows):
        table[i] = (POWER_NAMES.index(power), amount, min_players)
    return table


def islands_in_game(rows: list[list], count: int, players: int) -> list[int]:
    """Setup 9: the ``count`` small island tiles of the game, those whose fewest players (min_players)
    the game reaches first, then the others, each group in file order (1 = in the game)."""
    order = sorted(range(len(rows)), key=lambda i: (rows[i][3] > players, i))
    chosen = set(order[:count])
    return [1 if i in chosen else 0 for i in range(len(rows))]


def rules_block(values: Mapping[str, Any]) -> np.ndarray:
    """The rules block (``int64[RULES_SIZE]``, layout ``T_*``) of a run's resolved settings (at its
    player count: ``values`` maps every setting name to its value, a ``RuleValues`` does)."""
    players = values.players if hasattr(values, "players") else values["players"]
    block = np.zeros(RULES_SIZE, dtype=np.int64)
    treasures = treasure_table(values["treasures"])
    healers = healer_table(values["healers"])
    islands = values["small_island_tiles"]
    if treasures.shape[0] != N_TREASURES or healers.shape[0] != N_HEALERS or len(islands) != N_ISLANDS:
        raise ValueError("unexpected number of treasures, healers or small islands")
    block[T_MAP:T_MAP + N_MAP * 4] = map_table(values["map_cards"]).reshape(-1)
    block[T_TR:T_TR + N_TREASURES * 8] = engine_treasure_rows(treasures).reshape(-1)
    block[T_ISLAND:T_ISLAND + N_ISLANDS * 3] = island_table(islands).reshape(-1)
    block[T_HEALER:T_HEALER + N_HEALERS * 2] = healers[:, [components.HEALER_COST_PER_CUBE,
                                                           components.HEALER_FIXED_COST]].reshape(-1)  # fmt: skip
    block[T_HAND] = values["hand_size"]
    block[T_THRESH] = values["loot_threshold"]
    for tier in (1, 2, 3, 4):
        block[T_TIERS + tier - 1] = values[f"treasure_tier_{tier}"]
    block[T_ISLAND_IN:T_ISLAND_IN + N_ISLANDS] = islands_in_game(islands, values["small_islands"], players)
    for seat in range(MAX_PLAYERS):
        block[T_START_CUBES + seat] = values[f"seat{seat + 1}_start_cubes"]
        block[T_START_GOLD + seat] = values[f"seat{seat + 1}_start_gold"]
        block[T_START_CARDS + seat] = values[f"seat{seat + 1}_start_cards"]
    block[T_AARON_HAND] = values["aaron_hand_size"]
    block[T_ROUNDS] = values["rounds"]
    block[T_COMPASSES] = values["compasses_per_player"]
    block[T_B4_LIMIT] = values["b4_compass_limit"]
    for slot, name in ((T_A1_CARDS, "a1_cards"), (T_A1_CUBES, "a1_cubes"), (T_A3_CUBES, "a3_cubes"),
                       (T_B5_FEWER, "b5_fewer_cards"), (T_B6_DISCARD, "b6_discard_cubes"), (T_B8_CUBES, "b8_cubes"),
                       (T_B10_DISCARD, "b10_discard_cubes")):
        block[slot] = values[name]
    block[T_SCORING:T_SCORING + components.N_SCORING_ROWS * SCORING_WIDTH] = scoring_table(values).reshape(-1)
    block[T_TREASURES:T_TREASURES + N_TREASURES * components.N_TREASURE_COLUMNS] = treasures.reshape(-1)
    block[T_HEALERS:T_HEALERS + N_HEALERS * components.N_HEALER_COLUMNS] = healers.reshape(-1)
    assert block[T_FP_BONUS] == values["first_player_bonus"] and block[T_ELIM_CUBES] == values["elimination_cubes"]
    assert block[T_DISCARD_CUBES] == values["discard_treasure_cubes"]
    assert block[T_AMULET_CUBES] == values["amulet_cubes_per_amulet"]
    assert block[T_JEWEL_BONUS + 2] == values["jewel_set_bonus_2"] and block[T_SKULL_BONUS + 1] == values["skull_set_bonus_1"]
    assert block[T_CROWN_LADDER] == values["crown_bonus_1"]
    return block


@functools.cache
def _default_block(players: int) -> np.ndarray:
    from simulator.core.engine.rule_settings import default_values
    from simulator.games.loot.settings import RULE_SETTINGS

    block = rules_block(default_values(RULE_SETTINGS, players))
    block.flags.writeable = False
    return block


def default_block(players: int) -> np.ndarray:
    """The rules block of the default settings at ``players`` players (a fresh copy)."""
    return _default_block(players).copy()
