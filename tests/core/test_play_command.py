"""``islandsim play`` driven with scripted input: a whole game played through, bad input asked
again, the end of the input and Ctrl-C leaving cleanly, a game without a forward model refused,
and a game without the describe hooks still playable with raw option codes."""

import dataclasses
import io
import re

import pytest

from simulator.core.engine import registry
from tests.cli_helpers import islandsim
from tests.toy_fixture import toy_game  # noqa: F401  (autouse: the toy game is registered)

PLAY = ["play", "--game", "sails", "--players", "4", "--seat", "2", "--seed", "3"]


def play(capsys, monkeypatch, text, *options):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return islandsim(capsys, *PLAY, *options)


def test_a_whole_game_is_played_through(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "1\n" * 400, "--lineup", "ismcts+budget=5,random,greedy")
    assert status == 0, err
    assert "lineup: seat 1 ismcts+budget=5, seat 2 you, seat 3 random, seat 4 greedy" in out
    assert "Game over." in out and re.search(r"seat 2 \(you\): score \d+, rank [1-4]", out)
    asked = out.count("Seat 2, your decision")
    assert asked >= 10  # two rounds of tricks
    # the person sees their own hand and deal, never another seat's
    assert "Seat 2 is dealt " in out and "Seat 1 is dealt 12 cards" in out
    assert not re.search(r"Seat [134] is dealt \d+ red", out)
    assert "Your hand: " in out and "   1. play " in out


def test_bad_input_is_asked_again(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "x\n0\n99\n\n" + "1\n" * 400)
    assert status == 0, err
    first_prompt = re.search(r"choose 1-(\d+): ", out)
    n = first_prompt.group(1)
    for bad in ("x", "0", "99", ""):
        assert f"'{bad}' is not an option: type a number from 1 to {n}" in out
    assert "Game over." in out


def test_the_end_of_the_input_leaves_cleanly(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "2\n1\n")
    assert status == 1
    assert err == "input ended before the game did: game left\n"
    assert "Seat 2, your decision" in out and "Game over." not in out


def test_ctrl_c_leaves_cleanly_with_status_130(capsys, monkeypatch):
    class Interrupting(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupting())
    status, out, err = islandsim(capsys, *PLAY)
    assert status == 130
    assert err == "interrupted: game left\n"


def test_the_same_seed_and_answers_give_the_same_game(capsys, monkeypatch):
    first = play(capsys, monkeypatch, "2\n" * 400, "--lineup", "greedy,bluffer,random")
    second = play(capsys, monkeypatch, "2\n" * 400, "--lineup", "greedy,bluffer,random")
    assert first[0] == 0 and first == second


@pytest.mark.parametrize("options, message", [
    (["--seat", "5"], "error: --seat must be a seat from 1 to 4, not 5"),
    (["--lineup", "greedy,greedy"], "error: 2 strategies given for the 3 other seats"),
    (["--lineup", "greedy,chess,greedy"], "error: unknown strategy 'chess' for sails"),
    (["--variant", "fog"], "error: unknown variant 'fog' for sails"),
    (["--seat", "ten"], "error: Invalid value for '--seat': 'ten' is not a valid integer"),
    (["--seat", str(10**30)], f"error: --seat must be a seat from 1 to 4, not {10**30}"),
    (["--seed", "-1"], "error: Invalid value for '--seed'"),
    (["--players", "7"], "error: Sails is played by 3, 4, 5 players, not 7"),
])
def test_bad_options_exit_2_in_one_line(capsys, monkeypatch, options, message):
    arguments = PLAY[:5] + PLAY[7:] if "--seat" in options else PLAY  # PLAY[5:7] is --seat 2
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    status, out, err = islandsim(capsys, *arguments, *options)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_a_game_without_a_forward_model_is_refused(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    status, out, err = islandsim(capsys, "play", "--game", "toy", "--players", "3", "--seat", "1")
    assert status == 2 and out == ""
    assert err.startswith("error: Toy Island cannot be played in the terminal yet: its engine is not a forward model")
    assert err.count("\n") == 1


def test_without_the_describe_hooks_the_options_are_raw_codes(capsys, monkeypatch):
    plain = dataclasses.replace(registry.get_game("sails"), describe_options=None, describe_view=None,
                                narrate_for_seat=None)
    monkeypatch.setitem(registry._loaded, "sails", plain)
    status, out, err = play(capsys, monkeypatch, "1\n" * 400)
    assert status == 0, err
    assert "   1. option code " in out
    assert "(Sails has no narration for a seat yet: only your decisions are shown)" in out
    assert "Seat 1 plays" not in out and "Game over." in out
