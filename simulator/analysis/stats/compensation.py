"""From a seat advantage to its fix: end-of-game points for some seats, searched and tested.

A seat advantage found by a study can often be compensated without new rule text: a few
points added to some seats' final scores before ranking ("seat 4 scores 2 more points at the
end").  This module applies such a compensation to games already played and searches the one
that brings every seat nearest its fair share.

- A compensation is a vector of whole points, one per seat 1..P, added to the final scores;
  the seats are then ranked again by the compensated score.  Seats that the game left unranked
  (rank 0: eliminated, or every seat of a capped game) stay unranked.  Two seats whose
  compensated scores are equal keep the game's own order when their raw scores were equal too
  (the game's tie-breaks, already applied), and share the place otherwise.
- It is named as a setting of a study (``compensation = ...`` in an experiment file,
  :func:`parse_setting`): ``"search"`` (or ``"search:max=5"``) searches every vector from 0 to
  ``max`` points per seat in half points (half a point wins ties against the seats without it); ``"late-seats:+K"`` gives seat ``s`` ``K * (s - 1)`` points;
  ``"seat-points:0,0,1,2"`` lists the points per seat (applies to that player count only).
- The search is honest about its own choice: it picks the vector on the even-numbered games
  and states the result on the odd-numbered ones (win rates with Wilson intervals, Holm
  against the fair share), so the amount found is not fitted to the games that confirm it.
- The strategies do not know the points: they play as without them.  Heuristics that maximise
  their own points would play the same; a player aiming at first place might not.
- It applies only to games whose winner is decided by score (``GameSpec.ranked_by_score``):
  Skirmish Island is won by gems brought home or by being the last survivor, so it says so.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import polars as pl

from simulator.analysis.stats import intervals as stats
from simulator.analysis.stats.runs import Run
from simulator.core.engine.narration import plural
from simulator.core.engine.registry import UsageError, get_game

DEFAULT_MAX_POINTS = 3
"""Largest amount per seat the search tries by default (points)."""
STEP = 0.5
"""The search's step (points): half a point is the smallest compensation, one that wins ties
against the seats without it (scores are whole numbers)."""
FORMS = ('"search"', '"search:max=N"', '"late-seats:+K"', '"seat-points:A,B,..."')


@dataclass(frozen=True)
class Setting:
    """A compensation setting of a study: search, or one vector rule to test."""

    text: str
    search: bool = False
    max_points: int = DEFAULT_MAX_POINTS
    step: int = 0  # late-seats:+K
    points: tuple[int, ...] = ()  # seat-points:...

    def vector(self, players: int) -> tuple[int, ...] | None:
        """The points per seat at ``players`` (``None`` for a search, or a list of another length)."""
        if self.search:
            return None
        if self.points:
            return self.points if len(self.points) == players else None
        return tuple(self.step * seat for seat in range(players))


def parse_setting(text: str) -> Setting:
    """A compensation setting from its text; :class:`UsageError` naming the allowed forms."""
    value = text.strip()
    try:
        if value == "search":
            return Setting(value, search=True)
        if value.startswith("search:max="):
            amount = int(value.split("=", 1)[1])
            if not 1 <= amount <= 6:
                raise ValueError
            return Setting(value, search=True, max_points=amount)
        if value.startswith("late-seats:"):
            step = int(value.split(":", 1)[1])
            if not 0 <= step <= 50:
                raise ValueError
            return Setting(value, step=step)
        if value.startswith("seat-points:"):
            points = tuple(int(part) for part in value.split(":", 1)[1].split(","))
            if not 2 <= len(points) <= 8 or any(not -50 <= point <= 50 for point in points):
                raise ValueError
            return Setting(value, points=points)
    except ValueError:
        pass
    raise UsageError(f"compensation '{text}' is not understood; write one of {', '.join(FORMS)} "
                     "(points are whole numbers, at most 6 for a search, 50 otherwise)")  # fmt: skip


def score_arrays(runs: list[Run]) -> tuple[np.ndarray, np.ndarray]:
    """``(scores, ranks)``, each ``int64[games, P]`` (seat ``s`` in column ``s - 1``), over every
    game of ``runs``."""
    score_blocks, rank_blocks = [], []
    for run in runs:
        rows = run.rows.select("game", "seat", "score", "rank").sort("game", "seat").collect()
        players = run.players
        score_blocks.append(rows["score"].to_numpy().reshape(-1, players))
        rank_blocks.append(rows["rank"].to_numpy().reshape(-1, players))
    return np.concatenate(score_blocks).astype(np.int64), np.concatenate(rank_blocks).astype(np.int64)


def compensated_wins(scores: np.ndarray, ranks: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``bool[games, P]``: who ranks first once ``points[s]`` is added to seat ``s``'s score.

    Unranked seats (rank 0) stay out; equal compensated scores keep the game's order only
    between seats of equal raw scores (its tie-breaks), and share the place otherwise.
    """
    ranked = ranks > 0
    adjusted = scores + np.asarray(points, dtype=np.float64)[None, :]  # halves and wholes: exact in floats
    players = scores.shape[1]
    beaten = np.zeros(scores.shape, dtype=bool)
    for seat, other in itertools.permutations(range(players), 2):
        ahead = (adjusted[:, other] > adjusted[:, seat]) | (
            (adjusted[:, other] == adjusted[:, seat]) & (scores[:, other] == scores[:, seat])
            & (ranks[:, other] < ranks[:, seat]))  # fmt: skip
        beaten[:, seat] |= ranked[:, other] & ahead
    return ranked & ~beaten


