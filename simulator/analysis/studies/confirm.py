"""Strong play behind every headline: each first-screen answer measured again under a stronger
lineup (``confirm_lineup``, ``confirm_n`` in an experiment file), with the strength of that
lineup's first strategy over the game's tuned default measured on the same deals.

The confirmation plays the baseline and the setups the answers are about (never all of a large
study's setups) on the study's seed, so each is paired with the same deals; every run is kept in
the run store like the study's own.  It plays in looks (:func:`look_sizes`: ``confirm_n`` games per
run, then twice that, ... up to ``confirm_budget``), each run extending the previous look's games,
until each headline is decided; each look's intervals are widened to the level 1 - 0.05/K for K
planned looks (:func:`look_level`, Bonferroni), so the error rate stays 5% however often it looks.
Each answer then says whether its finding holds, reverses, vanishes or changes under stronger
play, or is not decided (and how many games would decide it), with how the finding moves with
the players (:func:`moves_with_players`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Callable

import polars as pl

from simulator.analysis.stats import compare, seats, tournament
from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.strategy_names import as_written, plain_names
from simulator.analysis.report import quality as report_quality
from simulator.analysis.report.answers import COMPARED_COLUMNS, PAIRED_KEYS, word
from simulator.analysis.report.quality import no_negative_zero
from simulator.analysis.studies import store
from simulator.analysis.stats.runs import Run
from simulator.core.engine import registry
from simulator.core.players.reference import parse_reference
from simulator.core.players.strategies import resolve_tuned
from simulator.analysis.studies.stronger import (  # noqa: F401  (SEARCH_STRENGTH_FILE: read here by tests and research)
    SEARCH_STRENGTH_FILE, confirm_name, search_strength, tuned_default)
from simulator.core.run.summary import Z_95

HOLDS, REVERSES, VANISHES, CHANGES = "holds", "reverses", "vanishes", "changes"
NOT_DECIDED = "is not decided"
VERDICTS = (HOLDS, REVERSES, VANISHES, CHANGES, NOT_DECIDED)
MARGIN_PP = 0.02
"""A difference of win rate within ±2 percentage points is no change a player would notice: the
margin of the equivalence test behind "no change holds" (issue 36)."""


def look_sizes(first: int, budget: int) -> list[int]:
    """Games per run at each planned look of the sequential check: ``first`` (``confirm_n``), then
    twice as many, four times ..., the last one capped at ``budget`` (``confirm_budget``, games per
    run).  A budget of ``first`` or less is a single look: the check of a fixed number of games."""
    sizes = [first]
    while sizes[-1] < budget:
        sizes.append(min(2 * sizes[-1], budget))
    return sizes


def look_level(looks: int) -> float:
    """The confidence level of each look's interval when the check plans ``looks`` looks: the 5%
    error rate split evenly over them (Bonferroni), 1 - 0.05/K: 95% for one look, 98.75% for
    four.  However the looks turn out, the chance that any interval the verdicts are read from
    misses its true value stays at most 5%."""
    return 1.0 - stats.ALPHA / looks


def level_text(looks: int) -> str:
    """:func:`look_level` in words: ``95%``, ``97.5%``, ``98.75%``."""
    return f"{100 * look_level(looks):.2f}".rstrip("0").rstrip(".") + "%"


def look_z(looks: int) -> float:
    """The normal quantile of :func:`look_level` (1.96 for one look, 2.50 for four)."""
    return NormalDist().inv_cdf(1.0 - stats.ALPHA / (2 * looks))


def widen(low: float, estimate: float, high: float, looks: int) -> tuple[float, float]:
    """A 95% interval widened to the per-look level: each bound's distance from the estimate times
    ``look_z(looks) / 1.96`` (exact for the normal intervals of paired differences and clustered
    rates; for Wilson and bootstrap intervals the same stretch of their own asymmetric reach)."""
    factor = look_z(looks) / Z_95
    return estimate - factor * (estimate - low), estimate + factor * (high - estimate)


def widened(value: dict, looks: int) -> dict:
    """``value`` (``estimate``, ``low``, ``high``) with its interval at the per-look level."""
    if looks <= 1 or not all(math.isfinite(value[key]) for key in ("estimate", "low", "high")):
        return value
    low, high = widen(value["low"], value["estimate"], value["high"], looks)
    return {**value, "low": low, "high": high}


def can_decide(main: dict) -> bool:
    """Whether more games can decide this headline: its main estimate is a number, and a seat
    imbalance has per-seat tests to read (:func:`imbalance_fare`)."""
    if not math.isfinite(main["estimate"]):
        return False
    return main.get("measure") != "seat-imbalance" or main.get("favoured") is not None


def strongest_search(game: str, players: int, path: Path = SEARCH_STRENGTH_FILE) -> dict | None:
    """The measured search player with the best paired difference against today's tuned default
    at ``players`` players (rows measured against another opponent, e.g. a file since retuned, do not count)."""
    rows = [row for row in search_strength(game, players, path) if row["opponent"] == tuned_default(game, players)]
    return max(rows, key=lambda row: row["paired_difference"], default=None)


def search_comparison(game: str, players: int, path: Path = SEARCH_STRENGTH_FILE) -> str:
    """How the best measured search player compares with the tuned default at ``players`` players, in words."""
    row = strongest_search(game, players, path)
    if row is None:
        return f"the search player was not measured against {as_written(tuned_default(game, players), players)} at {players} players"
    word = "stronger than" if row["ci95_low"] > 0 else ("weaker than" if row["ci95_high"] < 0 else "level with")
    return (f"the search player at its best measured setting ({row['search']}) is {word} it at {players} players: "
            f"{100 * row['paired_difference']:+.1f} pp [{100 * row['ci95_low']:+.1f}, {100 * row['ci95_high']:+.1f}] "
            f"of win rate on {row['deals']} paired deals, {row['cpu_s_per_game_every_seat']:.2f} CPU s a game")  # fmt: skip


def is_effect(main: dict) -> bool:
    """Whether a headline finds an effect ("X moves seat k by d": its interval excludes 0), rather
    than no change beyond noise."""
    return main["low"] > 0 or main["high"] < 0


def margin_of(main: dict) -> float:
    """The margin within which "no change" holds: ±2 pp for a rate (:data:`MARGIN_PP`), else the
    reach of the main estimate's own interval (what the main lineup could not tell from 0)."""
    if main.get("unit", "pp") in ("pp", "%") or main.get("measure") in ("seat-imbalance", "seat-win-rate", "stalls"):
        return MARGIN_PP
    return max(abs(main["low"]), abs(main["high"]), 1e-12)


