"""Long work survives interruption (issue 27): ``tune``, ``ladder`` and ``experiment`` stopped part-way
by Ctrl-C (SIGINT) or killed outright (SIGKILL) in a real process, then continued, give exactly what
an uninterrupted command gives; what was finished is never played again."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simulator.core.store import results
from simulator.core.run import runner
from tests.cli_helpers import islandsim
from tests.toy_fixture import skill_toy  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[2]


def start(arguments, cwd: Path) -> subprocess.Popen:
    """``islandsim ARGUMENTS`` (toy games registered) as a separate process in ``cwd``, leading its own
    process group, as a command typed in a terminal does (its worker processes join that group)."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "tests.analysis.toy_cli", *map(str, arguments)], cwd=cwd,
                            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # fmt: skip


def wait_until(condition, process: subprocess.Popen, timeout: float = 240) -> None:
    """Poll ``condition`` until it holds; fail if the process ends first (it finished too soon to be stopped)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        if process.poll() is not None:
            pytest.fail(f"the process ended before it could be stopped: {process.communicate()[1]}")
        time.sleep(0.02)
    process.kill()
    pytest.fail("the process made no progress in time")


def interrupt(process: subprocess.Popen) -> tuple[int, list[str]]:
    """Ctrl-C as a terminal sends it: SIGINT to every process of the command's group (its workers
    too); the exit status and the stderr lines."""
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    return process.returncode, stderr.splitlines()


def kill(process: subprocess.Popen) -> None:
    """kill -9 of the command and its workers (a power cut, the OOM killer): killing the parent alone
    leaves its workers holding its output pipes until they notice, which took over 60 s under load."""
    os.killpg(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)


# ---------------------------------------------------------------- tune

TUNE = ["tune", "--game", "toy", "--players", 3, "--strategy", "plain", "--budget", 48_000, "--deals", 500,
        "--popsize", 4, "--validate-deals", 300, "--seed", 5, "--jobs", 1, "--out", "plain-tuned.toml", "--quiet"]  # fmt: skip


def state_path(out: Path) -> Path:
    """Where tune keeps the search state of ``out`` (docs/running.md)."""
    return out.with_name(out.name + ".state.json")


def generations_saved(state: Path) -> int:
    try:
        return len(json.loads(state.read_text())["generations"])
    except (OSError, ValueError, KeyError):
        return 0


def without_wall_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("wall_seconds"))


def test_tune_stopped_then_killed_resumes_to_the_parameter_file_of_an_uninterrupted_search(tmp_path, capsys, monkeypatch):
    reference_folder, folder = tmp_path / "reference", tmp_path / "stopped"
    reference_folder.mkdir(), folder.mkdir()
    monkeypatch.chdir(reference_folder)
    status, _, stderr = islandsim(capsys, *TUNE)
    assert status == 0, stderr
    reference = (reference_folder / "plain-tuned.toml").read_text()
    assert not state_path(reference_folder / "plain-tuned.toml").exists()  # a finished search leaves no state

    state = state_path(folder / "plain-tuned.toml")
    process = start(TUNE, folder)
    wait_until(lambda: generations_saved(state) >= 2, process)
    status, lines = interrupt(process)
    kept = generations_saved(state)
    assert status == 130 and len(lines) == 1, lines
    assert lines[0].startswith(f"interrupted: kept the search state after generation {kept}, in plain-tuned.toml.state.json")
    assert lines[0].endswith("continue with: islandsim tune " + " ".join(map(str, TUNE[1:])) + " --resume")

    monkeypatch.chdir(folder)
    status, _, stderr = islandsim(capsys, *TUNE)  # the state is not overwritten by a new search
    assert status == 2 and "holds an unfinished search: continue it with --resume" in stderr

    process = start(TUNE + ["--resume"], folder)
    wait_until(lambda: generations_saved(state) > kept, process)
    kill(process)  # kill -9: loses at most the generation in progress
    assert generations_saved(state) > kept

    status, _, stderr = islandsim(capsys, *TUNE, "--resume")
    assert status == 0, stderr
    assert without_wall_time((folder / "plain-tuned.toml").read_text()) == without_wall_time(reference)
    assert not state.exists()


def test_a_damaged_or_foreign_tune_state_gets_one_error_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    state = state_path(tmp_path / "plain-tuned.toml")
    for content, message in [
        (b"\xff\xfe not json", "is not a readable state file"),
        (b"[1, 2", "is not a readable state file"),
        (b'{"format": "something else"}', "is not an islandsim tune state"),
        (json.dumps({"format": "islandsim tune state", "version": 7}).encode(), "has state version 7"),
        (json.dumps({"format": "islandsim tune state", "version": 1, "settings": {}}).encode(), "is of another search"),
    ]:
        state.write_bytes(content)
        status, stdout, stderr = islandsim(capsys, *TUNE, "--resume")
        assert status == 2 and stdout == "" and len(stderr.strip().splitlines()) == 1, stderr
        assert stderr.startswith("error: tune state") and message in stderr, stderr
    state.unlink()
    status, _, stderr = islandsim(capsys, *TUNE, "--resume")
    assert status == 2 and "nothing was kept; run the command without --resume" in stderr


def test_an_edited_state_does_not_replay(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from simulator.analysis.studies import tune as tune_module

    calls = []
    real = tune_module.win_rates_per_deal

    def stop_after_two(*arguments, **keywords):
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*arguments, **keywords)

    monkeypatch.setattr(tune_module, "win_rates_per_deal", stop_after_two)
    status, _, stderr = islandsim(capsys, *TUNE)
    assert status == 130 and "after generation 2" in stderr
    state = state_path(tmp_path / "plain-tuned.toml")
    data = json.loads(state.read_text())
    data["generations"][1]["candidates"][0][0] += 0.5
    state.write_text(json.dumps(data))
    monkeypatch.setattr(tune_module, "win_rates_per_deal", real)
    status, _, stderr = islandsim(capsys, *TUNE, "--resume")
    assert status == 2 and "generation 2's candidates are not this search's" in stderr


# ---------------------------------------------------------------- ladder

def ladder_arguments(store: Path) -> list:
    return ["ladder", "--game", "toy", "--players", 3, "--strategies", "weak,plain,strong", "--n", 30_000,
            "--bootstrap", 20, "--jobs", 1, "--chunk-size", 1_000, "--json", "--quiet", "--results", store]  # fmt: skip


def manifests(store: Path) -> dict[str, dict]:
    found = {}
    for folder in sorted(store.glob("toy-*")) if store.exists() else []:
        try:
            found[folder.name] = results.read_manifest(folder)
        except Exception:
            continue
    return found


def chunk_files(store: Path) -> dict[str, int]:
    """Every stored chunk file and its modification time (ns): a chunk played again gets a new one."""
    return {str(path.relative_to(store)): path.stat().st_mtime_ns for path in store.glob("*/chunks/chunk-*.parquet")}


def test_ladder_killed_and_stopped_resumes_from_its_finished_runs_and_reuses_them(tmp_path, capsys, monkeypatch):
    status, reference, stderr = islandsim(capsys, *ladder_arguments(tmp_path / "reference-store"))
    assert status == 0, stderr

    store = tmp_path / "store"
    process = start(ladder_arguments(store), tmp_path)
    wait_until(lambda: any(m["status"] == "complete" for m in manifests(store).values())
               and any(m["status"] == "running" and m["chunks"] for m in manifests(store).values()), process)
    kill(process)
    finished = chunk_files(store)
    assert finished

    process = start(ladder_arguments(store), tmp_path)
    wait_until(lambda: len(chunk_files(store)) > len(finished) + 2, process)
    status, lines = interrupt(process)
    assert status == 130 and len(lines) == 1, lines
    assert re.match(rf"interrupted: kept \d+ finished runs? in {re.escape(str(store))}, and the finished chunks of the "
                    "run in progress; continue with: ", lines[0]), lines[0]
    assert lines[0].endswith("continue with: islandsim " + " ".join(map(str, ladder_arguments(store))))

    status, resumed, stderr = islandsim(capsys, *ladder_arguments(store))
    assert status == 0, stderr
    assert json.loads(resumed) == json.loads(reference)
    after = chunk_files(store)
    assert all(after[name] == stamp for name, stamp in finished.items())  # nothing finished was played again

    def no_game(*arguments, **keywords):
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner, "run", no_game)  # the same ladder asked again plays no game
    status, again, stderr = islandsim(capsys, *ladder_arguments(store))
    assert status == 0, stderr
    assert json.loads(again) == json.loads(reference)


def test_stored_and_in_memory_ladders_play_the_same_games(tmp_path):
    from simulator.analysis.studies import ladder
    from simulator.analysis.studies.matches import Table

    in_memory = ladder.play_ladder(Table("toy", 3, 4, jobs=1), ["weak", "strong"], 300, 0)
    stored = ladder.play_ladder(Table("toy", 3, 4, jobs=1, store=tmp_path / "store"), ["weak", "strong"], 300, 0)
    assert (in_memory.per_deal == stored.per_deal).all()
    assert len(list((tmp_path / "store").iterdir())) == in_memory.lineups


# ---------------------------------------------------------------- experiment

STUDY = """title = "toy study"
game = "toy"
players = 2
n = 20000
seed = 3
chunk_size = 250
lineups = [["weak", "strong"]]
variants = ["seat2-bonus"]
"""


def experiment_arguments(tmp_path: Path, name: str) -> list:
    return ["experiment", tmp_path / "study.toml", "--results", tmp_path / f"{name}-store", "--reports-dir",
            tmp_path / f"{name}-reports", "--jobs", 2, "--quiet"]  # fmt: skip


def rows(folder: Path):
    return results.scan_run(folder)[1].collect().sort("game", "seat")


def test_experiment_killed_in_the_middle_of_a_run_resumes_without_replaying_finished_chunks(tmp_path, capsys):
    from simulator.analysis.studies import experiment

    (tmp_path / "study.toml").write_text(STUDY)
    experiment.run_experiment(experiment.load_experiment(tmp_path / "study.toml"), tmp_path / "reference-store", 1)
    store = tmp_path / "stopped-store"

    def in_the_middle_of_a_run() -> bool:
        return any(manifest["status"] == "running" and len(list((store / name / "chunks").glob("chunk-*"))) >= 3
                   for name, manifest in manifests(store).items())  # fmt: skip

    process = start(experiment_arguments(tmp_path, "stopped"), tmp_path)
    wait_until(in_the_middle_of_a_run, process)
    kill(process)
    stopped_in = [name for name, manifest in manifests(store).items() if manifest["status"] == "running"]
    assert stopped_in
    finished = chunk_files(store)

    process = start(experiment_arguments(tmp_path, "stopped"), tmp_path)
    wait_until(lambda: len(chunk_files(store)) > len(finished) + 2, process)
    status, lines = interrupt(process)  # the workers get the Ctrl-C too, as in a terminal: they must stay silent
    again = "islandsim " + " ".join(map(str, experiment_arguments(tmp_path, "stopped")))
    assert status == 130 and len(lines) == 1, lines
    said = re.fullmatch(rf"interrupted: kept (\d+) of (\d+) runs complete in {re.escape(str(store))}, and the finished "
                        rf"chunks of the run in progress; continue with: {re.escape(again)}", lines[0])  # fmt: skip
    assert said, lines[0]
    kept, runs = int(said[1]), int(said[2])
    assert kept < runs == len(manifests(tmp_path / "reference-store"))  # every run of the study, null setup included

    status, _, stderr = islandsim(capsys, *experiment_arguments(tmp_path, "stopped"))
    assert status == 0, stderr
    after = chunk_files(store)
    assert all(after[name] == stamp for name, stamp in finished.items())  # finished chunks were not played again
    reference = manifests(tmp_path / "reference-store")
    assert set(manifests(store)) == set(reference)
    for name in reference:
        assert rows(store / name).equals(rows(tmp_path / "reference-store" / name)), name
    assert (tmp_path / "stopped-reports" / "study.html").exists()


def test_sigterm_is_handled_as_ctrl_c(tmp_path):
    # ten times the games of the other ladder tests: the whole ladder of those takes under 2 s, and on a loaded
    # CI machine it once finished between its first chunk file and the signal
    arguments = ladder_arguments(tmp_path / "store")
    arguments[arguments.index("--n") + 1] = 300_000
    process = start(arguments, tmp_path)
    wait_until(lambda: bool(chunk_files(tmp_path / "store")), process)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 143
    assert stderr.strip().startswith("interrupted: kept ") and len(stderr.strip().splitlines()) == 1


def test_a_skill_panel_asked_again_plays_no_game(skill_toy, tmp_path, capsys, monkeypatch):
    arguments = ["skill", "--game", "skilltoy", "--players", 2, "--strategies", "perfect,random", "--n", 40,
                 "--replays", 3, "--bootstrap", 10, "--jobs", 1, "--json", "--quiet", "--results", tmp_path / "store"]  # fmt: skip
    status, first, stderr = islandsim(capsys, *arguments)
    assert status == 0, stderr
    # the ladder's 2 lineups, 2 rotations against randoms, 2 against the default, 2 x 3 replays
    assert len(list((tmp_path / "store").iterdir())) == 12

    def no_game(*arguments, **keywords):
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner, "run", no_game)
    status, again, stderr = islandsim(capsys, *arguments)
    assert status == 0, stderr
    assert json.loads(again) == json.loads(first)


# ---------------------------------------------------------------- tournament, compare and every other command

PLAY_RUN = runner.run

def stop_at_run(monkeypatch, number: int, stop: type[KeyboardInterrupt] = KeyboardInterrupt) -> list[Path]:
    """The ``number``-th run a command plays is stopped as it starts (``stop``: Ctrl-C, or SIGTERM as
    :class:`runner.Terminated`); the folders of the runs played before it."""
    played: list[Path] = []

    def run(prepared, out_dir, *arguments, **keywords):
        if len(played) + 1 == number:
            raise stop()
        played.append(Path(out_dir))
        return PLAY_RUN(prepared, out_dir, *arguments, **keywords)

    monkeypatch.setattr(runner, "run", run)
    return played


def count_runs(monkeypatch) -> list[Path]:
    """The folders of the runs played from now on (none stopped)."""
    return stop_at_run(monkeypatch, 0)


STORE_LINE = (r"interrupted: kept (\d+) of (\d+) runs complete in {store}, and the finished chunks of the run in progress; "
              r"continue with: (islandsim .*)")  # fmt: skip


def continued(line: str, store: Path) -> list[str]:
    """The arguments of the command an interruption line says continues the work (``islandsim`` left out)."""
    match = re.fullmatch(STORE_LINE.format(store=re.escape(str(store))), line)
    assert match, line
    return shlex.split(match.group(3))[1:]


TOURNAMENT = ["tournament", "--game", "toy", "--players", 3, "--strategies", "weak,plain,strong", "--n", 600,
              "--jobs", 1, "--json", "--quiet"]  # fmt: skip


def rounded(value, digits: int = 10):
    """``value`` (JSON data) with every float to ``digits`` significant digits: sums over the same games
    may differ in their last bits with the order the table engine adds them in."""
    if isinstance(value, float):
        return float(f"{value:.{digits}g}")
    if isinstance(value, dict):
        return {key: rounded(item, digits) for key, item in value.items()}
    if isinstance(value, list):
        return [rounded(item, digits) for item in value]
    return value


def ranking_and_meetings(stdout: str) -> dict:
    """A tournament's printed JSON without the paths of its runs (they depend on the store)."""
    printed = json.loads(stdout)
    return rounded({key: printed[key] for key in ("ranking", "head_to_head", "capped")})


