"""Skirmish: the GAMESTUD island skirmish board game, 2-4 players.

Rules: the French rule leaflet of the game (rule ids R1..R51 and ambiguities A1..A33 of the
Island Skirmish spec); readings, variants and reconstructions: docs/games/skirmish.md.
Importing this package compiles nothing (numba compiles lazily on first call).
"""

import numpy as np

from simulator.games.skirmish.state import (
    DECISION_KINDS,
    FLAG_ADJACENCY_ORTHOGONAL,
    FLAG_CARD_COUNTS,
    FLAG_CARRY_MANDATORY,
    FLAG_CHEST_COUNTS,
    FLAG_CHOOSE_START_ANCHOR,
    FLAG_DROPPED_LOOT_LOST,
    FLAG_FLYING_BOMB_NO_BOAT,
    FLAG_GEMS_TO_WIN,
    FLAG_GEMS_TO_WIN_CHANGED,
    FLAG_HAND_SIZE,
    FLAG_PISTOL_AMMO,
    FLAG_SHIELD_DRAW,
    FLAG_START_AMMO,
    FLAG_START_CHARACTERS,
    FLAG_START_EXTRA_CARDS,
    FLAG_START_GEMS,
    MAX_PLAYERS,
    FLAG_GIFT_DRAW_AFTER,
    FLAG_MOVE_UP_TO,
    FLAG_MOVEMENT_COUNTS,
    FLAG_NO_REVISIT,
    FLAG_ORTHOGONAL_MOVES,
    FLAG_PASS_DISCARD_ANY,
    FLAG_PLACEMENT_BLOCKED_STAYS,
    FLAG_REMOVED_KINDS,
    PISTOL,
    FLAG_RANDOM_FIRST_PLAYER,
    FLAG_ROUND_CAP,
    FLAG_SHIELD_AMMO_LOST,
    MAX_ROUND_CAP,
    N_FLAGS,
    RULE_IDS,
    RULE_LABELS,
    VARIANTS,
)

PLAYER_COUNTS = (2, 3, 4)  # R1

_SIMPLE_FLAGS = {
    "move-orthogonal": FLAG_ORTHOGONAL_MOVES,
    "move-up-to": FLAG_MOVE_UP_TO,
    "move-no-revisit": FLAG_NO_REVISIT,
    "adjacency-orthogonal": FLAG_ADJACENCY_ORTHOGONAL,
    "carry-mandatory": FLAG_CARRY_MANDATORY,
    "placement-blocked-stays": FLAG_PLACEMENT_BLOCKED_STAYS,
    "flying-bomb-no-boat": FLAG_FLYING_BOMB_NO_BOAT,
    "shield-ammo-lost": FLAG_SHIELD_AMMO_LOST,
    "pass-discard-any": FLAG_PASS_DISCARD_ANY,
    "gift-draw-after": FLAG_GIFT_DRAW_AFTER,
    "dropped-loot-lost": FLAG_DROPPED_LOOT_LOST,
    "choose-start-anchor": FLAG_CHOOSE_START_ANCHOR,
    "random-first-player": FLAG_RANDOM_FIRST_PLAYER,
}


def _parametric(names, key):
    values = [name.partition("=")[2] for name in names if name.partition("=")[0] == key and "=" in name]
    if len(values) > 1:
        raise ValueError(f"skirmish: variant {key}= given {len(values)} times; give it once")
    return values[0] if values else None


def encode_variants(names, players, rules=None):
    """The engine's flag vector for variant ``names`` and rule values ``rules`` (a ``RuleValues``;
    None: the defaults with the presets of ``names``): ``N_FLAGS`` scalar flags, then the board block
    (state.py BOARD layout).  ValueError (one line) on an unknown or conflicting variant, a bad board
    file or a bad player count.  ``round-cap=N`` and ``board=FILE`` (variants taking a value) set the
    settings ``round_cap`` and ``board``; giving both the variant and the setting is refused."""
    from simulator.core.engine.rule_settings import default_values
    from simulator.games.skirmish.components import SPECIAL_CARDS, board_block, load_board, parse_board
    from simulator.games.skirmish.settings import (
        CARD_SETTINGS,
        MOVEMENT_SETTINGS,
        RULE_SETTINGS,
        chest_gems,
    )

    if players not in PLAYER_COUNTS:
        raise ValueError(f"skirmish is played by 2, 3 or 4 players, not {players}")
    chosen = set(names)
    for name in chosen:
        if name not in VARIANTS and name.partition("=")[0] not in ("board", "round-cap"):
            raise ValueError(f"unknown skirmish variant '{name}'; variants: {', '.join(VARIANTS)}")
    if rules is None:
        rules = default_values(RULE_SETTINGS, players, tuple(names))
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    for name, flag in _SIMPLE_FLAGS.items():
        flags[flag] = name in chosen
    flags[FLAG_GEMS_TO_WIN] = rules["gems_to_win"]  # R11/R50
    flags[FLAG_GEMS_TO_WIN_CHANGED] = rules["gems_to_win"] != RULE_SETTINGS.by_name["gems_to_win"].default  # R51
    cap = _parametric(names, "round-cap")
    if cap is None:
        flags[FLAG_ROUND_CAP] = rules["round_cap"]
    elif not cap.isdigit() or not 1 <= int(cap) <= MAX_ROUND_CAP:
        raise ValueError(f"skirmish: round-cap={cap} is not allowed; give a whole number of rounds from 1 to {MAX_ROUND_CAP}")
    elif rules.sources.get("round_cap") == "your setting" and rules["round_cap"] != int(cap):
        raise ValueError(f"setting round_cap = {rules['round_cap']} contradicts variant round-cap={cap}; give one of them")
    else:
        flags[FLAG_ROUND_CAP] = int(cap)
    counts = [chest_gems(rules), rules["chest_ammunition"], rules["chest_bobby"], rules["chest_trapped"],
              rules["chest_bombs"]]  # CHEST_* order: gems, ammo, Bobby, trapped, bombs (R5)
    flags[FLAG_CHEST_COUNTS:FLAG_CHEST_COUNTS + 5] = counts
    flags[FLAG_MOVEMENT_COUNTS:FLAG_MOVEMENT_COUNTS + 7] = [rules[name] for name in MOVEMENT_SETTINGS]
    flags[FLAG_CARD_COUNTS:FLAG_CARD_COUNTS + 9] = [rules[name] for name in CARD_SETTINGS]
    for i, card in enumerate(SPECIAL_CARDS):
        if f"no-{card}" in chosen:
            flags[FLAG_REMOVED_KINDS] |= 1 << (PISTOL + i)
    flags[FLAG_HAND_SIZE] = rules["hand_size"]  # R6/R14/R42
    flags[FLAG_PISTOL_AMMO] = rules["pistol_ammunition"]  # R35
    flags[FLAG_SHIELD_DRAW] = rules["shield_draw"]  # R40
    for seat in range(MAX_PLAYERS):
        flags[FLAG_START_GEMS + seat] = rules[f"seat{seat + 1}_start_gems"]
        flags[FLAG_START_AMMO + seat] = rules[f"seat{seat + 1}_start_ammunition"]
        flags[FLAG_START_EXTRA_CARDS + seat] = rules[f"seat{seat + 1}_start_extra_cards"]
        flags[FLAG_START_CHARACTERS + seat] = rules[f"seat{seat + 1}_start_characters"]
    board_file = _parametric(names, "board")
    if board_file is not None:
        if rules.sources.get("board") == "your setting":
            raise ValueError(f"setting board and variant board={board_file} both give the board; give one of them")
        board = load_board(board_file)
    else:
        board = parse_board("\n".join(rules["board"]), "board")
    block = board_block(board, "move-orthogonal" in chosen, "adjacency-orthogonal" in chosen)
    return np.concatenate([flags, block])


