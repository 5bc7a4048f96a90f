"""The runner: split a run into chunks, play them with joblib, store each chunk as it ends.

Game ``i`` depends only on ``(seed, i)`` (see ``simulator.core.engine.rng``), so the results are
the same for any number of jobs and any chunk size.  Each finished chunk is written at
once to ``chunks/chunk-NNNNNN.parquet`` and recorded in ``manifest.json``; memory stays
flat in ``n`` and an interrupted run keeps every finished chunk.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import signal
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from simulator import __version__
from simulator.core.run import limits
from simulator.core.store import records, results
from simulator.core.engine import registry
from simulator.core.engine.decisions import BadChoice
from simulator.core.engine.stepping import bad_choice_message
from simulator.core.store.paths import describe_os_error
from simulator.core.engine.registry import (
    GameSpec, UsageError, check_event_rules, check_players, check_variants, get_game, rule_values,
)
from simulator.core.engine.rule_settings import RuleValues
from simulator.core.players.adapted import resolve_adapted
from simulator.core.players.strategies import Lineup, build_lineup, is_user_strategy


class StrategyFailure(UsageError):
    """A strategy returned an option index outside the offered range (or, checked, indexed out of bounds)."""


class WorkerCrash(UsageError):
    """A worker process died while playing (a segmentation fault, most likely in a user strategy)."""


class Terminated(KeyboardInterrupt):
    """The process was asked to stop (SIGTERM); handled like Ctrl-C: the run is recorded as
    interrupted, its lock released and its workers stopped."""


_swallowed_stops: list[KeyboardInterrupt] = []
"""Ctrl-C or SIGTERM raised where Python cannot let it through (a ctypes callback: numba's compiler
notifying its object cache), kept by :func:`keep_swallowed_stops` until a waiting loop raises it."""


def keep_swallowed_stops() -> None:
    """Install a ``sys.unraisablehook`` that keeps a Ctrl-C or SIGTERM which Python could not raise
    (it printed "Exception ignored on calling ctypes callback function" with a traceback, and the
    command went on: seen in one of two SIGTERMs sent to ``islandsim experiment`` while it compiled)
    and says nothing; :func:`raise_swallowed_stop` raises it where the command waits."""
    previous = sys.unraisablehook

    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _swallowed_stops.append(unraisable.exc_value)
            return
        previous(unraisable)

    if getattr(previous, "keeps_swallowed_stops", False):
        return
    hook.keeps_swallowed_stops = True
    sys.unraisablehook = hook


def raise_swallowed_stop() -> None:
    """Raise a Ctrl-C or SIGTERM that was swallowed earlier (:func:`keep_swallowed_stops`), once."""
    if _swallowed_stops:
        raise _swallowed_stops.pop()


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
    trajectories: bool = False
    """Also store every game's score trajectory (``--trajectories``): what the run records, not
    what it plays (the results are the same either way; not part of the configuration hash)."""
    rules: tuple[tuple[str, str], ...] = ()
    """The user's rule settings (``--set``, ``--rules``): ``(name, JSON value)`` pairs sorted by name,
    as :func:`simulator.core.engine.rule_settings.user_values` canonicalises them (a component file's
    content, never its path)."""

    def __post_init__(self) -> None:
        # a config read back from JSON holds lists: the rules stay hashable pairs, sorted by name
        object.__setattr__(self, "rules", tuple(sorted((str(name), str(value)) for name, value in self.rules)))

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
    checked: bool = False  # user strategies compiled with bounds checking
    rule_values: RuleValues | None = None  # the resolved rule settings (None: the game declares none)


def prepare(config: RunConfig, checked: bool = False) -> PreparedRun:
    """Validate a config (raising :class:`UsageError`) and plan its chunks.

    ``checked`` compiles user strategies with bounds checking (``--checked``): slower, but an
    index out of range stops the run with the strategy's name instead of corrupting memory.
    """
    spec = get_game(config.game)
    check_players(spec, config.players)
    problem = limits.games_problem(config.n)
    if problem:
        raise UsageError(f"--n {problem}")
    if isinstance(config.seed, bool) or not isinstance(config.seed, int) or not 0 <= config.seed <= limits.MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to 2^63-1, not {config.seed}")
    rules = tuple((str(name), str(value)) for name, value in config.rules)
    flags = check_variants(spec, tuple(config.variants), config.players, rules)
    values = rule_values(spec, tuple(config.variants), config.players, rules)
    forced = tuple(dict.fromkeys(config.force_events))
    excluded = tuple(dict.fromkeys(config.exclude_events))
    event_flags = check_event_rules(spec, forced, excluded, config.players)
    if event_flags.size:
        flags = np.concatenate([flags, event_flags])
    chunk_size = config.chunk_size or spec.chunk_size
    if not 0 < chunk_size <= limits.MAX_CHUNK_GAMES:
        raise UsageError(f"chunk size must be from 1 to {limits.MAX_CHUNK_GAMES:,} games, not {chunk_size}")
    records.plan_for(spec, config.trajectories)  # a game that cannot record trajectories says so now
    names = resolve_adapted(spec.id, config.players, tuple(config.lineup), tuple(config.variants), rules)
    lineup = build_lineup(spec, config.players, names, checked)  # last: it may compile strategies
    config = RunConfig(config.game, config.players, config.n, config.seed, lineup.names, tuple(config.variants),
                       chunk_size, forced, excluded, bool(config.trajectories), rules)  # fmt: skip
    return PreparedRun(config, spec, lineup, flags, checked, values)


@functools.lru_cache(maxsize=8)
def _prepared_in_this_process(config: RunConfig, checked: bool = False) -> PreparedRun:
    """``prepare`` once per process and config (a worker plays many chunks of one run)."""
    return prepare(config, checked)


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
        records.recorded_plan(manifest).trajectories,
        results.manifest_rules(manifest),
    )


def strategy_modules(lineup) -> list[str]:
    """The user ``module:function`` strategies of a lineup (the names that import code)."""
    return [name for name in lineup if is_user_strategy(name)]


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
    seat_results, game_results, _ = play_games_recording(prepared, first_game, n_games, records.RecordPlan(), debug)
    return seat_results, game_results


def play_games_recording(prepared: PreparedRun, first_game: int, n_games: int, plan: records.RecordPlan,
                         debug: bool = False) -> tuple[np.ndarray, np.ndarray, records.ChunkRecords | None]:  # fmt: skip
    """``play_games`` that also returns what ``plan`` asks the engine to record (``None`` for nothing)."""
    spec = prepared.spec
    players = prepared.config.players
    seat_results = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    arguments = (prepared.config.seed, first_game, n_games, prepared.variant_flags, prepared.lineup.functions,
                 prepared.lineup.params, seat_results, game_results)  # fmt: skip
    recorded = None
    try:
        if plan.parts():
            recorded = records.allocate(spec, plan, n_games)
            spec.forward.play_chunk_recording(*arguments, recorded.rule_counts, recorded.decision_stats,
                                              recorded.trajectories, debug)  # fmt: skip
        else:
            spec.play_chunk(*arguments, debug)
    except (BadChoice, IndexError) as error:
        raise _strategy_failure(prepared, error) from None
    return seat_results, game_results, recorded


def narrate(prepared: PreparedRun, game_index: int) -> list[str]:
    """The narrated log of game ``game_index`` of ``prepared`` (``islandsim replay``)."""
    config = prepared.config
    try:
        return prepared.spec.narrate(
            config.seed, game_index, prepared.variant_flags, prepared.lineup.functions, prepared.lineup.params
        )
    except (BadChoice, IndexError) as error:
        raise _strategy_failure(prepared, error) from None


def _strategy_failure(prepared: PreparedRun, error: Exception) -> StrategyFailure:
    """The one message for a strategy that broke the contract while the engine asked it.

    ``BadChoice`` names the seat, the decision and the value.  An ``IndexError`` only
    happens with ``--checked`` (numba checks no bounds otherwise), in a user strategy: the
    engines and the registered strategies are not compiled with bounds checking.
    """
    names = prepared.lineup.names
    if isinstance(error, BadChoice):
        seat, kind, value, n_options = (int(part) for part in error.args)
        return StrategyFailure(bad_choice_message(names[seat], seat, prepared.spec.decision_name(kind), value, n_options))
    suspects = _user_strategies(prepared) or list(dict.fromkeys(names))
    return StrategyFailure(
        f"an index out of bounds ({error}) in strategy {' or '.join(repr(name) for name in suspects)}: "
        "check the array indexing of that function"
    )


def _user_strategies(prepared: PreparedRun) -> list[str]:
    return list(dict.fromkeys(name for name in prepared.lineup.names if is_user_strategy(name)))


def _play_chunk_in_worker(config: RunConfig, chunk: tuple[int, int, int], checked: bool = False,
                          game_module: str | None = None, user_folder: str | None = None,
                          main_pid: int | None = None, plan: records.RecordPlan = records.RecordPlan(),
                          ) -> tuple[int, np.ndarray, np.ndarray, records.ChunkRecords | None, float]:  # fmt: skip
    """Entry point of a worker process: rebuild the run from its config and play one chunk.

    ``game_module`` is where the parent found the game, for a game registered at run time
    (a plugin, the tests' toy game) that the worker's fresh registry does not list;
    ``user_folder`` the parent's current folder, where user strategies are imported from (a
    reused worker may have been started in another one); ``main_pid`` the process that waits
    for the results (the worker exits when that process is gone); ``plan`` what the engine records.
    """
    if main_pid is not None and os.getpid() != main_pid:
        _exit_with_parent()
    _quiet_crashes()
    if game_module is not None:
        registry.GAME_MODULES.setdefault(config.game, game_module)
    if user_folder is not None and user_folder not in sys.path:
        sys.path.insert(0, user_folder)
    prepared = _prepared_in_this_process(config, checked)
    index, first_game, n_games = chunk
    started = time.perf_counter()
    seat_results, game_results, recorded = play_games_recording(prepared, first_game, n_games, plan)
    return index, seat_results, game_results, recorded, time.perf_counter() - started


ORPHAN_CHECK_SECONDS = 1.0
"""How often a worker process checks that the process that started it is still there."""


@functools.lru_cache(maxsize=1)
def _exit_with_parent() -> None:
    """In a worker process: exit as soon as its parent is gone (a killed ``islandsim run``
    would otherwise leave its idle workers, about 250 MB each, for loky's 300 s timeout).

    Started when the worker starts (the pool's initializer; a Dask worker, by its first chunk);
    compiled code holds the GIL, so a worker that is playing notices between chunks."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="islandsim-exit-with-parent", daemon=True).start()


COMPILED_CODE_GROWTH_BYTES = 3 * 1024**3
"""How much a local worker may grow past its size after its first chunk before loky restarts it as
leaking (loky's default, 300 MB, is less than the compiled code of a few games: a worker of
``islandsim skill`` or of a study of several games was restarted mid-run, reloading its compiled
code and printing "A worker stopped while some jobs were given to the executor")."""


def _start_worker() -> None:
    """A local worker's start (the pool's initializer): exit with the parent, keep compiled code."""
    _exit_with_parent()
    _allow_compiled_code_growth()


def _allow_compiled_code_growth() -> None:
    """Raise loky's memory-leak threshold of this worker process to :data:`COMPILED_CODE_GROWTH_BYTES`."""
    from joblib.externals.loky import process_executor

    process_executor._MAX_MEMORY_LEAK_SIZE = max(process_executor._MAX_MEMORY_LEAK_SIZE, COMPILED_CODE_GROWTH_BYTES)


def _quiet_crashes() -> None:
    """No Python stack dump from a worker that crashes: the parent says what happened, in one line."""
    import faulthandler

    if faulthandler.is_enabled():
        faulthandler.disable()


def _worker_call(prepared: PreparedRun, chunk: tuple[int, int, int], plan: records.RecordPlan = records.RecordPlan()):
    """The delayed call that plays ``chunk`` of ``prepared`` in a worker process, recording what
    ``plan`` says (every call, the warm-up game's included, tells the worker to exit once this
    process is gone)."""
    from joblib import delayed

    game_module = registry.GAME_MODULES.get(prepared.config.game)
    user_folder = os.getcwd() if _user_strategies(prepared) else None
    return delayed(_play_chunk_in_worker)(prepared.config, chunk, prepared.checked, game_module, user_folder, os.getpid(),
                                          plan)  # fmt: skip


COMPILE_NOTICE_AFTER_SECONDS = 8.0
"""Starting a worker process and loading a cached engine take well under this (2-4 s on a busy
2-core machine); anything longer is numba compiling."""


def warm_up(prepared: PreparedRun, say=None, parallel=None, plan: records.RecordPlan = records.RecordPlan()) -> float:
    """Compile (or load from numba's cache) the engine for this lineup by playing one game.

    The game is played in this process, or by ``parallel`` (a worker backend, see
    :func:`run`) so that this process stays responsive to Ctrl-C whatever a strategy does.
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
        if parallel is None:
            play_games(prepared, 0, 1)
        else:
            list(parallel([_worker_call(prepared, (0, 0, 1), plan)]))
    finally:
        if notice is not None:
            notice.cancel()
    return time.perf_counter() - started


def default_jobs() -> int:
    """All cores of this machine."""
    return max(1, os.cpu_count() or 1)


def local_jobs(jobs: int | None, say=None) -> int:
    """Worker processes for ``--jobs``: all cores by default; more than the cores is lowered to
    the cores (``say`` warns): extra processes would only cost memory (each holds an engine)."""
    cores = default_jobs()
    if jobs is None:
        return cores
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if jobs > cores:
        if say is not None:
            say(f"warning: --jobs {jobs} is more than the {cores} cores of this machine; using {cores}")
        return cores
    return jobs


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
        from simulator.core.run.summary import wilson_interval

        return all(
            (high - low) / 2 <= self.half_width for low, high in (wilson_interval(int(w), games) for w in wins)
        )


def busy_chunk_size(chunk_size: int, games_left: int, jobs: int) -> int:
    """The chunk size that keeps every worker busy: ``chunk_size``, or less when the games left would
    not fill one chunk per worker (a study's 100 games of a search player, 60 s on one core, were one
    chunk: the other core idled).  Results do not depend on the chunk size (each game has its own
    random streams), so a run's key leaves it out."""
    return max(1, min(chunk_size, -(-games_left // max(jobs, 1))))


def plan_missing_chunks(done: list[dict], n: int, chunk_size: int, next_index: int) -> list[tuple[int, int, int]]:
    """Chunks covering the games of ``[0, n)`` that no finished chunk covers.

    Works on the finished chunks' intervals, never per game: the time and memory are
    proportional to the number of chunks, whatever ``n`` is.
    """
    planned = []
    game = 0
    for first, games in sorted((chunk["first_game"], chunk["games"]) for chunk in done):
        for start in range(game, min(first, n), chunk_size):  # the gap before this finished chunk
            planned.append((next_index, start, min(chunk_size, min(first, n) - start)))
            next_index += 1
        game = max(game, first + games)
    for start in range(game, n, chunk_size):
        planned.append((next_index, start, min(chunk_size, n - start)))
        next_index += 1
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
    try:
        with _sigterm_as_interrupt(), results.RunFolder(out_dir, prepared, __version__, jobs) as folder:
            for note in folder.notes:
                if say is not None:
                    say(note)
            _play_missing_chunks(folder, prepared, jobs, scheduler, progress, precision, say)
    except OSError as error:  # disk full, folder removed meanwhile...: the chunks written so far are kept
        kept = (out_dir / results.MANIFEST).exists()
        advice = f"free space and complete it with: islandsim run --resume {out_dir}" if kept else "nothing was kept"
        raise UsageError(f"cannot write the run in {out_dir} ({describe_os_error(error)}); {advice}") from None
    return folder.manifest


def _play_missing_chunks(folder: results.RunFolder, prepared: PreparedRun, jobs: int, scheduler: str | None,
                         progress: bool, precision: Precision | None, say=None) -> None:  # fmt: skip
    """Start the workers (or connect to the cluster), warm the engine up, play and store every
    chunk the folder lacks, then record the run's final status.  The caller holds the folder's
    lock throughout (taken before any check); a new run that stored nothing (an unreachable
    scheduler, say) is removed.

    What a run that stops early leaves (docs/running.md, "When a run stops early"): after
    Ctrl-C, SIGTERM or a write error (disk full) the folder keeps every finished chunk, with
    status ``interrupted`` or ``failed``, for ``--resume``.  After a strategy error (an illegal
    move, a crash) a run this process started is removed: its chunks come from a strategy that
    breaks the contract; a run that was being resumed keeps its chunks, status ``failed``.
    """
    manifest = folder.manifest
    target_n = precision.max_n if precision else prepared.config.n
    played = 0
    try:
        with _backend(jobs, scheduler) as parallel, _worker_crashes(prepared):
            plan = folder.record_plan()
            manifest["timings"]["warm_up_seconds"] = round(warm_up(prepared, say, parallel, plan), 3)
            started = time.perf_counter()
            with _progress_bar(target_n, progress) as bar:
                bar.update(folder.games_done())
                for checkpoint_n in _checkpoints(folder, target_n, precision):
                    size = busy_chunk_size(prepared.config.chunk_size, checkpoint_n - folder.games_done(), jobs)
                    planned = plan_missing_chunks(manifest["chunks"], checkpoint_n, size, folder.next_index())
                    chunks = _chunk_results(prepared, planned, parallel, plan)
                    for index, first_game, seat_results, game_results, recorded, seconds in chunks:
                        folder.write_chunk(index, first_game, seat_results, game_results, seconds, recorded)
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
        folder.finish("interrupted")
        raise
    except (StrategyFailure, WorkerCrash):
        folder.finish("failed", discard_if_new=True)
        raise
    except BaseException:
        folder.finish("failed")
        raise
    elapsed = time.perf_counter() - started
    manifest["timings"].update(
        {"elapsed_seconds": round(elapsed, 3), "games_per_second": round(played / max(elapsed, 1e-9), 1)}
    )
    folder.finish("complete")


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


def _backend(jobs: int, scheduler: str | None):
    """A context giving a callable that maps delayed calls to results, in completion order."""
    if scheduler:
        return _dask_backend(scheduler)
    return _worker_processes(jobs)


SIGNAL_POLL_SECONDS = 0.2
"""How often the waiting main process wakes up to notice Ctrl-C."""


@contextlib.contextmanager
def _worker_processes(jobs: int):
    """``jobs`` local worker processes (loky's reusable pool), even for one job.

    Games are never played in this process: numba code does not look at signals, so a
    strategy stuck in a loop would make Ctrl-C wait for ever.  This process only waits for
    results, so Ctrl-C stops it at once; then the workers are killed.  At most two chunks per
    worker are in flight, so finished results never pile up in memory.
    """
    from concurrent.futures import FIRST_COMPLETED, wait

    from joblib.externals.loky import get_reusable_executor

    # each worker watches, from its start, for this process to go (a killed run leaves no worker)
    with _stop_signals_held():
        executor = get_reusable_executor(max_workers=jobs, initializer=_start_worker)

    def parallel(calls):
        calls = iter(calls)
        pending = set()
        while True:
            for function, arguments, keywords in itertools.islice(calls, 2 * jobs - len(pending)):
                with _stop_signals_held():  # a submit may start workers (and loky's manager thread)
                    pending.add(executor.submit(function, *arguments, **keywords))
            if not pending:
                return
            # short waits: a signal may land on another thread, and only a waking main thread
            # runs the Ctrl-C handler
            done, pending = wait(pending, timeout=SIGNAL_POLL_SECONDS, return_when=FIRST_COMPLETED)
            raise_swallowed_stop()
            for future in done:
                yield future.result()

    try:
        yield parallel
    except BaseException:
        _stop_pool(executor)  # a stuck or crashed worker must not outlive the run
        raise


def _stop_pool(executor) -> None:
    """Kill the pool's workers at once, quietly.

    loky's ``shutdown(kill_workers=True)`` drops every call not yet finished, then its manager
    thread hands the workers the calls it had not queued yet: one submitted just before the stop
    is no longer known, and the thread dies with a ``KeyError`` traceback on stderr (seen after
    about one Ctrl-C in ten with ``--jobs 2``, under the interruption line).  Those calls are taken
    back first; nothing else takes them (this process submits no more).
    """
    import queue

    waiting = getattr(executor, "_work_ids", None)  # loky's queue of the calls not handed out yet
    while waiting is not None:
        try:
            waiting.get_nowait()
        except queue.Empty:
            break
    executor.shutdown(wait=False, kill_workers=True)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""Ctrl-C and SIGTERM: only this process handles them; its worker processes never see them."""


@contextlib.contextmanager
def _stop_signals_held():
    """Hold Ctrl-C and SIGTERM back while worker processes may be started.

    A terminal's Ctrl-C goes to every process of the foreground group: a worker still importing
    its modules would die of it with a traceback on stderr, beside the one line this process
    prints.  A process inherits its starter's blocked signals through fork and exec, and Python
    never unblocks them, so workers started here never receive either signal: this process
    stops them (it kills them, or they exit once it is gone).  The same is done for the
    resource tracker of :mod:`multiprocessing`.  A signal arriving meanwhile waits, and is
    handled here as soon as this block ends.

    That tracker is started first: starting it unblocks both signals in the calling thread
    (Python 3.11 ends its start with ``SIG_UNBLOCK``), which would undo this block.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


@contextlib.contextmanager
def _worker_crashes(prepared: PreparedRun):
    """Turn a worker process that died (a segmentation fault, most likely) into a :class:`WorkerCrash`
    naming the user strategies to check with ``--checked``."""
    from concurrent.futures.process import BrokenProcessPool

    from joblib.externals.loky.process_executor import TerminatedWorkerError

    try:
        yield
    except (TerminatedWorkerError, BrokenProcessPool) as error:
        suspects = _user_strategies(prepared)
        cause = f"a worker process crashed ({type(error).__name__})"
        if suspects:
            names = " or ".join(repr(name) for name in suspects)
            raise WorkerCrash(f"{cause}, most likely strategy {names} reading or writing outside an array; "
                              "run again with --checked to find the index (bounds checking on)") from None  # fmt: skip
        raise WorkerCrash(f"{cause} while playing {prepared.spec.title}: please report it as a bug") from None


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


def _chunk_results(prepared: PreparedRun, planned, parallel, plan: records.RecordPlan):
    """Yield (index, first game, seat results, game results, records, seconds) per planned chunk,
    as they finish."""
    calls = (_worker_call(prepared, chunk, plan) for chunk in planned)
    first_games = {index: first for index, first, _ in planned}
    for index, seat_results, game_results, recorded, seconds in parallel(calls):
        yield index, first_games[index], seat_results, game_results, recorded, seconds


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
