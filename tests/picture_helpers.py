"""States of a game played at random, for the tests of the pictures (``draw.py``) and the
terminal maps (``play_text.py``), and reading an SVG's parts."""

from __future__ import annotations

import re

import numpy as np


def random_states(game: str, players: int, seed: int = 1, variants: tuple[str, ...] = ()) -> tuple[list[np.ndarray], np.ndarray]:
    """A copy of the state at every decision of one game played by uniformly random choices, and
    the final state last; and the variant flags."""
    from simulator.core.engine import registry
    from simulator.core.engine.forward import NO_SEAT

    spec = registry.get_game(game)
    model = spec.forward
    flags = spec.encode_variants(variants, players)
    rng = np.random.default_rng(seed)
    state = np.zeros(model.state_size, dtype=np.int64)
    options = np.zeros(model.max_options, dtype=np.int64)
    log = np.zeros((20_000, 6), dtype=np.int64)
    model.new_game(seed, 0, players, flags, 0, state, log)
    states = []
    while True:
        states.append(state.copy())
        seat, kind, n_options = model.pending_decision(state, options)
        if seat == NO_SEAT:
            return states, flags
        model.apply(state, int(rng.integers(n_options)), log)


def svg_texts(svg: str) -> list[str]:
    """The words of every ``<text>`` element of ``svg``."""
    import html

    return [html.unescape(words) for words in re.findall(r"<text [^>]*>([^<]*)</text>", svg)]


def svg_rects(svg: str) -> list[dict[str, str]]:
    """The attributes of every ``<rect>`` element of ``svg``."""
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', attributes)) for attributes in re.findall(r"<rect ([^>]*)/>", svg)]
