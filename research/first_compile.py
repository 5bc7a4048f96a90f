"""First compile of each game: CPU seconds of a process that plays one game with an empty numba cache.

Issue 23's target "first compile of a game (all player counts) <= 60 s for Loot Island, <= 30 s for the
others" is measured with this script.  Each measured process is ``islandsim bench --game G --players 4
--n 1 --python-n 0 --jobs 1 --run-n 0`` (imports, compiles the engine and the default strategy, plays one
game) with ``ISLANDSIM_CACHE_DIR`` set to a fresh empty folder; its figure is the CPU time (user +
system) of the process, read from ``getrusage(RUSAGE_CHILDREN)``.  With ``--base REV`` the revision is
exported like ``islandsim bench-ab`` does (``~/.cache/islandsim-bench-ab/<commit>/tree``) and the two
sides alternate, base then this tree, game by game and round by round, so that both see the same load.
The 1-minute load average is printed before each process.  Run one instance at a time with
``--base`` (the first one exports the revision; two exporting at once would write the same folder).

    nice -n 10 .venv/bin/python research/first_compile.py --base main --rounds 3
    nice -n 10 .venv/bin/python research/first_compile.py --game sails --rounds 1     # this tree only
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TREE))

from simulator.benchmark.ab import default_cache_root, export_revision, resolve_commit  # noqa: E402

GAMES = ("loot", "sails", "skeleton", "tobago", "skirmish")
COMMAND = ("-m", "simulator", "bench", "--players", "4", "--n", "1", "--python-n", "0", "--jobs", "1", "--run-n", "0")


def first_compile_seconds(tree: Path, game: str) -> float:
    """CPU seconds (user + system) of one ``islandsim bench`` process of ``game`` run from ``tree``
    with an empty numba cache."""
    cache = Path(tempfile.mkdtemp(prefix="islandsim-first-compile-"))
    environment = dict(os.environ, PYTHONPATH=str(tree), ISLANDSIM_CACHE_DIR=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([sys.executable, *COMMAND, "--game", game], cwd=tree, env=environment, check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Measure, alternating sides, and print each run then the medians per game and side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a revision to compare with (exported like islandsim bench-ab)")
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (repeat; default: every game)")
    parser.add_argument("--rounds", type=int, default=3, help="processes per game and side (default 3)")
    options = parser.parse_args()
    sides = {}
    if options.base:
        commit = resolve_commit(options.base, TREE)
        sides[f"base {commit[:7]}"] = export_revision(commit, default_cache_root(), TREE).tree
    sides["this tree"] = TREE
    seconds: dict[tuple[str, str], list[float]] = {}
    loads: list[float] = []
    for game in options.game or GAMES:
        for round_number in range(1, options.rounds + 1):
            for side, tree in sides.items():
                load = os.getloadavg()[0]
                loads.append(load)
                value = first_compile_seconds(tree, game)
                seconds.setdefault((game, side), []).append(value)
                print(f"{game:9} round {round_number} {side:13} {value:6.1f} CPU s  (load {load:.1f})", flush=True)
    print(f"\nmedian CPU seconds of a first compile ({options.rounds} processes each; "
          f"1-minute load average {min(loads):.1f} to {max(loads):.1f}):")  # fmt: skip
    print("| game | " + " | ".join(sides) + " |")
    print("|---|" + "---|" * len(sides))
    for game in options.game or GAMES:
        cells = [f"{statistics.median(seconds[(game, side)]):.1f}" for side in sides]
        print(f"| {game} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
