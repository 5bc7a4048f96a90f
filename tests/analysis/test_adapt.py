"""Adapted players (issue 36): ``islandsim adapt``, ``STRATEGY@adapted``, the experiment key, ``api.adapt``.

The toy game (tests/analysis/toygame.py) makes adapting pay for sure: a seat's score gains
``weight * u``, so a larger weight than ``plain``'s 2.0 wins more in every setup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulator import api
from simulator.analysis.studies import adapt as adapt_module
from simulator.analysis.studies import experiment
from simulator.core.engine.registry import UsageError
from simulator.core.run import runner
from simulator.core.store import results
from tests.cli_helpers import islandsim
from tests.toy_fixture import skill_toy  # noqa: F401  (fixture)

BUDGET = 12_000
SETTINGS = adapt_module.AdaptSettings("toy", 3, "", (), (), BUDGET, 5)


def nothing_may_be_played(monkeypatch) -> None:
    """Any game played from now on fails the test (the runner's workers and the search's games)."""

    def refuse(*arguments, **keywords):
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner, "_backend", refuse)
    monkeypatch.setattr(adapt_module, "win_rates_per_deal", refuse)


def test_adapting_pays_is_validated_and_is_cached(tmp_path, monkeypatch):
    result = adapt_module.adapt(SETTINGS, tmp_path)
    validation = result["validation"]
    assert result["adopted"] and validation["low"] > 0 and validation["gain"] > 0
    assert validation["seed"] == 6 and validation["deals"] == int(BUDGET * 0.4) // 6  # fresh deals: the next seed
    assert result["weights"][0] > 2.0 and result["shipped"] == [2.0] and result["warm_start"] == "plain"
    assert result["cpu_seconds"] > 0 and result["games"] <= BUDGET and not result["cached"]
    path = Path(result["path"])
    assert path.parent == tmp_path / "adapted" and path.name.startswith("toy-3p-plain-")
    nothing_may_be_played(monkeypatch)
    again = adapt_module.adapt(SETTINGS, tmp_path)
    assert again["cached"] and again["path"] == result["path"] and again["weights"] == result["weights"]
    assert again["validation"]["gain"] == pytest.approx(validation["gain"], abs=1e-5)


def test_the_cache_is_keyed_by_setup_and_budget(tmp_path):
    paths = {adapt_module.adapt(settings, tmp_path)["path"] for settings in (
        SETTINGS,
        adapt_module.AdaptSettings("toy", 3, "", ("seat2-bonus",), (), BUDGET, 5),
        adapt_module.AdaptSettings("toy", 3, "", (), (("base_length", "7"),), BUDGET, 5),
        adapt_module.AdaptSettings("toy", 4, "", (), (), BUDGET, 5),
        adapt_module.AdaptSettings("toy", 3, "", (), (), BUDGET + 1_000, 5),
    )}  # fmt: skip
    assert len(paths) == 5


def test_when_adapting_does_not_pay_the_shipped_weights_are_kept(tmp_path, monkeypatch):
    def no_gain(table, warm, weights, start, deals, seed):
        return {"seed": seed + 1, "deals": deals, "adapted_win_rate": 0.33, "shipped_win_rate": 0.34, "gain": -0.01,
                "low": -0.03, "high": 0.01, "fair_share": 1 / 3}  # fmt: skip

    monkeypatch.setattr(adapt_module, "validate", no_gain)
    result = adapt_module.adapt(SETTINGS, tmp_path)
    assert not result["adopted"] and result["weights"] == [2.0]
    assert "adapting did not pay: the shipped weights are kept" in adapt_module.verdict(result)
    assert "-1.0 pp [-3.0, +1.0]" in adapt_module.verdict(result)
    assert "params = [2.0]" in Path(result["path"]).read_text()


def test_adapted_in_a_lineup_plays_the_file_of_the_runs_own_setup(tmp_path, monkeypatch):
    with adapt_module.adapting(tmp_path / "store", 1) as adapter:
        config = runner.RunConfig("toy", 3, 100, 1, ("plain@adapted", "plain", "plain+stream=1"), ("seat2-bonus",))
        prepared = runner.prepare(config)
        other = runner.prepare(runner.RunConfig("toy", 3, 100, 1, ("plain@adapted",) * 3, ()))
    first = prepared.config.lineup[0]
    assert first == f"plain@{adapter.results[0]['path']}" and "/adapted/toy-3p-plain-" in first
    assert prepared.config.lineup[1:] == ("plain", "plain+stream=1")
    assert other.config.lineup[0] != first and len(set(other.config.lineup)) == 1  # its own setup's file
    assert [result["settings"]["variants"] for result in adapter.results] == [["seat2-bonus"], []]
    assert prepared.lineup.params[0, 0] == adapter.results[0]["weights"][0]
    nothing_may_be_played(monkeypatch)
    with adapt_module.adapting(tmp_path / "store", 1):
        assert runner.prepare(config).config.lineup == prepared.config.lineup


def test_adapt_command_prints_gain_cost_and_file_then_reads_it_back(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    arguments = ["adapt", "--game", "toy", "--players", 3, "--budget", BUDGET, "--jobs", 1, "--quiet",
                 "--variant", "seat2-bonus", "--set", "base_length=6"]  # fmt: skip
    status, stdout, stderr = islandsim(capsys, *arguments)
    assert status == 0 and stderr == "", stderr
    lines = stdout.splitlines()
    assert lines[0] == "plain adapted for 3 players, seat2-bonus, base_length = 6"
    assert lines[1].startswith("adapting gained +") and "95% interval" in lines[1] and "adapted weights are kept" in lines[1]
    assert lines[2].startswith("cost: ") and "CPU-seconds" in lines[2] and "nothing played" not in lines[2]
    assert lines[3].startswith("file: results/store/adapted/toy-3p-plain-") and lines[3].endswith("plain@adapted")
    nothing_may_be_played(monkeypatch)
    status, again, _ = islandsim(capsys, *arguments)
    assert status == 0 and "read back from the store now: nothing played" in again
    status, text, _ = islandsim(capsys, *arguments, "--json")
    assert status == 0 and json.loads(text)["cached"] is True


@pytest.mark.parametrize("extra, message", [
    (["--game", "chess", "--players", 3], "unknown game 'chess'"),
    (["--game", "toy", "--players", 9], "Toy Island is played by 2, 3, 4 players"),
    (["--game", "toy", "--players", 3, "--variant", "turbo"], "unknown variant 'turbo'"),
    (["--game", "toy", "--players", 3, "--set", "wizard=1"], "wizard"),
    (["--game", "toy", "--players", 3, "--strategy", "wizard"], "unknown strategy 'wizard' for toy"),
    (["--game", "toy", "--players", 3, "--budget", 500], "--budget 500 games is too small"),
    (["--game", "toy", "--players", 3, "--budget", 0], "--budget"),
])  # fmt: skip
def test_adapt_command_refuses_bad_input_in_one_line(tmp_path, capsys, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = islandsim(capsys, "adapt", *extra, "--jobs", 1)
    assert status == 2 and stdout == "" and stderr.startswith("error: ") and len(stderr.strip().splitlines()) == 1
    assert message in stderr, stderr
    assert not (tmp_path / "results").exists()


def test_the_least_budget_said_is_enough():
    with pytest.raises(UsageError, match=r"give at least ([\d,]+)") as refused:
        adapt_module.plan(500, 4, 10)
    least = int(refused.value.args[0].rsplit(" ", 1)[1].replace(",", ""))
    chosen = adapt_module.plan(least, 4, 10)
    assert chosen.deals >= adapt_module.MIN_DEALS and chosen.games(4) <= least
    with pytest.raises(UsageError):
        adapt_module.plan(least - 4, 4, 10)


def test_a_strategy_without_weights_cannot_be_adapted(skill_toy, tmp_path):
    with pytest.raises(UsageError, match="strategy 'random' of skilltoy has no tunable weights to adapt"):
        adapt_module.adapt(adapt_module.AdaptSettings(skill_toy, 3, budget=BUDGET), tmp_path)


STUDY = """\
game = "toy"
players = [3]
n = 200
seed = 4
weights = "adapted"
lineups = [["plain@tuned"]]
variants = ["seat2-bonus"]
null_setup = false
"""


def test_an_experiment_of_adapted_players_adapts_each_setup_and_says_so(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text(STUDY)
    study = experiment.load_experiment(path)
    assert study.weights == "adapted" and study.lineups == (("plain@adapted",),)
    with adapt_module.adapting(tmp_path / "store", 1) as adapter:
        adapter.budget = BUDGET
        studies = experiment.run_experiment(study, tmp_path / "store", 1)
    files = {label: {run.manifest["lineup"][0] for run in runs} for label, runs in studies[3]}
    assert len(files["baseline"]) == 1 and files["baseline"] != files["seat2-bonus"]  # one file per setup
    document = experiment.experiment_report(study, studies, adapted=adapter.results)
    assert "The players were adapted to each setup" in document.intro
    assert "3 players, the shipped rules: +" in document.intro and "3 players, seat2-bonus: +" in document.intro
    assert " pp [" in document.intro


def test_the_weights_key_takes_tuned_or_adapted(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text(STUDY.replace('weights = "adapted"', 'weights = "clever"'))
    with pytest.raises(UsageError, match=r"line 5: 'weights' must be one of tuned, adapted, not 'clever'"):
        experiment.load_experiment(path)
    path.write_text(STUDY.replace('weights = "adapted"\n', ""))
    assert experiment.load_experiment(path).lineups == (("plain@tuned",),)


def test_api_adapt_reads_back_what_it_adapted(tmp_path, monkeypatch):
    result = api.adapt("toy", 3, budget=BUDGET, seed=5, jobs=1, rules={"base_length": 6}, store=tmp_path)
    assert result["adopted"] and result["settings"]["rules"] == [["base_length", "6"]]
    nothing_may_be_played(monkeypatch)
    assert api.adapt("toy", 3, budget=BUDGET, seed=5, jobs=1, rules={"base_length": 6}, store=tmp_path)["cached"]
    with pytest.raises(UsageError, match="budget"):
        api.adapt("toy", 3, budget=0, store=tmp_path)


def test_a_run_records_the_adapted_file_it_played(tmp_path):
    with adapt_module.adapting(tmp_path / "store", 1):
        folder = api.run("toy", 3, 300, seed=2, lineup="plain@adapted,plain,plain", out=tmp_path / "run", jobs=1)
    lineup = results.read_manifest(folder)["lineup"]
    assert lineup[0].startswith("plain@") and lineup[0].endswith(".toml") and "/adapted/" in lineup[0]


def test_a_real_game_adapts_with_a_tiny_budget(tmp_path):
    result = adapt_module.adapt(adapt_module.AdaptSettings("sails", 3, budget=6_000, jobs=1), tmp_path)
    assert result["warm_start"] == "greedy@tuned-3p" and len(result["weights"]) == len(result["shipped"])
    assert result["validation"]["low"] <= result["validation"]["gain"] <= result["validation"]["high"]


def test_commands_adapt_into_their_own_store_and_quiet_silences_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, stderr = islandsim(capsys, "run", "--game", "toy", "--players", 3, "--lineup", "plain@adapted,plain,plain",
                                  "--n", 300, "--seed", 1, "--jobs", 1, "--quiet", "--out", "run")  # fmt: skip
    assert status == 0 and stderr == "", stderr
    assert len(list((tmp_path / "results" / "store" / "adapted").glob("toy-3p-plain-*.toml"))) == 1
    status, _, stderr = islandsim(capsys, "tournament", "--game", "toy", "--players", 3, "--lineup",
                                  "plain@adapted,weak", "--n", 200, "--seed", 1, "--jobs", 1, "--results", "mine")  # fmt: skip
    assert status == 0 and "adapting plain" in stderr, stderr
    assert len(list((tmp_path / "mine" / "adapted").glob("toy-3p-plain-*.toml"))) == 1


def test_the_experiment_command_reports_adapted_players(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "study.toml").write_text(STUDY)
    status, _, stderr = islandsim(capsys, "experiment", "study.toml", "--out", "study.md", "--results", "store",
                                  "--jobs", 1, "--quiet")  # fmt: skip
    assert status == 0, stderr
    text = (tmp_path / "study.md").read_text()
    assert "The players were adapted to each setup" in text and "3 players, seat2-bonus: +" in text
    assert len(list((tmp_path / "store" / "adapted").glob("toy-3p-plain-*.toml"))) == 2


def test_check_adapted_measures_every_headline_again_with_adapted_players(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text(STUDY.replace('weights = "adapted"', "check_adapted = true"))
    study = experiment.load_experiment(path)
    assert study.check_adapted and study.lineups == (("plain@tuned",),)
    with adapt_module.adapting(tmp_path / "store", 1) as adapter:
        adapter.budget = BUDGET
        studies = experiment.run_experiment(study, tmp_path / "store", 1)
        document = experiment.experiment_report(study, studies)
        experiment.confirm_report(document, study, tmp_path / "store", 1)
        experiment.add_adapted_players(document, study, adapter.results)
    assert "The answers were measured again with players adapted to each setup" in document.intro
    assert "3 players, seat2-bonus: +" in document.intro and experiment.EVENTS_NOT_ADAPTED not in document.intro
    checked = [headline for headline in document.headlines if "adapted" in headline]
    assert checked and all(headline["adapted_verdict"] in experiment.confirm.VERDICTS for headline in checked)
    answer = document.answers[checked[0]["answer"]]
    assert "with the tuned bot, " in answer and "] adapted (" in answer, answer
    played = {run.manifest["lineup"][0] for run in results_runs(tmp_path / "store")}
    assert any("/adapted/toy-3p-plain-" in name for name in played)  # the adapted file of a setup was played
    path.write_text(STUDY)
    assert experiment.adapted_study(experiment.load_experiment(path)) is None  # its players are adapted already


def results_runs(store: Path) -> list:
    from simulator.analysis.stats.runs import load_run

    return [load_run(folder) for folder in sorted(store.glob("toy-*"))]


def test_a_study_of_forced_events_says_its_players_are_not_adapted_to_the_event(tmp_path):
    from dataclasses import replace

    from simulator.analysis.report import document as report

    path = tmp_path / "study.toml"
    path.write_text(STUDY.replace('weights = "adapted"', "check_adapted = true"))
    study = experiment.load_experiment(path)
    forced = replace(study.arms[1], settings=(("force_events", ("B1",)),))
    result = {"settings": {"players": 3, "variants": [], "rules": []}, "adopted": True,
              "validation": {"gain": 0.01, "low": 0.0, "high": 0.02}}
    document = report.Document("events")
    experiment.add_adapted_players(document, replace(study, arms=(study.arms[0], forced)), [result])
    assert "3 players, the shipped rules: +1.0 pp [+0.0, +2.0]" in document.intro
    assert document.intro.endswith(experiment.EVENTS_NOT_ADAPTED)
    unchecked = report.Document("events")
    experiment.add_adapted_players(unchecked, replace(study, check_adapted=False), [result])
    assert unchecked.intro == ""


def test_a_mixed_table_of_adapted_players_pairs_its_setups_like_with_like():
    """Each setup plays its own file of adapted weights: the same player for the comparison."""
    from simulator.analysis.stats.runs import lineup_key

    def played(digest: str, stream: str = "") -> dict:
        file = f"map_builder@/store/adapted/skeleton-4p-map_builder-{digest}.toml{stream}"
        return {"lineup": [file, "pirate", file, "pirate"]}

    assert lineup_key(played("73babfd8691b")) == lineup_key(played("09ec3cd955ae"))
    assert lineup_key(played("73babfd8691b", "+stream=1"))[0] == "map_builder@adapted"
    assert lineup_key({"lineup": ["map_builder@runs/my-weights.toml"]}) == ("map_builder@runs/my-weights.toml",)


def test_a_gain_that_rounds_to_zero_has_no_sign_of_its_own():
    assert adapt_module.gain_text({"validation": {"gain": 0.008, "low": -0.0004, "high": 0.016}}) == "+0.8 pp [+0.0, +1.6]"
