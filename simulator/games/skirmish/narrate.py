"""Skirmish narration: replay one game with logging on and describe every event in plain English
(seats 1..P, squares as (row,col))."""

import numpy as np

from simulator.core.seats import seat_label
from simulator.games.skirmish.components import CARD_NAMES
from simulator.games.skirmish.state import (
    BOAT_NODE,
    BOARD,
    CHEST_KINDS,
    COLS,
    EV_BOAT,
    EV_BOBBY,
    EV_BOMB_PLACED,
    EV_CAPTURE,
    EV_DECLINE_OPEN,
    EV_DISCARD,
    EV_DOCK,
    EV_DRAW,
    EV_ELIMINATED,
    EV_END_TURN,
    EV_ESCAPE,
    EV_FLYING_BOMB,
    EV_GIFT,
    EV_KILL,
    EV_LOOT,
    EV_MOVE,
    EV_OPEN,
    EV_PLAY,
    EV_POTION,
    EV_SETUP,
    EV_SHIELD,
    EV_STEAL,
    EV_STUN,
    EV_TRAP,
    EV_TURN,
    EV_WIN,
    N_FLAGS,
    PIECE_BOMB,
    WIN_CAPPED,
    WIN_GEMS,
)

LOG_ROWS = 60_000
CAUSES = ("attack", "a bomb in the boat", "a trapped chest")


def character_name(char: int) -> str:
    """``character 3 of team 1`` / ``Bobby``."""
    if char == 16:
        return "Bobby"
    return f"character {char % 4 + 1} of team {char // 4 + 1}"


def node_name(node: int, cols: int) -> str:
    """A square as ``(row,col)``, or a boat."""
    if node >= BOAT_NODE:
        return f"the boat of {seat_label(node - BOAT_NODE)}"
    return f"({node // cols},{node % cols})"


def format_log(log: np.ndarray, count: int, cols: int) -> list[str]:
    """Plain-English lines for the first ``count`` records of ``log``."""
    lines = []
    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if code == EV_SETUP:
            lines.append(f"=== {a} players; {seat_label(b)} starts; {c} gems win; cap {d} rounds")
        elif code == EV_DOCK:
            lines.append(f"{seat_label(a)} docks at {node_name(b, cols)}")
        elif code == EV_TURN:
            lines.append(f"--- turn {b} (round {c + 1}): {seat_label(a)}")
        elif code == EV_PLAY:
            lines.append(f"{seat_label(a)} plays {CARD_NAMES[b]}")
        elif code == EV_MOVE:
            piece = f"bomb {b - PIECE_BOMB + 1}" if b >= PIECE_BOMB else character_name(b)
            carried = f", carrying bombs {[i + 1 for i in range(3) if e >> i & 1]}" if e else ""
            lines.append(f"  {piece} moves {node_name(c, cols)} -> {node_name(d, cols)}{carried}")
        elif code == EV_BOMB_PLACED:
            verb = "explodes in" if c >= BOAT_NODE else "is put on"
            lines.append(f"  bomb {b + 1} {verb} {node_name(c, cols)}")
        elif code == EV_OPEN:
            lines.append(f"  {character_name(b)} opens the chest at {node_name(c, cols)}: {CHEST_KINDS[d]}")
        elif code == EV_DECLINE_OPEN:
            lines.append(f"  {character_name(b)} leaves the chest at {node_name(c, cols)} closed")
        elif code == EV_BOBBY:
            lines.append(f"  Bobby joins {seat_label(a)} at {node_name(b, cols)}")
        elif code == EV_TRAP:
            fate = "is saved by a Shield" if d else "dies"
            lines.append(f"  the trapped chest explodes: {character_name(b)} {fate}")
        elif code in (EV_KILL, EV_CAPTURE, EV_STUN):
            verb = {EV_KILL: "kills", EV_CAPTURE: "captures", EV_STUN: "stuns"}[code]
            lines.append(f"  {seat_label(a)} {verb} {character_name(b)}")
        elif code == EV_SHIELD:
            against = "the trapped chest" if c < 0 else CARD_NAMES[c]
            lines.append(f"  {seat_label(a)} plays a Shield against {against} and draws a card")
        elif code == EV_POTION:
            lines.append(f"  {seat_label(a)} discards {CARD_NAMES[b]} (Potion)")
        elif code == EV_GIFT:
            lines.append(f"  {seat_label(a)} gives {CARD_NAMES[c]} to {seat_label(b)} and draws {CARD_NAMES[d]} from them")
        elif code == EV_STEAL:
            item = "a gem" if c == 0 else "an ammunition"
            lines.append(f"  {seat_label(a)} steals {item} from {seat_label(b)}")
        elif code == EV_BOAT:
            lines.append(f"  {seat_label(a)}'s boat sails {node_name(b, cols)} -> {node_name(c, cols)}")
        elif code == EV_FLYING_BOMB:
            lines.append(f"  bomb {b + 1} flies {node_name(c, cols)} -> {node_name(d, cols)}")
        elif code == EV_DISCARD:
            lines.append(f"{seat_label(a)} cannot play: discards {CARD_NAMES[b]}")
        elif code == EV_ELIMINATED:
            by = f" by {seat_label(b)}" if b >= 0 else ""
            lines.append(f"  {seat_label(a)} is eliminated{by} ({CAUSES[c]}; {d} gems, {e} ammunition)")
        elif code == EV_LOOT:
            lines.append(f"  {seat_label(a)} picks up {c} gems and {d} ammunition at {node_name(b, cols)}")
        elif code == EV_ESCAPE:
            lines.append(f"  {character_name(b)} escapes from the boat of {seat_label(c)}")
        elif code == EV_DRAW:
            shuffled = " (the played pile is reshuffled)" if c else ""
            lines.append(f"  {seat_label(a)} draws {b}{shuffled}")
        elif code == EV_END_TURN:
            lines.append(f"  {seat_label(a)} ends the turn ({b} cards played)")
        elif code == EV_WIN:
            if b == WIN_CAPPED:
                lines.append(f"=== the game is capped after {d} rounds: no winner")
            else:
                how = f"with {c} gems" if b == WIN_GEMS else "as the last survivor"
                lines.append(f"=== {seat_label(a)} wins {how}")
        else:
            lines.append(f"(event {code}: {a} {b} {c} {d} {e})")
    return lines


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    from simulator.games.skirmish.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    cols = int(flags[N_FLAGS + COLS - BOARD])
    return format_log(log, int(count), cols)
