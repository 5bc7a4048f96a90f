"""Tobago rule settings (issue 34): the declaration, values read at run time (no recompile), the
strategies reading them, seats' starting amulets, presets equal to their settings, bad input
refused on one line, every data key read, and the doc table in step with the declaration."""

import csv
import json
import re
from pathlib import Path

import numpy as np
import pytest

from simulator.core.engine.rule_settings import markdown_table
from simulator.core.engine import registry, rule_settings
from simulator.core.engine.errors import UsageError
from simulator.games.tobago import components, encode_variants, engine
from simulator.games.tobago.island import N_ISLANDS, RELATION_MASK, REL_IN_SIGHT, SEA_AREA, N_AREAS
from simulator.games.tobago.settings import RULE_SETTINGS
from simulator.games.tobago.state import (
    ACTION_CLUE,
    ACTION_MOVE,
    AMULET_AT,
    AMULET_SUPPLY,
    AMULETS_HELD,
    ATV_HEX,
    FLAGS,
    HAND_LIMIT,
    ISLAND,
    MAP_LEN,
    N_HEX,
    ROSES,
    RULE_LEGS,
    SHARE_MAP,
    TURN_ACTION,
)
from strategies import tobago as heuristics
from tests.tobago.helpers import Game, get_spec, lineup, set_located

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "simulator" / "games" / "tobago" / "data"
DOC = ROOT / "docs" / "games" / "tobago.md"


def rules_for(players, variants=(), **values):
    """The resolved rule values with the user's ``values`` (numbers, or paths for files)."""
    user = rule_settings.user_values(RULE_SETTINGS, [(name, str(value)) for name, value in values.items()])
    return rule_settings.resolve(RULE_SETTINGS, tuple(variants), user, players)


def flags_for(players, variants=(), **values):
    return encode_variants(tuple(variants), players, rules_for(players, variants, **values))


def play(flags, names, n_games=60, seed=17):
    spec = get_spec()
    strategies, params = lineup(spec, names)
    seat = np.zeros((n_games, len(names), len(spec.seat_columns)), dtype=np.int64)
    game = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, n_games, flags, strategies, params, seat, game, True)
    return seat, game


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


# ---------------------------------------------------------------- the declaration

def test_declaration_names_every_rule_number_with_its_rule_and_range():
    names = [setting.name for setting in RULE_SETTINGS.settings]
    for expected in ("island", "hand_size", "huts", "palm_trees", "statues", "clue_cards", "gold_cards", "curse_cards", "curse_free_top", "amulets",
                     "roses_per_player", "markers_per_map", "legs_per_move", "sight_distance", "landmark_spacing",
                     "turn_cap", "seat1_start_amulets", "seat2_start_amulets", "seat4_start_amulets", "seat2_extra_cards"):
        assert expected in names
    for setting in RULE_SETTINGS.settings:
        assert setting.rule and setting.description
        if setting.kind != rule_settings.FILE:
            for players in (2, 3, 4):
                default = setting.default_for(players)
                assert setting.low <= default <= setting.high, setting.name
    assert RULE_SETTINGS.by_name["hand_size"].default == {2: 6, 3: 4, 4: 4}
    assert RULE_SETTINGS.by_name["clue_cards"].reconstructed and RULE_SETTINGS.by_name["gold_cards"].reconstructed


def test_the_islands_are_one_setting_and_their_presets_are_not_listed_as_variants():
    """Issue 37: one setting ``island`` (0 drawn, 1..32), presets island-N still accepted."""
    spec = get_spec()
    assert not any(name.startswith("island-") for name in spec.variants)
    assert all(registry.is_known_variant(spec, f"island-{k}") for k in range(1, N_ISLANDS + 1))
    assert not registry.is_known_variant(spec, f"island-{N_ISLANDS + 1}")
    assert RULE_SETTINGS.presets["island-7"] == {"island": 7}
    assert Game(players=2, variants=("island-7",), seed=1, debug=0).state[ISLAND] == 6
    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    engine.new_game(1, 0, 2, flags_for(2, island=7), 0, state, np.zeros((0, 6), dtype=np.int64))
    assert state[ISLAND] == 6


