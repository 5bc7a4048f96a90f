"""Choosing among many options in steps (``simulator/core/engine/option_steps.py``): the labels check,
the menus, and every walk through the menus ending on exactly one option, every option reachable."""

import itertools
import random

import pytest

from simulator.core.engine import option_steps
from simulator.core.engine.option_steps import check_option_labels, entry_texts, full_text, menu

LOOT_LIKE = [(f"play {colour}", f"cards {cards}", f"to the {landing} landing")
             for colour in ("red", "blue", "green")
             for cards in ("1", "4", "1 and 4", "6", "1 and 6", "4 and 6", "1, 4 and 6")
             for landing in ("Big Loot", "Skull Bay")] + ["draw 2 cards"]  # fmt: skip
"""43 options: 3 colours x 7 card sets x 2 landings, and one option of a single step."""


def walk(texts, rng: random.Random, max_listed=None) -> tuple[int, int]:
    """Follow random menu entries (with a few steps back) to an option: (its index, menus shown)."""
    paths = [()]
    shown_count = 0
    while True:
        shown = menu(texts, paths[-1], max_listed)
        shown_count += 1
        assert len(shown) >= 1
        if len(paths) > 1 and rng.random() < 0.2:
            paths.pop()
            continue
        answer = rng.randrange(len(shown))
        if shown.is_final:
            return shown.options[answer], shown_count
        paths.append(shown.path + (shown.labels[answer],))


def test_full_text_joins_the_step_labels():
    assert full_text(("play red", "cards 1, 4 and 6", "to the Big Loot landing")) == \
        "play red, cards 1, 4 and 6, to the Big Loot landing"
    assert full_text("draw 2 cards") == "draw 2 cards"


@pytest.mark.parametrize("texts, message", [
    ([("play red", "cards 1"), ("play red", "cards 1")], "options 1 and 2 have the same labels: 'play red, cards 1'"),
    (["pass", "pass"], "options 1 and 2 have the same labels: 'pass'"),
    ([("play red",), ("play red", "cards 1")], "option 1 ('play red') is the first steps of option 2"),
    ([("play red", ""), ("play blue", "cards 1")], "option 1 has an empty step label"),
    ([(), "pass"], "option 1 has an empty step label"),
])
def test_labels_that_cannot_be_chosen_in_steps_are_refused(texts, message):
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        check_option_labels(texts)


def test_labels_that_differ_only_in_how_they_are_cut_are_accepted():
    check_option_labels(LOOT_LIKE)
    check_option_labels([("play red", "cards 1"), ("play red, cards 1",)])  # same full text, other steps


def test_few_options_are_listed_in_full_in_natural_order():
    texts = LOOT_LIKE[:20]
    shown = menu(texts)
    assert shown.is_final and sorted(shown.options) == list(range(20)) and shown.path == ()
    listed = entry_texts(texts, shown)
    assert listed[:4] == ["play blue, cards 1, to the Big Loot landing", "play blue, cards 1, to the Skull Bay landing",
                          "play blue, cards 1 and 4, to the Big Loot landing",
                          "play blue, cards 1 and 4, to the Skull Bay landing"]  # fmt: skip


def test_the_engine_order_of_the_options_is_never_shown():
    """An engine may order its options by something hidden (Skeleton Island's slots follow the
    cards' faces): the same texts in any order give the same menus."""
    rng = random.Random(3)
    shuffled = LOOT_LIKE[:]
    rng.shuffle(shuffled)
    for path in [(), ("play red",), ("play red", "cards 1 and 4")]:
        for max_listed in (5, 20):
            assert entry_texts(LOOT_LIKE, menu(LOOT_LIKE, path, max_listed)) == \
                entry_texts(shuffled, menu(shuffled, path, max_listed))  # fmt: skip


def test_numbers_sort_by_value():
    assert sorted(["card 10", "card 2", "Card 1"], key=option_steps.natural_key) == ["Card 1", "card 2", "card 10"]
    texts = [f"discard card {number}" for number in (10, 9, 1, 2)]
    assert entry_texts(texts, menu(texts)) == ["discard card 1", "discard card 2", "discard card 9", "discard card 10"]


