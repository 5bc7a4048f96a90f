"""Turning strategy names from the command line into a compiled lineup.

A name is either one of the game's registered strategies (``islandsim strategies
--game G``) or a user's own function given as ``package.module:function``.  A user's
function is compiled with the decision signature; if it does not fit, the error says so.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.core.registry import CPUDispatcher

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.core.registry import GameSpec, StrategySpec, UsageError


@dataclass(frozen=True)
class Lineup:
    """The strategies of one run, seat by seat, ready for an engine."""

    names: tuple[str, ...]
    functions: tuple
    params: np.ndarray  # float64[seats, width]


def _import_user_strategy(reference: str) -> StrategySpec:
    module_name, _, function_name = reference.partition(":")
    if not module_name or not function_name:
        raise UsageError(f"strategy '{reference}': a user strategy is written module:function")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # any import failure is the user's to fix
        raise UsageError(f"strategy '{reference}': cannot import module '{module_name}' ({error})") from None
    function = getattr(module, function_name, None)
    if function is None or not callable(function):
        raise UsageError(f"strategy '{reference}': module '{module_name}' has no function '{function_name}'")
    compiled = _compile_with_signature(reference, function)
    params = np.asarray(getattr(module, f"{function_name.upper()}_PARAMS", np.zeros(1)), dtype=np.float64)
    return StrategySpec(reference, compiled, params.reshape(-1), f"user strategy {reference}")


def _compile_with_signature(reference: str, function) -> CPUDispatcher:
    python_function = function.py_func if isinstance(function, CPUDispatcher) else function
    try:
        compiled = njit(STRATEGY_SIGNATURE, cache=False)(python_function)
    except Exception as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise UsageError(
            f"strategy '{reference}' does not compile with the decision signature "
            f"decide(state, seat, decision_kind, options, n_options, params, stream) -> int: {first_line}"
        ) from None
    return compiled


def lineup_names(lineup: str | None, strategy_options: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The strategy names a command was given, in seat order: ``--lineup a,b,c`` or repeated
    ``--strategy`` (each may also be a comma list), never both.  Every command parses its lineup here."""
    if lineup is not None and strategy_options:
        raise UsageError("give the lineup once: --lineup a,b,c or repeated --strategy, not both")
    texts = (lineup,) if lineup is not None else strategy_options
    option = "--lineup" if lineup is not None else "--strategy"
    names: list[str] = []
    for text in texts:
        parts = [part.strip() for part in text.split(",")]
        if not all(parts):
            raise UsageError(f"{option} '{text}' has an empty name; write strategy names separated by commas, "
                             "e.g. greedy,bluffer,greedy")  # fmt: skip
        names += parts
    return tuple(names)


def check_strategy_name(spec: GameSpec, name: str) -> None:
    """Raise :class:`UsageError` unless ``name`` is a registered strategy of ``spec`` or reads
    ``module:function`` (checked without compiling anything)."""
    if name in spec.strategy_descriptions or name in spec.strategy_aliases or ":" in name:
        return
    allowed = ", ".join(spec.strategy_descriptions)
    raise UsageError(f"unknown strategy '{name}' for {spec.id}; strategies: {allowed}, or module:function")


def check_lineup(spec: GameSpec, players: int, names: tuple[str, ...]) -> None:
    """One known strategy per seat (or none at all, for the default); nothing is compiled."""
    for name in names:
        check_strategy_name(spec, name)
    if names and len(names) != players:
        raise UsageError(f"{len(names)} strategies given for {players} players; give one per seat "
                         "(--lineup a,b,c or repeated --strategy), or none for the default")  # fmt: skip


def current_name(spec: GameSpec, name: str) -> str:
    """``name``, or the current name of a renamed strategy (with a one-line note on stderr)."""
    if name in spec.strategy_aliases and name not in spec.strategy_descriptions:
        renamed = spec.strategy_aliases[name]
        print(f"note: {spec.id} strategy '{name}' is now called '{renamed}'; the old name will go away", file=sys.stderr)
        return renamed
    return name


def resolve_strategy(spec: GameSpec, name: str) -> StrategySpec:
    """A registered strategy of ``spec`` or a user's ``module:function``."""
    check_strategy_name(spec, name)
    if name in spec.strategy_descriptions:
        return spec.strategies[name]
    return _import_user_strategy(name)


def build_lineup(spec: GameSpec, players: int, names: tuple[str, ...]) -> Lineup:
    """Resolve one strategy per seat; no names means every seat plays the default strategy."""
    check_lineup(spec, players, names)
    if not names:
        names = (spec.default_strategy,) * players
    current = {name: current_name(spec, name) for name in dict.fromkeys(names)}  # one note per renamed name
    names = tuple(current[name] for name in names)
    resolved = [resolve_strategy(spec, name) for name in names]
    width = max(len(strategy.params) for strategy in resolved)
    params = np.zeros((players, max(width, 1)), dtype=np.float64)
    for seat, strategy in enumerate(resolved):
        params[seat, : len(strategy.params)] = strategy.params
    return Lineup(tuple(names), tuple(strategy.function for strategy in resolved), params)
