"""The options every command shares, driven through the real CLI entry point on the toy game:
one lineup syntax, table formats, --quiet, replay of a run folder, export, report formats."""

import csv
import io
import json

import polars as pl
import pytest

from tests.cli_helpers import islandsim




@pytest.fixture(autouse=True)
def registered(cli_with_analysis):
    return cli_with_analysis


def run_toy(capsys, out, *options):
    return islandsim(capsys, "run", "--game", "toy", "--players", "3", "--n", "300", "--seed", "4", "--jobs", "1",
                     "--out", out, *options)  # fmt: skip


# ------------------------------------------------------------------------------------------ lineup


def test_lineup_and_repeated_strategy_are_the_same_run(capsys, tmp_path):
    _, by_lineup, err = run_toy(capsys, tmp_path / "a", "--lineup", "strong,weak,plain", "--json")
    assert err == ""
    _, by_strategy, _ = run_toy(capsys, tmp_path / "b", "--strategy", "strong", "--strategy", "weak",
                                "--strategy", "plain", "--json")  # fmt: skip
    first, second = json.loads(by_lineup), json.loads(by_strategy)
    assert first["lineup"] == ["strong", "weak", "plain"] == second["lineup"]
    assert first["by_seat"] == second["by_seat"]


LINEUP_MISTAKES = [
    (["--lineup", "strong,weak"], "2 strategies given for 3 players; give one per seat"),
    (["--lineup", "strong,wizard,weak"], "unknown strategy 'wizard' for toy; strategies: strong, plain, weak"),
    (["--lineup", "strong,weak,weak", "--strategy", "plain"], "give the lineup once: --lineup a,b,c or repeated"),
    (["--lineup", "strong,,weak"], "--lineup 'strong,,weak' has an empty name"),
]


@pytest.mark.parametrize("command", [
    ["run", "--game", "toy", "--players", "3", "--n", "10", "--seed", "1"],
    ["replay", "--game", "toy", "--players", "3", "--seed", "1"],
    ["bench", "--game", "toy", "--players", "3", "--n", "10", "--python-n", "0"],
    ["compare", "--game", "toy", "--players", "3", "--n", "10", "--seed", "1", "--variant", "long"],
])  # fmt: skip
@pytest.mark.parametrize("mistake, message", LINEUP_MISTAKES)
def test_every_command_refuses_a_bad_lineup_in_one_line(capsys, tmp_path, monkeypatch, command, mistake, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = islandsim(capsys, *command, *mistake)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mistake, message", [
    (["--lineup", "strong,wizard"], "unknown strategy 'wizard' for toy"),
    (["--lineup", "strong,weak", "--strategy", "plain"], "give the lineup once"),
    (["--lineup", "strong"], "a tournament needs at least two strategies"),
])  # fmt: skip
def test_tournament_refuses_a_bad_lineup_in_one_line(capsys, tmp_path, monkeypatch, mistake, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = islandsim(capsys, "tournament", "--game", "toy", "--players", "3", "--n", "10", *mistake)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
    assert list(tmp_path.iterdir()) == []


def tournament(capsys, store, *options):
    return islandsim(capsys, "tournament", "--game", "toy", "--players", "3", "--n", "300", "--seed", "3",
                     "--jobs", "1", "--results", store, *options)  # fmt: skip


def test_tournament_says_how_it_fills_the_seats(capsys, tmp_path):
    status, out, err = tournament(capsys, tmp_path, "--lineup", "weak,strong")
    assert status == 0, err
    assert "2 strategies for 3 seats: they are repeated in order to fill the seats (weak, strong, weak)" in err
    status, repeated, _ = tournament(capsys, tmp_path, "--strategy", "weak", "--strategy", "strong")
    assert repeated == out  # the same tournament, read from the store


def test_tournament_with_more_strategies_than_seats_plays_every_group(capsys, tmp_path):
    status, out, err = islandsim(capsys, "tournament", "--game", "toy", "--players", "2", "--n", "100", "--seed", "3",
                                 "--jobs", "1", "--results", tmp_path, "--lineup", "weak,strong,plain")  # fmt: skip
    assert status == 0, err
    assert "3 strategies for 2 seats: every group of 2 (3 groups), each played in every cyclic seat rotation" in err


# ------------------------------------------------------------------------------------ table formats


def test_run_prints_its_tables_as_csv(capsys, tmp_path):
    status, out, err = run_toy(capsys, tmp_path / "run", "--lineup", "strong,weak,plain", "--format", "csv")
    assert status == 0, err
    seat_table, strategy_table = out.strip().split("\n\n")
    rows = list(csv.DictReader(io.StringIO(seat_table)))
    assert [row["seat"] for row in rows] == ["1", "2", "3"]  # seats printed as the results store them
    assert [row["strategy"] for row in rows] == ["strong", "weak", "plain"]
    assert sum(int(float(row["win_rate"]) * 300 + 0.5) for row in rows) >= 300
    assert strategy_table.startswith("strategy,win_rate,win_rate_low,win_rate_high")


def test_run_prints_markdown(capsys, tmp_path):
    status, out, err = run_toy(capsys, tmp_path / "run", "--format", "md")
    assert status == 0, err
    assert "| seat | strategy | win rate | 95% interval | mean score | sd |" in out
    assert "\n\nshared wins:" in out


def test_tournament_and_compare_print_markdown_and_csv(capsys, tmp_path):
    status, out, err = tournament(capsys, tmp_path, "--lineup", "weak,strong", "--format", "md")
    assert status == 0, err
    assert "| # | strategy | win rate | low | high | mean score |" in out
    assert "| strategy | opponent | ahead | low | high |" in out
    status, out, err = tournament(capsys, tmp_path, "--lineup", "weak,strong", "--format", "csv")
    ranking, pairs = out.strip().split("\n\n")
    assert ranking.splitlines()[0] == "position,strategy,win_rate,low,high,mean_score"
    assert ranking.splitlines()[1].startswith("1,strong,")
    assert pairs.splitlines()[0] == "a,b,ahead,low,high"
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "300", "--seed", "2",
                                 "--jobs", "1", "--results", tmp_path, "--variant", "long", "--format", "csv")  # fmt: skip
    assert status == 0, err
    tables = [list(csv.DictReader(io.StringIO(part))) for part in out.strip().split("\n\n")]
    assert list(tables[0][0])[:2] == ["setup", "seat 1"]  # each setup's seat balance first (issue 37)
    rows = [row for table in tables[1:] for row in table]
    length = next(row for row in rows if row["measure"].startswith("game length"))
    assert float(length["difference"]) == pytest.approx(2.0)


