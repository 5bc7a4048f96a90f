"""Skeleton Island rule settings (issue 34): declared once (settings.py), read at run time by the
engine and the strategies, presets for the old parameter-like variants, every data key read,
bad values refused in one line, no recompile."""

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from simulator.core.engine.rule_settings import markdown_table
from simulator.core.engine.registry import UsageError
from simulator.core.engine.rule_settings import default_values, resolve, user_values
from simulator.games.skeleton import encode_variants
from simulator.games.skeleton.components import DATA, KIND_COIN, N_CONTENTS, content_tables
from simulator.games.skeleton.settings import PRESETS, RULE_SETTINGS
from simulator.games.skeleton.engine import new_game
from simulator.games.skeleton.state import (
    FACE_UP_MASK,
    FLAG_ISLAND_COINS,
    FLAGS,
    N_CARDS,
    N_FLAGS,
    SCORE,
    STATE_SIZE,
    TAKE_CARD,
)
from tests.skeleton.helpers import NO_LOG, hold, lineup, started

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "games" / "skeleton.md"


def rules_of(players, variants=(), **values):
    """The resolved rule values of ``values`` (setting name -> value) at ``players``."""
    return resolve(RULE_SETTINGS, variants, user_values(RULE_SETTINGS, list(values.items())), players)


def flags_of(players, variants=(), **values):
    return encode_variants(tuple(variants), players, rules_of(players, variants, **values))


