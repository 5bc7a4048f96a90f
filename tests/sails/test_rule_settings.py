"""Sails rule settings (issue 34): every number of the rules a designer may change, read at run time.

The declaration is complete (every data key read or documented, the doc table generated from it),
a changed value changes the games as it should (same deals), the default strategy reads the values,
seats' starting resources change the setup, presets equal their settings byte for byte, bad values
and files are refused with one line, and nothing recompiles."""

import csv
import json
import re
from pathlib import Path

import numpy as np
import pytest

from simulator.core.engine.rule_settings import markdown_table
from simulator.core.engine.errors import UsageError
from simulator.core.engine.registry import check_variants
from simulator.core.engine.rng import new_stream
from simulator.core.engine.rule_settings import default_values, resolve, user_values
from simulator.games.sails import components, encode_variants
from simulator.games.sails.components import (
    DATA,
    DOCUMENTATION_KEYS,
    READ_KEYS,
    TREASURE_COLUMNS,
    TREASURE_FILES,
    TREASURE_OPTIONAL_COLUMNS,
    read_treasure_values,
)
from simulator.games.sails.engine import apply, new_game, pending_decision
from simulator.games.sails.settings import PRESETS, RULE_SETTINGS
from simulator.games.sails.state import (
    BONUS_DECK,
    BONUS_HELD,
    BONUS_PER_POINT,
    FLAG_RULES,
    MAX_OPTIONS,
    N_RULES,
    PLAY_BONUS,
    RULES,
    SCORE,
    STATE_SIZE,
    TREASURE_VALUE,
)
from strategies.sails import PARAMS, heuristic, with_memory
from tests.sails.helpers import lineup

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "games" / "sails.md"
NO_LOG = np.zeros((0, 6), dtype=np.int64)


def rules_of(*pairs, base=None):
    """The canonical user values of ``(name, value)`` pairs (as ``--set`` gives them)."""
    return user_values(RULE_SETTINGS, [(name, str(value)) for name, value in pairs], base=base)


def play(spec, names, n_games, rules=(), variants=(), seed=5, debug=True):
    """Seat and game result arrays of ``n_games`` games with the rule settings ``rules``."""
    players = len(names)
    flags = check_variants(spec, tuple(variants), players, tuple(rules))
    strategies, params = lineup(spec, names)
    seats = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    games = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, n_games, flags, strategies, params, seats, games, debug)
    return seats, games


def column(spec, name):
    return spec.seat_columns.index(name)


def write_treasures(path, rows, header="position,value,removed_at_3_players"):
    path.write_text(header + "\n" + "".join(",".join(map(str, row)) + "\n" for row in rows), encoding="utf-8")
    return path


# ---- the declaration ----


def _leaves(data, prefix=""):
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _leaves(value, path + ".")
        else:
            yield path


def test_every_data_key_is_read_or_documented():
    for name in ("components.json", "actions.json"):
        keys = {f"{name}:{leaf}" for leaf in _leaves(json.loads((DATA / name).read_text(encoding="utf-8")))}
        unused = keys - READ_KEYS - DOCUMENTATION_KEYS
        assert not unused, f"data keys neither read nor documented: {sorted(unused)}"
        assert not (keys & READ_KEYS & DOCUMENTATION_KEYS), "a key is both read and marked documentation"
    assert DOCUMENTATION_KEYS <= {f"{name}:{leaf}" for name in ("components.json", "actions.json")
                                  for leaf in _leaves(json.loads((DATA / name).read_text(encoding="utf-8")))}


def test_every_treasure_column_is_read():
    for path in TREASURE_FILES.values():
        with open(path, encoding="utf-8", newline="") as handle:
            header = next(csv.reader(handle))
        assert set(header) == set(TREASURE_COLUMNS + TREASURE_OPTIONAL_COLUMNS)  # all read by the reader
    assert {path.name for path in DATA.glob("*.csv")} == {path.name for path in TREASURE_FILES.values()}


