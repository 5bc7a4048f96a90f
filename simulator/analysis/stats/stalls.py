"""Stalled games, one convention (``GameSpec.stall_cap``): the share of games a stall cap stopped.

A capped game has no winner in every game.  Its share, with a Wilson 95% interval, goes into
every run summary (``simulator.core.run.summary``), ``compare``, ``tournament`` and report, from
:func:`capped_rate`.  A game whose rules end every game has no cap: its rate is 0 and the
sentence says why (``GameSpec.length_bound``).
"""

from __future__ import annotations

import polars as pl

from simulator.analysis.stats.runs import Run
from simulator.core.engine.registry import UsageError, get_game
from simulator.core.run.summary import capped_line, wilson_interval


def capped_rate(runs: list[Run]) -> dict:
    """Capped games over every game of ``runs`` (one game of one run = one trial): ``capped_games``,
    ``games``, ``capped_rate`` with ``capped_rate_low`` / ``capped_rate_high``, ``stall_cap`` and
    ``length_bound`` (the game's declaration)."""
    games = 0
    capped = 0
    for run in runs:
        games += int(run.manifest["n"])
        if "capped" in run.manifest["game_columns"]:
            capped += int(run.rows.group_by("game").agg(pl.col("capped").first()).select(pl.col("capped").sum())
                          .collect().item() or 0)  # fmt: skip
    low, high = wilson_interval(capped, games)
    stall_cap, length_bound = _declaration(runs[0].manifest["game"]) if runs else ("", "")
    return {"capped_games": capped, "games": games, "capped_rate": capped / games if games else 0.0,
            "capped_rate_low": low, "capped_rate_high": high, "stall_cap": stall_cap, "length_bound": length_bound}  # fmt: skip


def capped_sentence(runs: list[Run]) -> str:
    """One line: the capped share with its interval and what the cap is, or why there is none."""
    return capped_line_of(capped_rate(runs))


def capped_line_of(rate: dict) -> str:
    """:func:`capped_sentence` of a :func:`capped_rate` already computed, with the count of capped
    games when there are any (1 of 20,000 games would read 0.0% [0.0%, 0.0%] otherwise)."""
    line = capped_line(rate)
    if rate.get("capped_games"):
        line += f" ({rate['capped_games']:,} of {rate['games']:,} games)"
    return line


def _declaration(game_id: str) -> tuple[str, str]:
    try:
        spec = get_game(game_id)
    except UsageError:
        return "", ""
    return spec.stall_cap, spec.length_bound