def same_games(store: Path, reference: Path) -> None:
    """The two stores hold the same runs, game for game."""
    assert set(manifests(store)) == set(manifests(reference))
    for name in manifests(reference):
        assert rows(store / name).equals(rows(reference / name)), name


def test_a_tournament_stopped_keeps_its_finished_runs_and_continues_with_the_seed_it_drew(tmp_path, capsys, monkeypatch):
    store = tmp_path / "store"
    played = stop_at_run(monkeypatch, 2)
    status, stdout, stderr = islandsim(capsys, *TOURNAMENT, "--results", store)  # no --seed: a random one is drawn
    assert status == 130 and stdout == "" and len(stderr.splitlines()) == 1, stderr
    again = continued(stderr.strip(), store)
    assert stderr.startswith("interrupted: kept 1 of 3 runs complete") and len(played) == 1
    assert again[:-2] == list(map(str, TOURNAMENT)) + ["--results", str(store)] and again[-2] == "--seed"

    played = count_runs(monkeypatch)
    status, resumed, stderr = islandsim(capsys, *again)
    assert status == 0, stderr
    assert len(played) == 2  # the finished run is reused, not played again
    status, reference, stderr = islandsim(capsys, *TOURNAMENT, "--seed", again[-1], "--results", tmp_path / "reference")
    assert status == 0, stderr
    same_games(store, tmp_path / "reference")
    assert ranking_and_meetings(resumed) == ranking_and_meetings(reference)


