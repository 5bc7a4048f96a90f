"""The first screen of a report: the study's question, at most five plain-language answers with
their intervals, and one chart.

Each answer is computed as data first (:class:`Answer`: subject, verdict, figure, support, and the
answer in full for the appendix) and worded in one place (:func:`word`); :func:`fit` and
:func:`refit` hold the screen to the limits :mod:`simulator.analysis.report.quality` checks (a
verdict of at most 25 words, at most 250 words in all, no internal names).  A question about
leaders and trailers is answered with catch-up first (:func:`question_measure`); a rotated mixed
table of strategies answers for each strategy too (``strategy_changes`` of the facts).

The answers are read off what the sections computed (``Document.facts``, one entry per player
count): seat tables for a seat-advantage study, the strategy ranking for a tournament, and for a
comparison of setups (rule variants, forced or excluded event cards) the winner-change rate,
the seat win-rate changes that survive the Holm correction, and the change of the spread
between first and last (catch-up or runaway), setups with the largest winner-change rate first.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

import numpy as np
import polars as pl

from simulator.analysis.report import charts, reconstructions
from simulator.analysis.stats import compare, intervals as stats, seats as seat_stats, strategy_names
from simulator.analysis.report.quality import (
    MAX_FIRST_SCREEN_WORDS, interval_only, no_negative_zero, value_text, with_interval,
)
from simulator.analysis.stats.runs import NULL_SETUP, readable, shorten

MAX_ANSWERS = 5
MEASURES = {
    "seat-imbalance": "seat imbalance: the largest distance of a seat's win rate from the fair share (pp)",
    "seat-balance": "the same as seat-imbalance",
    "seat-win-rate": "each seat's win rate against the fair share, and how a setup moves it (pp)",
    "strategy-win-rate": "each strategy's win rate per seat taken (a tournament)",
    "score": "the mean score (points)",
    "length": "the game length (the game's own unit)",
    "margin": "the margin of victory (points)",
    "catch-up": "the spread between first and last (points; negative change = catch-up)",
    "decisiveness": "how far into the game the winner takes the lead for good (% of the game)",
    "sensitivity": "the winner-change rate: deals whose winner differs from the baseline's (%)",
    "stalls": "the share of games stopped at the stall cap, which have no winner (%)",
}
"""The measures a study's question can be about (``measure`` in an experiment file)."""
ALIASES = {"seat-balance": "seat-imbalance", "win-rate": "seat-win-rate", "duration": "length", "spread": "catch-up",
           "winner-change": "sensitivity", "capped": "stalls", "stall": "stalls", "capped-rate": "stalls"}  # fmt: skip
DEFAULT_MEASURE = {"seats": "seat-imbalance", "tournament": "strategy-win-rate", "variants": "seat-win-rate",
                   "events": "catch-up"}  # fmt: skip
PAIRED_KEYS = {"length": "duration", "margin": "margin", "catch-up": "spread", "decisiveness": "decided_at",
               "sensitivity": "winner_change"}  # fmt: skip
"""The measures read off the paired game-quality table, by its key."""


def measure_name(text: str) -> str | None:
    """The measure ``text`` names (aliases allowed, case and ``_`` or space for ``-`` ignored), or None."""
    name = text.strip().lower().replace("_", "-").replace(" ", "-")
    name = ALIASES.get(name, name)
    return name if name in MEASURES else None


MEASURE_QUESTIONS = {
    "seat-imbalance": "Which setup is fairest (the smallest gap of a seat's win rate from the fair share), and what holds on every setup?",
    "score": "How does each setup change the mean score?",
    "length": "How does each setup change the length of a game?",
    "margin": "How does each setup change the margin of victory?",
    "catch-up": "Does each setup help the players behind catch up, or let the leader run away?",
    "decisiveness": "How early is the winner decided under each setup?",
    "sensitivity": "How sensitive is the outcome of a deal to each setup (another winner on the same deal)?",
    "stalls": "How often does a game stall at the cap, and how does each setup change it?",
}
QUESTIONS = {
    "seats": "Does any seat win more often than its fair share?",
    "tournament": "Which strategy wins most often, and by how much?",
    "variants": "What does each setup change: who wins, each seat's chances, and the gap between first and last?",
    "events": "Which event cards decide games, and do they help the leader or the player behind?",
}


# ---------------------------------------------------------------- answers as data, worded in one place


@dataclass
class Answer:
    """One first-screen answer, computed before it is worded: what it is about (``subject``), the
    ``verdict`` it opens with (one sentence in the game's words, at most
    :data:`~simulator.analysis.report.quality.MAX_VERDICT_WORDS` words), the ``figure`` with its
    interval that backs it, an optional ``support`` sentence, and ``detail``: every figure of the
    answer for the appendix ("The answers in full").  ``shown`` False keeps it to the appendix."""

    subject: str
    verdict: str
    figure: str = ""
    support: str = ""
    detail: str = ""
    shown: bool = True


def _sentence(text: str, capital: bool = False) -> str:
    """``text`` as a sentence: a full stop at the end and, with ``capital``, its first letter
    capitalised (never for a verdict, which may open with a setup's own name, ``long``)."""
    text = text.strip()
    if not text:
        return ""
    if capital:
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def word(answer: Answer) -> str:
    """The first-screen text of an answer: its verdict, then its figure, then its support."""
    parts = (_sentence(answer.verdict), _sentence(answer.figure, True), _sentence(answer.support, True))
    return " ".join(part for part in parts if part)


CONFIRMATION_WORDS = 12
"""Words kept free per headline answer for its check under stronger play (added after the wording)."""
PLAYERS_NOTE_WORDS = 25
"""Words kept free for the line naming the players (added after the wording)."""


def fit(answers: list[Answer], question: str, caption: str, headlines: int) -> list[Answer]:
    """The answers shown on the first screen, within :data:`MAX_FIRST_SCREEN_WORDS` with room for
    the players note and the checks under stronger play: supports dropped from the last answer up,
    then the last answers, until it fits (every figure stays in the appendix)."""
    budget = MAX_FIRST_SCREEN_WORDS - len(question.split()) - len(caption.split()) - PLAYERS_NOTE_WORDS - CONFIRMATION_WORDS * headlines
    shown = [replace(answer) for answer in answers if answer.shown][:MAX_ANSWERS]
    count = lambda: sum(len(word(answer).split()) for answer in shown)  # noqa: E731
    for answer in reversed(shown):
        if count() <= budget:
            break
        answer.support = ""
    while count() > budget and len(shown) > 1:
        shown.pop()
    return shown


def refit(document, rendered_words) -> None:
    """Hold ``document``'s first screen to :data:`MAX_FIRST_SCREEN_WORDS` once the lines added after
    the wording are in (each headline's check under stronger play, the players note): supports are
    dropped from the last answer up, then the last answers (each still in the appendix).
    ``rendered_words(document)``: the words of its first screen as rendered, as the quality check
    counts them (the figure's label, the caveats' links)."""
    shown = document.answer_data
    if not shown:  # a document whose answers were not composed here
        return
    added = [text[len(word(answer)):] if text.startswith(word(answer)) else "" for text, answer in zip(document.answers, shown)]
    verdicts = list(document.verdicts)

    def total() -> int:  # the words of the first screen as rendered, as the quality check counts them
        document.answers = [word(answer) + extra for answer, extra in zip(shown, added)]
        document.verdicts = verdicts[: len(shown)]
        return rendered_words(document)

    for answer in reversed(shown):
        if total() <= MAX_FIRST_SCREEN_WORDS:
            break
        answer.support = ""
    while total() > MAX_FIRST_SCREEN_WORDS and len(shown) > 1:
        shown.pop()
        added.pop()
    document.answers = [word(answer) + extra for answer, extra in zip(shown, added)]
    document.verdicts = document.verdicts[: len(shown)]


def short_setup(display: str) -> str:
    """A setup's name without the rule text in brackets: ``B13 forced``."""
    return display.split(" (")[0]


LEADER_WORDS = ("leader", "behind", "catch up", "catch-up", "runaway", "run away", "trailing")
"""Words of a study's question that ask about leaders and trailers: its answers lead with catch-up."""


