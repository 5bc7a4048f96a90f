"""Report sections of the game-quality measures (:mod:`simulator.analysis.stats.measures`): the
baseline's measures with intervals, and every setup's paired differences (winner-change rate,
catch-up or runaway, the player trailing when a card came up) sorted by effect size."""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field

import polars as pl

from simulator.analysis.stats import intervals as stats, measures
from simulator.analysis.stats.runs import Run, event_columns, value_labels

NO_TRAJECTORIES = ("This run has no trajectories (play it with --trajectories), so decisiveness, drama, lead changes "
                   "and uncertainty are left out.")  # fmt: skip
NO_DECISIONS = "This run has no decision statistics, so the branching factor is left out."


def results_frame(run: Run) -> pl.DataFrame:
    """``game``, ``seat``, ``winner``, ``score``, ``length`` (and ``capped`` when the game has it)."""
    names = run.rows.collect_schema().names()
    length = run.manifest.get("length_column", "length")
    columns = [pl.col("game"), pl.col("seat"), pl.col("winner"), pl.col("score"), pl.col(length).alias("length")]
    if "capped" in names:
        columns.append(pl.col("capped"))
    return run.rows.select(columns).collect()


def unit_text(unit: str, length_unit: str) -> str:
    """The unit a reader sees: the game's length unit for durations."""
    return length_unit if unit == "length" else unit


def no_negative_zero(value: float, digits: int) -> float:
    """``value`` rounded to ``digits``, a rounded-away negative turned into 0 (``+0.00``, never
    ``-0.00`` or ``[-2.6, -0.0]``, which read as a direction the figure does not have)."""
    return round(value, digits) + 0.0


def value_text(value: float, unit: str, length_unit: str = "", signed: bool = False) -> str:
    """A measure's value with its unit: ``%`` shares as percent (``pp`` when ``signed``: a
    difference), ``pp`` in percentage points, others as numbers followed by the unit."""
    if value is None or not math.isfinite(value):
        return "n/a"
    if unit == "%" and not signed:
        return f"{100 * value:.1f}%"
    if unit in ("%", "pp"):
        percent = no_negative_zero(100 * value, 1)
        return f"{percent:+.1f} pp" if signed else f"{percent:.1f} pp"
    value = no_negative_zero(value, 2)
    return f"{value:+.2f} {unit_text(unit, length_unit)}" if signed else f"{value:.2f} {unit_text(unit, length_unit)}"


def interval_only(low: float, high: float, unit: str, signed: bool = False) -> str:
    """``[low, high]`` in the unit's scale (percent for shares and pp), without the unit."""
    if low is None or not (math.isfinite(low) and math.isfinite(high)):
        return "[n/a]"
    scale, digits = (100.0, 1) if unit in ("%", "pp") else (1.0, 2)
    sign = "+" if signed else ""
    low, high = no_negative_zero(scale * low, digits), no_negative_zero(scale * high, digits)
    return f"[{low:{sign}.{digits}f}, {high:{sign}.{digits}f}]"


def with_interval(row: dict, unit: str, length_unit: str = "", signed: bool = False, key: str = "estimate") -> str:
    """``value [low, high]``."""
    return f"{value_text(row[key], unit, length_unit, signed)} {interval_only(row['low'], row['high'], unit, signed)}"


def constant_sentence(table: pl.DataFrame, length_unit: str) -> str:
    """Measures with the same value in every game, named once: ``duration: 24 tricks in every game``."""
    parts = []
    for row in table.filter(pl.col("constant")).iter_rows(named=True):
        name = row["measure"].split(" (")[0]
        parts.append(f"{name}: {value_text(row['estimate'], row['unit'], length_unit).replace('.00 ', ' ')} in every game")
    return "; ".join(parts)


ROTATED_ADVANTAGE = "first-seat advantage (seat 1 win rate minus fair share, pooled over the seat rotations)"
"""The advantage row's name when a mixed table is rotated: one rotation's seat 1 is one strategy's rate."""


