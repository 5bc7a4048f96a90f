"""The analysis commands of ``islandsim``: tournament, compare, report, experiment.

``register(cli)`` adds them to the click group of :mod:`simulator.cli`.  Bad input raises
:class:`~simulator.core.engine.registry.UsageError`, which the CLI prints as one line (exit 2).
"""

from __future__ import annotations

import contextlib
import json
import secrets
from pathlib import Path

import click
import polars as pl

from simulator.analysis.stats import compare as compare_module
from simulator.analysis.studies import adapt as adapt_module, experiment as experiment_module
from simulator.analysis.report import document as report_module
from simulator.analysis.stats import coverage, stalls, intervals as stats, tournament as tournament_module
from simulator.analysis.stats import seats as seats_module
from simulator.core.engine.rule_settings import rules_text
from simulator.core.store.results import rules_changed_lines
from simulator.analysis.studies import store
from simulator.cli.interruption import again_with_seed, command_again, kept_in_store, on_stop, stopped_with_a_line
from simulator.analysis.stats.runs import load_run
from simulator.cli.options import (
    adapts_players, check_table_options, file_format, game_option, lineup_options, quiet_option, rules_options,
    stderr_notices,
    table_format_option, user_rules,
)
from simulator.core.run import limits, runner
from simulator.core.store.paths import check_output_file, check_output_folder
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError, get_game
from simulator.core.players.strategies import check_strategy_name, lineup_names
from simulator.core.run.tables import Column, Table, render

REPORT_EXTENSIONS = {".html": "html", ".htm": "html", ".md": "md"}
"""Report file extension -> format, when no format option is given."""


def _jobs(jobs: int | None) -> int:
    """Worker processes: all cores by default, more than the cores lowered with a warning (even with --quiet)."""
    return runner.local_jobs(jobs, stderr_notices(False))


def _check_outputs(store_folder: Path | None = None, reports: tuple[tuple[str, Path | None], ...] = (),
                   fmt: str = "html", folders: tuple[tuple[str, Path | None], ...] = ()) -> None:  # fmt: skip
    """Refuse, before anything is played, any output path of a command that cannot be written:
    the run store, each ``(option, report file)`` (with its ``<stem>_files/`` folder in Markdown)
    and each ``(option, folder)``."""
    if store_folder is not None:
        check_output_folder(store_folder, "--results")
    for option, folder in folders:
        if folder is not None:
            check_output_folder(folder, option)
    for option, path in reports:
        if path is not None:
            check_output_file(path, option)
            if fmt == "md":
                check_output_folder(report_module.markdown_files_folder(Path(path)), option)


def _seed(seed: int | None) -> tuple[int, bool]:
    """The run seed, and whether it was drawn at random (announced once the input is valid)."""
    return (secrets.randbits(32), True) if seed is None else (seed, False)


def _tell(say, message: str) -> None:
    """Print a notice on stderr, unless ``--quiet`` made ``say`` None."""
    if say is not None:
        say(message)


def _prepare_all(configs: list[runner.RunConfig], seed: int, random_seed: bool, say) -> None:
    """Validate every run before playing any; then announce a random seed."""
    for config in configs:
        runner.prepare(config)
    if random_seed:
        _tell(say, f"seed {seed} (pass --seed {seed} to reproduce)")


def _report_format(out: Path | None, fmt: str | None, option: str, format_option: str) -> str | None:
    """The format of a report file: ``fmt`` when given, else its extension's (.html, .md).

    The path is checked first, so a folder or an unwritable path is named as such rather than
    as an unknown extension."""
    if out is None:
        return None
    check_output_file(out, option)
    return file_format(out, fmt, REPORT_EXTENSIONS, option, format_option)


def _write_report(document: report_module.Document, out: Path | None, fmt: str | None, say) -> None:
    if out is not None:
        path = report_module.write(document, out, fmt)
        _tell(say, f"report written to {path}")


