"""The balance questions on the toy game, whose answers are known (see toygame.py)."""

import dataclasses
import json

import polars as pl
import pytest

from simulator.analysis.stats import compare, events, runs, seats, shape, tournament
from simulator.analysis.studies import store
from simulator.analysis.stats.runs import load_run
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError


def test_an_unfair_variant_is_detected_and_identical_variants_are_not(play):
    baseline = load_run(play("base"))
    unfair = load_run(play("unfair", variants=("seat2-bonus",)))
    same_a = load_run(play("same-a", variants=("cosmetic-a",)))
    same_b = load_run(play("same-b", variants=("cosmetic-b",)))
    table = compare.compare_runs(baseline, [unfair, same_a, same_b], ["unfair", "cosmetic-a", "cosmetic-b"])
    seat_2 = table.filter((pl.col("arm") == "unfair") & (pl.col("column") == "win_seat_2")).row(0, named=True)
    assert seat_2["survives"] and seat_2["low"] > 0.10
    assert seat_2["verdict"].startswith("higher")
    length = table.filter((pl.col("arm") == "unfair") & (pl.col("column") == "length")).row(0, named=True)
    assert length["verdict"] == "not distinguishable from zero"
    harmless = table.filter(pl.col("arm").is_in(["cosmetic-a", "cosmetic-b"]))
    assert not harmless["survives"].any()
    # the cosmetic variants change nothing the game does: every result of every deal is the baseline's
    assert harmless["identical_games"].all() and set(harmless["verdict"]) == {compare.IDENTICAL}
    assert not table.filter(pl.col("arm") == "unfair")["identical_games"].any()
    lines = compare.comparison_summary(table)
    assert ("cosmetic-a: this setup and the baseline produced identical games in all 2,000 deals (no strategy reads "
            "or uses what this setup changes: a finding about the strategies, not the rules).") in lines


def test_game_specific_measures_are_compared(play):
    baseline = load_run(play("base"))
    longer = load_run(play("long", variants=("long",)))
    table = compare.compare_runs(baseline, [longer], ["long"])
    row = table.filter(pl.col("column") == "length").row(0, named=True)
    assert row["difference"] == pytest.approx(2.0) and row["survives"]
    assert {"seat.curses", "game.eliminations"} <= set(table["column"])


def test_a_measure_equal_in_every_game_of_both_setups_differs_by_exactly_zero(play):
    # the comparison table leaves such a measure out (nothing to test); a confirmation asking for it
    # (no game stalls under either lineup) gets a difference of 0 with interval [0, 0], not "not measured"
    baseline = load_run(play("base"))
    longer = load_run(play("long", variants=("long",)))
    flat = dataclasses.replace(baseline, rows=baseline.rows.with_columns(pl.lit(7).cast(pl.Int64).alias("length")))
    assert "length" not in compare.compare_runs(flat, [flat])["column"].to_list()
    assert compare.paired_column([flat], [flat], "length") == {"estimate": 0.0, "low": 0.0, "high": 0.0}
    moved = compare.paired_column([baseline], [longer], "length")
    assert moved["estimate"] == pytest.approx(2.0) and moved["low"] <= 2.0 <= moved["high"]
    assert compare.paired_column([baseline], [longer], "no-such-column") is None


@pytest.mark.parametrize(
    "change, message",
    [({"seed": 8}, "same seed"), ({"players": 4}, "players differs"), ({"n": 1500}, "same n")],
)
def test_comparison_refuses_runs_that_are_not_paired(play, change, message):
    baseline = load_run(play("base"))
    settings = {"seed": 7, "players": 3, "n": 2000, **change}
    other = load_run(play("other", **settings))
    with pytest.raises(UsageError, match=message):
        compare.compare_runs(baseline, [other])


def test_comparison_refuses_other_games(play):
    baseline = load_run(play("base"))
    other = load_run(play("other"))
    foreign = dataclasses.replace(other, manifest={**other.manifest, "game": "sails"})
    with pytest.raises(UsageError, match="game differs"):
        compare.compare_runs(baseline, [foreign])


