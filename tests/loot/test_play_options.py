"""Every legal card play is offered, once: the engine's ``action`` options against a brute force.

The brute force reads only the rulebook (PLACEMENT RULES, NUMBER 1 CARDS) and the card data:
a play is a non-empty set of cards of one colour from the owner's hand, to a landing that holds
that colour (or is empty while the other landing of its coast does not hold it), where every
number is at least the value of the landing's last card (a Joker takes the value before it, 1 on
an empty landing), and 1s and Jokers always fit.  Two plays are the same when they use the same
kinds of cards (colour, value or Joker, icon): swapping a card for an identical one changes
nothing.
"""

from itertools import combinations

import numpy as np
import pytest
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.games.loot import state as layout
from simulator.games.loot.actions import action_options
from tests.loot.helpers import Ctx

N_TRIALS = 3000
RED = 0


def _kind(cards: np.ndarray, card: int) -> tuple[int, int, int]:
    row = cards[card]
    return int(row[layout.MC_VALUE]), int(row[layout.MC_JOKER]), int(row[layout.MC_ICON])


def _last_value(cards: np.ndarray, column: list[int]) -> int:
    """Value of the last card of a column built by appending (0 when empty)."""
    value = 0
    for i, card in enumerate(column):
        if cards[card, layout.MC_JOKER]:
            value = value if i else 1  # a Joker takes the value of the card before it, 1 if first
        else:
            value = int(cards[card, layout.MC_VALUE])
    return value


def brute_force_plays(cards, hands: dict[int, list[int]], columns: list[list[int]]) -> set:
    """(action type, landing, colour, sorted kinds) of every legal play, by exhaustive search."""
    plays = set()
    for owner, action_type in hands_and_types(hands):
        hand = hands[owner]
        for landing in range(layout.N_LANDINGS):
            column = columns[landing]
            other = columns[landing ^ 1]
            for colour in range(layout.N_COLOURS):
                if column and cards[column[0], layout.MC_COLOUR] != colour:
                    continue
                if not column and other and cards[other[0], layout.MC_COLOUR] == colour:
                    continue
                last = _last_value(cards, column)
                fitting = [c for c in hand if cards[c, layout.MC_COLOUR] == colour and
                           (cards[c, layout.MC_JOKER] or cards[c, layout.MC_VALUE] == 1
                            or cards[c, layout.MC_VALUE] >= last)]
                for size in range(1, len(fitting) + 1):
                    for chosen in combinations(fitting, size):
                        kinds = tuple(sorted(_kind(cards, c) for c in chosen))
                        plays.add((action_type, landing, colour, kinds))
    return plays


def hands_and_types(hands):
    for owner, action_type in ((0, layout.A_PLAY), (layout.AARON, layout.A_AARON_PLAY)):
        if owner in hands:
            yield owner, action_type


def engine_plays(ctx, hands) -> list:
    """The play options of seat 0, decoded to the same tuples (duplicates kept)."""
    options = np.zeros(1 << 16, dtype=np.int64)
    n = action_options(ctx.state, 0, options, ctx.buffer)
    plays = []
    for code in options[:n].tolist():
        action_type = code & 7
        if action_type not in (layout.A_PLAY, layout.A_AARON_PLAY):
            continue
        owner = 0 if action_type == layout.A_PLAY else layout.AARON
        landing, colour, mask = (code >> 3) & 7, (code >> 6) & 3, code >> layout.PLAY_MASK_SHIFT
        chosen = [ctx.state[layout.S_HAND + owner * layout.HAND_CAP + slot]
                  for slot in range(len(hands[owner])) if mask >> slot & 1]
        assert mask >> len(hands[owner]) == 0, "a play names a hand slot beyond the hand"
        assert all(ctx.cards[c, layout.MC_COLOUR] == colour for c in chosen)
        plays.append((action_type, landing, colour, tuple(sorted(_kind(ctx.cards, c) for c in chosen))))
    return plays


