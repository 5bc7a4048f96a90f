"""``islandsim skill``: how much of a game is skill and how much is luck, the same panel for every game.

Measures (defined with their references in docs/analysis.md, "Skill versus luck"):

- **rating spread**: Elo rating of the strongest strategy minus that of ``random`` (the weakest
  when the game has no ``random``), from the strength ladder of every registered strategy
  (Duersch, Lambrecht and Oechssler 2020 compare games by the spread of their players' Elo
  ratings);
- **strongest against randoms** and **strongest against the default**: the strongest strategy's
  win rate in one seat against a table of the other (rotated over the seats; fair share 1/P);
- **upset rate**: over every pair of ladder strategies, the share of their meetings in which the
  lower-rated one finished ahead (ties half; 50% = a coin, 0% = strength always tells);
- **deal share**: the share of the variance of a seat's win that the deal explains, from
  ``replays`` plays of each deal whose only difference is the random players' streams (one-way
  random-effects ANOVA, the intraclass correlation; 1 = the cards decide, 0 = the deal does not
  matter).  Measured for a table of random players and for the strongest against random players;
  deterministic strategies play a deal identically every time, so the replays vary the random
  seats only.

:func:`panel` computes it, :func:`panel_section` renders it as an HTML fragment for reports.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import numpy as np

from simulator.analysis.studies import replayable
from simulator.analysis.report import players as report_players
from simulator.analysis.report.players import panel_rows
from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.strategy_names import as_written
from simulator.analysis.studies.ladder import Ladder, ladder_section, parse_names, play_ladder
from simulator.analysis.studies.matches import Table, check_table, rotations, won
from simulator.analysis.studies.stored_play import derived_seed, named_ranks
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.run.tables import Column, Table as PrintedTable

RANDOM = "random"
REPLAYABLE_RANDOM = replayable.name(1)
"""A uniformly random player with a salted stream (:mod:`simulator.analysis.studies.replayable`)."""


@dataclass
class Panel:
    """The skill-versus-luck panel of one game and player count."""

    game: str
    players: int
    ladder: Ladder
    strongest: str
    weakest: str
    spread: dict
    against_randoms: dict
    against_default: dict
    default: str
    upset: dict
    deal_share_randoms: dict
    deal_share_strongest: dict
    settings: dict = field(default_factory=dict)

    def rows(self) -> list[dict]:
        """The panel as (measure, value, interval, meaning) rows."""
        return panel_rows(self.to_json())

    def to_json(self) -> dict:
        """The panel as JSON data (an undefined measure, e.g. the deal share of an outcome that never
        varied, is ``null``)."""
        return _without_nan(self._data())

    def _data(self) -> dict:
        return {"game": self.game, "players": self.players, "strongest": self.strongest, "weakest": self.weakest,
                "default": self.default, "rating_spread": self.spread, "strongest_vs_randoms": self.against_randoms,
                "strongest_vs_default": None if self.strongest == self.default else self.against_default,
                "upset_rate": self.upset, "deal_share_random_table": self.deal_share_randoms,
                "deal_share_strongest_vs_random": self.deal_share_strongest, "settings": self.settings,
                "ladder": self.ladder.to_json()}  # fmt: skip


def _without_nan(value):
    """``value`` with every float nan replaced by None (JSON has no NaN)."""
    if isinstance(value, dict):
        return {key: _without_nan(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_nan(item) for item in value]
    if isinstance(value, float) and np.isnan(value):
        return None
    return value


def _interval(estimate: float, replicates: np.ndarray) -> dict:
    return {"estimate": float(estimate), "low": float(np.percentile(replicates, 2.5)),
            "high": float(np.percentile(replicates, 97.5))}  # fmt: skip


def rating_spread(ladder: Ladder, strongest: str, weakest: str) -> dict:
    """Rating of ``strongest`` minus ``weakest``, with the ladder's bootstrap interval."""
    top, bottom = ladder.names.index(strongest), ladder.names.index(weakest)
    return _interval(ladder.rating[top] - ladder.rating[bottom], ladder.replicates[:, top] - ladder.replicates[:, bottom])


