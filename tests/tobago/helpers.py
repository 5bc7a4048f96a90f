"""Shared helpers for the tobago tests: lineups, chunk runs, and hand-set positions."""

import numpy as np

from simulator.core.players.strategies import build_lineup
from simulator.games.tobago import encode_variants, game_spec
from simulator.games.tobago import engine
from simulator.games.tobago.island import N_WORDS, WORD_BITS
from simulator.games.tobago.state import (
    ACTIVE,
    MAP_CAND,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAX_OPTIONS,
    PENDING_KIND,
    PENDING_SEAT,
    STATE_SIZE,
    STEP,
    STEP_GAME_OVER,
    STEP_TURN_ACTION,
    STEP_TURN_START,
    TURN_ACTION,
)


def get_spec():
    return game_spec()


def lineup(spec, names):
    built = build_lineup(spec, len(names), tuple(names))
    return built.functions, built.params


def run_chunk(spec, names, n_games, variants=(), seed=11, first_game=0, debug=True):
    players = len(names)
    strategies, params = lineup(spec, names)
    flags = encode_variants(tuple(variants), players)
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug)
    return seat_results, game_results


class Game:
    """A game driven by hand through the forward model (debug checks on)."""

    def __init__(self, players=4, variants=(), seed=3, index=0, debug=1, log_rows=0):
        self.state = np.zeros(STATE_SIZE, dtype=np.int64)
        self.options = np.zeros(MAX_OPTIONS, dtype=np.int64)
        self.log = np.zeros((log_rows, 6), dtype=np.int64)
        self.flags = encode_variants(tuple(variants), players)
        engine.new_game(seed, index, players, self.flags, debug, self.state, self.log)

    def pending(self):
        seat, kind, n = engine.pending_decision(self.state, self.options)
        return seat, kind, [int(x) for x in self.options[:n]]

    def choose(self, value):
        """Take the option whose value is ``value``."""
        seat, kind, values = self.pending()
        assert value in values, f"{value} not offered among {values} (kind {kind})"
        engine.apply(self.state, values.index(value), self.log)

    def first(self):
        engine.apply(self.state, 0, self.log)

    def play_setup(self):
        """Take the first option until the start player's first turn_action."""
        while not (self.state[STEP] == STEP_TURN_ACTION and self.state[PENDING_KIND] == TURN_ACTION):
            self.first()

    def rerun(self):
        """After editing the state by hand: recompute the pending decision of the current step."""
        engine.advance(self.state, 0, 0, 0, self.log)

    def restart_turn(self, seat):
        """Edit done: make ``seat``'s turn start now (free amulet, free raise, then its choices)."""
        self.state[ACTIVE] = seat
        self.state[STEP] = STEP_TURN_START
        self.rerun()

    def over(self):
        return self.state[STEP] == STEP_GAME_OVER


def set_located(state, map_index, hex_index):
    """Make map ``map_index`` a located treasure on ``hex_index`` (its clues stay as they are)."""
    for w in range(N_WORDS):
        state[MAP_CAND + map_index * N_WORDS + w] = 0
    state[MAP_CAND + map_index * N_WORDS + hex_index // WORD_BITS] = 1 << (hex_index % WORD_BITS)
    state[MAP_MARKERS_DOWN + map_index] = 1
    state[MAP_MARKERS + map_index] = 1
    assert state[MAP_LEN + map_index] >= 1


def bits(state, offset):
    return [w * WORD_BITS + b for w in range(N_WORDS) for b in range(WORD_BITS) if (int(state[offset + w]) >> b) & 1]


__all__ = ["Game", "bits", "get_spec", "lineup", "run_chunk", "set_located", "PENDING_SEAT"]
