"""``islandsim check-strategy``: does a strategy read what its seat cannot see?

Strategies get the whole state vector and are trusted to read only public information and
their own seat's hidden part.  For a game with a forward model and ``redraw_hidden`` (a
function that redraws what one seat cannot see, consistently with what it sees), this check
plays games with the strategy in every seat and, at each decision with a choice, asks the
deciding seat's strategy again on copies of the state whose hidden part was redrawn, with the
same options, the same stream state and a copy of the same parameter vector (strategies may
keep working memory there).  A fair strategy cannot tell the copies from the real state, so its
answer never changes; every decision whose answer changed is reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import click
import numpy as np

from simulator.cli_options import check_table_options, game_option, table_format_option
from simulator.core import limits, registry, runner
from simulator.core.forward import NO_SEAT
from simulator.core.registry import UsageError
from simulator.core.rng import PURPOSE_FIRST_STRATEGY, new_stream, reset_stream
from simulator.core.seats import seat_label
from simulator.core.tables import Column, Table, render

REDRAW_PURPOSE = 10_000
"""Stream purpose of the redraws (no game draws from it)."""
FAILED = 1
"""Exit status when a strategy read hidden information (2 stays bad input)."""


@dataclass
class FairPlayReport:
    """What the check found: decisions asked, and each one whose answer changed."""

    game: str
    strategy: str
    players: int
    games: int
    redraws: int
    decisions: int = 0
    changed_count: int = 0
    changed: list[dict] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.changed

    def to_json(self) -> dict:
        return {"game": self.game, "strategy": self.strategy, "players": self.players, "games": self.games,
                "redraws": self.redraws, "decisions": self.decisions, "passed": self.passed,
                "changed_count": self.changed_count, "changed": self.changed}


def forward_model(spec: registry.GameSpec) -> registry.ForwardModel:
    """The game's forward model with ``redraw_hidden``, or :class:`UsageError`."""
    if spec.forward is None or spec.forward.redraw_hidden is None:
        able = [game for game in registry.game_ids() if _has_redraw(game)]
        raise UsageError(f"check-strategy needs a game with a forward model and redraw_hidden; {spec.id} has none "
                         f"(games that have: {', '.join(able) or 'none'})")  # fmt: skip
    return spec.forward


def _has_redraw(game: str) -> bool:
    model = registry.get_game(game).forward
    return model is not None and model.redraw_hidden is not None


def check_strategy(game: str, strategy: str, players: int, games: int, redraws: int, seed: int,
                   variants: tuple[str, ...] = (), limit: int = 50) -> FairPlayReport:  # fmt: skip
    """Play ``games`` games with ``strategy`` in every seat and re-ask each decision on
    ``redraws`` redrawn copies; keep the first ``limit`` changed decisions (all are counted)."""
    spec = registry.get_game(game)
    model = forward_model(spec)
    prepared = runner.prepare(runner.RunConfig(game, players, games, seed, (strategy,) * players, variants))
    report = FairPlayReport(game, strategy, players, games, redraws)
    for game_index in range(games):
        _check_game(prepared, model, game_index, redraws, report, limit)
    return report


