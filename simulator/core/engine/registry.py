"""The game registry: what the CLI, the runner and the analysis know of each game.

Each game folder ``simulator/games/<id>/`` builds one :class:`GameSpec` in its
``__init__.py`` (function ``game_spec()``) and the registry imports it on demand, so
that listing games does not compile any engine.  A game's compiled strategies live above it, in
``strategies/<id>.py`` (function ``strategy_specs()``), and strategies every forward-model game
gets (the search player) in :mod:`simulator.core.players`; the registry plugs both in by name
(:data:`STRATEGY_MODULES`, :data:`GENERAL_STRATEGIES`), so no game imports the strategies that play
it and this module imports nothing above the engine layer (``tests/test_import_layers.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Callable

import numpy as np

from simulator.core.engine.errors import UsageError
from simulator.core.engine.rule_settings import RuleSettings, RuleValues, resolve

GAME_MODULES = {
    "loot": "simulator.games.loot",
    "sails": "simulator.games.sails",
    "skeleton": "simulator.games.skeleton",
    "skirmish": "simulator.games.skirmish",
    "tobago": "simulator.games.tobago",
}
"""Game id -> package that defines ``game_spec()``.  Games not yet built are absent."""
STRATEGY_MODULES = {game_id: f"strategies.{game_id}" for game_id in GAME_MODULES}
"""Game id -> module whose ``strategy_specs()`` gives the game's compiled strategies (name ->
:class:`StrategySpec`, the names of the game's ``strategy_descriptions``)."""
GENERAL_STRATEGIES = ("simulator.core.players.ismcts:with_search_player",)
"""``module:function`` references, each ``function(spec) -> spec`` adding a strategy that any game
may get (``ismcts`` for a game whose forward model can redraw what a seat cannot see)."""


RESERVED_COLUMNS = ("game", "seat", "strategy", "winner")
"""Result columns the core adds itself; a game's own columns must use other names."""




@dataclass(frozen=True)
class StrategySpec:
    """A named strategy: a compiled decision function and the seat's parameter vector.

    ``tunable`` says how many leading entries of ``params`` are weights that ``islandsim tune``
    may change and a parameter file may set (``None``: all of them; 0: none, e.g. a random
    player); the entries after them are the strategy's own (working memory, say).
    ``bounds`` optionally gives ``(low, high)`` for each tunable entry."""

    name: str
    function: Callable
    params: np.ndarray
    description: str
    tunable: int | None = None
    bounds: tuple[tuple[float, float], ...] = ()

    @property
    def tunable_count(self) -> int:
        """How many leading entries of ``params`` are tunable weights."""
        return len(self.params) if self.tunable is None else self.tunable


class StrategyTable(Mapping):
    """A game's strategies, name -> :class:`StrategySpec`, some of them built on first use.

    ``ready`` holds the strategies already compiled; ``builders`` maps a name to a function that
    compiles its strategy when a lineup first names it (the search player: its compile, a minute of
    CPU, is not paid by a run that does not use it).  Membership and iteration build nothing; reading
    an entry builds it once."""

    def __init__(self, ready: dict[str, StrategySpec], builders: dict[str, Callable[[], StrategySpec]] | None = None):
        self._ready = dict(ready)
        self._builders = {name: build for name, build in (builders or {}).items() if name not in self._ready}

    def __getitem__(self, name: str) -> StrategySpec:
        if name not in self._ready:
            build = self._builders.pop(name)  # KeyError for an unknown name, as a dict
            self._ready[name] = build()
        return self._ready[name]

    def __contains__(self, name: object) -> bool:
        return name in self._ready or name in self._builders

    def __iter__(self):
        return iter([*self._ready, *self._builders])

    def __len__(self) -> int:
        return len(self._ready) + len(self._builders)

    def is_built(self, name: str) -> bool:
        """Whether ``name``'s strategy is compiled (or loaded) already."""
        return name in self._ready


