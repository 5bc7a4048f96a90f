"""Skeleton Island (ilopeli, 2012), 2-4 players: take clear cards from a spread Sand pile, build
treasure maps to claim Island cards, and pirate.

Rules: /work/shared/rules/skeleton-island.fr.md; spec: /work/shared/specs/skeleton.md; readings,
variants and the rule checklist: docs/games/skeleton.md.  Importing this package compiles nothing.
"""

import numpy as np

from simulator.games.skeleton.components import (
    BLOW_FLIP_P,
    BLOW_LAYER_P,
    BLOW_STRENGTH_PRESETS,
    CARD_LENGTH,
    CARD_WIDTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_OBJECTS,
    PILE_RADIUS,
    RADIUS_PRESETS,
    check_blow_layers,
)
from simulator.games.skeleton.state import (
    DECISION_KINDS,
    FLAG_BLOW_EACH_STANDARD,
    FLAG_BLOW_MAY_FLIP,
    FLAG_BLOW_LAYERS,
    FLAG_BLOW_P1_MILLI,
    FLAG_BURIED_HIDDEN,
    FLAG_CARD_LENGTH_MILLI,
    FLAG_CARD_WIDTH_MILLI,
    FLAG_FACE_UP_PERCENT,
    FLAG_FLIP_MILLI,
    FLAG_HIDDEN_COLLECTION,
    FLAG_KEEP_MAP_PIECES,
    FLAG_NO_PIRACY,
    FLAG_OBJECTS,
    FLAG_PUTBACK_FACE_UP,
    FLAG_PUTBACK_MAY_COVER,
    FLAG_RADIUS_MILLI,
    FLAG_RANDOM_FIRST,
    FLAG_SECOND_OPTIONAL,
    FLAG_TIEBREAK_ISLANDS,
    N_FLAGS,
    VARIANTS,
)

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
FACE_UP_PREFIX = "face-up-fraction-"
OBJECTS_PREFIX = "objects-"
MILLI = 1000


def _one_of(chosen, prefix):
    """The variants of ``chosen`` starting with ``prefix`` (at most one may be given)."""
    found = sorted(name for name in chosen if name.startswith(prefix))
    if len(found) > 1:
        raise ValueError(f"skeleton variants {', '.join(repr(n) for n in found)} conflict: choose one")
    return found[0] if found else None


def encode_variants(names, players):
    """The engine's ``int64[N_FLAGS]`` flag vector for variant ``names`` (the pile model's
    parameters come from data/pile.json, scaled to thousandths).

    Raises ValueError on an unknown variant, two variants of one family, or a bad player count.
    """
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Skeleton Island is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    chosen = set(names)
    for name in chosen:
        if name not in VARIANTS:
            raise ValueError(f"unknown skeleton variant '{name}'; variants: {', '.join(VARIANTS)}")
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    for name, flag in ON_OFF_FLAGS.items():
        flags[flag] = name in chosen
    face_up = _one_of(chosen, FACE_UP_PREFIX)
    flags[FLAG_FACE_UP_PERCENT] = int(face_up[len(FACE_UP_PREFIX):]) if face_up else -1
    objects = _one_of(chosen, OBJECTS_PREFIX)
    flags[FLAG_OBJECTS] = int(objects[len(OBJECTS_PREFIX):]) if objects else N_OBJECTS
    radius = _one_of(chosen, "pile-radius-")
    flags[FLAG_RADIUS_MILLI] = round(MILLI * (RADIUS_PRESETS[radius] if radius else PILE_RADIUS))
    flags[FLAG_CARD_WIDTH_MILLI] = round(MILLI * CARD_WIDTH)
    flags[FLAG_CARD_LENGTH_MILLI] = round(MILLI * CARD_LENGTH)
    strength = _one_of(chosen, "blow-strength-")
    scale = BLOW_STRENGTH_PRESETS[strength] if strength else 1.0
    set_blow_layers(flags, [min(1.0, probability * scale) for probability in BLOW_LAYER_P])
    flags[FLAG_FLIP_MILLI] = round(MILLI * BLOW_FLIP_P)
    return flags


def set_blow_layers(flags: np.ndarray, probabilities) -> None:
    """Write the blow cascade (one probability per layer, as many layers as given: data/pile.json
    decides how many) into the variant ``flags``; refuses a bad list (UsageError, one line)."""
    layers = check_blow_layers(list(probabilities), "blow layers")
    flags[FLAG_BLOW_LAYERS] = len(layers)
    flags[FLAG_BLOW_P1_MILLI:] = 0
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
        stall_cap=f"the stall cap of {STALL_CAP_TURNS} turns",  # only second-card-optional can stall
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
    )
