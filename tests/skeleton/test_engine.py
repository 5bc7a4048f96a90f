"""The forward model (a copy of the state is a copy of the game), the debug invariants over many
random games at every player count, the rule counters (forced rules) and score trajectories, the
hidden-information redraw and the strategies' fair play."""

import numpy as np
import pytest
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import new_stream
from simulator.games.skeleton import encode_variants
from simulator.games.skeleton.hidden import is_hidden_from, redraw_hidden
from simulator.games.skeleton.state import (
    BLOW,
    CARDS_HELD,
    COUNTERS,
    FACE_UP_MASK,
    KEEP_OR_PUTBACK,
    MAX_CHECKPOINTS,
    MAX_PLAYERS,
    PILE_MASK,
    RULE_IDS,
    SCORE,
    SECOND_CARD,
    SLOT_CONTENT,
    TRAJECTORY,
    TURN,
    TURN_TYPE,
    VARIANTS,
)
from strategies.skeleton import PARAMS, heuristic
from tests.skeleton.helpers import NO_LOG, choose, lineup, pending, play_out, results, run_chunk, started

READINGS = ("second-card-optional", "putback-face-up", "putback-may-cover", "hidden-collection", "keep-map-pieces",
            "blow-each-standard", "tiebreak-islands", "random-first-player", "blow-may-flip")


def counter(state, rule_id):
    return int(state[COUNTERS + RULE_IDS.index(rule_id)])


# ---- forward model ----


@pytest.mark.parametrize("stop_after", [0, 9, 40])
def test_a_copy_of_the_state_is_a_copy_of_the_game(stop_after):
    state = started(4, ("blow-may-flip", "hidden-collection"), game_index=3)
    rng = np.random.default_rng(2)
    for _ in range(stop_after):
        _, _, options = pending(state)
        from simulator.games.skeleton.engine import apply
        apply(state, int(rng.integers(len(options))), NO_LOG)
    copy = state.copy()
    assert play_out(state, np.random.default_rng(9)) == play_out(copy, np.random.default_rng(9))
    assert np.array_equal(state, copy)


def test_pending_decisions_are_real_choices():
    for players in (2, 3, 4):
        for seat, kind, options in play_out(started(players), np.random.default_rng(players)):
            assert 0 <= seat < players and 0 <= kind < 9 and len(options) >= 2


def test_stepping_by_hand_plays_the_core_loop_game(spec):
    """new_game / pending_decision / strategy / apply from Python gives play_chunk's rows."""
    from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream
    from simulator.games.skeleton.engine import apply

    names = ("map_builder", "random", "pirate", "coin_grabber")
    strategies, params = lineup(spec, names)
    streams = np.zeros((4, 1), dtype=np.uint64)
    for seat in range(4):
        reset_stream(streams[seat], 5, 2, PURPOSE_FIRST_STRATEGY + seat)
    state = started(4, seed=5, game_index=2)
    options = np.zeros(64, dtype=np.int64)
    from simulator.games.skeleton.engine import pending_decision
    while True:
        seat, kind, n_options = pending_decision(state, options)
        if seat < 0:
            break
        apply(state, strategies[seat](state, seat, kind, options, n_options, params[seat], streams[seat]), NO_LOG)
    seat_results, game_results = run_chunk(spec, names, 1, seed=5, first_game=2)
    seat_row, game_row = results(state, 4)
    assert np.array_equal(seat_row, seat_results[0]) and np.array_equal(game_row, game_results[0])


# ---- debug invariants over many games ----


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_over_random_games(spec, players):
    """Debug mode checks conservation, counts and scores after every turn (AssertionError if not)."""
    seat_results, game_results = run_chunk(spec, ("random",) * players, 1500, seed=players, debug=True)
    assert (game_results[:, 0] > 0).all() and (seat_results[:, :, 0] >= 0).all()
    assert (seat_results[:, :, 0].sum(axis=1) <= 45).all()


def test_invariants_hold_with_the_heuristics_and_every_variant(spec):
    names = ("map_builder", "pirate", "coin_grabber", "random")
    for variant in VARIANTS:
        run_chunk(spec, names, 60, variants=(variant,), seed=4, debug=True)
    run_chunk(spec, names[:3], 200, variants=READINGS, seed=4, debug=True)


# ---- debug invariants: a deliberately broken state trips each check ----


def play_until(state, wanted_kinds, condition, rng):
    """Random options until a decision of one of ``wanted_kinds`` is pending and ``condition(state)``."""
    from simulator.games.skeleton.engine import apply

    while True:
        seat, kind, options = pending(state)
        assert seat != -1, "the game ended before the wanted position"
        if kind in wanted_kinds and condition(state):
            return
        apply(state, int(rng.integers(len(options))), NO_LOG)


