"""The ``islandsim`` command line: games, strategies, run, replay, bench.

Every mistake in the input ends with one line ``error: ...`` on stderr and exit status 2.
"""

from __future__ import annotations

import datetime as _dt
import json
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from simulator import __version__
from simulator.cli.interruption import EXIT_INTERRUPTED, EXIT_TERMINATED, InterruptibleGroup, remember
from simulator.cli.options import (
    adapts_players, check_table_options, game_option, lineup_options, quiet_option, rules_options, stderr_notices,
    table_format_option, user_rules,
)
from simulator.core.engine.rule_settings import rules_text
from simulator.core.run import limits
from simulator.core.engine import registry
from simulator.core.store import results
from simulator.core.store.paths import check_output_folder, describe_os_error
from simulator.core.engine.registry import UsageError
from simulator.core.players.strategies import lineup_names

if TYPE_CHECKING:
    from simulator.core.run.runner import RunConfig

EXIT_USAGE = 2
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


def _game_option(function):
    return game_option()(function)


def _say(message: str) -> None:
    click.echo(message, err=True)


HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Study a game", ("run", "compare", "sweep", "tournament", "skill", "report", "experiment", "replay", "play",
                      "export")),
    ("The games, their rules and strategies", ("games", "variants", "rules", "strategies")),
    ("Developer tools (speed, run folders, strategies, rule coverage)",
     ("bench", "bench-ab", "bench-table", "repair", "coverage", "tune", "adapt", "ladder", "check-strategy")),
)  # fmt: skip
"""The sections of ``islandsim --help``, in order: what a designer uses first, developer tools last.
Every command belongs to exactly one (tests/core/test_cli.py checks it)."""

SHORT_HELP: dict[str, str] = {
    "run": "Play N games, store them in a results folder, summarise.",
    "compare": "Rule setups on the same deals: paired differences.",
    "sweep": "A rule setting over a range of values: which meets a target.",
    "tournament": "Strategies against each other in every seat order; ranked.",
    "skill": "Skill versus luck: rating spread, upsets, deal share.",
    "report": "Write the balance report of run folders (HTML or Markdown).",
    "experiment": "Run the studies of experiments/*.toml, write their reports.",
    "replay": "One game's narrated log, as text or a page to step through.",
    "play": "Play one game in the terminal against the strategies.",
    "export": "A run folder's results as one CSV, Parquet or JSON table.",
    "games": "The games: player counts and how many variants.",
    "variants": "The rule variants of a game (--variant) and its event cards.",
    "rules": "A game's rule settings (--set NAME=VALUE): defaults, values.",
    "strategies": "The strategies of a game, one line each.",
    "bench": "Games per second: one core, all cores, pure Python.",
    "bench-ab": "CPU time per game of a base revision against this tree.",
    "bench-table": "Print the README's speed table from bench --row files.",
    "repair": "Rebuild a damaged run folder's manifest from its chunks.",
    "coverage": "How often each rule, card and option came into play.",
    "tune": "Tune a strategy's weights (CMA-ES); write a parameter file.",
    "adapt": "Retune the default strategy for a setup; kept in the store.",
    "ladder": "Rank strategies by a Bradley-Terry fit of a round-robin.",
    "check-strategy": "Fair-play check: does a strategy peek at hidden cards?",
}
"""One line per command for ``islandsim --help`` (at most 60 characters: the help of an 80-column terminal
shows it on one line); ``islandsim COMMAND --help`` gives the full description."""