@dataclass(frozen=True)
class ForwardModel:
    """A game's forward-model functions (``simulator/core/engine/forward.py``, ``docs/engine-contract.md``):
    compiled ``new_game``, ``pending_decision``, ``apply``, ``final_results``; the length of its
    state vector and the most options a decision can have; optionally ``redraw_hidden(state, seat,
    stream)``, which redraws what ``seat`` cannot see.  A copy of the state is a copy of the game.

    Rule counters and score trajectories (``docs/engine-contract.md``, "What the engine records"):
    ``state[counters_offset + i]`` counts how often rule ``rule_ids[i]`` fired in the game
    (``rule_labels`` gives a plain name for reports, e.g. ``"B12": "Storm"``);
    ``state[trajectory_offset]`` is the number of checkpoints recorded (at most
    ``max_checkpoints``, each one a ``checkpoint_unit`` such as "trick"), and seat ``s``'s
    provisional standing at checkpoint ``c`` is ``state[trajectory_offset + 1 + c * max(player_counts) + s]``.

    ``play_chunk_recording(run_seed, first_game, n_games, variant_flags, strategies, params,
    seat_results, game_results, rule_counts, decision_stats, trajectories, debug)``: the game's
    binding of ``simulator.core.engine.forward.play_chunk_recording`` (its ``play_chunk`` plus what the
    engine records); ``None`` until the game binds it, and then the runner records nothing.

    What the search player (``simulator/core/players/ismcts.py``) may use, all optional:
    ``players_slot``: where the state holds the game's number of players (-1: none, then every seat
    up to ``max(player_counts)`` is scored); ``evaluate_cut(state, values)``: fills ``values[s]``
    (float64, one entry per seat up to ``max(player_counts)``) with seat ``s``'s expected final score
    in a position cut before the end, which the search then scores a cut rollout on instead of the
    last checkpoint's standings; ``copy_position(source, target)``: makes ``target``, which already
    holds a position of the same game (same run and variants), the same position as ``source``
    (a game may skip what never changes during a game and its scratch slots; without it the whole
    state is copied)."""

    new_game: Callable
    pending_decision: Callable
    apply: Callable
    final_results: Callable
    state_size: int
    max_options: int
    redraw_hidden: Callable | None = None
    rule_ids: tuple[str, ...] = ()
    counters_offset: int = -1
    rule_labels: dict[str, str] = field(default_factory=dict)
    checkpoint_unit: str = ""
    max_checkpoints: int = 0
    trajectory_offset: int = -1
    play_chunk_recording: Callable | None = None
    players_slot: int = -1
    evaluate_cut: Callable | None = None
    copy_position: Callable | None = None

    def __post_init__(self) -> None:
        if len(set(self.rule_ids)) != len(self.rule_ids) or "game" in self.rule_ids:
            raise ValueError(f"rule_ids must be distinct and never 'game': {self.rule_ids}")
        if self.rule_ids and self.counters_offset < 0:
            raise ValueError("rule_ids given without counters_offset")
        if self.max_checkpoints and (self.trajectory_offset < 0 or not self.checkpoint_unit.strip()):
            raise ValueError("max_checkpoints given without trajectory_offset or checkpoint_unit")
        unlabelled = [rule for rule in self.rule_ids if not self.rule_labels.get(rule, "").strip()]
        if self.rule_ids and unlabelled:
            raise ValueError(f"rule_labels has no label for {unlabelled}")

