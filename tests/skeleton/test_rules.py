"""Every rule with a branch of its own (spec R1-R22 and the ambiguities A1-A16): set up the
situation, assert the rule's outcome.  The spec's worked examples are in test_spec_examples.py."""

import numpy as np
import pytest

from simulator.games.skeleton.board import popcount
from simulator.games.skeleton.components import N_MAP_PIECES
from simulator.games.skeleton.maps import after_gain, claim_options
from simulator.games.skeleton.pile import clear_mask
from simulator.games.skeleton.state import (
    BLOW,
    CARDS_HELD,
    CLAIM_COMBO_SHIFT,
    COMBO_HALF_TWO_QUARTERS,
    COMBO_TWO_HALVES,
    COVERED_BY,
    CURRENT,
    END_ALL_ISLANDS,
    END_KIND,
    END_PILE_EMPTY,
    FACE_UP_AT_SETUP,
    FACE_UP_MASK,
    FIRED_A3,
    FIRED_R7,
    FIRED_R13,
    FIRED_TIE,
    FIRED_V_BLOW_EACH_STANDARD,
    FIRED_V_HIDDEN_COLLECTION,
    FIRED_V_KEEP_MAP_PIECES,
    FIRED_V_TIEBREAK,
    FIRST_PLAYER,
    ISLAND_OWNER,
    ISLANDS,
    KEEP,
    KEEP_OR_PUTBACK,
    LOC_PILE,
    LOC_REMOVED,
    LOC_SEAT,
    MAX_OPTIONS,
    N_CARDS,
    NO_CARD,
    PILE_COUNT,
    PILE_MASK,
    PIRACY_DISCARD,
    PUT_BACK,
    PUTBACK_COVER,
    RANK,
    SCORE,
    SECOND_CARD,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    STAT_BLOWS,
    STEAL,
    STEAL_CARD_SHIFT,
    STEAL_RANDOM,
    TAKE_CARD,
    TURN,
    TURN_PIRACY_DOUBLE,
    TURN_PIRACY_STEAL,
    TURN_STANDARD,
    TURN_TYPE,
)
from tests.skeleton.helpers import NO_LOG, choose, hold, leave_in_pile, pending, restart_turn, started

RED_HALVES = (0, 1)
RED_QUARTERS = (2, 3, 4, 5)
BLUE_HALF, BLUE_QUARTER = 6, 8
GREEN_QUARTER = 14
ONE_COIN, TWO_COIN, THREE_COIN = 30, 36, 40
OBJECTS = (42, 43, 44)


def at_take(state):
    """Answer blow / turn-type decisions with 'no' / standard until the take decision."""
    while True:
        _, kind, options = pending(state)
        if kind == TAKE_CARD:
            return options
        if kind == BLOW:
            choose(state, 0)
        elif kind == TURN_TYPE:
            choose(state, TURN_STANDARD)
        else:
            raise AssertionError(f"unexpected decision {kind}")


# ---- setup (R1-R5, A14, A15) ----


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_about_half_face_up(players):
    counts = {int(started(players, game_index=g)[FACE_UP_AT_SETUP]) for g in range(40)}
    assert counts == {24, 25}


def test_face_up_fraction_variants():
    state = started(4, ("face-up-fraction-0",))
    assert state[FACE_UP_MASK] == 0
    state = started(4, ("face-up-fraction-100",))
    assert popcount(state[FACE_UP_MASK]) == 49


def test_objects_variants_change_the_card_count():
    assert started(4, ("objects-5",))[N_CARDS] == 47 and started(4, ("objects-9",))[N_CARDS] == 51


def test_r5_first_player_is_seat_1_unless_drawn():
    assert {int(started(4, game_index=g)[FIRST_PLAYER]) for g in range(20)} == {0}
    drawn = [started(4, ("random-first-player",), game_index=g) for g in range(20)]
    assert {int(s[FIRST_PLAYER]) for s in drawn} == {0, 1, 2, 3}
    # the draw comes from a side stream: the spread is the default game's (paired deals)
    for g in range(3):
        assert np.array_equal(started(4, game_index=g)[COVERED_BY:COVERED_BY + 51],
                              drawn[g][COVERED_BY:COVERED_BY + 51])


