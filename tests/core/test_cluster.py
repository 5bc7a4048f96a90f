"""A real dask.distributed cluster on this machine gives the same rows as a local run."""

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simulator.core.store import results
from simulator.core.run import runner

pytest.importorskip("distributed")


@pytest.fixture
def cluster(tmp_path):
    scheduler_file = tmp_path / "scheduler.json"
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    scheduler = subprocess.Popen(
        [*dask, "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(scheduler_file)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    worker = None
    try:
        deadline = time.time() + 60
        while not scheduler_file.exists() and time.time() < deadline:
            time.sleep(0.2)
        assert scheduler_file.exists(), "the Dask scheduler did not start"
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file),
             "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=Path(__file__).parents[2],
        )  # fmt: skip
        import json

        address = json.loads(scheduler_file.read_text())["address"]
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)


def test_dask_run_equals_local_run(cluster, tmp_path):
    config = runner.RunConfig("sails", 4, 3000, 99, chunk_size=400)
    runner.run(runner.prepare(config), tmp_path / "local", 1)
    finished = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "run", "--game", "sails", "--players", "4", "--n", "3000",
         "--seed", "99", "--chunk-size", "400", "--scheduler", cluster, "--out", str(tmp_path / "dask"), "--json"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    local = results.scan_run(tmp_path / "local")[1].collect().sort("game", "seat")
    distributed = results.scan_run(tmp_path / "dask")[1].collect().sort("game", "seat")
    assert local.equals(distributed)


def test_unreachable_scheduler_is_one_line(tmp_path):
    finished = subprocess.run(
        [sys.executable, "-m", "simulator.cli", "run", "--game", "sails", "--players", "4", "--n", "100",
         "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path / "x")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert finished.returncode == 2
    assert finished.stderr.strip().startswith("error: cannot reach the Dask scheduler")
    assert not (tmp_path / "x").exists()
