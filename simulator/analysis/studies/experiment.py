"""Declarative studies: ``experiments/*.toml`` -> the runs they name -> one report.

A file names a game, player counts, n and seed, the lineups (each played in every seat
rotation unless ``rotate = false``) and the setups to compare with the baseline: rule
variants, forced events, excluded events.  Every run is kept in the run store
(:mod:`simulator.analysis.studies.store`) and reused by any later study that needs it.  The format
is documented in ``docs/analysis.md``; every mistake names the file, the line and what is
allowed, before anything is played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from simulator.analysis.report import (
    document as report, answers as report_answers, compensation as report_compensation, players as report_players,
    quality as report_quality,
    reconstructions as report_reconstructions,
)
from simulator.analysis.stats import compensation as compensation_module
from simulator.analysis.stats import strategy_names, tournament
from simulator.analysis.stats.runs import Run, check_column_names
from simulator.analysis.studies import adapt as adapt_module, confirm, store
from simulator.core.engine import registry
from simulator.core.engine.registry import UsageError
from simulator.core.engine.rule_settings import user_values
from simulator.core.players import strategies
from simulator.core.players.adapted import ADAPTED, without_adapted
from simulator.core.players.reference import parse_reference
from simulator.core.players.strategies import TUNED, check_strategy_name, is_tuned, resolve_tuned, without_tuned
from simulator.core.run import limits, runner

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10 (requires-python >= 3.10): tomli is the parser that became tomllib in 3.11
    import tomli as tomllib

KEYS = {
    "title": "report title (text)",
    "description": "what the study does (text, shown under the answers)",
    "game": "game id",
    "players": "player count, or a list of them",
    "n": f"games per run (a whole number from 1 to {limits.MAX_GAMES:,})",
    "seed": "run seed (integer >= 0), shared by every run so that they are paired",
    "lineups": "list of lineups, each a list of strategy names repeated to fill the seats",
    "rotate": "true (default): play each lineup in every seat rotation",
    "question": "the question the study answers (one line, shown first in the report)",
    "baseline": "list of variants of the baseline setup",
    "rules": "a table of rule settings every setup plays with (name = value, as `islandsim rules` lists them; a "
             "component file's path is relative to the experiment file)",
    "variants": "list of setups compared with the baseline, each a variant name, a rule setting 'name=value', or 'a+b'",
    "force_events": "list of event cards, each forced in one compared setup",
    "exclude_events": "list of event cards, each excluded in one compared setup",
    "chunk_size": f"games per chunk (optional, 1 to {limits.MAX_CHUNK_GAMES:,})",
    "trajectories": "true or false: whether to also store every game's score trajectory (optional, default false)",
    "measure": "the measure the question is about (one of the names `islandsim experiment` lists; default: the study kind's)",
    "confirm_lineup": "a stronger lineup the headline answers are checked under (a list of strategy names, e.g. ['ismcts+budget=50'], "
                      "or \"strongest\": the measured stronger player of each player count, docs/strategies.md)",
    "confirm_n": "games per run of the confirmation under confirm_lineup (a whole number, default 0: no confirmation)",
    "confirm_budget": "the most games per run the confirmation may play, doubling from confirm_n until each headline "
                      "is decided (a whole number at least confirm_n; default confirm_n: one look)",
    "null_setup": "true or false: whether to compare a null setup, the baseline played with another strategy random "
                  "stream, whose winner-change rate is the level of pure chaos (optional; default true when the study "
                  "compares setups)",
    "sweeps": "list of sweeps, each a table {vary = \"name=A..B\" (or a list of them), measure = \"seat-imbalance\", "
              "target = 0.25, tries = 40 (search the combinations of several)}: which value of a rule setting reaches the target, at each player count (docs/analysis.md)",
    "weights": "the weights of the lineups' tuned strategies: \"tuned\" (default: the shipped files) or \"adapted\" "
               "(each setup and player count plays them retuned for its own rules, islandsim adapt)",
    "check_adapted": "true or false: measure every headline again with the players adapted to each setup "
                     "(X@tuned -> X@adapted, the study's own games and deals), and say how the finding moves from the "
                     "tuned to the adapted players (optional; default false)",
    "compensation": "end-of-game points tested against the seat advantage: \"search\", \"search:max=N\", "
                    "\"late-seats:+K\" or \"seat-points:A,B,...\" (optional; docs/analysis.md)",
}
REQUIRED = ("game", "players", "n", "seed")


@dataclass(frozen=True)
class Experiment:
    """A validated study."""

    path: Path
    title: str
    description: str
    game: str
    players: tuple[int, ...]
    n: int
    seed: int
    lineups: tuple[tuple[str, ...], ...]
    rotate: bool
    arms: tuple[store.Arm, ...]  # the first is the baseline
    question: str = ""
    chunk_size: int = 0
    trajectories: bool = False
    measure: str = ""
    confirm_lineup: tuple[str, ...] = ()
    confirm_n: int = 0
    confirm_budget: int = 0
    """Most games per run of the sequential confirmation (0: ``confirm_n``, a single look)."""
    compensation: compensation_module.Setting | None = None
    sweeps: tuple = ()
    base_rules: tuple[tuple[str, str], ...] = ()
    weights: str = "tuned"
    """``"adapted"``: every ``X@tuned`` of the lineups plays ``X@adapted``, retuned for each setup."""
    check_adapted: bool = False
    """Whether every headline is measured again with the players adapted to each setup (:func:`adapted_check`)."""


class _Source:
    """The file's lines, to name the line of a key or value in error messages."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()

    def line_of(self, key: str, value: object = None) -> int:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        start = next((number for number, line in enumerate(self.lines) if pattern.match(line)), 0)
        if value is not None:
            needles = [f'"{value}"', f"'{value}'"] if isinstance(value, str) else [str(value).lower() if isinstance(value, bool) else str(value)]
            for number in range(start, len(self.lines)):
                if any(needle in self.lines[number] for needle in needles):
                    return number + 1
        return start + 1

    def error(self, key: str, message: str, value: object = None) -> UsageError:
        return UsageError(f"{self.path}, line {self.line_of(key, value)}: {message}")