def _study_options(function):
    options = [
        click.option("--seed", type=limits.SEED, default=None, help="Run seed shared by every run (default: random, printed)."),
        click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores; at most the cores)."),
        click.option("--results", "store_folder", type=click.Path(path_type=Path), default=store.DEFAULT_STORE,
                     show_default=True, help="Run store: runs are kept here and reused when identical."),  # fmt: skip
        click.option("--report", "report_out", type=click.Path(path_type=Path), default=None,
                     help="Also write a report to this file (.html, or .md: Markdown with PNGs)."),  # fmt: skip
        click.option("--report-format", "report_fmt", type=click.Choice(report_module.FORMATS), default=None,
                     help="Report format when the --report extension does not say it."),  # fmt: skip
        click.option("--json", "as_json", is_flag=True, help="Print the tables as JSON."),
        table_format_option,
        quiet_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _sweep_options(function):
    """The study options of ``sweep`` but a report (its chart is ``--chart``; experiment files put a
    sweep in a report)."""
    options = [
        click.option("--seed", type=limits.SEED, default=None, help="Run seed shared by every value (default: random, printed)."),
        click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores; at most the cores)."),
        click.option("--results", "store_folder", type=click.Path(path_type=Path), default=store.DEFAULT_STORE,
                     show_default=True, help="Run store: every value's games are kept here and reused when asked again."),  # fmt: skip
        click.option("--json", "as_json", is_flag=True, help="Print the answer and every value as JSON."),
        table_format_option,
        quiet_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _show(unit: str):
    """How a table cell of ``unit`` reads: '%' rate, 'pp' points, '+' signed, 'p' p-value, '' as is."""
    if unit == "p":
        return report_module.p_text
    return lambda value: stats.format_number(value, unit) if isinstance(value, float) else str(value)


def _table(frame: pl.DataFrame, columns: list[tuple[str, str, str]]) -> Table:
    """``frame`` as a printable table of (column, header, unit) columns."""
    return Table([Column(header, key, _show(unit)) for key, header, unit in columns], frame.to_dicts())


def tournament_command():
    @click.command("tournament")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @lineup_options
    @click.option("--strategies", "old_strategies", default=None, hidden=True, help="Former name of --lineup.")
    @click.option("--n", "n_games", type=limits.GAMES, required=True, help="Games (deals) per lineup.")
    @click.option("--orders", type=click.Choice(tournament_module.ORDERS), default="rotations", show_default=True,
                  help="Seat orders of each lineup: cyclic rotations, or every distinct permutation.")  # fmt: skip
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant for every game (repeat to combine).")
    @rules_options
    @_study_options
    @adapts_players
    def tournament(game_id, players, lineup, strategy_names, old_strategies, n_games, orders, variant_names,
                   rule_assignments, rules_file, seed, jobs, store_folder, report_out, report_fmt, as_json, table_format,
                   quiet):  # fmt: skip
        """Play strategies against each other in every seat rotation on the same deals; rank them.

        The strategies (--lineup a,b,c or repeated --strategy) need not match the seats: fewer
        strategies than seats are repeated in order to fill them (a,b at 4 players: a,b,a,b);
        more strategies than seats play every group of that many.  Each lineup is then played in
        every rotation (--orders rotations) or every seat order (--orders permutations).
        """
        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        if old_strategies is not None and lineup is not None:
            raise UsageError("give the lineup once: --lineup a,b,c or repeated --strategy, not both")
        names = list(lineup_names(lineup if lineup is not None else old_strategies, strategy_names))
        report_fmt = _report_format(report_out, report_fmt, "--report", "--report-format")
        _check_outputs(store_folder, (("--report", report_out),), report_fmt)
        spec = get_game(game_id)
        for name in names:
            check_strategy_name(spec, name)
        lineups = tournament_module.lineups(names, players, orders)
        (seed, random_seed), jobs = _seed(seed), _jobs(jobs)
        arm = store.baseline_arm(tuple(variant_names), user_rules(game_id, rule_assignments, rules_file))
        configs = [store.make_config(game_id, players, n_games, seed, lineup, arm) for lineup in lineups]
        on_stop(kept_in_store(store_folder, configs), again_with_seed(seed, random_seed))
        _prepare_all(configs, seed, random_seed, say)
        _tell(say, tournament_module.seating_notice(names, players, orders))
        _tell(say, f"{len(configs)} lineups x {n_games:,} games")
        runs = [store.ensure_run(config, store_folder, jobs, say) for config in configs]
        ranked = tournament_module.ranking(runs)
        pairs = tournament_module.head_to_head(runs)
        if as_json:
            click.echo(json.dumps({"ranking": ranked.to_dicts(), "head_to_head": pairs.to_dicts(),
                                   "rules_changed": rules_changed_lines(runs[0].manifest),
                                   "capped": stalls.capped_rate(runs),
                                   "runs": [str(run.path) for run in runs]}, indent=2))  # fmt: skip
        else:
            changed = rules_changed_lines(runs[0].manifest)
            click.echo(render([
                tournament_module.tournament_summary(ranked, pairs),
                *(["rules changed: " + "; ".join(changed)] if changed else []),
                stalls.capped_sentence(runs),
                "",
                _table(ranked, [("position", "#", ""), ("strategy", "strategy", ""), ("win_rate", "win rate", "%"),
                                ("low", "low", "%"), ("high", "high", "%"), ("mean_score", "mean score", "")]),
                "",
                "head to head: share of meetings the row finished ahead of the column (ties half)",
                _table(pairs, [("a", "strategy", ""), ("b", "opponent", ""), ("ahead", "ahead", "%"),
                               ("low", "low", "%"), ("high", "high", "%")]),
            ], table_format))  # fmt: skip
        if report_out is not None:
            spec_title = runs[0].manifest.get("title", game_id)
            document = report_module.Document(f"{spec_title}: tournament of {', '.join(names)} at {players} players")
            report_module.add_study(document, [(arm.label, runs)], f"{players} players")
            report_module.add_manifest(document, runs)
            _write_report(document, report_out, report_fmt, say)

    return tournament


