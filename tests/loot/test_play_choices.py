"""Loot Island at the terminal (issue 38, item 6): identical plays are one option in ``play``
(strategies still see each), a small island's price is stated, a pass is not carried into the
next round's preparation, and the person's own draws are named."""

from __future__ import annotations

import io
import re

from simulator.core.engine import registry
from simulator.core.engine.option_steps import merge_identical, step_labels
from simulator.games.loot.state import D_ACTION, D_PAY_CARD, D_PREP_DISCARD, PH_ACTIONS, S_PASSED, S_PHASE
from tests.cli_helpers import islandsim
from tests.play_helpers import Decision, random_decisions

PLAY = ["play", "--game", "loot", "--players", "4", "--seat", "1", "--seed", "11"]


def test_identical_cards_are_one_option_in_play_and_every_option_for_a_strategy():
    spec = registry.get_game("loot")
    merged_some = 0
    for met in random_decisions("loot", 3, games=3, seed=4):
        if not isinstance(met, Decision) or met.kind not in (D_PAY_CARD, D_PREP_DISCARD, D_ACTION):
            continue
        texts = spec.describe_options(met.state, met.seat, met.kind, met.options, met.n_options, met.flags)
        assert len(texts) == met.n_options  # a strategy still has every legal option
        offered, stands_for = merge_identical(texts)
        assert len(set(map(step_labels, offered))) == len(offered)
        assert not any("identical)" in label for text in offered for label in step_labels(text))
        assert sorted(set(stands_for)) == stands_for and len(stands_for) == len(offered)
        merged_some += len(offered) < len(texts)
    assert merged_some >= 3


def test_the_two_red_1s_of_the_hand_are_one_discard(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    status, out, err = islandsim(capsys, *PLAY)
    assert status == 0, err
    assert "Your hand: red 1, 1; blue 3 (+1)" in out
    assert "\n  7. discard red 1\n" in out and "alike)" not in out and "identical)" not in out


def test_a_small_island_states_its_price():
    spec = registry.get_game("loot")
    priced = set()
    for met in random_decisions("loot", 4, games=3, seed=2):
        if not isinstance(met, Decision):
            continue
        view = spec.describe_view(met.state, met.seat, met.flags)
        islands = next(line for line in view if line.startswith("Small islands face up"))
        assert islands.startswith(("Small islands face up: none", "Small islands face up (each costs "))
        if met.kind == D_ACTION:
            texts = spec.describe_options(met.state, met.seat, met.kind, met.options, met.n_options, met.flags)
            for text in texts:
                labels = step_labels(text)
                if labels[0].startswith("use the small island"):
                    assert re.fullmatch(r"pay (1 \w+ card \(event B9\)|2 \w+ cards( and 1 card of any colour "
                                        r"\(event B7\))?)(, and its user takes 1 curse cube \(event A3\))?",
                                        re.sub(r" \(\d+ of \d+ identical\)$", "", labels[1])), labels  # fmt: skip
                    priced.add(labels[1].split()[1])
    assert priced >= {"2"}


def test_a_pass_is_not_shown_outside_phase_2():
    spec = registry.get_game("loot")
    carried = 0
    for met in random_decisions("loot", 4, games=3, seed=3):
        if not isinstance(met, Decision):
            continue
        view = spec.describe_view(met.state, met.seat, met.flags)
        shown = sum(", passed" in line for line in view)
        if met.state[S_PHASE] != PH_ACTIONS:
            assert shown == 0, view
            carried += any(met.state[S_PASSED + seat] for seat in range(4))
        else:
            assert shown == sum(int(met.state[S_PASSED + seat]) != 0 for seat in range(4))
    assert carried > 5  # positions where the engine still holds last round's passes


def test_your_own_draws_are_named(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    status, out, err = islandsim(capsys, *PLAY)
    assert status == 0, err
    lines = out.splitlines()
    draws = [index for index, line in enumerate(lines) if re.match(r"Seat 1 draws \d+ cards?$", line)]
    assert len(draws) >= 3
    for index in draws:
        count = int(lines[index].split()[3])
        named = re.fullmatch(r"  \(your new cards?: (.*)\)", lines[index + 1])
        assert named and len(named.group(1).split(", ")) == count, lines[index:index + 2]
    assert "  (your new cards: green 10 (chest), green Joker (chest), green Joker, blue 3 (+1), red 1, red 1, green 4)" \
        in out


def test_the_page_shows_a_pass_only_in_phase_2():
    from simulator.games.loot.draw import draw_table

    carried = 0
    for met in random_decisions("loot", 4, games=2, seed=3):
        if not isinstance(met, Decision):
            continue
        svg = draw_table(met.state, 4, met.flags, met.seat)
        if met.state[S_PHASE] != PH_ACTIONS:
            assert " - passed" not in svg
            carried += any(met.state[S_PASSED + seat] for seat in range(4))
    assert carried > 5
