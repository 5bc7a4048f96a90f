"""Record the Sails reference results: the identity proof of an engine change.

For every player count (3-5) and every variant alone (plus none and a few combinations), a mixed
lineup of the Sails strategies plays ``GAMES`` games with the debug invariants on; the SHA-256 of
the full ``seat_results`` and ``game_results`` arrays and of the engine's log records of the
first games (what the narration is written from, not its wording, so a narration change leaves
them alone) are stored in ``reference_results.json``.  ``test_reference.py`` replays the same configurations
with the current engine and compares byte for byte.

Regenerate (only when the rules change on purpose, and say why in the commit):

    python -m tests.sails.make_reference     # from the project folder, with its .venv active
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from simulator.games.sails import PLAYER_COUNTS, encode_variants
from simulator.games.sails.narrate import replay_log
from simulator.games.sails.state import VARIANTS
from tests.sails.helpers import get_spec, lineup, run_chunk

REFERENCE = Path(__file__).parent / "reference_results.json"
GAMES = 200
NARRATED_GAMES = 2
SEED = 2026
STRATEGY_CYCLE = ("greedy", "random", "treasure_hunter", "bonus_hoarder", "bluffer")
COMBINATIONS = (
    ("bonus-after-reveal", "actions-side-b", "random-first-player"),
    ("weakest-tie-nearest", "treasure-values-low", "actions-pairing-swapped", "opening-pass-once"),
    ("round2-first-card-holder", "rb-action-side-b", "treasure-values-one-each", "bonus-after-reveal"),
)


def configurations() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(lineup, variants) of every reference configuration; the lineup rotates with the index."""
    variant_sets = [()] + [(name,) for name in VARIANTS] + list(COMBINATIONS)
    configs = []
    for players in PLAYER_COUNTS:
        for index, variants in enumerate(variant_sets):
            names = tuple(STRATEGY_CYCLE[(index + seat) % len(STRATEGY_CYCLE)] for seat in range(players))
            configs.append((names, variants))
    return configs


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def log_records(run_seed: int, game_index: int, flags, strategies, params) -> bytes:
    """The engine's log records of one game (int64, row by row), before any wording."""
    log, count = replay_log(run_seed, game_index, flags, strategies, params)
    return np.ascontiguousarray(log[:count], dtype=np.int64).tobytes()


def record(spec, names: tuple[str, ...], variants: tuple[str, ...]) -> dict:
    """The digests of one configuration's results and logs (debug invariants on)."""
    seat_results, game_results = run_chunk(spec, names, GAMES, variants=variants, seed=SEED, debug=True)
    strategies, params = lineup(spec, names)
    flags = encode_variants(variants, len(names))
    logs = [digest(log_records(SEED, game, flags, strategies, params)) for game in range(NARRATED_GAMES)]
    return {
        "lineup": list(names),
        "variants": list(variants),
        "seat_results": digest(seat_results.tobytes()),
        "game_results": digest(game_results.tobytes()),
        "logs": logs,
    }


def main() -> None:
    spec = get_spec()
    records = [record(spec, names, variants) for names, variants in configurations()]
    payload = {"seed": SEED, "games": GAMES, "configurations": records}
    REFERENCE.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} configurations written to {REFERENCE}")


if __name__ == "__main__":
    main()
