"""One test per rule branch: set up the situation on the reconstructed board, play the decisions
through the forward model, assert the rule's outcome (spec sections 6.1 and 6.2).

Board (rows top to bottom):        seats' docks at 4 players: seat 1 (0,3), seat 2 (3,9),
    0 1 2 3 4 5 6 7 8 9            seat 3 (9,6), seat 4 (6,0).  Engine seats are 0..3 here,
 0  ~ ~ . A . . A . ~ ~            characters 4*seat .. 4*seat+3, Bobby 16.
 1  ~ . . X X . # X . ~
 2  . X X . . . # X . .
 3  A # # . . X . . X A
 4  . . . X X . . . X .
 5  . X . . . X X . . .
 6  A X . . X . . # # A
 7  . . X # . . . X X .
 8  ~ . X # . X X . . ~
 9  ~ ~ . A . . A . ~ ~
"""

from simulator.games.skirmish.state import (
    ALIVE,
    BOAT_ANCHOR,
    BOAT_NODE,
    BOBBY,
    BOMB_LOC,
    BOMB_REMOVED,
    CHAR_CAPTOR,
    CHAR_OWNER,
    CHEST_AMMO,
    CHEST_BOBBY,
    CHEST_BOMB,
    CHEST_GEM,
    CHEST_TRAP,
    CHOOSE_CARD,
    DEST_BITS,
    DRAW_COUNT,
    END_TURN,
    FIRED,
    FLY_DEST_SHIFT,
    FLYING_BOMB,
    FORCED_DISCARD,
    GEMS,
    AMMO,
    HAMMER,
    HAND_COUNT,
    LOC_DEAD,
    MOVE_PIECE_DECISION,
    PADLOCK,
    PIECE_BOMB,
    PISTOL,
    PLAYED,
    PLAYED_COUNT,
    POISONED_GIFT,
    POTION,
    SHIELD,
    SHIELD_REACTION,
    SQ_BOMB,
    SQ_CHEST,
    SQ_LOOT_AMMO,
    SQ_LOOT_GEMS,
    STOP,
    TREASURE_CHEST,
    BOAT_CARD,
    WIN_GEMS,
    WIN_KIND,
    WIN_SURVIVOR,
    WINNER,
    NO_CHEST,
    CHAR_LOC,
)
from tests.skirmish.helpers import FILLER, Staged, dest, move_card



# ---------------------------------------------------------------- worked examples of the rule text (6.1)

def test_example_1_three_cards_played_three_drawn():
    """R12/R14: «le joueur a joué 3 cartes, il pioche donc 3 cartes»."""
    g = Staged()
    g.put(0, 1, 2)
    g.put(4, 1, 3)
    g[GEMS + 1] = 1
    g.hand(0, [move_card(1), HAMMER, TREASURE_CHEST, SHIELD, SHIELD, move_card(7)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(HAMMER)  # the only target is character 4: taken at once; seat 2 holds no Shield
    assert g.stunned(4) == 1
    g.choose(TREASURE_CHEST)  # the only loot is seat 2's gem
    assert g.gems(0) == 1
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 3))
    # every type but Defence is used and Shields are only reactions: the turn ends by itself
    assert g.held(0, SHIELD) == 2 and g[HAND_COUNT] == 6
    assert g[DRAW_COUNT] == len(FILLER) - 3
    assert g[PLAYED_COUNT] == 3


