"""Strategy strength: lineups in every seat rotation on the same deals, head-to-head and ranking.

A tournament of strategies ``a, b, c`` at P players plays the lineup (the strategies
repeated to fill P seats; every P-subset when there are more strategies than seats) in every
cyclic seat rotation (or every distinct seat order), all on the same seed, so every strategy
meets the same deals from every seat.  The deal is the independent unit of the intervals.
"""

from __future__ import annotations

import itertools

import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.runs import Run, check_same_game
from simulator.analysis.stats.seats import pooled_rows
from simulator.core.engine.registry import UsageError

ORDERS = ("rotations", "permutations")
"""How the seats of a lineup are varied: cyclic rotations (P runs) or every distinct order."""


def seat_orders(base: tuple[str, ...], orders: str = "rotations") -> list[tuple[str, ...]]:
    """The seat orders of one lineup: its cyclic rotations or all its distinct permutations."""
    if orders not in ORDERS:
        raise UsageError(f"unknown seat order '{orders}'; choose {' or '.join(ORDERS)}")
    if orders == "rotations":
        candidates = (base[shift:] + base[:shift] for shift in range(len(base)))
    else:
        candidates = itertools.permutations(base)
    return list(dict.fromkeys(tuple(lineup) for lineup in candidates))


def fill_seats(strategies: list[str] | tuple[str, ...], players: int) -> tuple[str, ...]:
    """The strategies repeated in order to fill ``players`` seats (``a,b`` at 4 players: a,b,a,b)."""
    return tuple(strategies[seat % len(strategies)] for seat in range(players))


def lineups(strategies: list[str], players: int, orders: str = "rotations") -> list[tuple[str, ...]]:
    """Every lineup a tournament plays, without duplicates, in a stable order."""
    if len(strategies) < 2:
        raise UsageError("a tournament needs at least two strategies (--lineup a,b)")
    if len(set(strategies)) != len(strategies):
        raise UsageError(f"strategy listed twice in the tournament lineup {','.join(strategies)}; list each once")
    if len(strategies) <= players:
        bases = [fill_seats(strategies, players)]
    else:
        bases = list(itertools.combinations(strategies, players))
    found: dict[tuple[str, ...], None] = {}
    for base in bases:
        for lineup in seat_orders(base, orders):
            found.setdefault(lineup, None)
    return list(found)


def seating_notice(strategies: list[str], players: int, orders: str = "rotations") -> str:
    """One sentence saying how a tournament seats ``strategies`` at ``players`` seats."""
    each = "in every cyclic seat rotation" if orders == "rotations" else "in every distinct seat order"
    if len(strategies) < players:
        return (f"{len(strategies)} strategies for {players} seats: they are repeated in order to fill the seats "
                f"({', '.join(fill_seats(strategies, players))}), played {each}")  # fmt: skip
    if len(strategies) == players:
        return f"{players} strategies for {players} seats: one lineup, played {each}"
    groups = len(list(itertools.combinations(strategies, players)))
    return (f"{len(strategies)} strategies for {players} seats: every group of {players} ({groups} groups), "
            f"each played {each}")  # fmt: skip


def _ahead_pairs(runs: list[Run]) -> pl.DataFrame:
    """Every ordered pair of seats of every game with different strategies, and who finished ahead.

    ``ahead`` is 1 when ``a`` ranks better than ``b``, 0.5 when equal, 0 when behind; an
    eliminated seat (rank 0) ranks behind every surviving seat.
    """
    rows = pooled_rows(runs, ("seat", "strategy", "rank"))
    rows = rows.with_columns(pl.when(pl.col("rank") == 0).then(10_000).otherwise(pl.col("rank")).alias("order"))
    left = rows.select("run", "seed", "game", "seat", pl.col("strategy").alias("a"), pl.col("order").alias("order_a"))
    right = rows.select("run", "game", pl.col("seat").alias("seat_b"), pl.col("strategy").alias("b"),
                        pl.col("order").alias("order_b"))  # fmt: skip
    pairs = left.join(right, on=["run", "game"]).filter(pl.col("a") != pl.col("b"))
    return pairs.with_columns(
        pl.when(pl.col("order_a") < pl.col("order_b")).then(1.0)
        .when(pl.col("order_a") == pl.col("order_b")).then(0.5)
        .otherwise(0.0).alias("ahead")
    )  # fmt: skip


def head_to_head(runs: list[Run]) -> pl.DataFrame:
    """For each ordered pair of strategies: how often ``a`` finishes ahead of ``b`` (ties half).

    0.5 means no difference; the interval treats each deal as one observation.
    """
    check_same_game(runs)
    pairs = _ahead_pairs(runs)
    per_deal = pairs.group_by("a", "b", "seed", "game").agg(pl.col("ahead").sum().alias("ahead"), pl.len().alias("meetings"))
    rows = []
    for (a, b), part in per_deal.group_by("a", "b"):
        result = stats.rate_interval(part["ahead"].to_numpy(), part["meetings"].to_numpy())
        rows.append({"a": a, "b": b, "ahead": result["estimate"], "low": result["low"], "high": result["high"],
                     "deals": result["n"], "meetings": result["trials"],
                     "p": stats.two_sided_p(result["estimate"] - 0.5, result["se"])})  # fmt: skip
    if not rows:
        raise UsageError("a head-to-head table needs runs with at least two different strategies")
    return pl.DataFrame(rows).sort("a", "b")


