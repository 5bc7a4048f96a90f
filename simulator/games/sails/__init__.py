"""Sails: the Jolly Dutch (2024) trick-taking treasure card game, 3-5 players.

Rules: the French rulebook of the Sails game; readings and variants: docs/games/sails.md.
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
    FLAG_RULES,
    FLAG_WEAKEST_TIE_NEAREST,
    MAX_PLAYERS,
    N_VARIANT_FLAGS,
    R_A1_BONUS,
    R_A2_CARDS,
    R_A3_CARDS,
    R_ACTION_ON_CARD,
    R_BONUS_CARDS,
    R_BONUS_PER_CARD,
    R_BONUS_PER_POINT,
    R_HAND_SIZE,
    R_ISLAND_VALUES,
    R_MAX_VALUE,
    R_ROUNDS,
    R_START_BONUS,
    R_START_POINTS,
    R_TREASURE_POINTS,
    R_TREASURE_REMOVED,
    R_TREASURES_PER_COLOUR,
    VARIANTS,
)

PLAYER_COUNTS = (3, 4, 5)

_CONFLICTS = (
    ("treasure-values-one-each", "treasure-values-low", "both set the treasure values (setting treasure_values)"),
    ("actions-side-b", "rb-action-side-b", "actions-side-b already flips the red/blue card"),
    ("actions-side-b", "gp-action-side-b", "actions-side-b already flips the green/purple card"),
)


def encode_variants(names, players, rules=None):
    """The engine's ``int64[N_VARIANT_FLAGS]`` flag vector for variant ``names`` and the rule
    settings ``rules`` (a ``RuleValues`` at ``players``; ``None``: the defaults, with the presets
    of ``names`` applied): the variant flags, then the rules block (``FLAG_RULES + R_*``).

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
    if rules is None:
        from simulator.core.engine.rule_settings import default_values
        from simulator.games.sails.settings import RULE_SETTINGS

        rules = default_values(RULE_SETTINGS, players, tuple(names))
    flags = np.zeros(N_VARIANT_FLAGS, dtype=np.int64)
    flags[FLAG_BONUS_AFTER_REVEAL] = "bonus-after-reveal" in chosen
    flags[FLAG_WEAKEST_TIE_NEAREST] = "weakest-tie-nearest" in chosen
    both = "actions-side-b" in chosen
    flags[FLAG_RB_SIDE] = both or "rb-action-side-b" in chosen
    flags[FLAG_GP_SIDE] = both or "gp-action-side-b" in chosen
    flags[FLAG_RANDOM_FIRST] = "random-first-player" in chosen
    flags[FLAG_ROUND2_FIRST_CARD_HOLDER] = "round2-first-card-holder" in chosen
    flags[FLAG_OPENING_PASS_ONCE] = "opening-pass-once" in chosen
    _encode_rules(flags, rules, players)
    return flags


def _encode_rules(flags, rules, players):
    """Write the rule values into the rules block of ``flags`` (after the variant flags)."""
    from simulator.core.engine.rule_settings import write_slots
    from simulator.games.sails.settings import PRESETS

    block = flags[FLAG_RULES:]
    treasures = rules["treasure_values"]
    # the rule counters of the value-set variants and of the swapped pairing follow the values in play
    if treasures == PRESETS["treasure-values-one-each"]["treasure_values"]:
        flags[FLAG_VALUE_SET] = 1
    elif treasures == PRESETS["treasure-values-low"]["treasure_values"]:
        flags[FLAG_VALUE_SET] = 2
    faces = {name: rules[name] for name in PRESETS["actions-pairing-swapped"]}
    flags[FLAG_PAIRING] = faces == PRESETS["actions-pairing-swapped"]
    write_slots(block, rules, {
        "hand_size": R_HAND_SIZE, "rounds": R_ROUNDS, "island_cards_per_colour": R_ISLAND_VALUES,
        "max_card_value": R_MAX_VALUE, "bonus_cards": R_BONUS_CARDS, "bonus_cards_per_point": R_BONUS_PER_POINT,
        "bonus_per_card_played": R_BONUS_PER_CARD, "a1_bonus_cards": R_A1_BONUS, "a2_island_cards": R_A2_CARDS,
        "a3_treasure_cards": R_A3_CARDS,
    })  # fmt: skip
    # "choisissez avec quel côté vous souhaitez jouer": the face up side of each Action card
    block[R_ACTION_ON_CARD] = rules["red_blue_action_b" if flags[FLAG_RB_SIDE] else "red_blue_action_a"]
    block[R_ACTION_ON_CARD + 1] = rules["green_purple_action_b" if flags[FLAG_GP_SIDE] else "green_purple_action_a"]
    block[R_TREASURES_PER_COLOUR] = len(treasures)
    for position, (points, removed) in enumerate(treasures):
        block[R_TREASURE_POINTS + position] = points
        block[R_TREASURE_REMOVED + position] = removed
    for seat in range(MAX_PLAYERS):
        if seat < players:
            block[R_START_BONUS + seat] = rules[f"seat{seat + 1}_start_bonus"]
            block[R_START_POINTS + seat] = rules[f"seat{seat + 1}_start_points"]


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
    from simulator.games.sails.settings import RULE_SETTINGS

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
        length_bound=("the rules end every game: `rounds` rounds of one trick per card dealt (`hand_size`; "
                      "rulebook: two rounds of 12 tricks, 9 at 5 players)"),
        seat_number_columns=("first_player",),
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden,
                             rule_ids=RULE_IDS, counters_offset=COUNTERS, rule_labels=dict(RULE_COUNTERS),
                             checkpoint_unit="trick", max_checkpoints=MAX_CHECKPOINTS, trajectory_offset=TRAJECTORY,
                             play_chunk_recording=engine.play_chunk_recording, players_slot=PLAYERS),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
        rule_settings=RULE_SETTINGS,
    )
