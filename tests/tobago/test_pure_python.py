"""The engine runs unchanged without numba (NUMBA_DISABLE_JIT=1) and gives identical results,
including the golden replay."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.tobago.helpers import run_chunk
from tests.tobago.test_games import GOLDEN

ROOT = Path(__file__).resolve().parents[2]
CASES = (
    (("racer", "random", "contributor", "amulet_hunter"), ()),
    (("random", "racer"), ("exchange-any-subset", "last-rose-must-take", "island-29")),
)
SCRIPT = """
import json, sys
from tests.tobago.helpers import get_spec, run_chunk
spec = get_spec()
out = []
for names, variants in json.loads(sys.argv[1]):
    seat_results, game_results = run_chunk(spec, tuple(names), 2, variants=tuple(variants), seed=17)
    out.append([seat_results.tolist(), game_results.tolist()])
from tests.tobago.test_games import golden_lines
print(json.dumps({"chunks": out, "golden": golden_lines(spec)}))
"""


def test_pure_python_matches_compiled(spec):
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(CASES)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "RuntimeWarning" not in result.stderr
    pure = json.loads(result.stdout.strip().splitlines()[-1])
    assert "\n".join(pure["golden"]) + "\n" == GOLDEN.read_text(encoding="utf-8")
    for (names, variants), (seat_rows, game_rows) in zip(CASES, pure["chunks"]):
        seat_results, game_results = run_chunk(spec, names, 2, variants=variants, seed=17)
        assert np.array_equal(np.array(seat_rows), seat_results)
        assert np.array_equal(np.array(game_rows), game_results)