def test_default_flags_are_the_defaults_of_the_declaration():
    for players in (2, 3, 4):
        defaults = rule_settings.default_values(RULE_SETTINGS, players)
        assert np.array_equal(encode_variants((), players), encode_variants((), players, defaults))
        flags = encode_variants((), players)
        assert flags[RULE_LEGS] == 3


# ---------------------------------------------------------------- presets = their settings

@pytest.mark.parametrize("players, preset, values", [
    (2, "two-player-hand-4", {"hand_size": 4}),
    (3, "markers-below-17", {"markers_per_map": 16}),
    (3, "island-29", {"island": 29}),
    (4, "clue-deck-b", {"clue_cards": DATA / "clue_cards_b.csv"}),
    (4, "clue-deck-c", {"clue_cards": DATA / "clue_cards_c.csv"}),
    (3, "gold-values-bell", {"gold_cards": DATA / "gold_cards_bell.csv"}),
    (3, "gold-values-low", {"gold_cards": DATA / "gold_cards_low.csv"}),
])
def test_presets_play_the_games_of_their_settings(players, preset, values):
    by_preset = encode_variants((preset,), players)
    by_setting = flags_for(players, **values)
    assert np.array_equal(by_preset, by_setting)
    names = ("contributor", "racer", "amulet_hunter", "random")[:players]
    first, second = play(by_preset, names, 20), play(by_setting, names, 20)
    assert all(np.array_equal(a, b) for a, b in zip(first, second))


def test_two_presets_of_one_setting_conflict_on_one_line():
    with pytest.raises(UsageError, match="both set gold_cards"):
        rule_settings.resolve(RULE_SETTINGS, ("gold-values-bell", "gold-values-low"), (), 3)


# ---------------------------------------------------------------- values read at run time

def test_gold_values_change_the_scores_by_what_the_cards_are_worth(tmp_path):
    """R65: the score is the coins of the gold cards held: with 39 cards of 6 coins every seat
    scores 6 per card held (the debug checks count 234 coins in the game)."""
    sixes = write_csv(tmp_path / "sixes.csv", ["value", "count"], [[6, 39]])
    seat, _ = play(flags_for(3, gold_cards=sixes), ("contributor",) * 3)
    cards = seat[:, :, get_spec().seat_columns.index("gold_cards")]
    assert cards.sum() > 0 and np.array_equal(seat[:, :, 0], 6 * cards)
    default, _ = play(encode_variants((), 3), ("contributor",) * 3)
    assert not np.array_equal(default[:, :, 0], 6 * default[:, :, get_spec().seat_columns.index("gold_cards")])


def test_numbers_of_the_setup_come_from_the_settings():
    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    engine.new_game(3, 0, 4, flags_for(4, hand_size=3, roses_per_player=7, amulets=30), 0, state, log)
    assert state[HAND_LIMIT] == 3 and state[AMULET_SUPPLY] == 30
    assert all(state[ROSES + seat] + (state[MAP_LEN + 0:MAP_LEN + 4].sum() > 0) * 0 <= 7 for seat in range(4))
    assert sum(int(state[ROSES + seat]) for seat in range(4)) + int(state[MAP_LEN:MAP_LEN + 4].sum()) == 4 * 7


