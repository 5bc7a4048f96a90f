"""``islandsim replay --html`` for Tobago: the page tells the stored game, draws every step, hides
what a seat cannot see, and steps in a browser (tests/replay_helpers.py)."""

from __future__ import annotations

from tests.replay_helpers import check_game_pages, check_page, write_game_page

GAME, PLAYERS, SEED = "tobago", 4, 7


def test_the_pages_tell_the_game_and_a_seat_sees_less(capsys, tmp_path):
    check_game_pages(capsys, tmp_path, GAME, PLAYERS, SEED, viewer=2)


def test_the_page_renders_and_steps_in_chromium(capsys, tmp_path):
    check_page(write_game_page(capsys, tmp_path, GAME, PLAYERS, SEED))
