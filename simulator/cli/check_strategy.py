"""``islandsim check-strategy``: its options and table; the check is :mod:`simulator.analysis.studies.fairplay`."""

from __future__ import annotations

import json

import click

from simulator.analysis.studies.fairplay import FAILED, check_strategy, forward_model, verdict
from simulator.cli.options import check_table_options, game_option, table_format_option
from simulator.core.engine import registry
from simulator.core.engine.seats import seat_label
from simulator.core.run import limits
from simulator.core.run.tables import Column, Table, render


def check_strategy_command() -> click.Command:
    """The click command ``islandsim check-strategy``."""

    @click.command("check-strategy")
    @game_option()
    @click.option("--strategy", required=True, help="Strategy to check (registered, STRATEGY@FILE or module:function).")
    @click.option("--players", type=int, default=None, help="Number of players (default: 4, or the nearest allowed).")
    @click.option("--n", "games", type=click.IntRange(1, 100_000), default=50, show_default=True, help="Games to play.")
    @click.option("--redraws", type=click.IntRange(1, 100), default=4, show_default=True,
                  help="Redrawn copies per decision.")  # fmt: skip
    @click.option("--perturbations", type=click.IntRange(0, 100), default=4, show_default=True,
                  help="Copies per decision perturbed where the game declares the seat cannot see (0: none).")
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
    @click.option("--seed", type=limits.SEED, default=1, show_default=True, help="Run seed.")
    @click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
    @table_format_option
    def check_strategy_command(game_id, strategy, players, games, redraws, perturbations, variant_names, seed, as_json,
                               table_format):  # fmt: skip
        """Fair-play check: re-ask decisions with the hidden part redrawn or perturbed; report every changed answer.

        Exit status 0 when the strategy passes, 1 when some answer changed, 2 on bad input.
        """
        import sys

        check_table_options(as_json, table_format)
        spec = registry.get_game(game_id)
        forward_model(spec)
        if players is None:
            players = min(spec.player_counts, key=lambda count: (abs(count - 4), count))
        registry.check_players(spec, players)
        report = check_strategy(game_id, strategy, players, games, redraws, seed, tuple(variant_names),
                                perturbations=perturbations)  # fmt: skip
        if as_json:
            click.echo(json.dumps(report.to_json(), indent=2))
        else:
            parts: list = [verdict(report)]
            if report.changed:
                rows = [dict(row, seat_text=seat_label(row["seat"] - 1),
                             redrawn=", ".join(str(answer) for answer in row["answers_on_redraws"]),
                             perturbed="; ".join(row["changed_on_perturbations"]) or "-")
                        for row in report.changed]  # fmt: skip
                parts += ["", f"changed decisions (first {len(rows)}):", Table([
                    Column("game", "game"), Column("seat", "seat_text"), Column("step", "step"),
                    Column("decision", "decision"), Column("options", "options"), Column("answer", "answer"),
                    Column("answers on redrawn states", "redrawn"),
                    Column("perturbations that changed it", "perturbed")], rows)]  # fmt: skip
            click.echo(render(parts, table_format))
        if not report.passed:
            sys.exit(FAILED)

    return check_strategy_command
