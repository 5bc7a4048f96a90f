"""A toy game with a known share of skill, registered as ``skilltoy`` by the player tests.

Each game has ``TURNS`` turns; at each turn every seat picks one of ``OPTIONS`` options, one of
which (drawn from the deal) is good; the strategies are really asked (``perfect`` reads the good
option from the state, ``random`` picks uniformly from its seat stream).  Two rule variants fix
what decides the game:

- ``pure-skill``: the score is the number of good picks: ``perfect`` always finishes first
  (a random seat ties it with probability ``OPTIONS**-TURNS``); the deal does not matter to
  who wins between random players (any option is good with the same chance);
- ``pure-chance``: the score is a number drawn from the deal per seat; choices do not matter.

Without a variant the score is the sum of both.  Plain Python calling the compiled strategies.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.registry import GameSpec, StrategySpec
from simulator.core.engine.rng import PURPOSE_DEAL, PURPOSE_FIRST_STRATEGY, new_stream, random_below, random_float

TURNS = 8
OPTIONS = 4
GOOD = 0
"""State slot: the good option of the current turn."""
VARIANTS = {"pure-skill": "only good picks score", "pure-chance": "only the deal's numbers score"}


@njit(STRATEGY_SIGNATURE, cache=True)
def perfect(state, seat, kind, options, n_options, params, stream):
    """Picks the good option (public in this toy)."""
    return state[GOOD]


@njit(STRATEGY_SIGNATURE, cache=True)
def random_pick(state, seat, kind, options, n_options, params, stream):
    """Uniform over the options."""
    return random_below(stream, n_options)


def play_chunk(run_seed, first_game, n_games, flags, strategies, params, seat_results, game_results, debug):
    players = seat_results.shape[1]
    skill_counts = flags[1] == 0
    chance_counts = flags[0] == 0
    state = np.zeros(1, dtype=np.int64)
    options = np.arange(OPTIONS, dtype=np.int64)
    for g in range(n_games):
        game = first_game + g
        deal = new_stream(run_seed, game, PURPOSE_DEAL)
        streams = [new_stream(run_seed, game, PURPOSE_FIRST_STRATEGY + seat) for seat in range(players)]
        scores = np.zeros(players)
        for seat in range(players):
            scores[seat] += 10 * random_float(deal) if chance_counts else 0.0
        for _ in range(TURNS):
            state[GOOD] = random_below(deal, OPTIONS)
            for seat in range(players):
                choice = strategies[seat](state, seat, 0, options, OPTIONS, params[seat], streams[seat])
                scores[seat] += 1.0 if skill_counts and choice == state[GOOD] else 0.0
        ranks = 1 + (scores[None, :] > scores[:, None]).sum(axis=1)
        seat_results[g, :, 0] = np.round(scores * 1000).astype(np.int64)
        seat_results[g, :, 1] = ranks
        game_results[g, 0] = TURNS


def _strategies() -> dict[str, StrategySpec]:
    return {"perfect": StrategySpec("perfect", perfect, np.zeros(1), "picks the good option", tunable=0),
            "random": StrategySpec("random", random_pick, np.zeros(1), "uniform", tunable=0)}


def game_spec() -> GameSpec:
    return GameSpec(
        id="skilltoy", title="Skill Toy", player_counts=(2, 3, 4), variants=dict(VARIANTS),
        encode_variants=lambda names, players: np.array([int(name in names) for name in VARIANTS], dtype=np.int64),
        strategy_loader=_strategies, default_strategy="random",
        strategy_descriptions={"perfect": "picks the good option", "random": "uniform"}, decision_kinds=("pick",),
        seat_columns=("score", "rank"), game_columns=("length",), play_chunk=play_chunk,
        narrate=lambda *args: ["skill toy"], length_unit="turns", chunk_size=500,
    )
