"""``islandsim play`` driven with scripted input: a whole game played through, bad input asked
again, the end of the input and Ctrl-C leaving cleanly, a game without a forward model refused,
and a game without the describe hooks still playable with raw option codes."""

import dataclasses
import io
import re

import pytest

from simulator.core.engine import registry
from tests.cli_helpers import islandsim
from tests.play_helpers import play_prompted
from tests.toy_fixture import toy_game  # noqa: F401  (autouse: the toy game is registered)

PLAY = ["play", "--game", "sails", "--players", "4", "--seat", "2", "--seed", "3"]


def play(capsys, monkeypatch, text, *options):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return islandsim(capsys, *PLAY, *options)


def test_a_whole_game_is_played_through(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "1\n" * 400, "--lineup", "ismcts+budget=5,random,greedy")
    assert status == 0, err
    assert "lineup: seat 1 ismcts+budget=5, seat 2 you, seat 3 random, seat 4 greedy" in out
    assert "Game over." in out and re.search(r"seat 2 \(you\): score \d+, rank [1-4]", out)
    asked = out.count("Seat 2, your decision")
    assert asked >= 10  # two rounds of tricks
    # the person sees their own hand and deal, never another seat's
    assert "Seat 2 is dealt " in out and "Seat 1 is dealt 12 cards" in out
    assert not re.search(r"Seat [134] is dealt \d+ red", out)
    assert "Your hand: " in out and "   1. play " in out


def test_bad_input_is_asked_again(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "x\n0\n99\n\n" + "1\n" * 400)
    assert status == 0, err
    first_prompt = re.search(r"choose 1-(\d+): ", out)
    n = first_prompt.group(1)
    for bad in ("x", "0", "99", ""):
        assert f"'{bad}' is not an option: type a number from 1 to {n}" in out
    assert "Game over." in out


def test_the_end_of_the_input_leaves_cleanly(capsys, monkeypatch):
    status, out, err = play(capsys, monkeypatch, "2\n1\n")
    assert status == 1
    assert err == "input ended before the game did: game left\n"
    assert "Seat 2, your decision" in out and "Game over." not in out


def test_ctrl_c_leaves_cleanly_with_status_130(capsys, monkeypatch):
    class Interrupting(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupting())
    status, out, err = islandsim(capsys, *PLAY)
    assert status == 130
    assert err == "interrupted: game left\n"


def test_the_same_seed_and_answers_give_the_same_game(capsys, monkeypatch):
    first = play(capsys, monkeypatch, "2\n" * 400, "--lineup", "greedy,bluffer,random")
    second = play(capsys, monkeypatch, "2\n" * 400, "--lineup", "greedy,bluffer,random")
    assert first[0] == 0 and first == second


