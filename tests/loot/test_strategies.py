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


def _a1_choice(style):
    """The heuristic's answer to event A1 in round 1 (3 cubes, 4 players)."""
    from simulator.games.loot import state as layout
    from strategies.loot import heuristic_strategy, style_params
    from tests.loot.helpers import Ctx

    ctx = Ctx(4)
    options = np.array([0, 1], dtype=np.int64)
    stream = np.zeros(1, dtype=np.uint64)
    return options[heuristic_strategy(ctx.state, 0, layout.D_A1_DRAW, options, 2, style_params(style), stream)]


def test_a1_accepted_when_cubes_are_cheap():
    # two cards are worth more than half the price of two cubes taken in round 1 ...
    assert _a1_choice("greedy") == 1 and _a1_choice("crown_hunter") == 1
    # ... unless cubes are priced high (the curse-averse style)
    assert _a1_choice("curse_averse") == 0


def _cube_price_in_round_5(pool, cubes=8, round_=5):
    """The default heuristic's price of a cube under healers-revealed (seat 0, others with 10 cubes)."""
    from simulator.games.loot import state as layout
    from strategies.loot import _cube_price, style_params
    from tests.loot.helpers import Ctx

    ctx = Ctx(4)
    ctx.state[layout.S_ROUND] = round_
    ctx.state[layout.S_VAR + layout.V_HEALERS_REVEALED] = 1
    ctx.state[layout.S_HEAL_POOL:layout.S_HEAL_POOL + len(pool)] = pool
    ctx.state[layout.S_HEAL_N] = len(pool)
    ctx.state[layout.S_CUBES:layout.S_CUBES + 4] = [cubes, 10, 10, 10]
    return _cube_price(ctx.state, 0, style_params("greedy"))


def test_healers_revealed_prices_a_cube_by_the_healer_the_seat_would_get():
    # healer ids (data/healers.csv, 0-based): 6 and 7 cost 2 per cube (+0, +1), 10 a fixed 13
    default_price = 1.5  # P_CURSE, which counts the mean rate of 1 per cube of an unknown pool
    assert _cube_price_in_round_5([6, 7, 6, 7]) == default_price - 1 + 2  # one more cube costs 2
    assert _cube_price_in_round_5([6, 10, 7, 6]) == default_price - 1 + 0  # 8 cubes: the fixed 13 is cheapest
    assert _cube_price_in_round_5([6, 7, 6, 7], round_=4) == default_price  # before round 5: unchanged
    # the seats with fewer cubes choose first: with 11 cubes seat 0 gets a 2-per-cube healer
    assert _cube_price_in_round_5([10, 6, 7, 7], cubes=11) == default_price - 1 + 2


def test_information_variants_change_games(run_games):
    plain, _ = run_games(4, ["greedy"] * 4, 300, seed=31)
    for variant in ("healers-revealed", "events-revealed"):
        informed, _ = run_games(4, ["greedy"] * 4, 300, seed=31, variants=(variant,))
        assert not np.array_equal(plain, informed), variant
