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
``strategies/params/<game>/greedy-tuned-4p.toml``).  The strategy keeps its own entries after
the weights (working memory).
"""

from __future__ import annotations

import math
from pathlib import Path

from simulator.core.engine.registry import UsageError

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

SEPARATOR = "@"
PARAMS_FOLDER = Path(__file__).resolve().parents[2] / "strategies" / "params"
"""Where the shipped parameter files live, one folder per game."""
SUFFIX = ".toml"


def is_param_reference(name: str) -> bool:
    """Whether a strategy name reads ``STRATEGY@FILE`` (a strategy with a parameter file)."""
    return SEPARATOR in name and ":" not in name.partition(SEPARATOR)[0]


def split(name: str) -> tuple[str, str]:
    """``(strategy, file reference)`` of ``STRATEGY@FILE``."""
    base, _, reference = name.partition(SEPARATOR)
    if not base or not reference:
        raise UsageError(f"strategy '{name}': write a parameter file as STRATEGY@FILE, e.g. greedy@tuned-4p.toml")
    return base, reference


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
            names.append(f"{base}{SEPARATOR}{stem[len(base) + 1:]}")
    return names


def file_path(game: str, name: str) -> Path:
    """The parameter file ``name`` (``STRATEGY@FILE``) refers to: a shipped one when ``FILE`` has
    no ``.toml`` suffix and no folder, else a path; :class:`UsageError` when it does not exist."""
    base, reference = split(name)
    if not reference.endswith(SUFFIX) and "/" not in reference and "\\" not in reference:
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


def canonical(game: str, name: str) -> str:
    """``name`` with a parameter file given by path made absolute (so worker processes and run
    manifests find it wherever they run); shipped names and other names unchanged."""
    if not is_param_reference(name):
        return name
    base, reference = split(name)
    if reference.endswith(SUFFIX) or "/" in reference or "\\" in reference:
        return f"{base}{SEPARATOR}{file_path(game, name)}"
    return name


def _read(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"parameter file {path} is not valid TOML ({error})") from None
    except OSError as error:
        raise UsageError(f"cannot read parameter file {path} ({error.strerror or error})") from None


def load(game: str, name: str) -> list[float]:
    """The weights of parameter file ``name`` (``STRATEGY@FILE``), checked against ``game`` and
    ``STRATEGY``; :class:`UsageError` naming what is wrong otherwise."""
    base, _ = split(name)
    path = file_path(game, name)
    content = _read(path)
    if content.get("game") != game:
        raise UsageError(f"parameter file {path} is for game '{content.get('game')}', not {game}")
    if content.get("strategy") != base:
        raise UsageError(f"parameter file {path} holds weights of strategy '{content.get('strategy')}', "
                         f"not {base}; write {content.get('strategy')}{SEPARATOR}{path.name}")  # fmt: skip
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
        f"{strategy}{SEPARATOR}<this file> (docs/strategies.md, 'Tuned parameters')",
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