def test_defaults_are_the_data_files():
    defaults = {setting.name: setting.default for setting in RULE_SETTINGS.settings}
    assert defaults["hand_size"] == {3: 12, 4: 12, 5: 9}
    assert defaults["bonus_cards"] == 22 and defaults["rounds"] == 2 and defaults["max_card_value"] == 12
    assert defaults["treasure_values"] == read_treasure_values(DATA / "treasure_values.csv")
    assert [value for value, _ in defaults["treasure_values"]] == [2, 2, 3, 3, 4, 4, 5, 6]
    assert (defaults["red_blue_action_a"], defaults["red_blue_action_b"]) == components.PAIRINGS["default"]["red-blue"]
    assert set(PRESETS) == {"treasure-values-one-each", "treasure-values-low", "actions-pairing-swapped"}
    names = [setting.name for setting in RULE_SETTINGS.settings]
    assert {f"seat{k}_start_bonus" for k in range(1, 6)} <= set(names)
    assert {f"seat{k}_start_points" for k in range(1, 6)} <= set(names)
    assert all(setting.rule and setting.description for setting in RULE_SETTINGS.settings)


def test_default_flag_vector_holds_the_defaults():
    flags = encode_variants((), 4)
    assert len(flags) == FLAG_RULES + N_RULES
    same = encode_variants((), 4, default_values(RULE_SETTINGS, 4))
    assert np.array_equal(flags, same)


def test_doc_table_matches_the_declaration():
    assert markdown_table(RULE_SETTINGS) in DOC.read_text(encoding="utf-8"), "regenerate the table: print(rule_settings.markdown_table(RULE_SETTINGS))"
    for variant in PRESETS:
        assert f"`{variant}`" in DOC.read_text(encoding="utf-8").split("## Rule settings", 1)[1]


# ---- changed values change the games ----


def test_treasure_values_change_scores_by_the_expected_amount(spec, tmp_path):
    """Random players (who read nothing) play the same games: doubled treasure values double the
    treasure points, and nothing else changes."""
    doubled = [[2 * value, removed] for value, removed in read_treasure_values(TREASURE_FILES["standard"])]
    path = write_treasures(tmp_path / "doubled.csv", [[i, v, r] for i, (v, r) in enumerate(doubled)])
    names = ("random",) * 4
    base_seats, base_games = play(spec, names, 30)
    seats, games = play(spec, names, 30, rules_of(("treasure_values", path)))
    treasure = column(spec, "treasure_points")
    assert np.array_equal(seats[:, :, treasure], 2 * base_seats[:, :, treasure])
    assert base_seats[:, :, treasure].sum() > 0
    bonus = column(spec, "bonus_points")
    assert np.array_equal(seats[:, :, bonus], base_seats[:, :, bonus])
    assert np.array_equal(games[:, 0], base_games[:, 0])


def test_bonus_cards_per_point_changes_bonus_points(spec):
    names = ("random",) * 4
    base, _ = play(spec, names, 30)
    seats, _ = play(spec, names, 30, rules_of(("bonus_cards_per_point", 1)))
    bonus, received = column(spec, "bonus_points"), column(spec, "bonus_received")
    assert np.array_equal(seats[:, :, received], base[:, :, received])  # same games
    assert seats[:, :, bonus].sum() >= 2 * base[:, :, bonus].sum() > 0


def test_start_points_add_to_one_seat(spec):
    names = ("random",) * 4
    base, _ = play(spec, names, 20)
    seats, _ = play(spec, names, 20, rules_of(("seat2_start_points", 7)))
    score = column(spec, "score")
    expected = base[:, :, score].copy()
    expected[:, 1] += 7
    assert np.array_equal(seats[:, :, score], expected)


def test_one_round_ends_the_game_after_the_first(spec):
    seats, games = play(spec, ("greedy",) * 4, 10, rules_of(("rounds", 1)))
    assert (games[:, spec.game_columns.index("length")] == 12).all()
    assert (seats[:, :, column(spec, "round2_score")] == 0).all()


