"""Sails: the Jolly Dutch (2024) trick-taking treasure card game, 3-5 players.

Rules: /work/shared/rules/sails.fr.md; readings and variants: docs/games/sails.md.
Importing this package compiles nothing (numba compiles lazily on first call).
"""

import numpy as np

from simulator.games.sails.state import (
    DECISION_KINDS,
    FLAG_BONUS_AFTER_REVEAL,
    FLAG_GP_SIDE,
    FLAG_OPENING_PASS_ONCE,
    FLAG_PAIRING,
    FLAG_RANDOM_FIRST,
    FLAG_RB_SIDE,
    FLAG_ROUND2_FIRST_CARD_HOLDER,
    FLAG_VALUE_SET,
    FLAG_WEAKEST_TIE_NEAREST,
    N_FLAGS,
    VARIANTS,
)

PLAYER_COUNTS = (3, 4, 5)

_CONFLICTS = (
    ("treasure-values-one-each", "treasure-values-low", "both set the treasure values"),
    ("actions-side-b", "rb-action-side-b", "actions-side-b already flips the red/blue card"),
    ("actions-side-b", "gp-action-side-b", "actions-side-b already flips the green/purple card"),
)


def encode_variants(names, players):
    """The engine's ``int64[N_FLAGS]`` flag vector for variant ``names``.

    Raises ValueError on unknown or conflicting variants, or a bad player count.
    """
    if players not in PLAYER_COUNTS:
        raise ValueError(f"sails is played by 3, 4 or 5 players, not {players}")
    chosen = set(names)
    for name in chosen:
        if name not in VARIANTS:
            raise ValueError(f"unknown sails variant '{name}'; variants: {', '.join(VARIANTS)}")
    for first, second, why in _CONFLICTS:
        if first in chosen and second in chosen:
            raise ValueError(f"sails variants '{first}' and '{second}' conflict: {why}")
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    flags[FLAG_BONUS_AFTER_REVEAL] = "bonus-after-reveal" in chosen
    flags[FLAG_WEAKEST_TIE_NEAREST] = "weakest-tie-nearest" in chosen
    if "treasure-values-one-each" in chosen:
        flags[FLAG_VALUE_SET] = 1
    elif "treasure-values-low" in chosen:
        flags[FLAG_VALUE_SET] = 2
    both = "actions-side-b" in chosen
    flags[FLAG_RB_SIDE] = both or "rb-action-side-b" in chosen
    flags[FLAG_GP_SIDE] = both or "gp-action-side-b" in chosen
    flags[FLAG_PAIRING] = "actions-pairing-swapped" in chosen
    flags[FLAG_RANDOM_FIRST] = "random-first-player" in chosen
    flags[FLAG_ROUND2_FIRST_CARD_HOLDER] = "round2-first-card-holder" in chosen
    flags[FLAG_OPENING_PASS_ONCE] = "opening-pass-once" in chosen
    return flags


STRATEGY_DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream)",
    "greedy": "default heuristic: expected treasure/action gain from card counting, spends Bonus when it pays",
    "treasure_hunter": "chases treasures hard, spends Bonus freely, steals whenever it can, cares little for actions",
    "bonus_hoarder": "never spends Bonus cheaply, values receiving Bonus as the weakest card, keeps strong cards",
    "bluffer": "greedy play but always hides the colour of its card (shows only the number)",
}
"""Name -> one line: what ``islandsim strategies`` lists without compiling (the heuristic styles'
weights are ``PARAMS`` in strategies/sails.py)."""


def game_spec():
    from simulator.core.engine.registry import ForwardModel, GameSpec
    from simulator.games.sails import engine
    from simulator.games.sails.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.sails.hidden import redraw_hidden
    from simulator.games.sails.state import (
        COUNTERS, MAX_CHECKPOINTS, MAX_OPTIONS, PLAYERS, RULE_COUNTERS, RULE_IDS, STATE_SIZE, TRAJECTORY,
    )
    from simulator.games.sails.narrate import narrate
    from simulator.games.sails.play_text import describe_options, describe_view, narrate_for_seat

    return GameSpec(
        id="sails",
        title="Sails",
        player_counts=PLAYER_COUNTS,
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        default_strategy="greedy",
        strategy_descriptions=dict(STRATEGY_DESCRIPTIONS),
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=play_chunk,
        narrate=narrate,
        length_unit="tricks",
        stall_cap="",
        length_bound="the rules end every game: two rounds of 12 tricks (9 at 5 players)",
        seat_number_columns=("first_player",),
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden,
                             rule_ids=RULE_IDS, counters_offset=COUNTERS, rule_labels=dict(RULE_COUNTERS),
                             checkpoint_unit="trick", max_checkpoints=MAX_CHECKPOINTS, trajectory_offset=TRAJECTORY,
                             play_chunk_recording=engine.play_chunk_recording, players_slot=PLAYERS),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
    )
