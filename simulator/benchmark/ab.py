"""The A/B benchmark (``islandsim bench-ab BASE``, ``make bench-ab BASE=<rev>``): CPU time per game
of a base revision against this tree, in alternating processes, with a 95% interval on the ratio.

How it measures, and why:

- The base revision is exported (``git archive``) into a cache folder, ``~/.cache/islandsim-bench-ab/
  <commit>/tree``, with its own numba cache beside it (``.../numba``, given to the base's processes
  as ``ISLANDSIM_CACHE_DIR``): the two revisions never share compiled code, and a second comparison
  against the same base compiles nothing.  An export, not ``git worktree add``, leaves the
  repository's metadata alone (no worktree entry to prune, nothing locked).  The base runs with this
  interpreter and ``PYTHONPATH`` set to its tree; every process reports the package file it
  imported, and a process that imported the wrong tree stops the comparison.
- Each side is first run once, untimed, to compile (or load) its engine and strategies.
- Then ``rounds`` rounds, each one base process then one new process (base, new, base, new, ...):
  a load that comes and goes on a shared machine falls on both sides alike.  A process plays the
  same ``n`` games (fixed seed) ``repeats`` times, each chunk timed in process CPU time
  (``time.process_time``, one core, import and compile excluded); the process's figure is its
  fastest chunk (the one least disturbed by other processes).
- The ratio new/base is the geometric mean of the rounds' paired ratios, and its 95% interval the
  Student t-interval on their logarithms (``exp(mean ± t * sd / sqrt(rounds))``).  Pairing takes
  out the load that both processes of a round share; logs make the interval multiplicative and
  keep a ratio and its inverse symmetric.  ``pyperf`` was not used: it times wall-clock loops in its
  own worker processes and compares two result files as separate samples, while the figure wanted
  here is CPU time of whole engine chunks from two source trees, paired by round; this needs no
  dependency.
- Per-decision figures divide by the decisions the strategies were asked in those games (the
  engine's decision statistics, counted in the untimed run; a revision without them borrows the
  other side's count, marked ``*``: the same games when the rules did not change).

``first_option`` in a lineup is the option-0 strategy (:func:`simulator.benchmark.ab_child.first_option`),
the same on both sides: the engine and its loop alone.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from simulator.core.engine.registry import UsageError
from simulator.core.run.tables import Column, Table, render

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The tree of this islandsim: the new side of a comparison."""
CHILD_SOURCE = Path(__file__).with_name("ab_child.py")
CHILD_MODULE = "islandsim_ab_child"
"""The name the child script is copied under (and imported as, for ``first_option``)."""
FIRST_OPTION = "first_option"
"""The lineup name of the option-0 strategy, translated to the child's ``module:function``."""
BASE = "base"
NEW = "new"
SIDES = (BASE, NEW)
MIN_ROUNDS = 2

T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""The 0.975 quantile of Student's t for 1..30 degrees of freedom (two-sided 95%)."""


def t_quantile_975(degrees: int) -> float:
    """Student's t 0.975 quantile: the table to 30 degrees of freedom, then the Cornish-Fisher
    expansion around the normal quantile (error below 0.001)."""
    if degrees < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if degrees <= len(T_975):
        return T_975[degrees - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * degrees) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * degrees**2)


