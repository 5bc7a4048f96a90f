"""Debug-mode invariants across thousands of games, every player count and variant."""

import numpy as np
import pytest

from simulator.games.loot import TWO_PLAYER_VARIANTS, VARIANTS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(run_games, spec, players):
    seats, games = run_games(players, ["random"] * players, 800, seed=players, debug=True)
    col = spec.seat_columns.index
    ranks = seats[:, :, col("rank")]
    eliminated = seats[:, :, col("eliminated")]
    assert np.all((ranks == 0) == (eliminated != 0))
    # someone ranks first unless everybody is eliminated
    everyone_out = np.all(eliminated != 0, axis=1)
    assert np.all((ranks == 1).sum(axis=1)[~everyone_out] == 1)
    assert np.all(seats[:, :, col("curse_cubes")] >= 0)
    assert np.all(seats[:, :, col("score")][eliminated == 0] >= 0)
    assert np.all(seats[:, :, col("first_player_tile")].sum(axis=1) == 1)
    # the event deck: an A event then four distinct B events
    events = games[:, [spec.game_columns.index(f"event_{r}") for r in range(1, 6)]]
    assert np.all(events[:, 0] < 4) and np.all(events[:, 1:] >= 4)
    assert all(len(set(row[1:])) == 4 for row in events.tolist())
    assert games[:, spec.game_columns.index("length")].min() > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_games_keep_every_invariant(run_games, players):
    run_games(players, ["greedy", "crown_hunter", "early_passer", "curse_averse", "big_loot_opportunist"][:players],
              400, seed=10 + players, debug=True)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_variant_keeps_every_invariant(run_games, spec, variant):
    players = 2 if variant in TWO_PLAYER_VARIANTS else 4
    for names in (["random"] * players, ["greedy"] * players):
        seats, _ = run_games(players, names, 200, variants=(variant,), seed=3, debug=True)
        assert seats.shape == (200, players, len(spec.seat_columns))


def test_two_healers_variant_every_healer_comes_from_the_dealt_ones(run_games, spec):
    seats, _ = run_games(5, ["greedy"] * 5, 300, variants=("two-healers",), debug=True)
    healers = seats[:, :, spec.seat_columns.index("healer")]
    assert np.all(healers < 14) and np.all(healers >= -1)
    # within a game no healer is taken twice
    for row in healers.tolist():
        taken = [h for h in row if h >= 0]
        assert len(taken) == len(set(taken))


def test_results_do_not_depend_on_chunking(run_games):
    whole, games = run_games(4, ["greedy"] * 4, 60, seed=5)
    first, _ = run_games(4, ["greedy"] * 4, 25, seed=5)
    rest, _ = run_games(4, ["greedy"] * 4, 35, seed=5, first=25)
    assert np.array_equal(whole, np.concatenate([first, rest]))


def test_debug_mode_does_not_change_results(run_games):
    plain, _ = run_games(3, ["random"] * 3, 100, seed=9)
    checked, _ = run_games(3, ["random"] * 3, 100, seed=9, debug=True)
    assert np.array_equal(plain, checked)