def test_json_and_a_table_format_are_not_both_printed(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["run", "--game", "toy", "--players", "3", "--n", "10"],
                    ["tournament", "--game", "toy", "--players", "3", "--n", "10", "--lineup", "weak,strong"]):  # fmt: skip
        status, out, err = islandsim(capsys, *command, "--json", "--format", "md")
        assert status == 2 and err == "error: give --json or --format md, not both\n"
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------------------------- quiet


def test_quiet_silences_notices_but_not_the_results(capsys, tmp_path):
    status, out, err = tournament(capsys, tmp_path, "--lineup", "weak,strong", "--quiet")
    assert status == 0 and err == ""
    assert out.startswith("strong ranks first")
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "300", "--jobs", "1",
                                 "--results", tmp_path, "--variant", "long", "--quiet")  # random seed: not announced
    assert status == 0 and err == ""
    assert out.startswith("baseline:")
    study = tmp_path / "study.toml"
    study.write_text('game = "toy"\nplayers = 3\nn = 300\nseed = 1\nvariants = ["long"]\n')
    status, out, err = islandsim(capsys, "experiment", study, "--jobs", "1", "--results", tmp_path / "store",
                                 "--reports-dir", tmp_path / "reports", "--quiet")  # fmt: skip
    assert status == 0 and err == ""
    assert (tmp_path / "reports" / "study.html").exists()


def test_without_quiet_the_notices_are_on_stderr(capsys, tmp_path):
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "300", "--jobs", "1",
                                 "--results", tmp_path, "--variant", "long")  # fmt: skip
    assert status == 0
    assert "pass --seed" in err and "playing 300 games" in err


# ------------------------------------------------------------------------------------------ replay


def test_replay_of_a_run_folder_reuses_its_configuration(capsys, tmp_path):
    run_toy(capsys, tmp_path / "run", "--lineup", "strong,weak,plain", "--variant", "long")
    status, out, err = islandsim(capsys, "replay", tmp_path / "run", "--game-index", "7")
    assert status == 0, err
    header = out.splitlines()[:3]
    assert header == [
        f"replay: Toy Island, 3 players, seed 4, game index 7 of {tmp_path / 'run'}",
        "lineup: seat 1 strong, seat 2 weak, seat 3 plain",
        "variants: long",
    ]
    assert out.splitlines()[4] == "toy game"
    status, typed, err = islandsim(capsys, "replay", "--game", "toy", "--players", "3", "--seed", "4",
                                   "--lineup", "strong,weak,plain", "--variant", "long", "--game-index", "7")  # fmt: skip
    assert typed.splitlines()[1:] == out.splitlines()[1:]


@pytest.mark.parametrize("options, message", [
    (["--game-index", "300"], "--game-index 300 is past the end of"),
    (["--seed", "5"], "replay RUN_DIR takes the configuration from the run folder; give only --game-index"),
    (["--lineup", "weak,weak,weak"], "replay RUN_DIR takes the configuration from the run folder"),
])  # fmt: skip
def test_replay_of_a_run_folder_refuses_conflicting_options(capsys, play, options, message):
    run = play("a", n=300)
    status, out, err = islandsim(capsys, "replay", run, *options)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err


