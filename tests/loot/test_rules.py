"""Rule unit tests on hand-built Loot Island states (one mechanism per test)."""

import numpy as np
import pytest

from simulator.games.loot import encode_variants
from simulator.games.loot import state as layout
from simulator.games.loot.actions import action_options, legal_cards
from simulator.games.loot.invariants import check_invariants
from simulator.games.loot.loot import take_treasure
from simulator.games.loot.primitives import explored_coast, move_ship, near_bow_landing
from tests.loot.helpers import Ctx, first_option, last_option, scripted

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def play(ctx, owner, landing, colour, k, actor=None):
    """Play the ``k`` first legal cards of ``colour`` in play order (1s, numbers up, Jokers)."""
    chosen = legal(ctx, owner, landing, colour)[:k]
    hand = ctx.state[layout.S_HAND + owner * layout.HAND_CAP:layout.S_HAND + owner * layout.HAND_CAP
                     + ctx.state[layout.S_HAND_N + owner]].tolist()
    mask = sum(1 << hand.index(card) for card in chosen)
    ctx.play_cards(owner, owner if actor is None else actor, landing, colour, mask)


def legal(ctx, owner, landing, colour):
    n = legal_cards(ctx.state, owner, landing, colour, ctx.buffer)
    return ctx.buffer[:n].tolist()


# --------------------------------------------------------------------------- placement rules
def test_landing_legality_colour_order_ones_and_jokers():
    ctx = Ctx(4)
    red3, red7, red1, joker = ctx.card(RED, 3), ctx.card(RED, 7), ctx.card(RED, 1), ctx.card(RED, 0)
    blue9 = ctx.card(BLUE, 9)
    ctx.give(0, red3, red7, red1, joker, blue9)
    ctx.lay(2, ctx.card(RED, 5, "none"))
    # same colour only; values >= the last one; a 1 and a Joker are always legal; played 1s first
    assert legal(ctx, 0, 2, RED) == [red1, red7, joker]
    assert legal(ctx, 0, 2, BLUE) == []
    # empty landing: any card, but the other landing of the coast (3) is red, so not red
    assert legal(ctx, 0, 3, RED) == []
    assert legal(ctx, 0, 3, BLUE) == [blue9]
    assert legal(ctx, 0, 4, RED) == [red1, red3, red7, joker]


def _plays(ctx, codes, landing, colour):
    """The plays offered to seat 0 on ``landing`` in ``colour``, as sorted (value, icon) lists."""
    hand = ctx.state[layout.S_HAND:layout.S_HAND + ctx.state[layout.S_HAND_N]].tolist()
    plays = []
    for code in codes:
        if code & 7 == layout.A_PLAY and (code >> 3) & 7 == landing and (code >> 6) & 3 == colour:
            mask = code >> layout.PLAY_MASK_SHIFT
            cards = [hand[slot] for slot in range(len(hand)) if mask >> slot & 1]
            plays.append(sorted((int(ctx.cards[c, layout.MC_VALUE]), layout.ICON_NAMES[ctx.cards[c, layout.MC_ICON]])
                                for c in cards))
    return sorted(plays)


def test_every_subset_of_the_playable_cards_is_offered():
    # "Si vous avez plusieurs Cartes jouables en main, vous pouvez en jouer autant que désiré"
    ctx = Ctx(4)
    ctx.give(0, ctx.card(RED, 1), ctx.card(RED, 4, "none"), ctx.card(RED, 6, "none"), ctx.card(RED, 9, "chest"),
             ctx.card(RED, 0, "none"))
    ctx.lay(0, ctx.card(RED, 2, "none"))
    ctx.lay(2, ctx.card(RED, 5, "none"))
    n = action_options(ctx.state, 0, ctx.options, ctx.buffer)
    codes = ctx.options[:n].tolist()
    assert codes[0] == layout.A_PASS
    on_two = _plays(ctx, codes, 0, RED)
    assert len(on_two) == 2 ** 5 - 1 == len({tuple(p) for p in on_two})
    assert [(6, "none")] in on_two  # a middle card alone
    assert [(4, "none"), (9, "chest")] in on_two  # several cards without the 1
    assert [(9, "chest")] in on_two and [(0, "none"), (9, "chest")] in on_two  # the top number, Joker held
    # on the 5: the 4 does not fit; 1s and Jokers always do
    on_five = _plays(ctx, codes, 2, RED)
    assert len(on_five) == 2 ** 4 - 1
    assert all((4, "none") not in p for p in on_five) and [(1, "none")] in on_five


