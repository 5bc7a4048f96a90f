"""Tobago (Bruce Allen, Zoch 2009), 2-4 players: deduce treasure sites on a hex island, race
there in an ATV, share the gold with the clue givers, beware of curses.

Rules: a French fan summary of Tobago's rules (rule ids R1..R65 of the Tobago spec); readings,
defaults and variants: docs/games/tobago.md.  Importing this package compiles nothing.
"""

import numpy as np

PLAYER_COUNTS = (2, 3, 4)


def variants() -> dict[str, str]:
    """Every listed variant id with its one-line description: the rule variants, and the presets of
    rule settings other than the islands (``island-1`` .. ``island-32`` set the one setting
    ``island`` and are accepted without being listed, issue 37)."""
    from simulator.games.tobago.settings import PRESET_DESCRIPTIONS
    from simulator.games.tobago.state import VARIANTS

    return {**VARIANTS, **PRESET_DESCRIPTIONS}


_EXCLUSIVE = (
    ("no-amulet-exchange", "exchange-any-subset", "no-amulet-exchange removes the exchange, exchange-any-subset does not apply to the pass alone"),
)


def encode_variants(names, players, rules=None):
    """The engine's ``int64[N_FLAGS]`` flag vector for variant ``names`` and the resolved rule
    settings ``rules`` (a ``RuleValues``; ``None``: the defaults with the presets of ``names``):
    the variant flags, then the settings' values at ``state.RULE_*``.

    Raises ValueError on unknown or conflicting variants, or a bad player count.
    """
    from simulator.core.engine import rule_settings
    from simulator.games.tobago import state as layout
    from simulator.games.tobago.components import OWN, SHIPPED_DECKS, SHIPPED_SPLITS, clue_table, gold_counts
    from simulator.games.tobago.settings import RULE_SETTINGS

    if players not in PLAYER_COUNTS:
        raise ValueError(f"tobago is played by 2, 3 or 4 players, not {players}")
    chosen = set(names)
    known = variants()
    for name in chosen:
        if name not in known and name not in RULE_SETTINGS.presets:
            raise ValueError(f"unknown tobago variant '{name}'; variants: {', '.join(known)} "
                             "(and island-1 .. island-32)")  # fmt: skip
    for first, second, why in _EXCLUSIVE:
        if first in chosen and second in chosen:
            raise ValueError(f"tobago variants '{first}' and '{second}' conflict: {why}")
    if "two-player-hand-4" in chosen and players != 2:
        raise ValueError(f"tobago variant 'two-player-hand-4' applies to 2 players only, not {players}")
    if rules is None:
        try:
            rules = rule_settings.default_values(RULE_SETTINGS, players, tuple(names))
        except Exception as error:  # UsageError of two presets setting one value
            raise ValueError(str(error)) from None
    flags = np.zeros(layout.N_FLAGS, dtype=np.int64)
    simple = {
        "amulets-at-setup": layout.FLAG_AMULETS_AT_SETUP,
        "clue-must-shrink": layout.FLAG_CLUE_MUST_SHRINK,
        "amulet-first-coast-hex": layout.FLAG_AMULET_FIRST_COAST,
        "statues-turn-anticlockwise": layout.FLAG_STATUES_ANTICLOCKWISE,
        "amulets-spent-removed": layout.FLAG_AMULETS_SPENT_REMOVED,
        "no-amulet-remove-cube": layout.FLAG_NO_REMOVE_CUBE,
        "no-amulet-exchange": layout.FLAG_NO_AMULET_EXCHANGE,
        "exchange-any-subset": layout.FLAG_EXCHANGE_SUBSET,
        "exchange-pass-only-without-amulet": layout.FLAG_EXCHANGE_PASS_ONLY_WITHOUT,
        "last-rose-must-take": layout.FLAG_LAST_ROSE_MUST_TAKE,
        "curse-reshuffled": layout.FLAG_CURSE_RESHUFFLED,
        "initial-clue-any-map": layout.FLAG_INITIAL_ANY_MAP,
        "landmarks-all-apart": layout.FLAG_LANDMARKS_ALL_APART,
        "random-atv-start": layout.FLAG_RANDOM_ATV_START,
        "tiebreak-amulets": layout.FLAG_TIEBREAK_AMULETS,
        "curses-anywhere": layout.FLAG_CURSES_ANYWHERE,
        "curse-amulet-without-gold": layout.FLAG_CURSE_AMULET_WITHOUT_GOLD,
        "raise-at-start-optional": layout.FLAG_RAISE_AT_START_OPTIONAL,
        "random-first-player": layout.FLAG_RANDOM_FIRST_PLAYER,
    }
    for name, flag in simple.items():
        flags[flag] = name in chosen
    # the rule settings (settings.py), read by the engine and the strategies at run time
    clues = clue_table(rules["clue_cards"])
    gold = gold_counts(rules["gold_cards"])
    flags[layout.FLAG_ISLAND] = rules["island"] - 1  # -1: drawn per game (R2 / A26)
    decks = [list(map(list, deck)) for deck in SHIPPED_DECKS]
    splits = [list(map(list, split)) for split in SHIPPED_SPLITS]
    cards = list(map(list, rules["clue_cards"]))
    split = list(map(list, rules["gold_cards"]))
    flags[layout.FLAG_CLUE_DECK] = decks.index(cards) if cards in decks else OWN
    flags[layout.FLAG_GOLD_SPLIT] = splits.index(split) if split in splits else OWN
    rule_settings.write_slots(flags, rules, {
        "hand_size": layout.RULE_HAND_SIZE, "amulets": layout.RULE_AMULETS, "roses_per_player": layout.RULE_ROSES,
        "markers_per_map": layout.RULE_MARKERS, "legs_per_move": layout.RULE_LEGS, "turn_cap": layout.RULE_TURN_CAP,
        "curse_cards": layout.RULE_CURSES, "curse_free_top": layout.RULE_CURSE_FREE_TOP,
        "landmark_spacing": layout.RULE_SPACING, "sight_distance": layout.RULE_SIGHT, "huts": layout.RULE_HUTS,
        "palm_trees": layout.RULE_PALMS, "statues": layout.RULE_STATUES,
    })  # fmt: skip
    flags[layout.RULE_N_CLUES] = len(clues)
    flags[layout.RULE_N_GOLD] = int(gold.sum())
    flags[layout.RULE_GOLD_COINS] = int(sum(value * count for value, count in enumerate(gold)))
    for seat in range(players):
        flags[layout.RULE_START_AMULETS + seat] = rules[f"seat{seat + 1}_start_amulets"]
        flags[layout.RULE_EXTRA_CARDS + seat] = rules[f"seat{seat + 1}_extra_cards"]
    flags[layout.RULE_GOLD_COUNT:layout.RULE_GOLD_COUNT + len(gold)] = gold
    flags[layout.RULE_CLUE_CARDS:layout.RULE_CLUE_CARDS + clues.size] = clues.reshape(-1)
    return flags