def test_example_2_leaving_the_boat_costs_one():
    """R20/R22: a Movement 3 takes a character from the boat through the Anchor (1) onto a chest
    2 steps away, and its opening is offered; a Movement 1 only reaches the Anchor square."""
    g = Staged()
    g.chest(2, 1, CHEST_GEM)
    g.chest(2, 2, CHEST_GEM)
    g.hand(0, [move_card(3), move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(3))
    g.choose(0)
    _, _, ends = g.pending()
    assert dest(g, 2, 1) in ends and dest(g, 2, 2) in ends
    assert dest(g, 3, 3) not in ends  # 3 steps from the Anchor: 4 with the boat
    g.choose(dest(g, 2, 1))
    g.choose(1)  # open
    assert g.gems(0) == 1 and g[SQ_CHEST + g.square(2, 1)] == NO_CHEST
    h = Staged()
    h.hand(0, [move_card(1), SHIELD])
    h.draw_pile(FILLER)
    h.start_turn(0)
    h.choose(move_card(1))
    h.choose(2)  # any of the four aboard; the only end is the Anchor square, taken at once
    assert h.loc(2) == h.square(0, 3)


def test_example_3_move_then_pistol_pays_one_ammunition():
    """R35: Movement 2 next to an enemy, then a Pistol kills it for 1 ammunition."""
    g = Staged()
    g.put(0, 4, 5)
    g.put(4, 4, 8)
    g[AMMO + 0] = 1
    g.hand(0, [move_card(2), PISTOL, PISTOL])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(2))
    g.choose(0)
    g.choose(dest(g, 4, 7))
    g.choose(PISTOL)  # the only target, the only shot: no further choice
    assert g.loc(4) == LOC_DEAD
    assert g.ammo(0) == 0
    assert g[PLAYED_COUNT] == 2
    g.choose(END_TURN)
    g.put(5, 4, 8)
    g.start_turn(0)
    _, kind, values = g.pending()
    assert PISTOL not in values  # no ammunition left


def test_example_4_bomb_carried_into_an_enemy_boat():
    """R29/R33/R34/R48/R49: passing over a bomb to the enemy Anchor, the bomb goes into the boat:
    the owner is eliminated, its loot goes to the bomber, its boat, characters and prisoners
    leave the game, the bomb too, and its cards go to the played pile."""
    g = Staged()
    g.put(0, 3, 6)
    g.bomb(0, 3, 7)
    g.bomb(1, 8, 1)
    g[GEMS + 1] = 2
    g[AMMO + 1] = 1
    g[CHAR_LOC + 8] = BOAT_NODE + 1  # a prisoner of seat 2's
    g[CHAR_CAPTOR + 8] = 1
    g.hand(0, [move_card(3)])
    g.hand(1, [SHIELD, PISTOL, 0, 1, 2, 3])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(3))
    g.choose(0)
    g.choose(dest(g, 3, 9, carried=1))
    _, _, drops = g.pending()
    assert BOAT_NODE + 1 in drops
    g.choose(BOAT_NODE + 1)
    assert g.alive(1) == 0
    assert g.gems(0) == 2 and g.ammo(0) == 1
    assert g[BOAT_ANCHOR + 1] == -1
    assert all(g.loc(char) == LOC_DEAD for char in (4, 5, 6, 7, 8))
    assert g[BOMB_LOC + 0] == BOMB_REMOVED and g[BOMB_LOC + 1] >= 0  # 2 bombs left in the game... one on the board
    assert g[HAND_COUNT + 1] == 0 and g[PLAYED_COUNT] == 7
    assert g[FIRED["R33"]] == 1 and g[FIRED["R34"]] == 1 and g[FIRED["R48"]] == 1 and g[FIRED["R41"]] == 1


# ---------------------------------------------------------------- further rule tests (6.2)