def test_replay_without_a_folder_needs_the_configuration(capsys):
    status, out, err = islandsim(capsys, "replay", "--game", "toy", "--players", "3")
    assert status == 2 and err == "error: missing option --seed (or give a results folder: islandsim replay RUN_DIR)\n"


# ------------------------------------------------------------------------------------------ export


@pytest.mark.parametrize("name", ["rows.csv", "rows.parquet", "rows.json"])
def test_export_writes_every_result_row(capsys, play, tmp_path, name):
    run = play("a", n=300)
    status, out, err = islandsim(capsys, "export", run, "--out", tmp_path / name)
    assert status == 0, err
    assert err == f"900 rows written to {tmp_path / name}\n"
    reader = {"csv": pl.read_csv, "parquet": pl.read_parquet, "json": pl.read_json}[name.split(".")[1]]
    table = reader(tmp_path / name)
    stored = pl.read_parquet(list(run.glob("**/*.parquet")))
    assert table.height == 900 and table.columns == stored.columns
    assert table["seat"].to_list()[:3] == [1, 2, 3]  # as stored, in game then seat order
    assert table["score"].sum() == stored["score"].sum()


def test_export_prints_csv_on_stdout(capsys, play):
    status, out, err = islandsim(capsys, "export", play("a", n=300), "--out", "-")
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith("game,seat,strategy,")
    assert len(out.splitlines()) == 901


def test_export_format_option_wins_over_the_extension(capsys, play, tmp_path):
    status, out, err = islandsim(capsys, "export", play("a", n=300), "--out", tmp_path / "rows.txt", "--format", "json")
    assert status == 0, err
    assert len(json.loads((tmp_path / "rows.txt").read_text())) == 900


@pytest.mark.parametrize("options, message", [
    (["--out", "kept.csv"], "kept.csv already exists; give --force to replace it"),
    (["--out", "rows.xlsx"], "cannot tell the format of --out rows.xlsx from its extension; use one of .csv, "
                             ".parquet, .json, or give --format"),
    (["--out", "-", "--format", "parquet"], "Parquet is a binary format"),
    (["--out", "missing/rows.csv"], "folder missing does not exist"),
])  # fmt: skip
def test_export_refuses_in_one_line_and_writes_nothing(capsys, play, tmp_path, monkeypatch, options, message):
    run = play("a", n=300)
    work = tmp_path / "work"
    work.mkdir()
    (work / "kept.csv").write_text("mine")
    monkeypatch.chdir(work)
    status, out, err = islandsim(capsys, "export", run, *options)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
    assert sorted(path.name for path in work.iterdir()) == ["kept.csv"] and (work / "kept.csv").read_text() == "mine"


def test_export_with_force_replaces_the_file(capsys, play, tmp_path):
    (tmp_path / "rows.csv").write_text("old")
    status, out, err = islandsim(capsys, "export", play("a", n=300), "--out", tmp_path / "rows.csv", "--force")
    assert status == 0, err
    assert (tmp_path / "rows.csv").read_text().startswith("game,seat,")


# ------------------------------------------------------------------------------------------ report


def test_report_format_follows_the_out_extension(capsys, play, tmp_path):
    run = play("a", n=300)
    status, out, err = islandsim(capsys, "report", run, "--out", tmp_path / "r.md")
    assert status == 0, err
    text = (tmp_path / "r.md").read_text()
    assert text.startswith("# ") and "<html" not in text.lower()
    status, out, err = islandsim(capsys, "report", run, "--out", tmp_path / "r.html")
    assert "<html" in (tmp_path / "r.html").read_text().lower()
    status, out, err = islandsim(capsys, "report", run, "--out", tmp_path / "r.txt", "--format", "md")
    assert status == 0 and (tmp_path / "r.txt").read_text().startswith("# ")


def test_report_with_an_unknown_extension_and_no_format_is_refused(capsys, play, tmp_path):
    status, out, err = islandsim(capsys, "report", play("a", n=300), "--out", tmp_path / "r.txt")
    assert status == 2
    assert err == (f"error: cannot tell the format of --out {tmp_path / 'r.txt'} from its extension; "
                   "use one of .html, .htm, .md, or give --format\n")  # fmt: skip
    assert not (tmp_path / "r.txt").exists()


def test_tournament_report_format_follows_the_extension(capsys, tmp_path):
    status, out, err = tournament(capsys, tmp_path / "store", "--lineup", "weak,strong", "--report", tmp_path / "t.md")
    assert status == 0, err
    assert (tmp_path / "t.md").read_text().startswith("# ")


def test_strategies_list_is_a_table_in_every_format(capsys):
    status, out, err = islandsim(capsys, "strategies", "--game", "toy", "--format", "md")
    assert status == 0, err
    assert out.splitlines()[:3] == ["| strategy | description |", "|---|---|", "| strong | adds up to 4 points |"]
    assert "| plain | adds up to 2 points (default) |" in out
    status, out, err = islandsim(capsys, "strategies", "--game", "toy", "--format", "csv")
    assert out.splitlines()[0] == "strategy,description" and "weak,adds up to 0 points" in out
