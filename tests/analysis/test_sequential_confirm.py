"""The stronger-play check in looks (issue 36): runs grown look by look on the same deals, each
look's intervals at the Bonferroni level 1 - 0.05/K, a headline that is decided stops asking for
games, and each headline says in one line how it moves with the players."""

from __future__ import annotations

import math
import os
from types import SimpleNamespace

import numpy as np
import pytest

from simulator.analysis.report import document as report
from simulator.analysis.studies import confirm, experiment, store
from simulator.core.engine.registry import UsageError
from tests.analysis.test_experiment import GOOD, write

CHECKED = 'confirm_lineup = ["plain"]\nconfirm_n = 100\nconfirm_budget = 800\n'


# ---------------------------------------------------------------- the looks and their level


def test_the_looks_double_from_confirm_n_up_to_the_budget():
    assert confirm.look_sizes(100, 800) == [100, 200, 400, 800]
    assert confirm.look_sizes(100, 500) == [100, 200, 400, 500]  # the last look is the budget itself
    assert confirm.look_sizes(100, 100) == [100] and confirm.look_sizes(100, 0) == [100]  # no budget: one look


def test_each_look_is_read_at_the_level_of_the_error_rate_split_over_the_looks():
    assert confirm.look_level(1) == pytest.approx(0.95) and confirm.look_level(4) == pytest.approx(0.9875)
    assert confirm.level_text(1) == "95%" and confirm.level_text(2) == "97.5%" and confirm.level_text(4) == "98.75%"
    assert confirm.look_z(1) == pytest.approx(1.96, abs=1e-3) and confirm.look_z(4) == pytest.approx(2.498, abs=1e-3)
    # +5.0 pp [+1.0, +9.0] at 95%: at 98.75% (4 looks) the interval reaches 0, and the effect is no longer decided
    main = {"measure": "seat-win-rate", "estimate": 0.04, "low": 0.03, "high": 0.05}
    strong = {"estimate": 0.05, "low": 0.01, "high": 0.09}
    assert confirm.fare(main, confirm.widened(strong, 1), "seat-win-rate") == confirm.HOLDS
    wide = confirm.widened(strong, 4)
    assert wide["low"] == pytest.approx(0.05 - 0.04 * 2.4977 / 1.96, abs=1e-4) and wide["low"] < 0
    assert confirm.fare(main, wide, "seat-win-rate") == confirm.NOT_DECIDED


def test_looking_four_times_keeps_the_error_rate_at_five_percent():
    # pure noise (no change), looked at after 100, 200, 400 and 800 games, stopping at the first look whose interval
    # excludes 0 ("changes"): at 95% each look, about 12% of checks say "changes"; at the per-look level, at most 5%
    generator = np.random.default_rng(36)
    draws = generator.standard_normal((4000, 800))
    sizes = confirm.look_sizes(100, 800)

    def wrong(z: float) -> float:
        found = np.zeros(draws.shape[0], dtype=bool)
        for size in sizes:
            sample = draws[:, :size]
            found |= np.abs(sample.mean(axis=1)) > z * sample.std(axis=1, ddof=1) / math.sqrt(size)
        return float(found.mean())

    assert wrong(confirm.look_z(1)) > 0.08
    assert wrong(confirm.look_z(len(sizes))) <= 0.05


@pytest.mark.parametrize("looks", [1, 2, 4])
def test_the_two_holds_the_issue_quotes_never_hold_at_any_number_of_looks(looks):
    # issue 36: "+1.0 pp -> +5.0 pp [-6.6, +16.6]" and "-0.5 pp -> -10.0 pp [-21.0, +1.0]" both read "holds"
    effect = {"measure": "seat-win-rate", "estimate": 0.010, "low": 0.004, "high": 0.016}
    no_change = {"measure": "seat-win-rate", "estimate": -0.005, "low": -0.011, "high": 0.001}
    for main, strong in ((effect, {"estimate": 0.05, "low": -0.066, "high": 0.166}),
                         (no_change, {"estimate": -0.10, "low": -0.21, "high": 0.01})):  # fmt: skip
        text = confirm.verdict_text(main, confirm.widened(strong, looks), 100)
        assert text.startswith("is not decided at 100 games (about ") and "holds" not in text


# ---------------------------------------------------------------- a headline stops asking once decided


def _scripted(monkeypatch, verdicts: dict[str, list[dict]]):
    """``headline_value`` replaced by a script: the value of each setup at each look."""
    monkeypatch.setattr(confirm, "headline_value",
                        lambda headline, groups, baseline, looks: verdicts[headline["label"]][groups[headline["label"]][0]])


UNDECIDED = {"estimate": 0.01, "low": -0.05, "high": 0.07}
DECIDED = {"estimate": 0.05, "low": 0.03, "high": 0.07}


def _effect(label: str) -> dict:
    return {"players": 3, "label": label, "measure": "seat-win-rate", "seat": 1, "estimate": 0.04, "low": 0.03, "high": 0.05}