def compare_command():
    @click.command("compare")
    @click.argument("run_dirs", nargs=-1, type=click.Path(path_type=Path))
    @game_option(required=False, help_text="Game id, to play the baseline and the setups now.")
    @click.option("--players", type=int, default=None, help="Number of players.")
    @click.option("--n", "n_games", type=limits.GAMES, default=None, help="Games per setup.")
    @lineup_options
    @click.option("--base-variant", "base_variants", multiple=True, help="Variant of the baseline (repeat to combine).")
    @click.option("--variant", "variant_names", multiple=True,
                  help="A setup to compare: a variant or a rule setting NAME=VALUE (repeat for several; a+b combines).")
    @rules_options
    @click.option("--force-event", "force_events", multiple=True, help="Compare a setup with this event card forced (repeat).")
    @click.option("--exclude-event", "exclude_events", multiple=True, help="Compare a setup without this event card (repeat).")
    @click.option("--sequential", is_flag=True,
                  help="Play in steps of --n games until every seat's win-rate difference is decided (docs/analysis.md).")
    @click.option("--alpha", type=limits.OpenFraction(0, 1, "an error rate"), default=0.05, show_default=True,
                  help="With --sequential: error rate.")  # fmt: skip
    @click.option("--margin", type=limits.OpenFraction(0, 1, "a win-rate difference"), default=0.01, show_default=True,
                  help="With --sequential: a difference within ± this is negligible.")
    @click.option("--max-n", type=limits.GAMES, default=1_000_000, show_default=True, help="With --sequential: cap on games.")
    @click.option("--trajectories", is_flag=True, help="Also store every game's score trajectory in the runs played.")
    @_study_options
    @adapts_players
    def compare(run_dirs, game_id, players, n_games, lineup, strategy_names, base_variants, variant_names,
                rule_assignments, rules_file, force_events, exclude_events, sequential, alpha, margin, max_n, trajectories, seed, jobs, store_folder, report_out,
                report_fmt, as_json, table_format, quiet):  # fmt: skip
        """Paired differences of rule setups on the same deals: RUN_DIRS (first = baseline), or play them now."""
        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        strategy_names = lineup_names(lineup, strategy_names)
        report_fmt = _report_format(report_out, report_fmt, "--report", "--report-format")
        _check_outputs(None if run_dirs else store_folder, (("--report", report_out),), report_fmt)
        if trajectories and (sequential or run_dirs):
            raise UsageError("--trajectories stores trajectories in the runs compare plays now; "
                             "it does not go with --sequential or run folders")  # fmt: skip
        base_rules = user_rules(game_id, rule_assignments, rules_file)
        if sequential:
            arms = _compared_arms(game_id, base_variants, base_rules, variant_names, force_events, exclude_events)
            _compare_sequentially(game_id, players, n_games, strategy_names, base_variants, base_rules, arms, run_dirs,
                                  alpha, margin, max_n, seed, jobs, store_folder, as_json, table_format, say)  # fmt: skip
            return
        if run_dirs:
            if game_id or strategy_names or variant_names or force_events or exclude_events:
                raise UsageError("give either run folders or --game with --variant/--force-event/--exclude-event, not both")
            if len(run_dirs) < 2:
                raise UsageError("give a baseline run folder and at least one other run folder to compare")
            runs = [load_run(path) for path in run_dirs]
            groups = [(run.label, [run]) for run in runs]
            labels = [f"{path.name} ({run.label})" for path, run in zip(run_dirs, runs)]
            groups = [(label, members) for label, (_, members) in zip(labels, groups)]
            notes = compare_module.provenance_notes(runs[0], runs[1:])
        else:
            notes = []
            groups = _play_comparison(game_id, players, n_games, strategy_names, base_variants, base_rules,
                                      variant_names, force_events, exclude_events, seed, jobs, store_folder, say,
                                      trajectories)  # fmt: skip
        table = compare_module.compare_groups(groups[0][1], groups[1:])
        never_seen = coverage.never_seen_by_setup(groups)
        balance = seats_module.balance_rows(groups)
        catch_up = _catch_up(groups)
        if as_json:
            capped = {label: stalls.capped_rate(members) for label, members in groups}
            click.echo(json.dumps({"baseline": groups[0][0], "differences": table.to_dicts(), "never_happened": never_seen,
                                   "capped": capped, "notes": notes, "seat_balance": balance, "catch_up": catch_up},
                                  indent=2))  # fmt: skip
        else:
            lineup = groups[0][1][0].manifest.get("lineup", [])
            players_line = (f"players: {lineup[0]} in every seat" if len(set(lineup)) == 1 else
                            "players: " + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(lineup, 1)))  # fmt: skip
            parts: list = [f"baseline: {groups[0][0]}", players_line, *notes, *compare_module.comparison_summary(table)]
            capped = [(label, stalls.capped_rate(members)) for label, members in groups]
            if capped[0][1]["stall_cap"]:
                parts += [f"{label}: {stalls.capped_line_of(rate)}" for label, rate in capped]
            else:
                parts.append(stalls.capped_line_of(capped[0][1]))
            if never_seen:
                parts.append("never happened: " + "; ".join(never_seen))
            parts += [f"{entry['setup']}: {entry['sentence']}" for entry in catch_up]
            parts += ["", "seat balance of each setup: win rate per seat, 95% interval; largest gap from the fair share",
                      _balance_table(balance)]
            for unit, title in (("pp", "rates (percentage points)"), ("", "means")):
                part = table.filter(pl.col("unit") == unit)
                if part.is_empty():
                    continue
                parts += ["", title, _table(part, [
                    ("arm", "setup", ""), ("measure", "measure", ""), ("difference", "difference", unit or "+"),
                    ("low", "low", unit or "+"), ("high", "high", unit or "+"), ("p_holm", "Holm p", "p"),
                    ("verdict", "verdict", "")])]  # fmt: skip
            click.echo(render(parts, table_format))
        if report_out is not None:
            first = groups[0][1][0].manifest
            document = report_module.Document(f"{first.get('title', first['game'])}: setups compared at {first['players']} players")
            kind = "event setting" if (force_events or exclude_events) and not variant_names else "setup"
            report_module.add_study(document, groups, f"{first['players']} players", kind)
            report_module.add_manifest(document, [run for _, members in groups for run in members])
            _write_report(document, report_out, report_fmt, say)

    return compare