def test_r2_card_numbers_do_not_tell_the_face_of_a_face_down_card():
    """R2/R3: the cards are shuffled, so a face-down card's place among the take options (they are
    offered in card-number order) says nothing about its face.  Picking the first face-down option
    must give a map piece as often as the face-down cards hold map pieces (once: 85% vs 61%)."""
    first_pieces = deals = pieces = face_down = 0
    for game in range(600):
        state = started(4, game_index=game)
        while pending(state)[1] in (BLOW, TURN_TYPE):  # no blow, a standard turn
            choose(state, TURN_STANDARD if pending(state)[1] == TURN_TYPE else 0)
        seat, kind, options = pending(state)
        hidden = [slot for slot in options if not (state[FACE_UP_MASK] >> slot) & 1]
        if kind != TAKE_CARD or not hidden:  # (a lone clear card is taken without a decision)
            continue
        deals += 1
        first_pieces += int(state[SLOT_CONTENT + hidden[0]]) < N_MAP_PIECES
        pieces += sum(int(state[SLOT_CONTENT + slot]) < N_MAP_PIECES for slot in hidden)
        face_down += len(hidden)
    share, first_share = pieces / face_down, first_pieces / deals
    allowed = 4 * (share * (1 - share) / deals) ** 0.5  # 4 standard errors of the first-card share
    assert abs(first_share - share) < allowed, (first_share, share, deals)


# ---- the standard turn (R8-R12, A1-A5) ----


def test_r8_r9_only_clear_cards_are_offered():
    state = started(4)
    assert set(at_take(state)) == {s for s in range(49) if (clear_mask(state) >> s) & 1}


def test_r10_keep_places_the_card_in_front_of_the_player():
    state = started(4)
    slot = at_take(state)[0]
    choose(state, slot)
    choose(state, KEEP)
    assert state[SLOT_LOC + slot] == LOC_SEAT + 0 and state[CARDS_HELD] == 1


def test_r10_r12_put_back_then_a_second_card_that_must_be_kept():
    state = started(4)
    options = at_take(state)
    slot = options[0]
    choose(state, slot)
    seat, kind, keep_options = pending(state)
    assert kind == KEEP_OR_PUTBACK and keep_options == [KEEP, PUT_BACK]
    choose(state, PUT_BACK)
    assert state[SLOT_LOC + slot] == LOC_PILE and (clear_mask(state) >> slot) & 1  # R11
    seat, kind, second = pending(state)
    assert kind == SECOND_CARD and slot not in second and NO_CARD not in second  # A2, A1
    choose(state, second[0])
    assert state[CARDS_HELD] == 1 and state[SLOT_LOC + second[0]] == LOC_SEAT + 0
    assert state[CURRENT] == 1  # the turn is over, no keep/put-back for the second card


def test_a1_second_card_optional_may_take_nothing():
    state = started(4, ("second-card-optional",))
    slot = at_take(state)[0]
    pile = state[PILE_COUNT]
    choose(state, slot)
    choose(state, PUT_BACK)
    _, kind, second = pending(state)
    assert kind == SECOND_CARD and second[0] == NO_CARD
    choose(state, NO_CARD)
    assert state[PILE_COUNT] == pile and state[CARDS_HELD] == 0 and state[CURRENT] == 1


def test_a3_no_put_back_when_no_other_card_is_left():
    state = started(4, debug=0, slot_is_content=True)
    leave_in_pile(state, {int(at_take(state)[0])})
    restart_turn(state)
    choose(state, 0)  # one clear card: the blow is offered first (R7)
    # a single clear card and a single option: the engine takes and keeps it by itself
    assert state[FIRED_A3] == 1 and state[PILE_COUNT] == 0
    assert pending(state)[0] == -1 and state[END_KIND] == END_PILE_EMPTY


def face_down_clear(state):
    for slot in at_take(state):
        if not (state[FACE_UP_MASK] >> slot) & 1:
            return slot
    pytest.skip("no face-down clear card in this deal")


def test_a4_a_face_down_card_goes_back_face_down_known_to_its_taker_only():
    state = started(4)
    slot = face_down_clear(state)
    choose(state, slot)
    choose(state, PUT_BACK)
    assert not (state[FACE_UP_MASK] >> slot) & 1
    assert (state[SEEN + 0] >> slot) & 1 and not any((state[SEEN + s] >> slot) & 1 for s in (1, 2, 3))


