"""Skeleton Island (ilopeli, 2012), 2-4 players: take clear cards from a spread Sand pile, build
treasure maps to claim Island cards, and pirate.

Rules: the French rulebook of Skeleton Island (rule ids R1..R22 of the Skeleton Island spec);
readings, variants and the rule checklist: docs/games/skeleton.md.  Importing this package compiles nothing.
"""

import numpy as np

from simulator.games.skeleton.components import (
    MAX_BLOW_LAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_CONTENTS,
    check_blow_layers,
    content_tables,
)
from simulator.games.skeleton.state import (
    DECISION_KINDS,
    FLAG_BLOW_EACH_STANDARD,
    FLAG_BLOW_LAYERS,
    FLAG_BLOW_MAX_CLEAR,
    FLAG_BLOW_MAY_FLIP,
    FLAG_BLOW_P1_MILLI,
    FLAG_BURIED_HIDDEN,
    FLAG_CARD_LENGTH_MILLI,
    FLAG_CARD_WIDTH_MILLI,
    FLAG_COIN_VALUE,
    FLAG_CONTENT_COLOUR,
    FLAG_CONTENT_KIND,
    FLAG_FACE_UP_PERCENT,
    FLAG_FIRST_OBJECT,
    FLAG_FLIP_MILLI,
    FLAG_HALVES_PER_COLOUR,
    FLAG_HIDDEN_COLLECTION,
    FLAG_ISLAND_COINS,
    FLAG_ISLANDS_TO_END,
    FLAG_KEEP_MAP_PIECES,
    FLAG_NO_PIRACY,
    FLAG_OBJECTS,
    FLAG_PIECE_UNITS,
    FLAG_PIRACY_DISCARDS,
    FLAG_PIRACY_TURNS,
    FLAG_PUTBACK_FACE_UP,
    FLAG_PUTBACK_MAY_COVER,
    FLAG_QUARTERS_PER_COLOUR,
    FLAG_RADIUS_MILLI,
    FLAG_RANDOM_FIRST,
    FLAG_SECOND_OPTIONAL,
    FLAG_STALL_CAP,
    FLAG_START_COINS,
    FLAG_TIEBREAK_ISLANDS,
    N_FLAGS,
    VARIANTS,
)
from simulator.games.skeleton.settings import HALF_OF_THE_CARDS, RULE_SETTINGS, blow_layer_name

PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))

ON_OFF_FLAGS = {
    "second-card-optional": FLAG_SECOND_OPTIONAL,
    "putback-face-up": FLAG_PUTBACK_FACE_UP,
    "putback-may-cover": FLAG_PUTBACK_MAY_COVER,
    "hidden-collection": FLAG_HIDDEN_COLLECTION,
    "keep-map-pieces": FLAG_KEEP_MAP_PIECES,
    "blow-each-standard": FLAG_BLOW_EACH_STANDARD,
    "tiebreak-islands": FLAG_TIEBREAK_ISLANDS,
    "random-first-player": FLAG_RANDOM_FIRST,
    "blow-may-flip": FLAG_BLOW_MAY_FLIP,
    "no-piracy": FLAG_NO_PIRACY,
    "buried-face-up-hidden": FLAG_BURIED_HIDDEN,
}
MILLI = 1000