def ratio_interval(base_values: list[float], new_values: list[float]) -> tuple[float, float, float]:
    """The geometric mean of the paired ratios new/base and its 95% t-interval (on the logs)."""
    if len(base_values) != len(new_values) or len(base_values) < MIN_ROUNDS:
        raise ValueError(f"need at least {MIN_ROUNDS} paired rounds")
    logs = [math.log(new / base) for base, new in zip(base_values, new_values)]
    mean = statistics.fmean(logs)
    half = t_quantile_975(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


@dataclass(frozen=True)
class Side:
    """One revision: its tree, its numba cache (``None``: the user's) and its label."""

    name: str
    label: str
    tree: Path
    cache_dir: Path | None = None


@dataclass(frozen=True)
class Case:
    """One measured setup: a game, its player count and lineup (empty: the game's default)."""

    game: str
    players: int
    lineup: tuple[str, ...] = ()

    def label(self) -> str:
        """The lineup as shown: ``default``, one name for a lineup of one strategy, or the list."""
        if not self.lineup:
            return "default"
        return self.lineup[0] if len(set(self.lineup)) == 1 else ",".join(self.lineup)


@dataclass
class Measurement:
    """What the processes of one case gave: per side, the fastest chunk of each round's process."""

    case: Case
    n: int
    seconds: dict[str, list[float]] = field(default_factory=lambda: {BASE: [], NEW: []})
    decisions: dict[str, int | None] = field(default_factory=dict)


ChildRunner = Callable[[Side, dict], dict]
"""Runs one child process of a side with a request and returns its answer (injectable for tests)."""


def named_default(case: Case) -> Case:
    """``default`` as the game's default strategy named in every seat (untuned): a lineup with no
    names plays the tuned default in this tree (issue 37) and the untuned one in older revisions, so
    an empty lineup would time two different players."""
    if case.lineup:
        return case
    from simulator.core.engine import registry

    try:
        name = registry.get_game(case.game).default_strategy
    except UsageError:  # a game only the child processes know (a test's toy game)
        return case
    return Case(case.game, case.players, (name,) * case.players)


def parse_lineup(text: str, players: int) -> tuple[str, ...]:
    """``--lineup``: ``default`` (the game's), one name for every seat, or one name per seat."""
    if text.strip() == "default":
        return ()
    names = tuple(name.strip() for name in text.split(","))
    if any(not name for name in names):
        raise UsageError(f"--lineup '{text}' has an empty strategy name")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(f"--lineup '{text}' names {len(names)} strategies for {players} players")
    return names


def child_lineup(lineup: tuple[str, ...]) -> list[str]:
    """The lineup as the child gets it (``first_option`` becomes the child's ``module:function``)."""
    return [f"{CHILD_MODULE}:{FIRST_OPTION}" if name == FIRST_OPTION else name for name in lineup]


def resolve_commit(revision: str, repository: Path = PACKAGE_ROOT) -> str:
    """The full commit id of ``revision`` in ``repository``; :class:`UsageError` if there is none."""
    if revision.startswith("-"):
        raise UsageError(f"unknown revision '{revision}'")
    try:
        found = subprocess.run(["git", "-C", str(repository), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                               capture_output=True, text=True)  # fmt: skip
    except OSError as error:
        raise UsageError(f"cannot run git ({error}); bench-ab needs git and a clone of islandsim") from None
    if found.returncode != 0 or not found.stdout.strip():
        raise UsageError(f"unknown revision '{revision}' in {repository} (git rev-parse found no commit)")
    return found.stdout.strip()


def default_cache_root() -> Path:
    """Where base revisions are exported: ``$ISLANDSIM_BENCH_DIR``, else ``~/.cache/islandsim-bench-ab``."""
    configured = os.environ.get("ISLANDSIM_BENCH_DIR")
    return Path(configured) if configured else Path.home() / ".cache" / "islandsim-bench-ab"


def export_revision(commit: str, cache_root: Path, repository: Path = PACKAGE_ROOT) -> Side:
    """The base side: ``commit``'s tree exported once into ``cache_root/<commit>/tree`` (reused when
    complete), with its own numba cache ``cache_root/<commit>/numba``."""
    folder = cache_root / commit
    tree = folder / "tree"
    complete = folder / ".exported"
    if not complete.exists():
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(repository), "archive", "--format=tar", commit],
                                 capture_output=True, check=True).stdout  # fmt: skip
        with tempfile.TemporaryFile() as buffer:
            buffer.write(archive)
            buffer.seek(0)
            with tarfile.open(fileobj=buffer) as tar:
                safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python < 3.10.12 lacks filters
                tar.extractall(tree, **safe)
        complete.write_text(commit + "\n")
    return Side(BASE, commit[:7], tree, folder / "numba")


