"""The benchmark commands: ``islandsim bench-ab`` (two revisions side by side) and
``islandsim bench-table`` (the README's speed table from ``islandsim bench --row`` lines)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from simulator.cli.options import check_table_options, quiet_option, stderr_notices, table_format_option


def bench_ab_command() -> click.Command:
    """``islandsim bench-ab BASE``."""

    @click.command("bench-ab")
    @click.argument("base_revision", metavar="BASE")
    @click.option("--game", "games", multiple=True, required=True, help="Game to measure (repeat for several).")
    @click.option("--players", type=int, default=4, show_default=True, help="Number of players.")
    @click.option("--lineup", "lineups", multiple=True,
                  help="Lineup to measure (repeat for several): 'default' (the game's default strategy), one "
                       "name for every seat (e.g. ismcts+budget=400, or first_option: the option-0 strategy, "
                       "the engine and its loop alone), or one name per seat, comma-separated.")  # fmt: skip
    @click.option("--n", "n_games", type=int, default=5000, show_default=True,
                  help="Games per timed chunk (the same games in every process).")
    @click.option("--rounds", type=int, default=10, show_default=True,
                  help="Rounds of two processes (base then new).")
    @click.option("--repeats", type=int, default=3, show_default=True,
                  help="Timed chunks per process (the fastest counts).")
    @click.option("--seed", type=int, default=1, show_default=True, help="Run seed of the measured games.")
    @click.option("--json", "as_json", is_flag=True, help="Print the rows as JSON.")
    @table_format_option
    @quiet_option
    def bench_ab(base_revision, games, players, lineups, n_games, rounds, repeats, seed, as_json, table_format,
                 quiet) -> None:  # fmt: skip
        """CPU time per game of revision BASE against this tree, in alternating processes, with the
        ratio new/base and its 95% interval (docs/performance.md, "Two revisions")."""
        from simulator.benchmark import ab

        check_table_options(as_json, table_format)
        rows, base_label = ab.run_ab(base_revision, tuple(games), players, tuple(lineups), n_games, rounds, repeats,
                                     seed, say=stderr_notices(quiet))  # fmt: skip
        if as_json:
            click.echo(json.dumps(rows, indent=2))
        else:
            click.echo(ab.format_results(rows, base_label, "this tree", table_format))

    return bench_ab


def bench_table_command() -> click.Command:
    """``islandsim bench-table FILE``."""

    @click.command("bench-table")
    @click.argument("row_file", metavar="FILE", type=click.Path(path_type=Path))
    @click.option("--format", "table_format", type=click.Choice(("md", "text", "csv")), default="md", show_default=True,
                  help="Markdown (the README's), aligned text, or CSV.")
    def bench_table(row_file, table_format) -> None:
        """Print the README's speed table from the rows that `islandsim bench --row FILE` appended."""
        from simulator.benchmark import table

        click.echo(table.format_speed_table(table.read_rows(row_file), table_format))

    return bench_table


def register(cli_group: click.Group) -> None:
    """Add the benchmark commands to the ``islandsim`` click group."""
    for make in (bench_ab_command, bench_table_command):
        command = make()
        cli_group.add_command(command, command.name)