def _expect(source: _Source, data: dict, key: str, kind, default=None):
    """``data[key]`` checked against ``kind`` (a type or tuple of types), or ``default``."""
    if key not in data:
        if default is None and key in REQUIRED:
            raise UsageError(f"{source.path}: missing key '{key}' ({KEYS[key]})")
        return default
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise source.error(key, f"'{key}' must be {KEYS[key]}, not {value!r}")
    if not isinstance(value, kind):
        raise source.error(key, f"'{key}' must be {KEYS[key]}, not {value!r}")
    return value


def _confirm_budget(source: _Source, data: dict, confirm_n: int) -> int:
    """``confirm_budget``: games per run, at least ``confirm_n`` (a confirmation must be asked for)."""
    budget = _expect(source, data, "confirm_budget", int, 0)
    if "confirm_budget" in data and not confirm_n:
        raise source.error("confirm_budget", "'confirm_budget' needs 'confirm_lineup' and 'confirm_n' (the first look's games)")
    problem = limits.games_problem(budget) if "confirm_budget" in data else None
    if problem or (budget and budget < confirm_n):
        raise source.error("confirm_budget", f"'confirm_budget' must be {KEYS['confirm_budget']}, not {budget}")
    return budget


def _string_list(source: _Source, data: dict, key: str) -> list[str]:
    value = _expect(source, data, key, list, [])
    for item in value:
        if not isinstance(item, str):
            raise source.error(key, f"'{key}' must be {KEYS[key]}; {item!r} is not text")
    return value


