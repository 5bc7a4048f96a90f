"""Golden replay: the narration of a fixed game must not change unless the rules change on purpose.

Regenerate with ``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/skirmish/test_golden.py``.
"""

import os
from pathlib import Path

from simulator.core.players.strategies import build_lineup
from simulator.games.skirmish import encode_variants

GOLDEN = Path(__file__).parent / "golden_replay_4p_seed7.txt"
NAMES = ("prospector", "raider", "bomber", "turtle")


def golden_lines(spec):
    lineup = build_lineup(spec, 4, NAMES)
    return spec.narrate(7, 0, encode_variants((), 4), lineup.functions, lineup.params)


def test_golden_replay(spec):
    text = "\n".join(golden_lines(spec)) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_narration_covers_the_game(spec):
    lines = golden_lines(spec)
    assert lines[0].startswith("=== 4 players; seat 1 starts")
    assert sum(" docks at " in line for line in lines) == 4
    assert lines[-1].startswith("=== seat ")
    assert any(" opens the chest at " in line for line in lines)
