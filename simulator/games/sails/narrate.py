"""Sails narration: replay one game with logging on and describe every event in plain English."""

import numpy as np

from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label, seat_number
from simulator.games.sails.components import ACTION_TEXT, COLOUR_NAMES, TREASURE_PER_COLOUR, island_name, treasure_name
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
    EV_SEAT_START,
    EV_STEAL,
    EV_TAKE,
    EV_TRICK_START,
    EV_UNDER,
    EV_WIN,
    FLAG_RULES,
    HIDE_NUMBER,
    OUTCOME_TREASURE,
    R_A1_BONUS,
    R_A2_CARDS,
    R_A3_CARDS,
    R_TREASURE_POINTS,
    R_TREASURES_PER_COLOUR,
)

LOG_ROWS = 4000
DECK_NAMES = {1: ("the deck",), 2: ("the red/blue deck", "the green/purple deck")}
CARD_NAMES = ("red/blue", "green/purple")
ACTION_NAMES = {1: "steal 2 Bonus cards", 2: "swap 2 Island cards", 3: "reorder 3 treasures",
                4: "take back a played card"}
"""A few words naming each action (the activation line quotes its full text), with the rulebook's numbers."""


def action_words(variant_flags) -> dict[int, tuple[str, str]]:
    """Action number -> (its full text, a few words), with the numbers of the rule settings
    (``a1_bonus_cards``, ``a2_island_cards``, ``a3_treasure_cards``): the rulebook's words when they
    are the rulebook's numbers."""
    from simulator.games.sails.settings import RULE_SETTINGS

    block = np.asarray(variant_flags)[FLAG_RULES:]
    words = {action: (ACTION_TEXT[action], ACTION_NAMES[action]) for action in ACTION_NAMES}
    defaults = {name: RULE_SETTINGS.by_name[name].default for name in ("a1_bonus_cards", "a2_island_cards",
                                                                          "a3_treasure_cards")}  # fmt: skip
    a1, a2, a3 = int(block[R_A1_BONUS]), int(block[R_A2_CARDS]), int(block[R_A3_CARDS])
    if a1 != defaults["a1_bonus_cards"]:
        words[1] = (f"Steal {_bonus_cards(a1)} from another player; if that is not possible, take {a1} from the "
                    f"Bonus deck.", f"steal {_bonus_cards(a1)}")  # fmt: skip
    if a2 != defaults["a2_island_cards"]:
        cards = plural(a2, "random Island card")
        words[2] = (f"Steal {cards} from another player's hand, then give that player back {plural(a2, 'Island card')} "
                    f"of your choice (1 if hands hold only 1 card).", f"swap {plural(a2, 'Island card')}")  # fmt: skip
    if a3 != defaults["a3_treasure_cards"]:
        treasures = plural(a3, "face-down Treasure card")
        words[3] = (f"Look at the top {treasures} of one deck and put them back in any order.",
                    f"reorder {plural(a3, 'treasure')}")
    return words


def treasure_points(variant_flags) -> list[int]:
    """The points of every treasure card id (0..31) a flag vector plays with (setting
    treasure_values, from the flag vector's rules block), for texts and pictures."""
    block = np.asarray(variant_flags)[FLAG_RULES:]
    per_colour = int(block[R_TREASURES_PER_COLOUR])
    return [int(block[R_TREASURE_POINTS + card % TREASURE_PER_COLOUR]) if card % TREASURE_PER_COLOUR < per_colour
            else 0 for card in range(4 * TREASURE_PER_COLOUR)]  # fmt: skip


def _treasure(card, points):
    return treasure_name(int(card), points) if card >= 0 else "nothing"


def _treasure_points(card: int, points) -> int:
    return int(points[card])


def _bonus_cards(count: int) -> str:
    return plural(count, "Bonus card")


def _with_bonus(count: int) -> str:
    return f" with {_bonus_cards(count)}" if count else ""