@dataclass(frozen=True)
class GameSpec:
    """Everything game-agnostic code needs to know about one game.

    Engine contract (see ``docs/engine-contract.md``):

    - ``play_chunk(run_seed, first_game, n_games, variant_flags, strategies, params,
      seat_results, game_results, debug)`` plays games ``first_game .. first_game+n_games-1``
      and fills ``seat_results[g, seat, column]`` (columns ``seat_columns``, the first two
      being ``score`` and ``rank``) and ``game_results[g, column]`` (columns
      ``game_columns``, including ``length``).
    - ``narrate(run_seed, game_index, variant_flags, strategies, params)`` returns the
      narrated log of one game as a list of lines.
    - ``strategy_descriptions`` names every registered strategy with its one-line description:
      ``islandsim strategies`` and the lineup checks read it without compiling anything; the
      compiled strategies must carry exactly these names.  They are loaded by ``strategy_loader``:
      ``None`` for a registered game (``get_game`` sets it to ``strategy_specs()`` of the game's
      module in :data:`STRATEGY_MODULES`); a game built elsewhere (a test's toy game) gives its own.
    - ``length_unit`` says what the length column counts ("tricks", "Phase-2 actions"); every
      place that prints a game length prints it with this unit.
    - ``strategy_aliases`` maps a strategy's former name to its current one: the old name is
      still accepted (with a note on stderr) and runs record the current name.
    - ``seat_number_columns`` are game or seat columns holding an engine seat index (0..P-1, -1
      for none); the results writer stores them as seat numbers 1..P (0 for none), like ``seat``.
    - A game with event cards lists them in ``event_cards`` and gives
      ``encode_event_rules(forced, excluded, players)``: the extra flags appended to the
      variant flags for ``--force-event`` / ``--exclude-event`` (``ValueError`` on a
      combination its rules cannot honour).
    - ``card_names`` gives a readable name to a card code (``"B12"``: what the card does) for
      reports, which print it beside the code; the game reads it from its data files.
    - ``forward``: the game's forward-model functions when it follows that contract (then its
      ``play_chunk`` is the core's play loop, ``simulator.core.engine.forward.play_chunk``, bound to
      them); ``None`` for a game that still plays whole games with strategy callbacks.  A game
      whose forward model has ``redraw_hidden`` gets the search player ``ismcts``
      (``simulator.core.players.ismcts``, added by ``get_game`` through :data:`GENERAL_STRATEGIES`).
    - ``strategy_settings``: strategy name -> the settings a lineup may write after it
      (``ismcts+budget=1000``, ``simulator.core.players.strategy_settings``).
    - ``islandsim play`` (a person at one seat) uses three optional hooks, each given what the
      seat may know: ``describe_options(state, seat, kind, options, n_options, variant_flags)``
      -> one plain line per option; ``describe_view(state, seat, variant_flags)`` -> lines showing
      the seat's view (its hand, the table, the scores); ``narrate_for_seat(log, count,
      variant_flags, seat)`` -> one line per log record, hiding what the seat does not see.
      Without them the options are printed as their raw codes and nothing is narrated.
    - Stalls (one convention, owned by the core): ``stall_cap`` says in words what stops a game
      its rules would let go on ("turn cap: 1,000 turns"), a simulator setting and no rule.  Such
      a game has a ``capped`` game column (1 when the cap stopped it) and ranks nobody in a capped
      game: a capped game has no winner.  Every run summary, ``--json``, ``compare``,
      ``tournament`` and report shows the capped rate with its interval.  A game whose rules
      end every game leaves ``stall_cap`` empty and says why in ``length_bound``.
    - ``ranked_by_score``: whether the final ranking follows the final score (ties aside), so
      that end-of-game points can compensate a seat advantage
      (``simulator.analysis.stats.compensation``); when not, ``ranked_by_score_note`` says how the
      winner is decided.
    - ``rule_settings``: the numbers of the rules and components a designer may change
      (:mod:`simulator.core.engine.rule_settings`); the game's ``encode_variants(names, players,
      rules)`` then takes the resolved values (:class:`RuleValues`) as a third argument and writes
      them into the flag vector, which the engine reads at run time (no recompile).
    """

    id: str
    title: str
    player_counts: tuple[int, ...]
    variants: dict[str, str]
    encode_variants: Callable[[tuple[str, ...], int], np.ndarray]
    default_strategy: str
    strategy_descriptions: dict[str, str]
    decision_kinds: tuple[str, ...]
    seat_columns: tuple[str, ...]
    game_columns: tuple[str, ...]
    play_chunk: Callable
    narrate: Callable
    length_unit: str
    chunk_size: int = 20_000
    length_column: str = "length"
    seat_number_columns: tuple[str, ...] = ()
    strategy_aliases: dict[str, str] = field(default_factory=dict)
    column_labels: dict[str, tuple[str, ...]] = field(default_factory=dict)
    event_cards: tuple[str, ...] = ()
    encode_event_rules: Callable[[tuple[str, ...], tuple[str, ...], int], np.ndarray] | None = None
    forward: ForwardModel | None = None
    card_names: dict[str, str] = field(default_factory=dict)
    strategy_settings: dict[str, tuple] = field(default_factory=dict)
    describe_options: Callable | None = None
    describe_view: Callable | None = None
    narrate_for_seat: Callable | None = None
    stall_cap: str = ""
    length_bound: str = ""
    ranked_by_score: bool = True
    ranked_by_score_note: str = ""
    strategy_loader: Callable[[], Mapping[str, StrategySpec]] | None = None
    rule_settings: RuleSettings | None = None

    @functools.cached_property
    def strategies(self) -> Mapping[str, StrategySpec]:
        """Name -> strategy.  Loaded on first use: strategies compile (or load from cache) on import,
        except those a loader gives as builders (:class:`StrategyTable`), compiled when first read.
        Without a ``strategy_loader`` (a spec made by the game's own ``game_spec()``, as tests do),
        the strategies are those ``strategies/<id>.py`` registers (:data:`STRATEGY_MODULES`)."""
        from simulator.compiled_cache import game_cache

        loader = self.strategy_loader or _registered_strategies(self.id)
        with game_cache(self.id):
            loaded = loader()
        if set(loaded) != set(self.strategy_descriptions):
            raise ValueError(f"{self.id}: compiled strategies {sorted(loaded)} differ from strategy_descriptions "
                             f"{sorted(self.strategy_descriptions)}")  # fmt: skip
        return loaded

    def __post_init__(self) -> None:
        if self.seat_columns[:2] != ("score", "rank"):
            raise ValueError(f"{self.id}: seat_columns must start with score, rank")
        clashes = (set(self.seat_columns) & set(self.game_columns)) | (
            (set(self.seat_columns) | set(self.game_columns)) & set(RESERVED_COLUMNS)
        )
        if clashes:
            raise ValueError(f"{self.id}: result column names used twice or reserved: {sorted(clashes)}")
        if self.default_strategy not in self.strategy_descriptions:
            raise ValueError(f"{self.id}: default strategy '{self.default_strategy}' is not in strategy_descriptions")
        if not self.length_unit.strip():
            raise ValueError(f"{self.id}: length_unit must say what the length counts (e.g. 'tricks')")
        if self.stall_cap.strip() and "capped" not in self.game_columns:
            raise ValueError(f"{self.id}: a game with a stall cap ({self.stall_cap}) needs a 'capped' game column")
        if "capped" in self.game_columns and not self.stall_cap.strip():
            raise ValueError(f"{self.id}: a 'capped' game column needs stall_cap to say what stops the game")
        unknown = set(self.seat_number_columns) - set(self.game_columns) - set(self.seat_columns)
        if unknown:
            raise ValueError(f"{self.id}: seat_number_columns {sorted(unknown)} are not result columns")

    def decision_name(self, kind: int) -> str:
        """The name of decision constant ``kind`` (or the number if it is unknown)."""
        if 0 <= kind < len(self.decision_kinds):
            return self.decision_kinds[kind]
        return f"decision {kind}"


