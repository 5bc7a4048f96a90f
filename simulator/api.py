"""islandsim from Python (a notebook, a script): run, load, compare and report, with polars
DataFrames back (``frame.to_pandas()`` gives pandas; it needs ``pandas`` and ``pyarrow``).

    from simulator import api

    folder = api.run("tobago", players=3, n=2_000, seed=7, out="results/tobago-3p")
    api.summary(folder)                      # one row per seat: win rate and 95% interval
    rows = api.load(folder)                  # one row per (game, seat): the results files
    other = api.run("tobago", players=3, n=2_000, seed=7, variants=["gold-values-bell"], out="results/bell")
    api.compare(folder, other)               # paired differences, same deals
    api.report([folder, other], "report.html")
    cheap = api.run("loot", players=4, n=2_000, seed=7, rules={"first_player_bonus": 2}, out="results/tile-2")
    api.rules("loot")                        # the rule settings a run can change, one row each
    api.sweep("tobago", players=2, vary="seat2_start_amulets=0..2", n=5_000, seed=1)  # which value is fair?
    api.adapt("loot", players=4, rules={"first_player_bonus": 2})  # the default strategy retuned for a setup

Every function checks its input as the command line does and raises :class:`UsageError` with
the message ``islandsim`` prints after ``error:`` (an unknown game, a bad player count, a
folder holding another run...).  It is the same class the command line catches, so one message
is written once.  The functions are thin: they call what the commands call
(``simulator.core.run.runner``, ``simulator.core.store.results``, ``simulator.analysis``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path

import polars as pl

from simulator.core.engine.registry import UsageError

__all__ = ["UsageError", "run", "load", "manifest", "summary", "seat_advantage", "compare", "report", "replay",
           "rules", "sweep", "adapt"]

RunFolder = str | Path
"""A results folder written by :func:`run` or ``islandsim run --out``."""


def _names(values: str | Iterable[str] | None) -> tuple[str, ...]:
    """A name or names as a tuple (a lone string is one name, not its letters)."""
    if values is None:
        return ()
    if isinstance(values, str):
        return (values,)
    return tuple(values)


def run(game: str, players: int, n: int, *, out: RunFolder, lineup: str | Sequence[str] | None = None,
        variants: str | Sequence[str] = (), seed: int | None = None, jobs: int | None = None,
        force_events: Sequence[str] = (), exclude_events: Sequence[str] = (), chunk_size: int = 0,
        trajectories: bool = False, rules: dict | None = None, rules_file: str | Path | None = None) -> Path:  # fmt: skip
    """Play ``n`` games into the results folder ``out`` (``islandsim run``) and return its path.

    ``lineup``: one strategy per seat in seat order, a list or a comma list as ``--lineup`` takes
    (default: the game's default strategy at every seat).  ``variants``: rule variants
    (``islandsim variants --game G`` lists them).
    ``seed``: the run seed (default: a fresh random one, stored in the folder's manifest).
    ``jobs``: worker processes (default: all cores).  ``out`` must be new or empty, or hold a run
    of the same configuration (then only the missing games are played: resume or extend).
    ``rules``: rule settings, name -> value (``{"first_player_bonus": 2}``; a component file as its
    path), as ``--set``; ``rules_file``: a rules file (TOML), as ``--rules`` (``rules`` wins over it).
    ``islandsim rules --game G`` or :func:`rules` lists the settings.

    Raises :class:`UsageError` on bad input, as ``islandsim run`` reports it.
    """
    from simulator.core.run import limits, runner
    from simulator.core.store import results
    from simulator.core.store.paths import check_output_folder
    from simulator.core.players.strategies import lineup_names

    problem = limits.games_problem(n)
    if problem:
        raise UsageError(f"n {problem}")
    names = lineup_names(lineup) if isinstance(lineup, str) else lineup_names(None, _names(lineup))
    config = runner.RunConfig(game, players, n, secrets.randbits(32) if seed is None else int(seed), names,
                              _names(variants), chunk_size, _names(force_events), _names(exclude_events),
                              trajectories, _user_rules(game, rules, rules_file))  # fmt: skip
    out = Path(out)
    check_output_folder(out, "out")
    prepared = runner.prepare(config)
    results.check_run_folder(out, prepared)
    runner.run(prepared, out, runner.local_jobs(jobs), progress=False)
    return out


def _user_rules(game: str, rules: dict | None, rules_file: str | Path | None) -> tuple[tuple[str, str], ...]:
    from simulator.core.engine.registry import get_game
    from simulator.core.engine.rule_settings import user_values

    if not rules and rules_file is None:
        return ()
    spec = get_game(game)
    if spec.rule_settings is None:
        raise UsageError(f"{spec.title} declares no rule settings; rules do not apply to it")
    if rules is not None and not isinstance(rules, dict):
        raise UsageError(f"rules must be a dict of setting name -> value, not {type(rules).__name__}")
    pairs = [(str(name), str(value) if isinstance(value, Path) else value) for name, value in (rules or {}).items()]
    return user_values(spec.rule_settings, pairs, [Path(rules_file)] if rules_file is not None else [])


def rules(game: str, players: int | None = None) -> pl.DataFrame:
    """The rule settings of ``game`` (``islandsim rules``): one row per setting with its name,
    default (at ``players`` when given), allowed values, rule, whether it is reconstructed, what it
    changes and the variants that set it."""
    from simulator.core.engine.registry import check_players, get_game
    from simulator.core.engine.rule_settings import settings_rows

    spec = get_game(game)
    if spec.rule_settings is None:
        raise UsageError(f"{spec.title} declares no rule settings yet")
    rows = settings_rows(spec.rule_settings)
    if players is not None:
        check_players(spec, players)
        defaults = spec.rule_settings.defaults(players)
        for row in rows:
            value = defaults[row["name"]]
            row["default"] = "the shipped file" if isinstance(value, (list, dict)) else str(value)
    return pl.DataFrame(rows)


def load(folder: RunFolder) -> pl.DataFrame:
    """The tidy rows of a complete run: one row per (game, seat), with ``game``, ``seat`` (1..P),
    ``strategy``, ``winner`` (1 for each seat ranked first), ``score``, ``rank`` and the game's own
    columns (docs/results-format.md).  Raises :class:`UsageError` for a missing or incomplete run."""
    from simulator.analysis.stats.runs import load_run

    return load_run(folder).rows.collect()


def manifest(folder: RunFolder) -> dict:
    """The run's manifest (game, players, lineup, variants, seed, n, code versions, chunks)."""
    from simulator.analysis.stats.runs import load_run

    return load_run(folder).manifest


def summary(folder: RunFolder, by: str = "seat") -> pl.DataFrame:
    """The run's win rates as ``islandsim run`` prints them, one row per seat (``by="seat"``) or
    per strategy (``by="strategy"``): games, wins, win_rate with its 95% Wilson interval
    (win_rate_low, win_rate_high), mean_score and sd_score."""
    from simulator.analysis.stats.runs import load_run
    from simulator.core.run.summary import summarize

    if by not in ("seat", "strategy"):
        raise UsageError(f"by must be 'seat' or 'strategy', not {by!r}")
    loaded = load_run(folder)
    return pl.DataFrame(summarize(loaded.manifest, loaded.rows)[f"by_{by}"])


def seat_advantage(folders: RunFolder | Sequence[RunFolder]) -> pl.DataFrame:
    """Each seat's win rate against the fair share, pooled over runs of one game and player count
    (``islandsim report``'s seat table): games, win_rate, low, high, fair_share, vs_fair, p,
    p_holm and a plain verdict."""
    from simulator.analysis.stats.runs import load_run
    from simulator.analysis.stats.seats import seat_advantage as advantage

    paths = [folders] if isinstance(folders, (str, Path)) else list(folders)
    if not paths:
        raise UsageError("give at least one run folder")
    table, _ = advantage([load_run(path) for path in paths])
    return table


def compare(baseline: RunFolder, *others: RunFolder, labels: Sequence[str] | None = None) -> pl.DataFrame:
    """Paired differences of each run in ``others`` against ``baseline`` on the same deals
    (``islandsim compare RUN_DIRS``): one row per (arm, measure) with baseline and variant
    means, difference, 95% interval (low, high), p, Holm-adjusted p_holm and verdict.  The runs
    must share game, player count, seed and n (else :class:`UsageError`)."""
    from simulator.analysis.stats.compare import compare_runs
    from simulator.analysis.stats.runs import load_run

    if not others:
        raise UsageError("give a baseline run folder and at least one other run folder to compare")
    if labels is not None and len(labels) != len(others):
        raise UsageError(f"{len(labels)} labels for {len(others)} compared runs; give one label per run")
    runs = [load_run(path) for path in (baseline, *others)]
    return compare_runs(runs[0], runs[1:], list(labels) if labels is not None else None)


def report(folders: RunFolder | Sequence[RunFolder], out: str | Path, title: str | None = None,
           fmt: str | None = None) -> Path:  # fmt: skip
    """Write the balance report of the runs (``islandsim report``) to ``out`` (``.html``: one
    self-contained file; ``.md``: Markdown with its PNGs beside it) and return its path."""
    from simulator.analysis.report import document as report_module
    from simulator.cli.analysis import _check_outputs, _report_format  # the checks of islandsim report

    paths = [folders] if isinstance(folders, (str, Path)) else list(folders)
    if not paths:
        raise UsageError("give at least one run folder")
    out = Path(out)
    fmt = _report_format(out, fmt, "out", "fmt")
    _check_outputs(reports=(("out", out),), fmt=fmt)
    document = report_module.build_report(paths, title, out.parent)
    return report_module.write(document, out, fmt)


def replay(folder: RunFolder, game_index: int = 0) -> list[str]:
    """The narrated log of one game of a run (``islandsim replay RUN_DIR --game-index I``)."""
    from simulator.core.run import runner

    config = runner.config_from_folder(Path(folder))
    if not 0 <= game_index < config.n:
        raise UsageError(f"game_index {game_index} is past the end of {folder}: its games are 0 to {config.n - 1}")
    return runner.narrate(runner.prepare(config), game_index)


def sweep(game: str, players: int, vary: str | Sequence[str], *, n: int = 10_000, seed: int | None = None,
          measure: str = "seat-imbalance", target: float | str | None = None, lineup: str | Sequence[str] | None = None,
          variants: str | Sequence[str] = (), rules: dict | None = None, rules_file: str | Path | None = None,
          store: RunFolder = "results/store", jobs: int | None = None, chart: str | Path | None = None,
          tries: int | None = None) -> dict:  # fmt: skip
    """``islandsim sweep``: play a rule setting over values on the same deals and say which value brings
    ``measure`` to its target, chosen on half of the deals and stated on the other half.

    ``vary``: ``"NAME=A..B"`` (or ``A..B:STEP``, ``A,B,C``), or several of them for every combination;
    ``measure`` and ``target`` as the command takes them (docs/analysis.md); ``rules`` / ``rules_file``
    the other settings of every value; ``tries``: search the combinations of several settings (CMA-ES),
    playing at most this many (more than 200 combinations are always searched).  Returns the answer as ``islandsim sweep --json`` prints it, with
    ``"sentence"`` (the answer in words); ``chart`` also draws it to a PNG file."""
    from simulator.analysis.studies import sweep as sweep_module
    from simulator.core.engine.registry import check_players, get_game
    from simulator.core.players.strategies import lineup_names
    from simulator.core.run import runner

    spec = get_game(game)
    check_players(spec, players)
    texts = [vary] if isinstance(vary, str) else list(vary)
    name, values, axes = sweep_module.plan_values([sweep_module.parse_vary(spec.rule_settings, game, text)
                                                   for text in texts], tries)  # fmt: skip
    goal = sweep_module.parse_target(str(target), measure) if target is not None else None
    sweep_module.check_measure(measure, spec, goal)
    sweep_module.check_seats(name, measure, players)
    sweep_module.check_end_points_measure(name, measure)
    names = lineup_names(lineup) if isinstance(lineup, str) else lineup_names(None, _names(lineup))
    plan = sweep_module.Sweep(game, players, n, secrets.randbits(32) if seed is None else int(seed), name, values,
                              measure, goal, tuple(names), _names(variants), _user_rules(game, rules, rules_file),
                              axes=axes, tries=tries or sweep_module.DEFAULT_TRIES)  # fmt: skip
    for config in plan.configs():
        runner.prepare(config)  # everything checked before a game is played
    result = sweep_module.run_sweep(plan, Path(store), runner.local_jobs(jobs))
    if chart is not None:
        sweep_module.chart(result, Path(chart))
    return dict(result, sentence=sweep_module.sentence(result))


def adapt(game: str, players: int, *, strategy: str | None = None, variants: str | Sequence[str] = (),
          rules: dict | None = None, rules_file: str | Path | None = None, budget: int | None = None,
          seed: int | None = None, jobs: int | None = None, store: str | Path | None = None) -> dict:  # fmt: skip
    """The default strategy's weights retuned for a setup (``islandsim adapt``), from its tuned file.

    ``strategy``: the registered strategy adapted (default: the game's default).  ``variants``,
    ``rules``, ``rules_file``: the setup, as for :func:`run`.  ``budget``: games played, search and
    validation together (default :data:`simulator.analysis.studies.adapt.DEFAULT_BUDGET`); ``seed``:
    of the search (default 2026; the validation plays the next seed); ``store``: the run store whose
    ``adapted/`` folder keeps the file (default ``results/store``).  Asking again reads the file back
    and plays nothing.

    Returns a dict: ``validation`` (``gain``, ``low``, ``high``: the paired gain in win rate over the
    shipped tuned weights on fresh deals, 95% interval, as fractions), ``adopted`` (whether the
    adapted weights are kept; if not the file holds the shipped ones), ``weights``, ``cpu_seconds``,
    ``games``, ``path`` (play it as ``STRATEGY@adapted`` in a lineup of that setup), ``cached``.
    Raises :class:`UsageError` on bad input.
    """
    from simulator.analysis.studies import adapt as adapt_module
    from simulator.analysis.studies.store import DEFAULT_STORE
    from simulator.core.run import limits, runner
    from simulator.core.store.paths import check_output_folder

    budget = adapt_module.DEFAULT_BUDGET if budget is None else budget
    problem = limits.games_problem(budget)
    if problem:
        raise UsageError(f"budget {problem}")
    store = Path(DEFAULT_STORE if store is None else store)
    check_output_folder(store, "store")
    settings = adapt_module.AdaptSettings(game, players, strategy or "", _names(variants),
                                          _user_rules(game, rules, rules_file), budget,
                                          adapt_module.DEFAULT_SEED if seed is None else int(seed),
                                          runner.local_jobs(jobs))  # fmt: skip
    return adapt_module.adapt(settings, store)
