"""``islandsim skill``: its options and checks; the panel is :mod:`simulator.analysis.studies.skill`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from simulator.analysis.report import players as report_players
from simulator.analysis.studies.ladder import parse_names
from simulator.cli.interruption import command_again, stopped_with_a_line
from simulator.analysis.studies.matches import Table
from simulator.analysis.studies.stored_play import start_tally
from simulator.analysis.studies.players_page import players_report
from simulator.analysis.studies.skill import panel, printed_panel
from simulator.cli.options import (
    adapts_players, check_table_options, quiet_option, stderr_notices, store_options, table_format_option, workers_options,
)
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.run import limits, runner
from simulator.core.run.tables import render
from simulator.core.store.paths import check_output_file, check_output_folder


def skill_command() -> click.Command:
    """The click command ``islandsim skill``."""

    @click.command("skill")
    @click.option("--game", "game_ids", multiple=True,
                  help="Game id (repeat for several; default: every game).")  # fmt: skip
    @click.option("--players", "player_counts", type=int, multiple=True,
                  help="Player count (repeat; default: 4, or each game's nearest).")  # fmt: skip
    @click.option("--strategies", default=None,
                  help="Ladder strategies, one game only (default: every registered one and the shipped ones tuned at that count).")
    @click.option("--n", "deals", type=limits.GAMES, default=300, show_default=True, help="Deals per lineup and study.")
    @click.option("--replays", type=click.IntRange(2, 1000), default=8, show_default=True,
                  help="Plays of each deal with other random streams, for the deal share.")
    @click.option("--bootstrap", type=click.IntRange(0, 10_000), default=200, show_default=True,
                  help="Bootstrap replicates for the intervals.")
    @click.option("--report", "report_out", type=click.Path(path_type=Path), default=None,
                  help="Also write the cross-game players report (.html), and beside it players/<game>.json, "
                       "which the study reports of that folder show.")
    @click.option("--seed", type=limits.SEED, default=1, show_default=True, help="Seed of the deals.")
    @store_options
    @workers_options
    @click.option("--json", "as_json", is_flag=True, help="Print the panels as JSON.")
    @table_format_option
    @quiet_option
    @adapts_players
    def skill_command(game_ids, player_counts, strategies, deals, replays, bootstrap, report_out, seed, store_folder,
                      chunk_size, jobs, scheduler, as_json, table_format, quiet):  # fmt: skip
        """Skill versus luck: rating spread, strongest vs randoms and vs the default, upset rate, deal share."""
        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        if report_out is not None:
            if report_out.suffix.lower() not in (".html", ".htm"):
                raise UsageError(f"--report {report_out}: the players report is an .html file")
            check_output_file(report_out, "--report")
        games = list(game_ids) or registry.game_ids()
        if report_out is not None:
            report_players.check_panels_folder(report_out, games)
        if strategies is not None and len(games) != 1:
            raise UsageError("--strategies names one game's strategies; give exactly one --game with it")
        studies = _studies(games, list(player_counts))
        check_output_folder(store_folder, "--results")
        jobs = runner.local_jobs(jobs, say)
        panels = []
        tally = start_tally(store_folder)
        with stopped_with_a_line(tally.kept, command_again):
            for game, players in studies:
                names = parse_names(strategies, game) if strategies is not None else None
                table = Table(game, players, seed, (), jobs, scheduler, store_folder, chunk_size)
                panels.append(panel(table, names, deals, replays, bootstrap, say))
        if report_out is not None:
            command_text = _command_text(games, list(player_counts), deals, replays, seed, report_out)
            report_out.parent.mkdir(parents=True, exist_ok=True)
            partial = report_out.with_name(report_out.name + ".partial")
            partial.write_text(players_report(panels, command_text), encoding="utf-8")
            partial.replace(report_out)
            written = report_players.write_panels(report_out, panels, command_text)
            if say is not None:
                say(f"report written to {report_out}; panels for the study reports of its folder: "
                    f"{', '.join(str(path) for path in written)}")  # fmt: skip
        if as_json:
            click.echo(json.dumps([item.to_json() for item in panels], indent=2))
            return
        parts: list = []
        for item in panels:
            parts += [f"{registry.get_game(item.game).title}, {item.players} players "
                      f"({deals:,} deals per lineup, {replays} replays)", printed_panel(item), ""]  # fmt: skip
        click.echo(render(parts, table_format))

    return skill_command


def _studies(games: list[str], counts: list[int]) -> list[tuple[str, int]]:
    """(game, players) pairs; by default 4 players (or the nearest count a game allows).  With one
    game every asked count must be allowed; with several, each game plays the asked counts it
    allows (``--players 2 ... --players 5`` over games of 2-4 and 3-5 players), and every game
    must allow at least one of them."""
    studies = []
    for game in games:
        spec = registry.get_game(game)
        if not counts:
            studies.append((game, min(spec.player_counts, key=lambda count: (abs(count - 4), count))))
            continue
        allowed = [players for players in counts if players in spec.player_counts]
        if len(games) == 1 or not allowed:
            for players in counts:
                registry.check_players(spec, players)
        studies += [(game, players) for players in allowed]
    return studies


def _command_text(games, counts, deals, replays, seed, out) -> str:
    words = ["islandsim", "skill"] + [f"--game {game}" for game in games] + [f"--players {count}" for count in counts]
    return " ".join(words + [f"--n {deals}", f"--replays {replays}", f"--seed {seed}", f"--report {out}"])
