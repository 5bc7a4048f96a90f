"""Skeleton Island narration: replay one game with logging on and describe every event.

Cards are named by what they are ("the face-up red half map", "a face-down card"), never by
slot numbers; at the start of every round (each time the first player's turn comes round
again) a short standing line gives each seat's running counts (coins, Island cards, map
pieces, pirate objects), kept here from the logged events; a stretch of identical lines (a
stalled game under second-card-optional) is folded into one copy and a count.
"""

from dataclasses import dataclass, field

import numpy as np

from simulator.core.engine.narration import fold_repeats, plural
from simulator.core.engine.seats import seat_label
from simulator.games.skeleton.components import (
    COLOUR_NAMES,
    HALF_UNITS,
    ISLAND_COINS,
    KIND_COIN,
    KIND_OBJECT,
    KIND_PIECE,
    content_name,
)
from simulator.games.skeleton.state import (
    COMBO_FOUR_QUARTERS,
    COMBO_HALF_TWO_QUARTERS,
    COMBO_NAMES,
    COMBO_TWO_HALVES,
    END_NAMES,
    EV_BLOW,
    EV_CLAIM,
    EV_COVER,
    EV_DISCARD,
    EV_END,
    EV_FINAL,
    EV_FLIP,
    EV_KEEP,
    EV_LOOK,
    EV_NO_SECOND,
    EV_PIRACY,
    EV_PUT_BACK,
    EV_SETUP,
    EV_STEAL,
    EV_TAKE,
    EV_TURN,
    TURN_PIRACY_STEAL,
    tables_of,
)

LOG_ROWS = 4000
HANDED_IN = {COMBO_TWO_HALVES: (2, 0), COMBO_HALF_TWO_QUARTERS: (1, 2), COMBO_FOUR_QUARTERS: (0, 4)}
"""Claim combination -> (halves, quarters) handed in (R17-R18)."""


@dataclass
class Holding:
    """What one seat holds, as the narration follows it (coins, Islands, pieces, objects)."""

    coins_on_cards: int = 0
    islands: int = 0
    objects: int = 0
    cards: int = 0  # Sand cards held
    pieces: dict = field(default_factory=dict)  # colour -> [halves, quarters]
    flags: object = None  # the run's flag vector (its deck and rule settings); None: the defaults
    start_coins: int = 0  # setting seatK_start_coins
    island_coins: int = ISLAND_COINS  # setting island_coins (R19)

    def change(self, content: int, sign: int) -> None:
        """Gain (``sign`` 1) or lose (-1) the card ``content``."""
        self.cards += sign
        kinds, colours, units, coins = tables_of(self.flags)
        kind = kinds[content]
        if kind == KIND_COIN:
            self.coins_on_cards += sign * int(coins[content])
        elif kind == KIND_OBJECT:
            self.objects += sign
        elif kind == KIND_PIECE:
            counts = self.pieces.setdefault(int(colours[content]), [0, 0])
            counts[0 if units[content] == HALF_UNITS else 1] += sign

    def hand_in(self, colour: int, combo: int) -> None:
        """R18: the pieces of a completed map go back to the box."""
        halves, quarters = HANDED_IN[combo]
        counts = self.pieces.setdefault(colour, [0, 0])
        counts[0] -= halves
        counts[1] -= quarters
        self.cards -= halves + quarters

    def summary(self, hidden: bool = False) -> str:
        """``'7 coins, 1 Island card, 2 map pieces'``; with ``hidden`` (another seat's collection
        under hidden-collection) only the Island cards and how many cards it holds."""
        if hidden:
            return f"{plural(self.islands, 'Island card')}, {plural(self.cards, 'card')} face down"
        coins = self.islands * self.island_coins + self.coins_on_cards + self.start_coins
        pieces = sum(sum(counts) for counts in self.pieces.values())
        parts = [plural(coins, "coin"), plural(self.islands, "Island card"), plural(pieces, "map piece")]
        if self.objects:
            parts.append(plural(self.objects, "pirate object"))
        return ", ".join(parts)


def standing_line(holdings: list[Holding], hidden_from: int | None = None) -> str:
    """``  standing: seat 1 7 coins, 1 Island card, 2 map pieces; seat 2 ...``; with
    ``hidden_from`` (hidden-collection, narrated for that seat) the other seats' collections
    show only their Island cards and card counts."""
    return "  standing: " + "; ".join(
        f"{seat_label(seat)} {held.summary(hidden_from is not None and seat != hidden_from)}"
        for seat, held in enumerate(holdings))


def _seat_rules(flags, seat: int) -> dict:
    """A seat's starting coins and the Island cards' worth, from the run's flags (defaults: None)."""
    if flags is None:
        return {}
    from simulator.games.skeleton.state import FLAG_ISLAND_COINS, FLAG_START_COINS

    return {"start_coins": int(flags[FLAG_START_COINS + seat]), "island_coins": int(flags[FLAG_ISLAND_COINS])}


