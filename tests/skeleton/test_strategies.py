"""The Skeleton Island heuristic's decisions of issue 22: no blow that cannot matter, the
optional second card declined when nothing is worth it, equal values broken at random (not by
seat order)."""

import numpy as np

from simulator.core.engine.rng import new_stream
from simulator.games.skeleton.pile import blow_can_matter, clear_mask
from simulator.games.skeleton.state import (
    BLOW,
    MAX_OPTIONS,
    NO_CARD,
    PILE_MASK,
    PIRACY_DISCARD,
    SECOND_CARD,
    STEAL,
    TAKE_CARD,
    TURN_PIRACY_STEAL,
    TURN_TYPE,
)
from strategies.skeleton import P_BLOW, P_DECLINE, PARAMS, heuristic, leader
from tests.skeleton.helpers import choose, hold, leave_in_pile, pending, restart_turn, started

OBJECTS = (42, 43, 44)


def decide(state, params, stream=None):
    """The heuristic's option value at the pending decision."""
    seat, kind, options = pending(state)
    padded = np.zeros(MAX_OPTIONS, dtype=np.int64)
    padded[:len(options)] = options
    stream = new_stream(1, 2, 3) if stream is None else stream
    return kind, options[heuristic(state, seat, kind, padded, len(options), params, stream)]


def pile_of(state, cards, must_matter):
    """Reduce the pile to the first ``cards`` cards in slot order among what is left, so that a
    blow is allowed (1-2 clear cards) and can matter or not; None if this deal does not give it."""
    for size in range(cards, 12):
        trial = state.copy()
        in_pile = [s for s in range(49) if (trial[PILE_MASK] >> s) & 1]
        leave_in_pile(trial, set(in_pile[:size]))
        clear = bin(int(clear_mask(trial))).count("1")
        if 1 <= clear <= 2 and blow_can_matter(trial) == must_matter:
            return trial
    return None


def blow_position(must_matter, holdings=()):
    for game in range(60):
        state = started(4, game_index=game, debug=0)
        for seat, content in holdings:
            hold(state, seat, content)
        trial = pile_of(state, 2, must_matter)
        if trial is not None:
            restart_turn(trial, 0)
            if pending(trial)[1] == BLOW:
                return trial
    raise AssertionError("no deal gave the position")


def test_no_blow_on_a_pile_where_a_blow_cannot_matter():
    params = PARAMS["map_builder"].copy()
    params[P_BLOW] = 100.0  # wants a blow whenever one could help
    assert decide(blow_position(True), params) == (BLOW, 1)
    assert decide(blow_position(False), params) == (BLOW, 0)  # today's heuristic blew here


def test_the_optional_second_card_is_declined_when_nothing_is_worth_p_decline():
    for game in range(20):
        state = started(4, ("second-card-optional",), game_index=game)
        while pending(state)[1] != TAKE_CARD:
            choose(state, 0)
        params = PARAMS["map_builder"].copy()
        params[P_DECLINE] = 100.0  # nothing is worth taking
        kind, slot = decide(state, params)
        choose(state, slot)
        assert decide(state, params) == (pending(state)[1], 1)  # put back to pass
        choose(state, 1)
        assert decide(state, params) == (SECOND_CARD, NO_CARD)
        params[P_DECLINE] = 0.0  # the weights before issue 22: always a second card
        assert decide(state, params)[1] != NO_CARD
        return


def test_equal_steals_are_broken_at_random_not_by_seat_order():
    """Seats 2, 3 and 4 each hold a 1-coin card and have equal scores: every victim is chosen
    (today's heuristic always robbed the lowest seat number)."""
    state = started(4, debug=0)
    for seat, content in ((0, OBJECTS[0]), (0, OBJECTS[1]), (0, OBJECTS[2]), (1, 30), (2, 31), (3, 32)):
        hold(state, seat, content)
    assert leader(state, 0) == -1  # a shared lead singles nobody out
    restart_turn(state, 0)
    while pending(state)[1] != STEAL:
        _, kind, options = pending(state)
        assert kind in (BLOW, TURN_TYPE, PIRACY_DISCARD)
        choose(state, {BLOW: 0, TURN_TYPE: TURN_PIRACY_STEAL}.get(kind, options[0]))
    victims = [decide(state, PARAMS["map_builder"], new_stream(9, game, 1))[1] & 3 for game in range(300)]
    shares = np.bincount(victims, minlength=4)[1:] / len(victims)
    assert shares.min() > 0.2, shares