@pytest.mark.parametrize("options, message", [
    (["--seat", "5"], "error: --seat must be a seat from 1 to 4, not 5"),
    (["--lineup", "greedy,greedy"], "error: 2 strategies given for the 3 other seats"),
    (["--lineup", "greedy,chess,greedy"], "error: unknown strategy 'chess' for sails"),
    (["--variant", "fog"], "error: unknown variant 'fog' for sails"),
    (["--seat", "ten"], "error: Invalid value for '--seat': 'ten' is not a valid integer"),
    (["--seat", str(10**30)], f"error: --seat must be a seat from 1 to 4, not {10**30}"),
    (["--seed", "-1"], "error: Invalid value for '--seed'"),
    (["--players", "7"], "error: Sails is played by 3, 4, 5 players, not 7"),
])
def test_bad_options_exit_2_in_one_line(capsys, monkeypatch, options, message):
    arguments = PLAY[:5] + PLAY[7:] if "--seat" in options else PLAY  # PLAY[5:7] is --seat 2
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    status, out, err = islandsim(capsys, *arguments, *options)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_a_game_without_a_forward_model_is_refused(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    status, out, err = islandsim(capsys, "play", "--game", "toy", "--players", "3", "--seat", "1")
    assert status == 2 and out == ""
    assert err.startswith("error: Toy Island cannot be played in the terminal yet: its engine is not a forward model")
    assert err.count("\n") == 1


def test_without_the_describe_hooks_the_options_are_raw_codes(capsys, monkeypatch):
    plain = dataclasses.replace(registry.get_game("sails"), describe_options=None, describe_view=None,
                                narrate_for_seat=None)
    monkeypatch.setitem(registry._loaded, "sails", plain)
    status, out, err = play(capsys, monkeypatch, "1\n" * 400)
    assert status == 0, err
    assert "   1. option code " in out
    assert "(Sails has no narration for a seat yet: only your decisions are shown)" in out
    assert "Seat 1 plays" not in out and "Game over." in out


def stepped_sails(monkeypatch, max_listed: int):
    """Sails whose option texts are cut into step labels at their first ", " (``play red 7``, then
    ``showing its colour (red), number hidden``) and listed in full only up to ``max_listed``."""
    sails = registry.get_game("sails")

    def stepped_options(*arguments):
        return [tuple(text.split(", ", 1)) for text in sails.describe_options(*arguments)]

    monkeypatch.setitem(registry._loaded, "sails", dataclasses.replace(sails, describe_options=stepped_options))
    monkeypatch.setattr("simulator.core.engine.option_steps.MAX_LISTED", max_listed)


def test_many_options_are_chosen_in_steps_with_a_way_back(capsys, monkeypatch):
    flat = play(capsys, monkeypatch, "1\n" * 400)
    stepped_sails(monkeypatch, 1)
    went_back = []

    def first_entries_after_one_step_back(menu):
        """Choose the first entry, but go back once per decision at the first menu offering it."""
        if menu.new_decision:
            went_back.append(False)
        if menu.with_back and not went_back[-1]:
            went_back[-1] = True
            return "0"
        return "1"

    status, out, err, menus = play_prompted(capsys, monkeypatch, PLAY[1:], first_entries_after_one_step_back)
    assert status == 0, err
    assert re.search(r"   1\. play [a-z]+ \d+ \(2 options\)\n", out)  # a card stands for its two ways to show it
    assert "  0. back\n  1. play " in out and "choose 1-2, or 0 to go back: 0\n" in out
    assert re.search(r"  chosen so far: play [a-z]+ \d+\n", out)
    assert re.search(r"  you chose: play [a-z]+ \d+, showing its (colour|number)", out)
    assert sum(went_back) >= 10 and "option code" not in out
    # going back and choosing the first entries reaches each decision's first option, as "1" does unstepped
    assert out[out.index("Game over."):] == flat[1][flat[1].index("Game over."):]


def test_back_is_no_option_before_a_step_was_chosen(capsys, monkeypatch):
    stepped_sails(monkeypatch, 1)
    status, out, err = play(capsys, monkeypatch, "0\n" + "1\n" * 800)
    assert status == 0, err
    assert "'0' is not an option: type a number from 1 to " in out


def test_options_that_cannot_be_told_apart_stop_the_game_naming_the_decision(capsys, monkeypatch):
    sails = registry.get_game("sails")
    same = dataclasses.replace(sails, describe_options=lambda state, seat, kind, options, n, flags: ["a card"] * n)
    monkeypatch.setitem(registry._loaded, "sails", same)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    with pytest.raises(RuntimeError, match="Sails: describe_options for decision '.+' cannot be chosen from: "
                                           "options 1 and 2 have the same labels: 'a card'"):  # fmt: skip
        islandsim(capsys, *PLAY)


def test_every_sails_decision_can_be_chosen_in_steps():
    """The labels of every decision met in random games pass the core check (orders of two
    identical treasures, decision a3_order, are numbered "1 of 2 alike")."""
    from simulator.core.engine.option_steps import check_option_labels
    from tests.play_helpers import Decision, random_decisions

    sails = registry.get_game("sails")
    checked = 0
    for met in random_decisions("sails", 4, games=30):
        if isinstance(met, Decision):
            check_option_labels(sails.describe_options(met.state, met.seat, met.kind, met.options, met.n_options,
                                                       met.flags))  # fmt: skip
            checked += 1
    assert checked > 100


def fake_table(texts):
    """A table of a fake game whose one decision offers ``texts`` (only what ``ask_person`` reads)."""
    from types import SimpleNamespace

    import numpy as np

    spec = SimpleNamespace(title="Fake Island", describe_options=lambda *arguments: list(texts),
                           describe_view=lambda *arguments: ["(the fake table)"], decision_name=lambda kind: "action")
    game = SimpleNamespace(state=None, options=np.arange(len(texts)))
    return SimpleNamespace(spec=spec, game=game, person=0, flags=None)


def ask_fake(texts, answers: list[str]) -> tuple[int, list[str]]:
    from simulator.cli.play import ask_person

    replies = iter(answer + "\n" for answer in answers)
    shown: list[str] = []
    chosen = ask_person(fake_table(texts), 0, len(texts), lambda: next(replies, ""),
                        lambda text, newline=True: shown.append(text))  # fmt: skip
    return chosen, shown


def test_a_fake_game_with_many_options_is_chosen_in_steps_with_a_way_back():
    from tests.core.test_option_steps import LOOT_LIKE

    chosen, shown = ask_fake(LOOT_LIKE, ["4", "0", "4", "2"])
    assert shown[3:8] == ["  1. draw 2 cards", "  2. play blue (14 options)", "  3. play green (14 options)",
                          "  4. play red (14 options)", "choose 1-4: "]  # fmt: skip
    assert "   0. back" in shown and "choose 1-14, or 0 to go back: " in shown
    assert LOOT_LIKE[chosen] == ("play red", "cards 1", "to the Skull Bay landing")
    assert shown[-1] == "  you chose: play red, cards 1, to the Skull Bay landing"


def test_a_label_holding_one_option_ends_the_decision():
    from tests.core.test_option_steps import LOOT_LIKE

    chosen, shown = ask_fake(LOOT_LIKE, ["1"])
    assert chosen == len(LOOT_LIKE) - 1 and shown[-1] == "  you chose: draw 2 cards"
    assert "0. back" not in "".join(shown)