def fare(main: dict, strong: dict, measure: str) -> str:
    """The verdict of a headline under stronger play, from the stronger interval alone (issue 36: a
    check that can fail; ``holds`` is never written when the interval cannot tell):

    - an effect ("X moves it by d", the main interval clear of 0) *holds* when the stronger interval
      excludes 0 on the same side, *reverses* when it excludes 0 on the other side, *vanishes* when
      it lies within the margin (±2 pp for a rate: an equivalence test), and *is not decided*
      otherwise;
    - no change beyond noise (the main interval reaching 0) *holds* when the stronger interval lies
      within the margin, *changes* when it excludes 0, and *is not decided* otherwise.

    The seat imbalance, which noise alone makes positive: :func:`imbalance_fare`."""
    estimate, low, high = strong["estimate"], strong["low"], strong["high"]
    if not all(math.isfinite(number) for number in (estimate, low, high, main["estimate"])):
        return NOT_DECIDED
    if measure == "seat-imbalance":
        return imbalance_fare(main, strong)
    margin = margin_of(main)
    within = -margin <= low and high <= margin
    if is_effect(main):
        if low > 0 or high < 0:
            return HOLDS if (low > 0) == (main["estimate"] > 0) else REVERSES
        return VANISHES if within else NOT_DECIDED
    if low > 0 or high < 0:
        return CHANGES
    return HOLDS if within else NOT_DECIDED


