"""How strong is the search player? ``ismcts`` against a game's default heuristic, paired and seat-rotated.

For each budget, deal ``g`` (game ``g`` of run ``--seed``) is played 4 times (at P players, P
times): ``ismcts`` takes seat r, the default heuristic every other seat.  The baseline plays the
same deals with the default heuristic at every seat.  The paired difference is, per deal, the
search player's win share (1/k when k seats tie for first) minus the heuristic's in the same
seat on the same deal, averaged over the seats; its 95% interval is over deals (the independent
unit).  Cost: milliseconds of CPU time (``time.process_time``, so that other programs sharing the
machine do not inflate it) per decision the search player is actually asked (a single-option
decision is never asked), timed on a few games in one process.

    PYTHONPATH=$PWD python experiments/ismcts_strength.py --game sails --players 4 --budgets 50,200,1000 --deals 100
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from simulator.core.forward import NO_SEAT
from simulator.core.registry import check_variants, get_game
from simulator.core.rng import PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.core.strategies import build_lineup


def win_shares(ranks: np.ndarray) -> np.ndarray:
    """Per game and seat: 1/k for the k seats ranked first, else 0 (ranks: int[games, seats])."""
    first = ranks == 1
    return first / np.maximum(first.sum(axis=1, keepdims=True), 1)


def play(spec, names, deals, seed, flags):
    """Seat results (int[deals, seats, columns]) of ``deals`` games of lineup ``names``."""
    lineup = build_lineup(spec, len(names), tuple(names))
    seat_results = np.zeros((deals, len(names), len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((deals, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, deals, flags, lineup.functions, lineup.params, seat_results, game_results, False)
    return seat_results


def seconds_per_decision(spec, names, search_seat, games, seed, flags):
    """Mean CPU seconds per decision ``names[search_seat]`` is asked, over ``games`` games (Python loop
    over the compiled forward model, the search player's call timed alone), and decisions per game."""
    forward = spec.forward
    lineup = build_lineup(spec, len(names), tuple(names))
    state = np.zeros(forward.state_size, dtype=np.int64)
    options = np.zeros(forward.max_options, dtype=np.int64)
    streams = np.zeros((len(names), 1), dtype=np.uint64)
    no_log = np.zeros((0, 6), dtype=np.int64)
    spent, asked = 0.0, 0
    for game in range(games):
        for seat in range(len(names)):
            reset_stream(streams[seat], seed, game, PURPOSE_FIRST_STRATEGY + seat)
        forward.new_game(seed, game, len(names), flags, 0, state, no_log)
        while True:
            seat, kind, n_options = forward.pending_decision(state, options)
            if seat == NO_SEAT:
                break
            started = time.process_time()
            choice = lineup.functions[seat](state, seat, kind, options, n_options, lineup.params[seat], streams[seat])
            if seat == search_seat:
                spent += time.process_time() - started
                asked += 1
            forward.apply(state, choice, no_log)
    return spent / max(asked, 1), asked / games


def measure(game_id, players, budgets, deals, seed, timing_games, variants=()):
    spec = get_game(game_id)
    flags = check_variants(spec, tuple(variants), players)
    heuristic = spec.default_strategy
    baseline = win_shares(play(spec, [heuristic] * players, deals, seed, flags)[:, :, 1])
    rows = []
    for budget in budgets:
        search = f"ismcts+budget={budget}"
        paired = np.zeros((deals, players))
        searched = np.zeros((deals, players))
        started = time.perf_counter()
        for seat in range(players):
            names = [heuristic] * players
            names[seat] = search
            shares = win_shares(play(spec, names, deals, seed, flags)[:, :, 1])
            searched[:, seat] = shares[:, seat]
            paired[:, seat] = shares[:, seat] - baseline[:, seat]
        per_deal = paired.mean(axis=1)
        half_width = 1.96 * per_deal.std(ddof=1) / np.sqrt(deals)
        cost, decisions = seconds_per_decision(spec, [search] + [heuristic] * (players - 1), 0, timing_games, seed,
                                               flags)
        rows.append({
            "budget": budget, "games": deals * players, "deals": deals,
            "win_rate": float(searched.mean()), "heuristic_win_rate_same_seats": float(baseline.mean()),
            "paired_difference": float(per_deal.mean()), "ci95_low": float(per_deal.mean() - half_width),
            "ci95_high": float(per_deal.mean() + half_width), "ms_per_decision": 1000 * cost,
            "decisions_per_game": decisions, "wall_seconds": time.perf_counter() - started,
        })
        print(json.dumps(rows[-1]), flush=True)
    return {"game": game_id, "players": players, "seed": seed, "heuristic": heuristic, "rows": rows}


def markdown(result) -> str:
    lines = [f"| budget (iterations) | games | ismcts win rate | {result['heuristic']} in the same seats, same deals "
             "| paired difference (95% CI) | CPU ms per decision | decisions asked per game |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for row in result["rows"]:
        lines.append(f"| {row['budget']:,} | {row['games']:,} | {100 * row['win_rate']:.1f}% "
                     f"| {100 * row['heuristic_win_rate_same_seats']:.1f}% "
                     f"| {100 * row['paired_difference']:+.1f} pts ({100 * row['ci95_low']:+.1f} to "
                     f"{100 * row['ci95_high']:+.1f}) | {row['ms_per_decision']:.1f} ms "
                     f"| {row['decisions_per_game']:.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sails")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budgets", default="50,200,1000")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=3)
    arguments = parser.parse_args()
    budgets = [int(text) for text in arguments.budgets.split(",")]
    result = measure(arguments.game, arguments.players, budgets, arguments.deals, arguments.seed,
                     arguments.timing_games)
    print(json.dumps(result, indent=2))
    print(markdown(result))


if __name__ == "__main__":
    main()
