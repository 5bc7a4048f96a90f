"""Tobago rule settings (issue 34): every number of the rules and components a designer may change
without code, with its default (the rule summary's and public sources', or the reconstruction's:
``data/components.json``, ``data/clue_cards.csv``, ``data/gold_cards.csv``), its range and its
rule id (the Tobago spec's R1..R65, A1..A32; docs/games/tobago.md).

Plain Python, never compiled (``simulator.compiled_cache.NOT_COMPILED``): ``encode_variants``
(``__init__.py``) writes the resolved values into the flag vector after the variant flags
(``state.RULE_*``), ``new_game`` copies the vector into the state's ``FLAGS`` block, and the engine
and the strategies read ``state[FLAGS + RULE_*]`` (no recompile when a value changes).

The island is one setting (``island``, issue 37): 0 draws one of the 32 layouts of the board file
per game, 1..32 always plays that one; the presets ``island-1`` .. ``island-32`` set it.  The 32
layouts' geometry stays compiled-in tables (a board catalogue, ``island.py``).
"""

from __future__ import annotations

from simulator.core.engine.rule_settings import FILE, INT, RuleSettings, Setting, per_seat, seat_total
from simulator.games.tobago.components import (
    DEFAULT_AMULETS,
    DEFAULT_CURSE_FREE_TOP,
    DEFAULT_CURSES,
    DEFAULT_HAND_SIZE,
    DEFAULT_LEGS,
    DEFAULT_MARKERS,
    DEFAULT_ROSES,
    DEFAULT_SIGHT,
    DEFAULT_SPACING,
    DEFAULT_TURN_CAP,
    MAX_CURSES,
    MAX_GOLD_CARDS,
    MAX_HAND_SIZE,
    MAX_ROSES,
    N_HUTS,
    N_PALMS,
    N_STATUES,
    SHIPPED_DECKS,
    SHIPPED_SPLITS,
    read_clue_cards,
    read_gold_cards,
)
from simulator.games.tobago.island import ISLAND_IDS, MAX_HEXES, N_HEXES, N_ISLANDS
from simulator.games.tobago.state import MAX_PLAYERS

PLAYER_COUNTS = (2, 3, 4)
MAX_AMULETS = 99
MAX_TURN_CAP = 100_000

CLUE_FORMAT = ("a CSV of clue cards, one row per card (1 to 64 rows), columns relation (in, next_to, in_sight), "
               "negated (0/1: 'not ...'), feature (mountains, jungle, beach, scrubland, river, lake, sea, hut, "
               "palm_tree, statue), largest (0/1: the largest area of a terrain), optionally reconstructed (0/1)")
GOLD_FORMAT = (f"a CSV of gold cards, columns value (1 to 6 coins, each once) and count (cards of that value; "
               f"1 to {MAX_GOLD_CARDS} cards in all), optionally reconstructed (0/1)")


def clue_count(values) -> int:
    """Clue cards in the run's deck."""
    return len(values["clue_cards"])


def gold_count(values) -> int:
    """Gold cards in the run's deck (curses apart)."""
    return sum(count for _, count in values["gold_cards"])


