"""Experiment files: every mistake names the line and what is allowed; runs are reused."""

from pathlib import Path

import pytest

from simulator.analysis.studies import experiment
from simulator.analysis.stats.runs import NULL_SETUP
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError

GOOD = """\
title = "Toy study"
game = "toy"
players = [2, 3]
n = 300
seed = 4
lineups = [["strong", "weak"]]
variants = ["seat2-bonus", "cosmetic-a+cosmetic-b"]
"""


def write(tmp_path, text, name="study.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_good_file_is_read(tmp_path):
    study = experiment.load_experiment(write(tmp_path, GOOD))
    assert study.players == (2, 3) and study.n == 300 and study.rotate
    assert [arm.label for arm in study.arms] == ["baseline", "seat2-bonus", "cosmetic-a+cosmetic-b", NULL_SETUP]
    assert study.arms[2].variants == ("cosmetic-a", "cosmetic-b")
    assert study.arms[3].stream == 1 and study.arms[3].variants == ()  # the null setup: the baseline's rules
    assert experiment.planned_lineups(study, 3) == [("strong", "weak", "strong"), ("weak", "strong", "strong"),
                                                    ("strong", "strong", "weak")]  # fmt: skip


@pytest.mark.parametrize(
    "replace, insert, pattern",
    [
        (None, 'colour = "red"\n', r"study.toml, line 8: unknown key 'colour'; allowed keys: title, description, game"),
        ('game = "toy"', 'game = "chess"', r"line 2: unknown game 'chess'; known games: .*toy"),
        ('players = [2, 3]', "players = [2, 7]", r"line 3: Toy Island is played by 2, 3, 4 players, not 7"),
        ('lineups = [["strong", "weak"]]', 'lineups = [\n  ["strong",\n   "wizard"]]', r"line 8: unknown strategy 'wizard' for toy; strategies: strong, plain, weak"),
        ('variants = ["seat2-bonus", "cosmetic-a+cosmetic-b"]', 'variants = ["seat2-bonus", "turbo"]',
         r"line 7: unknown variant 'turbo' for toy; variants: seat2-bonus, cosmetic-a"),
        ("n = 300", "n = -5", r"line 4: 'n' must be a number of games from 1 to 1,000,000,000, not -5"),
        ("n = 300", 'n = "many"', r"line 4: 'n' must be games per run"),
        ("seed = 4\n", "", r"missing key 'seed'"),
        (None, 'force_events = ["Z9"]\n', r"line 8: unknown event card 'Z9'; cards: A1, A2, B1, B2"),
        ('variants = ["seat2-bonus", "cosmetic-a+cosmetic-b"]', 'variants = ["long", "long"]', r"line 7: setup 'long' is listed twice"),
    ],
)
def test_mistakes_name_the_line_and_what_is_allowed(tmp_path, replace, insert, pattern):
    text = GOOD.replace(replace, insert) if replace else GOOD + insert
    with pytest.raises(UsageError, match=pattern):
        experiment.load_experiment(write(tmp_path, text))


def test_invalid_toml_and_missing_file(tmp_path):
    with pytest.raises(UsageError, match=r"not valid TOML: .*line 2"):
        experiment.load_experiment(write(tmp_path, 'game = "toy"\nplayers = = 3\n'))
    with pytest.raises(UsageError, match="does not exist"):
        experiment.load_experiment(tmp_path / "nope.toml")


def test_event_settings_make_one_setup_per_card(tmp_path):
    path = write(tmp_path, GOOD + 'force_events = ["B1", "A2"]\nexclude_events = ["B1"]\n')
    settings = [arm.settings for arm in experiment.load_experiment(path).arms[-4:-1]]  # the null setup last
    assert settings == [(("force_events", ("B1",)),), (("force_events", ("A2",)),), (("exclude_events", ("B1",)),)]


def test_an_experiment_runs_reports_and_reuses_its_runs(tmp_path):
    study = experiment.load_experiment(write(tmp_path, GOOD.replace("players = [2, 3]", "players = [3]")))
    messages = []
    studies = experiment.run_experiment(study, tmp_path / "store", 1, messages.append)
    assert [label for label, _ in studies[3]] == ["baseline", "seat2-bonus", "cosmetic-a+cosmetic-b", NULL_SETUP]
    assert all(len(runs) == 3 for _, runs in studies[3])  # three rotations of each setup
    assert sum(message.startswith("playing") for message in messages) == 12
    document = experiment.experiment_report(study, studies)
    assert any("seat2-bonus" in finding for finding in document.findings)
    assert any("cosmetic-a+cosmetic-b: this setup and the baseline produced identical games" in finding
               for finding in document.findings)
    messages.clear()
    experiment.run_experiment(study, tmp_path / "store", 1, messages.append)
    assert messages and all(message.startswith("reusing") for message in messages)


def test_shipped_experiment_files_are_valid_for_the_games_installed():
    files = sorted(Path(__file__).resolve().parents[2].joinpath("experiments").glob("*.toml"))
    assert len(files) >= 4
    checked = 0
    for path in files:
        game = path.read_text().split('game = "', 1)[1].split('"', 1)[0]
        if game not in registry.GAME_MODULES:
            continue  # that game's engine is not in this install yet
        study = experiment.load_experiment(path)
        for players in study.players:
            games_per_setup = study.n * len(experiment.planned_lineups(study, players))
            # headline intervals within about ±1 percentage point, or a question that tells the
            # designer how many games each setup played (a smaller study, said so up front)
            assert games_per_setup >= 10_000 or f"{study.n:,} games" in (study.question or ""), path.name
        checked += 1
    assert checked >= 1


def test_a_question_is_shown_first(tmp_path):
    study = experiment.load_experiment(write(tmp_path, GOOD.replace("players = [2, 3]", "players = [3]")
                                             + 'question = "Does seat 2 get a bonus?"\n'))  # fmt: skip
    studies = experiment.run_experiment(study, tmp_path / "store", 1, n=200)
    document = experiment.experiment_report(study, studies, n=200)
    assert document.question == "Does seat 2 get a bonus?"
    assert 1 <= len(document.answers) <= 5 and document.answer_figure is not None
    assert document.answers[0].startswith("seat2-bonus shifts who wins")  # the setup that moves seats most comes first
    assert any("identical to the baseline's" in answer for answer in document.answers)  # cosmetic-a+cosmetic-b
