"""What ``islandsim play`` prints names things as players do (issue 38, item 5): a scripted game
of each of the five games shows no engine identifier (a decision kind such as ``prep_discard``
or ``a3_order``, a component id, Tobago's island id ``abc-j0``), and every decision kind has
its words."""

from __future__ import annotations

import importlib
import io
import re

import pytest

from simulator.core.engine import registry
from simulator.core.engine.narration import decision_words
from tests.cli_helpers import islandsim
from tests.play_checks import check_whole_game_output, internal_names, play_at_random

GAMES = ["sails", "loot", "skeleton", "tobago", "skirmish"]


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_game_shows_no_internal_name(capsys, monkeypatch, game):
    status, out, err, menus = play_at_random(capsys, monkeypatch, ["--game", game, "--players", "4", "--seat", "1",
                                                                   "--seed", "11"], seed=5)  # fmt: skip
    check_whole_game_output(status, out, err, menus)
    assert internal_names(game, out) == []
    assert "your decision (" in out
    if game in ("loot", "tobago", "skirmish"):  # the seat's own draws are named (item 6)
        assert re.search(r"^  \(your new cards?: .+\)$", out, flags=re.MULTILINE)


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_kind_has_words(game):
    spec = registry.get_game(game)
    words = importlib.import_module(f"{registry.GAME_MODULES[game]}.play_text").DECISION_WORDS
    assert set(words) == set(spec.decision_kinds)
    for kind, name in enumerate(spec.decision_kinds):
        assert decision_words(spec, kind) == words[name] and "_" not in words[name]


def test_the_check_finds_internal_names():
    assert internal_names("sails", "Seat 1, your decision (a3_order):") == ["a3_order"]
    assert internal_names("loot", "Seat 1, your decision (action):\nIsland Acb-j0") == ["Acb-j0", "action"]
    assert internal_names("loot", "lineup: seat 1 you, seat 2 bonus_hoarder\n  seat 2 (bonus_hoarder): score 3") == []


def test_the_lineup_example_of_play_help_is_accepted_by_play(capsys, monkeypatch):
    """Item 8: the example in ``play --help`` plays (the other seats' strategies, players - 1 names)."""
    status, out, _ = islandsim(capsys, "play", "--help")
    assert status == 0
    example = re.search(r"--seat (\d) --lineup ([\w,]+) at (\d) players of (\w+)", " ".join(out.split()))
    seat, lineup, players, title = example.groups()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, out, err = islandsim(capsys, "play", "--game", title.lower(), "--players", players, "--seat", seat,
                                 "--lineup", lineup, "--seed", "1")  # fmt: skip
    assert status == 1 and err == "input ended before the game did: game left\n"  # played until the input ended
    assert f"seat {seat} you" in out


def test_the_seats_the_skirmish_game_does_not_rank_come_after_the_winner_by_gems(capsys, monkeypatch):
    """Item 8: not "rank none" in seat order: the winner, then the others by gems, "did not win"."""
    status, out, err, menus = play_at_random(capsys, monkeypatch, ["--game", "skirmish", "--players", "4", "--seat",
                                                                   "1", "--seed", "11"], seed=5)  # fmt: skip
    assert status == 0, err
    final = out[out.index("Game over."):].splitlines()[1:]
    rows = [re.fullmatch(r"  seat \d \((?:you|[\w@+.=-]+)\): score (\d+), (rank 1|did not win|eliminated)", row) for row in final]
    assert all(rows) and len(rows) == 4, final
    assert rows[0].group(2) == "rank 1" and "rank none" not in out
    others = [(row.group(2) == "eliminated", -int(row.group(1))) for row in rows[1:]]
    assert [-score for _, score in others] == sorted((-score for _, score in others), reverse=True)


def test_the_compile_steps_before_the_first_prompt_are_told(capsys, monkeypatch):
    """Item 8: on a fresh cache the deal, the rules and each strategy compile before the first
    prompt (41-108 s): each step is announced and timed (here: every step, however short), and
    the game played is the same as without the announcements (bots' streams untouched)."""
    import simulator.cli.play as play

    arguments = ("play", "--game", "sails", "--players", "4", "--seat", "2", "--seed", "3", "--lineup",
                 "greedy,bluffer,greedy")  # fmt: skip
    monkeypatch.setattr(play, "COMPILE_NOTICE_AFTER_SECONDS", 10_000)  # a loaded machine may take seconds to load
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    quiet = islandsim(capsys, *arguments)
    monkeypatch.setattr(play, "COMPILE_NOTICE_AFTER_SECONDS", 0)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    status, out, err = islandsim(capsys, *arguments)
    assert status == 0 and quiet[0] == 0 and out == quiet[1] and quiet[2] == ""
    told = err.splitlines()
    assert told[0].startswith("compiling Sails for this machine (the first game after an install")
    assert [line.split("...")[0] for line in told if line.endswith("...")] == [
        "  compiling the deal", "  compiling the rules", "  compiling the strategy greedy",
        "  compiling the strategy bluffer"]  # fmt: skip
    assert sum(bool(re.fullmatch(r"  .+: ready after \d+ s", line)) for line in told) == 4