def is_rotated_mix(runs: list[Run]) -> bool:
    """Whether ``runs`` are one setup's seat rotations of a table of several strategies."""
    return len(runs) > 1 and len({name for run in runs for name in run.manifest["lineup"]}) > 1


def pooled_advantage(runs: list[Run]) -> pl.DataFrame:
    """Per deal (``game``): seat 1's win minus the mean win over seats, averaged over ``runs`` (the
    seat rotations), so that seat 1 is every strategy in turn, not the first rotation's."""
    frames = [measures.outcome_per_game(results_frame(run)).select("game", "advantage") for run in runs]
    return pl.concat(frames).group_by("game").agg(pl.col("advantage").mean()).sort("game")


def pool_advantage_row(table: pl.DataFrame, runs: list[Run]) -> pl.DataFrame:
    """``table`` (game-quality measures of the first run) with its first-seat advantage measured over
    every rotation of ``runs`` when they are a rotated mixed table (:func:`is_rotated_mix`)."""
    if not is_rotated_mix(runs) or "advantage" not in table["key"].to_list():
        return table
    result = stats.mean_interval(pooled_advantage(runs)["advantage"].to_numpy())
    return table.with_columns(
        pl.when(pl.col("key") == "advantage").then(pl.lit(ROTATED_ADVANTAGE)).otherwise(pl.col("measure")).alias("measure"),
        *[pl.when(pl.col("key") == "advantage").then(pl.lit(float(result[name]))).otherwise(pl.col(name)).alias(name)
          for name in ("estimate", "low", "high")],
    )  # fmt: skip


def pool_advantage_difference(table: pl.DataFrame, baseline: list[Run], arm: list[Run]) -> pl.DataFrame:
    """Paired game-quality differences (first runs) with the first-seat advantage's difference paired
    by deal over every rotation when the setups are rotated mixed tables."""
    if not is_rotated_mix(baseline) or "advantage" not in table["key"].to_list():
        return table
    joined = pooled_advantage(baseline).join(pooled_advantage(arm), on="game", suffix="_arm")
    result = stats.paired_difference(joined["advantage"].to_numpy(), joined["advantage_arm"].to_numpy())
    values = {"measure": ROTATED_ADVANTAGE, "baseline": result["baseline"], "variant": result["variant"],
              "difference": result["estimate"], "low": result["low"], "high": result["high"]}  # fmt: skip
    return table.with_columns(*[pl.when(pl.col("key") == "advantage").then(pl.lit(value)).otherwise(pl.col(name)).alias(name)
                                for name, value in values.items()])  # fmt: skip


def add_quality(document, run: Run, title: str, runs: list[Run] | None = None) -> pl.DataFrame:
    """The baseline's game-quality measures with their intervals (first lineup's run; the
    first-seat advantage over every rotation of ``runs`` when they are a rotated mixed table)."""
    trajectories, decisions = measures.load_records(run.path)
    table = pool_advantage_row(measures.estimate_measures(results_frame(run), trajectories, decisions), runs or [run])
    length_unit = run.manifest["length_unit"]
    document.heading(f"Game-quality measures — {title}", 3)
    document.text("Browne's (2008) game-quality measures, as Ludii computes them from playouts, each with its 95% "
                  "interval; definitions and tie handling in docs/analysis.md (\"Game-quality measures\").")  # fmt: skip
    varying = table.filter(~pl.col("constant"))
    document.table(["measure", "value", "95% interval", "games"],
                   [[row["measure"], value_text(row["estimate"], row["unit"], length_unit, signed=row["key"] == "advantage"),
                     interval_only(row["low"], row["high"], row["unit"], signed=row["key"] == "advantage"), f"{row['games']:,}"]
                    for row in varying.iter_rows(named=True)])  # fmt: skip
    constant = constant_sentence(table, length_unit)
    if constant:
        document.text(f"The same in every game: {constant}.")
    if trajectories is None:
        document.text(NO_TRAJECTORIES)
    if decisions is None:
        document.text(NO_DECISIONS)
    else:
        kinds = measures.branching_by_kind(decisions)
        never = kinds.filter(pl.col("asked_per_game") == 0)["kind"].to_list()
        kinds = kinds.filter(pl.col("asked_per_game") > 0)
        document.table(["decision", "asked per game", "options per decision", "95% interval"],
                       [[row["kind"], f"{row['asked_per_game']:.1f}", f"{row['estimate']:.2f}",
                         interval_only(row["low"], row["high"], "options")] for row in kinds.iter_rows(named=True)],
                       "Branching factor per decision kind, most options first.")  # fmt: skip
        if never:
            document.text(f"Never asked in any game (always a single option, or never reached): {', '.join(never)}.")
    return table.with_columns(pl.lit(trajectories is not None).alias("has_trajectories"))


