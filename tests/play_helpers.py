"""Playing ``islandsim play`` in the test process with answers that depend on what it printed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from tests.cli_helpers import islandsim

PROMPT = re.compile(r"choose 1-(\d+)(, or 0 to go back)?: $")


@dataclass
class Menu:
    """One menu the command showed: its numbered entries (1..n) and whether "0. back" was offered."""

    entries: list[str]
    with_back: bool
    new_decision: bool


@dataclass
class PromptedInput:
    """A stand-in for stdin: each ``readline`` reads what the command printed since the last one,
    parses the menu it ends with and returns ``answer(menu)``; the whole output is kept."""

    capsys: object
    answer: Callable[[Menu], str]
    printed: list[str] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        chunk = self.capsys.readouterr().out
        self.printed.append(chunk)
        prompt = PROMPT.search(chunk)
        if prompt is None:
            return ""
        block = chunk[:prompt.start()]
        last_menu = block.rsplit("your decision (", 1)[-1].rsplit("chosen so far: ", 1)[-1]
        entries = re.findall(r"^ +\d+\. (.*)$", last_menu, flags=re.MULTILINE)
        with_back = prompt.group(2) is not None
        menu = Menu(entries[1:] if with_back else entries, with_back, "your decision (" in block)
        assert len(menu.entries) == int(prompt.group(1)), chunk
        self.menus.append(menu)
        return self.answer(menu) + "\n"


def play_prompted(capsys, monkeypatch, arguments, answer: Callable[[Menu], str]) -> tuple[int, str, str, list[Menu]]:
    """``islandsim play ARGUMENTS`` answered by ``answer``: (status, whole stdout, stderr, menus shown)."""
    prompted = PromptedInput(capsys, answer)
    monkeypatch.setattr("sys.stdin", prompted)
    status, out, err = islandsim(capsys, "play", *arguments)
    return status, "".join(prompted.printed) + out, err, prompted.menus


@dataclass
class Decision:
    """A position at a decision of a forward-model game, as ``islandsim play`` meets it."""

    state: object
    seat: int
    kind: int
    options: object
    n_options: int
    flags: object
    records: int
    """Log records written so far."""


def random_decisions(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1):
    """Every decision of ``games`` games of ``game`` played by uniformly random choices (numpy
    seeded by ``seed``): yields a :class:`Decision` before each choice, then the game's log and
    its record count as ``(log, count)`` at each game's end."""
    import numpy as np

    from simulator.core.engine import registry
    from simulator.core.engine.forward import NO_SEAT

    spec = registry.get_game(game)
    model = spec.forward
    flags = spec.encode_variants(variants, players)
    rng = np.random.default_rng(seed)
    for game_index in range(games):
        state = np.zeros(model.state_size, dtype=np.int64)
        options = np.zeros(model.max_options, dtype=np.int64)
        log = np.zeros((20_000, 6), dtype=np.int64)
        model.new_game(seed, game_index, players, flags, 0, state, log)
        while True:
            seat, kind, n_options = model.pending_decision(state, options)
            if seat == NO_SEAT:
                break
            yield Decision(state, int(seat), int(kind), options, int(n_options), flags,
                           int(np.flatnonzero(log[:, 0] == 0)[0]))
            model.apply(state, int(rng.integers(n_options)), log)
        yield log, int(np.flatnonzero(log[:, 0] == 0)[0])


def random_answers(seed: int, back_share: float = 0.1) -> Callable[[Menu], str]:
    """Answers choosing uniformly among the offered entries, and "0" (back) in ``back_share`` of
    the menus that offer it."""
    import random

    rng = random.Random(seed)

    def answer(menu: Menu) -> str:
        if menu.with_back and rng.random() < back_share:
            return "0"
        return str(rng.randrange(len(menu.entries)) + 1)

    return answer


def check_menus(menus: list[Menu]) -> None:
    """Every menu shown offered something, with no two entries alike and no raw option code."""
    assert menus, "no menu was shown"
    for menu in menus:
        assert menu.entries and len(set(menu.entries)) == len(menu.entries), menu
        assert not any("option code" in entry for entry in menu.entries), menu


def hidden_information_changes(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1,
                               view=None, describe=None) -> tuple[int, list[str]]:  # fmt: skip
    """At every decision of random games, the seat's view and option texts on copies that differ
    only where the seat cannot see (``simulator.core.engine.visibility.perturb``, built from the game's
    declaration): (copies compared, what changed on them).  ``view`` / ``describe`` default to the
    game's hooks (a test passes a leaky one to show the check catches it)."""
    import numpy as np

    from simulator.core.engine import registry
    from simulator.core.engine.visibility import for_game, perturb

    spec = registry.get_game(game)
    view = view or spec.describe_view
    describe = describe or spec.describe_options
    declaration = for_game(game)
    rng = np.random.default_rng(seed)
    compared, changes = 0, []
    for met in random_decisions(game, players, games, variants, seed):
        if not isinstance(met, Decision):
            continue
        seen = (view(met.state, met.seat, met.flags),
                describe(met.state, met.seat, met.kind, met.options, met.n_options, met.flags))
        for copy in perturb(declaration, met.state, met.seat, rng, count=2):
            compared += 1
            other = (view(copy.state, met.seat, met.flags),
                     describe(copy.state, met.seat, met.kind, met.options, met.n_options, met.flags))
            if other != seen:
                changes.append(copy.description)
    return compared, changes


def narration_prefixes(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1):
    """For each random game and each seat: (seat, the narration of the whole game as the seat
    reads it, the narrations at each decision, when ``play`` prints what is new).  ``play``
    needs each of them to be a prefix of the whole."""
    from simulator.core.engine import registry

    spec = registry.get_game(game)
    counts: list[int] = []
    for met in random_decisions(game, players, games, variants, seed):
        if isinstance(met, Decision):
            counts.append(met.records)
            continue
        log, final = met
        for seat in range(players):
            whole = spec.narrate_for_seat(log, final, met_flags(spec, variants, players), seat)
            yield seat, whole, [spec.narrate_for_seat(log, count, met_flags(spec, variants, players), seat)
                                for count in counts]  # fmt: skip
        counts = []


def met_flags(spec, variants: tuple[str, ...], players: int):
    """The game's variant flags for ``variants`` at ``players``."""
    return spec.encode_variants(variants, players)