class IslandsimGroup(InterruptibleGroup):
    """The ``islandsim`` group, its commands listed by :data:`HELP_SECTIONS` with :data:`SHORT_HELP`:
    never cut off with "..." (a line too long for the terminal wraps)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        shown = {name: command for name in self.list_commands(ctx)
                 if (command := self.get_command(ctx, name)) is not None and not command.hidden}  # fmt: skip
        placed = {name for _, names in HELP_SECTIONS for name in names}
        sections = [(title, [name for name in names if name in shown]) for title, names in HELP_SECTIONS]
        sections.append(("Other commands", [name for name in shown if name not in placed]))
        width = max((len(name) for name in shown), default=0)  # one column for every section
        for title, names in sections:
            if names:
                with formatter.section(title):
                    formatter.write_dl([(name.ljust(width), SHORT_HELP.get(name) or
                                         shown[name].get_short_help_str(limit=10_000)) for name in names])  # fmt: skip


@click.group(cls=IslandsimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="islandsim")
def cli() -> None:
    """Rules-analysis and balance simulator for island and treasure board games."""


@cli.command()
def games() -> None:
    """List the games: id, title, player counts and how many rule variants, one line each."""
    rows = [("game", "title", "players", "variants (islandsim variants --game G)")]
    for game_id in registry.game_ids():
        spec = registry.get_game(game_id)
        rows.append((spec.id, spec.title, ", ".join(str(count) for count in spec.player_counts),
                     _variant_count(spec)))  # fmt: skip
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])


def _unlisted_presets(spec) -> list[tuple[str, list[str]]]:
    """Presets of rule settings that are not listed as variants (Tobago's ``island-1`` ...
    ``island-32``), grouped by the settings they set: ``(setting names, preset names)``."""
    if spec.rule_settings is None:
        return []
    groups: dict[str, list[str]] = {}
    for name, values in spec.rule_settings.presets.items():
        if name not in spec.variants:
            groups.setdefault(", ".join(sorted(values)), []).append(name)
    return list(groups.items())


def _variant_entries(spec) -> list[tuple[str, str]]:
    """(name, description) per variant; the presets a game does not list, one entry per setting."""
    entries = list(spec.variants.items())
    for settings, names in _unlisted_presets(spec):
        shown = f"{names[0]} ... {names[-1]}" if len(names) > 2 else " or ".join(names)
        entries.append((shown, f"{len(names)} presets of the rule setting {settings} (see `islandsim rules`)"))
    return entries


def _variant_count(spec) -> str:
    """How many variants a game has, its unlisted presets said as one group per setting."""
    groups = _unlisted_presets(spec)
    extra = "".join(f" + {len(names)} {settings} presets" for settings, names in groups)
    return f"{len(spec.variants)}{extra}"


@cli.command()
@game_option(required=False, help_text="Game id (see `islandsim games`; default: every game).")
def variants(game_id: str | None) -> None:
    """List the rule variants of a game (--variant NAME), and its event cards."""
    for one_id in [game_id] if game_id is not None else registry.game_ids():
        spec = registry.get_game(one_id)
        counts = ", ".join(str(count) for count in spec.player_counts)
        click.echo(f"{spec.id:<10} {spec.title} ({counts} players)")
        for name, description in _variant_entries(spec):
            click.echo(f"    --variant {name:<28} {description}")
        if spec.event_cards:
            click.echo(f"    --force-event / --exclude-event CARD   event cards: {', '.join(spec.event_cards)}")


@cli.command()
@_game_option
@table_format_option
def strategies(game_id: str, table_format: str) -> None:
    """List the strategies of a game, one line each (nothing is compiled)."""
    from simulator.core.players import param_files
    from simulator.core.run.tables import Column, Table, format_table

    spec = registry.get_game(game_id)
    rows = []
    for name, description in spec.strategy_descriptions.items():
        rows.append({"strategy": name, "description": description + (" (default)" if name == spec.default_strategy else "")})
        rows += [{"strategy": f"{name}+{setting.name}=", "description": setting.listing()}
                 for setting in spec.strategy_settings.get(name, ())]  # fmt: skip
    rows += [{"strategy": name, "description": "tuned weights shipped in strategies/params/ (islandsim tune)"}
             for name in param_files.registered_names(spec.id)]  # fmt: skip
    rows.append({"strategy": "STRATEGY@FILE.toml", "description": "a strategy with the weights of a parameter file "
                 "written by islandsim tune (see docs/strategies.md)"})  # fmt: skip
    rows.append({"strategy": "module:function", "description": "your own compiled strategy (see docs/strategies.md)"})
    click.echo(format_table(Table([Column("strategy", "strategy"), Column("description", "description")], rows),
                            table_format))  # fmt: skip


@cli.command()
@_game_option
@click.option("--players", type=int, default=None, help="Show the values at this player count (default: every count).")
@click.option("--json", "as_json", is_flag=True, help="Print the settings as JSON.")
@table_format_option
def rules(game_id: str, players: int | None, as_json: bool, table_format: str) -> None:
    """List a game's rule settings: name, default, allowed values, rule, reconstructed or not.

    Change any of them with --set NAME=VALUE or --rules FILE.toml on every command that plays
    (nothing is recompiled); a variant that is a preset of settings says which ones it sets."""
    from simulator.core.engine.rule_settings import settings_rows
    from simulator.core.run.tables import Column, Table, format_table

    check_table_options(as_json, table_format)
    spec = registry.get_game(game_id)
    if players is not None:
        registry.check_players(spec, players)
    if spec.rule_settings is None:
        raise UsageError(f"{spec.title} declares no rule settings yet")
    rows = settings_rows(spec.rule_settings)
    if players is not None:
        defaults = spec.rule_settings.defaults(players)
        for row in rows:
            value = defaults[row["name"]]
            row["default"] = "the shipped file" if isinstance(value, (list, dict)) else str(value)
    if as_json:
        presets = {name: dict(values) for name, values in spec.rule_settings.presets.items()}
        click.echo(json.dumps({"game": spec.id, "players": players, "settings": rows, "presets": presets}, indent=2))
        return
    if table_format == "text":  # a terminal: one entry per setting, its description wrapped below it
        click.echo("\n".join(_setting_entry(row) for row in rows))
        click.echo(f"\n{len(rows)} settings; change them with --set NAME=VALUE or --rules FILE.toml "
                   "(--format md for one table)")  # fmt: skip
        return
    columns = [Column("setting", "name"), Column("default", "default"), Column("allowed", "allowed"),
               Column("rule", "rule"), Column("reconstructed", "reconstructed"), Column("what it changes", "changes"),
               Column("set by variants", "presets")]  # fmt: skip
    click.echo(format_table(Table(columns, rows), table_format))


def _setting_entry(row: dict) -> str:
    """One setting as the terminal shows it: name = default and its rule, then what it changes, what
    is allowed and the variants that set it, wrapped."""
    import textwrap

    reconstructed = ", reconstructed" if row["reconstructed"] == "yes" else ""
    head = f"{row['name']} = {row['default']}   [{row['rule']}{reconstructed}]"
    parts = [row["changes"].rstrip(".") + ".", f"Allowed: {row['allowed']}."]
    if row["presets"]:
        parts.append(f"Set by variants: {row['presets']}.")
    return head + "\n" + textwrap.fill(" ".join(parts), width=100, initial_indent="    ", subsequent_indent="    ",
                                       break_on_hyphens=False)


_EVENT_OPTIONS = (
    click.option("--force-event", "force_events", multiple=True,
                 help="Event card that must come up in every game (repeat; games with event cards)."),
    click.option("--exclude-event", "exclude_events", multiple=True,
                 help="Event card taken out of every game (repeat; games with event cards)."),
)  # fmt: skip


def _with_event_options(function):
    for option in reversed(_EVENT_OPTIONS):
        function = option(function)
    return function


def _run_options(function):
    options = [
        click.option("--players", type=int, required=True, help="Number of players."),
        lineup_options,
        click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine)."),
        rules_options,
        *_EVENT_OPTIONS,
    ]
    for option in reversed(options):
        function = option(function)
    return _game_option(function)


@cli.command()
@game_option(required=False)
@click.option("--players", type=int, default=None, help="Number of players.")
@lineup_options
@click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
@rules_options
@_with_event_options
@click.option("--n", "n_games", type=limits.GAMES, default=None, help="Number of games (with --resume: extend to this many).")
@click.option("--seed", type=limits.SEED, default=None, help="Run seed (default: a random one, printed).")
@click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores; at most the cores).")
@click.option("--chunk-size", type=limits.CHUNK_SIZE, default=0, help="Games per chunk (default: the game's).")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Results folder: new or empty, or a run of the same configuration to extend.")
@click.option("--resume", "resume_dir", type=click.Path(path_type=Path), default=None,
              help="Complete (or with --n, extend) the run stored in this folder.")
@click.option("--target-ci", type=limits.OpenFraction(0, 0.5, "a half-width"), default=None,
              help="Stop once every seat's 95%% win-rate interval is at most ± this (e.g. 0.005).")
@click.option("--max-n", type=limits.GAMES, default=10_000_000, show_default=True, help="Cap on games with --target-ci.")
@click.option("--checked", is_flag=True,
              help="Compile user strategies with bounds checking: an index out of range names the strategy.")
@click.option("--scheduler", envvar="DASK_SCHEDULER_ADDRESS", default=None,
              help="Dask scheduler address (tcp://HOST:PORT; or DASK_SCHEDULER_ADDRESS) to run on a cluster.")
@click.option("--allow-strategy-modules", is_flag=True,
              help="With --resume: import the module:function strategies the run folder names (runs their code).")
@click.option("--trajectories", is_flag=True,
              help="Also store every seat's provisional standing at each checkpoint of each game (e.g. after each trick).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON on stdout.")
@table_format_option
@quiet_option
@adapts_players
def run(game_id, players, lineup, strategy_names, variant_names, rule_assignments, rules_file, force_events,
        exclude_events, n_games, seed, jobs, chunk_size, out_dir, resume_dir, target_ci, max_n, checked, scheduler,
        allow_strategy_modules, trajectories, as_json, table_format, quiet) -> None:  # fmt: skip
    """Play N games, store them in a results folder and print the summary."""
    from simulator.core.run import runner, summary

    jobs = runner.local_jobs(jobs, _say)
    check_table_options(as_json, table_format)
    strategy_names = lineup_names(lineup, strategy_names)
    if resume_dir is not None:
        if game_id or players or strategy_names or variant_names or force_events or exclude_events \
                or seed is not None or out_dir or trajectories or rule_assignments or rules_file:
            raise UsageError("--resume takes the configuration from the run folder; give only --n, --jobs or --json")
        config = runner.config_from_folder(resume_dir, n_games, allow_strategy_modules)
        out_dir = resume_dir
    else:
        for name, value in (("--game", game_id), ("--players", players)):
            if value is None:
                raise UsageError(f"missing option {name} (or --resume DIR)")
        if n_games is None and target_ci is None:
            raise UsageError("missing option --n (or --target-ci)")
        if seed is None:  # a fresh seed, shown in the summary and stored in the manifest
            seed = secrets.randbits(32)
        n = n_games if n_games is not None else max_n
        config = runner.RunConfig(game_id, players, n, seed, tuple(strategy_names), tuple(variant_names), chunk_size,
                                  tuple(force_events), tuple(exclude_events), trajectories,
                                  user_rules(game_id, rule_assignments, rules_file))  # fmt: skip
    precision = None
    check_output_folder(out_dir if out_dir is not None else Path("results"), "--resume" if resume_dir else "--out")
    prepared = runner.prepare(config, checked=checked)
    if target_ci is not None:
        precision = runner.Precision(target_ci, max_n, 4 * prepared.config.chunk_size)
    if out_dir is None:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        out_dir = Path("results") / f"{prepared.spec.id}-{prepared.config.players}p-{stamp}-seed{prepared.config.seed}"
    results.check_run_folder(out_dir, prepared)
    progress = sys.stderr.isatty() and not as_json and not quiet
    try:
        manifest = runner.run(prepared, out_dir, jobs, progress=progress, say=stderr_notices(quiet),
                              precision=precision, scheduler=scheduler)  # fmt: skip
    except KeyboardInterrupt as stop:
        if (Path(out_dir) / results.MANIFEST).exists():
            _say(f"interrupted: the finished chunks are kept; complete the run with: islandsim run --resume {out_dir}")
        else:
            _say("interrupted before the first chunk was stored: nothing was written")
        sys.exit(EXIT_TERMINATED if isinstance(stop, runner.Terminated) else EXIT_INTERRUPTED)
    manifest, frame = results.scan_run(out_dir)
    numbers = summary.summarize(manifest, frame)
    if "precision" in manifest:
        numbers["precision"] = manifest["precision"]
    if as_json:
        click.echo(json.dumps(dict(numbers, out=str(out_dir)), indent=2))
    else:
        click.echo(summary.format_summary(numbers, prepared.spec.title, str(out_dir), table_format))


@cli.command()
@click.argument("run_dir", required=False, type=click.Path(path_type=Path))
@game_option(required=False, help_text="Game id (see `islandsim games`), when no RUN_DIR is given.")
@click.option("--players", type=int, default=None, help="Number of players.")
@lineup_options
@click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
@rules_options
@_with_event_options
@click.option("--seed", type=limits.SEED, default=None, help="Run seed.")
@click.option("--game-index", type=limits.GAME_INDEX, default=0, help="Which game of that run to replay, from 0 (default 0).")
@click.option("--checked", is_flag=True,
              help="Compile user strategies with bounds checking: an index out of range names the strategy.")
@click.option("--html", "html_file", type=click.Path(path_type=Path), default=None,
              help="Write a visual replay: one self-contained HTML page stepping through the game.")
@click.option("--seat", "viewer", type=int, default=None,
              help="With --html: show only what this seat (1..players) could see.")
@adapts_players
def replay(run_dir, game_id, players, lineup, strategy_names, variant_names, rule_assignments, rules_file,
           force_events, exclude_events, seed, game_index, checked, html_file, viewer) -> None:  # fmt: skip
    """Print the narrated log of one game, for checking the rules by hand.

    Either RUN_DIR (a results folder: its game, players, lineup, variants and seed are reused)
    or --game, --players and --seed with the options of `islandsim run`.  With --html FILE, write
    the game as a page to step through (the table drawn at each decision) instead.
    """
    from simulator.core.run import runner

    strategy_names = lineup_names(lineup, strategy_names)
    if run_dir is not None:
        config = _replayed_run(run_dir, game_index, game_id, players, strategy_names, variant_names, force_events,
                               exclude_events, seed, rule_assignments, rules_file)  # fmt: skip
    else:
        for name, value in (("--game", game_id), ("--players", players), ("--seed", seed)):
            if value is None:
                raise UsageError(f"missing option {name} (or give a results folder: islandsim replay RUN_DIR)")
        config = runner.RunConfig(game_id, players, 1, seed, strategy_names, tuple(variant_names),
                                  force_events=tuple(force_events), exclude_events=tuple(exclude_events),
                                  rules=user_rules(game_id, rule_assignments, rules_file))  # fmt: skip
    if viewer is not None and html_file is None:
        raise UsageError("--seat goes with --html (the page of what one seat sees)")
    if html_file is not None:
        from simulator.core.engine import replay_page

        replay_page.check_writable(html_file)
    prepared = runner.prepare(config, checked=checked)
    config = prepared.config
    if html_file is not None:
        _write_replay_page(prepared, game_index, run_dir, html_file, viewer)
        return
    lines = runner.narrate(prepared, game_index)
    click.echo("\n".join(_replay_header(prepared.spec.title, config, game_index, run_dir) + [""] + lines))


def _write_replay_page(prepared, game_index: int, run_dir: Path | None, html_file: Path, viewer: int | None) -> None:
    """``replay --html``: the page of game ``game_index`` (as seat ``viewer`` sees it, when given)."""
    from simulator.core.engine import replay_page

    config = prepared.config
    if viewer is not None and not 1 <= viewer <= config.players:
        raise UsageError(f"--seat must be a seat from 1 to {config.players}, not {viewer}")
    header = _replay_header(prepared.spec.title, config, game_index, run_dir)
    text, steps = replay_page.build_page(prepared.spec, prepared.lineup.functions, prepared.lineup.names,
                                         prepared.lineup.params,
                                         prepared.variant_flags, config.seed, game_index,
                                         None if viewer is None else viewer - 1, header)  # fmt: skip
    replay_page.write_page(html_file, text)
    _say(f"wrote {html_file}: {steps} steps, {len(text.encode()) / 1e6:.2f} MB")


def _replayed_run(run_dir: Path, game_index: int, *configuration_options) -> RunConfig:
    """The configuration of game ``game_index`` of the run stored in ``run_dir``."""
    from simulator.core.run import runner

    if any(option not in (None, ()) for option in configuration_options):
        raise UsageError("replay RUN_DIR takes the configuration from the run folder; give only --game-index")
    config = runner.config_from_folder(run_dir)
    if game_index >= config.n:
        raise UsageError(f"--game-index {game_index} is past the end of {run_dir}: its games are 0 to {config.n - 1}")
    return config


def _replay_header(title: str, config: RunConfig, game_index: int, run_dir: Path | None) -> list[str]:
    """What is replayed: game, players, lineup (seats 1..P), variants, event settings, seed, game index."""
    source = f" of {run_dir}" if run_dir is not None else ""
    lineup = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(config.lineup, start=1))
    event_settings = (("events forced", config.force_events), ("events excluded", config.exclude_events))
    events = "".join(f"; {label}: {', '.join(cards)}" for label, cards in event_settings if cards)
    lines = [
        f"replay: {title}, {config.players} players, seed {config.seed}, game index {game_index}{source}",
        f"lineup: {lineup}",
        f"variants: {', '.join(config.variants) or 'none'}{events}",
    ]
    if config.rules:
        lines.append(f"rule settings: {rules_text(config.rules)}")
    return lines


@cli.command()
@_run_options
@click.option("--n", "n_games", type=limits.CHUNK_GAMES, default=20_000, help="Games for the compiled measurements.")
@click.option("--python-n", type=limits.OPTIONAL_CHUNK_GAMES, default=200,
              help="Games for the pure-Python comparison (0 to skip).")
@click.option("--run-n", type=limits.OPTIONAL_GAMES, default=0, help="Also time a full `islandsim run` of this many games.")
@click.option("--jobs", type=limits.JOBS, default=None, help="Processes for the all-cores figure (default: all cores).")
@click.option("--seed", type=limits.SEED, default=1, help="Run seed.")
@click.option("--dask", "with_dask", is_flag=True, help="Also measure a local Dask cluster against local processes.")
@click.option("--trajectories", "with_trajectories", is_flag=True,
              help="Also measure one core recording score trajectories, and their cost.")
@click.option("--ismcts-n", type=limits.OPTIONAL_CHUNK_GAMES, default=0,
              help="Also measure the search player ismcts in every seat over this many games: CPU per decision.")
@click.option("--row", "row_file", type=click.Path(path_type=Path), default=None,
              help="Append the figures as one row of the README's speed table to this file (islandsim bench-table).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@adapts_players
def bench(game_id, players, lineup, strategy_names, variant_names, rule_assignments, rules_file, force_events,
          exclude_events, n_games, python_n, run_n, jobs, seed, with_dask, with_trajectories, ismcts_n, row_file,
          as_json) -> None:  # fmt: skip
    """Measure games/s on one core, on all cores, and as pure Python."""
    from simulator.benchmark import table
    from simulator.benchmark import speed as benchmark_module
    from simulator.core.run import runner

    started = table.machine_conditions()
    jobs = runner.local_jobs(jobs, _say)
    config = runner.RunConfig(game_id, players, n_games, seed, lineup_names(lineup, strategy_names),
                              tuple(variant_names), force_events=tuple(force_events),
                              exclude_events=tuple(exclude_events),
                              rules=user_rules(game_id, rule_assignments, rules_file))  # fmt: skip
    figures = benchmark_module.benchmark(config, n_games, python_n, run_n, jobs, dask=with_dask,
                                         trajectories=with_trajectories)  # fmt: skip
    if ismcts_n > 0:
        figures["ismcts"] = table.ismcts_cost(config, ismcts_n)
    if row_file is not None:
        table.append_row(row_file, figures, started)
    if config.rules:
        figures["rules"] = dict(config.rules)
    if as_json:
        click.echo(json.dumps(figures, indent=2))
    else:
        if config.rules:
            click.echo(f"rule settings: {rules_text(config.rules)}")
        click.echo(benchmark_module.format_benchmark(figures))
        if "ismcts" in figures:
            click.echo(table.format_ismcts(figures["ismcts"]))


@cli.command()
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--out", required=True,
              help="File to write (.csv, .parquet or .json), or - to print CSV or JSON on stdout.")
@click.option("--format", "fmt", type=click.Choice(("csv", "parquet", "json")), default=None,
              help="File format, when not the one the --out extension names (with --out -: csv).")
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
def export(run_dir, out, fmt, force) -> None:
    """Write the results of a run folder as one CSV, Parquet or JSON table (one row per seat and game)."""
    from simulator.cli.options import file_format
    from simulator.core.store import export as export_module

    if out == export_module.STDOUT:
        fmt = fmt or "csv"
    else:
        fmt = file_format(Path(out), fmt, export_module.EXTENSIONS, "--out")
    rows = export_module.export_run(run_dir, out, fmt, force)
    if out != export_module.STDOUT:
        _say(f"{rows:,} rows written to {out}")


@cli.command()
@click.argument("run_dir", type=click.Path(path_type=Path))
def repair(run_dir) -> None:
    """Rebuild the manifest of RUN_DIR from its chunks' own metadata (a damaged or lost manifest)."""
    manifest, notes = results.repair_run(run_dir, __version__)
    for note in notes:
        _say(note)
    games = sum(chunk["games"] for chunk in manifest["chunks"])
    click.echo(f"{run_dir}: manifest rebuilt from {len(manifest['chunks'])} chunks, {games:,} of {manifest['n']:,} games, "
               f"status {manifest['status']}")  # fmt: skip
    if manifest["status"] != "complete":
        click.echo(f"complete it with: islandsim run --resume {run_dir}")


