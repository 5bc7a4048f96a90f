"""One timed process of the A/B benchmark (``islandsim bench-ab``), run against either revision.

This file is copied beside nothing but itself into a scratch folder and run as a script with
``PYTHONPATH`` pointing at one revision's tree, so it must import nothing from islandsim at module
level and use only what every compared revision has: ``runner.RunConfig(game, players, n, seed,
lineup)``, ``runner.prepare`` and ``runner.play_games`` (present since the callback engines, e.g.
3974a9e), and user strategies given as ``module:function``.  Newer APIs (the decision statistics
of ``simulator.core.store.records``) are used only when present, and never inside the timed part.
It imports the core modules by their names since the house order of issue 24
(``simulator.core.engine.registry``, ``simulator.core.run.runner``) and falls back on their names
before it (``simulator.core.registry``, ``simulator.core.runner``), the only ones older revisions
have (``simulator/moved_modules.py`` maps the two).

Request (argv[1], JSON): game, players, lineup (list, empty for the game's default), n (games per
timed chunk), repeats (timed chunks), seed, count_decisions (bool), game_module (optional: a game
registered at run time, as the tests' toy game).  Answer (one JSON line on stdout): cpu_seconds
(one per timed chunk, process CPU time), decisions (decisions a strategy was asked in the n
games, or null), simulator (the file of the imported package, so the caller can check which tree
ran), lineup (as resolved).  A usage error prints ``{"error": ...}`` and exits with status 2.
"""

from __future__ import annotations

import json
import sys
import time


def first_option(state, seat, kind, options, n_options, params, stream):
    """The option-0 strategy: always answers the first option offered.  With it in every seat a
    measurement is the engine and its loop alone (``--lineup first_option`` in ``islandsim bench-ab``;
    elsewhere ``--strategy simulator.benchmark.ab_child:first_option``)."""
    return 0


def _core_module(new_name: str, old_name: str):
    """A core module by its name since the house order of issue 24, or by its name before it (the
    base revision may predate the move, e.g. 3974a9e's ``simulator.core.runner``)."""
    import importlib

    try:
        return importlib.import_module(new_name)
    except ImportError:
        return importlib.import_module(old_name)


def _decisions_asked(runner, prepared, n_games: int) -> int | None:
    """Decisions the strategies were asked in games 0..n-1 (the engine's decision statistics), or
    ``None`` when this revision or game does not record them."""
    try:
        records = _core_module("simulator.core.store.records", "simulator.core.records")
    except ImportError:
        return None
    recording = getattr(runner, "play_games_recording", None)
    missing = getattr(records, "records_missing_reason", None)
    if recording is None or missing is None or missing(prepared.spec) is not None:
        return None
    _, _, recorded = recording(prepared, 0, n_games, records.RecordPlan(counters=True))
    return int(recorded.decision_stats[:, :, 0].sum())


def measure(request: dict) -> dict:
    """Prepare and warm the engine (untimed), then time ``repeats`` chunks of the same games."""
    import simulator

    registry = _core_module("simulator.core.engine.registry", "simulator.core.registry")
    runner = _core_module("simulator.core.run.runner", "simulator.core.runner")

    if request.get("game_module"):
        registry.GAME_MODULES.setdefault(request["game"], request["game_module"])
    config = runner.RunConfig(request["game"], request["players"], request["n"], request["seed"],
                              tuple(request["lineup"]))  # fmt: skip
    prepared = runner.prepare(config)
    runner.play_games(prepared, 0, 1)  # compile or load the engine: not timed
    cpu_seconds = []
    for _ in range(request["repeats"]):
        started = time.process_time()
        runner.play_games(prepared, 0, request["n"])
        cpu_seconds.append(time.process_time() - started)
    decisions = _decisions_asked(runner, prepared, request["n"]) if request["count_decisions"] else None
    return {
        "cpu_seconds": cpu_seconds,
        "decisions": decisions,
        "simulator": simulator.__file__,
        "lineup": list(prepared.config.lineup),
    }


def main(argv: list[str]) -> int:
    request = json.loads(argv[1])
    UsageError = _core_module("simulator.core.engine.registry", "simulator.core.registry").UsageError

    try:
        answer = measure(request)
    except UsageError as error:
        print(json.dumps({"error": str(error)}))
        return 2
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
