"""Tobago rules: the worked examples of the rule text (spec 6.1), the public statements (6.2) and
one test per rule branch, each on a position set up through the forward model (debug checks on)."""

import numpy as np
import pytest

from simulator.games.tobago import engine
from simulator.games.tobago import rules
from simulator.games.tobago import state as layout
from simulator.games.tobago.components import CLUE_CARDS, CURSE
from simulator.games.tobago.components import DEFAULT_CURSES as N_CURSES
from simulator.games.tobago.components import DEFAULT_GOLD_CARDS as N_GOLD
from simulator.games.tobago.island import (
    AREA,
    DISTANCE,
    FEATURE_NAMES,
    LEGS_BETWEEN,
    NEIGHBOURS,
    RAY_END,
    REL_IN_SIGHT,
    REL_NEXT_TO,
    TERRAIN,
    TERRAINS,
)
from simulator.games.tobago.state import (
    ACTION_AMULET_MOVE,
    ACTION_AMULET_REMOVE_CUBE,
    ACTION_CLUE,
    ACTION_END,
    ACTION_EXCHANGE,
    ACTION_MOVE,
    AMULET_AT,
    AMULET_SUPPLY,
    AMULETS_HELD,
    ATV_HEX,
    CARD_MASK,
    CLUE_PLAY,
    CUBE_REMOVE,
    CURSE_RESPONSE,
    DECK,
    GAME_ENDING,
    GOLD_DECK,
    GOLD_DECK_COUNT,
    GOLD_DISCARD,
    HAND,
    HAND_COUNT,
    HELD,
    ISLAND,
    LANDMARK_HEX,
    LEG,
    LEG_STOP,
    MAIN_USED,
    MAP_CAND,
    MAP_LEN,
    MAP_MARKERS,
    MAP_MARKERS_DOWN,
    MAP_ROSE,
    MAX_HAND,
    MAX_MAP_CLUES,
    N_HEX,
    NEW_MAP_CLUE,
    POOL,
    POOL_COUNT,
    PLAYERS,
    R_BASE,
    REFILLS,
    ROSES,
    SHARE_ACCEPT,
    SHARE_PASS,
    SHARE_TAKE,
    STAT_RAISED,
    STATUE_FACING,
    STEP,
    STEP_SHARE_NEXT,
    TREASURES_RAISED,
    TURN_ACTION,
)
from tests.tobago.helpers import Game, bits, set_located


def card_index(deck, relation, negated, feature, largest=0):
    for c in range(CLUE_CARDS.shape[1]):
        if tuple(CLUE_CARDS[deck, c]) == (relation, negated, FEATURE_NAMES.index(feature), largest):
            return c
    raise LookupError


@pytest.fixture
def game():
    g = Game(players=4, seed=5)
    g.play_setup()
    return g


def give_gold(state, seat, count):
    """Move ``count`` gold cards (no curse) from the bottom of the deck to ``seat`` (conserved)."""
    given = 0
    for i in range(int(state[GOLD_DECK_COUNT])):
        value = state[GOLD_DECK + i]
        if value != CURSE and value > 0:
            state[HELD + seat * 7 + value] += 1
            state[GOLD_DECK + i] = -1
            given += 1
            if given == count:
                break
    rest = [v for v in state[GOLD_DECK:GOLD_DECK + state[GOLD_DECK_COUNT]] if v != -1]
    state[GOLD_DECK:GOLD_DECK + len(rest)] = rest
    state[GOLD_DECK_COUNT] = len(rest)


def no_curse_in_pool(state):
    """Swap any curse of the share pool with a gold card of the deck (cards conserved)."""
    for i in range(int(state[POOL_COUNT])):
        if state[POOL + i] == CURSE:
            j = next(j for j in range(int(state[GOLD_DECK_COUNT])) if state[GOLD_DECK + j] != CURSE)
            state[POOL + i], state[GOLD_DECK + j] = state[GOLD_DECK + j], CURSE


def give_amulet(state, seat):
    state[AMULET_SUPPLY] -= 1
    state[AMULETS_HELD + seat] += 1