def random_deal(rng: np.random.Generator, players: int):
    """A context with random landings (respecting the coast colour rule) and random hands."""
    ctx = Ctx(players)
    cards = ctx.cards
    pile = list(rng.permutation(layout.N_MAP))
    columns: list[list[int]] = [[] for _ in range(layout.N_LANDINGS)]
    for landing in rng.permutation(layout.N_LANDINGS).tolist():
        if rng.random() < 0.4:
            continue
        taken = {cards[c[0], layout.MC_COLOUR] for c in (columns[landing ^ 1],) if c}
        colour = int(rng.choice([c for c in range(layout.N_COLOURS) if c not in taken]))
        pool = [c for c in pile if cards[c, layout.MC_COLOUR] == colour][:int(rng.integers(1, 5))]
        for c in pool:
            pile.remove(c)
        numbers = sorted((c for c in pool if not cards[c, layout.MC_JOKER]), key=lambda c: cards[c, layout.MC_VALUE])
        column = numbers + [c for c in pool if cards[c, layout.MC_JOKER]]
        if rng.random() < 0.3:
            column = column[-1:] + column[:-1]  # sometimes a Joker or the highest card first
        ctx.lay(landing, *column)
        columns[landing] = column
    hands = {}
    owners = [0, layout.AARON] if players == 2 else [0]
    for owner in owners:
        size = int(rng.integers(1, 10))
        if rng.random() < 0.5:  # a hand rich in one colour: many plays per landing
            colour = int(rng.integers(layout.N_COLOURS))
            pile.sort(key=lambda c: (cards[c, layout.MC_COLOUR] != colour, rng.random()))
        hand = [int(c) for c in pile[:size]]
        del pile[:size]
        ctx.give(owner, *hand)
        hands[owner] = hand
    return ctx, hands, columns


def test_every_distinct_legal_play_is_offered_once():
    rng = np.random.default_rng(20261126)
    total = 0
    for trial in range(N_TRIALS):
        players = int(rng.integers(2, 6))
        ctx, hands, columns = random_deal(rng, players)
        offered = engine_plays(ctx, hands)
        assert len(offered) == len(set(offered)), f"trial {trial}: a play is offered twice"
        expected = brute_force_plays(ctx.cards, hands, columns)
        assert set(offered) == expected, f"trial {trial}: missing {expected - set(offered)}, extra {set(offered) - expected}"
        total += len(offered)
    assert total > 20 * N_TRIALS  # the deals are not trivial


def test_every_offered_play_is_accepted_and_plays_exactly_its_cards():
    rng = np.random.default_rng(7)
    for trial in range(300):
        ctx, hands, _ = random_deal(rng, int(rng.integers(3, 6)))
        options = np.zeros(1 << 16, dtype=np.int64)
        n = action_options(ctx.state, 0, options, ctx.buffer)
        plays = [c for c in options[:n].tolist() if c & 7 == layout.A_PLAY]
        if not plays:
            continue
        code = plays[int(rng.integers(len(plays)))]
        mask = code >> layout.PLAY_MASK_SHIFT
        hand = [ctx.state[layout.S_HAND + slot] for slot in range(len(hands[0]))]
        chosen = sorted(hand[slot] for slot in range(len(hand)) if mask >> slot & 1)
        landing = (code >> 3) & 7
        before = ctx.column(landing)
        ctx.state[layout.S_SUPPLY] = 3
        ctx.play_cards(0, 0, landing, (code >> 6) & 3, mask)
        assert sorted(set(ctx.column(landing)) - set(before)) == chosen
        assert sorted(set(hand) - set(ctx.hand(0))) == chosen


def test_a_play_naming_an_illegal_card_is_refused():
    ctx = Ctx(4)
    red3, red7 = ctx.card(0, 3), ctx.card(0, 7)
    ctx.lay(0, ctx.card(0, 5, "none"))
    ctx.give(0, red3, red7)
    with pytest.raises(AssertionError, match="illegal play"):
        ctx.play_cards(0, 0, 0, 0, 0b11)  # the 3 < 5
    with pytest.raises(AssertionError, match="illegal play"):
        ctx.play_cards(0, 0, 0, 0, 0b100)  # no slot 2


@njit(STRATEGY_SIGNATURE, cache=True)
def _last_option_counting(state, seat, decision_kind, options, n_options, params, stream):
    """The last option; params[30] keeps the largest number of options offered."""
    if n_options > params[30]:
        params[30] = n_options
    return n_options - 1


def test_more_plays_than_the_options_buffer_are_all_offered_in_a_larger_array():
    ctx = Ctx(4, _last_option_counting)
    hand = [ctx.card(RED, 1)] + [ctx.card(RED, v, skip=s) for v in range(2, 8) for s in (0, 1)]
    assert len({tuple(ctx.cards[c, 1:].tolist()) for c in hand}) == 13  # 13 different kinds
    ctx.give(0, *hand)
    ctx.state[layout.S_ISLAND_UP:layout.S_ISLAND_UP + layout.N_ISLANDS] = -1  # plays only
    assert action_options(ctx.state, 0, np.zeros(layout.OPT_CAP, dtype=np.int64), ctx.buffer) == -1  # does not fit
    ctx.actions_phase()
    assert ctx.params[0, 30] == 1 + 8 * (2 ** 13 - 1) > layout.OPT_CAP  # pass + every play on 8 landings
    assert sorted(ctx.column(7)) == sorted(hand) and ctx.hand(0) == []  # the last one: all 13 cards