def imbalance_fare(main: dict, strong: dict) -> str:
    """:func:`fare` for the seat imbalance, read with the seats each lineup clearly favours (beyond
    noise, Holm over the seats: ``favoured``) and every seat's interval against the fair share
    (``seat_bounds``: (low, high) minus the fair share):

    - seat k clearly favoured under the main lineup: *holds* when k is clearly favoured under the
      stronger one, *reverses* when another seat is and k's own interval no longer reaches above the
      fair share (another seat flagged first while k may still be ahead is no reversal: two seats
      can both win more than their share), *vanishes* when every seat lies within ±2 pp of the fair
      share, *is not decided* otherwise;
    - no seat clearly favoured under the main lineup: *changes* when a seat is clearly favoured under
      the stronger one, *holds* when every seat lies within ±2 pp of the fair share, *is not decided*
      otherwise.

    Without per-seat tests (``favoured`` missing) nothing is decided."""
    main_seats, strong_seats = main.get("favoured"), strong.get("favoured")
    if main_seats is None or strong_seats is None:
        return NOT_DECIDED
    bounds = strong.get("seat_bounds") or []
    within = bool(bounds) and all(-MARGIN_PP <= low and high <= MARGIN_PP for low, high in bounds)
    if main_seats:
        if main_seats[0] in strong_seats:
            return HOLDS
        if strong_seats:
            seat = main_seats[0]
            no_longer_ahead = len(bounds) >= seat and bounds[seat - 1][1] <= 0
            return REVERSES if no_longer_ahead else NOT_DECIDED
        return VANISHES if within else NOT_DECIDED
    if strong_seats:
        return CHANGES
    return HOLDS if within else NOT_DECIDED


def games_to_decide(main: dict, strong: dict, games: int) -> int | None:
    """About how many games a run would decide a headline that is not decided at ``games``: the
    stronger interval's half-width shrinks as 1/sqrt(n); an effect is decided once the half-width is
    below the main effect, no change once the interval fits in the margin.  ``None`` when the
    interval gives nothing to scale (no width)."""
    if main.get("measure") == "seat-imbalance":
        bounds = strong.get("seat_bounds") or []
        if not bounds:
            return None
        half = max((high - low) / 2 for low, high in bounds)
        target = abs(main["estimate"]) if main.get("favoured") else MARGIN_PP / 2
    else:
        half = (strong["high"] - strong["low"]) / 2
        if is_effect(main):
            target = abs(main["estimate"])
        else:
            margin = margin_of(main)
            target = max(margin - abs(strong["estimate"]), margin / 2)
    if half <= 0 or target <= 0:
        return None
    return max(games + 1, math.ceil(games * (half / target) ** 2))


def cpu_seconds_per_game(runs: list[Run]) -> float | None:
    """CPU seconds a game of these runs took: the seconds each stored chunk took in its worker,
    over its games (a run extended look by look keeps the timing of every chunk; compiling is
    not counted); ``None`` when the manifests do not say."""
    total, games = 0.0, 0
    for run in runs:
        chunks = run.manifest.get("chunks") or []
        if not chunks or any("seconds" not in chunk for chunk in chunks):
            return None
        total += sum(float(chunk["seconds"]) for chunk in chunks)
        games += sum(int(chunk["games"]) for chunk in chunks)
    return total / games if games else None


def verdict_text(main: dict, strong: dict, games: int, runs: list[Run] | None = None) -> str:
    """:func:`fare`'s verdict in words; a headline that is not decided says how many games a run
    would decide it, and what that costs in CPU time at the confirmation's own speed."""
    verdict = fare(main, strong, main["measure"])
    if verdict != NOT_DECIDED:
        return verdict
    needed = games_to_decide(main, strong, games)
    if needed is None:
        return f"{verdict} at {games:,} games"
    cost = cpu_seconds_per_game(runs or [])
    extra = needed - games
    spent = "" if cost is None else f", about {_cpu_time(extra * cost * max(len(runs or []), 1))} of CPU"
    return f"{verdict} at {games:,} games (about {needed:,} games a run would decide it: {extra:,} more{spent})"


