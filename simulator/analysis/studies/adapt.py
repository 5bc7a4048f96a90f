"""``islandsim adapt``: the default strategy's weights retuned for one setup, cached in the run store.

Tuned weights (``strategies/params/<game>/<strategy>-tuned-<P>p.toml``) belong to the shipped rules.
For another setup (variants, rule settings, presets) :func:`adapt` retunes them with a short CMA-ES
search warm-started at the tuned weights (mean = those weights, a small step), on the setup's own
games: each candidate plays the same deals in every seat rotation against the tuned weights in the
other seats, as ``islandsim tune`` does (:mod:`simulator.analysis.studies.tune`).  The search mean is
then validated on fresh deals (the next seed: deals no generation saw) against the tuned weights,
same seats and field, and the paired gain in win rate gets a 95% interval.  The adapted weights are
kept only when that interval is above 0; otherwise the file holds the shipped weights and says that
adapting did not pay.

The result is a parameter file in ``<store>/adapted/``, named after a hash of everything that
decides it (game, players, strategy, variants, rule settings and their fingerprint, the code's
fingerprint and version, the warm start's weights, budget and seed): asking again reads it back and
plays nothing.  ``STRATEGY@adapted`` in any lineup (:mod:`simulator.core.players.adapted`) plays it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from simulator import __version__
from simulator.analysis.stats import intervals as stats
from simulator.analysis.report.quality import no_negative_zero
from simulator.analysis.studies.matches import Entrant, Table, check_table, worker_cpu_seconds
from simulator.analysis.studies.store import DEFAULT_STORE, code_fingerprint
from simulator.analysis.studies.tune import VALIDATION_SEED_OFFSET, win_rates_per_deal
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.engine.rule_settings import rules_text
from simulator.core.players import adapted as adapted_names
from simulator.core.players import param_files
from simulator.core.players.reference import StrategyReference
from simulator.core.players.strategies import TUNED, resolve_strategy, resolve_tuned, weights_owner
from simulator.core.run import runner
from simulator.core.store.run_lock import RunLock

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

FOLDER = "adapted"
"""The store's sub-folder of adapted parameter files."""
FORMAT_VERSION = 1
"""Part of the cache key: a change of the method makes every cached file stale."""
DEFAULT_BUDGET = 60_000
"""Games an adaptation plays by default, search and validation together (docs/strategies.md has the cost)."""
DEFAULT_SEED = 2026
"""Seed of the search deals (the validation plays the next seed)."""
VALIDATION_SHARE = 0.4
"""Share of the budget spent on the validation on fresh deals."""
GENERATIONS = 5
"""CMA-ES generations of the warm-started search."""
STEP_FRACTION = 0.1
"""The search's first step, as a fraction of each weight's scale: small, as the start is already good."""
MIN_DEALS = 10