def load_experiment(path: Path | str) -> Experiment:
    """Read and validate an experiment file; :class:`UsageError` naming the line otherwise."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"experiment file {path} does not exist")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise UsageError(f"{path}, line {line}: not UTF-8 text (byte {error.object[error.start]:#04x}); "
                         "save the file as UTF-8") from None  # fmt: skip
    except OSError as error:
        raise UsageError(f"experiment file {path} cannot be read ({error.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"{path}: not valid TOML: {error}") from None
    source = _Source(path, text)
    for key in data:
        if key not in KEYS:
            raise source.error(key, f"unknown key '{key}'; allowed keys: {', '.join(KEYS)}")
    game = _expect(source, data, "game", str)
    if game not in registry.game_ids():
        raise source.error("game", f"unknown game '{game}'; known games: {', '.join(registry.game_ids())}")
    spec = registry.get_game(game)
    players_value = _expect(source, data, "players", (int, list))
    players = tuple(players_value) if isinstance(players_value, list) else (players_value,)
    if not players:
        raise source.error("players", f"'players' must be {KEYS['players']}, not an empty list")
    for count in players:
        if isinstance(count, bool) or not isinstance(count, int) or count not in spec.player_counts:
            allowed = ", ".join(map(str, spec.player_counts))
            raise source.error("players", f"{spec.title} is played by {allowed} players, not {count!r}", count)
    n = _expect(source, data, "n", int)
    if limits.games_problem(n):
        raise source.error("n", f"'n' {limits.games_problem(n)}")
    seed = _expect(source, data, "seed", int)
    if not 0 <= seed <= limits.MAX_SEED:
        raise source.error("seed", f"'seed' must be between 0 and 2^63-1, not {seed}")
    weights = _expect(source, data, "weights", str, "tuned")
    if weights not in WEIGHTS:
        raise source.error("weights", f"'weights' must be one of {', '.join(WEIGHTS)}, not {weights!r}", weights)
    lineups = _lineups(source, data, spec, players)
    if weights == "adapted":
        lineups = tuple(tuple(as_adapted(name) for name in lineup) for lineup in lineups)
    arms = _arms(source, data, spec, players)
    measure = _expect(source, data, "measure", str, "")
    if measure and report_answers.measure_name(measure) is None:
        raise source.error("measure", f"unknown measure '{measure}'; measures: {', '.join(report_answers.MEASURES)}", measure)
    confirm_lineup = _confirm_lineup(source, data, spec, players)
    confirm_n = _expect(source, data, "confirm_n", int, 0)
    if confirm_n and limits.games_problem(confirm_n):
        raise source.error("confirm_n", f"'confirm_n' {limits.games_problem(confirm_n)}")
    if bool(confirm_n) != bool(confirm_lineup):
        raise source.error("confirm_n" if confirm_n else "confirm_lineup",
                           "give both 'confirm_lineup' and 'confirm_n' (a stronger lineup and its games), or neither")  # fmt: skip
    chunk_size = _expect(source, data, "chunk_size", int, 0)
    if not 0 <= chunk_size <= limits.MAX_CHUNK_GAMES:
        raise source.error("chunk_size", f"'chunk_size' must be {KEYS['chunk_size']}, not {chunk_size}")
    return Experiment(
        path=path,
        title=_expect(source, data, "title", str, f"{spec.title}: {path.stem}"),
        description=_expect(source, data, "description", str, ""),
        game=game,
        players=players,
        n=n,
        seed=seed,
        lineups=lineups,
        rotate=_expect(source, data, "rotate", bool, True),
        arms=arms,
        question=_expect(source, data, "question", str, ""),
        chunk_size=chunk_size,
        trajectories=_expect(source, data, "trajectories", bool, False),
        measure=report_answers.measure_name(measure) or "" if measure else "",
        confirm_lineup=tuple(confirm_lineup),
        confirm_n=confirm_n,
        confirm_budget=_confirm_budget(source, data, confirm_n),
        compensation=_compensation(source, data),
        sweeps=_sweeps(source, data, spec, players, lineups, arms),
        base_rules=dict(arms[0].settings).get("rules", ()),
        weights=weights,
        check_adapted=_expect(source, data, "check_adapted", bool, False),
    )


WEIGHTS = ("tuned", "adapted")
"""The values of the ``weights`` key."""


def as_adapted(name: str) -> str:
    """``X@tuned`` (settings kept) as ``X@adapted``; any other name as written."""
    if not is_tuned(name):
        return name
    return parse_reference(name).with_param_file(ADAPTED[1:]).text


def _sweeps(source: _Source, data: dict, spec, players, lineups, arms) -> tuple:
    from simulator.analysis.studies import sweep as sweep_module

    found = []
    for entry in _expect(source, data, "sweeps", list, []):
        if not isinstance(entry, dict) or "vary" not in entry or set(entry) - {"vary", "measure", "target", "tries"}:
            raise source.error("sweeps", f"each sweep is a table with 'vary' and optionally 'measure', 'target' and "
                                         f"'tries', not {entry!r}")  # fmt: skip
        vary = entry["vary"] if isinstance(entry["vary"], list) else [entry["vary"]]
        target = entry.get("target")
        try:
            if not all(isinstance(text, str) for text in vary) or not vary:
                raise UsageError(f"'vary' must be a text such as \"name=0..3\" or a list of them, not {entry['vary']!r}")
            if target is not None and (isinstance(target, bool) or not isinstance(target, (int, float, str))):
                raise UsageError(f"'target' must be a number, not {target!r}")
            tries = entry.get("tries")
            if tries is not None and (isinstance(tries, bool) or not isinstance(tries, int)):
                raise UsageError(f"'tries' must be a whole number, not {tries!r}")
            setting = sweep_module.SweepSetting(tuple(vary), str(entry.get("measure", "seat-imbalance")),
                                                sweep_module.parse_target(str(target), str(entry.get("measure", "seat-imbalance")))
                                                if target is not None else None, tries)
            for count in players:
                plan = setting.plan(spec.id, count, 2, 0, (), arms[0].variants, dict(arms[0].settings).get("rules", ()))
                for config in plan.configs():  # every value's rules checked by the game, nothing played
                    registry.check_variants(spec, config.variants, count, config.rules)
        except UsageError as error:
            raise source.error("sweeps", str(error)) from None
        found.append(setting)
    return tuple(found)


def _compensation(source: _Source, data: dict) -> compensation_module.Setting | None:
    text = _expect(source, data, "compensation", str, None)
    if text is None:
        return None
    try:
        return compensation_module.parse_setting(text)
    except UsageError as error:
        raise source.error("compensation", str(error)) from None


def _lineups(source: _Source, data: dict, spec, players: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    value = _expect(source, data, "lineups", list, [[spec.default_strategy + TUNED]])
    if not value:
        raise source.error("lineups", "'lineups' is empty: give at least one lineup, or leave the key out "
                           f"to play the tuned default strategy '{spec.default_strategy}{TUNED}'")  # fmt: skip
    lineups = []
    for lineup in value:
        if not isinstance(lineup, list) or not lineup or not all(isinstance(name, str) for name in lineup):
            raise source.error("lineups", f"each lineup must be a non-empty list of strategy names, not {lineup!r}")
        lineups.append(tuple(_lineup_names(source, data, spec, players, "lineups", lineup)))
    return tuple(lineups)


def _lineup_names(source: _Source, data: dict, spec, players: tuple[int, ...], key: str, lineup: list[str]) -> list[str]:
    """``lineup`` checked: every name a strategy of the game (``X@tuned+...``: ``X+...``), no more than the seats."""
    for name in lineup:
        try:
            check_strategy_name(spec, without_adapted(without_tuned(name)))  # settings too: ismcts@tuned+budget=1000
        except UsageError as error:
            raise source.error(key, str(error), name) from None
    if len(lineup) > min(players):
        raise source.error(key, f"lineup {lineup} has more strategies than the {min(players)} seats")
    return list(lineup)


def _confirm_lineup(source: _Source, data: dict, spec, players: tuple[int, ...]) -> list[str]:
    """``confirm_lineup``: strategy names as a lineup's, or ``"strongest"`` (alone, or as a list of
    that one name): the measured stronger player of each player count (``stronger.py``)."""
    from simulator.analysis.studies.stronger import STRONGEST

    if data.get("confirm_lineup") == STRONGEST:
        return [STRONGEST]
    names = _string_list(source, data, "confirm_lineup")
    if STRONGEST in names:
        if names != [STRONGEST]:
            raise source.error("confirm_lineup", f"'{STRONGEST}' is the whole stronger lineup (the measured stronger "
                                                 f"player in every seat); give it alone")  # fmt: skip
        return names
    return _lineup_names(source, data, spec, players, "confirm_lineup", names)


def _base_rules(source: _Source, data: dict, spec) -> tuple[tuple[str, str], ...]:
    """The ``rules`` table: canonical rule settings of every setup (``()`` without it)."""
    table = _expect(source, data, "rules", dict, {})
    if not table:
        return ()
    if spec.rule_settings is None:
        raise source.error("rules", f"{spec.title} declares no rule settings; 'rules' does not apply to it")
    try:
        return user_values(spec.rule_settings, list(table.items()), base=source.path.parent)
    except UsageError as error:
        raise source.error("rules", str(error)) from None


def _arms(source: _Source, data: dict, spec, players: tuple[int, ...]) -> tuple[store.Arm, ...]:
    base = tuple(_string_list(source, data, "baseline"))
    base_rules = _base_rules(source, data, spec)
    arms = [store.baseline_arm(base, base_rules)]
    for text in _string_list(source, data, "variants"):
        try:
            arms.append(store.variant_arm(text, base, spec.rule_settings, base_rules))
        except UsageError as error:
            raise source.error("variants", str(error), text) from None
    for kind in ("force", "exclude"):
        key = f"{kind}_events"
        cards = _string_list(source, data, key)
        if cards:
            if not spec.event_cards:
                raise source.error(key, f"{spec.title} has no event cards; '{key}' is for games with event cards")
            for card in cards:
                if card not in spec.event_cards:
                    raise source.error(key, f"unknown event card '{card}'; cards: {', '.join(spec.event_cards)}", card)
                arms.append(store.event_arm(kind, card, base, base_rules))
    if _expect(source, data, "null_setup", bool, len(arms) > 1):  # issue 25: the level of pure chaos
        arms.append(store.null_arm(base, rules=base_rules))
    seen: set[tuple] = set()
    for arm in arms:
        key = "baseline" if arm is arms[0] else "variants"
        identity = (arm.variants, arm.settings, arm.stream)
        if identity in seen:
            raise source.error(_key_of(arm, key), f"setup '{arm.label}' is listed twice (or repeats the baseline)")
        seen.add(identity)
        for name in arm.variants:
            if not registry.is_known_variant(spec, name):
                raise source.error(key, f"unknown variant '{name}' for {spec.id}; variants: {', '.join(spec.variants) or 'none'}", name)
        for count in players:
            try:
                config = store.make_config(spec.id, count, 1, 0, (), arm)
                registry.check_variants(spec, arm.variants, count, config.rules)
                registry.check_event_rules(spec, config.force_events, config.exclude_events, count)
            except UsageError as error:
                events = [values[0] for name, values in arm.settings if name != "rules" and values]
                value = events[0] if events else (arm.variants[-1] if arm.variants else None)
                raise source.error(_key_of(arm, key), str(error), value) from None
    return tuple(arms)


def _key_of(arm: store.Arm, default: str) -> str:
    for name, _ in arm.settings:
        for kind, field_name in store.EVENT_SETTINGS.items():
            if name == field_name:
                return f"{kind}_events"
    return default


def planned_lineups(experiment: Experiment, players: int) -> list[tuple[str, ...]]:
    """The lineups of one player count: each filled to the seats, rotated unless told not to."""
    found: dict[tuple[str, ...], None] = {}
    for lineup in experiment.lineups:
        base = tournament.fill_seats(tuple(resolve_tuned(experiment.game, name, players) for name in lineup), players)
        for order in tournament.seat_orders(base) if experiment.rotate else [base]:
            found.setdefault(order, None)
    return list(found)


def plan_runs(experiment: Experiment, n: int | None = None) -> dict[tuple[int, str, tuple[str, ...]], runner.RunConfig]:
    """Every run of a study, validated (nothing is played): ``(players, setup, lineup) -> config``."""
    games = n or experiment.n
    configs = {
        (players, arm.label, lineup): store.make_config(experiment.game, players, games, experiment.seed, lineup, arm, experiment.chunk_size,
                                                              experiment.trajectories)
        for players in experiment.players for arm in experiment.arms for lineup in planned_lineups(experiment, players)
    }  # fmt: skip
    for config in configs.values():
        prepared = runner.prepare(config)
        check_column_names(prepared.spec.game_columns, prepared.spec.seat_columns, f"game {config.game}")
    return configs


def run_experiment(experiment: Experiment, store_folder: Path, jobs: int, say: Callable[[str], None] | None = None,
                   n: int | None = None, scheduler: str | None = None) -> dict[int, list[tuple[str, list[Run]]]]:  # fmt: skip
    """Play (or reuse) every run (on the Dask cluster at ``scheduler`` if given); per player count,
    the ``(setup label, runs)`` groups."""
    configs = plan_runs(experiment, n)
    studies: dict[int, list[tuple[str, list[Run]]]] = {}
    for players in experiment.players:
        studies[players] = [
            (arm.label, [store.ensure_run(configs[(players, arm.label, lineup)], store_folder, jobs, say, scheduler)
                         for lineup in planned_lineups(experiment, players)])
            for arm in experiment.arms
        ]  # fmt: skip
    return studies


def run_sweeps(experiment: Experiment, store_folder: Path, jobs: int, say: Callable[[str], None] | None = None,
               n: int | None = None, scheduler: str | None = None) -> dict[int, list[dict]]:  # fmt: skip
    """Play (or reuse) the study's sweeps: per player count, each sweep's answer
    (:func:`simulator.analysis.studies.sweep.run_sweep`), with the study's first lineup."""
    from simulator.analysis.studies import sweep as sweep_module

    found: dict[int, list[dict]] = {}
    for players in experiment.players:
        lineup = planned_lineups(experiment, players)[0]
        for setting in experiment.sweeps:
            plan = setting.plan(experiment.game, players, n or experiment.n, experiment.seed, lineup,
                                experiment.arms[0].variants, experiment.base_rules)  # fmt: skip
            found.setdefault(players, []).append(sweep_module.run_sweep(plan, store_folder, jobs, say, scheduler))
    return found


