"""Rule settings through the command line, the store, the API and experiment files, on the toy game
(tests/analysis/toygame.py: ``seatK_start_points``, ``base_length``, the ``bonus_table`` CSV, the
preset ``late-seats-bonus``).  Each game's own settings are tested in tests/<game>/."""

import json

import polars as pl
import pytest

from simulator.analysis.studies import sweep as sweep_module
from simulator.core.engine import rule_settings as rs
from simulator.core.run import runner
from simulator.core.store import results
from tests.cli_helpers import islandsim


@pytest.fixture(autouse=True)
def registered(cli_with_analysis):
    return cli_with_analysis


def _run(capsys, tmp_path, name, *options):
    status, out, err = islandsim(capsys, "run", "--game", "toy", "--players", "3", "--n", "600", "--seed", "4",
                                 "--jobs", "1", "--out", tmp_path / name, *options)  # fmt: skip
    return status, out, err


def _scores(folder):
    frame = pl.read_parquet(sorted((folder / "chunks").glob("chunk-*.parquet")))
    return frame.sort(["game", "seat"])


def test_rules_lists_every_setting_with_default_range_rule_and_presets(capsys):
    status, out, err = islandsim(capsys, "rules", "--game", "toy")
    assert status == 0, err
    for text in ("seat2_start_points", "a whole number from -20 to 20", "base_length", "T2",
                 "CSV with columns seat,points", "late-seats-bonus"):  # fmt: skip
        assert text in out
    status, out, _ = islandsim(capsys, "rules", "--game", "toy", "--players", "2", "--json")
    listed = json.loads(out)
    assert [row["name"] for row in listed["settings"]] == [setting.name for setting in
                                                          __import__("tests.analysis.toygame").analysis.toygame.RULE_SETTINGS.settings]  # fmt: skip
    assert listed["presets"]["late-seats-bonus"]["seat2_start_points"] == 2


def test_a_set_value_is_played_recorded_and_named(capsys, tmp_path):
    status, _, err = _run(capsys, tmp_path, "base")
    assert status == 0, err
    status, out, err = _run(capsys, tmp_path, "bonus", "--set", "seat2_start_points=5")
    assert status == 0, err
    assert "rules changed: seat2_start_points = 5 (rulebook: 0)" in out
    base, bonus = _scores(tmp_path / "base"), _scores(tmp_path / "bonus")
    difference = (bonus["score"] - base["score"]).to_list()
    seats = base["seat"].to_list()
    assert {d for d, seat in zip(difference, seats) if seat == 2} == {5}  # the same deals, seat 2 +5 points
    assert {d for d, seat in zip(difference, seats) if seat != 2} == {0}
    manifest = json.loads((tmp_path / "bonus" / results.MANIFEST).read_text())
    assert manifest["rules"] == {"seat2_start_points": 5}
    assert manifest["rules_changed"]["seat2_start_points"]["default"] == 0
    plain = json.loads((tmp_path / "base" / results.MANIFEST).read_text())
    assert "rules" not in plain and manifest["rules_fingerprint"] != plain["rules_fingerprint"]
    status, out, _ = islandsim(capsys, "run", "--resume", tmp_path / "bonus", "--n", "900", "--jobs", "1", "--json")
    assert status == 0 and json.loads(out)["rules_changed"] == ["seat2_start_points = 5 (rulebook: 0)"]


def test_a_folder_of_other_rules_is_never_extended(capsys, tmp_path):
    assert _run(capsys, tmp_path, "run", "--set", "seat2_start_points=5")[0] == 0
    status, _, err = _run(capsys, tmp_path, "run", "--set", "seat2_start_points=6")
    assert status == 2 and err.count("\n") == 1 and "other rule settings" in err


def test_a_preset_variant_plays_the_games_of_its_settings(capsys, tmp_path):
    assert _run(capsys, tmp_path, "preset", "--variant", "late-seats-bonus")[0] == 0
    assert _run(capsys, tmp_path, "set", "--set", "seat2_start_points=2", "--set", "seat3_start_points=2",
                "--set", "seat4_start_points=2")[0] == 0  # fmt: skip
    columns = ["game", "seat", "score", "rank"]
    assert _scores(tmp_path / "preset").select(columns).equals(_scores(tmp_path / "set").select(columns))
    manifest = json.loads((tmp_path / "preset" / results.MANIFEST).read_text())
    assert manifest["rules_changed"]["seat2_start_points"]["source"] == "variant late-seats-bonus"


