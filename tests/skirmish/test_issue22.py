"""Issue 22, the skirmish game: each deviation a second reading of the rules found, set up on the
reconstructed board (see the map in ``test_rules.py``) and played through the forward model.
Engine seats are 0..3 here (users read 1..4); docks: seat 0 (0,3), seat 1 (3,9), seat 2 (9,6),
seat 3 (6,0)."""

import numpy as np

from simulator.games.skirmish.narrate import format_log
from simulator.games.skirmish.state import (
    BOAT_NODE,
    BOMB_LOC,
    BOMBS_EXPLODED,
    BOMB_DROP,
    CHEST_TRAP,
    DRAW_COUNT,
    END_TURN,
    FIRED,
    FLY_DEST_SHIFT,
    FLYING_BOMB,
    HAMMER,
    LOG_COUNT,
    MOVE_DESTINATION,
    PLAYED,
    PLAYED_COUNT,
    POTION,
    SHIELD,
)
from tests.skirmish.helpers import FILLER, Staged, dest, move_card



def destinations_from_boat(variants, value):
    """Seat 1's team aboard, bomb 1 on its own Anchor square (0,3): the ends offered to
    character 1 for a Movement ``value``."""
    g = Staged(variants=variants)
    g.bomb(0, 0, 3)
    g.hand(0, [move_card(value)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(value))
    g.choose(0)
    seat, kind, values = g.pending()
    assert (seat, kind) == (0, MOVE_DESTINATION)
    return set(values)


def test_carry_mandatory_cannot_come_back_aboard_without_the_anchor_bomb():
    """A9 carry-mandatory (R20, R29): leaving the boat onto its Anchor square takes the bomb
    lying there, and a character carrying a bomb cannot end in its boat: boat -> Anchor -> boat
    is no legal Movement 2 (nor 4).  The default (optional carrying) offers it."""
    for value in (2, 4):
        assert BOAT_NODE + 0 not in destinations_from_boat(("carry-mandatory",), value)
        assert BOAT_NODE + 0 in destinations_from_boat((), value)
    # and the walks that do carry it are offered: one step past the Anchor with bomb 1
    assert dest(Staged(), 1, 3, carried=1) in destinations_from_boat(("carry-mandatory",), 2)


def test_flying_bomb_is_not_offered_its_own_square():
    """R44: a Flying Bomb moves the bomb to a square around another character: the square it
    lies on (around both characters here) is no destination."""
    g = Staged()
    g.put(0, 4, 5)
    g.bomb(0, 4, 6)
    g.put(1, 4, 7)
    g.hand(0, [FLYING_BOMB])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(FLYING_BOMB)
    _, _, values = g.pending()
    assert 0 | g.square(4, 6) << FLY_DEST_SHIFT not in values
    assert 0 | g.square(3, 6) << FLY_DEST_SHIFT in values  # a free square around character 2


def test_a_destroyed_boat_is_not_offered_to_the_second_carried_bomb():
    """R33 / R49: the first carried bomb dropped into seat 2's boat destroys it; the second bomb
    is not offered that boat (it would be wasted) and stays on the island."""
    g = Staged()
    g.put(0, 3, 6)
    g.bomb(0, 3, 7)
    g.bomb(1, 3, 8)
    g.hand(0, [move_card(3)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(3))
    g.choose(0)
    g.choose(dest(g, 3, 9, carried=0b11))
    _, kind, drops = g.pending()
    assert kind == BOMB_DROP and BOAT_NODE + 1 in drops
    g.choose(BOAT_NODE + 1)
    while g.pending()[1] == BOMB_DROP:
        _, _, drops = g.pending()
        assert BOAT_NODE + 1 not in drops
        g.choose(drops[0])
    assert g[BOMBS_EXPLODED] == 1 and g.alive(1) == 0
    assert g[BOMB_LOC + 0] < 0 and g[BOMB_LOC + 1] >= 0  # the second bomb lies on the island


def test_played_pile_is_reshuffled_as_soon_as_the_draw_pile_runs_out():
    """R16 «Le tas de cartes jouées est mélangé et forme la nouvelle pioche dès que celle-ci est
    épuisée»: drawing the last card turns the played pile into the new draw pile at once, not at
    the next draw."""
    g = Staged()
    g.hand(0, [move_card(1), move_card(1), move_card(1), POTION])
    g.draw_pile([move_card(2), move_card(2), move_card(2)])
    for i, kind in enumerate(FILLER):
        g[PLAYED + i] = kind
    g[PLAYED_COUNT] = len(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)  # out of the boat onto its Anchor square (the only end)
    g.choose(END_TURN)  # draws the last 3 cards back to 6
    assert g.held(0, move_card(2)) == 3
    assert g[DRAW_COUNT] == len(FILLER) + 1 and g[PLAYED_COUNT] == 0  # and the Movement 1 just played
    assert g[FIRED["R16"]] == 1


def test_r21_counts_a_character_aboard_kept_out_of_an_attack():
    """R21 «Un personnage dans un bateau ne peut pas intéragir avec d'autres pions»: seat 1's
    character stands on seat 2's Anchor square (the boat is 1 square away, A6) with seat 2's team
    aboard; its Hammer can only hit the character on the island, and R21 is counted.  The same
    attack away from any boat does not count it."""
    for row, col, fired in ((3, 9, 1), (4, 9, 0)):
        g = Staged()
        g.put(0, row, col)
        g.put(8, 3, 8)  # seat 3's character 1, next to both squares
        g.hand(0, [HAMMER])
        g.draw_pile(FILLER)
        g.start_turn(0)
        g.choose(HAMMER)  # the only target is taken at once
        assert g.stunned(8) == 1
        assert g[FIRED["R21"]] == fired


def test_r19_counts_a_step_refused_by_an_occupied_square():
    """R19: the counter fires when another character's square refused a step of the move (here
    two squares from the start, on the way of a Movement 3), not when it is out of the move's
    reach (Movement 1)."""
    for value, fired in ((3, 1), (1, 0)):
        g = Staged()
        g.put(0, 5, 2)
        g.put(4, 5, 4)
        g.hand(0, [move_card(value)])
        g.draw_pile(FILLER)
        g.start_turn(0)
        g.choose(move_card(value))
        g.choose(0)
        g.choose(dest(g, 4, 2) if value == 1 else g.pending()[2][0])
        assert g[FIRED["R19"]] == fired, value


def logged(staged):
    staged.log = np.zeros((400, 6), dtype=np.int64)
    staged[LOG_COUNT] = 0
    return staged


def narration(staged):
    return format_log(staged.log, staged[LOG_COUNT], staged.cols)


def test_trap_shield_is_played_before_the_opener_is_saved_and_names_it():
    """Narration order: «plays a Shield» comes before «is saved»; the Shield line names the
    character it protects."""
    g = logged(Staged())
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_TRAP)
    g.hand(0, [move_card(1), SHIELD, POTION])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)  # open
    g.choose(1)  # play the Shield
    lines = narration(g)
    shield = next(i for i, line in enumerate(lines) if "plays a Shield" in line)
    saved = next(i for i, line in enumerate(lines) if "is saved" in line)
    assert shield < saved
    assert "protecting seat 1's character 1" in lines[shield]


