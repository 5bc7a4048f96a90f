"""The printed summary keeps its columns aligned whatever the strategy names."""

from simulator.core.summary import format_summary


def summary_with(names):
    rows = [
        dict(seat=seat, strategy=name, win_rate=0.25, win_rate_low=0.24, win_rate_high=0.26, mean_score=40.0,
             sd_score=10.0)
        for seat, name in enumerate(names, start=1)
    ]  # fmt: skip
    by_strategy = [dict(row, strategy=name) for row, name in zip(rows, dict.fromkeys(names))]
    return dict(players=len(names), games=1000, seed=1, variants=[], timings={}, by_seat=rows,
                by_strategy=by_strategy, tie_rate=0.01, tie_rate_low=0.0, tie_rate_high=0.02, no_winner_rate=0.0,
                mean_length=24.0, length_column="length", length_unit="tricks")  # fmt: skip


def column_of(line, text):
    return line.index(text)


def test_win_rates_line_up_under_their_header_even_for_a_long_user_strategy():
    names = ("strategies.sails:heuristic_with_a_long_name", "greedy", "random", "greedy")
    lines = format_summary(summary_with(names), "Sails", "out").splitlines()
    header = next(index for index, line in enumerate(lines) if line.startswith("seat"))
    end_of_header = column_of(lines[header], "win rate") + len("win rate")
    for row in lines[header + 1 : header + 5]:
        assert row[end_of_header - 5 : end_of_header] == "25.0%", row
    strategy_header = next(index for index, line in enumerate(lines) if line.startswith("strategy"))
    end_of_header = column_of(lines[strategy_header], "win rate") + len("win rate")
    for row in lines[strategy_header + 1 : strategy_header + 4]:
        assert row[end_of_header - 5 : end_of_header] == "25.0%", row


def test_short_names_keep_the_usual_layout():
    lines = format_summary(summary_with(("greedy",) * 4), "Sails", "out").splitlines()
    header = next(line for line in lines if line.startswith("seat"))
    assert header.index("win rate") == 6 + 22 + 1


def test_the_game_length_carries_its_unit():
    text = format_summary(summary_with(("greedy",) * 4), "Sails", "out")
    assert "mean game length 24.0 tricks" in text
    assert "(length)" not in text