def _catch_up(groups: list[tuple[str, list]]) -> list[dict]:
    """Per compared setup, catch-up or runaway: the paired change of the gap between first and last
    (final scores, so every run has it; no trajectories needed), first runs of each group."""
    from simulator.analysis.report import answers as report_answers, quality as report_quality

    found = []
    for label, members in groups[1:]:
        table = report_quality.paired_quality(groups[0][1][0], members[0]).filter(pl.col("key") == "spread")
        if table.is_empty():
            continue
        row = table.row(0, named=True)
        found.append({"setup": label, "difference": row["difference"], "low": row["low"], "high": row["high"],
                      "sentence": report_answers.spread_clause(row)})  # fmt: skip
    return found


def _balance_table(balance: list[dict]) -> Table:
    """One row per setup: every seat's win rate with its interval, the fair share, the largest gap
    and the seats beyond noise."""
    players = len(balance[0]["seats"])
    percent = lambda value: f"{100 * value:.1f}%"  # noqa: E731
    rows = []
    for entry in balance:
        row = {"setup": entry["setup"], "fair": percent(entry["fair_share"]), "gap": f"{100 * entry['largest_gap']:.1f} pp",
               "beyond": ", ".join(f"seat {seat}" for seat in entry["beyond_noise"]) or "none"}
        for seat in entry["seats"]:
            row[f"seat {seat['seat']}"] = f"{percent(seat['win_rate'])} [{100 * seat['low']:.1f}, {100 * seat['high']:.1f}]"
        rows.append(row)
    columns = [Column("setup", "setup")] + [Column(f"seat {seat}", f"seat {seat}") for seat in range(1, players + 1)]
    columns += [Column("fair share", "fair"), Column("largest gap", "gap"), Column("seats beyond noise", "beyond")]
    return Table(columns, rows)


