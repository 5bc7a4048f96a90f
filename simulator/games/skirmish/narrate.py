"""Skirmish narration: replay one game with logging on and describe every event in plain English
(seats 1..P, squares as (row,col), pieces and boats by whom they belong to), a standing line at the
end of each round (gems, ammunition, free characters, prisoners held), repeated identical stretches
folded into one copy and a count."""

import re

import numpy as np

from simulator.core.engine.narration import fold_repeats, plural
from simulator.core.engine.seats import seat_label
from simulator.games.skirmish.components import CARD_NAMES
from simulator.games.skirmish.state import (
    BOAT_NODE,
    BOARD,
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
    EV_STANDING,
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
CHEST_NAMES = ("a gem", "an ammunition", "Bobby", "a trapped chest", "a bomb")
CAUSES = ("an attack", "a bomb in the boat", "a trapped chest")
MOVEMENT_NAMES = tuple(f"a Movement {value}" for value in range(1, 8))


def card_name(kind: int) -> str:
    """A card as a player names it: ``a Movement 3``, ``a Pistol``."""
    if kind < len(MOVEMENT_NAMES):
        return MOVEMENT_NAMES[kind]
    return f"a {CARD_NAMES[kind]}"


def word_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Narrator:
    """Turns the engine's log records into lines; remembers what a reader would (who owns Bobby,
    where a bomb just went) so each line names things the way a player does."""

    def __init__(self, cols: int, seat: int | None = None):
        self.cols = cols
        self.seat = seat  # the reader's seat (None: everything, as ``replay`` tells it)
        self.bobby_owner = -1
        self.last_bomb_move = (-1, -1)  # (bomb, node) of the latest bomb moved alone or flown
        self.standings: list[str] = []
        self.round_ended = 0

    def character(self, char: int) -> str:
        """``seat 1's character 3`` / ``Bobby (seat 2)``."""
        if char == 16:
            return f"Bobby ({seat_label(self.bobby_owner)})" if self.bobby_owner >= 0 else "Bobby"
        return f"{seat_label(char // 4)}'s character {char % 4 + 1}"

    def characters(self, mask: int) -> str:
        return word_list([self.character(char) for char in range(17) if mask >> char & 1])

    def node(self, node: int) -> str:
        """A square as ``(row,col)``, or a boat as ``seat 2's boat``."""
        if node >= BOAT_NODE:
            return f"{seat_label(node - BOAT_NODE)}'s boat"
        return f"({node // self.cols},{node % self.cols})"

    def move(self, seat: int, piece: int, start: int, dest: int, carried: int) -> str:
        """A character walking (out of a boat, on the island, back aboard) or a bomb moved alone."""
        if piece >= PIECE_BOMB:
            bomb = piece - PIECE_BOMB
            self.last_bomb_move = (bomb, dest)
            if dest >= BOAT_NODE:
                return f"  {seat_label(seat)} moves bomb {bomb + 1} from {self.node(start)} into {self.node(dest)}"
            return f"  {seat_label(seat)} moves bomb {bomb + 1} from {self.node(start)} to {self.node(dest)}"
        who = self.character(piece)
        if start >= BOAT_NODE:
            whence = "its boat" if start - BOAT_NODE == piece // 4 and piece != 16 else self.node(start)
            line = f"  {who} steps out of {whence} and walks to {self.node(dest)}"
        elif dest >= BOAT_NODE:
            line = f"  {who} walks from {self.node(start)} back aboard its boat"
        else:
            line = f"  {who} walks from {self.node(start)} to {self.node(dest)}"
        bombs = [f"{b + 1}" for b in range(3) if carried >> b & 1]
        if bombs:
            line += f", carrying bomb{'s' if len(bombs) > 1 else ''} {word_list(bombs)}"
        return line

    def bomb_placed(self, bomb: int, node: int) -> str | None:
        """Where a bomb comes to rest; nothing when the line before already said so."""
        if (bomb, node) == self.last_bomb_move:
            self.last_bomb_move = (-1, -1)
            return f"  bomb {bomb + 1} explodes: {self.node(node)} is destroyed" if node >= BOAT_NODE else None
        if node >= BOAT_NODE:
            return f"  bomb {bomb + 1} goes into {self.node(node)} and explodes: the boat is destroyed"
        return f"  bomb {bomb + 1} is put down on {self.node(node)}"

    def standing(self, seat: int, gems: int, ammo: int, free: int, prisoners: int) -> str:
        held = f", {plural(prisoners, 'prisoner')}" if prisoners else ""
        return (f"{seat_label(seat)}: {plural(gems, 'gem')}, {ammo} ammunition, "
                f"{plural(free, 'character')} free{held}")

    def line(self, code: int, a: int, b: int, c: int, d: int, e: int) -> str | None:
        """The line of one record (None: said already, or collected into the standing line)."""
        if code == EV_SETUP:
            return f"=== {a} players; {seat_label(b)} starts; {plural(c, 'gem')} win; cap {plural(d, 'round')}"
        if code == EV_DOCK:
            return f"{seat_label(a)}'s boat docks at {self.node(b)}"
        if code == EV_TURN:
            return f"--- turn {b} (round {c + 1}): {seat_label(a)}"
        if code == EV_PLAY:
            return f"{seat_label(a)} plays {card_name(b)}"
        if code == EV_MOVE:
            return self.move(a, b, c, d, e)
        if code == EV_BOMB_PLACED:
            return self.bomb_placed(b, c)
        if code == EV_OPEN:
            return f"  {self.character(b)} opens the chest at {self.node(c)}: {CHEST_NAMES[d]}"
        if code == EV_DECLINE_OPEN:
            return f"  {self.character(b)} leaves the chest at {self.node(c)} closed"
        if code == EV_BOBBY:
            self.bobby_owner = a
            return f"  Bobby is freed and joins {seat_label(a)} at {self.node(b)}"
        if code == EV_TRAP:
            fate = "is saved by the Shield" if d else "dies"
            return f"  the trapped chest explodes: {self.character(b)} {fate}"
        if code in (EV_KILL, EV_CAPTURE, EV_STUN):
            verb = {EV_KILL: "kills", EV_CAPTURE: "takes prisoner", EV_STUN: "stuns"}[code]
            return f"  {seat_label(a)} {verb} {self.character(b)}"
        if code == EV_SHIELD:
            against = "the trapped chest" if c < 0 else f"{seat_label(b)}'s {CARD_NAMES[c]}"
            protecting = f", protecting {self.characters(d)}," if d else ""
            return f"  {seat_label(a)} plays a Shield against {against}{protecting} and draws a card"
        if code == EV_POTION:
            return f"  {seat_label(a)} discards {card_name(b)} (Potion)"
        if code == EV_GIFT:
            if self.seat is not None and self.seat not in (a, b):  # R43: the two cards are seen by the two seats only
                return f"  {seat_label(a)} gives a card to {seat_label(b)} and takes one from them at random"
            return f"  {seat_label(a)} gives {card_name(c)} to {seat_label(b)} and takes {card_name(d)} from them"
        if code == EV_STEAL:
            item = "a gem" if c == 0 else "an ammunition"
            return f"  {seat_label(a)} steals {item} from {seat_label(b)}"
        if code == EV_BOAT:
            return f"  {seat_label(a)} sails its boat from {self.node(b)} to {self.node(c)}"
        if code == EV_FLYING_BOMB:
            self.last_bomb_move = (b, d)
            into = "into" if d >= BOAT_NODE else "to"
            return f"  bomb {b + 1} flies from {self.node(c)} {into} {self.node(d)}"
        if code == EV_DISCARD:
            return f"{seat_label(a)} cannot play: discards {card_name(b)}"
        if code == EV_ELIMINATED:
            by = f" by {seat_label(b)}" if b >= 0 else ""
            return f"  {seat_label(a)} is eliminated{by} ({CAUSES[c]}; {plural(d, 'gem')}, {e} ammunition)"
        if code == EV_LOOT:
            return f"  {seat_label(a)} picks up {plural(c, 'gem')} and {d} ammunition at {self.node(b)}"
        if code == EV_ESCAPE:
            return f"  {self.character(b)} escapes from {seat_label(c)}'s boat"
        if code == EV_DRAW:
            shuffled = "; the played pile is shuffled into a new draw pile" if c else ""
            return f"  {seat_label(a)} draws {plural(b, 'card')}{shuffled}"
        if code == EV_END_TURN:
            return f"  {seat_label(a)} ends the turn ({plural(b, 'card')} played)"
        if code == EV_STANDING:
            self.standings.append(self.standing(a, b, c, d, e))
            return None
        if code == EV_WIN:
            if b == WIN_CAPPED:
                return f"=== the game is capped after {plural(d, 'round')}: no winner"
            how = f"with {plural(c, 'gem')}" if b == WIN_GEMS else "as the last survivor"
            return f"=== {seat_label(a)} wins {how}"
        return f"(event {code}: {a} {b} {c} {d} {e})"

    def flush_standings(self, lines: list[str]) -> None:
        """The standing line of the round that just ended (one line, every surviving seat)."""
        if self.standings:
            self.round_ended += 1
            lines.append(f"== after round {self.round_ended}: " + "; ".join(self.standings))
            self.standings = []


def format_log(log: np.ndarray, count: int, cols: int) -> list[str]:
    """Plain-English lines for the first ``count`` records of ``log``, a stalled stretch of
    identical rounds folded into one copy and a count (``fold_stalls``)."""
    return fold_stalls(event_lines(log, count, cols))


def event_lines(log: np.ndarray, count: int, cols: int, seat: int | None = None) -> list[str]:
    """One line per record (a round's standings in one line), nothing folded; with ``seat``,
    only what that seat may know (a Poisoned Gift's cards are told to its two seats only)."""
    narrator = Narrator(cols, seat)
    lines: list[str] = []
    for row in log[:count]:
        code, a, b, c, d, e = (int(x) for x in row)
        if code != EV_STANDING:
            narrator.flush_standings(lines)
        text = narrator.line(code, a, b, c, d, e)
        if text is not None:
            lines.append(text)
    narrator.flush_standings(lines)
    return lines


NUMBERS = re.compile(r"\d+")
ROUND_NUMBERS = re.compile(r"^(--- turn \d+ \(round \d+\)|== after round \d+)")
FOLD_NOTE = re.compile(r"^\((?:the line above|the last (\d+) lines) repeated (\d+) more times?\)$")


def fold_stalls(lines: list[str]) -> list[str]:
    """Fold repeated identical actions (``simulator.core.engine.narration.fold_repeats``): lines are
    compared with the turn and round numbers of their headers blanked (a stalled game repeats the
    same round under new numbers; every other number must match), the first copy is kept as it
    was and the note says which turns were folded."""
    keys = [ROUND_NUMBERS.sub(lambda found: NUMBERS.sub("#", found.group()), line) for line in lines]
    folded = fold_repeats(keys)
    out: list[str] = []
    position = 0
    for key in folded:
        note = FOLD_NOTE.match(key) if key.startswith("(") else None
        if note is None:
            out.append(lines[position])
            position += 1
            continue
        period = int(note.group(1) or 1)
        skipped = lines[position:position + period * int(note.group(2))]
        position += len(skipped)
        turns = [line for line in skipped if line.startswith("--- turn ")]
        span = f", turns {NUMBERS.search(turns[0]).group()}-{NUMBERS.search(turns[-1]).group()}" if turns else ""
        out.append(key[:-1] + span + ")")
    return out


def narrate(run_seed, game_index, variant_flags, strategies, params):
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event)."""
    from simulator.games.skirmish.engine import play_logged

    log = np.zeros((LOG_ROWS, 6), dtype=np.int64)
    flags = np.asarray(variant_flags, dtype=np.int64)
    count = play_logged(int(run_seed), int(game_index), flags, tuple(strategies),
                        np.ascontiguousarray(params, dtype=np.float64), log, False)
    cols = int(flags[N_FLAGS + COLS - BOARD])
    return format_log(log, int(count), cols)