def test_shield_against_an_attack_names_its_target():
    g = logged(Staged())
    g.put(0, 4, 5)
    g.put(4, 4, 6)
    g.hand(0, [HAMMER])
    g.hand(1, [SHIELD, POTION])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(HAMMER)
    g.choose(1)  # seat 2 plays its Shield
    lines = narration(g)
    assert any("seat 2 plays a Shield against seat 1's Hammer, protecting seat 2's character 1" in line
               for line in lines), lines


def test_replay_reads_as_a_player_would(spec):
    """The golden game's replay: counts agree with their nouns, a boat is never what a character
    moves, each round ends with a standing line naming every surviving seat's gems and
    ammunition, and no internal number (event codes, bomb masks) shows."""
    from tests.skirmish.test_golden import golden_lines

    lines = golden_lines(spec)
    text = "\n".join(lines)
    for wrong in (" 1 gems", " 1 cards", " 1 rounds", " 1 characters", "moves the boat of", "(event ", "bombs ["):
        assert wrong not in text, wrong
    standings = [line for line in lines if line.startswith("== after round ")]
    rounds = sum(line.startswith("--- turn ") and line.endswith(": seat 1") for line in lines)
    assert len(standings) >= rounds - 1 >= 1
    assert standings[0].startswith("== after round 1: seat 1: ") and "ammunition" in standings[0]
    assert any("steps out of its boat and walks to" in line for line in lines)


def test_a_stalled_stretch_is_folded_with_its_turns():
    """Identical rounds under new turn numbers fold into one copy and a count
    (``fold_repeats``); lines that differ in anything else are all kept."""
    from simulator.games.skirmish.narrate import fold_stalls

    def round_lines(turn, square):
        return [f"--- turn {turn} (round {turn}): seat 1", "seat 1 plays a Movement 2",
                f"  seat 1's character 1 walks from {square} to {square}", f"== after round {turn}: seat 1: 0 gems"]

    stalled = [line for turn in range(1, 7) for line in round_lines(turn, "(4,4)")]
    folded = fold_stalls(stalled + round_lines(7, "(5,5)"))
    assert folded[:4] == round_lines(1, "(4,4)")
    assert folded[4] == "(the last 4 lines repeated 5 more times, turns 2-6)"
    assert folded[5:] == round_lines(7, "(5,5)")
