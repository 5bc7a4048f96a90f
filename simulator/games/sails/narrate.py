"""Sails narration: replay one game with logging on and describe every event in plain English."""

import numpy as np

from simulator.core.seats import seat_number
from simulator.games.sails.components import ACTION_TEXT, COLOUR_NAMES, island_name, treasure_name
from simulator.games.sails.state import (
    EV_A1,
    EV_A2_GIVE,
    EV_A2_TAKE,
    EV_A3,
    EV_A4_DISCARD,
    EV_A4_TAKE,
    EV_ACTION,
    EV_BONUS_AFTER,
    EV_BONUS_GIVEN,
    EV_DEAL,
    EV_FINAL,
    EV_NO_EFFECT,
    EV_PASS,
    EV_PLACE,
    EV_REVEAL,
    EV_ROUND_SCORE,
    EV_ROUND_START,
    EV_STEAL,
    EV_TAKE,
    EV_TRICK_START,
    EV_UNDER,
    EV_WIN,
    FLAG_VALUE_SET,
    HIDE_NUMBER,
    OUTCOME_TREASURE,
)

LOG_ROWS = 4000
DECK_NAMES = {1: ("the deck",), 2: ("the red/blue deck", "the green/purple deck")}
CARD_NAMES = ("red/blue", "green/purple")


def _treasure(card, value_set):
    return treasure_name(int(card), value_set) if card >= 0 else "nothing"


def _bonus(count):
    return f" + {count} Bonus" if count else ""


def hidden_from(seat, code, a, b):
    """Whether ``seat`` does not see what record (``code``, ``a``, ``b``, ...) says in full: another
    seat's dealt hand (§ setup), a pass between two other seats (cards pass face down), an A2
    exchange between two other seats, the order another seat chose with A3."""
    if code == EV_DEAL or code == EV_A3:
        return a != seat
    if code in (EV_PASS, EV_A2_TAKE, EV_A2_GIVE):
        return a != seat and b != seat
    return False


def redacted(code, a, b, c, d, e, decks):
    """The line a seat that does not see record (``code``, ...) reads: who did what, not which card."""
    if code == EV_DEAL:
        return f"Seat {seat_number(a)} is dealt {b + c + d + e} cards"
    if code == EV_PASS:
        return f"Seat {seat_number(a)} passes a card to seat {seat_number(b)}"
    if code == EV_A2_TAKE:
        return f"Seat {seat_number(a)} takes a card at random from seat {seat_number(b)}"
    if code == EV_A2_GIVE:
        return f"Seat {seat_number(a)} gives a card to seat {seat_number(b)}"
    return f"Seat {seat_number(a)} looks at the top of {decks[b]} and puts the cards back in an order of its choice"


def format_log(log, count, value_set, seat=None):
    """Plain-English lines for the first ``count`` records of ``log`` (one line per record); with
    ``seat`` (engine index), what that seat sees: records hidden from it say who acted, not what."""
    lines = []
    decks = DECK_NAMES[2]
    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if seat is not None and hidden_from(seat, code, a, b):
            lines.append(redacted(code, a, b, c, d, e, decks))
        elif code == EV_ROUND_START:
            decks = DECK_NAMES[c]
            tops = ", ".join(f"{decks[i]} shows {_treasure((d, e)[i], value_set)}" for i in range(c))
            lines.append(f"=== Round {a + 1}: first player seat {seat_number(b)}; {tops}")
        elif code == EV_DEAL:
            lines.append(f"Seat {seat_number(a)} is dealt {b} red, {c} blue, {d} green, {e} purple")
        elif code == EV_PASS:
            choice = " (chosen among tied colours)" if d else ""
            lines.append(f"Seat {seat_number(a)} passes {island_name(c)} to seat {seat_number(b)}{choice}")
        elif code == EV_TRICK_START:
            tops = ", ".join(f"{decks[i]} shows {_treasure((d, e)[i], value_set)}" for i in range(len(decks)))
            lines.append(f"-- Round {a + 1}, trick {b + 1}: first player seat {seat_number(c)}; {tops}")
        elif code == EV_PLACE:
            shown = f"the colour {COLOUR_NAMES[c]}" if b == HIDE_NUMBER else f"the number {c}"
            lines.append(f"Seat {seat_number(a)} plays a card showing {shown}{_bonus(d)}")
        elif code == EV_REVEAL:
            lines.append(f"Seat {seat_number(a)} reveals {island_name(b)}{_bonus(c)} (value {d})")
        elif code == EV_BONUS_AFTER:
            lines.append(f"Seat {seat_number(a)} attaches {b} Bonus after the reveal (value {c})")
        elif code == EV_WIN:
            what = COLOUR_NAMES[b] if b < 4 else f"{CARD_NAMES[b - 4]} (merged colours)"
            result = f"the treasure of {decks[e]}" if d == OUTCOME_TREASURE else f"the {CARD_NAMES[e]} Action card"
            lines.append(f"Seat {seat_number(a)} wins {what} with value {c}: {result}")
        elif code == EV_TAKE:
            lines.append(f"Seat {seat_number(a)} takes {_treasure(c, value_set)} from {decks[b]}")
        elif code == EV_STEAL:
            lines.append(f"Seat {seat_number(a)} steals {_treasure(c, value_set)} from seat {seat_number(b)}")
        elif code == EV_BONUS_GIVEN:
            short = "" if c == b else f" (due {b}, the Bonus deck ran short)"
            lines.append(f"Seat {seat_number(a)} played the weakest {COLOUR_NAMES[d]} card and receives {c} Bonus{short}")
        elif code == EV_ACTION:
            lines.append(f"Seat {seat_number(a)} activates the {CARD_NAMES[c]} Action card: A{b} ({ACTION_TEXT[b]})")
        elif code == EV_A1:
            source = "the Bonus deck" if b < 0 else f"seat {seat_number(b)}"
            lines.append(f"Seat {seat_number(a)} takes {c} Bonus from {source}")
        elif code == EV_A2_TAKE:
            lines.append(f"Seat {seat_number(a)} takes {island_name(c)} at random from seat {seat_number(b)}")
        elif code == EV_A2_GIVE:
            lines.append(f"Seat {seat_number(a)} gives {island_name(c)} to seat {seat_number(b)}")
        elif code == EV_A3:
            order = ", ".join(_treasure(x, value_set) for x in (c, d, e) if x >= 0)
            lines.append(f"Seat {seat_number(a)} looks at {decks[b]} and puts back (top first): {order}")
        elif code == EV_A4_TAKE:
            lines.append(f"Seat {seat_number(a)} takes back {island_name(b)} (played by seat {seat_number(c)})")
        elif code == EV_A4_DISCARD:
            lines.append(f"Seat {seat_number(a)} discards {island_name(b)}")
        elif code == EV_NO_EFFECT:
            lines.append(f"Seat {seat_number(a)}'s action A{b} has no effect")
        elif code == EV_UNDER:
            lines.append(f"{decks[a].capitalize()}: {_treasure(b, value_set)} goes under the deck")
        elif code == EV_ROUND_SCORE:
            lines.append(f"Round {b + 1} score, seat {seat_number(a)}: {c} treasure points + {d} Bonus points = {e}")
        elif code == EV_FINAL:
            lines.append(f"Final: seat {seat_number(a)} scores {b}, rank {c}")
        else:
            lines.append(f"unknown event {code}: {a} {b} {c} {d} {e}")
    return lines


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    from simulator.games.sails.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    return format_log(log, int(count), int(flags[FLAG_VALUE_SET]))
