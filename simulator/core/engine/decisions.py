"""The strategy contract shared by every engine.

A strategy is a numba function with exactly this signature::

    decide(state, seat, decision_kind, options, n_options, params, stream) -> option index

- ``state``: the game's state vector (``int64[:]``); the game documents its layout
  (named index constants in ``simulator/games/<id>/state.py``).  A strategy must only
  read what the seat may know (public information and its own hand); the engine does
  not hide the rest, so fair play is the strategy's duty and documented per game.
- ``seat``: the deciding seat (0-based, clockwise from the first seat).
- ``decision_kind``: one of the game's named decision constants.
- ``options``: ``int64[:]`` whose first ``n_options`` entries encode the legal moves
  (the game documents the encoding of each decision kind).
- ``params``: the seat's ``float64[:]`` parameter vector (heuristic weights).
- ``stream``: the seat's own random stream (``uint64[1]``, see ``simulator.core.engine.rng``).

It returns an index in ``[0, n_options)``.  The engine calls :func:`ask`, which checks
the index and raises :class:`BadChoice` otherwise; the runner turns that into a
message naming the strategy, the decision and the value.
"""

import warnings

from numba import njit, types
from numba.core.errors import NumbaExperimentalFeatureWarning

# First-class functions are how lineups reach the engines (ARCHITECTURE.md); numba still
# labels them experimental and would print that warning on every run.
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)

STRATEGY_SIGNATURE = types.int64(
    types.int64[:],  # state
    types.int64,  # seat
    types.int64,  # decision kind
    types.int64[:],  # options
    types.int64,  # number of options
    types.float64[:],  # seat parameters
    types.uint64[:],  # seat random stream
)
"""The one numba signature every strategy of every game is compiled with."""

STRATEGY_FUNCTION_TYPE = types.FunctionType(STRATEGY_SIGNATURE)


class BadChoice(Exception):
    """Raised inside the engine: args are (seat, decision_kind, returned value, n_options)."""


# Inlined into each caller (numba IR): a separate function would take and release a reference to
# each of its four array arguments on every decision; inlined, numba drops half of that work.
@njit(cache=True, inline="always")
def ask(strategies, seat, state, decision_kind, options, n_options, params, streams):
    """Ask ``seat``'s strategy to choose among ``options[:n_options]`` and check the answer.

    ``strategies`` is the lineup (a tuple of first-class strategy functions, one per seat),
    ``params`` a 2-D float array (one row per seat), ``streams`` a 2-D uint64 array
    (one one-element stream per seat).  With a single option the strategy is not asked.
    """
    if n_options == 1:
        return 0
    choice = strategies[seat](state, seat, decision_kind, options, n_options, params[seat], streams[seat])
    if choice < 0 or choice >= n_options:
        raise BadChoice(seat, decision_kind, choice, n_options)
    return choice
