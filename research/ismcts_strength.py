"""How strong is the search player? ``ismcts`` against a game's default heuristic, paired and seat-rotated.

For each budget, deal ``g`` (game ``g`` of run ``--seed``) is played 4 times (at P players, P
times): ``ismcts`` takes seat r, the default heuristic every other seat.  The baseline plays the
same deals with the default heuristic at every seat.  The paired difference is, per deal, the
search player's win share (1/k when k seats tie for first) minus the heuristic's in the same
seat on the same deal, averaged over the seats; its 95% interval is over deals (the independent
unit).  Cost: milliseconds of CPU time (``time.process_time``, so that other programs sharing the
machine do not inflate it) per decision the search player is actually asked (a single-option
decision is never asked), timed on a few games in one process.

    PYTHONPATH=$PWD python research/ismcts_strength.py --game sails --players 4 --budgets 50,200,1000 --deals 100
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.registry import check_variants, get_game
from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.core.players.strategies import build_lineup, resolve_tuned


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


def cost_every_seat(game_id, players, search, games, seed, first_game=0) -> dict:
    """CPU seconds per game and milliseconds per decision with ``search`` in every seat (games
    ``first_game ..`` of run ``seed``, timed in this process after the strategies are loaded)."""
    spec = get_game(game_id)
    flags = check_variants(spec, (), players)
    search = resolve_tuned(game_id, search, players)
    spec.strategies  # load (or compile) before timing
    spent, asked = 0.0, 0
    for game in range(first_game, first_game + games):
        seconds, decisions = seconds_per_decision_all(spec, [search] * players, game, seed, flags)
        spent += seconds
        asked += decisions
    return {"game": game_id, "search": search, "games": games, "cpu_s_per_game": spent / games,
            "ms_per_decision": 1000 * spent / max(asked, 1), "decisions_per_game": asked / games}


def seconds_per_decision_all(spec, names, game, seed, flags):
    """CPU seconds all seats' strategies spend in game ``game``, and the decisions they are asked."""
    forward = spec.forward
    lineup = build_lineup(spec, len(names), tuple(names))
    state = np.zeros(forward.state_size, dtype=np.int64)
    options = np.zeros(forward.max_options, dtype=np.int64)
    streams = np.zeros((len(names), 1), dtype=np.uint64)
    no_log = np.zeros((0, 6), dtype=np.int64)
    for seat in range(len(names)):
        reset_stream(streams[seat], seed, game, PURPOSE_FIRST_STRATEGY + seat)
    forward.new_game(seed, game, len(names), flags, 0, state, no_log)
    spent, asked = 0.0, 0
    while True:
        seat, kind, n_options = forward.pending_decision(state, options)
        if seat == NO_SEAT:
            return spent, asked
        started = time.process_time()
        choice = lineup.functions[seat](state, seat, kind, options, n_options, lineup.params[seat], streams[seat])
        spent += time.process_time() - started
        asked += 1
        forward.apply(state, choice, no_log)