def test_a4_putback_face_up_variant():
    state = started(4, ("putback-face-up",))
    slot = face_down_clear(state)
    choose(state, slot)
    choose(state, PUT_BACK)
    assert (state[FACE_UP_MASK] >> slot) & 1


def test_a5_putback_may_cover_a_clear_card():
    state = started(4, ("putback-may-cover",), game_index=2)
    slot = at_take(state)[0]
    choose(state, slot)
    choose(state, PUT_BACK)
    _, kind, targets = pending(state)
    assert kind == PUTBACK_COVER and targets[0] == NO_CARD
    target = targets[1]
    choose(state, target)
    assert not (clear_mask(state) >> target) & 1 and (clear_mask(state) >> slot) & 1
    _, kind, second = pending(state)
    assert kind == SECOND_CARD and target not in second and slot not in second and second


# ---- the sandstorm (R7, A11, A16) ----


def small_pile(cards, variants=(), game_index=0):
    """A position whose pile holds only ``cards`` cards (the first clear ones of the deal)."""
    state = started(4, variants, game_index=game_index, debug=0, slot_is_content=True)
    keep = set()
    while len(keep) < cards:
        clear = sorted(s for s in range(49) if (clear_mask(state) >> s) & 1 and s not in keep)
        keep.add(clear[0])
        leave_in_pile(state, keep | set(clear[1:]) | {s for s in range(49) if not (clear_mask(state) >> s) & 1})
    leave_in_pile(state, keep)
    return state


def blow_position(variants=()):
    """Two cards in the pile: one or two are clear (R7 allows a blow)."""
    state = small_pile(2, variants)
    assert 1 <= popcount(clear_mask(state)) <= 2
    return state


def test_r7_blow_offered_with_two_clear_cards_and_blowing_sweeps():
    state = blow_position()
    restart_turn(state)
    _, kind, options = pending(state)
    assert kind == BLOW and options == [0, 1]
    choose(state, 1)
    assert state[FIRED_R7] == 1 and state[STAT_BLOWS] == 1
    assert popcount(clear_mask(state)) >= 2


def test_r7_not_blowing_changes_nothing():
    state = blow_position()
    restart_turn(state)
    before = state[COVERED_BY:COVERED_BY + 51].copy()
    choose(state, 0)
    assert state[FIRED_R7] == 0 and np.array_equal(before, state[COVERED_BY:COVERED_BY + 51])


def test_r7_no_blow_with_three_clear_cards():
    for g in range(30):
        state = started(4, game_index=g)
        if popcount(clear_mask(state)) >= 3:
            assert pending(state)[1] != BLOW


def test_a11_blow_each_standard_offers_a_blow_before_the_second_standard_turn():
    """Three clear cards (clear cards never overlap, so a pile of three of them has 3 clear):
    no blow before the turn; after the first standard turn of a piracy double turn 2 are clear."""
    for variants, offered in (((), False), (("blow-each-standard",), True)):
        state = started(4, variants, debug=0, slot_is_content=True)
        for content in OBJECTS:
            hold(state, 0, content)
        clear = sorted(s for s in range(49) if (clear_mask(state) >> s) & 1)
        leave_in_pile(state, set(clear[:3]))
        restart_turn(state, 0)
        assert pending(state)[1] == TURN_TYPE
        choose(state, TURN_PIRACY_DOUBLE)  # 3 objects: the discards are single options
        choose(state, clear[0])
        choose(state, KEEP)
        assert popcount(clear_mask(state)) == 2
        assert (pending(state)[1] == BLOW) == offered
        if offered:
            choose(state, 1)
            assert state[FIRED_V_BLOW_EACH_STANDARD] == 1


# ---- piracy (R13-R15, A7, A10) ----


def test_r13_piracy_offered_with_three_eligible_cards_only():
    state = started(4, debug=0, slot_is_content=True)
    hold(state, 0, RED_HALVES[0])
    hold(state, 0, RED_QUARTERS[0])
    hold(state, 0, OBJECTS[0])
    hold(state, 1, ONE_COIN)
    restart_turn(state, 0)
    assert pending(state)[1] != TURN_TYPE  # 2 eligible (red, object): no piracy
    hold(state, 0, BLUE_QUARTER)
    restart_turn(state, 0)
    while pending(state)[1] == BLOW:
        choose(state, 0)
    assert pending(state)[1:] == (TURN_TYPE, [TURN_STANDARD, TURN_PIRACY_STEAL, TURN_PIRACY_DOUBLE])


