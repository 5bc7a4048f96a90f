"""A tiny game with known answers, registered as ``toy`` by the analysis tests.

Plain numpy (no numba), fast enough for a few thousand games per run.  It follows the
engine contract: game ``g`` of seed ``s`` depends only on ``(s, g)``, the deal does not
depend on the variant or the lineup (so runs on one seed are paired).

Known answers:

- strategy strength: each seat adds ``params[seat, 0] * u`` (u uniform 0..1) to its score,
  so ``strong`` beats ``plain`` beats ``weak``;
- ``seat2-bonus`` gives seat 2 (index 1) three extra points: a deliberately unfair variant;
- ``cosmetic-a`` and ``cosmetic-b`` change nothing: identical variants;
- ``long`` adds two turns to every game;
- event card ``B1`` (value 2 of ``event_1``/``event_2``) gives seat 2 (index 1) two points;
  ``--force-event B1`` therefore helps seat 2, while forcing or excluding ``A1`` changes nothing
  measurable (a forced card takes round 1, then round 2; an excluded one is replaced by the next
  allowed card);
- a seat with 4 curses is eliminated (rank 0);
- ``first_player`` names a seat (engine index ``game % players``, stored as seat 1..P);
- a seat playing ``NAME+stream=N`` (another random stream) draws its strategy's luck from
  other numbers: the same deals, other games (the null setup);
- rule settings (``--set``): ``seatK_start_points`` adds points to seat K's score, ``base_length``
  is the shortest game (5 turns), the component file ``bonus_table`` (CSV ``seat,points``) adds
  points per seat too; variant ``late-seats-bonus`` is a preset (2 points for seats 2..4).
"""

from __future__ import annotations

import numpy as np

from simulator.core.engine import rule_settings as rs
from simulator.core.engine.registry import GameSpec, StrategySpec

VARIANTS = {
    "seat2-bonus": "seat 2 scores 3 more points (unfair on purpose)",
    "cosmetic-a": "changes nothing",
    "cosmetic-b": "changes nothing either",
    "long": "every game lasts two more turns",
    "late-seats-bonus": "seats 2 to 4 start with 2 points (a preset of rule settings)",
}
EVENT_LABELS = ("A1", "A2", "B1", "B2")
MAX_PLAYERS = 4


def _read_bonus_table(path) -> list[list[int]]:
    """A ``seat,points`` CSV (seats 1..4, points -20..20) as ``[[seat, points], ...]``."""
    import csv

    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if sorted(reader.fieldnames or []) != ["points", "seat"]:
            raise ValueError(f"columns must be seat,points, not {','.join(reader.fieldnames or [])}")
        rows = []
        for number, row in enumerate(reader, start=2):
            try:
                seat, points = int(row["seat"]), int(row["points"])
            except (TypeError, ValueError):
                raise ValueError(f"line {number}: seat and points must be whole numbers") from None
            if not 1 <= seat <= MAX_PLAYERS or not -20 <= points <= 20:
                raise ValueError(f"line {number}: seat must be 1 to {MAX_PLAYERS} and points -20 to 20")
            rows.append([seat, points])
    return rows


RULE_SETTINGS = rs.RuleSettings(
    "toy",
    (
        *rs.per_seat("start_points", MAX_PLAYERS, kind=rs.INT, default=0, low=-20, high=20, rule="T1",
                     description="points seat {seat} starts with"),
        rs.Setting("base_length", rs.INT, {2: 5, 3: 5, 4: 5}, "the shortest game", "T2", low=1, high=50, unit="turns"),
        rs.Setting("bonus_table", rs.FILE, [], "points per seat (a CSV file: seat,points)", "T3",
                   read=_read_bonus_table, file_format="CSV with columns seat,points"),
    ),
    presets={"late-seats-bonus": {"seat2_start_points": 2, "seat3_start_points": 2, "seat4_start_points": 2}},
)
RULES_OFFSET = 4  # after the four variant flags
N_RULES = MAX_PLAYERS + 1  # start points per seat, base length


def _mix(values: np.ndarray) -> np.ndarray:
    z = values.astype(np.uint64)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _uniform(seed: int, games: np.ndarray, purpose: int, slot: int) -> np.ndarray:
    """Deterministic uniform draws in [0, 1) for each game of ``games``."""
    key = _mix(games.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seed))
    salt = np.array([purpose * 1000 + slot + 1], dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)
    key = _mix(key ^ salt)
    return (key >> np.uint64(11)).astype(np.float64) / float(2**53)


