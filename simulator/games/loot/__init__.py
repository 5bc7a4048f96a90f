"""Loot Island (Aaron Haag, 2017): the flagship game of islandsim.

``game_spec()`` builds the :class:`~simulator.core.registry.GameSpec`; nothing is compiled at
import time (the strategies module, whose functions compile eagerly with the decision
signature or load from numba's cache, is imported inside ``game_spec``).
"""

from __future__ import annotations

import numpy as np

from simulator.games.loot.state import (
    DECISION_KINDS, N_VARIANT_FLAGS, V_AARON_ONE_SPARES_ACTOR, V_AMULET_COUNTS_ITSELF, V_CROWNS_AFTER_HEALERS,
    V_EVENT_IN_FINAL, V_EVENTS_REVEALED, V_FIXED_SHIP_START, V_HEALERS_REVEALED, V_STARTING_DRAFT, V_TWO_HEALERS,
)

VARIANTS = {
    "healers_revealed": "official variant: Healer cards revealed at setup (information only)",
    "two_healers": "official variant: two Healers dealt to each player, one revealed at the end",
    "events_revealed": "official variant: the 4 B events are revealed at setup (information only)",
    "starting_draft": "official variant: in turn order 7/8/9/10/11 cards dealt, each keeps the hand size",
    "amulet_counts_itself": "reading 7.3.9 reversed: a discarded Amulet counts for its own cube discard",
    "crowns_after_healers": "reading 7.3.11 reversed: crown ranks recomputed without healer-eliminated players",
    "event_in_final": "the round-5 event also applies to the Final Exploration (default: it does not)",
    "fixed_ship_start": "reading 7.3.6 alternative: the ship always starts at corner 0 sailing clockwise",
    "aaron_one_spares_actor": "2 players: a 1 played normally from Aaron's hand spares the acting player",
}
VARIANT_FLAGS = {
    "healers_revealed": V_HEALERS_REVEALED,
    "two_healers": V_TWO_HEALERS,
    "events_revealed": V_EVENTS_REVEALED,
    "starting_draft": V_STARTING_DRAFT,
    "amulet_counts_itself": V_AMULET_COUNTS_ITSELF,
    "crowns_after_healers": V_CROWNS_AFTER_HEALERS,
    "event_in_final": V_EVENT_IN_FINAL,
    "fixed_ship_start": V_FIXED_SHIP_START,
    "aaron_one_spares_actor": V_AARON_ONE_SPARES_ACTOR,
}


def encode_variants(names: tuple[str, ...], players: int) -> np.ndarray:
    """Variant names -> the engine's ``int64[N_VARIANT_FLAGS]`` flag vector."""
    flags = np.zeros(N_VARIANT_FLAGS, dtype=np.int64)
    for name in names:
        if name not in VARIANT_FLAGS:
            raise ValueError(f"unknown variant '{name}'")
        if name == "aaron_one_spares_actor" and players != 2:
            raise ValueError("variant aaron_one_spares_actor needs 2 players")
        flags[VARIANT_FLAGS[name]] = 1
    return flags


def game_spec():
    from simulator.core.registry import GameSpec, StrategySpec
    from simulator.games.loot.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.loot.narrate import narrate
    from simulator.games.loot.strategies.loot import (
        STYLE_DESCRIPTIONS, STYLES, heuristic_strategy, random_strategy, style_params,
    )

    strategies = {
        name: StrategySpec(name, heuristic_strategy, style_params(name), STYLE_DESCRIPTIONS[name]) for name in STYLES
    }
    strategies["random"] = StrategySpec("random", random_strategy, np.zeros(1), "uniformly random legal option")
    return GameSpec(
        id="loot",
        title="Loot Island",
        player_counts=(2, 3, 4, 5),
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        strategies=strategies,
        default_strategy="default",
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=play_chunk,
        narrate=narrate,
        chunk_size=5_000,
    )