def test_no_piracy_variant_never_offers_piracy():
    state = started(4, ("no-piracy",), debug=0)
    for content in OBJECTS:
        hold(state, 0, content)
    restart_turn(state, 0)
    assert pending(state)[1] in (BLOW, TAKE_CARD)


def test_r14_discards_of_different_colours_and_r15_out_of_the_game():
    state = started(4, debug=0, slot_is_content=True)
    for content in (RED_HALVES[0], RED_QUARTERS[0], BLUE_QUARTER, OBJECTS[0]):
        hold(state, 0, content)
    hold(state, 1, THREE_COIN)
    restart_turn(state, 0)
    while pending(state)[1] == BLOW:
        choose(state, 0)
    choose(state, TURN_PIRACY_STEAL)
    _, kind, options = pending(state)
    assert kind == PIRACY_DISCARD and sorted(options) == [RED_HALVES[0], RED_QUARTERS[0], BLUE_QUARTER, OBJECTS[0]]
    choose(state, RED_HALVES[0])
    _, kind, options = pending(state)
    assert sorted(options) == [BLUE_QUARTER, OBJECTS[0]]  # red is used up
    choose(state, BLUE_QUARTER)  # the object is the last eligible card: taken by itself
    _, kind, options = pending(state)
    assert kind != PIRACY_DISCARD
    for content in (RED_HALVES[0], BLUE_QUARTER, OBJECTS[0]):
        assert state[SLOT_LOC + content] == LOC_REMOVED and not (state[PILE_MASK] >> content) & 1
    assert state[SLOT_LOC + RED_QUARTERS[0]] == LOC_SEAT + 0
    assert state[FIRED_R13] == 1


def test_a7_steal_offers_every_card_kind_of_every_opponent():
    state = started(3, debug=0, slot_is_content=True)
    for content in OBJECTS:
        hold(state, 0, content)
    hold(state, 1, ONE_COIN)
    hold(state, 1, ONE_COIN + 1)  # a second 1-coin card: the same option
    hold(state, 1, RED_HALVES[0])
    hold(state, 2, OBJECTS[0] + 3)
    restart_turn(state, 0)
    while pending(state)[1] == BLOW:
        choose(state, 0)
    choose(state, TURN_PIRACY_STEAL)
    _, kind, options = pending(state)
    assert kind == STEAL
    assert sorted(options) == sorted([1 | ONE_COIN << STEAL_CARD_SHIFT, 1 | RED_HALVES[0] << STEAL_CARD_SHIFT,
                                      2 | (OBJECTS[0] + 3) << STEAL_CARD_SHIFT])
    choose(state, 1 | ONE_COIN << STEAL_CARD_SHIFT)
    assert state[SLOT_LOC + ONE_COIN] == LOC_SEAT + 0 and state[SCORE] == 1 and state[SCORE + 1] == 1


def test_a6_hidden_collection_steals_a_random_card_of_the_chosen_opponent():
    state = started(3, ("hidden-collection",), debug=0)
    for content in OBJECTS:
        hold(state, 0, content)
    hold(state, 1, ONE_COIN)
    hold(state, 1, RED_HALVES[0])
    hold(state, 2, TWO_COIN)
    restart_turn(state, 0)
    while pending(state)[1] == BLOW:
        choose(state, 0)
    choose(state, TURN_PIRACY_STEAL)
    _, kind, options = pending(state)
    assert sorted(options) == [1 | STEAL_RANDOM << STEAL_CARD_SHIFT, 2 | STEAL_RANDOM << STEAL_CARD_SHIFT]
    choose(state, 1 | STEAL_RANDOM << STEAL_CARD_SHIFT)
    assert state[CARDS_HELD + 1] == 1 and state[CARDS_HELD] == 1
    assert state[FIRED_V_HIDDEN_COLLECTION] == 1


# ---- maps and Islands (R16-R19, A8, A9) ----


