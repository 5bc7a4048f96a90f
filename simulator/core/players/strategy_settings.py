"""Settings of a strategy written in its lineup name: ``ismcts+budget=1000+c=0.5``.

A strategy may declare settings (``GameSpec.strategy_settings``): each one a slot of the seat's
``params`` vector with a default and bounds.  A lineup sets them after the strategy's name,
``NAME+key=value+key=value`` (taken apart by :mod:`simulator.core.players.reference`); the name with
its settings is what runs record (manifest, results, reports), so ``--resume``, ``replay`` and the
analysis rebuild the same player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from simulator.core.players.reference import SETTING_SEPARATOR as SEPARATOR


class SettingError(ValueError):
    """A setting the strategy does not have, or a value outside its bounds (message for the user)."""


@dataclass(frozen=True)
class StrategySetting:
    """One setting: ``params[index]`` of the seat, ``default`` unless the lineup sets it."""

    name: str
    index: int
    description: str
    default: float
    minimum: float
    maximum: float
    integer: bool = False
    choices: dict[str, float] = field(default_factory=dict)
    """Named values (``rollout=random``); when given, only these names are accepted."""

    def allowed(self) -> str:
        """What the setting accepts, for messages and listings."""
        if self.choices:
            return " or ".join(self.choices)
        kind = "a whole number" if self.integer else "a number"
        low = int(self.minimum) if self.integer else self.minimum
        high = int(self.maximum) if self.integer else self.maximum
        return f"{kind} from {low:,} to {high:,}"

    def default_text(self) -> str:
        """The default as a lineup would write it (``200``, ``heuristic``)."""
        named = [name for name, value in self.choices.items() if value == self.default]
        return named[0] if named else f"{self.default:g}"

    def listing(self) -> str:
        """One line for ``islandsim strategies``: what it sets, what it accepts, its default."""
        return f"{self.description}: {self.allowed()} (default {self.default_text()})"

    def parse(self, text: str) -> float:
        """The value of ``text``, or :class:`SettingError` saying what is allowed."""
        if self.choices:
            if text in self.choices:
                return float(self.choices[text])
            raise SettingError(f"{self.name} must be {self.allowed()}, not '{text}'")
        try:
            value = float(text)
        except ValueError:
            raise SettingError(f"{self.name} must be {self.allowed()}, not '{text}'") from None
        if not np.isfinite(value) or not self.minimum <= value <= self.maximum or (self.integer and value != int(value)):
            raise SettingError(f"{self.name} must be {self.allowed()}, not '{text}'")
        return value


def parse_settings(base: str, written: tuple[str, ...], settings: tuple[StrategySetting, ...]) -> dict[int, float]:
    """``params`` slot -> value for the ``key=value`` texts ``written`` after strategy ``base``
    (:attr:`~simulator.core.players.reference.StrategyReference.settings`; :class:`SettingError` if bad)."""
    known = {setting.name: setting for setting in settings}
    values: dict[int, float] = {}
    seen: set[str] = set()
    for text in written:
        key, equals, value = text.partition("=")
        if not equals or not key or not value:
            raise SettingError(f"write each setting of '{base}' as key=value after a '{SEPARATOR}' "
                               f"(e.g. {base}{SEPARATOR}{settings[0].name}={settings[0].default_text()}), not '{text}'"
                               if settings else f"strategy '{base}' takes no settings")
        if key not in known:
            if not settings:
                raise SettingError(f"strategy '{base}' takes no settings")
            raise SettingError(f"strategy '{base}' has no setting '{key}'; settings: {', '.join(known)}")
        if key in seen:
            raise SettingError(f"setting '{key}' of '{base}' is given twice")
        seen.add(key)
        values[known[key].index] = known[key].parse(value)
    return values


def apply_settings(params: np.ndarray, values: dict[int, float]) -> np.ndarray:
    """A copy of ``params`` with the given slots set."""
    params = np.array(params, dtype=np.float64, copy=True)
    for index, value in values.items():
        params[index] = value
    return params
