"""Plain-English helpers shared by every game's narration (``islandsim replay``, ``play``).

Plain Python, never compiled: the games' ``narrate.py`` modules call them on the lines they
build from the engine's log.

- :func:`plural` writes a count with its noun ("1 gem", "3 gems", "1 possible hex").
- :func:`fold_repeats` folds a stretch of lines that repeats itself (a stalled game's same
  turn played over and over) into one copy of the stretch and a line saying how often it was
  repeated, so a 6,000-line replay of a stall reads in a screen.
"""

from __future__ import annotations

from collections.abc import Sequence

IRREGULAR_PLURALS = {"hex": "hexes", "die": "dice", "treasure chest": "treasure chests", "ATV": "ATVs"}
"""Nouns whose plural is not the noun plus ``s`` (most games only need ``s``)."""


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` followed by ``noun`` in the singular (count 1 or -1) or the plural:
    ``plural(1, "gem") == "1 gem"``, ``plural(0, "gem") == "0 gems"``,
    ``plural(2, "possible hex") == "2 possible hexes"``."""
    if abs(count) == 1:
        return f"{count} {noun}"
    if plural_form is None:
        *head, last = noun.split(" ")
        last_plural = IRREGULAR_PLURALS.get(last, last + "es" if last.endswith(("x", "s", "ch", "sh")) else last + "s")
        plural_form = " ".join([*head, last_plural])
    return f"{count} {plural_form}"


MIN_REPEATS = 3
"""A stretch is folded when it occurs at least this many times in a row."""
MAX_PERIOD = 40
"""The longest stretch (in lines) that :func:`fold_repeats` looks for."""


def fold_repeats(lines: Sequence[str], min_repeats: int = MIN_REPEATS, max_period: int = MAX_PERIOD) -> list[str]:
    """Fold every stretch of ``p`` lines (``p <= max_period``) that occurs ``min_repeats`` or more
    times in a row into one copy of it followed by ``"(the last p lines repeated k more times)"``.

    Shorter periods are preferred (a line repeated alone folds as one line), and the lines
    before and after the repetition are kept as they are, so nothing that differs is hidden.
    """
    lines = list(lines)
    folded: list[str] = []
    i = 0
    while i < len(lines):
        best_period, best_count = 0, 1
        for period in range(1, min(max_period, (len(lines) - i) // min_repeats) + 1):
            count = _repeat_count(lines, i, period)
            if count >= min_repeats:  # the shortest period that repeats enough reads best
                best_period, best_count = period, count
                break
        if best_period:
            folded.extend(lines[i:i + best_period])
            more = best_count - 1
            what = "the line above" if best_period == 1 else f"the last {best_period} lines"
            folded.append(f"({what} repeated {more} more time{'s' if more != 1 else ''})")
            i += best_period * best_count
        else:
            folded.append(lines[i])
            i += 1
    return folded


def _repeat_count(lines: list[str], start: int, period: int) -> int:
    """How many times ``lines[start:start + period]`` occurs back to back from ``start``."""
    block = lines[start:start + period]
    count = 1
    position = start + period
    while lines[position:position + period] == block:
        count += 1
        position += period
    return count


def play_text_attribute(spec, name: str, default=None):
    """An optional attribute of the game's ``play_text.py`` (``DECISION_WORDS``, ``own_cards``,
    ``ASKED_FOR_HIDDEN_CARDS``), ``default`` when the game has no such module or attribute."""
    import importlib

    from simulator.core.engine.registry import GAME_MODULES

    try:
        module = importlib.import_module(f"{GAME_MODULES[getattr(spec, 'id', '')]}.play_text")
    except (KeyError, ModuleNotFoundError):
        return default
    return getattr(module, name, default)


def decision_words(spec, kind: int) -> str:
    """What a decision of kind ``kind`` asks, in a player's words ("choose a card to play"), from
    the ``DECISION_WORDS`` mapping (decision kind name -> words) of the game's ``play_text.py``;
    a kind it does not name reads as its name with spaces ("opening pass colour"), never as the
    engine's identifier."""
    name = spec.decision_name(kind)
    return play_text_attribute(spec, "DECISION_WORDS", {}).get(name, name.replace("_", " "))
