"""Movement ends checked against brute force: walking every exact-N path step by step (revisits
allowed, A3) gives the same (end, carried bombs) options as the engine's parity search, for
characters and for bombs moved alone, over positions from real games."""

import numpy as np

from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.board import bomb_neighbours, character_end_ok, character_neighbours, entered, is_free_square
from simulator.games.skirmish.rules import has_destination, move_destination_options
from simulator.games.skirmish.state import (
    ACTIVE,
    BOAT_NODE,
    BOMB_LOC,
    CHAR_LOC,
    CHAR_OWNER,
    DEST_BITS,
    MAX_OPTIONS,
    N_BOMBS,
    N_CHARACTERS,
    PIECE_BOMB,
    STATE_SIZE,
)


def brute_force(state, piece, seat, steps):
    out = np.zeros(10, dtype=np.int64)
    is_bomb = piece >= PIECE_BOMB
    start = state[BOMB_LOC + piece - PIECE_BOMB] if is_bomb else state[CHAR_LOC + piece]
    layer = {(int(start), 0)}
    for _ in range(steps):
        following = set()
        for node, subset in layer:
            if is_bomb:
                count = bomb_neighbours(state, node, seat, out)
            else:
                count = character_neighbours(state, node, piece, seat, out)
            for k in range(count):
                other = int(out[k])
                if is_bomb:
                    following.add((other, 0))
                else:
                    bits = entered(state, other, 1 << subset, False)
                    for carried in range(8):
                        if bits >> carried & 1:
                            following.add((other, carried))
        layer = following
    ends = set()
    for node, subset in layer:
        if is_bomb:
            if node >= BOAT_NODE or is_free_square(state, node, piece - PIECE_BOMB):
                ends.add(node)
        elif (node < BOAT_NODE or node == BOAT_NODE + seat) and character_end_ok(state, node, subset, False):
            ends.add(node | subset << DEST_BITS)
    return ends


def test_parity_search_matches_brute_force():
    flags = encode_variants((), 4)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    rng = np.random.default_rng(1)
    checked = 0
    for game in range(3):
        engine.new_game(11, game, 4, flags, 0, state, log)
        for _ in range(200):
            seat, kind, count = engine.pending_decision(state, options)
            if seat < 0:
                break
            active = int(state[ACTIVE])
            pieces = [c for c in range(N_CHARACTERS) if state[CHAR_OWNER + c] == active and state[CHAR_LOC + c] >= 0]
            pieces += [PIECE_BOMB + b for b in range(N_BOMBS) if state[BOMB_LOC + b] >= 0]
            for piece in pieces:
                steps = int(rng.integers(1, 8))
                probe = state.copy()
                n = move_destination_options(probe, active, piece, steps, options)
                assert set(int(x) for x in options[:n]) == brute_force(state, piece, active, steps)
                checked += 1
            engine.apply(state, int(rng.integers(count)), log)
    assert checked > 300


def test_first_end_search_agrees_with_the_full_search_without_revisits():
    """move-no-revisit: the legality check that stops at the first legal end (``has_destination``)
    says yes exactly when the full simple-path search lists an end, for every piece and Movement
    value over positions from real games (some with no end at all)."""
    flags = encode_variants(("move-no-revisit",), 4)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    rng = np.random.default_rng(2)
    answers = {True: 0, False: 0}
    for game in range(2):
        engine.new_game(13, game, 4, flags, 0, state, log)
        for _ in range(150):
            seat, kind, count = engine.pending_decision(state, options)
            if seat < 0:
                break
            active = int(state[ACTIVE])
            pieces = [c for c in range(N_CHARACTERS) if state[CHAR_OWNER + c] == active and state[CHAR_LOC + c] >= 0]
            pieces += [PIECE_BOMB + b for b in range(N_BOMBS) if state[BOMB_LOC + b] >= 0]
            for piece in pieces:
                for steps in range(1, 8):
                    full = move_destination_options(state.copy(), active, piece, steps, options) > 0
                    assert has_destination(state.copy(), active, piece, steps) == full
                    answers[full] += 1
            engine.apply(state, int(rng.integers(count)), log)
    assert answers[True] > 500 and answers[False] > 20