COMPARE = ["compare", "--game", "toy", "--players", 3, "--n", 600, "--variant", "seat2-bonus", "--variant", "long",
           "--seed", 4, "--jobs", 1, "--json", "--quiet"]  # fmt: skip


def test_a_comparison_stopped_by_sigterm_keeps_its_finished_runs(tmp_path, capsys, monkeypatch):
    store = tmp_path / "store"
    stop_at_run(monkeypatch, 3, runner.Terminated)
    status, stdout, stderr = islandsim(capsys, *COMPARE, "--results", store)
    assert status == 143 and stdout == "" and len(stderr.splitlines()) == 1, stderr
    assert stderr.startswith("interrupted: kept 2 of 3 runs complete")
    assert continued(stderr.strip(), store) == list(map(str, COMPARE)) + ["--results", str(store)]  # its seed was given

    played = count_runs(monkeypatch)
    status, resumed, stderr = islandsim(capsys, *COMPARE, "--results", store)
    assert status == 0, stderr
    assert len(played) == 1
    status, reference, stderr = islandsim(capsys, *COMPARE, "--results", tmp_path / "reference")
    assert status == 0, stderr
    same_games(store, tmp_path / "reference")
    assert rounded(json.loads(resumed)) == rounded(json.loads(reference))


SEQUENTIAL = ["compare", "--sequential", "--game", "toy", "--players", 2, "--n", 400, "--variant", "cosmetic-a",
              "--max-n", 2_000, "--jobs", 1, "--json", "--quiet"]  # fmt: skip


