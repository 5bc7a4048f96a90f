"""Property-based tests of every forward-model engine (issue 22), generic over the registry.

From random reachable positions (random legal play with the engine's invariant checks on,
``debug=1``, choices drawn by hypothesis, optionally under one or two of the game's variants):

(i)   every option offered applies without error and the invariants still hold after it;
(ii)  a copy of the state replays identically: the same choices give the same state bytes;
(iii) ``redraw_hidden(state, seat, stream)`` changes no slot the deciding seat can see, per the
      game's declaration (``simulator/games/<id>/visibility.py``);
and each game is played to its end (its drawn choices reused), where ``final_results`` fills sane
ranks.

Bounded so that the five games add well under two minutes to ``make test`` once compiled; the
``slow`` variant (``make test-slow``) draws many more positions.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from simulator.core.engine import registry
from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.rng import new_stream
from simulator.core.engine.visibility import changed_visible_slots, for_game

GAMES = ("tobago", "skeleton", "skirmish", "sails", "loot")
MAX_STEPS = 250
"""Choices drawn per example; probes fall among the first ``MAX_STEPS`` decisions."""
MAX_GAME_STEPS = 20_000
"""Decisions played to finish a game (the drawn choices reused, shifted by the step)."""
OPTIONS_TRIED = 12
"""Options applied on copies at each probed decision (all of them when fewer)."""
PROBES = 6
"""Decisions per example where (i) and (iii) are checked."""
REPLAY_STEPS = 40
"""Choices replayed on the copy in (ii)."""
QUICK = settings(max_examples=20, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip
LONG = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NO_LOG = np.zeros((0, 6), dtype=np.int64)


def plain_variants(game: str) -> list[str]:
    """The game's variants that take no value (``key=VALUE`` ones need a file or a number)."""
    return sorted(name for name in registry.get_game(game).variants if "=" not in name)


@st.composite
def positions(draw, game: str):
    """A game, a player count, up to two variants, a game index and the choices to play."""
    spec = registry.get_game(game)
    players = draw(st.sampled_from(spec.player_counts))
    variants = tuple(sorted(set(draw(st.lists(st.sampled_from(plain_variants(game)), max_size=2)))))
    try:
        flags = spec.encode_variants(variants, players)
    except ValueError:
        assume(False)
    game_index = draw(st.integers(0, 10_000))
    choices = draw(st.lists(st.integers(0, 1 << 20), min_size=MAX_STEPS, max_size=MAX_STEPS))
    probes = set(draw(st.lists(st.integers(0, MAX_STEPS - 1), min_size=PROBES, max_size=PROBES)))
    return players, variants, flags, game_index, choices, probes


def check_engine(game: str, position) -> None:
    """Play the drawn position, checking (i), (ii) and (iii) on the way."""
    players, variants, flags, game_index, choices, probes = position
    model = registry.get_game(game).forward
    declaration = for_game(game)
    state = np.zeros(model.state_size, dtype=np.int64)
    options = np.zeros(model.max_options, dtype=np.int64)
    model.new_game(2026, game_index, players, flags, 1, state, NO_LOG)
    replay_from = min(probes)
    for step in range(MAX_GAME_STEPS):
        drawn = choices[step % MAX_STEPS] + step // MAX_STEPS
        seat, kind, n_options = model.pending_decision(state, options)
        if seat == NO_SEAT:
            check_final_results(game, model, state, players)
            return
        assert 2 <= n_options <= model.max_options, (game, variants, step, n_options)
        if step in probes:
            check_every_option(model, state, n_options, drawn)
            check_redraw_keeps_the_view(model, declaration, state, seat, game_index, step, variants)
        if step == replay_from:
            check_replay(model, state, choices[step:step + REPLAY_STEPS], (game, variants, step))
        model.apply(state, drawn % n_options, NO_LOG)


def check_final_results(game: str, model, state: np.ndarray, players: int) -> None:
    """A finished game fills its result rows: ranks 0..P (0 = no rank), at least one seat ranked 1
    unless every seat is unranked."""
    spec = registry.get_game(game)
    seat_rows = np.full((players, len(spec.seat_columns)), -99, dtype=np.int64)
    game_row = np.full(len(spec.game_columns), -99, dtype=np.int64)
    model.final_results(state, seat_rows, game_row)
    ranks = seat_rows[:, 1]
    assert ((ranks >= 0) & (ranks <= players)).all(), ranks
    assert (ranks == 1).any() or (ranks == 0).all(), ranks


def check_every_option(model, state: np.ndarray, n_options: int, drawn: int) -> None:
    """(i) each option (or ``OPTIONS_TRIED`` of them, from a drawn offset) applies on a copy,
    with the invariant checks on (the engine raises ``AssertionError`` naming a broken one)."""
    picked = range(n_options) if n_options <= OPTIONS_TRIED else \
        sorted({(drawn + k * 7919) % n_options for k in range(OPTIONS_TRIED)})  # fmt: skip
    for choice in picked:
        copy = state.copy()
        model.apply(copy, choice, NO_LOG)
        scratch = np.zeros(model.max_options, dtype=np.int64)
        seat, _, n_next = model.pending_decision(copy, scratch)
        assert seat == NO_SEAT or n_next >= 2


def check_replay(model, state: np.ndarray, choices: list[int], where) -> None:
    """(ii) a copy of the state, given the same choices, reaches the same state bytes."""
    copies = [state.copy(), state.copy()]
    options = np.zeros(model.max_options, dtype=np.int64)
    for copy in copies:
        for drawn in choices:
            seat, _, n_options = model.pending_decision(copy, options)
            if seat == NO_SEAT:
                break
            model.apply(copy, drawn % n_options, NO_LOG)
    assert copies[0].tobytes() == copies[1].tobytes(), where


def check_redraw_keeps_the_view(model, declaration, state, seat, game_index, step, variants) -> None:
    """(iii) a redraw changes nothing the deciding seat can see; the real state is untouched."""
    before = state.copy()
    for attempt in range(2):
        copy = state.copy()
        model.redraw_hidden(copy, seat, new_stream(game_index, step, attempt))
        changed = changed_visible_slots(declaration, state, copy, seat)
        assert not changed, (f"redraw_hidden changed slots seat {seat + 1} sees: {changed[:10]}", variants, step)
    assert state.tobytes() == before.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_engine_properties(game):
    @QUICK
    @given(positions(game))
    def run(position):
        check_engine(game, position)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_engine_properties_long(game):
    @LONG
    @given(positions(game))
    def run(position):
        check_engine(game, position)

    run()
