"""The players section of a study report: which strategies its findings were measured with,
where they stand on the game's strength ladder, and the game's skill-versus-luck panel.

``islandsim skill --report DIR/players.html`` (``make players-report``) also writes one JSON
file per game, ``DIR/players/<game>.json``: every panel of that game (one per player count,
each with its ladder).  A study report written into the same folder ``DIR`` (``islandsim
report --out DIR/x.html``, ``islandsim experiment --reports-dir DIR``) reads its game's file and
shows, for each player count it studied, the ladder position and rating of every strategy its
runs played (from the ladder at that count, or the nearest count measured) and the panel, with
a link to the cross-game report.  Without the file the section says how to make it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Sequence

from simulator.analysis.stats.strategy_names import as_written, with_file
from simulator.core.engine.registry import UsageError

if TYPE_CHECKING:
    from simulator.analysis.stats.runs import Run


class Document(Protocol):
    """What the players section writes into: the part of
    :class:`simulator.analysis.report.document.Document` it uses (a protocol, so that this module,
    which the document imports, does not import it back)."""

    def heading(self, text: str, level: int = 2) -> None: ...

    def text(self, text: str) -> None: ...

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> None: ...

    def link(self, text: str, address: str) -> None: ...

PANELS_FOLDER = "players"
"""The folder, beside the cross-game players report, that holds one panel file per game."""
FORMAT_VERSION = 1


def panels_path(report_folder: Path, game: str) -> Path:
    """Where the panels of ``game`` are kept for the reports of ``report_folder``."""
    return Path(report_folder) / PANELS_FOLDER / f"{game}.json"


def panels_paths(players_report: Path, games: list[str]) -> list[Path]:
    """The panel files that ``islandsim skill --report players_report`` writes, one per game."""
    return [panels_path(Path(players_report).parent, game) for game in dict.fromkeys(games)]


def write_panels(players_report: Path, panels: list, command_text: str) -> list[Path]:
    """Write one JSON file per game of ``panels`` (:class:`simulator.analysis.studies.skill.Panel`)
    beside ``players_report`` (see the module docstring); return the files written."""
    written = []
    games = [item.game for item in panels]
    for path, game in zip(panels_paths(players_report, games), dict.fromkeys(games)):
        data = {"format": FORMAT_VERSION, "game": game, "report": Path(players_report).name, "command": command_text,
                "panels": [item.to_json() for item in panels if item.game == game]}  # fmt: skip
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        partial.replace(path)
        written.append(path)
    return written


def load_panels(report_folder: Path | None, game: str) -> dict | None:
    """The panel file of ``game`` for reports written into ``report_folder``, or None when there
    is none (or it cannot be read as panels: the section then says how to make it)."""
    if report_folder is None:
        return None
    path = panels_path(report_folder, game)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or data.get("game") != game or not data.get("panels"):
        return None
    return data


def nearest_panel(data: dict, players: int) -> dict:
    """The panel measured at ``players``, else at the nearest count (the smaller on a tie)."""
    return min(data["panels"], key=lambda item: (abs(item["players"] - players), item["players"]))


def strategies_by_players(runs: list[Run]) -> dict[int, list[str]]:
    """Player count -> the strategies the runs played at that count, in order of first appearance."""
    found: dict[int, dict[str, None]] = {}
    for run in runs:
        names = found.setdefault(run.players, {})
        for name in run.manifest["lineup"]:
            names.setdefault(name, None)
    return {players: list(names) for players, names in sorted(found.items())}


def standing_rows(panel: dict, names: list[str], players: int) -> list[list[str]]:
    """One row per strategy of ``names`` (recorded in runs at ``players`` players, shown as the study
    writes them, with the file ``X@tuned`` played): its ladder position, rating and interval, win rate."""
    ladder = panel["ladder"]
    ratings = {row["strategy"]: row for row in ladder["ratings"]}
    size = len(ladder["ratings"])
    rows = []
    for name in names:
        row = ratings.get(name)
        if row is None:
            rows.append([with_file(name, players), "not on the ladder", "", "", ""])
            continue
        rows.append([with_file(name, players), f"{row['position']} of {size}", f"{row['rating']:+.0f}",
                     f"[{row['low']:+.0f}, {row['high']:+.0f}]",
                     f"{100 * row['win_rate']:.1f}% [{100 * row['win_low']:.1f}, {100 * row['win_high']:.1f}]"])  # fmt: skip
    return rows


def panel_rows(data: dict) -> list[dict]:
    """A panel's (measure, value, interval, meaning) rows, from its JSON data (:meth:`Panel.to_json`),
    so that a report can show a panel read back from a file."""
    players, default = data["players"], data["default"]
    strongest = as_written(data["strongest"], players)
    fair = f"win rate; fair share {100 / players:.1f}%"

    def rate(result):
        if result["estimate"] is None:
            return "n/a", "the outcome never varied"
        return f"{100 * result['estimate']:.1f}%", f"[{100 * result['low']:.1f}, {100 * result['high']:.1f}]%"

    spread = data["rating_spread"]
    rows = [("rating spread", f"{spread['estimate']:.0f} Elo", f"[{spread['low']:.0f}, {spread['high']:.0f}]",
             f"{strongest} over {data['weakest']}; 0 = strategy does not matter"),
            (f"{strongest} vs {players - 1} random", *rate(data["strongest_vs_randoms"]), fair)]  # fmt: skip
    if data["strongest_vs_default"] is None:
        rows.append((f"{strongest} vs the default", "n/a", "", "the strongest is the default"))
    else:
        rows.append((f"{strongest} vs {players - 1} {default}", *rate(data["strongest_vs_default"]), fair))
    rows.append(("upset rate", *rate(data["upset_rate"]), "weaker of two finishes ahead; 50% = coin, 0% = skill decides"))
    rows.append(("deal share, random table", *rate(data["deal_share_random_table"]),
                 "outcome variance explained by the deal"))  # fmt: skip
    rows.append((f"deal share, {strongest} vs random", *rate(data["deal_share_strongest_vs_random"]),
                 "outcome variance explained by the deal"))  # fmt: skip
    return [{"measure": m, "value": v, "interval": i, "meaning": n} for m, v, i, n in rows]


def hint(game: str) -> str:
    """What to run to get the players section."""
    return (f"No strength ladder or skill panel of {game} is stored beside this report "
            f"({PANELS_FOLDER}/{game}.json). Run `make players-report` (all five games, reports/), or "
            f"`islandsim skill --game {game} --report FOLDER/players.html` with FOLDER the folder of this report, "
            "then rebuild the report to see where these strategies stand.")  # fmt: skip


def add_players(document: Document, game: str, runs: list[Run], report_folder: Path | None) -> None:
    """The players section: the strategies of ``runs`` at each player count, their standing on the
    game's ladder and the game's skill panel (from ``report_folder/players/<game>.json``), or the
    hint of how to make it."""
    used = strategies_by_players(runs)
    document.heading("Players", 2)
    document.heading("Strategies and where they stand", 3)
    document.text("The findings of this report were measured with these strategies: "
                  + "; ".join(f"{players} players: {', '.join(with_file(name, players) for name in names)}"
                            for players, names in used.items()) + ".")  # fmt: skip
    data = load_panels(report_folder, game)
    if data is None:
        document.text(hint(game))
        return
    document.link("Cross-game players report: every ladder and skill panel", data.get("report", "players.html"))
    for players, names in used.items():
        panel = nearest_panel(data, players)
        measured = panel["ladder"]
        where = (f"the ladder at {players} players" if panel["players"] == players else
                 f"the ladder at {panel['players']} players (the nearest count measured; none at {players})")  # fmt: skip
        document.table(["strategy", "ladder position", "rating (Elo)", "95% interval", "win rate per seat"],
                       standing_rows(panel, names, players),
                       f"{players} players: standing on {where}: round-robin of {len(measured['ratings'])} strategies, "
                       f"{measured['deals']:,} deals per lineup, seed {measured['seed']}; Bradley-Terry ratings, "
                       f"{'random = 0' if measured['anchor'] == 'random' else 'mean = 0'}, 95% bootstrap intervals over "
                       "deals (docs/analysis.md, 'Strength ladder').")  # fmt: skip
    document.heading("Skill versus luck", 3)
    shown = {}
    for players in used:
        panel = nearest_panel(data, players)
        shown[panel["players"]] = panel
    for _, panel in sorted(shown.items()):
        document.table(["measure", "value", "95% interval", "meaning"],
                       [[row["measure"], row["value"], row["interval"], row["meaning"]] for row in panel_rows(panel)],
                       f"Skill-versus-luck panel at {panel['players']} players ({panel['settings']['deals']:,} deals, "
                       f"{panel['settings']['replays']} replays; docs/analysis.md, 'Skill versus luck'). More skill: a "
                       "larger spread, a higher win rate against randoms, a lower upset rate and deal share.")  # fmt: skip
    document.text(f"Made by: {data.get('command', 'islandsim skill')}.")


def check_panels_folder(players_report: Path, games: list[str]) -> None:
    """Refuse before anything is played when a panel file cannot be written."""
    for path in panels_paths(players_report, games):
        if path.parent.exists() and not path.parent.is_dir():
            raise UsageError(f"--report {players_report}: {path.parent} is a file; the per-game panels go in a folder there")
        if path.exists() and path.is_dir():
            raise UsageError(f"--report {players_report}: {path} is a folder; the panel of the game goes in a file there")
