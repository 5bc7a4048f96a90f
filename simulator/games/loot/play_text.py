"""Loot Island in the terminal (``islandsim play``): the options of a decision in plain words, the
seat's view of the game, and the narration as the seat sees it.

Each function reads only what the seat may know (``visibility.py``: its own hand, never another
seat's, the decks' order or the healers and events still face down).  A Phase-2 play can offer
over a thousand options, so its options come as step labels (``simulator/core/engine/option_steps.py``):
the colour (``play red``), then the cards (``cards 1, 4 (+1) and Joker``), then the landing.
Plain Python, never compiled (``compiled_cache.NOT_COMPILED``)."""

from __future__ import annotations

import csv
import functools

import numpy as np

from simulator.core.engine.narration import plural
from simulator.core.engine.option_steps import OptionText, number_alike
from simulator.core.engine.seats import seat_label, seat_number
from simulator.games.loot.map_components import DATA_DIR, colour_names, events, island_names, load_map_cards
from simulator.games.loot.narrate import format_log
from simulator.games.loot.state import (
    A_AARON_ISLAND, A_AARON_PLAY, A_PASS, A_PLAY, AARON, D_A1_DRAW, D_A2_TAKE, D_ACTION, D_B4_RETURN,
    D_B4_RETURN_AARON, D_COMPASS_SOURCE, D_COPY_EFFECT, D_DRAFT_DISCARD, D_HEALER, D_HEALER_REVEAL, D_ISLAND_TARGET,
    D_ISLAND_USE, D_PAY_CARD, D_PREP_DISCARD, D_TAKE_TREASURE, EV_A3, EV_B7, EV_B9, EV_B13, HAND_CAP, ICON_NAMES,
    LAND_CAP, MC_COLOUR, PH_ACTIONS,
    MC_ICON, MC_JOKER, MC_VALUE, N_ISLANDS, N_LANDINGS, N_OWNERS, N_TREASURES, PLAY_MASK_SHIFT, PW_BOTTOM, S_A2,
    S_A2_N, S_COMP, S_COMP_N, S_COMPASS_LANDING, S_COMPASS_OWNER,
    S_CUBES, S_ELIM, S_EV_ORDER, S_EVENT, S_FIRST, S_HAND, S_HAND_N, S_HAS_AARON, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL,
    S_HEALER, S_INFO_HEALER, S_INFO_ISLAND, S_INFO_TR, S_ISLAND, S_ISLAND_OWNER, S_ISLAND_UP, S_LAND, S_LAND_CHESTS,
    S_LAND_EFF, S_LAND_LAST, S_LAND_N, S_MAP_DECK_N, S_MAP_DISC_N, S_PASSED, S_PHASE, S_PLAYERS, S_REVEAL,
    S_REVEAL_N, S_ROUND, S_SHIP_CORNER, S_SHIP_DIR, S_SUPPLY, S_TDECK_N, S_TDISC_N, S_THRESHOLD, S_TILE_TAKEN,
    S_TOWNER, S_VAR, TR_BOOK, TR_CROSSED, TR_CROSSES, TR_CURSE, TR_GOLD, TR_TYPE, TREASURE_TYPE_NAMES,
    V_EVENTS_REVEALED, V_HEALERS_REVEALED, V_TWO_HEALERS,
)

TREASURE_COLUMNS = 8
"""Columns of a treasure in ``S_INFO_TR`` (``TR_*``)."""
ICON_SHOWN = {"plus1": "+1", "draw": "draw a card", "discard": "discard a cube", "chest": "chest"}
TREASURE_KINDS = {"amulet": "amulet", "coin_sack": "coin sack", "book": "book", "jewel": "jewel", "crown": "crown",
                  "skull_R": "skull (R)", "skull_L": "skull (L)", "skull_F": "skull (F)"}  # fmt: skip
PHASE_NAMES = ("set-up", "Phase 1, preparation", "Phase 2, actions", "Phase 3, finding loot", "the end of the game",
               "game over")  # fmt: skip
JOKER_KEY = 11


@functools.cache
def _cards() -> np.ndarray:
    return load_map_cards()


@functools.cache
def _island_descriptions() -> tuple[str, ...]:
    """What each small island does (``data/small_islands.csv``, without the notes in brackets)."""
    with (DATA_DIR / "small_islands.csv").open(newline="", encoding="utf-8") as handle:
        return tuple(row["description"].split(" (")[0] for row in csv.DictReader(handle))