def _settings() -> tuple[Setting, ...]:
    settings = [
        Setting("island", INT, 0, "the island played: 0 draws one of the 32 layouts of the board file per game "
                "(the draw is made either way, so the other deals stay the same); 1 to 32 always plays that "
                "layout, in the board file's order (presets island-1 .. island-32)", "R2 / A26", 0, N_ISLANDS),
        Setting("hand_size", INT, dict(DEFAULT_HAND_SIZE), "clue cards in a hand: dealt after the opening clues "
                f"and drawn back to after each clue (at most {MAX_HAND_SIZE}; preset two-player-hand-4: 4 at 2 "
                "players)", "R8 / R15 / A32", 1, MAX_HAND_SIZE, unit="cards"),
        Setting("clue_cards", FILE, SHIPPED_DECKS[0], "the clue deck: every card's relation and feature (presets "
                "clue-deck-b, clue-deck-c: the other reconstructed decks, data/clue_cards_b.csv, _c.csv)",
                "R13 / R23 (spec 1.2)", reconstructed=True, read=read_clue_cards, file_format=CLUE_FORMAT),
        Setting("gold_cards", FILE, SHIPPED_SPLITS[0], "the gold cards: how many of each value (presets "
                "gold-values-bell, gold-values-low: data/gold_cards_bell.csv, _low.csv)", "R4 / R48 (spec 1.1)",
                reconstructed=True, read=read_gold_cards, file_format=GOLD_FORMAT),
        Setting("curse_cards", INT, DEFAULT_CURSES, f"curse cards shuffled into the gold deck (at most {MAX_CURSES})",
                "R4 / R54", 0, MAX_CURSES, unit="cards"),
        Setting("curse_free_top", INT, DEFAULT_CURSE_FREE_TOP, "gold cards on top of the gold deck with no curse "
                "among them: the curses are shuffled into the others (at most the gold cards; variant "
                "curses-anywhere ignores it)", "R4", 0, MAX_GOLD_CARDS, unit="cards"),
        Setting("amulets", INT, DEFAULT_AMULETS, "amulets in the game (the supply the statues draw from, seats' "
                "starting amulets included)", "R10 / A8", 0, MAX_AMULETS, unit="amulets"),
        Setting("roses_per_player", INT, DEFAULT_ROSES, f"compass roses of each player (at most {MAX_ROSES}): a "
                "clue needs one, a share pays one card per rose", "R1 / R14 / A30", 1, MAX_ROSES, unit="roses"),
        Setting("markers_per_map", INT, DEFAULT_MARKERS, "markers of a map: they go down once this many hexes or "
                "fewer can hold its treasure (preset markers-below-17: 16)", "R16 / A2", 1, MAX_HEXES,
                unit="markers"),
        Setting("legs_per_move", INT, DEFAULT_LEGS, "legs of one move (the turn's move and an amulet's extra move)",
                "R24 / R40", 1, 9, unit="legs"),
        Setting("sight_distance", INT, DEFAULT_SIGHT, "'in sight of' a feature: 1 to this many hexes away (clue "
                "cards 'in sight of' / 'not in sight of')", "R22", 1, 4, unit="hexes"),
        Setting("huts", INT, N_HUTS, f"huts on the island (at most {N_HUTS}, the box's): clues 'in / next to / in "
                "sight of a hut'", "R3 (spec 1.1)", 0, N_HUTS, unit="huts"),
        Setting("palm_trees", INT, N_PALMS, f"palm trees on the island (at most {N_PALMS}, the box's)",
                "R3 (spec 1.1)", 0, N_PALMS, unit="palm trees"),
        Setting("statues", INT, N_STATUES, f"statues on the island (at most {N_STATUES}, the box's): each makes an "
                "amulet appear at every raise", "R3 / R30 (spec 1.1)", 0, N_STATUES, unit="statues"),
        Setting("landmark_spacing", INT, DEFAULT_SPACING, "least distance between two landmarks of one kind (two "
                "huts, two palm trees, two statues; variant landmarks-all-apart: any two landmarks)", "R3 / A25",
                1, 5, unit="hexes"),
        Setting("turn_cap", INT, DEFAULT_TURN_CAP, "simulator stall cap, no rule: a game still going after this many "
                "turns stops with nobody ranked", "stall cap", 1, MAX_TURN_CAP, unit="turns"),
    ]
    settings += per_seat("start_amulets", MAX_PLAYERS, kind=INT, default=0, rule="R10 (handicap)", low=0,
                         high=MAX_AMULETS, unit="amulets",
                         description="amulets seat {seat} takes from the supply at setup (all seats' together "
                         "at most amulets)")  # fmt: skip
    settings += per_seat("extra_cards", MAX_PLAYERS, kind=INT, default=0, rule="R8 / R15 (handicap)",
                         low=-(MAX_HAND_SIZE - 1), high=MAX_HAND_SIZE - 1, unit="cards",
                         description="clue cards seat {seat} holds beyond hand_size, dealt and drawn back to all "
                         f"game (negative: fewer; its hand stays within 1 to {MAX_HAND_SIZE})")  # fmt: skip
    return tuple(settings)


