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


def current_name(spec: GameSpec, name: str) -> str:
    """``name``, or the current name of a renamed strategy (with a one-line note on stderr)."""
    if name in spec.strategy_aliases and name not in spec.strategies:
        renamed = spec.strategy_aliases[name]
        print(f"note: {spec.id} strategy '{name}' is now called '{renamed}'; the old name will go away", file=sys.stderr)
        return renamed
    return name


def resolve_strategy(spec: GameSpec, name: str) -> StrategySpec:
    """A registered strategy of ``spec`` or a user's ``module:function``."""
    if name in spec.strategies:
        return spec.strategies[name]
    if ":" in name:
        return _import_user_strategy(name)
    allowed = ", ".join(spec.strategies)
    raise UsageError(f"unknown strategy '{name}' for {spec.id}; strategies: {allowed}, or module:function")


def build_lineup(spec: GameSpec, players: int, names: tuple[str, ...]) -> Lineup:
    """Resolve one strategy per seat; no names means every seat plays the default strategy."""
    if not names:
        names = (spec.default_strategy,) * players
    current = {name: current_name(spec, name) for name in dict.fromkeys(names)}  # one note per renamed name
    names = tuple(current[name] for name in names)
    resolved = [resolve_strategy(spec, name) for name in names]
    if len(names) != players:
        raise UsageError(f"{len(names)} strategies given for {players} players; give one --strategy per seat (or none)")
    width = max(len(strategy.params) for strategy in resolved)
    params = np.zeros((players, max(width, 1)), dtype=np.float64)
    for seat, strategy in enumerate(resolved):
        params[seat, : len(strategy.params)] = strategy.params
    return Lineup(tuple(names), tuple(strategy.function for strategy in resolved), params)
