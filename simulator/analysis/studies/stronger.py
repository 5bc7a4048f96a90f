"""The stronger player of a game at a player count: the search setting a study's stronger-play check
plays when its file says ``confirm_lineup = "strongest"`` (issue 36).

It is chosen from the measured table (``search_strength.json``, written by ``research/ismcts_table.py``
and shown in docs/strategies.md, "Strength and cost per game"): among the search settings measured
against today's tuned default at that player count whose paired win-rate gain is at least
:data:`STRONGER_BY` with its 95% interval clear of 0, the cheapest in CPU per game.  Where none
qualifies (or none was measured on at least :data:`MIN_DEALS` deals), the one with the surest gain
(the highest lower bound) is played and the report says it falls short.
"""

from __future__ import annotations

import json
from pathlib import Path

from simulator.core.engine import registry
from simulator.core.players.strategies import resolve_tuned

SEARCH_STRENGTH_FILE = Path(__file__).with_name("search_strength.json")
"""The search player's measured strength against the tuned default and its cost, per game, player
count and budget (written by ``research/ismcts_table.py``; docs/strategies.md shows the table)."""

STRONGEST = "strongest"
"""The name a study file gives ``confirm_lineup`` for the measured stronger player of each player count."""
STRONGER_BY = 0.05
"""A stronger player worth the name wins at least 5 percentage points more than the tuned default in
the same seat on the same deals (issue 36)."""


def search_strength(game: str, players: int, path: Path = SEARCH_STRENGTH_FILE) -> list[dict]:
    """The measured rows of ``game`` at ``players`` players (none when it was not measured)."""
    if not path.is_file():
        return []
    rows = json.loads(path.read_text())["rows"]
    return [row for row in rows if row["game"] == game and row["players"] == players]


def tuned_default(game: str, players: int) -> str:
    """The game's default strategy with its file tuned at ``players`` players (or untuned where none is)."""
    return resolve_tuned(game, registry.get_game(game).default_strategy + "@tuned", players)


MIN_DEALS = 100
"""A setting qualifies only on a measurement of at least this many deals (fewer are too noisy to choose by)."""


def qualifies(row: dict) -> bool:
    """Whether a measured search setting is a stronger player worth the name."""
    return row["paired_difference"] >= STRONGER_BY and row["ci95_low"] > 0 and row.get("deals", 0) >= MIN_DEALS


def stronger_row(game: str, players: int, path: Path = SEARCH_STRENGTH_FILE) -> dict | None:
    """The measured row :func:`stronger_player` plays (None when nothing was measured against today's
    tuned default at ``players`` players)."""
    rows = [row for row in search_strength(game, players, path) if row["opponent"] == tuned_default(game, players)]
    good = [row for row in rows if qualifies(row)]
    if good:
        return min(good, key=lambda row: row["cpu_s_per_game_every_seat"])
    return max(rows, key=lambda row: row["ci95_low"], default=None)  # the surest gain


def stronger_player(game: str, players: int, path: Path = SEARCH_STRENGTH_FILE) -> str:
    """The strategy name of the stronger player at ``players`` players (the tuned default when no
    search setting was measured there)."""
    row = stronger_row(game, players, path)
    return row["search"] if row is not None else tuned_default(game, players)


def confirm_name(game: str, name: str, players: int) -> str:
    """A name of a study's ``confirm_lineup`` as played at ``players`` players (and as its runs record
    it): ``strongest`` the stronger player (:func:`stronger_player`), ``X@tuned`` X's file tuned at
    that count (``ismcts@tuned+budget=100`` -> ``ismcts@tuned-4p+budget=100``)."""
    return resolve_tuned(game, stronger_player(game, players) if name == STRONGEST else name, players)


GAME_PLAYER_COUNTS = (("loot", (2, 3, 4, 5)), ("sails", (3, 4, 5)), ("skeleton", (2, 3, 4)), ("skirmish", (2, 3, 4)),
                      ("tobago", (2, 3, 4)))  # fmt: skip
"""The cells of the strength table (every game and player count)."""


def strength_table(path: Path = SEARCH_STRENGTH_FILE) -> str:
    """The Markdown table of docs/strategies.md, "Strength and cost per game": per game and player
    count, the stronger player ``confirm_lineup = "strongest"`` plays, its gain over the tuned default
    with its 95% interval, its CPU cost, and whether it is worth the name (+5 pp, clear of 0)."""
    lines = ["| game | players | stronger player (`strongest`) | gain over the tuned default, same seats and deals "
             "| deals | CPU s a game, every seat | +5 pp, clear of 0 |", "|---|---:|---|---|---:|---:|---|"]
    for game, counts in GAME_PLAYER_COUNTS:
        for players in counts:
            row = stronger_row(game, players, path)
            if row is None:
                lines.append(f"| {game} | {players} | the tuned default (no search measured) | | | | no |")
                continue
            lines.append(f"| {game} | {players} | `{row['search']}` | {100 * row['paired_difference']:+.1f} pp "
                         f"[{100 * row['ci95_low']:+.1f}, {100 * row['ci95_high']:+.1f}] | {row['deals']} "
                         f"| {row['cpu_s_per_game_every_seat']:.2f} | {'yes' if qualifies(row) else 'no'} |")
    return "\n".join(lines)
