"""The search state ``islandsim tune`` keeps beside its output file, so that ``--resume`` continues.

After every generation the state file ``<out>.state.json`` is rewritten (to a temporary name,
then renamed: a kill leaves the previous generation's file whole).  It holds the settings of the
search, its plan (candidates per generation, deals, generations), every generation's candidates
and their win rates, the history and the best candidate so far.  It holds no pickled object: the
CMA-ES object is rebuilt on ``--resume`` by starting the same search (same seed) and telling it,
generation by generation, the stored win rates; each generation's candidates must come out equal
to the stored ones, so a state that does not belong to this search (edited, damaged, another
version of the ``cma`` package) is refused in one line rather than continued wrongly.  The state
file is untrusted input: every field is checked before it is used.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

from simulator.core.engine.registry import UsageError

FORMAT = "islandsim tune state"
VERSION = 1
SUFFIX = ".state.json"
RESULT_SETTINGS = ("game", "players", "strategy", "field", "budget", "seed", "deals", "validate_deals", "popsize",
                   "variants")  # fmt: skip
"""The settings that decide a tuning's result (not --jobs or --scheduler): a resumed search must have them all equal."""


def state_path(out: Path) -> Path:
    """Where the search state of a tuning written to ``out`` is kept."""
    return Path(out).with_name(Path(out).name + SUFFIX)


def result_settings(settings: dict) -> dict:
    """The part of ``TuneSettings`` (as a dict) that decides the result, with lists for tuples."""
    return {key: list(settings[key]) if isinstance(settings[key], tuple) else settings[key] for key in RESULT_SETTINGS}


def save(path: Path, settings: dict, plan: dict, generations: list[dict], history: list[dict], seconds: float) -> None:
    """Write the state after a generation (``generations``: each one's candidates and win rates)."""
    best = max(((index, position) for index, told in enumerate(generations) for position in range(len(told["win_rates"]))),
               key=lambda pair: generations[pair[0]]["win_rates"][pair[1]])  # fmt: skip
    data = {"format": FORMAT, "version": VERSION, "settings": result_settings(settings), "plan": plan,
            "generations": generations, "history": history, "seconds": round(seconds, 1),
            "best": {"generation": best[0] + 1, "win_rate": generations[best[0]]["win_rates"][best[1]],
                     "weights": generations[best[0]]["candidates"][best[1]]}}  # fmt: skip
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    partial.replace(path)


def load(path: Path, settings: dict, plan: dict) -> dict:
    """The state at ``path``, checked against the search asked now; :class:`UsageError` in one line
    when it cannot be read, is not a tune state, or belongs to another search."""
    where = f"tune state {path}"
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise UsageError(f"no {where} to resume: nothing was kept; run the command without --resume") from None
    except OSError as error:
        raise UsageError(f"{where} cannot be read ({error.strerror})") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise UsageError(f"{where} is not a readable state file ({type(error).__name__}); delete it to start over") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"{where} is not an islandsim tune state; delete it or give another --out")
    if data.get("version") != VERSION:
        raise UsageError(f"{where} has state version {data.get('version')!r}, this islandsim reads {VERSION}; "
                         "delete it to start over")  # fmt: skip
    stored = data.get("settings")
    expected = result_settings(settings)
    if not isinstance(stored, dict):
        raise UsageError(f"{where} has no settings; delete it to start over")
    for key, value in expected.items():
        if stored.get(key) != value:
            raise UsageError(f"{where} is of another search: its {key} is {stored.get(key)!r}, this command's is "
                             f"{value!r}; give the same options, or delete it to start over")  # fmt: skip
    if data.get("plan") != plan:
        raise UsageError(f"{where} planned {data.get('plan')!r}, this command plans {plan!r}; delete it to start over")
    told = data.get("generations")
    history = data.get("history")
    if not isinstance(told, list) or not isinstance(history, list) or len(told) != len(history) \
            or len(told) > plan["generations"]:
        raise UsageError(f"{where} has a damaged list of generations; delete it to start over")
    dimension = plan.get("weights")
    for number, generation in enumerate(told, start=1):
        _check_generation(where, number, generation, plan["popsize"], dimension)
        entry = history[number - 1]
        if not isinstance(entry, dict) or not all(_finite(entry.get(key)) for key in ("best", "mean", "seconds")):
            raise UsageError(f"{where}: generation {number} has a damaged history entry; delete it to start over")
    if not _finite(data.get("seconds")) or data["seconds"] < 0:
        raise UsageError(f"{where} has a damaged 'seconds'; delete it to start over")
    return data


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_generation(where: str, number: int, generation, popsize: int, dimension: int | None) -> None:
    problem = None
    if not isinstance(generation, dict):
        problem = "is not a table"
    else:
        candidates, rates = generation.get("candidates"), generation.get("win_rates")
        if not isinstance(candidates, list) or not isinstance(rates, list) or len(candidates) != popsize \
                or len(rates) != popsize:
            problem = f"does not hold {popsize} candidates and win rates"
        elif not all(_finite(rate) and 0 <= rate <= 1 for rate in rates):
            problem = "has a win rate that is not a number from 0 to 1"
        elif not all(isinstance(candidate, list) and candidate and all(_finite(value) for value in candidate)
                     and (dimension is None or len(candidate) == dimension) for candidate in candidates):
            problem = "has a candidate that is not a list of finite numbers"
    if problem:
        raise UsageError(f"{where}: generation {number} {problem}; delete it to start over")


def replay(search, state: dict, where: Path) -> None:
    """Bring a fresh CMA-ES ``search`` (same seed and options) to the stored generation by telling it
    the stored win rates; :class:`UsageError` when a generation's candidates differ from the stored ones."""
    for number, generation in enumerate(state["generations"], start=1):
        candidates = search.ask()
        stored = np.array(generation["candidates"], dtype=np.float64)
        if stored.shape != np.shape(candidates) or not np.array_equal(stored, np.array(candidates, dtype=np.float64)):
            raise UsageError(f"tune state {where}: generation {number}'s candidates are not this search's (the file was "
                             "edited, or written with another version of the cma package); delete it to start over")  # fmt: skip
        search.tell(candidates, [-rate for rate in generation["win_rates"]])