def test_a_rules_file_with_a_component_csv_beside_it(capsys, tmp_path):
    (tmp_path / "bonus.csv").write_text("seat,points\n3,4\n", encoding="utf-8")
    (tmp_path / "mine.toml").write_text('base_length = 9\nbonus_table = "bonus.csv"\n', encoding="utf-8")
    status, out, err = _run(capsys, tmp_path, "file", "--rules", tmp_path / "mine.toml", "--json")
    assert status == 0, err
    summary = json.loads(out)
    assert "base_length = 9 (rulebook: 5)" in summary["rules_changed"]
    assert "bonus_table: your own file" in summary["rules_changed"]
    manifest = json.loads((tmp_path / "file" / results.MANIFEST).read_text())
    assert manifest["rules"]["bonus_table"] == [[3, 4]]  # the file's content is recorded, never its path
    assert _scores(tmp_path / "file")["length"].min() >= 9


@pytest.mark.parametrize("options, expected", [
    (("--set", "seat2_start_pts=1"), "unknown rule setting 'seat2_start_pts' for toy (did you mean"),
    (("--set", "seat2_start_points=99"), "seat2_start_points = 99 is out of range; allowed: a whole number from -20 to 20"),
    (("--set", "base_length=long"), "base_length = 'long' is not a whole number from 1 to 50"),
    (("--set", "base_length=2.5"), "is not a whole number"),
    (("--set", "base_length"), "is not NAME=VALUE"),
    (("--set", "seat2_start_points=3", "--variant", "late-seats-bonus"), "contradicts variant late-seats-bonus"),
    (("--set", "bonus_table=missing.csv"), "no such file"),
])  # fmt: skip
def test_bad_settings_get_one_line_and_nothing_is_played(capsys, tmp_path, options, expected):
    status, out, err = _run(capsys, tmp_path, "bad", *options)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert expected in err
    assert not (tmp_path / "bad").exists()


@pytest.mark.parametrize("content, expected", [
    (b"base_length = 9\n\xff\xfe", "is not UTF-8 text"),
    (b"base_length = \n", "is not TOML"),
    (b'bonus_table = "wrong.csv"\n', "columns must be seat,points"),
    (b'bonus_table = "bad-cell.csv"\n', "line 2: seat and points must be whole numbers"),
    (b"[rules]\nbase_length = 7\n[other]\nx = 1\n", "lie outside its [rules] table"),
    (b"base_length = {2 = 6, 7 = 1}\n", "player count '7' is not one of 2, 3, 4"),
])  # fmt: skip
def test_bad_rules_files_get_one_line(capsys, tmp_path, content, expected):
    (tmp_path / "wrong.csv").write_text("seat,bonus\n1,2\n", encoding="utf-8")
    (tmp_path / "bad-cell.csv").write_text("seat,points\n1,two\n", encoding="utf-8")
    (tmp_path / "rules.toml").write_bytes(content)
    status, out, err = _run(capsys, tmp_path, "bad", "--rules", tmp_path / "rules.toml")
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert expected in err


def test_a_per_player_count_value_applies_at_its_count_only(tmp_path):
    declared = __import__("tests.analysis.toygame").analysis.toygame.RULE_SETTINGS
    user = rs.user_values(declared, [("base_length", "3:8")])
    assert rs.resolve(declared, (), user, 3)["base_length"] == 8
    assert rs.resolve(declared, (), user, 2)["base_length"] == 5
    assert rs.resolve(declared, (), user, 2).changed() == {}


def test_compare_takes_a_setting_as_a_setup_and_names_it(capsys, tmp_path):
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "800", "--seed", "2",
                                 "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2_start_points=4",
                                 "--json")  # fmt: skip
    assert status == 0, err
    table = json.loads(out)["differences"]
    mean = [row for row in table if row["arm"] == "seat2_start_points=4" and row["measure"].startswith("mean score")]
    assert mean and mean[0]["difference"] == pytest.approx(4 / 3)  # seat 2's 4 points over 3 seats, same deals
    seat2 = [row for row in table if row["arm"] == "seat2_start_points=4" and row["measure"] == "win rate, seat 2"]
    assert seat2[0]["low"] > 0


