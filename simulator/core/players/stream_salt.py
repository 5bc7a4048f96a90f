"""Another random stream for the same strategy: ``NAME+stream=N`` (the null setup of issue 25).

Every strategy draws its random choices (ties between equal options, ``ismcts``'s samples, a
random player's moves) from its seat's stream, which the play loop derives from the run seed and
the game index (``simulator/core/engine/forward.py``).  A lineup entry ``greedy@tuned-4p+stream=1``
plays the same strategy with the same weights, its stream salted by 1 before each decision, so the
same deals are played by the same players making other random choices.  Against the unsalted
lineup it changes nothing of the rules: how often the winner changes between the two is the
floor of the winner-change rate, the level of pure chaos (``docs/analysis.md``, "Sensitivity").

The salted function is compiled when the lineup is built (like a user's strategy, not cached):
a small wrapper calling the compiled strategy.  ``stream`` is a setting every strategy has; it is
taken off the name before the game's own settings are checked.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.core.registry import CPUDispatcher

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import mix64
from simulator.core.engine.errors import UsageError
from simulator.core.players.reference import StrategyReference, parse_reference

SETTING = "stream"
"""The setting's name in a lineup entry: ``greedy+stream=1``."""
MAX_SALT = 2**31 - 1


def split(settings: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """``(salt, the other settings)``: the salt of a ``stream=N`` setting (0 when absent), or
    ``ValueError`` (a message for the user) when N is not a whole number from 1 to 2^31-1."""
    salt = 0
    rest = []
    for setting in settings:
        key, _, value = setting.partition("=")
        if key.strip() != SETTING:
            rest.append(setting)
            continue
        if not value.strip().isdigit() or not 1 <= int(value) <= MAX_SALT:
            raise ValueError(f"{SETTING} must be a whole number from 1 to {MAX_SALT:,}, not '{value}'")
        salt = int(value)
    return salt, tuple(rest)


def without_stream(reference: StrategyReference) -> StrategyReference:
    """``reference`` with its ``stream=N`` setting taken off (the player it salts)."""
    _, rest = split(reference.settings)
    return StrategyReference(reference.base, reference.param_file, rest, reference.user_module, reference.user_function)


def name_without_stream(name: str) -> str:
    """A lineup name without its ``+stream=N`` (``greedy+stream=2`` -> ``greedy``); other names unchanged."""
    try:
        reference = parse_reference(name)
        return without_stream(reference).text if not reference.is_user else name
    except (UsageError, ValueError):
        return name


def stream_of(name: str) -> int:
    """The salt of a lineup name's ``+stream=N`` (0 when it has none or it is not a valid one)."""
    try:
        reference = parse_reference(name)
        return 0 if reference.is_user else split(reference.settings)[0]
    except (UsageError, ValueError):
        return 0


def salted_name(name: str, salt: int) -> str:
    """``name`` playing another random stream: ``greedy@tuned-4p`` -> ``greedy@tuned-4p+stream=1``."""
    return f"{name_without_stream(name)}+{SETTING}={salt}"


def salted(function, salt: int):
    """The decision function ``function`` whose seat stream is salted by ``salt`` before each
    decision (``stream[0] = mix64(stream[0] ^ mix64(salt))``: never undone by a second salting,
    unlike a plain xor).  A compiled strategy gives a compiled wrapper with the decision
    signature; a plain Python one (test games) a Python wrapper carrying ``stream_salt``."""
    key = mix64(np.uint64(salt))
    if not isinstance(function, CPUDispatcher):
        def salted_python(state, seat, decision_kind, options, n_options, params, stream):
            stream[0] = mix64(np.uint64(stream[0]) ^ key)
            return function(state, seat, decision_kind, options, n_options, params, stream)

        salted_python.stream_salt = salt
        return salted_python

    def salted_decide(state, seat, decision_kind, options, n_options, params, stream):
        stream[0] = mix64(stream[0] ^ key)
        return function(state, seat, decision_kind, options, n_options, params, stream)

    return njit(STRATEGY_SIGNATURE, cache=False)(salted_decide)
