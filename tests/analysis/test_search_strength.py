"""The measured strength of the search player that the confirmation of studies reads
(``simulator/analysis/studies/search_strength.json``, written by research/ismcts_table.py)."""

import json

from simulator.analysis.studies import confirm


def _row(game, players, search, cpu, difference):
    return {"game": game, "players": players, "search": search, "budget": 1, "cpu_s_per_game_every_seat": cpu,
            "paired_difference": difference}


def test_the_strongest_search_within_the_cpu_budget_is_chosen(tmp_path):
    path = tmp_path / "strength.json"
    path.write_text(json.dumps({"rows": [
        _row("loot", 4, "ismcts@tuned+budget=20", 0.08, 0.01),
        _row("loot", 4, "ismcts@tuned+budget=100", 0.34, 0.06),
        _row("loot", 4, "ismcts@tuned+budget=400", 1.20, 0.10),
        _row("loot", 2, "ismcts@tuned+budget=100", 0.10, 0.20),
    ]}))
    # 2,000 games in 3 CPU minutes: at most 0.09 s a game
    assert confirm.affordable_search("loot", 4, 2000, 180, path)["search"] == "ismcts@tuned+budget=20"
    assert confirm.affordable_search("loot", 4, 2000, 700, path)["search"] == "ismcts@tuned+budget=100"
    assert confirm.affordable_search("loot", 4, 2000, 100, path) is None
    assert confirm.affordable_search("sails", 4, 2000, 10_000, path) is None
    assert confirm.search_strength("loot", 2, tmp_path / "missing.json") == []


def test_the_shipped_file_has_a_row_per_measured_game_with_its_interval():
    rows = json.loads(confirm.SEARCH_STRENGTH_FILE.read_text())["rows"]
    assert {row["game"] for row in rows} >= {"loot", "skeleton", "tobago"}
    for row in rows:
        assert row["ci95_low"] <= row["paired_difference"] <= row["ci95_high"]
        assert row["cpu_s_per_game_every_seat"] > 0 and row["search"].startswith("ismcts@tuned+budget=")
