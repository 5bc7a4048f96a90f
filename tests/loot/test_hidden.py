"""Loot Island ``redraw_hidden``: what the seat sees is kept, the rest is redrawn consistently
(every card conserved, hand and deck sizes kept, treasure tiers kept in place, forced events still
to come), and the game plays on."""

import numpy as np
import pytest

from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.registry import check_event_rules
from simulator.games.loot import game_spec
from simulator.games.loot import state as layout
from simulator.games.loot.engine import apply, new_game, pending_decision
from simulator.games.loot.hidden import redraw_hidden
from simulator.games.loot.invariants import check_invariants

NO_LOG = np.zeros((0, 6), dtype=np.int64)
CASES = [(2, (), ()), (4, ("two-healers",), ()), (5, ("events-revealed",), ()), (3, (), ("B8",))]


def flags_of(players, variants, forced):
    spec = game_spec()
    return np.concatenate([spec.encode_variants(variants, players), check_event_rules(spec, forced, (), players)])


def states_at_decisions(players, variants, forced, game_index, every=5):
    """Copies of a randomly played game's state at every ``every``-th pending decision (on average)."""
    state = np.zeros(layout.STATE_SIZE, dtype=np.int64)
    new_game(9, game_index, players, flags_of(players, variants, forced), 1, state, NO_LOG)
    options = np.zeros(layout.MAX_OPTIONS, dtype=np.int64)
    choices = np.random.default_rng(game_index)
    found = []
    while True:
        seat, _, n_options = pending_decision(state, options)
        if seat == NO_SEAT:
            return found
        if len(found) < 400 and choices.integers(every) == 0:
            found.append((int(seat), state.copy()))
        apply(state, int(choices.integers(n_options)), NO_LOG)


def hand(state, owner):
    base = layout.S_HAND + owner * layout.HAND_CAP
    return sorted(state[base:base + state[layout.S_HAND_N + owner]].tolist())


def block(state, start, count_slot):
    return state[start:start + state[count_slot]].tolist()


def public_view(state, seat):
    """Everything ``seat`` may read that redraw_hidden must keep."""
    players = state[layout.S_PLAYERS]
    rounds_seen = max(state[layout.S_ROUND], 1)
    view = [hand(state, seat), hand(state, layout.AARON),
            state[layout.S_HAND_N:layout.S_HAND_N + layout.N_OWNERS].tolist(),
            state[layout.S_MAP_DECK_N], block(state, layout.S_MAP_DISC, layout.S_MAP_DISC_N),
            state[layout.S_TDECK_N], block(state, layout.S_TDISC, layout.S_TDISC_N),
            block(state, layout.S_REVEAL, layout.S_REVEAL_N), block(state, layout.S_A2, layout.S_A2_N),
            state[layout.S_LAND:layout.S_ISLAND_UP + layout.N_ISLANDS].tolist(),  # landings .. small islands
            state[layout.S_TOWNER:layout.S_TOWNER + layout.N_TREASURES].tolist(),
            state[layout.S_EV_ORDER:layout.S_EV_ORDER + rounds_seen].tolist(),
            [state[layout.S_INFO_TR + state[layout.S_TDECK + i] * 8 + layout.TR_TIER]
             for i in range(state[layout.S_TDECK_N])],  # the tier each face-down position shows
            state[0:layout.S_LOOT_ROUND].tolist()]  # header: round, phase, ship, tile, event, counts...
    if state[layout.S_VAR + layout.V_TWO_HEALERS] == 1:
        view.append(state[layout.S_HEAL_HAND + 2 * seat:layout.S_HEAL_HAND + 2 * seat + 2].tolist())
    if state[layout.S_VAR + layout.V_EVENTS_REVEALED] == 1:
        view.append(sorted(state[layout.S_EV_ORDER + 1:layout.S_EV_ORDER + layout.ROUNDS].tolist()))
    view.append(players)
    return view


