"""Named parameter files: a strategy played with other weights, written ``STRATEGY@FILE``.

``islandsim tune`` writes one TOML file per tuning::

    game = "sails"
    players = 4                 # the player count it was tuned at (informative)
    strategy = "greedy"         # the registered strategy whose function plays it
    params = [1.02, 1.61, ...]  # its tunable weights (the strategy's first ``tunable_count`` entries)

    [tuning]                    # how it was found (informative, read by nobody)
    ...

Every command that takes strategy names accepts ``greedy@tuned-4p.toml`` (a file, relative to
the current folder or absolute) or ``greedy@tuned-4p`` (a file shipped in
``strategies/params/<game>/greedy-tuned-4p.toml``), taken apart by
:mod:`simulator.core.players.reference`.  The strategy keeps its own entries after the weights
(working memory).
"""

from __future__ import annotations

import math
from pathlib import Path

from simulator.core.engine.registry import UsageError
from simulator.core.players.reference import StrategyReference

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

PARAMS_FOLDER = Path(__file__).resolve().parents[3] / "strategies" / "params"
"""Where the shipped parameter files live, one folder per game."""
SUFFIX = ".toml"


def registered_path(game: str, base: str, reference: str) -> Path:
    """The shipped file of ``base@reference`` for ``game``."""
    return PARAMS_FOLDER / game / f"{base}-{reference}{SUFFIX}"


def registered_names(game: str) -> list[str]:
    """Every shipped ``STRATEGY@NAME`` of ``game`` (from the files in ``strategies/params/<game>/``)."""
    folder = PARAMS_FOLDER / game
    names = []
    for path in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            content = _read(path)
        except UsageError:
            continue
        base = str(content.get("strategy", ""))
        stem = path.stem
        if base and stem.startswith(base + "-"):
            names.append(StrategyReference(base, stem[len(base) + 1:]).text)
    return names


def is_shipped(param_file: str) -> bool:
    """Whether ``FILE`` of ``STRATEGY@FILE`` names a shipped file (no ``.toml`` suffix, no folder)."""
    return not param_file.endswith(SUFFIX) and "/" not in param_file and "\\" not in param_file


def file_path(game: str, strategy: StrategyReference) -> Path:
    """The parameter file ``strategy`` (``STRATEGY@FILE``) refers to: a shipped one when ``FILE`` has
    no ``.toml`` suffix and no folder, else a path; :class:`UsageError` when it does not exist."""
    name, base, reference = strategy.text, strategy.base, strategy.param_file
    if is_shipped(reference):
        path = registered_path(game, base, reference)
        if not path.is_file():
            shipped = ", ".join(registered_names(game)) or "none"
            raise UsageError(f"strategy '{name}': no parameter file {reference} for {base} in {game} "
                             f"(shipped: {shipped}); give a path ending in .toml for your own")  # fmt: skip
        return path
    path = Path(reference).expanduser()
    if not path.is_file():
        raise UsageError(f"strategy '{name}': parameter file {reference} does not exist")
    return path.resolve()


def canonical(game: str, strategy: StrategyReference) -> StrategyReference:
    """``strategy`` with a parameter file given by path made absolute (so worker processes and run
    manifests find it wherever they run); shipped files and references without a file unchanged."""
    if strategy.param_file is None or is_shipped(strategy.param_file):
        return strategy
    return strategy.with_param_file(str(file_path(game, strategy)))


def _read(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"parameter file {path} is not valid TOML ({error})") from None
    except UnicodeDecodeError as error:  # found by tests/analysis/test_fuzzing.py: it was a traceback
        raise UsageError(f"parameter file {path} is not UTF-8 text (byte {error.object[error.start]:#04x}); "
                         "save it as UTF-8") from None  # fmt: skip
    except OSError as error:
        raise UsageError(f"cannot read parameter file {path} ({error.strerror or error})") from None


def load(game: str, strategy: StrategyReference) -> list[float]:
    """The weights of the parameter file of ``strategy`` (``STRATEGY@FILE``), checked against ``game``
    and ``STRATEGY``; :class:`UsageError` naming what is wrong otherwise."""
    base = strategy.base
    path = file_path(game, strategy)
    content = _read(path)
    if content.get("game") != game:
        raise UsageError(f"parameter file {path} is for game '{content.get('game')}', not {game}")
    if content.get("strategy") != base:
        raise UsageError(f"parameter file {path} holds weights of strategy '{content.get('strategy')}', "
                         f"not {base}; write {StrategyReference(str(content.get('strategy')), path.name).text}")  # fmt: skip
    params = content.get("params")
    if (not isinstance(params, list) or not params
            or not all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in params)
            or not all(math.isfinite(float(value)) for value in params)):  # fmt: skip
        raise UsageError(f"parameter file {path}: 'params' must be a non-empty list of finite numbers")
    return [float(value) for value in params]


def dump(game: str, players: int, strategy: str, params: list[float], tuning: dict) -> str:
    """The TOML text of a parameter file (``tuning``: flat mapping of numbers and strings)."""
    lines = [
        "# written by islandsim tune; use it as --strategy "
        f"{StrategyReference(strategy, '<this file>').text} (docs/strategies.md, 'Tuned parameters')",
        f'game = "{game}"',
        f"players = {players}",
        f'strategy = "{strategy}"',
        "params = [" + ", ".join(repr(round(float(value), 6)) for value in params) + "]",
        "",
        "[tuning]",
    ]
    for key, value in tuning.items():
        if isinstance(value, str):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{key} = "{escaped}"')
        elif isinstance(value, (list, tuple)):
            lines.append(f"{key} = [" + ", ".join(repr(round(float(item), 6)) for item in value) + "]")
        else:
            lines.append(f"{key} = {value!r}")
    return "\n".join(lines) + "\n"
