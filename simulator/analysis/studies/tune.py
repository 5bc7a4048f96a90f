"""``islandsim tune``: CMA-ES over a strategy's tunable weights, validated on fresh deals.

Each generation, CMA-ES (the ``cma`` package) proposes ``popsize`` weight vectors; every
candidate plays the same deals (common random numbers: one set of deals per generation) in
every seat rotation against the *field* (the other seats), and its fitness is its win rate
(share of its games it finished first; ties count for each tied seat).  The field is either a
fixed lineup (``--field a,b``; default: the untuned strategy in every other seat) or self-play
(``--field self``: the other seats play the current mean of the search distribution).

After every generation the search state is written beside the output file
(:mod:`simulator.analysis.studies.tune_state`); ``--resume`` continues an interrupted search, to the
same parameter file as a search that was never stopped.

At the end the distribution mean (CMA-ES's best estimate under noise) is validated on a fresh
seed against the untuned strategy: both play the same deals in the same seat rotations against
the same field (for self-play, the untuned strategy), and the paired difference of their
win rates per deal gets a 95% interval (docs/analysis.md, "Tuning").
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from simulator.analysis.stats import intervals as stats
from simulator.analysis.studies import tune_state
from simulator.analysis.studies.matches import Entrant, Table, check_table, play_seatings, rotations, won
from simulator.core.players import param_files
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.players.reference import StrategyReference
from simulator.core.players.strategies import resolve_strategy

SELF_PLAY = "self"
TARGET_GENERATIONS = 30
"""Without ``--deals``, the deals per candidate are chosen so the budget lasts this many generations."""
MIN_DEALS = 10
VALIDATION_SEED_OFFSET = 1
"""Validation plays seed + this: deals that no generation saw."""
STEP_FRACTION = 0.3
"""CMA-ES's first step size, as a fraction of each weight's scale (its size, at least 0.25)."""


@dataclass(frozen=True)
class TuneSettings:
    """What ``islandsim tune`` was asked."""

    game: str
    players: int
    strategy: str
    field: tuple[str, ...]
    budget: int
    seed: int
    deals: int | None = None
    validate_deals: int | None = None
    popsize: int | None = None
    variants: tuple[str, ...] = ()
    jobs: int = 1
    scheduler: str | None = None

    @property
    def self_play(self) -> bool:
        return self.field == (SELF_PLAY,)


def field_names(field: tuple[str, ...], strategy: str, players: int) -> tuple[str, ...]:
    """The strategies of the other ``players - 1`` seats: ``field`` repeated in order to fill them
    (default: ``strategy`` itself, untuned)."""
    if not field:
        field = (strategy,)
    if SELF_PLAY in field and field != (SELF_PLAY,):
        raise UsageError(f"--field {SELF_PLAY} is self-play on its own; do not mix it with strategy names")
    if len(field) > players - 1:
        raise UsageError(f"--field names {len(field)} strategies, but only {players - 1} other seats exist")
    return tuple(field[seat % len(field)] for seat in range(players - 1))


def _field(settings: TuneSettings, mean: np.ndarray) -> tuple[Entrant, ...]:
    names = field_names(settings.field, settings.strategy, settings.players)
    if settings.self_play:
        return tuple(Entrant(settings.strategy, tuple(mean), "self") for _ in names)
    return tuple(Entrant(name) for name in names)


def _rotation_seat(shift: int, players: int) -> int:
    """Where the entrant of seat 0 sits in rotation ``shift`` (see ``matches.rotations``)."""
    return (-shift) % players


def win_rates_per_deal(table: Table, entrants: list[Entrant], field: tuple[Entrant, ...], first_game: int,
                        deals: int, seed: int | None = None) -> np.ndarray:  # fmt: skip
    """``rates[entrant, deal]``: each entrant's share of wins over the seat rotations of each deal."""
    seatings = [rotation for entrant in entrants for rotation in rotations((entrant,) + field)]
    ranks, _ = play_seatings(table, seatings, first_game, deals, seed)
    players = table.players
    rates = np.zeros((len(entrants), deals))
    for index in range(len(entrants)):
        for shift in range(players):
            rates[index] += won(ranks[index * players + shift, :, _rotation_seat(shift, players)])
    return rates / players


