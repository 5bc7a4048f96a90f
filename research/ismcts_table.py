"""The search player's strength and cost per game, player count and budget, against the tuned default.

For each game and player count, ``ismcts@tuned+budget=B`` (the search with the game's default
settings, its rollouts playing the default heuristic's file tuned at that player count) takes one
seat and the tuned default (``<default>@tuned``) every other, every seat in turn, on the same
deals as the tuned default alone (``research/ismcts_strength.py``: paired per deal, 95%
interval over deals).  Cost: CPU ms per decision the search is asked and CPU s per game with the
search in every seat (the lineup of a study's confirmation), timed on a few further games.

Each measured row is merged into ``SEARCH_STRENGTH_FILE`` (``simulator/analysis/studies/search_strength.json``),
which the confirmation step of studies reads (``stronger.stronger_row``: ``confirm_lineup = "strongest"``), and printed as a
Markdown row for docs/strategies.md:

    PYTHONPATH=$PWD python research/ismcts_table.py --game loot --players 4 --budgets 10,50,200 --deals 50
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ismcts_strength import measure  # noqa: E402

from simulator.analysis.studies.confirm import SEARCH_STRENGTH_FILE  # noqa: E402
from simulator.core.engine.registry import get_game  # noqa: E402


def search_name(budget: int, settings: str = "") -> str:
    """The lineup name measured at ``budget``: the search with the tuned rollouts."""
    return f"ismcts@tuned+budget={budget}{settings}"


def merge(rows: list[dict], path: Path = SEARCH_STRENGTH_FILE) -> None:
    """Write ``rows`` into the data file, replacing rows of the same game, players and search."""
    data = json.loads(path.read_text()) if path.is_file() else {"rows": []}
    keys = {(row["game"], row["players"], row["search"]) for row in rows}
    kept = [row for row in data["rows"] if (row["game"], row["players"], row["search"]) not in keys]
    data["rows"] = sorted(kept + rows, key=lambda row: (row["game"], row["players"], row["budget"], row["search"]))
    path.write_text(json.dumps(data, indent=1) + "\n")


def table_row(row: dict) -> str:
    """One Markdown row of the table in docs/strategies.md."""
    return (f"| {row['game']} | {row['players']} | `{row['search']}` | {row['ms_per_decision']:.2f} "
            f"| {row['cpu_s_per_game_every_seat']:.2f} | {row['games']:,} "
            f"| {100 * row['win_rate']:.1f}% | {100 * row['paired_difference']:+.1f} pts "
            f"[{100 * row['ci95_low']:+.1f}, {100 * row['ci95_high']:+.1f}] |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budgets", default="10,50,200")
    parser.add_argument("--settings", default="", help="more settings after the budget, e.g. +agree=0.25")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=2, help="games timing CPU per decision (one seat)")
    parser.add_argument("--every-seat-games", type=int, default=2, help="games timing CPU per game (every seat)")
    parser.add_argument("--table", action="store_true",
                        help="only print docs/strategies.md's 'Strength and cost per game' table from the data file")
    arguments = parser.parse_args()
    if arguments.table:
        from simulator.analysis.studies.stronger import strength_table

        print(strength_table())
        return
    spec = get_game(arguments.game)
    budgets = [int(text) for text in arguments.budgets.split(",")]
    searches = [search_name(budget, arguments.settings) for budget in budgets]
    result = measure(arguments.game, arguments.players, searches, arguments.deals, arguments.seed,
                     arguments.timing_games, opponent=f"{spec.default_strategy}@tuned",
                     every_seat_games=arguments.every_seat_games)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=HERE).stdout.strip()
    rows = []
    for budget, name, row in zip(budgets, searches, result["rows"]):
        rows.append({
            "game": arguments.game, "players": arguments.players, "search": name, "resolved": row["search"],
            "budget": budget, "opponent": result["heuristic"], "deals": arguments.deals, "seed": arguments.seed,
            "games": row["games"], "win_rate": row["win_rate"],
            "opponent_win_rate_same_seats": row["heuristic_win_rate_same_seats"],
            "paired_difference": row["paired_difference"], "ci95_low": row["ci95_low"], "ci95_high": row["ci95_high"],
            "ms_per_decision": row["ms_per_decision"], "decisions_per_game": row["decisions_per_game"],
            "cpu_s_per_game_every_seat": row["cpu_s_per_game_every_seat"],
            "measured": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "code": commit,
        })
        print(table_row(rows[-1]), flush=True)
    merge(rows)


if __name__ == "__main__":
    main()