def test_identical_cards_give_one_play_cards_differing_by_icon_two():
    ctx = Ctx(4)
    ctx.give(0, ctx.card(RED, 1, skip=0), ctx.card(RED, 1, skip=1), ctx.card(RED, 5, "draw"), ctx.card(RED, 5, "none"))
    n = action_options(ctx.state, 0, ctx.options, ctx.buffer)
    plays = _plays(ctx, ctx.options[:n].tolist(), 0, RED)
    # 1s: none, one or both (identical cards); each 5 in or out (different icons): 3 * 4 - 1
    assert len(plays) == 11 == len({tuple(p) for p in plays})
    assert [(5, "draw")] in plays and [(5, "none")] in plays and [(1, "none"), (1, "none")] in plays
    # 8 empty landings, plus one island option per usable tile paid in red (6 tiles at 4 players)
    assert n == 1 + 8 * 11 + 6


def test_play_places_compass_on_top_and_cards_in_order():
    ctx = Ctx(4)
    ctx.compass(0, 1)
    red3, red5 = ctx.card(RED, 3, "plus1"), ctx.card(RED, 5, "none")
    ctx.give(0, red5, red3)
    play(ctx, 0, 0, RED, 2)
    assert ctx.stack(0) == [1, 0]
    assert ctx.column(0) == [red3, red5]
    assert ctx.state[layout.S_LAND_EFF + 0] == 3  # the "+1" card counts twice
    assert ctx.state[layout.S_SUPPLY + 0] == 2
    assert ctx.hand(0) == []


def test_joker_takes_previous_value_or_one():
    ctx = Ctx(4)
    j1, j2, red7 = ctx.card(RED, 0, skip=0), ctx.card(RED, 0, skip=1), ctx.card(RED, 7, "none")
    ctx.give(0, j1)
    play(ctx, 0, 0, RED, 1)
    assert ctx.state[layout.S_LAND_LAST + 0] == 1
    ctx.give(0, red7, j2)
    play(ctx, 0, 0, RED, 2)
    assert ctx.column(0) == [j1, red7, j2]
    assert ctx.state[layout.S_LAND_LAST + 0] == 7


def test_one_played_normally_gives_every_other_player_a_cube():
    ctx = Ctx(4)
    ctx.state[layout.S_PASSED + 2] = 1  # players who passed are hit too
    ctx.give(0, ctx.card(RED, 1))
    play(ctx, 0, 0, RED, 1)
    assert [ctx.cubes(p) for p in range(4)] == [3, 4, 4, 4]


def test_one_inserted_in_front_copies_one_effect_for_the_player_only():
    ctx = Ctx(4, scripted, {layout.D_COPY_EFFECT: 2})  # choose "draw"
    five_draw = ctx.card(RED, 5, "draw")
    seven_discard = ctx.card(RED, 7, "discard")
    ctx.lay(0, five_draw, seven_discard)
    ctx.compass(0, 1)
    one = ctx.card(RED, 1)
    ctx.give(0, one)
    drawn = ctx.card(BLUE, 2)
    ctx.map_deck(drawn)
    play(ctx, 0, 0, RED, 1)
    assert ctx.column(0) == [one, five_draw, seven_discard]
    assert ctx.state[layout.S_LAND_LAST + 0] == 7
    assert ctx.hand(0) == [drawn]
    assert ctx.state[layout.S_HAND_N + 1] == 0  # the other player on the landing does not benefit
    assert [ctx.cubes(p) for p in range(4)] == [3, 3, 3, 3]
    assert ctx.params[0, 20 + layout.D_COPY_EFFECT] == 1  # discard and draw were both offered


