"""Paired win-rate difference of two weight vectors of one strategy on fresh deals, each playing one
seat against the untuned strategy in the other seats, every seat rotation of every deal (the
validation of ``islandsim tune``, with any two vectors).  Used to check a retuned parameter file
against the file it replaces (docs/strategies.md, "Shipped tuned parameters").

    .venv/bin/python tools/compare_params.py GAME PLAYERS STRATEGY FILE_A FILE_B DEALS SEED

FILE_A / FILE_B: parameter files, or ``untuned``.  A file with fewer weights than the strategy (one
written before a weight was added) gets the untuned values of the missing ones.  The deals are
those of seed SEED + 1 (as ``tune`` validates on its seed + 1).  Prints one JSON line.
"""

from __future__ import annotations

import json
import sys
import time
import tomllib

import numpy as np

from simulator.analysis.studies.matches import Table, check_table
from simulator.analysis.studies.tune import TuneSettings, validate
from simulator.core.engine import registry
from simulator.core.players.strategies import resolve_strategy


def weights(path: str, untuned: list[float]) -> np.ndarray:
    """The weights of parameter file ``path`` (``untuned``: the strategy's own), padded with the
    untuned values of weights added after the file was written."""
    if path == "untuned":
        return np.array(untuned, dtype=np.float64)
    with open(path, "rb") as handle:
        params = list(tomllib.load(handle)["params"])
    return np.array(params + untuned[len(params):], dtype=np.float64)


def main(arguments: list[str]) -> None:
    """Play the comparison and print its JSON line."""
    game, players, strategy, file_a, file_b, deals, seed = arguments
    spec = registry.get_game(game)
    base = resolve_strategy(spec, strategy)
    untuned = [float(value) for value in base.params[: base.tunable_count]]
    table = Table(game, int(players), int(seed))
    check_table(table, [strategy])
    started = time.perf_counter()
    result = validate(TuneSettings(game, int(players), strategy, (), 0, int(seed)), table,
                      weights(file_a, untuned), weights(file_b, untuned), int(deals))
    result.update(a=file_a, b=file_b, seconds=round(time.perf_counter() - started, 1))
    print(json.dumps(result))


if __name__ == "__main__":
    if len(sys.argv) != 8:
        print("error: give GAME PLAYERS STRATEGY FILE_A FILE_B DEALS SEED", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:])
