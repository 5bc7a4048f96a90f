"""The benchmark behind ``islandsim bench``: engine games/s, compiled and as pure Python."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from simulator.core.store import records
from simulator.core.run import runner

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``simulator`` package: the working folder of the subprocesses that
``bench`` starts, so that they import this islandsim and never a ``json.py`` (or any module)
that happens to lie in the user's current folder (``python -c`` and ``-m`` put it first)."""


def engine_rate(prepared: runner.PreparedRun, n: int, plan: records.RecordPlan | None = None) -> float:
    """Games per second of the engine alone, in this process (one core), after warm-up, recording
    what ``plan`` says (default: what ``islandsim run`` records, the rule counters when the game has them)."""
    if plan is None:
        plan = records.plan_for(prepared.spec, False)
    runner.warm_up(prepared)
    started = time.perf_counter()
    runner.play_games_recording(prepared, 0, n, plan)
    return n / (time.perf_counter() - started)


def _timed_chunks(parallel, prepared: runner.PreparedRun, n: int, jobs: int) -> float:
    """Warm every worker, then time ``n`` games split into chunks; return games per second."""
    from joblib import delayed

    chunk = min(prepared.config.chunk_size, max(1, n // (4 * jobs)))
    chunks = [(index, first, min(chunk, n - first)) for index, first in enumerate(range(0, n, chunk))]
    plan = records.plan_for(prepared.spec, False)  # what islandsim run records
    # load the compiled engine in every worker before timing
    list(parallel(delayed(runner._play_chunk_in_worker)(prepared.config, (0, 0, 1), plan=plan) for _ in range(2 * jobs)))
    started = time.perf_counter()
    list(parallel(delayed(runner._play_chunk_in_worker)(prepared.config, piece, plan=plan) for piece in chunks))
    return n / (time.perf_counter() - started)


def parallel_rate(prepared: runner.PreparedRun, n: int, jobs: int) -> float:
    """Games per second on ``jobs`` local worker processes (joblib's loky backend, no files)."""
    from joblib import Parallel

    with Parallel(n_jobs=jobs, backend="loky") as parallel:
        return _timed_chunks(parallel, prepared, n, jobs)


def dask_rate(prepared: runner.PreparedRun, n: int, jobs: int) -> float:
    """Games per second on a local Dask cluster of ``jobs`` single-threaded worker processes."""
    from dask.distributed import Client, LocalCluster
    from joblib import Parallel, parallel_config

    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster), parallel_config(backend="dask"):
            return _timed_chunks(Parallel(), prepared, n, jobs)


def pure_python_rate(config: runner.RunConfig, n: int) -> float:
    """Games per second of the same engine code run as plain Python (``NUMBA_DISABLE_JIT=1``)."""
    code = (
        "import sys, time, json\n"
        "sys.path.append(sys.argv[2])  # the user's folder, for module:function strategies, after the library\n"
        "from simulator.core import runner\n"
        "config = runner.RunConfig(**json.loads(sys.argv[1]))\n"
        "prepared = runner.prepare(config)\n"
        "started = time.perf_counter()\n"
        "runner.play_games(prepared, 0, config.n)\n"
        "print(config.n / (time.perf_counter() - started))\n"
    )
    payload = dict(config.to_json(), n=n, lineup=list(config.lineup), variants=list(config.variants))
    environment = dict(os.environ, NUMBA_DISABLE_JIT="1")
    finished = subprocess.run(
        [sys.executable, "-c", code, json.dumps(payload), os.getcwd()],
        env=environment, capture_output=True, text=True, check=True, cwd=PACKAGE_ROOT,
    )  # fmt: skip
    return float(finished.stdout.strip().splitlines()[-1])


def full_run(config: runner.RunConfig, n: int, jobs: int) -> dict:
    """Time ``islandsim run`` end to end (chunks, Parquet, manifest) and measure its peak memory."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder).resolve() / "run"
        command = [
            sys.executable, "-m", "simulator.cli", "run", "--game", config.game, "--players", str(config.players),
            "--n", str(n), "--seed", str(config.seed), "--jobs", str(jobs), "--out", str(out), "--json",
        ]  # fmt: skip
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, text=True, check=True, cwd=PACKAGE_ROOT)
        seconds = time.perf_counter() - started
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    return {
        "games": n,
        "jobs": jobs,
        "wall_seconds": round(seconds, 2),
        "peak_memory_mib_largest_process": round(max(peak_kib, before) / 1024, 1),
        "results_mib": round(size / 2**20, 1),
    }


def benchmark(config: runner.RunConfig, n: int, python_n: int, run_n: int, jobs: int, dask: bool = False,
              trajectories: bool = False) -> dict:  # fmt: skip
    """All figures of ``islandsim bench`` as a dict (``trajectories``: also the one-core rate while
    recording score trajectories, and its cost)."""
    prepared = runner.prepare(config)
    one_core = engine_rate(prepared, n)
    figures = {
        "game": config.game,
        "players": config.players,
        "lineup": list(prepared.config.lineup),
        "games": n,
        "one_core_games_per_second": round(one_core, 1),
        "records": "rule counters and decision statistics" if records.plan_for(prepared.spec, False).counters else "none",
    }
    if trajectories:
        traced = engine_rate(prepared, n, records.plan_for(prepared.spec, True))
        figures["with_trajectories_games_per_second"] = round(traced, 1)
        figures["trajectories_cost"] = round(1 - traced / one_core, 3)
    if jobs > 1:
        all_cores = parallel_rate(prepared, n * jobs, jobs)
        figures["all_cores_jobs"] = jobs
        figures["all_cores_games_per_second"] = round(all_cores, 1)
        figures["parallel_efficiency"] = round(all_cores / (jobs * one_core), 3)
        if dask:
            on_dask = dask_rate(prepared, n * jobs, jobs)
            figures["dask_games_per_second"] = round(on_dask, 1)
            figures["dask_overhead"] = round(1 - on_dask / all_cores, 3)
    if python_n > 0:
        python_rate = pure_python_rate(prepared.config, python_n)
        figures["pure_python_games"] = python_n
        figures["pure_python_games_per_second"] = round(python_rate, 1)
        figures["speedup_over_pure_python"] = round(one_core / python_rate, 1)
    if run_n > 0:
        figures["full_run"] = full_run(prepared.config, run_n, jobs)
    return figures


def format_benchmark(figures: dict) -> str:
    """The benchmark figures as readable lines."""
    lines = [
        f"{figures['game']}, {figures['players']} players, lineup {', '.join(figures['lineup'])}",
        f"  one core:     {figures['one_core_games_per_second']:>12,.0f} games/s  ({figures['games']:,} games; "
        f"recording {figures['records']})",
    ]
    if "with_trajectories_games_per_second" in figures:
        lines.append(
            f"  + trajectories: {figures['with_trajectories_games_per_second']:>10,.0f} games/s  "
            f"(cost {100 * figures['trajectories_cost']:.1f}% of games/s, engine only)"
        )
    if "all_cores_games_per_second" in figures:
        lines.append(
            f"  {figures['all_cores_jobs']} cores:      {figures['all_cores_games_per_second']:>12,.0f} games/s  "
            f"(parallel efficiency {figures['parallel_efficiency']:.2f})"
        )
    if "dask_games_per_second" in figures:
        lines.append(
            f"  local Dask:   {figures['dask_games_per_second']:>12,.0f} games/s  "
            f"(overhead against local processes {100 * figures['dask_overhead']:.1f}%)"
        )
    if "pure_python_games_per_second" in figures:
        lines.append(
            f"  pure Python:  {figures['pure_python_games_per_second']:>12,.1f} games/s  "
            f"({figures['pure_python_games']:,} games, NUMBA_DISABLE_JIT=1); compiled is "
            f"{figures['speedup_over_pure_python']:,.0f}x faster"
        )
    if "full_run" in figures:
        run = figures["full_run"]
        lines.append(
            f"  islandsim run --n {run['games']:,} --jobs {run['jobs']}: {run['wall_seconds']:.1f} s wall, "
            f"peak memory {run['peak_memory_mib_largest_process']:,.0f} MiB (largest process), "
            f"results {run['results_mib']:,.1f} MiB"
        )
    return "\n".join(lines)
