"""Rule settings: every number of a game's rules and components as a value a designer changes
without code (``--set NAME=VALUE``, ``--rules FILE.toml``), recorded with the run, read at run time.

A game declares its settings once (:class:`RuleSettings`, in ``simulator/games/<id>/settings.py``):
each :class:`Setting` has a name, a kind (a whole number, a decimal number, or a component file a
designer may replace by their own), a default (the rulebook's, or the reconstruction's), the allowed
range, the rule it belongs to and whether the default is reconstructed.  A per-player-count value
(hand sizes, thresholds) has one default per player count; a run plays one player count, so it is
resolved to the value at that count.  A seat's starting resource is one setting per seat
(``seat2_start_amulets``, :func:`per_seat`).

Resolution, for one player count (:func:`resolve`): the defaults, then the settings of the variants
that are presets (``gems-to-win-3`` sets ``gems_to_win = 3``), then the user's values.  The result,
:class:`RuleValues`, is what the game's ``encode_variants(names, players, rules)`` writes into the
engine's flag vector, which the engine copies into the state: the compiled code reads the values at
run time, so a changed value never recompiles, and strategies (which read the state) see them too.

What a user gives is canonicalised before anything is played (:func:`user_values`): each value
checked against its range, a component file read and checked, so that a run's configuration holds
the values themselves (never a path) and the manifest records them.  Plain Python; nothing here is
compiled (``simulator.compiled_cache.NOT_COMPILED``).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from simulator.core.engine.errors import UsageError

INT = "int"
FLOAT = "float"
FILE = "file"
KINDS = (INT, FLOAT, FILE)

MAX_FILE_BYTES = 1 << 20
"""A component file or rules file larger than this is refused (1 MiB: every shipped one is under 10 KiB)."""


@dataclass(frozen=True)
class Setting:
    """One number (or component file) of a game's rules.

    ``default``: a number, or for a per-player-count setting a ``{players: number}`` mapping, or for a
    file setting the canonical value of the shipped file (lists of numbers and strings, as ``read``
    returns it).  ``low`` / ``high`` bound a number (inclusive).  ``read(path)`` (file settings) reads
    a designer's file into the canonical value, raising ``ValueError`` with one line that says what is
    wrong; ``file_format`` says in words what the file holds (its columns)."""

    name: str
    kind: str
    default: Any
    description: str
    rule: str
    low: float | None = None
    high: float | None = None
    reconstructed: bool = False
    unit: str = ""
    read: Callable[[Path], Any] | None = None
    file_format: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"setting {self.name}: kind must be one of {KINDS}, not {self.kind!r}")
        if self.kind == FILE and self.read is None:
            raise ValueError(f"setting {self.name}: a file setting needs read(path)")
        if not self.name.replace("_", "").isalnum() or not self.name[0].isalpha() or self.name != self.name.lower():
            raise ValueError(f"setting name {self.name!r}: lowercase letters, digits and _ only")

    @property
    def per_players(self) -> bool:
        """Whether the setting has one value per player count."""
        return isinstance(self.default, Mapping)

    def default_for(self, players: int) -> Any:
        """The default at ``players`` players."""
        if self.per_players:
            return self.default[players]
        return self.default

    def allowed(self) -> str:
        """What values are allowed, in words."""
        if self.kind == FILE:
            return f"a file: {self.file_format}" if self.file_format else "a file"
        what = "a whole number" if self.kind == INT else "a number"
        if self.low is not None and self.high is not None:
            return f"{what} from {_number_text(self.low)} to {_number_text(self.high)}"
        if self.low is not None:
            return f"{what} of at least {_number_text(self.low)}"
        if self.high is not None:
            return f"{what} of at most {_number_text(self.high)}"
        return what

    def default_text(self) -> str:
        """The default in words (per player count when it varies)."""
        if self.kind == FILE:
            return "the shipped file"
        if self.per_players:
            values = {players: self.default[players] for players in sorted(self.default)}
            if len(set(values.values())) == 1:
                return _number_text(next(iter(values.values())))
            return ", ".join(f"{_number_text(value)} ({players}p)" for players, value in values.items())
        return _number_text(self.default)

    def check_number(self, value: Any, players: int | None = None) -> int | float:
        """``value`` as this setting's number; :class:`UsageError` naming the setting otherwise."""
        number = parse_number(self, value)
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            raise UsageError(f"setting {self.name} = {_number_text(number)} is out of range; allowed: {self.allowed()}")
        return number


