"""What ``islandsim play`` prints names things as players do (issue 38, item 5): a scripted game
of each of the five games shows no engine identifier (a decision kind such as ``prep_discard``
or ``a3_order``, a component id, Tobago's island id ``abc-j0``), and every decision kind has
its words."""

from __future__ import annotations

import importlib

import pytest

from simulator.core.engine import registry
from simulator.core.engine.narration import decision_words
from tests.play_checks import check_whole_game_output, internal_names, play_at_random

GAMES = ["sails", "loot", "skeleton", "tobago", "skirmish"]


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_game_shows_no_internal_name(capsys, monkeypatch, game):
    status, out, err, menus = play_at_random(capsys, monkeypatch, ["--game", game, "--players", "4", "--seat", "1",
                                                                   "--seed", "11"], seed=5)  # fmt: skip
    check_whole_game_output(status, out, err, menus)
    assert internal_names(game, out) == []
    assert "your decision (" in out


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
