"""Game-quality measures on hand-built trajectories whose answers are worked out by hand
(docs/analysis.md, "Game-quality measures")."""

import math

import polars as pl
import pytest

from simulator.analysis.stats import measures

# Four games of three seats.  Standings per checkpoint (rows) and seat (columns 1, 2, 3):
STANDINGS = {
    # game 0: seat 1 leads, seat 2 overtakes, seat 1 retakes the lead for good at checkpoint 2; seat 1 wins
    0: [[5, 3, 0], [5, 8, 2], [10, 9, 4], [12, 10, 4]],
    # game 1: seat 2 leads from the first checkpoint to the end and wins
    1: [[0, 1, 0], [0, 3, 0], [0, 5, 0]],
    # game 2: seats 1 and 3 share the win; at the half-way checkpoint (0) seats 1 and 2 tie for the lead
    2: [[2, 2, 0], [6, 5, 6]],
    # game 3: nobody wins (left out of the trajectory measures)
    3: [[1, 1, 1], [3, 2, 1]],
}
WINNERS = {0: {1}, 1: {2}, 2: {1, 3}, 3: set()}


def trajectories() -> pl.DataFrame:
    rows = [(game, checkpoint, seat + 1, standing)
            for game, table in STANDINGS.items() for checkpoint, line in enumerate(table) for seat, standing in enumerate(line)]  # fmt: skip
    return pl.DataFrame(rows, schema=["game", "checkpoint", "seat", "standing"], orient="row")


def results(winners=WINNERS, lengths=(24, 24, 24, 24)) -> pl.DataFrame:
    rows = [(game, seat, int(seat in winners[game]), STANDINGS[game][-1][seat - 1], lengths[game])
            for game in STANDINGS for seat in (1, 2, 3)]  # fmt: skip
    return pl.DataFrame(rows, schema=["game", "seat", "winner", "score", "length"], orient="row")


def decisions() -> pl.DataFrame:
    return pl.DataFrame({"game": [0, 0, 1], "kind": ["play", "bid", "play"], "asked": [2, 1, 2], "options": [6, 5, 2]})


def by_key(table: pl.DataFrame) -> dict:
    return {row["key"]: row for row in table.iter_rows(named=True)}


def test_trajectory_measures_per_game_match_the_hand_worked_answers():
    games = measures.trajectory_per_game(trajectories(), results())
    assert games["game"].to_list() == [0, 1, 2]  # game 3 has no winner
    # decisiveness: game 0 leads for good from checkpoint 2 of 4 -> 3/4; game 1 from the first -> 1/3;
    # game 2 leads (strictly above the non-winner) only at the end -> 1
    assert games["decided_at"].to_list() == pytest.approx([0.75, 1 / 3, 1.0])
    # drama: game 0 seat 1 was 3 points behind seat 2 at checkpoint 1
    assert games["drama"].to_list() == [3.0, 0.0, 0.0]
    # lead changes: 1 -> 2 -> 1 (the tie at no checkpoint of game 0 counts); game 2 never has a sole leader
    assert games["lead_changes"].to_list() == [2.0, 0.0, 0.0]
    # uncertainty: half-way checkpoint ceil(k/2)-1: game 0 -> checkpoint 1, led by seat 2 who lost; game 1 -> seat 2 won;
    # game 2 -> checkpoint 0, seats 1 and 2 tied, one of the two won -> 1/2
    assert games["uncertainty"].to_list() == pytest.approx([1.0, 0.0, 0.5])
    assert games["checkpoints"].to_list() == [4, 3, 2]


def test_a_tied_lead_is_no_lead_change_and_a_tie_with_a_non_winner_is_no_lead():
    frame = pl.DataFrame({"game": [0] * 6, "checkpoint": [0, 0, 1, 1, 2, 2], "seat": [1, 2] * 3,
                          "standing": [2, 1, 3, 3, 4, 5]})  # fmt: skip
    outcome = pl.DataFrame({"game": [0, 0], "seat": [1, 2], "winner": [0, 1], "score": [4, 5]})
    games = measures.trajectory_per_game(frame, outcome)
    assert games["lead_changes"].to_list() == [1.0]  # 1, (tie), 2: one change
    assert games["decided_at"].to_list() == [1.0]  # seat 2 leads only at the end (checkpoint 1 is a tie)
    assert measures.decided_at_checkpoint([True, False, True]) == 1.0
    assert measures.decided_at_checkpoint([False, True, True]) == pytest.approx(2 / 3)
    assert measures.decided_at_checkpoint([True, True, False]) == 1.0  # a tie-break win: decided at the end


def test_outcome_measures_with_intervals():
    table = by_key(measures.estimate_measures(results(), trajectories(), decisions()))
    # seat rates 2/4, 1/4, 1/4 (a shared win counts for both seats): fair share 1/3
    assert table["advantage"]["estimate"] == pytest.approx(0.5 - 1 / 3)
    assert table["balance"]["estimate"] == pytest.approx(0.25)
    assert table["completion"]["estimate"] == pytest.approx(0.75)
    assert table["margin"]["estimate"] == pytest.approx((2 + 5 + 0) / 3)  # game 3 has no winner
    assert table["duration"]["estimate"] == 24 and table["duration"]["constant"]
    assert table["capped"]["estimate"] == 0 and table["capped"]["constant"]
    assert table["decided_at"]["estimate"] == pytest.approx((0.75 + 1 / 3 + 1.0) / 3)
    assert table["drama"]["estimate"] == pytest.approx(1.0)
    assert table["lead_changes"]["estimate"] == pytest.approx(2 / 3)
    assert table["uncertainty"]["estimate"] == pytest.approx(0.5)
    assert table["branching"]["estimate"] == pytest.approx(13 / 5)  # 13 options over 5 decisions
    for row in table.values():
        if not row["constant"]:
            assert row["low"] <= row["estimate"] <= row["high"], row["key"]
    completion = table["completion"]  # 3 of 4: Wilson
    assert (completion["low"], completion["high"]) == pytest.approx(measures.stats.wilson_interval(3, 4))