def test_a8_claim_pieces_decision_when_several_combinations_complete():
    """Claims are immediate, so a real game never holds two combinations at once; the decision
    exists for a position that does (2 halves + 2 quarters)."""
    state = started(4, debug=0, slot_is_content=True)
    for content in RED_HALVES + RED_QUARTERS[:2]:
        hold(state, 0, content)
    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    n = claim_options(state, 0, 0, options)
    assert [int(o) >> CLAIM_COMBO_SHIFT for o in options[:n]] == [COMBO_TWO_HALVES, COMBO_HALF_TWO_QUARTERS]
    assert after_gain(state, 0, RED_QUARTERS[1], options, NO_LOG) == 0  # colour 0 waits for the decision


def test_a8_keep_map_pieces_claims_and_keeps_the_pieces():
    state = started(4, ("keep-map-pieces",), debug=0, slot_is_content=True)
    hold(state, 0, RED_HALVES[0])
    hold(state, 0, RED_HALVES[1])
    after_gain(state, 0, RED_HALVES[1], np.zeros(MAX_OPTIONS, dtype=np.int64), NO_LOG)
    assert state[ISLAND_OWNER] == 0 and state[FIRED_V_KEEP_MAP_PIECES] == 1
    assert state[SLOT_LOC + RED_HALVES[0]] == LOC_SEAT and state[SLOT_LOC + RED_HALVES[1]] == LOC_SEAT


def test_r16_a_steal_that_completes_a_map_claims_the_island():
    state = started(3, debug=0, slot_is_content=True)
    for content in OBJECTS:
        hold(state, 0, content)
    hold(state, 0, RED_HALVES[0])
    hold(state, 1, RED_HALVES[1])
    hold(state, 2, ONE_COIN)
    restart_turn(state, 0)
    while pending(state)[1] == BLOW:
        choose(state, 0)
    choose(state, TURN_PIRACY_STEAL)
    while pending(state)[1] == PIRACY_DISCARD:
        choose(state, pending(state)[2][-1])  # objects (the red half is kept)
    choose(state, 1 | RED_HALVES[1] << STEAL_CARD_SHIFT)
    assert state[ISLAND_OWNER] == 0 and state[SCORE] == 5 and state[ISLANDS] == 1


# ---- end and ranking (R20, R22, A12, A13) ----


def test_a12_the_game_ends_inside_a_double_turn_when_the_pile_empties():
    state = started(4, debug=0, slot_is_content=True)
    for content in OBJECTS:
        hold(state, 0, content)
    last = int(at_take(started(4))[0])
    leave_in_pile(state, {last})
    restart_turn(state, 0)
    choose(state, 0)  # one clear card: no blow
    choose(state, TURN_PIRACY_DOUBLE)  # the discards, the take and the keep are single options
    assert pending(state)[0] == -1 and state[END_KIND] == END_PILE_EMPTY and state[TURN] == 2


def test_r20_the_game_ends_when_the_fifth_island_is_claimed():
    state = started(4, debug=0, slot_is_content=True)
    for colour in range(4):
        state[ISLAND_OWNER + colour] = 1
    from simulator.games.skeleton.state import ISLANDS_LEFT
    state[ISLANDS_LEFT] = 1
    purple = 4 * 6
    hold(state, 0, purple)
    leave_in_pile(state, {purple + 1, ONE_COIN, TWO_COIN})
    restart_turn(state, 0)
    options = at_take(state)
    choose(state, purple + 1)
    choose(state, KEEP)
    assert state[END_KIND] == END_ALL_ISLANDS and state[PILE_COUNT] > 0 and pending(state)[0] == -1


def tied_end(variants):
    from simulator.games.skeleton.scoring import end_game

    state = started(3, variants, debug=0, slot_is_content=True)
    hold(state, 0, THREE_COIN)  # 3 coins on one card
    hold(state, 1, ONE_COIN)  # 3 coins on three cards
    hold(state, 1, ONE_COIN + 1)
    hold(state, 1, ONE_COIN + 2)
    end_game(state, END_PILE_EMPTY, NO_LOG)
    return [int(state[RANK + s]) for s in range(3)], state


def test_a13_ties_share_first_place():
    ranks, state = tied_end(())
    assert ranks == [1, 1, 3] and state[FIRED_TIE] == 1


def test_a13_tiebreak_islands_variant():
    ranks, state = tied_end(("tiebreak-islands",))
    assert ranks == [2, 1, 3] and state[FIRED_V_TIEBREAK] == 1 and state[FIRED_TIE] == 0


# ---- the counters of R9 and R11 (issue 22: they counted something else) ----