def test_changed_values_play_other_games_with_every_invariant_kept(tmp_path):
    names = ("contributor", "racer", "amulet_hunter")
    base = play(encode_variants((), 3), names, 40)
    small_deck = write_csv(tmp_path / "deck.csv", ["relation", "negated", "feature", "largest"],
                           [row[:4] for row in components.SHIPPED_DECKS[0][:30]])
    # R18: a card matching no hex ('in the sea'; 'in a palm tree' with no palm tree) is never laid,
    # not even as an opening clue or the first clue of a new map
    nowhere = write_csv(tmp_path / "nowhere.csv", ["relation", "negated", "feature", "largest"],
                        [["in", 0, "sea", 0]] * 20 + [row[:4] for row in components.SHIPPED_DECKS[0][:30]])
    for values in ({"clue_cards": nowhere}, {"legs_per_move": 4}, {"markers_per_map": 10}, {"sight_distance": 3}, {"curse_cards": 4},
                   {"curse_free_top": 0}, {"amulets": 5}, {"roses_per_player": 6}, {"landmark_spacing": 2},
                   {"clue_cards": small_deck}, {"turn_cap": 10}, {"huts": 2}, {"palm_trees": 0},
                   {"statues": 1}):
        changed = play(flags_for(3, **values), names, 40)  # debug checks on: components conserved
        assert not all(np.array_equal(a, b) for a, b in zip(base, changed)), values
    capped = play(flags_for(3, turn_cap=10), names, 40)[1]
    assert capped[:, get_spec().game_columns.index("capped")].all() and (capped[:, 0] == 10).all()


def test_the_default_sight_distance_computed_at_run_time_equals_the_island_tables():
    """R22: for another sight_distance the engine computes the 'in sight of' masks; computed for 2
    they are the island tables' (every island, every terrain, largest area and the sea)."""
    from simulator.games.tobago.rules import sight_masks

    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    for island in range(N_ISLANDS):
        masks = np.zeros((N_AREAS, 2), dtype=np.int64)
        sight_masks(state, island, 2, masks)
        for area in range(N_AREAS):
            assert np.array_equal(masks[area], RELATION_MASK[island, area, REL_IN_SIGHT]), (island, area)
    assert SEA_AREA < N_AREAS


