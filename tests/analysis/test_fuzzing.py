"""Fuzzing every file islandsim reads (issue 27): experiment files, parameter files, Skirmish board
files and run manifests, generated both as structured data (TOML / JSON of plausible and
implausible keys and values) and as bytes (random, and random edits of a good file).

Each input drives the command that reads it, in this process (``islandsim`` through click's
``CliRunner`` isolation).  Every input must give success, or one ``error: ...`` line and exit
status 2: never a traceback, and never a file written outside the command's output folder.

The number of examples is the hypothesis profile's: ``dev`` (the default, about 30 s in all for
``make test``) or ``long`` (``HYPOTHESIS_PROFILE=long``, which ``make test-slow`` sets: ten times
more examples; docs/running.md, "Fuzzing").
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from simulator.cli import commands as cli_module
from simulator.core.engine import registry
from simulator.core.run import runner

ROOT = Path(__file__).resolve().parents[2]
BOARD = (ROOT / "simulator" / "games" / "skirmish" / "data" / "board.txt").read_bytes()
EXAMPLES = 10 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 1
"""Examples per test: the numbers below, ten times as many under ``HYPOTHESIS_PROFILE=long``."""
QUICK_PHASES = (Phase.explicit, Phase.generate)
"""``make test`` generates a fixed set of inputs (derandomized) and does not shrink a failure (which can take
minutes when a valid input plays games); the long setting shrinks."""


def fuzz(examples: int):
    """Hypothesis settings of a fuzzing test: ``examples`` under the default profile, ten times as many
    under ``long``; no deadline (a valid input plays games)."""
    quick = EXAMPLES == 1
    return settings(max_examples=examples * EXAMPLES, deadline=None, derandomize=quick, database=None if quick else
                    settings.default.database, phases=QUICK_PHASES if quick else tuple(Phase),
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip


def files_under(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


@contextmanager
def workspace():
    """A fresh current folder for one input (a relative path written by mistake lands in it, and is
    seen)."""
    folder = Path(tempfile.mkdtemp(prefix="islandsim-fuzz-"))
    previous = os.getcwd()
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(previous)
        shutil.rmtree(folder, ignore_errors=True)


def islandsim(*arguments) -> tuple[int, str, str]:
    """``islandsim ARGUMENTS`` in this process, through click's CliRunner isolation; an exception other than
    the command's exit escapes (a traceback is a failure of the test)."""
    with CliRunner().isolation() as (stdout, stderr, _):
        try:
            cli_module.main([str(argument) for argument in arguments])
            status = 0
        except SystemExit as exit_request:
            status = exit_request.code
    return status, stdout.getvalue().decode("utf-8", "replace"), stderr.getvalue().decode("utf-8", "replace")


def check_answer(folder: Path, before: set[str], allowed: tuple[str, ...], *arguments) -> int:
    """Run the command; assert success or one error line (exit 2) and that nothing was written in
    ``folder`` outside ``allowed`` (nor in the repository); return the exit status."""
    status, stdout, stderr = islandsim(*arguments)
    assert status in (0, 2), (status, stderr)
    if status == 2:
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), stderr
        assert "Traceback" not in stderr
    written = {name for name in files_under(folder) - before if not name.startswith(allowed)}
    assert not written, f"written outside the output folder: {sorted(written)}"
    return status


# ---------------------------------------------------------------- generated TOML

def toml_key(key: str) -> str:
    return key if key and all(ch.isalnum() or ch in "_-" for ch in key) and key.isascii() else json.dumps(key)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{" + ", ".join(f"{toml_key(key)} = {toml_value(item)}" for key, item in value.items()) + "}"


def toml_text(data: dict) -> str:
    return "".join(f"{toml_key(key)} = {toml_value(value)}\n" for key, value in data.items())


scalars = st.one_of(st.integers(-(2**70), 2**70), st.integers(-3, 12), st.booleans(), st.text(max_size=12),
                    st.floats(allow_nan=True, allow_infinity=True))  # fmt: skip
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=8)  # fmt: skip
toy_names = st.sampled_from(["weak", "plain", "strong", "random", "nobody", "", "plain@x.toml", "os:system",
                             "plain+depth=3"])  # fmt: skip


def edited(good: bytes) -> st.SearchStrategy[bytes]:
    """``good`` with a few random bytes replaced, inserted or deleted."""

    @st.composite
    def edit(draw):
        data = bytearray(good)
        for _ in range(draw(st.integers(1, 4))):
            position = draw(st.integers(0, max(0, len(data) - 1)))
            action = draw(st.sampled_from(["replace", "insert", "delete"]))
            byte = draw(st.integers(0, 255))
            if action == "replace" and data:
                data[position] = byte
            elif action == "insert":
                data.insert(position, byte)
            elif data:
                del data[position]
        return bytes(data)

    return edit()


# ---------------------------------------------------------------- experiment files

