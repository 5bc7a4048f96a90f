"""Bad input, command by command and class by class (issue 11): every case ends with exit status
2, exactly one stderr line ``error: ...`` that says what is wrong, no traceback, and nothing
written (the working folder holds exactly what the case put there).

The matrix is ``CASES``: one ``Case`` per (command, class, input).  Most cases use the toy game
of ``tests/analysis/toygame.py`` (plain numpy, instant) and fail before anything is played; the
few that need a real engine (a strategy that breaks the contract while playing) use Sails with a
tiny ``--n``.  To cover a new option, add its cases to the lists below; ``test_matrix_covers``
keeps every class present for every command that has it.

Run in-process through ``simulator.cli.commands.main`` (the console entry point), with the current folder
set to the test's temporary folder.

The classes (``Case.klass``):

- ``number``: counts, seeds, indexes and fractions out of range or not numbers (10**18, 10**30,
  2**63, -1, nan, "ten"), refused by the bounded click types of ``simulator.core.run.limits``;
- ``output-path``: a run folder, run store, report or reports folder that cannot be written
  (``/proc``, under a file, a name too long, a file for a folder and the reverse), refused by
  ``simulator.core.store.paths`` before anything is played, naming the option given;
- ``name``: unknown games, strategies, variants, event cards, formats; impossible player counts;
- ``user-strategy``: ``module:function`` strategies that fail to import (``sys.exit``, an
  exception), do not compile, have a bad ``*_PARAMS``, or break the contract while playing
  (illegal move in a later chunk, an out-of-bounds write: crash, or ``--checked``);
- ``experiment-file``: non-UTF-8, empty ``players`` or ``lineups``, huge ``n``, bad TOML...;
- ``run-folder``: run folders given as input that are missing, foreign or corrupt;
- ``options``: options missing or that do not go together.

Disk full (``OSError(ENOSPC)`` from the Parquet and report writers), ``--jobs`` above the cores,
planning a billion games and Ctrl-C on a strategy that never returns have their own tests below.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import polars as pl
import pytest

from tests.cli_helpers import islandsim
from simulator.core.engine import registry
from simulator.core.run import runner
from tests.toy_fixture import toy_game  # noqa: F401  (autouse: the toy game is registered)

TOY = ["--game", "toy", "--players", "3"]
SAILS = ["--game", "sails", "--players", "3"]
LONG_NAME = "n" * 300
HUGE = str(10**30)
OUT_OF_INT64 = str(2**63)


@dataclass(frozen=True)
class Case:
    command: str
    klass: str
    argv: tuple[str, ...]
    expected: str  # a piece of the error line
    setup: Callable[[Path], None] | None = None
    plays: bool = False  # reaches the worker processes (a few games) before failing
    number: int = 0  # the case's rank among those of its command and class

    @property
    def id(self) -> str:
        return f"{self.command}-{self.klass}-{self.number:02d}"


# ---------------------------------------------------------------- the commands, valid but for one thing

STUDY = 'game = "toy"\nplayers = 3\nn = 10\nseed = 1\nvariants = ["long"]\n'


def _study(text: str = STUDY, name: str = "study.toml"):
    def setup(folder: Path) -> None:
        (folder / name).write_bytes(text.encode() if isinstance(text, str) else text)

    return setup


BASE = {
    "run": ["run", *TOY, "--n", "10", "--seed", "1", "--jobs", "1"],
    "replay": ["replay", *TOY, "--seed", "1"],
    "bench": ["bench", *TOY, "--n", "10", "--python-n", "0", "--jobs", "1"],
    "tournament": ["tournament", *TOY, "--strategies", "strong,weak", "--n", "10", "--seed", "1", "--jobs", "1"],
    "compare": ["compare", *TOY, "--n", "10", "--variant", "long", "--seed", "1", "--jobs", "1"],
    "experiment": ["experiment", "study.toml", "--jobs", "1"],
    "report": ["report", "run", "--out", "r.html"],
    "strategies": ["strategies", "--game", "toy"],
}
BASE_SETUP = {"experiment": _study(), "report": None}  # report's run folder: the ``toy_run`` fixture


def with_option(command: str, option: str, value: str | None = None, base: list[str] | None = None) -> tuple[str, ...]:
    """The command's base arguments with ``option`` set to ``value`` (replaced when present)."""
    argv = list(BASE[command] if base is None else base)
    if value is None:
        return tuple(argv + [option])
    if option in argv:
        argv[argv.index(option) + 1] = value
    else:
        argv += [option, value]
    return tuple(argv)


