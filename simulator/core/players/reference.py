"""Strategy references: how a lineup names a strategy, taken apart once into a small value.

Every command that takes strategy names (``--lineup``, ``--strategy``, ``--strategies``,
``--field``, experiment files) names each seat's strategy with one reference::

    greedy                     a registered strategy of the game (islandsim strategies --game G)
    greedy@tuned-4p            ... playing the weights of a shipped parameter file
                               (strategies/params/<game>/greedy-tuned-4p.toml)
    greedy@my-weights.toml     ... or of a parameter file given by path (islandsim tune writes them)
    ismcts+budget=400+c=0.5    ... with settings written after it (GameSpec.strategy_settings)
    greedy@tuned-4p+key=value  ... a parameter file and settings together
    greedy+stream=1            ... drawing its random choices from another stream (every strategy has this
                               setting: the null setup of a study, simulator/core/players/stream_salt.py)
    mypkg.mod:decide           a user's own function, compiled with the decision signature

:func:`parse_reference` turns the text into a :class:`StrategyReference`; nothing here knows a
game.  :mod:`simulator.core.players.strategies` resolves a reference for a game (checking the
name, reading the parameter file, checking the settings, importing a user's module) and
:meth:`StrategyReference.text` writes it back exactly as runs record it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from simulator.core.engine.errors import UsageError

USER_SEPARATOR = ":"
"""Between a user strategy's module and function: ``mypkg.mod:decide``."""
FILE_SEPARATOR = "@"
"""Between a registered strategy and its parameter file: ``greedy@tuned-4p``."""
SETTING_SEPARATOR = "+"
"""Before each setting: ``ismcts+budget=400`` (shell-safe, never in a strategy name)."""
_SETTING_START = re.compile(r"\+(?=[^+=@:/\\]+=)")
"""A ``+`` that starts a ``key=value`` setting (so a parameter file's path may itself hold a ``+``)."""


@dataclass(frozen=True)
class StrategyReference:
    """One seat's strategy as a lineup names it.

    ``base``: the registered strategy's name (``greedy``), or for a user strategy its
    ``module:function`` text; ``param_file``: the ``FILE`` of ``base@FILE`` (a shipped name such as
    ``tuned-4p`` or a path ending in ``.toml``), else None; ``settings``: the ``key=value`` texts
    written after the name, in order (checked against the game's settings by the resolver);
    ``user_module`` and ``user_function``: the two halves of a user strategy, else None.
    """

    base: str
    param_file: str | None = None
    settings: tuple[str, ...] = ()
    user_module: str | None = None
    user_function: str | None = None

    @property
    def is_user(self) -> bool:
        """Whether this names a user's ``module:function`` (code imported from outside islandsim)."""
        return self.user_module is not None

    @property
    def text(self) -> str:
        """The reference as written and recorded in runs: ``base[@FILE][+key=value...]``."""
        file_part = f"{FILE_SEPARATOR}{self.param_file}" if self.param_file is not None else ""
        return self.base + file_part + "".join(SETTING_SEPARATOR + setting for setting in self.settings)

    def renamed(self, base: str) -> StrategyReference:
        """The same reference for the registered strategy now called ``base`` (its file and settings kept)."""
        return replace(self, base=base)

    def with_param_file(self, param_file: str) -> StrategyReference:
        """The same reference with its parameter file written ``param_file`` (e.g. an absolute path)."""
        return replace(self, param_file=param_file)


def names_user_code(text: str) -> bool:
    """Whether ``text`` names a user's ``module:function`` (a ``:`` in the name itself, before any
    ``@FILE`` or ``+setting``): code that importing the strategy would run."""
    return USER_SEPARATOR in text.partition(FILE_SEPARATOR)[0].partition(SETTING_SEPARATOR)[0]


def parse_reference(text: str) -> StrategyReference:
    """The :class:`StrategyReference` written ``text``; :class:`UsageError` (one line, naming the
    text and the form expected) when it is malformed.  Nothing is looked up: any name parses."""
    if names_user_code(text):
        return _parse_user(text)
    if FILE_SEPARATOR in text:
        base, _, rest = text.partition(FILE_SEPARATOR)
        param_file, *settings = _SETTING_START.split(rest)
        if not base or not param_file or SETTING_SEPARATOR in base:
            raise UsageError(f"strategy '{text}': write a parameter file as STRATEGY@FILE, e.g. greedy@tuned-4p.toml")
        return StrategyReference(base, param_file, tuple(settings))
    base, *settings = text.split(SETTING_SEPARATOR)
    if not base:
        raise UsageError(f"strategy '{text}': the strategy's name comes first, e.g. ismcts+budget=400")
    return StrategyReference(base, None, tuple(settings))


def _parse_user(text: str) -> StrategyReference:
    module, _, function = text.partition(USER_SEPARATOR)
    if not module or not function or not function.isidentifier():
        raise UsageError(f"strategy '{text}': a user strategy is written module:function")
    return StrategyReference(text, user_module=module, user_function=function)
