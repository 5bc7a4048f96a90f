"""The command line as a user runs it: real processes, exit codes, one-line errors."""

import json
import subprocess
import sys

import pytest


def islandsim(*arguments, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "simulator.cli", *arguments], capture_output=True, text=True, cwd=cwd, timeout=600
    )


def test_games_lists_every_game_with_player_counts():
    finished = islandsim("games")
    assert finished.returncode == 0
    assert "sails" in finished.stdout and "3, 4, 5" in finished.stdout


def test_games_prints_one_line_per_game_and_a_header():
    from simulator.core.engine import registry

    finished = islandsim("games")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert len(lines) <= len(registry.game_ids()) + 1
    assert lines[0].split()[:3] == ["game", "title", "players"] and "variants" in lines[0]
    for game_id, line in zip(registry.game_ids(), lines[1:]):
        spec = registry.get_game(game_id)
        assert line.startswith(game_id) and spec.title in line
        assert ", ".join(str(count) for count in spec.player_counts) in line
    tobago = next(line for line in lines if line.startswith("tobago"))
    assert tobago.endswith("+ 32 island presets")  # island-1 .. island-32: presets of one rule setting


def test_variants_lists_a_games_variants_with_the_islands_as_one_line():
    finished = islandsim("variants", "--game", "tobago")
    assert finished.returncode == 0, finished.stderr
    islands = [line for line in finished.stdout.splitlines() if "island-" in line]
    assert len(islands) == 1
    assert "island-1 ... island-32" in islands[0] and "32 presets of the rule setting island" in islands[0]
    assert "--variant random-first-player" in finished.stdout
    loot = islandsim("variants", "--game", "loot").stdout
    assert "--variant two-healers" in loot and "--force-event / --exclude-event" in loot
    assert "tobago" not in loot


def test_help_lists_the_main_commands_first_and_the_developer_tools_last():
    from simulator.cli.commands import HELP_SECTIONS, cli

    finished = islandsim("--help")
    assert finished.returncode == 0, finished.stderr
    text = finished.stdout
    titles = [title for title, _ in HELP_SECTIONS]
    assert titles[0] == "Study a game" and titles[-1].startswith("Developer tools")
    assert [text.index(title + ":") for title in titles] == sorted(text.index(title + ":") for title in titles)
    assert "Other commands" not in text  # every command has its section
    placed = [name for _, names in HELP_SECTIONS for name in names]
    assert sorted(placed) == sorted(cli.commands) and len(placed) == len(set(placed))
    listed = [line.split()[0] for line in text.split(titles[0] + ":")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]  # fmt: skip
    assert listed == placed  # in the order of HELP_SECTIONS
    for name in ("run", "compare", "sweep", "tournament", "report", "experiment", "replay", "play", "export"):
        assert name in HELP_SECTIONS[0][1]
    for name in ("bench-ab", "bench-table", "repair", "check-strategy", "coverage", "tune", "ladder"):
        assert name in HELP_SECTIONS[-1][1]


@pytest.mark.parametrize("columns", ["80", "60", "200"])
def test_help_cuts_no_description_short(columns):
    import os

    from simulator.cli.commands import SHORT_HELP

    finished = subprocess.run([sys.executable, "-m", "simulator.cli", "--help"], capture_output=True, text=True,
                              timeout=600, env=dict(os.environ, COLUMNS=columns))  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    usage, rest = finished.stdout.split("\n", 1)
    assert usage == "Usage: islandsim [OPTIONS] COMMAND [ARGS]..." and "..." not in rest
    flat = " ".join(finished.stdout.split())
    for name, text in SHORT_HELP.items():
        assert f"{name} {text}" in flat  # whole, wrapped at most
    if columns == "80":
        assert max(len(line) for line in finished.stdout.splitlines()) <= 80
        assert all(len(text) <= 60 for text in SHORT_HELP.values())  # one line each at 80 columns


def test_strategies_lists_the_default():
    finished = islandsim("strategies", "--game", "sails")
    assert finished.returncode == 0
    assert "(default)" in finished.stdout and "random" in finished.stdout


