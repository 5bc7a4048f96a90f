"""The toy game of the analysis tests (tests/analysis/toygame.py), registered as ``toy``."""

from __future__ import annotations

import pytest

from simulator.core import registry


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    """Register the toy game for the duration of a test (autouse where it is imported)."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
    registry._loaded.pop("toy", None)
    yield
    registry._loaded.pop("toy", None)
