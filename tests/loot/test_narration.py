"""The Loot Island replay reads well for a player: counted nouns agree with their count, causes come
before their effects, landings, corners and coasts are numbered from 1, treasures and islands have
their names, each round ends with a standing line, and identical stretches are folded.

Most tests narrate hand-written records (``format_log`` is plain Python, no engine); the last ones
read the golden games, played by the engine."""

import re
from pathlib import Path

import numpy as np
import pytest

from simulator.games.loot.map_components import load_map_cards
from simulator.games.loot.narrate import format_log
from simulator.games.loot.state import (
    ICON_NAMES, L_A1, L_COMPASS, L_CUBES, L_DRAW, L_EVENT, L_FINAL, L_ISLAND, L_LOOT, L_PASS, L_PLAY, L_ROUND,
    L_TAKE, L_UPKEEP, R_DISCARD_TREASURE, R_EVENT, R_ISLAND, R_KEEP,
)

GOLDEN = Path(__file__).parent / "golden"
ICON_DISCARD = 3
CURSED_WRECK = 5
CROWN_4_GOLD, JEWEL_2_GOLD = 0, 1  # rows of data/treasures.csv
PLUS_ONE_CARD = next(card for card, row in enumerate(load_map_cards()) if ICON_NAMES[row[3]] == "plus1")
COUNTED_NOUNS = ("card", "curse cube", "treasure")
SINGULAR_WITH_PLURAL = re.compile(r"\b1 (?:" + "|".join(n + "s" for n in COUNTED_NOUNS) + r")\b")
PLURAL_WITH_SINGULAR = re.compile(r"(?<![\d.])(?:0|[2-9]|\d{2,}) (?:" + "|".join(COUNTED_NOUNS) + r")\b(?!s)")


def record(*fields):
    return tuple(fields) + (0,) * (6 - len(fields))


def two_rounds():
    """Two players.  Set-up: both draw 7 cards.  Round 1: seat 1 places a compass and plays a card
    on landing 1; seat 2 discards a cube for a card icon, then uses Cursed Wreck (a cube for the
    island, a jewel kept with its 2 cubes); seat 1 passes; a Big Loot gives seat 1 a crown (2 cubes).
    Round 2: seat 1 draws one card four times.  Then the final scores."""
    return [
        record(L_DRAW, 0, 7), record(L_DRAW, 1, 7),
        record(L_ROUND, 1, 0, 1, 0), record(L_EVENT, -1),
        record(L_COMPASS, 0, 0, -1, 0), record(L_PLAY, 0, 0, 0, 0, 0),
        record(L_CUBES, 1, -1, 2, ICON_DISCARD),
        record(L_CUBES, 1, 1, 3, R_ISLAND), record(L_CUBES, 1, 2, 5, R_KEEP), record(L_TAKE, 1, JEWEL_2_GOLD, 1),
        record(L_ISLAND, 1, CURSED_WRECK, 1, 1),
        record(L_PASS, 0, 1),
        record(L_LOOT, 0, 1, 1, 5), record(L_CUBES, 0, 2, 5, R_KEEP), record(L_TAKE, 0, CROWN_4_GOLD, 1),
        record(L_UPKEEP, 0),
        record(L_ROUND, 2, 1, -1, 1), record(L_EVENT, -1),
        *[record(L_DRAW, 0, 1)] * 4,
        record(L_FINAL, 0, 10, 1, 4), record(L_FINAL, 1, 5, 2, 2),
    ]


def narrate(records):
    return format_log(np.array(records, dtype=np.int64), len(records))


def test_counted_nouns_agree_with_their_count():
    lines = narrate(two_rounds())
    assert not [line for line in lines if SINGULAR_WITH_PLURAL.search(line) or "(s)" in line]
    assert not [line for line in lines if PLURAL_WITH_SINGULAR.search(line)]
    assert "Big Loot on landing 1 (5 cards counted): 1 treasure revealed" in lines
    assert "Seat 2 discards 1 curse cube (card icon): now 2" in lines


def test_a_cause_comes_before_its_effects():
    lines = narrate(two_rounds())
    island = lines.index("Seat 2 uses the small island Cursed Wreck")
    kept = lines.index("Seat 2 keeps a jewel (2 gold, 2 curse cubes)")
    cubes = lines.index("Seat 2 takes 2 curse cubes (for the treasure kept): now 5")
    island_cube = lines.index("Seat 2 takes 1 curse cube (small island): now 3")
    assert island < island_cube < kept < cubes
    assert lines.index("Seat 1 keeps a crown (4 gold, 2 curse cubes)") + 1 == lines.index(
        "Seat 1 takes 2 curse cubes (for the treasure kept): now 5")