def experiment_report(experiment: Experiment, studies: dict[int, list[tuple[str, list[Run]]]], n: int | None = None,
                      report_folder: Path | None = None, sweeps: dict[int, list[dict]] | None = None,
                      adapted: list[dict] | None = None) -> report.Document:  # fmt: skip
    """The report of a study: description, then every analysis per player count, the strategies
    and where they stand (from the panels kept in ``report_folder``, the folder the report goes
    to), then the runs.  ``adapted``: the adaptations its players played (``weights = "adapted"``),
    said in one line with what adapting gained."""
    document = report.Document(experiment.title)
    games = n or experiment.n
    document.intro = (
        (experiment.description + " " if experiment.description else "")
        + f"Study file {experiment.path.name}: {experiment.game}, {', '.join(map(str, experiment.players))} players, "
        f"{games:,} games per run, seed {experiment.seed}."
        + (f" (Preview: n reduced from {experiment.n:,}.)" if n and n != experiment.n else "")
        + (" " + adapted_sentence(experiment, adapted) if adapted else "")
    )
    has_events = any(arm.settings for arm in experiment.arms)
    kind = "event setting" if has_events and all(arm.settings for arm in experiment.arms[1:] if not arm.stream) else "setup"
    all_runs = []
    for players, groups in studies.items():
        report.add_study(document, groups, f"{players} players", kind)
        if experiment.compensation is not None:  # issue 25: from finding to fix
            block = compensation_module.study(groups[0][1], experiment.compensation)
            document.facts[-1]["compensation"] = block
            report_compensation.add_compensation(document, block, f"{players} players")
        for result in (sweeps or {}).get(players, []):  # issue 35: which value balances it
            from simulator.analysis.studies import sweep as sweep_module

            sweep_module.add_to_report(document, result, f"{players} players")
            document.facts[-1].setdefault("sweeps", []).append(dict(result, short=sweep_module.short_sentence(result)))
        all_runs += [run for _, runs in groups for run in runs]
    report_players.add_players(document, experiment.game, all_runs, report_folder)
    report.add_manifest(document, all_runs)
    report_answers.compose(document, experiment.question, experiment.measure)
    document.players_note = players_note(experiment)
    report_answers.refit(document, rendered_words)
    return document