def card_rounds(run: Run, card: str) -> pl.DataFrame:
    """``game``, ``round``: the round in which event card ``card`` came up in each game of ``run``."""
    columns = event_columns(run.manifest)
    if not columns:
        return pl.DataFrame(schema={"game": pl.Int64, "round": pl.Int64})
    codes = {label: value for value, label in value_labels(run.manifest, columns[0][1]).items()}
    if card not in codes:
        return pl.DataFrame(schema={"game": pl.Int64, "round": pl.Int64})
    frames = [run.rows.filter(pl.col(column) == codes[card]).select("game", pl.lit(number).alias("round")).unique()
              for number, column in columns]  # fmt: skip
    return pl.concat(frames).collect().group_by("game").agg(pl.col("round").min()).sort("game")


def paired_quality(base: Run, arm: Run) -> pl.DataFrame:
    """Paired game-quality differences of ``arm`` against ``base`` (same deals), with the effect on
    the player trailing when a forced card came up when the arm has trajectories."""
    base_trajectories, base_decisions = measures.load_records(base.path)
    arm_trajectories, arm_decisions = measures.load_records(arm.path)
    base_results, arm_results = results_frame(base), results_frame(arm)
    table = measures.paired_measures(base_results, arm_results, base_trajectories, arm_trajectories,
                                     base_decisions, arm_decisions)  # fmt: skip
    forced = arm.manifest.get("force_events") or []
    if len(forced) == 1 and arm_trajectories is not None:
        effect = measures.trailing_player_effect(base_results, arm_results, arm_trajectories, card_rounds(arm, forced[0]))
        if effect["n"]:
            table = pl.concat([table, pl.DataFrame([{
                "key": "trailing", "measure": "win rate of the player trailing when the card came up", "unit": "pp",
                "baseline": effect["baseline"], "variant": effect["variant"], "difference": effect["estimate"],
                "low": effect["low"], "high": effect["high"], "games": int(effect["n"]), "chance": math.nan}])], how="vertical_relaxed")  # fmt: skip
    return table


def effect_order(table: pl.DataFrame) -> pl.DataFrame:
    """Rows by effect size: the difference in interval half-widths, largest first (n/a last)."""
    half = (pl.col("high") - pl.col("low")) / 2
    size = pl.when(half > 0).then(pl.col("difference").abs() / half).otherwise(pl.col("difference").abs() * 1e9)
    return table.with_columns(size.fill_nan(None).alias("_size")).sort("_size", descending=True, nulls_last=True).drop("_size")


# ---------------------------------------------------------------- the first screen's limits (issue 37)