def test_incomplete_and_missing_runs_are_refused(play, tmp_path):
    out = play("base")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["status"] = "interrupted"
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="incomplete"):
        load_run(out)
    with pytest.raises(UsageError, match="does not exist"):
        load_run(tmp_path / "nowhere")


def test_seat_advantage_finds_the_built_in_advantage(play):
    table, notes = seats.seat_advantage([load_run(play("base", n=4000))])
    by_seat = {row["seat"]: row for row in table.iter_rows(named=True)}
    assert by_seat[2]["verdict"].startswith("above the fair share")  # event B1 favours seat 2
    assert notes["rotation_balanced"]


def test_rotation_stops_strategy_strength_masquerading_as_seat_advantage(play):
    unrotated = load_run(play("fixed", n=3000, lineup=("strong", "weak", "weak")))
    table, notes = seats.seat_advantage([unrotated])
    assert not notes["rotation_balanced"]
    assert table.row(0, named=True)["verdict"].startswith("above")  # the strong seat looks like a strong seat
    assert "not seat-rotated" in seats.seat_summary(table, notes)
    rotated = [load_run(play(f"rot{i}", n=3000, lineup=lineup))
               for i, lineup in enumerate(tournament.lineups(["strong", "weak"], 3))]  # fmt: skip
    table, notes = seats.seat_advantage(rotated)
    assert notes["rotation_balanced"]
    seat_1, seat_3 = table.row(0, named=True), table.row(2, named=True)
    assert seat_1["low"] <= seat_3["win_rate"] <= seat_1["high"]  # seats 1 and 3 are alike once rotated


