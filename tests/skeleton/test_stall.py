"""The stall cap (issue 25: one stall convention owned by the core): a game the cap stops has
no winner and is marked ``capped``."""

import numpy as np

from simulator.games.skeleton.engine import GAME_COLUMNS
from simulator.games.skeleton.state import END_KIND, END_STALL, MAX_TURNS, RANK, TURN
from tests.skeleton.helpers import play_out, results, started


def test_a_game_stopped_by_the_stall_cap_ranks_nobody_and_is_marked_capped():
    state = started(players=4, variants=("second-card-optional",))
    state[TURN] = MAX_TURNS  # staged: the cap is reached at the next turn start
    play_out(state, np.random.default_rng(3))
    assert state[END_KIND] == END_STALL
    assert all(state[RANK + seat] == 0 for seat in range(4))
    seat_row, game_row = results(state, 4)
    assert game_row[GAME_COLUMNS.index("capped")] == 1
    assert game_row[GAME_COLUMNS.index("winners")] == 0 and not seat_row[:, 1].any()


def test_a_game_the_rules_end_is_not_capped():
    state = started(players=4)
    play_out(state, np.random.default_rng(3))
    seat_row, game_row = results(state, 4)
    assert state[END_KIND] != END_STALL and game_row[GAME_COLUMNS.index("capped")] == 0
    assert game_row[GAME_COLUMNS.index("winners")] >= 1 and (seat_row[:, 1] == 1).any()
