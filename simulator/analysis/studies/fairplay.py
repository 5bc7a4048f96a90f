"""``islandsim check-strategy``: does a strategy read what its seat cannot see?

Strategies get the whole state vector and are trusted to read only public information and
their own seat's hidden part.  For a game with a forward model and ``redraw_hidden`` (a
function that redraws what one seat cannot see, consistently with what it sees), this check
plays games with the strategy in every seat and, at each decision with a choice, asks the
deciding seat's strategy again on copies of the state whose hidden part was redrawn, with the
same options, the same stream state and a copy of the same parameter vector (strategies may
keep working memory there).  A fair strategy cannot tell the copies from the real state, so its
answer never changes; every decision whose answer changed is reported.

Besides the redraws, it re-asks on perturbations built from the game's declaration of what each
seat can see (``simulator/core/engine/visibility.py``, ``simulator/games/<id>/visibility.py``): two cards
of one pool exchanged between two places the seat cannot see, or an opaque slot (the game's
random stream) changed.  These copies do not go through ``redraw_hidden``, so a strategy that
reads a slot the game declares hidden is caught even if the redraw keeps that slot as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simulator.core.run import runner
from simulator.core.engine import registry
from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.registry import UsageError
from simulator.core.engine.rng import new_stream
from simulator.core.engine.stepping import deal, strategy_choice
from simulator.core.engine.visibility import Visibility, for_game, perturb

REDRAW_PURPOSE = 10_000
"""Stream purpose of the redraws (no game draws from it)."""
PERTURB_SEED = 10_001
"""Seed offset of the perturbations' generator (numpy, from the run seed and the game index)."""
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
    perturbations: int = 0
    decisions: int = 0
    changed_count: int = 0
    changed: list[dict] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.changed

    def to_json(self) -> dict:
        return {"game": self.game, "strategy": self.strategy, "players": self.players, "games": self.games,
                "redraws": self.redraws, "perturbations": self.perturbations, "decisions": self.decisions, "passed": self.passed,
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
                   variants: tuple[str, ...] = (), limit: int = 50, perturbations: int = 4) -> FairPlayReport:  # fmt: skip
    """Play ``games`` games with ``strategy`` in every seat and re-ask each decision on
    ``redraws`` redrawn copies and on ``perturbations`` copies built from the game's visibility
    declaration (none for a game without one); keep the first ``limit`` changed decisions (all
    are counted)."""
    spec = registry.get_game(game)
    model = forward_model(spec)
    prepared = runner.prepare(runner.RunConfig(game, players, games, seed, (strategy,) * players, variants))
    declaration = for_game(game) if perturbations > 0 else None
    report = FairPlayReport(game, strategy, players, games, redraws, perturbations if declaration else 0)
    for game_index in range(games):
        _check_game(prepared, model, declaration, game_index, redraws, report, limit)
    return report


def _check_game(prepared: runner.PreparedRun, model: registry.ForwardModel, declaration: Visibility | None,
                game_index: int, redraws: int, report: FairPlayReport, limit: int) -> None:  # fmt: skip
    config, lineup = prepared.config, prepared.lineup
    players, seed = config.players, config.seed
    params = np.array(lineup.params, copy=True)
    game = deal(model, players, seed, game_index, prepared.variant_flags, log_rows=0)
    state, options, streams = game.state, game.options, game.streams
    redraw_stream = new_stream(seed, game_index, REDRAW_PURPOSE)
    perturb_rng = np.random.default_rng([seed, game_index, PERTURB_SEED])
    step = 0
    while True:
        seat, kind, n_options = game.pending_decision()
        if seat == NO_SEAT:
            return
        choice = 0
        if n_options > 1:
            decide = lineup.functions[seat]

            def answer(copy: np.ndarray) -> int:
                return int(decide(copy, seat, kind, options.copy(), n_options, params[seat].copy(), streams[seat].copy()))

            answers = []
            for _ in range(redraws):
                copy = state.copy()
                model.redraw_hidden(copy, seat, redraw_stream)
                answers.append(answer(copy))
            perturbed = []
            if declaration is not None and report.perturbations > 0:
                for perturbation in perturb(declaration, state, seat, perturb_rng, report.perturbations):
                    perturbed.append((perturbation.description, answer(perturbation.state)))
            choice = strategy_choice(game, decide, lineup.names[seat], params[seat], seat, kind, n_options,
                                     prepared.spec.decision_name(kind))  # fmt: skip
            report.decisions += 1
            differing = [answer for answer in answers if answer != choice]
            moved = [(what, answer) for what, answer in perturbed if answer != choice]
            if differing or moved:
                report.changed_count += 1
                if len(report.changed) < limit:
                    report.changed.append({"game": game_index, "seat": seat + 1, "step": step,
                                           "decision": prepared.spec.decision_name(kind), "options": int(n_options),
                                           "answer": choice, "answers_on_redraws": answers,
                                           "changed_on": len(differing),
                                           "answers_on_perturbations": [answer for _, answer in perturbed],
                                           "changed_on_perturbations": [f"{what} -> {answer}" for what, answer in moved]})  # fmt: skip
        game.apply(choice)
        step += 1


def verdict(report: FairPlayReport) -> str:
    """One sentence: passed, or how many decisions changed."""
    if report.passed:
        copies = f"{report.redraws} redrawn hidden states"
        if report.perturbations:
            copies += f" and up to {report.perturbations} declared-hidden perturbations"
        return (f"{report.strategy} passes: {report.decisions:,} decisions in {report.games:,} games, each re-asked on "
                f"{copies}, never changed its answer")  # fmt: skip
    return (f"{report.strategy} READS HIDDEN INFORMATION: {report.changed_count:,} of {report.decisions:,} decisions "
            f"changed when only what the deciding seat cannot see was redrawn or perturbed")  # fmt: skip
