"""``islandsim check-strategy``: every shipped Sails strategy passes, a cheater is caught (issue 16)."""

from __future__ import annotations

import json

import pytest

from simulator.analysis.studies.fairplay import check_strategy
from simulator.games.sails import STRATEGY_DESCRIPTIONS
from tests.cli_helpers import islandsim


@pytest.mark.parametrize("strategy", sorted(STRATEGY_DESCRIPTIONS))
def test_every_shipped_sails_strategy_reads_only_what_its_seat_sees(strategy):
    report = check_strategy("sails", strategy, 4, games=3, redraws=3, seed=11)
    assert report.decisions > 100
    assert report.passed, report.changed[:3]


def test_a_strategy_reading_an_opponents_hand_is_caught(capsys):
    status, stdout, stderr = islandsim(capsys, "check-strategy", "--game", "sails", "--players", 3, "--strategy",
                                       "tests.sails.cheater:peeks_at_next_hand", "--n", 2, "--json")
    assert status == 1, stderr
    report = json.loads(stdout)
    assert not report["passed"] and report["changed_count"] > 0
    first = report["changed"][0]
    assert 1 <= first["seat"] <= 3 and first["decision"]
    assert any(answer != first["answer"] for answer in first["answers_on_redraws"])


def test_the_tuned_parameter_files_pass_too():
    report = check_strategy("sails", "greedy@tuned-4p", 4, games=2, redraws=2, seed=3)
    assert report.passed


def test_a_game_without_redraw_hidden_gets_one_line(capsys, monkeypatch):
    from simulator.core.engine import registry

    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")  # no forward model
    registry._loaded.pop("toy", None)
    status, _, stderr = islandsim(capsys, "check-strategy", "--game", "toy", "--strategy", "plain")
    registry._loaded.pop("toy", None)
    assert status == 2 and stderr.startswith("error: ") and stderr.count("\n") == 1
    assert "redraw_hidden" in stderr and "sails" in stderr
