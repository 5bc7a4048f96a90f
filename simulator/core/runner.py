"""The runner: split a run into chunks, play them with joblib, store each chunk as it ends.

Game ``i`` depends only on ``(seed, i)`` (see ``simulator.core.rng``), so the results are
the same for any number of jobs and any chunk size.  Each finished chunk is written at
once to ``chunks/chunk-NNNNNN.parquet`` and recorded in ``manifest.json``; memory stays
flat in ``n`` and an interrupted run keeps every finished chunk.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from simulator import __version__
from simulator.core import results
from simulator.core.decisions import BadChoice
from simulator.core.seats import seat_label
from simulator.core.registry import GameSpec, UsageError, check_event_rules, check_players, check_variants, get_game
from simulator.core.strategies import Lineup, build_lineup


class StrategyFailure(UsageError):
    """A strategy returned an option index outside the offered range."""


class Terminated(KeyboardInterrupt):
    """The process was asked to stop (SIGTERM); handled like Ctrl-C: the run is recorded as
    interrupted, its lock released and its workers stopped."""


@dataclass(frozen=True)
class RunConfig:
    """What a run plays: everything that determines its results."""

    game: str
    players: int
    n: int
    seed: int
    lineup: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    chunk_size: int = 0
    force_events: tuple[str, ...] = ()
    exclude_events: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """The config as it is stored in the manifest."""
        return asdict(self)


@dataclass
class PreparedRun:
    """A validated run: the game, the compiled lineup and the engine's variant flags."""

    config: RunConfig
    spec: GameSpec
    lineup: Lineup
    variant_flags: np.ndarray


def prepare(config: RunConfig) -> PreparedRun:
    """Validate a config (raising :class:`UsageError`) and plan its chunks."""
    spec = get_game(config.game)
    check_players(spec, config.players)
    if config.n <= 0:
        raise UsageError(f"--n must be a positive number of games, not {config.n}")
    if config.seed < 0 or config.seed >= 2**63:
        raise UsageError(f"--seed must be between 0 and 2^63-1, not {config.seed}")
    flags = check_variants(spec, tuple(config.variants), config.players)
    forced = tuple(dict.fromkeys(config.force_events))
    excluded = tuple(dict.fromkeys(config.exclude_events))
    event_flags = check_event_rules(spec, forced, excluded, config.players)
    if event_flags.size:
        flags = np.concatenate([flags, event_flags])
    lineup = build_lineup(spec, config.players, tuple(config.lineup))  # last: it may compile strategies
    chunk_size = config.chunk_size or spec.chunk_size
    if chunk_size <= 0:
        raise UsageError(f"chunk size must be positive, not {chunk_size}")
    config = RunConfig(config.game, config.players, config.n, config.seed, lineup.names, tuple(config.variants),
                       chunk_size, forced, excluded)  # fmt: skip
    return PreparedRun(config, spec, lineup, flags)


@functools.lru_cache(maxsize=8)
def _prepared_in_this_process(config: RunConfig) -> PreparedRun:
    """``prepare`` once per process and config (a worker plays many chunks of one run)."""
    return prepare(config)


def config_from_folder(run_dir: Path, n: int | None = None, allow_strategy_modules: bool = False) -> RunConfig:
    """The configuration stored in a run folder (``n`` replaced when extending it).

    A lineup naming a user's ``module:function`` would import and run that module; it is
    refused unless ``allow_strategy_modules`` (the user's explicit consent on the command line).
    """
    manifest = results.read_manifest(Path(run_dir))
    results.check_writable(Path(run_dir), manifest)
    refuse_strategy_modules(manifest["lineup"], f"the run in {run_dir}", "--allow-strategy-modules", allow_strategy_modules)
    if n is not None and n < manifest["n"]:
        raise UsageError(f"--n {n} is smaller than the {manifest['n']:,} games of {run_dir}")
    return RunConfig(
        manifest["game"],
        manifest["players"],
        manifest["n"] if n is None else n,
        manifest["seed"],
        tuple(manifest["lineup"]),
        tuple(manifest["variants"]),
        manifest["chunk_size"],
        tuple(manifest.get("force_events", ())),
        tuple(manifest.get("exclude_events", ())),
    )


def strategy_modules(lineup) -> list[str]:
    """The user ``module:function`` strategies of a lineup (the names that import code)."""
    return [name for name in lineup if ":" in name]


def refuse_strategy_modules(lineup, where: str, flag: str, allowed: bool) -> None:
    """Refuse to import strategy modules named in a file unless the user allowed it with ``flag``."""
    modules = strategy_modules(lineup)
    if modules and not allowed:
        raise UsageError(
            f"{where} names the strategy module {modules[0]}, which would run its code; "
            f"if you trust it, give {flag}"
        )