def test_icon_effects_apply_to_every_compass_there_including_passed_players():
    ctx = Ctx(4)
    ctx.compass(0, 1, 2)
    ctx.state[layout.S_PASSED + 2] = 1
    ctx.lay(0, ctx.card(RED, 2))
    ctx.give(0, ctx.card(RED, 6, "discard"), ctx.card(RED, 4, "draw"))
    ctx.map_deck(ctx.card(BLUE, 3), ctx.card(BLUE, 4), ctx.card(BLUE, 5))
    play(ctx, 0, 0, RED, 2)
    assert [ctx.cubes(p) for p in range(4)] == [2, 2, 2, 3]
    assert [ctx.state[layout.S_HAND_N + p] for p in range(4)] == [1, 1, 1, 0]


def test_event_b6_discard_icons_discard_two():
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_B6
    ctx.give(0, ctx.card(RED, 6, "discard"))
    play(ctx, 0, 0, RED, 1)
    assert ctx.cubes(0) == 1


def test_no_compass_left_moves_one_from_another_landing():
    ctx = Ctx(4, scripted, {layout.D_COMPASS_SOURCE: 5})
    ctx.compass(1, 0)
    ctx.compass(5, 0)
    ctx.compass(6, 0)
    ctx.give(0, ctx.card(RED, 4))
    play(ctx, 0, 0, RED, 1)
    assert ctx.stack(0) == [0] and ctx.stack(5) == [] and ctx.stack(1) == [0]


# --------------------------------------------------------------------------- passing
def test_first_to_pass_takes_the_tile_and_b8_curses_the_others():
    ctx = Ctx(4)
    ctx.state[layout.S_FIRST] = 0
    ctx.state[layout.S_EVENT] = layout.EV_B8
    ctx.do_pass(2)
    ctx.do_pass(1)
    assert ctx.state[layout.S_FIRST] == 2
    assert [ctx.cubes(p) for p in range(4)] == [5, 5, 3, 5]


def test_a2_passing_player_must_keep_a_revealed_treasure():
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_A2
    ctx.treasure_deck(16, 8, 9, 10)
    ctx.apply_immediate()
    assert ctx.state[layout.S_A2_N] == 4
    ctx.do_pass(1)
    assert ctx.owner_of(16) == 1 and ctx.cubes(1) == 3 + 4
    assert ctx.state[layout.S_A2_N] == 3


# --------------------------------------------------------------------------- small islands
def island_of(ctx, power):
    for i in range(layout.N_ISLANDS):
        if ctx.state[layout.S_INFO_ISLAND + i * 3] == power:
            return i
    raise AssertionError


def test_small_island_costs_two_cards_of_one_colour_and_turns_face_down():
    ctx = Ctx(4)
    i = island_of(ctx, layout.PW_DRAW)
    ctx.give(0, ctx.card(RED, 2), ctx.card(RED, 9), ctx.card(BLUE, 4))
    ctx.map_deck(ctx.card(GREEN, 2), ctx.card(GREEN, 3))
    ctx.use_island(0, 0, i, RED)
    assert ctx.hand(0) == sorted([ctx.card(BLUE, 4), ctx.card(GREEN, 2), ctx.card(GREEN, 3)])
    assert ctx.state[layout.S_ISLAND_UP + i] == 0 and ctx.state[layout.S_MAP_DISC_N] == 2


def test_island_compass_to_bottom_and_b13_to_top():
    for event, expected in ((-1, [0, 1, 2]), (layout.EV_B13, [1, 2, 0])):
        ctx = Ctx(4, scripted, {layout.D_ISLAND_TARGET: 3})
        ctx.state[layout.S_EVENT] = event
        ctx.compass(3, 1, 0, 2)
        ctx.give(0, ctx.card(RED, 2), ctx.card(RED, 9))
        ctx.use_island(0, 0, island_of(ctx, layout.PW_BOTTOM), RED)
        if event == layout.EV_B13:
            assert ctx.stack(3) == [1, 2, 0]
        else:
            assert ctx.stack(3) == [0, 1, 2]