DECISION_WORDS = {
    "action": "your action: play cards, use a small island or pass",
    "pay_card": "which card pays",
    "island_target": "where the small island acts",
    "island_use": "how to use the small island",
    "compass_source": "which compass moves",
    "copy_effect": "which effect to copy",
    "take_treasure": "which treasure to take, and keep or discard it",
    "prep_discard": "cards to discard before the round",
    "a1_draw": "take the offer of event A1 or not",
    "b4_return": "which compass to take back (event B4)",
    "healer": "which Healer to choose",
    "healer_reveal": "which of your two Healers to reveal",
    "draft_discard": "cards to discard for the starting draft",
    "a2_take": "which revealed treasure to take (event A2)",
    "b4_return_aaron": "which of Aaron's compasses to send back (event B4)",
}
"""What each decision asks, in a player's words (``narration.decision_words``: ``play`` and the replay page)."""


def _colour(colour: int) -> str:
    return colour_names()[colour]


def _card_value(card: int) -> str:
    """``'4 (+1)'``, ``'Joker'``: a card without its colour."""
    cards = _cards()
    value = "Joker" if cards[card, MC_JOKER] else str(cards[card, MC_VALUE])
    icon = ICON_NAMES[cards[card, MC_ICON]]
    return value if icon == "none" else f"{value} ({ICON_SHOWN[icon]})"


def card_name(card: int) -> str:
    """``'red 4 (+1)'``: a map card as a player reads it."""
    return f"{_colour(_cards()[card, MC_COLOUR])} {_card_value(card)}"


def _play_key(card: int) -> int:
    cards = _cards()
    return JOKER_KEY if cards[card, MC_JOKER] else int(cards[card, MC_VALUE])


def _in_play_order(cards: list[int]) -> list[int]:
    """Cards as a play lays them: 1s first, numbers ascending, Jokers last."""
    return sorted(cards, key=lambda card: (_play_key(card), int(_cards()[card, MC_ICON]), card))


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _who(owner: int, seat: int) -> str:
    if owner == AARON:
        return "Aaron"
    return "you" if owner == seat else seat_label(owner)


def _whose(owner: int, seat: int) -> str:
    if owner == AARON:
        return "Aaron's"
    return "your" if owner == seat else f"{seat_label(owner)}'s"


def _hand(state, owner: int) -> list[int]:
    base = S_HAND + owner * HAND_CAP
    return [int(state[base + i]) for i in range(int(state[S_HAND_N + owner]))]


def _hand_text(state, owner: int) -> str:
    cards = _hand(state, owner)
    by_colour = []
    for colour, name in enumerate(colour_names()):
        values = [_card_value(card) for card in _in_play_order(cards) if _cards()[card, MC_COLOUR] == colour]
        if values:
            by_colour.append(f"{name} {', '.join(values)}")
    return "; ".join(by_colour) or "no cards"


def _treasure_column(state, treasure: int, column: int) -> int:
    return int(state[S_INFO_TR + treasure * TREASURE_COLUMNS + column])


def treasure_name(state, treasure: int) -> str:
    """``'crown (4 gold, 2 curse cubes, 3 crosses)'``: a treasure's face."""
    kind = TREASURE_KINDS[TREASURE_TYPE_NAMES[_treasure_column(state, treasure, TR_TYPE)]]
    parts = [f"{_treasure_column(state, treasure, TR_GOLD)} gold",
             plural(_treasure_column(state, treasure, TR_CURSE), "curse cube")]  # fmt: skip
    if _treasure_column(state, treasure, TR_CROSSES):
        parts.append(plural(_treasure_column(state, treasure, TR_CROSSES), "cross", "crosses"))
    if _treasure_column(state, treasure, TR_BOOK):
        parts.append(f"book x{_treasure_column(state, treasure, TR_BOOK)}")
    if _treasure_column(state, treasure, TR_CROSSED):
        parts.append(f"{plural(_treasure_column(state, treasure, TR_CROSSED), 'crossed cube')} discarded when kept")
    return f"{kind} ({', '.join(parts)})"


def _landing(landing: int) -> str:
    return f"landing {landing + 1}"


def _bow_coast(state) -> int:
    """The coast the ship's bow points at (``primitives.explored_coast``)."""
    corner = int(state[S_SHIP_CORNER])
    return corner if state[S_SHIP_DIR] > 0 else (corner + 3) % 4


