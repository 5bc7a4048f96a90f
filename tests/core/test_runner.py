"""The runner on a real game: reproducible for any jobs and chunk size, honest about bad folders."""

import json

import numpy as np
import polars as pl
import pytest

from simulator.core.store import results
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError

GAME = "sails"


def run_to(tmp_path, name, n=300, jobs=1, chunk_size=100, seed=11, lineup=(), variants=()):
    config = runner.RunConfig(GAME, 4, n, seed, tuple(lineup), tuple(variants), chunk_size)
    out = tmp_path / name
    runner.run(runner.prepare(config), out, jobs)
    return out


def sorted_rows(out):
    _, frame = results.scan_run(out)
    return frame.collect().sort("game", "seat")


def test_results_do_not_depend_on_jobs_or_chunk_size(tmp_path):
    one_job = sorted_rows(run_to(tmp_path, "one", jobs=1, chunk_size=100))
    two_jobs = sorted_rows(run_to(tmp_path, "two", jobs=2, chunk_size=70))
    assert one_job.height == 300 * 4
    assert one_job.equals(two_jobs)


def test_different_seeds_give_different_games(tmp_path):
    first = sorted_rows(run_to(tmp_path, "a", n=50, seed=1))
    second = sorted_rows(run_to(tmp_path, "b", n=50, seed=2))
    assert not first["score"].equals(second["score"])


def test_tidy_rows_and_manifest(tmp_path):
    out = run_to(tmp_path, "run", n=250, chunk_size=100)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert [chunk["games"] for chunk in manifest["chunks"]] == [100, 100, 50]
    assert manifest["game"] == GAME and manifest["players"] == 4 and manifest["n"] == 250
    rows = sorted_rows(out)
    assert rows["game"].unique().sort().to_list() == list(range(250))
    for column in ("game", "seat", "strategy", "score", "rank", "winner", "length"):
        assert column in rows.columns
    assert rows.filter(pl.col("winner") != (pl.col("rank") == 1)).height == 0
    winners_per_game = rows.group_by("game").agg(pl.col("winner").sum())["winner"]
    assert winners_per_game.min() >= 1


def test_damaged_chunk_is_refused(tmp_path):
    out = run_to(tmp_path, "run", n=200)
    chunk = out / "chunks" / "chunk-000001.parquet"
    data = bytearray(chunk.read_bytes())
    data[len(data) // 2] ^= 0xFF
    chunk.write_bytes(bytes(data))
    with pytest.raises(UsageError, match="damaged"):
        results.scan_run(out)


def test_missing_chunk_is_refused(tmp_path):
    out = run_to(tmp_path, "run", n=200)
    (out / "chunks" / "chunk-000000.parquet").unlink()
    with pytest.raises(UsageError, match="missing"):
        results.scan_run(out)


def test_foreign_or_other_version_folders_are_refused(tmp_path):
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("hello")
    with pytest.raises(UsageError, match="not an islandsim run"):
        results.scan_run(foreign)
    out = run_to(tmp_path, "run", n=100)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["schema_version"] = 999
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match="schema 999"):
        results.scan_run(out)
    (out / "manifest.json").write_text("{not json")
    with pytest.raises(UsageError, match="corrupt"):
        results.scan_run(out)


def test_output_folder_holding_something_is_refused(tmp_path):
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    config = runner.RunConfig(GAME, 4, 10, 1)
    with pytest.raises(UsageError, match="already holds other files"):
        runner.run(runner.prepare(config), busy, 1)
    assert [path.name for path in busy.iterdir()] == ["keep.txt"]


def test_default_lineup_is_the_tuned_default_strategy():
    # issue 37: a run without a lineup plays the game's default strategy with the weights tuned for
    # its player count (the players every report uses), and records that name
    prepared = runner.prepare(runner.RunConfig(GAME, 3, 10, 1))
    assert prepared.lineup.names == (f"{prepared.spec.default_strategy}@tuned-3p",) * 3


@pytest.mark.parametrize(
    "config, message",
    [
        (runner.RunConfig("chess", 4, 10, 1), "unknown game 'chess'"),
        (runner.RunConfig(GAME, 2, 10, 1), "not 2"),
        (runner.RunConfig(GAME, 4, 0, 1), "--n must be a number of games from 1 to"),
        (runner.RunConfig(GAME, 4, 10, -1), "--seed"),
        (runner.RunConfig(GAME, 4, 10, 1, ("random",)), "1 strategies given for 4 players"),
        (runner.RunConfig(GAME, 3, 10, 1, ("random", "nope", "random")), "unknown strategy 'nope'"),
        (runner.RunConfig(GAME, 3, 10, 1, (), ("no-such-variant",)), "unknown variant 'no-such-variant'"),
    ],
)
def test_bad_configs_name_the_problem(config, message):
    with pytest.raises(UsageError, match=message):
        runner.prepare(config)