def test_island_events_a3_b7_b9():
    # A3: one cube for using an island; B7: one extra card; B9: one card and then pass
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_A3
    ctx.give(0, ctx.card(RED, 2), ctx.card(RED, 9))
    ctx.use_island(0, 0, island_of(ctx, layout.PW_SHIP), RED)
    assert ctx.cubes(0) == 4
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_B7
    ctx.give(0, ctx.card(RED, 2))
    ctx.give(0, ctx.card(RED, 9))
    n = action_options(ctx.state, 0, ctx.options, ctx.buffer)
    assert not any(c & 7 == layout.A_ISLAND for c in ctx.options[:n])  # 2 cards are not enough under B7
    ctx.give(0, ctx.card(BLUE, 4))
    ctx.use_island(0, 0, island_of(ctx, layout.PW_SHIP), RED)
    assert ctx.hand(0) == []
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_B9
    ctx.give(0, ctx.card(RED, 2), ctx.card(BLUE, 9))
    ctx.use_island(0, 0, island_of(ctx, layout.PW_SHIP), RED)
    assert ctx.hand(0) == [ctx.card(BLUE, 9)] and ctx.state[layout.S_PASSED + 0] == 1


def test_treasure_island_takes_a_cube_then_keep_or_discard():
    ctx = Ctx(4, scripted, {layout.D_ISLAND_USE: 1})
    ctx.treasure_deck(7)  # coin sack, 7 gold, curse 2
    ctx.give(0, ctx.card(RED, 2), ctx.card(RED, 9))
    ctx.use_island(0, 0, island_of(ctx, layout.PW_TREASURE), RED)
    assert ctx.owner_of(7) == 0  # scripted strategy: first option = keep
    assert ctx.cubes(0) == 3 + 1 + 2


# --------------------------------------------------------------------------- finding loot
def test_loot_threshold_counts_plus1_double():
    ctx = Ctx(4)  # threshold 5 at 4 players
    ctx.state[layout.S_SHIP_CORNER] = 0
    ctx.lay(0, ctx.card(RED, 2, "plus1"), ctx.card(RED, 3, "none"), ctx.card(RED, 4, "none"), ctx.card(RED, 8, "chest"))
    ctx.compass(0, 0)
    ctx.treasure_deck(6, 7, 8)
    ctx.state[layout.S_TDECK_N] = 3
    assert ctx.explore_coast(0) == 1
    # big loot: 1 compass + 1 chest = 2 treasures, both to seat 0
    assert ctx.owner_of(6) == 0 and ctx.owner_of(7) == 0
    # upkeep: compasses back, cards discarded
    assert ctx.stack(0) == [] and ctx.state[layout.S_SUPPLY + 0] == 3 and ctx.state[layout.S_MAP_DISC_N] == 4
    ctx2 = Ctx(4)
    ctx2.lay(0, ctx2.card(RED, 2, "none"), ctx2.card(RED, 3, "none"), ctx2.card(RED, 4, "none"),
             ctx2.card(RED, 8, "chest"))
    ctx2.compass(0, 0)
    ctx2.treasure_deck(6)
    assert ctx2.explore_coast(0) == 0
    assert ctx2.owner_of(6) == -1


def test_compass_order_bottom_to_top_cycling_and_b13_reverse():
    for event in (-1, layout.EV_B13):
        ctx = Ctx(4)
        ctx.state[layout.S_EVENT] = event
        ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5, 6)])
        ctx.compass(0, 2, 0, 1)  # bottom: seat 2
        ctx.treasure_deck(6, 7, 11, 16)  # 3 compasses + 0 chests = 3 treasures (16 stays)
        ctx.explore_coast(0)
        takers = [r[0] for r in ctx.records(layout.L_TAKE)]
        assert takers == ([2, 0, 1] if event == -1 else [1, 0, 2])
        assert ctx.owner_of(16) == -1