def _landing_label(state, landing: int) -> str:
    """``'on landing 3 (bow coast; 4 cards counted, last 5)'``."""
    notes = ["bow coast"] if landing // 2 == _bow_coast(state) else []
    if state[S_LAND_N + landing]:
        counted = plural(int(state[S_LAND_EFF + landing]), "card")
        notes.append(f"{counted} counted, last {int(state[S_LAND_LAST + landing])}")
    else:
        notes.append("empty")
    return f"on {_landing(landing)} ({'; '.join(notes)})"


def _island(island: int) -> str:
    return island_names()[island].replace("_", " ").title()


def _island_label(island: int) -> str:
    return f"use the small island {_island(island)} ({_island_descriptions()[island].lower()})"


def _play_option(state, seat: int, code: int) -> tuple[str, ...]:
    kind, where, colour = code & 7, (code >> 3) & 7, (code >> 6) & 3
    owner = AARON if kind == A_AARON_PLAY else seat
    mask = code >> PLAY_MASK_SHIFT
    base = S_HAND + owner * HAND_CAP
    cards = _in_play_order([int(state[base + slot]) for slot in range(HAND_CAP) if (mask >> slot) & 1])
    values = [_card_value(card) for card in cards]
    whose = "Aaron's " if owner == AARON else ""
    return (f"play {whose}{_colour(colour)}", f"{'card' if len(values) == 1 else 'cards'} {_and_list(values)}",
            _landing_label(state, where))  # fmt: skip


def action_text(state, seat: int, code: int) -> OptionText:
    """One option of decision ``action`` (pass, a play, a small island) as step labels."""
    kind, where, colour = code & 7, (code >> 3) & 7, (code >> 6) & 3
    if kind == A_PASS:
        return "pass" if state[S_TILE_TAKEN] else "pass and take the First Player tile"
    if kind in (A_PLAY, A_AARON_PLAY):
        return _play_option(state, seat, code)
    with_aaron = " with Aaron's cards" if kind == A_AARON_ISLAND else ""
    return (_island_label(where) + with_aaron, f"pay {island_price(state, _colour(colour))}")


def island_price(state, colour: str = "") -> str:
    """What using a small island costs this round: 2 cards of one colour (event B7: and 1 card of
    any colour; B9: 1 card), ``colour`` named when it is chosen ("2 red cards")."""
    event = int(state[S_EVENT])
    count = 1 if event == EV_B9 else 2
    cards = plural(count, f"{colour} card") if colour else f"{plural(count, 'card')} of one colour"
    if event == EV_B7:
        cards += " and 1 card of any colour (event B7)"
    elif event == EV_B9:
        cards += " (event B9)"
    if event == EV_A3:
        cards += ", and its user takes 1 curse cube (event A3)"
    return cards


def _island_power(state) -> int:
    return int(state[S_INFO_ISLAND + int(state[S_ISLAND]) * 3])


def _island_target_text(state, seat: int, option: int) -> str:
    owner = int(state[S_ISLAND_OWNER])
    if option < 0:
        return "do not use the power"
    if _island_power(state) == PW_BOTTOM:
        end = "top" if state[S_EVENT] == EV_B13 else "bottom"
        return f"move {_whose(owner, seat)} compass on {_landing(option)} to the {end} of its stack"
    return f"place {_whose(owner, seat)} compass on {_landing(option)}"


def _island_use_text(state, option: int) -> str:
    island = int(state[S_ISLAND])
    if option == 0:
        return f"do not use the power of {_island(island)}"
    return f"use the power of {_island(island)}: {_island_descriptions()[island].lower()}"


def _healer_text(state, seat: int, healer: int, verb: str) -> str:
    per_cube = int(state[S_INFO_HEALER + 2 * healer])
    fixed = int(state[S_INFO_HEALER + 2 * healer + 1])
    cost = per_cube * int(state[S_CUBES + seat]) + fixed
    return (f"{verb} Healer {healer + 1} ({per_cube} gold per curse cube + {fixed}: {cost} gold for your "
            f"{plural(int(state[S_CUBES + seat]), 'curse cube')})")  # fmt: skip


