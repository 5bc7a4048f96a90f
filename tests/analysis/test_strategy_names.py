"""``X@tuned`` keeps one name in reports that rank strategies at several player counts (issue 25)."""

from __future__ import annotations

import dataclasses

import polars as pl

from simulator.analysis.report import answers as report_answers
from simulator.analysis.report import document as report
from simulator.analysis.stats.strategy_names import as_written, with_file


def test_the_file_tuned_at_the_count_played_reads_as_the_name_the_study_wrote():
    assert as_written("greedy@tuned-4p", 4) == "greedy@tuned"
    assert as_written("ismcts@tuned-2p+budget=100+prior=0.1", 2) == "ismcts@tuned+budget=100+prior=0.1"
    assert with_file("greedy@tuned-3p", 3) == "greedy@tuned (file tuned-3p)"


def test_other_names_are_left_as_recorded():
    assert as_written("greedy@tuned-4p", 3) == "greedy@tuned-4p"  # a file tuned for another count: another player
    assert as_written("greedy", 4) == "greedy"
    assert as_written("greedy@mine.toml", 4) == "greedy@mine.toml"
    assert as_written("my_module:play", 4) == "my_module:play"
    assert with_file("greedy", 4) == "greedy"


def _renamed(run, names: dict[str, str]):
    """``run`` as if its lineup had been resolved to ``names`` (the toy game ships no tuned file)."""
    manifest = {**run.manifest, "lineup": [names.get(name, name) for name in run.manifest["lineup"]]}
    rows = run.rows.with_columns(pl.col("strategy").cast(pl.String).replace(names))
    return dataclasses.replace(run, manifest=manifest, rows=rows)


def test_a_tuned_strategy_ranked_at_two_counts_keeps_one_name_and_the_details_name_its_files(play, tmp_path):
    document = report.Document("toy strategies")
    for players in (2, 3):
        lineups = [("strong", "weak", "weak")[:players], ("weak", "strong", "weak")[:players]]
        runs = [_renamed(report.load_run(play(f"p{players}-{index}", players=players, n=300, lineup=lineup)),
                         {"strong": f"strong@tuned-{players}p"}) for index, lineup in enumerate(lineups)]  # fmt: skip
        report.add_study(document, [("baseline", runs)], f"{players} players", "setup")
    report_answers.compose(document)
    first_screen = " ".join(document.answers)
    assert "the tuned strong player wins most often" in first_screen and "@tuned" not in first_screen  # plain words (issue 37)
    ranked = [block for block in document.blocks if block.kind == "table" and "win rate per seat" in block.content[0]]
    assert [row[1] for block in ranked for row in block.content[1] if row[1] != "weak"] == ["strong@tuned"] * 2
    details = " ".join(str(block.content) for block in document.blocks if block.kind == "text")
    assert "strong@tuned plays strong@tuned-2p" in details and "strong@tuned plays strong@tuned-3p" in details


def _ladder(players: int, strongest: str):
    """A fitted two-strategy ladder at ``players`` players whose leader is ``strongest``."""
    import numpy as np

    from simulator.analysis.studies.ladder import Ladder

    rate = {"estimate": 0.6, "low": 0.5, "high": 0.7, "trials": 20}
    return Ladder("toy", players, 1, 10, 2 * players, [strongest, "random"], np.array([300.0, 0.0]),
                  np.array([250.0, 0.0]), np.array([350.0, 0.0]), np.array([[np.nan, 0.9], [0.1, np.nan]]),
                  np.full((2, 2), 20.0), [rate, rate], np.zeros((10, 2, 2)), np.zeros((2, 2)))  # fmt: skip


def test_ladders_show_the_written_name_and_keep_the_file_in_their_data():
    from simulator.analysis.studies import ladder as ladder_module

    ladder = _ladder(3, "strong@tuned-3p")
    sentence = ladder_module.summary(ladder)
    assert sentence.startswith("strong@tuned leads the ladder")
    assert "strong@tuned plays strong@tuned-3p" in sentence
    assert [row["strategy"] for row in ladder.shown_rows()] == ["strong@tuned", "random"]
    assert [row["strategy"] for row in ladder.to_json()["ratings"]] == ["strong@tuned-3p", "random"]


def test_the_players_report_names_the_strongest_once_over_its_player_counts():
    from types import SimpleNamespace

    from simulator.analysis.report import players as report_players
    from simulator.analysis.studies.players_page import game_answer

    share = {"estimate": 0.9, "low": 0.85, "high": 0.95}
    panels = [SimpleNamespace(game="toy", players=players, strongest=f"strong@tuned-{players}p", against_randoms=share,
                              upset=share) for players in (2, 3)]  # fmt: skip
    answer = game_answer(panels)
    assert answer.count("(strong@tuned;") == 2 and "tuned-2p" not in answer and "tuned-3p" not in answer
    ladder_data = _ladder(3, "strong@tuned-3p").to_json()
    panel = {"players": 3, "strongest": "strong@tuned-3p", "weakest": "random", "default": "strong",
             "rating_spread": share, "strongest_vs_randoms": share, "strongest_vs_default": share, "upset_rate": share,
             "deal_share_random_table": share, "deal_share_strongest_vs_random": share, "ladder": ladder_data}  # fmt: skip
    assert report_players.panel_rows(panel)[1]["measure"] == "strong@tuned vs 2 random"
    assert report_players.standing_rows(panel, ["strong@tuned-3p"], 3)[0][:2] == ["strong@tuned (file tuned-3p)", "1 of 2"]


def test_the_players_report_answers_give_each_rate_with_its_interval():
    # players.html read "wins 98% at 2 players" and "finishes ahead in 16% to 19%", without intervals
    from types import SimpleNamespace

    from simulator.analysis.studies.players_page import game_answer

    wins = {"estimate": 0.98, "low": 0.971, "high": 0.988}
    upsets = [{"estimate": 0.16, "low": 0.15, "high": 0.17}, {"estimate": 0.19, "low": 0.18, "high": 0.205}]
    panels = [SimpleNamespace(game="toy", players=players, strongest="strong", against_randoms=wins, upset=upset)
              for players, upset in zip((2, 3), upsets)]  # fmt: skip
    answer = game_answer(panels)
    assert "wins 98% [97, 99] at 2 players (strong; fair share 50%)" in answer
    assert "finishes ahead in 16% [15, 17] (2 players) to 19% [18, 20] (3 players) of their meetings" in answer