STRATEGY_DESCRIPTIONS = {
    "random": "uniform over the legal options (seat stream); turn_action then ends the turn or spends an amulet as often as it acts",
    "racer": "goes for raises: drives to located treasures (with amulet moves too), plays clues that shrink maps near its ATV, takes cards of 4+",
    "contributor": "goes for roses: plays a legal clue every turn on maps where it has roses, moves to raise or, holding fewer than 3 amulets, to an amulet one move away when its best clue is weak; spends amulets on hand swaps, strong extra clues and marker removals; takes a card worth the mean of those to come",
    "amulet_hunter": "collects amulets and spends them on extra clues and moves that finish a map and raise it in the same turn; wards curses",
}
"""Name -> one line (the heuristics' weights are ``PARAMS`` in strategies/tobago.py)."""


def rule_labels() -> dict[str, str]:
    """Plain names of the rule counters (reports)."""
    from simulator.games.tobago.state import RULE_IDS

    labels = dict(RULE_LABELS)
    return {rule: labels.get(rule, rule) for rule in RULE_IDS}


RULE_LABELS = {
    "R1": "each player takes an ATV and 15 roses", "R2": "the island is assembled", "R3": "landmarks placed",
    "R4": "gold deck built with the curses in the bottom 27", "R5": "markers sorted by map", "R6": "ATV placed",
    "R7": "opening clue laid on a map", "R8": "clue hands dealt", "R9": "start player", "R10": "amulet supply",
    "R11": "turn action (clue, move or exchange)", "R12": "turn passed to exchange clue cards",
    "R13": "clue laid on a map", "R14": "rose put on the clue", "R15": "hand refilled after a clue",
    "R16": "markers put down (17 hexes or fewer)", "R17": "a clue removed markers",
    "R18": "a clue refused: it would contradict the map", "R19": "a clue refused: it would remove no marker",
    "R20": "clue discard reshuffled", "R21": "'not next to / not in sight of' kept the place",
    "R22": "'in sight of' eliminated the place", "R23": "clue names a land type or landmark",
    "R24": "a leg driven (at most 3)", "R25": "a leg within an area or across a terrain change",
    "R26": "a leg ended on another ATV's hex", "R27": "raise ended the move, legs lost",
    "R28": "treasure raised at the turn start", "R29": "amulet picked up at the end of a leg",
    "R30": "statue made an amulet appear and turned", "R31": "amulet not placed: hex already holds one",
    "R32": "amulet appeared under a landmark", "R33": "second amulet picked up in one turn",
    "R34": "no amulet pick-up on an extra leg", "R35": "amulet taken for free at the turn start",
    "R36": "amulet used", "R37": "amulet bought one extra effect", "R38": "amulet: marker removed",
    "R39": "amulet: extra clue", "R40": "amulet: extra move", "R41": "amulet warded a curse (its holder had gold to protect)",
    "R42": "amulet: clue cards exchanged", "R43": "treasure raised on a hex shared with another treasure, a hut or a palm tree",
    "R44": "treasure located (one marker left) and raised", "R45": "first ATV on the site raised it",
    "R46": "raiser's rose put below the clues", "R47": "last marker returned", "R48": "gold drawn per rose and seen",
    "R49": "unseen extra gold card added", "R50": "gold card turned up and offered from the bottom rose",
    "R51": "offer passed to the next rose", "R52": "card taken, rose removed", "R53": "cards left discarded",
    "R54": "curse revealed: share stopped", "R55": "rose holder hit by a curse",
    "R56": "curse paid once despite several roses", "R57": "last taker started the new map",
    "R58": "nobody took a card: the raiser started the new map", "R59": "raise ended the turn",
    "R60": "raiser kept playing with an amulet", "R61": "turn played after a raise at its start",
    "R62": "play passed clockwise", "R63": "gold deck ran out: last share", "R64": "last share completed from the discard",
    "R65": "most coins wins",
    "variant:amulets-at-setup": "statues emitted at setup", "variant:last-rose-must-take": "last rose forced to take",
    "variant:curse-reshuffled": "curse put in the discard", "variant:random-atv-start": "ATVs placed at random",
    "variant:tiebreak-amulets": "ties broken by amulets", "variant:exchange-any-subset": "subset exchanged",
    "turn-cap": "game stopped by the turn cap (not a rule; nobody ranked)",
    "variant:curse-amulet-without-gold": "amulet given to a curse by a holder without gold",
    "variant:raise-at-start-optional": "treasure left under the ATV at the turn start",
    "variant:random-first-player": "start player drawn at random",
}


