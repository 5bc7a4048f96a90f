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


def random_decisions(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1):
    """Every decision of ``games`` games of ``game`` played by uniformly random choices (numpy
    seeded by ``seed``): yields a :class:`Decision` before each choice, then the game's log and
    its record count as ``(log, count)`` at each game's end."""
    import numpy as np

    from simulator.core import registry
    from simulator.core.forward import NO_SEAT

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
            yield Decision(state, int(seat), int(kind), options, int(n_options), flags)
            model.apply(state, int(rng.integers(n_options)), log)
        yield log, int(np.flatnonzero(log[:, 0] == 0)[0])
