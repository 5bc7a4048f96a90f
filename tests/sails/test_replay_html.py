"""``islandsim replay --html`` for Sails: the page is the stored game, drawn, and steps in a browser."""

from __future__ import annotations

from simulator.core.run import runner
from simulator.core.engine.replay_page import FACE_DOWN_FILL
from simulator.games.sails.narrate import format_log, replay_log, treasure_points
from tests.cli_helpers import islandsim
from tests.replay_helpers import assert_well_formed_svg, check_page, page_data, page_lines

SEED, PLAYERS = 7, 4


def write_page(capsys, tmp_path, *extra):
    page = tmp_path / "sails.html"
    status, out, err = islandsim(capsys, "replay", "--game", "sails", "--players", PLAYERS, "--seed", SEED,
                                 "--html", page, *extra)  # fmt: skip
    assert status == 0, err
    assert "wrote" in err and "MB" in err
    return page


def test_the_page_tells_the_stored_game_and_every_picture_is_well_formed(capsys, tmp_path):
    page = write_page(capsys, tmp_path)
    data = page_data(page)
    config = runner.RunConfig("sails", PLAYERS, 1, SEED)
    assert page_lines(data) == runner.narrate(runner.prepare(config), 0)
    for svg in data["svgs"]:
        assert_well_formed_svg(svg)
    assert data["steps"][-1][2] == "Game over"
    assert page.stat().st_size < 2_000_000


def test_a_seat_sees_its_own_hand_and_the_backs_of_the_others(capsys, tmp_path):
    page = write_page(capsys, tmp_path, "--seat", 2)
    data = page_data(page)
    prepared = runner.prepare(runner.RunConfig("sails", PLAYERS, 1, SEED))
    log, count = replay_log(SEED, 0, prepared.variant_flags, prepared.lineup.functions, prepared.lineup.params)
    assert page_lines(data) == format_log(log, count, treasure_points(prepared.variant_flags), seat=1)
    first = data["svgs"][data["steps"][0][0]]
    assert first.count(FACE_DOWN_FILL) >= 3 * 9  # three other hands of 9 or more cards face down
    everything = page_data(write_page(capsys, tmp_path))
    assert everything["svgs"][everything["steps"][0][0]].count(FACE_DOWN_FILL) < 3 * 9
    assert "seat 2 = you" in first


def test_the_page_renders_and_steps_in_chromium(capsys, tmp_path):
    check_page(write_page(capsys, tmp_path))


def test_bad_input_gets_one_error_line_and_writes_nothing(capsys, tmp_path):
    run_dir = tmp_path / "run"
    status, _, err = islandsim(capsys, "run", "--game", "sails", "--players", PLAYERS, "--n", 2, "--seed", SEED,
                               "--out", run_dir, "--jobs", 1)  # fmt: skip
    assert status == 0, err
    page = tmp_path / "page.html"
    cases = [
        (("--game-index", 2, "--html", page), "--game-index 2 is past the end"),
        (("--html", page, "--seat", 5), "--seat must be a seat from 1 to 4, not 5"),
        (("--html", page, "--seat", 0), "--seat must be a seat from 1 to 4, not 0"),
        (("--html", tmp_path / "missing" / "page.html"), "does not exist"),
        (("--html", tmp_path), "is a folder"),
        (("--seat", 1), "--seat goes with --html"),
    ]
    for options, message in cases:
        status, out, err = islandsim(capsys, "replay", run_dir, *options)
        assert status == 2, (options, err)
        assert err.startswith("error: ") and message in err and err.count("\n") == 1, err
        assert "Traceback" not in err
    status, _, err = islandsim(capsys, "replay", tmp_path / "nothing-here", "--html", page)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert not page.exists()
    assert [path.name for path in tmp_path.iterdir() if path.suffix == ".html"] == []
