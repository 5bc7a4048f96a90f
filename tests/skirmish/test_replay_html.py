"""``islandsim replay --html`` for the skirmish game: the page tells the stored game, draws every step, hides
what a seat cannot see, and steps in a browser (tests/replay_helpers.py)."""

from __future__ import annotations

from tests.replay_helpers import check_game_pages, check_page, write_game_page

GAME, PLAYERS, SEED = "skirmish", 4, 7


def test_the_pages_tell_the_game_and_a_seat_sees_less(capsys, tmp_path):
    check_game_pages(capsys, tmp_path, GAME, PLAYERS, SEED, viewer=2)


def test_the_page_renders_and_steps_in_chromium(capsys, tmp_path):
    check_page(write_game_page(capsys, tmp_path, GAME, PLAYERS, SEED))


def test_a_stalled_game_folds_its_repeated_steps(capsys, tmp_path):
    from simulator.core.run import runner
    from tests.replay_helpers import page_data, page_lines

    # game 72 of this 2-player random run twice plays the same empty turn three times in a row:
    # the narration folds both stretches (fold_stalls), the page folds their steps
    options = ("--lineup", "random,random", "--game-index", 72)
    data = page_data(write_game_page(capsys, tmp_path, GAME, 2, 3, *options))
    lines = page_lines(data)
    folded_steps = [line for line in lines if line.endswith("of the repeated stretch folded into this one)")]
    assert folded_steps == ["(3 steps of the repeated stretch folded into this one)"] * 2
    config = runner.RunConfig(GAME, 2, 73, 3, ("random", "random"))
    narrated = runner.narrate(runner.prepare(config), 72)
    assert [line for line in lines if line not in folded_steps] == narrated
    decisions = sum(1 for step in data["steps"] if step[2] != "Game over")
    assert decisions == 975  # 981 decisions, 6 of them in the folded stretches