def play(spec, names, flags, n_games=60, seed=11, debug=True):
    strategies, params = lineup(spec, names)
    seat_results = np.zeros((n_games, len(names), len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, n_games, flags, strategies, params, seat_results, game_results, debug)
    return seat_results, game_results


def column(spec, name):
    return list(spec.seat_columns).index(name)


# ---- declaration ----

# every key of every data file: the setting whose default it is, or the code that reads it, or
# documentation (a note, a reconstructed flag)
DATA_KEYS = {
    "components.json": {
        "_source": "doc",
        "colours.names": "code: COLOUR_NAMES (card names in narration, play, pictures)",
        "colours.reconstructed": "doc",
        "colours._note": "doc",
        "island_cards.count": "code: N_ISLANDS (one Island card per colour; the state's layout)",
        "island_cards.coins_each": "setting island_coins",
        "island_cards.reconstructed": "doc",
        "map_pieces.per_colour.half": "setting half_maps_per_colour",
        "map_pieces.per_colour.quarter": "setting quarter_maps_per_colour",
        "map_pieces.quarter_units.half": "code: HALF_UNITS (R17 combinations, invariants, the heuristic)",
        "map_pieces.quarter_units.quarter": "code: QUARTER_UNITS",
        "map_pieces.units_per_map": "code: UNITS_PER_MAP (the heuristic's coins per quarter unit)",
        "map_pieces.reconstructed": "doc",
        "pirate_objects.count": "setting pirate_objects",
        "pirate_objects.reconstructed": "doc",
        "players.min": "code: MIN_PLAYERS",
        "players.max": "code: MAX_PLAYERS",
        "players.reconstructed": "doc",
    },
    "pile.json": {
        "_note": "doc",
        "reconstructed": "doc",
        "card_width": "setting card_width",
        "card_length": "setting card_length",
        "pile_radius": "setting pile_radius",
        "blow_layer_probabilities": "setting blow_layer1_probability..blow_layer8_probability",
        "blow_flip_probability": "setting blow_flip_probability",
        "calibration._note": "doc",
        "calibration.reconstructed": "doc",
        "calibration.clear_at_setup": "code: tests/skeleton/test_pile.py (calibration check)",
        "calibration.clear_after_blow": "code: tests/skeleton/test_pile.py",
        "calibration.clear_after_blow_piles_of_10_or_more": "code: tests/skeleton/test_pile.py",
        "calibration.tolerance": "code: tests/skeleton/test_pile.py",
        "radius_presets.pile-radius-2.0": "preset pile-radius-2.0",
        "radius_presets.pile-radius-3.0": "preset pile-radius-3.0",
        "blow_strength_presets._note": "doc",
        "blow_strength_presets.blow-strength-50": "preset blow-strength-50",
        "blow_strength_presets.blow-strength-150": "preset blow-strength-150",
        "stall_cap_turns": "setting stall_cap_turns",
        "_stall_note": "doc",
    },
    "coin_cards.csv": {"coins": "setting coin_cards"},
}


def _leaves(document, prefix=""):
    for key, value in document.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _leaves(value, path + ".")
        else:
            yield path, value


def _data_value(path):
    if path.suffix == ".csv":
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
        return {name: [row[i] for row in rows[1:]] for i, name in enumerate(rows[0])}
    return dict(_leaves(json.loads(path.read_text(encoding="utf-8"))))


def test_every_data_key_is_read_or_marked_documentation():
    assert sorted(p.name for p in DATA.iterdir()) == sorted(DATA_KEYS)
    defaults = RULE_SETTINGS.defaults(4)
    for name, uses in DATA_KEYS.items():
        values = _data_value(DATA / name)
        assert set(values) == set(uses), f"{name}: keys not declared here (read them or mark them): " \
                                         f"{sorted(set(values) ^ set(uses))}"
        for key, use in uses.items():
            kind, _, what = use.partition(" ")
            if kind == "setting" and ".." not in what:
                value = values[key]
                if name.endswith(".csv"):
                    value = [int(cell) for cell in value]
                assert defaults[what] == value, f"{name} {key}: setting {what} defaults to {defaults[what]}, not {value}"
            elif kind == "preset":
                assert what in PRESETS and list(PRESETS[what].values())[0] == values[key]
    layers = _data_value(DATA / "pile.json")["blow_layer_probabilities"]
    assert [defaults[f"blow_layer{k}_probability"] for k in range(1, 9)] == layers + [0.0] * (8 - len(layers))


def test_declaration_is_complete():
    names = {setting.name for setting in RULE_SETTINGS.settings}
    assert {"island_coins", "coin_cards", "pirate_objects", "half_maps_per_colour", "quarter_maps_per_colour",
            "islands_to_end", "piracy_discards", "piracy_standard_turns", "blow_max_clear", "face_up_percent",
            "pile_radius", "blow_strength", "stall_cap_turns"} <= names
    assert {f"seat{seat}_start_coins" for seat in (1, 2, 3, 4)} <= names
    for setting in RULE_SETTINGS.settings:
        assert setting.rule and setting.description
        if setting.kind != "file":
            for players in (2, 3, 4):
                setting.check_number(setting.default_for(players))  # every default lies in its range
    assert all(setting.reconstructed for setting in RULE_SETTINGS.settings
               if setting.rule.endswith("(pile model 4.1)"))  # fmt: skip


def test_the_docs_table_matches_the_declaration():
    text = DOC.read_text(encoding="utf-8")
    assert "## Rule settings" in text
    assert markdown_table(RULE_SETTINGS) in text, "regenerate the table: print(rule_settings.markdown_table(RULE_SETTINGS))"
    for variant in PRESETS:
        assert f"`{variant}`" in text.split("## Rule settings", 1)[1]


# ---- defaults and presets: the same flags, the same games ----


def test_default_flags_keep_the_old_vector():
    """With default settings every variant's flags begin with the vector of before (commit bbf6994)."""
    reference = json.loads((Path(__file__).parent / "variant_flags_reference.json").read_text())["flags"]
    for players, by_variant in reference.items():
        for variant, old in by_variant.items():
            new = encode_variants((variant,) if variant else (), int(players))
            assert new[:len(old)].tolist() == old, (players, variant)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_preset_is_its_settings(variant):
    for players in (2, 3, 4):
        by_variant = encode_variants((variant,), players)
        by_settings = flags_of(players, (), **PRESETS[variant])
        assert np.array_equal(by_variant, by_settings)


def test_a_preset_plays_the_same_games_as_its_settings(spec):
    names = ("map_builder", "pirate", "coin_grabber")
    a = play(spec, names, encode_variants(("objects-9",), 3), n_games=40)
    b = play(spec, names, flags_of(3, pirate_objects=9), n_games=40)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_defaults_need_no_rules_argument():
    assert np.array_equal(encode_variants((), 4), encode_variants((), 4, default_values(RULE_SETTINGS, 4)))


# ---- a changed value changes the engine's outcome ----


def test_island_coins_change_scores_by_islands_times_the_difference(spec):
    """Random players choose the same options either way (island_coins changes no option): the
    same games, scores higher by 2 per Island card held."""
    names = ("random",) * 4
    base, base_games = play(spec, names, encode_variants((), 4))
    richer, richer_games = play(spec, names, flags_of(4, island_coins=7))
    islands, score = column(spec, "islands"), column(spec, "score")
    assert np.array_equal(base[:, :, islands], richer[:, :, islands])
    assert np.array_equal(richer[:, :, score] - base[:, :, score], 2 * base[:, :, islands])
    assert base[:, :, islands].sum() > 0 and np.array_equal(base_games[:, 0], richer_games[:, 0])


def test_a_coin_card_file_changes_the_coin_points(spec, tmp_path):
    """Every Gold coin card worth twice as much: coin points double on the same deals."""
    path = tmp_path / "coins.csv"
    path.write_text("coins\n" + "\n".join(str(2 * value) for value in RULE_SETTINGS.by_name["coin_cards"].default))
    rules = resolve(RULE_SETTINGS, (), user_values(RULE_SETTINGS, [("coin_cards", str(path))]), 3)
    names = ("random",) * 3
    base, _ = play(spec, names, encode_variants((), 3))
    doubled, _ = play(spec, names, encode_variants((), 3, rules))
    points = column(spec, "coin_points")
    assert np.array_equal(doubled[:, :, points], 2 * base[:, :, points]) and base[:, :, points].sum() > 0


def test_a_bigger_deck_is_dealt_and_conserved(spec):
    """More coin cards, more map pieces, more objects: the setup deals them all; the debug
    invariants (cards, map units, coins in the box) hold over whole games."""
    rules = resolve(RULE_SETTINGS, (), user_values(RULE_SETTINGS, [("quarter_maps_per_colour", "6"),
                                                                   ("pirate_objects", "10")]), 4)  # fmt: skip
    flags = encode_variants((), 4, rules)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(3, 0, 4, flags, 1, state, NO_LOG)
    assert state[N_CARDS] == 5 * 8 + 12 + 10
    _, games = play(spec, ("map_builder", "pirate", "coin_grabber", "random"), flags, n_games=40)
    assert games[:, 0].mean() > 0


def test_islands_to_end_ends_the_game_at_the_first_claim(spec):
    _, games = play(spec, ("map_builder",) * 3, flags_of(3, islands_to_end=1))
    claimed, end_kind = list(spec.game_columns).index("islands_claimed"), list(spec.game_columns).index("end_kind")
    assert games[:, claimed].max() == 1
    assert np.all(games[games[:, claimed] == 1, end_kind] == 0)


def test_seat_start_coins_change_setup_and_scores(spec):
    """seat2_start_coins = 4 at 3 players: seat 2 starts with 4 coins; random players play the same
    games, seat 2 ends 4 coins higher; the other seats and player counts are unchanged."""
    flags = flags_of(3, seat2_start_coins=4, seat4_start_coins=9)
    from simulator.games.skeleton.setup import setup_game
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    setup_game(state, 5, 0, 3, flags, 1, NO_LOG)
    assert state[SCORE:SCORE + 4].tolist() == [0, 4, 0, 0]
    base, _ = play(spec, ("random",) * 3, encode_variants((), 3))
    bonus, _ = play(spec, ("random",) * 3, flags)
    score = column(spec, "score")
    assert np.array_equal(bonus[:, :, score] - base[:, :, score], np.tile([0, 4, 0], (len(base), 1)))
    per_count = rules_of(4, seat2_start_coins="3:2,4:5")
    assert per_count["seat2_start_coins"] == 5 and rules_of(3, seat2_start_coins="3:2,4:5")["seat2_start_coins"] == 2


# ---- the default strategy reads the rules ----


def _take_decision(island_coins):
    """Seat 1 holds a red half-map; two face-up cards to choose from: the other red half (it
    completes the red map: an Island card) and a 3-coin card (the rule settings written into the
    state's flags, as new_game copies them)."""
    state = started(players=4, slot_is_content=True)
    state[FLAGS:FLAGS + N_FLAGS] = flags_of(4, island_coins=island_coins)
    kind, _, _, coin, _ = content_tables(2, 4, RULE_SETTINGS.by_name["coin_cards"].default)
    three = int(np.flatnonzero((kind == KIND_COIN) & (coin == 3))[0])
    hold(state, 0, 0)  # red half (slot s holds content s)
    state[FACE_UP_MASK] |= (1 << 1) | (1 << three)
    return state, np.array([1, three] + [0] * 62, dtype=np.int64)


@pytest.mark.parametrize("island_coins, chosen", [(5, 0), (2, 1)])
def test_map_builder_weighs_an_island_by_its_setting(spec, island_coins, chosen):
    """An Island card worth 5: map_builder takes the completing half (5 > 3 coins); worth 2, it
    takes the 3-coin card.  The rule number comes from the state, not the strategy."""
    state, options = _take_decision(island_coins)
    strategy = spec.strategies["map_builder"]
    stream = np.zeros(1, dtype=np.uint64)
    stream[0] = 12345
    choice = strategy.function(state, 0, TAKE_CARD, options, 2, strategy.params.copy(), stream)
    assert choice == chosen


def test_one_standard_turn_per_double_turn_stops_double_turns(spec):
    """piracy_standard_turns = 1: a piracy double turn is worth one card less three discards, never
    more than a standard turn: map_builder never takes it (it does with the rulebook's 2)."""
    names = ("map_builder",) * 4
    double = column(spec, "piracy_double")
    base, _ = play(spec, names, encode_variants((), 4), n_games=300, debug=False)
    single, _ = play(spec, names, flags_of(4, piracy_standard_turns=1), n_games=300, debug=False)
    assert base[:, :, double].sum() > 0 and single[:, :, double].sum() == 0


# ---- bad input: one line naming the setting, the value and what is allowed ----


@pytest.mark.parametrize("name, value, words", [
    ("island_coins", "-1", "setting island_coins = -1 is out of range; allowed: a whole number from 0 to 50"),
    ("pile_radius", "abc", "setting pile_radius = 'abc' is not a number"),
    ("piracy_discards", "2.5", "setting piracy_discards = '2.5' is not a whole number"),
    ("stall_cap_turns", "401", "allowed: a whole number from 1 to 400"),
    ("nope", "1", "unknown rule setting 'nope' for skeleton"),
])
def test_a_bad_value_is_refused_in_one_line(name, value, words):
    with pytest.raises(UsageError) as refused:
        user_values(RULE_SETTINGS, [(name, value)])
    assert words in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("text, words", [
    ("value\n1\n", "missing column 'coins'"),
    ("coins,colour\n1,red\n", "extra columns 'colour'"),
    ("coins\n1\nthree\n", "line 3: coins 'three' is not a whole number from 0 to 20"),
    ("coins\n1,2\n", "line 2 has 2 cells"),
    ("", "the file is empty"),
])
def test_a_bad_coin_card_file_is_refused_in_one_line(tmp_path, text, words):
    path = tmp_path / "coins.csv"
    path.write_text(text)
    with pytest.raises(UsageError) as refused:
        user_values(RULE_SETTINGS, [("coin_cards", str(path))])
    message = str(refused.value)
    assert message.startswith("setting coin_cards = ") and words in message and "\n" not in message


def test_a_deck_too_big_is_refused_in_one_line():
    from simulator.core.run.runner import RunConfig, prepare
    config = RunConfig("skeleton", 4, 10, 1, rules=user_values(RULE_SETTINGS, [("pirate_objects", "30")]))
    with pytest.raises(UsageError) as refused:
        prepare(config)
    message = str(refused.value)
    assert "the Sand deck would hold 72 cards" in message and f"allowed: 1 to {N_CONTENTS}" in message
    assert "\n" not in message


def test_a_preset_and_a_contradicting_setting_are_refused():
    with pytest.raises(UsageError, match="contradicts variant objects-5"):
        resolve(RULE_SETTINGS, ("objects-5",), user_values(RULE_SETTINGS, [("pirate_objects", "6")]), 4)


def test_a_run_records_its_changed_rules():
    from simulator.core.run.runner import RunConfig, prepare
    prepared = prepare(RunConfig("skeleton", 3, 10, 1, rules=user_values(RULE_SETTINGS, [("island_coins", "6")])))
    assert prepared.rule_values.changed() == {"island_coins": 6}
    assert prepared.variant_flags[FLAG_ISLAND_COINS] == 6


# ---- played at once: no recompile ----


def test_a_changed_value_compiles_nothing_new(spec):
    from simulator.games.skeleton import engine
    play(spec, ("map_builder", "random"), encode_variants((), 2), n_games=2)
    heuristic = spec.strategies["map_builder"].function
    before = (len(engine.play_chunk_recording.signatures), len(engine.new_game.signatures),
              len(heuristic.signatures))
    play(spec, ("map_builder", "random"), flags_of(2, island_coins=9, piracy_discards=2, blow_max_clear=4,
                                                   pile_radius=3.3, half_maps_per_colour=3), n_games=20)  # fmt: skip
    after = (len(engine.play_chunk_recording.signatures), len(engine.new_game.signatures),
             len(heuristic.signatures))
    assert before == after


def test_the_narration_reads_the_run_deck_and_start_coins(spec, tmp_path):
    """Every Gold coin card worth 10 and seat 1 starting with 30 coins: the replay names 10-coin
    cards (never the box's 1-coin cards) and its standing lines count seat 1's 30 coins."""
    import re

    path = tmp_path / "coins.csv"
    path.write_text("coins\n" + "10\n" * 12)
    rules = resolve(RULE_SETTINGS, (), user_values(RULE_SETTINGS, [("coin_cards", str(path)),
                                                                   ("seat1_start_coins", "30")]), 2)  # fmt: skip
    strategies, params = lineup(spec, ("coin_grabber", "coin_grabber"))
    lines = spec.narrate(3, 0, encode_variants((), 2, rules), strategies, params)
    text = "\n".join(lines)
    assert "10-coin card" in text and "1-coin card" not in text
    standings = [int(found) for found in re.findall(r"standing: seat 1 (\d+) coins", text)]
    assert standings and min(standings) >= 30


def test_the_command_line_sets_rules_and_refuses_bad_ones_in_one_line(capsys, tmp_path):
    from tests.cli_helpers import islandsim

    status, out, err = islandsim(capsys, "run", "--game", "skeleton", "--players", "3", "--n", "30", "--seed", "2",
                                 "--set", "island_coins=7", "--set", "seat3_start_coins=2", "--out", tmp_path / "a")
    assert status == 0, err
    assert "island_coins = 7 (rulebook: 5)" in out and "seat3_start_coins = 2 (rulebook: 0)" in out
    status, out, err = islandsim(capsys, "run", "--game", "skeleton", "--players", "3", "--n", "30",
                                 "--set", "pirate_objects=40", "--out", tmp_path / "b")
    assert status == 2 and err.startswith("error: the Sand deck would hold 82 cards") and err.count("\n") == 1
    assert not (tmp_path / "b").exists()
