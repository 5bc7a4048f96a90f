"""Sweeps: one rule setting over a list or range of values, every value on the same deals, for one
measure; the value that reaches a target, chosen on half of the deals and stated on the other half.

A designer asks "which value makes it fair?": ``islandsim sweep --game tobago --players 2 --vary
seat2_start_amulets=0..2 --measure seat-imbalance``.  Every value is one run of the run store (same
seed, so the same deals: common random numbers), resumed after an interruption and reused when asked
again; the rule settings are read at run time, so no value recompiles anything.

The answer is honest about its own choice, as the compensation search is: the value is chosen on the
even-numbered games and its measure stated, with a 95% interval, on the odd-numbered ones.

Measures (:data:`MEASURES`): ``seat-imbalance`` (the largest distance of a seat's win rate from the
fair share; target: every seat within noise of it, per-seat tests with Holm), ``seatK-win-rate``
(target: the fair share unless given), ``length``, ``stall-rate``, ``margin``, ``score`` (mean final
score), ``decisiveness`` and ``catch-up`` (score trajectories: runs are recorded with them), and
``column:NAME`` (the mean of a game or seat result column).  Other targets are numbers
(``--target 40``; a rate in percent, ``--target 25%`` or ``0.25``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats import measures as measures_module
from simulator.analysis.stats.runs import Run
from simulator.analysis.studies import store
from simulator.core.engine import registry
from simulator.core.engine.errors import UsageError
from simulator.core.engine.rule_settings import FILE, INT, RuleSettings, Setting, parse_number, user_values

FAIR_MARGIN = 0.02
"""A setup is called fair only when every seat's held-out interval is this narrow (±2 pp) besides
being within noise of the fair share: with few games "within noise" says nothing."""
MAX_VALUES = 200
"""Most values one sweep plays (a range with a small step is refused beyond this); several settings
with more combinations than this are searched (:func:`search`) instead of played one by one."""
MAX_SPACE = 1_000_000
"""Most combinations a search chooses among."""
DEFAULT_TRIES = 40
"""Combinations a search plays unless told otherwise (``--tries``)."""

MEASURES = {
    "seat-imbalance": "largest distance of a seat's win rate from the fair share (pp); target: every seat within noise",
    "seatK-win-rate": "seat K's win rate (%; e.g. seat1-win-rate); target: the fair share unless --target",
    "length": "mean game length (the game's unit); needs --target",
    "stall-rate": "share of games stopped at the stall cap (%); target 0 unless --target",
    "margin": "mean margin of victory (points); needs --target",
    "score": "mean final score (points); needs --target",
    "decisiveness": "share of the game played when the winner took the lead for good (%); needs --target",
    "catch-up": "share of games the half-way leader does not win (%); needs --target",
    "column:NAME": "mean of a game or seat result column NAME; needs --target",
}
PLAIN_NAMES = {
    "seat-imbalance": "largest gap from the fair share",
    "length": "game length",
    "stall-rate": "games stopped at the cap",
    "margin": "margin of victory",
    "score": "mean final score",
    "decisiveness": "winner's lead for good from",
    "catch-up": "half-way leader does not win",
}
_TRAJECTORY_MEASURES = {"decisiveness": "decided_at", "catch-up": "uncertainty"}
_PER_GAME = {"length": "duration", "stall-rate": "capped", "margin": "margin"}
_SEAT_RATE = re.compile(r"^seat(\d+)-win-rate$")
END_POINTS = re.compile(r"^seat(\d+)_end_points$")
LATE_SEATS = re.compile(r"^late_seats_(\w+)$")
"""``late_seats_<resource>=V``: seat K gets (K - 1) x V of a per-seat setting (``late_seats_start_gold=1``:
seat 2 starts with 1 gold, seat 3 with 2, ...), the fix a designer writes as "each later player
starts with one more"; ``late_seats_end_points`` does it with end-of-game points."""
"""``seatK_end_points``: points added to seat K's final score before ranking (compensation as a
sweep): no game is played again for it, the stored games are ranked again
(:func:`simulator.analysis.stats.compensation.compensated_wins`); games ranked by score only."""


