"""The README's speed table: one row per game from ``islandsim bench --row FILE``, printed by
``islandsim bench-table FILE`` (``make bench`` does both).

A row holds what ``islandsim bench`` measured (one core, all cores, pure Python, a full
``islandsim run``) and, with ``--ismcts-n``, the CPU cost per decision of the search player
``ismcts`` (default settings) in every seat, with the date, the machine's cores and its load
averages before and after, so that the table says once under which conditions it was made.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import time
from pathlib import Path

from simulator.core.store import records
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.core.run.tables import Column, Table, render

SEARCH_PLAYER = "ismcts"


def ismcts_cost(config: runner.RunConfig, games: int) -> dict:
    """CPU µs per decision of ``ismcts`` (its default settings) in every seat over ``games`` games
    (process CPU time, after an untimed warm-up game; decisions = those a strategy was asked)."""
    search = runner.RunConfig(config.game, config.players, games, config.seed, (SEARCH_PLAYER,) * config.players,
                              config.variants)  # fmt: skip
    prepared = runner.prepare(search)
    missing = records.records_missing_reason(prepared.spec)
    if missing is not None:
        raise UsageError(f"--ismcts-n: {missing}")
    plan = records.RecordPlan(counters=True)
    runner.play_games_recording(prepared, 0, 1, plan)  # compile or load the search player: not timed
    started = time.process_time()
    _, _, recorded = runner.play_games_recording(prepared, 0, games, plan)
    seconds = time.process_time() - started
    decisions = int(recorded.decision_stats[:, :, 0].sum())
    from simulator.core.players import ismcts

    return {
        "games": games,
        "budget": ismcts.DEFAULT_BUDGET,
        "decisions": decisions,
        "cpu_seconds": round(seconds, 3),
        "cpu_us_per_decision": round(1e6 * seconds / max(decisions, 1), 1),
    }


def format_ismcts(cost: dict) -> str:
    """The search player's cost as one line of ``islandsim bench``."""
    return (f"  ismcts (budget {cost['budget']}) in every seat: {cost['cpu_us_per_decision'] / 1000:,.1f} ms CPU per "
            f"decision ({cost['decisions']:,} decisions in {cost['games']} games, {cost['cpu_seconds']:.1f} CPU-s)")  # fmt: skip


def processor_name() -> str:
    """The processor's model name (Linux's /proc/cpuinfo), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_conditions() -> dict:
    """When and where: UTC time, cores, processor, load averages (1, 5, 15 minutes)."""
    load = [round(value, 2) for value in os.getloadavg()] if hasattr(os, "getloadavg") else None
    return {
        "utc": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M"),
        "cores": os.cpu_count(),
        "processor": processor_name(),
        "load_average": load,
    }


def append_row(path: Path, figures: dict, started: dict) -> None:
    """Add one game's figures, with the conditions at its start and end, to ``path`` (JSON lines)."""
    row = dict(figures, started=started, ended=machine_conditions())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as file:
        file.write(json.dumps(row) + "\n")


def read_rows(path: Path) -> list[dict]:
    """The rows of ``path``, the last one of each game kept, in the order the games first appear."""
    try:
        lines = Path(path).read_text().splitlines()
    except FileNotFoundError:
        raise UsageError(f"{path} does not exist: make it with islandsim bench --row {path}") from None
    rows: dict[str, dict] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rows[row["game"]] = row
        except (json.JSONDecodeError, KeyError, TypeError):
            raise UsageError(f"{path}, line {number}: not a row of islandsim bench --row") from None
    if not rows:
        raise UsageError(f"{path} holds no rows")
    return list(rows.values())


def _games_per_second(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f} games/s"


def _all_cores(row: dict) -> str:
    if "all_cores_games_per_second" not in row:
        return "n/a"
    return (f"{row['all_cores_games_per_second']:,.0f} games/s ({row['all_cores_jobs']} cores, "
            f"efficiency {row['parallel_efficiency']:.2f})")  # fmt: skip


def _pure_python(row: dict) -> str:
    if "speedup_over_pure_python" not in row:
        return "n/a"
    return f"{row['speedup_over_pure_python']:,.0f}× slower ({row['pure_python_games_per_second']:,.1f} games/s)"


def _full_run(row: dict) -> str:
    run = row.get("full_run")
    if not run:
        return "n/a"
    return (f"{run['games']:,} games: {run['wall_seconds']:,.1f} s wall, peak "
            f"{run['peak_memory_mib_largest_process']:,.0f} MiB ({run['jobs']} jobs)")  # fmt: skip


def _search(row: dict) -> str:
    cost = row.get("ismcts")
    if not cost:
        return "n/a"
    return f"{cost['cpu_us_per_decision'] / 1000:,.1f} ms (budget {cost['budget']}; {cost['decisions']:,} decisions)"


def speed_table(rows: list[dict]) -> Table:
    """The README's table: one row per game."""
    shown = [
        {
            "game": f"`{row['game']}` (`{row['lineup'][0]}`)" if len(set(row["lineup"])) == 1 else f"`{row['game']}`",
            "one_core": _games_per_second(row.get("one_core_games_per_second")),
            "all_cores": _all_cores(row),
            "pure_python": _pure_python(row),
            "full_run": _full_run(row),
            "search": _search(row),
        }
        for row in rows
    ]
    columns = [
        Column("game (strategy)", "game"),
        Column("one core", "one_core"),
        Column("all cores", "all_cores"),
        Column("pure Python", "pure_python"),
        Column("full `islandsim run`", "full_run"),
        Column("`ismcts` CPU per decision", "search"),
    ]
    return Table(columns, shown)


def conditions_sentence(rows: list[dict]) -> str:
    """When, on what, and how loaded (the range of the 1-minute load average over the rows' starts and ends)."""
    first, last = rows[0]["started"], rows[-1]["ended"]
    loads = [row[when]["load_average"][0] for row in rows for when in ("started", "ended") if row[when]["load_average"]]
    load = f", load average (1 min) {min(loads):.1f} to {max(loads):.1f}" if loads else ""
    players = sorted({row["players"] for row in rows})
    end = last["utc"][11:] if last["utc"][:10] == first["utc"][:10] else last["utc"]
    return (f"`make bench` ({', '.join(map(str, players))} players), {first['utc']} to {end} UTC, "
            f"{first['cores']} cores ({first['processor']}){load}.")  # fmt: skip


def format_speed_table(rows: list[dict], fmt: str = "md") -> str:
    """The sentence of conditions and the table."""
    return render([conditions_sentence(rows), speed_table(rows)], fmt)