def test_the_store_keys_on_the_rules(tmp_path):
    from simulator.analysis.studies import store

    declared = __import__("tests.analysis.toygame").analysis.toygame.RULE_SETTINGS
    plain = runner.prepare(runner.RunConfig("toy", 3, 10, 1))
    changed = runner.prepare(runner.RunConfig("toy", 3, 10, 1, rules=rs.user_values(declared, [("base_length", "6")])))
    assert store.run_folder(tmp_path, plain) != store.run_folder(tmp_path, changed)
    again = runner.prepare(runner.RunConfig("toy", 3, 10, 1, rules=rs.user_values(declared, [("base_length", 6)])))
    assert store.run_folder(tmp_path, again) == store.run_folder(tmp_path, changed)


def test_the_api_runs_with_rules_and_lists_them(tmp_path):
    from simulator import api

    folder = api.run("toy", players=3, n=300, seed=3, out=tmp_path / "api", rules={"seat1_start_points": 2}, jobs=1)
    assert api.manifest(folder)["rules"] == {"seat1_start_points": 2}
    assert "base_length" in api.rules("toy")["name"].to_list()
    with pytest.raises(api.UsageError, match="out of range"):
        api.run("toy", players=3, n=10, seed=3, out=tmp_path / "no", rules={"seat1_start_points": 50})


def test_an_experiment_plays_its_rules_table_and_setting_setups(tmp_path):
    from simulator.analysis.studies import experiment

    (tmp_path / "study.toml").write_text(
        'game = "toy"\nplayers = 3\nn = 200\nseed = 5\nvariants = ["seat2_start_points=3"]\n'
        "[rules]\nbase_length = 7\n", encoding="utf-8")  # fmt: skip
    study = experiment.load_experiment(tmp_path / "study.toml")
    configs = experiment.plan_runs(study)
    rules = {label: dict(config.rules) for (_, label, _), config in configs.items()}
    assert rules["baseline: base_length=7"] == {"base_length": "7"}
    assert rules["seat2_start_points=3"] == {"base_length": "7", "seat2_start_points": "3"}
    (tmp_path / "bad.toml").write_text('game = "toy"\nplayers = 3\nn = 20\nseed = 5\n[rules]\nbase_length = 0\n',
                                       encoding="utf-8")  # fmt: skip
    with pytest.raises(experiment.UsageError, match=r"bad.toml, line \d+: setting base_length = 0 is out of range"):
        experiment.load_experiment(tmp_path / "bad.toml")


# ------------------------------------------------------------------ sweeps (islandsim sweep)


def _sweep(capsys, tmp_path, *options):
    return islandsim(capsys, "sweep", "--game", "toy", "--players", "3", "--n", "3000", "--seed", "6", "--jobs", "1",
                     "--results", tmp_path / "store", *options)  # fmt: skip


def test_a_sweep_finds_the_value_that_cancels_an_unfair_bonus(capsys, tmp_path):
    # seat2-bonus gives seat 2 three points: taking three back (seat2_start_points = -3) is the fair value
    status, out, err = _sweep(capsys, tmp_path, "--variant", "seat2-bonus", "--set", "seat1_start_points=0",
                              "--vary", "seat2_start_points=-5..-1", "--measure", "seat2-win-rate",
                              "--json", "--chart", tmp_path / "sweep.png")  # fmt: skip
    assert status == 0, err
    result = json.loads(out)
    assert result["values"] == [-5, -4, -3, -2, -1]
    assert result["reached"] and result["held_out_holds"]
    assert result["chosen"] in (-4, -3)  # three points back, give or take the toy's own seat order
    held = result["held_out"]
    assert held["fair_share"] and held["low"] <= held["target"] <= held["high"]
    assert result["held_out"]["games"] == 1500  # stated on the other half of the deals
    assert (tmp_path / "sweep.png").stat().st_size > 10_000
    estimates = [point["estimate"] for point in result["points"]]
    assert estimates == sorted(estimates)  # more points, more wins for seat 2, on the same deals
    status, again, err = _sweep(capsys, tmp_path, "--variant", "seat2-bonus", "--set", "seat1_start_points=0",
                                "--vary", "seat2_start_points=-5..-1", "--measure", "seat2-win-rate", "--json")  # fmt: skip
    assert "playing" not in err and json.loads(again)["chosen"] == result["chosen"]  # nothing played twice