def test_hand_size_changes_the_tricks(spec):
    _, games = play(spec, ("greedy",) * 5, 10, rules_of(("hand_size", "3:10,4:11,5:7")))
    assert (games[:, spec.game_columns.index("length")] == 14).all()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_number_plays_with_the_invariants_on(spec, players, tmp_path):
    """Changed numbers everywhere at once, the debug invariants checked after every trick."""
    five = write_treasures(tmp_path / "five.csv", [[0, 1, 1], [1, 2, 0], [2, 4, 0], [3, 7, 1], [4, 9, 0]])
    pairs = [("island_cards_per_colour", 9), ("max_card_value", 10), ("hand_size", 7), ("bonus_cards", 30),
             ("bonus_cards_per_point", 3), ("bonus_per_card_played", 2), ("a1_bonus_cards", 3),
             ("a2_island_cards", 1), ("a3_treasure_cards", 2), ("red_blue_action_a", 3),
             ("green_purple_action_a", 2), ("treasure_values", five), ("seat1_start_bonus", 2),
             ("seat3_start_bonus", 4), ("seat2_start_points", -3)]  # fmt: skip
    seats, games = play(spec, ("greedy", "random", "treasure_hunter", "bluffer", "bonus_hoarder")[:players], 40,
                        rules_of(*pairs))
    assert (games[:, spec.game_columns.index("length")] == 14).all()
    assert games[:, spec.game_columns.index("actions_used_a1"):spec.game_columns.index("actions_used_a4") + 1].sum() > 0


def test_a_seat_starts_with_its_bonus_cards():
    flags = check_variants(_spec(), (), 4, rules_of(("seat3_start_bonus", 3), ("seat1_start_points", 4)))
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(1, 0, 4, flags, 1, state, NO_LOG)  # first decision: the opening pass, before any trick
    assert [int(state[BONUS_HELD + seat]) for seat in range(4)] == [0, 0, 3, 0]
    assert state[BONUS_DECK] == 22 - 3
    assert state[SCORE] == 4
    assert np.array_equal(state[RULES:RULES + N_RULES], flags[FLAG_RULES:FLAG_RULES + N_RULES])


def _spec():
    from simulator.games.sails import game_spec

    return game_spec()


# ---- the default strategy reads the rules ----