def _register_analysis_commands() -> None:
    from simulator.cli.analysis import register
    from simulator.cli.coverage import coverage_command

    register(cli)
    cli.add_command(coverage_command())


_register_analysis_commands()


def _register_player_commands() -> None:
    """tune, adapt, ladder, skill, check-strategy: one module each (docs/analysis.md, "Players")."""
    from simulator.cli.adapt import adapt_command
    from simulator.cli.check_strategy import check_strategy_command
    from simulator.cli.ladder import ladder_command
    from simulator.cli.skill import skill_command
    from simulator.cli.tune import tune_command

    for factory in (tune_command, adapt_command, ladder_command, skill_command, check_strategy_command):
        command = factory()
        cli.add_command(command, command.name)


_register_player_commands()


def _register_play_command() -> None:
    from simulator.cli.play import register

    register(cli)


_register_play_command()


def _register_benchmark_commands() -> None:
    from simulator.cli.benchmark import register

    register(cli)


_register_benchmark_commands()


def _fail(message: str) -> None:
    """The one way a command fails: a single line ``error: ...`` on stderr, exit status 2."""
    _say("error: " + " ".join(str(message).split()))
    sys.exit(EXIT_USAGE)


RESOURCE_TRACKER_WARNINGS = "ignore:resource_tracker:UserWarning"
"""The warnings filter handed to the resource trackers of loky and multiprocessing."""