def _presets() -> dict[str, dict]:
    presets: dict[str, dict] = {f"island-{k + 1}": {"island": k + 1} for k in range(N_ISLANDS)}
    presets["two-player-hand-4"] = {"hand_size": 4}
    presets["markers-below-17"] = {"markers_per_map": DEFAULT_MARKERS - 1}
    presets["clue-deck-b"] = {"clue_cards": SHIPPED_DECKS[1]}
    presets["clue-deck-c"] = {"clue_cards": SHIPPED_DECKS[2]}
    presets["gold-values-bell"] = {"gold_cards": SHIPPED_SPLITS[1]}
    presets["gold-values-low"] = {"gold_cards": SHIPPED_SPLITS[2]}
    return presets


PRESET_DESCRIPTIONS = {
    "two-player-hand-4": "A32: 4 clue cards in hand at 2 players (default: 6); preset hand_size = 4, 2 players only.",
    "markers-below-17": "A2: markers go down when fewer than 17 hexes match (default: 17 or fewer); preset "
                        "markers_per_map = 16.",
    "gold-values-bell": "Reconstruction: gold cards 2x7, 3x8, 4x9, 5x8, 6x7 (default flat 8/8/8/8/7); preset "
                        "gold_cards = data/gold_cards_bell.csv.",
    "gold-values-low": "Reconstruction: gold cards 2x10, 3x9, 4x8, 5x7, 6x5 (default flat 8/8/8/8/7); preset "
                       "gold_cards = data/gold_cards_low.csv.",
    "clue-deck-b": "Reconstruction: clue deck with 'not in largest T' instead of 'not next to T'; preset "
                   "clue_cards = data/clue_cards_b.csv.",
    "clue-deck-c": "Reconstruction: clue deck where river and lake get 'in sight of' instead of 'not next to'; "
                   "preset clue_cards = data/clue_cards_c.csv.",
}
"""The presets listed as variants (``islandsim games``); island-1 .. island-32 are presets of the one
setting ``island``, not listed one by one (issue 37)."""


def island_text(number: int) -> str:
    """``island`` setting value in words (docs)."""
    return "drawn per game" if number == 0 else f"{ISLAND_IDS[number - 1]} ({N_HEXES[number - 1]} hexes)"


def check(values, players: int) -> None:
    """Combinations the rules cannot play: a clue deck too small for the hands, a curse-free top
    taller than the gold deck, more starting amulets than amulets."""
    for seat in range(1, players + 1):
        extra = values[f"seat{seat}_extra_cards"]
        if not 1 <= values["hand_size"] + extra <= MAX_HAND_SIZE:
            raise ValueError(f"setting seat{seat}_extra_cards = {extra} makes seat {seat}'s hand "
                             f"{values['hand_size'] + extra} cards (hand_size {values['hand_size']}); allowed: a hand "
                             f"of 1 to {MAX_HAND_SIZE} cards")  # fmt: skip
    clues = clue_count(values)
    extras = seat_total(values, "extra_cards", players)
    needed = players * (values["hand_size"] + 1) + extras
    if clues < needed:
        raise ValueError(f"setting clue_cards: {clues} cards are too few for {players} players with hand_size "
                         f"{values['hand_size']} (each draws an opening clue and a hand: at least {needed})")  # fmt: skip
    gold = gold_count(values)
    if values["curse_free_top"] > gold:
        raise ValueError(f"setting curse_free_top = {values['curse_free_top']} is more than the {gold} gold cards "
                         f"of gold_cards; allowed: 0 to {gold}")  # fmt: skip
    start = seat_total(values, "start_amulets", players)
    if start > values["amulets"]:
        raise ValueError(f"settings seat1..{players}_start_amulets give {start} amulets at setup, more than "
                         f"amulets = {values['amulets']}")  # fmt: skip


RULE_SETTINGS = RuleSettings("tobago", _settings(), _presets(), check)