def question_measure(question: str) -> str | None:
    """The measure a study's question asks about when it names none: ``catch-up`` for leaders and
    trailers, else None."""
    text = question.lower()
    return "catch-up" if any(words in text for words in LEADER_WORDS) else None


def study_kind(facts: list[dict]) -> str:
    """``events``, ``variants``, ``tournament`` or ``seats``: what the study compares."""
    if any("paired" in fact for fact in facts):
        return "events" if any(fact["kind"] == "event setting" for fact in facts) else "variants"
    return "tournament" if any("tournament" in fact for fact in facts) else "seats"


def compose(document, question: str = "", measure: str = "") -> None:
    """Fill ``document.question``, ``answers`` (worded by :func:`word`), ``verdicts``,
    ``answer_figure`` and ``headlines`` (what each answer estimates, for the confirmation under
    stronger play) from ``document.facts``, and add every answer in full to the appendix; the
    measure is the study's (``measure``), else the one its question asks about (leaders and
    trailers: catch-up), else its kind's default."""
    facts = document.facts
    if not facts:
        return
    kind = study_kind(facts)
    measure = measure_name(measure) if measure else question_measure(question) or DEFAULT_MEASURE[kind]
    document.question = question or (MEASURE_QUESTIONS.get(measure, "") if measure != DEFAULT_MEASURE[kind] else "") or QUESTIONS[kind]
    document.measure = measure
    headlines: list[dict] = []
    if measure == "strategy-win-rate" and kind == "tournament":
        answers, figure = tournament_answers(facts)
    elif measure == "seat-imbalance" and kind in ("events", "variants"):
        answers, figure, headlines = imbalance_ranking_answers(facts)
    elif kind in ("events", "variants") and measure in ("seat-win-rate", "strategy-win-rate"):
        answers, figure, headlines = comparison_answers(facts)
    elif measure in ("seat-imbalance", "seat-win-rate", "strategy-win-rate"):
        answers, figure, headlines = seat_answers(facts)
    elif kind in ("events", "variants"):
        answers, figure, headlines = measure_ranking_answers(facts, measure)
    else:
        answers, figure, headlines = single_measure_answers(facts, measure)
    shown = fit(answers, document.question, figure[1] if figure else "", len(headlines))
    document.answer_data = shown
    document.answers = [word(answer) for answer in shown]
    document.verdicts = [_sentence(answer.verdict) for answer in shown]
    document.headlines = [headline for headline in headlines if headline["answer"] < len(shown)]
    document.answer_figure = figure
    document.heading("The answers in full", 2)
    document.heading("Every figure behind the first screen", 3)
    document.bullets([answer.detail or word(answer) for answer in answers])


# ---------------------------------------------------------------- seats


def _pp(value: float) -> str:
    return f"{no_negative_zero(100 * value, 1):+.1f} pp"


def shared_wins_note(fair: float, players: int) -> str:
    """Why a fair share exceeds 1/P, said next to it: `` (above 1/4: a shared win counts for every
    winner)``, or nothing when it is 1/P."""
    return f" (above 1/{players}: a shared win counts for every winner)" if fair > 1 / players + 0.0005 else ""


def seats_together_note(table: pl.DataFrame, fair: float) -> str:
    """Said after "no seat differs from the fair share beyond noise" when a seat's own interval
    excludes the fair share (the chart shows it): it is testing every seat together that makes it
    noise.  Empty otherwise."""
    clear = table.filter((pl.col("low") > fair) | (pl.col("high") < fair))
    if clear.is_empty():
        return ""
    row = clear.sort(pl.col("vs_fair").abs(), descending=True).row(0, named=True)
    return (f" once the {table.height} seats are tested together (on its own, seat {row['seat']}'s "
            f"{_pp(row['vs_fair'])} is clear of it)")  # fmt: skip


def seat_sentence(fact: dict) -> str:
    """Which seats differ from the fair share after the Holm correction, or that none does."""
    table, notes = fact["seats"]
    fair = notes["fair_share"]
    flagged = seat_stats.beyond_noise(table, fair)
    if flagged.is_empty():
        half = float(((table["high"] - table["low"]) / 2).max())
        return (f"{fact['title']}: no seat's win rate differs from the fair share of {100 * fair:.1f}%"
                f"{shared_wins_note(fair, table.height)}{seats_together_note(table, fair)} — the seats lie "
                f"between {_pp(table['vs_fair'].min())} and {_pp(table['vs_fair'].max())} of it (intervals ±{100 * half:.1f} pp).")  # fmt: skip
    parts = [f"seat {row['seat']} wins {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}], "
             f"{_pp(row['vs_fair'])}" for row in flagged.sort("vs_fair", descending=True).iter_rows(named=True)]  # fmt: skip
    others = sorted(set(table["seat"].to_list()) - set(flagged["seat"].to_list()))
    rest = (f"; {'seat' if len(others) == 1 else 'seats'} {_seat_list(others)} within noise of it" if others else "")
    return (f"{fact['title']}: against a fair share of {100 * fair:.1f}%{shared_wins_note(fair, table.height)}, "
            + "; ".join(parts) + rest + ".")


