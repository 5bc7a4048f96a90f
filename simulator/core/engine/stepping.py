"""A game played one decision at a time from Python, over the game's compiled forward model.

The terminal game (``islandsim play``), the visual replay (``replay --html``) and the fair-play
check step a game themselves, to ask a person, draw a frame or perturb what a seat sees between
two decisions.  They share what is here: the position dealt exactly as the core's play loop deals
it (``simulator/core/engine/forward.py: play_game``: the same seat streams, the same
``new_game``), so a strategy asked here plays as it plays in ``islandsim run``; the checked answer
of a seat's strategy; and the one message for an answer out of range.

Plain Python (no compiled code imports it), so editing it recompiles nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from simulator.core.engine.registry import ForwardModel, UsageError
from simulator.core.engine.rng import PURPOSE_FIRST_STRATEGY, reset_stream
from simulator.core.engine.seats import seat_label

LOG_COLUMNS = 6
"""A log record: ``[code, a, b, c, d, e]`` (``simulator/core/engine/gamelog.py``)."""


@dataclass
class SteppedGame:
    """One game's position between decisions: the state vector, the options buffer, one random
    stream per seat and the event log (rows of zeros are records not written yet)."""

    forward: ForwardModel
    players: int
    state: np.ndarray
    options: np.ndarray
    streams: np.ndarray
    log: np.ndarray

    def pending_decision(self) -> tuple[int, int, int]:
        """``(seat, kind, n_options)`` of the decision the game waits for, its options in
        ``self.options[:n_options]``; seat ``NO_SEAT`` (-1) once the game is over."""
        seat, kind, n_options = self.forward.pending_decision(self.state, self.options)
        return int(seat), int(kind), int(n_options)

    def apply(self, choice: int) -> None:
        """Take option ``choice`` of the pending decision and run the game to its next decision."""
        self.forward.apply(self.state, choice, self.log)

    def records_written(self) -> int:
        """How many log records the game has written so far."""
        return records_written(self.log)


def deal(forward: ForwardModel, players: int, seed: int, game_index: int, variant_flags: np.ndarray,
         log_rows: int) -> SteppedGame:  # fmt: skip
    """Game ``game_index`` of run ``seed``, set up and run to its first decision as the core's play
    loop does it; ``log_rows`` records of log (0: no log)."""
    game = SteppedGame(forward, players, np.zeros(forward.state_size, dtype=np.int64),
                       np.zeros(forward.max_options, dtype=np.int64), np.zeros((players, 1), dtype=np.uint64),
                       np.zeros((log_rows, LOG_COLUMNS), dtype=np.int64))  # fmt: skip
    for seat in range(players):
        reset_stream(game.streams[seat], seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    forward.new_game(seed, game_index, players, variant_flags, 0, game.state, game.log)
    return game


def records_written(log: np.ndarray) -> int:
    """How many log records a game has written (rows before the first all-zero code)."""
    empty = np.flatnonzero(log[:, 0] == 0)
    return int(empty[0]) if empty.size else len(log)


def bad_choice_message(strategy: str, seat: int, decision: str, value: int, n_options: int) -> str:
    """The one message for a strategy (named ``strategy``, engine seat ``seat``) that answered
    ``value`` to a decision offering ``n_options`` options."""
    return (f"strategy '{strategy}' ({seat_label(seat)}) returned {value} for decision '{decision}', "
            f"which offered options 0..{n_options - 1}")


def strategy_choice(game: SteppedGame, decide: Callable, strategy: str, params: np.ndarray, seat: int, kind: int,
                    n_options: int, decision: str) -> int:  # fmt: skip
    """What seat ``seat``'s compiled strategy ``decide`` (named ``strategy``, its parameter row
    ``params``) answers to the pending decision, asked as the core's loop asks it (with the seat's
    own stream); :class:`UsageError` when the answer is not one of the options."""
    choice = int(decide(game.state, seat, kind, game.options, n_options, params, game.streams[seat]))
    if not 0 <= choice < n_options:
        raise UsageError(bad_choice_message(strategy, seat, decision, choice, n_options))
    return choice