def drive_to_turn_action(g, seat):
    """Answer every other decision with its first option until ``seat``'s turn_action."""
    for _ in range(200):
        s, kind, _ = g.pending()
        if kind == TURN_ACTION and s == seat:
            return
        g.first()
    raise AssertionError("no turn_action reached")


def add_clue_by(state, seat, map_index, log):
    """Lay the first card of ``seat``'s hand on the map (roses and cards conserved)."""
    card = rules.take_from_hand(state, seat, 0)
    rules.lay_clue(state, seat, card, map_index, log)
    rules.refill_hand(state, seat)


# ---------------------------------------------------------------- 6.1 worked examples

def test_example_1_two_legs_mountain_to_jungle_then_raise(game):
    """«Le changement de terrain montagne/forêt compte pour une étape et le déplacement au travers
    de la zone de forêt compte pour une seconde étape»: then the treasure is raised, leg 3 lost."""
    s = game.state
    island = s[ISLAND]
    mountains, jungle = TERRAINS.index("mountains"), TERRAINS.index("jungle")
    found = None
    for m_hex in range(s[N_HEX]):
        if TERRAIN[island, m_hex] != mountains:
            continue
        for j1 in NEIGHBOURS[island, m_hex]:
            if j1 >= 0 and TERRAIN[island, j1] == jungle:
                for j2 in range(s[N_HEX]):
                    if AREA[island, j2] == AREA[island, j1] and LEGS_BETWEEN[island, m_hex, j2] == 2:
                        found = (m_hex, int(j1), j2)
    assert found, "this island has no mountain hex beside a jungle area of 2+ hexes"
    start, step_in, target = found
    s[ATV_HEX + 0] = start
    set_located(s, 0, target)
    game.restart_turn(0)
    game.choose(ACTION_MOVE)
    assert target not in game.pending()[2]  # no 1-leg path
    game.choose(step_in)
    game.choose(target)
    assert s[STAT_RAISED + 0] == 1 and s[TREASURES_RAISED] == 1
    assert s[R_BASE + 27] == 1  # R27: the third leg is lost


def test_example_2_not_next_to_and_not_in_sight_keep_the_huts(game):
    s = game.state
    huts = [int(s[LANDMARK_HEX + k]) for k in range(4)]
    for relation in (REL_NEXT_TO, REL_IN_SIGHT):
        mask = bits(s, CARD_MASK + card_index(s[DECK], relation, 1, "hut") * 2)
        assert set(huts) <= set(mask)


def test_example_3_in_sight_of_a_statue_is_1_or_2_away(game):
    s = game.state
    island = s[ISLAND]
    statues = [int(s[LANDMARK_HEX + 7 + k]) for k in range(3)]
    mask = bits(s, CARD_MASK + card_index(s[DECK], REL_IN_SIGHT, 0, "statue") * 2)
    expected = [h for h in range(s[N_HEX]) if 1 <= min(DISTANCE[island, h, t] for t in statues) <= 2]
    assert mask == expected
    assert not set(statues) & set(mask)


def prepare_share(game, extra_rose_seat=1, extra_roses=2):
    """Map 0 located on a hex, ``extra_rose_seat`` with ``extra_roses`` more clues on it; gold for
    everybody; returns the treasure hex."""
    s = game.state
    for _ in range(extra_roses):
        add_clue_by(s, extra_rose_seat, 0, game.log)
    target = (bits(s, MAP_CAND) or [0])[0]
    set_located(s, 0, target)
    for seat in range(s[PLAYERS]):
        give_gold(s, seat, 2)
    return target


def force_curse_first(game, map_index=0, raiser=0):
    """Raise map ``map_index`` by ``raiser`` and swap a curse into the first pool position."""
    s = game.state
    engine.raise_treasure(s, raiser, map_index, game.log)
    deck = s[GOLD_DECK:GOLD_DECK + s[GOLD_DECK_COUNT]]
    curse_at = int(np.flatnonzero(deck == CURSE)[0])
    deck[curse_at], s[POOL] = s[POOL], CURSE
    s[STEP] = STEP_SHARE_NEXT
    game.rerun()