def _compared_arms(game_id, base_variants, base_rules, variant_names, force_events, exclude_events) -> list[store.Arm]:
    """The setups compared with the baseline: each ``--variant`` (a variant, or a rule setting
    ``NAME=VALUE``), forced and excluded card; every one on top of the baseline's variants and rules."""
    base = tuple(base_variants)
    declared = get_game(game_id).rule_settings if game_id in registry.GAME_MODULES else None
    arms = [store.variant_arm(text, base, declared, base_rules) for text in variant_names]
    arms += [store.event_arm("force", card, base, base_rules) for card in force_events]
    arms += [store.event_arm("exclude", card, base, base_rules) for card in exclude_events]
    return arms


def _compare_sequentially(game_id, players, checkpoint, strategy_names, base_variants, base_rules, compared, run_dirs,
                          alpha, margin, max_n, seed, jobs, store_folder, as_json, table_format, say) -> None:  # fmt: skip
    """``compare --sequential``: baseline against one setup, played until every seat is decided."""
    from simulator.core.run import sequential

    if run_dirs or game_id is None or players is None or len(compared) != 1:
        raise UsageError("--sequential compares a baseline with one setup, played now: give --game, --players, "
                         "--n (games per step) and exactly one --variant, --force-event or --exclude-event")  # fmt: skip
    checkpoint = 20_000 if checkpoint is None else checkpoint
    (seed, random_seed), jobs = _seed(seed), _jobs(jobs)
    arms = [store.baseline_arm(tuple(base_variants), base_rules), compared[0]]
    configs = [store.make_config(game_id, players, checkpoint, seed, tuple(strategy_names), arm) for arm in arms]
    _prepare_all(configs, seed, random_seed, say)
    folders = [store_folder / f"sequential-{game_id}-{players}p-seed{seed}-{arm.label.replace(' ', '').replace(':', '-')}"
               for arm in arms]  # fmt: skip
    on_stop(lambda: f"the paired games played so far, in {folders[0]} and {folders[1]}", again_with_seed(seed, random_seed))
    outcome = sequential.compare_sequentially(configs[0], configs[1], folders[0], folders[1], jobs, alpha=alpha,
                                              margin=margin, checkpoint=checkpoint, max_n=max_n, say=say)  # fmt: skip
    if as_json:
        click.echo(json.dumps(dict(outcome, baseline=arms[0].label, variant=arms[1].label), indent=2))
        return
    points = lambda value: f"{100 * value:+.2f}"  # noqa: E731
    seats = Table([Column("seat", "seat"), Column("win-rate difference (points)", "mean_difference", points),
                   Column("95% interval", ("low", "high"), lambda low, high: f"[{points(low)}, {points(high)}]"),
                   Column("verdict", "verdict")], outcome["seats"])  # fmt: skip
    click.echo(render([
        f"{arms[1].label} against {arms[0].label}: {outcome['games']:,} paired games, "
        f"{'decided' if outcome['decided'] else 'NOT decided (--max-n reached)'}",
        f"method: {outcome['method']}; alpha {alpha}, margin ±{100 * margin:.1f} points",
        seats,
    ], table_format))  # fmt: skip


