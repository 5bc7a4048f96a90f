"""Every movement variant's offered moves equal an independent brute-force enumeration
(``brute_moves.py``, written from the rules alone), on positions reached by random legal play
from several seeds: stunned characters, prisoners, bombs on the island and boats moved included.

At each card choice of the player to move, a Movement card of a drawn value is put into play on a
copy of the position; the pieces the engine offers (``move_piece``) and, for each of them, the
ends it offers (``move_destination``) must be exactly the brute force's.  Random play seldom
leaves a bomb on the Anchor square of a boat with a character aboard (issue 22's
``carry-mandatory`` case), so each position is also checked once more with a bomb moved onto the
mover's own Anchor square when that square is free (an arrangement the rules allow: a bomb is
dropped or flown onto any free square).  The default setting checks a few hundred positions per
variant (Movement values up to 5 under ``move-no-revisit``, whose simple paths the brute force
walks one by one); ``-m slow`` checks 20 seeds of 100 card choices, with every value."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.state import (
    ACTIVE,
    BOAT_ANCHOR,
    BOAT_NODE,
    BOMB_LOC,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_STUNNED,
    CHOOSE_CARD,
    MAX_OPTIONS,
    MOVE_DESTINATION,
    MOVE_PIECE,
    MOVE_PIECE_DECISION,
    MOVE_VALUE,
    N_BOMBS,
    N_CHARACTERS,
    NO_CHEST,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    STATE_SIZE,
    STEP,
    STEP_MOVE_DEST,
    STEP_MOVE_PIECE,
)
from tests.skirmish.brute_moves import legal_moves

MOVEMENT_VARIANTS = ((), ("move-orthogonal",), ("move-up-to",), ("move-no-revisit",), ("carry-mandatory",),
                     ("adjacency-orthogonal",), ("carry-mandatory", "move-no-revisit"))
NO_LOG = np.zeros((0, 6), dtype=np.int64)


def offered(state, step, piece, value):
    """The options the engine offers at ``step`` (STEP_MOVE_PIECE / STEP_MOVE_DEST) for a Movement
    card of ``value`` (and ``piece``), on a copy of ``state``."""
    probe = state.copy()
    probe[STEP] = step
    probe[MOVE_VALUE] = value
    probe[MOVE_PIECE] = piece
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    seat, kind, count = engine.decision_options(probe, options)
    assert kind == (MOVE_PIECE_DECISION if step == STEP_MOVE_PIECE else MOVE_DESTINATION)
    return {int(x) for x in options[:count]}


def features(state, seat):
    """Which of the situations the check must meet this position shows."""
    found = set()
    for char in range(N_CHARACTERS):
        loc = int(state[CHAR_LOC + char])
        if loc < 0:
            continue
        if state[CHAR_STUNNED + char] == 1:
            found.add("stunned")
        if state[CHAR_CAPTOR + char] >= 0:
            found.add("prisoner")
        if loc >= BOAT_NODE:
            found.add("aboard")
    if any(state[BOMB_LOC + b] >= 0 for b in range(N_BOMBS)):
        found.add("bomb")
    return found


def with_bomb_on_own_anchor(state):
    """A copy of ``state`` with a bomb (one on the island, else one still in a chest) moved onto
    the active seat's Anchor square while one of its characters is aboard; None if that square
    is not free or nobody is aboard."""
    seat = int(state[ACTIVE])
    anchor = int(state[BOAT_ANCHOR + seat])
    aboard = any(state[CHAR_LOC + c] == BOAT_NODE + seat for c in range(N_CHARACTERS))
    if not aboard or anchor < 0 or state[SQ_CHAR + anchor] >= 0 or state[SQ_BOMB + anchor] >= 0 \
            or state[SQ_CHEST + anchor] != NO_CHEST:
        return None
    bombs = [b for b in range(N_BOMBS) if state[BOMB_LOC + b] >= 0] or \
        [b for b in range(N_BOMBS) if state[BOMB_LOC + b] == -1]
    if not bombs:
        return None
    derived = state.copy()
    bomb = bombs[0]
    if derived[BOMB_LOC + bomb] >= 0:
        derived[SQ_BOMB + derived[BOMB_LOC + bomb]] = -1
    derived[BOMB_LOC + bomb] = anchor
    derived[SQ_BOMB + anchor] = bomb
    return derived


def compare_position(state, values):
    """Engine against brute force for each Movement value in ``values``; the mismatches."""
    seat = int(state[ACTIVE])
    wrong = []
    for value in values:
        expected = legal_moves(state, seat, value)
        pieces = offered(state, STEP_MOVE_PIECE, 0, value)
        if pieces != set(expected):
            wrong.append((value, "pieces", sorted(pieces ^ set(expected))))
        for piece, ends in expected.items():
            got = offered(state, STEP_MOVE_DEST, piece, value)
            if got != ends:
                wrong.append((value, piece, sorted(got - ends), sorted(ends - got)))
    return wrong


def check_variant(variants, seeds, positions_per_game, max_value=7, players=4):
    """Random legal play from each seed; at each card choice (up to ``positions_per_game`` per
    game) compare two Movement values up to ``max_value``, and the same with a bomb on the own
    Anchor.  Returns (positions checked, features met, mismatches)."""
    flags = encode_variants(tuple(variants), players)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    checked, met, wrong = 0, set(), []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        engine.new_game(seed, 0, players, flags, 1, state, NO_LOG)
        positions = 0
        while positions < positions_per_game:
            seat, kind, count = engine.pending_decision(state, options)
            if seat < 0:
                break
            if kind == CHOOSE_CARD:
                values = [int(v) for v in rng.choice(np.arange(1, max_value + 1), size=2, replace=False)]
                wrong += [(seed, positions, *w) for w in compare_position(state, values)]
                met |= features(state, int(state[ACTIVE]))
                derived = with_bomb_on_own_anchor(state)
                if derived is not None:
                    wrong += [(seed, positions, "bomb on own Anchor", *w) for w in compare_position(derived, values)]
                    met.add("bomb on own Anchor")
                    checked += 1
                positions += 1
                checked += 1
            engine.apply(state, int(rng.integers(count)), NO_LOG)
    return checked, met, wrong


@pytest.mark.parametrize("variants", MOVEMENT_VARIANTS, ids=lambda v: "+".join(v) or "default")
def test_offered_moves_equal_brute_force(variants):
    max_value = 5 if "move-no-revisit" in variants else 7
    checked, met, wrong = check_variant(variants, seeds=range(1, 7), positions_per_game=50, max_value=max_value)
    assert not wrong, f"{len(wrong)} mismatches in {checked} positions, first: {wrong[:5]}"
    assert checked >= 300
    assert {"stunned", "prisoner", "aboard", "bomb", "bomb on own Anchor"} <= met


@pytest.mark.slow
@pytest.mark.parametrize("variants", MOVEMENT_VARIANTS, ids=lambda v: "+".join(v) or "default")
def test_offered_moves_equal_brute_force_long(variants):
    checked, met, wrong = check_variant(variants, seeds=range(100, 120), positions_per_game=100)
    assert not wrong, f"{len(wrong)} mismatches in {checked} positions, first: {wrong[:5]}"
    assert checked >= 2000
