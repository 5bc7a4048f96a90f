"""Every strategy name a shipped report prints runs when pasted into ``--lineup`` (issue 37, item 5):
``X@tuned`` and ``ismcts@tuned+budget=...`` pick the file tuned for the player count, ``X@tuned-4p``
names it.  Checked without compiling: the names are resolved and checked as ``build_lineup`` does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator.core.engine import registry
from simulator.core.players.strategies import _resolve_tuned, check_lineup, default_name

REPORTS = Path(__file__).resolve().parents[2] / "reports"
NAME = re.compile(r"\b((?:[a-z_]+)@tuned(?:-[2-5]p)?(?:\+[a-z_]+=[0-9.]+)*)")


def _printed_names() -> set[str]:
    found = set()
    for page in REPORTS.glob("*.html"):
        found |= set(NAME.findall(page.read_text(encoding="utf-8", errors="replace")))
    return found


@pytest.mark.parametrize("game", registry.game_ids())
def test_every_name_a_report_prints_runs_in_a_lineup(game):
    spec = registry.get_game(game)
    names = sorted(name for name in _printed_names() if name.split("@")[0] in spec.strategy_descriptions)
    for players in spec.player_counts:
        for name in names:
            if re.search(r"-([2-5])p", name) and f"-{players}p" not in name:
                continue  # a file tuned for another player count plays at its own
            resolved = _resolve_tuned(spec, name, players)
            check_lineup(spec, players, (resolved,) * players)


def test_no_lineup_plays_the_tuned_default_where_a_file_is_shipped():
    sails = registry.get_game("sails")
    assert default_name(sails, 4) == "greedy@tuned-4p"
    skeleton = registry.get_game("skeleton")
    assert default_name(skeleton, 3) == "map_builder@tuned-3p"
    assert _resolve_tuned(sails, "ismcts@tuned+budget=100+agree=0.25+prior=0.1", 4) == (
        "ismcts@tuned-4p+budget=100+agree=0.25+prior=0.1")


def test_run_takes_x_at_tuned_and_plays_the_tuned_default_without_a_lineup(capsys, tmp_path):
    from tests.cli_helpers import islandsim

    status, out, err = islandsim(capsys, "run", "--game", "sails", "--players", "4", "--n", "40", "--seed", "3",
                                 "--jobs", "1", "--out", tmp_path / "tuned", "--lineup",
                                 "greedy@tuned,greedy@tuned,greedy,greedy@tuned-4p")  # fmt: skip
    assert status == 0, err
    assert "greedy@tuned-4p" in out and " greedy " in out
    status, out, err = islandsim(capsys, "run", "--game", "sails", "--players", "4", "--n", "40", "--seed", "3",
                                 "--jobs", "1", "--out", tmp_path / "default")  # fmt: skip
    assert status == 0, err
    assert out.count("greedy@tuned-4p") >= 4  # every seat, printed in the summary