_loaded: dict[str, GameSpec] = {}


def game_ids() -> list[str]:
    """The ids of every registered game, in a stable order."""
    return list(GAME_MODULES)


def get_game(game_id: str) -> GameSpec:
    """The spec of ``game_id``; :class:`UsageError` naming the valid ids otherwise."""
    if game_id not in GAME_MODULES:
        raise UsageError(f"unknown game '{game_id}'; known games: {', '.join(game_ids())}")
    if game_id not in _loaded:
        from simulator.compiled_cache import game_cache

        with game_cache(game_id):
            spec = importlib.import_module(GAME_MODULES[game_id]).game_spec()
            if spec.strategy_loader is None:
                spec = dataclasses.replace(spec, strategy_loader=_registered_strategies(game_id))
            for reference in GENERAL_STRATEGIES:
                module_name, _, function_name = reference.partition(":")
                spec = getattr(importlib.import_module(module_name), function_name)(spec)
        _loaded[game_id] = spec
    return _loaded[game_id]


def _registered_strategies(game_id: str) -> Callable[[], dict[str, StrategySpec]]:
    """The loader of the strategies ``strategies/<id>.py`` registers for ``game_id``."""

    def load() -> dict[str, StrategySpec]:
        return importlib.import_module(STRATEGY_MODULES[game_id]).strategy_specs()

    return load


