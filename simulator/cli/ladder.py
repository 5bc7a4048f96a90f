"""``islandsim ladder``: its options and checks; the ladder is :mod:`simulator.analysis.studies.ladder`."""

from __future__ import annotations

import html
import json
from pathlib import Path

import click

from simulator.analysis.studies.ladder import (
    Ladder, chart_png, ladder_section, parse_names, play_ladder, printed_table, summary,
)
from simulator.cli.interruption import command_again, stopped_with_a_line
from simulator.analysis.studies.matches import Table
from simulator.analysis.studies.stored_play import start_tally
from simulator.cli.options import (
    adapts_players, check_table_options, game_option, quiet_option, stderr_notices, store_options, table_format_option,
    workers_options,
)
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.run import limits, runner
from simulator.core.run.tables import render
from simulator.core.store.paths import check_output_file, check_output_folder


CHART_FORMATS = (".png", ".html")


def ladder_command() -> click.Command:
    """The click command ``islandsim ladder``."""

    @click.command("ladder")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @click.option("--strategies", default=None,
                  help="Comma list of strategies (default: every registered one and the shipped ones tuned at --players).")
    @click.option("--n", "deals", type=limits.GAMES, default=1_000, show_default=True, help="Deals per lineup.")
    @click.option("--bootstrap", type=click.IntRange(0, 10_000), default=200, show_default=True,
                  help="Bootstrap replicates for the intervals (0: none).")
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant for every game (repeat to combine).")
    @click.option("--chart", type=click.Path(path_type=Path), default=None,
                  help="Also write the ladder as a chart: .png, or .html (table and chart in one page).")
    @click.option("--seed", type=limits.SEED, default=1, show_default=True, help="Seed of the deals.")
    @store_options
    @workers_options
    @click.option("--json", "as_json", is_flag=True, help="Print the ladder as JSON.")
    @table_format_option
    @quiet_option
    @adapts_players
    def ladder_command(game_id, players, strategies, deals, bootstrap, variant_names, chart, seed, store_folder,
                       chunk_size, jobs, scheduler, as_json, table_format, quiet):  # fmt: skip
        """Rank strategies by a Bradley-Terry fit of their finishing orders in a round-robin.

        Every lineup's games are a run of the run store (--results), reused when asked again."""

        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        if chart is not None:
            if chart.suffix.lower() not in CHART_FORMATS:
                raise UsageError(f"--chart {chart}: give a file ending in {' or '.join(CHART_FORMATS)}")
            check_output_file(chart, "--chart")
        spec = registry.get_game(game_id)
        registry.check_players(spec, players)
        names = parse_names(strategies, game_id, players)
        check_output_folder(store_folder, "--results")
        table = Table(game_id, players, seed, tuple(variant_names), runner.local_jobs(jobs, say), scheduler, store_folder,
                      chunk_size)  # fmt: skip
        tally = start_tally(store_folder)
        with stopped_with_a_line(tally.kept, command_again):
            result = play_ladder(table, names, deals, bootstrap, say)
        if chart is not None:
            _write_chart(result, chart)
            if say is not None:
                say(f"chart written to {chart}")
        if as_json:
            click.echo(json.dumps(result.to_json(), indent=2))
            return
        click.echo(render([summary(result), "", printed_table(result)], table_format))

    return ladder_command


def _write_chart(ladder: Ladder, path) -> None:
    if path.suffix.lower() == ".png":
        data = chart_png(ladder)
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(data)
        partial.replace(path)
        return
    fragment, _ = ladder_section(ladder, 1)
    page = (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(ladder.game)} ladder"
            f"</title></head><body>{fragment}</body></html>\n")  # fmt: skip
    partial = path.with_name(path.name + ".partial")
    partial.write_text(page, encoding="utf-8")
    partial.replace(path)