def test_trapped_chest_eliminates_and_drops_the_loot():
    """R26/R27/A28: the last free character dies, the loot lies on the square, nobody is credited;
    the next character ending there takes it."""
    g = Staged()
    for char in (1, 2, 3):
        g.kill(char)
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_TRAP)
    g[GEMS + 0] = 3
    g[AMMO + 0] = 1
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(0) if g.pending()[1] == MOVE_PIECE_DECISION else None
    g.choose(move_card(1)) if g.pending()[1] == CHOOSE_CARD else None
    g.choose(dest(g, 2, 2))
    g.choose(1)  # open: no Shield in hand
    assert g.alive(0) == 0
    assert g[SQ_LOOT_GEMS + g.square(2, 2)] == 3 and g[SQ_LOOT_AMMO + g.square(2, 2)] == 1
    assert g[FIRED["R27"]] == 1
    g.put(4, 3, 3)
    g.hand(1, [move_card(1)])
    g.start_turn(1)
    g.choose(move_card(1))
    g.choose(4)
    g.choose(dest(g, 2, 2))
    assert g.gems(1) == 3 and g.ammo(1) == 1
    assert g[SQ_LOOT_GEMS + g.square(2, 2)] == 0


def test_dropped_loot_lost_variant_keeps_it_on_the_square():
    g = Staged(variants=("dropped-loot-lost",))
    g[SQ_LOOT_GEMS + g.square(2, 2)] = 2
    g.put(4, 3, 3)
    g.hand(1, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(1)
    g.choose(move_card(1))
    g.choose(4)
    g.choose(dest(g, 2, 2))
    assert g.gems(1) == 0 and g[SQ_LOOT_GEMS + g.square(2, 2)] == 2


def test_shield_against_a_pistol_with_two_targets():
    """R39/R40/A16/A17/A19: one Shield saves both targets, no ammunition is paid, the defender
    draws at once and holds 6 again."""
    g = Staged()
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g.put(5, 6, 3)
    g[AMMO + 0] = 2
    g.hand(0, [PISTOL])
    g.hand(1, [SHIELD, 0, 1, 2, 3, 4])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(PISTOL)
    g.choose(4)
    g.choose(5)  # the second ammunition: no third target, STOP is taken at once
    seat, kind, values = g.pending()
    assert (seat, kind) == (1, SHIELD_REACTION)
    g.choose(1)
    assert g.loc(4) == g.square(5, 4) and g.loc(5) == g.square(6, 3)
    assert g.ammo(0) == 2
    assert g[HAND_COUNT + 1] == 6 and g.held(1, SHIELD) == 0


def test_shield_ammo_lost_variant_pays_for_shielded_shots():
    g = Staged(variants=("shield-ammo-lost",))
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g[AMMO + 0] = 1
    g.hand(0, [PISTOL])
    g.hand(1, [SHIELD])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(PISTOL)
    g.choose(1)
    assert g.loc(4) == g.square(5, 4) and g.ammo(0) == 0
    assert g[FIRED["variant:shield-ammo-lost"]] == 1


def test_pistol_without_shield_kills_several_of_several_players():
    """A15: one Pistol, any number of targets of several players, 1 ammunition each."""
    g = Staged()
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g.put(8, 6, 3)
    g[AMMO + 0] = 3
    g.hand(0, [PISTOL])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(PISTOL)
    g.choose(4)
    _, _, values = g.pending()
    assert STOP in values and 8 in values
    g.choose(8)
    g.choose(STOP)
    assert g.loc(4) == LOC_DEAD and g.loc(8) == LOC_DEAD and g.ammo(0) == 1


def test_padlock_prisoner_escapes_once_the_captor_boat_is_empty():
    """R36/R37/A26: the prisoner is in the captor's boat; its owner may move it only when the
    captor has none of its own characters aboard; it leaves through the captor's Anchor."""
    g = Staged()
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g.hand(0, [PADLOCK])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(PADLOCK)
    assert g.loc(4) == BOAT_NODE + 0 and g[CHAR_CAPTOR + 4] == 0
    g.hand(1, [move_card(2)])
    g.start_turn(1)
    g.choose(move_card(2))
    _, kind, pieces = g.pending()
    assert 4 not in pieces  # seat 1 still has characters aboard
    g.choose(5)
    g.choose(g.pending()[2][0])
    for char, (row, col) in zip((1, 2, 3), ((7, 5), (7, 6), (8, 7))):
        g.put(char, row, col)
    g.hand(1, [move_card(2)])
    g.start_turn(1)
    g.choose(move_card(2))
    g.choose(4)
    _, _, ends = g.pending()
    assert dest(g, 1, 3) in ends and dest(g, 0, 3) not in ends  # via the captor's Anchor (0,3), never back
    g.choose(dest(g, 1, 4))
    assert g[CHAR_CAPTOR + 4] == -1 and g.loc(4) == g.square(1, 4)
    assert g[FIRED["R37"]] == 1


def test_hammer_stuns_for_the_owner_next_turn_only():
    """R38/A25: the stunned character is not offered on its owner's next turn, again afterwards."""
    g = Staged()
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g.hand(0, [HAMMER])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(HAMMER)
    assert g.stunned(4) == 1
    g.hand(1, [move_card(2)])
    g.start_turn(1)
    g.choose(move_card(2))
    _, _, pieces = g.pending()
    assert 4 not in pieces
    g.choose(5)
    g.choose(g.pending()[2][0])
    g.choose(END_TURN) if g.pending()[0] == 1 else None
    assert g.stunned(4) == 0
    g.hand(1, [move_card(2)])
    g.start_turn(1)
    g.choose(move_card(2))
    assert 4 in g.pending()[2]


def test_treasure_chest_reaching_five_gems_ends_the_game_at_once():
    """R46/R50: the steal brings 5 gems: the game ends, the winner does not draw."""
    g = Staged()
    g[GEMS + 0] = 4
    g[GEMS + 2] = 1
    g.hand(0, [TREASURE_CHEST, 0])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(TREASURE_CHEST)
    assert g.pending()[0] == -1
    assert g[WINNER] == 0 and g[WIN_KIND] == WIN_GEMS
    assert g[HAND_COUNT] == 1


def test_forced_discard_when_nothing_is_playable():
    """R15/A21: Shields, Attack cards without targets, no Movement: discard 1, draw 1, pass."""
    g = Staged()
    g.hand(0, [SHIELD, SHIELD, PISTOL, PADLOCK, HAMMER, PISTOL])
    g.draw_pile(FILLER)
    g.start_turn(0)
    seat, kind, values = g.pending()
    assert (seat, kind) == (0, FORCED_DISCARD)
    assert sorted(values) == [PISTOL, PADLOCK, HAMMER, SHIELD]
    g.choose(SHIELD)
    assert g[HAND_COUNT] == 6 and g.held(0, SHIELD) == 1
    assert g.pending()[0] == 1  # next player
    assert g[FIRED["R15"]] == 1


def test_pass_discard_any_variant_discards_when_no_card_is_played():
    g = Staged(variants=("pass-discard-any",))
    g.hand(0, [move_card(1), move_card(2), SHIELD])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(END_TURN)
    assert g.pending()[1] == FORCED_DISCARD
    g.choose(SHIELD)
    assert g[HAND_COUNT] == 6 and g.held(0, SHIELD) == 0


def test_no_card_played_draws_nothing_by_default():
    """A20: a player who could play may end the turn without playing and without drawing."""
    g = Staged()
    g.hand(0, [move_card(1), move_card(2), SHIELD])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(END_TURN)
    assert g[HAND_COUNT] == 6  # R14 still fills the hand to 6 at the end of every turn
    assert g.pending()[0] == 1


def test_boat_card_needs_a_character_aboard_and_a_free_anchor():
    """R45/A29: not offered with nobody aboard; offers only Anchors with no boat."""
    g = Staged()
    for char, (row, col) in zip((0, 1, 2, 3), ((4, 5), (4, 6), (4, 7), (5, 7))):
        g.put(char, row, col)
    g.hand(0, [BOAT_CARD, move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    assert BOAT_CARD not in g.pending()[2]
    h = Staged()
    h.hand(0, [BOAT_CARD])
    h.draw_pile(FILLER)
    h.start_turn(0)
    h.choose(BOAT_CARD)
    _, _, anchors = h.pending()
    taken = {h.square(0, 3), h.square(3, 9), h.square(9, 6), h.square(6, 0)}
    assert set(anchors) == {h.square(0, 6), h.square(3, 0), h.square(6, 9), h.square(9, 3)}
    assert not taken & set(anchors)
    h.choose(h.square(9, 3))
    assert h[BOAT_ANCHOR] == h.square(9, 3) and h.loc(0) == BOAT_NODE + 0  # the crew sails along


def test_bomb_moved_alone_crosses_obstacles_and_enters_enemy_boats_only():
    """R31/R32/A12: a bomb next to an own character moves alone over any square, ends on a free
    square or in an enemy boat (entering costs 1), never in its mover's boat."""
    g = Staged(variants=("move-orthogonal",))
    g.put(0, 2, 3)
    g.bomb(0, 2, 2)
    g.hand(0, [move_card(2)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(2))
    g.choose(PIECE_BOMB + 0)
    _, _, ends = g.pending()
    assert g.square(4, 2) in ends  # only through the obstacle at (3,2)
    assert g.square(2, 4) in ends  # through the square character 0 stands on
    assert BOAT_NODE + 0 not in ends  # own Anchor (0,3) is 2 steps away: never the own boat
    h = Staged()
    h.put(0, 5, 1)
    h.bomb(0, 4, 0)
    h.hand(0, [move_card(3)])
    h.draw_pile(FILLER)
    h.start_turn(0)
    h.choose(move_card(3))
    h.choose(PIECE_BOMB + 0)
    assert BOAT_NODE + 3 in h.pending()[2]  # (4,0) -> (5,0) -> (6,0) -> seat 4's boat
    h.choose(BOAT_NODE + 3)
    assert h.alive(3) == 0 and h[FIRED["R31"]] == 1


def test_character_cannot_move_orthogonally_through_an_obstacle():
    g = Staged(variants=("move-orthogonal",))
    g.put(0, 2, 2)
    g.hand(0, [move_card(2)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(2))
    g.choose(0)
    assert dest(g, 4, 2) not in g.pending()[2]


def test_gems_to_win_3():
    """R51: with gems-to-win-3 a third gem ends the game."""
    g = Staged(variants=("gems-to-win-3",))
    g[GEMS + 0] = 2
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_GEM)
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)
    assert g[WINNER] == 0 and g.pending()[0] == -1


# ---------------------------------------------------------------- chests and cards

def test_ammunition_chest():
    g = Staged()
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_AMMO)
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)
    assert g.ammo(0) == 1 and g[FIRED["R24"]] == 1


def test_opening_a_chest_is_optional():
    """A32: leaving the chest closed keeps it on its square."""
    g = Staged()
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_GEM)
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(0)
    assert g[SQ_CHEST + g.square(2, 2)] == CHEST_GEM and g.gems(0) == 0


