"""``islandsim ladder``: a strength ladder of strategies from finishing orders.

Every lineup of a round-robin (the strategies repeated to fill the seats, or every group of
P when there are more strategies than seats; each in every cyclic seat rotation, as
``islandsim tournament`` seats them) plays the same deals.  Each game's finishing order is
broken into its pairs of seats with different strategies (who finished ahead; a tie counts
half to each), and a Bradley–Terry model is fitted to those pairwise outcomes by Hunter's
(2004) MM algorithm: the rank-breaking fit of the Plackett–Luce model of finishing orders.
Ratings are on the Elo scale (400·log10 of the strength; ``random`` at 0 when it plays, else
the mean at 0); a 400-point gap means the stronger finishes ahead of the weaker 10 times in 11.
One virtual tie per pair that meets keeps ratings finite when a strategy never loses.
Intervals are percentile bootstraps over deals (a deal and all its lineups resampled together).

:func:`ladder_section` returns an HTML fragment and the data, for any report.
"""

from __future__ import annotations

import base64
import functools
import html
import sys
from dataclasses import dataclass

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: tomli is the parser that became tomllib in 3.11
    import tomli as tomllib

import numpy as np

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.strategy_names import as_written, per_count_file
from simulator.analysis.studies.matches import Table, ahead, check_table, won
from simulator.analysis.studies.stored_play import named_ranks
from simulator.analysis.stats.tournament import lineups as round_robin
from simulator.core.players.reference import parse_reference
from simulator.core.players import param_files
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.run.tables import Column, Table as PrintedTable

ELO = 400.0 / np.log(10.0)
"""Elo points per unit of natural-log strength."""
PRIOR_TIE = 0.5
"""Virtual wins given to each side of every pair that meets (one virtual tie)."""
ANCHOR = "random"
MM_ITERATIONS = 2_000
MM_TOLERANCE = 1e-10


@dataclass
class Ladder:
    """A fitted ladder: strategies, ratings with bootstrap intervals, pairwise shares, win rates."""

    game: str
    players: int
    seed: int
    deals: int
    lineups: int
    names: list[str]
    rating: np.ndarray
    low: np.ndarray
    high: np.ndarray
    ahead_share: np.ndarray  # [i, j]: share of meetings i finished ahead of j (nan on the diagonal / never met)
    meetings: np.ndarray  # [i, j]: number of meetings
    win_rate: list[dict]  # per strategy: stats.rate_interval of its wins per seat taken
    per_deal: np.ndarray  # [deal, i, j]: times i finished ahead of j on that deal (ties half)
    replicates: np.ndarray  # [replicate, i]: bootstrap ratings

    def order(self) -> list[int]:
        """Strategy indices, strongest first."""
        return list(np.argsort(-self.rating, kind="stable"))

    def rows(self) -> list[dict]:
        """One row per strategy, strongest first (the table and the JSON)."""
        rows = []
        for position, index in enumerate(self.order(), start=1):
            rate = self.win_rate[index]
            rows.append({"position": position, "strategy": self.names[index], "rating": float(self.rating[index]),
                         "low": float(self.low[index]), "high": float(self.high[index]),
                         "win_rate": rate["estimate"], "win_low": rate["low"], "win_high": rate["high"],
                         "seats_played": rate["trials"]})  # fmt: skip
        return rows

    def shown_rows(self) -> list[dict]:
        """:meth:`rows` with each strategy named as a study writes it (``greedy@tuned-4p`` at 4 players:
        ``greedy@tuned``), for tables a reader compares across player counts; the JSON keeps the file."""
        return [{**row, "strategy": as_written(row["strategy"], self.players)} for row in self.rows()]

    def shown_name(self, index: int) -> str:
        """Strategy ``index`` as a study writes it (see :meth:`shown_rows`)."""
        return as_written(self.names[index], self.players)

    def files_text(self) -> str:
        """The details sentence naming the file each ``X@tuned`` of the ladder plays (empty when none)."""
        renamed = [f"{as_written(name, self.players)} plays {name}" for name in self.names
                   if as_written(name, self.players) != name]  # fmt: skip
        if not renamed:
            return ""
        return f" {'; '.join(renamed)}: the file tuned at {self.players} players ({per_count_file(self.players)})."

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed, "deals": self.deals,
                "lineups": self.lineups, "method": "Bradley-Terry (MM) on finishing-order pairs, Elo scale, "
                "bootstrap over deals", "anchor": ANCHOR if ANCHOR in self.names else "mean",
                "ratings": self.rows(),
                "ahead": {a: {b: (None if np.isnan(self.ahead_share[i, j]) else float(self.ahead_share[i, j]))
                              for j, b in enumerate(self.names) if i != j} for i, a in enumerate(self.names)}}  # fmt: skip