def rendered_words(document: report.Document) -> int:
    """The words of ``document``'s first screen as its HTML page shows them (what the quality check counts)."""
    return report_quality.html_first_screen(report.to_html(document)).words()


def players_note(experiment: Experiment, checked: bool = False) -> str:
    """The players every answer was measured with, in plain words, once per report (the settings
    strings are in the appendix's runs); with ``checked``, the stronger players the answers were
    checked with."""
    names = [name for lineup in experiment.lineups for name in lineup]
    seats = " in every seat" if len(set(names)) == 1 else ", rotated through the seats"
    note = f"Players: {strategy_names.plain_names(names)}{seats}"
    if checked:
        stronger = strategy_names.plain_names([confirm.confirm_name(experiment.game, name, players) for players in experiment.players
                                               for name in experiment.confirm_lineup])  # fmt: skip
        looks = confirm.confirmation_looks(experiment)
        games = f"{looks[0]:,} games a run" if len(looks) == 1 else f"{looks[0]:,} to {looks[-1]:,} games a run"
        note += f"; checked with {stronger}{',' if ',' in stronger else ''} in every seat, {games}"
    return note + "."


def confirm_report(document: report.Document, experiment: Experiment, store_folder: Path, jobs: int,
                   say: Callable[[str], None] | None = None, scheduler: str | None = None) -> None:  # fmt: skip
    """Check the document's headline answers under the study's stronger lineup (playing or reusing
    its runs, on the Dask cluster at ``scheduler`` if given), or say on the first screen that they
    were not checked and why."""
    if experiment.check_adapted:
        adapted_check(document, experiment, store_folder, jobs, say, scheduler)
    if experiment.confirm_n and document.headlines:
        played = confirm.play_confirmation(experiment, document.headlines, store_folder, jobs, say, scheduler)
        confirm.add_confirmation(document, experiment, played)
        document.players_note = players_note(experiment, checked=True)
    else:
        confirm.add_adapted(document, experiment)
        document.intro = confirm.no_confirmation_sentence(experiment) + " " + document.intro
    report_answers.refit(document, rendered_words)  # the checks' clauses are in: the screen held to its word limit again


