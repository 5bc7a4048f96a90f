"""``islandsim adapt``: the default strategy's weights retuned for one setup (:mod:`simulator.analysis.studies.adapt`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from simulator.analysis.studies import adapt as adapt_module
from simulator.analysis.studies.store import DEFAULT_STORE
from simulator.cli.options import game_option, quiet_option, rules_options, stderr_notices, user_rules, workers_options
from simulator.core.run import limits, runner
from simulator.core.store.paths import check_output_folder


def adapt_command() -> click.Command:
    """The click command ``islandsim adapt``."""

    @click.command("adapt")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @click.option("--strategy", default=None,
                  help="Registered strategy whose weights are adapted (default: the game's default strategy).")
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
    @rules_options
    @click.option("--budget", type=limits.GAMES, default=adapt_module.DEFAULT_BUDGET, show_default=True,
                  help="Games the adaptation plays, search and validation on fresh deals together.")  # fmt: skip
    @click.option("--seed", type=limits.SEED, default=adapt_module.DEFAULT_SEED, show_default=True,
                  help="Seed of the search deals (the validation plays the next seed).")
    @workers_options
    @click.option("--results", "store_folder", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
                  help="Run store: the adapted file is kept in its adapted/ folder and read back when asked again.")
    @click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
    @quiet_option
    def adapt(game_id, players, strategy, variant_names, rule_assignments, rules_file, budget, seed, jobs, scheduler,
              store_folder, as_json, quiet):  # fmt: skip
        """Retune the default strategy's weights for a setup, from the tuned file; validate on fresh deals.

        Prints what adapting gained over the shipped tuned weights (win rate, 95% interval), the CPU
        time it took and where the file is.  Asking again reads the file back and plays nothing.  In a
        lineup, STRATEGY@adapted plays the file of the run's own setup (docs/strategies.md)."""
        say = stderr_notices(quiet)
        rules = user_rules(game_id, rule_assignments, rules_file)
        check_output_folder(store_folder, "--results")
        settings = adapt_module.AdaptSettings(game_id, players, strategy or "", tuple(variant_names), rules, budget, seed,
                                              runner.local_jobs(jobs, say), scheduler)  # fmt: skip
        result = adapt_module.adapt(settings, store_folder, say)
        if as_json:
            click.echo(json.dumps(result, indent=2))
            return
        strategy_name = result["settings"]["strategy"]
        click.echo(f"{strategy_name} adapted for {players} players, {adapt_module.setup_text(result)}")
        click.echo(adapt_module.verdict(result))
        cost = f"{result['cpu_seconds']:.1f} CPU-seconds, {result['games']:,} games"
        click.echo(f"cost: {cost}" + (" (when adapted; read back from the store now: nothing played)"
                                      if result["cached"] else ""))  # fmt: skip
        click.echo(f"file: {result['path']}; in a lineup of this setup: {strategy_name}@adapted")

    return adapt