def test_bobby_joins_the_finder():
    """R25: the tile goes to the boat, Bobby to a free square around the finder, then plays for it."""
    g = Staged()
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_BOBBY)
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)
    _, _, squares = g.pending()
    assert g.square(1, 2) in squares and g.square(3, 2) not in squares  # (3,2) is an obstacle
    g.choose(g.square(1, 2))
    assert g[CHAR_OWNER + BOBBY] == 0 and g.loc(BOBBY) == g.square(1, 2)
    g.choose(END_TURN)
    g.hand(0, [move_card(1)])
    g.start_turn(0)
    g.choose(move_card(1))
    assert BOBBY in g.pending()[2]


def test_bomb_chest_places_a_bomb_around_the_finder():
    """R28: the chest leaves the game and a bomb is put on a free square around the finder."""
    g = Staged()
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_BOMB)
    g[BOMB_LOC + 2] = -1  # one bomb still waits in its chest
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)
    g.choose(g.square(2, 3))
    assert g[BOMB_LOC + 2] == g.square(2, 3) and g[SQ_BOMB + g.square(2, 3)] == 2


def test_placement_blocked_stays_variant():
    """A11 variant: no free square around the finder: Bobby stays in his chest."""
    g = Staged(variants=("placement-blocked-stays",))
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_BOBBY)
    others = [(1, 1), (1, 2), (1, 3), (2, 1), (3, 3)]
    for char, (row, col) in zip((1, 2, 3, 4, 5), others):
        g.put(char, row, col)
    g.hand(0, [move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)  # (2,3) was vacated by character 0: still one free square
    assert g.loc(BOBBY) == g.square(2, 3)


def test_trapped_chest_shield_saves_the_opener():
    """A18: the opener may play a Shield; the character survives, the chest leaves, a card is drawn."""
    g = Staged()
    g.put(0, 2, 3)
    g.chest(2, 2, CHEST_TRAP)
    g.hand(0, [move_card(1), SHIELD, POTION])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    g.choose(dest(g, 2, 2))
    g.choose(1)
    seat, kind, _ = g.pending()
    assert (seat, kind) == (0, SHIELD_REACTION)
    g.choose(1)
    assert g.loc(0) == g.square(2, 2) and g[SQ_CHEST + g.square(2, 2)] == NO_CHEST
    assert g.held(0, SHIELD) == 0 and g[HAND_COUNT] == 2  # the Potion and the card drawn


def test_potion_discards_then_draws_to_six():
    """R42/A22."""
    g = Staged()
    g.hand(0, [POTION, PISTOL, PISTOL, PADLOCK, move_card(1), move_card(2)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(POTION)
    g.choose(PISTOL)
    g.choose(PISTOL)
    g.choose(STOP)
    assert g[HAND_COUNT] == 6 and g.held(0, PISTOL) == 0 and g[DRAW_COUNT] == len(FILLER) - 3


def test_poisoned_gift_takes_from_the_hand_as_it_was():
    """R43/A23/A24: the giver chooses the card; the random card comes from the target's hand
    before the gift arrives."""
    g = Staged()
    g.hand(0, [POISONED_GIFT, HAMMER])
    g.hand(1, [SHIELD, SHIELD])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(POISONED_GIFT)
    g.choose(1)  # the target; one card to give: not asked
    assert g.held(0, SHIELD) == 1 and g.held(0, HAMMER) == 0
    assert g.held(1, HAMMER) == 1 and g.held(1, SHIELD) == 1


def test_poisoned_gift_draw_after_variant_conserves_cards():
    g = Staged(variants=("gift-draw-after",))
    g.hand(0, [POISONED_GIFT, HAMMER])
    g.hand(1, [SHIELD, SHIELD])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(POISONED_GIFT)
    g.choose(1)
    assert g.held(0, SHIELD) + g.held(0, HAMMER) == 1 and g[HAND_COUNT + 1] == 2
    assert g[FIRED["variant:gift-draw-after"]] == 1


def test_flying_bomb_into_an_enemy_boat():
    """R44/A14: a bomb next to one character flies next to another, or into the enemy boat whose
    Anchor that character stands on."""
    g = Staged()
    g.put(0, 5, 5)
    g.bomb(0, 5, 6)
    g.put(1, 6, 0)  # on seat 4's Anchor
    g.hand(0, [FLYING_BOMB])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(FLYING_BOMB)
    _, _, values = g.pending()
    assert 0 | (BOAT_NODE + 3) << FLY_DEST_SHIFT in values
    assert 0 | g.square(5, 0) << FLY_DEST_SHIFT in values
    assert 0 | g.square(4, 5) << FLY_DEST_SHIFT not in values  # around the mover itself
    g.choose(0 | (BOAT_NODE + 3) << FLY_DEST_SHIFT)
    assert g.alive(3) == 0
    assert g[FIRED["R44"]] == 1 and g[FIRED["flying_bomb"]] == 1


def test_flying_bomb_no_boat_variant():
    g = Staged(variants=("flying-bomb-no-boat",))
    g.put(0, 5, 5)
    g.bomb(0, 5, 6)
    g.put(1, 6, 0)
    g.hand(0, [FLYING_BOMB])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(FLYING_BOMB)
    assert all(value >> FLY_DEST_SHIFT < BOAT_NODE for value in g.pending()[2])


def test_last_free_character_killed_eliminates_and_last_survivor_wins():
    """R47/R48/R50 at 2 players: killing the last free character eliminates, the killer takes the
    loot and, being the only survivor, wins."""
    g = Staged(players=2)
    for char in (5, 6, 7):
        g.kill(char)
    g.put(0, 5, 3)
    g.put(4, 5, 4)
    g[AMMO + 0] = 1
    g[GEMS + 1] = 2
    g.hand(0, [PISTOL])
    g.draw_pile(FILLER)
    g.start_turn(0)
    g.choose(PISTOL)
    assert g.alive(1) == 0 and g.gems(0) == 2
    assert g[WINNER] == 0 and g[WIN_KIND] == WIN_SURVIVOR


def test_a_character_aboard_cannot_be_targeted():
    """R21/A27: nobody aboard is a target; a player with someone aboard survives attacks."""
    g = Staged()
    g.put(0, 0, 4)
    g.hand(0, [HAMMER, move_card(1)])
    g.draw_pile(FILLER)
    g.start_turn(0)
    assert HAMMER not in g.pending()[2]  # seat 2's team is aboard at (3,9), far; nobody to hit


def test_played_pile_reshuffled_when_the_draw_pile_is_empty():
    """R16."""
    g = Staged()
    g.hand(0, [move_card(1), POTION])
    g.draw_pile([])
    g.start_turn(0)
    g.choose(move_card(1))
    g.choose(0)
    for i, kind in enumerate(FILLER):
        g[PLAYED + i] = kind
    g[PLAYED_COUNT] = len(FILLER)
    g.choose(END_TURN)
    assert g[HAND_COUNT] == 6 and g[FIRED["R16"]] == 1
    assert g[DRAW_COUNT] + g[PLAYED_COUNT] == len(FILLER) - 5


def test_carry_is_optional_by_default_and_mandatory_in_the_variant():
    """R29/A9: passing over a bomb offers the end with and without it; carry-mandatory only with."""
    for variants, expected in ((("move-orthogonal",), {0, 1}), (("move-orthogonal", "carry-mandatory"), {1})):
        g = Staged(variants=variants)
        g.put(0, 4, 5)
        g.bomb(0, 4, 6)
        g.hand(0, [move_card(2)])
        g.draw_pile(FILLER)
        g.start_turn(0)
        g.choose(move_card(2))
        g.choose(0)
        ends = g.pending()[2]
        carried = {value >> DEST_BITS for value in ends if value & ((1 << DEST_BITS) - 1) == g.square(4, 7)}
        assert carried == expected


def test_movement_readings():
    """A2/A3: exactly N with revisits by default (the Anchor is a 3-step end from the boat, by
    going and coming back); move-no-revisit forbids it; move-up-to adds the shorter ends."""
    def ends(variants, value):
        g = Staged(variants=variants)
        g.hand(0, [move_card(value)])
        g.draw_pile(FILLER)
        g.start_turn(0)
        g.choose(move_card(value))
        g.choose(0)
        return set(g.pending()[2]), g
    default, g = ends((), 3)
    assert g.square(0, 3) in default and g.square(2, 2) in default
    simple, g = ends(("move-no-revisit",), 3)
    assert g.square(0, 3) not in simple and g.square(2, 2) in simple
    upto, g = ends(("move-up-to",), 2)
    exact, _ = ends((), 2)
    assert g.square(1, 2) in upto and exact <= upto