def describe_option(state, seat: int, kind: int, option: int) -> OptionText:
    """One option of a Loot Island decision in plain words (step labels for the plays)."""
    if kind == D_ACTION:
        return action_text(state, seat, option)
    if kind == D_PAY_CARD:
        return f"pay with {card_name(option)}"
    if kind == D_ISLAND_TARGET:
        return _island_target_text(state, seat, option)
    if kind == D_ISLAND_USE:
        return _island_use_text(state, option)
    if kind == D_COMPASS_SOURCE:
        owner = int(state[S_COMPASS_OWNER])
        return (f"move {_whose(owner, seat)} compass from {_landing(option)} to "
                f"{_landing(int(state[S_COMPASS_LANDING]))}")  # fmt: skip
    if kind == D_COPY_EFFECT:
        return ("copy no effect", "copy the discard-a-cube effect: discard a curse cube",
                "copy the draw-a-card effect: draw a card")[option]  # fmt: skip
    if kind == D_TAKE_TREASURE:
        keep = "keep" if option & 1 else "discard"
        return (f"take the {treasure_name(state, option >> 1)}", f"{keep} it")
    if kind in (D_PREP_DISCARD, D_DRAFT_DISCARD):
        return "discard no more cards" if option < 0 else f"discard {card_name(option)}"
    if kind == D_A1_DRAW:
        return "draw 2 extra cards and take 2 curse cubes" if option else "do not take the offer"
    if kind == D_B4_RETURN:
        return f"take back your compass from {_landing(option)}"
    if kind == D_B4_RETURN_AARON:
        return f"send Aaron's compass on {_landing(option)} back"
    if kind == D_HEALER:
        return _healer_text(state, seat, option, "choose")
    if kind == D_HEALER_REVEAL:
        return _healer_text(state, seat, option, "reveal")
    if kind == D_A2_TAKE:
        return f"take and keep the {treasure_name(state, option)}"
    return f"choice {option}"


def describe_options(state, seat: int, kind: int, options, n_options: int, variant_flags) -> list[OptionText]:
    """GameSpec hook: per offered option, its text or step labels (copies of a card numbered)."""
    texts = [describe_option(state, seat, kind, int(options[i])) for i in range(n_options)]
    return number_alike(texts, identical=True)