GOOD_STUDY = """title = "fuzzed"
game = "toy"
players = 2
n = 5
seed = 1
lineups = [["weak", "strong"]]
variants = ["seat2-bonus"]
"""

known_keys = st.fixed_dictionaries(
    {"game": st.one_of(st.just("toy"), values), "players": st.one_of(st.sampled_from([2, 3, [2, 3], 7, 0]), values),
     "n": st.one_of(st.integers(1, 6), values), "seed": st.one_of(st.integers(0, 5), values)},
    optional={"lineups": st.one_of(st.lists(st.lists(toy_names, max_size=3), max_size=2), values),
              "variants": st.one_of(st.lists(st.sampled_from(["seat2-bonus", "cosmetic-a", "nope", "long+long"]),
                                             max_size=2), values),
              "force_events": st.one_of(st.lists(st.sampled_from(["A1", "B1", "Z9"]), max_size=2), values),
              "rotate": values, "chunk_size": values, "title": values, "question": values, "trajectories": values},
)  # fmt: skip
experiment_data = st.tuples(known_keys, st.dictionaries(st.text(max_size=8), values, max_size=2)).map(
    lambda parts: {**parts[1], **parts[0]})
"""Experiment files: the known keys with plausible or arbitrary values, and sometimes unknown keys."""


def drive_experiment(content: bytes) -> None:
    with workspace() as folder:
        (folder / "study.toml").write_bytes(content)
        before = files_under(folder)
        check_answer(folder, before, ("store", "reports"), "experiment", folder / "study.toml", "--results",
                     folder / "store", "--reports-dir", folder / "reports", "--jobs", 1, "--quiet")  # fmt: skip


@fuzz(12)
@given(experiment_data)
def test_generated_experiment_files(data):
    drive_experiment(toml_text(data).encode("utf-8"))


@fuzz(12)
@given(st.one_of(st.binary(max_size=200), edited(GOOD_STUDY.encode())))
def test_experiment_files_as_bytes(content):
    drive_experiment(content)


# ---------------------------------------------------------------- parameter files

parameter_data = st.fixed_dictionaries(
    {"game": st.one_of(st.just("toy"), values), "strategy": st.one_of(st.just("plain"), values),
     "params": st.one_of(st.lists(st.floats(allow_nan=True, allow_infinity=True), max_size=3), values)},
    optional={"players": values, "tuning": st.dictionaries(st.text(max_size=6), scalars, max_size=3)},
)  # fmt: skip


def drive_parameter_file(content: bytes) -> None:
    with workspace() as folder:
        (folder / "weights.toml").write_bytes(content)
        before = files_under(folder)
        check_answer(folder, before, ("out",), "run", "--game", "toy", "--players", 3, "--lineup",
                     "plain@weights.toml,plain,plain", "--n", 3, "--seed", 1, "--jobs", 1, "--out", folder / "out",
                     "--json", "--quiet")  # fmt: skip


@fuzz(15)
@given(parameter_data)
def test_generated_parameter_files(data):
    drive_parameter_file(toml_text(data).encode("utf-8"))


@fuzz(15)
@given(st.one_of(st.binary(max_size=120), edited(b'game = "toy"\nstrategy = "plain"\nparams = [2.5]\n')))
def test_parameter_files_as_bytes(content):
    drive_parameter_file(content)


# ---------------------------------------------------------------- Skirmish board files

@st.composite
def boards(draw) -> str:
    rows = draw(st.integers(1, 8))
    columns = draw(st.integers(1, 10))
    grid = ["".join(draw(st.lists(st.sampled_from("~.AX#"), min_size=columns, max_size=columns))) for _ in range(rows)]
    squares = st.tuples(st.integers(-1, rows), st.integers(-1, columns))
    docks = draw(st.lists(squares, max_size=5))
    lines = grid + ["docks: " + " ".join(f"({r},{c})" for r, c in docks)]
    if draw(st.booleans()):
        lines.append("anchors: " + " ".join(f"({r},{c})" for r, c in draw(st.lists(squares, max_size=6))))
    return "\n".join(lines) + "\n"


def drive_board(content: bytes) -> None:
    with workspace() as folder:
        (folder / "board.txt").write_bytes(content)
        before = files_under(folder)
        check_answer(folder, before, ("out",), "run", "--game", "skirmish", "--players", 2, "--variant",
                     f"board={folder / 'board.txt'}", "--n", 1, "--seed", 1, "--jobs", 1, "--out", folder / "out",
                     "--json", "--quiet")  # fmt: skip


@fuzz(15)
@given(boards())
def test_generated_skirmish_boards(text):
    drive_board(text.encode("utf-8"))


@fuzz(15)
@given(st.one_of(st.binary(max_size=200), edited(BOARD)))
def test_skirmish_boards_as_bytes(content):
    drive_board(content)


# ---------------------------------------------------------------- run manifests