@dataclass(frozen=True)
class Sweep:
    """What a sweep plays: one setting over values, on top of a base configuration."""

    game: str
    players: int
    n: int
    seed: int
    setting: str
    values: tuple
    """The values of ``setting``; with several settings (``setting`` joined by ``+``), one tuple per
    combination tried."""
    measure: str
    target: float | None = None
    lineup: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    base_rules: tuple[tuple[str, str], ...] = ()
    chunk_size: int = 0
    axes: tuple[tuple, ...] = ()
    """Several settings with more than :data:`MAX_VALUES` combinations: each one's values, searched
    (:func:`search`) for at most ``tries`` combinations; ``values`` is then the first one tried."""
    tries: int = DEFAULT_TRIES

    @property
    def trajectories(self) -> bool:
        return self.measure in _TRAJECTORY_MEASURES

    @property
    def names(self) -> tuple[str, ...]:
        """The swept settings."""
        return tuple(self.setting.split("+"))

    @property
    def end_points_only(self) -> bool:
        """Whether every swept setting is a seat's end-of-game points (one run, ranked again per value)."""
        return all(END_POINTS.match(name) for name, _ in self.assignments(self.values[0]))

    def points(self, value) -> np.ndarray:
        """The end-of-game points per seat of one value (zeros for settings that are not end points)."""
        vector = np.zeros(self.players, dtype=np.float64)
        for name, number in self.assignments(value):
            match = END_POINTS.match(name)
            if match:
                vector[int(match.group(1)) - 1] = float(number)
        return vector

    def assignments(self, value) -> list[tuple[str, object]]:
        """(setting, value) pairs of one value (a combination when several settings are swept), a
        ``late_seats_<resource>`` written out seat by seat."""
        values = value if len(self.names) > 1 else (value,)
        pairs = []
        for name, number in zip(self.names, values):
            late = LATE_SEATS.match(name)
            if late:
                pairs += [(f"seat{seat}_{late.group(1)}", _times(seat - 1, number)) for seat in range(2, self.players + 1)]
            else:
                pairs.append((name, number))
        return pairs

    def configs(self) -> list:
        """One run config per value (the user's other settings kept; the swept ones replaced); one
        run for all values when only end-of-game points are swept."""
        declared = registry.get_game(self.game).rule_settings
        found = []
        if self.end_points_only:
            arm = store.Arm("end points", self.variants, (("rules", tuple(self.base_rules)),) if self.base_rules else ())
            config = store.make_config(self.game, self.players, self.n, self.seed, self.lineup, arm, self.chunk_size,
                                       trajectories=self.trajectories)  # fmt: skip
            return [config] * len(self.values)
        for value in self.values:
            pairs = [(name, number) for name, number in self.assignments(value) if not END_POINTS.match(name)]
            own = dict(user_values(declared, pairs))
            rules = tuple(sorted((dict(self.base_rules) | own).items()))
            label = "+".join(f"{name}={number}" for name, number in zip(self.names, value if len(self.names) > 1 else (value,)))
            arm = store.Arm(label, self.variants, (("rules", rules),))
            found.append(store.make_config(self.game, self.players, self.n, self.seed, self.lineup, arm,
                                           self.chunk_size, trajectories=self.trajectories))  # fmt: skip
        return found


def parse_values(setting: Setting, text: str) -> tuple:
    """``A..B`` (whole steps), ``A..B:STEP`` or ``A,B,C`` -> the values, each checked against the
    setting's range; :class:`UsageError` naming the setting and what is allowed otherwise."""
    if setting.kind == FILE:
        raise UsageError(f"setting {setting.name} is a component file; a sweep varies a number")
    if setting.per_players and ":" in text and ".." not in text:
        raise UsageError(f"--vary {setting.name}: give one value per step (every player count), not a table")
    text = text.strip()
    if ".." in text:
        first, _, rest = text.partition("..")
        last, _, step_text = rest.partition(":")
        low, high = setting.check_number(first), setting.check_number(last)
        step = parse_number(setting, step_text) if step_text else 1
        if step <= 0:
            raise UsageError(f"--vary {setting.name}={text}: the step must be positive, not {step}")
        if high < low:
            raise UsageError(f"--vary {setting.name}={text} is a reversed range; give {first}..{last} "
                             f"from the smaller value, e.g. {last}..{first}")  # fmt: skip
        count = int(np.floor((high - low) / step + 1e-9)) + 1
        if count > MAX_VALUES:
            raise UsageError(f"--vary {setting.name}={text} gives {count} values; at most {MAX_VALUES}")
        values = [low + index * step for index in range(count)]
        if setting.kind == INT:
            values = [int(round(value)) for value in values]
        else:
            values = [round(float(value), 10) for value in values]
    else:
        parts = text.split(",")
        if any(not part.strip() for part in parts):
            raise UsageError(f"--vary {setting.name}={text} has an empty value; e.g. {setting.name}=1,2,4")
        if not parts:
            raise UsageError(f"--vary {setting.name}= gives no values; e.g. {setting.name}=0..3 or {setting.name}=1,2,4")
        values = [setting.check_number(part) for part in parts]
    values = list(dict.fromkeys(values))
    for value in values:
        setting.check_number(value)
    if len(values) < 2:
        raise UsageError(f"--vary {setting.name}={text} gives one value; a sweep needs two or more")
    return tuple(values)


def combinations(varied: list[tuple[str, tuple]]) -> tuple[str, tuple]:
    """Several ``--vary``: every combination of their values (at most :data:`MAX_VALUES`), as the
    sweep's ``setting`` (names joined by ``+``) and ``values`` (one tuple per combination)."""
    import itertools

    name, axes = search_space(varied)
    if len(varied) == 1:
        return varied[0]
    count = int(np.prod([len(axis) for axis in axes]))
    if count > MAX_VALUES:
        raise UsageError(f"the {len(varied)} --vary give {count} combinations; at most {MAX_VALUES} are played one "
                         f"by one (more are searched: give --tries)")  # fmt: skip
    return name, tuple(itertools.product(*axes))