def _play_comparison(game_id, players, n_games, strategy_names, base_variants, base_rules, variant_names, force_events,
                     exclude_events, seed, jobs, store_folder, say, trajectories=False) -> list[tuple[str, list]]:  # fmt: skip
    """Play (or reuse) the baseline and each setup on the same seed; ``(label, [run])`` groups."""
    missing = [name for name, value in (("--game", game_id), ("--players", players), ("--n", n_games)) if value is None]
    if missing:
        raise UsageError(f"give run folders, or {', '.join(missing)} to play the comparison now")
    arms = _compared_arms(game_id, base_variants, base_rules, variant_names, force_events, exclude_events)
    if not arms:
        raise UsageError("nothing to compare: give --variant, --force-event or --exclude-event")
    arms = [store.baseline_arm(tuple(base_variants), base_rules)] + arms
    (seed, random_seed), jobs = _seed(seed), _jobs(jobs)
    configs = [store.make_config(game_id, players, n_games, seed, tuple(strategy_names), arm, trajectories=trajectories)
               for arm in arms]  # fmt: skip
    on_stop(kept_in_store(store_folder, configs), again_with_seed(seed, random_seed))
    _prepare_all(configs, seed, random_seed, say)
    return [(arm.label, [store.ensure_run(config, store_folder, jobs, say)]) for arm, config in zip(arms, configs)]


def report_command():
    @click.command("report")
    @click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
    @click.option("--out", "out", type=click.Path(path_type=Path), required=True,
                  help="Report file: .html (one self-contained file) or .md (Markdown with PNGs in <name>_files/).")
    @click.option("--format", "fmt", type=click.Choice(report_module.FORMATS), default=None,
                  help="Report format, when not the one the --out extension names.")  # fmt: skip
    @click.option("--title", default=None, help="Report title.")
    def report(run_dirs, out, fmt, title):
        """Write a balance report of run folders (a folder of runs stands for the runs inside)."""
        fmt = _report_format(out, fmt, "--out", "--format")
        _check_outputs(reports=(("--out", out),), fmt=fmt)
        document = report_module.build_report(run_dirs, title, Path(out).parent)
        _write_report(document, out, fmt, stderr_notices(False))

    return report