def without(command: str, *options: str) -> list[str]:
    """The command's base arguments without ``options`` (each with its value)."""
    argv = list(BASE[command])
    for option in options:
        position = argv.index(option)
        del argv[position : position + 2]
    return argv


CASES: list[Case] = []


def add(command, klass, argv, expected, setup=None, plays=False):
    number = sum(case.command == command and case.klass == klass for case in CASES)
    CASES.append(Case(command, klass, tuple(argv), expected, setup or BASE_SETUP.get(command), plays, number))


# ---------------------------------------------------------------- class: numbers out of range

NUMBER_OPTIONS = {
    # option -> values out of range or not numbers
    "run": {"--n": ["0", "-1", str(10**10), str(10**18), HUGE, "ten", "1e3", "1.5"],
            "--seed": ["-1", OUT_OF_INT64, HUGE, "x"], "--jobs": ["0", "-3", "5000", HUGE],
            "--chunk-size": ["-1", str(10**7), HUGE]},
    "replay": {"--seed": ["-1", OUT_OF_INT64, HUGE, "x"], "--game-index": ["-1", str(10**9), HUGE, "x"]},
    "bench": {"--n": ["0", str(10**7), HUGE], "--python-n": ["-1", str(10**7)], "--run-n": ["-1", HUGE],
              "--jobs": ["0", HUGE], "--seed": ["-1", OUT_OF_INT64]},
    "tournament": {"--n": ["0", str(10**18), HUGE, "x"], "--seed": ["-1", OUT_OF_INT64], "--jobs": ["0", HUGE]},
    "compare": {"--n": ["0", str(10**18), HUGE, "x"], "--seed": ["-1", OUT_OF_INT64], "--jobs": ["0", HUGE]},
    "experiment": {"--n": ["0", HUGE, "x"], "--jobs": ["0", HUGE]},
}  # fmt: skip
for command, options in NUMBER_OPTIONS.items():
    for option, values in options.items():
        for value in values:
            add(command, "number", with_option(command, option, value), f"Invalid value for '{option}'")
for value in ["nan", "inf", "0", "0.5", "-1", "x"]:
    add("run", "number", with_option("run", "--target-ci", value), "Invalid value for '--target-ci'")
for value in ["0", HUGE]:
    add("run", "number", with_option("run", "--max-n", value, with_option("run", "--target-ci", "0.01")),
        "Invalid value for '--max-n'")
SEQUENTIAL = with_option("compare", "--sequential")
for option, values in {"--alpha": ["nan", "0", "1", "2"], "--margin": ["nan", "-0.1", "inf"], "--max-n": ["0", HUGE]}.items():
    for value in values:
        add("compare", "number", with_option("compare", option, value, list(SEQUENTIAL)), f"Invalid value for '{option}'")

# ---------------------------------------------------------------- class: output paths that cannot be written


def _file(name: str):
    def setup(folder: Path) -> None:
        (folder / name).write_text("mine")

    return setup


def _then(*setups):
    def setup(folder: Path) -> None:
        for step in setups:
            if step is not None:
                step(folder)

    return setup