EVENTS_NOT_ADAPTED = ("An event card forced into every game, or left out, is not a rule the players are adapted to: "
                      "those setups play the players adapted to the rules without the change.")


def _changes_events(experiment: Experiment) -> bool:
    """Whether a setup of the study forces or leaves out an event card."""
    return any(dict(arm.settings).keys() & {"force_events", "exclude_events"} for arm in experiment.arms)


def add_adapted_players(document: report.Document, experiment: Experiment, adapted: list[dict]) -> None:
    """Say in the intro what adapting gained for every setup the adapted check played (``adapted``:
    the adapter's results), and that forced or excluded events are not adapted to."""
    if experiment.check_adapted and adapted:
        document.intro += " " + adapted_sentence(experiment, adapted, checked=True)


def adapted_sentence(experiment: Experiment, adapted: list[dict], checked: bool = False) -> str:
    """What adapting gained per setup (:func:`adapt.report_sentence`), and, for a study of forced or
    excluded events, that the players are adapted to the rules, not to the event."""
    sentence = adapt_module.report_sentence(adapted, checked)
    return sentence + (" " + EVENTS_NOT_ADAPTED if _changes_events(experiment) else "")


def adapted_study(experiment: Experiment) -> Experiment | None:
    """The study with every ``X@tuned`` of its lineups as ``X@adapted`` (None when it plays no tuned
    strategy, or plays adapted ones already)."""
    lineups = tuple(tuple(as_adapted(name) for name in lineup) for lineup in experiment.lineups)
    if experiment.weights == "adapted" or lineups == experiment.lineups:
        return None
    return replace(experiment, lineups=lineups, weights="adapted")


