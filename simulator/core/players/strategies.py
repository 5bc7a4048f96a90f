"""The resolver: strategy references from the command line -> compiled strategies and lineups.

A reference (:mod:`simulator.core.players.reference`, which takes the text apart) names one of the
game's registered strategies (``islandsim strategies --game G``), possibly with a parameter file
(:mod:`simulator.core.players.param_files`) and settings (:mod:`simulator.core.players.strategy_settings`),
or a user's own function given as ``package.module:function``.  A user's function is compiled
with the decision signature; if it does not fit, the error says so.  Every command checks and
builds strategies here: :func:`check_reference` / :func:`resolve_reference` (and their
by-name forms :func:`check_strategy_name` / :func:`resolve_strategy`), :func:`build_lineup`.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import os
import sys
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.core.registry import CPUDispatcher

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.forward import padded_lineup
from simulator.core.engine.registry import GameSpec, StrategySpec, UsageError, get_game
from simulator.core.players import ismcts, param_files, stream_salt
from simulator.core.players.adapted import ADAPTED
from simulator.core.players.reference import StrategyReference, names_user_code, parse_reference
from simulator.core.players.strategy_settings import SettingError, apply_settings, parse_settings


@dataclass(frozen=True)
class Lineup:
    """The strategies of one run, seat by seat, ready for an engine."""

    names: tuple[str, ...]
    functions: tuple
    """One strategy per seat, padded to the game's largest player count (``forward.padded_lineup``):
    the engine compiles once for every player count; the players are the rows of ``params``."""
    params: np.ndarray  # float64[seats, width]
    fingerprint: str = ""
    """:func:`lineup_fingerprint`, taken when the lineup is built: before any game, so a strategy
    keeping working memory in its parameters does not change it."""


MAX_PARAMS = 1_000_000
"""Length bound of a ``*_PARAMS`` vector: it is copied into every seat's row of the lineup."""


def is_user_strategy(name: str) -> bool:
    """Whether a lineup name is a user's ``module:function`` (not a registered strategy)."""
    return names_user_code(name)


def _import_user_strategy(strategy: StrategyReference, checked: bool = False) -> StrategySpec:
    reference, module_name, function_name = strategy.text, strategy.user_module, strategy.user_function
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # any import failure is the user's to fix, sys.exit() included
        reason = f"it called sys.exit({error.code!r})" if isinstance(error, SystemExit) else f"{type(error).__name__}: {error}"
        raise UsageError(f"strategy '{reference}': cannot import module '{module_name}' ({reason})") from None
    function = getattr(module, function_name, None)
    if function is None or not callable(function):
        raise UsageError(f"strategy '{reference}': module '{module_name}' has no function '{function_name}'")
    compiled = _compile_with_signature(reference, function, checked)
    params = _user_params(reference, module, f"{function_name.upper()}_PARAMS")
    return StrategySpec(reference, compiled, params, f"user strategy {reference}")


def _user_params(reference: str, module, name: str) -> np.ndarray:
    """The module's ``NAME_PARAMS`` as a flat float vector (``[0.0]`` when absent), or :class:`UsageError`."""
    value = getattr(module, name, None)
    if value is None:
        return np.zeros(1)
    problem = None
    try:
        params = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        problem = "not numbers"
    else:
        if params.ndim != 1 or params.size == 0:
            problem = f"shape {params.shape}, not a non-empty flat vector"
        elif params.size > MAX_PARAMS:
            problem = f"{params.size:,} numbers, more than {MAX_PARAMS:,}"
        elif not np.isfinite(params).all():
            problem = "it holds nan or infinity"
    if problem:
        raise UsageError(f"strategy '{reference}': {name} must be a flat list of finite numbers ({problem})")
    return params


