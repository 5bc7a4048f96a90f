"""Reports say what never happened, and why two setups played identical games."""

from __future__ import annotations

import dataclasses

import polars as pl

from simulator.analysis.stats import compare, coverage
from simulator.analysis.report.document import Document, add_study
from simulator.analysis.stats.runs import load_run
from simulator.core.run import runner


def _run(tmp_path, name, **settings):
    config = runner.RunConfig("toy", 3, 1000, 7, (), (), 500, **settings)
    runner.run(runner.prepare(config), tmp_path / name, jobs=1)
    return load_run(tmp_path / name)


def test_a_card_that_never_comes_up_is_named_in_the_report(tmp_path):
    without_b1 = _run(tmp_path, "without-b1", exclude_events=("B1",))
    assert coverage.never_seen([without_b1]) == []  # excluded on purpose: not news
    unaware = dataclasses.replace(without_b1, manifest=dict(without_b1.manifest, exclude_events=[]))
    assert coverage.never_seen([unaware]) == ["event card B1 never came up in 1,000 games"]
    plain = _run(tmp_path, "plain")
    assert coverage.never_seen([plain]) == []
    document = Document("t")
    add_study(document, [("baseline", [plain]), ("B1 absent", [unaware])], "3 players")
    assert "3 players: never happened: B1 absent: event card B1 never came up in 1,000 games" in document.findings


def test_a_count_that_stays_zero_is_named(play):
    run = load_run(play("base", n=500))
    calm = dataclasses.replace(run, rows=run.rows.with_columns(pl.lit(0, dtype=pl.Int64).alias("eliminations")))
    assert coverage.never_seen([calm]) == ["eliminations was 0 in every one of 500 games"]


def test_identical_games_from_a_card_that_never_came_up_give_that_reason(tmp_path):
    """Excluding a card the baseline never dealt cannot change a game: the summary says why."""
    dealt_without_b1 = _run(tmp_path, "base", exclude_events=("B1",))
    # the same games, presented as a baseline that excludes nothing (B1 simply never came up)
    baseline = dataclasses.replace(dealt_without_b1, manifest=dict(dealt_without_b1.manifest, exclude_events=[]))
    assert compare.excluded_cards_never_seen([baseline], [dealt_without_b1]) == ["B1"]
    table = compare.compare_groups([baseline], [("exclude B1", [dealt_without_b1])])
    assert table["identical_games"].all() and table["excluded_never_seen"].to_list() == ["B1"] * table.height
    assert compare.comparison_summary(table) == [
        "exclude B1: this setup and the baseline produced identical games in all 1,000 deals (event card B1 never "
        "came up in the baseline's games, so taking it out changes nothing)."
    ]


def test_runs_that_differ_in_one_game_are_not_identical(tmp_path):
    plain = _run(tmp_path, "plain")
    one_game_changed = dataclasses.replace(
        plain, rows=plain.rows.with_columns(pl.when(pl.col("game") == 999).then(pl.col("score") + 1)
                                            .otherwise(pl.col("score")).alias("score"))
    )  # fmt: skip
    assert compare.same_games(plain, plain)
    assert not compare.same_games(plain, one_game_changed)