def test_a_sweep_says_when_no_value_reaches_the_target(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, "--variant", "seat2-bonus", "--vary", "seat2_start_points=5,6")
    assert status == 0, err
    assert "No value of seat2_start_points from 5 to 6 makes every seat win equally often: the closest" in out


@pytest.mark.parametrize("options, expected", [
    (("--vary", "nothing=0..2"), "unknown rule setting 'nothing'"),
    (("--vary", "base_length=5..2"), "is a reversed range"),
    (("--vary", "base_length=0..3"), "base_length = 0 is out of range"),
    (("--vary", "base_length="), "is not NAME=VALUES"),
    (("--vary", "base_length=4"), "gives one value"),
    (("--vary", "bonus_table=1..2"), "is a component file"),
    (("--vary", "base_length=1..3", "--measure", "fun"), "unknown measure 'fun'"),
    (("--vary", "base_length=1..3", "--measure", "length"), "needs --target"),
    (("--vary", "base_length=1..3", "--measure", "length", "--target", "long"), "--target 'long' is not a number"),
    (("--vary", "base_length=1..3", "--set", "base_length=4"), "both swept (--vary) and set"),
])  # fmt: skip
def test_bad_sweeps_get_one_line_and_play_nothing(capsys, tmp_path, options, expected):
    status, out, err = _sweep(capsys, tmp_path, *options)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert expected in err
    assert not (tmp_path / "store").exists() or not any((tmp_path / "store").iterdir())


def test_compare_of_run_folders_names_the_rule_values_that_differ(capsys, tmp_path):
    assert _run(capsys, tmp_path, "base")[0] == 0
    assert _run(capsys, tmp_path, "bonus", "--set", "seat2_start_points=5", "--set", "base_length=6")[0] == 0
    status, out, err = islandsim(capsys, "compare", tmp_path / "base", tmp_path / "bonus", "--json")
    assert status == 0, err
    assert json.loads(out)["notes"] == ["bonus: rules differ from the baseline's: base_length: 5 -> 6; "
                                        "seat2_start_points: 0 -> 5"]  # fmt: skip


def test_exports_and_reports_name_the_changed_values(capsys, tmp_path):
    assert _run(capsys, tmp_path, "bonus", "--set", "seat2_start_points=5")[0] == 0
    status, out, err = islandsim(capsys, "export", tmp_path / "bonus", "--out", "-", "--format", "csv")
    assert status == 0, err
    header, first = out.splitlines()[:2]
    assert header.endswith(",rules_changed") and first.endswith(",seat2_start_points = 5 (rulebook: 0)")
    status, _, err = islandsim(capsys, "report", tmp_path / "bonus", "--out", tmp_path / "report.md")
    assert status == 0, err
    assert "Rule values changed from the rulebook's (or the reconstruction's): seat2_start_points = 5 (rulebook: 0)" \
        in (tmp_path / "report.md").read_text()


def test_a_sweep_of_two_settings_tries_every_combination(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, "--vary", "seat1_start_points=0,1", "--vary", "seat3_start_points=0..2",
                              "--n", "600", "--json")  # fmt: skip
    assert status == 0, err
    result = json.loads(out)
    assert result["setting"] == "seat1_start_points+seat3_start_points"
    assert [tuple(value) for value in result["values"]] == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert len(result["runs"]) == 6 and result["held_out"]["games"] == 300
    with pytest.raises(rs.UsageError, match="2050 combinations; at most 200 are played one by one"):
        sweep_module.combinations([("base_length", tuple(range(1, 51))), ("seat1_start_points", tuple(range(-20, 21)))])


SEARCHED = ("--variant", "seat2-bonus", "--vary", "seat1_start_points=-6..6", "--vary", "seat2_start_points=-6..6",
            "--vary", "seat3_start_points=-6..6", "--n", "600", "--json")  # 2,197 combinations: searched


