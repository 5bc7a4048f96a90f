"""What the sequential stronger-play check costs for a seat-advantage headline at 4 players.

Simulates the check of ``confirm.imbalance_fare`` with its looks (``confirm.look_sizes``) and
per-look level (``confirm.look_level``) on games whose seats win with given true rates (one
winner a game, the search player in every seat, one run: no seat rotation), and prices the games
with the search player's measured CPU time a game (``search_strength.json``, budget 100, the
search in every seat).  Nothing is played: the games are multinomial draws.

    PYTHONPATH=. python research/sequential_confirm_cost.py
"""

from __future__ import annotations

import math

import numpy as np

from simulator.analysis.stats import intervals as stats
from simulator.analysis.studies import confirm
from simulator.core.run.summary import wilson_interval

SEARCH = "ismcts@tuned+budget=100+agree=0.25+prior=0.1"
SCENARIOS = {
    # game: (confirm_n of the shipped study, true seat rates at 4 players, seats favoured under the main lineup)
    "loot": (100, (0.250, 0.250, 0.245, 0.255), []),  # 0.5 pp, no seat beyond noise (tuned default, 10,000 games)
    "sails": (400, (0.250, 0.252, 0.246, 0.252), []),  # 0.5 pp, no seat beyond noise
    "tobago": (50, (0.295, 0.268, 0.230, 0.207), [1]),  # seat 1 +3.9 pp, seat 4 -4.2 pp
    "skeleton": (300, (0.36, 0.29, 0.23, 0.12), [1]),  # seat 1 +10.1 pp
}
BUDGETS = (1_600, 3_200, 6_400, 12_800)
CHECKS = 1_000


def seat_check(wins: np.ndarray, games: int, looks: int) -> dict:
    """What ``confirm.imbalance_value`` gives for one run of ``games`` games (one trial a deal)."""
    rates = wins / games
    fair = float(rates.mean())
    bounds, p_values = [], []
    for seat_wins, rate in zip(wins, rates):
        low, high = wilson_interval(int(seat_wins), games)
        bounds.append(confirm.widen(low, rate, high, looks))
        p_values.append(stats.two_sided_p(rate - fair, math.sqrt(rate * (1 - rate) / games)))
    adjusted = stats.holm(p_values)
    favoured = [seat + 1 for seat in np.argsort(-rates)
                if adjusted[seat] <= stats.ALPHA / looks and bounds[seat][0] > fair]  # fmt: skip
    return {"favoured": favoured, "seat_bounds": [(low - fair, high - fair) for low, high in bounds]}


def simulate(first: int, budget: int, rates, main_favoured, generator) -> tuple[float, float, dict]:
    """Share of checks decided, mean games per run played, and the verdicts' shares."""
    sizes = confirm.look_sizes(first, budget)
    main = {"measure": "seat-imbalance", "favoured": main_favoured}
    decided, games, verdicts = 0, 0, {}
    for _ in range(CHECKS):
        winners = generator.choice(len(rates), size=sizes[-1], p=np.asarray(rates) / sum(rates))
        for size in sizes:
            wins = np.bincount(winners[:size], minlength=len(rates)).astype(float)
            verdict = confirm.imbalance_fare(main, seat_check(wins, size, len(sizes)))
            if verdict != confirm.NOT_DECIDED:
                break
        decided += verdict != confirm.NOT_DECIDED
        games += size
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    return decided / CHECKS, games / CHECKS, {name: count / CHECKS for name, count in verdicts.items()}


def main() -> None:
    generator = np.random.default_rng(36)
    print(f"{'game':9} {'budget':>7} {'looks':>5} {'level':>7} {'decided':>8} {'games/run':>9} {'CPU/check':>10}  verdicts")
    for game, (first, rates, favoured) in SCENARIOS.items():
        row = confirm.strongest_search(game, 4)
        cost = next(r["cpu_s_per_game_every_seat"] for r in confirm.search_strength(game, 4) if r["search"] == SEARCH)
        for budget in BUDGETS:
            share, games, verdicts = simulate(first, budget, rates, favoured, generator)
            looks = len(confirm.look_sizes(first, budget))
            shown = ", ".join(f"{name} {100 * value:.0f}%" for name, value in sorted(verdicts.items()))
            print(f"{game:9} {budget:>7,} {looks:>5} {confirm.level_text(looks):>7} {100 * share:>7.0f}% {games:>9,.0f} "
                  f"{games * cost / 60:>8.1f} min  {shown}  ({cost:.2f} CPU s a game; best measured: {row and row['search']})")  # fmt: skip


if __name__ == "__main__":
    main()
