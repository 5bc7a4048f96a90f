"""Event-card impact, observational: games where a card came up against games where it did not.

Works for any game whose game columns include ``event_1`` .. ``event_R`` (the card of each
round; labels from the game's ``column_labels``).  For each card the difference of every
per-game measure (each seat's win rate, mean score, length, the game's own quantities such as
eliminations or curses) between games with and without the card is estimated with a Welch
interval; all cards and measures form one Holm family.  This is observational: a card that
comes up together with another (or in a given round) carries some of that one's effect.  The
counterfactual answer, on the same deals, comes from forced / excluded event runs compared
with :mod:`simulator.analysis.stats.compare` (see :func:`simulator.analysis.studies.store.event_arm`).
"""

from __future__ import annotations

import re

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.compare import with_holm
from simulator.analysis.stats.runs import (
    HEADLINE_COLUMNS, Run, event_columns, extra_seat_columns, game_spec_or_none, measures, per_game,
    quantity_game_columns, seats, shorten, value_labels,
)


def card_names(run: Run, width: int = 40) -> dict[int, str]:
    """Card value -> its code and the start of its name (``B9 · Using a Small Island costs…``),
    over every event column; the code alone when the game names no card."""
    spec = game_spec_or_none(run.manifest)
    long_names = spec.card_names if spec is not None else {}
    names: dict[int, str] = {}
    for _, column in event_columns(run.manifest):
        for value, code in value_labels(run.manifest, column).items():
            label = f"{code} · {long_names[code]}" if code in long_names else code
            names[value] = shorten(label, width)
    return names


def appearances(run: Run, games: pl.DataFrame | None = None) -> pl.DataFrame:
    """One row per game and event round: ``game``, ``round``, ``card`` (negative values = none)."""
    games = per_game(run) if games is None else games
    columns = event_columns(run.manifest)
    parts = [games.select("game", pl.lit(number).alias("round"), pl.col(f"game.{column}").alias("card")) for number, column in columns]
    return pl.concat(parts).filter(pl.col("card") >= 0)


def observational_impact(run: Run) -> pl.DataFrame:
    """Per card and measure: mean with the card, mean without, difference, interval, p, Holm.

    Empty when the game has no event columns.
    """
    if not event_columns(run.manifest):
        return pl.DataFrame()
    games = per_game(run)
    seen = appearances(run, games)
    names = card_names(run)
    rows = []
    for card in sorted(seen["card"].unique().to_list()):
        with_card = games["game"].is_in(seen.filter(pl.col("card") == card)["game"].implode())
        for measure in measures(run.manifest):
            values = games[measure.column].to_numpy().astype(np.float64)
            if stats.is_constant(values):
                continue  # the same in every game: no card can move it
            mask = with_card.to_numpy()
            result = stats.difference_of_means(values[~mask], values[mask])
            rows.append({"arm": names.get(card, f"card {card}"), "card": card, "measure": measure.label,
                         "column": measure.column, "unit": measure.unit, "games": int(mask.sum()),
                         "baseline": float(np.nanmean(values[~mask])) if (~mask).any() else float("nan"),
                         "variant": float(np.nanmean(values[mask])) if mask.any() else float("nan"),
                         "difference": result["estimate"], "low": result["low"], "high": result["high"],
                         "p": result["p"]})  # fmt: skip
    return with_holm(pl.DataFrame(rows))


ROUND_COLUMN = re.compile(r"^(.+)_round_(\d+)$")
"""Per-round game quantities (Loot Island's ``loot_round_3``: loot found in round 3)."""


def extra_round_measures(run: Run) -> tuple[list[str], dict[str, dict[int, str]]]:
    """Headline quantities (eliminations, curses) and per-round quantities shown per card and round.

    Returns the per-game columns of the headline quantities and, for each per-round quantity
    ``name``, the column of each round."""
    headline = [f"seat.{name}" for name in extra_seat_columns(run.manifest) if name in HEADLINE_COLUMNS]
    headline += [f"game.{name}" for name in quantity_game_columns(run.manifest) if name in HEADLINE_COLUMNS]
    per_round: dict[str, dict[int, str]] = {}
    for name in quantity_game_columns(run.manifest):
        if match := ROUND_COLUMN.match(name):
            per_round.setdefault(match.group(1), {})[int(match.group(2))] = f"game.{name}"
    return headline, per_round


def by_round(run: Run) -> pl.DataFrame:
    """Per card and the round it came up: games, winner's seat rates, mean score, headline
    quantities (eliminations, curses) and what the game counts per round (loot found that round),
    with 95% intervals (Wilson for rates)."""
    games = per_game(run)
    seen = appearances(run, games).join(games, on="game")
    names = card_names(run)
    headline, per_round = extra_round_measures(run)
    rows = []
    for (card, number), part in seen.group_by("card", "round"):
        row = {"card": names.get(card, f"card {card}"), "value": card, "round": number, "games": part.height}
        for seat in seats(run.manifest):
            wins = part[f"win_seat_{seat}"].drop_nulls()
            low, high = stats.wilson_interval(int(wins.sum()), wins.len())
            row[f"seat {seat} wins"] = (float(wins.mean()) if wins.len() else float("nan"), low, high)
        measured = {"mean score": "mean_score",
                    **{column.replace("seat.", "", 1) + " per seat" if column.startswith("seat.") else
                       column.replace("game.", "", 1): column for column in headline}}  # fmt: skip
        measured.update({f"{base} this round": columns[number] for base, columns in per_round.items() if number in columns})
        for label, column in measured.items():
            result = stats.mean_interval(part[column].to_numpy())
            row[label] = (result["estimate"], result["low"], result["high"])
        rows.append(row)
    return pl.DataFrame(rows).sort("value", "round") if rows else pl.DataFrame()


def events_summary(table: pl.DataFrame, kind: str = "observational") -> list[str]:
    """Which card effects survive Holm, in plain words."""
    if table.is_empty():
        return []
    kept = table.filter(pl.col("survives"))
    cards = table["arm"].n_unique()
    if kept.is_empty():
        return [f"No {kind} card effect is distinguishable from zero after the Holm correction "
                f"({cards} cards x {table['measure'].n_unique()} measures tested)."]  # fmt: skip
    lines = [f"{kept.height} of {table.height} {kind} card effects survive the Holm correction ({cards} cards):"]
    for row in kept.sort(pl.col("difference").abs() / (pl.col("high") - pl.col("low")), descending=True).head(8).iter_rows(named=True):
        interval = stats.format_interval({"estimate": row["difference"], "low": row["low"], "high": row["high"]}, row["unit"] or "+")
        lines.append(f"{row['arm']}: {row['measure']} {interval}")
    return lines
