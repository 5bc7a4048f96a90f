"""The CPU time of a strategy's own work, per decision kind, on positions recorded from real games.

Plays GAMES games (4 players, no variant, the strategy in every seat) through the forward model,
keeps a copy of the state and options at every decision asked, then answers each recorded
decision REPEATS times in a compiled loop (the state in cache, the strategy called directly, not
through the lineup's function pointer) and prints, per decision kind, the decisions per game and
the strategy's µs per game.  With ``--compare MODULE`` it also checks that MODULE's ``heuristic``
(a copy of the strategy file with a change, on ``sys.path``) gives the same answer and draws the
same tie-breaks on every recorded decision, and times it beside the original: how the
heuristic figures of docs/performance.md were made.

    PYTHONPATH=$PWD python research/heuristic_cost.py skeleton map_builder --games 60
    PYTHONPATH=$PWD:COPY_FOLDER python research/heuristic_cost.py tobago contributor --compare tobago_copy

(COPY_FOLDER: the folder that holds the changed copy, here ``tobago_copy.py``.)
"""

from __future__ import annotations

import argparse
import importlib
import time

import numpy as np
from numba import njit

from simulator.core.engine.registry import get_game
from simulator.core.players.strategies import resolve_strategy


def record_positions(spec, function, params, games: int, players: int):
    """Every decision asked in ``games`` games: states, seats, kinds, options, option counts."""
    forward = spec.forward
    flags = spec.encode_variants((), players)
    log = np.zeros((0, 6), dtype=np.int64)
    stream = np.zeros(1, dtype=np.uint64)
    rows: list[tuple] = []
    for game in range(games):
        state = np.zeros(forward.state_size, dtype=np.int64)
        options = np.zeros(forward.max_options, dtype=np.int64)
        forward.new_game(5, game, players, flags, 0, state, log)
        while True:
            seat, kind, n_options = forward.pending_decision(state, options)
            if seat < 0:
                break
            rows.append((state.copy(), seat, kind, options.copy(), n_options))
            forward.apply(state, function(state, seat, kind, options, n_options, params, stream), log)
    return tuple(np.array([row[i] for row in rows]) for i in range(5))


def timing_loop(function):
    """A compiled loop answering each recorded decision of ``kind`` (-1: all) ``repeats`` times."""
    @njit
    def loop(states, seats, kinds, options, counts, params, stream, kind, repeats):
        total = 0
        for i in range(states.shape[0]):
            for _ in range(repeats):
                if kind < 0 or kinds[i] == kind:
                    total += function(states[i], seats[i], kinds[i], options[i], counts[i], params, stream)
        return total
    return loop


def same_answers(positions, params, first, second) -> int:
    """Recorded decisions on which the two functions answer or draw differently."""
    states, seats, kinds, options, counts = positions
    differ = 0
    for i in range(states.shape[0]):
        one, two = np.array([7], dtype=np.uint64), np.array([7], dtype=np.uint64)
        a = first(states[i], seats[i], kinds[i], options[i], counts[i], params, one)
        b = second(states[i], seats[i], kinds[i], options[i], counts[i], params, two)
        differ += int(a != b or one[0] != two[0])
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("strategy")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--compare", help="a module whose `heuristic` is timed beside the strategy's")
    args = parser.parse_args()
    spec = get_game(args.game)
    strategy = resolve_strategy(spec, args.strategy)
    params = np.asarray(strategy.params, dtype=np.float64)
    functions = [strategy.function]
    if args.compare:
        functions.append(importlib.import_module(args.compare).heuristic)
    positions = record_positions(spec, strategy.function, params, args.games, args.players)
    kinds = positions[2]
    print(f"{kinds.shape[0]} decisions recorded, {kinds.shape[0] / args.games:.1f} per game")
    if args.compare:
        print("decisions answered differently:", same_answers(positions, params, *functions))
    print("µs per game: the strategy" + (f", then {args.compare}.heuristic" if args.compare else ""))
    loops = [timing_loop(function) for function in functions]
    stream = np.zeros(1, dtype=np.uint64)
    for kind in [-1] + sorted(set(kinds.tolist())):
        count = kinds.shape[0] if kind < 0 else int((kinds == kind).sum())
        figures = []
        for loop in loops:
            loop(*positions, params, stream, kind, 1)
            best = min(_timed(loop, positions, params, stream, kind, args.repeats) for _ in range(7))
            figures.append(f"{best / args.repeats / args.games * 1e6:7.2f}")
        name = "all" if kind < 0 else spec.decision_kinds[kind]
        print(f"{name:18s} {count / args.games:6.1f} per game  {'  '.join(figures)}")


def _timed(loop, positions, params, stream, kind, repeats) -> float:
    started = time.process_time()
    loop(*positions, params, stream, kind, repeats)
    return time.process_time() - started


if __name__ == "__main__":
    main()