def experiment_command():
    @click.command("experiment")
    @click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
    @click.option("--out", "out", type=click.Path(path_type=Path), default=None,
                  help="Report file (one experiment only; default: REPORTS_DIR/<file name>.html).")  # fmt: skip
    @click.option("--reports-dir", type=click.Path(path_type=Path), default=Path("reports"), show_default=True,
                  help="Where the reports go when --out is not given.")  # fmt: skip
    @click.option("--format", "fmt", type=click.Choice(report_module.FORMATS), default=None,
                  help="Report format: default the --out extension's, else html.")
    @click.option("--results", "store_folder", type=click.Path(path_type=Path), default=store.DEFAULT_STORE,
                  show_default=True, help="Run store: runs are kept here and reused when identical.")  # fmt: skip
    @click.option("--jobs", type=limits.JOBS, default=None, help="Worker processes (default: all cores; at most the cores).")
    @click.option("--n", "n_games", type=limits.GAMES, default=None, help="Preview: games per run instead of the file's n.")
    @click.option("--scheduler", envvar="DASK_SCHEDULER_ADDRESS", default=None,
                  help="Dask scheduler address (tcp://HOST:PORT) to play the study, its sweeps and its stronger-play "
                       "check on a cluster.")  # fmt: skip
    @quiet_option
    @click.option("--allow-strategy-modules", is_flag=True,
                  help="Import the module:function strategies the files' lineups name (runs their code).")
    def experiment(files, out, reports_dir, fmt, store_folder, jobs, n_games, scheduler, quiet, allow_strategy_modules):
        """Run the studies of experiments/*.toml (reusing runs on disk) and write their reports."""
        with contextlib.ExitStack() as stack:
            _experiment(stack, files, out, reports_dir, fmt, store_folder, jobs, n_games, scheduler, quiet,
                        allow_strategy_modules)  # fmt: skip

    def _experiment(stack, files, out, reports_dir, fmt, store_folder, jobs, n_games, scheduler, quiet,
                    allow_strategy_modules):  # fmt: skip
        if out is not None and len(files) > 1:
            raise UsageError("--out names one report; with several experiment files use --reports-dir")
        say = stderr_notices(quiet)
        fmt = _report_format(out, fmt, "--out", "--format") if out is not None else (fmt or "html")
        studies = [experiment_module.load_experiment(path) for path in files]  # validate every file first
        for study in studies:
            for lineup in study.lineups:
                runner.refuse_strategy_modules(lineup, f"experiment file {study.path}", "--allow-strategy-modules",
                                               allow_strategy_modules)  # fmt: skip
        targets = [(study, out or Path(reports_dir) / f"{study.path.stem}.{fmt}") for study in studies]
        _check_outputs(store_folder, tuple(("--out" if out else "--reports-dir", target) for _, target in targets), fmt,
                       folders=(() if out else (("--reports-dir", reports_dir),)))  # fmt: skip
        jobs = _jobs(jobs)
        adapter = stack.enter_context(adapt_module.adapting(store_folder, jobs, say, scheduler))  # weights = "adapted"
        for study in studies:  # adapted players are adapted here, once every file and output is checked
            experiment_module.plan_runs(study, n_games)

        configs = [config for study in studies for config in experiment_module.plan_runs(study, n_games).values()]
        with stopped_with_a_line(kept_in_store(store_folder, configs), command_again):
            for study, target in targets:
                _tell(say, f"experiment {study.path}: {study.title}")
                adapter.results.clear()
                runs = experiment_module.run_experiment(study, store_folder, jobs, say, n_games, scheduler)
                sweeps = experiment_module.run_sweeps(study, store_folder, jobs, say, n_games, scheduler)
                document = experiment_module.experiment_report(study, runs, n_games, Path(target).parent, sweeps,
                                                               list(adapter.results))  # fmt: skip
                if n_games is None:
                    experiment_module.confirm_report(document, study, store_folder, jobs, say, scheduler)
                    experiment_module.add_adapted_players(document, study, list(adapter.results))
                _write_report(document, target, fmt, say)
                if out is None and n_games is None:  # the first screens, quotable (README), rewritten with the reports
                    experiment_module.update_findings(Path(target).parent, study.path.stem, Path(target).name, document)
                for line in experiment_module.terminal_summary(document):
                    click.echo(line)

    return experiment