def _cpu_time(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _lineups(game: str, names: tuple[str, ...], players: int) -> list[tuple[str, ...]]:

    base = tournament.fill_seats(tuple(confirm_name(game, name, players) for name in names), players)
    return list(dict.fromkeys(tournament.seat_orders(base)))


def strength_lineups(game: str, strong: str, players: int) -> list[tuple[str, ...]]:
    """The stronger strategy in one seat, the tuned default in the others, every rotation."""

    default = resolve_tuned(game, registry.get_game(game).default_strategy + "@tuned", players)
    return list(dict.fromkeys(tournament.seat_orders((strong,) + (default,) * (players - 1))))


def confirmation_looks(experiment) -> list[int]:
    """The games per run at each planned look of a study's confirmation (``confirm_n``, doubling up
    to ``confirm_budget``; one look without a budget)."""
    return look_sizes(experiment.confirm_n, experiment.confirm_budget or experiment.confirm_n)


def needed_labels(headlines: list[dict], baseline_label: str) -> list[str]:
    """The setups whose runs ``headlines`` read (a paired change reads the baseline's too), the
    baseline first."""
    labels = [baseline_label] if any(headline["measure"] != "seat-imbalance" or headline["label"] == baseline_label
                                     for headline in headlines) else []  # fmt: skip
    return list(dict.fromkeys(labels + [headline["label"] for headline in headlines]))


def play_confirmation(experiment, headlines: list[dict], store_folder: Path, jobs: int,
                      say: Callable[[str], None] | None = None, scheduler: str | None = None) -> dict:  # fmt: skip
    """Play (or reuse) the confirmation of ``headlines`` (the document's headline list), per player
    count: the sequential check (:func:`check_sequentially`) under the stronger lineup, and the
    strength runs (``confirm_n`` games).  ``scheduler``: a Dask scheduler address to play on."""
    baseline = experiment.arms[0]
    sizes = confirmation_looks(experiment)

    def play(players: int, label: str, look: int) -> list[Run]:
        arm = next(arm for arm in experiment.arms if arm.label == label)
        return [store.ensure_run(_config(experiment, players, sizes[look], lineup, arm), store_folder, jobs, say, scheduler,
                                 _config(experiment, players, sizes[look - 1], lineup, arm) if look else None)
                for lineup in _lineups(experiment.game, experiment.confirm_lineup, players)]  # fmt: skip

    result = {}
    for players in sorted({headline["players"] for headline in headlines}):
        own = {index: headline for index, headline in enumerate(headlines) if headline["players"] == players}
        checks, groups = check_sequentially(own, sizes, baseline.label, lambda label, look: play(players, label, look))
        strong = confirm_name(experiment.game, experiment.confirm_lineup[0], players)  # X@tuned: this count's file
        entry = {"groups": groups, "strength": [], "strong": strong, "checks": checks, "looks": sizes}
        if strong != tuned_default(experiment.game, players):  # the tuned default has nothing to be measured against
            entry["strength"] = [store.ensure_run(store.make_config(experiment.game, players, experiment.confirm_n, experiment.seed,
                                                                    lineup, baseline, experiment.chunk_size, False),
                                                  store_folder, jobs, say, scheduler)
                                 for lineup in strength_lineups(experiment.game, strong, players)]  # fmt: skip
        result[players] = entry
    return result


def _config(experiment, players: int, games: int, lineup: tuple[str, ...], arm: store.Arm):
    return store.make_config(experiment.game, players, games, experiment.seed, lineup, arm, experiment.chunk_size,
                             experiment.trajectories)  # fmt: skip


def check_sequentially(headlines: dict[int, dict], sizes: list[int], baseline_label: str,
                       play: Callable[[str, int], list[Run]]) -> tuple[dict[int, dict], dict[str, list[Run]]]:  # fmt: skip
    """The sequential check of one player count's ``headlines`` (index -> headline): at look k the
    runs of every setup an undecided headline reads are played to ``sizes[k]`` games
    (``play(label, k)``, extending look k-1's runs), and each such headline is measured with
    intervals at the per-look level (:func:`look_level` of ``len(sizes)`` looks).  A headline
    stops asking for games once decided (or when no game can decide it: :func:`can_decide`).

    Returns each headline's check (``value``, ``games``, ``look``, ``runs``: the runs it was read
    from) and the runs of every setup at the most games it was played."""
    pending, checks, groups = dict(headlines), {}, {}
    for look, games in enumerate(sizes):
        current = {label: play(label, look) for label in needed_labels(list(pending.values()), baseline_label)}
        groups.update(current)
        for index, headline in list(pending.items()):
            value = headline_value(headline, current, baseline_label, len(sizes))
            if value is None:
                del pending[index]
                continue
            runs = current[headline["label"]] + (current[baseline_label] if headline["measure"] != "seat-imbalance" else [])
            checks[index] = {"value": value, "games": games, "look": look + 1, "runs": runs}
            if fare(headline, value, headline["measure"]) != NOT_DECIDED or not can_decide(headline):
                del pending[index]
        if not pending:
            break
    return checks, groups


def strength(runs: list[Run], strong: str) -> dict:
    """The stronger strategy's win rate per seat taken against the tuned default (deal-clustered
    interval), the default's, and the fair share."""
    table = tournament.ranking(runs)
    rows = {row["strategy"]: row for row in table.iter_rows(named=True)}
    other = next(name for name in rows if name != strong)
    return {"strong": rows[strong], "default": rows[other], "default_name": other, "fair_share": 1.0 / runs[0].players}


def strength_word(power: dict) -> str:
    """``stronger than``, ``level with`` or ``weaker than`` the tuned default, from the stronger
    strategy's win-rate interval against the fair share."""
    row, fair = power["strong"], power["fair_share"]
    return "stronger than" if row["low"] > fair else ("weaker than" if row["high"] < fair else "level with")


def headline_value(headline: dict, groups: dict[str, list[Run]], baseline_label: str, looks: int = 1) -> dict | None:
    """The quantity a headline estimates, measured on the confirmation runs (None when it cannot
    be), its intervals at the level of one of ``looks`` planned looks (:func:`look_level`)."""
    measure, label = headline["measure"], headline["label"]
    if label not in groups:
        return None
    if measure == "seat-imbalance":
        return imbalance_value(groups[label], looks)
    if label == baseline_label:
        return None
    base, arm = groups[baseline_label], groups[label]
    if measure in ("seat-win-rate", "score", "stalls"):
        column = f"win_seat_{headline['seat']}" if measure == "seat-win-rate" else COMPARED_COLUMNS[measure][0]
        value = compare.paired_column(base, arm, column)
        return None if value is None else widened(value, looks)
    table = report_quality.paired_quality(base[0], arm[0]).filter(pl.col("key") == PAIRED_KEYS[measure])
    if table.is_empty():
        return None
    row = table.row(0, named=True)
    return widened({"estimate": row["difference"], "low": row["low"], "high": row["high"]}, looks)


def imbalance_value(runs: list[Run], looks: int = 1) -> dict:
    """The seat imbalance of ``runs`` with what :func:`imbalance_fare` reads, at the level of one of
    ``looks`` looks: the seats clearly favoured (Holm over the seats at 0.05/K, interval at that
    level clear of the fair share) and every seat's interval against the fair share."""
    value = widened(seats.seat_imbalance(runs), looks)
    value["low"] = max(value["low"], 0.0)  # an imbalance is never negative
    table, notes = seats.seat_advantage(runs)
    fair = notes["fair_share"]
    bounds = [widen(row["low"], row["win_rate"], row["high"], looks) for row in table.iter_rows(named=True)]
    table = table.with_columns(pl.Series("low", [low for low, _ in bounds]), pl.Series("high", [high for _, high in bounds]))
    value["favoured"] = seats.clearly_favoured(table, stats.ALPHA / looks)
    value["seat_bounds"] = [(low - fair, high - fair) for low, high in bounds]
    return value


def _figure(value: dict, unit: str, signed: bool = False) -> str:
    """An estimate and its interval in the headline's unit: a win rate's change in percentage
    points (``pp``, never ``points``, which are the game's own score), ``%`` or the game's unit."""
    scale = 100.0 if unit in ("%", "pp") else 1.0
    suffix = {"pp": " pp", "points": " points", "%": "%"}.get(unit, f" {unit}")
    estimate, low, high = (no_negative_zero(scale * value[key], 1) for key in ("estimate", "low", "high"))
    number = f"{estimate:+.1f}" if signed else f"{estimate:.1f}"
    return f"{number}{suffix} [{low:.1f}, {high:.1f}]"


QUANTITY_WORDS = {"seat-imbalance": "largest gap from the fair share", "score": "change of the mean score", "length": "change of the length",
                  "margin": "change of the margin of victory", "catch-up": "change of the gap between first and last",
                  "decisiveness": "change of when the winner takes the lead for good",
                  "stalls": "change of the share of games stopped at the stall cap",
                  "sensitivity": "winner-change rate"}  # fmt: skip


def quantity(headline: dict) -> str:
    """What a headline's two estimates measure, in words (``seat 3's win-rate change``): the
    confirmation quotes numbers that are not all in the answer, so it names them."""
    if headline["measure"] == "seat-win-rate" and headline.get("seat"):
        return f"seat {headline['seat']}'s win-rate change"
    return QUANTITY_WORDS.get(headline["measure"], headline["measure"])


def favoured_clause(headline: dict, strong: dict) -> str:
    """``, seat 1 clearly favoured under both``, ``, no seat clearly favoured under either`` (the
    seats beyond noise, when both lineups were tested seat by seat), else ``, seat 1 the most
    favoured under both`` or ``, most favoured seat 2 → 1`` (never ``1 → 1``)."""
    main_seats, strong_seats = headline.get("favoured"), strong.get("favoured")
    if main_seats is not None and strong_seats is not None:
        if not main_seats and not strong_seats:  # a larger figure from fewer games is what noise alone gives
            return ", no seat clearly favoured under either (fewer games make the imbalance larger by noise alone)"
        if main_seats[:1] == strong_seats[:1]:
            return f", seat {main_seats[0]} clearly favoured under both"
        said = lambda seats: f"seat {seats[0]}" if seats else "none"  # noqa: E731
        return f", clearly favoured: {said(main_seats)} → {said(strong_seats)}"
    if headline.get("best_seat") == strong["best_seat"]:
        return f", seat {strong['best_seat']} the most favoured under both"
    return f", most favoured seat {headline.get('best_seat')} → {strong['best_seat']}"


@dataclass(frozen=True)
class Step:
    """One lineup's measurement of a headline, for :func:`moves_with_players`: who played, in words
    (``with the tuned bot``, ``adapted``, ``with the search player``), the estimate and, where it
    is shown, its interval."""

    players: str
    estimate: float
    interval: tuple[float, float] | None = None
    verdict: str = ""
    """How the first step's finding fares with these players (:func:`fare`), said after them."""


def moves_with_players(name: str, unit: str, steps: list[Step], signed: bool = True) -> str:
    """How a finding moves with the players, in one line: ``seat 1's win-rate change +4.2 pp with
    the tuned bot, +3.9 adapted, +4.5 [+2.1, +6.9] with the search player``.  ``steps`` are the
    measurements available, weakest players first: a step that was not measured (adapted players,
    say) is simply not given.  The unit follows the first figure; a rate is in percentage points."""
    scale = 100.0 if unit in ("%", "pp") else 1.0
    suffix = {"pp": " pp", "points": " points", "%": "%"}.get(unit, f" {unit}")
    shown = (lambda value: f"{no_negative_zero(scale * value, 1):+.1f}") if signed else (
        lambda value: f"{no_negative_zero(scale * value, 1):.1f}")  # fmt: skip
    parts = []
    for position, step in enumerate(steps):
        text = shown(step.estimate) + (suffix if position == 0 else "")
        if step.interval is not None:
            text += f" [{shown(step.interval[0])}, {shown(step.interval[1])}]"
        parts.append(f"{text} {step.players}" + (f" ({step.verdict})" if step.verdict else ""))
    return f"{name} " + ", ".join(parts)


def players_phrase(game: str, names, players: int) -> str:
    """Who played a lineup, in the words of :func:`moves_with_players`: ``with the tuned bot`` (the
    game's tuned default in every seat), ``adapted`` (players adapted to the setup, ``X@adapted``),
    ``with the search player``, else ``with`` the strategy in plain words, or ``with the mixed table``."""
    resolved = list(dict.fromkeys(confirm_name(game, name, players) for name in names))
    references = [parse_reference(name) for name in resolved]
    if resolved == [tuned_default(game, players)]:
        return "with the tuned bot"
    if all((reference.param_file or "").startswith("adapted") for reference in references):
        return "adapted"
    if all(reference.base == "ismcts" for reference in references):
        return "with the search player"
    # plain words: the first screen shows no settings string, and names a mixed table's players once, below (issue 37)
    return "with " + plain_names(resolved) if len(resolved) == 1 else "with the mixed table"


def player_steps(experiment, headline: dict, strong: dict) -> list[Step]:
    """The steps of :func:`moves_with_players` for one headline: the study's own players, the
    adapted players when the headline carries their measurement (``headline["adapted"]``:
    ``estimate``, ``low``, ``high``; omitted otherwise), then the stronger lineup with its interval."""
    players = headline["players"]
    main = players_phrase(experiment.game, [name for lineup in experiment.lineups for name in lineup], players)
    # its interval is in the answer's figure, unless that figure is this very measure (then the line replaces it)
    own = (headline["low"], headline["high"]) if headline.get("figure_in_line") else None
    steps = [Step(main, headline["estimate"], own)]
    adapted = headline.get("adapted")
    if adapted is not None and main != "adapted":
        steps.append(Step("adapted", adapted["estimate"], verdict=headline.get("adapted_verdict", "")))
    if strong is not None:
        strong_phrase = players_phrase(experiment.game, experiment.confirm_lineup, players)
        steps.append(Step(strong_phrase, strong["estimate"], (strong["low"], strong["high"]), strong.get("verdict", "")))
    return steps


def looks_text(check: dict, sizes: list[int]) -> str:
    """``100 games per run`` (one look), else where the sequential check stopped: ``400 of at most
    800 games per run, look 3 of 4, 98.75% intervals``."""
    if len(sizes) == 1:
        return f"{check['games']:,} games per run"
    return (f"{check['games']:,} of at most {sizes[-1]:,} games per run, look {check['look']} of {len(sizes)}, "
            f"{level_text(len(sizes))} intervals")  # fmt: skip


def add_confirmation(document, experiment, played: dict) -> None:
    """Append to each headline answer how it fares under the stronger lineup and how it moves with
    the players, say how strong that lineup is, and add the appendix section with both estimates
    of every headline and the games that decided it."""
    rows, strengths = [], []
    lineup = ", ".join(dict.fromkeys(experiment.confirm_lineup))
    for players, entry in played.items():
        standing, sentence = _standing(experiment, players, entry)
        strengths.append(sentence)
        for index, headline in enumerate(document.headlines):
            check = entry["checks"].get(index) if headline["players"] == players else None
            if check is None:
                continue
            strong, games = check["value"], check["games"]
            verdict = verdict_text(headline, strong, games, check["runs"])
            signed = headline["measure"] != "seat-imbalance"
            short = fare(headline, strong, headline["measure"])  # the first screen: the players are named once, below the answers
            short = f"not decided at {games:,} games" if short == NOT_DECIDED else short
            steps = player_steps(experiment, headline, dict(strong, verdict=short))
            line = moves_with_players(quantity(headline), headline["unit"], steps, signed)
            append_line(document, headline, line)
            if headline["measure"] == "seat-imbalance" and strong.get("best_seat"):
                verdict += favoured_clause(headline, strong)
            rows.append([f"{players} players", headline["label"], quantity(headline), _figure(headline, headline["unit"], signed),
                         _figure(strong, headline["unit"], signed), f"{games:,}", f"{verdict} (under {lineup}: {standing}, "
                         f"{looks_text(check, entry['looks'])})"])  # fmt: skip
    sizes = confirmation_looks(experiment)
    document.heading("Stronger play", 2)
    document.heading("Each headline under the stronger lineup", 3)
    document.text(f"Each headline answer measured again with {', '.join(experiment.confirm_lineup)} in every seat, on the "
                  f"study's seed (the same deals), {_looks_sentence(sizes)} The verdict follows from the stronger "
                  "interval alone: an effect holds when that interval excludes 0 on the same side, reverses "
                  "when it excludes 0 on the other side, vanishes when it lies within ±2 pp (for a rate; else within the "
                  "main interval's reach); no change beyond noise holds only when the interval lies within that margin, "
                  "changes when it excludes 0; anything else is not decided, with the games that would decide it. The "
                  "seat imbalance, which noise alone makes positive, is read with the seats each lineup favours beyond "
                  "noise (per-seat tests) and every seat's interval against the fair share. Strength: "
                  + "; ".join(strengths) + ".")  # fmt: skip
    document.table(["players", "setup", "measure", "main lineup", "stronger lineup", "games per run", "verdict"], rows)


def add_adapted(document, experiment) -> None:
    """Without a stronger lineup: each headline measured with adapted players says how it moves from
    the study's players to the adapted ones, and whether it holds there: "largest gap from the fair
    share 8.5 pp [7.7, 9.4] with the tuned bot, 8.3 [7.4, 9.2] adapted (holds)"."""
    for headline in document.headlines:
        adapted = headline.get("adapted")
        if adapted is None:
            continue
        steps = player_steps(experiment, headline, None)[:1]
        steps.append(Step("adapted", adapted["estimate"], (adapted["low"], adapted["high"]), headline["adapted_verdict"]))
        line = moves_with_players(quantity(headline), headline["unit"], steps, headline["measure"] != "seat-imbalance")
        append_line(document, headline, line)


def append_line(document, headline: dict, line: str) -> None:
    """Append the line on how a headline moves with the players to its answer. When the answer's
    figure is the headline's own measure (``figure_in_line``: "largest gap of a seat from the fair
    share 1.0 pp [0.1, 2.0]"), the line gives that figure with its interval and the figure goes: the
    first screen says it once, in the figure's place (before the fixes)."""
    index = headline["answer"]
    data = document.answer_data
    if headline.get("figure_in_line") and index < len(data) and document.answers[index].startswith(word(data[index])):
        extra = document.answers[index][len(word(data[index])):]
        data[index].figure = line
        document.answers[index] = word(data[index]) + extra
        return
    document.answers[index] += f" {line[:1].upper()}{line[1:]}."


def _looks_sentence(sizes: list[int]) -> str:
    """How many games the check played, in the appendix's words."""
    if len(sizes) == 1:
        return f"{sizes[0]:,} games per run."
    level = level_text(len(sizes))
    return (f"in up to {len(sizes)} looks of {', '.join(f'{size:,}' for size in sizes)} games per run, each look extending "
            f"the previous one's games; a headline stops at the first look that decides it. Every interval below is "
            f"at the {level} level (the 5% error rate split over the {len(sizes)} looks), so that, however many "
            "looks a headline took, the chance that any interval a verdict is read from misses stays at most 5%.")  # fmt: skip


def _standing(experiment, players: int, entry: dict) -> tuple[str, str]:
    """How strong the stronger lineup is at ``players`` players: the short form each answer quotes
    and the sentence of the intro."""
    strong_name = as_written(entry["strong"], players)
    if not entry["strength"]:
        return (f"the tuned default at {players} players",
                f"at {players} players {strong_name} is the tuned default; {search_comparison(experiment.game, players)}")
    power = strength(entry["strength"], entry["strong"])
    default_name = as_written(power["default_name"], players)
    return (f"{strength_word(power)} {default_name} at {players} players",
            f"at {players} players {strong_name} wins {100 * power['strong']['win_rate']:.0f}% "
            f"[{100 * power['strong']['low']:.0f}, {100 * power['strong']['high']:.0f}] of its games against "
            f"{players - 1} × {default_name}, which win {100 * power['default']['win_rate']:.0f}% each "
            f"(fair share {100 * power['fair_share']:.0f}%): {strength_word(power)} it")  # fmt: skip


def is_tournament(experiment) -> bool:
    """Whether the players are the study's question: several strategies and no compared setup
    (a comparison of rules with a mixed lineup is no tournament: its players are a choice)."""
    compared = [arm for arm in experiment.arms[1:] if not arm.stream]  # the null setup compares nothing
    return not compared and len({name for lineup in experiment.lineups for name in lineup}) > 1


def no_confirmation_sentence(experiment) -> str:
    """Said on the first screen when a study names no stronger lineup: why, and for a comparison
    the players every answer was measured with."""
    if is_tournament(experiment):
        return "Not checked under a stronger lineup: the players are this study's question (a strategy tournament)."
    names = {name for lineup in experiment.lineups for name in lineup}
    defaults = {tuned_default(experiment.game, players) for players in experiment.players}
    if {resolve_tuned(experiment.game, name, players) for name in names for players in experiment.players} <= defaults:
        return ("Not checked under a stronger lineup: the study plays the tuned default, and "
                + "; ".join(search_comparison(experiment.game, players) for players in experiment.players) + ".")
    players = ", ".join(dict.fromkeys(name for lineup in experiment.lineups for name in lineup))
    return (f"Not checked under a stronger lineup (the study file names none: confirm_lineup, confirm_n): every answer "
            f"was measured with {players} only, and may change under stronger play.")  # fmt: skip