USER_STRATEGIES = '''
from numba import njit

def always_last(state, seat, decision_kind, options, n_options, params, stream):
    return n_options - 1

def out_of_range(state, seat, decision_kind, options, n_options, params, stream):
    return n_options + 5

def does_not_type(state, seat, decision_kind, options, n_options, params, stream):
    return "a string"
'''


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "my_sails_strategies.py").write_text(USER_STRATEGIES)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_sails_strategies"


def test_user_strategy_plays(user_module, tmp_path):
    lineup = (f"{user_module}:always_last", "random", "random", "random")
    out = run_to(tmp_path, "user", n=50, chunk_size=50, lineup=lineup)
    rows = sorted_rows(out)
    assert rows.filter(pl.col("seat") == 1)["strategy"].cast(pl.String).unique().to_list() == [lineup[0]]


def test_user_strategy_with_a_bad_index_is_named(user_module, tmp_path):
    lineup = ("random", f"{user_module}:out_of_range", "random", "random")
    config = runner.RunConfig(GAME, 4, 10, 1, lineup)
    with pytest.raises(runner.StrategyFailure, match=r"strategy '.*out_of_range' \(seat 2\) returned"):  # second in the lineup
        runner.run(runner.prepare(config), tmp_path / "bad", 1)
    assert not (tmp_path / "bad").exists()


def test_user_strategy_that_does_not_compile_is_refused(user_module):
    config = runner.RunConfig(GAME, 3, 10, 1, (f"{user_module}:does_not_type", "random", "random"))
    with pytest.raises(UsageError, match="does not compile"):
        runner.prepare(config)
    config = runner.RunConfig(GAME, 3, 10, 1, (f"{user_module}:missing", "random", "random"))
    with pytest.raises(UsageError, match="has no function 'missing'"):
        runner.prepare(config)


def _leak_threshold() -> int:
    from joblib.externals.loky import process_executor

    return process_executor._MAX_MEMORY_LEAK_SIZE


def test_a_local_worker_keeps_the_compiled_code_of_several_games():
    """loky restarts a worker that grew 300 MB past its first chunk as leaking: compiled code of a few
    games is that much, so a worker of `islandsim skill` was restarted mid-run with a warning."""
    with runner._worker_processes(1) as parallel:
        thresholds = list(parallel([(_leak_threshold, (), {})]))
    assert thresholds == [runner.COMPILED_CODE_GROWTH_BYTES]


def test_a_short_run_is_split_so_that_every_worker_plays():
    assert runner.busy_chunk_size(20_000, 100, 2) == 50  # 100 search games: one chunk per core
    assert runner.busy_chunk_size(5_000, 10_000, 2) == 5_000  # a long run keeps the game's chunk size
    assert runner.busy_chunk_size(5_000, 7, 4) == 2
    assert runner.busy_chunk_size(5_000, 0, 2) == 1


def test_a_short_run_on_two_workers_stores_one_chunk_each(tmp_path):
    out = run_to(tmp_path, "short", n=100, jobs=2, chunk_size=20_000)
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(chunk["games"] for chunk in manifest["chunks"]) == [50, 50]
    assert sorted_rows(out).equals(sorted_rows(run_to(tmp_path, "one", n=100, jobs=1, chunk_size=20_000)))


def _slow_call() -> int:
    import time

    time.sleep(5)
    return 1


def test_a_ctrl_c_python_could_not_raise_stops_the_run_where_it_waits(monkeypatch):
    """A SIGTERM landing in a ctypes callback (numba compiling) is swallowed by Python, which prints
    a traceback: kept quietly, it is raised by the loop that waits for the workers."""
    import sys
    import types

    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    runner.keep_swallowed_stops()
    sys.unraisablehook(types.SimpleNamespace(exc_value=runner.Terminated(), exc_type=runner.Terminated,
                                             exc_traceback=None, err_msg=None, object=None))  # fmt: skip
    with pytest.raises(runner.Terminated):
        with runner._worker_processes(1) as parallel:
            list(parallel([(_slow_call, (), {})]))
    runner.raise_swallowed_stop()  # raised once: nothing left
