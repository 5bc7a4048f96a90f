"""What a seat's replay page and terminal view show hides what the seat cannot see (issue 38,
item 1): at decisions of random games, copies that differ only where a seat cannot see
(``visibility.perturb``: two hidden cards exchanged, a hidden stream changed) give the same
frame of that seat's page, its picture and the decision's text.  Another seat's decision says
who decides and about what, never how many options it had (the count of card kinds in a hidden
hand), so a copy standing for another hidden hand reads the same."""

from __future__ import annotations

import pytest

from tests.replay_helpers import seat_page_changes

GAMES = [("sails", 4, 2), ("loot", 3, 2), ("skeleton", 4, 2), ("tobago", 4, 3), ("skirmish", 3, 5)]
"""(game, players, every how many decisions a frame is compared)."""


@pytest.mark.parametrize("game, players, every", GAMES, ids=[game for game, _, _ in GAMES])
def test_a_seat_page_shows_nothing_hidden(game, players, every):
    compared, changes = seat_page_changes(game, players, games=1, every=every)
    assert compared > 150 and changes == [], changes[:5]


def test_another_seat_decision_tells_no_option_count():
    from simulator.core.engine import registry
    from simulator.core.engine.replay_page import decision_text

    spec = registry.get_game("skirmish")
    kind = spec.decision_kinds.index("potion_discard")
    texts = {decision_text(spec, None, 3, kind, list(range(9)), n, 0, None, viewer=0) for n in (2, 5, 9)}
    assert texts == {"seat 4 decides: choose a card to discard for the Potion"}


@pytest.mark.parametrize("game, players", [("sails", 4), ("tobago", 4), ("skirmish", 3)])
def test_the_terminal_view_and_options_hide_what_the_seat_cannot_see(game, players):
    """``play``'s view and options on copies whose hidden cards were exchanged (Loot Island and
    Skeleton Island have this test in their own folders)."""
    from tests.play_helpers import hidden_information_changes

    compared, changes = hidden_information_changes(game, players, games=1)
    assert compared > 100 and changes == [], changes[:5]


def test_a_decision_asked_for_a_hidden_shield_has_no_step_on_another_seat_page():
    """The skirmish game asks a targeted seat whether to play a Shield only when it holds one
    (R39): on another seat's page that step would tell the Shield is there, even when declined;
    the seat's own page and the all-seeing page keep it."""
    from simulator.core.engine import registry
    from simulator.core.engine.replay_page import capture_frames
    from simulator.core.players.strategies import build_lineup

    spec = registry.get_game("skirmish")
    lineup = build_lineup(spec, 4, ())
    flags = spec.encode_variants((), 4)
    asked = {}
    for viewer in (None, 0, 1, 2, 3):
        asked[viewer] = []
        for game_index in range(4):
            frames, _ = capture_frames(spec, lineup.functions, lineup.names, lineup.params, flags, 7, game_index,
                                       viewer)  # fmt: skip
            asked[viewer] += [frame.decision.split(" decides")[0] for frame in frames
                              if "(use a Shield or not)" in frame.decision or "use a Shield or not" in frame.decision]
    assert len(asked[None]) >= 3
    for viewer in (0, 1, 2, 3):
        assert asked[viewer] == [f"seat {viewer + 1}"] * asked[None].count(f"seat {viewer + 1}")