@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    """A complete run of the toy game (three chunks) to damage."""
    folder = tmp_path_factory.mktemp("run") / "run"
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
        runner.run(runner.prepare(runner.RunConfig("toy", 3, 30, 7, chunk_size=10)), folder, 1)
    return folder


def json_edits(manifest: dict) -> st.SearchStrategy[dict]:
    """The manifest with one to three of its entries (top level, or inside a chunk) replaced or removed."""
    paths = [(key,) for key in manifest] + [("chunks", index, key) for index, chunk in enumerate(manifest["chunks"])
                                           for key in chunk]  # fmt: skip

    @st.composite
    def edit(draw):
        data = json.loads(json.dumps(manifest))
        for _ in range(draw(st.integers(1, 3))):
            path = draw(st.sampled_from(paths))
            target = data
            for step in path[:-1]:
                target = target[step] if isinstance(target, (dict, list)) and (isinstance(target, dict) and step in target or isinstance(target, list) and step < len(target)) else None
                if target is None:
                    break
            if isinstance(target, dict):
                if draw(st.booleans()):
                    target[path[-1]] = draw(values)
                else:
                    target.pop(path[-1], None)
        return data

    return edit()


def drive_manifest(run_folder: Path, content: bytes) -> None:
    with workspace() as folder:
        damaged = folder / "run"
        shutil.copytree(run_folder, damaged)
        (damaged / "manifest.json").write_bytes(content)
        before = files_under(folder)
        check_answer(folder, before, ("out.csv",), "export", damaged, "--out", folder / "out.csv")
        status = check_answer(folder, files_under(folder), ("run/",), "run", "--resume", damaged, "--jobs", 1, "--json",
                              "--quiet")  # fmt: skip
        assume(status in (0, 2))


def test_generated_manifests(toy_run, toy_game):
    manifest = json.loads((toy_run / "manifest.json").read_text())

    @fuzz(15)
    @given(json_edits(manifest))
    def check(data):
        drive_manifest(toy_run, json.dumps(data).encode("utf-8"))

    check()


def test_manifests_as_bytes(toy_run, toy_game):
    good = (toy_run / "manifest.json").read_bytes()

    @fuzz(15)
    @given(st.one_of(st.binary(max_size=200), edited(good)))
    def check(content):
        drive_manifest(toy_run, content)

    check()


# ---------------------------------------------------------------- rules files and component CSVs (--rules)

GOOD_RULES = b'seat2_start_points = 3\nbase_length = {2 = 6, 3 = 7}\nbonus_table = "bonus.csv"\n'
GOOD_TABLE = b"seat,points\n1,2\n3,-1\n"
rules_data = st.fixed_dictionaries(
    {},
    optional={"seat2_start_points": st.one_of(st.integers(-30, 30), values), "base_length": values,
              "bonus_table": st.one_of(st.just("bonus.csv"), st.just("missing.csv"), values), "rules": values},
).flatmap(lambda known: st.dictionaries(st.text(max_size=8), values, max_size=2).map(lambda extra: {**extra, **known}))
"""Rules files: the toy game's settings with plausible or arbitrary values, and sometimes unknown names."""


def drive_rules_file(rules: bytes, table: bytes = GOOD_TABLE) -> None:
    with workspace() as folder:
        (folder / "rules.toml").write_bytes(rules)
        (folder / "bonus.csv").write_bytes(table)
        before = files_under(folder)
        check_answer(folder, before, ("out",), "run", "--game", "toy", "--players", 3, "--rules", folder / "rules.toml",
                     "--n", 3, "--seed", 1, "--jobs", 1, "--out", folder / "out", "--json", "--quiet")  # fmt: skip


@fuzz(15)
@given(rules_data)
def test_generated_rules_files(data):
    drive_rules_file(toml_text(data).encode("utf-8"))


@fuzz(15)
@given(st.one_of(st.binary(max_size=120), edited(GOOD_RULES)))
def test_rules_files_as_bytes(content):
    drive_rules_file(content)


@fuzz(15)
@given(st.one_of(st.binary(max_size=120), edited(GOOD_TABLE),
                 st.lists(st.lists(st.one_of(st.text(max_size=4), st.integers(-50, 50).map(str)), max_size=3),
                          max_size=4).map(lambda rows: "\n".join(",".join(row) for row in rows).encode("utf-8"))))
def test_component_csv_files(content):
    drive_rules_file(GOOD_RULES, content)


def test_the_good_rules_file_plays():
    with workspace() as folder:
        (folder / "rules.toml").write_bytes(GOOD_RULES)
        (folder / "bonus.csv").write_bytes(GOOD_TABLE)
        assert check_answer(folder, files_under(folder), ("out",), "run", "--game", "toy", "--players", 3, "--rules",
                            folder / "rules.toml", "--n", 3, "--seed", 1, "--jobs", 1, "--out", folder / "out",
                            "--quiet") == 0  # fmt: skip
