"""The toy game of the analysis tests (tests/analysis/toygame.py), registered as ``toy``."""

from __future__ import annotations

import pytest

from simulator.core.engine import registry


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    """Register the toy game for the duration of a test (autouse where it is imported)."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.analysis.toygame")
    registry._loaded.pop("toy", None)
    yield
    registry._loaded.pop("toy", None)


@pytest.fixture
def skill_toy(monkeypatch):
    """Register the skill toy game (tests/analysis/skilltoy.py: pure-skill and pure-chance variants)."""
    monkeypatch.setitem(registry.GAME_MODULES, "skilltoy", "tests.analysis.skilltoy")
    registry._loaded.pop("skilltoy", None)
    yield "skilltoy"
    registry._loaded.pop("skilltoy", None)