def test_a_sequential_comparison_stopped_continues_to_the_same_verdict(tmp_path, capsys, monkeypatch):
    store = tmp_path / "store"
    stop_at_run(monkeypatch, 4)  # in the second step, after its baseline games
    status, stdout, stderr = islandsim(capsys, *SEQUENTIAL, "--results", store)
    assert status == 130 and stdout == "" and len(stderr.splitlines()) == 1, stderr
    match = re.fullmatch(rf"interrupted: kept the paired games played so far, in {re.escape(str(store))}/sequential-"
                         r"\S+ and \S+; continue with: (islandsim .* --seed \d+)", stderr.strip())  # fmt: skip
    assert match, stderr
    again = shlex.split(match.group(1))[1:]
    finished = chunk_files(store)

    count_runs(monkeypatch)
    status, resumed, stderr = islandsim(capsys, *again)
    assert status == 0, stderr
    after = chunk_files(store)
    assert all(after[name] == stamp for name, stamp in finished.items())  # the steps played are read back
    status, reference, stderr = islandsim(capsys, *again[:-4], "--results", tmp_path / "reference", *again[-2:])
    assert status == 0, stderr
    assert json.loads(resumed) == json.loads(reference)


def test_a_command_that_keeps_nothing_says_so_in_one_line(play, tmp_path, capsys, monkeypatch):
    from simulator.core.store import export

    run = play("run", n=600)

    def stopped(*arguments, **keywords):
        raise KeyboardInterrupt

    monkeypatch.setattr(export, "export_run", stopped)
    status, stdout, stderr = islandsim(capsys, "export", run, "--out", tmp_path / "rows.csv")
    assert status == 130 and stdout == ""
    assert stderr == f"interrupted: nothing was kept; start again with: islandsim export {run} --out {tmp_path / 'rows.csv'}\n"