@dataclass(frozen=True)
class AdaptSettings:
    """What is adapted (a setup and a strategy) and how much may be spent on it."""

    game: str
    players: int
    strategy: str = ""
    """A registered strategy with tunable weights (default: the game's default strategy)."""
    variants: tuple[str, ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    """``RunConfig.rules``: canonical ``(name, JSON value)`` pairs."""
    budget: int = DEFAULT_BUDGET
    seed: int = DEFAULT_SEED
    jobs: int = 1
    scheduler: str | None = None


@dataclass
class Plan:
    """How the budget is spent: search generations, candidates, deals; validation deals."""

    popsize: int
    deals: int
    generations: int
    validation_deals: int

    def games(self, players: int) -> int:
        """Every game the plan plays."""
        return players * (self.generations * self.popsize * self.deals + 2 * self.validation_deals)


def _split(budget: int, players: int, popsize: int) -> tuple[int, int]:
    """``(deals per candidate and generation, validation deals)`` of ``budget`` games."""
    validation_deals = int(budget * VALIDATION_SHARE) // (2 * players)
    return (budget - 2 * players * validation_deals) // (GENERATIONS * popsize * players), validation_deals


def plan(budget: int, players: int, popsize: int) -> Plan:
    """Split ``budget`` games between the search and the validation; :class:`UsageError` when too small."""
    deals, validation_deals = _split(budget, players, popsize)
    if min(deals, validation_deals) < MIN_DEALS:
        least = MIN_DEALS * GENERATIONS * popsize * players
        while min(_split(least, players, popsize)) < MIN_DEALS:
            least += players
        raise UsageError(f"--budget {budget:,} games is too small to adapt {popsize} candidates at {players} players; "
                         f"give at least {least:,}")  # fmt: skip
    return Plan(popsize, deals, GENERATIONS, validation_deals)


def _owner(spec: registry.GameSpec, strategy: str) -> str:
    """The registered strategy whose weights are adapted (the search player's: its rollout heuristic's)."""
    name = strategy or spec.default_strategy
    if name not in spec.strategy_descriptions:
        raise UsageError(f"unknown strategy '{name}' for {spec.id}; strategies: {', '.join(spec.strategy_descriptions)}")
    return weights_owner(spec, StrategyReference(name)).base


def _checked(settings: AdaptSettings) -> tuple[AdaptSettings, str, np.ndarray, tuple[float, ...]]:
    """The settings with the strategy resolved, the warm start's name, its weights and bounds; the
    setup checked as a run checks it (nothing is played)."""
    spec = registry.get_game(settings.game)
    registry.check_players(spec, settings.players)
    strategy = _owner(spec, settings.strategy)
    settings = AdaptSettings(settings.game, settings.players, strategy, tuple(settings.variants),
                             tuple(sorted(settings.rules)), settings.budget, settings.seed, settings.jobs,
                             settings.scheduler)  # fmt: skip
    warm = resolve_tuned(spec.id, strategy + TUNED, settings.players)
    resolved = resolve_strategy(spec, warm)
    if resolved.tunable_count == 0:
        raise UsageError(f"strategy '{strategy}' of {spec.id} has no tunable weights to adapt")
    check_table(_table(settings), [warm])
    return settings, warm, np.array(resolved.params[: resolved.tunable_count], dtype=np.float64), resolved.bounds


def _table(settings: AdaptSettings) -> Table:
    return Table(settings.game, settings.players, settings.seed, settings.variants, settings.jobs, settings.scheduler,
                 rules=settings.rules)  # fmt: skip


SETTINGS_FACTS = ("game", "players", "strategy", "variants", "rules", "budget", "seed")
"""What a result says of its settings (the jobs and the scheduler change nothing in it)."""


def _settings_facts(settings: AdaptSettings) -> dict:
    """:data:`SETTINGS_FACTS` of ``settings``, with lists for tuples (as read back from a file)."""
    return {"game": settings.game, "players": settings.players, "strategy": settings.strategy,
            "variants": list(settings.variants), "rules": [list(pair) for pair in settings.rules],
            "budget": settings.budget, "seed": settings.seed}  # fmt: skip


def cache_key(settings: AdaptSettings, warm: str, start: np.ndarray) -> dict:
    """Everything that decides an adaptation's result (not the jobs or the scheduler)."""
    spec = registry.get_game(settings.game)
    values = registry.rule_values(spec, settings.variants, settings.players, settings.rules)
    return {"format": FORMAT_VERSION, "islandsim_version": __version__, "code": code_fingerprint(settings.game),
            "game": settings.game, "players": settings.players, "strategy": settings.strategy,
            "variants": list(settings.variants), "rules": [list(pair) for pair in settings.rules],
            "rules_fingerprint": values.fingerprint if values is not None else "",
            "warm_start": warm, "warm_weights": [float(value) for value in start],
            "budget": settings.budget, "seed": settings.seed}  # fmt: skip


def cache_path(store: Path, settings: AdaptSettings, key: dict) -> Path:
    """The adapted file of a setup: ``<store>/adapted/<game>-<P>p-<strategy>-<hash of its key>.toml``."""
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:12]
    return Path(store) / FOLDER / f"{settings.game}-{settings.players}p-{settings.strategy}-{digest}{param_files.SUFFIX}"