def plan(settings: TuneSettings, popsize: int) -> tuple[int, int]:
    """``(deals per candidate and generation, generations)`` the budget pays for."""
    per_deal = popsize * settings.players
    deals = settings.deals or max(MIN_DEALS, settings.budget // (per_deal * TARGET_GENERATIONS))
    generations = settings.budget // (per_deal * deals)
    if generations < 1:
        raise UsageError(f"--budget {settings.budget:,} games is too small: one generation plays {popsize} candidates x "
                         f"{settings.players} seat rotations x {deals} deals = {per_deal * deals:,} games")  # fmt: skip
    return deals, generations


def _scales(weights: np.ndarray) -> np.ndarray:
    return np.maximum(np.abs(weights), 0.25)


def tune(settings: TuneSettings, say=None, state_file: Path | None = None, resume: bool = False) -> dict:
    """Run the tuning and its validation; return the result (weights, history, validation).

    With ``state_file`` the search state is saved there after every generation; with ``resume``
    the search continues from that state (same settings required)."""
    import cma

    spec = registry.get_game(settings.game)
    registry.check_players(spec, settings.players)
    base = resolve_strategy(spec, settings.strategy)
    if base.tunable_count == 0:
        raise UsageError(f"strategy '{settings.strategy}' of {spec.id} has no tunable weights")
    field = field_names(settings.field, settings.strategy, settings.players)
    table = Table(settings.game, settings.players, settings.seed, settings.variants, settings.jobs, settings.scheduler)
    check_table(table, [settings.strategy] + [name for name in field if name != SELF_PLAY])
    untuned = np.array(base.params[: base.tunable_count], dtype=np.float64)
    options = {"seed": settings.seed % (2**32 - 1) + 1, "verbose": -9, "CMA_stds": list(_scales(untuned))}
    if settings.popsize:
        options["popsize"] = settings.popsize
    if base.bounds:
        options["bounds"] = [[low for low, _ in base.bounds], [high for _, high in base.bounds]]
    search = cma.CMAEvolutionStrategy(list(untuned), STEP_FRACTION, options)
    deals, generations = plan(settings, search.popsize)
    validate_deals = settings.validate_deals or max(200, deals * search.popsize)
    _tell(say, f"tuning {settings.strategy} ({base.tunable_count} weights) at {settings.players} players: "
               f"{generations} generations x {search.popsize} candidates x {settings.players} rotations x {deals} deals "
               f"= {generations * search.popsize * settings.players * deals:,} games; field: "
               f"{'self-play' if settings.self_play else ', '.join(field)}")  # fmt: skip
    plan_data = {"popsize": search.popsize, "deals": deals, "generations": generations, "weights": base.tunable_count}
    told: list[dict] = []
    history: list[dict] = []
    seconds_before = 0.0
    if resume:
        state = tune_state.load(state_file, asdict(settings), plan_data)
        tune_state.replay(search, state, state_file)
        told, history, seconds_before = state["generations"], state["history"], float(state["seconds"])
        _tell(say, f"resuming from {state_file}: {len(told)} of {generations} generations done")
    started = time.perf_counter() - seconds_before
    for generation in range(len(told), generations):
        candidates = search.ask()
        entrants = [Entrant(settings.strategy, tuple(float(value) for value in candidate)) for candidate in candidates]
        rates = win_rates_per_deal(table, entrants, _field(settings, search.mean), generation * deals, deals).mean(axis=1)
        search.tell(candidates, list(-rates))
        history.append({"generation": generation + 1, "best": float(rates.max()), "mean": float(rates.mean()),
                        "seconds": round(time.perf_counter() - started, 1)})  # fmt: skip
        told.append({"candidates": [[float(value) for value in candidate] for candidate in candidates],
                     "win_rates": [float(rate) for rate in rates]})  # fmt: skip
        if state_file is not None:
            tune_state.save(state_file, asdict(settings), plan_data, told, history, time.perf_counter() - started)
        _tell(say, f"generation {generation + 1}/{generations}: best {100 * rates.max():.1f}%, "
                   f"mean {100 * rates.mean():.1f}% win rate ({history[-1]['seconds']:.0f} s)")  # fmt: skip
    tuned = np.array(search.mean, dtype=np.float64)
    validation = validate(settings, table, tuned, untuned, validate_deals)
    return {"settings": asdict(settings), "field": list(field), "popsize": search.popsize, "deals": deals,
            "generations": generations, "games": generations * search.popsize * settings.players * deals,
            "wall_seconds": round(time.perf_counter() - started, 1), "untuned": untuned.tolist(),
            "tuned": tuned.tolist(), "history": history, "validation": validation}  # fmt: skip


def validate(settings: TuneSettings, table: Table, tuned: np.ndarray, untuned: np.ndarray, deals: int) -> dict:
    """Tuned against untuned weights on ``deals`` fresh deals, same seats and field: paired interval."""
    names = field_names(settings.field, settings.strategy, settings.players)
    field = tuple(Entrant(settings.strategy if name == SELF_PLAY else name) for name in names)
    entrants = [Entrant(settings.strategy, tuple(tuned)), Entrant(settings.strategy, tuple(untuned))]
    rates = win_rates_per_deal(table, entrants, field, 0, deals, settings.seed + VALIDATION_SEED_OFFSET)
    result = stats.paired_difference(rates[1], rates[0])
    return {"seed": settings.seed + VALIDATION_SEED_OFFSET, "deals": deals, "games": 2 * deals * settings.players,
            "field": [entrant.name for entrant in field], "tuned_win_rate": result["variant"],
            "untuned_win_rate": result["baseline"], "difference": result["estimate"], "low": result["low"],
            "high": result["high"], "p": result["p"], "fair_share": 1 / settings.players}  # fmt: skip


def _tell(say, message: str) -> None:
    if say is not None:
        say(message)


def verdict(validation: dict) -> str:
    """One sentence on the paired gain."""
    gain = (f"{100 * validation['difference']:+.2f} points [{100 * validation['low']:+.2f}, "
            f"{100 * validation['high']:+.2f}]")  # fmt: skip
    rates = (f"tuned {100 * validation['tuned_win_rate']:.1f}% against untuned "
             f"{100 * validation['untuned_win_rate']:.1f}% win rate")  # fmt: skip
    if validation["low"] > 0:
        return f"tuned weights win more: {gain} on {validation['deals']:,} fresh deals ({rates})"
    if validation["high"] < 0:
        return f"tuned weights win LESS: {gain} on {validation['deals']:,} fresh deals ({rates}); keep the default"
    return (f"no measurable gain: {gain} on {validation['deals']:,} fresh deals ({rates}); the default is as good "
            "as anything this budget found")  # fmt: skip


def parameter_text(result: dict, command: str) -> str:
    """The TOML parameter file of a tuning result."""
    settings, validation = result["settings"], result["validation"]
    field = SELF_PLAY if tuple(settings["field"]) == (SELF_PLAY,) else ",".join(result["field"])
    tuning = {"command": command, "budget": settings["budget"], "games": result["games"],
              "generations": result["generations"], "popsize": result["popsize"], "deals": result["deals"],
              "seed": settings["seed"], "field": field,
              "wall_seconds": result["wall_seconds"], "untuned": result["untuned"],
              "validation_seed": validation["seed"], "validation_deals": validation["deals"],
              "tuned_win_rate": round(validation["tuned_win_rate"], 5),
              "untuned_win_rate": round(validation["untuned_win_rate"], 5),
              "paired_difference": round(validation["difference"], 5), "difference_low": round(validation["low"], 5),
              "difference_high": round(validation["high"], 5)}  # fmt: skip
    return param_files.dump(settings["game"], settings["players"], settings["strategy"], result["tuned"], tuning)


def usable_name(game: str, strategy: str, out: Path) -> str:
    """How a command names the written file: ``STRATEGY@NAME`` when it is a shipped file of
    ``strategies/params/<game>/``, else ``STRATEGY@PATH``."""
    folder = (param_files.PARAMS_FOLDER / game).resolve()
    path = out.resolve()
    prefix = f"{strategy}-"
    if path.parent == folder and path.stem.startswith(prefix):
        return StrategyReference(strategy, path.stem[len(prefix):]).text
    return StrategyReference(strategy, str(out)).text


def command_line(settings: TuneSettings, out: Path) -> str:
    """The ``islandsim tune`` command that reproduces a tuning (recorded in its parameter file)."""
    words = ["islandsim", "tune", "--game", settings.game, "--players", str(settings.players), "--strategy",
             settings.strategy, "--budget", str(settings.budget), "--seed", str(settings.seed)]  # fmt: skip
    for option, value in (("--field", ",".join(settings.field)), ("--deals", settings.deals),
                          ("--popsize", settings.popsize), ("--validate-deals", settings.validate_deals)):  # fmt: skip
        if value:
            words += [option, str(value)]
    for variant in settings.variants:
        words += ["--variant", variant]
    return " ".join(words + ["--out", str(out)])
