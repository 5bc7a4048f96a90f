"""The first screen of a report: the study's question, at most five plain-language answers with
their intervals, and one chart.

The answers are read off what the sections computed (``Document.facts``, one entry per player
count): seat tables for a seat-advantage study, the strategy ranking for a tournament, and for a
comparison of setups (rule variants, forced or excluded event cards) the winner-change rate,
the seat win-rate changes that survive the Holm correction, and the change of the spread
between first and last (catch-up or runaway), setups with the largest winner-change rate first.
"""

from __future__ import annotations

import math

import polars as pl

from simulator.analysis.report import charts
from simulator.analysis.stats import compare, intervals as stats
from simulator.analysis.report.quality import interval_only, value_text, with_interval
from simulator.analysis.stats.runs import shorten

MAX_ANSWERS = 5
QUESTIONS = {
    "seats": "Does any seat win more often than its fair share?",
    "tournament": "Which strategy wins most often, and by how much?",
    "variants": "What does each setup change: who wins, each seat's chances, and the gap between first and last?",
    "events": "Which event cards decide games, and do they help the leader or the player behind?",
}


def study_kind(facts: list[dict]) -> str:
    """``events``, ``variants``, ``tournament`` or ``seats``: what the study compares."""
    if any("paired" in fact for fact in facts):
        return "events" if any(fact["kind"] == "event setting" for fact in facts) else "variants"
    return "tournament" if any("tournament" in fact for fact in facts) else "seats"


def compose(document, question: str = "") -> None:
    """Fill ``document.question``, ``answers`` and ``answer_figure`` from ``document.facts``."""
    facts = document.facts
    if not facts:
        return
    kind = study_kind(facts)
    document.question = question or QUESTIONS[kind]
    if kind in ("events", "variants"):
        answers, figure = comparison_answers(facts)
    elif kind == "tournament":
        answers, figure = tournament_answers(facts)
    else:
        answers, figure = seat_answers(facts)
    document.answers = answers[:MAX_ANSWERS]
    document.answer_figure = figure


# ---------------------------------------------------------------- seats


def _pp(value: float) -> str:
    return f"{100 * value:+.1f} pp"


def seat_sentence(fact: dict) -> str:
    """Which seats differ from the fair share after the Holm correction, or that none does."""
    table, notes = fact["seats"]
    fair = notes["fair_share"]
    flagged = table.filter((pl.col("p_holm") <= stats.ALPHA) & ((pl.col("low") > fair) | (pl.col("high") < fair)))
    if flagged.is_empty():
        half = float(((table["high"] - table["low"]) / 2).max())
        return (f"{fact['title']}: no seat's win rate differs from the fair share of {100 * fair:.1f}% — the seats lie "
                f"between {_pp(table['vs_fair'].min())} and {_pp(table['vs_fair'].max())} of it (intervals ±{100 * half:.1f} pp).")  # fmt: skip
    parts = [f"seat {row['seat']} wins {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}], "
             f"{_pp(row['vs_fair'])}" for row in flagged.sort("vs_fair", descending=True).iter_rows(named=True)]  # fmt: skip
    return f"{fact['title']}: against a fair share of {100 * fair:.1f}%, " + "; ".join(parts) + "."


def quality_sentence(fact: dict) -> str:
    """How the game unfolds (decisiveness, uncertainty, lead changes) or, without trajectories,
    its margin and balance; constant measures named once."""
    table = fact["quality"]
    rows = {row["key"]: row for row in table.iter_rows(named=True)}
    unit = fact["length_unit"]
    parts = []
    if "decided_at" in rows:
        parts.append(f"the winner takes the lead for good after {with_interval(rows['decided_at'], '%')} of the game")
        parts.append(f"the half-way leader does not win {with_interval(rows['uncertainty'], '%')} of games")
        changes = rows["lead_changes"]
        parts.append(f"{changes['estimate']:.2f} lead changes per game {interval_only(changes['low'], changes['high'], 'changes')}")
    parts.append(f"margin of victory {with_interval(rows['margin'], 'points')}")
    if not rows["duration"]["constant"]:
        parts.append(f"length {with_interval(rows['duration'], 'length', unit)}")
    else:
        parts.append(f"length {value_text(rows['duration']['estimate'], 'length', unit).replace('.00 ', ' ')} in every game")
    text = f"{fact['title']}, how games unfold: " + "; ".join(parts) + "."
    if "decided_at" not in rows:
        text += " (No trajectories in these runs: decisiveness, drama and lead changes need --trajectories.)"
    return text


