"""Which of the 32 Tobago islands are fairest?  Reads the runs of experiments/tobago-islands.toml
from the run store and prints, per island, each seat's win rate with its 95% Wilson interval and
the spread between the best and the worst seat (percentage points), fairest first.

Run the study first (it stores the runs), then:
    python research/tobago_island_fairness.py [--results results/store] [--format md]
"""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from pathlib import Path

import polars as pl

from simulator.games.tobago.island import ISLAND_IDS

STUDY = Path(__file__).resolve().parent.parent / "experiments" / "tobago-islands.toml"
Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson interval of a proportion (fractional successes: shared wins count a share)."""
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return centre - half, centre + half


def study_runs(store: Path) -> dict[str, Path]:
    """Setup name ('' for the drawn default, else 'island-k') -> run folder of the study."""
    study = tomllib.loads(STUDY.read_text(encoding="utf-8"))
    lineup = study["lineups"][0] * study["players"][0]
    found: dict[str, tuple[str, Path]] = {}
    for manifest_path in store.glob("tobago-*/manifest.json"):
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        variants = manifest["variants"]
        if (manifest["players"] != study["players"][0] or manifest["seed"] != study["seed"] or manifest["n"] != study["n"]
                or manifest["lineup"] != lineup[:manifest["players"]] or manifest.get("status") != "complete"
                or len(variants) > 1 or (variants and not variants[0].startswith("island-"))):
            continue
        setup = variants[0] if variants else ""
        started = manifest.get("started") or ""
        if setup not in found or started > found[setup][0]:  # the newest run of each setup
            found[setup] = (started, manifest_path.parent)
    return {setup: folder for setup, (_, folder) in found.items()}


def seat_rates(folder: Path) -> tuple[int, list[tuple[float, float, float]]]:
    """Games, and per seat (win rate, low, high); a shared first place counts as 1/winners."""
    rows = pl.read_parquet(sorted((folder / "chunks").glob("chunk-*.parquet")), columns=["game", "seat", "rank", "winners"])
    rows = rows.with_columns(pl.when(pl.col("rank") == 1).then(1.0 / pl.col("winners")).otherwise(0.0).alias("win"))
    games = rows["game"].n_unique()
    rates = []
    for (_seat,), part in rows.sort("seat").group_by("seat", maintain_order=True):
        wins = float(part["win"].sum())
        low, high = wilson(wins, games)
        rates.append((wins / games, low, high))
    return games, rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("results/store"))
    parser.add_argument("--format", choices=("text", "md"), default="text")
    args = parser.parse_args()
    runs = study_runs(args.results)
    if not runs:
        raise SystemExit(f"error: no complete run of {STUDY.name} in {args.results}; run the study first")
    table = []
    for setup, folder in runs.items():
        games, rates = seat_rates(folder)
        name = "drawn per game (default)" if not setup else f"{setup} ({ISLAND_IDS[int(setup.split('-')[1]) - 1]})"
        spread = max(r[0] for r in rates) - min(r[0] for r in rates)
        table.append((spread, name, games, rates))
    table.sort()
    seats = len(table[0][3])
    if args.format == "md":
        print("| island | " + " | ".join(f"seat {s + 1} wins" for s in range(seats)) + " | spread (points) |")
        print("|---|" + "---|" * (seats + 1))
    for spread, name, games, rates in table:
        cells = [f"{100 * r:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]" for r, lo, hi in rates]
        if args.format == "md":
            print(f"| {name} | " + " | ".join(cells) + f" | {100 * spread:.1f} |")
        else:
            print(f"{name:28s} {games:6d} games  " + "  ".join(cells) + f"  spread {100 * spread:.1f}")


if __name__ == "__main__":
    main()