def test_run_prints_a_json_summary_and_writes_the_folder(tmp_path):
    out = tmp_path / "run"
    finished = islandsim("run", "--game", "sails", "--players", "3", "--n", "400", "--seed", "5",
                         "--jobs", "1", "--out", str(out), "--json")  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["games"] == 400 and len(summary["by_seat"]) == 3
    for row in summary["by_seat"]:
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
    assert sum(row["wins"] for row in summary["by_seat"]) >= 400
    assert (out / "manifest.json").exists()
    # no progress bar when not on a terminal; at most the one-time compile notice
    assert all(line.startswith("compiling the Sails engine") for line in finished.stderr.splitlines())


def test_text_summary_reports_intervals(tmp_path):
    finished = islandsim("run", "--game", "sails", "--players", "4", "--n", "200", "--seed", "5",
                         "--jobs", "1", "--out", str(tmp_path / "run"))  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    assert "95% interval" in finished.stdout and "shared wins" in finished.stdout


@pytest.mark.parametrize("players", [2, 5])
def test_loot_runs_and_replays_from_the_command_line(tmp_path, players):
    finished = islandsim("run", "--game", "loot", "--players", str(players), "--n", "300", "--seed", "8",
                         "--jobs", "1", "--out", str(tmp_path / "loot"), "--json")  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["games"] == 300 and len(summary["by_seat"]) == players
    replay = islandsim("replay", "--game", "loot", "--players", str(players), "--seed", "8")
    assert replay.returncode == 0, replay.stderr
    assert "Round 5" in replay.stdout or "round 5" in replay.stdout


def test_a_forced_event_shows_in_the_summary_and_the_replay(tmp_path):
    finished = islandsim("run", "--game", "loot", "--players", "3", "--n", "200", "--seed", "8", "--jobs", "1",
                         "--force-event", "B12", "--exclude-event", "A1", "--out", str(tmp_path / "run"))  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    assert "events forced: B12, events excluded: A1" in finished.stdout
    replay = islandsim("replay", "--game", "loot", "--players", "3", "--seed", "8", "--force-event", "B12")
    assert replay.returncode == 0, replay.stderr
    assert "B12" in replay.stdout
    assert "--force-event / --exclude-event" in islandsim("variants", "--game", "loot").stdout


def test_replay_narrates_a_game():
    finished = islandsim("replay", "--game", "sails", "--players", "3", "--seed", "3")
    assert finished.returncode == 0, finished.stderr
    assert len(finished.stdout.splitlines()) > 20