def format_log(log, count, seat: int | None = None, hidden_collection: bool = False, fold: bool = True, flags=None):
    """Plain-English lines for the first ``count`` records of ``log``; ``flags``: the run's flag
    vector (its deck and rule settings name the cards and count the coins; None: the defaults).

    With ``seat`` (``islandsim play``), as that seat reads them: what another seat looks at is
    not named, and under ``hidden_collection`` neither are the cards another seat keeps or
    steals (unless stolen from ``seat``) nor its coins.  With ``fold`` false repeats are not
    folded (``play`` prints the lines as they come; a fold would rewrite lines already printed).
    """
    secret = seat is not None and hidden_collection
    hidden_from = seat if secret else None
    lines = []
    holdings: list[Holding] = []
    first_player = 0

    tables = tables_of(flags)

    def name(content):
        return content_name(content, tables)

    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if code == EV_SETUP:
            holdings = [Holding(flags=flags, **_seat_rules(flags, seat_index)) for seat_index in range(a)]
            first_player = e
            lines.append(f"=== {a} players; {b} Sand cards spread, {c} face up; {d} clear; {seat_label(e)} plays first")
        elif code == EV_TURN:
            if e:
                lines.append(f"-- {seat_label(a)}, second standard turn: {plural(c, 'clear card')}, {d} in the pile")
            else:
                if a == first_player and b > 1:
                    lines.append(standing_line(holdings, hidden_from))
                lines.append(f"-- {seat_label(a)}, turn {b}: {plural(c, 'clear card')}, {d} in the pile")
        elif code == EV_BLOW:
            lines.append(f"{seat_label(a)} blows on the pile: {plural(d, 'card')} swept, {b} -> {plural(c, 'clear card')}")
        elif code == EV_FLIP:
            lines.append(f"  a blown card turns over: {name(b)} now face {'up' if c else 'down'}")
        elif code == EV_PIRACY:
            what = "to steal a card" if b == TURN_PIRACY_STEAL else "to play two standard turns"
            lines.append(f"{seat_label(a)} takes a piracy turn {what}")
        elif code == EV_DISCARD:
            holdings[a].change(b, -1)
            lines.append(f"{seat_label(a)} discards a {name(b)}")
        elif code == EV_STEAL:
            holdings[b].change(c, -1)
            holdings[a].change(c, 1)
            if secret and seat not in (a, b):
                lines.append(f"{seat_label(a)} steals a card from {seat_label(b)}")
            else:
                lines.append(f"{seat_label(a)} steals a {name(c)} from {seat_label(b)}")
        elif code == EV_TAKE:
            shown = f"the face-up {name(c)}" if d else "a face-down card"
            uncovered = f" ({plural(e, 'card')} uncovered)" if e else ""
            lines.append(f"{seat_label(a)} takes {shown}{uncovered}")
        elif code == EV_LOOK:
            if seat is None or seat == a:
                lines.append(f"  ({seat_label(a)} looks at it: a {name(b)})")
            else:
                lines.append(f"  ({seat_label(a)} looks at it)")
        elif code == EV_KEEP:
            holdings[a].change(b, 1)
            if secret and seat != a:
                lines.append(f"{seat_label(a)} keeps the card")
            else:
                lines.append(f"{seat_label(a)} keeps the {name(b)}")
        elif code == EV_PUT_BACK:
            shown = f"the {name(b)} back face up" if c else "it back face down"
            lines.append(f"{seat_label(a)} puts {shown} at the edge of the pile")
        elif code == EV_COVER:
            covered = f"the face-up {name(c)}" if d else "a face-down card"
            lines.append(f"  the card put back lies on {covered}, which is no longer clear")
        elif code == EV_NO_SECOND:
            lines.append(f"{seat_label(a)} takes no second card")
        elif code == EV_CLAIM:
            holdings[a].islands += 1
            if not d:
                holdings[a].hand_in(b, c)
            pieces = "keeps the pieces" if d else f"hands in {COMBO_NAMES[c]}"
            lines.append(f"{seat_label(a)} completes the {COLOUR_NAMES[b]} map and takes its Island card ({pieces})")
        elif code == EV_END:
            lines.append(f"=== Game over after {plural(b, 'turn')}: {END_NAMES[a]}")
        elif code == EV_FINAL:
            lines.append(f"Final: {seat_label(a)} scores {plural(b, 'coin')} ({plural(d, 'Island card')}, "
                         f"{e} on coin cards), rank {c}")
        else:
            lines.append(f"unknown event {code}: {a} {b} {c} {d} {e}")
    return fold_repeats(lines) if fold else lines


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event, repeats folded)."""
    from simulator.games.skeleton.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    return format_log(log, int(count), flags=flags)
