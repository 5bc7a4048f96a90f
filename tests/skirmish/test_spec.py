"""The registry entry: rule ids of the spec, variants, player counts, decision kinds; data files
flagged as reconstructions."""

import csv

from simulator.core.engine.registry import get_game
from simulator.games.skirmish.components import CHEST_MIXES, DATA, MOVEMENT_SETS
from simulator.games.skirmish.state import DECISION_KINDS, RULE_IDS, VARIANTS


def test_registered_forward_model():
    spec = get_game("skirmish")
    assert spec.player_counts == (2, 3, 4)
    assert spec.default_strategy == "prospector"
    assert spec.forward is not None and spec.forward.redraw_hidden is not None
    assert spec.forward.rule_ids[:51] == tuple(f"R{k}" for k in range(1, 52))
    assert set(spec.forward.rule_labels) == set(RULE_IDS)
    assert spec.forward.checkpoint_unit == "round"
    assert len(DECISION_KINDS) == 17


def test_every_spec_variant_exists():
    spec_ids = ["move-orthogonal", "move-up-to", "move-no-revisit", "adjacency-orthogonal", "carry-mandatory",
                "placement-blocked-stays", "flying-bomb-no-boat", "shield-ammo-lost", "pass-discard-any",
                "gift-draw-after", "dropped-loot-lost", "choose-start-anchor", "random-first-player", "movement-flat",
                "chests-9-6-3", "chests-10-4-4", "no-bobby"] + [f"gems-to-win-{n}" for n in range(3, 9)]
    for name in spec_ids:
        assert name in VARIANTS


def test_reconstructions_are_flagged_data():
    with open(DATA / "chests.csv", encoding="utf-8") as handle:
        assert all(row["reconstructed"] == "1" for row in csv.DictReader(handle))
    with open(DATA / "movement.csv", encoding="utf-8") as handle:
        assert all(row["reconstructed"] == "1" for row in csv.DictReader(handle))
    assert CHEST_MIXES["default"] == (10, 5, 1, 3, 3)
    assert MOVEMENT_SETS["default"] == [7, 8, 9, 9, 8, 7, 7] and sum(MOVEMENT_SETS["movement-flat"]) == 55