def seat_answers(facts: list[dict]) -> tuple[list[str], tuple[bytes, str]]:
    answers = [seat_sentence(fact) for fact in facts][: MAX_ANSWERS - 1]
    answers.append(quality_sentence(facts[len(facts) // 2]))
    groups = {fact["title"]: ([f"seat {seat}" for seat in fact["seats"][0]["seat"]], fact["seats"][0]["win_rate"],
                              fact["seats"][0]["low"], fact["seats"][0]["high"], fact["seats"][1]["fair_share"])
              for fact in facts}  # fmt: skip
    figure = charts.offsets_from_fair_share(groups, "Win rate per seat minus the fair share")
    return answers, (figure, "Each seat's win rate minus the fair share, in percentage points, with 95% intervals; "
                             "0 = exactly the fair share.")  # fmt: skip


# ---------------------------------------------------------------- tournament


def tournament_answers(facts: list[dict]) -> tuple[list[str], tuple[bytes, str]]:
    answers, groups = [], {}
    for fact in [fact for fact in facts if "tournament" in fact][:3]:
        table = fact["tournament"]
        fair = 1.0 / fact["players"]
        parts = [f"{row['strategy']} {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}] "
                 f"({_pp(row['win_rate'] - fair)})" for row in table.iter_rows(named=True)]  # fmt: skip
        answers.append(f"{fact['title']}: win rate per seat taken against a fair share of {100 * fair:.1f}%, best first: "
                       + "; ".join(parts) + ".")  # fmt: skip
        groups[fact["title"]] = (table["strategy"].to_list(), table["win_rate"], table["low"], table["high"], fair)
    answers.append(seat_sentence(facts[0]) + " Every strategy sits in every seat (seat rotation).")
    answers.append(quality_sentence(facts[0]))
    figure = charts.offsets_from_fair_share(groups, "Strategy win rate per seat taken minus the fair share")
    return answers, (figure, "Win rate per seat taken minus the fair share, percentage points, 95% intervals (the deal "
                             "is the unit).")  # fmt: skip


# ---------------------------------------------------------------- comparisons


def _arm_summaries(facts: list[dict]) -> list[dict]:
    """Per setup (in order), across player counts: winner-change rows, spread rows, surviving
    seat effects, trailing-player rows and whether every player count played identical games."""
    arms: dict[str, dict] = {}
    for fact in facts:
        if "paired" not in fact:
            continue
        paired, differences = fact["paired"], fact["comparison"]
        for label in paired["label"].unique(maintain_order=True).to_list():
            part = paired.filter(pl.col("label") == label)
            rows = {row["key"]: row for row in part.iter_rows(named=True)}
            display = part["arm"][0]
            summary = arms.setdefault(label, {"display": display, "by_players": []})
            seat_rows = differences.filter((pl.col("arm") == display) & pl.col("column").str.starts_with("win_seat_"))
            summary["by_players"].append({
                "title": fact["title"], "identical": bool(part["identical_games"][0]), "winner_change": rows["winner_change"],
                "spread": rows["spread"], "trailing": rows.get("trailing"),
                "seats": seat_rows.filter(pl.col("survives").fill_null(False)),
                "largest_seat_change": float(seat_rows["difference"].abs().max() or 0.0) if not seat_rows.is_empty() else 0.0,
                "games": int(rows["winner_change"]["games"]),
                "excluded_never_seen": differences.filter(pl.col("arm") == display)["excluded_never_seen"].first()
                if not differences.filter(pl.col("arm") == display).is_empty() else None,
            })  # fmt: skip
    for summary in arms.values():
        summary["identical"] = all(entry["identical"] for entry in summary["by_players"])
        summary["largest_change"] = max(entry["winner_change"]["difference"] for entry in summary["by_players"])
    return list(arms.values())


def _direction(row: dict) -> str:
    """Catch-up, runaway or no clear change, from the paired change of the first-to-last spread."""
    if not (math.isfinite(row["low"]) and math.isfinite(row["high"])) or row["low"] <= 0 <= row["high"]:
        return "no clear change"
    return "catch-up" if row["difference"] < 0 else "runaway"


def spread_clause(row: dict, where: str = "") -> str:
    """The change of the gap between first and last, in words: catch-up, runaway or neither."""
    direction = _direction(row)
    where = f" ({where})" if where else ""
    if direction == "no clear change":
        return (f"the gap between first and last does not clearly change{where}: "
                f"{value_text(row['difference'], 'points', signed=True)} {interval_only(row['low'], row['high'], 'points', True)}")  # fmt: skip
    verb = "shrinks" if direction == "catch-up" else "grows"
    size = {"estimate": abs(row["difference"]), "low": min(abs(row["low"]), abs(row["high"])), "high": max(abs(row["low"]), abs(row["high"]))}
    return f"{direction}: the gap between first and last {verb} by {with_interval(size, 'points')}{where}"


def arm_sentence(summary: dict) -> str:
    """One plain sentence per setup: identical games, or winner changes, seats, spread."""
    entries = summary["by_players"]
    if summary["identical"]:
        reason = compare.identical_text(summary["display"], entries[0]["games"], entries[0]["excluded_never_seen"])
        where = ", ".join(entry["title"] for entry in entries)
        return reason.replace(f"in all {entries[0]['games']:,} deals", f"in all {entries[0]['games']:,} deals ({where})")
    many = len(entries) > 1
    changes = ", ".join(with_interval(entry["winner_change"], "%", key="difference") + (f" at {entry['title']}" if many else "")
                        for entry in entries)  # fmt: skip
    text = f"{summary['display']} changes the winner of {changes} of the same deals"
    seats = [f"seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])} {interval_only(row['low'], row['high'], 'pp', True)}"
             + (f" at {entry['title']}" if many else "") for entry in entries for row in entry["seats"].iter_rows(named=True)]  # fmt: skip
    if seats:
        text += "; seat win rates move: " + ", ".join(seats[:3])
    else:
        text += "; no seat's win rate moves beyond noise"
    middle = entries[len(entries) // 2]
    text += "; " + spread_clause(middle["spread"], middle["title"] if many else "")
    trailing = middle["trailing"]
    if trailing is not None:
        text += (f"; the player trailing when it came up wins {_pp(trailing['difference'])} "
                 f"{interval_only(trailing['low'], trailing['high'], 'pp', True)} more often")  # fmt: skip
    return text + "."


def rest_sentence(summaries: list[dict]) -> str:
    """The setups not given their own answer, in one sentence."""
    moving = [summary for summary in summaries if not summary["identical"]]
    identical = [summary["display"].split(" (")[0] for summary in summaries if summary["identical"]]
    text = f"The other {len(summaries)} setups"
    if moving:
        low = min(summary["largest_change"] for summary in moving)
        high = max(summary["largest_change"] for summary in moving)
        catch_up = sum(_direction(entry["spread"]) == "catch-up" for summary in moving for entry in summary["by_players"])
        runaway = sum(_direction(entry["spread"]) == "runaway" for summary in moving for entry in summary["by_players"])
        text += (f" change the winner on {100 * low:.1f}% to {100 * high:.1f}% of deals; the gap between first and "
                 f"last shrinks (catch-up) under {catch_up} of them and grows (runaway) under {runaway}")  # fmt: skip
    if identical:
        text += ("; " if moving else " ") + f"{', '.join(identical)} played identical games to the baseline"
    return text + ". Every setup is in the appendix tables."


CHART_SETUPS = 12
"""Setups in the first screen's chart (those that change the winner most); the appendix has all."""


def comparison_answers(facts: list[dict]) -> tuple[list[str], tuple[bytes, str]]:
    summaries = sorted(_arm_summaries(facts), key=lambda summary: (summary["identical"], -summary["largest_change"]))
    if len(summaries) < MAX_ANSWERS:
        answers = [arm_sentence(summary) for summary in summaries] + [quality_sentence(facts[len(facts) // 2])]
    elif len(summaries) == MAX_ANSWERS:
        answers = [arm_sentence(summary) for summary in summaries]
    else:
        answers = [arm_sentence(summary) for summary in summaries[: MAX_ANSWERS - 1]]
        answers.append(rest_sentence(summaries[MAX_ANSWERS - 1 :]))
    if not any(entry["trailing"] is not None for summary in summaries for entry in summary["by_players"]) and any(
        fact["kind"] == "event setting" for fact in facts
    ):
        answers[-1] += (" The effect on the player trailing when a card came up needs score trajectories, which these "
                        "runs do not have.")  # fmt: skip
    shown = summaries[:CHART_SETUPS]
    rows = [{"label": shorten(summary["display"], 48), "series": entry["title"], "estimate": entry["winner_change"]["difference"],
             "low": entry["winner_change"]["low"], "high": entry["winner_change"]["high"]}
            for summary in shown for entry in summary["by_players"]]  # fmt: skip
    figure = charts.rate_points(rows, "How often the setup changes who wins (same deals)", "deals with a different winner (%)")
    which = "" if len(shown) == len(summaries) else f" The {len(shown)} setups of {len(summaries)} that change it most; all are in the appendix."
    return answers, (figure, "Share of deals whose winner differs from the baseline's on the same deal, 95% Wilson "
                             "intervals, largest first; 0% = the setup never changes who wins." + which)  # fmt: skip
