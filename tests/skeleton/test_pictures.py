"""Skeleton Island's picture (issue 38 item 7): the Sand pile reads as a pile of cards, the clear
cards in the bottom row (as the README says), each face in words."""

from __future__ import annotations

from simulator.core.engine.replay_page import FACE_DOWN_FILL
from simulator.games.skeleton.draw import CARD_H, CARD_W, draw_table
from simulator.games.skeleton.state import CLEAR_MASK, PILE_COUNT
from tests.picture_helpers import random_states, svg_rects, svg_texts

OLD_TILES = {"obj", "1c", "2c", "3c", "1/2", "1/4"}


def _pile_cards(svg: str) -> list[dict[str, str]]:
    return [r for r in svg_rects(svg) if r.get("width") == f"{CARD_W:g}" and r.get("height") == f"{CARD_H:g}"]


def test_the_clear_cards_are_the_bottom_row_and_each_face_is_in_words():
    states, flags = random_states("skeleton", 4, seed=4)
    checked = 0
    for state in states[::7]:
        if state[PILE_COUNT] < 4:
            continue
        for seat in (None, 0):
            svg = draw_table(state, 4, flags, seat)
            words = svg_texts(svg)
            assert not OLD_TILES & set(words), "tiles read as codes"
            cards = _pile_cards(svg)
            outlines = [r for r in svg_rects(svg) if r.get("stroke") == "#ffb300"]
            assert len(outlines) == bin(int(state[CLEAR_MASK])).count("1")
            bottom = max(float(r["y"]) for r in cards)
            assert all(float(r["y"]) + 2 == bottom for r in outlines), "a clear card not in the bottom row"
            ys = sorted({float(r["y"]) for r in cards})
            assert all(b - a < CARD_H for a, b in zip(ys, ys[1:])), "rows overlap as a pile"
            checked += 1
    assert checked > 10
    faces = set(svg_texts(draw_table(states[0], 4, flags, None)))
    assert {"half", "quarter", "pirate", "object"} <= faces and any(w.endswith(" coin") or w.endswith(" coins") for w in faces)
    assert any(w.endswith(" map") for w in faces)
    backs = svg_texts(draw_table(states[0], 4, flags, 0))
    assert "face down" in backs and FACE_DOWN_FILL in draw_table(states[0], 4, flags, 0)