def _check_game(prepared: runner.PreparedRun, model: registry.ForwardModel, game_index: int, redraws: int,
                report: FairPlayReport, limit: int) -> None:  # fmt: skip
    config, lineup = prepared.config, prepared.lineup
    players, seed = config.players, config.seed
    state = np.zeros(model.state_size, dtype=np.int64)
    options = np.zeros(model.max_options, dtype=np.int64)
    log = np.zeros((0, 6), dtype=np.int64)
    params = np.array(lineup.params, copy=True)
    streams = np.zeros((players, 1), dtype=np.uint64)
    for seat in range(players):
        reset_stream(streams[seat], seed, game_index, PURPOSE_FIRST_STRATEGY + seat)
    redraw_stream = new_stream(seed, game_index, REDRAW_PURPOSE)
    model.new_game(seed, game_index, players, prepared.variant_flags, 0, state, log)
    step = 0
    while True:
        seat, kind, n_options = model.pending_decision(state, options)
        if seat == NO_SEAT:
            return
        choice = 0
        if n_options > 1:
            decide = lineup.functions[seat]
            answers = []
            for _ in range(redraws):
                copy = state.copy()
                model.redraw_hidden(copy, seat, redraw_stream)
                answers.append(int(decide(copy, seat, kind, options.copy(), n_options, params[seat].copy(),
                                          streams[seat].copy())))  # fmt: skip
            choice = int(decide(state, seat, kind, options, n_options, params[seat], streams[seat]))
            if not 0 <= choice < n_options:
                raise UsageError(f"strategy '{lineup.names[seat]}' returned {choice} for decision "
                                 f"'{prepared.spec.decision_name(kind)}', which offered options 0..{n_options - 1}")
            report.decisions += 1
            differing = [answer for answer in answers if answer != choice]
            if differing:
                report.changed_count += 1
                if len(report.changed) < limit:
                    report.changed.append({"game": game_index, "seat": seat + 1, "step": step,
                                           "decision": prepared.spec.decision_name(kind), "options": int(n_options),
                                           "answer": choice, "answers_on_redraws": answers,
                                           "changed_on": len(differing)})  # fmt: skip
        model.apply(state, choice, log)
        step += 1


def verdict(report: FairPlayReport) -> str:
    """One sentence: passed, or how many decisions changed."""
    if report.passed:
        return (f"{report.strategy} passes: {report.decisions:,} decisions in {report.games:,} games, each re-asked on "
                f"{report.redraws} redrawn hidden states, never changed its answer")  # fmt: skip
    return (f"{report.strategy} READS HIDDEN INFORMATION: {report.changed_count:,} of {report.decisions:,} decisions "
            f"changed when only what the deciding seat cannot see was redrawn")  # fmt: skip


def command() -> click.Command:
    """The click command ``islandsim check-strategy``."""

    @click.command("check-strategy")
    @game_option()
    @click.option("--strategy", required=True, help="Strategy to check (registered, STRATEGY@FILE or module:function).")
    @click.option("--players", type=int, default=None, help="Number of players (default: 4, or the nearest allowed).")
    @click.option("--n", "games", type=click.IntRange(1, 100_000), default=50, show_default=True, help="Games to play.")
    @click.option("--redraws", type=click.IntRange(1, 100), default=4, show_default=True,
                  help="Redrawn copies per decision.")  # fmt: skip
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
    @click.option("--seed", type=limits.SEED, default=1, show_default=True, help="Run seed.")
    @click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
    @table_format_option
    def check_strategy_command(game_id, strategy, players, games, redraws, variant_names, seed, as_json, table_format):
        """Fair-play check: replay decisions with the hidden part redrawn; report every changed answer.

        Exit status 0 when the strategy passes, 1 when some answer changed, 2 on bad input.
        """
        import sys

        check_table_options(as_json, table_format)
        spec = registry.get_game(game_id)
        forward_model(spec)
        if players is None:
            players = min(spec.player_counts, key=lambda count: (abs(count - 4), count))
        registry.check_players(spec, players)
        report = check_strategy(game_id, strategy, players, games, redraws, seed, tuple(variant_names))
        if as_json:
            click.echo(json.dumps(report.to_json(), indent=2))
        else:
            parts: list = [verdict(report)]
            if report.changed:
                rows = [dict(row, seat_text=seat_label(row["seat"] - 1),
                             redrawn=", ".join(str(answer) for answer in row["answers_on_redraws"]))
                        for row in report.changed]  # fmt: skip
                parts += ["", f"changed decisions (first {len(rows)}):", Table([
                    Column("game", "game"), Column("seat", "seat_text"), Column("step", "step"),
                    Column("decision", "decision"), Column("options", "options"), Column("answer", "answer"),
                    Column("answers on redrawn states", "redrawn")], rows)]  # fmt: skip
            click.echo(render(parts, table_format))
        if not report.passed:
            sys.exit(FAILED)

    return check_strategy_command
