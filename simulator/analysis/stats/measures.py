"""Game-quality measures (Browne 2008; Ludii's metrics), each with a 95% interval, and their
paired differences between two setups played on the same deals.

Inputs are plain frames, so every measure can be tested on hand-built data:

- ``results``: one row per game and seat: ``game``, ``seat`` (1..P), ``winner`` (0/1; a shared
  first place is a win for each tied seat), ``score``; optionally ``length`` (per game, the
  game's length unit) and ``capped`` (1 when the game stopped at a stall cap).
- ``trajectories``: ``game``, ``checkpoint`` (0..k-1, the last one = end of game), ``seat``,
  ``standing`` (the provisional score at that checkpoint), as
  ``simulator.core.store.recorded.load_trajectories`` gives them.
- ``decisions``: ``game``, ``kind``, ``asked``, ``options`` (decision statistics).

Definitions, formulas and tie handling are in ``docs/analysis.md`` ("Game-quality measures");
the docstrings below repeat the essentials.  A measure that needs the trajectories is absent
(not zero) when a run has none.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.core.store import recorded

BOOTSTRAP_RESAMPLES = 1000
"""Resamples of the game-level bootstrap of balance and branching factor."""
BOOTSTRAP_SEED = 2008
"""Fixed seed of the bootstrap: a report is reproducible."""


@dataclass(frozen=True)
class MeasureInfo:
    """A game-quality measure: key, plain name, unit (``pp``: a rate in percentage points)."""

    key: str
    name: str
    unit: str
    needs: str = "results"  # "results", "trajectories" or "decisions"


MEASURES = (
    MeasureInfo("advantage", "first-seat advantage (seat 1 win rate minus fair share)", "pp"),
    MeasureInfo("balance", "balance (spread of seat win rates, best minus worst)", "pp"),
    MeasureInfo("completion", "completion (games with a winner)", "%"),
    MeasureInfo("capped", "capped (games stopped at the stall cap)", "%"),
    MeasureInfo("duration", "duration", "length"),
    MeasureInfo("margin", "margin of victory", "points"),
    MeasureInfo("decided_at", "decisiveness (share of the game played when the winner took the lead for good)", "%", "trajectories"),
    MeasureInfo("drama", "drama (winner's worst deficit to the leader)", "points", "trajectories"),
    MeasureInfo("lead_changes", "lead changes per game", "changes", "trajectories"),
    MeasureInfo("uncertainty", "uncertainty (half-way leader does not win)", "%", "trajectories"),
    MeasureInfo("branching", "branching factor (options per decision)", "options", "decisions"),
)
BY_KEY = {measure.key: measure for measure in MEASURES}
PER_GAME = ("advantage", "completion", "capped", "duration", "margin", "decided_at", "drama", "lead_changes", "uncertainty")
"""Measures that are a mean of one value per game (the others are ratios over all games)."""


# ---------------------------------------------------------------- records of a run folder


def load_records(run_dir: Path | str) -> tuple[pl.DataFrame | None, pl.DataFrame | None]:
    """``(trajectories, decision statistics)`` of a run folder, each ``None`` when the run has
    none."""
    trajectories = recorded.load_trajectories(Path(run_dir))
    decisions = _non_empty(recorded.load_decision_stats(Path(run_dir)))
    if decisions is not None and "decision" in decisions.columns:  # the kind's name, as records.py names it
        decisions = decisions.rename({"decision": "kind"})
    if decisions is not None:
        decisions = decisions.with_columns(pl.col("kind").cast(pl.String))
    return _non_empty(trajectories), decisions


def load_rule_counts(run_dir: Path | str) -> pl.DataFrame | None:
    """Rule firing counts (``game``, ``rule``, ``count``) of a run folder, or ``None``."""
    return _non_empty(recorded.load_rule_counts(Path(run_dir)))


def _non_empty(frame: pl.DataFrame | None) -> pl.DataFrame | None:
    return None if frame is None or frame.is_empty() else frame


# ---------------------------------------------------------------- per-game values


def outcome_per_game(results: pl.DataFrame) -> pl.DataFrame:
    """Per game: ``advantage`` (seat 1's win minus the mean win over seats), ``completion``
    (1 when some seat won), ``capped``, ``duration``, ``margin`` (winner's score minus the best
    other score; 0 on a shared win; null without a winner), ``spread`` (best minus worst
    final score) and ``winners`` (the sorted list of winning seats)."""
    has = set(results.columns)
    winner_score = pl.col("score").filter(pl.col("winner") == 1).max()
    other_score = pl.col("score").filter(pl.col("winner") == 0).max()
    wins = pl.col("winner").sum()
    aggregates = [
        (pl.col("winner").filter(pl.col("seat") == 1).first().cast(pl.Float64) - pl.col("winner").cast(pl.Float64).mean()).alias("advantage"),
        (wins > 0).cast(pl.Float64).alias("completion"),
        pl.when(wins == 0).then(None).when(wins > 1).then(0.0)
        .otherwise((winner_score - other_score).cast(pl.Float64)).alias("margin"),
        (pl.col("score").max() - pl.col("score").min()).cast(pl.Float64).alias("spread"),
        pl.col("seat").filter(pl.col("winner") == 1).sort().alias("winners"),
    ]  # fmt: skip
    aggregates.append(pl.col("capped").first().cast(pl.Float64).alias("capped") if "capped" in has else pl.lit(0.0).alias("capped"))
    if "length" in has:
        aggregates.append(pl.col("length").first().cast(pl.Float64).alias("duration"))
    return results.group_by("game").agg(aggregates).sort("game")


def trajectory_per_game(trajectories: pl.DataFrame, results: pl.DataFrame) -> pl.DataFrame:
    """Per game with a winner: ``checkpoints`` (k), ``decided_at``, ``drama``, ``lead_changes``
    and ``uncertainty`` (see :func:`decided_at_checkpoint` and ``docs/analysis.md``).

    A seat *leads* at a checkpoint when its standing is strictly above every other seat's; the
    eventual winners lead together when the best winner is strictly above every non-winner."""
    winners = results.select("game", "seat", pl.col("winner").cast(pl.Int8))
    points = trajectories.join(winners, on=["game", "seat"], how="inner")
    top = pl.col("standing").max()
    at_checkpoint = (
        points.group_by("game", "checkpoint")
        .agg(
            top.alias("top"),
            pl.col("standing").filter(pl.col("winner") == 1).max().alias("winners_top"),
            pl.col("standing").filter(pl.col("winner") == 0).max().alias("others_top"),
            (pl.col("standing") == top).sum().alias("leaders"),
            pl.col("winner").filter(pl.col("standing") == top).sum().alias("leaders_winning"),
            pl.col("seat").filter(pl.col("standing") == top).first().alias("first_leader"),
        )
        .filter(pl.col("winners_top").is_not_null())  # games nobody won are left out
        .sort("game", "checkpoint")
        .with_columns(
            (pl.col("others_top").is_null() | (pl.col("winners_top") > pl.col("others_top"))).alias("winner_leads"),
            pl.when(pl.col("leaders") == 1).then(pl.col("first_leader")).otherwise(None).alias("sole_leader"),
        )
    )
    per_game = at_checkpoint.group_by("game", maintain_order=True).agg(
        pl.len().alias("checkpoints"),
        pl.col("checkpoint").filter(~pl.col("winner_leads")).max().alias("last_not_leading"),
        (pl.col("top") - pl.col("winners_top")).max().cast(pl.Float64).alias("drama"),
        _lead_changes(pl.col("sole_leader")).alias("lead_changes"),
        pl.col("leaders").alias("leaders_list"),
        pl.col("leaders_winning").alias("leaders_winning_list"),
    )
    halfway = (pl.col("checkpoints") / 2).ceil().cast(pl.Int64) - 1
    return per_game.with_columns(
        decided_at_expression(pl.col("last_not_leading"), pl.col("checkpoints")).alias("decided_at"),
        (1.0 - pl.col("leaders_winning_list").list.get(halfway) / pl.col("leaders_list").list.get(halfway)).alias("uncertainty"),
        pl.col("lead_changes").cast(pl.Float64),
    ).select("game", "checkpoints", "decided_at", "drama", "lead_changes", "uncertainty").sort("game")


def _lead_changes(sole_leader: pl.Expr) -> pl.Expr:
    """Times the sole leader becomes a seat other than the previous sole leader (ties skipped)."""
    leaders = sole_leader.drop_nulls()
    return (leaders != leaders.shift(1)).sum()  # the first sole leader compares with null: not counted


def decided_at_expression(last_not_leading: pl.Expr, checkpoints: pl.Expr) -> pl.Expr:
    """``(t + 1) / k`` where ``t`` is the first checkpoint from which the winner leads to the
    end (``t = last checkpoint where it does not lead + 1``); 1 when it does not lead at the end
    (a tie-break win)."""
    start = last_not_leading.fill_null(-1) + 1
    return pl.when(start >= checkpoints).then(1.0).otherwise((start + 1) / checkpoints)


def decided_at_checkpoint(winner_leads: list[bool]) -> float:
    """Plain-Python reference of decisiveness for one game (used by the tests and the docs)."""
    k = len(winner_leads)
    start = max((c for c, leads in enumerate(winner_leads) if not leads), default=-1) + 1
    return 1.0 if start >= k else (start + 1) / k


def per_game_values(results: pl.DataFrame, trajectories: pl.DataFrame | None = None) -> pl.DataFrame:
    """Every per-game measure of :data:`PER_GAME` in one frame (trajectory columns when given)."""
    games = outcome_per_game(results)
    if trajectories is not None:
        games = games.join(trajectory_per_game(trajectories, results), on="game", how="left")
    return games


# ---------------------------------------------------------------- estimates with intervals


def _estimate(values: np.ndarray) -> dict:
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    if values.size and np.all((values == 0) | (values == 1)):
        low, high = stats.wilson_interval(int(values.sum()), int(values.size))
        return {"estimate": float(values.mean()), "low": low, "high": high, "n": int(values.size)}
    return stats.mean_interval(values)


def seat_win_matrix(results: pl.DataFrame) -> np.ndarray:
    """Games x seats matrix of win indicators (games in index order)."""
    wide = results.select("game", "seat", pl.col("winner").cast(pl.Float64)).pivot(on="seat", index="game", values="winner")
    wide = wide.sort("game")
    seats = sorted(int(name) for name in wide.columns if name != "game")
    return wide.select([str(seat) for seat in seats]).to_numpy()


def balance_value(wins: np.ndarray) -> float:
    """Best seat win rate minus worst (0 = every seat wins equally often)."""
    rates = wins.mean(axis=0)
    return float(rates.max() - rates.min())


def branching_value(asked: np.ndarray, options: np.ndarray) -> float:
    """Options offered per decision asked, over all games (a ratio of sums)."""
    total = asked.sum()
    return float(options.sum() / total) if total else math.nan


def _bootstrap(statistic, arrays: tuple[np.ndarray, ...], resamples: int = BOOTSTRAP_RESAMPLES) -> dict:
    """Percentile bootstrap over games (rows of every array resampled together)."""
    estimate = statistic(*arrays)
    n = arrays[0].shape[0]
    if n < 2 or not math.isfinite(estimate):
        return {"estimate": estimate, "low": math.nan, "high": math.nan, "n": n}
    generator = np.random.default_rng(BOOTSTRAP_SEED)
    draws = np.empty(resamples)
    for index in range(resamples):
        rows = generator.integers(0, n, n)
        draws[index] = statistic(*(array[rows] for array in arrays))
    low, high = np.nanpercentile(draws, [2.5, 97.5])
    return {"estimate": estimate, "low": float(low), "high": float(high), "n": n}


def decision_totals(decisions: pl.DataFrame, kind: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(games, asked, options)`` summed per game (one kind, or all kinds)."""
    part = decisions if kind is None else decisions.filter(pl.col("kind") == kind)
    per_game = part.group_by("game").agg(pl.col("asked").sum(), pl.col("options").sum()).sort("game")
    return per_game["game"].to_numpy(), per_game["asked"].to_numpy().astype(np.float64), per_game["options"].to_numpy().astype(np.float64)


def estimate_measures(results: pl.DataFrame, trajectories: pl.DataFrame | None = None,
                      decisions: pl.DataFrame | None = None) -> pl.DataFrame:  # fmt: skip
    """One row per available measure: ``key``, ``measure``, ``unit``, ``estimate``, ``low``,
    ``high`` (95%), ``games`` (games it is computed over), ``constant`` (same value in every game)."""
    games = per_game_values(results, trajectories)
    rows = []
    for key in PER_GAME:
        if key not in games.columns:
            continue
        values = games[key].cast(pl.Float64).to_numpy()
        result = _estimate(values)
        rows.append(_row(key, result, stats.is_constant(values)))
    wins = seat_win_matrix(results)
    rows.append(_row("balance", _bootstrap(balance_value, (wins,)), False))
    if decisions is not None:
        _, asked, options = decision_totals(decisions)
        per_game_ratio = options / np.where(asked > 0, asked, np.nan)
        rows.append(_row("branching", _bootstrap(branching_value, (asked, options)), stats.is_constant(per_game_ratio)))
    return pl.DataFrame(rows, schema={"key": pl.String, "measure": pl.String, "unit": pl.String, "estimate": pl.Float64,
                                      "low": pl.Float64, "high": pl.Float64, "games": pl.Int64, "constant": pl.Boolean})  # fmt: skip


def _row(key: str, result: dict, constant: bool) -> dict:
    info = BY_KEY[key]
    return {"key": key, "measure": info.name, "unit": info.unit, "estimate": result["estimate"], "low": result["low"],
            "high": result["high"], "games": int(result["n"]), "constant": bool(constant)}  # fmt: skip


def branching_by_kind(decisions: pl.DataFrame) -> pl.DataFrame:
    """Per decision kind: decisions asked per game, options per decision (bootstrap 95%)."""
    rows = []
    games = decisions["game"].n_unique()
    for kind in sorted(decisions["kind"].unique().to_list()):
        _, asked, options = decision_totals(decisions, kind)
        result = _bootstrap(branching_value, (asked, options))
        rows.append({"kind": kind, "asked_per_game": float(asked.sum() / games), "estimate": result["estimate"],
                     "low": result["low"], "high": result["high"]})  # fmt: skip
    return pl.DataFrame(rows).sort("estimate", descending=True) if rows else pl.DataFrame()


# ---------------------------------------------------------------- paired differences


def paired_measures(base_results: pl.DataFrame, arm_results: pl.DataFrame,
                    base_trajectories: pl.DataFrame | None = None, arm_trajectories: pl.DataFrame | None = None,
                    base_decisions: pl.DataFrame | None = None, arm_decisions: pl.DataFrame | None = None) -> pl.DataFrame:  # fmt: skip
    """Per measure: baseline, setup and the paired difference ``setup - baseline`` over the games
    both played (same game index = same deal), with its 95% interval, plus the winner-change
    rate and the change of the spread between first and last.

    Per-game measures use the mean of per-game differences (games where either side is
    undefined, e.g. no winner, are left out); balance and branching factor use a paired
    bootstrap over games."""
    trajectories = base_trajectories is not None and arm_trajectories is not None
    base = per_game_values(base_results, base_trajectories if trajectories else None)
    arm = per_game_values(arm_results, arm_trajectories if trajectories else None)
    joined = base.join(arm, on="game", suffix="__arm")
    rows = []
    for key in PER_GAME:
        if key not in joined.columns or f"{key}__arm" not in joined.columns:
            continue
        first, second = joined[key].cast(pl.Float64).to_numpy(), joined[f"{key}__arm"].cast(pl.Float64).to_numpy()
        if stats.is_constant(first, second):
            continue
        rows.append(_difference_row(key, BY_KEY[key].name, BY_KEY[key].unit, stats.paired_difference(first, second)))
    common = joined["game"]
    base_wins = seat_win_matrix(base_results.filter(pl.col("game").is_in(common.implode())))
    arm_wins = seat_win_matrix(arm_results.filter(pl.col("game").is_in(common.implode())))
    rows.append(_difference_row("balance", BY_KEY["balance"].name, "pp",
                                _paired_bootstrap(balance_value, (base_wins,), (arm_wins,))))  # fmt: skip
    if base_decisions is not None and arm_decisions is not None:
        base_games, base_asked, base_options = decision_totals(base_decisions)
        arm_games, arm_asked, arm_options = decision_totals(arm_decisions)
        if np.array_equal(base_games, arm_games):
            rows.append(_difference_row("branching", BY_KEY["branching"].name, "options",
                                        _paired_bootstrap(branching_value, (base_asked, base_options), (arm_asked, arm_options))))  # fmt: skip
    rows.append(_difference_row("winner_change", "winner-change rate (a different winner on the same deal)", "%",
                                winner_change(joined["winners"], joined["winners__arm"])))  # fmt: skip
    spread = stats.paired_difference(joined["spread"].to_numpy(), joined["spread__arm"].to_numpy())
    rows.append(_difference_row("spread", "spread between first and last (negative: catch-up)", "points", spread))
    return pl.DataFrame(rows)


def winner_change(base_winners: pl.Series, arm_winners: pl.Series) -> dict:
    """Share of deals whose set of winners differs between the two setups (Wilson 95%).

    A shared first place is one set of winners: {1, 3} and {1} differ; a game nobody won has
    the empty set.  As a difference it is reported against 0 (the baseline against itself)."""
    changed = np.array([sorted(a or []) != sorted(b or []) for a, b in zip(base_winners.to_list(), arm_winners.to_list())])
    count = int(changed.sum())
    low, high = stats.wilson_interval(count, int(changed.size))
    estimate = count / changed.size if changed.size else math.nan
    return {"estimate": estimate, "low": low, "high": high, "n": int(changed.size), "baseline": 0.0, "variant": estimate,
            "p": 0.0 if count else 1.0, "chance": unrelated_winner_change(base_winners.to_list(), arm_winners.to_list())}  # fmt: skip


def unrelated_winner_change(base_winners: list, arm_winners: list) -> float:
    """The winner-change rate two *unrelated* games would show, each side keeping its own
    distribution of winner sets: ``1 - sum_W p_base(W) p_setup(W)``.  With 4 seats winning about
    equally often it is near 75%: a setup's winner-change rate near this level says the setup
    reshuffles the deals' outcomes as much as dealing new games would (sensitivity, chaos), not
    that it favours anybody."""
    if not base_winners:
        return math.nan
    base_counts = Counter(tuple(sorted(winners or [])) for winners in base_winners)
    arm_counts = Counter(tuple(sorted(winners or [])) for winners in arm_winners)
    same = sum(count * arm_counts.get(key, 0) for key, count in base_counts.items())
    return 1.0 - same / (len(base_winners) * len(arm_winners))


def _paired_bootstrap(statistic, base: tuple[np.ndarray, ...], arm: tuple[np.ndarray, ...],
                      resamples: int = BOOTSTRAP_RESAMPLES) -> dict:  # fmt: skip
    """Bootstrap of ``statistic(arm) - statistic(base)`` resampling whole deals (both sides together)."""
    def difference(*arrays):
        half = len(base)
        return statistic(*arrays[half:]) - statistic(*arrays[:half])

    result = _bootstrap(difference, base + arm, resamples)
    result.update(baseline=statistic(*base), variant=statistic(*arm))
    low, high = result["low"], result["high"]
    result["p"] = 1.0 if not (math.isfinite(low) and math.isfinite(high)) or low <= 0 <= high else 0.01
    return result


def _difference_row(key: str, name: str, unit: str, result: dict) -> dict:
    return {"key": key, "measure": name, "unit": unit, "baseline": result.get("baseline", math.nan),
            "variant": result.get("variant", math.nan), "difference": result["estimate"], "low": result["low"],
            "high": result["high"], "games": int(result["n"]), "chance": result.get("chance", math.nan)}  # fmt: skip


# ---------------------------------------------------------------- the player trailing when a card came up


def trailing_player_effect(base_results: pl.DataFrame, arm_results: pl.DataFrame, arm_trajectories: pl.DataFrame,
                           arm_rounds: pl.DataFrame) -> dict:  # fmt: skip
    """Effect of a card on the player trailing when it came up, paired on the same deals.

    ``arm_rounds``: ``game``, ``round`` (1-based round in which the card came up in the setup).
    The trailing seat is the one with the lowest standing at the checkpoint just before that
    round (checkpoint ``round - 2``; a card of round 1 has no standing before it and is left
    out; tied last seats count each with an equal share).  Returns the paired difference of
    that seat's win indicator (``setup - baseline``)."""
    points = arm_rounds.filter(pl.col("round") >= 2).with_columns((pl.col("round") - 2).alias("checkpoint"))
    standings = arm_trajectories.join(points.select("game", "checkpoint"), on=["game", "checkpoint"], how="inner")
    trailing = standings.filter(pl.col("standing") == pl.col("standing").min().over("game")).with_columns(
        (1.0 / pl.len().over("game")).alias("share")
    )
    base_win = base_results.select("game", "seat", pl.col("winner").cast(pl.Float64).alias("base"))
    arm_win = arm_results.select("game", "seat", pl.col("winner").cast(pl.Float64).alias("arm"))
    per_game = (
        trailing.join(base_win, on=["game", "seat"]).join(arm_win, on=["game", "seat"])
        .group_by("game").agg((pl.col("share") * pl.col("base")).sum().alias("base"), (pl.col("share") * pl.col("arm")).sum().alias("arm"))
        .sort("game")
    )  # fmt: skip
    return stats.paired_difference(per_game["base"].to_numpy(), per_game["arm"].to_numpy())
