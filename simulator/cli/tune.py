"""``islandsim tune``: its options and checks; the search is :mod:`simulator.analysis.studies.tune`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from simulator.analysis.studies.tune import (
    TARGET_GENERATIONS, TuneSettings, command_line, parameter_text, tune, usable_name, verdict,
)
from simulator.analysis.studies import tune_state
from simulator.cli.interruption import command_again, stopped_with_a_line
from simulator.cli.options import game_option, quiet_option, stderr_notices, workers_options
from simulator.core.engine.registry import UsageError
from simulator.core.players import param_files
from simulator.core.players.reference import parse_reference
from simulator.core.run import limits, runner
from simulator.core.store.paths import check_output_file


def _kept(state_file: Path) -> str:
    """What an interrupted tuning kept, in words."""
    if not state_file.exists():
        return "nothing (no generation had finished)"
    try:
        done = len(json.loads(state_file.read_text(encoding="utf-8"))["generations"])
    except (OSError, ValueError, KeyError, TypeError):
        done = "?"
    return f"the search state after generation {done}, in {state_file}"


def _continue_command(state_file: Path) -> str:
    """The command that continues an interrupted tuning (``--resume`` once a generation is saved)."""
    return command_again(("--resume",) if state_file.exists() else (), drop=("--resume",))


def _write_atomically(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def tune_command() -> click.Command:
    """The click command ``islandsim tune``."""

    @click.command("tune")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @click.option("--strategy", "strategy", required=True, help="Registered strategy whose weights are tuned.")
    @click.option("--field", default=None,
                  help="The other seats: a comma list (repeated to fill them; default: the untuned strategy), "
                       "or 'self' for self-play against the current search mean.")  # fmt: skip
    @click.option("--budget", type=limits.GAMES, required=True, help="Games the search may play (validation extra).")
    @click.option("--deals", type=limits.CHUNK_GAMES, default=None,
                  help=f"Deals per candidate and generation (default: budget for {TARGET_GENERATIONS} generations).")
    @click.option("--popsize", type=click.IntRange(2, 200), default=None, help="Candidates per generation (CMA-ES default).")
    @click.option("--validate-deals", type=limits.CHUNK_GAMES, default=None,
                  help="Fresh deals for the validation against the untuned strategy (default: max(200, one generation)).")
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant for every game (repeat to combine).")
    @click.option("--out", type=click.Path(path_type=Path), default=None,
                  help="Parameter file to write (default: STRATEGY-tuned-<P>p.toml in the current folder).")
    @click.option("--seed", type=limits.SEED, default=1, show_default=True, help="Seed of the search deals and CMA-ES.")
    @workers_options
    @click.option("--resume", is_flag=True,
                  help=f"Continue the search saved in OUT{tune_state.SUFFIX} (written after every generation).")
    @click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
    @quiet_option
    def tune_command(game_id, players, strategy, field, budget, deals, popsize, validate_deals, variant_names, out, seed,
                     jobs, scheduler, resume, as_json, quiet):  # fmt: skip
        """Tune a strategy's weights with CMA-ES on common deals; validate; write a parameter file.

        Use the file with any command as --strategy STRATEGY@FILE (docs/strategies.md).
        """
        say = stderr_notices(quiet)
        reference = parse_reference(strategy)
        if reference.param_file is not None or reference.is_user:
            raise UsageError(f"--strategy {strategy}: give a registered strategy name; tune starts from its weights")
        field_list = tuple(part.strip() for part in field.split(",")) if field else ()
        if field_list and not all(field_list):
            raise UsageError(f"--field '{field}' has an empty name; write names separated by commas, or 'self'")
        out = out or Path(f"{strategy}-tuned-{players}p.toml")
        if out.suffix != param_files.SUFFIX:
            raise UsageError(f"--out {out}: a parameter file ends in {param_files.SUFFIX}")
        check_output_file(out, "--out")
        settings = TuneSettings(game_id, players, strategy, field_list, budget, seed, deals, validate_deals, popsize,
                                tuple(variant_names), runner.local_jobs(jobs, say), scheduler)  # fmt: skip
        state_file = tune_state.state_path(out)
        if state_file.exists() and not resume:
            raise UsageError(f"{state_file} holds an unfinished search: continue it with --resume, or delete it to "
                             "start over")  # fmt: skip
        check_output_file(state_file, "--out")
        with stopped_with_a_line(lambda: _kept(state_file), lambda: _continue_command(state_file)):
            result = tune(settings, say, state_file, resume)
        _write_atomically(out, parameter_text(result, command_line(settings, out)))
        state_file.unlink(missing_ok=True)
        result["out"] = str(out)
        if as_json:
            click.echo(json.dumps(result, indent=2))
            return
        click.echo(f"{verdict(result['validation'])}")
        weights = ", ".join(f"{before:g} -> {after:.3g}" for before, after in zip(result["untuned"], result["tuned"]))
        click.echo(f"weights: {weights}")
        click.echo(f"{result['games']:,} games in {result['wall_seconds']:.0f} s; written to {out}; "
                   f"use it as --strategy {usable_name(game_id, strategy, out)}")  # fmt: skip

    return tune_command

