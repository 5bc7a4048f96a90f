"""Checks every game's ``islandsim play`` test makes: a whole game through the real command with
answers chosen at random among the entries it printed, and the seat's view and options unchanged
when everything the seat cannot see is redrawn (so nothing hidden is ever printed)."""

from __future__ import annotations

import random
import re

import numpy as np

from simulator.core.engine import registry
from simulator.core.engine.option_steps import check_option_labels
from simulator.core.engine.rng import reset_stream
from tests.play_helpers import Decision, Menu, play_prompted, random_decisions

REDRAWS = 3
"""Redraws of the hidden part per decision checked (each from its own stream)."""


def play_at_random(capsys, monkeypatch, arguments: list[str], seed: int) -> tuple[int, str, str, list[Menu]]:
    """``islandsim play ARGUMENTS`` answered by picking uniformly at random among the entries of
    each menu printed (never "0. back"): (status, whole output, stderr, menus shown)."""
    chooser = random.Random(seed)
    return play_prompted(capsys, monkeypatch, arguments, lambda menu: str(chooser.randint(1, len(menu.entries))))


def check_whole_game_output(status: int, out: str, err: str, menus: list[Menu]) -> None:
    """The game reached its end, every option was in words, and the person decided often."""
    assert status == 0, err[-2000:]
    assert "Game over." in out
    assert "option code" not in out
    assert "Traceback" not in out + err
    assert sum(menu.new_decision for menu in menus) >= 10


def hidden_redrawn_views(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1) -> int:
    """At every decision of ``games`` random games: the deciding seat's view and option labels
    pass the step check and stay the same when ``redraw_hidden`` replaces everything that seat
    cannot see (``visibility.py``).  Returns the number of decisions checked."""
    spec = registry.get_game(game)
    stream = np.zeros(1, dtype=np.uint64)
    checked = 0
    for met in random_decisions(game, players, games, variants, seed):
        if not isinstance(met, Decision):
            continue
        labels = spec.describe_options(met.state, met.seat, met.kind, met.options, met.n_options, met.flags)
        check_option_labels(labels)
        view = spec.describe_view(met.state, met.seat, met.flags)
        for redraw in range(REDRAWS):
            other = met.state.copy()
            reset_stream(stream, seed, checked, redraw)
            spec.forward.redraw_hidden(other, met.seat, stream)
            assert spec.describe_view(other, met.seat, met.flags) == view, f"decision {checked}: the view shows hidden slots"
            assert spec.describe_options(other, met.seat, met.kind, met.options, met.n_options, met.flags) == labels, \
                f"decision {checked}: the options show hidden slots"
        checked += 1
    return checked


SNAKE_CASE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""An engine identifier (a decision kind ``prep_discard``, a component id ``cleansing_spring``)."""
TOBAGO_ISLAND_ID = re.compile(r"\b[a-cA-C]{3}-j[01]\b")
"""A Tobago island's id in the board file (``abc-j0``)."""


def internal_names(game: str, out: str) -> list[str]:
    """The engine's names in what ``play`` printed: snake_case identifiers, a decision named by its
    kind ("your decision (action)"), a Tobago island id.  The lineup's strategy names, which the
    person typed or can type, are not counted (the "lineup:" line and the final scores)."""
    from simulator.core.engine import registry

    spec = registry.get_game(game)
    lines = [line for line in out.splitlines()
             if not line.startswith("lineup: ") and not re.match(r"^  seat \d+ \(", line)]  # fmt: skip
    text = "\n".join(lines)
    found = SNAKE_CASE.findall(text) + TOBAGO_ISLAND_ID.findall(text)
    found += [kind for kind in spec.decision_kinds if f"decision ({kind})" in text or f"decides ({kind}" in text]
    return sorted(set(found))
