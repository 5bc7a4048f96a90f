"""Fair play against each game's declaration of what each seat can see (issue 22).

From real positions at a decision of seat s, copies are built from the declaration alone
(``simulator.core.engine.visibility.perturb``: two cards of one pool exchanged between two places hidden
from s, or an opaque slot such as the deal stream changed), never through ``redraw_hidden``;
every shipped strategy is asked the same decision on them (same stream state, a copy of the
parameters, as ``islandsim check-strategy`` does) and must give the same answer.  A strategy that
reads a hidden slot changes its answer on some of them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from simulator.analysis.studies import fairplay
from simulator.analysis.studies.fairplay import check_strategy
from simulator.core.engine import registry
from simulator.core.engine.visibility import (
    FIXED_KIND, HISTOGRAM, card_counts, changed_visible_slots, for_game, hidden_slots, perturb,
)

GAMES = ("tobago", "skeleton", "skirmish", "sails", "loot")
"""Smallest engines first (compile time)."""
PLAYERS = {"tobago": 3, "skeleton": 3, "skirmish": 2, "sails": 3, "loot": 3}
GAMES_PLAYED = {"tobago": 2, "skeleton": 3, "skirmish": 1, "sails": 2, "loot": 1}
SEARCH = "ismcts+budget=16"
"""The search player, with a small budget (it redraws, then plays out from the perturbed copy);
one game, as its decisions cost a search each."""

KNOWN_LEAKS: dict[tuple[str, str], str] = {}
"""(game, strategy) -> why it fails today: a real leak left to the game's owner (issue 22)."""


def shipped(game: str) -> list[str]:
    names = sorted(registry.get_game(game).strategy_descriptions)
    return [SEARCH if name == "ismcts" else name for name in names]


def cases() -> list:
    found = []
    for game in GAMES:
        for strategy in shipped(game):
            marks = [pytest.mark.xfail(reason=KNOWN_LEAKS[(game, strategy)], strict=True)] \
                if (game, strategy) in KNOWN_LEAKS else []  # fmt: skip
            found.append(pytest.param(game, strategy, marks=marks, id=f"{game}-{strategy}"))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_what_each_seat_can_see(game):
    declaration = for_game(game)
    assert declaration is not None and declaration.game == game
    size = registry.get_game(game).forward.state_size
    for region in declaration.regions:
        assert 0 <= region.start and region.start + region.size <= size, region.name
        assert region.rule.strip(), f"{region.name} cites no rule"


@pytest.mark.parametrize(("game", "strategy"), cases())
def test_shipped_strategies_ignore_what_the_declaration_hides(game, strategy):
    games = 1 if strategy == SEARCH else GAMES_PLAYED[game]
    report = check_strategy(game, strategy, PLAYERS[game], games=games, redraws=0, seed=22, perturbations=3)
    assert report.decisions > 20
    assert report.passed, (f"{report.changed_count} of {report.decisions} decisions changed",
                           [row["changed_on_perturbations"] for row in report.changed[:3]])  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_perturbations_change_only_hidden_slots_and_keep_card_counts(game):
    """The perturbations themselves, from real positions at each seat's decisions: nothing the
    seat sees moves, every card count stays, and every region that may change (cards, counts,
    locations, opaque) and hid something at several decisions was changed by some perturbation,
    so that a strategy reading it would be caught."""
    spec = registry.get_game(game)
    model = spec.forward
    declaration = for_game(game)
    players = PLAYERS[game]
    flags = spec.encode_variants((), players)
    state = np.zeros(model.state_size, dtype=np.int64)
    options = np.zeros(model.max_options, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    model.new_game(5, 0, players, flags, 0, state, log)
    choices = np.random.default_rng(5)
    rng = np.random.default_rng(6)
    hiding = Counter()
    touched = set()
    for _ in range(400):
        seat, _, n_options = model.pending_decision(state, options)
        if seat < 0:
            break
        hiding.update({region.name for region, entry in hidden_slots(declaration, state, seat)
                       if region.content.kind != FIXED_KIND  # an empty histogram hides no card
                       and (region.content.kind != HISTOGRAM or state[region.start + entry] > 0)})  # fmt: skip
        for perturbation in perturb(declaration, state, seat, rng, 6):
            assert not changed_visible_slots(declaration, state, perturbation.state, seat), perturbation.description
            assert card_counts(declaration, perturbation.state) == card_counts(declaration, state)
            moved = np.flatnonzero(perturbation.state != state)
            assert len(moved) > 0, perturbation.description
            touched.update(region.name for region in declaration.regions
                           if any(region.start <= slot < region.start + region.size for slot in moved))  # fmt: skip
        model.apply(state, int(choices.integers(n_options)), log)
    regularly_hiding = {name for name, decisions in hiding.items() if decisions >= 5}
    assert regularly_hiding, "the game hid nothing"
    assert regularly_hiding <= touched, f"never perturbed: {sorted(regularly_hiding - touched)}"


def test_check_strategy_catches_a_leak_the_redraw_keeps(monkeypatch):
    """A strategy reading the top of Tobago's face-down gold deck, checked with a redraw that
    forgets to redraw the deck: the redraws alone see nothing, the declared perturbations do."""
    spec = registry.get_game("tobago")
    forgetful = replace(spec.forward, redraw_hidden=lambda state, seat, stream: None)
    monkeypatch.setattr(fairplay, "forward_model", lambda spec: forgetful)
    leaky = "tests.core.leaky:peeks_at_tobago_gold_deck"
    only_redraws = check_strategy("tobago", leaky, 2, games=2, redraws=2, seed=4, perturbations=0)
    assert only_redraws.passed and only_redraws.decisions > 20
    with_perturbations = check_strategy("tobago", leaky, 2, games=2, redraws=2, seed=4, perturbations=4)
    assert not with_perturbations.passed
    assert any("GOLD_DECK" in text for row in with_perturbations.changed for text in row["changed_on_perturbations"])
