"""Loot Island's game-over picture (issue 38 item 6): a scoreboard with every seat's final score,
its parts and its rank."""

from __future__ import annotations

import pytest

from simulator.core.engine.seats import seat_label
from simulator.games.loot.draw import draw_table, final_scores
from simulator.games.loot.state import S_FIRST, S_RANK, S_SCORE
from tests.picture_helpers import random_states, svg_texts


@pytest.mark.parametrize("players, seed", [(4, 1), (3, 5)])
def test_the_game_over_step_shows_every_seat_s_score_its_parts_and_rank(players, seed):
    states, flags = random_states("loot", players, seed=seed)
    final = states[-1]
    words = svg_texts(draw_table(final, players, flags, 1))
    assert "Final scores" in words
    rows = final_scores(final)
    assert sorted(row["seat"] for row in rows) == list(range(players))
    for row in rows:
        seat = row["seat"]
        assert seat_label(seat) in words
        if row["eliminated"]:
            assert row["rank"] == 0 and f"eliminated: {row['eliminated']}" in words
            continue
        assert row["rank"] == final[S_RANK + seat] > 0
        assert row["score"] == final[S_SCORE + seat] == row["gold"] - row["cost"] + row["tile"]
        assert row["tile"] == 0 or seat == final[S_FIRST]
        assert str(row["score"]) in words and str(row["gold"]) in words
    ranked = [row["rank"] for row in rows if row["rank"]]
    assert ranked == sorted(ranked)
    assert "Final scores" not in svg_texts(draw_table(states[-2], players, flags, None))
