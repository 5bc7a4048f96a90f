"""End-of-game points against a seat advantage (issue 25): applying, searching, stating."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.analysis.stats import compensation
from simulator.analysis.studies.experiment import load_experiment
from simulator.core.engine.registry import UsageError


def wins(scores, ranks, points):
    return compensation.compensated_wins(np.array(scores), np.array(ranks), np.array(points)).astype(int).tolist()


def test_points_are_added_before_ranking():
    assert wins([[10, 9, 8]], [[1, 2, 3]], [0, 0, 0]) == [[1, 0, 0]]
    assert wins([[10, 9, 8]], [[1, 2, 3]], [0, 2, 0]) == [[0, 1, 0]]
    assert wins([[10, 9, 8]], [[1, 2, 3]], [0, 0, 3]) == [[0, 0, 1]]


def test_equal_compensated_scores_share_unless_the_game_split_equal_raw_scores():
    assert wins([[10, 9]], [[1, 2]], [0, 1]) == [[1, 1]]  # 10 = 9 + 1: shared, no rule splits them
    assert wins([[10, 10]], [[1, 2]], [0, 0]) == [[1, 0]]  # the game's own tie-break is kept


def test_unranked_seats_and_capped_games_stay_without_a_win():
    assert wins([[3, 9]], [[1, 0]], [0, 5]) == [[1, 0]]  # seat 2 eliminated: points do not bring it back
    assert wins([[3, 9]], [[0, 0]], [4, 0]) == [[0, 0]]  # a capped game has no winner


def test_search_finds_the_points_that_offset_a_planted_advantage():
    generator = np.random.default_rng(5)
    games, players = 40_000, 4
    scores = generator.integers(0, 12, size=(games, players)) + np.array([3, 0, 0, 0])  # seat 1 starts 3 points up
    ranks = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)  # competition ranks: ties shared
    result = compensation.search(scores, ranks, max_points=4)
    assert result["before"]["largest_gap"] > 0.10
    assert result["found"]["points"] == [0, 3, 3, 3]
    assert result["found"]["largest_gap"] < 0.01
    assert result["chosen_on"] + result["checked_on"] == games


def test_candidate_vectors_leave_out_uniform_shifts():
    vectors = compensation.candidate_vectors(3, 2)
    assert (1, 1, 1) not in vectors and (0, 2, 1) in vectors and (0.5, 0, 1.5) in vectors
    assert len(vectors) == 5**3 - 4**3  # 0, 0.5, 1, 1.5, 2 per seat, one seat at 0


@pytest.mark.parametrize("text, vector", [("late-seats:+2", (0, 2, 4, 6)), ("seat-points:0,0,1,2", (0, 0, 1, 2))])
def test_settings_give_one_vector_per_player_count(text, vector):
    setting = compensation.parse_setting(text)
    assert setting.vector(4) == vector
    assert compensation.parse_setting("seat-points:0,1").vector(4) is None
    assert compensation.parse_setting("search:max=5").max_points == 5


@pytest.mark.parametrize("text", ["late-seats", "search:max=0", "seat-points:a,b", "points"])
def test_a_bad_setting_names_the_allowed_forms(text):
    with pytest.raises(UsageError, match="late-seats:\\+K"):
        compensation.parse_setting(text)


def test_skirmish_says_end_of_game_points_do_not_apply():
    assert "not decided by score" in compensation.applies("skirmish")
    assert compensation.applies("tobago") == ""


def test_experiment_file_checks_the_compensation_line(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text('game = "skeleton"\nplayers = 4\nn = 10\nseed = 1\ncompensation = "late-seats:+x"\n')
    with pytest.raises(UsageError, match=r"study.toml, line 5: compensation 'late-seats:\+x' is not understood"):
        load_experiment(path)
    path.write_text('game = "skeleton"\nplayers = 4\nn = 10\nseed = 1\ncompensation = "search"\n')
    assert load_experiment(path).compensation.search


def test_sentence_states_the_amount_and_the_outcome():
    scores = np.array([[5, 4]] * 50 + [[4, 5]] * 30)
    ranks = np.where(scores == scores.max(axis=1, keepdims=True), 1, 2)
    block = {"players": 2, "applies": True, "games": 80, "before": compensation.evaluate(scores, ranks, (0, 0)),
             "tested": compensation.evaluate(scores, ranks, (0, 1))}
    text = compensation.sentence(block)
    assert text.startswith("At 2 players, seat 2 +1 point at the end: every seat within")


def test_a_study_with_compensation_reports_the_points_found(tmp_path):
    """End to end on the toy game, whose seat2-bonus variant gives seat 2 three points: the search
    gives the other seats points, and the report gets its collapsible section and data block."""
    from simulator.analysis.studies import experiment

    path = tmp_path / "study.toml"
    path.write_text('game = "toy"\nplayers = 3\nn = 4000\nseed = 3\nlineups = [["strong"]]\n'
                    'baseline = ["seat2-bonus"]\ncompensation = "search:max=4"\n')
    study = experiment.load_experiment(path)
    studies = experiment.run_experiment(study, tmp_path / "store", 1)
    document = experiment.experiment_report(study, studies)
    block = document.facts[-1]["compensation"]
    found = block["search"]["found"]
    assert found["points"][1] == 0 and min(found["points"][0], found["points"][2]) >= 2
    assert found["largest_gap"] < block["search"]["before"]["largest_gap"] / 2
    assert block["search"]["chosen_on"] == block["search"]["checked_on"] == 2000


def test_half_a_point_wins_ties_and_nothing_else():
    assert wins([[10, 10, 9]], [[1, 1, 3]], [0, 0.5, 0]) == [[0, 1, 0]]
    assert wins([[10, 11, 9]], [[2, 1, 3]], [0.5, 0, 0]) == [[0, 1, 0]]
