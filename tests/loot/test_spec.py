"""The GameSpec of Loot Island and the variant encoding."""

import numpy as np
import pytest

from simulator.games.loot import VARIANTS, encode_variants
from simulator.games.loot.state import DECISION_KINDS, N_VARIANT_FLAGS, RULES_SIZE


def test_spec_fields(spec):
    assert spec.id == "loot" and spec.player_counts == (2, 3, 4, 5)
    assert spec.seat_columns[:2] == ("score", "rank")
    assert "length" in spec.game_columns
    assert spec.default_strategy in spec.strategies and "random" in spec.strategies
    assert {"curse_averse", "crown_hunter", "big_loot_opportunist", "early_passer"} <= set(spec.strategies)
    assert spec.decision_kinds == DECISION_KINDS
    assert set(spec.variants) == set(VARIANTS)


def test_the_default_heuristic_is_called_greedy_and_the_old_name_still_works(spec, capsys):
    from simulator.core.players.strategies import build_lineup

    assert spec.default_strategy == "greedy" and "default" not in spec.strategies
    assert spec.length_unit == "Phase-2 actions"
    lineup = build_lineup(spec, 3, ("default", "random", "default"))
    assert lineup.names == ("greedy", "random", "greedy")
    assert lineup.functions[0] is spec.strategies["greedy"].function
    assert capsys.readouterr().err.count("strategy 'default' is now called 'greedy'") == 1


def test_encode_variants():
    flags = encode_variants(("two-healers", "starting-draft"), 4)
    assert flags.shape == (N_VARIANT_FLAGS + RULES_SIZE,) and flags[:N_VARIANT_FLAGS].sum() == 2
    with pytest.raises(ValueError):
        encode_variants(("no_such_variant",), 4)
    for two_player_variant in ("aaron-one-spares-actor", "a3-actor-pays-for-aaron", "b4-tile-holder-moves-aaron"):
        with pytest.raises(ValueError, match="needs 2 players"):
            encode_variants((two_player_variant,), 4)
        assert encode_variants((two_player_variant,), 2)[:N_VARIANT_FLAGS].sum() == 1


def test_deal_stream_is_shared_by_variants(run_games, spec):
    # the same seed deals the same events whatever the information-only variants (the games
    # themselves differ: the heuristic reads what those variants reveal)
    events = [spec.game_columns.index(f"event_{r}") for r in range(1, 6)]
    _, plain = run_games(4, ["greedy"] * 4, 30, seed=4)
    _, revealed = run_games(4, ["greedy"] * 4, 30, variants=("healers-revealed", "events-revealed"), seed=4)
    assert np.array_equal(plain[:, events], revealed[:, events])


def test_bad_strategy_choice_is_reported(spec):
    from numba import njit

    from simulator.core.engine.decisions import STRATEGY_SIGNATURE, BadChoice

    @njit(STRATEGY_SIGNATURE)
    def broken(state, seat, kind, options, n, params, stream):
        return n

    seats = np.zeros((1, 3, len(spec.seat_columns)), dtype=np.int64)
    games = np.zeros((1, len(spec.game_columns)), dtype=np.int64)
    with pytest.raises(BadChoice):
        spec.play_chunk(1, 0, 1, encode_variants((), 3), (broken,) * 3, np.zeros((3, 1)), seats, games, False)
