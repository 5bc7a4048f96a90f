"""``simulator.api`` (issue 26): run, load, compare and report from Python with polars frames
back, the command line's checks raising :class:`api.UsageError` with the message the command
prints after ``error:``, and the notebook-style example of docs/ run with a small n."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import polars as pl
import pytest

from simulator import api
from tests.cli_helpers import islandsim

ROOT = Path(__file__).resolve().parents[2]


def test_run_load_summary_and_compare_return_frames(tmp_path):
    base = api.run("toy", players=3, n=400, seed=5, out=tmp_path / "base", jobs=1)
    long = api.run("toy", players=3, n=400, seed=5, variants="long", lineup="plain,plain,plain", out=tmp_path / "long",
                   jobs=1)
    rows = api.load(base)
    assert isinstance(rows, pl.DataFrame) and rows.height == 400 * 3
    assert {"game", "seat", "strategy", "winner", "score"} <= set(rows.columns)
    assert sorted(rows["seat"].unique().to_list()) == [1, 2, 3]
    seats = api.summary(base)
    assert seats["seat"].to_list() == [1, 2, 3] and seats["games"].to_list() == [400] * 3
    assert (seats["win_rate_low"] <= seats["win_rate"]).all() and (seats["win_rate"] <= seats["win_rate_high"]).all()
    assert seats["wins"].sum() == rows["winner"].sum()
    assert api.summary(base, by="strategy").height == 1
    assert api.manifest(long)["variants"] == ["long"]
    differences = api.compare(base, long, labels=["long rounds"])
    assert set(differences["arm"]) == {"long rounds"} and {"difference", "low", "high", "p_holm", "verdict"} <= set(differences.columns)
    advantage = api.seat_advantage([base, long])
    assert advantage["seat"].to_list() == [1, 2, 3] and advantage["games"].to_list() == [800] * 3
    report = api.report([base, long], tmp_path / "study.html")
    assert report.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert api.replay(base, game_index=3)


def test_a_finished_run_is_not_played_again(tmp_path):
    first = api.run("toy", players=3, n=200, seed=1, out=tmp_path / "run", jobs=1)
    chunks = {path: path.stat().st_mtime_ns for path in first.rglob("*.parquet")}
    assert chunks
    api.run("toy", players=3, n=200, seed=1, out=tmp_path / "run", jobs=1)
    assert api.load(first).height == 600
    assert {path: path.stat().st_mtime_ns for path in first.rglob("*.parquet")} == chunks


@pytest.mark.parametrize("keywords, arguments", [
    (dict(game="chess", players=3, n=10), ["--game", "chess", "--players", "3", "--n", "10"]),
    (dict(game="toy", players=9, n=10), ["--game", "toy", "--players", "9", "--n", "10"]),
    (dict(game="toy", players=3, n=10, variants=["fog"]), ["--game", "toy", "--players", "3", "--n", "10", "--variant", "fog"]),
    (dict(game="toy", players=3, n=10, lineup=["strong", "wizard", "strong"]),
     ["--game", "toy", "--players", "3", "--n", "10", "--lineup", "strong,wizard,strong"]),
    (dict(game="toy", players=3, n=10, lineup="strong,weak"), ["--game", "toy", "--players", "3", "--n", "10",
                                                              "--lineup", "strong,weak"]),
    (dict(game="toy", players=3, n=10, lineup="strong,,weak"), ["--game", "toy", "--players", "3", "--n", "10",
                                                               "--lineup", "strong,,weak"]),
])
def test_bad_input_raises_the_message_the_command_prints(capsys, tmp_path, keywords, arguments):
    status, out, err = islandsim(capsys, "run", *arguments, "--seed", "1", "--out", str(tmp_path / "cli"))
    assert status == 2 and err.startswith("error: ")
    with pytest.raises(api.UsageError) as raised:
        api.run(**keywords, seed=1, out=tmp_path / "api", jobs=1)
    assert f"error: {raised.value}\n" == err


def test_unpaired_runs_and_missing_folders_are_refused(tmp_path):
    one = api.run("toy", players=3, n=100, seed=1, out=tmp_path / "one", jobs=1)
    other = api.run("toy", players=3, n=100, seed=2, out=tmp_path / "other", jobs=1)
    with pytest.raises(api.UsageError, match="a paired comparison needs runs with the same seed"):
        api.compare(one, other)
    with pytest.raises(api.UsageError, match="give a baseline run folder and at least one other"):
        api.compare(one)
    with pytest.raises(api.UsageError):
        api.load(tmp_path / "nowhere")
    with pytest.raises(api.UsageError, match="n must be a number of games from 1"):
        api.run("toy", players=3, n=0, out=tmp_path / "zero")


def test_to_pandas_gives_the_same_table(tmp_path):
    # pandas is a dependency (issue 38): no importorskip, the conversion must work out of the box
    rows = api.load(api.run("toy", players=3, n=50, seed=3, out=tmp_path / "run", jobs=1))
    assert rows.to_pandas().shape == rows.shape


def test_the_example_study_of_the_docs_runs_and_draws_its_chart(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("example_study", ROOT / "docs" / "example_study.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    chart = example.study(60, tmp_path)
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = capsys.readouterr().out
    assert "random first player" in out and "win_rate" in out


def test_the_readme_notebook_snippet_runs_as_written(tmp_path, monkeypatch):
    """The README's "From Python (notebooks)" block, executed as a user pastes it (in a fresh folder),
    then its rows converted to pandas as its comment says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### From Python (notebooks)", 1)[1].split("\n\n", 2)[1]
    code = "\n".join(line[4:] for line in section.splitlines() if line.startswith("    "))
    assert "api.run(" in code and "api.report(" in code
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 (our own README)
    frame = namespace["api"].load(namespace["base"]).to_pandas()
    assert frame.shape[0] == 20_000 * 4 and (tmp_path / "study.html").exists()