def _encode(names: tuple[str, ...], players: int, rules=None) -> np.ndarray:
    rules = rules if rules is not None else rs.default_values(RULE_SETTINGS, players, names)
    flags = [int(name in names) for name in VARIANTS if name != "late-seats-bonus"]
    points = [rules[f"seat{seat}_start_points"] for seat in range(1, MAX_PLAYERS + 1)]
    for seat, bonus in rules["bonus_table"]:
        points[seat - 1] += bonus
    return np.array(flags + points + [rules["base_length"]], dtype=np.int64)


def _encode_events(forced: tuple[str, ...], excluded: tuple[str, ...], players: int) -> np.ndarray:
    rules = np.zeros(len(EVENT_LABELS), dtype=np.int64)
    rules[[EVENT_LABELS.index(card) for card in forced]] = 1
    rules[[EVENT_LABELS.index(card) for card in excluded]] = -1
    if len(forced) > 2:
        raise ValueError("at most two toy event cards can be forced (two rounds)")
    return rules


def _apply_event_rules(events: np.ndarray, rules: np.ndarray) -> None:
    for _ in range(len(EVENT_LABELS)):
        excluded = rules[events] == -1
        events[excluded] = (events[excluded] + 1) % len(EVENT_LABELS)
    for round_index, card in enumerate(np.flatnonzero(rules == 1)):
        missing = ~(events == card).any(axis=1)
        events[missing, round_index] = card


def play_chunk(run_seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug):
    games = np.arange(first_game, first_game + n_games, dtype=np.int64)
    players = seat_results.shape[1]
    events = np.stack([(_uniform(run_seed, games, 0, 10 + r) * 4).astype(np.int64) for r in range(2)], axis=1)
    if len(flags) > RULES_OFFSET + N_RULES:
        _apply_event_rules(events, flags[RULES_OFFSET + N_RULES:])
    scores = np.zeros((n_games, players))
    curses = np.zeros((n_games, players), dtype=np.int64)
    for seat in range(players):
        scores[:, seat] = np.floor(_uniform(run_seed, games, 0, seat) * 10)
        salt = getattr(strategies[seat], "stream_salt", 0)  # NAME+stream=N: the strategy's other random stream
        scores[:, seat] += np.floor(params[seat, 0] * _uniform(run_seed, games, 1 + seat, salt))
        curses[:, seat] = (_uniform(run_seed, games, 0, 20 + seat) * 5).astype(np.int64)
    scores[:, 1] += 3 * flags[0]
    scores += flags[RULES_OFFSET:RULES_OFFSET + players]  # T1, T3: the seats' starting points
    scores[:, 1] += 2 * (events == 2).sum(axis=1)
    eliminated = curses == 4
    ranked = np.where(eliminated, -np.inf, scores)
    better = (ranked[:, None, :] > ranked[:, :, None]).sum(axis=2)
    ranks = np.where(eliminated, 0, better + 1)
    seat_results[:, :, 0] = scores.astype(np.int64)
    seat_results[:, :, 1] = ranks
    seat_results[:, :, 2] = curses
    game_results[:, 0] = flags[RULES_OFFSET + MAX_PLAYERS] + (_uniform(run_seed, games, 0, 30) * 3).astype(np.int64) + 2 * flags[3]
    game_results[:, 1] = events[:, 0]
    game_results[:, 2] = events[:, 1]
    game_results[:, 3] = eliminated.sum(axis=1)
    game_results[:, 4] = games % players


def _never_called(*args):
    raise AssertionError("the toy engine does not call strategies")


WEIGHTS = {"strong": 4.0, "plain": 2.0, "weak": 0.0}
DESCRIPTIONS = {name: f"adds up to {weight:g} points" for name, weight in WEIGHTS.items()}


def _strategies() -> dict[str, StrategySpec]:
    return {
        name: StrategySpec(name, _never_called, np.array([weight]), DESCRIPTIONS[name]) for name, weight in WEIGHTS.items()
    }


def game_spec() -> GameSpec:
    return GameSpec(
        id="toy",
        title="Toy Island",
        player_counts=(2, 3, 4),
        variants=dict(VARIANTS),
        encode_variants=_encode,
        strategy_loader=_strategies,
        default_strategy="plain",
        strategy_descriptions=dict(DESCRIPTIONS),
        decision_kinds=("none",),
        seat_columns=("score", "rank", "curses"),
        game_columns=("length", "event_1", "event_2", "eliminations", "first_player"),
        seat_number_columns=("first_player",),
        play_chunk=play_chunk,
        narrate=lambda *args: ["toy game"],
        length_unit="turns",
        chunk_size=1000,
        column_labels={"event_1": EVENT_LABELS, "event_2": EVENT_LABELS},
        event_cards=EVENT_LABELS,
        encode_event_rules=_encode_events,
        rule_settings=RULE_SETTINGS,
    )