def upset_rate(ladder: Ladder) -> dict:
    """Share of meetings of two ladder strategies won by the lower-rated one (ties half), with a
    deal-clustered interval."""
    weaker_ahead = np.zeros(ladder.per_deal.shape[0])
    meetings = np.zeros(ladder.per_deal.shape[0])
    for i in range(len(ladder.names)):
        for j in range(len(ladder.names)):
            if ladder.rating[i] > ladder.rating[j]:
                weaker_ahead += ladder.per_deal[:, j, i]
                meetings += ladder.per_deal[:, i, j] + ladder.per_deal[:, j, i]
    return stats.rate_interval(weaker_ahead, meetings)


def win_rate_against(table: Table, hero: str, opponent: str, deals: int, seed: int) -> dict:
    """``hero``'s win rate in one seat against ``opponent`` in the others, every rotation, on the
    deals of ``seed``."""
    seating = (hero,) + (opponent,) * (table.players - 1)
    ranks = named_ranks(table, rotations(seating), deals, seed)
    wins = sum(won(ranks[shift, :, (-shift) % table.players]) for shift in range(table.players))
    return stats.rate_interval(wins, np.full(deals, float(table.players)))


def deal_share(outcomes: np.ndarray) -> float:
    """Intraclass correlation of ``outcomes[deal, replay]``: the share of their variance that lies
    between deals (one-way random-effects ANOVA estimator, clipped to [0, 1]); 1 when the
    replays of every deal agree and deals differ, 0 when the deal makes no difference."""
    deals, replays = outcomes.shape
    within = float(outcomes.var(axis=1, ddof=1).mean())
    between_mean_square = replays * float(outcomes.mean(axis=1).var(ddof=1))
    between = max(0.0, (between_mean_square - within) / replays)
    if between + within == 0:
        return float("nan")
    return min(1.0, between / (between + within))


def _mean_share(outcomes_by_seat: list[np.ndarray]) -> float:
    """Mean of :func:`deal_share` over the seats whose outcome varies (nan when none does)."""
    shares = [share for share in (deal_share(outcomes) for outcomes in outcomes_by_seat) if not np.isnan(share)]
    return float(np.mean(shares)) if shares else float("nan")


def deal_share_interval(outcomes_by_seat: list[np.ndarray], replicates: int, seed: int) -> dict:
    """Mean over seats of :func:`deal_share`, with a percentile bootstrap over deals; nan when
    the outcome never varies (e.g. a strategy that always wins)."""
    estimate = _mean_share(outcomes_by_seat)
    if np.isnan(estimate) or not replicates:
        return {"estimate": estimate, "low": estimate, "high": estimate}
    generator = np.random.default_rng(seed)
    deals = outcomes_by_seat[0].shape[0]
    draws = np.array([_mean_share([outcomes[picked] for outcomes in outcomes_by_seat])
                      for picked in (generator.integers(0, deals, deals) for _ in range(replicates))])  # fmt: skip
    return _interval(estimate, draws[~np.isnan(draws)]) if (~np.isnan(draws)).any() else {
        "estimate": estimate, "low": estimate, "high": estimate}


def replayed_outcomes(table: Table, hero: str | None, deals: int, replays: int, seed: int) -> list[np.ndarray]:
    """Wins ``[deal, replay]`` of each watched seat when every deal of ``seed`` is replayed
    ``replays`` times with differently salted random players: all seats random (``hero`` None,
    every seat watched) or ``hero`` in seat 1 against random players (its seat watched)."""
    seatings = []
    for replay in range(replays):
        randoms = (replayable.name(replay + 1),) * table.players
        seatings.append(randoms if hero is None else (hero,) + randoms[1:])
    ranks = named_ranks(table, seatings, deals, seed)
    watched = range(table.players) if hero is None else (0,)
    return [won(ranks[:, :, seat]).T for seat in watched]


PANEL_SEED_OFFSETS = {"randoms": 1_000_000, "default": 2_000_000, "replays": 3_000_000}
"""Each extra study of the panel plays the deals of seed + its offset: deals no other study of the
panel plays (the ladder plays those of the seed itself)."""


