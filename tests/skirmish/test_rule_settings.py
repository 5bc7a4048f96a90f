"""Skirmish rule settings (issue 34): the declaration is complete (every data column read or marked
documentation), every setting reaches the engine, changed values change the game where they should,
the presets equal their settings, bad values are refused with one line, and a changed value
compiles nothing new."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import numpy as np
import pytest

from simulator.core.engine.rule_settings import markdown_table
from simulator.core.engine.errors import UsageError
from simulator.core.engine.rule_settings import INT, resolve, user_values
from simulator.core.players.strategies import build_lineup
from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.components import (
    CARD_TYPES,
    CHEST_MIXES,
    DATA,
    DEFAULT_BOARD,
    MOVEMENT_SETS,
    SPECIAL_CARDS,
    board_lines,
    load_board,
)
from simulator.games.skirmish.settings import CARD_SETTINGS, MOVEMENT_SETTINGS, RULE_SETTINGS, chest_gems
from simulator.games.skirmish.state import (
    AMMO,
    BOAT_NODE,
    BOMB_IN_CHEST,
    BOMB_LOC,
    BOMB_REMOVED,
    CHAR_LOC,
    CHEST_TOTAL,
    CHOOSE_CARD,
    DECK_TOTAL,
    DRAW_COUNT,
    FIRED_R51,
    FLAG_HAND_SIZE,
    FLAG_PISTOL_AMMO,
    FLAGS,
    FORCED_DISCARD,
    GEMS,
    GEMS_TO_WIN,
    HAND_COUNT,
    LOC_DEAD,
    MAX_OPTIONS,
    MAX_SQUARES,
    N_FLAGS,
    PISTOL,
    POTION,
    BOAT_CARD,
    ROUND_CAP,
    SQ_CHEST,
    STATE_SIZE,
)
from tests.skirmish.helpers import NO_LOG, Staged

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "skirmish.md"
NAMES = ("prospector", "raider", "bomber", "turtle")


def values_for(players: int, variants: tuple[str, ...] = (), **settings):
    """The resolved rule values with ``settings`` given as a user would (``--set name=value``)."""
    user = user_values(RULE_SETTINGS, [(name, str(value)) for name, value in settings.items()])
    return resolve(RULE_SETTINGS, variants, user, players)


def flags_for(players: int, variants: tuple[str, ...] = (), **settings) -> np.ndarray:
    return encode_variants(tuple(variants), players, values_for(players, variants, **settings))


def play(spec, flags, names=NAMES, n_games=8, seed=5, debug=True):
    players = len(names)
    lineup = build_lineup(spec, players, tuple(names))
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, n_games, flags, lineup.functions, lineup.params, seat_results, game_results, debug)
    return seat_results, game_results


def set_up(flags, players=4, seed=3):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    engine.new_game(seed, 0, players, flags, 1, state, NO_LOG)
    return state


# ---------------------------------------------------------------- the declaration

def test_declaration_is_complete():
    names = [setting.name for setting in RULE_SETTINGS.settings]
    assert {"gems_to_win", "round_cap", "board", "hand_size", "pistol_ammunition", "shield_draw", "chest_ammunition",
            "chest_bobby", "chest_trapped", "chest_bombs"} <= set(names)
    assert set(MOVEMENT_SETTINGS) <= set(names) and set(CARD_SETTINGS) <= set(names)
    for resource in ("gems", "ammunition", "extra_cards", "characters"):
        assert all(f"seat{seat}_start_{resource}" in names for seat in range(1, 5))
    for setting in RULE_SETTINGS.settings:
        assert setting.rule and setting.description
        if setting.kind == INT:
            assert setting.low <= setting.default <= setting.high, setting.name
    assert len(names) == 42


def test_defaults_come_from_the_data_files():
    defaults = RULE_SETTINGS.defaults(4)
    assert [defaults[name] for name in MOVEMENT_SETTINGS] == MOVEMENT_SETS["default"]
    with open(DATA / "cards.csv", encoding="utf-8") as handle:
        rows = {row["card"]: row for row in csv.DictReader(handle)}
    assert [defaults[name] for name in CARD_SETTINGS] == [int(rows[card]["count"]) for card in SPECIAL_CARDS]
    assert chest_gems(defaults) == CHEST_MIXES["default"][0] == 10
    assert defaults["board"] == board_lines(load_board(DEFAULT_BOARD))
    by_name = RULE_SETTINGS.by_name
    assert by_name["potion_cards"].reconstructed and not by_name["pistol_cards"].reconstructed  # label INF / RB
    assert by_name["chest_ammunition"].reconstructed and by_name["move_3_cards"].reconstructed


DATA_COLUMNS = {
    # file: column -> what reads it ("doc": documentation only)
    "cards.csv": {"card": "setting names <card>_cards", "type": "checked against the engine's card types (R12)",
                  "count": "defaults of <card>_cards", "label": "Setting.reconstructed (INF)", "note": "doc"},
    "chests.csv": {"mix": "preset names", "gem": "checked: the squares the other tiles leave",
                   "ammunition": "chest_ammunition", "trapped": "chest_trapped", "bomb": "chest_bombs",
                   "bobby": "chest_bobby", "reconstructed": "Setting.reconstructed", "note": "doc"},
    "movement.csv": {"set": "preset names", "value": "setting names move_N_cards", "count": "defaults, presets",
                     "reconstructed": "Setting.reconstructed"},
}


def test_every_data_column_is_read_or_documentation():
    for name, columns in DATA_COLUMNS.items():
        with open(DATA / name, encoding="utf-8") as handle:
            header = next(csv.reader(handle))
        assert set(header) == set(columns), name
    # the columns said to be read are: every mix / set row is a preset of its differing values
    for mix, counts in CHEST_MIXES.items():
        if mix != "default":
            values = values_for(4, (mix,))
            assert [chest_gems(values), values["chest_ammunition"], values["chest_bobby"], values["chest_trapped"],
                    values["chest_bombs"]] == list(counts), mix
    values = values_for(4, ("movement-flat",))
    assert [values[name] for name in MOVEMENT_SETTINGS] == MOVEMENT_SETS["movement-flat"]
    assert CARD_TYPES[SPECIAL_CARDS.index("shield")] == "defence"


def test_every_setting_reaches_the_engine(mirror_board):
    """Each setting, changed alone, changes the flag vector the engine copies into its state."""
    default = flags_for(4)
    for setting in RULE_SETTINGS.settings:
        if setting.kind != INT:
            continue
        value = setting.default + 1 if setting.default < setting.high else setting.default - 1
        changed = flags_for(4, **{setting.name: value})
        assert not np.array_equal(changed, default), setting.name
    other = flags_for(4, board=str(mirror_board))
    assert not np.array_equal(other[N_FLAGS:], default[N_FLAGS:])


@pytest.fixture(scope="module")
def mirror_board(tmp_path_factory):
    """The shipped board with the docks taken clockwise from the other Anchor of each side."""
    path = tmp_path_factory.mktemp("boards") / "mirror.txt"
    path.write_text(DEFAULT_BOARD.read_text(encoding="utf-8").replace("docks: (0,3) (3,9) (9,6) (6,0)",
                                                                      "docks: (0,6) (6,9) (9,3) (3,0)"))
    return path


# ---------------------------------------------------------------- the engine reads them

def test_defaults_give_the_same_flags_as_no_rules():
    assert np.array_equal(encode_variants((), 3), flags_for(3))
    assert np.array_equal(encode_variants(("chests-9-6-3", "no-bobby"), 2), flags_for(2, ("chests-9-6-3", "no-bobby")))


def test_hand_size_and_deck_change_the_deal():
    state = set_up(flags_for(4, hand_size=4, pistol_cards=10))
    assert [int(state[HAND_COUNT + seat]) for seat in range(4)] == [4] * 4
    assert state[DECK_TOTAL] == 84 and state[DRAW_COUNT] == 84 - 16
    assert state[FLAGS + FLAG_HAND_SIZE] == 4


def test_chest_settings_change_the_tiles_on_the_same_squares():
    default = set_up(flags_for(4))
    state = set_up(flags_for(4, chest_ammunition=8, chest_bombs=1))
    assert [int(state[CHEST_TOTAL + content]) for content in range(5)] == [9, 8, 1, 3, 1]
    chests = lambda s: [int(s[SQ_CHEST + square]) for square in range(MAX_SQUARES)]  # noqa: E731
    contents = chests(state)
    assert sorted(c for c in contents if c >= 0) == sorted([0] * 9 + [1] * 8 + [2] + [3] * 3 + [4])
    assert [c >= 0 for c in contents] == [c >= 0 for c in chests(default)]  # the same 22 squares
    assert [int(state[BOMB_LOC + bomb]) for bomb in range(3)] == [BOMB_IN_CHEST, BOMB_REMOVED, BOMB_REMOVED]


def test_seat_starting_resources_change_the_setup_only_for_that_seat(spec):
    default = set_up(flags_for(4))
    state = set_up(flags_for(4, seat2_start_gems=2, seat3_start_ammunition=3, seat1_start_extra_cards=2,
                             seat4_start_characters=2))
    assert [int(state[GEMS + seat]) for seat in range(4)] == [0, 2, 0, 0]
    assert [int(state[AMMO + seat]) for seat in range(4)] == [0, 0, 3, 0]
    assert [int(state[HAND_COUNT + seat]) for seat in range(4)] == [8, 6, 6, 6]
    team4 = [int(state[CHAR_LOC + 12 + k]) for k in range(4)]
    assert team4 == [BOAT_NODE + 3, BOAT_NODE + 3, LOC_DEAD, LOC_DEAD]
    assert [int(x) for x in state[SQ_CHEST:SQ_CHEST + MAX_SQUARES]] == \
        [int(x) for x in default[SQ_CHEST:SQ_CHEST + MAX_SQUARES]]  # the same deal of chests
    # whole games keep every invariant (debug on) with these handicaps
    play(spec, flags_for(4, seat2_start_gems=2, seat3_start_ammunition=3, seat1_start_extra_cards=2,
                         seat4_start_characters=2), n_games=6)


def test_gems_to_win_changes_the_end(spec):
    seat_results, game_results = play(spec, flags_for(4, gems_to_win=2), n_games=12)
    column = spec.game_columns.index
    by_gems = game_results[:, column("win_kind")] == 0
    assert by_gems.any()
    assert np.all(game_results[by_gems, column("winner_gems")] == 2)
    state = set_up(flags_for(4, gems_to_win=2))
    assert state[GEMS_TO_WIN] == 2 and state[FIRED_R51] == 1
    assert set_up(flags_for(4))[FIRED_R51] == 0


def test_round_cap_setting_stops_games(spec):
    _, game_results = play(spec, flags_for(4, round_cap=2), names=("random",) * 4, n_games=6)
    assert np.all(game_results[:, spec.game_columns.index("capped")] == 1)
    assert set_up(flags_for(4, round_cap=2))[ROUND_CAP] == 2


def test_pistol_ammunition_is_paid_per_kill():
    staged = Staged(players=2, variants=(), seed=3)
    staged.state[FLAGS + FLAG_PISTOL_AMMO] = flags_for(2, pistol_ammunition=2)[FLAG_PISTOL_AMMO]
    staged.put(0, 4, 4)
    staged.put(4, 4, 5)  # seat 2's character next to seat 1's
    staged.hand(0, [PISTOL, POTION])
    staged.state[AMMO + 0] = 1
    staged.start_turn(0)
    seat, kind, values = staged.pending()
    assert seat == 0 and POTION in values and PISTOL not in values  # 1 ammunition: a kill costs 2 (R35)
    staged.state[AMMO + 0] = 3
    staged.start_turn(0)
    staged.choose(PISTOL)  # one target in reach, and 3 ammunition pay for one kill only: no more asked
    assert staged.loc(4) == LOC_DEAD and staged.ammo(0) == 1


def test_the_default_strategy_reads_the_pistol_cost(spec):
    """The prospector discards its least valuable card: a Pistol it can fire (1 ammunition at the
    rulebook's cost of 1) is worth more than a Boat card; at a cost of 2 it cannot fire, and goes."""
    decide = spec.strategies["prospector"].function
    params = build_lineup(spec, 2, ("prospector", "prospector")).params[0]
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    options[:2] = [PISTOL, BOAT_CARD]
    chosen = {}
    for cost in (1, 2):
        state = set_up(flags_for(2, pistol_ammunition=cost), players=2)
        state[AMMO + 0] = 1
        stream = np.array([12345], dtype=np.uint64)
        chosen[cost] = int(options[decide(state, 0, FORCED_DISCARD, options, 2, params, stream)])
    assert chosen == {1: BOAT_CARD, 2: PISTOL}


def test_the_default_strategy_sends_a_lone_character(spec):
    """The prospector keeps one character aboard, but never the whole team a seat started with (R3,
    seat1_start_characters): with one character it plays the Movement card that takes it from the boat
    to the nearest chest (2 steps: boat -> Anchor -> chest), with two (one dead) it keeps the one aboard
    and plays its largest Movement card, as before."""
    decide = spec.strategies["prospector"].function
    params = build_lineup(spec, 2, ("prospector", "prospector")).params[0]
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    options[:3] = [1, 5, -1]  # Movement 2, Movement 6, end the turn
    chosen = {}
    for team in (1, 2):
        state = set_up(flags_for(2, seat1_start_characters=team), players=2)
        state[CHAR_LOC + 1] = LOC_DEAD  # (team 2: its second character is dead)
        assert state[CHAR_LOC + 0] == BOAT_NODE + 0
        stream = np.array([12345], dtype=np.uint64)
        chosen[team] = int(options[decide(state, 0, CHOOSE_CARD, options, 3, params, stream)])
    assert chosen == {1: 1, 2: 5}


# ---------------------------------------------------------------- presets and variants with a value

@pytest.mark.parametrize("variant, settings", [
    ("chests-9-6-3", {"chest_ammunition": 6}),
    ("chests-10-4-4", {"chest_ammunition": 4, "chest_trapped": 4}),
    ("no-bobby", {"chest_bobby": 0}),
    ("movement-flat", {"move_1_cards": 8, "move_3_cards": 8, "move_4_cards": 8, "move_6_cards": 8}),
    ("gems-to-win-4", {"gems_to_win": 4}),
])
def test_presets_equal_their_settings(spec, variant, settings):
    assert dict(RULE_SETTINGS.presets[variant]) == settings
    by_variant = encode_variants((variant,), 4)
    by_settings = flags_for(4, **settings)
    assert np.array_equal(by_variant, by_settings)
    first = play(spec, by_variant, n_games=3, debug=False)
    second = play(spec, by_settings, n_games=3, debug=False)
    assert all(np.array_equal(a, b) for a, b in zip(first, second))


def test_value_variants_equal_their_settings(mirror_board):
    assert np.array_equal(encode_variants(("round-cap=37",), 3), flags_for(3, round_cap=37))
    assert np.array_equal(encode_variants((f"board={mirror_board}",), 3), flags_for(3, board=str(mirror_board)))
    with pytest.raises(ValueError, match="round_cap"):
        encode_variants(("round-cap=37",), 3, values_for(3, round_cap=38))
    with pytest.raises(ValueError, match="board"):
        encode_variants((f"board={mirror_board}",), 3, values_for(3, board=str(mirror_board)))


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("settings, message", [
    ({"gems_to_win": 0}, "setting gems_to_win = 0 is out of range; allowed: a whole number from 1 to 40"),
    ({"hand_size": "six"}, "setting hand_size = 'six' is not a whole number from 1 to 12"),
    ({"chest_bombs": 4}, "setting chest_bombs = 4 is out of range"),
    ({"chest_ammunition": 15, "chest_trapped": 5}, "chest tiles: chest_ammunition + chest_bobby + chest_trapped + "
                                                  "chest_bombs = 24, more than the board's 22 chest squares"),
    ({"pistol_cards": 60}, "the deck holds 134 cards"),
    ({"hand_size": 12, **{name: 0 for name in CARD_SETTINGS}, **{name: 5 for name in MOVEMENT_SETTINGS}},
     "a deck of 35 cards is too small for 3 players: the setup deals 36"),
    ({"seat2_start_gems": 5}, "setting seat2_start_gems = 5 already wins (gems_to_win = 5)"),
    ({"seat1_start_extra_cards": -7}, "setting seat1_start_extra_cards = -7 deals fewer than 0 cards"),
    ({"seat3_start_characters": 5}, "setting seat3_start_characters = 5 is out of range"),
])
def test_bad_values_are_refused_with_one_line(settings, message):
    with pytest.raises(UsageError) as error:
        values_for(3, **settings)
    assert str(error.value).startswith(message), str(error.value)
    assert "\n" not in str(error.value)


def test_bad_board_file_is_refused_with_one_line(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("....\n....\nanchors: \ndocks: \n")
    with pytest.raises(UsageError) as error:
        user_values(RULE_SETTINGS, [("board", str(board))])
    assert str(error.value) == f"setting board = {board}: b.txt: 0 chest squares (X); the game has exactly 22 chests"


def test_a_conflicting_preset_and_setting_are_refused():
    with pytest.raises(UsageError, match="contradicts variant no-bobby"):
        values_for(4, ("no-bobby",), chest_bobby=1)


# ---------------------------------------------------------------- the run path, and no recompile

def test_a_run_with_changed_rules_compiles_nothing_new(spec):
    from simulator.core.run import runner

    dispatchers = (engine.play_chunk_recording, engine.new_game, engine.advance)
    play(spec, flags_for(4), n_games=2, debug=False)
    before = [len(dispatcher.signatures) for dispatcher in dispatchers]
    config = runner.RunConfig("skirmish", 4, 2, 3, lineup=NAMES, variants=("gems-to-win-4",),
                              rules=user_values(RULE_SETTINGS, [("hand_size", "5"), ("pistol_ammunition", "2"),
                                                                ("seat2_start_gems", "1")]))  # fmt: skip
    prepared = runner.prepare(config)
    flags = prepared.variant_flags
    assert prepared.rule_values.changed() == {"hand_size": 5, "pistol_ammunition": 2, "seat2_start_gems": 1,
                                              "gems_to_win": 4}
    assert flags[FLAG_HAND_SIZE] == 5 and flags[FLAG_PISTOL_AMMO] == 2
    play(spec, flags, n_games=2, debug=False)
    assert [len(dispatcher.signatures) for dispatcher in dispatchers] == before


# ---------------------------------------------------------------- the doc

def test_doc_table_matches_the_declaration():
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"<!-- settings table: generated.*?-->\n(.*?)\n<!-- end of settings table -->", text, re.S)
    assert match, "docs/games/skirmish.md lacks the generated settings table"
    assert match.group(1) == markdown_table(RULE_SETTINGS), "regenerate the table: print(rule_settings.markdown_table(RULE_SETTINGS))"
    for preset in RULE_SETTINGS.presets:
        assert f"`{preset}`" in text


def test_a_board_row_may_start_with_an_obstacle():
    # the hostile-input review: a valid board whose row 4 starts with '#' was read as a comment
    from simulator.games.skirmish.components import parse_board

    shipped = (Path(__file__).resolve().parents[2] / "simulator" / "games" / "skirmish" / "data" / "board.txt").read_text()
    rows = [line for line in shipped.splitlines() if line and not line.startswith("# ") and ":" not in line]
    board = parse_board(shipped)
    assert board.rows == len(rows)
    row = next(index for index, line in enumerate(rows) if line[0] == "." and "#" not in line)
    edited = shipped.replace(rows[row], "#" + rows[row][1:], 1)
    changed = parse_board(edited)
    assert changed.rows == board.rows and changed.kinds[row][0] != board.kinds[row][0]  # an obstacle, not a comment