FOLDER_PATHS = [  # (value, setup, expected)
    ("/proc/islandsim-out", None, "cannot write in /proc"),
    ("afile/out", _file("afile"), "afile is a file, not a folder"),
    (LONG_NAME, None, "is too long"),
    ("afile", _file("afile"), "afile is a file; give a folder"),
]
FILE_PATHS = [
    ("/proc/islandsim.html", None, "cannot write in /proc"),
    ("afile/r.html", _file("afile"), "afile is a file, not a folder"),
    (LONG_NAME + ".html", None, "is too long"),
    (".", None, "is a folder; give a file name"),
]
for value, setup, expected in FOLDER_PATHS:
    add("run", "output-path", with_option("run", "--out", value), f"--out {value}" if "long" not in expected else expected, setup)
    for command in ("tournament", "compare", "experiment"):
        add(command, "output-path", with_option(command, "--results", value), expected,
            _then(BASE_SETUP.get(command), setup))
    add("experiment", "output-path", with_option("experiment", "--reports-dir", value), expected, _then(_study(), setup))
for value, setup, expected in FILE_PATHS:
    add("report", "output-path", with_option("report", "--out", value), expected, setup)
    for command in ("tournament", "compare"):
        add(command, "output-path", with_option(command, "--report", value), f"--report" if "long" in expected else expected, setup)
    add("experiment", "output-path", with_option("experiment", "--out", value), expected, _then(_study(), setup))
# every message names the option the user gave
add("tournament", "output-path", with_option("tournament", "--report", "."), "--report . is a folder")
add("report", "output-path", with_option("report", "--format", "md", with_option("report", "--out", "r.md")),
    "r_files is a file; give a folder", _file("r_files"))

# ---------------------------------------------------------------- class: unknown names and impossible setups

for command in ("run", "replay", "bench", "tournament", "compare"):
    add(command, "name", with_option(command, "--game", "chess"), "unknown game 'chess'")
    add(command, "name", with_option(command, "--players", "7"), "played by 2, 3, 4 players, not 7")
for command in ("run", "replay", "bench"):
    add(command, "name", with_option(command, "--strategy", "wizard"), "unknown strategy 'wizard'")
    add(command, "name", with_option(command, "--variant", "turbo"), "unknown variant 'turbo'")
    add(command, "name", with_option(command, "--force-event", "Z9"), "unknown event card 'Z9'")
add("tournament", "name", with_option("tournament", "--strategies", "strong,wizard"), "unknown strategy 'wizard'")
add("tournament", "name", with_option("tournament", "--variant", "turbo"), "unknown variant 'turbo'")
add("compare", "name", with_option("compare", "--variant", "turbo"), "unknown variant 'turbo'")
add("compare", "name", with_option("compare", "--force-event", "Z9"), "unknown event card 'Z9'")
add("experiment", "name", BASE["experiment"], "unknown game 'chess'", _study(STUDY.replace('"toy"', '"chess"')))
add("strategies", "name", ["strategies", "--game", "chess"], "unknown game 'chess'")
add("report", "name", with_option("report", "--format", "pdf"), "Invalid value for '--format'")

# ---------------------------------------------------------------- class: user strategies

USER_MODULES = {
    "params_text": 'def decide(state, seat, kind, options, n, params, stream):\n    return 0\nDECIDE_PARAMS = "hello"\n',
    "params_grid": "def decide(state, seat, kind, options, n, params, stream):\n    return 0\nDECIDE_PARAMS = [[1.0, 2.0], [3.0, 4.0]]\n",
    "params_nan": "def decide(state, seat, kind, options, n, params, stream):\n    return 0\nDECIDE_PARAMS = [1.0, float('nan')]\n",
    "exits": "import sys\nsys.exit(3)\n",
    "raises": "raise RuntimeError('broken on purpose')\n",
    "untyped": "def decide(state, seat, kind, options, n, params, stream):\n    return 'a string'\n",
    "no_function": "x = 1\n",
}
USER_EXPECTED = {
    "params_text": "DECIDE_PARAMS must be a flat list of finite numbers (not numbers)",
    "params_grid": "DECIDE_PARAMS must be a flat list of finite numbers (shape (2, 2)",
    "params_nan": "DECIDE_PARAMS must be a flat list of finite numbers (it holds nan",
    "exits": "(it called sys.exit(3))",
    "raises": "(RuntimeError: broken on purpose)",
    "untyped": "does not compile with the decision signature",
    "no_function": "has no function 'decide'",
}