def fit_strengths(wins: np.ndarray) -> np.ndarray:
    """Bradley–Terry log-strengths from ``wins[i, j]`` (times i finished ahead of j, ties half),
    by Hunter's MM iteration, with one virtual tie per pair that met; mean 0."""
    meetings = wins + wins.T
    met = meetings > 0
    wins = wins + PRIOR_TIE * met
    meetings = wins + wins.T
    total_wins = wins.sum(axis=1)
    strength = np.ones(wins.shape[0])
    for _ in range(MM_ITERATIONS):
        denominator = (meetings / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = np.where(denominator > 0, total_wins / np.maximum(denominator, 1e-300), strength)
        updated = updated / np.exp(np.mean(np.log(updated)))
        if np.max(np.abs(np.log(updated) - np.log(strength))) < MM_TOLERANCE:
            strength = updated
            break
        strength = updated
    log_strength = np.log(strength)
    return log_strength - log_strength.mean()


def _elo(log_strength: np.ndarray, names: list[str]) -> np.ndarray:
    rating = ELO * log_strength
    if ANCHOR in names:
        return rating - rating[names.index(ANCHOR)]
    return rating - rating.mean()


def pairwise_per_deal(names: list[str], seatings: list[tuple[str, ...]], ranks: np.ndarray) -> np.ndarray:
    """``[deal, i, j]``: how often strategy i finished ahead of j on each deal, over every lineup
    and every pair of seats they held (ties half)."""
    index = {name: position for position, name in enumerate(names)}
    deals = ranks.shape[1]
    wins = np.zeros((deals, len(names), len(names)))
    for seating, seating_ranks in zip(seatings, ranks):
        for seat_a, name_a in enumerate(seating):
            for seat_b, name_b in enumerate(seating):
                if name_a != name_b:
                    wins[:, index[name_a], index[name_b]] += ahead(seating_ranks, seat_a, seat_b)
    return wins


def bootstrap_ratings(per_deal: np.ndarray, names: list[str], replicates: int, seed: int) -> np.ndarray:
    """``[replicate, strategy]`` Elo ratings refitted on deals resampled with replacement."""
    generator = np.random.default_rng(seed)
    deals = per_deal.shape[0]
    ratings = np.zeros((replicates, len(names)))
    for replicate in range(replicates):
        weights = generator.multinomial(deals, np.full(deals, 1.0 / deals))
        ratings[replicate] = _elo(fit_strengths(np.tensordot(weights, per_deal, axes=1)), names)
    return ratings


def play_ladder(table: Table, names: list[str], deals: int, replicates: int = 200, say=None) -> Ladder:
    """Play the round-robin of ``names`` on ``deals`` deals and fit the ladder."""
    if len(names) < 2:
        raise UsageError("a ladder needs at least two strategies (--strategies a,b)")
    seatings = round_robin(names, table.players)
    check_table(table, names)
    if say is not None:
        say(f"ladder of {len(names)} strategies: {len(seatings)} lineups x {deals:,} deals = {len(seatings) * deals:,} games")
    ranks = named_ranks(table, seatings, deals, say=say)
    return fit_ladder(table, names, seatings, ranks, replicates)


def fit_ladder(table: Table, names: list[str], seatings: list[tuple[str, ...]], ranks: np.ndarray,
               replicates: int = 200) -> Ladder:  # fmt: skip
    """The ladder of games already played (``ranks[seating, deal, seat]``)."""
    per_deal = pairwise_per_deal(names, seatings, ranks)
    totals = per_deal.sum(axis=0)
    rating = _elo(fit_strengths(totals), names)
    boot = bootstrap_ratings(per_deal, names, replicates, table.seed) if replicates else np.tile(rating, (2, 1))
    meetings = totals + totals.T
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(meetings > 0, totals / meetings, np.nan)
    np.fill_diagonal(share, np.nan)
    win_rate = []
    for name in names:
        wins = np.zeros(ranks.shape[1])
        seats = np.zeros(ranks.shape[1])
        for seating, seating_ranks in zip(seatings, ranks):
            for seat, seated in enumerate(seating):
                if seated == name:
                    wins += won(seating_ranks[:, seat])
                    seats += 1
        win_rate.append(stats.rate_interval(wins, seats))
    return Ladder(table.game, table.players, table.seed, ranks.shape[1], len(seatings), list(names), rating,
                  np.percentile(boot, 2.5, axis=0), np.percentile(boot, 97.5, axis=0), share, meetings, win_rate,
                  per_deal, boot)  # fmt: skip


def chart_png(ladder: Ladder, title: str | None = None) -> bytes:
    """Ratings with their bootstrap intervals, strongest on top."""
    from simulator.analysis.report.charts import BAR, _png, _pyplot

    plt = _pyplot()
    order = ladder.order()[::-1]
    figure, axes = plt.subplots(figsize=(6.4, 0.45 * len(order) + 1.4))
    positions = np.arange(len(order))
    rating = ladder.rating[order]
    errors = np.vstack([rating - ladder.low[order], ladder.high[order] - rating])
    axes.errorbar(rating, positions, xerr=errors, fmt="o", color=BAR, ecolor="black", capsize=4)
    axes.set_yticks(positions, [ladder.shown_name(index) for index in order], fontsize=8)
    axes.axvline(0, ls="--", color="grey", lw=1)
    anchor = "random = 0" if ANCHOR in ladder.names else "mean = 0"
    axes.set_xlabel(f"rating (Elo points, {anchor}); bars: 95% bootstrap interval over deals")
    game_title = registry.get_game(ladder.game).title
    axes.set_title(title or f"{game_title}, {ladder.players} players: strength ladder ({ladder.deals:,} deals)", fontsize=10)
    return _png(figure)


def _rating_text(value: float) -> str:
    return f"{value:+.0f}"


def printed_table(ladder: Ladder) -> PrintedTable:
    """The ladder as a table of :mod:`simulator.core.run.tables`."""
    percent = lambda value: f"{100 * value:.1f}%"  # noqa: E731
    return PrintedTable([
        Column("#", "position"), Column("strategy", "strategy"), Column("rating (Elo)", "rating", _rating_text),
        Column("95% interval", ("low", "high"), lambda low, high: f"[{low:+.0f}, {high:+.0f}]"),
        Column("win rate", "win_rate", percent),
        Column("win-rate interval", ("win_low", "win_high"), lambda low, high: f"[{100 * low:.1f}, {100 * high:.1f}]%"),
        Column("seats played", "seats_played"),
    ], ladder.shown_rows())  # fmt: skip


def summary(ladder: Ladder) -> str:
    """One sentence: who leads, by how much, and whether the top two are told apart."""
    order = ladder.order()
    top, second = order[0], order[1]
    gap = ladder.rating[top] - ladder.rating[second]
    share = ladder.ahead_share[top, second]
    text = f"{ladder.shown_name(top)} leads the ladder, {gap:.0f} Elo points above {ladder.shown_name(second)}"
    if not np.isnan(share):
        text += f" (finishes ahead of it in {100 * share:.1f}% of their meetings)"
    overlap = ladder.low[top] <= ladder.high[second]
    text += ": their intervals overlap, so the order of the top two is not settled." if overlap else "."
    return text + ladder.files_text()


def ladder_section(ladder: Ladder, heading_level: int = 2) -> tuple[str, dict]:
    """A self-contained HTML fragment (heading, sentence, table, chart) and the ladder's data,
    for a game's report or the cross-game players report."""
    rows = ladder.shown_rows()
    head = "".join(f"<th>{html.escape(name)}</th>" for name in
                   ("#", "strategy", "rating (Elo)", "95% interval", "win rate per seat", "seats played"))  # fmt: skip
    body = "".join(
        f"<tr><td>{row['position']}</td><td>{html.escape(row['strategy'])}</td><td>{row['rating']:+.0f}</td>"
        f"<td>[{row['low']:+.0f}, {row['high']:+.0f}]</td><td>{100 * row['win_rate']:.1f}% "
        f"[{100 * row['win_low']:.1f}, {100 * row['win_high']:.1f}]</td><td>{row['seats_played']:,}</td></tr>"
        for row in rows
    )
    picture = base64.b64encode(chart_png(ladder)).decode("ascii")
    level = heading_level
    fragment = (
        f'<section class="ladder"><h{level}>Strength ladder: {html.escape(ladder.game)}, {ladder.players} players</h{level}>'
        f"<p>{html.escape(summary(ladder))} Round-robin of {len(ladder.names)} strategies in every seat rotation, "
        f"{ladder.lineups} lineups x {ladder.deals:,} deals (seed {ladder.seed}); Bradley-Terry ratings fitted to "
        "finishing orders, 95% bootstrap intervals over deals (docs/analysis.md, 'Strength ladder').</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f'<figure><img alt="strength ladder" src="data:image/png;base64,{picture}"></figure></section>'
    )
    return fragment, ladder.to_json()


def add_to_document(document, ladder: Ladder) -> None:
    """Add the ladder to a :class:`simulator.analysis.report.Document` (heading, sentence, table,
    chart): for reports built from blocks, in HTML or Markdown."""
    document.heading(f"Strength ladder: {ladder.players} players")
    document.text(f"{summary(ladder)} Round-robin of {len(ladder.names)} strategies in every seat rotation, "
                  f"{ladder.lineups} lineups x {ladder.deals:,} deals; Bradley-Terry ratings (Elo scale) fitted to "
                  "finishing orders, 95% bootstrap intervals over deals (docs/analysis.md, 'Strength ladder').")
    document.table(["#", "strategy", "rating (Elo)", "95% interval", "win rate per seat", "seats played"],
                   [[row["position"], row["strategy"], f"{row['rating']:+.0f}", f"[{row['low']:+.0f}, {row['high']:+.0f}]",
                     f"{100 * row['win_rate']:.1f}% [{100 * row['win_low']:.1f}, {100 * row['win_high']:.1f}]",
                     f"{row['seats_played']:,}"] for row in ladder.shown_rows()])  # fmt: skip
    document.figure(chart_png(ladder), f"Strength ladder at {ladder.players} players: ratings with 95% bootstrap intervals.")


def ladder_for_report(game: str, players: int, deals: int = 300, seed: int = 1, jobs: int = 1,
                      strategies: list[str] | None = None, variants: tuple[str, ...] = ()) -> tuple[str, dict]:  # fmt: skip
    """Play the ladder of ``strategies`` (default: every registered one and the shipped tuned
    ones of this player count) and return its HTML fragment and data: the one call a game's
    report needs."""
    table = Table(game, players, seed, variants, jobs)
    return ladder_section(play_ladder(table, strategies or default_strategies(game, players), deals))


def default_strategies(game: str, players: int | None = None) -> list[str]:
    """Every registered strategy of ``game`` and its shipped tuned parameter files (only those
    tuned at ``players`` when given: a file tuned for another table size is another question),
    except the search player ``ismcts`` (tens of milliseconds a decision: name it in
    ``--strategies`` to rank it)."""
    from simulator.core.players.ismcts import NAME as SEARCH_PLAYER

    spec = registry.get_game(game)
    tuned = [name for name in param_files.registered_names(game)
             if (players is None or tuned_at(game, name) == players) and _playable(game, name)]  # fmt: skip
    return [name for name in spec.strategy_descriptions if name != SEARCH_PLAYER] + tuned


@functools.lru_cache(maxsize=None)
def _playable(game: str, name: str) -> bool:
    """Whether a shipped parameter file still fits its strategy (a strategy that gained weights since
    it was tuned does not); a file that does not is left out of the default ladder, with a note."""
    from simulator.core.players.strategies import resolve_strategy

    try:
        resolve_strategy(registry.get_game(game), name)
    except UsageError as error:
        print(f"note: {name} is left out of the ladder: {error}; tune it again", file=sys.stderr)
        return False
    return True


def tuned_at(game: str, name: str) -> int | None:
    """The player count a shipped parameter file ``STRATEGY@NAME`` was tuned at (None when it does not say)."""
    with open(param_files.file_path(game, parse_reference(name)), "rb") as handle:
        players = tomllib.load(handle).get("players")
    return players if isinstance(players, int) else None


def parse_names(text: str | None, game: str, players: int | None = None) -> list[str]:
    """``--strategies a,b,c`` (default: :func:`default_strategies` at ``players``)."""
    if text is None:
        return default_strategies(game, players)
    names = [part.strip() for part in text.split(",")]
    if not all(names):
        raise UsageError(f"--strategies '{text}' has an empty name; write names separated by commas")
    if len(set(names)) != len(names):
        raise UsageError(f"--strategies '{text}' lists a strategy twice; list each once")
    return names