MAX_VERDICT_WORDS = 25
"""Words of the verdict sentence each first-screen answer opens with."""
MAX_FIRST_SCREEN_WORDS = 250
"""Words of the whole first screen: question, answers, the players note and the chart's caption."""
BANNED_ON_FIRST_SCREEN = (
    (re.compile(r"@[\w./-]+|\+[A-Za-z_]\w*="), "a strategy settings string"),
    (re.compile(r"\bHolm\b", re.I), "'Holm'"),
    (re.compile(r"\bsensitivity\b", re.I), "'sensitivity'"),
    (re.compile(r"\bstream=", re.I), "'stream='"),
)
"""Internal names a first screen never shows, with how a problem names them."""
IMBALANCE_MEANING = "from the fair share"
"""The plain meaning that must stand in the same answer as the word "imbalance"."""


@dataclass
class FirstScreen:
    """What a reader sees before the appendix: the question, each answer's verdict (the sentence it
    opens with) and whole text, and the other lines (the players note, the chart's caption)."""

    question: str = ""
    verdicts: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    def words(self) -> int:
        """Words on the whole first screen."""
        return sum(len(text.split()) for text in [self.question, *self.answers, *self.other])


def first_sentence(text: str) -> str:
    """The sentence ``text`` opens with: up to the first full stop followed by a space or the end
    (a decimal point is no full stop)."""
    match = re.search(r"\.(\s|$)", text)
    return text[: match.start() + 1] if match else text


def first_screen_problems(screen: FirstScreen) -> list[str]:
    """Every way ``screen`` breaks the first screen's limits, one line each (empty when none):
    a verdict over :data:`MAX_VERDICT_WORDS` words, a screen over :data:`MAX_FIRST_SCREEN_WORDS`,
    an internal name (:data:`BANNED_ON_FIRST_SCREEN`), "imbalance" without its plain meaning."""
    problems = []
    for number, verdict in enumerate(screen.verdicts, 1):
        if len(verdict.split()) > MAX_VERDICT_WORDS:
            problems.append(f"answer {number}: verdict of {len(verdict.split())} words (at most {MAX_VERDICT_WORDS})")
    if screen.words() > MAX_FIRST_SCREEN_WORDS:
        problems.append(f"first screen of {screen.words()} words (at most {MAX_FIRST_SCREEN_WORDS})")
    for number, text in enumerate([screen.question, *screen.answers, *screen.other]):
        where = f"answer {number}" if 0 < number <= len(screen.answers) else "question" if number == 0 else "note"
        for pattern, name in BANNED_ON_FIRST_SCREEN:
            found = pattern.findall(text)
            if found:
                problems.append(f"{where}: {name} ({len(found)}×)")
        if re.search(r"\bimbalance\b", text, re.I) and IMBALANCE_MEANING not in text:
            problems.append(f"{where}: 'imbalance' without its plain meaning ('{IMBALANCE_MEANING}')")
    return problems


def _plain(fragment: str) -> str:
    """An HTML fragment's text: tags removed, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def html_first_screen(page: str) -> FirstScreen:
    """The first screen of a rendered report (``<section id="answers">``): each answer's verdict is
    its ``<strong>`` opening, or its first sentence in a page that marks none."""
    section = re.search(r'<section id="answers"[^>]*>(.*?)</section>', page, re.S)
    if section is None:
        return FirstScreen()
    body = section.group(1)
    question = re.search(r'<p class="question">(.*?)</p>', body, re.S)
    screen = FirstScreen(question=_plain(question.group(1)).removeprefix("Question. ") if question else "")
    for item in re.findall(r"<li>(.*?)</li>", body, re.S):
        strong = re.match(r"\s*<strong>(.*?)</strong>", item, re.S)
        text = _plain(item)
        screen.answers.append(text)
        screen.verdicts.append(_plain(strong.group(1)) if strong else first_sentence(text))
    screen.other = [_plain(text) for text in re.findall(r'<p(?: class="players")?>(.*?)</p>|<figcaption>(.*?)</figcaption>', body, re.S)
                    for text in text if text]  # fmt: skip
    return screen


def report_problems(page: str) -> list[str]:
    """:func:`first_screen_problems` of a rendered HTML report."""
    return first_screen_problems(html_first_screen(page))