class Standing:
    """Each seat's running count within a round, from the public records: the points of the
    treasures on its pile and the Bonus cards it holds (both start at 0 in each round)."""

    def __init__(self) -> None:
        """No seat known yet: seats appear with their deal."""
        self.points: dict[int, int] = {}
        self.bonus: dict[int, int] = {}
        self.round_totals: dict[int, int] = {}

    def new_round(self) -> None:
        """Piles and Bonus cards start empty in each round (the round totals carry on)."""
        self.points.clear()
        self.bonus.clear()

    @staticmethod
    def add(table: dict[int, int], seat: int, amount: int) -> None:
        table[seat] = table.get(seat, 0) + amount

    def follow(self, code: int, a: int, b: int, c: int, d: int, e: int, points) -> None:
        """Update the counts with one record (``code``, ``a`` .. ``e``: see ``EV_*`` in ``state.py``)."""
        if code == EV_ROUND_START:
            self.new_round()
        elif code == EV_DEAL:
            self.points.setdefault(a, 0)
            self.bonus.setdefault(a, 0)
        elif code == EV_TAKE:
            Standing.add(self.points, a, _treasure_points(c, points))
        elif code == EV_STEAL:
            Standing.add(self.points, a, _treasure_points(c, points))
            Standing.add(self.points, b, -_treasure_points(c, points))
        elif code == EV_PLACE:
            Standing.add(self.bonus, a, -d)
        elif code == EV_BONUS_AFTER:
            Standing.add(self.bonus, a, -b)
        elif code == EV_BONUS_GIVEN:
            Standing.add(self.bonus, a, c)
        elif code == EV_A1:
            Standing.add(self.bonus, a, c)
            if b >= 0:
                Standing.add(self.bonus, b, -c)
        elif code == EV_ROUND_SCORE:
            Standing.add(self.round_totals, a, e)
        elif code == EV_SEAT_START:
            Standing.add(self.bonus, a, b)
            Standing.add(self.round_totals, a, c)

    def line(self, round_index: int, trick: int) -> str:
        """``Standing after round 1, trick 3: seat 1 9 treasure points, 2 Bonus cards; ...``."""
        seats = "; ".join(f"{seat_label(seat)}: {plural(self.points[seat], 'treasure point')}, "
                          f"{_bonus_cards(self.bonus[seat])}" for seat in sorted(self.points))
        return f"Standing after round {round_index + 1}, trick {trick + 1}: {seats}"


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
        return f"Seat {seat_number(a)} is dealt {plural(b + c + d + e, 'card')}"
    if code == EV_PASS:
        return f"Seat {seat_number(a)} passes a card to seat {seat_number(b)}"
    if code == EV_A2_TAKE:
        return f"Seat {seat_number(a)} takes a card at random from seat {seat_number(b)}"
    if code == EV_A2_GIVE:
        return f"Seat {seat_number(a)} gives a card to seat {seat_number(b)}"
    return f"Seat {seat_number(a)} looks at the top of {decks[b]} and puts the cards back in an order of its choice"


def _tops(decks, d, e, points) -> str:
    """What each deck shows on top (``d``, ``e``: top treasures, -1 for an empty deck)."""
    return ", ".join(f"{decks[i]} shows {_treasure(top, points)}" if top >= 0 else f"{decks[i]} is empty"
                     for i, top in enumerate((d, e)[:len(decks)]))


