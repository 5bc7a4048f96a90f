"""Crowded moves under ``carry-mandatory`` (A9): a character's ends times its carried-bomb subsets
can outnumber a scratch slice (N_NODES entries).  The legality check of a Movement card once listed
them into one and wrote past the scratch block into the rule counters and the trajectory (the
worker crashes of the movement study).  Here: every legal piece is still offered, all its ends are
listed, and checking a move writes nothing outside the scratch block."""

import numpy as np

from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.rules import has_destination, move_destination_options, movable_piece_options
from simulator.games.skirmish.state import (
    ACTIVE,
    BOMB_LOC,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHAR_STUNNED,
    DEST_BITS,
    MAX_OPTIONS,
    MOVE_PIECE_DECISION,
    MOVE_VALUE,
    N_BOMBS,
    N_CHARACTERS,
    N_NODES,
    PIECE_BOMB,
    SCRATCH,
    STATE_SIZE,
)
from tests.skirmish.helpers import FILLER, Staged

SCRATCH_END = SCRATCH + 9 * N_NODES


def outside_scratch(state):
    """Every state entry but the scratch block (which has no meaning between steps)."""
    return np.concatenate((state[:SCRATCH], state[SCRATCH_END:]))


def crowded_position():
    """Seat 1's character 0 in the middle of the island, the three bombs around it, a Movement 7
    in hand, the card played: the piece decision is pending."""
    g = Staged(variants=("carry-mandatory",))
    g.put(0, 4, 5)
    g.bomb(0, 4, 6)
    g.bomb(1, 5, 5)
    g.bomb(2, 3, 4)
    g.hand(0, [6])  # Movement 7
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(6)
    return g


def test_crowded_carry_mandatory_move_is_offered_with_all_its_ends():
    """R17, R29/A9 carry-mandatory: the character is offered, and then each of its (end, carried
    bombs) pairs, far more of them than a scratch slice holds."""
    g = crowded_position()
    seat, kind, pieces = g.pending()
    assert (seat, kind) == (0, MOVE_PIECE_DECISION)
    assert 0 in pieces
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    count = move_destination_options(g.state.copy(), 0, 0, 7, options)
    assert count > 2 * N_NODES  # the writes once reached past the whole scratch block
    g.choose(0)
    _, _, ends = g.pending()
    assert sorted(ends) == sorted(int(x) for x in options[:count])
    assert {end >> DEST_BITS for end in ends} == set(range(8))  # every subset of the 3 bombs


def test_checking_a_crowded_move_writes_nothing_outside_the_scratch_block():
    """The Movement card's piece check (``movable_piece_options``, ``has_destination``) leaves the
    state as it was, scratch apart: the rule counters and the trajectory block included."""
    g = crowded_position()
    before = outside_scratch(g.state).copy()
    pieces = np.zeros(MAX_OPTIONS, dtype=np.int64)
    count = movable_piece_options(g.state, 0, int(g.state[MOVE_VALUE]), pieces, False)
    assert 0 in pieces[:count]
    assert has_destination(g.state, 0, 0, 7)
    assert np.array_equal(outside_scratch(g.state), before)


def test_carry_mandatory_games_offer_exactly_the_pieces_with_an_end():
    """Random carry-mandatory games (4 players): at every piece decision each own free character
    (not a prisoner) is offered exactly when its full list of ends is non-empty, every offered piece
    has an end, no list outgrows MAX_OPTIONS, and some positions need more than a scratch slice."""
    flags = encode_variants(("carry-mandatory",), 4)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    ends = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    rng = np.random.default_rng(2026)
    most_ends = 0
    piece_decisions = 0
    for game in range(3):
        engine.new_game(2026, game, 4, flags, 1, state, log)
        for _ in range(400):
            seat, kind, count = engine.pending_decision(state, options)
            if seat < 0:
                break
            if kind == MOVE_PIECE_DECISION:
                piece_decisions += 1
                offered = {int(x) for x in options[:count]}
                active = int(state[ACTIVE])
                steps = int(state[MOVE_VALUE])
                candidates = [c for c in range(N_CHARACTERS) if state[CHAR_OWNER + c] == active
                              and state[CHAR_LOC + c] >= 0 and state[CHAR_STUNNED + c] == 0]
                candidates += [PIECE_BOMB + b for b in range(N_BOMBS) if state[BOMB_LOC + b] >= 0]
                for piece in candidates:
                    n_ends = move_destination_options(state.copy(), active, piece, steps, ends)
                    most_ends = max(most_ends, n_ends)
                    if n_ends == 0:
                        assert piece not in offered
                    elif piece < PIECE_BOMB and state[CHAR_CAPTOR + piece] < 0:
                        assert piece in offered  # R17: every legal move is offered
                assert offered <= set(candidates)
                assert all(move_destination_options(state.copy(), active, piece, steps, ends) > 0
                           for piece in offered)
            engine.apply(state, int(rng.integers(count)), log)
    assert piece_decisions > 20
    assert N_NODES < most_ends <= MAX_OPTIONS
