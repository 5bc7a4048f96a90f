"""The players section of study reports: the strategies a report's findings were measured with,
where they stand on the game's ladder, and its skill panel, read from players/<game>.json beside
the report (issue 16)."""

from __future__ import annotations

import json

import pytest

from simulator.analysis.report import document as report, players as report_players
from simulator.analysis.studies import skill
from simulator.cli import skill as skill_command_module
from simulator.analysis.studies.matches import Table
from simulator.analysis.report.document import to_html
from simulator.core.engine import registry
from tests.cli_helpers import islandsim
from tests.toy_fixture import skill_toy  # noqa: F401  (fixture)


@pytest.fixture(scope="module")
def reports_folder(tmp_path_factory):
    """A reports folder holding the toy game's players report and panel file at 3 players (a
    few deals), made once for the module as ``islandsim skill --report`` makes them."""
    folder = tmp_path_factory.mktemp("reports")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
        registry._loaded.pop("toy", None)
        panel = skill.panel(Table("toy", 3, 1, jobs=1), ["weak", "plain", "strong"], deals=40, replays=2, bootstrap=20)
        report_players.write_panels(folder / "players.html", [panel], "islandsim skill --game toy --players 3")
        registry._loaded.pop("toy", None)
    return folder


def test_skill_report_writes_one_panel_file_per_game_beside_it(tmp_path, capsys):
    folder = tmp_path / "reports"
    status, _, stderr = islandsim(capsys, "skill", "--game", "toy", "--players", 3, "--strategies", "weak,plain,strong",
                                  "--n", 40, "--replays", 2, "--bootstrap", 20, "--jobs", 1,
                                  "--report", folder / "players.html", "--quiet", "--results", tmp_path / "store")  # fmt: skip
    assert status == 0, stderr
    data = json.loads((folder / "players" / "toy.json").read_text())
    assert data["game"] == "toy" and data["report"] == "players.html" and "islandsim skill" in data["command"]
    (panel,) = data["panels"]
    assert panel["players"] == 3 and panel["strongest"] == "strong"
    assert [row["strategy"] for row in panel["ladder"]["ratings"]] == ["strong", "plain", "weak"]


def test_a_study_report_shows_where_its_strategies_stand(reports_folder, play):
    panel = json.loads((reports_folder / "players" / "toy.json").read_text())["panels"][0]
    strong, _, weak = panel["ladder"]["ratings"]
    page = to_html(report.build_report([play("mixed", n=300, lineup=("strong", "weak", "weak"))],
                                       report_folder=reports_folder))  # fmt: skip
    assert "The findings of this report were measured with these strategies: 3 players: strong, weak." in page
    assert "1 of 3" in page and "3 of 3" in page
    assert f"[{strong['low']:+.0f}, {strong['high']:+.0f}]" in page and f"[{weak['low']:+.0f}, {weak['high']:+.0f}]" in page
    assert "standing on the ladder at 3 players" in page
    assert "rating spread" in page and "upset rate" in page and "deal share, random table" in page
    assert '<a href="players.html">' in page
    assert page.index("Strategies and where they stand") > page.index('id="contents"')  # in the appendix


def test_a_count_without_a_ladder_uses_the_nearest_and_says_so(reports_folder, play):
    page = to_html(report.build_report([play("two", players=2, n=200, lineup=("plain", "weak"))],
                                       report_folder=reports_folder))  # fmt: skip
    assert "the ladder at 3 players (the nearest count measured; none at 2)" in page
    assert "2 of 3" in page and "3 of 3" in page


def test_a_strategy_the_ladder_did_not_rank_is_named_as_such(reports_folder):
    panel = json.loads((reports_folder / "players" / "toy.json").read_text())["panels"][0]
    assert report_players.standing_rows(panel, ["strong@elsewhere"], 4) == [["strong@elsewhere", "not on the ladder", "", "", ""]]


def test_without_panels_the_report_says_how_to_make_them(tmp_path, play):
    run = play("plain", n=200)
    page = to_html(report.build_report([run], report_folder=tmp_path))
    assert "measured with these strategies: 3 players: plain." in page
    assert "No strength ladder or skill panel of toy is stored beside this report" in page
    assert "make players-report" in page
    (tmp_path / "players").mkdir()
    (tmp_path / "players" / "toy.json").write_text("{not json")
    assert "make players-report" in to_html(report.build_report([run], report_folder=tmp_path))


def test_markdown_report_links_the_players_report(reports_folder, play):
    out = report.write(report.build_report([play("md", n=200)], report_folder=reports_folder),
                       reports_folder / "study.md", "md")  # fmt: skip
    assert "[Cross-game players report: every ladder and skill panel](players.html)" in out.read_text()


def test_experiment_report_reads_the_panels_of_its_reports_folder(reports_folder, tmp_path, capsys):
    study = tmp_path / "toy-study.toml"
    study.write_text('game = "toy"\nplayers = 3\nn = 200\nseed = 3\nlineups = [["strong", "plain"]]\n')
    status, _, stderr = islandsim(capsys, "experiment", study, "--reports-dir", reports_folder, "--results",
                                  tmp_path / "store", "--jobs", 1, "--quiet")  # fmt: skip
    assert status == 0, stderr
    page = (reports_folder / "toy-study.html").read_text()
    assert "3 players: strong, plain." in page and "1 of 3" in page and "2 of 3" in page


def test_panel_rows_read_back_from_json_show_values_and_undefined_measures(reports_folder):
    data = json.loads((reports_folder / "players" / "toy.json").read_text())["panels"][0]
    rows = {row["measure"]: row for row in report_players.panel_rows(data)}
    assert rows["rating spread"]["value"] == f"{data['rating_spread']['estimate']:.0f} Elo"
    assert rows["upset rate"]["value"] == f"{100 * data['upset_rate']['estimate']:.1f}%"
    data["deal_share_random_table"] = {"estimate": None, "low": None, "high": None}
    rows = {row["measure"]: row for row in report_players.panel_rows(data)}
    assert rows["deal share, random table"]["value"] == "n/a"


def test_several_games_play_the_counts_each_allows(skill_toy):
    assert skill_command_module._studies(["toy", "sails"], [2, 5]) == [("toy", 2), ("sails", 5)]
    with pytest.raises(report_players.UsageError):
        skill_command_module._studies(["toy"], [2, 5])
    with pytest.raises(report_players.UsageError):
        skill_command_module._studies(["toy", "skilltoy"], [5])


def test_the_default_ladder_holds_the_tuned_files_of_its_player_count():
    from simulator.analysis.studies import ladder

    at_four = ladder.default_strategies("sails", 4)
    assert "greedy@tuned-4p" in at_four and "greedy@tuned-3p" not in at_four and "ismcts" not in at_four
    assert "greedy@tuned-3p" in ladder.default_strategies("sails", 3)
    assert {"greedy@tuned-3p", "greedy@tuned-4p"} <= set(ladder.default_strategies("sails"))
    assert ladder.tuned_at("sails", "greedy@tuned-3p") == 3


def test_a_panel_folder_that_is_a_file_is_refused_before_anything_is_played(tmp_path, capsys):
    (tmp_path / "players").write_text("not a folder")
    status, stdout, stderr = islandsim(capsys, "skill", "--game", "toy", "--players", 3, "--n", 10,
                                       "--report", tmp_path / "players.html", "--quiet", "--results", tmp_path / "store")  # fmt: skip
    assert status == 2 and stdout == ""
    assert stderr.startswith("error: --report") and "is a file" in stderr and len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "players.html").exists()
