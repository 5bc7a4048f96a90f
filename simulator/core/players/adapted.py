"""``STRATEGY@adapted``: a strategy with its weights adapted to the run's own rules.

The weights a strategy is tuned with belong to one rule set.  ``greedy@adapted`` in a lineup plays
``greedy`` with weights retuned for the run's setup (variants and rule settings) and player count,
warm-started from the shipped ``greedy@tuned-<P>p`` file (``islandsim adapt``, docs/strategies.md,
"Adapted players").  Adapting plays games and keeps its result in the run store, which belongs to
the analysis layer; so the analysis layer plugs in the function that finds (or computes) the file
(:func:`set_adapter`), and the runner calls :func:`resolve_adapted` before it builds a lineup.
Without an adapter set, the one named by :data:`DEFAULT_ADAPTER` is imported by name (the store's
default folder, all cores), as games are plugged in (``registry.GAME_MODULES``).
"""

from __future__ import annotations

import importlib
from typing import Callable

from simulator.core.players.reference import StrategyReference, names_user_code, parse_reference

ADAPTED = "@adapted"
"""The parameter-file name that asks for weights adapted to the run's setup."""
DEFAULT_ADAPTER = "simulator.analysis.studies.adapt:default_adapter"
"""The adapter used when none was set: ``module:function`` returning an adapter."""

Adapter = Callable[[str, int, str, tuple, tuple], str]
"""``adapter(game, players, strategy, variants, rules) -> parameter file path``: the file of weights
of registered strategy ``strategy`` adapted to that setup (``rules`` as ``RunConfig.rules``)."""

_adapter: Adapter | None = None


def set_adapter(adapter: Adapter | None) -> Adapter | None:
    """Use ``adapter`` for ``X@adapted`` names from now on (``None``: the default); return the previous one."""
    global _adapter
    previous, _adapter = _adapter, adapter
    return previous


def is_adapted(name: str) -> bool:
    """Whether ``name`` reads ``X@adapted`` (settings may follow: ``greedy@adapted+stream=1``)."""
    return not names_user_code(name) and parse_reference(name).param_file == ADAPTED[1:]


def without_adapted(name: str) -> str:
    """``name`` without its ``@adapted`` (settings kept): the strategy whose weights are adapted."""
    if not is_adapted(name):
        return name
    strategy = parse_reference(name)
    return StrategyReference(strategy.base, None, strategy.settings).text


def _current_adapter() -> Adapter:
    if _adapter is not None:
        return _adapter
    module_name, _, function_name = DEFAULT_ADAPTER.partition(":")
    return getattr(importlib.import_module(module_name), function_name)()


def resolve_adapted(game: str, players: int, names: tuple[str, ...], variants: tuple[str, ...],
                    rules: tuple[tuple[str, str], ...]) -> tuple[str, ...]:  # fmt: skip
    """``names`` with every ``X@adapted`` replaced by ``X@<adapted file>`` for this setup (adapting
    first when the store does not hold it yet); other names unchanged.  The search player's
    ``ismcts@adapted`` plays the default heuristic's adapted weights in its rollouts."""
    if not any(is_adapted(name) for name in names):
        return tuple(names)
    adapter = _current_adapter()
    found: dict[str, str] = {}
    resolved = []
    for name in names:
        if not is_adapted(name):
            resolved.append(name)
            continue
        strategy = parse_reference(name)
        if strategy.base not in found:
            found[strategy.base] = adapter(game, players, strategy.base, tuple(variants), tuple(rules))
        resolved.append(strategy.with_param_file(found[strategy.base]).text)
    return tuple(resolved)