def test_big_loot_is_the_landing_with_more_cards_tie_nearest_bow_and_b12():
    for event, direction, big in ((-1, 1, 1), (layout.EV_B12, 1, 0), (-1, -1, 1)):
        ctx = Ctx(3)  # threshold 4
        ctx.state[layout.S_EVENT] = event
        ctx.state[layout.S_SHIP_DIR] = direction
        ctx.state[layout.S_SHIP_CORNER] = 0 if direction > 0 else 1
        ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
        ctx.lay(1, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4, 5, 6)])
        ctx.compass(0, 0)
        ctx.compass(1, 1)
        ctx.treasure_deck(6, 7, 8)
        ctx.explore_coast(0)
        loots = ctx.records(layout.L_LOOT)
        assert loots[0][0] == big and loots[0][1] == 1  # big loot first
        assert loots[1][0] == 1 - big and loots[1][1] == 0 and loots[1][2] == 0  # small loot: no chest
    # tie: nearest the bow
    for direction, corner, near in ((1, 0, 0), (-1, 1, 1)):
        ctx = Ctx(3)
        ctx.state[layout.S_SHIP_DIR] = direction
        ctx.state[layout.S_SHIP_CORNER] = corner
        ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
        ctx.lay(1, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4, 5)])
        ctx.compass(0, 0)
        ctx.compass(1, 1)
        ctx.treasure_deck(6, 7, 8)
        ctx.explore_coast(0)
        assert ctx.records(layout.L_LOOT)[0][0] == near


def test_a4_and_b11_change_revealed_counts():
    for event, big_count, small_count in ((layout.EV_A4, 1, 2), (layout.EV_B11, 1, 0)):
        ctx = Ctx(3)
        ctx.state[layout.S_EVENT] = event
        ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5, 6)])  # 1 compass, 0 chest
        ctx.lay(0, ctx.card(RED, 8, "chest"))
        ctx.lay(1, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4)], ctx.card(BLUE, 8, "chest"))
        ctx.compass(0, 0)
        ctx.compass(1, 1)
        ctx.treasure_deck(6, 7, 8, 9, 10)
        ctx.explore_coast(0)
        loots = ctx.records(layout.L_LOOT)
        assert [loots[0][2], loots[1][2]] == [big_count, small_count]


def test_b10_small_loot_compasses_discard_two_cubes():
    ctx = Ctx(3)
    ctx.state[layout.S_EVENT] = layout.EV_B10
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5, 6)])
    ctx.lay(1, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4, 5)])
    ctx.compass(0, 0)
    ctx.compass(1, 1, 2)
    ctx.treasure_deck(8)
    ctx.explore_coast(0)
    assert [ctx.cubes(p) for p in range(3)] == [3, 1, 1]


def test_b14_explores_two_coasts():
    ctx = Ctx(3)
    ctx.state[layout.S_EVENT] = layout.EV_B14
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
    ctx.lay(2, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4, 5)])
    ctx.compass(0, 0)
    ctx.compass(2, 1)
    ctx.treasure_deck(6, 8)
    ctx.loot_phase()
    assert ctx.owner_of(6) == 0 and ctx.owner_of(8) == 1
    assert ctx.state[layout.S_LOOT_ROUND + 0] == 2


def test_keep_takes_curse_cubes_and_crossed_cubes_are_discarded():
    ctx = Ctx(4)
    take_treasure(ctx.state, ctx.log, 0, ctx.treasure(16), 1)
    assert ctx.cubes(0) == 3 + 4
    crossed = [t for t in range(layout.N_TREASURES) if ctx.treasures[t, layout.TR_CROSSED] > 0]
    if crossed:
        t = crossed[0]
        before = ctx.cubes(0)
        take_treasure(ctx.state, ctx.log, 0, t, 1)
        assert ctx.cubes(0) == before + ctx.treasures[t, layout.TR_CURSE] - ctx.treasures[t, layout.TR_CROSSED]


def test_discard_treasure_frees_two_cubes_plus_one_per_amulet():
    ctx = Ctx(4)
    ctx.state[layout.S_CUBES + 0] = 9
    take_treasure(ctx.state, ctx.log, 0, ctx.treasure(8), 1)  # amulet
    take_treasure(ctx.state, ctx.log, 0, ctx.treasure(13), 1)  # amulet
    take_treasure(ctx.state, ctx.log, 0, ctx.treasure(16), 0)  # discard: 2 + 2 amulets
    assert ctx.cubes(0) == 5
    # the amulet being discarded does not count (variant amulet-counts-itself: it does)
    for flag, expected in ((0, 3), (1, 2)):
        ctx = Ctx(4)
        ctx.state[layout.S_CUBES + 0] = 5
        ctx.state[layout.S_VAR + layout.V_AMULET_COUNTS_ITSELF] = flag
        take_treasure(ctx.state, ctx.log, 0, ctx.treasure(15), 0)
        assert ctx.cubes(0) == expected
    # never below zero
    ctx = Ctx(4)
    ctx.state[layout.S_CUBES + 0] = 1
    take_treasure(ctx.state, ctx.log, 0, ctx.treasure(16), 0)
    assert ctx.cubes(0) == 0