def test_example_4_and_5_curse_first_card(game):
    """«1 ET 1 SEULE carte « OR » à donner» and «c'est le joueur qui a récupéré le trésor qui
    entame un nouvel itinéraire» when the first card is a curse."""
    s = game.state
    prepare_share(game, extra_rose_seat=1, extra_roses=2)
    assert rules.roses_on_map(s, 0, 1) >= 2
    held_before = [[int(s[HELD + seat * 7 + v]) for v in range(7)] for seat in range(4)]
    force_curse_first(game)
    # no gold card was taken; rose holders (seats 0 and 1) lost exactly their highest card
    for seat in range(4):
        lost = sum(held_before[seat]) - sum(int(s[HELD + seat * 7 + v]) for v in range(7))
        assert lost == (1 if seat in (0, 1) else 0)
    top = max(v for v in range(7) if held_before[1][v] > 0)
    assert s[HELD + 7 + top] == held_before[1][top] - 1  # R55: its highest card; R56: once for 3 roses
    assert s[R_BASE + 54] == 1 and s[R_BASE + 58] == 1  # R58: the raiser starts the new map
    seat, kind, _ = game.pending()
    assert (seat, kind) == (0, NEW_MAP_CLUE)


def test_curse_with_gold_and_amulet_is_a_choice_and_the_amulet_wards(game):
    s = game.state
    prepare_share(game, extra_rose_seat=1, extra_roses=1)
    give_amulet(s, 1)
    force_curse_first(game)
    for _ in range(10):
        seat, kind, values = game.pending()
        if kind == CURSE_RESPONSE and seat == 1:
            break
        game.first()
    assert sorted(values) == [0, 1]
    gold_before = rules.gold_held(s, 1)
    game.choose(1)  # the amulet (R41)
    assert rules.gold_held(s, 1) == gold_before and s[AMULETS_HELD + 1] == 0
    assert s[R_BASE + 41] == 1


def test_example_6_amulet_move_raises_a_second_treasure(game):
    s = game.state
    island = s[ISLAND]
    here = int(s[ATV_HEX + 0])
    leg_targets = [h for h in range(s[N_HEX]) if LEGS_BETWEEN[island, here, h] == 1]
    a = leg_targets[0]
    b = next(h for h in range(s[N_HEX]) if LEGS_BETWEEN[island, a, h] == 1 and h != here and h != a)
    set_located(s, 0, a)
    set_located(s, 1, b)
    give_amulet(s, 0)
    game.rerun()
    game.choose(ACTION_MOVE)
    game.choose(a)
    drive_to_turn_action(game, 0)
    _, _, values = game.pending()
    assert ACTION_MOVE not in values and ACTION_END in values  # R59: the raise ended the turn
    game.choose(ACTION_AMULET_MOVE)  # R60
    game.choose(b)
    assert s[STAT_RAISED + 0] == 2
    assert s[R_BASE + 60] == 1 and s[R_BASE + 40] == 1


def test_example_7_raise_at_the_turn_start_then_play(game):
    s = game.state
    set_located(s, 2, int(s[ATV_HEX + 1]))
    game.restart_turn(1)
    assert s[STAT_RAISED + 1] == 1 and s[R_BASE + 28] == 1
    drive_to_turn_action(game, 1)
    _, _, values = game.pending()
    assert ACTION_MOVE in values and s[MAIN_USED] == 0  # R61
    assert s[R_BASE + 61] == 1


def test_example_8_free_amulet_at_the_start_none_on_extra_legs(game):
    s = game.state
    here = int(s[ATV_HEX + 0])
    s[AMULET_AT + here] = 1
    s[AMULET_SUPPLY] -= 1
    game.restart_turn(0)
    assert s[AMULETS_HELD + 0] == 1 and s[AMULET_AT + here] == 0  # R35
    seat, kind, values = game.pending()
    assert (seat, kind) == (0, TURN_ACTION) and ACTION_AMULET_MOVE in values
    island = s[ISLAND]
    neighbour = next(h for h in range(s[N_HEX]) if LEGS_BETWEEN[island, here, h] == 1)
    s[AMULET_AT + neighbour] = 1
    s[AMULET_SUPPLY] -= 1
    game.choose(ACTION_AMULET_MOVE)
    game.choose(neighbour)
    assert s[AMULET_AT + neighbour] == 1 and s[AMULETS_HELD + 0] == 0  # R34
    assert s[R_BASE + 34] == 1