def test_tournament_lineups():
    assert tournament.lineups(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert tournament.lineups(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(tournament.lineups(["a", "b", "c"], 3, "permutations")) == 6
    assert len(tournament.lineups(["a", "b", "c", "d"], 2)) == 12  # 6 pairs x 2 rotations
    with pytest.raises(UsageError, match="at least two"):
        tournament.lineups(["a"], 3)


def test_tournament_ranks_strategies_with_intervals(play):
    lineups = tournament.lineups(["strong", "plain", "weak"], 3)
    played = [load_run(play(f"t{i}", n=1500, lineup=lineup)) for i, lineup in enumerate(lineups)]
    ranking = tournament.ranking(played)
    assert ranking["strategy"].to_list() == ["strong", "plain", "weak"]
    first, second = ranking.row(0, named=True), ranking.row(1, named=True)
    assert first["low"] > second["high"]
    pairs = tournament.head_to_head(played)
    duel = pairs.filter((pl.col("a") == "strong") & (pl.col("b") == "weak")).row(0, named=True)
    mirror = pairs.filter((pl.col("a") == "weak") & (pl.col("b") == "strong")).row(0, named=True)
    assert duel["low"] > 0.5 and duel["ahead"] + mirror["ahead"] == pytest.approx(1.0)
    names, grid = tournament.matrix(pairs)
    assert grid[names.index("strong")][names.index("strong")] is None


def test_observational_event_impact_survives_holm_only_where_real(play):
    table = events.observational_impact(load_run(play("base", n=4000)))
    b1 = table.filter((pl.col("arm") == "B1") & (pl.col("column") == "win_seat_2")).row(0, named=True)
    assert b1["survives"] and b1["difference"] > 0.05
    lengths = table.filter(pl.col("column") == "length")
    assert not lengths["survives"].any()  # no card changes the length
    assert table["p_holm"].min() >= table["p"].min()
    rounds = events.by_round(load_run(play("base", n=4000)))
    assert set(rounds["round"]) == {1, 2} and set(rounds["card"]) == {"A1", "A2", "B1", "B2"}
    assert {"seat 2 wins", "mean score", "curses per seat", "eliminations"} <= set(rounds.columns)
    b1_round_1 = rounds.filter((pl.col("card") == "B1") & (pl.col("round") == 1)).row(0, named=True)
    rate, low, high = b1_round_1["seat 2 wins"]
    assert low <= rate <= high and rate > 0.4


def test_event_arms_pass_through_to_the_runner():
    arm = store.event_arm("force", "B12")
    assert arm.settings == (("force_events", ("B12",)),)
    assert store.make_config("toy", 3, 10, 1, (), arm).force_events == ("B12",)
    unknown = store.Arm("odd", (), (("shuffle_twice", ("yes",)),))
    with pytest.raises(UsageError, match="needs the runner setting 'shuffle_twice'"):
        store.make_config("toy", 3, 10, 1, (), unknown)


def test_a_forced_card_with_an_effect_is_detected_and_one_without_is_not(play, tmp_path):
    """Counterfactual event runs on the same seed: forcing B1 helps seat 2; leaving A1 out (A2
    takes its place) changes nothing, while forcing A1 displaces B1 from some games and hurts seat 2."""
    arms = [store.baseline_arm(), store.event_arm("force", "B1"), store.event_arm("force", "A1"),
            store.event_arm("exclude", "A1")]  # fmt: skip
    played = [store.ensure_run(store.make_config("toy", 3, 4000, 7, (), arm), tmp_path / "store", jobs=1)
              for arm in arms]  # fmt: skip
    assert played[1].manifest["force_events"] == ["B1"]
    table = compare.compare_runs(played[0], played[1:], [arm.label for arm in arms[1:]])
    seat_2 = table.filter((pl.col("arm") == "force B1") & (pl.col("column") == "win_seat_2")).row(0, named=True)
    assert seat_2["survives"] and seat_2["low"] > 0
    displacing = table.filter((pl.col("arm") == "force A1") & (pl.col("column") == "win_seat_2")).row(0, named=True)
    assert displacing["survives"] and displacing["high"] < 0
    harmless = table.filter((pl.col("arm") == "exclude A1") & pl.col("column").str.starts_with("win_seat"))
    assert harmless.height == 3 and not harmless["survives"].any()
    # A2 replaces A1, so the games differ (their event cards) without a measurable effect
    assert not harmless["identical_games"].any()
    assert any(line.startswith("exclude A1: no measured effect is distinguishable from zero")
               for line in compare.comparison_summary(table))


def test_store_reuses_identical_complete_runs(tmp_path):
    messages = []
    config = store.make_config("toy", 3, 800, 5, (), store.variant_arm("long"))
    first = store.ensure_run(config, tmp_path, 1, messages.append)
    stamp = (first.path / "manifest.json").stat().st_mtime_ns
    second = store.ensure_run(config, tmp_path, 1, messages.append)
    assert second.path == first.path and (first.path / "manifest.json").stat().st_mtime_ns == stamp
    assert messages[-1].startswith("reusing")
    other = store.ensure_run(store.make_config("toy", 3, 800, 6, (), store.variant_arm("long")), tmp_path, 1)
    assert other.path != first.path


def test_shape_of_the_game(play):
    played = [load_run(play("base"))]
    facts = shape.game_facts(played)
    assert facts["length"]["estimate"] == pytest.approx(6.0, abs=0.1)
    assert facts["shared_win"]["low"] > 0 and facts["no_winner_count"] > 0  # ties and all-eliminated games exist
    assert (facts["margin_values"] >= 0).all()
    quantities = shape.quantity_table(played)
    assert quantities["quantity"].to_list() == ["curses (per seat)", "eliminations (per game)"]
    per_seat = shape.score_table(played, "seat")
    assert per_seat["seat"].to_list() == [1, 2, 3]


def test_measures_name_game_columns_without_collisions(play):
    run = load_run(play("base", n=200))
    games = runs.per_game(run)
    assert games.height == 200 and games["game"].is_sorted()
    for measure in runs.measures(run.manifest):
        assert measure.column in games.columns


def test_a_game_column_shadowing_the_winner_flag_is_refused(play):
    out = play("base", n=100)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["game_columns"].append("winner")
    (out / "manifest.json").write_text(json.dumps(manifest))
    # the manifest's columns must be the game's own (run folder schema check)
    with pytest.raises(UsageError, match=r"'game_columns' is \[.*'winner'\], but .* results have"):
        load_run(out)