def _user_module(kind: str, command: str):
    name = f"user_{kind}_{command}"

    def setup(folder: Path) -> None:
        (folder / f"{name}.py").write_text(USER_MODULES[kind])
        sys.modules.pop(name, None)

    return name, setup


for kind in USER_MODULES:
    for command in ("run", "replay", "bench", "tournament", "compare", "experiment"):
        module, setup = _user_module(kind, command)
        reference = f"{module}:decide"
        if command == "tournament":
            argv = with_option(command, "--strategies", f"strong,{reference}")
        elif command == "experiment":
            argv = [*BASE[command], "--allow-strategy-modules"]
            setup = _then(setup, _study(STUDY + f'lineups = [["strong", "{reference}"]]\n'))
        else:
            argv = [*BASE[command], "--strategy", reference, "--strategy", "weak", "--strategy", "weak"]
        add(command, "user-strategy", argv, USER_EXPECTED[kind], setup)
add("run", "user-strategy", with_option("run", "--lineup", "no_such_module:decide,weak,weak"),
    "cannot import module 'no_such_module'")
add("run", "user-strategy", with_option("run", "--strategy", "module_without_function"), "unknown strategy")

# strategies that break the contract while playing (a real engine: Sails, a handful of games)
PLAYING = '''
import numpy as np
from simulator.core.engine.rng import random_below

def sometimes_illegal(state, seat, kind, options, n_options, params, stream):
    if random_below(stream, 400) == 0:
        return -1
    return 0

def always_illegal(state, seat, kind, options, n_options, params, stream):
    return n_options

def writes_far_away(state, seat, kind, options, n_options, params, stream):
    scratch = np.zeros(4, dtype=np.int64)
    scratch[seat + 400_000_000] = 1
    return 0
'''


def _playing_module(folder: Path) -> None:
    (folder / "playing.py").write_text(PLAYING)
    sys.modules.pop("playing", None)


SAILS_RUN = ["run", *SAILS, "--seed", "3", "--jobs", "1", "--out", "later", "--strategy", "random", "--strategy", "random"]
add("run", "user-strategy", SAILS_RUN + ["--strategy", "playing:sometimes_illegal", "--n", "60", "--chunk-size", "4"],
    "strategy 'playing:sometimes_illegal' (seat 3) returned -1", _playing_module, plays=True)
add("run", "user-strategy", SAILS_RUN + ["--strategy", "playing:writes_far_away", "--n", "10", "--checked"],
    "an index out of bounds (index is out of bounds) in strategy 'playing:writes_far_away'", _playing_module, plays=True)
add("run", "user-strategy", SAILS_RUN + ["--strategy", "playing:writes_far_away", "--n", "10"],
    "most likely strategy 'playing:writes_far_away' reading or writing outside an array; run again with --checked",
    _playing_module, plays=True)
add("replay", "user-strategy", ["replay", *SAILS, "--seed", "3", "--strategy", "playing:always_illegal",
                                "--strategy", "random", "--strategy", "random"],
    "strategy 'playing:always_illegal' (seat 1) returned", _playing_module, plays=True)  # fmt: skip

# ---------------------------------------------------------------- class: experiment files