def _compile_with_signature(reference: str, function, checked: bool = False) -> CPUDispatcher:
    python_function = function.py_func if isinstance(function, CPUDispatcher) else function
    try:
        compiled = njit(STRATEGY_SIGNATURE, cache=False, boundscheck=checked)(python_function)
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
    """Raise :class:`UsageError` unless ``name`` is a registered strategy of ``spec`` (with valid
    settings, ``ismcts+budget=1000``), ``STRATEGY@FILE`` with a readable parameter file, or reads
    ``module:function`` (checked without compiling anything)."""
    check_reference(spec, parse_reference(name))


def weights_owner(spec: GameSpec, strategy: StrategyReference) -> StrategyReference:
    """The reference whose parameter file holds the weights ``strategy`` plays: itself, except for
    the search player, which plays its rollout heuristic's files (``ismcts@tuned-4p``: the game's
    default strategy's ``tuned-4p`` weights in its rollouts, :data:`ismcts.HEADER` onwards)."""
    if strategy.base == ismcts.NAME and ismcts.has_search_player(spec):
        return strategy.renamed(spec.default_strategy)
    return strategy


def _load_weights(spec: GameSpec, strategy: StrategyReference) -> list[float]:
    """The weights of ``strategy``'s parameter file (its owner's: :func:`weights_owner`)."""
    owner = weights_owner(spec, strategy)
    try:
        return param_files.load(spec.id, owner)
    except UsageError as error:
        if owner is strategy:
            raise
        raise UsageError(f"strategy '{strategy.text}' plays {owner.base}'s parameter files in its rollouts: "
                         f"{error}") from None


def check_reference(spec: GameSpec, strategy: StrategyReference) -> None:
    """:func:`check_strategy_name` of a reference already taken apart."""
    if strategy.is_user:
        return
    try:  # ``+stream=N`` (another random stream) is every strategy's setting, not the game's
        stream_salt.split(strategy.settings)
    except ValueError as error:
        raise UsageError(f"strategy '{strategy.text}': {error}") from None
    strategy = stream_salt.without_stream(strategy)
    base = strategy.base
    if strategy.param_file is not None:
        if base not in spec.strategy_descriptions:
            raise UsageError(f"strategy '{strategy.text}': '{base}' is not a registered strategy of {spec.id}; "
                             f"strategies: {', '.join(spec.strategy_descriptions)}")  # fmt: skip
        if strategy.param_file != ADAPTED[1:]:  # X@adapted: a file of the run's setup, found when the run is prepared
            _load_weights(spec, strategy)
    elif base not in spec.strategy_descriptions and base not in spec.strategy_aliases:
        allowed = ", ".join(spec.strategy_descriptions)
        raise UsageError(f"unknown strategy '{strategy.text}' for {spec.id}; strategies: {allowed}, "
                         "STRATEGY@FILE (tuned weights), or module:function")  # fmt: skip
    if strategy.settings:
        _setting_values(spec, strategy)


def _setting_values(spec: GameSpec, strategy: StrategyReference) -> dict[int, float]:
    """The ``params`` slots set by the settings written in ``strategy`` (:class:`UsageError` if bad)."""
    base = strategy.base
    if base not in spec.strategy_descriptions:
        base = spec.strategy_aliases.get(base, base)
    try:
        return parse_settings(strategy.base, strategy.settings, tuple(spec.strategy_settings.get(base, ())))
    except SettingError as error:
        raise UsageError(f"strategy '{strategy.text}': {error}") from None


def check_lineup(spec: GameSpec, players: int, names: tuple[str, ...]) -> None:
    """One known strategy per seat (or none at all, for the default); nothing is compiled."""
    for name in names:
        check_strategy_name(spec, name)
    if names and len(names) != players:
        raise UsageError(f"{len(names)} strategies given for {players} players; give one per seat "
                         "(--lineup a,b,c or repeated --strategy), or none for the default")  # fmt: skip


