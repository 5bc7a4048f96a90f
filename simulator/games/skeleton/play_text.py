"""Skeleton Island in the terminal (``islandsim play``): the options of a decision in plain words,
the seat's view of the game, and the narration as the seat sees it.

Every card face shown goes through ``visibility.content_hidden`` (the game's declaration of what
each seat can see): a face-down card of the pile is "a face-down card" unless the seat looked at
it, another seat's card in hand or hidden collection (``hidden-collection``) stays unnamed.

The engine keeps no coordinates of the spread, only which card lies on which (``COVERED_BY``), so
a clear card is told apart by its face and by where it lies: how many cards it lies on and what
taking it would uncover.  Slot numbers are never shown (since R2's shuffle of the contents over the
slots they no longer follow the card printed on it, but they mean nothing to a player).  Cards that read alike are numbered in an order
drawn from the public spread (:func:`_public_order`), never by slot.  Plain Python, never
compiled (``compiled_cache.NOT_COMPILED``)."""

from __future__ import annotations

from collections import Counter

from simulator.core.engine.narration import plural
from simulator.core.engine.option_steps import OptionText, number_alike
from simulator.core.engine.seats import seat_label, seat_number
from simulator.games.skeleton.components import COLOUR_NAMES, content_name as _content_name
from simulator.games.skeleton.narrate import format_log
from simulator.games.skeleton.state import (
    BLOW,
    tables_of,
    CARDS_HELD,
    CLAIM_COMBO_SHIFT,
    CLAIM_PIECES,
    CLEAR_MASK,
    COMBO_NAMES,
    COVERED_BY,
    CURRENT,
    FACE_UP_MASK,
    FIRST_PLAYER,
    FLAG_HIDDEN_COLLECTION,
    FLAG_KEEP_MAP_PIECES,
    FLAGS,
    ISLAND_OWNER,
    ISLANDS,
    KEEP,
    KEEP_OR_PUTBACK,
    LOC_HAND,
    LOC_PILE,
    LOC_SEAT,
    N_CARDS,
    NO_CARD,
    PILE_COUNT,
    PILE_MASK,
    PIRACY_DISCARD,
    PLAYERS,
    PUTBACK_COVER,
    PUTBACK_SLOT,
    REMOVED_MASK,
    SCORE,
    SECOND_CARD,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    STEAL,
    STEAL_CARD_SHIFT,
    STEAL_RANDOM,
    TAKE_CARD,
    TAKEN_SLOT,
    TURN,
    TURN_PIRACY_DOUBLE,
    TURN_PIRACY_STEAL,
    TURN_STANDARD,
    TURN_TYPE,
)
from simulator.games.skeleton.visibility import content_hidden

TURN_TEXTS = {
    TURN_STANDARD: "a standard turn: take a clear card of the pile",
    TURN_PIRACY_STEAL: "a piracy turn: discard 3 cards, then steal a card from an opponent",
    TURN_PIRACY_DOUBLE: "a piracy turn: discard 3 cards, then play two standard turns",
}
MASK_64 = (1 << 64) - 1


DECISION_WORDS = {
    "blow": "blow on the sand pile or not",
    "turn_type": "what kind of turn to take",
    "piracy_discard": "which card to discard for the piracy turn",
    "steal": "whom to steal from, and which card",
    "take_card": "which card of the pile to take",
    "keep_or_putback": "keep the card or put it back",
    "second_card": "a second card to take",
    "claim_pieces": "which Island card to claim",
    "putback_cover": "which card to cover with the one put back",
}
"""What each decision asks, in a player's words (``narration.decision_words``: ``play`` and the replay page)."""


def _mix(value: int) -> int:
    """SplitMix64's finaliser: a public, fixed scrambling of a number."""
    value = (value + 0x9E3779B97F4A7C15) & MASK_64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK_64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK_64
    return value ^ (value >> 31)


def _public_order(state, slot: int) -> int:
    """Where a card stands among cards that read alike: a scramble of its slot keyed by the public
    spread and the turn, so that the order is not the slot order (which follows the faces)."""
    return _mix(slot ^ _mix(int(state[PILE_MASK]) ^ (int(state[TURN]) << 1)))


def _in_pile(state, slot: int) -> bool:
    return (int(state[PILE_MASK]) >> slot) & 1 == 1


def _face_up(state, slot: int) -> bool:
    return (int(state[FACE_UP_MASK]) >> slot) & 1 == 1


def content_name(state, content: int) -> str:
    """The name of ``content`` in this game's deck (its rule settings, in the state's flags)."""
    return _content_name(content, tables_of(state[FLAGS:]))


def _content(state, seat: int, slot: int) -> int | None:
    """The card printed on ``slot`` if ``seat`` may know it, else None."""
    return None if content_hidden(state, seat, slot) else int(state[SLOT_CONTENT + slot])


def _unseen(state, slot: int) -> str:
    return "a covered face-up card" if _face_up(state, slot) else "a face-down card"


