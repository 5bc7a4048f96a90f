"""The core declaration of what each seat can see (simulator/core/engine/visibility.py), on a toy layout."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.core.engine.visibility import (
    NOBODY, OPAQUE, OWN, SEER, Region, Visibility, card_counts, cards, changed_visible_slots, histogram, locations,
    perturb, visible_mask,
)

# toy layout: 0 public score, 1..3 deck (count at 4), 5..10 two hands of 3 (counts at 11, 12),
# 13..14 pool cards seen by the seat at 15..16, 17 pool position, 18..21 histogram of a face-down
# discard, 22 stream, 23..25 card locations (0 box, 1 discard, 2 + seat: that seat's hand)
DECLARATION = Visibility("toy", (
    Region("DECK", 1, 3, NOBODY, cards("gold"), count_slot=4),
    Region("HAND", 5, 6, OWN, cards("gold"), stride=3, count_slot=11),
    Region("POOL", 13, 2, SEER, cards("gold"), seer_slot=15, public_below_slot=17),
    Region("DISCARD", 18, 4, NOBODY, histogram("gold")),
    Region("STREAM", 22, 1, NOBODY, OPAQUE),
    Region("WHERE", 23, 3, content=locations("island"),
           hidden_if=lambda state, seat, card: state[23 + card] not in (1, 2 + seat)),
))


def toy_state() -> np.ndarray:
    state = np.zeros(26, dtype=np.int64)
    state[0] = 7
    state[1:4] = (2, 3, -1)
    state[4] = 2
    state[5:11] = (4, 5, -1, 6, -1, -1)
    state[11:13] = (2, 1)
    state[13:15] = (2, 5)
    state[15:17] = (0, 1)
    state[17] = 0
    state[18:22] = (0, 0, 1, 2)
    state[22] = 123456
    state[23:26] = (0, 2, 3)
    return state


def test_visible_mask_follows_owner_seer_count_and_predicate():
    state = toy_state()
    mask = visible_mask(DECLARATION, state, 0)
    assert mask[0] and not mask[1] and not mask[2] and mask[3]  # third deck entry not in use
    assert mask[5] and mask[6] and mask[7] and not mask[8] and mask[9]  # own hand; other hand holds 1 card
    assert mask[13] and not mask[14]  # pool card 0 seen by seat 0, card 1 by seat 1
    assert not mask[22] and not mask[23] and mask[24] and not mask[25]
    state[17] = 2  # both pool cards turned face up
    assert visible_mask(DECLARATION, state, 0)[14]


def test_perturbations_keep_the_view_and_the_card_counts():
    state = toy_state()
    rng = np.random.default_rng(1)
    for seat in (0, 1):
        found = perturb(DECLARATION, state, seat, rng, count=12)
        assert len(found) == 12
        assert any(not np.array_equal(p.state, state) for p in found)
        for perturbation in found:
            assert not changed_visible_slots(DECLARATION, state, perturbation.state, seat), perturbation.description
            assert card_counts(DECLARATION, perturbation.state) == card_counts(DECLARATION, state)
            assert not np.array_equal(perturbation.state, state), perturbation.description


def test_every_kind_of_hidden_change_comes_up():
    state = toy_state()
    found = perturb(DECLARATION, state, 0, np.random.default_rng(3), count=40)
    text = " ".join(p.description for p in found)
    for name in ("DECK", "HAND[3]", "POOL[1]", "DISCARD", "STREAM", "WHERE"):
        assert name in text, name
    assert "HAND[0]" not in text and "POOL[0]" not in text  # seat 0's own cards never move


def test_a_change_the_seat_can_see_is_reported():
    state = toy_state()
    other = state.copy()
    other[6] = 3  # seat 0's own hand
    assert changed_visible_slots(DECLARATION, state, other, 0) == [6]
    assert changed_visible_slots(DECLARATION, state, other, 1) == []


def test_bad_declarations_are_refused():
    with pytest.raises(ValueError, match="stride"):
        Region("HAND", 0, 4, OWN, cards("gold"))
    with pytest.raises(ValueError, match="both"):
        Visibility("toy", (Region("A", 0, 4), Region("B", 3, 2)))
    with pytest.raises(ValueError, match="pool"):
        Region("DECK", 0, 4, NOBODY, cards(""))


def test_declarations_are_outside_the_compiled_code():
    """Editing a declaration must not recompile an engine: no engine, rule or strategy module
    imports one, and the numba cache fingerprint leaves them out."""
    from pathlib import Path

    from simulator import compiled_cache

    top = Path(__file__).resolve().parents[2]
    compiled = [*top.glob("simulator/games/*/*.py"), *top.glob("strategies/*.py"), *top.glob("simulator/core/*.py")]
    importers = [str(path.relative_to(top)) for path in compiled  # play text, drawings: plain Python, not compiled
                 if path.name not in compiled_cache.NOT_COMPILED and "visibility" in path.read_text()]  # fmt: skip
    assert importers == []
    assert "visibility.py" in compiled_cache.NOT_COMPILED
    assert not [path for path in compiled_cache._python_files("simulator/core") if path.name == "visibility.py"]
