"""Sails in the terminal (``islandsim play``): the options of a decision in plain words, the
seat's view of the game, and the narration as the seat sees it.  Each function reads only what
the seat may know (docs/games/sails.md lists the public slots of the state)."""

from __future__ import annotations

from simulator.core.engine.narration import plural
from simulator.core.engine.option_steps import number_alike
from simulator.core.engine.seats import seat_number
from simulator.games.sails.components import COLOUR_NAMES, N_VALUES, island_name, treasure_name
from simulator.games.sails.draw import round_points
from simulator.games.sails.narrate import DECK_NAMES, action_words, format_log, treasure_points
from simulator.games.sails.state import (
    A1_BONUS,
    A1_TARGET,
    A2_CARDS,
    A2_GIVE,
    A2_TARGET,
    A3_CARDS,
    A3_DECK_DECISION,
    A3_N,
    A3_ORDER,
    A4_DISCARD,
    A4_TAKE,
    BONUS_AFTER_REVEAL_DECISION,
    BONUS_HELD,
    DECK_COUNT,
    DECK_TOP,
    FIRST_PLAYER,
    HAND_MASK,
    HIDE_NUMBER,
    ISLAND_LOC,
    LOC_HAND,
    N_DECKS,
    OPENING_PASS_COLOUR,
    OPTION_CARD_MASK,
    OPTION_HIDE_SHIFT,
    PILE,
    PILE_CAPACITY,
    PILE_COUNT,
    PLAY_BONUS,
    PLAY_CARD,
    PLAYERS,
    REVEALED,
    ROUND,
    SCORE,
    TABLE_BONUS,
    TABLE_CARD,
    TABLE_HIDE,
    TABLE_VISIBLE,
    TAKE_FROM_DECK,
    TAKE_OR_STEAL,
    TRICK,
)


def _points(variant_flags) -> list[int]:
    """The points of every treasure card (setting treasure_values)."""
    return treasure_points(variant_flags)


DECISION_WORDS = {
    "opening_pass_colour": "the colour of the card to pass on",
    "play_card": "the card to play, and what of it to show",
    "bonus_after_reveal": "Bonus cards to add after the reveal",
    "take_or_steal": "take a treasure from a deck or steal one",
    "a1_target": "whose Bonus cards to take",
    "a2_target": "whose Island cards to take",
    "a2_give": "which Island card to give back",
    "a3_deck": "which deck to look at",
    "a3_order": "the order to put the treasures back in",
    "a4_take": "which card of the table to take",
    "a4_discard": "which card to discard",
    "play_bonus": "Bonus cards to add to the card",
}
"""What each decision asks, in a player's words (``narration.decision_words``: ``play`` and the replay page)."""


def _deck_names(state) -> tuple[str, ...]:
    return DECK_NAMES[int(state[N_DECKS])]


def _pile_top(state, seat: int) -> int:
    count = int(state[PILE_COUNT + seat])
    return int(state[PILE + seat * PILE_CAPACITY + count - 1]) if count else -1


def _bonus_cards(count: int) -> str:
    return plural(count, "Bonus card")


def describe_option(state, seat: int, kind: int, option: int, variant_flags) -> str:
    """One option of a Sails decision in plain words."""
    points = _points(variant_flags)
    if kind == OPENING_PASS_COLOUR:
        return f"pass your strongest {COLOUR_NAMES[option]} card"
    if kind == PLAY_CARD:
        card = option & OPTION_CARD_MASK
        if option >> OPTION_HIDE_SHIFT == HIDE_NUMBER:
            return f"play {island_name(card)}, showing its colour ({COLOUR_NAMES[card // N_VALUES]}), number hidden"
        return f"play {island_name(card)}, showing its number ({card % N_VALUES + 1}), colour hidden"
    if kind in (PLAY_BONUS, BONUS_AFTER_REVEAL_DECISION):
        return "add no Bonus card" if option == 0 else f"add {_bonus_cards(option)} (+{option} to the card's value)"
    if kind == TAKE_OR_STEAL:
        if option == TAKE_FROM_DECK:
            return "take the visible treasure of the deck"
        top = _pile_top(state, option)
        stolen = treasure_name(top, points) if top >= 0 else "its top treasure"
        return f"steal {stolen} from seat {seat_number(option)}'s pile"
    if kind == A1_TARGET:
        wanted = int(state[A1_BONUS])  # setting a1_bonus_cards
        return f"take {_bonus_cards(wanted)} from seat {seat_number(option)} (holds {int(state[BONUS_HELD + option])})"
    if kind == A2_TARGET:
        wanted = int(state[A2_CARDS])  # setting a2_island_cards
        return (f"take {wanted} random Island card{'s' if wanted != 1 else ''} from seat {seat_number(option)}, "
                f"then give {wanted} back")
    if kind == A2_GIVE:
        return f"give {island_name(option)} back"
    if kind == A3_DECK_DECISION:
        return f"look at the top treasures of {_deck_names(state)[option]}"
    if kind == A3_ORDER:
        order = [treasure_name(int(state[A3_CARDS + ((option >> (2 * j)) & 3)]), points)
                 for j in range(int(state[A3_N]))]
        return "put them back, top first: " + ", ".join(order)
    if kind == A4_TAKE:
        return f"take {island_name(option)} from the table into your hand"
    if kind == A4_DISCARD:
        return f"discard {island_name(option)}"
    return f"option {option}"


