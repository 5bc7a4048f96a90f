"""The engine reproduces the stored reference results byte for byte (``make_reference.py``):
every player count, every variant, forced and excluded event cards, mixed lineups, debug
invariants on, results and narrations.

These digests were recorded from the callback engine before the forward-model migration; the
forward-model engine must give the same bytes (same RNG draws in the same order)."""

import json

import pytest

from tests.loot.make_reference import REFERENCE, configurations, record

STORED = json.loads(REFERENCE.read_text(encoding="utf-8"))
KEYS = ("lineup", "variants", "forced", "excluded")


def test_reference_covers_every_configuration():
    stored = [tuple(tuple(entry[key]) for key in KEYS) for entry in STORED["configurations"]]
    assert stored == configurations()


@pytest.mark.parametrize("index", range(len(STORED["configurations"])))
def test_engine_reproduces_reference(spec, index):
    entry = STORED["configurations"][index]
    assert record(spec, *(tuple(entry[key]) for key in KEYS)) == entry
