"""Options that several ``islandsim`` commands share, declared once so they read the same everywhere.

- ``--lineup a,b,c`` / repeated ``--strategy``: the strategies, parsed by
  :func:`simulator.core.players.strategies.lineup_names` (run, bench, replay, tournament, compare);
- ``--format text|md|csv``: how a command prints its tables (:mod:`simulator.core.run.tables`);
- ``--quiet``: no progress bar and no notices on stderr;
- shell completion of game ids and strategy names (``_ISLANDSIM_COMPLETE``, see README.md);
- :func:`file_format`: the format of an output file, from ``--format`` or else its extension.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

import click

from simulator.core.run import limits, tables
from simulator.core.engine.registry import UsageError


def complete_game_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of ``--game``: the registered game ids."""
    from simulator.core.engine.registry import game_ids

    return [game_id for game_id in game_ids() if game_id.startswith(incomplete)]


def complete_strategy(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of ``--lineup`` / ``--strategy``: the strategies of the ``--game`` typed
    before, completing the last name of a comma list."""
    from simulator.core.engine.registry import GAME_MODULES, get_game

    game_id = ctx.params.get("game_id")
    if game_id not in GAME_MODULES:
        return []
    done, comma, last = incomplete.rpartition(",")
    names = get_game(game_id).strategy_descriptions
    return [done + comma + name for name in names if name.startswith(last)]


def game_option(required: bool = True, help_text: str = "Game id (see `islandsim games`).") -> Callable:
    """``--game ID`` (parameter ``game_id``), completed from the registered games."""
    # no explicit default when required: click 8.3+ treats an explicit default=None as a value,
    # and a missing --game would then reach the command as None
    return click.option("--game", "game_id", required=required, help=help_text,
                        shell_complete=complete_game_id)  # fmt: skip


def lineup_options(function: Callable) -> Callable:
    """``--lineup a,b,c`` and the repeated ``--strategy NAME`` (parameters ``lineup``, ``strategy_names``)."""
    function = click.option("--strategy", "strategy_names", multiple=True, shell_complete=complete_strategy,
                            help="Strategy per seat, in seat order (repeat); same as --lineup.")(function)  # fmt: skip
    return click.option("--lineup", default=None, shell_complete=complete_strategy,
                        help="Strategies seat by seat as a comma list, e.g. greedy,bluffer,greedy,greedy "
                             "(see `islandsim strategies --game G`).")(function)  # fmt: skip


def rules_options(function: Callable) -> Callable:
    """``--set NAME=VALUE`` (repeat) and ``--rules FILE.toml`` (parameters ``rule_assignments``,
    ``rules_file``): the game's rule settings (``islandsim rules --game G`` lists them)."""
    function = click.option("--rules", "rules_file", type=click.Path(path_type=Path), default=None,
                            help="A rules file (TOML, `name = value` lines; component files beside it) "
                                 "of rule settings.")(function)  # fmt: skip
    return click.option("--set", "rule_assignments", multiple=True, metavar="NAME=VALUE",
                        help="A rule setting, e.g. --set first_player_bonus=2 in Loot Island (repeat; `islandsim "
                             "rules --game G` lists a game's settings). Wins over --rules.")(function)  # fmt: skip


def user_rules(game_id: str | None, assignments: tuple[str, ...], rules_file: Path | None) -> tuple[tuple[str, str], ...]:
    """The canonical rule settings of ``--set`` / ``--rules`` for ``game_id`` (empty without them);
    :class:`UsageError` for an unknown name, a bad value or an unreadable file (nothing is played)."""
    if not assignments and rules_file is None:
        return ()
    from simulator.core.engine.registry import get_game
    from simulator.core.engine.rule_settings import parse_assignment, user_values

    if game_id is None:
        raise UsageError("--set and --rules need --game (rule settings belong to a game)")
    spec = get_game(game_id)
    if spec.rule_settings is None:
        raise UsageError(f"{spec.title} declares no rule settings; --set and --rules do not apply to it")
    pairs = [parse_assignment(text) for text in assignments]
    return user_values(spec.rule_settings, pairs, [rules_file] if rules_file is not None else [])


def check_table_options(as_json: bool, table_format: str) -> None:
    """``--json`` prints JSON; a table format besides the default text is then a contradiction."""
    if as_json and table_format != "text":
        raise UsageError(f"give --json or --format {table_format}, not both")


def table_format_option(function: Callable) -> Callable:
    """``--format text|md|csv`` for the tables a command prints (parameter ``table_format``)."""
    return click.option("--format", "table_format", type=click.Choice(tables.FORMATS), default="text",
                        show_default=True,
                        help="How tables are printed: aligned text, Markdown, or CSV (tables only, unrounded).",
                        )(function)  # fmt: skip


def quiet_option(function: Callable) -> Callable:
    """``--quiet`` (parameter ``quiet``): nothing on stderr but errors."""
    return click.option("--quiet", "-q", is_flag=True,
                        help="No progress bar and no notices on stderr (errors are still printed).",
                        )(function)  # fmt: skip


def stderr_notices(quiet: bool) -> Callable[[str], None] | None:
    """The function that prints a notice on stderr, or ``None`` (silence) with ``--quiet``."""
    if quiet:
        return None
    return lambda message: click.echo(message, err=True)


def file_format(path: Path, fmt: str | None, formats: dict[str, str], option: str,
                format_option: str = "--format") -> str:  # fmt: skip
    """The format of output file ``path``: ``fmt`` when given, else the one its extension names.

    ``formats`` maps each extension (``.md``) to its format (``md``); ``option`` and
    ``format_option`` name the options in the error raised when the extension says nothing.
    """
    if fmt is not None:
        return fmt
    suffix = Path(path).suffix.lower()
    if suffix in formats:
        return formats[suffix]
    known = ", ".join(formats)
    raise UsageError(f"cannot tell the format of {option} {path} from its extension; "
                     f"use one of {known}, or give {format_option}")  # fmt: skip


def workers_options(function):
    """``--jobs`` and ``--scheduler`` (a Dask scheduler address) of the commands that play in worker processes."""
    function = click.option("--scheduler", envvar="DASK_SCHEDULER_ADDRESS", default=None,
                            help="Dask scheduler address.")(function)
    return click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores).")(function)


