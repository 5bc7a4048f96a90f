"""Tuning, the strength ladder and the skill-versus-luck panel (issue 16), on toy games with known answers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simulator.analysis.studies import ladder, skill
from simulator.analysis.studies.matches import Table
from simulator.core.players import param_files
from simulator.core.players.reference import parse_reference
from tests.cli_helpers import islandsim
from tests.toy_fixture import skill_toy  # noqa: F401  (fixture)


def test_bradley_terry_fit_recovers_known_strengths():
    strengths = np.log(np.array([1.0, 2.0, 8.0]))
    meetings = 200_000
    wins = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            if i != j:
                wins[i, j] = meetings * np.exp(strengths[i]) / (np.exp(strengths[i]) + np.exp(strengths[j]))
    fitted = ladder.fit_strengths(wins)
    assert np.allclose(fitted - fitted[0], strengths - strengths[0], atol=1e-3)


def test_a_strategy_that_never_loses_gets_a_finite_rating():
    wins = np.array([[0.0, 500.0], [0.0, 0.0]])
    fitted = ladder.fit_strengths(wins)
    assert np.isfinite(fitted).all() and fitted[0] > fitted[1] + 5


def test_deal_share_is_one_when_the_deal_decides_and_zero_when_it_does_not():
    decided = np.repeat(np.array([[1.0], [0.0], [0.0], [1.0], [0.0]]), 6, axis=1)
    assert skill.deal_share(decided) == 1.0
    undecided = np.tile(np.array([1.0, 0.0, 0.0, 1.0, 0.0, 1.0]), (5, 1))
    assert skill.deal_share(undecided) == 0.0


def _panel(variant: str):
    table = Table("skilltoy", 3, 5, (variant,), jobs=1)
    return skill.panel(table, ["perfect", "random"], deals=150, replays=4, bootstrap=40)


def test_pure_chance_toy_shows_no_skill(skill_toy):
    panel = _panel("pure-chance")
    assert panel.spread["low"] <= 0 <= panel.spread["high"]
    assert panel.against_randoms["low"] <= 1 / 3 <= panel.against_randoms["high"]
    assert panel.upset["low"] <= 0.5 <= panel.upset["high"]
    assert panel.deal_share_randoms["estimate"] == 1.0
    assert panel.deal_share_strongest["estimate"] == 1.0


def test_pure_skill_toy_shows_all_skill(skill_toy):
    panel = _panel("pure-skill")
    assert panel.strongest == "perfect"
    assert panel.spread["low"] > 400
    assert panel.against_randoms["estimate"] == 1.0
    assert panel.upset["estimate"] == 0.0
    assert panel.deal_share_randoms["estimate"] < 0.1  # a random table: the deal does not tell who wins
    assert np.isnan(panel.deal_share_strongest["estimate"])  # perfect always wins: nothing varies to explain


def test_skill_command_writes_the_players_report(skill_toy, tmp_path, capsys):
    out = tmp_path / "players.html"
    status, stdout, stderr = islandsim(capsys, "skill", "--game", "skilltoy", "--players", 2, "--n", 60, "--replays", 3,
                                       "--bootstrap", 20, "--jobs", 1, "--report", out, "--quiet",
                                       "--results", tmp_path / "store")
    assert status == 0, stderr
    assert "rating spread" in stdout and "deal share" in stdout
    page = out.read_text()
    assert "Skill Toy" in page and "Strength ladder" in page and "data:image/png;base64," in page


def test_ladder_orders_the_toy_strategies_by_strength(tmp_path, capsys):
    chart = tmp_path / "ladder.png"
    status, stdout, stderr = islandsim(capsys, "ladder", "--game", "toy", "--players", 3, "--strategies",
                                       "weak,plain,strong", "--n", 300, "--bootstrap", 50, "--jobs", 1, "--json",
                                       "--chart", chart, "--quiet", "--results", tmp_path / "store")
    assert status == 0, stderr
    rows = json.loads(stdout)["ratings"]
    assert [row["strategy"] for row in rows] == ["strong", "plain", "weak"]
    assert rows[0]["low"] > rows[1]["high"]
    assert chart.read_bytes()[:4] == b"\x89PNG"
    played = ladder.play_ladder(Table("toy", 3, 1, jobs=1), ["weak", "strong"], 50, 10)
    fragment, data = ladder.ladder_section(played)
    assert fragment.startswith("<section") and data["ratings"][0]["strategy"] == "strong"
    from simulator.analysis.report.document import Document, to_html

    document = Document("toy")
    ladder.add_to_document(document, played)
    assert "Strength ladder: 3 players" in to_html(document) and [block.kind for block in document.blocks][-1] == "figure"


def test_tune_on_a_tiny_budget_finds_a_stronger_weight_and_writes_a_usable_file(tmp_path, capsys):
    out = tmp_path / "plain-tuned.toml"
    status, stdout, stderr = islandsim(capsys, "tune", "--game", "toy", "--players", 3, "--strategy", "plain",
                                       "--budget", 2400, "--deals", 50, "--popsize", 4, "--validate-deals", 300,
                                       "--jobs", 1, "--out", out, "--json")
    assert status == 0, stderr
    result = json.loads(stdout)
    assert "generation 1/4: best" in stderr
    assert result["tuned"][0] > result["untuned"][0]  # the toy rewards a larger weight
    assert result["validation"]["low"] > 0
    assert param_files.load("toy", parse_reference(f"plain@{out}")) == pytest.approx(result["tuned"], abs=1e-6)
    status, stdout, stderr = islandsim(capsys, "run", "--game", "toy", "--players", 3, "--lineup",
                                       f"plain@{out},plain,plain", "--n", 200, "--seed", 3, "--out", tmp_path / "run",
                                       "--jobs", 1, "--json", "--quiet")
    assert status == 0, stderr
    assert json.loads(stdout)["lineup"][0] == f"plain@{out.resolve()}"


@pytest.mark.parametrize("arguments, message", [
    (("tune", "--game", "toy", "--players", 3, "--strategy", "plain", "--budget", 10), "too small"),
    (("tune", "--game", "toy", "--players", 3, "--strategy", "plain", "--budget", 1000, "--field", "a,b,c"),
     "only 2 other seats"),
    (("tune", "--game", "toy", "--players", 3, "--strategy", "plain", "--budget", 1000, "--out", "x.txt"), "ends in .toml"),
    (("run", "--game", "toy", "--players", 3, "--lineup", "plain@missing.toml,plain,plain", "--n", 5), "does not exist"),
    (("run", "--game", "toy", "--players", 3, "--lineup", "nobody@tuned,plain,plain", "--n", 5), "not a registered"),
    (("ladder", "--game", "toy", "--players", 3, "--strategies", "plain"), "at least two"),
    (("ladder", "--game", "toy", "--players", 3, "--strategies", "plain,plain"), "twice"),
    (("skill", "--game", "toy", "--players", 7), "played by"),
    (("tune", "--game", "toy", "--players", 3, "--strategy", "plain@x.toml", "--budget", 1000), "registered strategy"),
    (("check-strategy", "--game", "toy", "--strategy", "plain"), "redraw_hidden"),
    (("ladder", "--game", "toy", "--players", 3, "--strategies", "weak,strong", "--chart", "x.svg"), ".png or .html"),
])
def test_bad_input_gets_one_line(capsys, tmp_path, monkeypatch, arguments, message):
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = islandsim(capsys, *arguments)
    assert status == 2
    assert stderr.startswith("error: ") and stderr.count("\n") == 1 and message in stderr


def test_a_parameter_file_for_another_game_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "w.toml").write_text(param_files.dump("sails", 4, "plain", [1.0], {}))
    status, _, stderr = islandsim(capsys, "run", "--game", "toy", "--players", 3, "--lineup", "plain@w.toml,plain,plain",
                                  "--n", 5)
    assert status == 2 and "is for game 'sails'" in stderr


def test_self_play_tuning_plays_the_search_mean_in_the_other_seats(tmp_path, capsys):
    status, stdout, stderr = islandsim(capsys, "tune", "--game", "toy", "--players", 2, "--strategy", "plain",
                                       "--field", "self", "--budget", 400, "--deals", 25, "--popsize", 4,
                                       "--validate-deals", 100, "--jobs", 1, "--out", tmp_path / "self.toml", "--json")
    assert status == 0, stderr
    result = json.loads(stdout)
    assert "field: self-play" in stderr
    assert result["validation"]["field"] == ["plain"]  # validated against the untuned strategy
    assert 'field = "self"' in (tmp_path / "self.toml").read_text()


def test_ladder_chart_as_an_html_page(tmp_path, capsys):
    chart = tmp_path / "ladder.html"
    status, stdout, stderr = islandsim(capsys, "ladder", "--game", "toy", "--players", 2, "--strategies", "weak,strong",
                                       "--n", 100, "--bootstrap", 10, "--jobs", 1, "--chart", chart, "--quiet",
                                       "--results", tmp_path / "store")
    assert status == 0, stderr
    assert "strong leads the ladder" in stdout
    page = chart.read_text()
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page


def test_skill_json_has_no_nan(skill_toy, capsys, tmp_path):
    status, stdout, stderr = islandsim(capsys, "skill", "--game", "skilltoy", "--players", 2, "--strategies",
                                       "perfect,random", "--n", 40, "--replays", 2, "--bootstrap", 5, "--jobs", 1,
                                       "--json", "--quiet", "--results", tmp_path / "store")
    assert status == 0, stderr
    assert "NaN" not in stdout
    (panel,) = json.loads(stdout)
    assert panel["strongest"] == "perfect" and panel["rating_spread"]["estimate"] > 0
