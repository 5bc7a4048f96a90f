"""Loot Island's rule settings (issue 34): declared once (settings.py), read at run time from the
state by the engine and the strategies, defaults byte-identical, bad values refused, no recompile."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from simulator.core.engine.rule_settings import markdown_table
from simulator.core.engine.errors import UsageError
from simulator.core.engine.registry import get_game
from simulator.core.engine.rule_settings import default_values, resolve, settings_rows, user_values
from simulator.core.run import runner
from simulator.games.loot import encode_variants, settings
from simulator.games.loot import state as layout
from simulator.games.loot.settings import RULE_SETTINGS
from simulator.games.loot.setup import write_info
from simulator.games.loot.tables import default_block, rules_block
from tests.loot.helpers import Ctx

DATA = Path(settings.__file__).parent / "data"
DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "loot.md"
TUNED = "greedy@tuned-4p"


def values_with(players: int, **changes):
    """The resolved settings at ``players`` with ``changes`` (name -> value) set as a user would."""
    return resolve(RULE_SETTINGS, (), user_values(RULE_SETTINGS, [(k, str(v)) for k, v in changes.items()]), players)


def play(players: int, n: int, seed: int = 11, lineup: tuple[str, ...] = (), **changes):
    """Seat and game result arrays of ``n`` games with the settings ``changes`` (through the runner)."""
    rules = user_values(RULE_SETTINGS, [(name, str(value)) for name, value in changes.items()])
    config = runner.RunConfig("loot", players, n, seed, lineup=lineup or (TUNED,) * players, rules=rules)
    prepared = runner.prepare(config)
    return runner.play_games(prepared, 0, n)


# --------------------------------------------------------------------------- the declaration
def test_every_data_key_and_column_is_read_or_documented():
    scoring = json.loads((DATA / "scoring.json").read_text())
    assert set(scoring) - {"_comment"} == set(settings.SCORING_KEYS_READ)
    setup = json.loads((DATA / "setup.json").read_text())
    assert set(setup) == set(settings.SETUP_KEYS_READ) | set(settings.SETUP_DOCUMENTATION_KEYS)
    assert setup["players"] == list(get_game("loot").player_counts)
    for name in ("elimination_cubes", "first_player_bonus", "discard_treasure_cubes"):
        assert name not in setup  # dead duplicates of scoring.json: removed
    engine_columns = {"treasures.csv": settings.TREASURE_COLUMNS, "healers.csv": settings.HEALER_COLUMNS,
                      "map_cards.csv": settings.MAP_COLUMNS, "small_islands.csv": settings.ISLAND_COLUMNS}
    for name, columns in engine_columns.items():
        with (DATA / name).open(newline="") as handle:
            header = next(csv.reader(handle))
        assert set(header) == set(columns) | set(settings.DOCUMENTATION_COLUMNS[name]), name
    # events.csv: every column is the card's identity and text (documentation: names, reports)
    with (DATA / "events.csv").open(newline="") as handle:
        assert next(csv.reader(handle)) == ["id", "code", "deck", "timing", "description", "reconstructed"]


def test_defaults_are_the_data_files():
    import simulator.games.loot.components as components
    from simulator.games.loot.tables import healer_table, map_table, treasure_table
    from simulator.games.loot.map_components import load_map_cards

    values = default_values(RULE_SETTINGS, 4)
    assert np.array_equal(treasure_table(values["treasures"]), components.load_treasures())
    assert np.array_equal(healer_table(values["healers"])[:, :3], components.load_healers()[:, :3])
    assert np.array_equal(map_table(values["map_cards"]), load_map_cards())
    assert values["elimination_cubes"] == 13 and values["first_player_bonus"] == 5 and values["hand_size"] == 7
    assert default_values(RULE_SETTINGS, 2)["hand_size"] == 6 and default_values(RULE_SETTINGS, 5)["loot_threshold"] == 6
    reconstructed = {s.name for s in RULE_SETTINGS.settings if s.reconstructed}
    assert {"crown_bonus_4", "crown_bonus_5", "healers", "small_islands"} <= reconstructed
    assert "crown_bonus_1" not in reconstructed
    for players in (2, 3, 4, 5):  # the default block is what encode_variants gives without settings
        block = encode_variants((), players)[layout.RULES_OFFSET:layout.RULES_OFFSET + layout.RULES_SIZE]
        assert np.array_equal(block, rules_block(default_values(RULE_SETTINGS, players)))


def test_doc_table_matches_the_declaration():
    text = DOC.read_text(encoding="utf-8")
    assert "## Rule settings" in text
    assert markdown_table(RULE_SETTINGS) in text, "regenerate the table: print(rule_settings.markdown_table(RULE_SETTINGS))"
    assert len(settings_rows(RULE_SETTINGS)) == len(RULE_SETTINGS.settings)


# --------------------------------------------------------------------------- values reach the engine
def test_starting_gold_adds_to_the_score_on_the_same_deals():
    base_seats, base_games = play(4, 60)
    seats, games = play(4, 60, seat2_start_gold=10)
    score, eliminated = 0, 4
    assert np.array_equal(games[:, 0], base_games[:, 0])  # same games: no strategy reads it
    still_in = (base_seats[:, 1, eliminated] == 0) & (seats[:, 1, eliminated] == 0)
    assert still_in.sum() > 30
    assert np.all(seats[still_in, 1, score] == base_seats[still_in, 1, score] + 10)
    assert np.array_equal(seats[:, [0, 2, 3], score], base_seats[:, [0, 2, 3], score])


def test_a_scoring_value_changes_scores_by_the_expected_amount():
    """crown_bonus_4 is read by no strategy: at 4 players, whoever ends 4th on the crown ladder
    alone gains exactly the change (4 -> 11: +7); tied seats share it, rounded down."""
    base_seats, base_games = play(4, 150)
    seats, games = play(4, 150, crown_bonus_4=11)
    assert np.array_equal(games[:, 0], base_games[:, 0])
    still_in = (base_seats[:, :, 4] == 0) & (seats[:, :, 4] == 0)
    gained = (seats[:, :, 0] - base_seats[:, :, 0])[still_in]
    assert set(np.unique(gained).tolist()) <= {0, 2, 4, 7} and (gained == 7).sum() > 0


def test_seat_starting_resources_change_the_setup():
    ctx = Ctx(4)
    values = values_with(4, seat2_start_cubes=0, seat3_start_cards=2, seat1_start_cubes=7)
    write_info(ctx.state, rules_block(values))
    ctx.setup_game(encode_variants((), 4, values))
    assert [int(ctx.state[layout.S_CUBES + seat]) for seat in range(4)] == [7, 0, 3, 3]
    assert [int(ctx.state[layout.S_HAND_N + seat]) for seat in range(4)] == [7, 7, 9, 7]


def test_rounds_end_the_game_earlier():
    seats, games = play(4, 20, rounds=3)
    assert np.all(games[:, 4:6] == -1)  # event_4, event_5: rounds not played
    assert np.all(games[:, 9:11] == 0)  # loot_round_4, loot_round_5
    base_seats, base_games = play(4, 20)
    assert games[:, 0].mean() < base_games[:, 0].mean()


def test_a_component_file_is_read_and_played(tmp_path):
    shipped = (DATA / "treasures.csv").read_text()
    same = tmp_path / "same.csv"
    same.write_text(shipped)
    canonical = json.loads(dict(user_values(RULE_SETTINGS, [("treasures", str(same))]))["treasures"])
    assert canonical == RULE_SETTINGS.by_name["treasures"].default
    rows = list(csv.DictReader(shipped.splitlines()))
    for row in rows:
        if row["type"] == "coin_sack":
            row["gold"] = str(int(row["gold"]) + 5)
    richer = tmp_path / "richer.csv"
    with richer.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    rules = user_values(RULE_SETTINGS, [("treasures", str(richer))])
    config = runner.RunConfig("loot", 4, 40, 11, lineup=(TUNED,) * 4, rules=rules)
    seats, _ = runner.play_games(runner.prepare(config), 0, 40)
    base, _ = play(4, 40)
    assert seats[:, :, 5].sum() > 0 and seats[:, :, 2].mean() > base[:, :, 2].mean()  # gold per seat


def test_an_event_value_with_a_forced_event():
    """b8_cubes with B8 forced (--force-event, whose slots follow the rules block): more cubes."""
    def cubes(**changes):
        rules = user_values(RULE_SETTINGS, [(name, str(value)) for name, value in changes.items()])
        config = runner.RunConfig("loot", 4, 60, 5, lineup=(TUNED,) * 4, force_events=("B8",), rules=rules)
        seats, games = runner.play_games(runner.prepare(config), 0, 60)
        assert np.all((games[:, 2:6] == layout.EV_B8).any(axis=1))  # B8 in every game
        return seats[:, :, 3].mean()

    assert cubes(b8_cubes=6) > cubes() > cubes(b8_cubes=0)


# --------------------------------------------------------------------------- the bots read the rules
def test_first_player_bonus_changes_the_tuned_greedys_play():
    """The issue's example: the First Player tile gives 2 gold instead of 5.  The bots value the
    tile by its bonus, so their play changes (not only the tile holder's score)."""
    base_seats, base_games = play(4, 200)
    seats, games = play(4, 200, first_player_bonus=2)
    length, tile = 0, 14
    differ = base_games[:, length] != games[:, length]
    assert differ.sum() >= 20  # the games themselves differ (Phase-2 actions), same deals
    assert not np.array_equal(base_seats[:, :, tile], seats[:, :, tile])


@pytest.mark.parametrize("strategy", [TUNED, "greedy"])
def test_elimination_at_12_makes_the_tuned_greedy_avoid_the_12th_cube(strategy):
    """Round 5, 11 curse cubes, a coin sack of 7 gold for 1 cube: kept when 13 cubes eliminate,
    discarded when 12 do (setting elimination_cubes): the 12th cube would eliminate."""
    from simulator.core.players.strategies import build_lineup
    from strategies.loot import heuristic_strategy

    lineup = build_lineup(get_game("loot"), 4, (strategy,) * 4)
    params = np.ascontiguousarray(lineup.params[0])
    choices = {}
    for eliminated_at in (13, 12):
        ctx = Ctx(4)
        write_info(ctx.state, rules_block(values_with(4, elimination_cubes=eliminated_at)))
        ctx.state[layout.S_ROUND] = 5
        ctx.state[layout.S_CUBES + 0] = 11
        coin = 42  # ref 43: coin sack, 7 gold, 1 curse
        assert ctx.state[layout.S_INFO_TR + coin * 8 + layout.TR_CURSE] == 1
        assert ctx.state[layout.S_INFO_TR + coin * 8 + layout.TR_GOLD] == 7
        options = np.array([coin * 2 + 1, coin * 2], dtype=np.int64)  # keep, discard
        stream = np.zeros(1, dtype=np.uint64)
        choices[eliminated_at] = heuristic_strategy(ctx.state, 0, layout.D_TAKE_TREASURE, options, 2, params, stream)
    assert choices == {13: 0, 12: 1}


def test_elimination_cubes_changes_the_games():
    base_seats, base_games = play(4, 100)
    seats, games = play(4, 100, elimination_cubes=10)
    assert (base_games[:, 0] != games[:, 0]).sum() >= 10
    assert seats[:, :, 4].astype(bool).sum() > base_seats[:, :, 4].astype(bool).sum()  # more eliminated


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("name, value, words", [
    ("elimination_cubes", "0", "out of range"),
    ("hand_size", "13", "out of range"),
    ("first_player_bonus", "two", "is not a whole number"),
    ("seat6_start_gold", "1", "unknown rule setting"),
])
def test_bad_values_are_refused_with_one_line(name, value, words):
    with pytest.raises(UsageError, match=words) as caught:
        user_values(RULE_SETTINGS, [(name, value)])
    assert "\n" not in str(caught.value)


def test_bad_combinations_are_refused_with_one_line():
    with pytest.raises(UsageError, match="increments may not decrease"):
        values_with(4, skull_set_bonus_3=4)
    with pytest.raises(UsageError, match="needs a tier"):
        values_with(4, treasure_tier_1=0, treasure_tier_2=0, treasure_tier_4=0)
    with pytest.raises(UsageError, match="Map cards"):
        values_with(5, hand_size=12, **{f"seat{k}_start_cards": 8 for k in range(1, 6)})


@pytest.mark.parametrize("edit, words", [
    (lambda rows: [{k: v for k, v in row.items() if k != "gold"} for row in rows], "missing column"),
    (lambda rows: [{**row, "colour": "red"} for row in rows], "unknown column"),
    (lambda rows: [{**row, "gold": "lots"} if row["ref"] == "3" else row for row in rows], "not a whole number"),
    (lambda rows: [{**row, "type": "dragon"} if row["ref"] == "3" else row for row in rows], "is not one of"),
    (lambda rows: rows[:-1], "needs exactly 74"),
])
def test_bad_component_files_are_refused_with_one_line(tmp_path, edit, words):
    rows = edit(list(csv.DictReader((DATA / "treasures.csv").read_text().splitlines())))
    path = tmp_path / "treasures.csv"
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(UsageError, match=words) as caught:
        user_values(RULE_SETTINGS, [("treasures", str(path))])
    assert "\n" not in str(caught.value) and "treasures" in str(caught.value)


# --------------------------------------------------------------------------- no recompile
def test_a_changed_value_compiles_nothing_new():
    from simulator.games.loot import engine
    from strategies.loot import heuristic_strategy

    play(4, 3)  # compiled (or loaded) for the default settings
    dispatchers = (engine.play_chunk_recording, engine.new_game, engine.advance, engine.final_results)
    before = [len(dispatcher.signatures) for dispatcher in dispatchers] + [len(heuristic_strategy.signatures)]
    play(4, 3, first_player_bonus=2, elimination_cubes=12, rounds=4, seat3_start_cards=2, hand_size=5)
    after = [len(dispatcher.signatures) for dispatcher in dispatchers] + [len(heuristic_strategy.signatures)]
    assert after == before


def test_presets_none_and_default_games_unchanged():
    """Loot Island has no parameter-like variant (its variants switch rules): no preset; and the
    default settings given explicitly play the same games as none."""
    assert dict(RULE_SETTINGS.presets) == {}
    base = play(4, 20)
    explicit = play(4, 20, first_player_bonus=5, elimination_cubes=13)
    assert all(np.array_equal(a, b) for a, b in zip(base, explicit))
    assert np.array_equal(default_block(4), encode_variants((), 4, default_values(RULE_SETTINGS, 4))[16:16 + layout.RULES_SIZE])