def current_name(spec: GameSpec, name: str) -> str:
    """``name``, or the current name of a renamed strategy (with a one-line note on stderr; its
    parameter file and settings, if any, are kept)."""
    strategy = parse_reference(name)
    base = strategy.base
    if not strategy.is_user and base in spec.strategy_aliases and base not in spec.strategy_descriptions:
        renamed = strategy.renamed(spec.strategy_aliases[base]).text
        print(f"note: {spec.id} strategy '{name}' is now called '{renamed}'; the old name will go away", file=sys.stderr)
        return renamed
    return name


def resolve_strategy(spec: GameSpec, name: str, checked: bool = False) -> StrategySpec:
    """A registered strategy of ``spec`` or a user's ``module:function`` (``checked``: compiled
    with bounds checking)."""
    return resolve_reference(spec, parse_reference(name), checked)


def resolve_reference(spec: GameSpec, strategy: StrategyReference, checked: bool = False) -> StrategySpec:
    """The one resolver: the compiled strategy ``strategy`` names, with its parameter file's weights
    and its settings applied, named ``strategy.text``."""
    check_reference(spec, strategy)
    if strategy.is_user:
        return _import_user_strategy(strategy, checked)
    salt, _ = stream_salt.split(strategy.settings)
    if salt:  # the same player drawing from another random stream (the null setup)
        player = resolve_reference(spec, stream_salt.without_stream(strategy), checked)
        return StrategySpec(strategy.text, stream_salt.salted(player.function, salt), player.params,
                            f"{player.description} (random stream salted by {salt})", player.tunable, player.bounds)  # fmt: skip
    resolved = spec.strategies[strategy.base]
    if strategy.param_file is not None:
        owner = weights_owner(spec, strategy)
        if owner is strategy:
            resolved = with_weights(resolved, _load_weights(spec, strategy), strategy.text)
        else:  # the search player: its rollout heuristic's weights, after the search's own settings
            heuristic = with_weights(spec.strategies[owner.base], _load_weights(spec, strategy), strategy.text)
            params = np.array(resolved.params, dtype=np.float64, copy=True)
            params[ismcts.HEADER:] = heuristic.params
            resolved = StrategySpec(strategy.text, resolved.function, params, resolved.description, resolved.tunable,
                                    resolved.bounds)  # fmt: skip
    if not strategy.settings:
        return resolved
    params = apply_settings(resolved.params, _setting_values(spec, strategy))
    return StrategySpec(strategy.text, resolved.function, params, resolved.description, resolved.tunable, resolved.bounds)


def with_weights(strategy: StrategySpec, weights, name: str | None = None) -> StrategySpec:
    """``strategy`` with its first tunable entries replaced by ``weights`` (its memory entries kept)."""
    weights = np.asarray(weights, dtype=np.float64)
    if weights.size != strategy.tunable_count:
        raise UsageError(f"strategy '{name or strategy.name}': {weights.size} weights given, "
                         f"but {strategy.name} has {strategy.tunable_count} tunable weights")  # fmt: skip
    params = np.array(strategy.params, dtype=np.float64, copy=True)
    params[: weights.size] = weights
    return StrategySpec(name or strategy.name, strategy.function, params, strategy.description, strategy.tunable,
                        strategy.bounds)  # fmt: skip


def build_lineup(spec: GameSpec, players: int, names: tuple[str, ...], checked: bool = False) -> Lineup:
    """Resolve one strategy per seat; no names means every seat plays the game's tuned default
    (:func:`default_name`).  ``X@tuned`` (settings may follow) plays the file tuned for ``players``."""
    names = tuple(_resolve_tuned(spec, name, players) for name in names)
    check_lineup(spec, players, names)
    if not names:
        names = (default_name(spec, players),) * players
    current = {name: param_files.canonical(spec.id, parse_reference(current_name(spec, name))).text
               for name in dict.fromkeys(names)}  # one note per renamed name; parameter files by absolute path
    names = tuple(current[name] for name in names)
    resolved = [resolve_strategy(spec, name, checked) for name in names]
    width = max(len(strategy.params) for strategy in resolved)
    params = np.zeros((players, max(width, 1)), dtype=np.float64)
    for seat, strategy in enumerate(resolved):
        params[seat, : len(strategy.params)] = strategy.params
    functions = padded_lineup(tuple(strategy.function for strategy in resolved), max(spec.player_counts))
    return Lineup(tuple(names), functions, params, lineup_fingerprint(tuple(names), functions, params))