@pytest.mark.parametrize(
    "arguments, expected",
    [
        (["run", "--game", "chess", "--players", "4", "--n", "10"], "unknown game 'chess'; known games: loot, sails, skeleton"),
        (["run", "--game", "sails", "--players", "6", "--n", "10"], "3, 4, 5 players, not 6"),
        (["run", "--game", "sails", "--players", "4", "--n", "0"], "0 is out of range (games: 1 to 1,000,000,000)"),
        (["run", "--game", "sails", "--players", "4", "--n", "10", "--jobs", "0"], "'--jobs': 0 is out of range"),
        (["run", "--game", "sails", "--players", "4", "--n", "10", "--strategy", "zzz"], "unknown strategy 'zzz'"),
        (["run", "--game", "sails", "--players", "4", "--n", "10", "--variant", "zzz"], "unknown variant 'zzz'"),
        (["run", "--game", "sails", "--players", "4", "--n", "ten"], "'ten' is not a whole number"),
        (["run", "--game", "sails", "--players", "4", "--n", "10", "--strategy", "nomodule:f",
          "--strategy", "random", "--strategy", "random", "--strategy", "random"], "cannot import module 'nomodule'"),
        (["strategies", "--game", "chess"], "unknown game 'chess'"),
        (["run", "--game", "loot", "--players", "6", "--n", "10"], "2, 3, 4, 5 players, not 6"),
        (["run", "--game", "loot", "--players", "3", "--n", "10", "--variant", "aaron-one-spares-actor"], "needs 2 players"),
        (["replay", "--game", "sails", "--players", "2", "--seed", "1"], "not 2"),
        (["bench", "--game", "sails", "--players", "4", "--n", "0"], "'--n': 0 is out of range"),
        (["frobnicate"], "No such command"),
        (["run", "--game", "loot", "--players", "4", "--n", "10", "--force-event", "B15"],
         "unknown event card 'B15' for loot; cards: A1, A2"),
        (["run", "--game", "loot", "--players", "4", "--n", "10", "--force-event", "A1", "--force-event", "A4"],
         "at most one A event can be forced"),
        (["run", "--game", "loot", "--players", "4", "--n", "10", "--force-event", "B2", "--exclude-event", "B2"],
         "B2 cannot be both forced and excluded"),
        (["run", "--game", "sails", "--players", "4", "--n", "10", "--exclude-event", "B2"], "Sails has no event cards"),
        (["replay", "--game", "loot", "--players", "4", "--seed", "1", "--exclude-event", "X"], "unknown event card 'X'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, arguments, expected):
    finished = islandsim(*arguments, cwd=tmp_path)
    assert finished.returncode == 2
    lines = finished.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], finished.stderr
    assert "Traceback" not in finished.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_output_folder_with_other_files_is_refused(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    finished = islandsim("run", "--game", "sails", "--players", "4", "--n", "10", "--out", str(tmp_path))
    assert finished.returncode == 2
    assert "already holds other files" in finished.stderr
    assert [path.name for path in tmp_path.iterdir()] == ["mine.txt"]


def test_listing_strategies_compiles_nothing():
    # the strategy modules compile their functions on import; listing must not import them
    script = ("import sys; from simulator.cli.commands import main\n"
              "try:\n    main(['strategies', '--game', 'loot'])\nexcept SystemExit:\n    pass\n"
              "print('imported' if 'strategies.loot' in sys.modules else 'not imported')")  # fmt: skip
    finished = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "not imported"
    assert "random" in finished.stdout and "(default)" in finished.stdout


def test_python_dash_m_simulator_is_the_command_line():
    finished = subprocess.run([sys.executable, "-m", "simulator", "games"], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout == islandsim("games").stdout


def test_shell_completion_completes_commands_options_games_and_strategies():
    import os

    def complete(words):
        # the variable README.md documents; click reads the words typed so far from COMP_WORDS
        environment = dict(os.environ, _ISLANDSIM_COMPLETE="bash_complete", COMP_WORDS=" ".join(words),
                           COMP_CWORD=str(len(words) - 1))  # fmt: skip
        return subprocess.run([sys.executable, "-m", "simulator"], capture_output=True, text=True, env=environment,
                              timeout=600).stdout  # fmt: skip

    assert "plain,export" in complete(["islandsim", "exp"]).splitlines()
    assert "plain,--lineup" in complete(["islandsim", "run", "--lin"]).splitlines()
    assert complete(["islandsim", "run", "--game", "lo"]).splitlines() == ["plain,loot"]
    assert complete(["islandsim", "run", "--game", "sails", "--lineup", "greedy,b"]).splitlines() == [
        "plain,greedy,bonus_hoarder", "plain,greedy,bluffer"]


def test_replay_of_a_loot_run_folder_starts_with_its_header(tmp_path):
    out = tmp_path / "run"
    finished = islandsim("run", "--game", "loot", "--players", "3", "--n", "200", "--seed", "8", "--jobs", "1",
                         "--lineup", "random,random,crown_hunter", "--out", str(out), "--quiet")  # fmt: skip
    assert finished.returncode == 0 and finished.stderr == ""
    replay = islandsim("replay", str(out), "--game-index", "5")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.splitlines()[:3] == [
        f"replay: Loot Island, 3 players, seed 8, game index 5 of {out}",
        "lineup: seat 1 random, seat 2 random, seat 3 crown_hunter",
        "variants: none",
    ]
    typed = islandsim("replay", "--game", "loot", "--players", "3", "--seed", "8", "--game-index", "5",
                      "--strategy", "random,random", "--strategy", "crown_hunter")  # fmt: skip
    assert typed.stdout.splitlines()[1:] == replay.stdout.splitlines()[1:]