def game_spec():
    from simulator.core.engine.registry import ForwardModel, GameSpec
    from simulator.games.tobago import engine, evaluation
    from simulator.games.tobago.components import DEFAULT_TURN_CAP
    from simulator.games.tobago.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.tobago.hidden import redraw_hidden
    from simulator.games.tobago.island import ISLAND_IDS
    from simulator.games.tobago.narrate import narrate
    from simulator.games.tobago.settings import RULE_SETTINGS
    from simulator.games.tobago.play_text import describe_options, describe_view, narrate_for_seat
    from simulator.games.tobago.state import (
        COUNTERS, DECISION_KINDS, MAX_CHECKPOINTS, MAX_OPTIONS, PLAYERS, RULE_IDS, STATE_SIZE, TRAJECTORY,
    )

    return GameSpec(
        id="tobago",
        title="Tobago",
        player_counts=PLAYER_COUNTS,
        variants=variants(),
        encode_variants=encode_variants,
        default_strategy="contributor",
        strategy_descriptions=dict(STRATEGY_DESCRIPTIONS),
        decision_kinds=DECISION_KINDS,
        seat_columns=SEAT_COLUMNS,
        game_columns=GAME_COLUMNS,
        play_chunk=play_chunk,
        narrate=narrate,
        length_unit="turns",
        stall_cap=f"the turn cap of {DEFAULT_TURN_CAP:,} turns (setting turn_cap)",
        chunk_size=5_000,
        column_labels={"island": ISLAND_IDS},
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden, rule_ids=RULE_IDS, counters_offset=COUNTERS,
                             rule_labels=rule_labels(), checkpoint_unit="share", max_checkpoints=MAX_CHECKPOINTS,
                             trajectory_offset=TRAJECTORY, play_chunk_recording=engine.play_chunk_recording,
                             players_slot=PLAYERS, evaluate_cut=evaluation.evaluate_cut),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
        rule_settings=RULE_SETTINGS,
    )