def _quiet_resource_trackers() -> None:
    """Keep a stopped command's one line the only one.  The resource trackers of loky and
    multiprocessing are processes of their own, started with this interpreter's ``-W`` options
    (``sys.warnoptions``); at shutdown after a Ctrl-C they may warn about a temporary folder the
    stop already removed ("resource_tracker: ...: FileNotFoundError"), four lines on stderr that
    say nothing to the user (seen once in three runs of the tune interruption test)."""
    if RESOURCE_TRACKER_WARNINGS not in sys.warnoptions:
        sys.warnoptions.append(RESOURCE_TRACKER_WARNINGS)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the CLI, turning every input error into one line and exit 2.

    Besides bad input (:class:`UsageError`, click's usage errors), a file system refusing a
    write or a read (disk full, permissions: ``OSError``) and exhausted memory end the same way,
    without a traceback; any other exception is a bug in islandsim and keeps its traceback.
    """
    remember(argv if argv is not None else sys.argv[1:])
    _quiet_resource_trackers()
    from simulator.core.run import runner

    runner.keep_swallowed_stops()  # a Ctrl-C landing while numba compiles still stops the command
    try:
        cli.main(args=argv, prog_name="islandsim", standalone_mode=False)
    except UsageError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot go on: {describe_os_error(error)}")
    except MemoryError:
        _fail("out of memory: give a smaller --n, --chunk-size or --jobs")
    except _NO_ARGS_IS_HELP as error:  # bare `islandsim`: show the help, as click does
        click.echo(error.ctx.get_help() if error.ctx else "")
        sys.exit(0)
    except click.UsageError as error:
        _fail(error.format_message())
    except click.exceptions.Abort:
        _say("aborted")
        sys.exit(130)
    except click.exceptions.Exit as exit_request:
        sys.exit(exit_request.exit_code)


if __name__ == "__main__":
    main()
