"""The heuristics meet every decision kind of the game and answer each with a legal option."""

import numpy as np

from simulator.core.players.strategies import build_lineup
from simulator.games.skirmish import encode_variants, engine
from simulator.games.skirmish.state import DECISION_KINDS, MAX_OPTIONS, STATE_SIZE

NAMES = ("prospector", "raider", "bomber", "turtle")


def kinds_met(spec, variants, games):
    lineup = build_lineup(spec, 4, NAMES)
    flags = encode_variants(variants, 4)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    streams = np.array([[1], [2], [3], [4]], dtype=np.uint64)
    log = np.zeros((0, 6), dtype=np.int64)
    met = {}
    for game in range(games):
        engine.new_game(5, game, 4, flags, 0, state, log)
        while True:
            seat, kind, count = engine.pending_decision(state, options)
            if seat < 0:
                break
            choice = lineup.functions[seat](state, seat, kind, options, count, lineup.params[seat], streams[seat])
            assert 0 <= choice < count
            met.setdefault(int(kind), set()).add(NAMES[seat])
            engine.apply(state, choice, log)
    return met


def test_heuristics_meet_every_decision_kind(spec):
    met = kinds_met(spec, ("choose-start-anchor",), 60)
    missing = [DECISION_KINDS[kind] for kind in range(len(DECISION_KINDS)) if kind not in met]
    assert not missing