STRATEGY_DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream)",
    "prospector": "default heuristic: digs for gems (the smallest Movement card that reaches the nearest chest; always opens), keeps one character aboard, steals gems (from the gem leader first), then plays whatever else is playable: Flying Bomb (into an enemy boat, else toward the richest enemy's Anchor), Pistol / Hammer / Padlock on any target in reach, Potion, Poisoned Gift; always shields",
    "raider": "hunts enemy characters: ends its moves near them and attacks (Pistol, Hammer, Padlock; the gem leader's characters first) before anything but a steal; digs at 0.4 weight, keeps nobody aboard, steals ammunition when it has none",
    "bomber": "carries bombs (passing over them) toward the enemy Anchors and drops them into a boat, moves bombs alone, plays Flying Bombs into enemy boats or toward the richest enemy's Anchor; otherwise digs (weight 0.6), keeps one character aboard",
    "turtle": "prospector that keeps two characters aboard, never carries bombs on purpose and opens a chest only with a Shield in hand (it still attacks and plays Flying Bombs when it can); stalls: two turtles at 2 players reach the 200-round cap in 16.9% of games (no winner; docs/games/skirmish.md, Strategies)",
}
"""Name -> one line (the heuristic family's weights are ``PARAMS`` in strategies/skirmish.py)."""


def game_spec():
    """The registry's GameSpec of skirmish (a forward model)."""
    from simulator.core.engine.registry import ForwardModel, GameSpec
    from simulator.games.skirmish import engine, evaluation
    from simulator.games.skirmish.hidden import redraw_hidden
    from simulator.games.skirmish.narrate import narrate
    from simulator.games.skirmish.play_text import describe_options, describe_view, narrate_for_seat
    from simulator.games.skirmish.settings import RULE_SETTINGS
    from simulator.games.skirmish.state import COUNTERS, MAX_OPTIONS, MAX_ROUND_CAP, PLAYERS, STATE_SIZE, TRAJECTORY

    return GameSpec(
        id="skirmish",
        title="Island Skirmish (GAMESTUD)",
        player_counts=PLAYER_COUNTS,
        variants=dict(VARIANTS),
        encode_variants=encode_variants,
        rule_settings=RULE_SETTINGS,
        default_strategy="prospector",
        strategy_descriptions=dict(STRATEGY_DESCRIPTIONS),
        decision_kinds=DECISION_KINDS,
        seat_columns=engine.SEAT_COLUMNS,
        game_columns=engine.GAME_COLUMNS,
        play_chunk=engine.play_chunk,
        narrate=narrate,
        length_unit="turns",
        stall_cap="the round cap",  # round-cap=N, default 200 rounds
        ranked_by_score=False,
        ranked_by_score_note="the first to hold the gems needed wins, or the last survivor (R50); the others are unranked",
        chunk_size=5_000,
        seat_number_columns=("first_player", "winner_seat", "eliminated_by"),
        column_labels={"win_kind": ("gems", "last survivor", "capped")},
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden, rule_ids=RULE_IDS, counters_offset=COUNTERS,
                             rule_labels=dict(RULE_LABELS), checkpoint_unit="round",
                             max_checkpoints=MAX_ROUND_CAP + 1, trajectory_offset=TRAJECTORY,
                             play_chunk_recording=engine.play_chunk_recording, players_slot=PLAYERS,
                             evaluate_cut=evaluation.evaluate_cut),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
    )