def adapted_check(document: report.Document, experiment: Experiment, store_folder: Path, jobs: int,
                  say: Callable[[str], None] | None = None, scheduler: str | None = None) -> None:  # fmt: skip
    """Issue 36: each headline measured again with the players adapted to its setup (``X@adapted``:
    the tuned weights retuned for the setup's rules, ``islandsim adapt``), on the study's own games
    and deals; the headline gets ``adapted`` (the value, with its interval) and ``adapted_verdict``
    (:func:`confirm.fare` of the tuned finding under the adapted players)."""
    adapted = adapted_study(experiment)
    if adapted is None or not document.headlines:
        return
    arms = {arm.label: arm for arm in experiment.arms}
    baseline = experiment.arms[0].label
    for players in sorted({headline["players"] for headline in document.headlines}):
        own = [headline for headline in document.headlines if headline["players"] == players]
        groups = {label: [store.ensure_run(store.make_config(experiment.game, players, experiment.n, experiment.seed, lineup,
                                                             arms[label], experiment.chunk_size, experiment.trajectories),
                                           store_folder, jobs, say, scheduler)
                          for lineup in planned_lineups(adapted, players)]
                  for label in confirm.needed_labels(own, baseline)}  # fmt: skip
        for headline in own:
            value = confirm.headline_value(headline, groups, baseline)
            if value is not None:
                headline["adapted"] = value
                headline["adapted_verdict"] = confirm.fare(headline, value, headline["measure"])