def hidden_part(state, seat):
    players = state[layout.S_PLAYERS]
    return ([hand(state, other) for other in range(players) if other != seat],
            block(state, layout.S_MAP_DECK, layout.S_MAP_DECK_N), block(state, layout.S_TDECK, layout.S_TDECK_N))


@pytest.mark.parametrize("players, variants, forced", CASES)
def test_redraw_keeps_what_the_seat_sees_and_conserves_cards(players, variants, forced):
    sampled = states_at_decisions(players, variants, forced, game_index=1)
    assert sampled
    for seat, state in sampled:
        before = state.copy()
        redraw_hidden(state, seat, np.array([np.uint64(77)], dtype=np.uint64))
        assert public_view(state, seat) == public_view(before, seat)
        if state[layout.S_STEP] != layout.ST_ISLAND_TREASURE:  # (there the revealed treasure is in hand)
            check_invariants(state)  # map cards and treasures each in exactly one place
        others, deck, treasures = hidden_part(state, seat)
        others_before, deck_before, treasures_before = hidden_part(before, seat)
        assert sorted(sum(others, []) + deck) == sorted(sum(others_before, []) + deck_before)
        assert sorted(treasures) == sorted(treasures_before)
        rounds_seen = max(state[layout.S_ROUND], 1)
        future = state[layout.S_EV_ORDER + rounds_seen:layout.S_EV_ORDER + layout.ROUNDS].tolist()
        past = state[layout.S_EV_ORDER:layout.S_EV_ORDER + rounds_seen].tolist()
        assert len(set(future + past)) == layout.ROUNDS and all(e >= layout.N_A_EVENTS for e in future)
        for code in forced:  # a forced card not come up yet is still to come
            if layout.EVENT_CODES.index(code) not in past:
                assert layout.EVENT_CODES.index(code) in future


@pytest.mark.parametrize("players, variants, forced", CASES)
def test_redraw_changes_the_hidden_part(players, variants, forced):
    """Over the sampled decisions, other hands, the map deck and the treasure deck do get redrawn."""
    changed = [0, 0, 0]
    for seat, state in states_at_decisions(players, variants, forced, game_index=2):
        before = hidden_part(state, seat)
        redraw_hidden(state, seat, np.array([np.uint64(5)], dtype=np.uint64))
        after = hidden_part(state, seat)
        for k in range(3):
            changed[k] += after[k] != before[k]
    assert all(count > 0 for count in changed)


@pytest.mark.parametrize("players, variants, forced", CASES)
def test_a_redrawn_game_plays_to_the_end_with_invariants_checked(players, variants, forced):
    """The redrawn state is a legal position: played on with random choices, the debug invariants
    (card conservation after every action and phase, final scores) hold."""
    options = np.zeros(layout.MAX_OPTIONS, dtype=np.int64)
    choices = np.random.default_rng(4)
    sampled = states_at_decisions(players, variants, forced, game_index=3, every=20)
    assert sampled
    for seat, state in sampled:
        redraw_hidden(state, seat, np.array([np.uint64(11)], dtype=np.uint64))
        while True:
            seat, _, n_options = pending_decision(state, options)
            if seat == NO_SEAT:
                break
            apply(state, int(choices.integers(n_options)), NO_LOG)
        assert state[layout.S_STEP] == layout.ST_GAME_OVER


@pytest.mark.parametrize("players, variants, forced", CASES)
def test_redraw_depends_only_on_the_seat_view(players, variants, forced):
    """The contract ismcts relies on (docs/engine-contract.md): two states that differ only in
    their hidden part, redrawn from the same stream, give the same state (every pool is gathered
    in card order, never in the order it lay in)."""
    sampled = states_at_decisions(players, variants, forced, game_index=1, every=10)
    assert sampled
    for number, (seat, state) in enumerate(sampled):
        other = state.copy()
        redraw_hidden(other, seat, np.array([np.uint64(500 + number)], dtype=np.uint64))
        redraw_hidden(state, seat, np.array([np.uint64(number)], dtype=np.uint64))
        redraw_hidden(other, seat, np.array([np.uint64(number)], dtype=np.uint64))
        assert np.array_equal(state, other)
