"""The Sails replay reads well for a player: counted nouns agree with their count, actions are
named (no internal codes), each trick ends with a standing line that agrees with the round score,
and the Bonus shortfall says what was due and what was received.

Most tests narrate hand-written records (``format_log`` is plain Python, no engine); the last ones
read the golden game, played by the engine."""

import re

import numpy as np
import pytest

from simulator.games.sails import encode_variants
from simulator.games.sails.narrate import format_log, treasure_points
from simulator.games.sails.state import (
    EV_A1,
    EV_ACTION,
    EV_BONUS_GIVEN,
    EV_DEAL,
    EV_NO_EFFECT,
    EV_PLACE,
    EV_REVEAL,
    EV_ROUND_SCORE,
    EV_ROUND_START,
    EV_STEAL,
    EV_TAKE,
    EV_TRICK_START,
    EV_UNDER,
    EV_WIN,
    HIDE_NUMBER,
    OUTCOME_ACTION,
    OUTCOME_TREASURE,
)
from tests.sails.test_golden import golden_lines

STANDARD_VALUES = treasure_points(encode_variants((), 4))
# Treasure card ids: colour * 8 + position; position 0 of the standard set is worth 2, position 3 is 3.
RED_2, RED_3, BLUE_3, GREEN_2 = 0, 3, 11, 16
COUNTED_NOUNS = ("Bonus card", "treasure point", "Bonus point", "card")
SINGULAR_WITH_PLURAL = re.compile(r"\b1 (?:" + "|".join(n + "s" for n in COUNTED_NOUNS) + r")\b")
PLURAL_WITH_SINGULAR = re.compile(r"(?<![\d.])(?:0|[2-9]|\d{2,}) (?:" + "|".join(COUNTED_NOUNS) + r")\b(?!s)")
STANDING = re.compile(r"seat (\d): (-?\d+) treasure points?, (\d+) Bonus cards?")
ROUND_SCORE = re.compile(r"^Round (\d) score, seat (\d): (\d+) treasure points? \+ (\d+) Bonus points? = (\d+)")


def narrate(records, seat=None):
    """Narrate hand-written records ``(code, a, b, c, d, e)``."""
    log = np.array(records, dtype=np.int64).reshape(-1, 6)
    return format_log(log, len(records), STANDARD_VALUES, seat)


def one_trick(bonus_given=(4, 4)):
    """Round 1 at 3 players.  Trick 1: seat 1 wins red and takes red treasure 3, seat 2 receives
    Bonus cards (``bonus_given`` = due, given), seat 3 wins green and its action has no effect.
    Trick 2: seat 2 plays a card with 1 Bonus card, seat 3 steals seat 1's treasure, seat 1 takes
    2 Bonus cards from seat 2 (A1).  Then the round score."""
    due, given = bonus_given
    return [
        (EV_ROUND_START, 0, 0, 2, RED_3, GREEN_2),
        (EV_DEAL, 0, 3, 3, 3, 3), (EV_DEAL, 1, 3, 3, 3, 3), (EV_DEAL, 2, 3, 3, 3, 3),
        (EV_TRICK_START, 0, 0, 0, RED_3, GREEN_2),
        (EV_PLACE, 0, HIDE_NUMBER, 0, 0, 0), (EV_PLACE, 1, HIDE_NUMBER, 0, 0, 0), (EV_PLACE, 2, HIDE_NUMBER, 2, 0, 0),
        (EV_REVEAL, 0, 11, 0, 12, 0), (EV_REVEAL, 1, 4, 0, 5, 0), (EV_REVEAL, 2, 30, 0, 7, 0),
        (EV_WIN, 0, 0, 12, OUTCOME_TREASURE, 0), (EV_WIN, 2, 2, 7, OUTCOME_ACTION, 1),
        (EV_TAKE, 0, 0, RED_3, 0, 0),
        (EV_BONUS_GIVEN, 1, due, given, 0, 0),
        (EV_ACTION, 2, 3, 1, 0, 0), (EV_NO_EFFECT, 2, 3, 0, 0, 0),
        (EV_UNDER, 1, GREEN_2, 0, 0, 0),
        (EV_TRICK_START, 0, 1, 1, RED_2, BLUE_3),
        (EV_PLACE, 1, HIDE_NUMBER, 0, 1, 0),
        (EV_REVEAL, 1, 10, 1, 12, 0),
        (EV_WIN, 2, 0, 9, OUTCOME_TREASURE, 0),
        (EV_STEAL, 2, 0, RED_3, 0, 0),
        (EV_A1, 0, 1, 2, 0, 0),
        (EV_ROUND_SCORE, 0, 0, 0, 1, 1), (EV_ROUND_SCORE, 1, 0, 0, 0, 0), (EV_ROUND_SCORE, 2, 0, 3, 0, 3),
    ]


