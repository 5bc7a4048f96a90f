"""Skeleton Island in the terminal (issue 26): whole games played through ``islandsim play`` by
random answers, the option labels of every decision met, the seat's view and options unchanged
by anything the seat cannot see, and the narration as each seat reads it."""

import re

import pytest

from simulator.core.engine import registry
from simulator.core.engine.option_steps import check_option_labels
from simulator.games.skeleton.play_text import describe_options
from simulator.games.skeleton.state import SLOT_CONTENT, TAKE_CARD
from tests.play_helpers import (
    Decision,
    check_menus,
    hidden_information_changes,
    narration_prefixes,
    play_prompted,
    random_answers,
    random_decisions,
)

VARIANT_SETS = [(), ("hidden-collection",), ("putback-may-cover", "second-card-optional"),
                ("buried-face-up-hidden", "putback-face-up")]  # fmt: skip


@pytest.mark.parametrize("players, seat, variants", [(3, 2, ()), (4, 1, ("hidden-collection", "putback-may-cover"))])
def test_a_whole_game_is_played_at_random_through_play(capsys, monkeypatch, players, seat, variants):
    arguments = ["--game", "skeleton", "--players", players, "--seat", seat, "--seed", 5]
    for variant in variants:
        arguments += ["--variant", variant]
    status, out, err, menus = play_prompted(capsys, monkeypatch, arguments, random_answers(seed=players))
    assert status == 0, err
    assert "Game over." in out and re.search(rf"seat {seat} \(you\): score \d+", out)
    assert "option code" not in out and "does not describe" not in out and "no narration" not in out
    check_menus(menus)
    assert "Sand pile: " in out and "Island cards: " in out
    assert re.search(r"^ +\d+\. take (a face-down card|the face-up .+), lies on ", out, flags=re.MULTILINE)


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_every_decision_met_can_be_chosen_in_steps(variants):
    spec = registry.get_game("skeleton")
    kinds = set()
    for met in random_decisions("skeleton", 3, games=4, variants=variants, seed=2):
        if isinstance(met, Decision):
            check_option_labels(spec.describe_options(met.state, met.seat, met.kind, met.options, met.n_options,
                                                      met.flags))  # fmt: skip
            kinds.add(spec.decision_name(met.kind))
    assert {"take_card", "keep_or_putback", "second_card", "turn_type"} <= kinds


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_the_view_and_the_options_hide_what_the_seat_cannot_see(variants):
    """Copies of real positions that differ only where the seat cannot see (face-down cards of the
    pile it did not look at, another seat's card in hand, hidden collections) read the same."""
    compared, changes = hidden_information_changes("skeleton", 3, games=2, variants=variants)
    assert compared > 100 and changes == []


def test_options_naming_face_down_cards_are_caught():
    """The check above can fail: options that name a face-down card's face change on copies."""
    from simulator.games.skeleton.components import content_name

    def leaky(state, seat, kind, options, n_options, flags):
        texts = describe_options(state, seat, kind, options, n_options, flags)
        return [f"{text} [{content_name(int(state[SLOT_CONTENT + int(options[i])]))}]" if kind == TAKE_CARD else text
                for i, text in enumerate(texts)]  # fmt: skip

    compared, changes = hidden_information_changes("skeleton", 3, games=1, describe=leaky)
    assert compared > 50 and any("SLOT_CONTENT" in change for change in changes)


@pytest.mark.parametrize("variants", [(), ("hidden-collection",)])
def test_the_narration_names_only_what_the_seat_saw_and_grows_by_appending(variants):
    for seat, whole, earlier in narration_prefixes("skeleton", 3, games=2, variants=variants):
        for lines in earlier:
            assert whole[:len(lines)] == lines
        named_looks = [line for line in whole if re.match(r"  \(seat \d looks at it: ", line)]
        assert all(line.startswith(f"  (seat {seat + 1} looks") for line in named_looks)
        assert any(re.match(r"  \(seat \d looks at it\)$", line) for line in whole)
        if variants:
            others_keep = [line for line in whole if re.match(rf"seat (?!{seat + 1})\d keeps the ", line)]
            assert others_keep and all(line.endswith("keeps the card") for line in others_keep)