def search_space(varied: list[tuple[str, tuple]]) -> tuple[str, tuple[tuple, ...]]:
    """Several ``--vary`` as the sweep's ``setting`` (names joined by ``+``) and each one's values;
    :class:`UsageError` for a setting named twice or more than :data:`MAX_SPACE` combinations."""
    names = [name for name, _ in varied]
    if len(set(names)) != len(names):
        raise UsageError(f"--vary names {', '.join(sorted({n for n in names if names.count(n) > 1}))} twice; give each setting once")
    axes = tuple(values for _, values in varied)
    count = int(np.prod([len(axis) for axis in axes], dtype=np.float64))
    if count > MAX_SPACE:
        raise UsageError(f"the {len(varied)} --vary give {count:,} combinations; a search chooses among at most "
                         f"{MAX_SPACE:,}: narrow a range or take a larger step")  # fmt: skip
    return "+".join(names), axes


def plan_values(varied: list[tuple[str, tuple]], tries: int | None) -> tuple[str, tuple, tuple[tuple, ...]]:
    """The sweep's ``setting``, ``values`` and ``axes``: every value (or combination) when there are at
    most :data:`MAX_VALUES` and no ``tries`` is given; else a search (:func:`search`) of at most ``tries``
    combinations (:data:`DEFAULT_TRIES`), whose ``values`` is the first one it plays (the middle of every range)."""
    name, axes = search_space(varied)
    count = int(np.prod([len(axis) for axis in axes]))
    if len(varied) < 2 or (tries is None and count <= MAX_VALUES):
        if tries is not None:
            raise UsageError("--tries searches the combinations of several --vary; one setting is played value by value")
        name, values = combinations(varied)
        return name, values, ()
    tries = DEFAULT_TRIES if tries is None else tries
    if tries < 2:
        raise UsageError(f"--tries {tries}: a search plays at least 2 combinations")
    if tries > MAX_VALUES:
        raise UsageError(f"--tries {tries}: at most {MAX_VALUES}")
    return name, (_combination(axes, np.full(len(axes), 0.5)),), axes


def _combination(axes: tuple[tuple, ...], point: np.ndarray) -> tuple:
    """The combination nearest to ``point`` (one coordinate in [0, 1] per setting, 0 its first value)."""
    return tuple(axis[int(round(min(max(float(x), 0.0), 1.0) * (len(axis) - 1)))] for axis, x in zip(axes, point))


