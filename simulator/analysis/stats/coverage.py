"""What never happened in a set of runs, read off the result columns.

A rule that never comes into play cannot show an effect, and "no measurable effect" would then
be a finding about the strategies (or the deal), not about the rule.  This module lists what
the result columns show never happened: event cards that never came up, labelled values (a
Healer card...) that never occurred, and the game's own counts that stayed 0 in every game (an
Action card never used, nobody eliminated).  Options a strategy was offered and never took are
not in the result columns; counting them needs rule-coverage counters in the engines.
"""

from __future__ import annotations

import polars as pl

from simulator.analysis.stats.runs import (
    Run, event_columns, extra_seat_columns, game_spec_or_none, quantity_game_columns, value_labels,
)


def labelled_columns(manifest: dict) -> list[str]:
    """Result columns (per seat or per game) whose values are labels (an event card, a Healer)."""
    spec = game_spec_or_none(manifest)
    labelled = set(spec.column_labels) if spec is not None else set()
    labelled |= {name for _, name in event_columns(manifest)}
    return [name for name in manifest["seat_columns"] + manifest["game_columns"] if name in labelled]


def _games(runs: list[Run]) -> int:
    return sum(int(run.manifest["n"]) for run in runs)


def never_seen(runs: list[Run]) -> list[str]:
    """Sentences naming what never happened in ``runs`` (runs of one game and player count; a card
    the runs exclude on purpose is not news and is left out)."""
    manifest = runs[0].manifest
    events = [name for _, name in event_columns(manifest)]
    labelled = [name for name in labelled_columns(manifest) if name not in events]
    counts = list(dict.fromkeys(extra_seat_columns(manifest) + quantity_game_columns(manifest)))
    aggregates = [pl.col(name).unique().implode().alias(f"values:{name}") for name in events + labelled]
    aggregates += [pl.col(name).abs().max().alias(f"largest:{name}") for name in counts]
    if not aggregates:
        return []
    found = pl.concat([run.rows.select(aggregates) for run in runs]).collect()
    games = _games(runs)
    notes = []
    if events:
        seen = {value for name in events for values in found[f"values:{name}"] for value in values}
        excluded = set(manifest.get("exclude_events", []))
        never = [label for value, label in value_labels(manifest, events[0]).items()
                 if value not in seen and label not in excluded]  # fmt: skip
        if never:
            notes.append(f"event card{'s' if len(never) > 1 else ''} {', '.join(never)} never came up in {games:,} games")
    for name in labelled:
        seen = {value for values in found[f"values:{name}"] for value in values}
        never = [label for value, label in value_labels(manifest, name).items() if value not in seen]
        if never:
            notes.append(f"{name}: {', '.join(never)} never occurred in {games:,} games")
    zero = [name for name in counts if (found[f"largest:{name}"].max() or 0) == 0]
    if zero:
        notes.append(f"{', '.join(zero)} {'was' if len(zero) == 1 else 'were'} 0 in every one of {games:,} games")
    return notes


def cards_never_seen(runs: list[Run], cards: list[str]) -> list[str]:
    """The event ``cards`` (by label) that came up in none of the games of ``runs``."""
    manifest = runs[0].manifest
    events = [name for _, name in event_columns(manifest)]
    if not events or not cards:
        return []
    labels = value_labels(manifest, events[0])
    values = pl.concat([run.rows.select(pl.concat_list(events).explode().unique().alias("card")) for run in runs])
    seen = {labels.get(value) for value in values.collect()["card"].to_list()}
    return [card for card in cards if card not in seen]


def never_seen_by_setup(groups: list[tuple[str, list[Run]]]) -> list[str]:
    """``setup: what never happened`` lines: all of the baseline's (the first group), then for
    each other setup only what differs from the baseline."""
    baseline = never_seen(groups[0][1])
    lines = [f"{groups[0][0]}: {note}" for note in baseline]
    for label, members in groups[1:]:
        lines += [f"{label}: {note}" for note in never_seen(members) if note not in baseline]
    return lines