def _landing_lines(state, seat: int) -> list[str]:
    lines = []
    for landing in range(N_LANDINGS):
        count = int(state[S_LAND_N + landing])
        cards = [int(state[S_LAND + landing * LAND_CAP + i]) for i in range(count)]
        coast = f"coast {landing // 2 + 1}" + (", bow" if landing // 2 == _bow_coast(state) else "")
        if not cards:
            text = "empty"
        else:
            chests = int(state[S_LAND_CHESTS + landing])
            text = (f"{_colour(_cards()[cards[0], MC_COLOUR])} {', '.join(_card_value(card) for card in cards)} "
                    f"({plural(int(state[S_LAND_EFF + landing]), 'card')} counted"
                    + (f", {plural(chests, 'chest')}" if chests else "") + ")")  # fmt: skip
        stack = [_who(int(state[S_COMP + landing * N_OWNERS + i]), seat) for i in range(int(state[S_COMP_N + landing]))]
        compasses = f"; compasses bottom to top: {', '.join(stack)}" if stack else ""
        lines.append(f"  {_landing(landing)} ({coast}): {text}{compasses}")
    return lines


def _kept(state, owner: int) -> list[int]:
    return [t for t in range(N_TREASURES) if state[S_TOWNER + t] == owner]


def _seat_line(state, owner: int, seat: int) -> str:
    you = " (you)" if owner == seat else ""
    name = "Aaron" if owner == AARON else f"seat {seat_number(owner)}"
    if owner != AARON and state[S_ELIM + owner]:
        return f"  {name}{you}: eliminated"
    kept = _kept(state, owner)
    parts = [] if owner == AARON else [plural(int(state[S_CUBES + owner]), "curse cube")]
    parts += [plural(int(state[S_HAND_N + owner]), "card") + " in hand",
              plural(int(state[S_SUPPLY + owner]), "compass", "compasses") + " in supply"]  # fmt: skip
    if owner != AARON and state[S_PASSED + owner] and state[S_PHASE] == PH_ACTIONS:  # a pass lasts one Phase 2
        parts.append("passed")
    if owner != AARON and state[S_HEALER + owner] >= 0:
        parts.append(f"Healer {int(state[S_HEALER + owner]) + 1}")
    treasures = "; kept: " + ", ".join(treasure_name(state, t) for t in kept) if kept else "; no treasure kept"
    return f"  {name}{you}: {', '.join(parts)}{treasures}"


def _event_lines(state) -> list[str]:
    event = int(state[S_EVENT])
    rows = events()
    lines = [f"Event this round: {rows[event]['code']}: {rows[event]['description']}" if event >= 0
             else "No event this round"]  # fmt: skip
    if state[S_VAR + V_EVENTS_REVEALED]:
        later = sorted(rows[int(state[S_EV_ORDER + r])]["code"] for r in range(max(int(state[S_ROUND]), 1), 5))
        if later:
            lines.append(f"Events still to come (events-revealed, order unknown): {', '.join(later)}")
    return lines


def _healer_lines(state, seat: int) -> list[str]:
    def name(healer: int) -> str:
        return (f"Healer {healer + 1} ({int(state[S_INFO_HEALER + 2 * healer])} per cube + "
                f"{int(state[S_INFO_HEALER + 2 * healer + 1])})")  # fmt: skip

    if state[S_VAR + V_TWO_HEALERS]:
        own = [int(state[S_HEAL_HAND + 2 * seat + i]) for i in range(2)]
        return [f"Your two Healers: {', '.join(name(h) for h in own if h >= 0)}"] if max(own) >= 0 else []
    if state[S_VAR + V_HEALERS_REVEALED]:
        pool = [int(state[S_HEAL_POOL + i]) for i in range(int(state[S_HEAL_N]))]
        return [f"Healers (healers-revealed): {', '.join(name(h) for h in pool)}"] if pool else []
    return []


def describe_view(state, seat: int, variant_flags) -> list[str]:
    """GameSpec hook: what ``seat`` sees: round and phase, the ship, its hand, the landings, the
    small islands, every seat's cubes, compasses and kept treasures, the treasures on show."""
    players = int(state[S_PLAYERS])
    direction = "clockwise" if state[S_SHIP_DIR] > 0 else "counter-clockwise"
    coast = _bow_coast(state)
    phase = PHASE_NAMES[int(state[S_PHASE])]
    lines = [f"Round {int(state[S_ROUND])}, {phase}; First Player tile: seat {seat_number(int(state[S_FIRST]))}",
             *_event_lines(state),
             f"The ship is at corner {int(state[S_SHIP_CORNER]) + 1}, sailing {direction}: its bow points at coast "
             f"{coast + 1} (landings {2 * coast + 1} and {2 * coast + 2}); loot needs "
             f"{plural(int(state[S_THRESHOLD]), 'card')} counted",
             f"Your hand: {_hand_text(state, seat)}"]  # fmt: skip
    if state[S_HAS_AARON]:
        lines.append(f"Aaron's hand (open): {_hand_text(state, AARON)}")
    lines.append("Main Island:")
    lines += _landing_lines(state, seat)
    islands = [f"{_island(i)} ({_island_descriptions()[i].lower()})" for i in range(N_ISLANDS)
               if state[S_ISLAND_UP + i] == 1]  # fmt: skip
    price = f" (each costs {island_price(state)})" if islands else ""
    lines.append(f"Small islands face up{price}: {'; '.join(islands) or 'none'}")
    revealed = [treasure_name(state, int(state[S_REVEAL + i])) for i in range(int(state[S_REVEAL_N]))]
    if revealed:
        lines.append(f"Treasures revealed: {', '.join(revealed)}")
    offered = [treasure_name(state, int(state[S_A2 + i])) for i in range(int(state[S_A2_N]))]
    if offered:
        lines.append(f"Treasures of event A2 (a player who passes takes one): {', '.join(offered)}")
    lines.append(f"Decks: {plural(int(state[S_MAP_DECK_N]), 'map card')} ({int(state[S_MAP_DISC_N])} discarded), "
                 f"{plural(int(state[S_TDECK_N]), 'treasure')} ({int(state[S_TDISC_N])} discarded)")  # fmt: skip
    lines += _healer_lines(state, seat)
    owners = list(range(players)) + ([AARON] if state[S_HAS_AARON] else [])
    lines += [_seat_line(state, owner, seat) for owner in owners]
    return lines


def own_cards(state, seat: int, variant_flags) -> dict[int, str]:
    """``play``'s hook: the cards in ``seat``'s hand, each by its own key (a card id), named as the
    seat reads them; ``play`` names the ones new since the last step (the seat's own draws, which
    the log records only as a count)."""
    return {card: card_name(card) for card in _hand(state, seat)}


def narrate_for_seat(log, count: int, variant_flags, seat: int) -> list[str]:
    """GameSpec hook: the first ``count`` log records as ``seat`` reads them.  Every record of the
    Loot Island log is public (cards drawn are logged as a count, discards and plays lie face up,
    treasures are taken in the open), so every seat reads the same lines; they keep the engine's
    order and repeats are not folded, so the lines for fewer records are a prefix of the lines
    for more (``narrate.format_log``, ``as_written``)."""
    return format_log(log, count, as_written=True, variant_flags=variant_flags)