# --------------------------------------------------------------------------- preparation and events
def test_refill_to_hand_size_and_b5():
    for event, size in ((-1, 7), (layout.EV_B5, 6)):
        ctx = Ctx(4)
        ctx.state[layout.S_EVENT] = event
        ctx.map_deck(*range(40))
        ctx.give(0, 80, 81)
        ctx.refill_hands()  # first option = keep everything
        assert [ctx.state[layout.S_HAND_N + p] for p in range(4)] == [size] * 4
        assert 80 in ctx.hand(0)


def test_map_deck_reshuffles_the_discard_pile():
    ctx = Ctx(4)
    ctx.map_deck(1, 2)
    for i, card in enumerate((10, 11, 12)):
        ctx.state[layout.S_MAP_DISC + i] = card
    ctx.state[layout.S_MAP_DISC_N] = 3
    from simulator.games.loot.primitives import draw_cards
    assert draw_cards(ctx.state, ctx.log, ctx.deal_stream, 0, 4) == 4
    assert ctx.hand(0)[:2] == [1, 2] and set(ctx.hand(0)) < {1, 2, 10, 11, 12}
    assert ctx.state[layout.S_MAP_DISC_N] == 0 and ctx.state[layout.S_MAP_DECK_N] == 1


def test_ship_geometry_and_events_b1_b2_b3():
    ctx = Ctx(4)
    ctx.state[layout.S_SHIP_CORNER] = 3
    ctx.state[layout.S_SHIP_DIR] = 1
    assert explored_coast(ctx.state) == 3 and near_bow_landing(ctx.state, 3) == 6
    move_ship(ctx.state)
    assert ctx.state[layout.S_SHIP_CORNER] == 0 and explored_coast(ctx.state) == 0
    ctx.state[layout.S_EVENT] = layout.EV_B2
    ctx.apply_immediate()
    assert explored_coast(ctx.state) == 3 and near_bow_landing(ctx.state, 3) == 7  # back to the previous coast
    ctx.state[layout.S_EVENT] = layout.EV_B1
    ctx.apply_immediate()
    assert ctx.state[layout.S_SHIP_CORNER] == 3 and explored_coast(ctx.state) == 2
    ctx.state[layout.S_EVENT] = layout.EV_B3
    up = lambda: int((ctx.state[layout.S_ISLAND_UP:layout.S_ISLAND_UP + 7] == 1).sum())
    assert up() == 6
    ctx.apply_immediate()
    assert up() == 5


def test_a1_optional_draw_two_for_two_cubes():
    ctx = Ctx(3, scripted, {layout.D_A1_DRAW: 1})
    ctx.state[layout.S_EVENT] = layout.EV_A1
    ctx.map_deck(*range(10))
    ctx.apply_immediate()
    assert [ctx.state[layout.S_HAND_N + p] for p in range(3)] == [2, 2, 2]
    assert [ctx.cubes(p) for p in range(3)] == [5, 5, 5]


def test_b4_players_with_three_compasses_take_one_back_and_limit_two():
    ctx = Ctx(4)
    ctx.state[layout.S_EVENT] = layout.EV_B4
    ctx.compass(0, 0)
    ctx.compass(2, 0)
    ctx.compass(4, 0)
    ctx.b4_return()
    assert ctx.state[layout.S_SUPPLY + 0] == 1 and ctx.stack(0) == []
    ctx.give(0, ctx.card(RED, 4))
    play(ctx, 0, 6, RED, 1)  # must move a compass although one is in the supply
    assert ctx.state[layout.S_SUPPLY + 0] == 1 and ctx.stack(6) == [0]


# --------------------------------------------------------------------------- end of the game
def end(ctx):
    return ctx.end_scoring()