def test_debug_check_trips_on_a_put_back_card_that_is_not_clear():
    """Spec 6: every put-back card is clear at the moment it is put back (R11)."""
    from simulator.games.skeleton.engine import check_put_back_clear
    from simulator.games.skeleton.state import COVERED_BY, PUT_BACK, TAKEN_SLOT

    state = started(4, game_index=2)
    play_until(state, (KEEP_OR_PUTBACK,), lambda s: True, np.random.default_rng(1))
    slot = int(state[TAKEN_SLOT])
    choose(state, PUT_BACK)  # the engine checks the real put-back (debug on) and goes on
    assert pending(state)[1] == SECOND_CARD
    check_put_back_clear(state, slot)
    other = next(s for s in range(49) if s != slot and (state[PILE_MASK] >> s) & 1)
    state[COVERED_BY + slot] |= 1 << other  # broken: a pile card lies on the card put back
    with pytest.raises(AssertionError, match="R11: the card put back is not clear"):
        check_put_back_clear(state, slot)


def test_debug_check_trips_on_a_score_that_falls_but_by_theft():
    """Spec 6: scores never decrease except by theft (a stolen Gold coin card)."""
    from simulator.games.skeleton.board import take_from_seat
    from simulator.games.skeleton.components import CONTENT_KIND, KIND_COIN
    from simulator.games.skeleton.engine import check_invariants
    from simulator.games.skeleton.pile import put_back_at_edge
    from simulator.games.skeleton.state import LOC_PILE, LOC_SEAT, SLOT_LOC, STEAL_CARD_SHIFT
    from simulator.games.skeleton.turn import steal

    def held_coins(state):
        return [s for s in range(49) if state[SLOT_LOC + s] >= LOC_SEAT and CONTENT_KIND[state[SLOT_CONTENT + s]] == KIND_COIN]

    state = started(4, game_index=4)
    play_until(state, (BLOW, TURN_TYPE), lambda s: len(held_coins(s)) >= 2, np.random.default_rng(3))
    check_invariants(state)  # consistent; each seat's floor is now its score
    # a theft lowers the victim's score: allowed
    slot = held_coins(state)[0]
    victim = int(state[SLOT_LOC + slot]) - LOC_SEAT
    thief = (victim + 1) % 4
    before = int(state[SCORE + victim])
    steal(state, thief, victim | slot << STEAL_CARD_SHIFT, new_stream(1, 0, 0), NO_LOG)
    assert state[SCORE + victim] < before
    check_invariants(state)
    # broken: a coin card goes back to the pile from a seat (conservation still holds, no theft)
    slot = held_coins(state)[0]
    take_from_seat(state, slot, LOC_PILE)
    put_back_at_edge(state, slot)
    with pytest.raises(AssertionError, match="a score decreased other than by a theft"):
        check_invariants(state)


# ---- rule counters and trajectories ----


@njit(STRATEGY_SIGNATURE, cache=True)
def last_option(state, seat, kind, options, n_options, params, stream):
    """Scripted: always the last option (blow, pirate, put back, the last card)."""
    return n_options - 1


