"""Golden replays: narrated games and a results table compared exactly.

Regenerate after an intended rule or strategy change with ``UPDATE_GOLDEN=1``."""

import os
from pathlib import Path

import numpy as np
import pytest

from simulator.core.players.strategies import build_lineup

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("replay_4p_greedy_seed2026.txt", 4, ("greedy",) * 4, (), 2026, 0),
    ("replay_2p_greedy_seed7.txt", 2, ("greedy", "crown_hunter"), (), 7, 3),
    ("replay_5p_mixed_variants_seed11.txt", 5, ("greedy", "random", "curse_averse", "early_passer", "random"),
     ("two-healers", "starting-draft"), 11, 1),
]


def _compare(path: Path, text: str) -> None:
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(text)
        if os.environ.get("UPDATE_GOLDEN") != "1":
            pytest.fail(f"golden file {path.name} was missing and has been written; rerun")
    assert text == path.read_text(), f"{path.name} differs (UPDATE_GOLDEN=1 to accept an intended change)"


@pytest.mark.parametrize("name,players,names,variants,seed,game", CASES)
def test_narrated_replay_matches_golden(spec, name, players, names, variants, seed, game):
    lineup = build_lineup(spec, players, names)
    flags = spec.encode_variants(variants, players)
    lines = spec.narrate(seed, game, flags, lineup.functions, lineup.params)
    assert any("loot value" in line for line in lines)
    _compare(GOLDEN / name, "\n".join(lines) + "\n")


def test_results_table_matches_golden(run_games, spec):
    rows = []
    for players in (2, 3, 4, 5):
        seats, games = run_games(players, ["random"] * (players - 1) + ["greedy"], 10, seed=99)
        for g in range(10):
            rows.append(f"{players} {g} | " + " ".join(map(str, games[g].tolist())) + " | " +
                        " ; ".join(" ".join(map(str, seats[g, p].tolist())) for p in range(players)))
    header = "players game | " + " ".join(spec.game_columns) + " | " + " ".join(spec.seat_columns) + " per seat"
    _compare(GOLDEN / "results_seed99.txt", header + "\n" + "\n".join(rows) + "\n")