def _bonus_decisions(n_games=40):
    """States at PLAY_BONUS decisions (a choice) of default greedy games, with their options."""
    spec = _spec()
    strategies, params = lineup(spec, ("greedy",) * 4)
    flags = encode_variants((), 4)
    found = []
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    for game in range(n_games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        new_game(3, game, 4, flags, 0, state, NO_LOG)
        stream = new_stream(3, game, 1)
        while True:
            seat, kind, n = pending_decision(state, options)
            if seat < 0:
                break
            if kind == PLAY_BONUS:
                found.append((state.copy(), seat, kind, options[:n].copy(), n))
            choice = strategies[seat](state, seat, kind, options, n, params[seat], stream)
            apply(state, choice, NO_LOG)
    return found


def _greedy_choice(state, seat, kind, options, n):
    return heuristic(state, seat, kind, options, n, with_memory(PARAMS["greedy"]), np.zeros(1, dtype=np.uint64))


def test_greedy_spends_more_bonus_when_bonus_cards_score_less():
    """bonus_cards_per_point = 22: a Bonus card held is worth almost nothing at the end, so greedy
    attaches more of them to its cards; same positions, only the rule slot changed."""
    decisions = _bonus_decisions()
    assert len(decisions) > 50
    more = fewer = 0
    for state, seat, kind, options, n in decisions:
        before = options[_greedy_choice(state, seat, kind, options, n)]
        changed = state.copy()
        changed[BONUS_PER_POINT] = 22
        after = options[_greedy_choice(changed, seat, kind, options, n)]
        more += after > before
        fewer += after < before
    assert more > 0 and fewer == 0


def test_greedy_reads_the_treasure_values():
    """A treasure worth 0 is not worth spending Bonus cards for: greedy spends fewer."""
    decisions = _bonus_decisions()
    more = fewer = 0
    for state, seat, kind, options, n in decisions:
        before = options[_greedy_choice(state, seat, kind, options, n)]
        changed = state.copy()
        changed[TREASURE_VALUE:TREASURE_VALUE + 32] = 0
        after = options[_greedy_choice(changed, seat, kind, options, n)]
        more += after > before
        fewer += after < before
    assert fewer > 0 and more == 0


# ---- presets ----


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_preset_plays_the_games_of_its_settings(spec, variant):
    names = ("greedy", "bluffer", "random", "treasure_hunter")
    by_variant = play(spec, names, 20, variants=(variant,))
    pairs = [(name, json.dumps(value)) for name, value in PRESETS[variant].items()]
    by_settings = play(spec, names, 20, rules=tuple(sorted(pairs)))
    assert np.array_equal(by_variant[0], by_settings[0]) and np.array_equal(by_variant[1], by_settings[1])
    assert np.array_equal(check_variants(spec, (variant,), 4), check_variants(spec, (), 4, tuple(sorted(pairs))))


def test_presets_are_the_data_files():
    assert PRESETS["treasure-values-low"]["treasure_values"] == read_treasure_values(DATA / "treasure_values_low.csv")
    assert [v for v, _ in PRESETS["treasure-values-one-each"]["treasure_values"]] == [2, 3, 4, 5, 6, 7, 8, 9]
    swapped = components.PAIRINGS["swapped"]
    assert (PRESETS["actions-pairing-swapped"]["red_blue_action_b"],
            PRESETS["actions-pairing-swapped"]["green_purple_action_a"]) == (swapped["red-blue"][1],
                                                                            swapped["green-purple"][0])


# ---- bad input: one line naming the setting, the value and what is allowed ----


def _one_line(error):
    message = str(error.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("name, value, words", [
    ("hand_size", 13, ("hand_size", "13", "1 to 12")),
    ("rounds", 3, ("rounds", "3", "1 to 2")),
    ("a3_treasure_cards", 4, ("a3_treasure_cards", "4", "1 to 3")),
    ("bonus_cards", "many", ("bonus_cards", "many", "whole number")),
    ("red_blue_action_a", 5, ("red_blue_action_a", "5", "1 to 4")),
])  # fmt: skip
def test_out_of_range_values_are_refused(name, value, words):
    with pytest.raises(UsageError) as error:
        rules_of((name, value))
    message = _one_line(error)
    assert all(word in message for word in words), message


def test_a_deck_too_small_for_the_player_count_is_refused():
    with pytest.raises(UsageError) as error:
        resolve(RULE_SETTINGS, (), rules_of(("island_cards_per_colour", 6)), 4)
    message = _one_line(error)
    assert "hand_size = 12" in message and "island_cards_per_colour = 6" in message and "up to 6" in message
    resolve(RULE_SETTINGS, (), rules_of(("island_cards_per_colour", 6), ("hand_size", 6)), 4)
    with pytest.raises(UsageError, match="max_card_value = 9 is below"):
        resolve(RULE_SETTINGS, (), rules_of(("max_card_value", 9)), 4)
    with pytest.raises(UsageError, match="start_bonus settings hand out 25"):
        resolve(RULE_SETTINGS, (), rules_of(("seat1_start_bonus", 20), ("seat3_start_bonus", 5)), 3)


@pytest.mark.parametrize("header, rows, words", [
    ("position,value", [[0, 2]], ("missing columns removed_at_3_players",)),
    ("position,value,removed_at_3_players,colour", [[0, 2, 1, "red"]], ("unknown columns colour",)),
    ("position,value,removed_at_3_players", [[0, "two", 1]], ("line 2", "value = 'two'", "0 to 100")),
    ("position,value,removed_at_3_players", [[0, 2, 1], [2, 3, 0]], ("line 3", "position 2, expected 1")),
    ("position,value,removed_at_3_players", [[i, 2, 0] for i in range(9)], ("position = '8'", "0 to 7")),
    ("position,value,removed_at_3_players", [[0, 2, 1, 5]], ("line 2", "4 cells")),
])  # fmt: skip
def test_bad_treasure_files_are_refused(tmp_path, header, rows, words):
    path = write_treasures(tmp_path / "bad.csv", rows, header)
    with pytest.raises(UsageError) as error:
        rules_of(("treasure_values", path))
    message = _one_line(error)
    assert message.startswith("setting treasure_values = ") and all(word in message for word in words), message


def test_removing_every_treasure_at_3_players_is_refused(tmp_path):
    path = write_treasures(tmp_path / "gone.csv", [[0, 2, 1], [1, 3, 1]])
    rules = rules_of(("treasure_values", path))
    resolve(RULE_SETTINGS, (), rules, 4)
    with pytest.raises(UsageError, match="removes every Treasure card at 3 players"):
        resolve(RULE_SETTINGS, (), rules, 3)


# ---- no recompile ----


def test_changed_values_compile_nothing(spec):
    from simulator.games.sails import engine

    play(spec, ("greedy",) * 4, 2)
    compiled = (len(engine.play_chunk_recording.signatures), len(heuristic.signatures), len(new_game.signatures))
    play(spec, ("greedy",) * 4, 2, rules_of(("hand_size", 8), ("bonus_cards_per_point", 5), ("max_card_value", 12),
                                           ("seat4_start_bonus", 2)))  # fmt: skip
    assert (len(engine.play_chunk_recording.signatures), len(heuristic.signatures),
            len(new_game.signatures)) == compiled
    assert re.fullmatch(r"[0-9a-f]{16}", resolve(RULE_SETTINGS, (), rules_of(("hand_size", 8)), 4).fingerprint)


# ---- the texts read the same settings ----


def test_the_narration_says_the_numbers_of_the_rules(spec, tmp_path):
    doubled = [[2 * value, removed] for value, removed in read_treasure_values(TREASURE_FILES["standard"])]
    path = write_treasures(tmp_path / "doubled.csv", [[i, v, r] for i, (v, r) in enumerate(doubled)])
    flags = check_variants(spec, (), 4, rules_of(("a1_bonus_cards", 3), ("treasure_values", path)))
    strategies, params = lineup(spec, ("greedy",) * 4)
    lines = [line for game in range(6) for line in spec.narrate(2, game, flags, strategies, params)]
    activations = [line for line in lines if "Action card: Steal" in line]
    assert activations and all("Steal 3 Bonus cards" in line for line in activations)
    taken = [int(match) for match in re.findall(r"takes \w+ treasure (\d+)", "\n".join(lines))]
    assert taken and all(value in {4, 6, 8, 10, 12} for value in taken)


def test_the_narration_counts_the_starting_resources(spec):
    flags = check_variants(spec, (), 4, rules_of(("seat2_start_bonus", 3), ("seat1_start_points", 5)))
    strategies, params = lineup(spec, ("greedy",) * 4)
    lines = spec.narrate(4, 0, flags, strategies, params)
    assert lines.count("Seat 2 starts with 3 Bonus cards (rule settings)") == 2  # each round's setup
    assert lines.count("Seat 1 starts with 5 points (rule settings)") == 1
    first_standing = next(line for line in lines if line.startswith("Standing after round 1, trick 1"))
    assert "seat 2" in first_standing.lower()
    finals = {int(m[0]): int(m[1]) for m in re.findall(r"Final: seat (\d) scores (-?\d+)", "\n".join(lines))}
    totals = {int(m[0]): int(m[1]) for m in re.findall(r"Round 2 score, seat (\d):.*; total (-?\d+)", "\n".join(lines))}
    assert finals == totals