def test_a_tournament_stopped_by_ctrl_c_in_a_terminal_says_one_line(tmp_path, capsys):
    store = tmp_path / "store"
    arguments = ["tournament", "--game", "toy", "--players", 3, "--strategies", "weak,plain,strong", "--n", 40_000,
                 "--jobs", 2, "--json", "--quiet", "--results", store]  # fmt: skip
    process = start(arguments, tmp_path)
    wait_until(lambda: any(m["status"] == "complete" for m in manifests(store).values())
               and any(m["status"] == "running" and m["chunks"] for m in manifests(store).values()), process)
    status, lines = interrupt(process)
    assert status == 130 and len(lines) == 1, lines
    again = continued(lines[0], store)
    assert again[-2] == "--seed"
    status, resumed, stderr = islandsim(capsys, *again)
    assert status == 0, stderr
    reference_store = ["--results", str(tmp_path / "reference")]
    status, reference, stderr = islandsim(capsys, *again[:-4], *reference_store, *again[-2:])
    assert status == 0, stderr
    same_games(store, tmp_path / "reference")
    assert ranking_and_meetings(resumed) == ranking_and_meetings(reference)



def test_the_resource_trackers_started_by_a_command_keep_their_shutdown_warnings_to_themselves(monkeypatch):
    # a stopped `tune` printed four more lines after its one: loky's resource tracker warning at shutdown
    # "resource_tracker: /dev/shm/...: FileNotFoundError" about a folder the stop had already removed
    import subprocess
    import sys

    from simulator.cli import commands

    monkeypatch.setattr(sys, "warnoptions", [])
    commands._quiet_resource_trackers()
    flags = subprocess._args_from_interpreter_flags()  # what loky and multiprocessing start their trackers with
    assert "-W" + commands.RESOURCE_TRACKER_WARNINGS in flags
    code = "import warnings; warnings.warn('resource_tracker: /dev/shm/x: FileNotFoundError'); warnings.warn('kept')"
    shown = subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True).stderr
    assert "resource_tracker" not in shown and "kept" in shown
