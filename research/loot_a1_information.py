"""Loot Island: what event A1 is worth to the heuristic, and what the information variants change.

Reproduces the figures of docs/games/loot.md ("Event A1 and the information variants"):

1. ``worth``: with A1 forced, one seat that always accepts against the same seat never accepting
   (the other seats play ``default``), paired on the same deals, at 2 to 5 players;
2. ``information``: ``default`` at every seat, the plain game against ``healers-revealed`` and
   ``events-revealed`` on the same deals: A1 acceptance, share of games that differ, and the
   paired per-seat differences with 95 % intervals.

Run from the repository root:
    PYTHONPATH=$PWD python research/loot_a1_information.py [worth|information] [--n N]
"""

from __future__ import annotations

import argparse

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.registry import check_event_rules
from simulator.games.loot import game_spec
from simulator.games.loot.state import D_A1_DRAW, EV_B8, S_VAR, V_EVENTS_REVEALED, V_HEALERS_REVEALED
from strategies.loot import N_PARAMS, heuristic_strategy, style_params

ASKED = N_PARAMS  # params column counting the A1 decisions of a seat
ACCEPTED = N_PARAMS + 1  # and its acceptances


@njit(STRATEGY_SIGNATURE)
def counting_default(state, seat, decision_kind, options, n_options, params, stream):
    """The heuristic, counting its A1 decisions and acceptances in ``params``."""
    choice = heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream)
    if decision_kind == D_A1_DRAW:
        params[ASKED] += 1
        params[ACCEPTED] += options[choice]
    return choice


@njit(STRATEGY_SIGNATURE)
def always_a1(state, seat, decision_kind, options, n_options, params, stream):
    """The heuristic, always accepting A1."""
    if decision_kind == D_A1_DRAW:
        return 1
    return heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream)


@njit(STRATEGY_SIGNATURE)
def never_a1(state, seat, decision_kind, options, n_options, params, stream):
    """The heuristic, never accepting A1."""
    if decision_kind == D_A1_DRAW:
        return 0
    return heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream)


@njit(STRATEGY_SIGNATURE)
def uninformed_default(state, seat, decision_kind, options, n_options, params, stream):
    """The heuristic, ignoring what the information variants reveal (their flags hidden from it)."""
    healers = state[S_VAR + V_HEALERS_REVEALED]
    events = state[S_VAR + V_EVENTS_REVEALED]
    state[S_VAR + V_HEALERS_REVEALED] = 0
    state[S_VAR + V_EVENTS_REVEALED] = 0
    choice = heuristic_strategy(state, seat, decision_kind, options, n_options, params, stream)
    state[S_VAR + V_HEALERS_REVEALED] = healers
    state[S_VAR + V_EVENTS_REVEALED] = events
    return choice


def play(spec, functions, players, n, seed, variants=(), forced=()):
    """Seat and game result arrays of ``n`` games, and the params rows (with the counters)."""
    params = np.zeros((players, N_PARAMS + 2))
    params[:, :N_PARAMS] = style_params("greedy")
    flags = np.concatenate([spec.encode_variants(tuple(variants), players),
                            check_event_rules(spec, tuple(forced), (), players)])
    seats = np.zeros((n, players, len(spec.seat_columns)), dtype=np.int64)
    games = np.zeros((n, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, n, flags, tuple(functions), params, seats, games, False)
    return seats, games, params


def interval(values: np.ndarray, digits: int = 2) -> str:
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
    return f"{values.mean():+.{digits}f} ± {half:.{digits}f}"


def worth(spec, n: int, seed: int) -> None:
    col = spec.seat_columns.index
    for players in (2, 3, 4, 5):
        others = [counting_default] * (players - 1)
        accept, _, _ = play(spec, [always_a1] + others, players, n, seed, forced=("A1",))
        decline, _, _ = play(spec, [never_a1] + others, players, n, seed, forced=("A1",))
        score = accept[:, 0, col("score")] - decline[:, 0, col("score")].astype(float)
        win = (accept[:, 0, col("rank")] == 1).astype(float) - (decline[:, 0, col("rank")] == 1)
        cubes = accept[:, 0, col("curse_cubes")] - decline[:, 0, col("curse_cubes")].astype(float)
        print(f"{players} players, seat 1 accepting A1 rather than declining: score {interval(score)} gold, "
              f"win rate {interval(100 * win)} pp, final cubes {interval(cubes)}")


def information(spec, n: int, seed: int, players: int = 4) -> None:
    col = spec.seat_columns.index
    plain, games, params = play(spec, [counting_default] * players, players, n, seed)
    print(f"plain: A1 accepted {params[:, ACCEPTED].sum():.0f} of {params[:, ASKED].sum():.0f} times")
    b8_coming = np.any(games[:, [spec.game_columns.index(f"event_{r}") for r in range(2, 6)]] == EV_B8, axis=1)
    for variant in ("healers-revealed", "events-revealed"):
        seats, _, params = play(spec, [counting_default] * players, players, n, seed, variants=(variant,))
        differ = np.any(seats != plain, axis=(1, 2))
        share = differ.mean()
        print(f"{variant}: A1 accepted {params[:, ACCEPTED].sum():.0f} of {params[:, ASKED].sum():.0f} times; "
              f"games differing from the plain game {differ.sum()} of {n} "
              f"({100 * share:.1f} ± {196 * np.sqrt(share * (1 - share) / n):.1f} %)")
        for name in ("score", "gold", "healer_cost", "curse_cubes", "treasures_kept", "eliminated"):
            after = seats[:, :, col(name)].astype(float)
            before = plain[:, :, col(name)].astype(float)
            if name == "eliminated":
                after, before = (after != 0).astype(float), (before != 0).astype(float)
            difference = (after - before).mean(axis=1)  # per game, mean over seats
            digits = 4 if name == "eliminated" else 2
            line = f"    {name} per seat: plain {before.mean():.4f}, difference {interval(difference, digits)}"
            if variant == "events-revealed":
                line += f" (games with B8: {interval(difference[b8_coming], digits)})"
            print(line)
        # the worth of the information to one seat: seat 1 reading it or not, the others not
        others = [uninformed_default] * (players - 1)
        informed, _, _ = play(spec, [counting_default] + others, players, n, seed, variants=(variant,))
        blind, _, _ = play(spec, [uninformed_default] + others, players, n, seed, variants=(variant,))
        score = informed[:, 0, col("score")] - blind[:, 0, col("score")].astype(float)
        win = (informed[:, 0, col("rank")] == 1).astype(float) - (blind[:, 0, col("rank")] == 1)
        print(f"    seat 1 alone reading it (others not): score {interval(score)} gold, win rate {interval(100 * win)} pp")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("worth", "information"))
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2027)
    arguments = parser.parse_args()
    spec = game_spec()
    if arguments.part == "worth":
        worth(spec, arguments.n, arguments.seed)
    else:
        information(spec, arguments.n, arguments.seed)


if __name__ == "__main__":
    main()
