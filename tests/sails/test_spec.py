"""The game spec: variants, conflicts, columns, decision names."""

import numpy as np
import pytest

from simulator.core.engine.registry import UsageError, check_variants, get_game
from simulator.games.sails import encode_variants
from simulator.games.sails.components import TREASURE_VALUE_FILES
from simulator.games.sails.state import DECISION_KINDS, FLAG_GP_SIDE, FLAG_RB_SIDE, FLAG_VALUE_SET, N_FLAGS


def test_spec_shape(spec):
    assert spec.player_counts == (3, 4, 5)
    assert spec.seat_columns[:2] == ("score", "rank")
    assert "length" in spec.game_columns
    assert spec.default_strategy in spec.strategies
    assert spec.decision_kinds == DECISION_KINDS
    assert {"random", "greedy", "treasure_hunter", "bonus_hoarder", "bluffer"} <= set(spec.strategies)
    assert get_game("sails").id == "sails"


def test_encode_variants_flags():
    assert np.array_equal(encode_variants((), 4)[:N_FLAGS], np.zeros(N_FLAGS, dtype=np.int64))
    flags = encode_variants(("actions-side-b", "treasure-values-low"), 5)
    assert flags[FLAG_RB_SIDE] == 1 and flags[FLAG_GP_SIDE] == 1 and flags[FLAG_VALUE_SET] == 2


@pytest.mark.parametrize("names", [
    ("treasure-values-one-each", "treasure-values-low"),
    ("actions-side-b", "rb-action-side-b"),
    ("actions-side-b", "gp-action-side-b"),
])
def test_conflicting_variants_raise(spec, names):
    with pytest.raises(ValueError, match="conflict"):
        encode_variants(names, 4)
    with pytest.raises(UsageError, match="conflict|both set treasure_values"):
        check_variants(spec, names, 4)


def test_unknown_variant_and_player_count():
    with pytest.raises(ValueError, match="unknown sails variant"):
        encode_variants(("no-such-rule",), 4)
    with pytest.raises(ValueError, match="3, 4 or 5"):
        encode_variants((), 6)


def test_treasure_data():
    # every value set keeps 5 cards per colour at 3 players (20 in all) and removes one 2, 3, 4
    for rows in TREASURE_VALUE_FILES.values():
        assert 4 * sum(1 - removed for _, removed in rows) == 20
        assert sorted(value for value, removed in rows if removed) == [2, 3, 4]
    assert [value for value, _ in TREASURE_VALUE_FILES["standard"]] == [2, 2, 3, 3, 4, 4, 5, 6]
