"""The worked examples of the spec (section 6; the rulebook has no numbered examples)."""

import numpy as np
import pytest

from simulator.games.skeleton.engine import apply
from simulator.games.skeleton.maps import after_gain
from simulator.games.skeleton.pile import clear_mask
from simulator.games.skeleton.scoring import recount_score
from simulator.games.skeleton.state import (
    BLOW,
    CARDS_HELD,
    END_KIND,
    END_PILE_EMPTY,
    FIRED_A9,
    ISLAND_OWNER,
    ISLANDS,
    ISLANDS_LEFT,
    KEEP_OR_PUTBACK,
    LOC_PILE,
    LOC_REMOVED,
    LOC_SEAT,
    MAX_OPTIONS,
    PILE_COUNT,
    PUT_BACK,
    SCORE,
    SLOT_LOC,
    TAKE_CARD,
)
from simulator.games.skeleton.board import award_island, popcount
from simulator.games.skeleton.turn import turn_type_options
from tests.skeleton.helpers import NO_LOG, choose, hold, pending, play_out, started

RED = {"H": (0, 1), "Q": (2, 3, 4, 5)}
BLUE_QUARTER = 8
OBJECT = 42


def gain(state, seat, content):
    hold(state, seat, content)
    return after_gain(state, seat, content, np.zeros(MAX_OPTIONS, dtype=np.int64), NO_LOG)


@pytest.mark.parametrize("pieces", [("H", "H"), ("H", "Q", "Q"), ("Q", "Q", "Q", "Q")],
                         ids=["2 halves", "half + 2 quarters", "4 quarters"])
def test_example_1_map_completion_claims_at_once_and_hands_in(pieces):
    state = started(4, debug=0, slot_is_content=True)
    used = {"H": 0, "Q": 0}
    contents = []
    for size in pieces:
        contents.append(RED[size][used[size]])
        used[size] += 1
    for content in contents[:-1]:
        assert gain(state, 0, content) == -1 and state[ISLAND_OWNER] == -1
    gain(state, 0, contents[-1])
    assert state[ISLAND_OWNER] == 0 and state[SCORE] == 5
    assert all(state[SLOT_LOC + c] == LOC_REMOVED for c in contents)  # R18
    assert state[CARDS_HELD] == 0


def test_example_1_half_and_quarter_is_not_a_map_and_a_second_map_gives_nothing():
    state = started(4, debug=0, slot_is_content=True)
    gain(state, 0, RED["H"][0])
    gain(state, 0, RED["Q"][0])
    assert state[ISLAND_OWNER] == -1
    gain(state, 0, RED["Q"][1])
    assert state[ISLAND_OWNER] == 0 and state[SCORE] == 5
    for content in (RED["H"][1], RED["Q"][2], RED["Q"][3]):  # a second complete red map (A9)
        gain(state, 0, content)
    assert state[SCORE] == 5 and state[ISLANDS] == 1 and state[FIRED_A9] == 1


def test_example_2_the_first_to_complete_takes_the_island():
    state = started(4, debug=0, slot_is_content=True)
    for seat, half in ((0, RED["H"][0]), (1, RED["H"][1])):
        gain(state, seat, half)
    gain(state, 0, RED["Q"][0])
    gain(state, 1, RED["Q"][1])
    gain(state, 1, RED["Q"][2])  # seat 2 completes first
    assert state[ISLAND_OWNER] == 1
    gain(state, 0, RED["Q"][3])  # seat 1 completes later: nothing, the pieces are fodder
    assert state[ISLANDS] == 0 and state[SLOT_LOC + RED["Q"][3]] == LOC_SEAT


@pytest.mark.parametrize("cards,offered", [
    ((0, BLUE_QUARTER, OBJECT), True),  # red half, blue quarter, object
    ((42, 43, 44), True),  # three objects
    ((0, 2, OBJECT), False),  # red half, red quarter, object: two colours short
    ((30, 42, 43), False),  # coin, object, object: coins never count
    ((42, 43), False),  # two eligible cards
])
def test_example_3_piracy_legality(cards, offered):
    state = started(4, debug=0, slot_is_content=True)
    for content in cards:
        hold(state, 0, content)
    hold(state, 1, 31)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    assert (turn_type_options(state, 0, options) == 3) == offered


def test_example_4_piracy_discards_leave_the_game():
    from tests.skeleton.test_rules import test_r14_discards_of_different_colours_and_r15_out_of_the_game as example

    example()  # the three cards end LOC_REMOVED: neither in the pile nor in a hand


def test_example_5_put_back_then_keep_one_more_card():
    state = started(4)
    while pending(state)[1] != TAKE_CARD:
        choose(state, 0)
    before = state[CARDS_HELD]
    slot = pending(state)[2][0]
    choose(state, slot)
    assert pending(state)[1] == KEEP_OR_PUTBACK
    choose(state, PUT_BACK)
    assert state[SLOT_LOC + slot] == LOC_PILE and (clear_mask(state) >> slot) & 1
    choose(state, pending(state)[2][0])
    assert state[CARDS_HELD] == before + 1


def test_example_6_blow_only_with_one_or_two_clear_cards():
    """Over random games, the blow is asked exactly when 1 or 2 cards are clear at a turn's start."""
    rng = np.random.default_rng(3)
    asked = 0
    for game in range(30):
        state = started(3, game_index=game)
        while True:
            seat, kind, options = pending(state)
            if seat < 0:
                break
            if kind == BLOW:
                asked += 1
                assert 1 <= popcount(clear_mask(state)) <= 2
            apply(state, int(rng.integers(len(options))), NO_LOG)
    assert asked > 0


def test_example_7_end_by_islands_and_by_empty_pile():
    from tests.skeleton.test_rules import test_r20_the_game_ends_when_the_fifth_island_is_claimed as by_islands

    by_islands()
    state = started(2)
    play_out(state, np.random.default_rng(1))  # random play rarely claims all five Islands
    assert state[END_KIND] == END_PILE_EMPTY and state[PILE_COUNT] == 0 and state[ISLANDS_LEFT] > 0


def test_example_8_scoring():
    state = started(4, debug=0, slot_is_content=True)
    award_island(state, 0)  # red
    award_island(state, 0)  # blue
    for content in (40, 36, 30, 2, 42):  # 3, 2, 1 coins, a map piece, an object
        hold(state, 0, content)
    assert state[SCORE] == 16 and recount_score(state, 0) == 16
