"""Shared helpers for the skirmish tests: lineups, chunk runs, and staged positions (a game set
up, then pieces, chests and hands put where a rule test needs them, played through the forward
model's ``pending_decision`` / ``apply``)."""

from __future__ import annotations

import numpy as np

from simulator.core.players.strategies import build_lineup
from simulator.games.skirmish import encode_variants, game_spec
from simulator.games.skirmish import engine
from simulator.games.skirmish.state import (
    ACTIVE,
    ALIVE,
    AMMO,
    BOAT_NODE,
    BOMB_LOC,
    BOMB_REMOVED,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHAR_STUNNED,
    COLS,
    DEBUG_CHECKS,
    DEST_BITS,
    DRAW,
    DRAW_COUNT,
    GEMS,
    HAND,
    HAND_COUNT,
    LOC_DEAD,
    MAX_OPTIONS,
    MAX_SQUARES,
    N_BOMBS,
    N_CARD_KINDS,
    N_CHARACTERS,
    NO_CHEST,
    PLAYED_COUNT,
    POTION,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    STATE_SIZE,
    STEP,
    STEP_TURN_START,
)

FILLER = [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6]
"""Movement cards to draw (card kinds), for staged positions that draw."""


def move_card(value: int) -> int:
    """The card kind of the Movement card of ``value``."""
    return value - 1


def dest(staged: "Staged", row: int, col: int, carried: int = 0) -> int:
    """The option code of a move ending on ``(row, col)`` carrying the bombs of mask ``carried``."""
    return staged.square(row, col) | carried << DEST_BITS


NO_LOG = np.zeros((0, 6), dtype=np.int64)


def get_spec():
    return game_spec()


def run_chunk(spec, names, n_games, variants=(), seed=11, first_game=0, debug=True):
    """Play ``n_games`` with the registered strategies ``names`` (seat order); result arrays."""
    players = len(names)
    lineup = build_lineup(spec, players, tuple(names))
    flags = encode_variants(tuple(variants), players)
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, first_game, n_games, flags, lineup.functions, lineup.params, seat_results, game_results,
                    debug)
    return seat_results, game_results


def sq(row: int, col: int, cols: int = 10) -> int:
    """Square index of (row, col) on a board of ``cols`` columns."""
    return row * cols + col


class Staged:
    """A game set up by ``new_game`` and then rearranged by a test: every character aboard,
    no chest, no bomb, a Potion as every hand (so each turn stops at a decision), empty draw pile (debug checks off: the test moves components
    on purpose).  Methods put things where the test needs them and play decisions by value."""

    def __init__(self, players: int = 4, variants: tuple[str, ...] = (), seed: int = 3):
        self.flags = encode_variants(tuple(variants), players)
        self.state = np.zeros(STATE_SIZE, dtype=np.int64)
        self.log = NO_LOG
        engine.new_game(seed, 0, players, self.flags, 0, self.state, self.log)
        s = self.state
        s[DEBUG_CHECKS] = 0
        self.cols = int(s[COLS])
        for square in range(MAX_SQUARES):
            s[SQ_CHEST + square] = NO_CHEST
            s[SQ_BOMB + square] = -1
            s[SQ_CHAR + square] = -1
        for char in range(N_CHARACTERS):
            if s[CHAR_LOC + char] >= 0:
                s[CHAR_LOC + char] = BOAT_NODE + s[CHAR_OWNER + char]
        for bomb in range(N_BOMBS):
            s[BOMB_LOC + bomb] = BOMB_REMOVED
        for seat in range(4):
            for kind in range(N_CARD_KINDS):
                s[HAND + seat * N_CARD_KINDS + kind] = 0
            s[HAND_COUNT + seat] = 0
        s[DRAW_COUNT] = 0
        s[PLAYED_COUNT] = 0
        for seat in range(players):
            self.hand(seat, [POTION])  # always playable: a seat's turn stops at its first decision

    # ---- arranging ----
    def square(self, row, col):
        return row * self.cols + col

    def put(self, char, row, col):
        """Put character ``char`` on (row, col)."""
        s = self.state
        old = s[CHAR_LOC + char]
        if 0 <= old < MAX_SQUARES:
            s[SQ_CHAR + old] = -1
        square = self.square(row, col)
        s[CHAR_LOC + char] = square
        s[SQ_CHAR + square] = char
        s[CHAR_CAPTOR + char] = -1

    def kill(self, char):
        s = self.state
        old = s[CHAR_LOC + char]
        if 0 <= old < MAX_SQUARES:
            s[SQ_CHAR + old] = -1
        s[CHAR_LOC + char] = LOC_DEAD

    def chest(self, row, col, content):
        self.state[SQ_CHEST + self.square(row, col)] = content

    def bomb(self, bomb, row, col):
        square = self.square(row, col)
        self.state[BOMB_LOC + bomb] = square
        self.state[SQ_BOMB + square] = bomb

    def hand(self, seat, kinds):
        s = self.state
        for kind in range(N_CARD_KINDS):
            s[HAND + seat * N_CARD_KINDS + kind] = 0
        for kind in kinds:
            s[HAND + seat * N_CARD_KINDS + kind] += 1
        s[HAND_COUNT + seat] = len(kinds)

    def draw_pile(self, kinds):
        """Cards to draw, the first one drawn first."""
        s = self.state
        for i, kind in enumerate(reversed(kinds)):
            s[DRAW + i] = kind
        s[DRAW_COUNT] = len(kinds)

    def held(self, seat, kind):
        return int(self.state[HAND + seat * N_CARD_KINDS + kind])

    def loc(self, char):
        return int(self.state[CHAR_LOC + char])

    def __getitem__(self, offset):
        return int(self.state[offset])

    def __setitem__(self, offset, value):
        self.state[offset] = value

    # ---- playing ----
    def start_turn(self, seat):
        """Begin ``seat``'s turn and run to its first decision."""
        self.state[ACTIVE] = seat
        self.state[STEP] = STEP_TURN_START
        engine.advance(self.state, 0, 0, self.log)

    def pending(self):
        """(seat, kind, option values) of the pending decision; seat -1 when over."""
        options = np.zeros(MAX_OPTIONS, dtype=np.int64)
        seat, kind, count = engine.pending_decision(self.state, options)
        return int(seat), int(kind), [int(x) for x in options[:count]]

    def choose(self, value):
        """Take the option whose value is ``value`` (AssertionError if it is not offered)."""
        seat, kind, values = self.pending()
        assert value in values, f"{value} not among the options {values} of decision kind {kind}"
        engine.apply(self.state, values.index(value), self.log)

    def gems(self, seat):
        return int(self.state[GEMS + seat])

    def ammo(self, seat):
        return int(self.state[AMMO + seat])

    def alive(self, seat):
        return int(self.state[ALIVE + seat])

    def stunned(self, char):
        return int(self.state[CHAR_STUNNED + char])
