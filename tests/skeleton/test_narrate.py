"""Skeleton Island narration read as a player would (issue 22): plurals, cards named instead of
slot numbers, a standing line per round with running counts, repeated stretches folded.  Built
from hand-made log records (format_log is plain Python)."""

import numpy as np

from simulator.games.skeleton.narrate import format_log
from simulator.games.skeleton.state import (
    EV_BLOW,
    EV_CLAIM,
    EV_COVER,
    EV_KEEP,
    EV_NO_SECOND,
    EV_PUT_BACK,
    EV_SETUP,
    EV_STEAL,
    EV_TAKE,
    EV_TURN,
)

RED_HALF, RED_QUARTER, THREE_COIN, OBJECT = 0, 2, 40, 42


def lines_of(*records):
    log = np.array([list(record) + [0] * (6 - len(record)) for record in records], dtype=np.int64)
    return format_log(log, len(log))


def test_counts_take_the_singular_for_one():
    lines = lines_of((EV_SETUP, 2, 49, 24, 4, 0), (EV_TURN, 0, 1, 1, 49, 0), (EV_BLOW, 0, 1, 1, 1),
                     (EV_TAKE, 0, 5, RED_HALF, 1, 1))
    assert lines[1] == "-- seat 1, turn 1: 1 clear card, 49 in the pile"
    assert lines[2] == "seat 1 blows on the pile: 1 card swept, 1 -> 1 clear card"
    assert lines[3] == "seat 1 takes the face-up red half map (1 card uncovered)"


def test_a_covered_card_is_named_never_a_slot_number():
    lines = lines_of((EV_SETUP, 2, 49, 24, 4, 0), (EV_PUT_BACK, 0, RED_QUARTER, 1), (EV_COVER, 0, 16, THREE_COIN, 1),
                     (EV_COVER, 1, 17, -1, 0))
    assert lines[2] == "  the card put back lies on the face-up 3-coin card, which is no longer clear"
    assert lines[3] == "  the card put back lies on a face-down card, which is no longer clear"
    assert not any("slot" in line or "16" in line for line in lines)


def test_a_standing_line_opens_every_round_with_running_counts():
    lines = lines_of((EV_SETUP, 2, 49, 24, 4, 1),
                     (EV_TURN, 1, 1, 4, 49, 0), (EV_KEEP, 1, THREE_COIN), (EV_KEEP, 1, RED_QUARTER),
                     (EV_TURN, 0, 2, 4, 48, 0), (EV_KEEP, 0, OBJECT), (EV_KEEP, 0, RED_HALF), (EV_KEEP, 0, 1),
                     (EV_TURN, 1, 3, 4, 47, 0), (EV_STEAL, 1, 0, OBJECT), (EV_CLAIM, 0, 0, 0, 0),
                     (EV_TURN, 0, 4, 4, 46, 0), (EV_TURN, 1, 5, 4, 45, 0))
    standing = [line for line in lines if line.startswith("  standing:")]
    assert standing[0] == ("  standing: seat 1 0 coins, 0 Island cards, 2 map pieces, 1 pirate object; "
                           "seat 2 3 coins, 0 Island cards, 1 map piece")
    # seat 1 completed red with its 2 halves (handed in); seat 2 stole its object
    assert standing[1] == ("  standing: seat 1 5 coins, 1 Island card, 0 map pieces; "
                           "seat 2 3 coins, 0 Island cards, 1 map piece, 1 pirate object")
    assert len(standing) == 2 and lines.index(standing[0]) == lines.index("-- seat 2, turn 3: 4 clear cards, 47 in the pile") - 1


def test_a_stalled_stretch_is_folded_into_one_copy_and_a_count():
    turn = [(EV_TURN, 0, 9, 1, 1, 0), (EV_TAKE, 0, 3, RED_HALF, 1, 0), (EV_PUT_BACK, 0, RED_HALF, 1),
            (EV_NO_SECOND, 0)]
    records = [(EV_SETUP, 1, 49, 24, 4, 1)] + turn * 50
    lines = lines_of(*records)
    assert len(lines) < 12
    assert any("repeated" in line for line in lines)