def play_games(prepared: PreparedRun, first_game: int, n_games: int, debug: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n_games`` games from ``first_game`` in this process; return the engine's arrays."""
    spec = prepared.spec
    players = prepared.config.players
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    try:
        spec.play_chunk(
            prepared.config.seed,
            first_game,
            n_games,
            prepared.variant_flags,
            prepared.lineup.functions,
            prepared.lineup.params,
            seat_results,
            game_results,
            debug,
        )
    except BadChoice as error:
        seat, kind, value, n_options = (int(part) for part in error.args)
        raise StrategyFailure(
            f"strategy '{prepared.lineup.names[seat]}' ({seat_label(seat)}) returned {value} for decision "
            f"'{spec.decision_name(kind)}', which offered options 0..{n_options - 1}"
        ) from None
    return seat_results, game_results


def _play_chunk_in_worker(config: RunConfig, chunk: tuple[int, int, int],
                          main_pid: int | None = None) -> tuple[int, np.ndarray, np.ndarray, float]:  # fmt: skip
    """Entry point of a joblib worker: rebuild the run from its config and play one chunk."""
    if main_pid is not None and os.getpid() != main_pid:
        _exit_with_parent()
    prepared = _prepared_in_this_process(config)
    index, first_game, n_games = chunk
    started = time.perf_counter()
    seat_results, game_results = play_games(prepared, first_game, n_games)
    return index, seat_results, game_results, time.perf_counter() - started


ORPHAN_CHECK_SECONDS = 1.0
"""How often a worker process checks that the process that started it is still there."""


@functools.lru_cache(maxsize=1)
def _exit_with_parent() -> None:
    """In a worker process: exit as soon as its parent is gone (a killed ``islandsim run``
    would otherwise leave its idle workers, about 250 MB each, for loky's 300 s timeout).

    Started once per worker by its first chunk; compiled code holds the GIL, so a worker that
    is playing notices between chunks."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="islandsim-exit-with-parent", daemon=True).start()


COMPILE_NOTICE_AFTER_SECONDS = 2.0
"""Loading a cached engine takes well under this; anything longer is numba compiling."""


def warm_up(prepared: PreparedRun, say=None) -> float:
    """Compile (or load from numba's cache) the engine for this lineup by playing one game.

    If that takes more than a couple of seconds numba is compiling, and ``say`` is told so once.
    Returns the seconds it took.
    """
    notice = None
    if say is not None:
        message = (
            f"compiling the {prepared.spec.title} engine for {prepared.config.players} players "
            "(first run after install or a code change: one to a few minutes, cached afterwards)..."
        )
        notice = threading.Timer(COMPILE_NOTICE_AFTER_SECONDS, say, args=(message,))
        notice.daemon = True
        notice.start()
    started = time.perf_counter()
    try:
        play_games(prepared, 0, 1)
    finally:
        if notice is not None:
            notice.cancel()
    return time.perf_counter() - started


def default_jobs() -> int:
    """All cores of this machine."""
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Precision:
    """Precision-driven stopping: play until every seat's win-rate interval is narrow enough.

    The rule is checked at fixed checkpoints (every ``checkpoint`` games, independent of the
    number of jobs), so a run with the same seed stops at the same ``n`` on any machine.
    """

    half_width: float
    max_n: int
    checkpoint: int

    def reached(self, wins: np.ndarray, games: int) -> bool:
        """Whether every seat's 95% Wilson half-width is at most ``half_width``."""
        from simulator.core.summary import wilson_interval

        return all(
            (high - low) / 2 <= self.half_width for low, high in (wilson_interval(int(w), games) for w in wins)
        )


def plan_missing_chunks(done: list[dict], n: int, chunk_size: int, next_index: int) -> list[tuple[int, int, int]]:
    """Chunks covering the games of ``[0, n)`` that no finished chunk covers."""
    covered = np.zeros(n, dtype=bool)
    for chunk in done:
        covered[chunk["first_game"] : min(n, chunk["first_game"] + chunk["games"])] = True
    planned = []
    game = 0
    while game < n:
        if covered[game]:
            game += 1
            continue
        stop = game
        while stop < n and not covered[stop] and stop - game < chunk_size:
            stop += 1
        planned.append((next_index, game, stop - game))
        next_index += 1
        game = stop
    return planned


def run(
    prepared: PreparedRun,
    out_dir: Path,
    jobs: int,
    progress: bool = False,
    say=None,
    precision: Precision | None = None,
    scheduler: str | None = None,
) -> dict:
    """Play every missing chunk of ``prepared`` into ``out_dir`` and return the manifest.

    ``out_dir`` is new or empty (a new run), or holds a run of the same configuration: then
    only the games it lacks are played (resume after an interruption, or extend to a larger
    ``n``), after checking every stored chunk against its checksum and its own metadata.
    The folder's lock is taken first and held to the end, so the check of the folder and
    every write are made by one process.  With ``precision`` the run stops at the first
    checkpoint where every seat's win-rate interval is narrow enough.  With ``scheduler``
    the chunks run on that Dask cluster.  SIGTERM is handled as Ctrl-C (:class:`Terminated`).
    """
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    out_dir = Path(out_dir)
    with _sigterm_as_interrupt(), results.RunFolder(out_dir, prepared, __version__, jobs) as folder:
        for note in folder.notes:
            if say is not None:
                say(note)
        manifest = folder.manifest
        target_n = precision.max_n if precision else prepared.config.n
        played = 0
        try:
            manifest["timings"]["warm_up_seconds"] = round(warm_up(prepared, say), 3)
            started = time.perf_counter()
            with _progress_bar(target_n, progress) as bar, _backend(jobs, scheduler, out_dir) as parallel:
                bar.update(folder.games_done())
                for checkpoint_n in _checkpoints(folder, target_n, precision):
                    plan = plan_missing_chunks(manifest["chunks"], checkpoint_n, prepared.config.chunk_size, folder.next_index())
                    for index, first_game, seat_results, game_results, seconds in _chunk_results(prepared, plan, parallel):
                        folder.write_chunk(index, first_game, seat_results, game_results, seconds)
                        played += seat_results.shape[0]
                        bar.update(seat_results.shape[0])
                    manifest["n"] = checkpoint_n
                    if precision is not None and precision.reached(folder.wins_by_seat(), checkpoint_n):
                        manifest["precision"] = {"target_half_width": precision.half_width, "reached": True}
                        break
                else:
                    if precision is not None:
                        manifest["precision"] = {"target_half_width": precision.half_width, "reached": False}
        except KeyboardInterrupt:
            _stop_local_workers(jobs, scheduler)
            folder.finish("interrupted")
            raise
        except BaseException:
            _stop_local_workers(jobs, scheduler)
            folder.finish("failed")
            raise
        elapsed = time.perf_counter() - started
        manifest["timings"].update(
            {"elapsed_seconds": round(elapsed, 3), "games_per_second": round(played / max(elapsed, 1e-9), 1)}
        )
        folder.finish("complete")
    return manifest


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """While a run is written, SIGTERM raises :class:`Terminated` (handled as Ctrl-C is)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop_local_workers(jobs: int, scheduler: str | None) -> None:
    """Kill this run's local worker processes now (an interrupted run must not leave them idle)."""
    if jobs == 1 or scheduler:
        return
    from joblib.externals.loky import get_reusable_executor

    with contextlib.suppress(Exception):
        get_reusable_executor().shutdown(wait=False, kill_workers=True)


def _checkpoints(folder, target_n: int, precision: Precision | None):
    """The successive totals of games after which the run may stop."""
    if precision is None:
        yield target_n
        return
    total = precision.checkpoint
    while total < target_n:
        yield total
        total += precision.checkpoint
    yield target_n


class _InProcess:
    """Stands in for a joblib ``Parallel`` when one job is enough."""

    def __call__(self, calls):
        return (function(*arguments, **keywords) for function, arguments, keywords in calls)


@contextlib.contextmanager
def _backend(jobs: int, scheduler: str | None, out_dir: Path):
    """A context giving a callable that maps delayed calls to results, in completion order."""
    if scheduler:
        with _dask_backend(scheduler) as parallel:
            yield parallel
        return
    if jobs == 1:
        yield _InProcess()
        return
    from joblib import Parallel

    # joblib's scratch folder goes in the run folder, not /dev/shm: nothing is memory-mapped
    # (max_nbytes=None), and what a killed run leaves there is removed when the folder is next opened
    scratch = out_dir / results.SCRATCH
    try:
        with Parallel(n_jobs=jobs, return_as="generator_unordered", backend="loky", max_nbytes=None,
                      temp_folder=str(scratch)) as parallel:  # fmt: skip
            yield parallel
    finally:
        shutil.rmtree(scratch, ignore_errors=True)



@contextlib.contextmanager
def _dask_backend(scheduler: str):
    try:
        from dask.distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs dask.distributed: pip install 'islandsim[cluster]'") from None
    from joblib import Parallel, parallel_config

    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise UsageError(f"cannot reach the Dask scheduler at {scheduler} ({error})") from None
    try:
        with parallel_config(backend="dask"):
            yield Parallel(return_as="generator_unordered")
    finally:
        client.close()


def _chunk_results(prepared: PreparedRun, plan, parallel):
    """Yield (index, first game, seat results, game results, seconds) per planned chunk, as they finish."""
    from joblib import delayed

    main_pid = os.getpid()
    calls = (delayed(_play_chunk_in_worker)(prepared.config, chunk, main_pid) for chunk in plan)
    first_games = {index: first for index, first, _ in plan}
    for index, seat_results, game_results, seconds in parallel(calls):
        yield index, first_games[index], seat_results, game_results, seconds


class _SilentBar:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, count: int) -> None:
        pass


def _progress_bar(total: int, enabled: bool):
    if not enabled:
        return _SilentBar()
    import click

    started = time.perf_counter()
    state = {"done": 0}

    def rate(_item):
        elapsed = time.perf_counter() - started
        return f"{state['done'] / max(elapsed, 1e-9):,.0f} games/s"

    class _Bar:
        def __enter__(self):
            self.bar = click.progressbar(
                length=total, label="games", show_eta=True, show_percent=True, item_show_func=rate, file=sys.stderr
            ).__enter__()
            return self

        def __exit__(self, *exc):
            return self.bar.__exit__(*exc)

        def update(self, count: int) -> None:
            state["done"] += count
            self.bar.update(count, current_item=state["done"])

    return _Bar()