def adapt(settings: AdaptSettings, store: Path = DEFAULT_STORE, say: Callable[[str], None] | None = None) -> dict:
    """The adapted weights of a setup: read from the store when there, else searched, validated and
    stored.  Returns the result (:func:`_adapt`'s), with ``path`` and ``cached``."""
    settings, warm, start, bounds = _checked(settings)
    plan(settings.budget, settings.players, _search(settings, start, bounds).popsize)  # a budget too small: said now
    key = cache_key(settings, warm, start)
    path = cache_path(store, settings, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    with RunLock(path.parent, wait=True, say=say):
        stored = read_result(path, key)
        if stored is not None:
            _tell(say, f"adapted weights of {settings.strategy} for this setup read from {path} (nothing played)")
            return stored | {"path": str(path), "cached": True}
        result = _adapt(settings, warm, start, bounds, say)
        partial = path.with_name(path.name + ".partial")
        partial.write_text(_file_text(result, key), encoding="utf-8")
        partial.replace(path)
    return result | {"path": str(path), "cached": False}


def _adapt(settings: AdaptSettings, warm: str, start: np.ndarray, bounds, say) -> dict:
    """Search and validate; the result without its path."""
    cpu_started, workers_started, wall_started = time.process_time(), worker_cpu_seconds(), time.perf_counter()
    search = _search(settings, start, bounds)
    chosen = plan(settings.budget, settings.players, search.popsize)
    table = _table(settings)
    field = tuple(Entrant(warm) for _ in range(settings.players - 1))
    _tell(say, f"adapting {settings.strategy} ({start.size} weights) from {warm} at {settings.players} players: "
               f"{chosen.generations} generations x {chosen.popsize} candidates x {chosen.deals} deals, then "
               f"{chosen.validation_deals:,} fresh deals; {chosen.games(settings.players):,} games")  # fmt: skip
    for generation in range(chosen.generations):
        candidates = search.ask()
        entrants = [Entrant(warm, tuple(float(value) for value in candidate)) for candidate in candidates]
        rates = win_rates_per_deal(table, entrants, field, generation * chosen.deals, chosen.deals).mean(axis=1)
        search.tell(candidates, list(-rates))
    weights = np.round(np.array(search.mean, dtype=np.float64), 6)  # as the file keeps them: validated as played
    validation = validate(table, warm, weights, start, chosen.validation_deals, settings.seed)
    adopted = validation["low"] > 0
    cpu = time.process_time() - cpu_started + worker_cpu_seconds() - workers_started
    return {"settings": _settings_facts(settings), "warm_start": warm,
            "shipped": start.tolist(), "searched": weights.tolist(),
            "weights": weights.tolist() if adopted else start.tolist(), "adopted": adopted,
            "plan": asdict(chosen), "games": chosen.games(settings.players), "cpu_seconds": round(cpu, 2),
            "wall_seconds": round(time.perf_counter() - wall_started, 2), "validation": validation}  # fmt: skip


def _search(settings: AdaptSettings, start: np.ndarray, bounds) -> object:
    """The CMA-ES search warm-started at ``start``: mean the tuned weights, a small first step."""
    import cma

    options = {"seed": settings.seed % (2**32 - 1) + 1, "verbose": -9, "CMA_stds": list(np.maximum(np.abs(start), 0.25))}
    if bounds:
        options["bounds"] = [[low for low, _ in bounds], [high for _, high in bounds]]
    return cma.CMAEvolutionStrategy(list(start), STEP_FRACTION, options)


def validate(table: Table, warm: str, weights: np.ndarray, start: np.ndarray, deals: int, seed: int) -> dict:
    """The searched weights against the warm start's on ``deals`` fresh deals (seed + 1), each in
    one seat against the warm start in the others, every seat rotation: the paired gain in win rate."""
    field = tuple(Entrant(warm) for _ in range(table.players - 1))
    entrants = [Entrant(warm, tuple(weights)), Entrant(warm, tuple(start))]
    fresh = seed + VALIDATION_SEED_OFFSET
    rates = win_rates_per_deal(table, entrants, field, 0, deals, fresh)
    result = stats.paired_difference(rates[1], rates[0])
    return {"seed": fresh, "deals": deals, "adapted_win_rate": result["variant"], "shipped_win_rate": result["baseline"],
            "gain": result["estimate"], "low": result["low"], "high": result["high"],
            "fair_share": 1 / table.players}  # fmt: skip


def _file_text(result: dict, key: dict) -> str:
    """The parameter file of an adaptation: its chosen weights and, in ``[tuning]``, how they were found."""
    settings, validation = result["settings"], result["validation"]
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
    facts = {"kind": "adapted", "key": digest, "key_json": json.dumps(key, sort_keys=True),
             "weights": "adapted" if result["adopted"] else "shipped", "warm_start": result["warm_start"],
             "variants": "+".join(settings["variants"]), "rules": rules_text(tuple(map(tuple, settings["rules"]))),
             "budget": settings["budget"], "seed": settings["seed"], "games": result["games"],
             "cpu_seconds": result["cpu_seconds"], "wall_seconds": result["wall_seconds"],
             "shipped": result["shipped"], "searched": result["searched"],
             "validation_seed": validation["seed"], "validation_deals": validation["deals"],
             "adapted_win_rate": round(validation["adapted_win_rate"], 5),
             "shipped_win_rate": round(validation["shipped_win_rate"], 5),
             "gain": round(validation["gain"], 5), "gain_low": round(validation["low"], 5),
             "gain_high": round(validation["high"], 5)}  # fmt: skip
    text = param_files.dump(settings["game"], settings["players"], settings["strategy"], result["weights"], facts)
    header = (f"# written by islandsim adapt for {settings['players']} players, {setup_text(result)}; a lineup of that "
              f"setup plays it as {settings['strategy']}@adapted (docs/strategies.md, 'Adapted players')")  # fmt: skip
    return header + "\n" + text.split("\n", 1)[1]


def read_result(path: Path, key: dict) -> dict | None:
    """The result stored at ``path`` when it is a readable adaptation of ``key``, else ``None`` (redone)."""
    try:
        with open(path, "rb") as handle:
            content = tomllib.load(handle)
        facts = content["tuning"]
        if json.loads(facts["key_json"]) != key:
            return None
        return {"settings": {name: key[name] for name in SETTINGS_FACTS},
                "warm_start": facts["warm_start"], "shipped": list(facts["shipped"]), "searched": list(facts["searched"]),
                "weights": [float(value) for value in content["params"]], "adopted": facts["weights"] == "adapted",
                "games": facts["games"], "cpu_seconds": facts["cpu_seconds"], "wall_seconds": facts["wall_seconds"],
                "validation": {"seed": facts["validation_seed"], "deals": facts["validation_deals"],
                               "adapted_win_rate": facts["adapted_win_rate"], "shipped_win_rate": facts["shipped_win_rate"],
                               "gain": facts["gain"], "low": facts["gain_low"], "high": facts["gain_high"],
                               "fair_share": 1 / key["players"]}}  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return None


def gain_text(result: dict) -> str:
    """``+1.2 pp [+0.4, +2.0]``: the validated gain in win rate, percentage points, 95% interval."""
    validation = result["validation"]
    gain, low, high = (no_negative_zero(100 * validation[key], 1) for key in ("gain", "low", "high"))
    return f"{gain:+.1f} pp [{low:+.1f}, {high:+.1f}]"


def verdict(result: dict) -> str:
    """One sentence: what adapting gained, and which weights are kept."""
    validation = result["validation"]
    players = result["settings"]["players"]
    measured = (f"adapting gained {gain_text(result)} of win rate (95% interval; one seat against {players - 1} "
                f"{result['warm_start']}, {validation['deals']:,} fresh deals in every seat rotation: "
                f"{100 * validation['adapted_win_rate']:.1f}% adapted, {100 * validation['shipped_win_rate']:.1f}% shipped)")  # fmt: skip
    if result["adopted"]:
        return measured + "; the adapted weights are kept"
    return measured + "; adapting did not pay: the shipped weights are kept"


def setup_text(result: dict) -> str:
    """The setup of an adaptation in words: variants and rule settings, or the shipped rules."""
    settings = result["settings"]
    parts = list(settings["variants"]) + ([rules_text(tuple(map(tuple, settings["rules"])))] if settings["rules"] else [])
    return ", ".join(parts) or "the shipped rules"


def report_sentence(results: list[dict], checked: bool = False) -> str:
    """The line a report gives adapted players: each setup's gain, with its interval (``checked``:
    the adapted players of the check, not the study's own players)."""
    parts = [f"{result['settings']['players']} players, {setup_text(result)}: {gain_text(result)}"
             f"{'' if result['adopted'] else ' (shipped weights kept)'}" for result in results]  # fmt: skip
    who = "The answers were measured again with players adapted" if checked else "The players were adapted"
    return (f"{who} to each setup (islandsim adapt: the default strategy's weights retuned from the "
            "tuned file); what adapting gained in one seat's win rate, 95% interval: " + "; ".join(parts) + ".")  # fmt: skip


@dataclass
class Adapting:
    """The adapter of ``STRATEGY@adapted`` names while a command runs: its store, budget, seed and
    jobs, and every adaptation it answered (for the report)."""

    store: Path = DEFAULT_STORE
    jobs: int = 1
    say: Callable[[str], None] | None = None
    budget: int = DEFAULT_BUDGET
    seed: int = DEFAULT_SEED
    scheduler: str | None = None
    results: list[dict] = field(default_factory=list)

    def __call__(self, game: str, players: int, strategy: str, variants: tuple, rules: tuple) -> str:
        result = adapt(AdaptSettings(game, players, strategy, tuple(variants), tuple(rules), self.budget, self.seed,
                                     self.jobs, self.scheduler), self.store, self.say)  # fmt: skip
        if all(earlier["path"] != result["path"] for earlier in self.results):
            self.results.append(result)
        return result["path"]


@contextlib.contextmanager
def adapting(store: Path = DEFAULT_STORE, jobs: int = 1, say: Callable[[str], None] | None = None,
             scheduler: str | None = None) -> Iterator[Adapting]:  # fmt: skip
    """``STRATEGY@adapted`` names adapt into ``store`` with ``jobs`` workers within the block."""
    adapter = Adapting(Path(store), jobs, say, scheduler=scheduler)
    previous = adapted_names.set_adapter(adapter)
    try:
        yield adapter
    finally:
        adapted_names.set_adapter(previous)


def default_adapter() -> Adapting:
    """The adapter of a command that names no store: ``results/store``, all cores, notices on stderr."""
    import sys

    return Adapting(DEFAULT_STORE, runner.default_jobs(), lambda message: print(message, file=sys.stderr))


def _tell(say, message: str) -> None:
    if say is not None:
        say(message)
