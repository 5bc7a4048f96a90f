"""``islandsim coverage``: the rule-coverage table of a configuration (played now, or reused from
the run store) or of existing run folders (:mod:`simulator.analysis.stats.rule_coverage`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from simulator.analysis.stats import rule_coverage
from simulator.analysis.studies import store
from simulator.cli.analysis import _jobs, _prepare_all, _seed, _tell
from simulator.cli.interruption import again_with_seed, kept_in_store, on_stop
from simulator.cli.options import (
    check_table_options, game_option, lineup_options, quiet_option, stderr_notices, table_format_option,
)
from simulator.core.run import limits
from simulator.core.store import records
from simulator.core.store.paths import check_output_folder
from simulator.core.engine.registry import UsageError, check_players, get_game
from simulator.core.players.strategies import lineup_names
from simulator.core.run.tables import render

DEFAULT_GAMES = 10_000


def coverage_command() -> click.Command:
    @click.command("coverage")
    @click.argument("run_dirs", nargs=-1, type=click.Path(path_type=Path))
    @game_option(required=False, help_text="Game id, to play the configuration now (or give RUN_DIRS).")
    @click.option("--players", type=int, default=None, help="Number of players.")
    @lineup_options
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
    @click.option("--n", "n_games", type=limits.GAMES, default=DEFAULT_GAMES, show_default=True, help="Games to play.")
    @click.option("--seed", type=limits.SEED, default=None, help="Run seed (default: random, printed).")
    @click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores; at most the cores).")
    @click.option("--results", "store_folder", type=click.Path(path_type=Path), default=store.DEFAULT_STORE,
                  show_default=True, help="Run store: runs are kept here and reused when identical.")  # fmt: skip
    @click.option("--json", "as_json", is_flag=True, help="Print the tables as JSON.")
    @table_format_option
    @quiet_option
    def coverage(run_dirs, game_id, players, lineup, strategy_names, variant_names, n_games, seed, jobs, store_folder,
                 as_json, table_format, quiet):  # fmt: skip
        """How often each rule, card and option came into play: every rule id of the game's
        checklist, card kind and variant branch with its firing rate per game and the share of games
        where it fired at least once (flagging those that never fired or fired in under 0.1% of
        games), and every decision kind with how often it was asked and its mean number of options.

        Plays the configuration (--game, --players, strategies, --variant, --n, --seed; reused from
        the run store when already played), or reads the run folders given (pooled: one game and
        player count)."""
        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        strategy_names = lineup_names(lineup, strategy_names)
        if run_dirs:
            if game_id or players or strategy_names or variant_names or seed is not None:
                raise UsageError("give run folders or a configuration to play (--game, --players...), not both")
            folders = list(run_dirs)
        else:
            folders = _play(game_id, players, strategy_names, variant_names, n_games, seed, jobs, store_folder, say)
        found = rule_coverage.rule_coverage(folders)
        if as_json:
            click.echo(json.dumps(rule_coverage.as_json(found, folders), indent=2))
            return
        click.echo(render(rule_coverage.summary_lines(found) + [
            "", rule_coverage.rules_table(found),
            "", "decisions (a decision with a single option is taken by the game and never asked)",
            rule_coverage.decisions_table(found),
        ], table_format))  # fmt: skip

    return coverage


def _play(game_id, players, strategy_names, variant_names, n_games, seed, jobs, store_folder, say) -> list[Path]:
    """Play (or reuse from the store) the configuration; the run folder."""
    for name, value in (("--game", game_id), ("--players", players)):
        if value is None:
            raise UsageError(f"missing option {name} (or give run folders)")
    spec = get_game(game_id)
    check_players(spec, players)
    reason = records.records_missing_reason(spec)
    if reason is not None:
        raise UsageError(f"no coverage for {game_id}: {reason}")
    check_output_folder(store_folder, "--results")
    (seed, random_seed), jobs = _seed(seed), _jobs(jobs)
    config = store.make_config(game_id, players, n_games, seed, tuple(strategy_names), store.baseline_arm(tuple(variant_names)))
    on_stop(kept_in_store(store_folder, [config]), again_with_seed(seed, random_seed))
    _prepare_all([config], seed, random_seed, say)
    run = store.ensure_run(config, store_folder, jobs, say)
    _tell(say, f"coverage of {run.path}")
    return [run.path]
