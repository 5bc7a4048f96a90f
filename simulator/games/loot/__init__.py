"""Loot Island (Aaron Haag, 2017): the flagship game of islandsim.

``game_spec()`` builds the :class:`~simulator.core.registry.GameSpec`; nothing is compiled at
import time (the strategies module, whose functions compile eagerly with the decision
signature or load from numba's cache, is imported inside ``game_spec``).
"""

from __future__ import annotations

import numpy as np

from simulator.games.loot.state import (
    DECISION_KINDS, EVENT_CODES, N_VARIANT_FLAGS, V_AARON_ONE_SPARES_ACTOR, V_AMULET_COUNTS_ITSELF, V_CROWNS_AFTER_HEALERS,
    V_EVENT_IN_FINAL, V_EVENTS_REVEALED, V_FIXED_SHIP_START, V_HEALERS_REVEALED, V_STARTING_DRAFT, V_TWO_HEALERS,
)

VARIANTS = {
    "healers-revealed": "official variant: Healer cards revealed at setup (information only)",
    "two-healers": "official variant: two Healers dealt to each player, one revealed at the end",
    "events-revealed": "official variant: the 4 B events are revealed at setup (information only)",
    "starting-draft": "official variant: in turn order 7/8/9/10/11 cards dealt, each keeps the hand size",
    "amulet-counts-itself": "reading 7.3.9 reversed: a discarded Amulet counts for its own cube discard",
    "crowns-after-healers": "reading 7.3.11 reversed: crown ranks recomputed without healer-eliminated players",
    "event-in-final": "the round-5 event also applies to the Final Exploration (default: it does not)",
    "fixed-ship-start": "reading 7.3.6 alternative: the ship always starts at corner 0 sailing clockwise",
    "aaron-one-spares-actor": "2 players: a 1 played normally from Aaron's hand spares the acting player",
}
VARIANT_FLAGS = {
    "healers-revealed": V_HEALERS_REVEALED,
    "two-healers": V_TWO_HEALERS,
    "events-revealed": V_EVENTS_REVEALED,
    "starting-draft": V_STARTING_DRAFT,
    "amulet-counts-itself": V_AMULET_COUNTS_ITSELF,
    "crowns-after-healers": V_CROWNS_AFTER_HEALERS,
    "event-in-final": V_EVENT_IN_FINAL,
    "fixed-ship-start": V_FIXED_SHIP_START,
    "aaron-one-spares-actor": V_AARON_ONE_SPARES_ACTOR,
}


def encode_variants(names: tuple[str, ...], players: int) -> np.ndarray:
    """Variant names -> the engine's ``int64[N_VARIANT_FLAGS]`` flag vector."""
    flags = np.zeros(N_VARIANT_FLAGS, dtype=np.int64)
    for name in names:
        if name not in VARIANT_FLAGS:
            raise ValueError(f"unknown variant '{name}'")
        if name == "aaron-one-spares-actor" and players != 2:
            raise ValueError("variant aaron-one-spares-actor needs 2 players")
        flags[VARIANT_FLAGS[name]] = 1
    return flags


def strategy_specs():
    """Name -> StrategySpec for every Loot Island strategy (imports, so compiles, the strategies)."""
    from simulator.core.registry import StrategySpec
    from strategies.loot import STYLE_DESCRIPTIONS, STYLES, heuristic_strategy, random_strategy, style_params

    strategies = {
        name: StrategySpec(name, heuristic_strategy, style_params(name), STYLE_DESCRIPTIONS[name]) for name in STYLES
    }
    strategies["random"] = StrategySpec("random", random_strategy, np.zeros(1), "uniformly random legal option")
    return strategies


def game_spec():
    """The registry entry of Loot Island."""
    from simulator.core.registry import GameSpec
    from simulator.games.loot.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.loot.narrate import narrate

    return GameSpec(
        id="loot",
        title="Loot Island",
        player_counts=(2, 3, 4, 5),
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        strategy_loader=strategy_specs,
        default_strategy="default",
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=play_chunk,
        narrate=narrate,
        chunk_size=5_000,
        column_labels={f"event_{r}": EVENT_CODES for r in range(1, 6)},
    )