def seat_rates(wins: np.ndarray) -> np.ndarray:
    """Each seat's win rate (a shared first place counts for each tied seat)."""
    return wins.mean(axis=0)


def largest_gap(rates: np.ndarray) -> float:
    """The largest distance of a seat's win rate from the fair share (the mean seat rate)."""
    return float(np.abs(rates - rates.mean()).max())


def candidate_vectors(players: int, max_points: float, step: float = STEP) -> list[tuple[float, ...]]:
    """Every vector of 0..max points per seat in ``step``s with at least one seat at 0 (adding
    the same amount to every seat changes nothing)."""
    amounts = [step * index for index in range(int(round(max_points / step)) + 1)]
    return [vector for vector in itertools.product(amounts, repeat=players) if min(vector) == 0]


def seat_table(wins: np.ndarray) -> pl.DataFrame:
    """Per seat: win rate, Wilson interval, fair share, gap and Holm-adjusted p against it."""
    games = wins.shape[0]
    counts = wins.sum(axis=0)
    rates = counts / games
    fair = float(rates.mean())
    intervals = [stats.wilson_interval(int(count), games) for count in counts]
    adjusted = stats.holm([stats.proportion_p_value(float(count), games, fair) for count in counts])
    return pl.DataFrame({
        "seat": list(range(1, wins.shape[1] + 1)), "win_rate": rates.tolist(),
        "low": [low for low, _ in intervals], "high": [high for _, high in intervals],
        "fair_share": [fair] * wins.shape[1], "gap": (rates - fair).tolist(), "p_holm": adjusted,
    })  # fmt: skip


def applies(game_id: str) -> str:
    """Empty when end-of-game points can compensate in ``game_id``, else why not (one sentence)."""
    try:
        spec = get_game(game_id)
    except UsageError:  # a game the registry does not list (a test's toy game): its ranks follow scores
        return ""
    if spec.ranked_by_score:
        return ""
    return (f"End-of-game points do not apply to {spec.title}: its winner is not decided by score "
            f"({spec.ranked_by_score_note or 'see its rules'}).")


def evaluate(scores: np.ndarray, ranks: np.ndarray, vector: tuple[int, ...]) -> dict:
    """A compensation tested on every given game: the seat table and its largest gap."""
    table = seat_table(compensated_wins(scores, ranks, np.array(vector)))
    return {"points": [float(amount) for amount in vector], "table": table.to_dicts(), "largest_gap": float(table["gap"].abs().max()),
            "every_seat_fair": bool((table["p_holm"] > stats.ALPHA).all())}  # fmt: skip


