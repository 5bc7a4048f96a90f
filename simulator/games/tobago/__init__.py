"""Tobago (Bruce Allen, Zoch 2009), 2-4 players: deduce treasure sites on a hex island, race
there in an ATV, share the gold with the clue givers, beware of curses.

Rules: /work/shared/rules/tobago.fr.md (a French fan summary); spec /work/shared/specs/tobago.md;
readings, defaults and variants: docs/games/tobago.md.  Importing this package compiles nothing.
"""

import numpy as np

PLAYER_COUNTS = (2, 3, 4)


def _island_variants() -> dict[str, str]:
    """``island-1`` .. ``island-32``: play one fixed layout of the board file (A26)."""
    from simulator.games.tobago.island import ISLAND_IDS, N_HEXES

    return {f"island-{k + 1}": f"A26: always play island {name} ({N_HEXES[k]} hexes; default: one of the 32 drawn per game)."
            for k, name in enumerate(ISLAND_IDS)}  # fmt: skip


def variants() -> dict[str, str]:
    """Every variant id with its one-line description."""
    from simulator.games.tobago.state import VARIANTS

    return {**VARIANTS, **_island_variants()}


_EXCLUSIVE = (
    ("gold-values-bell", "gold-values-low", "both set the gold values"),
    ("clue-deck-b", "clue-deck-c", "both set the clue deck"),
    ("no-amulet-exchange", "exchange-any-subset", "no-amulet-exchange removes the exchange, exchange-any-subset does not apply to the pass alone"),
)


def encode_variants(names, players):
    """The engine's ``int64[N_FLAGS]`` flag vector for variant ``names``.

    Raises ValueError on unknown or conflicting variants, or a bad player count.
    """
    from simulator.games.tobago import state as layout

    if players not in PLAYER_COUNTS:
        raise ValueError(f"tobago is played by 2, 3 or 4 players, not {players}")
    chosen = set(names)
    known = variants()
    for name in chosen:
        if name not in known:
            raise ValueError(f"unknown tobago variant '{name}'; variants: {', '.join(known)}")
    islands = sorted(name for name in chosen if name.startswith("island-"))
    if len(islands) > 1:
        raise ValueError(f"tobago variants {', '.join(islands)} conflict: one island per game")
    for first, second, why in _EXCLUSIVE:
        if first in chosen and second in chosen:
            raise ValueError(f"tobago variants '{first}' and '{second}' conflict: {why}")
    if "two-player-hand-4" in chosen and players != 2:
        raise ValueError(f"tobago variant 'two-player-hand-4' applies to 2 players only, not {players}")
    flags = np.zeros(layout.N_FLAGS, dtype=np.int64)
    simple = {
        "amulets-at-setup": layout.FLAG_AMULETS_AT_SETUP,
        "markers-below-17": layout.FLAG_MARKERS_BELOW_17,
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
        "two-player-hand-4": layout.FLAG_TWO_PLAYER_HAND_4,
        "curses-anywhere": layout.FLAG_CURSES_ANYWHERE,
        "curse-amulet-without-gold": layout.FLAG_CURSE_AMULET_WITHOUT_GOLD,
        "raise-at-start-optional": layout.FLAG_RAISE_AT_START_OPTIONAL,
        "random-first-player": layout.FLAG_RANDOM_FIRST_PLAYER,
    }
    for name, flag in simple.items():
        flags[flag] = name in chosen
    flags[layout.FLAG_GOLD_SPLIT] = 1 if "gold-values-bell" in chosen else (2 if "gold-values-low" in chosen else 0)
    flags[layout.FLAG_CLUE_DECK] = 1 if "clue-deck-b" in chosen else (2 if "clue-deck-c" in chosen else 0)
    flags[layout.FLAG_ISLAND] = int(islands[0].split("-", 1)[1]) - 1 if islands else -1
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
    from simulator.games.tobago import engine
    from simulator.games.tobago.components import TURN_CAP
    from simulator.games.tobago.engine import GAME_COLUMNS, SEAT_COLUMNS, play_chunk
    from simulator.games.tobago.hidden import redraw_hidden
    from simulator.games.tobago.island import ISLAND_IDS
    from simulator.games.tobago.narrate import narrate
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
        stall_cap=f"the turn cap of {TURN_CAP:,} turns",
        chunk_size=5_000,
        column_labels={"island": ISLAND_IDS},
        forward=ForwardModel(engine.new_game, engine.pending_decision, engine.apply, engine.final_results,
                             STATE_SIZE, MAX_OPTIONS, redraw_hidden, rule_ids=RULE_IDS, counters_offset=COUNTERS,
                             rule_labels=rule_labels(), checkpoint_unit="share", max_checkpoints=MAX_CHECKPOINTS,
                             trajectory_offset=TRAJECTORY, play_chunk_recording=engine.play_chunk_recording,
                             players_slot=PLAYERS),
        describe_options=describe_options,
        describe_view=describe_view,
        narrate_for_seat=narrate_for_seat,
    )