def cost_ab(base_tree, game_id, players, base_search, search, games, rounds, seed) -> dict:
    """Cost of ``base_search`` on the code at ``base_tree`` (another checkout, its own compile cache
    folder) against ``search`` on this checkout, in alternating processes (``rounds`` each, the same
    ``games`` games every time, under ``nice``): the ratio of CPU time per game, with a 95% interval
    over rounds (each round's ratio is this checkout's time over the base's in the same round)."""
    import os
    import subprocess
    import sys

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    measures = {"base": [], "new": []}
    for _ in range(rounds):
        for label, tree, name in (("base", base_tree, base_search), ("new", here, search)):
            done = subprocess.run(["nice", "-n", "10", sys.executable, os.path.abspath(__file__), "--game", game_id,
                                   "--players", str(players), "--cost", name, "--cost-games", str(games),
                                   "--seed", str(seed)], cwd=tree, env={**os.environ, "PYTHONPATH": tree},
                                  capture_output=True, text=True, check=True)
            measures[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
    ratios = np.array([new["cpu_s_per_game"] / base["cpu_s_per_game"]
                       for base, new in zip(measures["base"], measures["new"])])
    half_width = 1.96 * ratios.std(ddof=1) / np.sqrt(rounds) if rounds > 1 else float("nan")
    return {"game": game_id, "base": base_search, "new": search, "rounds": rounds, "games_per_round": games,
            "base_cpu_s_per_game": [m["cpu_s_per_game"] for m in measures["base"]],
            "new_cpu_s_per_game": [m["cpu_s_per_game"] for m in measures["new"]],
            "base_ms_per_decision": [m["ms_per_decision"] for m in measures["base"]],
            "new_ms_per_decision": [m["ms_per_decision"] for m in measures["new"]],
            "decisions_per_game": [measures["base"][0]["decisions_per_game"], measures["new"][0]["decisions_per_game"]],
            "ratio": float(ratios.mean()), "ci95_low": float(ratios.mean() - half_width),
            "ci95_high": float(ratios.mean() + half_width)}


def measure(game_id, players, searches, deals, seed, timing_games, variants=(), opponent=None, save=None,
            every_seat_games=0):
    """Each lineup name of ``searches`` (``ismcts+budget=400``...) against ``opponent`` (default: the
    game's default heuristic; ``X@tuned`` names play the file tuned at ``players``), paired and
    seat-rotated; with ``save``, every deal's win shares are written there (JSON) so that two
    versions of the code can be paired on the same deals; with ``every_seat_games``, the CPU time
    per game with the search in every seat is timed on that many games (``cost_every_seat``)."""
    spec = get_game(game_id)
    flags = check_variants(spec, tuple(variants), players)
    heuristic = resolve_tuned(game_id, opponent or spec.default_strategy, players)
    baseline = win_shares(play(spec, [heuristic] * players, deals, seed, flags)[:, :, 1])
    rows = []
    for search in (resolve_tuned(game_id, name, players) for name in searches):
        paired = np.zeros((deals, players))
        searched = np.zeros((deals, players))
        started = time.perf_counter()
        cpu_started = time.process_time()
        for seat in range(players):
            names = [heuristic] * players
            names[seat] = search
            shares = win_shares(play(spec, names, deals, seed, flags)[:, :, 1])
            searched[:, seat] = shares[:, seat]
            paired[:, seat] = shares[:, seat] - baseline[:, seat]
        cpu_seconds = time.process_time() - cpu_started
        per_deal = paired.mean(axis=1)
        half_width = 1.96 * per_deal.std(ddof=1) / np.sqrt(deals)
        cost, decisions = seconds_per_decision(spec, [search] + [heuristic] * (players - 1), 0, timing_games, seed,
                                               flags) if timing_games else (float("nan"), float("nan"))
        every_seat = (cost_every_seat(game_id, players, search, every_seat_games, seed, first_game=deals)
                      if every_seat_games else {})
        rows.append({
            "search": search, "games": deals * players, "deals": deals,
            "cpu_s_per_game_every_seat": every_seat.get("cpu_s_per_game", float("nan")),
            "ms_per_decision_every_seat": every_seat.get("ms_per_decision", float("nan")),
            "win_rate": float(searched.mean()), "heuristic_win_rate_same_seats": float(baseline.mean()),
            "paired_difference": float(per_deal.mean()), "ci95_low": float(per_deal.mean() - half_width),
            "ci95_high": float(per_deal.mean() + half_width), "ms_per_decision": 1000 * cost,
            "decisions_per_game": decisions, "wall_seconds": time.perf_counter() - started,
            "cpu_seconds": cpu_seconds, "searched_win_shares": searched.tolist(),
        })
        print(json.dumps({key: value for key, value in rows[-1].items() if key != "searched_win_shares"}), flush=True)
    result = {"game": game_id, "players": players, "seed": seed, "heuristic": heuristic, "rows": rows,
              "baseline_win_shares": baseline.tolist()}
    if save:
        with open(save, "w") as handle:
            json.dump(result, handle)
    return result


def paired_difference(first: dict, second: dict) -> list[dict]:
    """Per search name present in both saved results (same game, players, seed and deals): the first
    version's win share minus the second's, per deal averaged over the seats, with a 95% interval."""
    if (first["game"], first["players"], first["seed"]) != (second["game"], second["players"], second["seed"]):
        raise SystemExit("error: the two results are not the same deals (game, players or seed differ)")
    rows = []
    for row_a in first["rows"]:
        for row_b in second["rows"]:
            a, b = np.array(row_a["searched_win_shares"]), np.array(row_b["searched_win_shares"])
            if a.shape != b.shape:
                continue
            per_deal = (a - b).mean(axis=1)
            half_width = 1.96 * per_deal.std(ddof=1) / np.sqrt(len(per_deal))
            rows.append({"first": row_a["search"], "second": row_b["search"], "deals": len(per_deal),
                         "games_each": int(a.size), "difference": float(per_deal.mean()),
                         "ci95_low": float(per_deal.mean() - half_width),
                         "ci95_high": float(per_deal.mean() + half_width)})
    return rows


def markdown(result) -> str:
    lines = [f"| search player | games | ismcts win rate | {result['heuristic']} in the same seats, same deals "
             "| paired difference (95% CI) | CPU ms per decision | decisions asked per game |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for row in result["rows"]:
        lines.append(f"| `{row['search']}` | {row['games']:,} | {100 * row['win_rate']:.1f}% "
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
    parser.add_argument("--settings", default="", help="more ismcts settings for every budget, e.g. +horizon=1")
    parser.add_argument("--searches", default="", help="comma-separated lineup names (instead of --budgets)")
    parser.add_argument("--opponent", default=None, help="the other seats' strategy (default: the game's default; "
                        "X@tuned: X's file tuned at --players, e.g. greedy@tuned)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-games", type=int, default=3)
    parser.add_argument("--every-seat-games", type=int, default=0,
                        help="also time this many games with the search in every seat (CPU s per game)")
    parser.add_argument("--save", default=None, help="write the per-deal win shares here (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("FIRST", "SECOND"), default=None,
                        help="two saved results: the paired difference FIRST - SECOND per search player")
    parser.add_argument("--cost", default=None, metavar="NAME",
                        help="only time NAME in every seat (CPU s per game, ms per decision)")
    parser.add_argument("--cost-games", type=int, default=2)
    parser.add_argument("--ab", nargs=2, default=None, metavar=("BASE_TREE", "BASE_NAME"),
                        help="with --cost: alternate processes of BASE_NAME on the checkout BASE_TREE and NAME here")
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    if arguments.cost and arguments.ab:
        print(json.dumps(cost_ab(arguments.ab[0], arguments.game, arguments.players, arguments.ab[1], arguments.cost,
                                 arguments.cost_games, arguments.rounds, arguments.seed)))
        return
    if arguments.cost:
        print(json.dumps(cost_every_seat(arguments.game, arguments.players, arguments.cost, arguments.cost_games,
                                         arguments.seed)))
        return
    if arguments.compare:
        first, second = (json.load(open(path)) for path in arguments.compare)
        for row in paired_difference(first, second):
            print(json.dumps(row))
        return
    searches = ([name for name in arguments.searches.split(",") if name] if arguments.searches else
                [f"ismcts+budget={int(text)}{arguments.settings}" for text in arguments.budgets.split(",")])
    result = measure(arguments.game, arguments.players, searches, arguments.deals, arguments.seed,
                     arguments.timing_games, opponent=arguments.opponent, save=arguments.save,
                     every_seat_games=arguments.every_seat_games)
    print(markdown(result))


if __name__ == "__main__":
    main()
