"""Golden replay: the narration of a fixed game must not change unless the rules change on purpose.

Regenerate with ``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/skeleton/test_golden.py``.
"""

import os
from pathlib import Path

from simulator.games.skeleton import encode_variants
from tests.skeleton.helpers import lineup

GOLDEN = Path(__file__).parent / "golden_replay_4p_seed7.txt"
NAMES = ("map_builder", "random", "pirate", "coin_grabber")


def golden_lines(spec):
    strategies, params = lineup(spec, NAMES)
    return spec.narrate(7, 0, encode_variants((), 4), strategies, params)


def test_golden_replay(spec):
    text = "\n".join(golden_lines(spec)) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_narration_covers_the_game(spec):
    lines = golden_lines(spec)
    assert lines[0].startswith("=== 4 players; 49 Sand cards")
    assert sum(line.startswith("Final: seat") for line in lines) == 4
    assert any(line.startswith("=== Game over after") for line in lines)
    assert sum(" takes a " in line for line in lines) > 20