def test_a_headline_decided_at_the_first_look_plays_no_second_batch(monkeypatch):
    _scripted(monkeypatch, {"a": [DECIDED, UNDECIDED]})
    asked = []
    checks, _ = confirm.check_sequentially({0: _effect("a")}, [100, 200], "baseline",
                                           lambda label, look: asked.append((label, look)) or [look])  # fmt: skip
    assert asked == [("baseline", 0), ("a", 0)]
    assert checks[0]["games"] == 100 and checks[0]["look"] == 1


def test_an_undecided_headline_plays_more_looks_up_to_the_budget_and_a_decided_one_stops(monkeypatch):
    _scripted(monkeypatch, {"a": [UNDECIDED] * 4, "b": [UNDECIDED, DECIDED, UNDECIDED, UNDECIDED]})
    asked = []
    checks, groups = confirm.check_sequentially({0: _effect("a"), 1: _effect("b")}, [100, 200, 400, 800], "baseline",
                                                lambda label, look: asked.append((label, look)) or [look])  # fmt: skip
    assert [look for label, look in asked if label == "a"] == [0, 1, 2, 3]
    assert [look for label, look in asked if label == "b"] == [0, 1]  # decided at the second look: no more games
    assert (checks[0]["games"], checks[0]["look"]) == (800, 4) and (checks[1]["games"], checks[1]["look"]) == (200, 2)
    assert groups == {"baseline": [3], "a": [3], "b": [1]}  # each setup's runs at the most games played


def test_a_headline_no_game_can_decide_stops_at_once(monkeypatch):
    _scripted(monkeypatch, {"a": [UNDECIDED] * 2})
    asked = []
    headline = {**_effect("a"), "estimate": math.nan}
    confirm.check_sequentially({0: headline}, [100, 200], "baseline", lambda label, look: asked.append(look) or [look])
    assert asked == [0, 0]


# ---------------------------------------------------------------- the toy study, look by look


def _toy_study(tmp_path, extra: str):
    study = experiment.load_experiment(write(tmp_path, GOOD.replace("players = [2, 3]", "players = [3]")
                                             .replace('"cosmetic-a+cosmetic-b"', "") + extra))  # fmt: skip
    studies = experiment.run_experiment(study, tmp_path / "store", 1, n=300)
    return study, experiment.experiment_report(study, studies, n=300)


def test_a_clear_toy_effect_is_decided_at_the_first_look(tmp_path):
    study, document = _toy_study(tmp_path, CHECKED)
    said = []
    played = confirm.play_confirmation(study, document.headlines, tmp_path / "store", 1, said.append)
    seat2 = next(index for index, headline in enumerate(document.headlines) if headline["label"] == "seat2-bonus")
    assert played[3]["checks"][seat2]["look"] == 1 and played[3]["checks"][seat2]["games"] == 100
    assert not any("extending" in line for line in said)
    confirm.add_confirmation(document, study, played)
    answer = document.answers[document.headlines[seat2]["answer"]]
    assert "with the tuned bot (holds)." in answer  # the lineup and the looks: in the appendix table (issue 37)
    assert "the tuned default at 3 players, 100 of at most 800 games per run, look 1 of 4, 98.75% intervals" in report.to_html(document)
    assert "with the mixed table, +" in answer and "with the tuned bot (holds)." in answer


def test_the_looks_extend_the_same_deals_and_a_second_check_plays_nothing(tmp_path):
    # the baseline's seat imbalance under the plain player is decided only with more games
    study, document = _toy_study(tmp_path, CHECKED + 'measure = "seat-imbalance"\n')
    said = []
    played = confirm.play_confirmation(study, document.headlines, tmp_path / "store", 1, said.append)
    baseline = next(index for index, headline in enumerate(document.headlines) if headline["label"] == "baseline")
    check = played[3]["checks"][baseline]
    assert check["look"] > 1 and check["games"] == 100 * 2 ** (check["look"] - 1)
    assert any(line.startswith("playing 100 games more (to 200) into") and "baseline" in line for line in said[2:])  # only the new ones
    longest, first = played[3]["groups"]["baseline"][0], None
    for line in said:
        if line.startswith("extending the 100 games of "):
            first = line.split(" of ")[1].split(" in ")[0]
            break
    assert first is not None
    shorter = store.load_run(first)
    assert os.stat(longest.path / "chunks" / "chunk-000000.parquet").st_ino == \
        os.stat(shorter.path / "chunks" / "chunk-000000.parquet").st_ino  # the same games, not played again
    rows = longest.rows.collect().sort("game", "seat")
    assert rows.filter(rows["game"] < 100).equals(shorter.rows.collect().sort("game", "seat"))
    again = []
    replayed = confirm.play_confirmation(study, document.headlines, tmp_path / "store", 1, again.append)
    assert not any(line.startswith("playing") for line in again)
    assert replayed[3]["checks"][baseline]["value"] == check["value"]


def test_the_same_seed_gives_the_same_check_for_any_jobs(tmp_path):
    study, document = _toy_study(tmp_path, CHECKED + 'measure = "seat-imbalance"\n')
    one = confirm.play_confirmation(study, document.headlines, tmp_path / "one", 1)
    two = confirm.play_confirmation(study, document.headlines, tmp_path / "two", 2)
    assert {index: (check["games"], check["value"]) for index, check in one[3]["checks"].items()} == \
        {index: (check["games"], check["value"]) for index, check in two[3]["checks"].items()}