def test_two_treasures_in_a_row_each_precede_their_cubes():
    """One seat keeps a crown (2 cubes) then discards a jewel (3 cubes back): each treasure, then its cubes."""
    lines = narrate([record(L_ROUND, 1, 0, 1, 0), record(L_CUBES, 0, 2, 5, R_KEEP), record(L_TAKE, 0, CROWN_4_GOLD, 1),
                     record(L_CUBES, 0, -3, 2, R_DISCARD_TREASURE), record(L_TAKE, 0, JEWEL_2_GOLD, 0)])
    assert lines[1:] == [
        "Seat 1 keeps a crown (4 gold, 2 curse cubes)",
        "Seat 1 takes 2 curse cubes (for the treasure kept): now 5",
        "Seat 1 discards a jewel (2 gold, 2 curse cubes)",
        "Seat 1 discards 3 curse cubes (for the treasure discarded): now 2",
    ]


def test_event_a1_comes_before_its_cards_and_cubes():
    lines = narrate([record(L_ROUND, 1, 0, 1, 0), record(L_DRAW, 0, 2), record(L_CUBES, 0, 2, 5, R_EVENT),
                     record(L_A1, 0)])
    assert lines[1:] == [
        "Seat 1 takes the offer of event A1: 2 extra cards for 2 curse cubes",
        "Seat 1 draws 2 cards",
        "Seat 1 takes 2 curse cubes (event): now 5",
    ]


def test_places_are_numbered_from_one_and_things_named():
    lines = narrate(two_rounds())
    assert lines[0] == "== Set-up"
    assert "== Round 1: the ship is at corner 1, sailing clockwise; first player seat 1" in lines
    assert "Seat 1 places a compass on landing 1, at the bottom of its compass stack" in lines
    assert "Upkeep of coast 1 (landings 1 and 2)" in lines
    assert not [line for line in lines if re.search(r"landing 0|corner 0|coast 0|#\d|\w_\w", line)]
    plus_one = narrate([record(L_PLAY, 0, 2, PLUS_ONE_CARD, 1, 0)])[1]
    assert plus_one.startswith("Seat 1 plays ") and plus_one.endswith(" (+1) on landing 3, in front"), plus_one


def test_each_round_ends_with_a_standing_line():
    lines = narrate(two_rounds())
    counts = "seat 1: 5 curse cubes, 1 treasure (4 gold on the cards); seat 2: 5 curse cubes, 1 treasure (2 gold on the cards)"
    assert [line for line in lines if line.startswith("Standing")] == [
        f"Standing after round 1: {counts}",
        f"Standing after round 2: {counts}",
    ]
    round_two = lines.index("== Round 2: the ship is at corner 2, sailing counter-clockwise; first player seat 2")
    assert lines[round_two - 1].startswith("Standing after round 1")
    assert lines[-3].startswith("Standing after round 2") and lines[-2].startswith("Seat 1: loot value 10")


def test_an_eliminated_seat_has_no_rank_rather_than_rank_0():
    lines = narrate([record(L_FINAL, 0, 0, 0, 0), record(L_FINAL, 1, 12, 1, 15)])
    assert lines[1:] == ["Seat 1: loot value 0, eliminated, no rank (treasures scored 0 gold)",
                         "Seat 2: loot value 12, rank 1 (treasures scored 15 gold)"]


def test_identical_lines_are_folded():
    lines = narrate(two_rounds())
    assert lines.count("Seat 1 draws 1 card") == 1
    assert lines[lines.index("Seat 1 draws 1 card") + 1] == "(the line above repeated 3 more times)"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("replay_*.txt")), ids=lambda path: path.name)
def test_golden_games_read_without_slips(path):
    lines = path.read_text().splitlines()
    assert not [line for line in lines if SINGULAR_WITH_PLURAL.search(line) or "(s)" in line]
    assert not [line for line in lines if PLURAL_WITH_SINGULAR.search(line)]
    assert not [line for line in lines if re.search(r"landing 0|corner 0|coast 0|#\d|\w_\w", line)]
    rounds = [line for line in lines if line.startswith("== Round")]
    standings = [line for line in lines if line.startswith("Standing after round")]
    assert len(standings) == len(rounds) >= 1
    # a standing line closes each round: the next round's header or the end scoring follows it
    for i, line in enumerate(lines):
        if line.startswith("Standing after round"):
            assert lines[i + 1].startswith(("== Round", "Seat")), lines[i + 1]