def ranking(runs: list[Run]) -> pl.DataFrame:
    """Strategies by win rate per seat taken (ties count for each tied seat), with intervals."""
    check_same_game(runs)
    rows = pooled_rows(runs, ("seat", "strategy", "winner", "score"))
    per_deal = rows.group_by("strategy", "seed", "game").agg(
        pl.col("winner").sum().alias("wins"), pl.len().alias("seats"), pl.col("score").mean().alias("score")
    )
    table = []
    for (strategy,), part in per_deal.group_by("strategy"):
        rate = stats.rate_interval(part["wins"].to_numpy(), part["seats"].to_numpy())
        score = stats.mean_interval(part["score"].to_numpy())
        table.append({"strategy": strategy, "win_rate": rate["estimate"], "low": rate["low"], "high": rate["high"],
                      "seats_played": rate["trials"], "mean_score": score["estimate"],
                      "score_low": score["low"], "score_high": score["high"]})  # fmt: skip
    ranked = pl.DataFrame(table).sort("win_rate", descending=True)
    return ranked.with_columns(pl.int_range(1, ranked.height + 1).alias("position"))


def matrix(table: pl.DataFrame, order: list[str] | None = None) -> tuple[list[str], list[list[float | None]]]:
    """The head-to-head table as a square matrix (share of meetings the row finished ahead of the
    column; ``None`` on the diagonal), strategies in ``order`` (default: alphabetical)."""
    names = order or sorted(set(table["a"]) | set(table["b"]))
    lookup = {(row["a"], row["b"]): row["ahead"] for row in table.iter_rows(named=True)}
    return names, [[lookup.get((a, b)) for b in names] for a in names]


def tournament_summary(rank_table: pl.DataFrame, pairs: pl.DataFrame) -> str:
    """Who is strongest, and whether the top two are distinguishable head to head."""
    top = rank_table.row(0, named=True)
    text = (
        f"{top['strategy']} ranks first with a win rate of {100 * top['win_rate']:.1f}% "
        f"[{100 * top['low']:.1f}, {100 * top['high']:.1f}] per seat taken."
    )
    if rank_table.height > 1:
        second = rank_table.row(1, named=True)["strategy"]
        duel = pairs.filter((pl.col("a") == top["strategy"]) & (pl.col("b") == second))
        if not duel.is_empty():
            row = duel.row(0, named=True)
            share = f"{100 * row['ahead']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"
            if row["low"] <= 0.5 <= row["high"]:
                text += f" Against {second} it finishes ahead in {share} of meetings: not distinguishable from 50%."
            else:
                text += f" It finishes ahead of {second} in {share} of meetings."
    return text


def _strategy_deal_rates(runs: list[Run]) -> pl.DataFrame:
    """Per strategy and deal: its wins per seat taken over the runs (the seat rotations) of one setup."""
    rows = pooled_rows(runs, ("seat", "strategy", "winner"))
    return rows.group_by("strategy", "game").agg(pl.col("winner").cast(pl.Float64).mean().alias("rate"))


def strategy_changes(baseline: list[Run], arm: list[Run]) -> pl.DataFrame:
    """Each strategy's change of win rate per seat taken under ``arm`` against ``baseline``, paired
    by deal and pooled over the seat rotations (``strategy``, ``baseline``, ``variant``,
    ``difference``, ``low``, ``high``, ``p``), largest change first.  A rotated mixed table averages
    the strategies out of every seat's rate: this is where a setup that favours one strategy shows."""
    joined = _strategy_deal_rates(baseline).join(_strategy_deal_rates(arm), on=["strategy", "game"], suffix="_arm")
    table = []
    for (strategy,), part in joined.sort("game").group_by("strategy"):
        before, after = part["rate"].to_numpy(), part["rate_arm"].to_numpy()
        result = stats.paired_difference(before, after)
        table.append({"strategy": strategy, "baseline": result["baseline"], "variant": result["variant"],
                      "difference": result["estimate"], "low": result["low"], "high": result["high"], "p": float(result.get("p", 1.0))})  # fmt: skip
    if not table:
        return pl.DataFrame(schema={"strategy": pl.String, "baseline": pl.Float64, "variant": pl.Float64, "difference": pl.Float64,
                                    "low": pl.Float64, "high": pl.Float64, "p": pl.Float64})  # fmt: skip
    return pl.DataFrame(table).sort(pl.col("difference").abs(), descending=True)
