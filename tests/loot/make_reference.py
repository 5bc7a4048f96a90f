"""Record the Loot Island reference results: the identity proof of an engine change.

For every player count (2-5), every variant alone (the 2-player ones at 2 players), none, a few
combinations, and a handful of forced and excluded event cards, a mixed lineup of the Loot
strategies plays ``GAMES`` games with the debug invariants on; the SHA-256 of the full
``seat_results`` and ``game_results`` arrays and of the engine's log records of the first games
(what the narration is written from, not its wording, so a narration change leaves them alone)
are stored in ``reference_results.json``.  ``test_reference.py`` replays the same configurations
with the current engine and compares byte for byte.

The stored digests were recorded with the callback engine, before the forward-model migration.
Regenerate (only when the rules change on purpose, and say why in the commit):

    python -m tests.loot.make_reference     # from the project folder, with its .venv active
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from simulator.core.engine.registry import check_event_rules
from simulator.core.players.strategies import build_lineup
from simulator.games.loot import TWO_PLAYER_VARIANTS, VARIANTS, game_spec
from simulator.games.loot.narrate import replay_log

REFERENCE = Path(__file__).parent / "reference_results.json"
GAMES = 200
NARRATED_GAMES = 2
SEED = 2026
PLAYER_COUNTS = (2, 3, 4, 5)
STRATEGY_CYCLE = ("greedy", "random", "curse_averse", "crown_hunter", "big_loot_opportunist", "early_passer")
COMBINATIONS = (
    ("healers-revealed", "two-healers", "event-in-final"),
    ("starting-draft", "amulet-counts-itself", "crowns-after-healers", "no-compass-no-reveal"),
    ("events-revealed", "fixed-ship-start", "b10-without-small-loot"),
)
TWO_PLAYER_COMBINATION = ("aaron-one-spares-actor", "a3-actor-pays-for-aaron", "b4-tile-holder-moves-aaron")
# (forced, excluded) event cards: every event card is forced in some configuration
EVENT_RULES = (
    (("A1",), ()),
    (("A2", "B1", "B2", "B3", "B4"), ()),
    (("A3", "B5", "B6", "B7", "B8"), ()),
    (("A4", "B9", "B10", "B11", "B12"), ()),
    (("B13", "B14"), ("A1", "A2")),
    ((), ("A3", "A4", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8")),
)


def configurations() -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """(lineup, variants, forced events, excluded events) of every reference configuration; the
    lineup rotates with the index."""
    configs = []
    for players in PLAYER_COUNTS:
        variant_sets = [()] + [(name,) for name in VARIANTS if players == 2 or name not in TWO_PLAYER_VARIANTS]
        variant_sets += list(COMBINATIONS)
        setups = [(variants, (), ()) for variants in variant_sets]
        setups += [((), forced, excluded) for forced, excluded in EVENT_RULES]
        if players == 2:
            setups.append((TWO_PLAYER_COMBINATION, ("A3", "B4"), ()))
        for index, (variants, forced, excluded) in enumerate(setups):
            names = tuple(STRATEGY_CYCLE[(index + seat) % len(STRATEGY_CYCLE)] for seat in range(players))
            configs.append((names, variants, forced, excluded))
    return configs


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def log_records(run_seed: int, game_index: int, flags, strategies, params) -> bytes:
    """The engine's log records of one game (int64, row by row), before any wording."""
    log, count, _ = replay_log(run_seed, game_index, flags, strategies, params)
    return np.ascontiguousarray(log[:count], dtype=np.int64).tobytes()


def record(spec, names: tuple[str, ...], variants: tuple[str, ...], forced: tuple[str, ...],
           excluded: tuple[str, ...]) -> dict:
    """The digests of one configuration's results and logs (debug invariants on)."""
    players = len(names)
    lineup = build_lineup(spec, players, names)
    flags = np.concatenate([spec.encode_variants(variants, players), check_event_rules(spec, forced, excluded, players)])
    seat_results = np.zeros((GAMES, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((GAMES, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(SEED, 0, GAMES, flags, lineup.functions, lineup.params, seat_results, game_results, True)
    logs = [digest(log_records(SEED, game, flags, lineup.functions, lineup.params)) for game in range(NARRATED_GAMES)]
    return {
        "lineup": list(names),
        "variants": list(variants),
        "forced": list(forced),
        "excluded": list(excluded),
        "seat_results": digest(seat_results.tobytes()),
        "game_results": digest(game_results.tobytes()),
        "logs": logs,
    }


def main() -> None:
    spec = game_spec()
    records = [record(spec, *config) for config in configurations()]
    payload = {"seed": SEED, "games": GAMES, "configurations": records}
    REFERENCE.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} configurations written to {REFERENCE}")


if __name__ == "__main__":
    main()
