"""One stall convention owned by the core (issue 25): every game declares its stall cap or why
it has none, and every run summary and ``--json`` carries the capped rate with its interval.

The per-game tests that force a cap: ``tests/skeleton/test_stall.py`` (staged position),
``tests/tobago/test_rules.py::test_a_capped_game_ranks_nobody_and_is_marked_capped`` (staged),
``tests/skirmish/test_games.py::test_round_cap_stops_a_game_and_reports_it`` (round-cap=2).
"""

from __future__ import annotations

import polars as pl
import pytest

from simulator.core.engine.registry import game_ids, get_game
from simulator.core.run.summary import format_summary, summarize

CAPPED_GAMES = {"skeleton", "skirmish", "tobago"}


@pytest.mark.parametrize("game", game_ids())
def test_every_game_declares_its_cap_or_why_it_cannot_stall(game):
    spec = get_game(game)
    if game in CAPPED_GAMES:
        assert spec.stall_cap and "capped" in spec.game_columns
    else:
        assert not spec.stall_cap and spec.length_bound.startswith("the rules end every game")


def fake_results(spec, capped_games: int, games: int = 4) -> tuple[dict, pl.LazyFrame]:
    """A manifest and result rows of ``games`` 2-player games, the first ``capped_games`` capped
    (nobody won them), the others won by seat 1."""
    rows = []
    for game in range(games):
        capped = game < capped_games
        for seat in (1, 2):
            row = {"game": game, "seat": seat, "strategy": "x", "winner": int(not capped and seat == 1),
                   "score": 3, "rank": 0 if capped else seat}
            row.update({name: 0 for name in spec.game_columns})
            if "capped" in spec.game_columns:
                row["capped"] = int(capped)
            rows.append(row)
    manifest = {"game": spec.id, "players": 2, "seed": 1, "variants": [], "lineup": ["x", "x"],
                "length_unit": spec.length_unit, "game_columns": list(spec.game_columns)}
    return manifest, pl.DataFrame(rows).lazy()


@pytest.mark.parametrize("game", game_ids())
def test_every_summary_carries_the_capped_rate(game):
    spec = get_game(game)
    capped = 1 if game in CAPPED_GAMES else 0
    manifest, rows = fake_results(spec, capped)
    summary = summarize(manifest, rows)
    assert summary["capped_rate"] == capped / 4
    assert summary["capped_rate_low"] <= summary["capped_rate"] <= summary["capped_rate_high"]
    text = format_summary(summary, spec.title, "out")
    if capped:
        assert f"capped (stopped by {spec.stall_cap}, no winner): 25.0% of games" in text
    else:
        assert f"capped: none possible ({spec.length_bound})" in text
