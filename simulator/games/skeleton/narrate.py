"""Skeleton Island narration: replay one game with logging on and describe every event."""

import numpy as np

from simulator.core.seats import seat_label
from simulator.games.skeleton.components import COLOUR_NAMES, content_name
from simulator.games.skeleton.state import (
    COMBO_NAMES,
    END_NAMES,
    EV_BLOW,
    EV_CLAIM,
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
)

LOG_ROWS = 4000


def format_log(log, count):
    """Plain-English lines for the first ``count`` records of ``log``."""
    lines = []
    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if code == EV_SETUP:
            lines.append(f"=== {a} players; {b} Sand cards spread, {c} face up; {d} clear; {seat_label(e)} plays first")
        elif code == EV_TURN:
            part = "second standard turn" if e else f"turn {b}"
            lines.append(f"-- {seat_label(a)}, {part}: {c} clear cards, {d} in the pile")
        elif code == EV_BLOW:
            lines.append(f"{seat_label(a)} blows on the pile: {d} card{'s' if d != 1 else ''} swept, {b} -> {c} clear cards")
        elif code == EV_FLIP:
            lines.append(f"  a blown card turns over: {content_name(b)} now face {'up' if c else 'down'}")
        elif code == EV_PIRACY:
            what = "to steal a card" if b == TURN_PIRACY_STEAL else "to play two standard turns"
            lines.append(f"{seat_label(a)} takes a piracy turn {what}")
        elif code == EV_DISCARD:
            lines.append(f"{seat_label(a)} discards a {content_name(b)}")
        elif code == EV_STEAL:
            lines.append(f"{seat_label(a)} steals a {content_name(c)} from {seat_label(b)}")
        elif code == EV_TAKE:
            shown = f"a face-up {content_name(c)}" if d else "a face-down card"
            uncovered = f" ({e} card{'s' if e != 1 else ''} uncovered)" if e else ""
            lines.append(f"{seat_label(a)} takes {shown}{uncovered}")
        elif code == EV_LOOK:
            lines.append(f"  ({seat_label(a)} looks at it: a {content_name(b)})")
        elif code == EV_KEEP:
            lines.append(f"{seat_label(a)} keeps the {content_name(b)}")
        elif code == EV_PUT_BACK:
            if b == -2:
                lines.append(f"  the card put back now covers slot {d}")
            else:
                shown = f"the {content_name(b)} face up" if c else "it face down"
                lines.append(f"{seat_label(a)} puts {shown} back at the edge of the pile")
        elif code == EV_NO_SECOND:
            lines.append(f"{seat_label(a)} takes no second card")
        elif code == EV_CLAIM:
            pieces = "keeps the pieces" if d else f"hands in {COMBO_NAMES[c]}"
            lines.append(f"{seat_label(a)} completes the {COLOUR_NAMES[b]} map and takes its Island card ({pieces})")
        elif code == EV_END:
            lines.append(f"=== Game over after {b} turns: {END_NAMES[a]}")
        elif code == EV_FINAL:
            lines.append(f"Final: {seat_label(a)} scores {b} coins ({d} Island cards, {e} on coin cards), rank {c}")
        else:
            lines.append(f"unknown event {code}: {a} {b} {c} {d} {e}")
    return lines


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    from simulator.games.skeleton.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    return format_log(log, int(count))