def describe_options(state, seat: int, kind: int, options, n_options: int, variant_flags) -> list[str]:
    """GameSpec hook: one plain line per offered option (orders of identical treasures numbered)."""
    texts = [describe_option(state, seat, kind, int(options[i]), variant_flags) for i in range(n_options)]
    return number_alike(texts, identical=True)


def _hand(state, seat: int) -> str:
    cards = [card for card in range(4 * N_VALUES) if state[ISLAND_LOC + card] == LOC_HAND + seat]
    by_colour = []
    for colour, name in enumerate(COLOUR_NAMES):
        values = [str(card % N_VALUES + 1) for card in cards if card // N_VALUES == colour]
        if values:
            by_colour.append(f"{name} {' '.join(values)}")
    return ", ".join(by_colour) or "no cards"


def _table_card(state, other: int, seat: int) -> str | None:
    if state[TABLE_HIDE + other] < 0:
        return None
    bonus = int(state[TABLE_BONUS + other])
    extra = f" + {_bonus_cards(bonus)}" if bonus else ""
    if state[REVEALED] == 1 or other == seat:
        return f"{island_name(int(state[TABLE_CARD + other]))}{extra}"
    visible = int(state[TABLE_VISIBLE + other])
    shown = f"a {COLOUR_NAMES[visible]} card" if state[TABLE_HIDE + other] == HIDE_NUMBER else f"a {visible}"
    return f"{shown}{extra}"


def _deck_words(state, deck: int, points) -> str:
    """A treasure deck as the table shows it: its face-up top treasure (none once it was taken
    this trick: the next is turned up when the trick ends) and how many lie face down."""
    down = plural(int(state[DECK_COUNT + deck]), "treasure")
    if state[DECK_TOP + deck] >= 0:
        return f"{treasure_name(int(state[DECK_TOP + deck]), points)} on top, {down} face down"
    if state[DECK_COUNT + deck] == 0:
        return "empty"
    return f"no treasure face up (taken this trick), {down} face down"


def describe_view(state, seat: int, variant_flags) -> list[str]:
    """GameSpec hook: what ``seat`` sees now (its hand, the table, the decks, every seat's score)."""
    points = _points(variant_flags)
    decks = _deck_names(state)
    tops = "; ".join(f"{decks[deck]}: {_deck_words(state, deck, points)}" for deck in range(int(state[N_DECKS])))
    lines = [f"Round {int(state[ROUND]) + 1}, trick {int(state[TRICK]) + 1}; "
             f"first player seat {seat_number(int(state[FIRST_PLAYER]))}",
             f"Your hand: {_hand(state, seat)}; {_bonus_cards(int(state[BONUS_HELD + seat]))}",
             f"Decks: {tops}"]  # fmt: skip
    table = [f"seat {seat_number(other)} {shown}" for other in range(int(state[PLAYERS]))
             if (shown := _table_card(state, other, seat)) is not None]  # fmt: skip
    if table:
        lines.append("On the table: " + "; ".join(table))
    for other in range(int(state[PLAYERS])):
        top = _pile_top(state, other)
        pile = f", pile top {treasure_name(top, points)}" if top >= 0 else ""
        you = " (you)" if other == seat else ""
        lines.append(f"  seat {seat_number(other)}{you}: score {int(state[SCORE + other])} "
                     f"(this round {round_points(state, other, points)} so far), "
                     f"{_bonus_cards(int(state[BONUS_HELD + other]))}{pile}")  # fmt: skip
    return lines


def narrate_for_seat(log, count: int, variant_flags, seat: int) -> list[str]:
    """GameSpec hook: the first ``count`` log records as ``seat`` sees them (one line each)."""
    return format_log(log, count, _points(variant_flags), seat, action_words(variant_flags))