def run_child(side: Side, request: dict, scratch: Path) -> dict:
    """Run the child script against ``side``'s tree (its ``PYTHONPATH`` and cache) and return its answer;
    a usage error in the child (an unknown game at that revision...) becomes a :class:`UsageError`."""
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(side.tree), os.environ.get("PYTHONPATH", "")]))
    if side.cache_dir is not None:
        environment["ISLANDSIM_CACHE_DIR"] = str(side.cache_dir)
    finished = subprocess.run([sys.executable, str(scratch / f"{CHILD_MODULE}.py"), json.dumps(request)],
                              cwd=scratch, env=environment, capture_output=True, text=True)  # fmt: skip
    lines = finished.stdout.strip().splitlines()
    try:
        answer = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        answer = None
    if isinstance(answer, dict) and "error" in answer:
        raise UsageError(f"{side.name} ({side.label}): {answer['error']}")
    if finished.returncode != 0 or not isinstance(answer, dict):
        last = (finished.stderr.strip().splitlines() or ["no output"])[-1]
        raise UsageError(f"{side.name} ({side.label}) failed to play {request['game']}: {last}")
    imported = Path(answer["simulator"]).resolve()
    if side.tree.resolve() not in imported.parents:
        raise UsageError(f"{side.name} ({side.label}) imported islandsim from {imported}, not from {side.tree}")
    return answer


def compare(cases: list[Case], sides: dict[str, Side], n: int, rounds: int, repeats: int, seed: int,
            child: ChildRunner, say: Callable[[str], None] | None = None,
            game_module: str | None = None) -> list[Measurement]:  # fmt: skip
    """Compile both sides once (untimed, counting decisions), then run ``rounds`` rounds of
    alternating processes (base then new) for every case."""
    measurements = []
    for case in cases:
        request = {"game": case.game, "players": case.players, "lineup": child_lineup(case.lineup), "n": n,
                   "repeats": repeats, "seed": seed, "game_module": game_module}  # fmt: skip
        measurement = Measurement(case, n)
        for name in SIDES:
            if say is not None:
                say(f"{case.game} {case.label()}: compiling {name} ({sides[name].label}), untimed...")
            answer = child(sides[name], dict(request, repeats=0, count_decisions=True))
            measurement.decisions[name] = answer["decisions"]
        for round_index in range(rounds):
            if say is not None:
                say(f"{case.game} {case.label()}: round {round_index + 1} of {rounds}")
            for name in SIDES:
                answer = child(sides[name], dict(request, count_decisions=False))
                measurement.seconds[name].append(min(answer["cpu_seconds"]))
        measurements.append(measurement)
    return measurements


def summarize(measurement: Measurement) -> dict:
    """One row: µs per game per side (median over rounds), the ratio and its interval, and µs per
    decision when the decisions are known."""
    base, new = measurement.seconds[BASE], measurement.seconds[NEW]
    ratio, low, high = ratio_interval(base, new)
    row = {
        "game": measurement.case.game,
        "players": measurement.case.players,
        "lineup": measurement.case.label(),
        "games_per_process": measurement.n,
        "rounds": len(base),
        "base_us_per_game": 1e6 * statistics.median(base) / measurement.n,
        "new_us_per_game": 1e6 * statistics.median(new) / measurement.n,
        "ratio": ratio,
        "ratio_low": low,
        "ratio_high": high,
        "base_us_per_decision": None,
        "new_us_per_decision": None,
        "decisions_borrowed": False,
    }
    counts = measurement.decisions
    for name, other in ((BASE, NEW), (NEW, BASE)):
        decisions = counts.get(name) or counts.get(other)
        if decisions:
            row[f"{name}_us_per_decision"] = row[f"{name}_us_per_game"] * measurement.n / decisions
            row["decisions_borrowed"] |= not counts.get(name)
    return row


