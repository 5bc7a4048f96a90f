"""The shared narration helpers: counts with their nouns, and folded repetitions."""

from simulator.core.engine.narration import fold_repeats, plural


def test_plural_uses_the_singular_for_one_and_the_plural_otherwise():
    assert plural(1, "gem") == "1 gem"
    assert plural(0, "gem") == "0 gems"
    assert plural(3, "clear card") == "3 clear cards"
    assert plural(2, "possible hex") == "2 possible hexes"
    assert plural(1, "possible hex") == "1 possible hex"
    assert plural(2, "coin", "coins of gold") == "2 coins of gold"


def test_a_line_repeated_many_times_is_folded_into_one_line_and_a_count():
    lines = ["start"] + ["seat 1 drives back"] * 5 + ["end"]
    assert fold_repeats(lines) == ["start", "seat 1 drives back", "(the line above repeated 4 more times)", "end"]


def test_a_repeated_stretch_of_several_lines_is_folded_and_what_differs_is_kept():
    turn = ["seat 1 moves", "seat 2 moves", "seat 3 passes"]
    lines = ["setup"] + turn * 4 + ["seat 1 moves", "game capped"]
    assert fold_repeats(lines) == ["setup", *turn, "(the last 3 lines repeated 3 more times)", "seat 1 moves",
                                   "game capped"]


def test_fewer_repeats_than_the_threshold_are_left_alone():
    lines = ["a", "a", "b", "c", "b", "c"]
    assert fold_repeats(lines) == lines
