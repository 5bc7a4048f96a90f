"""Seatings of named strategies played through the run store: ``ladder`` and ``skill``.

Each seating is one run of the store (:func:`simulator.analysis.studies.store.ensure_run`), kept in a
folder named after everything that decides its games.  So an interrupted ladder resumes from its
finished runs (and from the finished chunks of the run it was playing), and the same ladder or
panel asked again reads its runs back instead of playing them.  Without a store
(``Table.store`` None) the seatings are played in memory, with the same games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simulator.analysis.studies import store
from simulator.analysis.studies.matches import Entrant, Table, play_seatings
from simulator.core.run import limits, runner
from simulator.core.engine import registry


def derived_seed(seed: int, offset: int) -> int:
    """The seed of an extra study of a panel: ``seed + offset`` (wrapped into the seed range), so that
    its deals are none of the ladder's."""
    return (seed + offset) % (limits.MAX_SEED + 1)


@dataclass
class StoreTally:
    """How many of the runs a command asked for are complete in its store (for the line an
    interrupted command prints)."""

    store: Path | None = None
    asked: int = 0
    complete: int = 0

    def kept(self) -> str | None:
        """What an interruption keeps, in words (``None``: nothing, the games were played in memory)."""
        if self.store is None:
            return None
        return (f"{self.complete} finished run{'s' if self.complete != 1 else ''} in {self.store}, and the finished "
                "chunks of the run in progress")  # fmt: skip


tally = StoreTally()
"""The tally of the command being run (reset by :func:`start_tally`)."""


def start_tally(store_folder: Path | None) -> StoreTally:
    """Start counting the stored runs of a new command."""
    global tally
    tally = StoreTally(store_folder)
    return tally


def chunk_games(table: Table, deals: int) -> int:
    """Games per stored chunk: the table's, else the game's default split over the jobs (every
    worker busy on a short run); a kill -9 loses at most one chunk per worker."""
    if table.chunk_size:
        return table.chunk_size
    default = registry.get_game(table.game).chunk_size
    return max(1, min(default, math.ceil(deals / max(1, table.jobs))))


def named_ranks(table: Table, seatings: list[tuple[str, ...]], deals: int, seed: int | None = None,
                say=None) -> np.ndarray:  # fmt: skip
    """``ranks[seating, deal, seat]`` of games ``0 .. deals - 1`` of ``seed`` (default the table's)
    played by each seating of strategy names: runs of the table's store (reused when there),
    or played in memory when the table has no store."""
    seed = table.seed if seed is None else seed
    if table.store is None:
        ranks, _ = play_seatings(table, [tuple(Entrant(name) for name in seating) for seating in seatings], 0, deals, seed)
        return ranks
    ranks = np.zeros((len(seatings), deals, table.players), dtype=np.int16)
    chunk = chunk_games(table, deals)
    tally.asked += len(seatings)
    for index, seating in enumerate(seatings):
        config = runner.RunConfig(table.game, table.players, deals, seed, tuple(seating), tuple(table.variants), chunk,
                                  rules=table.rules)
        run = store.ensure_run(config, table.store, table.jobs, say, table.scheduler)
        tally.complete += 1
        ranks[index] = stored_ranks(run.rows, deals, table.players)
    return ranks


def stored_ranks(rows, deals: int, players: int) -> np.ndarray:
    """``ranks[game, seat]`` of a stored run's rows (seats 1..P in order)."""
    frame = rows.select("game", "seat", "rank").collect().sort("game", "seat")
    return frame["rank"].to_numpy().astype(np.int16).reshape(deals, players)


def complete_runs(store_folder: Path, configs) -> int:
    """How many of ``configs`` are complete runs in ``store_folder`` (read from their manifests)."""
    from simulator.core.store import results

    complete = 0
    for config in configs:
        try:
            manifest = results.read_manifest(store.run_folder(store_folder, runner.prepare(config)))
        except Exception:  # a missing or damaged folder is not a complete run
            continue
        complete += manifest.get("status") == "complete"
    return complete