def lineup_fingerprint(names: tuple[str, ...], functions: tuple, params: np.ndarray) -> str:
    """A short hash of what a lineup's players play with, beyond their names: every seat's
    parameters (a parameter file's weights, settings, the search player's defaults) and the
    source file of a user's ``module:function``.  Two runs of ``greedy@tuned-4p`` before and after
    that file was retuned differ here, so their games are never reused or mixed as one run's."""
    digest = hashlib.sha256()
    params = np.ascontiguousarray(params, dtype=np.float64)
    digest.update(repr(params.shape).encode())
    digest.update(params.tobytes())
    for name, function in zip(names, functions):
        if is_user_strategy(name):
            digest.update(name.encode())
            digest.update(_source_bytes(function))
    return digest.hexdigest()[:16]


def _source_bytes(function) -> bytes:
    """The contents of the file a compiled user strategy was written in (empty if it has none)."""
    try:
        return open(inspect.getsourcefile(getattr(function, "py_func", function)) or "", "rb").read()
    except (OSError, TypeError):
        return b""


TUNED = "@tuned"
"""A lineup entry ``STRATEGY@tuned`` plays the file tuned at the player count being played
(``STRATEGY@tuned-<P>p``, ``strategies/params/<game>/``) where one is shipped, else the untuned
strategy: the strongest affordable version of a strategy at every table size."""


def is_tuned(name: str) -> bool:
    """Whether ``name`` reads ``X@tuned`` (settings may follow: ``ismcts@tuned+budget=200``)."""
    return not names_user_code(name) and parse_reference(name).param_file == TUNED[1:]


def without_tuned(name: str) -> str:
    """``name`` without its ``@tuned`` (settings kept): the strategy it plays where no file is tuned."""
    if not is_tuned(name):
        return name
    strategy = parse_reference(name)
    return StrategyReference(strategy.base, None, strategy.settings).text


def default_name(spec: GameSpec, players: int) -> str:
    """The strategy every seat plays when a lineup names none: the game's default, with its weights
    tuned for ``players`` where a file is shipped (``greedy@tuned-4p``), else untuned."""
    return _resolve_tuned(spec, spec.default_strategy + TUNED, players)


def resolve_tuned(game: str, name: str, players: int) -> str:
    """``name`` at ``players`` players: ``X@tuned`` (settings may follow) becomes ``X@tuned-<P>p``
    when that file is shipped and fits the strategy's weights, else ``X``; any other name is
    returned as is.  ``ismcts@tuned`` plays the game's default heuristic's tuned file in its
    rollouts (:func:`weights_owner`)."""
    if not is_tuned(name):
        return name
    return _resolve_tuned(get_game(game), name, players)


def _resolve_tuned(spec: GameSpec, name: str, players: int) -> str:
    """:func:`resolve_tuned` for a game's spec at hand."""
    if not is_tuned(name):
        return name
    game = spec.id
    strategy = parse_reference(name)
    if strategy.base not in spec.strategy_descriptions:
        return name  # not a strategy of the game: check_lineup names what is wrong
    tuned = strategy.with_param_file(f"tuned-{players}p")
    owner = weights_owner(spec, tuned)
    if not param_files.registered_path(game, owner.base, owner.param_file).is_file():
        return without_tuned(name)
    try:  # a file tuned for an older version of the strategy (other weights) does not count
        resolve_strategy(spec, tuned.text)
    except UsageError:
        return without_tuned(name)
    return tuned.text
