"""Playing the runs a study needs, reusing identical complete runs already on disk.

A study (compare, tournament, experiment) names its runs as :class:`Arm` s (a rule setup:
variants and any other run setting) crossed with lineups.  Each run lives in a store folder
named after a hash of everything that determines its results (config, version, and a
fingerprint of the game's code and data), so a second study asking for the same run finds
it complete on disk and does not play it again, while a run of older rules is never reused.

Counterfactual event runs (Loot Island's ``--force-event B12`` / ``--exclude-event B12``)
are arms whose ``settings`` name the :class:`~simulator.core.run.runner.RunConfig` fields that
carry them (``force_events`` / ``exclude_events``); they are passed through to the runner
unchanged (a setting the runner does not know is refused with a clear message).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from simulator import __version__
from simulator.analysis.stats.runs import NULL_SETUP, Run, check_column_names, load_run, setup_label
from simulator.compiled_cache import source_fingerprint
from simulator.core.engine import registry
from simulator.core.players import stream_salt
from simulator.core.store import results
from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.core.engine.rule_settings import rules_label, user_values
from simulator.core.store.run_lock import LOCK, RunLock

DEFAULT_STORE = Path("results") / "store"
"""Where studies keep their runs unless told otherwise."""

EVENT_SETTINGS = {"force": "force_events", "exclude": "exclude_events"}
"""How ``--force-event`` / ``--exclude-event`` reach the runner: the RunConfig field of each."""


@dataclass(frozen=True)
class Arm:
    """One rule setup of a study: a label, rule variants and extra RunConfig settings."""

    label: str
    variants: tuple[str, ...] = ()
    settings: tuple[tuple[str, tuple[str, ...]], ...] = ()
    stream: int = 0
    """Non-zero: every seat plays its strategy with another random stream (``NAME+stream=N``): the null setup."""


def baseline_arm(variants: tuple[str, ...] = (), rules: tuple[tuple[str, str], ...] = ()) -> Arm:
    """The reference setup of a comparison (``rules``: canonical rule settings every setup plays with)."""
    parts = list(variants) + ([rules_label(rules)] if rules else [])
    settings = (("rules", tuple(rules)),) if rules else ()
    return Arm("baseline" if not parts else "baseline: " + "+".join(parts), tuple(variants), settings)


def variant_arm(spec_text: str, base: tuple[str, ...] = (), declared=None,
                base_rules: tuple[tuple[str, str], ...] = ()) -> Arm:  # fmt: skip
    """An arm from ``--variant X`` (``X+Y`` combines variants), on top of the baseline's variants.
    A part ``NAME=VALUE`` naming one of the game's rule settings (``declared``, a
    :class:`~simulator.core.engine.rule_settings.RuleSettings`) sets it instead, on top of
    ``base_rules``: ``--variant first_player_bonus=2``."""
    parts = spec_text.split("+")
    if any(not part.strip() for part in parts):
        raise UsageError(f"setup '{spec_text}' has an empty part; write its variants and settings joined by +, "
                         "e.g. two-healers+first_player_bonus=2")  # fmt: skip
    names = tuple(part.strip() for part in parts)
    variants, assignments = [], []
    for name in names:
        key, equals, value = name.partition("=")
        if equals and declared is not None and key.strip() in declared.by_name:
            assignments.append((key.strip(), value.strip()))
        else:
            variants.append(name)
    twice = sorted({key for key, _ in assignments if [other for other, _ in assignments].count(key) > 1})
    if twice:
        raise UsageError(f"setup '{spec_text}' sets {', '.join(twice)} twice; give each setting once per setup")
    if not assignments:
        settings = (("rules", tuple(base_rules)),) if base_rules else ()
        return Arm("+".join(names), tuple(dict.fromkeys(base + tuple(variants))), settings)
    own = dict(user_values(declared, assignments))
    rules = tuple(sorted((dict(base_rules) | own).items()))
    return Arm("+".join(names), tuple(dict.fromkeys(base + tuple(variants))), (("rules", rules),))


def event_arm(kind: str, card: str, base: tuple[str, ...] = (), base_rules: tuple[tuple[str, str], ...] = ()) -> Arm:
    """An arm forcing (``kind='force'``) or excluding (``'exclude'``) one event card."""
    rules = (("rules", tuple(base_rules)),) if base_rules else ()
    return Arm(f"{kind} {card}", tuple(base), ((EVENT_SETTINGS[kind], (card,)),) + rules)


def null_arm(base: tuple[str, ...] = (), salt: int = 1, rules: tuple[tuple[str, str], ...] = ()) -> Arm:
    """The null setup: the baseline's rules and players, each seat's random stream salted by ``salt``
    (same deals, other random choices): its winner-change rate is the level of pure chaos."""
    return Arm(NULL_SETUP, tuple(base), (("rules", tuple(rules)),) if rules else (), salt)


def make_config(game: str, players: int, n: int, seed: int, lineup: tuple[str, ...], arm: Arm,
                chunk_size: int = 0, trajectories: bool = False) -> runner.RunConfig:  # fmt: skip
    """The runner's config of one run of ``arm`` (``trajectories``: also store score trajectories);
    :class:`UsageError` for settings it lacks."""
    if arm.stream:
        lineup = tuple(stream_salt.salted_name(name, arm.stream) for name in lineup)
    config = runner.RunConfig(game, players, n, seed, tuple(lineup), tuple(arm.variants), chunk_size,
                              trajectories=trajectories)  # fmt: skip
    if arm.settings:
        known = {field.name for field in dataclasses.fields(runner.RunConfig)}
        for name, _ in arm.settings:
            if name not in known:
                raise UsageError(
                    f"'{arm.label}' needs the runner setting '{name}', which this islandsim does not have yet"
                )
        config = dataclasses.replace(config, **{name: tuple(value) for name, value in arm.settings})
    return config




def code_fingerprint(game: str) -> str:
    """A hash of the code and data that decide a game's results: its package, its strategies
    module (``strategies/<game>.py``) and ``simulator/core``.  A run played before any of them
    changed is not reused, even when the version number did not move."""
    registry.get_game(game)  # an unknown game is a UsageError here, as elsewhere
    return source_fingerprint(game)


def run_key(prepared: runner.PreparedRun) -> dict:
    """Everything that determines a run's results (the chunk size does not), with the code
    fingerprint and the players' (:data:`results.FINGERPRINT_KEYS`: a retuned parameter file is
    another run)."""
    config = prepared.config
    key = {name: value for name, value in dataclasses.asdict(config).items()
           if name != "chunk_size" and not (name == "rules" and not value)}  # fmt: skip
    key = {name: list(value) if isinstance(value, tuple) else value for name, value in key.items()}
    key["islandsim_version"] = __version__
    key["schema_version"] = results.SCHEMA_VERSION
    key["code"] = code_fingerprint(config.game)
    found = results.fingerprints(prepared)
    key["players_fingerprint"] = found["players_fingerprint"]
    if "rules_fingerprint" in found:
        key["rules_fingerprint"] = found["rules_fingerprint"]
    return key


def run_folder(store: Path, prepared: runner.PreparedRun) -> Path:
    """The store folder of a run: ``<game>-<P>p-<hash of its key>``."""
    digest = hashlib.sha256(json.dumps(run_key(prepared), sort_keys=True).encode()).hexdigest()[:12]
    return Path(store) / f"{prepared.config.game}-{prepared.config.players}p-{digest}"


def _matches(manifest: dict, prepared: runner.PreparedRun) -> bool:
    config = prepared.config
    return (
        manifest.get("status") == "complete"
        and manifest.get("islandsim_version") == __version__
        and manifest["game"] == config.game
        and manifest["players"] == config.players
        and manifest["n"] == config.n
        and manifest["seed"] == config.seed
        and tuple(manifest["lineup"]) == tuple(config.lineup)
        and tuple(manifest["variants"]) == tuple(config.variants)
        and tuple(manifest.get("force_events", ())) == tuple(config.force_events)
        and tuple(manifest.get("exclude_events", ())) == tuple(config.exclude_events)
        and results.manifest_rules(manifest) == tuple(config.rules)
        and all(manifest.get(key) == value for key, value in results.fingerprints(prepared).items())
    )


def ensure_run(config: runner.RunConfig, store: Path, jobs: int, say: Callable[[str], None] | None = None,
               scheduler: str | None = None, extends: runner.RunConfig | None = None) -> Run:  # fmt: skip
    """The complete run of ``config`` in ``store``: reused when on disk, else played now.

    Everything happens under the run folder's lock: a study sharing the store waits while
    another writes that run (then reuses it), and never deletes a run being written.  A run
    that cannot be reused (older code, damaged) is cleared and played again; an unfinished
    run of the same configuration is resumed.  ``extends``: the same configuration with fewer
    games; when its complete run is in the store, the new run starts from its games (the
    first ``extends.n`` games are the same: same seed, game ``i`` dealt alike) and plays only
    the rest (a sequential check growing its runs look by look, never playing a game twice).
    """
    prepared = runner.prepare(config)
    check_column_names(prepared.spec.game_columns, prepared.spec.seat_columns, f"game {config.game}")
    folder = run_folder(store, prepared)
    folder.mkdir(parents=True, exist_ok=True)
    with RunLock(folder, wait=True, say=say):
        if _reusable(folder, prepared, say):
            return load_run(folder)
        held = _start_from(folder, extends, store, say) if extends is not None and extends.n < config.n else 0
        if say:
            more = f" more (to {prepared.config.n:,})" if held else ""
            say(f"playing {prepared.config.n - held:,} games{more} into {folder}: {setup_label(prepared.config.to_json())}"
                f" | {', '.join(prepared.config.lineup)}")  # fmt: skip
        runner.run(prepared, folder, jobs, progress=say is not None and sys.stderr.isatty(), say=say, scheduler=scheduler)
        return load_run(folder)


def _start_from(folder: Path, shorter: runner.RunConfig, store: Path, say: Callable[[str], None] | None) -> int:
    """Fill the empty ``folder`` (its lock held) with the games of the complete run of ``shorter``
    in ``store``, if there is one: its manifest copied, its chunk files hard-linked (copied where
    the file system cannot link; chunks are never rewritten in place).  The runner then extends
    it, checking every chunk against its checksum first.  Returns the games brought (0: none)."""
    if any(path.name != LOCK for path in folder.iterdir()):
        return 0  # an unfinished run of this configuration: the runner resumes it
    prepared = runner.prepare(shorter)
    source = run_folder(store, prepared)
    if not (source / results.MANIFEST).exists():
        return 0
    with RunLock(source, wait=True, say=say):  # always the longer run's lock first: no two waits cross
        try:
            if not _matches(load_run(source).manifest, prepared):
                return 0
        except UsageError:
            return 0
        for path in sorted(source.rglob("*")):
            if path.name == LOCK or results.SCRATCH in path.relative_to(source).parts or path.is_dir():
                continue
            target = folder / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.name == results.MANIFEST:
                shutil.copyfile(path, target)
            else:
                _link_or_copy(path, target)
    if say:
        say(f"extending the {shorter.n:,} games of {source} in {folder}")
    return shorter.n


def _link_or_copy(source: Path, target: Path) -> None:
    """A hard link of ``source`` at ``target``, or a copy where the file system has none."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _reusable(folder: Path, prepared: runner.PreparedRun, say: Callable[[str], None] | None) -> bool:
    """Whether the store folder holds the complete run of ``prepared`` (caller holds its lock).

    A run that is not reusable is cleared, unless it is an unfinished run of the same
    configuration (the runner resumes it); a folder holding something else is refused."""
    if not any(path.name != LOCK for path in folder.iterdir()):
        return False
    if not (folder / results.MANIFEST).exists():
        raise UsageError(f"{folder} holds files that are not an islandsim run; move them away")
    try:
        existing = load_run(folder)
        if _matches(existing.manifest, prepared):
            if say:
                say(f"reusing {folder} ({existing.label})")
            return True
        problem = "it holds another configuration or version"
    except UsageError as error:
        problem = str(error)
    try:
        results.check_run_folder(folder, prepared)
        manifest = results.read_manifest(folder)
        if manifest["status"] != "complete" and manifest.get("islandsim_version") == __version__:
            return False  # an unfinished run of this configuration: resumed by the runner
    except UsageError:
        pass
    if say:
        say(f"replaying {folder}: {problem}")
    results.remove_run(folder)
    return False