def test_the_confirmation_plays_on_the_scheduler_it_is_given(tmp_path, monkeypatch):
    study, document = _toy_study(tmp_path, CHECKED)
    asked = []
    real = store.ensure_run

    def recording(config, folder, jobs, say=None, scheduler=None, extends=None):
        asked.append(scheduler)
        return real(config, folder, jobs, say, None, extends)

    monkeypatch.setattr(store, "ensure_run", recording)
    experiment.confirm_report(document, study, tmp_path / "store", 1, scheduler="tcp://cluster:8786")
    assert asked and set(asked) == {"tcp://cluster:8786"}


def test_the_experiment_command_takes_a_scheduler_for_its_runs(tmp_path, cli_with_analysis, capsys):
    from simulator.cli.commands import main

    path = write(tmp_path, GOOD.replace("players = [2, 3]", "players = [3]") + CHECKED)
    with pytest.raises(SystemExit) as stopped:
        main(["experiment", str(path), "--results", str(tmp_path / "store"), "--reports-dir", str(tmp_path / "r"),
              "--scheduler", "tcp://127.0.0.1:1", "--quiet"])  # fmt: skip
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot reach the Dask scheduler") and len(err.splitlines()) == 1


# ---------------------------------------------------------------- the study file


def test_a_budget_is_read_and_checked(tmp_path):
    assert experiment.load_experiment(write(tmp_path, GOOD + CHECKED)).confirm_budget == 800
    assert confirm.confirmation_looks(experiment.load_experiment(write(tmp_path, GOOD + CHECKED))) == [100, 200, 400, 800]
    one = experiment.load_experiment(write(tmp_path, GOOD + 'confirm_lineup = ["plain"]\nconfirm_n = 100\n'))
    assert one.confirm_budget == 0 and confirm.confirmation_looks(one) == [100]
    with pytest.raises(UsageError, match=r"line 10: 'confirm_budget' must be .* at least confirm_n.*, not 50"):
        experiment.load_experiment(write(tmp_path, GOOD + CHECKED.replace("800", "50")))
    with pytest.raises(UsageError, match="'confirm_budget' needs 'confirm_lineup' and 'confirm_n'"):
        experiment.load_experiment(write(tmp_path, GOOD + "confirm_budget = 800\n"))


# ---------------------------------------------------------------- how a finding moves with the players


def test_a_finding_moves_with_the_players_in_one_line():
    steps = [confirm.Step("with the tuned bot", 0.042), confirm.Step("adapted", 0.039),
             confirm.Step("with the search player", 0.045, (0.021, 0.069))]  # fmt: skip
    assert confirm.moves_with_players("seat 1's win-rate change", "pp", steps) == \
        "seat 1's win-rate change +4.2 pp with the tuned bot, +3.9 adapted, +4.5 [+2.1, +6.9] with the search player"


def test_the_adapted_players_are_shown_when_measured_and_left_out_otherwise():
    study = SimpleNamespace(game="toy", lineups=(("plain@tuned",),), confirm_lineup=("ismcts@tuned+budget=100",))
    headline = {"players": 4, "estimate": 0.042}
    strong = {"estimate": 0.045, "low": 0.021, "high": 0.069}
    assert [step.players for step in confirm.player_steps(study, headline, strong)] == \
        ["with the tuned bot", "with the search player"]
    adapted = confirm.player_steps(study, {**headline, "adapted": {"estimate": 0.039, "low": 0.0, "high": 0.08}}, strong)
    assert [(step.players, step.estimate) for step in adapted] == \
        [("with the tuned bot", 0.042), ("adapted", 0.039), ("with the search player", 0.045)]
    assert adapted[-1].interval == (0.021, 0.069) and adapted[0].interval is None


def test_the_players_are_named_in_plain_words():
    assert confirm.players_phrase("toy", ["plain@tuned"], 4) == "with the tuned bot"  # the toy's default, no file
    assert confirm.players_phrase("toy", ["plain@adapted"], 4) == "adapted"
    assert confirm.players_phrase("toy", ["ismcts@tuned+budget=100+agree=0.25"], 4) == "with the search player"
    assert confirm.players_phrase("toy", ["strong", "weak", "strong"], 4) == "with the mixed table"  # named once, below
    assert confirm.players_phrase("toy", ["strong"], 4) == "with the strong player"


def test_the_cpu_time_of_a_game_counts_every_chunk_of_a_run_extended_look_by_look():
    run = SimpleNamespace(manifest={"n": 200, "jobs": 2, "timings": {"elapsed_seconds": 1.0},  # the last look only
                                    "chunks": [{"games": 100, "seconds": 30.0}, {"games": 100, "seconds": 50.0}]})
    assert confirm.cpu_seconds_per_game([run]) == pytest.approx(0.4)
    assert confirm.cpu_seconds_per_game([SimpleNamespace(manifest={"chunks": [{"games": 10}]})]) is None