def describe(code, a, b, c, d, e, decks, points, standing: Standing, actions=None) -> str:
    """The plain-English line of one record, everything shown (``decks``: this round's deck names;
    ``actions``: ``action_words`` of the game, the rulebook's by default)."""
    seat = f"Seat {seat_number(a)}"
    if code == EV_ROUND_START:
        return f"=== Round {a + 1}: first player seat {seat_number(b)}"
    if code == EV_DEAL:
        return f"{seat} is dealt {b} red, {c} blue, {d} green, {e} purple"
    if code == EV_PASS:
        choice = " (chosen among tied colours)" if d else ""
        return f"{seat} passes {island_name(c)} to seat {seat_number(b)}{choice}"
    if code == EV_TRICK_START:
        return f"-- Round {a + 1}, trick {b + 1}: first player seat {seat_number(c)}; {_tops(decks, d, e, points)}"
    if code == EV_PLACE:
        shown = f"the colour {COLOUR_NAMES[c]}" if b == HIDE_NUMBER else f"the number {c}"
        return f"{seat} plays a card showing {shown}{_with_bonus(d)}"
    if code == EV_REVEAL:
        value = f" (value {d})" if c else ""
        return f"{seat} reveals {island_name(b)}{_with_bonus(c)}{value}"
    if code == EV_BONUS_AFTER:
        return f"{seat} adds {_bonus_cards(b)} after the reveal (value {c})"
    if code == EV_WIN:
        what = COLOUR_NAMES[b] if b < 4 else f"{CARD_NAMES[b - 4]} (merged colours)"
        if d == OUTCOME_TREASURE:
            return f"{seat} wins {what} with value {c}: takes the treasure of {decks[e]} or steals one"
        return f"{seat} wins {what} with value {c}: the {CARD_NAMES[e]} Action card"
    if code == EV_TAKE:
        return f"{seat} takes {_treasure(c, points)} from {decks[b]}"
    if code == EV_STEAL:
        return f"{seat} steals {_treasure(c, points)} from seat {seat_number(b)}'s pile"
    if code == EV_BONUS_GIVEN:
        received = _bonus_cards(c) if c else "no Bonus card"
        short = "" if c == b else f" ({b} due; the Bonus deck ran out)"
        return f"{seat} played the weakest {COLOUR_NAMES[d]} card: receives {received}{short}"
    if code == EV_ACTION:
        text = actions[b][0] if actions else ACTION_TEXT[b]
        return f"{seat} activates the {CARD_NAMES[c]} Action card: {text}"
    if code == EV_A1:
        source = "the Bonus deck" if b < 0 else f"seat {seat_number(b)}"
        return f"{seat} takes {_bonus_cards(c)} from {source}"
    if code == EV_A2_TAKE:
        return f"{seat} takes {island_name(c)} at random from seat {seat_number(b)}"
    if code == EV_A2_GIVE:
        return f"{seat} gives {island_name(c)} to seat {seat_number(b)}"
    if code == EV_A3:
        order = ", ".join(_treasure(x, points) for x in (c, d, e) if x >= 0)
        return f"{seat} looks at {decks[b]} and puts back (top first): {order}"
    if code == EV_A4_TAKE:
        return f"{seat} takes back {island_name(b)} (played by seat {seat_number(c)})"
    if code == EV_A4_DISCARD:
        return f"{seat} discards {island_name(b)}"
    if code == EV_NO_EFFECT:
        name = actions[b][1] if actions else ACTION_NAMES[b]
        return f"{seat}'s Action card ({name}) has no effect"
    if code == EV_UNDER:
        return f"Nobody took {_treasure(b, points)}: it goes under {decks[a]}"
    if code == EV_ROUND_SCORE:
        total = f"; total {standing.round_totals[a]}" if b > 0 else ""
        return (f"Round {b + 1} score, seat {seat_number(a)}: {plural(c, 'treasure point')} + "
                f"{plural(d, 'Bonus point')} = {e}{total}")
    if code == EV_SEAT_START:
        given = [_bonus_cards(b)] if b else []
        given += [plural(c, "point")] if c else []
        return f"{seat} starts with {' and '.join(given)} (rule settings)"
    if code == EV_FINAL:
        return f"Final: seat {seat_number(a)} scores {b}, rank {c}"
    return f"unknown event {code}: {a} {b} {c} {d} {e}"


def format_log(log, count, points, seat=None, actions=None):
    """Plain-English lines for the first ``count`` records of ``log``; with ``seat`` (engine
    index), what that seat sees: records hidden from it say who acted, not what.  After each
    trick, a standing line gives every seat's treasure points and Bonus cards in the round.
    ``points``: each treasure's points (``treasure_points``); ``actions``: ``action_words``."""
    lines = []
    decks = DECK_NAMES[2]
    standing = Standing()
    trick_open = None  # (round, trick) of the trick under way, until its standing line is written
    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if trick_open is not None and code in (EV_TRICK_START, EV_ROUND_SCORE):
            lines.append(standing.line(*trick_open))
            trick_open = None
        if code == EV_ROUND_START:
            decks = DECK_NAMES[c]
        elif code == EV_TRICK_START:
            trick_open = (a, b)
        standing.follow(code, a, b, c, d, e, points)
        if seat is not None and hidden_from(seat, code, a, b):
            lines.append(redacted(code, a, b, c, d, e, decks))
        elif seat is not None and code == EV_PASS:  # a tie between colours tells what else the hand holds
            lines.append(describe(code, a, b, c, 0, e, decks, points, standing, actions))
        else:
            lines.append(describe(code, a, b, c, d, e, decks, points, standing, actions))
    return lines


def replay_log(run_seed, game_index, variant_flags, strategies, params) -> tuple[np.ndarray, int]:
    """Replay one game with logging on; return ``(log, count)``: the engine's records, before any
    wording (``tests/sails/make_reference.py`` digests them as the identity proof of the games)."""
    from simulator.games.sails.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    return log, int(count)


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    log, count = replay_log(run_seed, game_index, variant_flags, strategies, params)
    return format_log(log, count, treasure_points(variant_flags), actions=action_words(variant_flags))