def _interval(ratio: float, low: float, high: float) -> str:
    return f"{ratio:.3f} [{low:.3f}, {high:.3f}]"


def _micro(value: float | None) -> str:
    return "n/a" if value is None else (f"{value:,.1f}" if value >= 10 else f"{value:.3f}")


def result_table(rows: list[dict], base_label: str) -> Table:
    """The comparison as a table (one row per game and lineup)."""
    borrowed = lambda value, row_borrowed: _micro(value) + ("*" if row_borrowed and value is not None else "")  # noqa: E731
    columns = [
        Column("game", "game"),
        Column("players", "players"),
        Column("lineup", "lineup"),
        Column("games x rounds", ("games_per_process", "rounds"), lambda n, rounds: f"{n:,} x {rounds}"),
        Column(f"base {base_label} µs/game", "base_us_per_game", _micro),
        Column("new µs/game", "new_us_per_game", _micro),
        Column("new/base [95% interval]", ("ratio", "ratio_low", "ratio_high"), _interval),
        Column("base µs/decision", ("base_us_per_decision", "decisions_borrowed"), borrowed),
        Column("new µs/decision", ("new_us_per_decision", "decisions_borrowed"), borrowed),
    ]
    return Table(columns, rows)


def format_results(rows: list[dict], base_label: str, new_label: str, fmt: str = "text") -> str:
    """The table with the sentences that say what was measured."""
    parts: list[str | Table] = [
        f"A/B: base {base_label} against new {new_label}: process CPU time, fastest of each process's chunks, "
        "median over rounds; ratio = geometric mean of the paired rounds, 95% t-interval",
        result_table(rows, base_label),
    ]
    if any(row["decisions_borrowed"] for row in rows):
        parts.append("* decisions counted on the other side (this revision does not record them)")
    return render(parts, fmt)


def check_options(games: tuple[str, ...], players: int, n: int, rounds: int, repeats: int) -> None:
    """Refuse impossible settings before anything is exported or compiled."""
    if not games:
        raise UsageError("give at least one --game")
    if players < 1:
        raise UsageError(f"--players must be at least 1, not {players}")
    if n < 1:
        raise UsageError(f"--n must be at least 1 game per process, not {n}")
    if rounds < MIN_ROUNDS:
        raise UsageError(f"--rounds must be at least {MIN_ROUNDS} (an interval needs two paired rounds), not {rounds}")
    if repeats < 1:
        raise UsageError(f"--repeats must be at least 1, not {repeats}")


def run_ab(base_revision: str, games: tuple[str, ...], players: int, lineups: tuple[str, ...], n: int, rounds: int,
           repeats: int, seed: int, say: Callable[[str], None] | None = None, cache_root: Path | None = None,
           game_module: str | None = None) -> tuple[list[dict], str]:  # fmt: skip
    """The whole comparison: export the base, compile both sides, alternate, summarize.  Returns
    the rows and the base's short commit id."""
    check_options(games, players, n, rounds, repeats)
    cases = [named_default(Case(game, players, parse_lineup(text, players)))
             for game in games for text in (lineups or ("default",))]  # fmt: skip
    commit = resolve_commit(base_revision)
    base = export_revision(commit, cache_root or default_cache_root())
    sides = {BASE: base, NEW: Side(NEW, "this tree", PACKAGE_ROOT)}
    with tempfile.TemporaryDirectory(prefix="islandsim-ab-") as scratch:
        shutil.copyfile(CHILD_SOURCE, Path(scratch) / f"{CHILD_MODULE}.py")
        child = lambda side, request: run_child(side, request, Path(scratch))  # noqa: E731
        measurements = compare(cases, sides, n, rounds, repeats, seed, child, say, game_module)
    rows = [dict(summarize(measurement), base_revision=commit) for measurement in measurements]
    return rows, base.label
