"""Skeleton Island on the command line: listed, runs, bad input gets one line and status 2."""

import pytest

from tests.cli_helpers import islandsim


def test_games_lists_skeleton_and_its_variants(capsys):
    status, out, _ = islandsim(capsys, "games")
    assert status == 0 and "skeleton  Skeleton Island" in out
    status, out, _ = islandsim(capsys, "variants", "--game", "skeleton")
    assert status == 0 and "skeleton   Skeleton Island (2, 3, 4 players)" in out
    for variant in ("second-card-optional", "hidden-collection", "no-piracy", "pile-radius-3.0", "objects-9"):
        assert f"--variant {variant}" in out


@pytest.mark.parametrize("arguments,message", [
    (("--players", "5"), "error: Skeleton Island is played by 2, 3, 4 players, not 5"),
    (("--players", "4", "--variant", "nope"), "error: unknown variant 'nope' for skeleton; variants: second-card-optional"),
    (("--players", "4", "--variant", "objects-5", "--variant", "objects-9"),
     "error: variants objects-5 and objects-9 both set pirate_objects (5 and 9); give one of them"),
])
def test_bad_input_one_line_status_2(capsys, tmp_path, arguments, message):
    out_dir = tmp_path / "run"
    status, out, err = islandsim(capsys, "run", "--game", "skeleton", "--n", "10", "--out", out_dir, *arguments)
    assert status == 2 and err.startswith(message) and err.count("\n") == 1
    assert not out_dir.exists()


def test_run_and_replay(capsys, tmp_path):
    status, out, err = islandsim(capsys, "run", "--game", "skeleton", "--players", "3", "--n", "200", "--seed", "5",
                                 "--out", tmp_path / "run", "--variant", "no-piracy")
    assert status == 0, err
    assert "mean game length" in out and "turns" in out
    status, out, _ = islandsim(capsys, "replay", "--game", "skeleton", "--players", "2", "--seed", "3")
    assert status == 0 and "=== Game over after" in out