def test_many_options_are_asked_colour_then_cards_then_landing():
    first = menu(LOOT_LIKE)
    assert first.labels == ("draw 2 cards", "play blue", "play green", "play red")
    assert entry_texts(LOOT_LIKE, first) == ["draw 2 cards", "play blue (14 options)", "play green (14 options)",
                                             "play red (14 options)"]  # fmt: skip
    red = menu(LOOT_LIKE, ("play red",), max_listed=5)
    assert red.labels[:3] == ("cards 1", "cards 1 and 4", "cards 1 and 6") and len(red) == 7
    assert set(red.counts) == {2}
    landings = menu(LOOT_LIKE, ("play red", "cards 1 and 4"), max_listed=5)
    assert landings.is_final and entry_texts(LOOT_LIKE, landings) == [
        "play red, cards 1 and 4, to the Big Loot landing", "play red, cards 1 and 4, to the Skull Bay landing"]
    assert menu(LOOT_LIKE, ("draw 2 cards",)).options == (42,)


def test_the_first_entry_at_each_step_leads_to_the_first_option_of_the_full_list():
    texts = LOOT_LIKE + [("steal", f"from seat {seat}", f"card {card}") for seat in range(2, 6) for card in range(12)]
    first_in_full = menu(texts, max_listed=10_000).options[0]
    path: tuple[str, ...] = ()
    while not (shown := menu(texts, path, max_listed=3)).is_final:
        path = shown.path + (shown.labels[0],)
    assert shown.options[0] == first_in_full


def test_a_step_every_option_shares_is_taken_without_asking():
    texts = [("play red", f"cards {cards}", f"to landing {landing}") for cards in range(8) for landing in range(4)]
    shown = menu(texts)
    assert shown.path == ("play red",) and shown.labels[0] == "cards 0" and len(shown) == 8


def test_when_each_label_is_one_option_the_full_texts_are_listed():
    texts = [("discard", f"card {number}") for number in range(30)]
    shown = menu(texts)
    assert shown.is_final and len(shown) == 30 and entry_texts(texts, shown)[29] == "discard, card 29"


def test_a_path_matching_nothing_is_refused():
    with pytest.raises(ValueError, match="no option starts with 'play purple'"):
        menu(LOOT_LIKE, ("play purple",))


@pytest.mark.parametrize("max_listed", [1, 3, 20])
def test_every_walk_ends_on_one_option_and_every_option_is_reached(max_listed):
    rng = random.Random(7)
    mixed = LOOT_LIKE + [("steal", f"from seat {seat}", f"card {card}") for seat, card in itertools.product(range(2, 6), range(9))]
    check_option_labels(mixed)
    reached = set()
    for _ in range(3000):
        index, shown_count = walk(mixed, rng, max_listed)
        assert 0 <= index < len(mixed)
        reached.add(index)
    assert reached == set(range(len(mixed)))


def test_the_default_listing_limit_is_twenty(monkeypatch):
    texts = [("a", str(number), "x") for number in range(11)] + [("a", str(number), "y") for number in range(11)]
    assert not menu(texts).is_final
    monkeypatch.setattr(option_steps, "MAX_LISTED", 30)
    assert menu(texts).is_final


def test_options_that_read_the_same_are_numbered_in_the_order_of_their_keys():
    texts = ["discard red 4", ("discard", "blue 2"), "discard red 4", ("discard", "blue 2"), "stop"]
    numbered = option_steps.number_alike(texts, keys=[5, 9, 1, 0, 3])
    assert numbered == ["discard red 4 (2 of 2 alike)", ("discard", "blue 2 (2 of 2 alike)"),
                        "discard red 4 (1 of 2 alike)", ("discard", "blue 2 (1 of 2 alike)"), "stop"]  # fmt: skip
    check_option_labels(numbered)
    assert option_steps.number_alike(["a", "a"]) == ["a (1 of 2 alike)", "a (2 of 2 alike)"]
