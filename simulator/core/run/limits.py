"""The bounds of every number a user gives, and the click types that enforce them.

Every command takes its counts through these types, so a number out of range is refused
while the command line is read, in one line, before anything is planned or played.  The
bounds and why they are what they are (also in docs/running.md, "Limits"):

- ``MAX_GAMES`` (10^9 games per run): a billion games already pin every win rate to
  ±0.003 percentage points, far finer than any balance question needs; at ~10,000 games/s
  per core that is more than a day of 2 cores, and the results take tens of GB.  Larger
  numbers are a typo (or ``10**18``), which used to exhaust memory while planning.
- ``MAX_CHUNK_GAMES`` (10^6 games): a chunk (and ``bench --n``) is played in one call whose
  result arrays are held in memory at once, about players x columns x 8 bytes per game:
  some 400 MB for a million 5-player games.
- ``MAX_SEED`` (2^63 - 1): seeds are stored as int64 (numba, Parquet, the manifest).
- ``MAX_JOBS`` (4096): more worker processes than any machine has; within the bound, a
  count above this machine's cores is lowered to the cores with a warning
  (:func:`simulator.core.run.runner.local_jobs`), since extra processes only cost memory.
"""

from __future__ import annotations

import math

import click

MAX_GAMES = 10**9
MAX_CHUNK_GAMES = 10**6
MAX_SEED = 2**63 - 1
MAX_JOBS = 4096


class BoundedInt(click.ParamType):
    """A whole number between ``low`` and ``high``; the refusal says the range and what it counts."""

    name = "integer"

    def __init__(self, low: int, high: int, what: str) -> None:
        self.low, self.high, self.what = low, high, what

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip().replace("_", ""), 10)
            except ValueError:
                self.fail(f"{value!r} is not a whole number ({self.allowed()})", param, ctx)
        if not self.low <= number <= self.high:
            shown = f"{number:,}" if len(str(number)) <= 24 else f"a {len(str(abs(number)))}-digit number"
            self.fail(f"{shown} is out of range ({self.allowed()})", param, ctx)
        return number

    def allowed(self) -> str:
        return f"{self.what}: {self.low:,} to {self.high:,}"


class OpenFraction(click.ParamType):
    """A finite number strictly between ``low`` and ``high`` (``nan`` and ``inf`` refused)."""

    name = "number"

    def __init__(self, low: float, high: float, what: str) -> None:
        self.low, self.high, self.what = low, high, what

    def convert(self, value, param, ctx) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number ({self.allowed()})", param, ctx)
        if not (math.isfinite(number) and self.low < number < self.high):
            self.fail(f"{value} is out of range ({self.allowed()})", param, ctx)
        return number

    def allowed(self) -> str:
        return f"{self.what}: strictly between {self.low:g} and {self.high:g}"


GAMES = BoundedInt(1, MAX_GAMES, "games")
"""``--n``, ``--max-n``, ``--run-n`` when given: games of a run."""
CHUNK_GAMES = BoundedInt(1, MAX_CHUNK_GAMES, "games played in one call")
"""``bench --n``: games played at once in memory."""
OPTIONAL_CHUNK_GAMES = BoundedInt(0, MAX_CHUNK_GAMES, "games played in one call, 0 to skip")
OPTIONAL_GAMES = BoundedInt(0, MAX_GAMES, "games, 0 to skip")
CHUNK_SIZE = BoundedInt(0, MAX_CHUNK_GAMES, "games per chunk, 0 for the game's default")
GAME_INDEX = BoundedInt(0, MAX_GAMES - 1, "a game of a run")
SEED = BoundedInt(0, MAX_SEED, "seed")
JOBS = BoundedInt(1, MAX_JOBS, "worker processes")


def games_problem(n: object) -> str | None:
    """What is wrong with ``n`` as a number of games of a run, or ``None``."""
    if isinstance(n, bool) or not isinstance(n, int):
        return f"must be a whole number of games, not {n!r}"
    if not 1 <= n <= MAX_GAMES:
        return f"must be a number of games from 1 to {MAX_GAMES:,}, not {n:,}"
    return None