EXPERIMENT_FILES = [
    (b'game = "toy"\nplayers = 3\nn = 10\nseed = 1\ntitle = "caf\xe9"\n', "line 5: not UTF-8 text (byte 0xe9)"),
    (STUDY.replace("players = 3", "players = []"), "line 2: 'players' must be player count, or a list of them, not an empty list"),
    (STUDY + "lineups = []\n", "line 6: 'lineups' is empty"),
    (STUDY.replace("n = 10", f"n = {10**18}"), "line 3: 'n' must be a number of games from 1 to 1,000,000,000"),
    (STUDY.replace("n = 10", "n = 0"), "line 3: 'n' must be a number of games"),
    (STUDY.replace("n = 10", "n = 1.5"), "line 3: 'n' must be games per run"),
    (STUDY.replace("seed = 1", f"seed = {2**63 - 1}").replace("seed", "seed", 1) + "chunk_size = 99999999\n",
     "'chunk_size' must be games per chunk (optional, 1 to 1,000,000)"),
    (STUDY.replace("seed = 1", "seed = -1"), "line 4: 'seed' must be between 0 and 2^63-1"),
    (STUDY + "lineups = [[\"strong\", \"weak\", \"plain\", \"strong\"]]\n", "has more strategies than the 3 seats"),
    (STUDY + "players = 4\n", "not valid TOML"),
    (STUDY + "colour = 1\n", "unknown key 'colour'"),
]
for text, expected in EXPERIMENT_FILES:
    add("experiment", "experiment-file", BASE["experiment"], expected, _study(text))
add("experiment", "experiment-file", ["experiment", "missing.toml"], "experiment file missing.toml does not exist")
add("experiment", "experiment-file", ["experiment", "study.toml", "other.toml", "--out", "r.html"],
    "--out names one report", _then(_study(), _study(name="other.toml")))

# ---------------------------------------------------------------- class: run folders given as input


def _not_a_run(folder: Path) -> None:
    (folder / "run").mkdir(exist_ok=True)
    (folder / "run" / "notes.txt").write_text("mine")


def _corrupt_run(folder: Path) -> None:
    (folder / "run").mkdir(exist_ok=True)
    (folder / "run" / "manifest.json").write_text("{ not json")


RUN_FOLDERS = [(None, "run folder run does not exist"), (_not_a_run, "run is not an islandsim run folder"),
               (_corrupt_run, "manifest.json is corrupt")]  # fmt: skip
for setup, expected in RUN_FOLDERS:
    add("report", "run-folder", BASE["report"], expected, setup)
    add("compare", "run-folder", ["compare", "run", "run"], expected, setup)
    add("run", "run-folder", ["run", "--resume", "run"], expected, setup)
add("compare", "run-folder", ["compare", "run"], "give a baseline run folder and at least one other", _not_a_run)

# ---------------------------------------------------------------- class: options that do not go together

add("run", "options", ["run", *TOY, "--jobs", "1"], "missing option --n")
add("run", "options", ["run", "--players", "3", "--n", "10"], "missing option --game")
add("run", "options", ["run", "--resume", "run", "--game", "toy"], "--resume takes the configuration from the run folder")
add("replay", "options", without("replay", "--seed"), "missing option --seed (or give a results folder")
add("bench", "options", without("bench", "--game"), "Missing option '--game'")
add("tournament", "options", with_option("tournament", "--strategies", "strong"), "at least two strategies")
add("tournament", "options", with_option("tournament", "--strategies", "strong,strong"), "strategy listed twice")
add("compare", "options", without("compare", "--variant"), "nothing to compare")
add("compare", "options", ["compare", "run", "run", "--game", "toy"], "give either run folders or --game")
add("compare", "options", list(SEQUENTIAL) + ["--variant", "cosmetic-b"],
    "--sequential compares a baseline with one setup")
add("experiment", "options", ["experiment"], "Missing argument 'FILES...'")
add("report", "options", ["report", "run"], "Missing option '--out'")
add("strategies", "options", ["strategies"], "Missing option '--game'")
add("run", "options", with_option("run", "--frobnicate", "1"), "No such option '--frobnicate'")


# ---------------------------------------------------------------- running the matrix




@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    """A complete toy run folder (copied into a case's folder as ``run`` when the case needs one)."""
    registry.GAME_MODULES["toy"] = "tests.analysis.toygame"
    try:
        out = tmp_path_factory.mktemp("toy-run") / "run"
        runner.run(runner.prepare(runner.RunConfig("toy", 3, 300, 1, chunk_size=100)), out, jobs=1)
    finally:
        registry.GAME_MODULES.pop("toy", None)
        registry._loaded.pop("toy", None)
    return out




