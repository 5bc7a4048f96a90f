"""The analysis commands through the real CLI entry point: output, files, one-line errors."""

import json

import pytest

from tests.cli_helpers import islandsim




@pytest.fixture(autouse=True)
def registered(cli_with_analysis):
    return cli_with_analysis


def test_register_adds_the_four_commands(registered):
    assert {"tournament", "compare", "report", "experiment"} <= set(registered.commands)


def test_compare_plays_and_reports_in_plain_words(capsys, tmp_path):
    status, out, err = islandsim(capsys, "compare", "--game", "toy", "--players", "3", "--n", "1000", "--seed", "2",
                                 "--jobs", "1", "--results", tmp_path / "store", "--variant", "seat2-bonus",
                                 "--variant", "cosmetic-a", "--report", tmp_path / "compare.html")  # fmt: skip
    assert status == 0, err
    assert "cosmetic-a: this setup and the baseline produced identical games in all 1,000 deals" in out
    assert "seat2-bonus: " in out and "win rate, seat 2 +" in out
    page = (tmp_path / "compare.html").read_text()
    assert page.count("<img") >= 5
    answers = page.split('<section id="answers"', 1)[1].split("</section>", 1)[0]  # the first screen answers
    assert "seat2-bonus shifts who wins" in answers and "identical to the baseline&#x27;s" in answers
    # the winner-change rate beside its chance level (issue 25) is in the appendix, not on the first screen (issue 37)
    assert "sensitivity" not in answers and "sensitivity: the winner differs" in page
    assert "two unrelated games with the same seat win rates" in page  # the chance level, in the answers in full


def test_compare_of_run_folders_refuses_other_seeds_in_one_line(capsys, play):
    status, out, err = islandsim(capsys, "compare", play("a", seed=1, n=300), play("b", seed=2, n=300))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and "same seed" in err


def test_compare_of_run_folders_as_json(capsys, play):
    status, out, err = islandsim(capsys, "compare", play("a", n=300), play("b", n=300, variants=("long",)), "--json")
    assert status == 0, err
    rows = json.loads(out)["differences"]
    length = next(row for row in rows if row["column"] == "length")
    assert length["difference"] == pytest.approx(2.0) and length["survives"]


def test_tournament_prints_ranking_and_matrix(capsys, tmp_path):
    status, out, err = islandsim(capsys, "tournament", "--game", "toy", "--players", "3", "--strategies", "weak,strong",
                                 "--n", "800", "--seed", "3", "--jobs", "1", "--results", tmp_path)  # fmt: skip
    assert status == 0, err
    assert out.startswith("strong ranks first")
    assert "head to head" in out


def test_report_command_writes_markdown(capsys, play, tmp_path):
    status, out, err = islandsim(capsys, "report", play("a", n=300), "--out", tmp_path / "r.md", "--format", "md")
    assert status == 0, err
    assert (tmp_path / "r.md").exists() and list((tmp_path / "r_files").glob("*.png"))


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["report", "nowhere", "--out", "x.html"], "run folder nowhere does not exist"),
        (["compare", "--game", "toy", "--players", "3", "--n", "10"], "nothing to compare"),
        (["compare", "--game", "toy", "--players", "9", "--n", "10", "--variant", "long"], "played by 2, 3, 4 players"),
        (["compare", "--game", "toy", "--players", "3", "--n", "10", "--variant", "nope"], "unknown variant 'nope'"),
        (["tournament", "--game", "toy", "--players", "3", "--strategies", "strong,wizard", "--n", "10"], "unknown strategy 'wizard'"),
        (["experiment", "missing.toml"], "experiment file missing.toml does not exist"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(capsys, tmp_path, monkeypatch, arguments, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = islandsim(capsys, *arguments)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert not (tmp_path / "results").exists()  # nothing written half-way


def test_experiment_command_writes_the_report(capsys, tmp_path):
    study = tmp_path / "toy-study.toml"
    study.write_text('game = "toy"\nplayers = 3\nn = 400\nseed = 1\nvariants = ["long"]\nmeasure = "length"\n')
    status, out, err = islandsim(capsys, "experiment", study, "--jobs", "1", "--results", tmp_path / "store",
                                 "--reports-dir", tmp_path / "reports")  # fmt: skip
    assert status == 0, err
    assert (tmp_path / "reports" / "toy-study.html").exists()
    assert "long raises the game length. 5.99 turns → 7.99 turns" in out  # the study's measure answers
    findings = (tmp_path / "reports" / "findings.md").read_text()  # the first screen, quotable, rewritten each time
    assert "<!-- study: toy-study -->" in findings and "long raises the game length. 5.99 turns" in findings
