"""A small study from Python, notebook style (docs/api.md): does Sails' first player win more
often, and does the variant ``random-first-player`` change that?

Run it as a script (``python docs/example_study.py [N] [FOLDER]``) or cell by cell in a
notebook.  It plays two runs of N games (default 2,000) on the same deals, prints the seat table
and the paired comparison, and draws the win rate of each seat with its 95% interval for both
setups into FOLDER/seat_win_rates.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # draw to a file, no window
import matplotlib.pyplot as plt  # noqa: E402

from simulator import api  # noqa: E402


def study(n: int, folder: Path) -> Path:
    """Play the two setups, print what they say, draw the chart; returns the chart's path."""
    # %% play the baseline and the variant on the same deals (same seed, same n)
    setups = {"baseline": (), "random first player": ("random-first-player",)}
    runs = {label: api.run("sails", players=4, n=n, seed=2026, variants=variants, jobs=1,
                           out=folder / label.replace(" ", "-"))
            for label, variants in setups.items()}

    # %% one row per seat: win rate and its 95% interval
    tables = {label: api.summary(run) for label, run in runs.items()}
    for label, table in tables.items():
        print(label)
        print(table.select("seat", "games", "win_rate", "win_rate_low", "win_rate_high"))

    # %% paired differences, deal by deal
    print(api.compare(runs["baseline"], runs["random first player"]).select("measure", "difference", "low", "high",
                                                                            "verdict"))

    # %% the chart: seat on x, win rate with its interval, one bar per setup
    figure, axes = plt.subplots(figsize=(6, 3.5))
    width = 0.8 / len(tables)
    for offset, (label, table) in enumerate(tables.items()):
        seats = table["seat"].to_numpy() + (offset - (len(tables) - 1) / 2) * width
        rates = table["win_rate"].to_numpy() * 100
        errors = [rates - table["win_rate_low"].to_numpy() * 100, table["win_rate_high"].to_numpy() * 100 - rates]
        axes.bar(seats, rates, width, yerr=errors, capsize=3, label=label)
    axes.axhline(100 / 4, color="grey", linestyle="--", linewidth=1, label="fair share (25%)")
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (%)")
    axes.set_xticks(range(1, 5))
    axes.set_title(f"Sails, 4 players, {n:,} games per setup")
    axes.legend(fontsize=8)
    figure.tight_layout()
    chart = folder / "seat_win_rates.png"
    figure.savefig(chart, dpi=120)
    plt.close(figure)
    return chart


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("results/example-study")
    print(f"chart written to {study(games, out)}")