def test_many_combinations_are_searched_and_the_held_out_check_is_quoted(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, *SEARCHED, "--tries", "16")
    assert status == 0, err
    result = json.loads(out)
    assert result["search"] == {"method": "CMA-ES", "combinations": 2_197, "tried": 16}
    values = [tuple(value) for value in result["values"]]
    assert len(values) == len(set(values)) == 16 == len(result["runs"])
    assert values[0] == (0, 0, 0)  # it starts in the middle of every range
    first, best = result["points"][0], min(result["points"], key=lambda point: point["selection"])
    assert best["selection"] < first["selection"]  # seat 2's three points are (partly) taken back
    assert tuple(result["chosen"]) == tuple(best["value"]) and result["held_out"]["games"] == 300
    status, text, err = _sweep(capsys, tmp_path, *SEARCHED[:-1], "--tries", "16")
    assert status == 0 and "16 of 2,197 combinations tried by a CMA-ES search" in text
    assert "playing" not in err  # the same seed tries the same combinations: all of them in the store


def test_a_small_grid_can_be_searched_too_and_tries_is_checked(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, "--vary", "seat1_start_points=0..3", "--vary", "seat2_start_points=0..3",
                              "--tries", "5", "--n", "300", "--json")  # fmt: skip
    assert status == 0, err
    assert json.loads(out)["search"]["tried"] == 5
    for options, expected in ((("--vary", "base_length=1..3", "--tries", "5"), "one setting is played value by value"),
                              (SEARCHED[:-1] + ("--tries", "1"), "a search plays at least 2 combinations"),
                              (SEARCHED[:-1] + ("--tries", "201"), "at most 200"),
                              (SEARCHED[:-1] + ("--vary", "base_length=1..50", "--vary", "seat4_start_points=-20..20"),
                               "a search chooses among at most 1,000,000")):  # fmt: skip
        status, _, err = _sweep(capsys, tmp_path / "bad", *options)
        assert status == 2 and err.startswith("error: ") and expected in err, err
        assert not (tmp_path / "bad").exists()


def test_an_experiment_sweep_adds_its_answer_and_chart_to_the_report(capsys, tmp_path):
    (tmp_path / "study.toml").write_text(
        'game = "toy"\nplayers = 3\nn = 400\nseed = 5\nbaseline = ["seat2-bonus"]\n'
        'sweeps = [{vary = "seat2_start_points=-4..-2", measure = "seat2-win-rate"}]\n', encoding="utf-8")  # fmt: skip
    status, out, err = islandsim(capsys, "experiment", tmp_path / "study.toml", "--results", tmp_path / "store",
                                 "--reports-dir", tmp_path / "reports", "--jobs", "1", "--quiet")  # fmt: skip
    assert status == 0, err
    page = next((tmp_path / "reports").glob("*.html")).read_text(encoding="utf-8")
    assert "Which value balances it — 3 players" in page and "held-out games" in page
    assert "seat2_start_points = -" in page
    (tmp_path / "bad.toml").write_text('game = "toy"\nplayers = 3\nn = 40\nseed = 5\n'
                                       'sweeps = [{vary = "seat2_start_points=3..1"}]\n', encoding="utf-8")  # fmt: skip
    status, _, err = islandsim(capsys, "experiment", tmp_path / "bad.toml", "--results", tmp_path / "store")
    assert status == 2 and "bad.toml, line 5: --vary seat2_start_points=3..1 is a reversed range" in err


def test_end_of_game_points_are_swept_on_one_run_ranked_again(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, "--variant", "seat2-bonus", "--vary", "seat2_end_points=-4..0",
                              "--measure", "seat2-win-rate", "--json")  # fmt: skip
    assert status == 0, err
    result = json.loads(out)
    assert len(set(result["runs"])) == 1 and len(result["values"]) == 5  # played once, ranked again per value
    rates = [point["estimate"] for point in result["points"]]
    assert rates == sorted(rates) and rates[0] < rates[-1]
    status, _, err = _sweep(capsys, tmp_path, "--vary", "seat2_end_points=0..2", "--measure", "length", "--target", "6")
    assert status == 2 and "does not move with end-of-game points" in err


def test_compare_prints_each_setup_s_seat_balance(capsys, tmp_path):
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "600", "--seed", "2",
                                 "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2_start_points=-2")  # fmt: skip
    assert status == 0, err
    table = out.split("seat balance of each setup", 1)[1]
    assert "baseline " in table and "seat2_start_points=-2 " in table and "largest gap" in table
    status, out, _ = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "600", "--seed", "2",
                               "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2_start_points=-2",
                               "--json")  # fmt: skip
    balance = json.loads(out)["seat_balance"]
    assert [entry["setup"] for entry in balance] == ["baseline", "seat2_start_points=-2"]
    assert len(balance[0]["seats"]) == 3 and balance[1]["largest_gap"] >= 0


