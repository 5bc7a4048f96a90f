"""Loot Island in the terminal (issue 26): whole games played through ``islandsim play`` by
random answers at every step, the option labels of every decision met, the seat's view and
options unchanged by anything the seat cannot see, and the narration as ``play`` prints it."""

import re

import pytest

from simulator.core.engine import registry
from simulator.core.engine.option_steps import check_option_labels
from simulator.games.loot.play_text import describe_view
from simulator.games.loot.state import HAND_CAP, S_HAND, S_HAND_N
from tests.play_helpers import (
    Decision,
    check_menus,
    hidden_information_changes,
    narration_prefixes,
    play_prompted,
    random_answers,
    random_decisions,
)


@pytest.mark.parametrize("players, seat, variants", [
    (4, 2, ()),
    (2, 1, ("two-healers", "events-revealed", "starting-draft")),
])
def test_a_whole_game_is_played_at_random_through_play(capsys, monkeypatch, players, seat, variants):
    arguments = ["--game", "loot", "--players", players, "--seat", seat, "--seed", 7]
    for variant in variants:
        arguments += ["--variant", variant]
    status, out, err, menus = play_prompted(capsys, monkeypatch, arguments, random_answers(seed=players))
    assert status == 0, err
    assert "Game over." in out and re.search(rf"seat {seat} \(you\): score -?\d+", out)
    assert "option code" not in out and "does not describe" not in out and "no narration" not in out
    check_menus(menus)
    assert "Your hand: " in out and "Main Island:" in out and "  landing 8 (coast 4" in out
    assert re.search(r"^ +\d+\. play [a-z]+ \(\d+ options\)$", out, flags=re.MULTILINE)  # a play chosen in steps
    assert "  chosen so far: play " in out and "  you chose: play " in out
    assert re.search(r"^== Round 5: the ship is at corner", out, flags=re.MULTILINE)
    if players == 2:
        assert "Aaron's hand (open): " in out and "Your two Healers: " in out


@pytest.mark.parametrize("players, variants", [(2, ("two-healers", "starting-draft")), (3, ()), (4, ()),
                                               (5, ("healers-revealed", "events-revealed"))])
def test_every_decision_met_can_be_chosen_in_steps(players, variants):
    spec = registry.get_game("loot")
    kinds = set()
    for met in random_decisions("loot", players, games=3, variants=variants, seed=players):
        if isinstance(met, Decision):
            texts = spec.describe_options(met.state, met.seat, met.kind, met.options, met.n_options, met.flags)
            check_option_labels(texts)
            assert len(texts) == met.n_options
            kinds.add(spec.decision_name(met.kind))
    assert {"action", "pay_card", "take_treasure"} <= kinds and kinds & {"healer", "healer_reveal"}


@pytest.mark.parametrize("players, variants", [(3, ()), (2, ("two-healers",))])
def test_the_view_and_the_options_hide_what_the_seat_cannot_see(players, variants):
    """Copies of real positions that differ only where the seat cannot see (other hands, the
    decks' order, the healers and events face down, the deal stream) give the same view and options."""
    compared, changes = hidden_information_changes("loot", players, games=2, variants=variants)
    assert compared > 300 and changes == []


def test_a_view_showing_another_hand_is_caught():
    """The check above can fail: a view that also prints the next seat's hand changes on copies."""

    def leaky_view(state, seat, flags):
        other = (seat + 1) % 3
        hand = [int(state[S_HAND + other * HAND_CAP + i]) for i in range(int(state[S_HAND_N + other]))]
        return describe_view(state, seat, flags) + [str(sorted(hand))]

    compared, changes = hidden_information_changes("loot", 3, games=1, view=leaky_view)
    assert compared > 100 and len(changes) >= 10
    assert any("S_HAND" in change for change in changes)


def test_the_narration_is_the_same_for_every_seat_and_grows_by_appending():
    """Every Loot Island record is public, so each seat reads the same lines; the lines at each
    decision are a prefix of the whole game's (``play`` prints only the new ones)."""
    wholes = {}
    for seat, whole, earlier in narration_prefixes("loot", 3, games=2):
        assert len(whole) > 100
        for lines in earlier:
            assert whole[:len(lines)] == lines
        wholes.setdefault(len(wholes) // 3, []).append(whole)
    for seat_lines in wholes.values():
        assert seat_lines[0] == seat_lines[1] == seat_lines[2]