def test_final_exploration_small_loot_in_bow_order():
    ctx = Ctx(3)
    ctx.state[layout.S_SHIP_CORNER] = 2
    ctx.state[layout.S_SHIP_DIR] = 1  # start at landing 4, then 5, 6, 7, 0 ...
    ctx.lay(1, *[ctx.card(RED, v, "none") for v in (2, 3, 4)], ctx.card(RED, 8, "chest"))
    ctx.lay(5, *[ctx.card(BLUE, v, "none") for v in (2, 3, 4)], ctx.card(BLUE, 8, "chest"))
    ctx.lay(6, *[ctx.card(GREEN, v, "none") for v in (2, 3)], ctx.card(GREEN, 8, "chest"))  # too few
    ctx.compass(1, 0)
    ctx.compass(5, 1)
    ctx.compass(6, 2)
    ctx.treasure_deck(6, 7)
    assert ctx.final_exploration() == 2
    assert ctx.owner_of(6) == 1 and ctx.owner_of(7) == 0
    assert [r[1] for r in ctx.records(layout.L_LOOT)] == [2, 2]


def test_elimination_healer_order_and_payment():
    ctx = Ctx(4)
    ctx.state[layout.S_FIRST] = 3
    for p, cubes in enumerate((13, 2, 5, 2)):
        ctx.state[layout.S_CUBES + p] = cubes
    pool = [0, 1, 2, 3]  # healer ids
    for i, h in enumerate(pool):
        ctx.state[layout.S_HEAL_POOL + i] = h
    ctx.state[layout.S_HEAL_N] = 4
    for p, ref in ((1, 70), (2, 57), (3, 16)):
        take_treasure(ctx.state, ctx.log, p, ctx.treasure(ref), 1)
        ctx.state[layout.S_CUBES + p] -= ctx.treasures[ctx.treasure(ref), layout.TR_CURSE]
    scores, ranks = end(ctx)
    # order: seat 3 (2 cubes, holds the tile), seat 1 (2 cubes), seat 2 (5 cubes); first option each time
    picks = {r[0]: r[1] for r in ctx.records(layout.L_HEALER)}
    assert [r[0] for r in ctx.records(layout.L_HEALER)] == [3, 1, 2]
    assert picks[3] == 0 and picks[1] == 3 and picks[2] == 2  # pool swap-removal
    assert ctx.state[layout.S_ELIM + 0] == layout.ELIM_CUBES and ranks[0] == 0 and scores[0] == 0
    healers = ctx.healer_table
    cost = lambda h, c: healers[h, 1] * c + healers[h, 2]
    assert scores[3] == 12 + 5 - cost(0, 2)
    assert scores[1] == 15 - cost(3, 2)
    assert scores[2] == 13 - cost(2, 5)
    assert sorted(r for r in ranks if r) == [1, 2, 3]


def test_cannot_pay_healer_is_eliminated_and_all_eliminated_means_no_winner():
    ctx = Ctx(3)
    for p in range(3):
        ctx.state[layout.S_CUBES + p] = 12
    ctx.state[layout.S_HEAL_POOL:layout.S_HEAL_POOL + 3] = [0, 1, 2]
    ctx.state[layout.S_HEAL_N] = 3
    ctx.state[layout.S_FIRST] = 0
    scores, ranks = end(ctx)
    assert ranks[1] == 0 and ranks[2] == 0 and ctx.state[layout.S_ELIM + 1] == layout.ELIM_HEALER
    ctx = Ctx(3)
    for p in range(3):
        ctx.state[layout.S_CUBES + p] = 13
    scores, ranks = end(ctx)
    assert ranks == [0, 0, 0] and scores == [0, 0, 0]


def test_ties_go_to_the_player_nearest_the_first_player_tile():
    ctx = Ctx(3)
    ctx.state[layout.S_FIRST] = 1
    for p in range(3):
        ctx.state[layout.S_CUBES + p] = 0
    scores, ranks = end(ctx)
    # everyone 0 gold, seat 1 holds the tile (+5)
    assert scores == [0, 5, 0] and ranks == [3, 1, 2]


