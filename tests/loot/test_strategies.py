"""The heuristic styles beat random play by a wide margin; styles differ."""

import numpy as np
import pytest


@pytest.mark.parametrize("players", [2, 4, 5])
def test_greedy_beats_random(run_games, spec, players):
    n = 1000
    seats, _ = run_games(players, ["greedy"] + ["random"] * (players - 1), n, seed=21)
    rank = seats[:, :, spec.seat_columns.index("rank")]
    score = seats[:, :, spec.seat_columns.index("score")]
    win_rate = (rank[:, 0] == 1).mean()
    # a random seat would win about 1/players of the games
    assert win_rate > 1.0 / players + 0.3
    assert score[:, 0].mean() > 2 * score[:, 1:].mean()


@pytest.mark.parametrize("style", ["curse_averse", "crown_hunter", "big_loot_opportunist", "early_passer"])
def test_every_style_beats_random(run_games, spec, style):
    n = 800
    seats, _ = run_games(4, [style] + ["random"] * 3, n, seed=22)
    win_rate = (seats[:, 0, spec.seat_columns.index("rank")] == 1).mean()
    assert win_rate > 0.25 + 0.05


def test_styles_play_differently(run_games, spec):
    seats, _ = run_games(5, ["greedy", "curse_averse", "crown_hunter", "big_loot_opportunist", "early_passer"], 600,
                         seed=23)
    col = spec.seat_columns.index
    cubes = seats[:, :, col("curse_cubes")].mean(axis=0)
    crosses = seats[:, :, col("crosses")].mean(axis=0)
    tile = seats[:, :, col("first_player_tile")].mean(axis=0)
    assert cubes[1] < cubes[0]  # curse_averse ends with fewer cubes than greedy
    assert crosses[2] > crosses[0]  # crown_hunter collects more crosses
    assert tile[4] == tile.max()  # early_passer holds the First Player tile most often