def search(scores: np.ndarray, ranks: np.ndarray, max_points: int = DEFAULT_MAX_POINTS) -> dict:
    """The vector bringing every seat nearest its fair share, chosen on the even games and
    stated on the odd games (before and after), plus the one-step ``late-seats`` family."""
    choose, check = slice(0, None, 2), slice(1, None, 2)
    players = scores.shape[1]
    best, best_key = None, None
    for vector in candidate_vectors(players, max_points):
        gap = largest_gap(seat_rates(compensated_wins(scores[choose], ranks[choose], np.array(vector))))
        key = (round(gap, 12), sum(vector), vector)
        if best_key is None or key < best_key:
            best, best_key = vector, key
    late = [evaluate(scores[check], ranks[check], tuple(step * seat for seat in range(players)))
            | {"label": f"late-seats:+{step}"} for step in range(int(max_points) + 1)]  # fmt: skip
    return {"max_points": max_points, "chosen_on": int(scores[choose].shape[0]), "checked_on": int(scores[check].shape[0]),
            "before": evaluate(scores[check], ranks[check], (0,) * players),
            "found": evaluate(scores[check], ranks[check], best), "late_seats": late}  # fmt: skip


def study(runs: list[Run], setting: Setting) -> dict:
    """The compensation block of one player count of a study (``players``, ``applies``, and the
    search or the tested vector), ready for the report and the study's data."""
    players = runs[0].players
    reason = applies(runs[0].manifest["game"])
    if reason:
        return {"players": players, "setting": setting.text, "applies": False, "reason": reason}
    scores, ranks = score_arrays(runs)
    if setting.search:
        return {"players": players, "setting": setting.text, "applies": True, "games": int(scores.shape[0]),
                "search": search(scores, ranks, setting.max_points)}  # fmt: skip
    vector = setting.vector(players)
    if vector is None:
        return {"players": players, "setting": setting.text, "applies": False,
                "reason": f"'{setting.text}' lists {len(setting.points)} seats, not {players}."}  # fmt: skip
    return {"players": players, "setting": setting.text, "applies": True, "games": int(scores.shape[0]),
            "before": evaluate(scores, ranks, (0,) * players), "tested": evaluate(scores, ranks, vector)}  # fmt: skip


def points_text(points: list[float]) -> str:
    """``seat 3 +1, seat 4 +2 points at the end`` (``no points`` for a zero vector); half a point
    reads ``+0.5``."""
    parts = [f"seat {seat} +{amount:g}" for seat, amount in enumerate(points, start=1) if amount]
    unit = "point" if sum(points) == 1 else "points"
    return f"{', '.join(parts)} {unit} at the end" if parts else "no points"


def _still_differ(count: int) -> str:
    """``1 seat still differs from it`` / ``2 seats still differ from it`` (beyond noise, all seats
    tested together: Holm, named in the appendix)."""
    return f"{plural(count, 'seat')} still {'differs' if count == 1 else 'differ'} from it"


def outcome_text(result: dict) -> str:
    """``every seat within ±0.9 pp of 25.0% (every 95% interval ...)``: percentage points, not the
    game's points the compensation hands out."""
    table = result["table"]
    fair = table[0]["fair_share"]
    gap = 100 * result["largest_gap"]
    verdict = ("no seat distinguishable from it" if result["every_seat_fair"]
               else _still_differ(sum(1 for row in table if row["p_holm"] <= stats.ALPHA)))
    return f"every seat within ±{gap:.1f} pp of the fair share {100 * fair:.1f}% ({verdict})"


def sentence(block: dict) -> str:
    """One plain sentence for the first screen of a report."""
    if not block["applies"]:
        return block["reason"]
    players = block["players"]
    if "search" in block:
        found = block["search"]
        return (f"At {players} players, {points_text(found['found']['points'])}: {outcome_text(found['found'])}; "
                f"without: ±{100 * found['before']['largest_gap']:.1f} pp (amount chosen on "
                f"{found['chosen_on']:,} games, stated on {found['checked_on']:,} others).")  # fmt: skip
    return (f"At {players} players, {points_text(block['tested']['points'])}: {outcome_text(block['tested'])}; "
            f"without: ±{100 * block['before']['largest_gap']:.1f} pp ({block['games']:,} games).")  # fmt: skip


def short_fix(block: dict) -> str:
    """The fix in a few words, for a first screen that has little room: ``seat 2 +1 point at the end
    leaves every seat within ±0.1 pp of the fair share`` (empty when compensation does not apply)."""
    if not block["applies"]:
        return ""
    result = block["search"]["found"] if "search" in block else block["tested"]
    return f"{points_text(result['points'])} leaves every seat within ±{100 * result['largest_gap']:.1f} pp of the fair share"
