"""Fit the weights of a game's cut evaluation (``simulator/games/<game>/evaluation.py``) by least squares.

Plays ``--games`` games between the tuned default heuristics at ``--players`` players (run
``--seed``) and, at every checkpoint of the score trajectory before the end (where the search
player's rollouts are cut), records each seat's ``position_features``; the target is the seat's
final win share (1/k for k seats ranked first, 0 otherwise).  Prints the least-squares weights
(with an intercept) in units of the first feature's weight, and how often the seat the fitted
evaluation ranks first wins, against the provisional standings (seats tied on the best
standing share that credit):

    PYTHONPATH=$PWD python research/fit_cut_evaluation.py --game skirmish --players 4 --games 300
"""

from __future__ import annotations

import argparse
import importlib
import json

import numpy as np

from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.registry import check_variants, get_game
from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.core.players.strategies import build_lineup, resolve_tuned


def collect(game_id: str, players: int, games: int, seed: int, max_checkpoint: int):
    """Features (float[rows, N_FEATURES]), final win shares and scores (float[rows] each), the position
    of each row (int[rows]) and the provisional standing (float[rows]) of every seat still in at each checkpoint
    up to ``max_checkpoint`` of ``games`` games between the tuned default heuristics."""
    spec = get_game(game_id)
    evaluation = importlib.import_module(f"simulator.games.{game_id}.evaluation")
    forward = spec.forward
    flags = check_variants(spec, (), players)
    names = [resolve_tuned(game_id, f"{spec.default_strategy}@tuned", players)] * players
    lineup = build_lineup(spec, players, tuple(names))
    state = np.zeros(forward.state_size, dtype=np.int64)
    options = np.zeros(forward.max_options, dtype=np.int64)
    streams = np.zeros((players, 1), dtype=np.uint64)
    no_log = np.zeros((0, 6), dtype=np.int64)
    seat_row = np.zeros((max(spec.player_counts), len(spec.seat_columns)), dtype=np.int64)
    game_row = np.zeros(len(spec.game_columns), dtype=np.int64)
    values = np.zeros(seat_row.shape[0])
    features = np.zeros(evaluation.N_FEATURES)
    rows, seats, positions, standings = [], [], [], []
    wins, scores = [], []
    trajectory = forward.trajectory_offset
    for game in range(games):
        for seat in range(players):
            reset_stream(streams[seat], seed, game, PURPOSE_FIRST_STRATEGY + seat)
        forward.new_game(seed, game, players, flags, 0, state, no_log)
        first_row = len(rows)
        while True:
            seat, kind, n_options = forward.pending_decision(state, options)
            if seat == NO_SEAT:
                break
            recorded = state[trajectory]
            choice = lineup.functions[seat](state, seat, kind, options, n_options, lineup.params[seat], streams[seat])
            forward.apply(state, choice, no_log)
            if state[trajectory] > recorded and forward.pending_decision(state, options)[0] != NO_SEAT \
                    and state[trajectory] <= max_checkpoint:
                evaluation.evaluate_cut(state, values)
                base = trajectory + 1 + (state[trajectory] - 1) * seat_row.shape[0]
                for s in range(players):
                    if values[s] <= getattr(evaluation, "ELIMINATED_VALUE", -np.inf):
                        continue
                    evaluation.position_features(state, s, features)
                    rows.append(features.copy())
                    positions.append(game * 1000 + state[trajectory])
                    standings.append(float(state[base + s]))
                    seats.append(s)
        seat_row[:, 1] = 0
        forward.final_results(state, seat_row, game_row)
        first = seat_row[:players, 1] == 1
        shares = first / max(first.sum(), 1)
        for i in range(first_row, len(rows)):
            wins.append(float(shares[seats[i]]))
            scores.append(float(seat_row[seats[i], 0]))
    return np.array(rows), np.array(wins), np.array(scores), np.array(positions), np.array(standings)


def within(values: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """``values`` (float[rows, k]) less their mean over the seats of the same position: the fit
    compares seats of one position (what ranking them needs), not one stage of the game with another."""
    _, index = np.unique(positions, return_inverse=True)
    means = np.zeros((index.max() + 1, values.shape[1]))
    np.add.at(means, index, values)
    return values - (means / np.bincount(index)[:, None])[index]


def leader_win_rate(scores: np.ndarray, targets: np.ndarray, positions: np.ndarray) -> float:
    """Mean over positions of the win share of the seats ``scores`` ranks first (ties share it)."""
    total, count = 0.0, 0
    for position in np.unique(positions):
        at = positions == position
        best = scores[at] == scores[at].max()
        total += targets[at][best].mean()
        count += 1
    return total / max(count, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7070)
    parser.add_argument("--target", choices=("win", "score"), default="win",
                        help="fit the final win share, or the final score (the seat results' first column)")
    parser.add_argument("--max-checkpoint", type=int, default=1_000_000,
                        help="only checkpoints up to this one (the cuts of short horizons come early)")
    arguments = parser.parse_args()
    x, wins, scores, positions, standings = collect(arguments.game, arguments.players, arguments.games,
                                                    arguments.seed, arguments.max_checkpoint)
    y = wins if arguments.target == "win" else scores
    design = np.hstack([np.ones((x.shape[0], 1)), within(x, positions)])
    weights, *_ = np.linalg.lstsq(design, within(y[:, None], positions)[:, 0], rcond=None)
    y = within(y[:, None], positions)[:, 0]
    fitted = design @ weights
    print(json.dumps({
        "game": arguments.game, "players": arguments.players, "games": arguments.games, "rows": int(x.shape[0]),
        "weights": [float(w) for w in weights[1:]], "intercept": float(weights[0]),
        "weights_per_first": [float(w / weights[1]) for w in weights[1:]],
        "checkpoints_per_game": float(len(np.unique(positions)) / arguments.games),
        "r2": float(1 - ((y - fitted) ** 2).sum() / ((y - y.mean()) ** 2).sum()),
        "target": arguments.target,
        "leader_wins_fitted": leader_win_rate(fitted, wins, positions),
        "leader_wins_standing": leader_win_rate(standings, wins, positions),
    }))


if __name__ == "__main__":
    main()