def terminal_summary(document: report.Document) -> list[str]:
    """What ``islandsim experiment`` prints: the first screen only (warnings, question, answers)."""
    lines = [f"{document.title}"]
    lines += [f"WARNING: {warning}" for warning in document.warnings]
    if document.question:
        lines.append(f"Question: {document.question}")
    return lines + report_reconstructions.answer_lines(document, style="plain")


FINDINGS_FILE = "findings.md"
"""The first screen of every study written into a reports folder, one section per study file."""
_SECTION = re.compile(r"<!-- study: (?P<stem>[^>]+?) -->\n(?P<body>.*?)<!-- end of study -->\n", re.S)
FINDINGS_HEAD = ("# Findings of the shipped studies\n\nThe first screen of each report (question, warnings, answers), "
                 "written by `islandsim experiment --reports-dir` with the report itself (`make reports`): never edit by "
                 "hand; quote figures from here, they change with every regeneration.\n\n")  # fmt: skip


def findings_section(stem: str, report_name: str, document: report.Document, folder: Path | None = None) -> str:
    """One study's section of :data:`FINDINGS_FILE` (written in ``folder``, ``reports/`` when None): title
    linked to its report, warnings, question, answers with their reconstruction caveats."""
    lines = [f"<!-- study: {stem} -->", f"## [{document.title}]({report_name})", ""]
    lines += [f"**Warning:** {warning}" for warning in document.warnings] + ([""] if document.warnings else [])
    if document.question:
        lines += [f"**Question.** {document.question}", ""]
    lines += report_reconstructions.answer_lines(document, folder)
    return "\n".join(lines) + "\n\n<!-- end of study -->\n"


def update_findings(folder: Path, stem: str, report_name: str, document: report.Document) -> Path:
    """Write (or replace) the study's section in ``folder/findings.md``, sections in file-name order,
    so that figures quoted elsewhere (the README) can point at a file every regeneration rewrites."""
    path = Path(folder) / FINDINGS_FILE
    sections = {match["stem"]: match.group(0) for match in _SECTION.finditer(path.read_text(encoding="utf-8"))} if path.exists() else {}
    sections[stem] = findings_section(stem, report_name, document, Path(folder))
    text = FINDINGS_HEAD + "\n".join(sections[name] for name in sorted(sections))
    temporary = path.with_suffix(".md.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
    return path
