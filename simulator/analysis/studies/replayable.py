"""Uniformly random players whose streams are salted, so that one deal can be replayed with other
random choices (the deal share of ``islandsim skill``).

Each salt is a strategy of its own name, ``simulator.analysis.replayable:random_salt_N``
(N >= 1; the module's name before the house order, kept because run manifests and players panels
store it: :data:`simulator.moved_modules.MOVED` resolves it here), so that a replay is an ordinary run of the run store, named by what it plays: the
name resolves (module ``__getattr__``) to :func:`replayable_random` with ``params[0] = N``.
"""

from __future__ import annotations

import re

import numpy as np

from simulator.core.engine.rng import mix64, random_below

STORED_MODULE = "simulator.analysis.replayable"  # stored name: keep
"""The module part of the salted players' names, as stored in run manifests and players panels."""
PREFIX = "random_salt_"
_FUNCTION = re.compile(rf"^{PREFIX}([1-9][0-9]{{0,8}})$")
_PARAMS = re.compile(rf"^{PREFIX.upper()}([1-9][0-9]{{0,8}})_PARAMS$")


def replayable_random(state, seat, decision_kind, options, n_options, params, stream):
    """Uniform over the legal options, like every game's ``random``; a non-zero ``params[0]``
    salts the seat's stream, so one deal can be replayed with other random choices.  Compiled
    with the decision signature when a lineup names it."""
    salt = np.uint64(params[0])
    if salt != 0:
        stream[0] = stream[0] ^ mix64(salt)
    return random_below(stream, n_options)


def name(salt: int) -> str:
    """The lineup name of the random player salted by ``salt`` (>= 1)."""
    return f"{STORED_MODULE}:{PREFIX}{salt}"


def __getattr__(attribute: str):
    """``random_salt_N`` is :func:`replayable_random`; ``RANDOM_SALT_N_PARAMS`` its parameters ``[N]``."""
    if _FUNCTION.match(attribute):
        return replayable_random
    found = _PARAMS.match(attribute)
    if found:
        return [float(found.group(1))]
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