def rule_count(state, rule):
    from simulator.games.skeleton.state import COUNTERS, RULE_IDS
    return int(state[COUNTERS + RULE_IDS.index(rule)])


def uncovers_nothing(state, slot):
    """Whether taking clear ``slot`` leaves every card under it covered by another card."""
    from simulator.games.skeleton.state import COVERED_BY, PILE_MASK
    pile = state[PILE_MASK] & ~(1 << slot)
    return all(not (state[COVERED_BY + o] >> slot) & 1 or state[COVERED_BY + o] & pile != 0
               for o in range(49) if (pile >> o) & 1)


def test_r9_counts_a_take_while_covered_cards_are_out_of_reach_not_what_it_uncovers():
    """R9 (clear = not covered, even partly) takes effect when covered cards cannot be taken:
    a take from a pile holding covered cards counts, even if it uncovers nothing; a take from a
    pile whose every card is clear does not (today's counter did the opposite: it counted takes
    that uncovered a card)."""
    from simulator.games.skeleton.state import PILE_MASK
    for game in range(40):
        state = started(4, game_index=game)
        idle = [s for s in at_take(state) if uncovers_nothing(state, s)]
        if idle:
            break
    assert idle, "no deal has a clear card whose take uncovers nothing"
    assert state[PILE_MASK] & ~clear_mask(state) != 0  # covered cards are out of reach
    choose(state, idle[0])
    assert rule_count(state, "R9") == 1
    for game in range(40):  # a pile of cards that are all clear: nothing is out of reach
        state = small_pile(3, game_index=game)
        if state[PILE_MASK] == clear_mask(state):
            break
    assert state[PILE_MASK] == clear_mask(state)
    restart_turn(state, 0)
    at_take(state)
    before = rule_count(state, "R9")
    choose(state, pending(state)[2][0])
    assert rule_count(state, "R9") == before


def test_r11_counts_every_put_back_at_the_edge_also_one_that_covers_a_card():
    """R11 (put back at the edge, clear, touching the table) holds for every put-back: under
    putback-may-cover a card that covers another still lies at the edge, clear (today's counter
    fired only when nothing was covered, and under the default only through A5)."""
    state = started(4, ("putback-may-cover",), game_index=2)
    slot = at_take(state)[0]
    choose(state, slot)
    choose(state, PUT_BACK)
    assert rule_count(state, "R11") == 1  # counted at the put-back itself
    _, _, targets = pending(state)
    choose(state, targets[1])
    assert rule_count(state, "R11") == 1 and rule_count(state, "variant:putback-may-cover") == 1


# ---- A18, fair play: which face-up pile cards are known (variant buried-face-up-hidden) ----


def test_a18_buried_face_up_cards_are_public_by_default_hidden_under_the_variant():
    """Default: every face-up card of the spread is known to all, buried or not.  Under
    buried-face-up-hidden a face-up card that is covered is hidden until it is clear; a
    face-up card covered by a put-back was seen clear by all and stays known."""
    from simulator.games.skeleton.hidden import is_hidden_from
    from simulator.games.skeleton.state import FACE_UP_MASK, PILE_MASK
    for variants, hidden_when_buried in (((), False), (("buried-face-up-hidden",), True)):
        state = started(4, variants)
        buried = state[PILE_MASK] & state[FACE_UP_MASK] & ~clear_mask(state)
        clear_up = state[FACE_UP_MASK] & clear_mask(state)
        for seat in range(4):
            for slot in range(49):
                if (buried >> slot) & 1:
                    assert is_hidden_from(state, seat, slot) == hidden_when_buried
                if (clear_up >> slot) & 1:
                    assert not is_hidden_from(state, seat, slot)
    for game in range(20):
        state = started(4, ("buried-face-up-hidden", "putback-may-cover"), game_index=game)
        slot = at_take(state)[0]
        choose(state, slot)
        choose(state, PUT_BACK)
        _, _, targets = pending(state)
        from simulator.games.skeleton.state import FACE_UP_MASK
        face_up = [t for t in targets[1:] if (state[FACE_UP_MASK] >> t) & 1]
        if face_up:
            choose(state, face_up[0])
            assert not (clear_mask(state) >> face_up[0]) & 1
            assert not any(is_hidden_from(state, seat, face_up[0]) for seat in range(4))
            return
    raise AssertionError("no deal offered a face-up card to cover")
