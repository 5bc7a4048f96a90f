"""The heuristic's working memory (its distance maps and search queue, kept after its weights in
``params``) saves allocating per decision but never changes a decision."""

import numpy as np

import strategies.skirmish as heuristic_module
from simulator.core.players.strategies import build_lineup
from simulator.games.skirmish import encode_variants

MEMORY = slice(heuristic_module.N_PARAMS, heuristic_module.N_PARAMS + heuristic_module.MEMORY_SIZE)
NAMES = ("prospector", "raider", "bomber", "turtle")


def play(spec, params, first_game, n_games, variants=()):
    lineup = build_lineup(spec, len(NAMES), NAMES)
    flags = encode_variants(variants, len(NAMES))
    seat_results = np.zeros((n_games, len(NAMES), len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(5, first_game, n_games, flags, lineup.functions, params, seat_results, game_results, False)
    return seat_results, game_results


def test_the_heuristic_vectors_carry_room_for_the_memory(spec):
    for name in NAMES:
        strategy = spec.strategies[name]
        assert len(strategy.params) == heuristic_module.N_PARAMS + heuristic_module.MEMORY_SIZE
        assert np.array_equal(strategy.params[: heuristic_module.N_PARAMS], heuristic_module.PARAMS[name])
        assert strategy.tunable_count == heuristic_module.N_PARAMS  # the memory is not a weight
    assert len(heuristic_module.HEURISTIC_PARAMS) == heuristic_module.N_PARAMS + heuristic_module.MEMORY_SIZE


def test_games_do_not_depend_on_what_the_memory_held(spec):
    """The same games from clean memory, from the memory other games left behind, and from junk
    distances: identical results, row for row."""
    clean_params = build_lineup(spec, len(NAMES), NAMES).params
    expected = play(spec, clean_params.copy(), 200, 100)

    used_params = clean_params.copy()
    play(spec, used_params, 0, 50)  # other games leave their maps behind
    assert np.any(used_params[:, MEMORY] != 0)
    after_other_games = play(spec, used_params, 200, 100)

    junk_params = clean_params.copy()
    junk = np.random.default_rng(3).integers(0, heuristic_module.MAX_SQUARES, size=junk_params[:, MEMORY].shape)
    junk_params[:, MEMORY] = junk.astype(np.int64).view(np.float64)  # read back as int64 by the heuristic
    from_junk = play(spec, junk_params, 200, 100)

    for results in (after_other_games, from_junk):
        assert np.array_equal(results[0], expected[0])
        assert np.array_equal(results[1], expected[1])