def scripted_game(players=4, variants=(), strategy=last_option, game_index=0):
    """One game played by the core loop (debug checks on) with ``strategy`` at every seat."""
    from simulator.core.engine import forward
    from simulator.games.skeleton.engine import apply, new_game, pending_decision
    from simulator.games.skeleton.state import MAX_OPTIONS, STATE_SIZE

    state = np.zeros(STATE_SIZE, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    forward.play_game(new_game, pending_decision, apply, 3, game_index, encode_variants(variants, players),
                      (strategy,) * players, np.zeros((players, 1)), streams, state,
                      np.zeros(MAX_OPTIONS, dtype=np.int64), NO_LOG, 1, np.zeros((0, 2), dtype=np.int64))
    return state


def test_counters_count_the_forced_rules():
    state = scripted_game()
    seat_rows, game_row = results(state, 4)
    assert counter(state, "R10") == seat_rows[:, 6].sum() > 0  # every take is put back
    assert counter(state, "R12") == counter(state, "R10")  # ... and a second card kept
    assert counter(state, "R11") == counter(state, "R10")
    assert counter(state, "R7") == seat_rows[:, 10].sum() > 0  # blows whenever allowed
    assert counter(state, "R13") == seat_rows[:, 7].sum() + seat_rows[:, 8].sum() > 0
    assert counter(state, "R15") == 3 * counter(state, "R13") and counter(state, "R14") == counter(state, "R13")
    assert counter(state, "R8") == seat_rows[:, 4].sum()
    assert counter(state, "R6") == game_row[0] == state[TURN]
    assert counter(state, "R16") == counter(state, "R19") == game_row[2]
    assert counter(state, "R20") == counter(state, "R22") == 1 and counter(state, "R21") == 4
    for rule in ("R1", "R2", "R3", "R4", "R5"):
        assert counter(state, rule) == 1


def test_variant_counters_fire_only_under_their_variant():
    from strategies.skeleton import random_strategy

    variants = ("blow-may-flip", "putback-face-up", "blow-each-standard", "second-card-optional")
    for rule in variants:
        plain = sum(counter(scripted_game(strategy=random_strategy, game_index=g), f"variant:{rule}") for g in range(8))
        fired = sum(counter(scripted_game(variants=variants, strategy=random_strategy, game_index=g), f"variant:{rule}")
                    for g in range(8))
        assert plain == 0 and fired > 0, rule


def test_trajectory_one_checkpoint_per_turn_ending_with_the_final_scores():
    state = scripted_game(3)
    checkpoints = int(state[TRAJECTORY])
    assert checkpoints == state[TURN] <= MAX_CHECKPOINTS
    standings = state[TRAJECTORY + 1:TRAJECTORY + 1 + checkpoints * MAX_PLAYERS].reshape(checkpoints, MAX_PLAYERS)
    assert np.array_equal(standings[-1, :3], state[SCORE:SCORE + 3])
    assert (standings[:, :3].sum(axis=1) <= 45).all()


# ---- hidden information ----


def random_positions(variants=(), games=6, players=4):
    """Positions taken along random games (every 7th decision)."""
    from simulator.games.skeleton.engine import apply

    rng = np.random.default_rng(11)
    for game in range(games):
        state = started(players, variants, game_index=game)
        step = 0
        while True:
            seat, kind, options = pending(state)
            if seat < 0:
                break
            if step % 7 == 0:
                yield state.copy(), seat, kind, options
            apply(state, int(rng.integers(len(options))), NO_LOG)
            step += 1


@pytest.mark.parametrize("variants", [(), ("hidden-collection",), ("buried-face-up-hidden", "putback-may-cover")])
def test_redraw_hidden_keeps_what_the_seat_sees(variants):
    stream = new_stream(1, 2, 3)
    for state, seat, _, _ in random_positions(variants):
        copy = state.copy()
        redraw_hidden(copy, seat, stream)
        n = int(state[1])
        hidden = [s for s in range(n) if is_hidden_from(state, seat, s)]
        visible = [s for s in range(n) if s not in hidden]
        assert all(copy[SLOT_CONTENT + s] == state[SLOT_CONTENT + s] for s in visible)
        assert sorted(copy[SLOT_CONTENT:SLOT_CONTENT + n]) == list(range(n))
        assert copy[PILE_MASK] == state[PILE_MASK] and copy[FACE_UP_MASK] == state[FACE_UP_MASK]
        assert np.array_equal(copy[CARDS_HELD:CARDS_HELD + 4], state[CARDS_HELD:CARDS_HELD + 4])
        play_out(copy, np.random.default_rng(0))  # still a legal game (debug checks on)


@pytest.mark.parametrize("variants", [(), ("hidden-collection",)])
def test_redraw_hidden_depends_only_on_the_seat_view(variants):
    """The contract ismcts relies on (docs/engine-contract.md): two states that differ only in
    their hidden part, redrawn from the same stream, give the same state (the hidden contents are
    gathered in card order, never in the order they lay in)."""
    checked = 0
    for number, (state, seat, _, _) in enumerate(random_positions(variants)):
        other = state.copy()
        redraw_hidden(other, seat, new_stream(1, 500 + number, 3))
        redraw_hidden(state, seat, new_stream(1, number, 3))
        redraw_hidden(other, seat, new_stream(1, number, 3))
        assert np.array_equal(state, other)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("variants", [(), ("hidden-collection",), ("putback-may-cover", "second-card-optional"),
                                      ("buried-face-up-hidden", "putback-may-cover")])
@pytest.mark.parametrize("name", sorted(PARAMS))
def test_heuristics_read_only_what_their_seat_knows(name, variants):
    """Redrawing everything the deciding seat cannot see never changes the heuristic's choice."""
    params = PARAMS[name]
    stream = new_stream(4, 5, 6)
    own = np.zeros(1, dtype=np.uint64)
    checked = 0
    for state, seat, kind, options in random_positions(variants, games=4):
        opts = np.array(options + [0] * (64 - len(options)), dtype=np.int64)
        choice = heuristic(state, seat, kind, opts, len(options), params, own.copy())  # ties draw from the stream
        for _ in range(3):
            copy = state.copy()
            redraw_hidden(copy, seat, stream)
            assert heuristic(copy, seat, kind, opts, len(options), params, own.copy()) == choice
        checked += 1
    assert checked > 20


def test_decision_kinds_are_all_reachable(spec):
    """Every decision kind of the spec is asked in some game (claim_pieces needs a constructed
    position: tests/skeleton/test_rules.py)."""
    kinds = set()
    for variants in ((), ("putback-may-cover", "second-card-optional")):
        for game in range(4):
            kinds |= {kind for _, kind, _ in play_out(started(4, variants, game_index=game), np.random.default_rng(game))}
    assert kinds == {0, 1, 2, 3, 4, 5, 6, 8}
    assert {BLOW, TURN_TYPE, KEEP_OR_PUTBACK, SECOND_CARD} <= kinds