def test_branching_factor_per_decision_kind():
    kinds = {row["kind"]: row for row in measures.branching_by_kind(decisions()).iter_rows(named=True)}
    assert kinds["play"]["estimate"] == pytest.approx(2.0) and kinds["bid"]["estimate"] == pytest.approx(5.0)
    assert kinds["play"]["asked_per_game"] == pytest.approx(2.0)  # 4 plays over 2 games


def test_without_trajectories_the_trajectory_measures_are_absent_not_zero():
    table = by_key(measures.estimate_measures(results()))
    assert {"advantage", "balance", "completion", "duration", "margin"} <= set(table)
    assert not {"decided_at", "drama", "lead_changes", "uncertainty", "branching"} & set(table)


def test_paired_differences_winner_change_and_spread():
    arm_winners = {0: {1}, 1: {3}, 2: {1, 3}, 3: set()}  # game 1 is won by seat 3 instead of seat 2
    table = by_key(measures.paired_measures(results(), results(arm_winners), trajectories(), trajectories()))
    assert table["winner_change"]["difference"] == pytest.approx(0.25)
    low, high = measures.stats.wilson_interval(1, 4)
    assert (table["winner_change"]["low"], table["winner_change"]["high"]) == pytest.approx((low, high))
    assert table["advantage"]["difference"] == pytest.approx(0.0)  # seat 1 wins the same games
    assert "spread" in table and table["spread"]["difference"] == 0.0  # same scores on both sides
    # the shared win of game 2 is the set {1, 3}: a change of only one of its seats would count
    same = by_key(measures.paired_measures(results(), results()))
    assert same["winner_change"]["difference"] == 0.0
    # balance: arm seat rates 2/4, 0, 2/4 -> spread 0.5 against 0.25
    assert table["balance"]["difference"] == pytest.approx(0.25)
    assert table["balance"]["low"] <= 0.25 <= table["balance"]["high"]


def test_spread_between_first_and_last_moves_with_the_scores():
    arm = results().with_columns(pl.when(pl.col("seat") == 3).then(pl.col("score") + 1).otherwise(pl.col("score")).alias("score"))
    table = by_key(measures.paired_measures(results(), arm))
    # seat 3 alone last in games 0 and 3 (spread shrinks by 1), tied last with seat 1 in game 1 (no change),
    # first in game 2 (grows by 1): mean -0.25
    assert table["spread"]["difference"] == pytest.approx((-1 + 0 + 1 - 1) / 4)


def test_the_player_trailing_when_the_card_came_up():
    arm = results({0: {3}, 1: {2}, 2: {1, 3}, 3: set()})  # in game 0 the trailing seat 3 now wins
    rounds = pl.DataFrame({"game": [0, 1], "round": [3, 1]})  # game 1: round 1, no standing before it
    effect = measures.trailing_player_effect(results(), arm, trajectories(), rounds)
    # game 0, round 3 -> checkpoint 1: standings 5, 8, 2: seat 3 trails; it lost in the baseline, wins here
    assert effect["estimate"] == 1.0 and effect["n"] == 1


def test_a_run_without_records_has_none(play):
    trajectories_frame, decision_frame = measures.load_records(play("plain", n=50))  # the toy game records nothing
    assert trajectories_frame is None and decision_frame is None
    assert math.isnan(measures.branching_value(measures.np.zeros(2), measures.np.zeros(2)))


def test_measures_on_a_real_sails_run_with_trajectories(tmp_path):
    """End to end on the engine's own records (needs simulator/core/store/records.py and a game that
    records trajectories): the measures a report shows exist and keep their definitions."""
    pytest.importorskip("simulator.core.store.records")
    from simulator.analysis.report.quality import results_frame
    from simulator.analysis.stats.runs import load_run
    from simulator.core.run import runner

    config = runner.RunConfig("sails", 4, 60, 11, trajectories=True)
    runner.run(runner.prepare(config), tmp_path / "run", 1)
    run = load_run(tmp_path / "run")
    trajectories, decisions = measures.load_records(run.path)
    assert trajectories is not None and decisions is not None
    results = results_frame(run)
    last = trajectories.filter(pl.col("checkpoint") == pl.col("checkpoint").max().over("game"))
    assert last.join(results, on=["game", "seat"])["standing"].to_list() == last.join(results, on=["game", "seat"])["score"].to_list()
    games = measures.trajectory_per_game(trajectories, results)
    assert games.height == 60 and (games["checkpoints"] == 24).all()  # one checkpoint per trick
    assert ((games["decided_at"] > 0) & (games["decided_at"] <= 1)).all()
    assert (games["drama"] >= 0).all() and (games["lead_changes"] <= games["checkpoints"] - 1).all()
    table = by_key(measures.estimate_measures(results, trajectories, decisions))
    assert {"decided_at", "drama", "lead_changes", "uncertainty", "branching"} <= set(table)
    assert table["branching"]["estimate"] > 1  # a decision asked always offers two options or more