def test_aaron_keeps_only_crowns_and_counts_for_the_crown_ladder():
    ctx = Ctx(2)
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
    ctx.compass(0, layout.AARON, 0)
    ctx.treasure_deck(6, 1)  # coin sack ref 6, crown ref 1 (1 cross)
    ctx.explore_coast(0)
    # Aaron first (bottom): takes the highest reference (6) and discards it; seat 0 takes crown 1
    assert ctx.owner_of(6) == -1 and ctx.owner_of(1) == 0
    ctx = Ctx(2)
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
    ctx.compass(0, layout.AARON, 0)
    ctx.treasure_deck(3, 1)  # crowns: ref 3 has 3 crosses
    ctx.explore_coast(0)
    assert ctx.owner_of(3) == layout.AARON and ctx.state[layout.S_CROSSES + layout.AARON] == 3
    ctx.state[layout.S_CUBES + 0] = 0
    ctx.state[layout.S_CUBES + 1] = 0
    ctx.state[layout.S_FIRST] = 1
    scores, _ = end(ctx)
    assert scores[0] == 4 + 18  # crown ref 1: 4 gold, second on the ladder behind Aaron


def test_treasure_deck_exhausted_distributes_what_was_revealed_and_ends():
    ctx = Ctx(3)
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
    ctx.compass(0, 0, 1, 2)
    ctx.treasure_deck(6)  # 3 compasses would reveal 3; only one is left, discard pile empty
    ctx.explore_coast(0)
    assert ctx.state[layout.S_END_EARLY] == 1 and ctx.owner_of(6) == 0
    assert ctx.final_exploration() == 0


def test_two_players_acting_for_aaron():
    ctx = Ctx(2)
    ctx.give(layout.AARON, ctx.card(RED, 1), ctx.card(RED, 6, "discard"))
    ctx.give(0, ctx.card(BLUE, 3))
    n = action_options(ctx.state, 0, ctx.options, ctx.buffer)
    aaron = [c for c in ctx.options[:n].tolist() if c & 7 == layout.A_AARON_PLAY and (c >> 3) & 7 == 0]
    assert aaron  # seat 0 may play Aaron's red cards
    ctx.compass(0, 0)
    play(ctx, layout.AARON, 0, RED, 2, actor=0)
    assert ctx.stack(0) == [0, layout.AARON] and ctx.state[layout.S_HAND_N + layout.AARON] == 0
    # Aaron's 1 played normally: both human players take a cube; the 6 lets seat 0 (there) discard one
    assert [ctx.cubes(0), ctx.cubes(1)] == [3, 4]
    assert ctx.state[layout.S_CUBES + layout.AARON] == 0 and ctx.hand(0) == [ctx.card(BLUE, 3)]


def test_starting_draft_variant_deals_more_and_keeps_the_hand_size():
    for players, size in ((5, 7), (2, 6)):
        ctx = Ctx(players)
        flags = encode_variants(("starting-draft",), players)
        ctx.setup_game(flags)
        assert [ctx.state[layout.S_HAND_N + p] for p in range(players)] == [size] * players
        drafted = [r for r in ctx.records(layout.L_PREP_DISCARD) if r[2] == 1]
        assert len(drafted) == sum(range(1, players)) + (players - 1) * (7 - size)
        check_invariants(ctx.state)


def test_small_island_with_aarons_cards():
    ctx = Ctx(2, scripted, {layout.D_ISLAND_USE: 1})
    ctx.state[layout.S_EVENT] = layout.EV_A3  # no cube for Aaron (he never takes cubes)
    ctx.give(layout.AARON, ctx.card(RED, 2), ctx.card(RED, 9), ctx.card(BLUE, 5))
    n = action_options(ctx.state, 0, ctx.options, ctx.buffer)
    assert any(c & 7 == layout.A_AARON_ISLAND for c in ctx.options[:n])
    ctx.treasure_deck(8)  # an Amulet: Aaron discards it
    ctx.use_island(layout.AARON, 0, island_of(ctx, layout.PW_TREASURE), RED)
    assert ctx.hand(layout.AARON) == [ctx.card(BLUE, 5)]
    assert ctx.owner_of(8) == -1 and ctx.state[layout.S_TDISC_N] == 1
    assert [ctx.cubes(0), ctx.cubes(1)] == [3, 3]