def _seat_list(seats: list[int]) -> str:
    """``4`` / ``2 and 4`` / ``2, 3 and 4``."""
    names = [str(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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


def _rate(value: float) -> str:
    """A win rate on the first screen: whole percent, one decimal under 10%."""
    return f"{100 * value:.0f}%" if abs(value) >= 0.1 else f"{100 * value:.1f}%"


def _points(value: float) -> str:
    """A distance between win rates: percentage points (``pp``), never ``points``, which are the
    game's own score (a compensation gives "+1 point at the end")."""
    return f"{100 * value:.1f} pp"


def _times(high: float, low: float) -> str:
    """``1.3 times as often``: the ratio of two win rates, in plain words."""
    return f"{high / low:.1f} times as often" if low > 0 else "while the other never wins"


def imbalance_sentence(title: str, imbalance: dict, seat_table: pl.DataFrame | None = None) -> str:
    """One plain sentence: a setup's seat imbalance with its interval, the favoured and the
    least favoured seat, and whether any seat differs beyond noise (Holm)."""
    rates, fair = imbalance["rates"], imbalance["fair_share"]
    best, worst = imbalance["best_seat"], imbalance["worst_seat"]
    text = (f"{title}: seat imbalance {_points(imbalance['estimate'])} {interval_only(imbalance['low'], imbalance['high'], 'pp')}"
            f" — seat {best} wins {_rate(rates[best - 1])}, seat {worst} {_rate(rates[worst - 1])} (fair share "
            f"{_rate(fair)}{shared_wins_note(fair, len(rates)).replace(' (', ', ').rstrip(')')})")  # fmt: skip
    ratio = f": seat {best} wins {_times(rates[best - 1], rates[worst - 1])} as seat {worst}"
    if seat_table is None:
        return text + ratio + "."
    flagged = seat_stats.beyond_noise(seat_table, fair)
    if flagged.is_empty():  # a ratio of two rates within noise of each other ("1.0 times as often") says nothing
        return text + f"; no seat differs from the fair share beyond noise{seats_together_note(seat_table, fair)}."
    return (text + ratio + "; beyond noise: " + ", ".join(f"seat {row['seat']} {_pp(row['vs_fair'])}" for row in
                                                           flagged.sort("vs_fair", descending=True).iter_rows(named=True)) + ".")  # fmt: skip


def seat_answers(facts: list[dict]) -> tuple[list[Answer], tuple[bytes, str], list[dict]]:
    """One answer per player count: which seat wins more often than its fair share, if any; how
    games unfold in the appendix only."""
    answers, headlines = [], []
    for fact in facts[: MAX_ANSWERS - 1]:
        imbalance = fact["imbalance"][fact["baseline_label"]]
        headlines.append({"answer": len(answers), "players": fact["players"], "label": fact["baseline_label"],
                          "measure": "seat-imbalance", "estimate": imbalance["estimate"], "low": imbalance["low"],
                          "high": imbalance["high"], "unit": "pp", "best_seat": imbalance["best_seat"],
                          "favoured": seat_stats.clearly_favoured(fact["seats"][0])})  # fmt: skip
        clause, figure = seat_clause(imbalance, fact["seats"][0])
        headlines[-1]["figure_in_line"] = figure.startswith("largest gap")  # the moves line says it with its interval
        answer = Answer(fact["title"], f"At {fact['title']}, {clause}.", figure,
                        detail=imbalance_sentence(fact["title"], imbalance, fact["seats"][0]))  # fmt: skip
        fixes = fix_texts(fact)
        if fixes:  # from finding to fix: end points (compensation) and the rules' own settings (sweeps)
            answer.support = "Fixes: " + "; ".join(fixes)
            answer.detail += " " + answer.support
        answers.append(answer)
    middle = facts[len(facts) // 2]
    answers.append(Answer(middle["title"], "", detail=quality_sentence(middle), shown=False))
    groups = {fact["title"]: ([f"seat {seat}" for seat in fact["seats"][0]["seat"]], fact["seats"][0]["win_rate"],
                              fact["seats"][0]["low"], fact["seats"][0]["high"], fact["seats"][1]["fair_share"])
              for fact in facts}  # fmt: skip
    figure = charts.offsets_from_fair_share(groups, "Win rate per seat minus the fair share")
    return answers, (figure, "Each seat's win rate minus its fair share (pp), 95% intervals."), headlines


def fix_texts(fact: dict) -> list[str]:
    """What fixes a seat advantage at one player count, each in a few words: the end-of-game points
    of the compensation (simulator/analysis/stats/compensation.py) and each seat-imbalance sweep of
    a rule setting (its ``short`` answer, simulator/analysis/studies/sweep.py), their full answers in the appendix."""
    from simulator.analysis.stats import compensation

    found = [compensation.short_fix(fact["compensation"])] if fact.get("compensation") else []
    found += [result.get("short", "") for result in fact.get("sweeps", []) if result["measure"] == "seat-imbalance"]
    return [text for text in found if text]


# ---------------------------------------------------------------- ranking setups by the study's measure


COMPARED_COLUMNS = {"score": ("mean_score", "points"), "stalls": ("game.capped", "%")}
"""Measures read off the comparison table (paired per deal, every setup against the baseline): column and unit."""


def _p_value(row: dict) -> float:
    """A comparison row's p-value (1 when it has none; a p-value of exactly 0 stays 0)."""
    value = row.get("p")
    return 1.0 if value is None or not math.isfinite(value) else float(value)


def _setup_rows(facts: list[dict], measure: str) -> list[dict]:
    """Per player count and setup (baseline included for the seat imbalance): the measure's
    estimate and interval, a p-value (setup differs: from the fair share for the imbalance, from
    the baseline otherwise) and whether it played the baseline's games."""
    rows = []
    for fact in facts:
        if "paired" not in fact:
            continue
        paired = fact["paired"]
        identical = {row["label"]: bool(row["identical_games"]) for row in paired.select("label", "identical_games").unique().iter_rows(named=True)}
        for label, display in fact["setup_names"].items():
            if is_null(label):
                continue
            base = label == fact["baseline_label"]
            if measure == "seat-imbalance":
                value = fact["imbalance"][label]
                table = fact["seats"][0] if base else fact["arm_seats"][label]
                p_value = float(table["p_holm"].min())
                rows.append({"fact": fact, "label": label, "display": display, "baseline": base, "estimate": value["estimate"],
                             "low": value["low"], "high": value["high"], "p": p_value, "unit": "pp", "value": value,
                             "seat_table": table, "identical": identical.get(label, False)})  # fmt: skip
                continue
            if base:
                continue
            if measure in COMPARED_COLUMNS:
                column, unit = COMPARED_COLUMNS[measure]
                part = fact["comparison"].filter((pl.col("arm") == display) & (pl.col("column") == column))
                if part.is_empty():
                    continue
                row = part.row(0, named=True)
                rows.append({"fact": fact, "label": label, "display": display, "baseline": False, "estimate": row["difference"],
                             "low": row["low"], "high": row["high"], "p": _p_value(row), "unit": unit,
                             "before": row.get("baseline"), "after": row.get("variant"), "identical": identical.get(label, False)})  # fmt: skip
                continue
            part = paired.filter((pl.col("label") == label) & (pl.col("key") == PAIRED_KEYS[measure]))
            if part.is_empty():
                continue
            row = part.row(0, named=True)
            half = (row["high"] - row["low"]) / 2
            se = half / 1.959964 if math.isfinite(half) and half > 0 else math.inf
            null = row["chance"] if measure == "sensitivity" and math.isfinite(row.get("chance", math.nan)) else 0.0
            p_value = stats.two_sided_p(row["difference"] - null, se) if math.isfinite(se) else (0.0 if row["difference"] != null else 1.0)
            rows.append({"fact": fact, "label": label, "display": display, "baseline": False, "estimate": row["difference"],
                         "low": row["low"], "high": row["high"], "p": p_value, "unit": row["unit"], "before": row["baseline"],
                         "after": row["variant"], "chance": row.get("chance"), "identical": identical.get(label, False),
                         "null": null_change(fact)})  # fmt: skip
    adjusted = stats.holm([row["p"] for row in rows]) if rows else []
    for row, p_holm in zip(rows, adjusted):
        row["p_holm"] = p_holm
    return rows


def is_null(label: str) -> bool:
    """Whether a setup is the null setup (the baseline's rules, another strategy stream): a reference
    level for the winner-change rate, never an answer of its own."""
    return label.startswith(NULL_SETUP)


def null_change(fact: dict) -> dict | None:
    """The null setup's winner-change row at one player count (the level of pure chaos), if it was played."""
    paired = fact.get("paired")
    if paired is None:
        return None
    rows = paired.filter(pl.col("label").str.starts_with(NULL_SETUP) & (pl.col("key") == "winner_change"))
    return rows.row(0, named=True) if not rows.is_empty() else None


def null_clause(row: dict | None) -> str:
    """``the same rules with other random choices of the players: 16% [15, 17]``, or "" without a null setup."""
    if row is None:
        return ""
    if row["identical_games"]:
        return "the same rules with other random choices of the players: 0% (these players never choose at random)"
    return (f"the same rules with other random choices of the players: {_rate(row['difference'])} "
            f"[{_rate(row['low']).rstrip('%')}, {_rate(row['high']).rstrip('%')}]")  # fmt: skip


def _headline(answer: int, row: dict, measure: str) -> dict:
    return {"answer": answer, "players": row["fact"]["players"], "label": row["label"], "measure": measure,
            "estimate": row["estimate"], "low": row["low"], "high": row["high"],
            "unit": "pp" if measure == "stalls" else row["unit"],  # a change of a share of games: pp
            "best_seat": row.get("value", {}).get("best_seat"),
            "favoured": seat_stats.clearly_favoured(row["seat_table"]) if row.get("seat_table") is not None else None}  # fmt: skip


def _common_seat(rows: list[dict]) -> tuple:
    """The seat most often favoured over ``rows`` (setups), how many, its rates, the fair share, the
    least favoured seat, the mean ratio of their rates, and where it holds in words."""
    favoured = Counter(row["value"]["best_seat"] for row in rows)
    fair = np.mean([row["value"]["fair_share"] for row in rows])
    seat, count = favoured.most_common(1)[0]
    rates = [row["value"]["rates"][seat - 1] for row in rows]
    low_seat = Counter(row["value"]["worst_seat"] for row in rows).most_common(1)[0][0]
    ratio = np.mean([row["value"]["rates"][seat - 1] / max(row["value"]["rates"][low_seat - 1], 1e-9) for row in rows])
    where = f"on every one of the {len(rows)} setups" if count == len(rows) else f"on {count} of the {len(rows)} setups"
    return seat, count, rates, fair, low_seat, ratio, where


def common_seat_sentence(rows: list[dict]) -> str:
    """What holds on every setup: the most favoured seat and its range of rates, or that it varies."""
    seat, count, rates, fair, low_seat, ratio, where = _common_seat(rows)
    return (f"What holds {'everywhere' if count == len(rows) else 'on most setups'}: seat {seat} wins most often {where}, "
            f"{_rate(min(rates))} to {_rate(max(rates))} of games against a fair share of {_rate(fair)} — on average "
            f"{ratio:.1f} times as often as seat {low_seat}.")  # fmt: skip


def imbalance_ranking_answers(facts: list[dict]) -> tuple[list[Answer], tuple[bytes, str], list[dict]]:
    """Setups ranked by their largest gap of a seat from the fair share (fairest first), what holds
    on every setup first."""
    rows = _setup_rows(facts, "seat-imbalance")
    ranked = sorted(rows, key=lambda row: row["estimate"])
    answers = [common_seat_answer(rows)]
    headlines = [_headline(0, row, "seat-imbalance") for row in rows if row["baseline"]][:1]
    many = len({row["fact"]["title"] for row in rows}) > 1
    titled = lambda row: row["display"] + (f" at {row['fact']['title']}" if many else "")  # noqa: E731
    shown = ranked[:1] + [row for row in ranked[-1:] if row is not ranked[0]]
    for row in shown:
        rank = "fairest" if row is ranked[0] else "least fair"
        headlines.append(_headline(len(answers), row, "seat-imbalance"))
        clause, figure = seat_clause(row["value"], row["seat_table"], with_gap=True)
        answers.append(Answer(titled(row), f"{titled(row)}, the {rank} of {len(ranked)} setups: {clause}.", figure,
                              detail=f"{rank.capitalize()} of {len(ranked)}: " + imbalance_sentence(titled(row), row["value"], row["seat_table"])))  # fmt: skip
    moved = [row for fact in facts if "comparison" in fact
             for row in fact["comparison"].filter(pl.col("column").str.starts_with("win_seat_") & pl.col("survives").fill_null(False)).iter_rows(named=True)
             if not is_null(row["arm"])]  # fmt: skip
    listed = lambda part: ", ".join(f"{titled(row)} {100 * row['estimate']:.1f}" for row in part)  # noqa: E731
    verdict = ("Against the baseline on the same deals, no setup moves any seat's win rate beyond noise." if not moved else
               f"Against the baseline on the same deals, {len(moved)} seat win rates move beyond noise.")  # fmt: skip
    figure = (f"Largest gaps from the fair share run from {_points(ranked[0]['estimate'])} to {_points(ranked[-1]['estimate'])}"
              + (f"; fairest {listed(ranked[:3])}; least fair {listed(ranked[-3:])} (pp)" if len(ranked) > 4 else ""))  # fmt: skip
    support = ", ".join(f"{row['arm']} seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])}" for row in moved[:2])
    answers.append(Answer("every setup", verdict, figure, support, detail=verdict + " " + _sentence(figure) + " "
                          + ", ".join(f"{row['arm']} seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])}" for row in moved)))  # fmt: skip
    chart = [{"label": shorten(row["display"], 48), "series": row["fact"]["title"], "estimate": row["estimate"],
              "low": row["low"], "high": row["high"]} for row in ranked[:CHART_SETUPS] + ranked[-CHART_SETUPS:]]  # fmt: skip
    chart = list({(row["label"], row["series"]): row for row in chart}.values())
    figure = charts.rate_points(chart, "Largest gap of a seat from the fair share, per setup (fairest first)", "largest distance of a seat from the fair share (pp)")
    note = "" if len(chart) == len(ranked) else f" {len(chart)} of {len(ranked)} setups; all are in the appendix."
    return answers, (figure, "Largest gap of a seat's win rate from the fair share (pp), 95% intervals; 0 = every seat "
                             "wins equally often." + note), headlines  # fmt: skip


MEASURE_WORDS = {"score": "the mean score", "length": "the game length", "margin": "the margin of victory",
                 "catch-up": "the gap between first and last", "decisiveness": "the point where the winner takes the lead for good",
                 "sensitivity": "the share of deals with another winner",
                 "stalls": "the share of games stopped at the stall cap"}  # fmt: skip


def _value(value: float, unit: str, length_unit: str, signed: bool = False) -> str:
    return value_text(value, unit, length_unit, signed)


def measure_ranking_answers(facts: list[dict], measure: str) -> tuple[list[Answer], tuple[bytes, str] | None, list[dict]]:
    """Setups ranked by the size of their effect on the study's measure, Holm over all of them."""
    rows = _setup_rows(facts, measure)
    if not rows:
        why = " (it needs score trajectories: trajectories = true in the study file)" if measure == "decisiveness" else ""
        return [Answer(measure, f"{MEASURE_WORDS[measure].capitalize()} could not be measured in these runs{why}.")], None, []
    many = len({row["fact"]["title"] for row in rows}) > 1
    moving = [row for row in rows if not row["identical"]]
    ranked = sorted(moving, key=lambda row: -abs(row["estimate"]) / max((row["high"] - row["low"]) / 2, 1e-12))
    answers, headlines = [], []
    if measure == "stalls":  # the question's first half: how often, with the rules as they are
        answers.append(baseline_stalls_answer(facts))
    # leaders and trailers: each setup's seats, effects and trailing player in support and in the appendix
    summaries = {summary["label"]: summary for summary in _arm_summaries(facts)} if measure == "catch-up" else {}
    for row in ranked[: MAX_ANSWERS - 2 - len(answers)] if len(ranked) > MAX_ANSWERS - 1 - len(answers) else ranked:
        headlines.append(_headline(len(answers), row, measure))
        answers.append(measure_answer(row, measure, len(rows), many, summaries.get(row["label"])))
    rest = ranked[len(headlines):]
    if rest:
        beyond = [row for row in rest if row["p_holm"] <= stats.ALPHA]
        said = f"none of the other {len(rest)} setups changes" if not beyond else f"{len(beyond)} of the other {len(rest)} setups change"
        answers.append(Answer("the other setups", f"{said.capitalize()} {MEASURE_WORDS[measure]} beyond noise.",
                              ", ".join(f"{short_setup(row['display'])} {_value(row['estimate'], row['unit'], row['fact']['length_unit'], True)}"
                                        for row in beyond[:3]),
                              detail="; ".join(measure_answer(row, measure, len(rows), many, summaries.get(row["label"])).detail for row in rest)))  # fmt: skip
    identical = [row for row in rows if row["identical"]]
    if identical:
        names = ", ".join(short_setup(row["display"]) for row in identical) if len(identical) <= 3 else f"{len(identical)} setups"
        answers.append(Answer("identical setups", f"{names} play the same games as the baseline: nothing to measure.",
                              detail=", ".join(row["display"] for row in identical) + " played identical games to the baseline: "
                              "nothing to measure (see why in the appendix)."))  # fmt: skip
    chart = [{"label": shorten(row["display"], 48), "series": row["fact"]["title"], "estimate": row["estimate"],
              "low": row["low"], "high": row["high"]} for row in ranked[:CHART_SETUPS]]  # fmt: skip
    unit = ranked[0]["unit"] if ranked else ""
    axis = "difference from the baseline" + (" (pp)" if unit in ("%", "pp") else f" ({unit})" if unit else "")
    figure = charts.rate_points(chart, f"Change of {MEASURE_WORDS[measure]} per setup", axis,
                                from_zero=False, scale=100.0 if ranked and ranked[0]["unit"] in ("%", "pp") else 1.0)  # fmt: skip
    return answers, (figure, f"Change of {MEASURE_WORDS[measure]} against the baseline on the same deals, 95% "
                             "intervals, largest effects first."), headlines  # fmt: skip


def baseline_stalls_sentence(facts: list[dict]) -> str:
    """How often the baseline's games stop at the stall cap, per player count, with Wilson intervals."""
    parts = []
    for fact in facts:
        rate = fact.get("capped", {}).get(fact["baseline_label"])
        if rate is None:
            continue
        parts.append(f"{_rate(rate['capped_rate'])} [{_rate(rate['capped_rate_low']).rstrip('%')}, "
                     f"{_rate(rate['capped_rate_high']).rstrip('%')}] at {fact['title']} ({rate['capped_games']:,} of {rate['games']:,} games)")  # fmt: skip
    cap = next((fact["capped"][fact["baseline_label"]]["stall_cap"] for fact in facts if fact.get("capped")), "")
    return (f"With the rules as they are (the baseline), games stop at the stall cap{f' ({cap})' if cap else ''} with no "
            f"winner: " + "; ".join(parts) + ".")  # fmt: skip


def single_measure_answers(facts: list[dict], measure: str) -> tuple[list[Answer], tuple[bytes, str], list[dict]]:
    """A study without compared setups asked about one game-quality measure: its value per player count."""
    key = PAIRED_KEYS.get(measure, "duration")
    answers, headlines = [], []
    for fact in facts[: MAX_ANSWERS - 1]:
        rows = {row["key"]: row for row in fact["quality"].iter_rows(named=True)}
        if key not in rows:
            continue
        row = rows[key]
        text = f"At {fact['title']}, {MEASURE_WORDS.get(measure, measure)} is {with_interval(row, row['unit'], fact['length_unit'])}."
        answers.append(Answer(fact["title"], text, detail=text))
        headlines.append({"answer": len(answers) - 1, "players": fact["players"], "label": fact["baseline_label"],
                          "measure": measure, "estimate": row["estimate"], "low": row["low"], "high": row["high"],
                          "unit": row["unit"]})  # fmt: skip
    seat_part, figure, _ = seat_answers(facts)
    return answers + seat_part[:1] + [answer for answer in seat_part if not answer.shown], figure, headlines


# ---------------------------------------------------------------- tournament


def tournament_fair_share(table: pl.DataFrame) -> float:
    """The win rate per seat taken every strategy would have if none were better: all wins over all
    seats taken.  A shared win counts for each tied seat, so with shared wins it exceeds 1/P (and
    equals the seat answer's fair share, from the same games)."""
    seats_taken = table["seats_played"].cast(pl.Float64)
    return float((table["win_rate"] * seats_taken).sum() / seats_taken.sum())


def tournament_sentence(title: str, table: pl.DataFrame, players: int) -> str:
    """``4 players: win rate per seat taken against a fair share of 26.1% (above 1/4: ...), best first: ...``."""
    fair = tournament_fair_share(table)
    parts = [f"{row['strategy']} {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}] "
             f"({_pp(row['win_rate'] - fair)})" for row in table.iter_rows(named=True)]  # fmt: skip
    return (f"{title}: win rate per seat taken against a fair share of {100 * fair:.1f}%{shared_wins_note(fair, players)}, "
            "best first: " + "; ".join(parts) + ".")


def tournament_answers(facts: list[dict]) -> tuple[list[Answer], tuple[bytes, str]]:
    """Strategies by win rate per seat taken, per player count (at most three), then the seats."""
    answers, groups = [], {}
    for fact in [fact for fact in facts if "tournament" in fact][:3]:
        table = fact["tournament"]
        fair = tournament_fair_share(table)
        best = table.row(0, named=True)
        answers.append(Answer(fact["title"], f"At {fact['title']}, {strategy_names.plain_name(best['strategy'])} wins most often: "
                              f"{_rate(best['win_rate'])} of its games against a fair share of {_rate(fair)}.",
                              "; ".join(f"{strategy_names.short_plain_name(row['strategy'])} {100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, "
                                        f"{100 * row['high']:.1f}]" for row in table.iter_rows(named=True)),
                              detail=tournament_sentence(fact["title"], table, fact["players"])))  # fmt: skip
        groups[fact["title"]] = (table["strategy"].to_list(), table["win_rate"], table["low"], table["high"], fair)
    imbalance = facts[0]["imbalance"][facts[0]["baseline_label"]]
    clause, figure = seat_clause(imbalance, facts[0]["seats"][0])
    answers.append(Answer("seats", f"At {facts[0]['title']}, {clause}.", figure, "Every strategy sits in every seat",
                          detail=seat_sentence(facts[0]) + " Every strategy sits in every seat (seat rotation)."))  # fmt: skip
    answers.append(Answer(facts[0]["title"], "", detail=quality_sentence(facts[0]), shown=False))
    figure = charts.offsets_from_fair_share(groups, "Strategy win rate per seat taken minus the fair share")
    return answers, (figure, "Win rate per seat taken minus the fair share (pp), 95% intervals.")


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
            if is_null(label):
                continue
            part = paired.filter(pl.col("label") == label)
            rows = {row["key"]: row for row in part.iter_rows(named=True)}
            display = part["arm"][0]
            summary = arms.setdefault(label, {"display": display, "label": label, "by_players": []})
            seat_rows = differences.filter((pl.col("arm") == display) & pl.col("column").str.starts_with("win_seat_"))
            summary["by_players"].append({
                "title": fact["title"], "identical": bool(part["identical_games"][0]), "winner_change": rows["winner_change"],
                "players": fact["players"],
                "spread": rows["spread"], "trailing": rows.get("trailing"),
                "seats": seat_rows.filter(pl.col("survives").fill_null(False)),
                "largest_seat_change": float(seat_rows["difference"].abs().max() or 0.0) if not seat_rows.is_empty() else 0.0,
                "largest_seat_row": seat_rows.sort(pl.col("difference").abs(), descending=True).row(0, named=True) if not seat_rows.is_empty() else None,
                "seat_reach": float(max(seat_rows["low"].abs().max(), seat_rows["high"].abs().max())) if not seat_rows.is_empty() else 0.0,
                "strategies": fact.get("strategy_changes", {}).get(label),  # a mixed table: each strategy's change
                "comparisons": differences.height,  # the family the Holm correction runs over at this player count
                "never_done": fact.get("never_done", {}).get(label, ""), "null_change": null_change(fact),
                "plain": plain_effects(differences, display, fact["length_unit"]),
                "stall_row": stall_change(differences, display),
                "games": int(rows["winner_change"]["games"]),
                "excluded_never_seen": differences.filter(pl.col("arm") == display)["excluded_never_seen"].first()
                if not differences.filter(pl.col("arm") == display).is_empty() else None,
            })  # fmt: skip
    for summary in arms.values():
        summary["identical"] = all(entry["identical"] for entry in summary["by_players"])
        summary["largest_change"] = max(entry["winner_change"]["difference"] for entry in summary["by_players"])
        summary["largest_seat_change"] = max(entry["largest_seat_change"] for entry in summary["by_players"])
        summary["moves_seats"] = any(not entry["seats"].is_empty() for entry in summary["by_players"])
        strategies = [entry["strategies"] for entry in summary["by_players"] if entry["strategies"] is not None and not entry["strategies"].is_empty()]
        summary["moves_strategies"] = any(bool(table["survives"].any()) for table in strategies)
        summary["largest_strategy_change"] = max((float(table["difference"].abs().max()) for table in strategies), default=0.0)
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


def sensitivity_clause(entry: dict) -> str:
    """The winner-change rate, called what it is, next to what unrelated games would give."""
    row = entry["winner_change"]
    chance = row.get("chance")
    text = f"sensitivity: the winner differs on {_rate(row['difference'])} of the same deals"
    levels = [null_clause(entry.get("null_change"))]
    if chance is not None and math.isfinite(chance):
        levels.append(f"two unrelated games with the same seat win rates: {_rate(chance)}")
    levels = [level for level in levels if level]
    return text + (f" ({'; '.join(levels)})" if levels else "")


PLAIN_EFFECTS = 2
"""Plain effects (length, shared wins, the game's own counts) named in a setup's answer, largest
first (the first screen stays one screen; the appendix tables list every change)."""


STALL_COLUMN = "game.capped"
"""The game column of the core's stall convention (1 = stopped at the cap, no winner)."""


def _amount(value: float) -> str:
    """A count or mean in the game's units, rounded for reading: 24, 3.1, 0.42."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.1f}" if abs(value) >= 1 else f"{value:.2f}"


def plain_effect(row: dict, length_unit: str) -> str:
    """One paired difference in the game's own terms and units, rounded: ``games 16% shorter (24.1 →
    20.3 turns)``, ``shared wins 14% → 2%``, ``gems stolen per player 1.6 → 0.30``."""
    column, before, after = row["column"], row["baseline"], row["variant"]
    if column == "length":
        if before:
            change = 100 * (after - before) / before
            return (f"games {abs(change):.0f}% {'shorter' if change < 0 else 'longer'} ({_amount(before)} → "
                    f"{_amount(after)} {length_unit})")  # fmt: skip
        return f"game length {_amount(before)} → {_amount(after)} {length_unit}"
    if column == "shared_win":
        return f"shared wins {_rate(before)} → {_rate(after)}"
    if column == STALL_COLUMN:
        return f"games stopped at the stall cap {_rate(before)} → {_rate(after)}"
    if column == "mean_score":
        return f"mean score {_amount(before)} → {_amount(after)} points"
    if column == "margin":
        return f"margin of victory {_amount(before)} → {_amount(after)} points"
    name = readable(column.split(".", 1)[1]) if "." in column else readable(column)
    per = " per player" if column.startswith("seat.") else " per game" if column.startswith("game.") else ""
    return f"{name}{per} {_amount(before)} → {_amount(after)}"


def plain_effects(differences: pl.DataFrame, display: str, length_unit: str) -> list[str]:
    """A setup's effects beyond noise (Holm) other than the seat win rates, largest first (effect
    over its interval half-width), in the game's own terms."""
    rows = differences.filter((pl.col("arm") == display) & ~pl.col("column").str.starts_with("win_seat_")
                              & pl.col("survives").fill_null(False))  # fmt: skip
    if rows.is_empty():
        return []
    size = (pl.col("difference").abs() / ((pl.col("high") - pl.col("low")) / 2).clip(lower_bound=1e-12))
    rows = rows.with_columns(size.alias("size")).sort("size", descending=True)
    # a count that is 0 on one side (an Action card's use when the setup swaps it for another) is
    # true by construction: named only when nothing else moved
    both_sides = rows.filter((pl.col("baseline") != 0) & (pl.col("variant") != 0))
    chosen = both_sides.head(PLAIN_EFFECTS) if not both_sides.is_empty() else rows.head(1)
    # games stopped at the stall cap have no winner: a change in that rate explains every other figure
    # (all seats' win rates fall together) and is never true by construction, even from 0%: it comes first
    stalls = rows.filter(pl.col("column") == STALL_COLUMN)
    chosen = pl.concat([stalls, chosen.filter(pl.col("column") != STALL_COLUMN)]).head(PLAIN_EFFECTS)
    return [plain_effect(row, length_unit) for row in chosen.iter_rows(named=True)]


def stall_change(differences: pl.DataFrame, display: str) -> dict | None:
    """The paired change of the share of games stopped at the stall cap under a setup, when it
    is beyond noise (Holm), else None."""
    rows = differences.filter((pl.col("arm") == display) & (pl.col("column") == STALL_COLUMN) & pl.col("survives").fill_null(False))
    return rows.row(0, named=True) if not rows.is_empty() else None


def stall_lead(summary: dict, many: bool) -> str:
    """``B stops 47% of games at the stall cap (0.0% in the baseline, +47.0 pp [+45.9, +48.1]); a
    stopped game has no winner, so every seat wins less often``: said first, as it explains the rest."""
    entry = max((entry for entry in summary["by_players"] if entry["stall_row"]), key=lambda entry: abs(entry["stall_row"]["difference"]))
    row = entry["stall_row"]
    where = f" at {entry['title']}" if many else ""
    more = row["difference"] > 0
    return (f"{summary['display']} {'stops' if more else 'stops only'} {_rate(row['variant'])} of games at the stall cap{where} "
            f"({_rate(row['baseline'])} in the baseline, {_pp(row['difference'])} {interval_only(row['low'], row['high'], 'pp', True)}); "
            f"a stopped game has no winner, so {'every seat wins less often' if more else 'more games have one'}")  # fmt: skip


SHOWN_SEAT_MOVES = 3
"""Seat win-rate changes a setup's answer lists (the largest; the count of the others follows)."""


def moved_seats(entries: list[dict], many: bool) -> list[str]:
    """The seat win-rate changes beyond noise of a setup, largest first (so the change its
    confirmation quotes, the largest, is the first one listed), each with its interval."""
    rows = sorted(((entry, row) for entry in entries for row in entry["seats"].iter_rows(named=True)),
                  key=lambda pair: -abs(pair[1]["difference"]))  # fmt: skip
    return [f"seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])} {interval_only(row['low'], row['high'], 'pp', True)}"
            + (f" at {entry['title']}" if many else "") for entry, row in rows]  # fmt: skip


def no_seat_moved_clause(entries: list[dict], many: bool) -> str:
    """``moves no seat's win rate beyond noise (largest change ...)``, saying, when the largest
    change's own interval excludes 0, that it is the number of comparisons that makes it noise (its
    interval would otherwise contradict the sentence, and the confirmation quotes that interval)."""
    largest = max(entries, key=lambda entry: entry["largest_seat_change"])
    row, where = largest["largest_seat_row"], f" at {largest['title']}" if many else ""
    if row is None:
        return "moves no seat's win rate beyond noise"
    change = (f"seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])} "
              f"{interval_only(row['low'], row['high'], 'pp', True)}{where}")  # fmt: skip
    if row["low"] > 0 or row["high"] < 0:
        return (f"moves no seat's win rate beyond noise once the {largest['comparisons']:,} comparisons made on the same "
                f"games are allowed for: its largest change, {change}, is clear of 0 on its own, but chance alone "
                "gives one that large among so many")  # fmt: skip
    return f"moves no seat's win rate beyond noise (largest change {change})"


def arm_sentence(summary: dict) -> str:
    """One plain sentence per setup: identical games (and why), or the seats it moves, catch-up
    or runaway, then its sensitivity next to the chance level."""
    entries = summary["by_players"]
    if summary["identical"]:
        reason = compare.identical_text(summary["display"], entries[0]["games"], entries[0]["excluded_never_seen"])
        where = ", ".join(entry["title"] for entry in entries)
        never = entries[0].get("never_done")
        if never:
            reason = reason.split(" (")[0] + f" ({never})."
        return reason.replace(f"in all {entries[0]['games']:,} deals", f"in all {entries[0]['games']:,} deals ({where})")
    many = len(entries) > 1
    seats = moved_seats(entries, many)
    stalls = any(entry["stall_row"] for entry in entries)  # the change that explains every other: said first
    lead = stall_lead(summary, many) + "; it " if stalls else f"{summary['display']} "
    if seats:
        more = f" and {len(seats) - SHOWN_SEAT_MOVES} more" if len(seats) > SHOWN_SEAT_MOVES else ""
        text = lead + "moves seat win rates beyond noise: " + ", ".join(seats[:SHOWN_SEAT_MOVES]) + more
    else:
        text = lead + no_seat_moved_clause(entries, many)
    middle = entries[len(entries) // 2]
    plain = middle["plain"][1:] if middle["stall_row"] else middle["plain"]  # the stall change is the lead
    if plain:
        text += "; " + ", ".join(plain) + (f" at {middle['title']}" if many else "")
    if middle["never_done"]:  # the rule it changes never fired: say so, the effects above are not the rule's
        text += "; " + middle["never_done"]
    if _direction(middle["spread"]) != "no clear change":  # no clear change: said in the appendix only
        text += "; " + spread_clause(middle["spread"], middle["title"] if many else "")
    trailing = middle["trailing"]
    if trailing is not None and not trailing["low"] <= 0 <= trailing["high"]:
        text += (f"; the player trailing when it came up wins {_pp(trailing['difference'])} "
                 f"{interval_only(trailing['low'], trailing['high'], 'pp', True)} more often")  # fmt: skip
    return text + "; " + sensitivity_clause(middle) + "."


def _identical_reason(summary: dict) -> str:
    """Why a setup played the baseline's games: what the counters name, else the cards it excludes
    that never came up, else that no strategy uses what it changes (never "no effect")."""
    entry = summary["by_players"][0]
    if entry.get("never_done"):
        return entry["never_done"]
    if entry.get("excluded_never_seen"):
        return f"{entry['excluded_never_seen']} never came up in the baseline's games"
    return "no strategy reads or uses what it changes"


def rest_sentence(summaries: list[dict]) -> str:
    """The setups not given their own answer, in one sentence."""
    moving = [summary for summary in summaries if not summary["identical"]]
    identical = [summary["display"].split(" (")[0] + f" ({_identical_reason(summary)})" for summary in summaries if summary["identical"]]
    text = f"The other {len(summaries)} setups"
    if moving:
        low = min(summary["largest_change"] for summary in moving)
        high = max(summary["largest_change"] for summary in moving)
        catch_up = sum(_direction(entry["spread"]) == "catch-up" for summary in moving for entry in summary["by_players"])
        runaway = sum(_direction(entry["spread"]) == "runaway" for summary in moving for entry in summary["by_players"])
        seats = sum(summary["moves_seats"] for summary in moving)
        plain = [summary for summary in moving if any(entry["plain"] for entry in summary["by_players"])]
        if plain:
            first = next(entry for entry in plain[0]["by_players"] if entry["plain"])
            seats_text = (f"{seats} of them move a seat's win rate beyond noise; {len(plain)} change the game itself "
                          f"beyond noise (e.g. {plain[0]['display']}: {first['plain'][0]})")  # fmt: skip
        else:
            seats_text = f"{seats} of them move a seat's win rate beyond noise; none changes the game's length or counts beyond noise"
        text += (f": {seats_text}; the gap between first and "
                 f"last shrinks (catch-up) under {catch_up} of them and grows (runaway) under {runaway}; sensitivity "
                 f"(another winner on the same deal) {100 * low:.0f}% to {100 * high:.0f}%")  # fmt: skip
    if identical:
        text += ("; " if moving else " ") + f"{', '.join(identical)} played identical games to the baseline"
    return text + ". Every setup is in the appendix tables."


CHART_SETUPS = 12
"""Setups in the first screen's chart (those that change the winner most); the appendix has all."""


def _arm_headline(answer: int, summary: dict) -> dict | None:
    """What a setup's answer estimates: its change of the stall rate when that leads the answer, else
    its largest seat win-rate change (paired, same deals)."""
    entries = [entry for entry in summary["by_players"] if entry["largest_seat_row"] is not None]
    if summary["identical"] or not entries:
        return None
    stalled = [entry for entry in entries if entry["stall_row"]]
    if stalled:  # the answer leads with the stall change: that is what it estimates
        entry = max(stalled, key=lambda entry: abs(entry["stall_row"]["difference"]))
        row = entry["stall_row"]
        return {"answer": answer, "players": entry["players"], "label": summary["label"], "measure": "stalls",
                "estimate": row["difference"], "low": row["low"], "high": row["high"], "unit": "pp"}  # fmt: skip
    entry = max(entries, key=lambda entry: entry["largest_seat_change"])
    row = entry["largest_seat_row"]
    return {"answer": answer, "players": entry["players"], "label": summary["label"], "measure": "seat-win-rate",
            "estimate": row["difference"], "low": row["low"], "high": row["high"], "unit": "pp",
            "seat": int(row["column"].rsplit("_", 1)[1])}  # fmt: skip


def comparison_answers(facts: list[dict]) -> tuple[list[Answer], tuple[bytes, str], list[dict]]:
    """Setups that move strategies or seat win rates first (largest first), identical setups last."""
    summaries = _arm_summaries(facts)
    summaries = sorted(summaries, key=lambda summary: (summary["identical"], not (summary["moves_seats"] or summary["moves_strategies"]),
                                                       -max(summary["largest_seat_change"], summary["largest_strategy_change"])))  # fmt: skip
    if len(summaries) < MAX_ANSWERS:
        shown = summaries
        middle = facts[len(facts) // 2]
        answers = [arm_answer(summary) for summary in summaries] + [Answer(middle["title"], "", detail=quality_sentence(middle), shown=False)]
    elif len(summaries) == MAX_ANSWERS:
        shown = summaries
        answers = [arm_answer(summary) for summary in summaries]
    else:
        shown = summaries[: MAX_ANSWERS - 1]
        answers = [arm_answer(summary) for summary in shown]
        answers.append(rest_answer(summaries[MAX_ANSWERS - 1 :]))
    headlines = [headline for index, summary in enumerate(shown) if (headline := _arm_headline(index, summary))]
    if not any(entry["trailing"] is not None for summary in summaries for entry in summary["by_players"]) and any(
        fact["kind"] == "event setting" for fact in facts
    ):
        answers[-1].detail += (" The effect on the player trailing when a card came up needs score trajectories, which these "
                               "runs do not have.")  # fmt: skip
    charted = [summary for summary in summaries if not summary["identical"]][:CHART_SETUPS]
    rows = []
    for summary in charted:
        for entry in summary["by_players"]:
            row = entry["largest_seat_row"]
            if row is not None:
                rows.append({"label": shorten(summary["display"], 40) + f" (seat {row['column'].rsplit('_', 1)[1]})",
                             "series": entry["title"], "estimate": row["difference"], "low": row["low"], "high": row["high"]})  # fmt: skip
    figure = charts.rate_points(rows, "The seat win rate each setup moves most (same deals)", "change of the win rate (pp)",
                                from_zero=False)  # fmt: skip
    which = "" if len(charted) == len(summaries) else f" {len(charted)} of {len(summaries)} setups."
    return answers, (figure, "The seat win rate each setup moves most, against the baseline on the same deals (pp), 95% "
                             "intervals." + which), headlines  # fmt: skip


# ---------------------------------------------------------------- each kind of answer, as data


def seat_clause(imbalance: dict, seat_table: pl.DataFrame | None, with_gap: bool = False) -> tuple[str, str]:
    """What a seat table says, as a verdict clause and its figure: the seat that wins more (or less)
    often than its fair share beyond noise, or that none does; ``with_gap``: the figure also gives
    the largest gap from the fair share (an answer that ranks setups by it)."""
    rates, fair = imbalance["rates"], imbalance["fair_share"]
    best, worst = imbalance["best_seat"], imbalance["worst_seat"]
    gap = (f"largest gap of a seat from the fair share {_points(imbalance['estimate'])} "
           f"{interval_only(imbalance['low'], imbalance['high'], 'pp')}")  # fmt: skip
    flagged = seat_stats.beyond_noise(seat_table, fair) if seat_table is not None else None
    if flagged is not None and flagged.is_empty():
        return "no seat differs from its fair share beyond noise", gap
    if flagged is None or float(flagged["vs_fair"].max()) > 0:
        clause = f"seat {best} wins {_times(rates[best - 1], rates[worst - 1])} as seat {worst}"
    else:
        clause = f"seat {worst} wins less often than its fair share"
    figure = f"Seat {best} wins {_rate(rates[best - 1])}{_seat_interval(seat_table, best)} against a fair share of {_rate(fair)}"
    return clause, figure + (f"; {gap}" if with_gap else "")


def _seat_interval(seat_table: pl.DataFrame | None, seat: int) -> str:
    """`` [64%, 66%]``: the 95% interval of ``seat``'s win rate in a seat table (nothing without one).
    The largest gap from the fair share, with its interval, is in the line on how the finding moves
    with the players and in the appendix."""
    if seat_table is None or "low" not in seat_table.columns:
        return ""
    row = seat_table.filter(pl.col("seat") == seat)
    return "" if row.is_empty() else f" [{_rate(row['low'][0])}, {_rate(row['high'][0])}]"


def common_seat_answer(rows: list[dict]) -> Answer:
    """What holds on every setup: the most favoured seat and its range of rates, or that it varies."""
    seat, _, rates, fair, low_seat, ratio, where = _common_seat(rows)
    return Answer("every setup", f"Seat {seat} wins most often {where}.",
                  f"It wins {_rate(min(rates))} to {_rate(max(rates))} of games against a fair share of {_rate(fair)}, "
                  f"on average {ratio:.1f} times as often as seat {low_seat}", detail=common_seat_sentence(rows))  # fmt: skip


def catch_up_verdict(title: str, row: dict, survives: bool, setups: int) -> str:
    """Whether a setup helps the player behind (the gap between first and last shrinks) or the
    leader (it grows), in the game's words."""
    if not survives:
        return f"{title} helps neither the leader nor the player behind beyond noise, once {setups} setups are compared."
    if row["estimate"] < 0:
        return f"{title} helps the player behind: the gap between first and last shrinks."
    return f"{title} helps the leader: the gap between first and last grows."


def measure_answer(row: dict, measure: str, setups: int, many: bool, summary: dict | None) -> Answer:
    """One setup's answer about the study's measure: verdict, its change with the interval, and for
    catch-up the player trailing when the card came up."""
    unit, length_unit = row["unit"], row["fact"]["length_unit"]
    title = short_setup(row["display"]) + (f" at {row['fact']['title']}" if many else "")
    survives = row["p_holm"] <= stats.ALPHA
    change = f"{_value(row['estimate'], unit, length_unit, True)} {interval_only(row['low'], row['high'], unit, True)}"
    support = ""
    if measure == "sensitivity":
        verdict = f"{title} gives another winner on {_rate(row['estimate'])} of the same deals."
        null = null_clause(row["null"])
        figure = (f"{_value(row['estimate'], '%', length_unit)} {interval_only(row['low'], row['high'], '%')}; "
                  f"{null + '; ' if null else ''}two unrelated games: {_value(row['chance'], '%', length_unit)}")  # fmt: skip
        detail = f"{row['display']}: the winner differs on {figure}"
    else:
        words = MEASURE_WORDS[measure]
        if measure == "catch-up":
            verdict = catch_up_verdict(title, row, survives, setups)
            figure = f"Gap between first and last {_value(row['before'], unit, length_unit)} → {_value(row['after'], unit, length_unit)}: {change}"
        else:
            direction = "raises" if row["estimate"] > 0 else "lowers"
            verdict = f"{title} {direction} {words}" + ("." if survives else f", within noise once {setups} setups are compared.")
            figure = f"{_value(row['before'], unit, length_unit)} → {_value(row['after'], unit, length_unit)}: {change}"
        detail = (f"{row['display']}: {words} goes from {_value(row['before'], unit, length_unit)} to "
                  f"{_value(row['after'], unit, length_unit)} ({change}), "
                  + (f"beyond noise among the {setups} setups compared" if survives else f"within noise once the {setups} setups compared are allowed for"))  # fmt: skip
    trailing = next((entry["trailing"] for entry in (summary or {}).get("by_players", []) if entry["trailing"] is not None), None)
    if measure == "catch-up" and trailing is not None:
        support = (f"Win rate of the player trailing when it came up: {_pp(trailing['difference'])} "
                   f"{interval_only(trailing['low'], trailing['high'], 'pp', True)}")  # fmt: skip
        detail += "; " + support[0].lower() + support[1:]
    if summary is not None and not summary["identical"]:
        detail += "; " + arm_sentence(summary)
    return Answer(title, verdict, figure, support, detail=detail + ".")


def baseline_stalls_answer(facts: list[dict]) -> Answer:
    """How often the baseline's games stop at the stall cap, per player count, with Wilson intervals."""
    parts, stopped = [], 0
    for fact in facts:
        rate = fact.get("capped", {}).get(fact["baseline_label"])
        if rate is None:
            continue
        stopped += rate["capped_games"]
        parts.append(f"{_rate(rate['capped_rate'])} [{_rate(rate['capped_rate_low']).rstrip('%')}, "
                     f"{_rate(rate['capped_rate_high']).rstrip('%')}] at {fact['title']} ({rate['capped_games']:,} of {rate['games']:,} games)")  # fmt: skip
    verdict = ("With the rules as they are, some games stop at the stall cap, and nobody wins them." if stopped
               else "With the rules as they are, no game stops at the stall cap.")  # fmt: skip
    return Answer("the baseline", verdict, "; ".join(parts), detail=baseline_stalls_sentence(facts))


def arm_answer(summary: dict) -> Answer:
    """One setup's answer: identical games, the stall cap, the strategies it moves (a mixed table),
    the seats it moves, or that it moves none; a plain effect, catch-up or runaway in support."""
    short = short_setup(summary["display"])
    entries, detail = summary["by_players"], arm_sentence(summary)
    if summary["identical"]:
        return Answer(short, f"{short} changes nothing: every game is identical to the baseline's.",
                      support=f"Why: {_identical_reason(summary)}", detail=detail)  # fmt: skip
    many = len(entries) > 1
    middle = entries[len(entries) // 2]
    stalled = [entry for entry in entries if entry["stall_row"]]
    strategies = [(entry, row) for entry in entries for row in (entry["strategies"].filter(pl.col("survives")).iter_rows(named=True)
                                                                if entry["strategies"] is not None else [])]  # fmt: skip
    seats = moved_seats(entries, many)
    if stalled:
        entry = max(stalled, key=lambda entry: abs(entry["stall_row"]["difference"]))
        row = entry["stall_row"]
        verdict = (f"{short} stops {_rate(row['variant'])} of games at the stall cap"
                   f"{' at ' + entry['title'] if many else ''}, and nobody wins those.")  # fmt: skip
        figure = f"{_rate(row['baseline'])} in the baseline: {_pp(row['difference'])} {interval_only(row['low'], row['high'], 'pp', True)}"
    elif strategies:
        strategies.sort(key=lambda pair: -abs(pair[1]["difference"]))
        where = lambda entry: f" at {entry['title']}" if many else ""  # noqa: E731  (a strategy moves at each player count)
        said = [f"{strategy_names.short_plain_name(row['strategy'])} wins {'more' if row['difference'] > 0 else 'less'} "
                f"often{where(entry)}" for entry, row in strategies[:2]]  # fmt: skip
        verdict = f"{short} changes which strategy wins: " + " and ".join(said) + "."
        figure = "Per seat taken: " + ", ".join(f"{strategy_names.short_plain_name(row['strategy'])} {_pp(row['difference'])} "
                                                 f"{interval_only(row['low'], row['high'], 'pp', True)}{where(entry)}"
                                                 for entry, row in strategies[:3])  # fmt: skip
    elif seats:
        first = seats[0].split(" ")
        verdict = f"{short} shifts who wins: seat {first[1]} wins {'more' if first[2].startswith('+') else 'less'} often."
        figure = ", ".join(seats[:SHOWN_SEAT_MOVES])
    else:
        row = max(entries, key=lambda entry: entry["largest_seat_change"])["largest_seat_row"]
        reach = max((entry["seat_reach"] for entry in entries), default=0.0)
        verdict = (f"{short} moves no seat's win rate beyond noise: every seat's change stays within {_points(reach)}."
                   if reach else f"{short} moves no seat's win rate beyond noise.")  # fmt: skip
        figure = "" if row is None else (f"Largest change: seat {row['column'].rsplit('_', 1)[1]} {_pp(row['difference'])} "
                                         f"{interval_only(row['low'], row['high'], 'pp', True)}")  # fmt: skip
    support = []
    plain = middle["plain"][1:] if middle["stall_row"] else middle["plain"]
    if plain:
        support.append(plain[0])
    if _direction(middle["spread"]) != "no clear change":
        support.append(spread_clause(middle["spread"]))
    if middle["never_done"]:
        support.append("its rule never came into play")
    return Answer(short, verdict, figure, "; ".join(support), detail=detail)


def rest_answer(summaries: list[dict]) -> Answer:
    """The setups not given their own answer, in one answer."""
    moving = [summary for summary in summaries if not summary["identical"]]
    seats = sum(summary["moves_seats"] for summary in moving)
    strategies = sum(summary["moves_strategies"] for summary in moving)
    verdict = (f"None of the other {len(summaries)} setups moves a seat's win rate beyond noise." if not seats else
               f"{seats} of the other {len(summaries)} setups move a seat's win rate beyond noise.")  # fmt: skip
    catch_up = sum(_direction(entry["spread"]) == "catch-up" for summary in moving for entry in summary["by_players"])
    runaway = sum(_direction(entry["spread"]) == "runaway" for summary in moving for entry in summary["by_players"])
    figure = f"The gap between first and last shrinks under {catch_up} of them and grows under {runaway}"
    support = [f"{strategies} move a strategy's win rate" if strategies else "",
               f"{len(summaries) - len(moving)} play games identical to the baseline's" if len(moving) < len(summaries) else ""]
    return Answer("the other setups", verdict, figure, "; ".join(part for part in support if part), detail=rest_sentence(summaries))
