"""The printed summary keeps its columns aligned whatever the strategy names."""

from simulator.core.run.summary import format_summary


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


def test_every_column_lines_up_under_its_header():
    lines = format_summary(summary_with(("greedy",) * 4), "Sails", "out").splitlines()
    header = next(index for index, line in enumerate(lines) if line.startswith("seat"))
    strategy_column = lines[header].index("strategy")
    interval_end = lines[header].index("95% interval") + len("95% interval")
    for row in lines[header + 1 : header + 5]:
        assert row[strategy_column:].startswith("greedy"), row
        assert row[:interval_end].endswith("26.0%]"), row


def test_seat_numbers_are_printed_as_given():
    rows = summary_with(("greedy", "random", "greedy"))
    for row, seat in zip(rows["by_seat"], (1, 2, 3)):
        row["seat"] = seat
    csv_lines = format_summary(rows, "Sails", "out", "csv").splitlines()
    assert [line.split(",")[0] for line in csv_lines[1:4]] == ["1", "2", "3"]


def test_markdown_summary_is_pipe_tables_with_the_sentences():
    text = format_summary(summary_with(("greedy", "random", "greedy")), "Sails", "out", "md")
    assert "| seat | strategy | win rate | 95% interval | mean score | sd |" in text
    assert "|---|---|---|---|---|---|" in text
    assert "shared wins" in text


def test_csv_summary_is_only_the_tables_unrounded():
    text = format_summary(summary_with(("greedy", "random", "greedy")), "Sails", "out", "csv")
    seat_table, strategy_table = text.split("\n\n")
    assert seat_table.splitlines()[0] == "seat,strategy,win_rate,win_rate_low,win_rate_high,mean_score,sd_score"
    assert seat_table.splitlines()[1] == "1,greedy,0.25,0.24,0.26,40.0,10.0"
    assert strategy_table.splitlines()[0].startswith("strategy,win_rate")
    assert "shared wins" not in text


def test_the_game_length_carries_its_unit():
    text = format_summary(summary_with(("greedy",) * 4), "Sails", "out")
    assert "mean game length 24.0 tricks" in text
    assert "(length)" not in text
