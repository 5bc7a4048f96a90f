"""Playing seatings: the engine of ``tune``, ``ladder`` and ``skill``.

A *seating* gives each seat an :class:`Entrant`: a strategy name (as on the command line:
registered, ``STRATEGY@FILE`` or ``module:function``) and, optionally, other weights for it
(a tuning candidate).  :func:`play_seatings` plays every seating on the same deals (games
``first_game ..`` of one seed: common random numbers) through the runner's own worker
processes (joblib/loky locally, Dask with a scheduler address), chunk by chunk, and returns
the finishing ranks, keeping nothing on disk (``tune``'s candidates, whose weights no run
folder records).  Seatings of named strategies (``ladder``, ``skill``) are played through the
run store instead when the table names one (:mod:`simulator.analysis.studies.stored_play`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from simulator.core.engine import registry
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.core.players.strategies import Lineup, lineup_fingerprint
from simulator.core.players.reference import names_user_code

CHUNK_GAMES = 2_000
"""Games per task at most: small enough to spread a generation over the workers."""


@dataclass(frozen=True)
class Entrant:
    """One seat's player: a strategy name and, optionally, its tunable weights replaced."""

    name: str
    weights: tuple[float, ...] | None = None
    label: str = ""

    @property
    def shown(self) -> str:
        """How tables and progress lines name it."""
        return self.label or self.name


@dataclass(frozen=True)
class Table:
    """Where seatings are played: game, players, rule variants, seed, and how (jobs, scheduler)."""

    game: str
    players: int
    seed: int
    variants: tuple[str, ...] = ()
    jobs: int = 1
    scheduler: str | None = None
    store: Path | None = None
    """Run store that keeps (and reuses) the runs of named seatings; None: play in memory."""
    chunk_size: int = 0
    """Games per stored chunk (0: the game's default, split over the jobs)."""
    rules: tuple[tuple[str, str], ...] = ()
    """Rule settings of every game (``RunConfig.rules``: canonical ``(name, JSON value)`` pairs)."""


def rotations(seating: tuple[Entrant, ...]) -> list[tuple[Entrant, ...]]:
    """The cyclic seat rotations of a seating (every entrant meets each deal from each seat)."""
    return [seating[shift:] + seating[:shift] for shift in range(len(seating))]


def check_table(table: Table, names: list[str]) -> None:
    """Validate game, players, variants, seed and every strategy name (each compiled or loaded
    once) before anything is played; :class:`UsageError` otherwise."""
    if not names:
        runner.prepare(runner.RunConfig(table.game, table.players, 1, table.seed, (), table.variants, rules=table.rules))
    for name in dict.fromkeys(names):
        runner.prepare(runner.RunConfig(table.game, table.players, 1, table.seed, (name,) * table.players,
                                        table.variants, rules=table.rules))  # fmt: skip


def _override(lineup: Lineup, seating: tuple[Entrant, ...]) -> Lineup:
    """``lineup`` with each seat's tunable weights replaced where its entrant gives weights."""
    params = np.array(lineup.params, copy=True)
    for seat, entrant in enumerate(seating):
        if entrant.weights is not None:
            params[seat, : len(entrant.weights)] = entrant.weights
    return Lineup(lineup.names, lineup.functions, params, lineup_fingerprint(lineup.names, lineup.functions, params))


def _play_task(config: runner.RunConfig, seating: tuple[Entrant, ...], task: int, first_game: int, n_games: int,
               game_module: str | None, user_folder: str | None) -> tuple[int, np.ndarray, np.ndarray, float]:  # fmt: skip
    """Worker entry point: play ``n_games`` of one seating; return (task, ranks, scores, CPU seconds
    the worker spent on it, loading the engine included)."""
    import sys
    import time

    started = time.process_time()

    if game_module is not None:
        registry.GAME_MODULES.setdefault(config.game, game_module)
    if user_folder is not None and user_folder not in sys.path:
        sys.path.insert(0, user_folder)
    prepared = runner._prepared_in_this_process(config)
    prepared = replace(prepared, lineup=_override(prepared.lineup, seating))
    seat_results, _ = runner.play_games(prepared, first_game, n_games)
    return task, seat_results[:, :, 1].astype(np.int16), seat_results[:, :, 0], time.process_time() - started


_worker_cpu = [0.0]


def worker_cpu_seconds() -> float:
    """CPU seconds the workers have spent on :func:`play_seatings` in this process so far (the
    processor time of every task, summed; the parent's own time is not in it)."""
    return _worker_cpu[0]


def play_seatings(table: Table, seatings: list[tuple[Entrant, ...]], first_game: int, n_games: int,
                  seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Play games ``first_game .. first_game + n_games - 1`` of ``seed`` (default the table's)
    with every seating; return ``ranks[seating, game, seat]`` (1 = first, ties share a rank,
    0 = eliminated) and ``scores`` of the same shape."""
    import os

    from joblib import delayed

    seed = table.seed if seed is None else seed
    for seating in seatings:
        if len(seating) != table.players:
            raise UsageError(f"a seating of {len(seating)} strategies for {table.players} players")
    ranks = np.zeros((len(seatings), n_games, table.players), dtype=np.int16)
    scores = np.zeros((len(seatings), n_games, table.players), dtype=np.int64)
    tasks = []
    game_module = registry.GAME_MODULES.get(table.game)
    for index, seating in enumerate(seatings):
        names = tuple(entrant.name for entrant in seating)
        config = runner.prepare(runner.RunConfig(table.game, table.players, n_games, seed, names, table.variants,
                                                 rules=table.rules)).config
        user_folder = os.getcwd() if any(names_user_code(name) for name in names) else None
        for start in range(0, n_games, CHUNK_GAMES):
            count = min(CHUNK_GAMES, n_games - start)
            tasks.append(((index, start), delayed(_play_task)(config, seating, len(tasks), first_game + start, count,
                                                               game_module, user_folder)))  # fmt: skip
    slots = [slot for slot, _ in tasks]
    with runner._backend(table.jobs, table.scheduler) as parallel:
        for task, task_ranks, task_scores, cpu in parallel(call for _, call in tasks):
            _worker_cpu[0] += cpu
            index, start = slots[task]
            ranks[index, start : start + task_ranks.shape[0]] = task_ranks
            scores[index, start : start + task_ranks.shape[0]] = task_scores
    return ranks, scores


def won(ranks: np.ndarray) -> np.ndarray:
    """1 where a seat finished first (ties: every tied seat), else 0."""
    return (ranks == 1).astype(np.float64)


def ahead(ranks: np.ndarray, seat_a: int, seat_b: int) -> np.ndarray:
    """Per game: 1 when ``seat_a`` finished ahead of ``seat_b``, 0.5 when level, 0 behind
    (an eliminated seat, rank 0, is behind every other)."""
    order = np.where(ranks == 0, np.iinfo(np.int16).max, ranks).astype(np.int64)
    a, b = order[..., seat_a], order[..., seat_b]
    return np.where(a < b, 1.0, np.where(a == b, 0.5, 0.0))