def test_late_seats_gives_each_later_seat_one_step_more(capsys, tmp_path):
    from simulator.analysis.studies import sweep as sweep_module

    plan = sweep_module.Sweep("toy", 4, 10, 1, "late_seats_start_points", (0, 2), "seat-imbalance")
    assert plan.assignments(2) == [("seat2_start_points", 2), ("seat3_start_points", 4), ("seat4_start_points", 6)]
    rules = [dict(config.rules) for config in plan.configs()]
    assert rules[1] == {"seat2_start_points": "2", "seat3_start_points": "4", "seat4_start_points": "6"}
    assert plan.configs()[1].rules != plan.configs()[0].rules
    status, out, err = _sweep(capsys, tmp_path, "--vary", "late_seats_end_points=0..1:0.5", "--n", "400", "--json")
    assert status == 0 and len(set(json.loads(out)["runs"])) == 1  # end points: played once
    status, _, err = _sweep(capsys, tmp_path, "--vary", "late_seats_coins=0..2")
    assert status == 2 and "has no per-seat setting 'coins'; per-seat settings: start_points, end_points" in err


def test_the_api_sweeps(tmp_path):
    from simulator import api

    result = api.sweep("toy", 3, "seat2_end_points=-2..0", n=400, seed=2, store=tmp_path / "store", jobs=1,
                       chart=tmp_path / "s.png")  # fmt: skip
    assert result["values"] == [-2.0, -1.0, 0.0] and result["sentence"] and (tmp_path / "s.png").exists()
    with pytest.raises(api.UsageError, match="reversed range"):
        api.sweep("toy", 3, "base_length=4..2", store=tmp_path / "store")


def test_rules_in_a_terminal_fit_its_width(capsys):
    status, out, _ = islandsim(capsys, "rules", "--game", "toy")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("seat1_start_points = 0   [T1]") and lines[1].startswith("    points seat 1 starts with.")
    assert max(len(line) for line in lines) <= 100
    status, out, _ = islandsim(capsys, "rules", "--game", "toy", "--format", "md")
    assert out.splitlines()[0].startswith("| setting | default | allowed |")


def test_compare_says_catch_up_or_runaway_without_trajectories(capsys, tmp_path):
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "600", "--seed", "2",
                                 "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2-bonus", "--json")  # fmt: skip
    assert status == 0, err
    entry = json.loads(out)["catch_up"][0]
    assert entry["setup"] == "seat2-bonus" and entry["low"] <= entry["difference"] <= entry["high"]
    assert entry["sentence"].split(":")[0] in ("catch-up", "runaway", "the gap between first and last does not clearly change")
    status, out, _ = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "600", "--seed", "2",
                               "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2-bonus")  # fmt: skip
    assert f"seat2-bonus: {entry['sentence']}" in out and "--trajectories" not in out


@pytest.mark.parametrize("options, expected", [
    (("--set", "base_length=5_0"), "is not a whole number"),
    (("--set", "base_length=1e1"), "is not a whole number"),
    (("--variant", "base_length=6"), "'base_length=6' is a rule setting, not a variant: give --set base_length=6"),
])  # fmt: skip
def test_numbers_are_plain_digits_and_a_setting_is_not_a_variant(capsys, tmp_path, options, expected):
    status, _, err = _run(capsys, tmp_path, "bad", *options)
    assert status == 2 and err.count("\n") == 1 and expected in err, err


def test_a_rules_file_gives_numbers_as_numbers_and_a_seat_that_does_not_play_changes_nothing(capsys, tmp_path):
    (tmp_path / "text.toml").write_text('base_length = "7"\n', encoding="utf-8")
    status, _, err = _run(capsys, tmp_path, "bad", "--rules", tmp_path / "text.toml")
    assert status == 2 and "is text in the rules file; write the number without quotes" in err
    (tmp_path / "bom.toml").write_bytes("\ufeffbase_length = 7\n".encode("utf-8"))
    assert _run(capsys, tmp_path, "bom", "--rules", tmp_path / "bom.toml")[0] == 0
    status, out, err = _run(capsys, tmp_path, "seat4", "--set", "seat4_start_points=3", "--json")
    assert status == 0, err
    assert json.loads(out)["rules_changed"] == []  # 3 players: seat 4 does not play