def test_seat_two_starting_amulets_come_from_the_supply():
    """Issue 35: ``--vary seat2_start_amulets=0..2``: seat 2 starts with them, the supply has fewer."""
    state = np.zeros(engine.STATE_SIZE, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    for amulets in (0, 1, 2):
        engine.new_game(5, 0, 4, flags_for(4, seat2_start_amulets=amulets), 1, state, log)
        assert [int(state[AMULETS_HELD + seat]) for seat in range(4)] == [0, amulets, 0, 0]
        assert state[AMULET_SUPPLY] == 20 - amulets
    seat, _ = play(flags_for(4, seat2_start_amulets=2), ("contributor",) * 4, 40)
    base, _ = play(encode_variants((), 4), ("contributor",) * 4, 40)
    used = get_spec().seat_columns.index("amulets_used")
    assert seat[:, 1, used].sum() > base[:, 1, used].sum()


def test_a_seat_s_extra_cards_change_its_hand_all_game():
    """seatK_extra_cards: seat 3 holds 6 cards at 4 players (hand_size 4), seat 1 holds 3."""
    from simulator.games.tobago.state import HAND_COUNT, STEP, STEP_GAME_OVER

    g = Game(players=4, seed=8)
    g.flags = flags_for(4, seat3_extra_cards=2, seat1_extra_cards=-1)
    engine.new_game(8, 0, 4, g.flags, 1, g.state, g.log)
    g.play_setup()
    assert [int(g.state[HAND_COUNT + seat]) for seat in range(4)] == [3, 4, 6, 4]
    seat, _ = play(g.flags, ("contributor",) * 4, 30)  # debug checks: no hand above its limit
    base, _ = play(encode_variants((), 4), ("contributor",) * 4, 30)
    clues = get_spec().seat_columns.index("clues_played")
    assert not np.array_equal(seat[:, :, clues], base[:, :, clues])
    assert g.state[STEP] != STEP_GAME_OVER
    with pytest.raises(UsageError, match="seat2_extra_cards = 3 makes seat 2's hand 7 cards"):
        rules_for(4, seat2_extra_cards=3)


def test_no_value_recompiles_the_engine_or_the_strategies(tmp_path):
    """The values are data in the state: a run with other values compiles no new overload."""
    play(encode_variants((), 3), ("contributor", "racer", "random"), 5)
    before = (len(engine.play_chunk_recording.signatures), len(engine.new_game.signatures),
              len(heuristics.heuristic.signatures), len(engine.advance.signatures))
    sixes = write_csv(tmp_path / "sixes.csv", ["value", "count"], [[5, 20], [6, 19]])
    play(flags_for(3, legs_per_move=2, gold_cards=sixes, sight_distance=1, seat1_start_amulets=3),
         ("contributor", "racer", "random"), 5)
    after = (len(engine.play_chunk_recording.signatures), len(engine.new_game.signatures),
             len(heuristics.heuristic.signatures), len(engine.advance.signatures))
    assert before == after


# ---------------------------------------------------------------- the strategies read the rules

def test_the_default_strategy_drives_to_a_treasure_as_far_as_legs_per_move_reach():
    """R24: with a located treasure 4 legs away, the default plays a clue when a move has 3 legs,
    and drives there when legs_per_move is 4 (it reads the setting from the state)."""
    from simulator.games.tobago.island import LEGS_BETWEEN

    g = Game(players=4, seed=21)
    g.play_setup()
    state = g.state
    island, here = int(state[ISLAND]), int(state[ATV_HEX + 0])
    state[AMULET_AT:AMULET_AT + state[N_HEX]] = 0  # nothing to fetch
    state[AMULETS_HELD + 0] = 0
    target = next(h for h in range(state[N_HEX]) if LEGS_BETWEEN[island, here, h] == 4)
    located = next(m for m in range(4) if state[MAP_LEN + m] >= 1 and state[SHARE_MAP] != m)
    set_located(state, located, target)
    offered = [ACTION_CLUE, ACTION_MOVE]
    options = np.array(offered + [0] * 14, dtype=np.int64)
    params = np.array(heuristics.PARAMS["contributor"], dtype=np.float64)
    stream = np.zeros(4, dtype=np.uint64)

    def choice():
        return offered[heuristics.heuristic(state, 0, TURN_ACTION, options, 2, params, stream)]

    assert choice() == ACTION_CLUE
    state[FLAGS + RULE_LEGS] = 4
    assert choice() == ACTION_MOVE


def test_curses_are_expected_after_the_curse_free_top_the_settings_give():
    """R4: the strategies expect curses once the safe top is drawn: its size is read from the state."""
    g = Game(players=3, seed=2)
    g.play_setup()
    state = g.state
    assert not heuristics.curses_possible(state)
    from simulator.games.tobago.state import RULE_CURSE_FREE_TOP

    state[FLAGS + RULE_CURSE_FREE_TOP] = 0
    assert heuristics.curses_possible(state)


def test_strategies_keep_no_rule_number_of_their_own():
    source = (ROOT / "strategies" / "tobago.py").read_text()
    for name in ("N_GOLD", "N_CURSES", "GOLD_TOTAL", "REACH", "CURSE_FREE_TOP", "LEGS_PER_MOVE", "N_CLUES"):
        assert not re.search(rf"\b{name}\b", source), name
    compiled = [ROOT / "simulator" / "games" / "tobago" / name for name in ("rules.py", "engine.py", "hidden.py")]
    for path in compiled:
        text = path.read_text()
        for name in ("CLUE_CARDS", "GOLD_COUNTS", "GOLD_TOTAL", "N_AMULETS", "N_ROSES", "N_MARKERS", "TURN_CAP",
                     "LEGS_PER_MOVE", "CURSE_FREE_TOP", "N_GOLD", "N_CLUES", "LANDMARK_SPACING"):
            assert not re.search(rf"\b{name}\b", text), (path.name, name)
        assert "settings" not in re.findall(r"from simulator\.games\.tobago\.(\w+)", text)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("name, value, expected", [
    ("hand_size", "7", "setting hand_size = 7 is out of range; allowed: a whole number from 1 to 6"),
    ("island", "33", "setting island = 33 is out of range"),
    ("roses_per_player", "16", "out of range"),
    ("curse_cards", "5", "out of range"),
    ("legs_per_move", "two", "is not a whole number"),
    ("seat5_start_amulets", "1", "unknown rule setting 'seat5_start_amulets'"),
])
def test_bad_values_are_refused_on_one_line(name, value, expected):
    with pytest.raises(UsageError) as error:
        rule_settings.user_values(RULE_SETTINGS, [(name, value)])
    assert expected in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("header, rows, expected", [
    (["relation", "negated", "feature"], [["in", 0, "jungle"]], "missing columns largest"),
    (["relation", "negated", "feature", "largest", "colour"], [["in", 0, "jungle", 0, "red"]], "unknown columns colour"),
    (["relation", "negated", "feature", "largest"], [["near", 0, "jungle", 0]], "relation 'near' is not one of"),
    (["relation", "negated", "feature", "largest"], [["in", 2, "jungle", 0]], "negated '2' is not 0 or 1"),
    (["relation", "negated", "feature", "largest"], [["in", 0, "volcano", 0]], "feature 'volcano'"),
    (["relation", "negated", "feature", "largest"], [["in", 0, "hut", 1]], "only a terrain has a largest area"),
    (["relation", "negated", "feature", "largest"], [["in", 0, "jungle"]], "line 2: 4 cells expected"),
    (["relation", "negated", "feature", "largest"], [], "0 clue cards"),
])
def test_bad_clue_files_are_refused_on_one_line(tmp_path, header, rows, expected):
    path = write_csv(tmp_path / "deck.csv", header, rows)
    with pytest.raises(UsageError) as error:
        rule_settings.user_values(RULE_SETTINGS, [("clue_cards", str(path))])
    assert expected in str(error.value) and "setting clue_cards" in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("header, rows, expected", [
    (["value"], [[3]], "missing columns count"),
    (["value", "count"], [[7, 3]], "value 7 is not a gold value from 1 to 6"),
    (["value", "count"], [[3, 2], [3, 1]], "value 3 is listed twice"),
    (["value", "count"], [[3, "x"]], "count 'x' is not a whole number"),
    (["value", "count"], [[3, -1]], "count -1 is negative"),
    (["value", "count"], [[3, 61]], "61 gold cards; a deck holds 1 to 60"),
])
def test_bad_gold_files_are_refused_on_one_line(tmp_path, header, rows, expected):
    path = write_csv(tmp_path / "gold.csv", header, rows)
    with pytest.raises(UsageError) as error:
        rule_settings.user_values(RULE_SETTINGS, [("gold_cards", str(path))])
    assert expected in str(error.value) and "\n" not in str(error.value)


def test_combinations_the_rules_cannot_play_are_refused(tmp_path):
    small = write_csv(tmp_path / "deck.csv", ["relation", "negated", "feature", "largest"],
                      [row[:4] for row in components.SHIPPED_DECKS[0][:19]])
    rules_for(3, clue_cards=small)  # 3 players x (4 + 1) = 15 cards: enough
    with pytest.raises(UsageError, match="19 cards are too few for 4 players with hand_size 4"):
        rules_for(4, clue_cards=small)
    few_gold = write_csv(tmp_path / "gold.csv", ["value", "count"], [[4, 10]])
    with pytest.raises(UsageError, match="curse_free_top = 12 is more than the 10 gold cards"):
        rules_for(3, gold_cards=few_gold)
    with pytest.raises(UsageError, match="give 21 amulets at setup, more than amulets = 20"):
        rules_for(3, seat1_start_amulets=11, seat3_start_amulets=10)
    rules_for(2, seat1_start_amulets=11, seat3_start_amulets=10)  # seat 3 does not play at 2 players
    with pytest.raises(ValueError, match="applies to 2 players only"):
        encode_variants(("two-player-hand-4",), 3)


def test_the_shipped_files_read_as_the_defaults():
    assert RULE_SETTINGS.by_name["clue_cards"].default == components.read_clue_cards(DATA / "clue_cards.csv")
    assert RULE_SETTINGS.by_name["gold_cards"].default == components.read_gold_cards(DATA / "gold_cards.csv")
    assert len(components.SHIPPED_DECKS[0]) == 52 and sum(c for _, c in components.SHIPPED_SPLITS[0]) == 39


# ---------------------------------------------------------------- every data key is read

BOARD_READ = {"all_islands", "assembly", "sections"}
"""Top-level keys of tobago-board.json that island.py reads (its islands, their assembly, the faces)."""
BOARD_DOCUMENTATION = "the company's Tobago board file, copied unchanged: its " \
    "other keys explain the coordinates and the assembly in words, or give examples"
COMPONENT_KEYS_READ = {
    "huts": "count", "palm_trees": "count", "statues": "count", "landmark_spacing": "identical_min_distance",
    "gold_cards": "count", "curse_cards": "count", "curse_free_top": "count", "amulets": "count",
    "compass_roses_per_player": "count", "markers_per_map": "count", "treasure_maps": "count",
    "clue_cards": "count", "legs_per_move": "count", "sight_distance": "count", "turn_cap": "count",
}
COMPONENT_DOCUMENTATION = {"source", "label"}
"""components.json: the file's ``source`` and each entry's ``label`` (where the number comes from) are documentation."""


def test_every_key_of_components_json_is_read_or_documentation():
    data = json.loads((DATA / "components.json").read_text())
    source = (ROOT / "simulator" / "games" / "tobago" / "components.py").read_text()
    source += (ROOT / "simulator" / "games" / "tobago" / "island.py").read_text()
    for key, entry in data.items():
        if key in COMPONENT_DOCUMENTATION:
            continue
        if key == "hand_size":
            assert set(entry) == {"2", "3", "4", "label"} and 'COMPONENTS["hand_size"]' in source
            continue
        assert key in COMPONENT_KEYS_READ, f"components.json key {key} is read by nothing"
        assert set(entry) == {COMPONENT_KEYS_READ[key]} | COMPONENT_DOCUMENTATION & set(entry) | {"label"}
        assert f'["{key}"]["{COMPONENT_KEYS_READ[key]}"]' in source, key


def test_every_column_of_the_component_csvs_is_read():
    for name in components.DECK_FILES:
        with open(DATA / name, encoding="utf-8") as handle:
            header = next(csv.reader(handle))
        assert tuple(header) == components.CLUE_COLUMNS + components.OPTIONAL_COLUMNS
    for name in components.SPLIT_FILES:
        with open(DATA / name, encoding="utf-8") as handle:
            header = next(csv.reader(handle))
        assert tuple(header) == components.GOLD_COLUMNS + components.OPTIONAL_COLUMNS
    files = {path.name for path in DATA.iterdir()}
    assert files == {"components.json", "tobago-board.json", *components.DECK_FILES, *components.SPLIT_FILES}


def test_board_file_keys_read_or_documentation():
    board = json.loads((DATA / "tobago-board.json").read_text())
    island_source = (ROOT / "simulator" / "games" / "tobago" / "island.py").read_text()
    for key in BOARD_READ:
        assert f'board["{key}"]' in island_source
    for key in ("hex_count", "coast_hexes", "region_sizes", "id", "slots", "junction"):
        assert f'entry["{key}"]' in island_source or f"entry['{key}']" in island_source
    assert set(board) - BOARD_READ and BOARD_DOCUMENTATION  # the rest is the shared file's prose


# ---------------------------------------------------------------- the doc table

def test_the_doc_table_matches_the_declaration():
    text = DOC.read_text()
    assert markdown_table(RULE_SETTINGS) in text, "regenerate the table: print(rule_settings.markdown_table(RULE_SETTINGS))"