_WHOLE = re.compile(r"^[+-]?[0-9]+$")
_SEAT = re.compile(r"^seat([0-9]+)_")
"""A per-seat setting's name (``seat2_start_amulets``): at fewer players its seat does not play."""
_DECIMAL = re.compile(r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$")


def parse_number(setting: Setting, value: Any) -> int | float:
    """A number from a command-line text (plain ASCII digits: ``2``, ``-1``, ``0.25``) or a TOML
    number, of the setting's kind; :class:`UsageError` naming the setting and what is allowed."""
    refused = UsageError(f"setting {setting.name} = {value!r} is not {setting.allowed()}")
    if isinstance(value, bool):
        raise refused
    if isinstance(value, str):
        text = value.strip()
        if setting.kind == INT:
            if not _WHOLE.match(text):
                raise refused
            return int(text)
        if not _DECIMAL.match(text):
            raise refused
        number: int | float = float(text)
    elif isinstance(value, (int, float)):
        number = value
    else:
        raise refused
    if isinstance(number, float) and not math.isfinite(number):
        raise refused
    if setting.kind == INT:
        if isinstance(number, float):
            if number != int(number):
                raise refused
            number = int(number)
        return int(number)
    return float(number)


def per_seat(template: str, max_players: int, **fields) -> tuple[Setting, ...]:
    """One setting per seat 1..``max_players`` named ``seat<K>_<template>`` (a seat's starting
    resource: ``per_seat("start_amulets", 4, kind=INT, default=0, ...)``); the description may hold
    ``{seat}``."""
    description = fields.pop("description")
    return tuple(Setting(name=f"seat{seat}_{template}", description=description.format(seat=seat), **fields)
                 for seat in range(1, max_players + 1))  # fmt: skip


def seat_total(values: Mapping[str, Any], resource: str, players: int) -> int | float:
    """The sum of a per-seat setting over the seats playing (``seat1_<resource>`` .. ``seatP_<resource>``):
    what the seats take from a supply at setup, for a game's cross-check."""
    return sum(values[f"seat{seat}_{resource}"] for seat in range(1, players + 1))


def write_slots(target, values: Mapping[str, Any], slots: Mapping[str, int]) -> None:
    """Write each setting named in ``slots`` into ``target`` (a game's flag vector or its rules block)
    at its slot: a game's ``encode_variants`` declares the name -> slot table once instead of a line
    per setting."""
    for name, slot in slots.items():
        target[slot] = values[name]


@dataclass(frozen=True)
class RuleValues:
    """The resolved rule settings of one run: every setting's value at its player count.

    ``changed()`` lists the values that differ from the defaults; ``fingerprint`` hashes the whole
    set (a changed default in a data file is another set of rules too)."""

    game: str
    players: int
    values: Mapping[str, Any]
    defaults: Mapping[str, Any]
    sources: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def __contains__(self, name: object) -> bool:
        return name in self.values

    def get(self, name: str, default: Any = None) -> Any:
        """The value of ``name``, or ``default``."""
        return self.values.get(name, default)

    def changed(self) -> dict[str, Any]:
        """Name -> value of every setting that differs from its default."""
        return {name: value for name, value in self.values.items() if value != self.defaults[name]}

    @property
    def fingerprint(self) -> str:
        """A short hash of every value (sorted by name)."""
        return fingerprint_of(self.values)


def fingerprint_of(values: Mapping[str, Any]) -> str:
    """The fingerprint of a whole set of resolved values."""
    text = json.dumps({name: values[name] for name in sorted(values)}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RuleSettings:
    """A game's declared settings, the variants that are presets of them, and a check across them.

    ``presets``: variant name -> {setting: value} (the parameter-like variants of before: their names
    keep working).  ``check(values, players)`` raises ``ValueError`` (one line) for a combination
    the rules cannot play (a deck too small for the player count)."""

    game: str
    settings: tuple[Setting, ...]
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    check: Callable[[Mapping[str, Any], int], None] | None = None

    def __post_init__(self) -> None:
        names = [setting.name for setting in self.settings]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: a setting is declared twice")
        for variant, values in self.presets.items():
            unknown = set(values) - set(names)
            if unknown:
                raise ValueError(f"{self.game}: preset {variant} sets unknown settings {sorted(unknown)}")

    @property
    def by_name(self) -> dict[str, Setting]:
        """Name -> setting."""
        return {setting.name: setting for setting in self.settings}

    def setting(self, name: str) -> Setting:
        """The setting called ``name``; :class:`UsageError` listing the valid names otherwise."""
        found = self.by_name.get(name)
        if found is None:
            close = difflib.get_close_matches(name, list(self.by_name), n=3, cutoff=0.6)
            hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
            raise UsageError(f"unknown rule setting '{name}' for {self.game}{hint}; settings: "
                             f"{', '.join(self.by_name)} (see `islandsim rules --game {self.game}`)")  # fmt: skip
        return found

    def defaults(self, players: int) -> dict[str, Any]:
        """Every setting's default at ``players`` players."""
        return {setting.name: setting.default_for(players) for setting in self.settings}


def parse_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` -> (name, value text); :class:`UsageError` otherwise."""
    name, equals, value = text.partition("=")
    name = name.strip()
    if not equals or not name or not value.strip():
        raise UsageError(f"--set {text!r} is not NAME=VALUE; e.g. --set first_player_bonus=2 "
                         "(see `islandsim rules --game G`)")  # fmt: skip
    return name, value.strip()


def read_rules_file(path: Path) -> dict[str, Any]:
    """A rules file (TOML): ``name = value`` lines, an optional ``[rules]`` table holding them; a file
    setting's value is a path relative to the rules file.  Returns name -> raw value, file paths made
    absolute.  :class:`UsageError` (one line) for a file that cannot be read, is not UTF-8 or not TOML."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    path = Path(path)
    try:
        if path.is_dir():
            raise UsageError(f"--rules {path} is a folder; give a .toml file of rule settings")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(f"--rules {path} is larger than 1 MiB; a rules file holds a few settings")
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"--rules {path} cannot be read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is no error
    except UnicodeDecodeError:
        raise UsageError(f"--rules {path} is not UTF-8 text; save it as UTF-8") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"--rules {path} is not TOML: {str(error).splitlines()[0]}") from None
    table = document.get("rules", document) if isinstance(document.get("rules"), dict) else document
    extra = [key for key in document if key != "rules"] if table is not document else []
    if extra:
        raise UsageError(f"--rules {path}: keys {', '.join(extra)} lie outside its [rules] table; put every "
                         "setting inside it, or give no [rules] table")  # fmt: skip
    return {name: (value, path.parent, True) for name, value in table.items()}


def user_values(declared: RuleSettings, assignments: Iterable[tuple[str, Any]], rules_files: Iterable[Path] = (),
                base: Path | None = None) -> tuple[tuple[str, str], ...]:  # fmt: skip
    """The user's settings, checked and canonical: ``((name, json value), ...)`` sorted by name.

    ``assignments`` are (name, value) pairs from ``--set`` (file paths relative to ``base``, the
    working folder by default); ``rules_files`` are read first, so ``--set`` wins over a file.  A
    number keeps its kind; a per-player-count setting takes one number (every player count) or, in a
    rules file, a table ``{2 = 6, 3 = 5}`` / on the command line ``2:6,3:5``; a file setting is read
    and stored as its content.  Nothing is played: everything that can be wrong is said here."""
    collected: dict[str, tuple[Any, Path, bool]] = {}
    for rules_file in rules_files:
        collected.update(read_rules_file(Path(rules_file)))
    for name, value in assignments:
        collected[name] = (value, Path(base) if base is not None else Path.cwd(), False)
    canonical = {}
    for name, (value, folder, typed) in collected.items():
        setting = declared.setting(name)
        if typed and setting.kind != FILE and isinstance(value, str):  # a TOML file says what a number is
            raise UsageError(f"setting {name} = {value!r} is text in the rules file; write the number without "
                             f"quotes ({setting.allowed()})")  # fmt: skip
        canonical[name] = json.dumps(_canonical(setting, value, folder), sort_keys=True)
    return tuple(sorted(canonical.items()))


def _canonical(setting: Setting, value: Any, folder: Path) -> Any:
    if setting.kind == FILE:
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"setting {setting.name} takes a file path ({setting.file_format}), not {value!r}")
        path = Path(value).expanduser()
        path = path if path.is_absolute() else folder / path
        try:
            if path.is_dir():
                raise UsageError(f"setting {setting.name} = {value} is a folder; give a file ({setting.file_format})")
            if not path.exists():
                raise UsageError(f"setting {setting.name} = {value}: no such file ({path})")
            if not path.is_file():
                raise UsageError(f"setting {setting.name} = {value} is not a regular file; give a file "
                                 f"({setting.file_format})")  # fmt: skip
            if path.stat().st_size > MAX_FILE_BYTES:
                raise UsageError(f"setting {setting.name} = {value}: the file is larger than 1 MiB")
            try:
                path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                raise UsageError(f"setting {setting.name} = {value}: the file is not UTF-8 text; save it as UTF-8") from None
            return setting.read(path)
        except ValueError as error:
            raise UsageError(f"setting {setting.name} = {value}: {error}") from None
        except UnicodeDecodeError:
            raise UsageError(f"setting {setting.name} = {value}: the file is not UTF-8 text") from None
        except OSError as error:
            raise UsageError(f"setting {setting.name} = {value}: cannot be read ({error.strerror or error})") from None
    if setting.per_players:
        counts = sorted(setting.default)
        if isinstance(value, Mapping) or (isinstance(value, str) and ":" in value):
            pairs = value.items() if isinstance(value, Mapping) else [part.split(":", 1) for part in value.split(",")]
            if not pairs:
                raise UsageError(f"setting {setting.name} = an empty table; give a number, or one per player count "
                                 f"({', '.join(f'{count} = ...' for count in counts)})")  # fmt: skip
            result = {}
            for count, number in pairs:
                try:
                    players = int(str(count).strip().removesuffix("p"))
                except ValueError:
                    players = -1
                if players not in setting.default:
                    raise UsageError(f"setting {setting.name}: player count {count!r} is not one of "
                                     f"{', '.join(map(str, counts))}")  # fmt: skip
                result[str(players)] = setting.check_number(number)
            return result
        return setting.check_number(value)
    if isinstance(value, Mapping):
        raise UsageError(f"setting {setting.name} takes one value ({setting.allowed()}), not a table")
    return setting.check_number(value)


def resolve(declared: RuleSettings, variants: Iterable[str], user: Iterable[tuple[str, str]],
            players: int) -> RuleValues:  # fmt: skip
    """The rule values of a run: defaults at ``players``, then the presets of ``variants``, then the
    user's canonical values (``user_values``).  :class:`UsageError` when a user value contradicts a
    preset variant, or the game's check refuses the combination."""
    defaults = declared.defaults(players)
    values = dict(defaults)
    sources = {name: "default" for name in values}
    set_by: dict[str, tuple[str, Any]] = {}
    for variant in variants:
        for name, value in declared.presets.get(variant, {}).items():
            if name in set_by and set_by[name][1] != value:
                raise UsageError(f"variants {set_by[name][0]} and {variant} both set {name} "
                                 f"({_value_text(set_by[name][1])} and {_value_text(value)}); give one of them")  # fmt: skip
            set_by[name] = (variant, value)
            values[name] = value
            sources[name] = f"variant {variant}"
    for name, text in user:
        setting = declared.setting(name)
        value = json.loads(text) if isinstance(text, str) else text
        if setting.per_players and isinstance(value, Mapping):
            value = value.get(str(players), defaults[name])
        if name in set_by and set_by[name][1] != value:
            raise UsageError(f"setting {name} = {_value_text(value)} contradicts variant {set_by[name][0]}, which "
                             f"sets it to {_value_text(set_by[name][1])}; give the setting or the variant, not both")  # fmt: skip
        seat = _SEAT.match(name)
        if seat and int(seat.group(1)) > players:  # a rules file for several player counts: no such seat here
            continue
        values[name] = value
        sources[name] = "your setting"
    if declared.check is not None:
        try:
            declared.check(values, players)
        except ValueError as error:
            raise UsageError(str(error)) from None
    return RuleValues(declared.game, players, values, defaults, sources)


def default_values(declared: RuleSettings, players: int, variants: Iterable[str] = ()) -> RuleValues:
    """The rule values with no user setting (presets of ``variants`` applied)."""
    return resolve(declared, variants, (), players)


def describe_changes(declared: RuleSettings, values: RuleValues) -> list[str]:
    """One line per changed value, what a user reads: ``first_player_bonus = 2 (rulebook: 5)``."""
    lines = []
    by_name = declared.by_name
    for name, value in values.changed().items():
        setting = by_name[name]
        origin = "reconstruction" if setting.reconstructed else "rulebook"
        source = values.sources.get(name, "")
        by = f", {source}" if source.startswith("variant") else ""
        if setting.kind == FILE:
            lines.append(f"{name}: your own file ({origin}'s replaced{by})")
        else:
            lines.append(f"{name} = {_value_text(value)}{setting.unit and ' ' + setting.unit} "
                         f"({origin}: {_value_text(values.defaults[name])}{by})")  # fmt: skip
    return lines


def changes_label(declared: RuleSettings | None, values: RuleValues | None) -> str:
    """The changed values on one line (``first_player_bonus = 2 (rulebook: 5)``), '' for none."""
    if declared is None or values is None:
        return ""
    return "; ".join(describe_changes(declared, values))


def settings_rows(declared: RuleSettings) -> list[dict[str, Any]]:
    """The settings table (``islandsim rules``, docs/games/<id>.md): one row per setting."""
    presets_of: dict[str, list[str]] = {}
    for variant, values in declared.presets.items():
        for name in values:
            presets_of.setdefault(name, []).append(variant)
    return [{
        "name": setting.name,
        "default": setting.default_text(),
        "allowed": setting.allowed(),
        "rule": setting.rule,
        "reconstructed": "yes" if setting.reconstructed else "no",
        "changes": setting.description,
        "presets": _presets_text(presets_of.get(setting.name, [])),
    } for setting in declared.settings]  # fmt: skip


def markdown_table(declared: RuleSettings) -> str:
    """The settings as the Markdown table of ``docs/games/<id>.md`` ("Rule settings"), from
    :func:`settings_rows`; each game's test checks that its doc holds exactly this table."""
    header = "| setting | default | allowed | rule | reconstructed | what it changes | set by variants |"
    lines = [header, "|---|---|---|---|---|---|---|"]
    for row in settings_rows(declared):
        cells = [f"`{row['name']}`", row["default"], row["allowed"], row["rule"], row["reconstructed"],
                 row["changes"], row["presets"]]
        lines.append("| " + " | ".join(str(cell).replace("|", "\\|").replace("\n", " ") for cell in cells) + " |")
    return "\n".join(lines)


def _presets_text(names: list[str]) -> str:
    """The variants that set a setting: listed, or ``first ... last (N presets)`` when many."""
    if len(names) > 4:
        return f"{names[0]} ... {names[-1]} ({len(names)} presets)"
    return ", ".join(names)


def _number_text(value: Any) -> str:
    if isinstance(value, float) and value == int(value) and abs(value) < 1e15:
        return f"{value:.1f}"
    return str(value)


def _value_text(value: Any) -> str:
    if isinstance(value, (list, dict)):
        return "a table"
    return _number_text(value)


def rules_text(rules: Iterable[tuple[str, str]]) -> str:
    """A run's own settings (``RunConfig.rules``) on one line: ``first_player_bonus = 2, ...``."""
    parts = []
    for name, text in rules:
        value = json.loads(text) if isinstance(text, str) else text
        if isinstance(value, dict) and all(key.isdigit() for key in value):
            shown = ", ".join(f"{count}p: {_value_text(number)}" for count, number in sorted(value.items()))
            parts.append(f"{name} = {{{shown}}}")
        else:
            parts.append(f"{name} = {_value_text(value) if not isinstance(value, list) else 'your own file'}")
    return "; ".join(parts)


def rules_label(rules: Iterable[tuple[str, str]]) -> str:
    """A run's own settings as a short setup label, the way ``--variant NAME=VALUE`` writes them:
    ``first_player_bonus=2+hand_size=6`` (a component file: ``treasures=own-file``)."""
    parts = []
    for name, text in rules:
        value = json.loads(text) if isinstance(text, str) else text
        if isinstance(value, list):
            parts.append(f"{name}=own-file")
        elif isinstance(value, dict):
            parts.append(f"{name}=" + ",".join(f"{count}:{_value_text(number)}" for count, number in sorted(value.items())))
        else:
            parts.append(f"{name}={_value_text(value)}")
    return "+".join(parts)
