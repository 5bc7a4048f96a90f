"""Shared helpers for the Skeleton Island tests: lineups, chunk runs, a hand-stepped game."""

import numpy as np

from simulator.core.engine.forward import NO_SEAT
from simulator.core.players.strategies import build_lineup
from simulator.games.skeleton import encode_variants, game_spec
from simulator.games.skeleton.engine import GAME_COLUMNS, SEAT_COLUMNS, apply, final_results, new_game, pending_decision
from simulator.games.skeleton.state import MAX_OPTIONS, STATE_SIZE

NO_LOG = np.zeros((0, 6), dtype=np.int64)


def get_spec():
    return game_spec()


def lineup(spec, names):
    """The engine's lineup arguments, built as the runner builds them."""
    built = build_lineup(spec, len(names), tuple(names))
    return built.functions, built.params


def run_chunk(spec, names, n_games, variants=(), seed=11, first_game=0, debug=True):
    """Play ``n_games`` through the compiled core loop; (seat_results, game_results)."""
    players = len(names)
    strategies, params = lineup(spec, names)
    flags = encode_variants(tuple(variants), players)
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug)
    return seat_results, game_results


def started(players=4, variants=(), seed=5, game_index=0, debug=1, slot_is_content=False):
    """A fresh game stopped at its first decision.  ``slot_is_content``: the cards renumbered so
    that slot ``s`` holds content ``s`` (one of the numberings R2's shuffle can deal; the spread is
    kept), so that a test can name a card by its content."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(seed, game_index, players, encode_variants(tuple(variants), players), debug, state, NO_LOG)
    if slot_is_content:
        from simulator.games.skeleton.state import N_CARDS, SLOT_CONTENT

        state[SLOT_CONTENT:SLOT_CONTENT + state[N_CARDS]] = np.arange(state[N_CARDS])
    return state


def pending(state):
    """(seat, kind, options) of the pending decision (seat -1: over)."""
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    seat, kind, n_options = pending_decision(state, options)
    return int(seat), int(kind), [int(x) for x in options[:n_options]]


def choose(state, value, log=NO_LOG):
    """Apply the option whose value is ``value``."""
    _, _, options = pending(state)
    apply(state, options.index(value), log)


def play_out(state, rng, log=NO_LOG):
    """Random choices to the end; returns the (seat, kind, options) seen."""
    seen = []
    while True:
        seat, kind, options = pending(state)
        if seat == NO_SEAT:
            return seen
        seen.append((seat, kind, tuple(options)))
        apply(state, int(rng.integers(len(options))), log)


def results(state, players):
    seat_row = np.zeros((players, len(SEAT_COLUMNS)), dtype=np.int64)
    game_row = np.zeros(len(GAME_COLUMNS), dtype=np.int64)
    final_results(state, seat_row, game_row)
    return seat_row, game_row


def slot_of(state, content):
    """The slot holding ``content`` (R2: setup shuffles the contents over the slots)."""
    from simulator.games.skeleton.state import N_CARDS, SLOT_CONTENT

    return int(np.flatnonzero(state[SLOT_CONTENT:SLOT_CONTENT + state[N_CARDS]] == content)[0])


def hold(state, seat, content):
    """Put the card of ``content`` (in whichever slot setup shuffled it to) in front of ``seat``,
    from the pile; returns that slot."""
    from simulator.games.skeleton.board import give_to_seat
    from simulator.games.skeleton.pile import remove_from_pile
    from simulator.games.skeleton.state import LOC_PILE, SLOT_LOC

    slot = slot_of(state, content)
    assert state[SLOT_LOC + slot] == LOC_PILE
    remove_from_pile(state, slot)
    give_to_seat(state, slot, seat)
    return slot


def leave_in_pile(state, keep):
    """Take every pile card but the slots of ``keep`` out of the game (a constructed position:
    debug checks off)."""
    from simulator.games.skeleton.pile import remove_from_pile
    from simulator.games.skeleton.state import LOC_REMOVED, N_CARDS, PILE_MASK, REMOVED_MASK, SLOT_LOC

    for slot in range(state[N_CARDS]):
        if (state[PILE_MASK] >> slot) & 1 and slot not in keep:
            remove_from_pile(state, slot)
            state[SLOT_LOC + slot] = LOC_REMOVED
            state[REMOVED_MASK] |= 1 << slot


def restart_turn(state, seat=None, log=NO_LOG):
    """Begin a turn again from a constructed position (of ``seat``, default the current one)."""
    from simulator.games.skeleton.engine import advance
    from simulator.games.skeleton.state import CURRENT, STEP, STEP_TURN_START

    if seat is not None:
        state[CURRENT] = seat
    state[STEP] = STEP_TURN_START
    advance(state, 0, 0, log)