def test_amulet_picked_at_the_end_of_a_normal_leg(game):
    s = game.state
    island = s[ISLAND]
    here = int(s[ATV_HEX + 0])
    neighbour = next(h for h in range(s[N_HEX]) if LEGS_BETWEEN[island, here, h] == 1)
    s[AMULET_AT + neighbour] = 1
    s[AMULET_SUPPLY] -= 1
    game.rerun()
    game.choose(ACTION_MOVE)
    game.choose(neighbour)
    assert s[AMULETS_HELD + 0] == 1 and s[R_BASE + 29] == 1
    seat, kind, values = game.pending()
    assert kind == LEG and LEG_STOP in values  # R29: the move goes on


def test_example_9_last_share_completed_from_the_discard(game):
    s = game.state
    prepare_share(game, extra_rose_seat=1, extra_roses=2)
    # leave 2 gold cards (no curse) in the deck; the rest to the discard
    deck = [int(v) for v in s[GOLD_DECK:GOLD_DECK + s[GOLD_DECK_COUNT]]]
    keep = [v for v in deck if v != CURSE][:2]
    rest = list(deck)
    for v in keep:
        rest.remove(v)
    for v in rest:
        if v == CURSE:
            s[layout.CURSES_OUT] += 1
        else:
            s[GOLD_DISCARD + v] += 1
    s[GOLD_DECK:GOLD_DECK + 2] = keep
    s[GOLD_DECK_COUNT] = 2
    target = bits(s, MAP_CAND)[0]
    s[ATV_HEX + 0] = target
    game.restart_turn(0)
    assert s[GAME_ENDING] == 1 and s[REFILLS] >= 2  # 3 roses + raiser + extra = 5 cards needed
    for _ in range(100):
        if game.over():
            break
        game.first()
    assert game.over()


# ---------------------------------------------------------------- 6.2 public statements