def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (with its bytes) and folder under ``folder``, bytecode caches left out."""
    found = {}
    for path in folder.rglob("*"):
        if "__pycache__" in path.parts:
            continue
        found[str(path.relative_to(folder))] = path.read_bytes() if path.is_file() else None
    return found


def assert_one_error_line(status: int, err: str, expected: str) -> None:
    lines = err.splitlines()
    assert status == 2, err
    assert "Traceback" not in err
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert expected in lines[0], err


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input(case: Case, capsys, tmp_path, monkeypatch, toy_run):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    if case.command == "report" and case.klass != "run-folder":
        shutil.copytree(toy_run, tmp_path / "run")
    if case.setup is not None:
        case.setup(tmp_path)
    before = snapshot(tmp_path)
    status, out, err = islandsim(capsys, *case.argv)
    if case.plays:  # the compile notice may come first on a fresh install; the error is still last and alone
        err = "".join(line + "\n" for line in err.splitlines() if not line.startswith("compiling the"))
    assert_one_error_line(status, err, case.expected)
    assert snapshot(tmp_path) == before  # nothing written, nothing changed


COMMANDS_WITH = {
    "number": {"run", "replay", "bench", "tournament", "compare", "experiment"},
    "output-path": {"run", "report", "tournament", "compare", "experiment"},
    "name": {"run", "replay", "bench", "tournament", "compare", "experiment", "strategies", "report"},
    "user-strategy": {"run", "replay", "bench", "tournament", "compare", "experiment"},
    "experiment-file": {"experiment"},
    "run-folder": {"run", "report", "compare"},
    "options": {"run", "replay", "bench", "tournament", "compare", "experiment", "report", "strategies"},
}


def test_matrix_covers_every_class_for_every_command():
    present = Counter((case.command, case.klass) for case in CASES)
    missing = [(command, klass) for klass, commands in COMMANDS_WITH.items() for command in commands
               if not present[(command, klass)]]  # fmt: skip
    assert not missing
    assert len(CASES) > 150
    assert len({case.id for case in CASES}) == len(CASES)


# ---------------------------------------------------------------- disk full, jobs above the cores, Ctrl-C


def _disk_fills_after(monkeypatch, chunks_written: int) -> None:
    """Parquet writes succeed ``chunks_written`` times, then fail as on a full disk (half a file written)."""
    real_write = pl.DataFrame.write_parquet
    calls = {"count": 0}

    def write_parquet(frame, path, *args, **kwargs):
        calls["count"] += 1
        if calls["count"] > chunks_written:
            Path(path).write_bytes(b"PAR1 half")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real_write(frame, path, *args, **kwargs)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", write_parquet)


@pytest.mark.parametrize("command", ["run", "tournament", "compare", "experiment"])
def test_disk_full_before_the_first_chunk_leaves_nothing(command, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if BASE_SETUP.get(command):
        BASE_SETUP[command](tmp_path)
    argv = with_option("run", "--out", "out") if command == "run" else BASE[command]
    _disk_fills_after(monkeypatch, 0)
    before = snapshot(tmp_path)
    status, out, err = islandsim(capsys, *argv)
    # studies say which run they play before playing it; the error is the one last line
    assert_one_error_line(status, err.splitlines()[-1], "No space left on device")
    assert "Traceback" not in err and sum(line.startswith("error:") for line in err.splitlines()) == 1
    assert set(snapshot(tmp_path)) - set(before) <= {"results", "results/store"}  # at most the empty store folder


def test_disk_full_mid_run_keeps_finished_chunks_and_resume_completes(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _disk_fills_after(monkeypatch, 2)
    status, out, err = islandsim(capsys, *with_option("run", "--out", "out", with_option("run", "--chunk-size", "3")))
    assert_one_error_line(status, err, "(No space left on device")
    assert "complete it with: islandsim run --resume out" in err
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["status"] == "failed" and len(manifest["chunks"]) == 2
    assert not list(tmp_path.rglob("*.partial"))
    assert sorted(path.name for path in (tmp_path / "out" / "chunks").iterdir()) == [
        Path(chunk["file"]).name for chunk in manifest["chunks"]
    ]
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
    status, out, err = islandsim(capsys, "run", "--resume", "out", "--jobs", "1", "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 10


def test_disk_full_while_writing_a_report_leaves_no_file(capsys, tmp_path, monkeypatch, toy_run):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(toy_run, tmp_path / "run")
    real_write_text = Path.write_text

    def write_text(path, text, *args, **kwargs):
        if path.name.startswith("r.html"):
            real_write_text(path, text[:10], *args, **kwargs)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real_write_text(path, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    before = snapshot(tmp_path)
    status, out, err = islandsim(capsys, *BASE["report"])
    assert_one_error_line(status, err, "No space left on device")
    assert snapshot(tmp_path) == before


def test_a_new_run_stopped_by_an_illegal_move_in_a_later_chunk_is_removed(capsys, tmp_path, monkeypatch):
    """The strategy's chunks are not kept (README: nothing is written); see also the matrix case."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    _playing_module(tmp_path)
    status, out, err = islandsim(capsys, *SAILS_RUN, "--strategy", "playing:sometimes_illegal", "--n", "60",
                                 "--chunk-size", "4")  # fmt: skip
    assert status == 2 and "returned -1" in err
    assert not (tmp_path / "later").exists()