def encode_variants(names, players, rules=None):
    """The engine's ``int64[N_FLAGS]`` flag vector for variant ``names`` and the rule settings
    ``rules`` (a ``RuleValues``; None: the defaults, with the presets of ``names`` applied).
    Decimals (the pile model) are written in thousandths; the deck as content tables.

    Raises ValueError (UsageError) on an unknown variant, two presets setting one value
    differently, a bad player count or a deck the engine cannot hold.
    """
    from simulator.core.engine.rule_settings import default_values, write_slots

    if players not in PLAYER_COUNTS:
        raise ValueError(f"Skeleton Island is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    chosen = set(names)
    for name in chosen:
        if name not in VARIANTS:
            raise ValueError(f"unknown skeleton variant '{name}'; variants: {', '.join(VARIANTS)}")
    if rules is None:
        rules = default_values(RULE_SETTINGS, players, tuple(sorted(chosen)))
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    for name, flag in ON_OFF_FLAGS.items():
        flags[flag] = name in chosen
    # A15 / R2: -1 is the rulebook's half with a fair coin for an odd count
    flags[FLAG_FACE_UP_PERCENT] = -1 if rules["face_up_percent"] == HALF_OF_THE_CARDS else rules["face_up_percent"]
    flags[FLAG_OBJECTS] = rules["pirate_objects"]
    flags[FLAG_RADIUS_MILLI] = round(MILLI * rules["pile_radius"])
    flags[FLAG_CARD_WIDTH_MILLI] = round(MILLI * rules["card_width"])
    flags[FLAG_CARD_LENGTH_MILLI] = round(MILLI * rules["card_length"])
    strength = rules["blow_strength"]
    layers = [rules[blow_layer_name(layer)] for layer in range(1, MAX_BLOW_LAYERS + 1)]
    while layers and layers[-1] == 0.0:
        layers.pop()  # the cascade stops at its first layer of 0: trailing zeros are no layers
    set_blow_layers(flags, [min(1.0, probability * strength) for probability in layers] or [0.0])
    flags[FLAG_FLIP_MILLI] = round(MILLI * rules["blow_flip_probability"])
    write_slots(flags, rules, {
        "island_coins": FLAG_ISLAND_COINS, "islands_to_end": FLAG_ISLANDS_TO_END, "piracy_discards": FLAG_PIRACY_DISCARDS,
        "piracy_standard_turns": FLAG_PIRACY_TURNS, "blow_max_clear": FLAG_BLOW_MAX_CLEAR, "stall_cap_turns": FLAG_STALL_CAP,
    })  # fmt: skip
    halves, quarters = rules["half_maps_per_colour"], rules["quarter_maps_per_colour"]
    flags[FLAG_HALVES_PER_COLOUR] = halves
    flags[FLAG_QUARTERS_PER_COLOUR] = quarters
    kind, colour, units, coin, first_object = content_tables(halves, quarters, list(rules["coin_cards"]))
    if first_object + rules["pirate_objects"] > N_CONTENTS:  # RULE_SETTINGS.check says it first, in words
        raise ValueError(f"the Sand deck would hold {first_object + rules['pirate_objects']} cards; at most {N_CONTENTS}")
    flags[FLAG_FIRST_OBJECT] = first_object
    for seat in range(players):
        flags[FLAG_START_COINS + seat] = rules[f"seat{seat + 1}_start_coins"]
    for start, table in ((FLAG_CONTENT_KIND, kind), (FLAG_CONTENT_COLOUR, colour), (FLAG_PIECE_UNITS, units),
                         (FLAG_COIN_VALUE, coin)):
        flags[start:start + N_CONTENTS] = table
    return flags


def set_blow_layers(flags: np.ndarray, probabilities) -> None:
    """Write the blow cascade (one probability per layer, as many layers as given) into the variant
    ``flags``; refuses a bad list (UsageError, one line)."""
    layers = check_blow_layers(list(probabilities), "blow layers")
    flags[FLAG_BLOW_LAYERS] = len(layers)
    flags[FLAG_BLOW_P1_MILLI:FLAG_BLOW_P1_MILLI + MAX_BLOW_LAYERS] = 0
    for layer, probability in enumerate(layers):
        flags[FLAG_BLOW_P1_MILLI + layer] = round(MILLI * probability)


STRATEGY_DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream)",
    "map_builder": "default heuristic: builds maps in the colours it leads, keeps coins, steals the card worth most to it (the completing piece if any, else mostly the richest coin card)",
    "coin_grabber": "takes the richest visible card, keeps every coin, blows when no coin shows, pirates only for big coins",
    "pirate": "hoards objects and spare pieces and pirates whenever it holds three: steals what is worth most to it plus what the victim loses (the leader's loss weighs more)",
}
"""Name -> one line: what ``islandsim strategies`` lists without compiling (the weights are
``PARAMS`` in strategies/skeleton.py)."""


def game_spec():
    from simulator.core.engine.registry import ForwardModel, GameSpec
    from simulator.games.skeleton import engine
    from simulator.games.skeleton.components import STALL_CAP_TURNS
    from simulator.games.skeleton.engine import COLUMN_LABELS, GAME_COLUMNS, SEAT_COLUMNS
    from simulator.games.skeleton.hidden import redraw_hidden
    from simulator.games.skeleton.narrate import narrate
    from simulator.games.skeleton.play_text import describe_options, describe_view, narrate_for_seat
    from simulator.games.skeleton.state import COUNTERS, MAX_CHECKPOINTS, MAX_OPTIONS, PLAYERS, RULE_IDS, \
        RULE_LABELS, STATE_SIZE, TRAJECTORY

    return GameSpec(
        id="skeleton",
        title="Skeleton Island",
        player_counts=PLAYER_COUNTS,
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        default_strategy="map_builder",
        strategy_descriptions=dict(STRATEGY_DESCRIPTIONS),
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=engine.play_chunk,
        narrate=narrate,
        length_unit="turns",
        # only second-card-optional can stall
        stall_cap=f"the stall cap of stall_cap_turns turns, {STALL_CAP_TURNS} by default",
        seat_number_columns=("first_player",),
        column_labels=dict(COLUMN_LABELS),
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden, rule_ids=RULE_IDS, counters_offset=COUNTERS,
                             rule_labels=dict(RULE_LABELS), checkpoint_unit="turn", max_checkpoints=MAX_CHECKPOINTS,
                             trajectory_offset=TRAJECTORY, play_chunk_recording=engine.play_chunk_recording,
                             players_slot=PLAYERS),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
        rule_settings=RULE_SETTINGS,
    )