def test_12_clue_legality(game):
    s = game.state
    deck = s[DECK]
    # markers down on 5 hexes: a clue removing none or all is illegal (R19 / R18)
    cand = bits(s, MAP_CAND)[:5]
    s[MAP_CAND:MAP_CAND + 2] = 0
    for h in cand:
        s[MAP_CAND + h // 52] |= 1 << (h % 52)
    s[MAP_MARKERS_DOWN] = 1
    s[MAP_MARKERS] = 5
    for c in range(52):
        mask = set(bits(s, CARD_MASK + c * 2))
        expected = 18 if not mask & set(cand) else (19 if set(cand) <= mask else 0)
        assert rules.clue_refusal(s, c, 0) == expected
    # no markers yet (> 17 candidates): a clue that changes nothing is legal (A3)
    c = card_index(deck, 0, 1, "lake")  # not in lake
    many = bits(s, CARD_MASK + c * 2)[:30]
    s[MAP_CAND:MAP_CAND + 2] = 0
    for h in many:
        s[MAP_CAND + h // 52] |= 1 << (h % 52)
    s[MAP_MARKERS_DOWN] = 0
    s[MAP_MARKERS] = 0
    assert rules.clue_refusal(s, c, 0) == 0
    s[layout.FLAGS + layout.FLAG_CLUE_MUST_SHRINK] = 1
    assert rules.clue_refusal(s, c, 0) == 19


def test_13_no_curse_in_the_first_12_gold_cards():
    top = slice(N_GOLD + N_CURSES - 12, N_GOLD + N_CURSES)
    for index in range(100):
        g = Game(players=3, seed=9, index=index, debug=0)
        assert CURSE not in g.state[GOLD_DECK:GOLD_DECK + N_GOLD + N_CURSES][top]
    anywhere = [CURSE in Game(players=3, seed=9, index=i, variants=("curses-anywhere",), debug=0)
                .state[GOLD_DECK:GOLD_DECK + N_GOLD + N_CURSES][top] for i in range(100)]
    assert any(anywhere)


@pytest.mark.parametrize("variants, threshold", [((), 17), (("markers-below-17",), 16)])
def test_14_markers_go_down_at_the_threshold(variants, threshold):
    g = Game(players=2, variants=variants, seed=2, debug=0)
    s = g.state
    for count in (threshold + 1, threshold):
        s[MAP_MARKERS_DOWN + 3] = 0
        s[MAP_MARKERS + 3] = 0
        s[MAP_CAND + 6:MAP_CAND + 8] = 0
        for h in range(count):
            s[MAP_CAND + 6 + h // 52] |= 1 << (h % 52)
        rules.update_markers(s, 3, g.log)
        assert s[MAP_MARKERS_DOWN + 3] == (1 if count <= threshold else 0)
        assert s[MAP_MARKERS + 3] == (count if count <= threshold else 0)


def test_15_statues_emit_and_turn(game):
    s = game.state
    island = s[ISLAND]
    for _ in range(6):  # 18 amulets at most: the supply of 20 never runs out here
        facings = [int(s[STATUE_FACING + k]) for k in range(3)]
        before = int(s[AMULET_SUPPLY])
        rules.statues_emit(s, True, game.log)
        for k in range(3):
            assert s[STATUE_FACING + k] == (facings[k] + 1) % 6
            assert s[AMULET_AT + RAY_END[island, s[LANDMARK_HEX + 7 + k], facings[k]]] == 1
        assert before - s[AMULET_SUPPLY] <= 3
        assert s[AMULET_AT:AMULET_AT + s[N_HEX]].max() == 1
    assert rules.total_amulets(s) == 20


# ---------------------------------------------------------------- rule branches

def test_offer_order_raiser_first_then_clues_bottom_up_and_decline_passes_on(game):
    s = game.state
    prepare_share(game, extra_rose_seat=2, extra_roses=1)  # map 0: seat 0's opening clue, then seat 2
    engine.raise_treasure(s, 1, 0, game.log)  # seat 1 raises
    no_curse_in_pool(s)
    s[STEP] = STEP_SHARE_NEXT
    game.rerun()
    asked = []
    for _ in range(3):
        seat, kind, values = game.pending()
        assert kind == SHARE_ACCEPT
        asked.append(seat)
        game.choose(SHARE_PASS)
    assert asked == [1, 2, 0]  # R50 / R51: raiser's rose, then the last clue, then the first
    assert s[R_BASE + 51] == 3


def test_taking_a_card_removes_the_lowest_rose(game):
    s = game.state
    prepare_share(game, extra_rose_seat=0, extra_roses=1)  # seat 0: two clue roses
    engine.raise_treasure(s, 0, 0, game.log)
    no_curse_in_pool(s)
    s[STEP] = STEP_SHARE_NEXT
    game.rerun()
    roses = rules.roses_on_map(s, 0, 0)
    game.choose(SHARE_TAKE)
    assert rules.roses_on_map(s, 0, 0) == roses - 1
    length = s[MAP_LEN]
    assert s[MAP_ROSE + length] == -1  # R52 / A19: the raiser's rose (the lowest) went first


def test_last_rose_must_take_variant():
    g = Game(players=2, variants=("last-rose-must-take",), seed=4)
    g.play_setup()
    s = g.state
    prepare_share(g, extra_rose_seat=1, extra_roses=0)  # map 0: seat 0's opening clue only
    engine.raise_treasure(s, 1, 0, g.log)  # seat 1 raises: offers go to seat 1, then seat 0
    no_curse_in_pool(s)
    s[STEP] = STEP_SHARE_NEXT
    g.rerun()
    seat, kind, values = g.pending()
    assert (seat, kind) == (1, SHARE_ACCEPT)
    gold_before = rules.gold_held(s, 0)
    g.choose(SHARE_PASS)
    assert rules.gold_held(s, 0) == gold_before + 1  # seat 0 was not asked: it had to take the card
    assert s[layout.FIRED_LAST_ROSE_MUST_TAKE] == 1


def test_everybody_declines_the_card_is_discarded(game):
    s = game.state
    prepare_share(game, extra_rose_seat=1, extra_roses=0)
    engine.raise_treasure(s, 2, 0, game.log)
    no_curse_in_pool(s)
    s[STEP] = STEP_SHARE_NEXT
    game.rerun()
    discard_before = int(s[GOLD_DISCARD:GOLD_DISCARD + 7].sum())
    for _ in range(2):
        game.choose(SHARE_PASS)
    assert s[GOLD_DISCARD:GOLD_DISCARD + 7].sum() == discard_before + 1  # A19


def test_remove_cube_with_an_amulet(game):
    s = game.state
    cand = bits(s, MAP_CAND + 2)[:3]
    s[MAP_CAND + 2:MAP_CAND + 4] = 0
    for h in cand:
        s[MAP_CAND + 2 + h // 52] |= 1 << (h % 52)
    s[MAP_MARKERS_DOWN + 1] = 1
    s[MAP_MARKERS + 1] = 3
    give_amulet(s, 0)
    game.rerun()
    game.choose(ACTION_AMULET_REMOVE_CUBE)
    seat, kind, values = game.pending()
    assert kind == CUBE_REMOVE and sorted(v >> 2 for v in values if v & 3 == 1) == cand
    game.choose(1 | (cand[0] << 2))
    assert s[MAP_MARKERS + 1] == 2 and bits(s, MAP_CAND + 2) == cand[1:]
    assert s[R_BASE + 38] == 1


def test_no_amulet_remove_cube_variant_hides_the_use():
    g = Game(players=3, variants=("no-amulet-remove-cube", "no-amulet-exchange"), seed=6)
    g.play_setup()
    s = g.state
    s[MAP_MARKERS_DOWN] = 1
    cand = bits(s, MAP_CAND)[:3]
    s[MAP_CAND:MAP_CAND + 2] = 0
    for h in cand:
        s[MAP_CAND + h // 52] |= 1 << (h % 52)
    s[MAP_MARKERS] = 3
    give_amulet(s, 0)
    g.rerun()
    _, _, values = g.pending()
    assert ACTION_AMULET_REMOVE_CUBE not in values and layout.ACTION_AMULET_EXCHANGE not in values
    assert ACTION_AMULET_MOVE in values


def test_exchange_pass_replaces_the_hand(game):
    s = game.state
    hand = sorted(int(s[HAND + c]) for c in range(s[HAND_COUNT]))
    game.choose(ACTION_EXCHANGE)
    new = sorted(int(s[HAND + c]) for c in range(s[HAND_COUNT]))
    assert len(new) == 4 and not set(hand) & set(new)
    assert s[R_BASE + 12] == 1
    assert s[layout.ACTIVE] == 1  # no amulet: END was the only option left, taken at once


def test_exchange_any_subset_variant_asks_which_cards():
    g = Game(players=4, variants=("exchange-any-subset",), seed=6)
    g.play_setup()
    g.choose(ACTION_EXCHANGE)
    seat, kind, values = g.pending()
    assert kind == layout.EXCHANGE_CARDS and values == list(range(1, 16))
    kept = int(g.state[HAND + 3])
    g.choose(0b0111)
    assert kept in [int(g.state[HAND + c]) for c in range(4)]


def test_clue_options_are_exactly_the_legal_pairs(game):
    s = game.state
    game.choose(ACTION_CLUE)
    seat, kind, values = game.pending()
    assert kind == CLUE_PLAY
    expected = [slot | (m << 3) for slot in range(s[HAND_COUNT]) for m in range(4)
                if rules.clue_is_legal(s, s[HAND + slot], m)]
    assert values == expected


def test_two_player_hand_is_six_and_four_with_the_variant():
    assert Game(players=2, seed=1, debug=0).state[layout.HAND_LIMIT] == 6
    assert Game(players=2, variants=("two-player-hand-4",), seed=1, debug=0).state[layout.HAND_LIMIT] == 4
    assert Game(players=3, seed=1, debug=0).state[layout.HAND_LIMIT] == 4


def test_island_variant_fixes_the_layout():
    for k in (1, 17, 32):
        assert Game(players=2, variants=(f"island-{k}",), seed=1, index=k, debug=0).state[ISLAND] == k - 1


def test_rose_supply_blocks_clues_when_empty(game):
    s = game.state
    assert rules.has_legal_clue(s, 0)
    s[ROSES + 0] = 0  # A30: every rose is on the maps
    assert not rules.has_legal_clue(s, 0)



def test_several_treasures_on_one_hex_raiser_orders_them(game):
    s = game.state
    here = int(s[ATV_HEX + 3])
    set_located(s, 1, here)
    set_located(s, 2, here)
    game.restart_turn(3)
    seat, kind, values = game.pending()
    assert (seat, kind, values) == (3, layout.RAISE_ORDER, [1, 2])  # A14
    game.choose(2)
    drive_to_turn_action(game, 3)
    assert s[STAT_RAISED + 3] == 2
    assert s[R_BASE + 43] == 1  # R43: counted for a raise at the turn start too (issue 22)


# ---------------------------------------------------------------- issue 22: readings and counters

def holder_without_gold_cursed(variants=()):
    """Seat 2 holds a rose on the white map and an amulet but no gold card; the raiser (seat 1)
    turns up a curse first.  Returns the game at the first decision after the curse."""
    g = Game(players=4, seed=5, variants=variants)
    g.play_setup()
    s = g.state
    prepare_share(g, extra_rose_seat=1, extra_roses=1)
    for value in range(7):  # seat 2 gives its gold back to the deck bottom (cards conserved)
        for _ in range(int(s[HELD + 7 + value])):
            s[GOLD_DECK + 1:GOLD_DECK + s[GOLD_DECK_COUNT] + 1] = s[GOLD_DECK:GOLD_DECK + s[GOLD_DECK_COUNT]].copy()
            s[GOLD_DECK] = value
            s[GOLD_DECK_COUNT] += 1
        s[HELD + 7 + value] = 0
    give_amulet(s, 1)
    force_curse_first(g)
    return g


def test_r41_a_curse_takes_nothing_from_a_holder_without_gold():
    """R41 «il peut donner une amulette pour éviter de perdre sa plus forte carte « or »»: with
    no gold card there is nothing to protect, so the amulet stays (A22 revised)."""
    g = holder_without_gold_cursed()
    s = g.state
    assert s[AMULETS_HELD + 1] == 1 and rules.gold_held(s, 1) == 0
    assert s[R_BASE + 41] == 0 and s[layout.FIRED_CURSE_AMULET_WITHOUT_GOLD] == 0
    seat, kind, _ = g.pending()
    assert not (kind == CURSE_RESPONSE and seat == 1)


def test_r41_former_reading_forces_the_amulet_as_a_variant():
    g = holder_without_gold_cursed(variants=("curse-amulet-without-gold",))
    s = g.state
    assert s[AMULETS_HELD + 1] == 0 and rules.gold_held(s, 1) == 0
    assert s[layout.FIRED_CURSE_AMULET_WITHOUT_GOLD] == 1 and s[R_BASE + 41] == 0


def test_r28_optional_raise_variant_offers_the_choice_and_leaving_it_keeps_the_treasure():
    """R28 «il peut s'en emparer» (variant raise-at-start-optional): the player may leave the
    treasure; its turn is then a normal turn and the treasure stays located."""
    g = Game(players=4, seed=5, variants=("raise-at-start-optional",))
    g.play_setup()
    s = g.state
    here = int(s[ATV_HEX + 1])
    set_located(s, 2, here)
    g.restart_turn(1)
    seat, kind, values = g.pending()
    assert (seat, kind, sorted(values)) == (1, layout.START_RAISE, [layout.START_RAISE_SKIP, layout.START_RAISE_TAKE])
    g.choose(layout.START_RAISE_SKIP)
    seat, kind, values = g.pending()
    assert (seat, kind) == (1, TURN_ACTION) and ACTION_MOVE in values and s[MAIN_USED] == 0
    assert s[STAT_RAISED + 1] == 0 and s[MAP_MARKERS + 2] == 1 and s[layout.FIRED_START_RAISE_SKIPPED] == 1
    assert s[R_BASE + 28] == 0


def test_r28_optional_raise_variant_taking_it_raises_as_by_default():
    g = Game(players=4, seed=5, variants=("raise-at-start-optional",))
    g.play_setup()
    s = g.state
    set_located(s, 2, int(s[ATV_HEX + 1]))
    g.restart_turn(1)
    g.choose(layout.START_RAISE_TAKE)
    assert s[STAT_RAISED + 1] == 1 and s[R_BASE + 28] == 1


def test_r43_counts_a_raise_on_a_hut_hex_at_the_end_of_a_leg(game):
    """R43 «le trésor peut se trouver sur la même case qu'une hutte, palmier»."""
    s = game.state
    island = s[ISLAND]
    here = int(s[ATV_HEX + 0])
    hut = next((int(s[LANDMARK_HEX + k]) for k in range(7) if LEGS_BETWEEN[island, here, s[LANDMARK_HEX + k]] == 1), None)
    if hut is None:  # no hut or palm one leg away: put the ATV next to the first hut
        hut = int(s[LANDMARK_HEX])
        s[ATV_HEX + 0] = next(h for h in range(s[N_HEX]) if LEGS_BETWEEN[island, hut, h] == 1)
    set_located(s, 1, hut)
    game.restart_turn(0)
    drive_to_turn_action(game, 0)
    game.choose(ACTION_MOVE)
    game.choose(hut)
    assert s[STAT_RAISED + 0] == 1 and s[R_BASE + 43] == 1


def test_a_capped_game_ranks_nobody_and_is_marked_capped(game):
    """The turn cap is no rule: a game it stops has no winner (column ``capped``)."""
    from simulator.games.tobago.components import DEFAULT_TURN_CAP

    s = game.state
    s[layout.TURNS] = DEFAULT_TURN_CAP
    game.restart_turn(0)
    assert game.over() and s[layout.CAPPED] == 1
    assert all(s[layout.RANK + seat] == 0 for seat in range(4))
    assert s[R_BASE + 65] == 0 and s[layout.FIRED_TURN_CAP] == 1
    seat_row = np.zeros((4, len(engine.SEAT_COLUMNS)), dtype=np.int64)
    game_row = np.zeros(len(engine.GAME_COLUMNS), dtype=np.int64)
    engine.final_results(s, seat_row, game_row)
    assert game_row[engine.GAME_COLUMNS.index("capped")] == 1 and not seat_row[:, 1].any()


def test_face_down_discards_join_the_last_share_and_the_face_up_ones_are_shuffled_in(game):
    """R64 with face-down discards: the refill draws from the whole discard, shuffled face
    down (afterwards nobody knows which face-up cards are left)."""
    s = game.state
    prepare_share(game, extra_rose_seat=1, extra_roses=2)
    deck = [int(v) for v in s[GOLD_DECK:GOLD_DECK + s[GOLD_DECK_COUNT]]]
    keep = [v for v in deck if v != CURSE][:2]
    rest = list(deck)
    for v in keep:
        rest.remove(v)
    for k, v in enumerate(rest):  # half face up (seen), half face down (R53)
        if v == CURSE:
            s[layout.CURSES_OUT] += 1
        elif k % 2:
            s[GOLD_DISCARD + v] += 1
        else:
            s[layout.GOLD_DISCARD_HIDDEN + v] += 1
            s[layout.GOLD_DISCARD_HIDDEN_COUNT] += 1
    discarded = int(rules.discard_size(s))
    s[GOLD_DECK:GOLD_DECK + 2] = keep
    s[GOLD_DECK_COUNT] = 2
    s[ATV_HEX + 0] = bits(s, MAP_CAND)[0]
    game.restart_turn(0)
    assert s[REFILLS] >= 2 and rules.discard_size(s) == discarded - s[REFILLS]
    assert s[GOLD_DISCARD:GOLD_DISCARD + 7].sum() == 0  # shuffled in: no face-up card left
    for _ in range(100):
        if game.over():
            break
        game.first()
    assert game.over()


def test_curse_reshuffled_puts_the_revealed_curse_face_up_and_refills_can_draw_it():
    g = Game(players=4, seed=5, variants=("curse-reshuffled",))
    g.play_setup()
    s = g.state
    prepare_share(g, extra_rose_seat=1, extra_roses=1)
    force_curse_first(g)
    assert s[GOLD_DISCARD + CURSE] == 1 and s[layout.CURSES_OUT] == 0  # A21: seen by all
    assert s[layout.GOLD_DISCARD_HIDDEN_COUNT] == s[layout.GOLD_DISCARD_HIDDEN:layout.GOLD_DISCARD_HIDDEN + 7].sum() > 0
