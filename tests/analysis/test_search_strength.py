"""The measured strength of the search player that the confirmation of studies reads
(``simulator/analysis/studies/search_strength.json``, written by research/ismcts_table.py)."""

import json

from simulator.analysis.studies import confirm


def _row(game, players, search, cpu, difference):
    return {"game": game, "players": players, "search": search, "budget": 1, "cpu_s_per_game_every_seat": cpu,
            "paired_difference": difference, "deals": 150}


def test_a_missing_strength_file_reads_as_no_measurement(tmp_path):
    assert confirm.search_strength("loot", 2, tmp_path / "missing.json") == []


def test_the_shipped_file_has_a_row_per_measured_game_with_its_interval():
    rows = json.loads(confirm.SEARCH_STRENGTH_FILE.read_text())["rows"]
    assert {row["game"] for row in rows} >= {"loot", "skeleton", "tobago"}
    for row in rows:
        assert row["ci95_low"] <= row["paired_difference"] <= row["ci95_high"]
        assert row["cpu_s_per_game_every_seat"] > 0 and row["search"].startswith("ismcts@tuned+budget=")


def _measured(game, players, search, cpu, difference, low):
    return dict(_row(game, players, search, cpu, difference), ci95_low=low, ci95_high=2 * difference - low,
                opponent=confirm.tuned_default(game, players))


def test_the_stronger_player_is_the_cheapest_setting_worth_the_name(tmp_path):
    from simulator.analysis.stats import strategy_names
    from simulator.analysis.studies import stronger

    path = tmp_path / "strength.json"
    path.write_text(json.dumps({"rows": [
        _measured("loot", 4, "ismcts@tuned+budget=50", 0.10, 0.04, 0.01),    # +4 pp: not worth the name
        _measured("loot", 4, "ismcts@tuned+budget=100", 0.34, 0.06, 0.01),   # +6 pp, clear of 0: the cheapest that is
        _measured("loot", 4, "ismcts@tuned+budget=400", 1.20, 0.20, 0.15),
        _measured("loot", 3, "ismcts@tuned+budget=100", 0.20, 0.08, -0.01),  # +8 pp, interval not clear of 0
        _measured("loot", 3, "ismcts@tuned+budget=50", 0.10, 0.02, -0.03),
        dict(_measured("loot", 4, "ismcts@tuned+budget=20", 0.01, 0.09, 0.02), deals=40),  # too few deals to choose by
        dict(_measured("loot", 2, "ismcts@tuned+budget=100", 0.10, 0.30, 0.20), opponent="greedy"),  # another opponent
    ]}))  # fmt: skip
    assert stronger.stronger_player("loot", 4, path) == "ismcts@tuned+budget=100"
    assert stronger.stronger_player("loot", 3, path) == "ismcts@tuned+budget=100"  # falls short: the surest gain
    assert not stronger.qualifies(stronger.stronger_row("loot", 3, path))
    assert stronger.stronger_player("loot", 2, path) == confirm.tuned_default("loot", 2)  # nothing measured against it
    assert strategy_names.plain_name("ismcts@tuned+budget=100+agree=0.25") == "the search player, 100 simulated games per move"


def test_the_docs_table_is_the_data_file_s():
    from pathlib import Path

    from simulator.analysis.studies import stronger

    text = (Path(__file__).resolve().parents[2] / "docs" / "strategies.md").read_text(encoding="utf-8")
    start = text.index("<!-- strength table: research/ismcts_table.py --table -->\n")
    shown = text[start:text.index("<!-- end of strength table -->")].split("\n", 1)[1].strip()
    assert shown == stronger.strength_table(), "run research/ismcts_table.py --table and paste it into docs/strategies.md"