def search(sweep: Sweep, store_folder: Path, jobs: int, say: Callable[[str], None] | None = None,
           scheduler: str | None = None) -> Sweep:  # fmt: skip
    """CMA-ES (the ``cma`` package, seeded by the sweep's seed) over the combinations of ``sweep.axes``,
    each coordinate scaled to [0, 1] and rounded to the nearest value: every distinct combination it
    asks for is played (or reused from the store) and scored on the selection half of the deals (its
    distance from the target), until ``sweep.tries`` combinations were played or the search converges.
    Returns the sweep of the combinations tried, in the order tried, whose answer (:func:`run_sweep`)
    states the chosen one on the held-out half, as every sweep does: the search never sees that half."""
    import dataclasses

    import cma

    from simulator.analysis.stats.runs import load_run

    dimensions = len(sweep.axes)
    scores: dict[tuple, float] = {}
    options = {"bounds": [0.0, 1.0], "seed": sweep.seed % (2**31 - 2) + 1, "verbose": -9,
               "popsize": max(4, min(sweep.tries // 3, 4 + int(3 * np.log(dimensions))))}  # fmt: skip
    strategy = cma.CMAEvolutionStrategy(np.full(dimensions, 0.5), 0.3, options)

    def score(combination: tuple) -> None:
        one = dataclasses.replace(sweep, values=(combination,), axes=())
        played = store.ensure_run(one.configs()[0], store_folder, jobs, say, scheduler=scheduler)
        scores[combination] = _distance(sweep, measure_point(one, combination, load_run(played.path)))

    score(sweep.values[0])  # the middle of every range (the search's starting mean)
    stale = 0
    while len(scores) < sweep.tries and not strategy.stop() and stale < 20:
        candidates = strategy.ask()
        new = 0
        for point in candidates:
            combination = _combination(sweep.axes, point)
            if combination not in scores and len(scores) < sweep.tries:
                score(combination)
                new += 1
        stale = 0 if new else stale + 1
        worst = max(scores.values(), default=0.0)
        strategy.tell(candidates, [scores.get(_combination(sweep.axes, point), worst) for point in candidates])
    return dataclasses.replace(sweep, values=tuple(scores), axes=())


def end_points_setting(name: str, game: str) -> Setting:
    """The virtual setting ``seatK_end_points`` (half points allowed, -20..20)."""
    spec = registry.get_game(game)
    if not spec.ranked_by_score:
        raise UsageError(f"--vary {name}: end-of-game points do not apply to {spec.title}, whose winner is not "
                         f"decided by score ({spec.ranked_by_score_note or 'see its rules'})")  # fmt: skip
    seat = int(END_POINTS.match(name).group(1))
    if not 1 <= seat <= max(spec.player_counts):
        raise UsageError(f"--vary {name}: seats are 1 to {max(spec.player_counts)}")
    return Setting(name, "float", 0.0, f"points added to seat {seat}'s final score", "compensation", low=-20, high=20)


def _times(factor: int, number):
    """``factor x number``, a whole number staying whole."""
    product = factor * number
    return int(product) if float(product).is_integer() and isinstance(number, int) else float(product)


def late_seats_setting(name: str, declared: RuleSettings | None, game: str) -> Setting:
    """The virtual setting ``late_seats_<resource>``: its kind and bounds are those of ``seat2_<resource>``
    (each seat's own value is checked against them when the sweep is planned)."""
    resource = LATE_SEATS.match(name).group(1)
    if resource == "end_points":
        base = end_points_setting("seat2_end_points", game)
    else:
        if declared is None or f"seat2_{resource}" not in declared.by_name:
            per_seat = sorted({other.split("_", 1)[1] for other in (declared.by_name if declared else {})
                               if re.match(r"^seat2_", other)})  # fmt: skip
            raise UsageError(f"--vary {name}: {registry.get_game(game).title} has no per-seat setting '{resource}'; "
                             f"per-seat settings: {', '.join(per_seat + ['end_points']) or 'none'}")  # fmt: skip
        base = declared.by_name[f"seat2_{resource}"]
    return Setting(name, base.kind, 0 if base.kind == INT else 0.0, f"seat K gets (K - 1) x this of {resource}",
                   base.rule, low=base.low, high=base.high)  # fmt: skip


def parse_vary(declared: RuleSettings | None, game: str, text: str) -> tuple[str, tuple]:
    """``NAME=VALUES`` -> (setting name, values).  ``seatK_end_points`` is end-of-game points for seat
    K (compensation): the games are played once and ranked again for each value;
    ``late_seats_<resource>`` gives seat K (K - 1) times the value (:data:`LATE_SEATS`)."""
    name, equals, values = text.partition("=")
    if not equals or not name.strip() or not values.strip():
        raise UsageError(f"--vary {text!r} is not NAME=VALUES; e.g. --vary first_player_bonus=0..5")
    if LATE_SEATS.match(name.strip()):
        setting = late_seats_setting(name.strip(), declared, game)
        return setting.name, parse_values(setting, values)
    if END_POINTS.match(name.strip()) and (declared is None or name.strip() not in declared.by_name):
        setting = end_points_setting(name.strip(), game)
        return setting.name, parse_values(setting, values)
    if declared is None:
        raise UsageError(f"{registry.get_game(game).title} declares no rule settings to sweep")
    setting = declared.setting(name.strip())
    return setting.name, parse_values(setting, values)


def check_end_points_measure(setting: str, measure: str) -> None:
    """End-of-game points change who wins, nothing else: only seat measures may be swept with them."""
    if any(END_POINTS.match(name) or name == "late_seats_end_points" for name in setting.split("+")) and not (
            measure == "seat-imbalance" or _SEAT_RATE.match(measure)):  # fmt: skip
        raise UsageError(f"--measure {measure} does not move with end-of-game points (they change who wins, "
                         "not the game): use seat-imbalance or seatK-win-rate")  # fmt: skip


def check_measure(measure: str, spec, target: float | None) -> None:
    """:class:`UsageError` for an unknown measure, or one that needs a target without it."""
    match = _SEAT_RATE.match(measure)
    if match:
        seat = int(match.group(1))
        if seat < 1 or seat > max(spec.player_counts):
            raise UsageError(f"--measure {measure}: seats are 1 to {max(spec.player_counts)}")
        return
    if measure.startswith("column:"):
        column = measure.partition(":")[2]
        if column not in spec.game_columns and column not in spec.seat_columns:
            raise UsageError(f"--measure {measure}: {spec.id} has no result column '{column}'; columns: "
                             f"{', '.join(spec.game_columns + spec.seat_columns)}")  # fmt: skip
    elif measure not in MEASURES:
        raise UsageError(f"unknown measure '{measure}'; measures: {', '.join(MEASURES)}")
    if target is None and measure not in ("seat-imbalance", "stall-rate") and not _SEAT_RATE.match(measure):
        raise UsageError(f"--measure {measure} needs --target (the value you want it to reach)")


def is_rate(measure: str) -> bool:
    """Whether a measure is a rate (a share of games or wins, 0 to 1)."""
    return measure in ("seat-imbalance", "stall-rate", "decisiveness", "catch-up") or bool(_SEAT_RATE.match(measure))


def parse_target(text: str | None, measure: str = "") -> float | None:
    """The target of ``measure``: a rate as a percentage (``25%`` or ``25``) or a fraction (``0.25``),
    from 0 to 100%; any other measure as a number in its own unit.  :class:`UsageError` when it
    cannot be read, is not finite, is out of a rate's range, or is given for the seat imbalance
    (whose target is every seat within noise of its fair share)."""
    if text is None:
        return None
    raw = str(text).strip()
    if measure == "seat-imbalance":
        raise UsageError(f"--target {text!r}: the seat imbalance's target is every seat within noise of its fair "
                         "share; give no --target (or --measure seatK-win-rate with one)")  # fmt: skip
    percent = raw.endswith("%")
    number_text = raw[:-1].strip() if percent else raw
    if not re.match(r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$", number_text):
        raise UsageError(f"--target {text!r} is not a number; e.g. --target 40, --target 0.25 or --target 25%")
    number = float(number_text)
    if measure and not is_rate(measure):
        if percent:
            raise UsageError(f"--target {text!r}: {measure} is not a rate; give a number in its unit, e.g. --target 40")
        return number
    value = number / 100 if percent or number > 1 else number
    if not 0 <= value <= 1:
        raise UsageError(f"--target {text!r}: a rate's target is from 0 to 100% (0 to 1), not {100 * value:g}%")
    return value


def check_seats(setting: str, measure: str, players: int) -> None:
    """:class:`UsageError` for a seat beyond the player count in a swept end-point setting or in the
    measure (checked before anything is played)."""
    for name in setting.split("+"):
        match = END_POINTS.match(name)
        if match and int(match.group(1)) > players:
            raise UsageError(f"--vary {name}: there is no seat {match.group(1)} at {players} players")
    match = _SEAT_RATE.match(measure)
    if match and int(match.group(1)) > players:
        raise UsageError(f"--measure {measure}: there is no seat {match.group(1)} at {players} players")


# ------------------------------------------------------------------------------- measuring


def _rows(run: Run) -> pl.DataFrame:
    return run.rows.collect()


def _wins(rows: pl.DataFrame, players: int) -> np.ndarray:
    ordered = rows.select("game", "seat", "winner").sort("game", "seat")
    return ordered["winner"].to_numpy().reshape(-1, players).astype(np.int64)


def _per_game(run: Run, measure: str, rows: pl.DataFrame) -> np.ndarray:
    """One value per game (in game order) of a mean measure."""
    if measure in _PER_GAME:
        frame = measures_module.outcome_per_game(rows)
        column = _PER_GAME[measure]
        if column not in frame.columns:
            raise UsageError(f"--measure {measure}: the runs have no such result")
        return frame[column].to_numpy().astype(np.float64)
    if measure == "score":
        return rows.group_by("game").agg(pl.col("score").mean()).sort("game")["score"].to_numpy().astype(np.float64)
    if measure.startswith("column:"):
        column = measure.partition(":")[2]
        return rows.group_by("game").agg(pl.col(column).cast(pl.Float64).mean()).sort("game")[column].to_numpy()
    if measure in _TRAJECTORY_MEASURES:
        trajectories, _ = measures_module.load_records(run.path)
        if trajectories is None:
            raise UsageError(f"--measure {measure} needs score trajectories, which {run.path} did not record")
        frame = measures_module.per_game_values(rows, trajectories).sort("game")
        games = np.arange(int(rows["game"].max()) + 1)
        values = np.full(games.size, np.nan)  # a game nobody won has no value (left out, not zero)
        found = frame.select("game", _TRAJECTORY_MEASURES[measure]).drop_nulls()
        values[found["game"].to_numpy()] = found[_TRAJECTORY_MEASURES[measure]].to_numpy()
        return values
    raise UsageError(f"unknown measure '{measure}'")


@dataclass
class Point:
    """One value of a sweep: the measure on all games, on the selection half and on the held-out half."""

    value: object
    estimate: float
    low: float
    high: float
    selection: float
    selection_reaches: bool
    held_out: dict = field(default_factory=dict)


def _half(array: np.ndarray, parity: int) -> np.ndarray:
    return array[parity::2]


def _imbalance(wins: np.ndarray) -> dict:
    """Seat imbalance (pp) with a 95% bootstrap interval, and whether every seat is within noise."""
    games = wins.shape[0]
    rates = wins.mean(axis=0)
    estimate = float(np.abs(rates - rates.mean()).max())
    generator = np.random.default_rng(0)
    draws = []
    for _ in range(400):
        picks = generator.integers(0, games, size=games)
        sampled = wins[picks].mean(axis=0)
        draws.append(np.abs(sampled - sampled.mean()).max())
    low, high = (float(value) for value in np.percentile(draws, [2.5, 97.5]))
    table = _seat_tests(wins)
    widest = float(((table["high"] - table["low"]) / 2).max())
    return {"estimate": estimate, "low": low, "high": high, "within_noise": bool((table["p_holm"] > stats.ALPHA).all()),
            "rates": rates.tolist(), "games": games, "widest_half_width": widest,
            "precise": widest <= FAIR_MARGIN}  # fmt: skip


def _seat_tests(wins: np.ndarray) -> pl.DataFrame:
    from simulator.analysis.stats.seats import symmetry_check

    return symmetry_check(wins.sum(axis=0), wins.shape[0])


def _mean(values: np.ndarray) -> dict:
    values = values[np.isfinite(values)]
    if values.size == 0:
        return {"estimate": float("nan"), "low": float("nan"), "high": float("nan"), "games": 0}
    if np.all((values == 0) | (values == 1)):
        low, high = stats.wilson_interval(int(values.sum()), int(values.size))
        return {"estimate": float(values.mean()), "low": low, "high": high, "games": int(values.size)}
    found = stats.mean_interval(values)
    return {"estimate": found["estimate"], "low": found["low"], "high": found["high"], "games": int(values.size)}


def _compensated(sweep: Sweep, value, rows: pl.DataFrame) -> pl.DataFrame:
    """``rows`` with ``winner`` ranked again once the value's end-of-game points are added."""
    from simulator.analysis.stats.compensation import compensated_wins

    points = sweep.points(value)
    if not points.any():
        return rows
    ordered = rows.sort("game", "seat")
    players = sweep.players
    scores = ordered["score"].to_numpy().reshape(-1, players).astype(np.int64)
    ranks = ordered["rank"].to_numpy().reshape(-1, players).astype(np.int64)
    wins = compensated_wins(scores, ranks, points).astype(np.int64).reshape(-1)
    return ordered.with_columns(pl.Series("winner", wins).cast(ordered["winner"].dtype))


def measure_point(sweep: Sweep, value, run: Run) -> Point:
    """The measure of one value: all games (the chart), selection half (even games), held-out half (odd)."""
    rows = _compensated(sweep, value, _rows(run))
    players = sweep.players
    seat_match = _SEAT_RATE.match(sweep.measure)
    if sweep.measure == "seat-imbalance":
        wins = _wins(rows, players)
        whole, chosen, held = _imbalance(wins), _imbalance(_half(wins, 0)), _imbalance(_half(wins, 1))
        reaches = chosen["within_noise"]
        return Point(value, whole["estimate"], whole["low"], whole["high"], chosen["estimate"], reaches, held)
    if seat_match:
        seat = int(seat_match.group(1))
        if seat > players:
            raise UsageError(f"--measure {sweep.measure}: the game has {players} seats")
        wins = _wins(rows, players)[:, seat - 1].astype(np.float64)
        fair = float(_wins(rows, players).mean())
        target = sweep.target if sweep.target is not None else fair
        whole, chosen, held = _mean(wins), _mean(_half(wins, 0)), _mean(_half(wins, 1))
        return Point(value, whole["estimate"], whole["low"], whole["high"], chosen["estimate"],
                     chosen["low"] <= target <= chosen["high"],
                     dict(held, target=target, fair_share=sweep.target is None))  # fmt: skip
    values = _per_game(run, sweep.measure, rows)
    target = sweep.target if sweep.target is not None else 0.0
    whole, chosen, held = _mean(values), _mean(_half(values, 0)), _mean(_half(values, 1))
    return Point(value, whole["estimate"], whole["low"], whole["high"], chosen["estimate"],
                 chosen["low"] <= target <= chosen["high"], dict(held, target=target))  # fmt: skip


def _distance(sweep: Sweep, point: Point) -> float:
    if sweep.measure == "seat-imbalance":
        return point.selection
    target = point.held_out.get("target", sweep.target or 0.0)
    return abs(point.selection - target)


def answer(sweep: Sweep, points: list[Point], unit: str) -> dict:
    """The value chosen on the selection half (reaching the target, else the closest), and its
    measure on the held-out half; the values that reach the target on the selection half."""
    reaching = [point for point in points if point.selection_reaches]
    pool = reaching or points
    best = min(pool, key=lambda point: _distance(sweep, point))
    held = best.held_out
    if sweep.measure == "seat-imbalance":
        holds = bool(held.get("within_noise")) if reaching else False
    else:
        holds = bool(reaching) and held["low"] <= held["target"] <= held["high"]
    return {
        "setting": sweep.setting,
        "measure": sweep.measure,
        "unit": unit,
        "values": [point.value for point in points],
        "reaching": [point.value for point in reaching],
        "chosen": best.value,
        "reached": bool(reaching),
        "held_out": held,
        "held_out_holds": holds,
        "points": [{"value": point.value, "estimate": point.estimate, "low": point.low, "high": point.high,
                    "selection": point.selection, "reaches_on_selection": point.selection_reaches}
                   for point in points],  # fmt: skip
        "games_per_value": sweep.n,
    }


def run_sweep(sweep: Sweep, store_folder: Path, jobs: int, say: Callable[[str], None] | None = None,
              scheduler: str | None = None) -> dict:  # fmt: skip
    """Play (or reuse) every value's run and compute the answer."""
    from simulator.analysis.stats.runs import load_run

    space = int(np.prod([len(axis) for axis in sweep.axes])) if sweep.axes else 0
    if sweep.axes:
        sweep = search(sweep, store_folder, jobs, say, scheduler)
    spec = registry.get_game(sweep.game)
    runs = []
    played: dict = {}
    for config in sweep.configs():
        if config not in played:  # end-of-game points: one run, ranked again for every value
            played[config] = store.ensure_run(config, store_folder, jobs, say, scheduler=scheduler)
        runs.append(played[config])
    points = [measure_point(sweep, value, load_run(run.path)) for value, run in zip(sweep.values, runs)]
    unit = _unit(sweep.measure, spec)
    result = answer(sweep, points, unit)
    result["runs"] = [str(run.path) for run in runs]
    result["lineup"] = list(runs[0].manifest["lineup"]) if runs else []
    result["players"] = sweep.players
    result["game"] = sweep.game
    result["title"] = spec.title
    if space:
        result["search"] = {"method": "CMA-ES", "combinations": space, "tried": len(sweep.values)}
    return result


def _unit(measure: str, spec) -> str:
    if measure == "seat-imbalance":
        return "pp"
    if _SEAT_RATE.match(measure) or measure in ("stall-rate", "decisiveness", "catch-up"):
        return "%"
    if measure == "length":
        return spec.length_unit
    if measure in ("margin", "score"):
        return "points"
    return ""


def shown(value: float, unit: str) -> str:
    """A measure in its unit: rates in percent, the imbalance in percentage points."""
    if unit in ("pp", "%"):
        return f"{100 * value:.1f}{' pp' if unit == 'pp' else '%'}"
    return f"{value:.2f}{' ' + unit if unit else ''}"


def interval(low: float, high: float, unit: str) -> str:
    """``[low, high]`` in the measure's unit, without repeating it inside the brackets."""
    if unit in ("pp", "%"):
        return f"[{100 * low:.1f}, {100 * high:.1f}]"
    return f"[{low:.2f}, {high:.2f}]"


def sentence(result: dict) -> str:
    """The answer in plain words, the held-out figure first."""
    setting, unit, held = result["setting"], result["unit"], result["held_out"]
    several = "+" in setting
    chosen = value_text(setting, result["chosen"]) if several else f"{setting} = {result['chosen']}"
    half = f"{held['games']:,} held-out games"
    what = "combinations" if several else "values"
    tried = f"{len(result['values'])} {what} tried on the other half of the deals"
    if result.get("search"):
        tried = (f"{len(result['values'])} of {result['search']['combinations']:,} combinations tried by a CMA-ES "
                 f"search on the other half of the deals")  # fmt: skip
    among = (f"No combination of {setting.replace('+', ' and ')}" if several else
             f"No value of {setting} from {result['values'][0]} to {result['values'][-1]}")  # fmt: skip
    figure = f"{shown(held['estimate'], unit)} {interval(held['low'], held['high'], unit)}"
    if result["measure"] == "seat-imbalance" and held.get("rates"):
        rates = held["rates"]
        figure += f", seat {int(np.argmax(rates)) + 1} ahead ({', '.join(f'seat {seat} {100 * rate:.1f}%' for seat, rate in enumerate(rates, 1))})"
    if result["measure"] == "seat-imbalance":
        if result["reached"] and result["held_out_holds"] and not held.get("precise", True):
            return (f"{chosen} leaves no seat beyond noise of its fair share at {held['games']:,} held-out games, too "
                    f"few to call the game fair (each seat ±{100 * held['widest_half_width']:.1f} pp; ±2 pp needed): "
                    f"largest gap {figure} ({tried}).")  # fmt: skip
        if result["reached"] and result["held_out_holds"]:
            return (f"{chosen} makes the game fair: every seat within noise of its fair share "
                    f"({half}: largest gap {figure}; {tried}, fair at {_span(result['reaching'], setting)}).")  # fmt: skip
        if result["reached"]:
            return (f"{chosen} looked fair on half the deals but not on the held-out half "
                    f"({half}: largest gap {figure}); none is shown to be fair ({tried}).")  # fmt: skip
        return (f"{among} makes every seat win equally often: the closest, {chosen}, leaves a largest gap of "
                f"{figure} ({half}; {tried}).")  # fmt: skip
    target = shown(held["target"], unit)
    if held.get("fair_share"):
        target = f"the fair share ({target}; above 1/{result['players']} when wins are shared)"
    if result["reached"] and result["held_out_holds"]:
        return (f"{chosen} brings {result['measure']} to {target}: {figure} "
                f"({half}; {tried}; within noise of the target at {_span(result['reaching'], setting)}).")  # fmt: skip
    return (f"{among} is shown to bring {result['measure']} to {target}: the closest, {chosen}, gives {figure} "
            f"({half}; {tried}).")  # fmt: skip


def short_sentence(result: dict) -> str:
    """A seat-imbalance sweep's answer in a few words, for the first screen's fixes: ``1 more start coin
    per later seat makes it fair (largest gap 1.2 pp [0.3, 2.9])`` or ``no number of extra start coins per
    later seat from 0 to 2 makes it fair (closest, 1: largest gap 4.1 pp [2.6, 5.9])``; another setting is
    named as the user wrote it (``seat2_start_points = -2 makes it fair ...``); the full sentence is in
    the report's section."""
    setting, unit, held = result["setting"], result["unit"], result["held_out"]
    figure = f"{shown(held['estimate'], unit)} {interval(held['low'], held['high'], unit)}"
    chosen = value_text(setting, result["chosen"])
    first, last = result["values"][0], result["values"][-1]
    late = LATE_SEATS.match(setting)
    reached = result["reached"] and result["held_out_holds"] and held.get("precise", True)
    if late:
        resource = late_seats_words(late.group(1))
        if reached and result["chosen"] == 0:  # the rules as they are reach the target
            return f"no extra {resource} needed: the rules as they stand are fair (largest gap {figure})"
        if reached:
            return f"{_more(result['chosen'], resource)} per later seat makes it fair (largest gap {figure})"
        return (f"no number of extra {resource} per later seat from {first} to {last} makes it fair "
                f"(closest, {chosen}: largest gap {figure})")  # fmt: skip
    name = setting.replace("+", " and ")
    if reached:
        return f"{name} = {chosen} makes it fair (largest gap {figure})"
    return f"no {name} from {first} to {last} makes it fair (closest, {chosen}: largest gap {figure})"


def late_seats_words(resource: str) -> str:
    """A ``late_seats_<resource>`` sweep's resource as a designer says it: ``start coins``,
    ``end-of-game points``."""
    return "end-of-game points" if resource == "end_points" else resource.replace("_", " ")


def _more(value, resource: str) -> str:
    """``1 more start coin``, ``2 more start coins``: each later seat's extra over the seat before."""
    if value == 1 and resource.endswith("s") and not resource.endswith(("us", "ss")):
        resource = resource[:-1]
    return f"{value} more {resource}"


def value_text(setting: str, value) -> str:
    """A value (or a combination) as a designer reads it: ``2``, or ``a = 1, b = 2``."""
    names = setting.split("+")
    if len(names) == 1:
        return str(value)
    return ", ".join(f"{name} = {number}" for name, number in zip(names, value))


def _span(values: list, setting: str = "") -> str:
    if len(values) == 1:
        return value_text(setting, values[0]) if setting else str(values[0])
    if "+" in setting:
        return f"{len(values)} combinations"
    return f"{len(values)} values from {values[0]} to {values[-1]}"


def chart(result: dict, out: Path | None = None) -> Path | bytes:
    """The measure against the value, with its 95% interval at every value and the target drawn:
    written to ``out`` (PNG), or returned as PNG bytes when ``out`` is ``None`` (a report's figure)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    unit = result["unit"]
    scale = 100.0 if unit in ("pp", "%") else 1.0
    points = result["points"]
    several = "+" in result["setting"]
    x = list(range(len(points))) if several else [point["value"] for point in points]
    if not several and len(x) <= 25:
        axes_ticks = x
    else:
        axes_ticks = None
    y = np.array([point["estimate"] for point in points]) * scale
    low = np.array([point["low"] for point in points]) * scale
    high = np.array([point["high"] for point in points]) * scale
    figure, axes = plt.subplots(figsize=(6.4, 3.8), dpi=110)
    axes.errorbar(x, y, yerr=[y - low, high - y], fmt="o-", capsize=4, color="#1f5f8b", label="all games, 95% interval")
    if result["measure"] != "seat-imbalance":
        axes.axhline(result["held_out"]["target"] * scale, color="#b03a2e", linestyle="--", label="target")
    else:
        axes.axhline(0, color="#b03a2e", linestyle="--", label="perfectly fair (0)")
    chosen = [index for index, point in enumerate(points) if point["value"] == result["chosen"]]
    if chosen:
        axes.plot([x[chosen[0]]], [y[chosen[0]]], "s", color="#b03a2e", markersize=10, fillstyle="none",
                  label="chosen (on half the deals)")  # fmt: skip
    names = {"pp": "percentage points", "%": "%"}
    plain = PLAIN_NAMES.get(result["measure"], result["measure"])
    axes.set_xlabel(result["setting"].replace("+", ", "))
    if axes_ticks is not None:
        axes.set_xticks(axes_ticks)
    if several:
        axes.set_xticks(x, [", ".join(map(str, point["value"])) for point in points], rotation=60, fontsize=7)
    axes.set_ylabel(f"{plain} ({names.get(unit, unit)})" if unit else plain)
    axes.set_title(f"{result['title']}, {result['players']} players: {plain} by {result['setting']}",
                   fontsize=10)  # fmt: skip
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    if out is None:
        import io

        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        plt.close(figure)
        return buffer.getvalue()
    out = Path(out)
    figure.savefig(out)
    plt.close(figure)
    return out


@dataclass(frozen=True)
class SweepSetting:
    """A sweep named in an experiment file (key ``sweeps``): played at each of its player counts."""

    vary: tuple[str, ...]
    measure: str = "seat-imbalance"
    target: float | None = None
    tries: int | None = None

    def plan(self, game: str, players: int, n: int, seed: int, lineup: tuple[str, ...], variants: tuple[str, ...],
             base_rules: tuple[tuple[str, str], ...]) -> Sweep:  # fmt: skip
        """The sweep at one player count (:class:`UsageError` for a setting, value or measure that is wrong)."""
        spec = registry.get_game(game)
        name, values, axes = plan_values([parse_vary(spec.rule_settings, game, text) for text in self.vary], self.tries)
        check_measure(self.measure, spec, self.target)
        check_end_points_measure(name, self.measure)
        check_seats(name, self.measure, players)
        return Sweep(game, players, n, seed, name, values, self.measure, self.target, lineup, variants, base_rules,
                     axes=axes, tries=self.tries or DEFAULT_TRIES)  # fmt: skip


def add_to_report(document, result: dict, title: str) -> None:
    """A collapsible report section: the answer, the chart, every value with its interval."""
    unit = result["unit"]
    document.heading(f"Which value balances it — {title}", 3)
    document.text(sentence(result))
    document.figure(chart(result), f"{PLAIN_NAMES.get(result['measure'], result['measure'])} by "
                                   f"{result['setting'].replace('+', ', ')}: all games, 95% intervals")  # fmt: skip
    plain = PLAIN_NAMES.get(result["measure"], result["measure"])
    document.table([result["setting"].replace("+", ", "), f"{plain} (all games)", "95% interval",
                    "on half the deals"],
                   [[value_text(result["setting"], point["value"]), shown(point["estimate"], unit),
                     interval(point["low"], point["high"], unit),
                     "reaches the target" if point["reaches_on_selection"] else ""] for point in result["points"]])  # fmt: skip