def test_counted_nouns_agree_with_their_count():
    lines = narrate(one_trick(bonus_given=(1, 1))) + narrate(one_trick(), seat=1)
    assert not [line for line in lines if SINGULAR_WITH_PLURAL.search(line)]
    assert not [line for line in lines if PLURAL_WITH_SINGULAR.search(line)]
    assert "Seat 2 played the weakest red card: receives 1 Bonus card" in lines
    assert "Seat 2 reveals red 11 with 1 Bonus card (value 12)" in lines
    assert "Seat 1 reveals red 12" in lines  # no Bonus card: the value is the number
    assert "Seat 1 is dealt 12 cards" in lines  # seat 1's deal as seat 2 sees it


def test_actions_are_named_not_numbered():
    lines = narrate(one_trick())
    assert not [line for line in lines if re.search(r"\bA[1-4]\b", line)]
    assert any(line.startswith("Seat 3 activates the green/purple Action card: Look at the top 3") for line in lines)
    assert "Seat 3's Action card (reorder 3 treasures) has no effect" in lines


def test_each_trick_ends_with_a_standing_line():
    lines = narrate(one_trick())
    standings = [i for i, line in enumerate(lines) if line.startswith("Standing after")]
    assert [lines[i] for i in standings] == [
        "Standing after round 1, trick 1: seat 1: 3 treasure points, 0 Bonus cards; "
        "seat 2: 0 treasure points, 4 Bonus cards; seat 3: 0 treasure points, 0 Bonus cards",
        "Standing after round 1, trick 2: seat 1: 0 treasure points, 2 Bonus cards; "
        "seat 2: 0 treasure points, 1 Bonus card; seat 3: 3 treasure points, 0 Bonus cards",
    ]
    # the standing closes its trick: the next trick or the round score follows it
    assert [lines[i + 1][:8] for i in standings] == ["-- Round", "Round 1 "]


def test_bonus_shortfall_says_what_was_due():
    lines = narrate(one_trick(bonus_given=(4, 0)))
    assert "Seat 2 played the weakest red card: receives no Bonus card (4 due; the Bonus deck ran out)" in lines


def test_untaken_treasure_and_steal_name_what_happens():
    lines = narrate(one_trick())
    assert "Nobody took green treasure 2: it goes under the green/purple deck" in lines
    assert "Seat 3 steals red treasure 3 from seat 1's pile" in lines


@pytest.fixture(scope="module")
def golden(spec):
    return golden_lines(spec)


def test_golden_game_reads_without_plural_slips(golden):
    assert not [line for line in golden if SINGULAR_WITH_PLURAL.search(line)]
    assert not [line for line in golden if PLURAL_WITH_SINGULAR.search(line)]


def test_last_standing_of_a_round_agrees_with_its_score(golden):
    """The running counts are the engine's: the standing after the last trick of each round gives
    the treasure points of the round score and twice (or twice plus one) its Bonus points."""
    rounds_checked = 0
    last_standing = None
    for line in golden:
        if line.startswith("Standing after"):
            last_standing = {int(seat): (int(points), int(bonus)) for seat, points, bonus in STANDING.findall(line)}
        elif (score := ROUND_SCORE.match(line)) is not None:
            _, seat, treasure, bonus_points, _ = (int(x) for x in score.groups())
            points, bonus_cards = last_standing[seat]
            assert (points, bonus_cards // 2) == (treasure, bonus_points), line
            rounds_checked += 1
    assert rounds_checked == 2 * 4
    assert sum(line.startswith("Standing after") for line in golden) == 24


def test_narration_of_fewer_records_is_a_prefix():
    """``islandsim play`` prints the lines it has not shown yet: a standing line must not change
    what was already printed."""
    records = one_trick()
    full = narrate(records, seat=0)
    for count in range(len(records) + 1):
        assert full[:len(part := narrate(records[:count], seat=0))] == part


def test_an_empty_deck_is_said_empty():
    lines = narrate([(EV_ROUND_START, 0, 0, 2, RED_3, -1), (EV_TRICK_START, 0, 0, 0, RED_3, -1)])
    assert lines[1].endswith("the red/blue deck shows red treasure 3, the green/purple deck is empty")