def sweep_command():
    from simulator.analysis.studies import sweep as sweep_module

    @click.command("sweep")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @click.option("--vary", "vary_texts", required=True, multiple=True, metavar="NAME=VALUES",
                  help="The rule setting and its values: A..B (whole steps), A..B:STEP, or A,B,C "
                       "(e.g. seat2_start_amulets=0..2; see `islandsim rules`). Repeat it to try every "
                       "combination of several settings.")  # fmt: skip
    @click.option("--measure", default="seat-imbalance", show_default=True,
                  help="What to bring to its target: " + "; ".join(f"{name}: {text}" for name, text in
                                                                   sweep_module.MEASURES.items()) + ".")  # fmt: skip
    @click.option("--target", "target_text", default=None,
                  help="The value the measure should reach (40, 0.25 or 25%); seat-imbalance: every seat within noise.")
    @click.option("--n", "n_games", type=limits.GAMES, default=10_000, show_default=True, help="Games per value.")
    @lineup_options
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant of every value (repeat to combine).")
    @rules_options
    @click.option("--tries", type=int, default=None,
                  help=f"Search the combinations of several --vary (CMA-ES) and play at most this many of them; "
                       f"without it, up to {sweep_module.MAX_VALUES} combinations are all played and more are "
                       f"searched with {sweep_module.DEFAULT_TRIES} tries.")  # fmt: skip
    @click.option("--chart", "chart_out", type=click.Path(path_type=Path), default=None,
                  help="Also draw the measure against the value, with intervals and the target, to this PNG file.")
    @click.option("--scheduler", envvar="DASK_SCHEDULER_ADDRESS", default=None,
                  help="Dask scheduler address (tcp://HOST:PORT) to play on a cluster.")
    @_sweep_options
    @adapts_players
    def sweep(game_id, players, vary_texts, measure, target_text, n_games, lineup, strategy_names, variant_names,
              rule_assignments, rules_file, tries, chart_out, scheduler, seed, jobs, store_folder, as_json,
              table_format, quiet):  # fmt: skip
        """Play one rule setting over a range of values on the same deals; say which value reaches the target.

        The value is chosen on half of the deals and its measure stated on the other half, with a 95%
        interval.  Every value is a run of the store: Ctrl-C keeps the values played, and asking again
        plays nothing twice.  No value recompiles anything (rule settings are read at run time)."""
        say = stderr_notices(quiet)
        check_table_options(as_json, table_format)
        spec = get_game(game_id)
        registry.check_players(spec, players)
        name, values, axes = sweep_module.plan_values([sweep_module.parse_vary(spec.rule_settings, game_id, text)
                                                       for text in vary_texts], tries)  # fmt: skip
        target = sweep_module.parse_target(target_text, measure)
        sweep_module.check_measure(measure, spec, target)
        sweep_module.check_end_points_measure(name, measure)
        sweep_module.check_seats(name, measure, players)
        if chart_out is not None:
            check_output_file(chart_out, "--chart")
            if chart_out.suffix.lower() != ".png":
                raise UsageError(f"--chart {chart_out}: give a .png file")
            if not chart_out.resolve().parent.is_dir():
                raise UsageError(f"--chart {chart_out}: the folder {chart_out.parent} does not exist; give a .png "
                                 "file in a folder that exists")  # fmt: skip
        _check_outputs(store_folder)
        base_rules = user_rules(game_id, rule_assignments, rules_file)
        for swept in name.split("+"):
            if swept in dict(base_rules):
                raise UsageError(f"{swept} is both swept (--vary) and set (--set/--rules); give it once")
        (seed, random_seed), jobs = _seed(seed), _jobs(jobs)
        plan = sweep_module.Sweep(game_id, players, n_games, seed, name, values, measure, target,
                                  tuple(lineup_names(lineup, strategy_names)), tuple(variant_names), base_rules,
                                  axes=axes, tries=tries or sweep_module.DEFAULT_TRIES)  # fmt: skip
        configs = plan.configs()
        kept = (kept_in_store(store_folder, configs) if not axes else
                lambda: f"every combination the search finished, in {store_folder} (asked again, none is played twice)")  # fmt: skip
        on_stop(kept, again_with_seed(seed, random_seed))
        _prepare_all(configs, seed, random_seed, say)
        result = sweep_module.run_sweep(plan, store_folder, jobs, say, scheduler)
        if chart_out is not None:
            sweep_module.chart(result, chart_out)
            _tell(say, f"wrote {chart_out}")
        if as_json:
            click.echo(json.dumps(dict(result, rules=dict(base_rules), variants=list(variant_names)), indent=2))
            return
        unit = result["unit"]
        rows = [{"value": sweep_module.value_text(name, point["value"]), "measure": sweep_module.shown(point["estimate"], unit),
                 "interval": sweep_module.interval(point["low"], point["high"], unit),
                 "on half the deals": "reaches the target" if point["reaches_on_selection"] else ""}
                for point in result["points"]]  # fmt: skip
        click.echo(render([
            sweep_module.sentence(result),
            f"players: {', '.join(f'seat {seat} {player}' for seat, player in enumerate(result['lineup'], 1))}; "
            f"{n_games:,} games a value, seed {seed}"
            + (f"; other rules: {rules_text(base_rules)}" if base_rules else "")
            + (f"; variants: {', '.join(variant_names)}" if variant_names else ""),
            "",
            Table([Column(name.replace("+", ", "), "value"),
                   Column(f"{sweep_module.PLAIN_NAMES.get(measure, measure)} (all games)", "measure"),
                   Column("95% interval", "interval"),
                   Column("on half the deals", "on half the deals")], rows),
        ], table_format))  # fmt: skip

    return sweep


def register(cli_group: click.Group) -> None:
    """Add the analysis commands to the ``islandsim`` click group."""
    for make in (tournament_command, compare_command, report_command, experiment_command, sweep_command):
        command = make()
        cli_group.add_command(command, command.name)