def _card_words(state, seat: int, slot: int) -> str:
    """``'the face-up red half map'``, ``'the face-down 2-coin card you looked at'``, ``'a face-down card'``."""
    content = _content(state, seat, slot)
    if content is None:
        return _unseen(state, slot)
    if _face_up(state, slot):
        return f"the face-up {content_name(state, content)}"
    return f"the face-down {content_name(state, content)} you looked at"


def _lies_on(state, slot: int) -> list[int]:
    """The cards of the pile that ``slot`` lies on."""
    return [other for other in range(int(state[N_CARDS]))
            if _in_pile(state, other) and (int(state[COVERED_BY + other]) >> slot) & 1]  # fmt: skip


def _freed_by(state, slot: int) -> list[int]:
    """The cards of the pile that taking ``slot`` would leave clear (it is their only cover)."""
    pile = int(state[PILE_MASK])
    return [other for other in _lies_on(state, slot) if int(state[COVERED_BY + other]) & pile == 1 << slot]


def _count_faces(state, seat: int, slots: list[int]) -> str:
    """``'a face-up red half map and 2 face-down cards'``."""
    named: Counter[str] = Counter()
    unseen: Counter[str] = Counter()
    for slot in slots:
        content = _content(state, seat, slot)
        if content is None or not _face_up(state, slot):
            unseen["covered face-up card" if content is None and _face_up(state, slot) else "face-down card"] += 1
        else:
            named[f"face-up {content_name(state, content)}"] += 1
    words = [f"a {name}" if count == 1 else plural(count, name) for name, count in sorted(named.items())]
    words += [plural(count, kind) for kind, count in sorted(unseen.items())]
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _where(state, seat: int, slot: int) -> str:
    """``'lies on 3 cards, taking it frees a face-up red half map'``, ``'lies on nothing'``."""
    below = _lies_on(state, slot)
    if not below:
        return "lies on nothing"
    return f"lies on {plural(len(below), 'card')}, taking it frees {_count_faces(state, seat, _freed_by(state, slot))}"


def _take_labels(state, seat: int, slot: int, verb: str) -> tuple[str, str]:
    return (f"{verb} {_card_words(state, seat, slot)}", _where(state, seat, slot))


def _held(state, owner: int) -> list[int]:
    return [slot for slot in range(int(state[N_CARDS])) if state[SLOT_LOC + slot] == LOC_SEAT + owner]


def describe_option(state, seat: int, kind: int, option: int) -> OptionText:
    """One option of a Skeleton Island decision in plain words (a card of the pile: its face, then where it lies)."""
    if kind == BLOW:
        return "blow on the sand pile (sandstorm)" if option else "do not blow"
    if kind == TURN_TYPE:
        return TURN_TEXTS[option]
    if kind == PIRACY_DISCARD:
        return f"discard your {content_name(state, int(state[SLOT_CONTENT + option]))}"
    if kind == STEAL:
        victim, slot = option & ((1 << STEAL_CARD_SHIFT) - 1), option >> STEAL_CARD_SHIFT
        if slot == STEAL_RANDOM:
            return (f"steal from {seat_label(victim)}",
                    f"a random card of their {plural(int(state[CARDS_HELD + victim]), 'card')}")  # fmt: skip
        content = _content(state, seat, slot)
        their = f"their {content_name(state, content)}" if content is not None else "a card"
        return (f"steal from {seat_label(victim)}", their)
    if kind in (TAKE_CARD, SECOND_CARD):
        if option == NO_CARD:
            return "take no second card"
        return _take_labels(state, seat, option, "take")
    if kind == KEEP_OR_PUTBACK:
        taken = int(state[TAKEN_SLOT])
        what = content_name(state, int(state[SLOT_CONTENT + taken])) if taken >= 0 else "card"
        return f"keep the {what}" if option == KEEP else f"put the {what} back at the edge of the pile"
    if kind == CLAIM_PIECES:
        colour, combo = option & ((1 << CLAIM_COMBO_SHIFT) - 1), option >> CLAIM_COMBO_SHIFT
        pieces = "keeping the pieces" if state[FLAGS + FLAG_KEEP_MAP_PIECES] else f"handing in {COMBO_NAMES[combo]}"
        return f"claim the {COLOUR_NAMES[colour]} Island card with {COMBO_NAMES[combo]}, {pieces}"
    if kind == PUTBACK_COVER:
        if option == NO_CARD:
            return "cover no card"
        return _take_labels(state, seat, option, "cover")
    return f"choice {option}"


def _option_slot(kind: int, option: int) -> int:
    if kind == STEAL:
        slot = option >> STEAL_CARD_SHIFT
        return -1 if slot == STEAL_RANDOM else slot
    if kind in (TAKE_CARD, SECOND_CARD, PUTBACK_COVER, PIRACY_DISCARD):
        return option
    return -1


def describe_options(state, seat: int, kind: int, options, n_options: int, variant_flags) -> list[OptionText]:
    """GameSpec hook: per offered option, its text or step labels; cards that read alike are
    numbered in a public order (never the slot order)."""
    texts = [describe_option(state, seat, kind, int(options[i])) for i in range(n_options)]
    keys = [_public_order(state, _option_slot(kind, int(options[i]))) for i in range(n_options)]
    return number_alike(texts, keys)