@pytest.mark.parametrize("options, expected", [
    (("--vary", "base_length=1..3", "--measure", "seat1-win-rate", "--target", "150"), "a rate's target is from 0 to 100%"),
    (("--vary", "base_length=1..3", "--target", "3"), "the seat imbalance's target is every seat within noise"),
    (("--vary", "base_length=1..3", "--measure", "length", "--target", "50%"), "length is not a rate"),
    (("--vary", "base_length=1..3", "--measure", "seat4-win-rate"), "there is no seat 4 at 3 players"),
    (("--vary", "seat4_end_points=0..2"), "there is no seat 4 at 3 players"),
    (("--vary", "base_length=1,,3"), "has an empty value"),
    (("--vary", "base_length=1..4:-1"), "the step must be positive"),
])  # fmt: skip
def test_sweep_input_is_checked_before_anything_is_played(capsys, tmp_path, options, expected):
    status, _, err = _sweep(capsys, tmp_path, *options)
    assert status == 2 and err.count("\n") == 1 and expected in err, err
    assert not (tmp_path / "store").exists() or not any((tmp_path / "store").iterdir())


def test_a_sweep_reads_a_plain_rate_target_as_percent(capsys, tmp_path):
    status, out, err = _sweep(capsys, tmp_path, "--vary", "base_length=1..2", "--measure", "seat1-win-rate",
                              "--target", "40", "--n", "200", "--json")  # fmt: skip
    assert status == 0, err
    assert json.loads(out)["held_out"]["target"] == pytest.approx(0.40)


def test_compare_refuses_a_setup_with_an_empty_part_or_a_setting_twice(capsys, tmp_path):
    for variant, expected in (("seat2_start_points=2+", "has an empty part"),
                              ("seat2_start_points=2+seat2_start_points=3", "sets seat2_start_points twice")):
        status, _, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "50", "--seed", "2",
                                   "--jobs", "1", "--results", tmp_path / "store", "--variant", variant)  # fmt: skip
        assert status == 2 and expected in err, err


def test_a_seat_study_names_the_fix_its_sweep_found_on_the_first_screen(capsys, tmp_path):
    (tmp_path / "study.toml").write_text(
        'game = "toy"\nplayers = 3\nn = 600\nseed = 5\nbaseline = ["seat2-bonus"]\n'
        'sweeps = [{vary = "seat2_start_points=-4..0"}]\n', encoding="utf-8")  # fmt: skip
    status, out, err = islandsim(capsys, "experiment", tmp_path / "study.toml", "--results", tmp_path / "store",
                                 "--reports-dir", tmp_path / "reports", "--jobs", "1", "--quiet")  # fmt: skip
    assert status == 0, err
    answer = next(line for line in out.splitlines() if line.startswith("1. At 3 players"))
    assert "Fixes: " in answer and "seat2_start_points" in answer and "makes it fair" in answer, answer
    assert "largest gap" in answer.split("Fixes: ")[1]  # the held-out figure of the value it names


def test_a_late_seats_fix_reads_as_plain_words_on_the_first_screen():
    held = {"estimate": 0.012, "low": 0.003, "high": 0.029}
    result = {"setting": "late_seats_start_coins", "unit": "pp", "held_out": held, "chosen": 1, "values": [0, 1, 2],
              "reached": True, "held_out_holds": True}  # fmt: skip
    assert sweep_module.short_sentence(result).startswith("1 more start coin per later seat makes it fair (largest gap")
    assert sweep_module.short_sentence(dict(result, chosen=2)).startswith("2 more start coins per later seat")
    assert sweep_module.short_sentence(dict(result, chosen=0)).startswith(
        "no extra start coins needed: the rules as they stand are fair (largest gap")
    missed = sweep_module.short_sentence(dict(result, reached=False))
    assert missed.startswith("no number of extra start coins per later seat from 0 to 2 makes it fair (closest, 1:")
    assert "late_seats" not in missed
    assert sweep_module.short_sentence(dict(result, setting="late_seats_start_bonus", chosen=1)).startswith("1 more start bonus ")
    assert sweep_module.short_sentence(dict(result, setting="late_seats_end_points")).startswith("1 more end-of-game point ")