def check_players(spec: GameSpec, players: int) -> None:
    """Raise :class:`UsageError` when the rules do not allow ``players``."""
    if players not in spec.player_counts:
        allowed = ", ".join(str(count) for count in spec.player_counts)
        raise UsageError(f"{spec.title} is played by {allowed} players, not {players}")


def is_known_variant(spec: GameSpec, name: str) -> bool:
    """Whether ``name`` is one of the game's variants.  A variant listed as ``key=VALUE``
    (e.g. skirmish's ``board=FILE``) takes a value: any ``key=...`` matches it, and the game's
    ``encode_variants`` checks the value.  A preset of the game's rule settings is a variant too,
    listed or not (tobago's ``island-1`` .. ``island-32`` presets of the one setting ``island``)."""
    if name in spec.variants:
        return True
    if spec.rule_settings is not None and name in spec.rule_settings.presets:
        return True
    key, equals, value = name.partition("=")
    return bool(equals and value) and any(listed.partition("=")[0] == key and "=" in listed for listed in spec.variants)


def check_variants(spec: GameSpec, names: tuple[str, ...], players: int,
                   rules: tuple[tuple[str, str], ...] = ()) -> np.ndarray:  # fmt: skip
    """Validate variant names and the user's rule settings (canonical, as
    :func:`simulator.core.engine.rule_settings.user_values` gives them) and return the engine's
    flag vector, which holds the resolved rule values for a game that declares settings."""
    for name in names:
        if not is_known_variant(spec, name):
            key = name.partition("=")[0].strip()
            if spec.rule_settings is not None and key in spec.rule_settings.by_name:
                raise UsageError(f"'{name}' is a rule setting, not a variant: give --set {name} (compare takes it "
                                 "as a setup: --variant NAME=VALUE)")  # fmt: skip
            allowed = ", ".join(spec.variants) or "none"
            raise UsageError(f"unknown variant '{name}' for {spec.id}; variants: {allowed}")
    if rules and spec.rule_settings is None:
        raise UsageError(f"{spec.title} declares no rule settings; --set and --rules do not apply to it")
    try:
        if spec.rule_settings is None:
            return spec.encode_variants(tuple(names), players)
        return spec.encode_variants(tuple(names), players, rule_values(spec, names, players, rules))
    except ValueError as error:
        raise UsageError(str(error)) from None


def rule_values(spec: GameSpec, names: tuple[str, ...], players: int,
                rules: tuple[tuple[str, str], ...] = ()) -> RuleValues | None:  # fmt: skip
    """The resolved rule settings of a run (``None`` for a game that declares none)."""
    if spec.rule_settings is None:
        return None
    return resolve(spec.rule_settings, names, rules, players)


def check_event_rules(spec: GameSpec, forced: tuple[str, ...], excluded: tuple[str, ...], players: int) -> np.ndarray:
    """Validate ``--force-event`` / ``--exclude-event`` cards; return the flags to append to the
    variant flags (empty when neither is given)."""
    if not forced and not excluded:
        return np.zeros(0, dtype=np.int64)
    if not spec.event_cards or spec.encode_event_rules is None:
        raise UsageError(f"{spec.title} has no event cards to force or exclude")
    for card in tuple(forced) + tuple(excluded):
        if card not in spec.event_cards:
            raise UsageError(f"unknown event card '{card}' for {spec.id}; cards: {', '.join(spec.event_cards)}")
    both = sorted(set(forced) & set(excluded), key=spec.event_cards.index)
    if both:
        raise UsageError(f"event card {', '.join(both)} cannot be both forced and excluded")
    try:
        return spec.encode_event_rules(tuple(forced), tuple(excluded), players)
    except ValueError as error:
        raise UsageError(str(error)) from None