def test_jobs_above_the_cores_are_lowered_with_a_warning(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = islandsim(capsys, *with_option("run", "--jobs", "4096"), "--out", "out", "--json")
    assert status == 0, err
    cores = runner.default_jobs()
    assert f"warning: --jobs 4096 is more than the {cores} cores of this machine; using {cores}" in err
    assert json.loads((tmp_path / "out" / "manifest.json").read_text())["jobs"] == cores


def test_planning_is_proportional_to_the_chunks_not_the_games():
    done = [{"first_game": 0, "games": 20_000}, {"first_game": 60_000, "games": 20_000}]
    plan = runner.plan_missing_chunks(done, 10**9, 20_000, 2)
    assert len(plan) == 10**9 // 20_000 - 2
    assert plan[:2] == [(2, 20_000, 20_000), (3, 40_000, 20_000)] and plan[2] == (4, 80_000, 20_000)
    assert plan[-1] == (len(plan) + 1, 10**9 - 20_000, 20_000)


LOOPING = "def forever(state, seat, kind, options, n_options, params, stream):\n    i = 0\n    while i >= 0:\n        i = (i + 1) % 7\n    return 0\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_run_whose_strategy_never_returns(tmp_path, jobs):
    (tmp_path / "looping.py").write_text(LOOPING)
    command = [sys.executable, "-m", "simulator.cli", "run", *SAILS, "--n", "20", "--seed", "1", "--jobs", jobs,
               "--out", "out", "--strategy", "looping:forever", "--strategy", "random", "--strategy", "random"]
    repository = Path(__file__).resolve().parents[2]  # this checkout's simulator, whatever is installed
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(repository), os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers = []
    try:
        # the strategy is compiled once prepared; the worker then loops in it for ever
        deadline = time.time() + 300
        while time.time() < deadline and not workers:
            workers = _playing_workers(process.pid)
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)  # the strategy never returns: only the fix makes this end
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "interrupted before the first chunk was stored: nothing was written"
    assert not (tmp_path / "out").exists()
    time.sleep(1)
    assert workers and not [pid for pid in workers if _alive(pid)]  # the looping worker was killed too


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    try:
        listing = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(child) for child in listing.split()]


def _playing_workers(pid: int) -> list[int]:
    """The loky workers of ``pid`` that have used 3 s of CPU (past their imports: in the play loop)."""
    playing = []
    for child in _children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as stream:
                if b"LokyProcess" in stream.read():
                    with open(f"/proc/{child}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                    if int(fields[11]) + int(fields[12]) > 300:  # clock ticks of user + system time
                        playing.append(child)
        except OSError:
            continue
    return playing
