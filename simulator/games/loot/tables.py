"""Builds the engine's flat table vector ``tables`` (layout ``T_*`` in state.py) once per process."""

from __future__ import annotations

import functools

import numpy as np

import simulator.games.loot.components as components
from simulator.games.loot.map_components import load_map_cards, load_small_islands, setup_rules
from simulator.games.loot.state import (
    N_HEALERS, N_ISLANDS, N_MAP, N_TREASURES, TABLES_SIZE, T_AARON_HAND, T_CROWN_LADDER, T_ELIM_CUBES, T_FP_BONUS,
    T_HAND, T_HEALER, T_ISLAND, T_MAP, T_N_ISLANDS, T_START_CUBES, T_THRESH, T_TIERS, T_TR, TR_BOOK, TR_CROSSED,
    TR_CROSSES, TR_CURSE, TR_GOLD, TR_REF, TR_TIER, TR_TYPE, TT_SKULL_R,
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


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    treasures = components.load_treasures()
    healers = components.load_healers()
    scoring = components.load_scoring()
    if treasures.shape[0] != N_TREASURES or healers.shape[0] != N_HEALERS:
        raise ValueError("unexpected number of treasures or healers")
    setup = setup_rules()
    tables = np.zeros(TABLES_SIZE, dtype=np.int64)
    tables[T_MAP:T_MAP + N_MAP * 4] = load_map_cards().reshape(-1)
    tables[T_TR:T_TR + N_TREASURES * 8] = engine_treasure_rows(treasures).reshape(-1)
    tables[T_ISLAND:T_ISLAND + N_ISLANDS * 3] = load_small_islands().reshape(-1)
    hl = np.stack([healers[:, components.HEALER_COST_PER_CUBE], healers[:, components.HEALER_FIXED_COST]], axis=1)
    tables[T_HEALER:T_HEALER + N_HEALERS * 2] = hl.reshape(-1)
    for players in (2, 3, 4, 5):
        key = str(players)
        tables[T_HAND + players] = setup["hand_size"][key]
        tables[T_THRESH + players] = setup["loot_threshold"][key]
        for tier in setup["treasure_tiers"][key]:
            tables[T_TIERS + players * 4 + tier - 1] = 1
        tables[T_N_ISLANDS + players] = setup["small_islands"][key]
    tables[T_START_CUBES] = setup["starting_curse_cubes"]
    tables[T_ELIM_CUBES] = scoring[components.SCORING_SCALARS, components.SCALAR_ELIMINATION_CUBES]
    tables[T_FP_BONUS] = scoring[components.SCORING_SCALARS, components.SCALAR_FIRST_PLAYER_BONUS]
    tables[T_AARON_HAND] = setup["aaron_hand_size"]
    ladder = scoring[components.SCORING_CROWN_LADDER]
    for position in range(1, 6):
        tables[T_CROWN_LADDER + position] = ladder[position - 1] if position - 1 < ladder.shape[0] else 0
    return tables, treasures, scoring, healers


def engine_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Fresh copies of ``(T, treasures, scoring, healers)`` (int64, C-contiguous)."""
    return tuple(np.ascontiguousarray(array).copy() for array in _tables())
