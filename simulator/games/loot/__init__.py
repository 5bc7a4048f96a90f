"""Loot Island (Aaron Haag, 2017): the flagship game of islandsim.

``game_spec()`` builds the :class:`~simulator.core.engine.registry.GameSpec`; nothing is compiled
at import time.  The strategies (``strategies/loot.py``, whose functions compile eagerly with the
decision signature or load from numba's cache) are not imported here: the registry loads them by
name when a command first needs them.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from simulator.games.loot.state import (
    DECISION_KINDS, EVENT_CODES, EVENT_EXCLUDED, EVENT_FORCED, N_A_EVENTS, N_B_EVENTS, N_VARIANT_FLAGS, V_AARON_ONE_SPARES_ACTOR, V_AMULET_COUNTS_ITSELF, V_CROWNS_AFTER_HEALERS,
    V_EVENT_IN_FINAL, V_EVENTS_REVEALED, V_FIXED_SHIP_START, V_HEALERS_REVEALED, V_STARTING_DRAFT, V_TWO_HEALERS,
    V_A3_ACTOR_PAYS_FOR_AARON, V_B10_WITHOUT_SMALL_LOOT, V_B4_TILE_HOLDER_MOVES_AARON, V_NO_COMPASS_NO_REVEAL,
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
    "b10-without-small-loot": "B10 also frees compasses on the explored coast's other landing when it has too few "
                              "cards for a Small Loot (default: only on a Small Loot landing)",
    "a3-actor-pays-for-aaron": "2 players, A3: using a small island with Aaron's cards gives the acting player the "
                               "cube (default: nobody takes it, Aaron never takes cubes)",
    "no-compass-no-reveal": "a landing with enough cards but no compass reveals no treasure (default: they are "
                            "revealed and discarded)",
    "b4-tile-holder-moves-aaron": "2 players, B4: the First Player tile holder chooses which of Aaron's 3 compasses "
                                  "goes back (default: the one on the lowest-numbered landing)",
}
TWO_PLAYER_VARIANTS = ("aaron-one-spares-actor", "a3-actor-pays-for-aaron", "b4-tile-holder-moves-aaron")
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
    "b10-without-small-loot": V_B10_WITHOUT_SMALL_LOOT,
    "a3-actor-pays-for-aaron": V_A3_ACTOR_PAYS_FOR_AARON,
    "no-compass-no-reveal": V_NO_COMPASS_NO_REVEAL,
    "b4-tile-holder-moves-aaron": V_B4_TILE_HOLDER_MOVES_AARON,
}


def encode_variants(names: tuple[str, ...], players: int, rules=None) -> np.ndarray:
    """Variant names and rule settings -> the engine's flag vector: ``N_VARIANT_FLAGS`` variant flags,
    then the rules block (``RULES_SIZE`` slots, layout ``T_*`` in state.py: every setting of
    ``settings.py`` at the run's player count and the component tables, ``tables.rules_block``).
    ``rules``: the run's resolved settings (a ``RuleValues``); ``None``: the defaults."""
    from simulator.games.loot.tables import default_block, rules_block

    flags = np.zeros(N_VARIANT_FLAGS, dtype=np.int64)
    for name in names:
        if name not in VARIANT_FLAGS:
            raise ValueError(f"unknown variant '{name}'")
        if name in TWO_PLAYER_VARIANTS and players != 2:
            raise ValueError(f"variant {name} needs 2 players (it changes how Aaron, the 2-player dummy, is played)")
        flags[VARIANT_FLAGS[name]] = 1
    block = default_block(players) if rules is None else rules_block(rules)
    return np.concatenate([flags, block])


def encode_event_rules(forced: tuple[str, ...], excluded: tuple[str, ...], players: int) -> np.ndarray:
    """``--force-event`` / ``--exclude-event`` cards (codes, already checked to exist) -> the
    ``int64[N_EVENTS]`` slots appended to the variant flags: +1 forced, -1 excluded, 0 as dealt.

    A game has one A event (round 1) and four B events (rounds 2-5), so at most one A card and
    four B cards can be forced, and at least one A card and four B cards must stay available.
    """
    rules = np.zeros(len(EVENT_CODES), dtype=np.int64)
    for code in forced:
        rules[EVENT_CODES.index(code)] = EVENT_FORCED
    for code in excluded:
        rules[EVENT_CODES.index(code)] = EVENT_EXCLUDED
    a_rules, b_rules = rules[:N_A_EVENTS], rules[N_A_EVENTS:]
    if np.sum(a_rules == EVENT_FORCED) > 1:
        raise ValueError("at most one A event can be forced: each game has one A event, in round 1")
    if np.sum(a_rules == EVENT_EXCLUDED) == N_A_EVENTS:
        raise ValueError("at least one A event must stay in the game: all four are excluded")
    if np.sum(b_rules == EVENT_FORCED) > 4:
        raise ValueError("at most four B events can be forced: each game has four, in rounds 2-5")
    if np.sum(b_rules != EVENT_EXCLUDED) < 4:
        raise ValueError(f"at least four B events must stay in the game: {np.sum(b_rules == EVENT_EXCLUDED)} of "
                         f"{N_B_EVENTS} are excluded")  # fmt: skip
    return rules


def rule_labels() -> dict[str, str]:
    """A plain name for every rule counter id (``ForwardModel.rule_labels``): rule sections, event
    cards and small islands from the game's data, variants from their descriptions."""
    from simulator.games.loot.map_components import events, island_names
    from simulator.games.loot.state import ISLAND_IDS, RULE_SECTIONS, VARIANT_IDS

    if tuple(island_names()) != ISLAND_IDS:
        raise ValueError("state.ISLAND_IDS must list the small islands of data/small_islands.csv in order")
    labels = dict(RULE_SECTIONS)
    labels.update({event["code"]: f"{event['code']}: {event['description']}" for event in events()})
    labels.update({f"island:{name}": f"small island {name.replace('_', ' ')} used" for name in ISLAND_IDS})
    labels.update({f"variant:{name}": VARIANTS[name] for name in VARIANT_IDS})
    return labels


def healer_labels() -> tuple[str, ...]:
    """Label of each healer id (the ``healer`` result column holds an id, not a quantity)."""
    from simulator.games.loot.components import HEALER_COST_PER_CUBE, HEALER_FIXED_COST, HEALER_NUMBER, load_healers

    return tuple(
        f"healer {row[HEALER_NUMBER]} ({row[HEALER_COST_PER_CUBE]}/cube + {row[HEALER_FIXED_COST]})"
        for row in load_healers()
    )


STRATEGY_DESCRIPTIONS = {
    "greedy": "balanced heuristic, best-scoring option at each decision: plays to the explored coast, keeps treasures worth their curse",
    "curse_averse": "heuristic that prices curse cubes high and discards cursed treasures",
    "crown_hunter": "heuristic that values cross symbols (crown ladder) highly",
    "big_loot_opportunist": "heuristic that chases chests and Big Loot on the explored coast",
    "early_passer": "heuristic that passes early for the First Player tile and saves cards",
    "random": "uniformly random legal option",
}
"""Name -> one line: what ``islandsim strategies`` lists without compiling (the heuristic styles'
parameters are ``STYLES`` in strategies/loot.py)."""


def event_card_names() -> dict[str, str]:
    """Event card code -> what the card does (``data/events.csv``), printed beside the code in reports."""
    with (Path(__file__).parent / "data" / "events.csv").open(encoding="utf-8") as handle:
        return {row["code"]: row["description"] for row in csv.DictReader(handle)}


def game_spec():
    """The registry entry of Loot Island."""
    from simulator.core.engine.registry import ForwardModel, GameSpec
    from simulator.games.loot import engine, evaluation
    from simulator.games.loot.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.loot.hidden import redraw_hidden
    from simulator.games.loot.narrate import narrate
    from simulator.games.loot.play_text import describe_options, describe_view, narrate_for_seat
    from simulator.games.loot.settings import RULE_SETTINGS
    from simulator.games.loot.state import (
        MAX_CHECKPOINTS, MAX_OPTIONS, RULE_IDS, S_COUNTERS, S_PLAYERS, S_TRAJECTORY, STATE_SIZE,
    )

    return GameSpec(
        id="loot",
        title="Loot Island",
        player_counts=(2, 3, 4, 5),
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        rule_settings=RULE_SETTINGS,
        default_strategy="greedy",
        strategy_aliases={"default": "greedy"},
        strategy_descriptions=dict(STRATEGY_DESCRIPTIONS),
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=play_chunk,
        narrate=narrate,
        length_unit="Phase-2 actions",
        stall_cap="",
        length_bound="the rules end every game: at most 5 rounds, each ending once every player has passed",
        seat_number_columns=("winning_seat",),
        chunk_size=5_000,
        column_labels={**{f"event_{r}": EVENT_CODES for r in range(1, 6)}, "healer": healer_labels()},
        event_cards=EVENT_CODES,
        encode_event_rules=encode_event_rules,
        card_names=event_card_names(),
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden, rule_ids=RULE_IDS, counters_offset=S_COUNTERS,
                             rule_labels=rule_labels(), checkpoint_unit="round", max_checkpoints=MAX_CHECKPOINTS,
                             trajectory_offset=S_TRAJECTORY, play_chunk_recording=engine.play_chunk_recording,
                             players_slot=S_PLAYERS, evaluate_cut=evaluation.evaluate_cut,
                             copy_position=evaluation.copy_position),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
    )