def _pile_lines(state, seat: int) -> list[str]:
    clear = [slot for slot in range(int(state[N_CARDS])) if (int(state[CLEAR_MASK]) >> slot) & 1]
    clear_texts = sorted(f"{_card_words(state, seat, slot)} ({_where(state, seat, slot)})" for slot in clear)
    lines = [f"Sand pile: {plural(int(state[PILE_COUNT]), 'card')}, {len(clear)} clear:"]
    lines += [f"  {text}" for text in clear_texts]
    covered_up = sorted(content_name(state, content) for slot in range(int(state[N_CARDS]))
                        if _in_pile(state, slot) and slot not in clear and _face_up(state, slot)
                        and (content := _content(state, seat, slot)) is not None)  # fmt: skip
    if covered_up:
        lines.append(f"Face-up cards under others: {_times(covered_up)}")
    looked = sorted(content_name(state, int(state[SLOT_CONTENT + slot])) for slot in range(int(state[N_CARDS]))
                    if _in_pile(state, slot) and slot not in clear and not _face_up(state, slot)
                    and (int(state[SEEN + seat]) >> slot) & 1)  # fmt: skip
    if looked:
        lines.append(f"Covered face-down cards you looked at: {_times(looked)}")
    return lines


def _times(names: list[str]) -> str:
    """``'1-coin card x3, blue quarter map'``: sorted names, each once with how many there are."""
    counts = Counter(names)
    return ", ".join(name if count == 1 else f"{name} x{count}" for name, count in sorted(counts.items()))


def _holding(state, seat: int, owner: int) -> str:
    """``'1-coin card x2, blue half map, 1 face-down card'``: the cards in front of ``owner`` as ``seat`` sees them."""
    held = _held(state, owner)
    names = [content_name(state, content) for slot in held if (content := _content(state, seat, slot)) is not None]
    unseen = len(held) - len(names)
    return ", ".join(([_times(names)] if names else []) + ([plural(unseen, "face-down card")] if unseen else [])) \
        or "no cards"


def _seat_line(state, seat: int, owner: int) -> str:
    you = " (you)" if owner == seat else ""
    hidden = state[FLAGS + FLAG_HIDDEN_COLLECTION] != 0 and owner != seat
    coins = "" if hidden else f"{plural(int(state[SCORE + owner]), 'coin')}, "
    return (f"  seat {seat_number(owner)}{you}: {coins}{plural(int(state[ISLANDS + owner]), 'Island card')}; "
            f"holds {_holding(state, seat, owner)}")  # fmt: skip


def describe_view(state, seat: int, variant_flags) -> list[str]:
    """GameSpec hook: what ``seat`` sees: the turn, the clear cards of the pile (face, where it
    lies, what it would free), the Island cards, every seat's coins and cards (as far as it may know)."""
    players = int(state[PLAYERS])
    lines = [f"Turn {int(state[TURN])}; seat {seat_number(int(state[CURRENT]))} to play "
             f"(first player seat {seat_number(int(state[FIRST_PLAYER]))})"]  # fmt: skip
    taken = int(state[TAKEN_SLOT])
    if taken >= 0 and state[SLOT_LOC + taken] == LOC_HAND and (content := _content(state, seat, taken)) is not None:
        lines.append(f"In hand: the {content_name(state, content)}" + ("" if _face_up(state, taken) else " (taken face down)"))
    putback = int(state[PUTBACK_SLOT])
    if putback >= 0 and state[SLOT_LOC + putback] == LOC_PILE and int(state[CURRENT]) == seat:
        lines.append(f"Put back this turn (not to be taken again): {_card_words(state, seat, putback)}")
    lines += _pile_lines(state, seat)
    islands = [f"{name}: " + ("unclaimed" if state[ISLAND_OWNER + colour] < 0
                              else f"seat {seat_number(int(state[ISLAND_OWNER + colour]))}")
               for colour, name in enumerate(COLOUR_NAMES)]  # fmt: skip
    lines.append(f"Island cards: {'; '.join(islands)}")
    removed = bin(int(state[REMOVED_MASK])).count("1")
    if removed:
        lines.append(f"Out of the game: {plural(removed, 'card')}")
    lines += [_seat_line(state, seat, owner) for owner in range(players)]
    return lines


def narrate_for_seat(log, count: int, variant_flags, seat: int) -> list[str]:
    """GameSpec hook: the first ``count`` log records as ``seat`` reads them: what another seat
    looks at stays unnamed, and under hidden-collection so do the other seats' kept and stolen
    cards and their coins; repeats are not folded (the lines for fewer records are a prefix of
    the lines for more)."""
    return format_log(log, count, seat=seat, hidden_collection=bool(variant_flags[FLAG_HIDDEN_COLLECTION]),
                      fold=False, flags=variant_flags)  # fmt: skip