def panel(table: Table, names: list[str] | None, deals: int, replays: int, bootstrap: int, say=None) -> Panel:
    """The skill-versus-luck panel of ``table``'s game and player count."""
    spec = registry.get_game(table.game)
    registry.check_players(spec, table.players)
    names = names or parse_names(None, table.game, table.players)
    if replays < 2:
        raise UsageError(f"--replays must be at least 2 (the deal share compares replays of each deal), not {replays}")
    check_table(table, names + [REPLAYABLE_RANDOM])
    ladder = play_ladder(table, names, deals, bootstrap, say)
    order = ladder.order()
    strongest = ladder.names[order[0]]
    weakest = RANDOM if RANDOM in names else ladder.names[order[-1]]
    opponent = RANDOM if RANDOM in spec.strategy_descriptions else weakest
    if say is not None:
        say(f"{strongest} against {opponent} and against {spec.default_strategy}; {replays} replays of {deals:,} deals")
    seeds = {study: derived_seed(table.seed, offset) for study, offset in PANEL_SEED_OFFSETS.items()}
    against_randoms = win_rate_against(table, strongest, opponent, deals, seeds["randoms"])
    if strongest == spec.default_strategy:
        against_default = {"estimate": 1 / table.players, "low": 1 / table.players, "high": 1 / table.players}
    else:
        against_default = win_rate_against(table, strongest, spec.default_strategy, deals, seeds["default"])
    replayed = seeds["replays"]
    share_randoms = deal_share_interval(replayed_outcomes(table, None, deals, replays, replayed), bootstrap, table.seed)
    share_strongest = deal_share_interval(replayed_outcomes(table, strongest, deals, replays, replayed), bootstrap,
                                          table.seed)  # fmt: skip
    return Panel(table.game, table.players, ladder, strongest, weakest, rating_spread(ladder, strongest, weakest),
                 against_randoms, against_default, spec.default_strategy, upset_rate(ladder), share_randoms,
                 share_strongest, {"deals": deals, "replays": replays, "bootstrap": bootstrap, "seed": table.seed})  # fmt: skip


def printed_panel(result: Panel) -> PrintedTable:
    return PrintedTable([Column("measure", "measure"), Column("value", "value"), Column("95% interval", "interval"),
                         Column("meaning", "meaning")], result.rows())  # fmt: skip


def panel_section(result: Panel, heading_level: int = 2) -> tuple[str, dict]:
    """An HTML fragment (panel table, then the ladder) and the panel's data."""
    title = registry.get_game(result.game).title
    head = "".join(f"<th>{name}</th>" for name in ("measure", "value", "95% interval", "meaning"))
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(row[key]))}</td>"
                                     for key in ("measure", "value", "interval", "meaning")) + "</tr>"
                   for row in result.rows())  # fmt: skip
    ladder_html, _ = ladder_section(result.ladder, heading_level + 1)
    fragment = (f'<section class="skill"><h{heading_level}>{html.escape(title)}, {result.players} players</h{heading_level}>'
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{ladder_html}</section>")  # fmt: skip
    return fragment, result.to_json()


def comparison_rows(panels: list[Panel]) -> list[dict]:
    """One row per game and player count: the headline measures side by side."""
    return [{"game": registry.get_game(item.game).title, "players": item.players,
             "spread": f"{item.spread['estimate']:.0f} [{item.spread['low']:.0f}, {item.spread['high']:.0f}]",
             "vs_randoms": f"{100 * item.against_randoms['estimate']:.1f}%",
             "upset": f"{100 * item.upset['estimate']:.1f}%",
             "deal_share": f"{100 * item.deal_share_randoms['estimate']:.1f}%",
             "strongest": as_written(item.strongest, item.players)} for item in panels]  # fmt: skip


COMPARISON_HEADERS = (("game", "game"), ("players", "players"), ("strongest", "strongest"),
                      ("spread", "rating spread (Elo)"), ("vs_randoms", "strongest vs randoms"),
                      ("upset", "upset rate"), ("deal_share", "deal share (random table)"))  # fmt: skip