def store_options(function):
    """``--results`` (the run store) and ``--chunk-size`` of the commands that play through it."""
    from simulator.analysis.studies.store import DEFAULT_STORE

    function = click.option("--chunk-size", type=limits.CHUNK_SIZE, default=0,
                            help="Games per stored chunk (default: the game's, split over the jobs); a kill -9 "
                                 "loses at most the chunks in progress.")(function)  # fmt: skip
    return click.option("--results", "store_folder", type=click.Path(path_type=Path), default=DEFAULT_STORE,
                        show_default=True,
                        help="Run store: every lineup's games are kept here, resumed after an interruption and "
                             "reused when asked again.")(function)  # fmt: skip


def adapts_players(function: Callable) -> Callable:
    """Run a command with ``STRATEGY@adapted`` names adapted into its run store (``--results``,
    else ``results/store``) with its ``--jobs`` and ``--scheduler``, notices silenced by ``--quiet``
    (docs/strategies.md, "Adapted players").  Put it under the command's options."""

    @functools.wraps(function)
    def with_adapter(*arguments, **options):
        from simulator.analysis.studies.adapt import adapting
        from simulator.analysis.studies.store import DEFAULT_STORE
        from simulator.core.run import runner

        store = options.get("store_folder") or DEFAULT_STORE
        jobs = options.get("jobs")
        jobs = runner.local_jobs(jobs) if isinstance(jobs, int) and jobs > 0 else runner.default_jobs()
        with adapting(store, jobs, stderr_notices(bool(options.get("quiet"))), options.get("scheduler")):
            return function(*arguments, **options)

    return with_adapter
