"""The skirmish game in the terminal (``islandsim play``): the options of a decision in plain
words, the seat's view of the board, and the narration as the seat sees it.

Each function reads only what the seat may know (``visibility.py``: other hands, the draw pile,
the contents of unopened chests and the card a Poisoned Gift drew are hidden; the board, pieces,
bombs, boats with their gems and ammunition, hand sizes and the played pile are public).  A move
can end on many squares, each with a choice of bombs to carry: its option is a tuple of step
labels (the row, then the square, then the bombs carried) so ``play`` can ask step by step.
"""

from __future__ import annotations

from simulator.core.engine.narration import plural
from simulator.core.engine.seats import seat_label
from simulator.games.skirmish.narrate import Narrator, card_name, event_lines, word_list
from simulator.games.skirmish.state import (
    ACTIVE,
    ALIVE,
    AMMO,
    ANCHOR,
    ATTACK_TARGET,
    BOAT_ANCHOR,
    BOAT_ANCHOR_DECISION,
    BOAT_CARD,
    BOAT_NODE,
    BOBBY,
    BOMB_CARRIED,
    BOMB_IN_CHEST,
    BOMB_REMOVED,
    BOMB_DROP,
    BOMB_LOC,
    BOARD,
    CARD,
    CARDS_PLAYED,
    CARRY,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHAR_STUNNED,
    CHEST_BOBBY,
    CHEST_SQUARE,
    CHEST_STEAL,
    CHOOSE_CARD,
    COLS,
    DEST_BITS,
    DEST_MASK,
    DRAW_COUNT,
    END_TURN,
    FLAG_PASS_DISCARD_ANY,
    FINAL_SQUARE,
    FLY_DEST_SHIFT,
    FLYING_BOMB,
    FLYING_BOMB_DECISION,
    FORCED_DISCARD,
    FOUND_ITEM,
    FOUND_KIND,
    GEMS,
    GEMS_TO_WIN,
    GIFT_CARD,
    GIFT_TARGET_DECISION,
    HAMMER,
    HAND,
    HAND_COUNT,
    MOVE_DESTINATION,
    MOVE_PIECE,
    MOVE_PIECE_DECISION,
    N_BOMBS,
    N_CARD_KINDS,
    N_CHARACTERS,
    N_FLAGS,
    NO_CHEST,
    OBSTACLE,
    OPEN_CHEST,
    PADLOCK,
    PIECE_BOMB,
    PISTOL,
    PISTOL_TARGET,
    PLACE_FOUND,
    PLAYED,
    PLAYED_COUNT,
    PLAYERS,
    POISONED_GIFT,
    POTION,
    POTION_DISCARD,
    ROUND,
    ROWS,
    SEA,
    SHIELD_REACTION,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    SQ_KIND,
    SQ_LOOT_AMMO,
    SQ_LOOT_GEMS,
    START_ANCHOR,
    STEAL_ITEM_SHIFT,
    STEP,
    STEP_TRAP_SHIELD,
    STOP,
    TARGETS,
    TREASURE_CHEST,
)

CARD_EFFECTS = {
    PISTOL: "shoot enemy characters next to yours, 1 ammunition per kill",
    PADLOCK: "take prisoner an enemy character next to one of yours",
    HAMMER: "stun an enemy character next to one of yours",
    TREASURE_CHEST: "steal a gem or an ammunition from another boat",
    POISONED_GIFT: "give a card, take one at random back",
    FLYING_BOMB: "fly a bomb next to one of your characters to another of them",
    POTION: "discard cards, then draw back to 6",
    BOAT_CARD: "sail your boat to a free Anchor",
}
"""What a card does, in a few words, after its name in the options (the Shield is only played
against an attack, never chosen as a card of the turn)."""


def _narrator(state) -> Narrator:
    """A narrator naming squares and characters as the narration does (Bobby by his owner)."""
    narrator = Narrator(int(state[COLS]))
    narrator.bobby_owner = int(state[CHAR_OWNER + BOBBY])
    return narrator


def _square_notes(state, node: int, seat: int) -> list[str]:
    """What a player sees on a square: a closed chest, a bomb, a character, dropped loot."""
    notes = []
    if state[SQ_CHEST + node] != NO_CHEST:
        notes.append("a closed chest")
    if state[SQ_BOMB + node] >= 0:
        notes.append(f"bomb {int(state[SQ_BOMB + node]) + 1}")
    char = int(state[SQ_CHAR + node])
    if char >= 0:
        notes.append(_character(state, char, seat))
    gems, ammo = int(state[SQ_LOOT_GEMS + node]), int(state[SQ_LOOT_AMMO + node])
    if gems or ammo:
        notes.append(f"dropped loot ({plural(gems, 'gem')}, {ammo} ammunition)")
    for other in range(int(state[PLAYERS])):
        if state[ALIVE + other] == 1 and state[BOAT_ANCHOR + other] == node:
            notes.append("your boat" if other == seat else f"{seat_label(other)}'s boat")
    return notes


def _where(state, node: int, seat: int) -> str:
    """``'(3,4)'``, ``'(3,4), a closed chest'``, ``'your boat'``."""
    if node >= BOAT_NODE:
        return "your boat" if node - BOAT_NODE == seat else f"{seat_label(node - BOAT_NODE)}'s boat"
    notes = _square_notes(state, node, seat)
    square = _narrator(state).node(node)
    return f"{square} ({', '.join(notes)})" if notes else square


def _character(state, char: int, seat: int) -> str:
    """``'your character 2'``, ``"seat 3's character 1"``, ``'Bobby (yours)'``."""
    owner = int(state[CHAR_OWNER + char])
    if char == BOBBY:
        return "Bobby" + ("" if owner < 0 else " (yours)" if owner == seat else f" ({seat_label(owner)})")
    return f"your character {char % 4 + 1}" if owner == seat else f"{seat_label(owner)}'s character {char % 4 + 1}"


def _bombs(mask: int) -> str:
    bombs = [str(b + 1) for b in range(N_BOMBS) if mask >> b & 1]
    if not bombs:
        return "carrying no bomb"
    return f"carrying bomb{'s' if len(bombs) > 1 else ''} {word_list(bombs)}"


def _row_step(node: int, cols: int, verb: str) -> str:
    return f"{verb} row {node // cols}"


def _piece_text(state, piece: int, seat: int) -> str:
    if piece >= PIECE_BOMB:
        bomb = piece - PIECE_BOMB
        return f"move bomb {bomb + 1} alone (on {_narrator(state).node(int(state[BOMB_LOC + bomb]))})"
    at = int(state[CHAR_LOC + piece])
    captor = int(state[CHAR_CAPTOR + piece])
    if captor >= 0:
        return f"move {_character(state, piece, seat)}, prisoner in {seat_label(captor)}'s boat"
    place = "aboard your boat" if at >= BOAT_NODE else f"on {_narrator(state).node(at)}"
    return f"move {_character(state, piece, seat)} ({place})"


def _destination(state, seat: int, option: int, multiple_carries: bool) -> str | tuple[str, ...]:
    """A move's end: the row, the square (what is on it), the bombs carried there."""
    piece = int(state[MOVE_PIECE])
    node = option & DEST_MASK
    cols = int(state[COLS])
    if piece >= PIECE_BOMB:
        if node >= BOAT_NODE:
            return f"into {_where(state, node, seat)}"
        return (_row_step(node, cols, "to"), f"to {_where(state, node, seat)}")
    carry = _bombs(option >> DEST_BITS)
    if node >= BOAT_NODE:
        return ("back aboard your boat", carry) if multiple_carries else "back aboard your boat"
    square = f"to {_where(state, node, seat)}"
    if multiple_carries:
        return (_row_step(node, cols, "walk to"), square, carry)
    return (_row_step(node, cols, "walk to"), square)


def _card_text(state, kind: int) -> str:
    if kind < PISTOL:  # a Movement card
        return f"play {card_name(kind)} (move a character or a bomb {plural(kind + 1, 'square')})"
    return f"play {card_name(kind)} ({CARD_EFFECTS.get(kind, 'defence')})"


def _shield_text(state, seat: int, option: int) -> str:
    if state[STEP] == STEP_TRAP_SHIELD:
        return "play a Shield against the trapped chest" if option == 1 else "let the trap go off without a Shield"
    mine = [_character(state, char, seat) for char in range(N_CHARACTERS)
            if state[TARGETS + char] == 1 and state[CHAR_OWNER + char] == seat]  # fmt: skip
    attack = f"{seat_label(int(state[ACTIVE]))}'s {card_name(int(state[CARD]))[2:]}"
    if option == 1:
        return f"play a Shield against {attack} (protects {word_list(mine)}, then draw a card)"
    return f"no Shield: let {attack} hit {word_list(mine)}"


def describe_option(state, seat: int, kind: int, option: int, variant_flags,
                    multiple_carries: bool = False) -> str | tuple[str, ...]:  # fmt: skip
    """One option of a skirmish decision in plain words (step labels for a move's end and a
    Flying Bomb, which can offer hundreds)."""
    narrator = _narrator(state)
    if kind in (START_ANCHOR, BOAT_ANCHOR_DECISION):
        verb = "dock your boat at" if kind == START_ANCHOR else "sail your boat to"
        return f"{verb} the Anchor at {narrator.node(option)}"
    if kind == CHOOSE_CARD:
        if option == END_TURN:
            if state[CARDS_PLAYED] == 0 and variant_flags[FLAG_PASS_DISCARD_ANY] == 1:
                return "play no card: discard 1, draw 1 and end your turn"
            return "end your turn (draw back to 6)"
        return _card_text(state, option)
    if kind == MOVE_PIECE_DECISION:
        return _piece_text(state, option, seat)
    if kind == MOVE_DESTINATION:
        return _destination(state, seat, option, multiple_carries)
    if kind == BOMB_DROP:
        bomb = min(b for b in range(N_BOMBS) if int(state[CARRY]) >> b & 1)
        if option >= BOAT_NODE:
            return f"drop bomb {bomb + 1} into {_where(state, option, seat)}"
        return f"put bomb {bomb + 1} down on {_where(state, option, seat)}"
    if kind == OPEN_CHEST:
        square = narrator.node(int(state[FINAL_SQUARE]))
        return f"open the chest on {square}" if option == 1 else f"leave the chest on {square} closed"
    if kind == SHIELD_REACTION:
        return _shield_text(state, seat, option)
    if kind == PLACE_FOUND:
        found = "Bobby" if state[FOUND_KIND] == CHEST_BOBBY else f"bomb {int(state[FOUND_ITEM]) + 1}"
        return f"put {found} on {_where(state, option, seat)}"
    if kind in (PISTOL_TARGET, ATTACK_TARGET):
        if option == STOP:
            return "shoot no one else: fire"
        verb = {PISTOL: "shoot", PADLOCK: "take prisoner", HAMMER: "stun"}[int(state[CARD])]
        return f"{verb} {_character(state, option, seat)} on {narrator.node(int(state[CHAR_LOC + option]))}"
    if kind == POTION_DISCARD:
        return "stop discarding and draw back to 6" if option == STOP else f"discard {card_name(option)}"
    if kind == GIFT_TARGET_DECISION:
        return f"give your gift to {seat_label(option)} ({plural(int(state[HAND_COUNT + option]), 'card')} in hand)"
    if kind == GIFT_CARD:
        return f"give {card_name(option)}"
    if kind == CHEST_STEAL:
        victim = option & ((1 << STEAL_ITEM_SHIFT) - 1)
        item = "a gem" if option >> STEAL_ITEM_SHIFT == 0 else "an ammunition"
        held = int(state[(GEMS if option >> STEAL_ITEM_SHIFT == 0 else AMMO) + victim])
        return f"steal {item} from {seat_label(victim)}'s boat (it holds {held})"
    if kind == FLYING_BOMB_DECISION:
        bomb = option & ((1 << FLY_DEST_SHIFT) - 1)
        node = option >> FLY_DEST_SHIFT
        where = narrator.node(int(state[BOMB_LOC + bomb]))
        into = f"into {_where(state, node, seat)}" if node >= BOAT_NODE else f"to {_where(state, node, seat)}"
        return (f"fly bomb {bomb + 1} (on {where})", into)
    if kind == FORCED_DISCARD:
        return f"discard {card_name(option)}, draw 1 and end your turn"
    raise ValueError(f"the skirmish game has no decision kind {kind}")


def describe_options(state, seat: int, kind: int, options, n_options: int, variant_flags) -> list:
    """GameSpec hook: one plain label per offered option (a string, or step labels)."""
    codes = [int(options[i]) for i in range(n_options)]
    ends = [code & DEST_MASK for code in codes]
    return [describe_option(state, seat, kind, code, variant_flags,
                            multiple_carries=kind == MOVE_DESTINATION and ends.count(code & DEST_MASK) > 1)
            for code in codes]  # fmt: skip


BOARD_SYMBOLS = {SEA: "~", OBSTACLE: "#", ANCHOR: "A"}


def _square_symbol(state, square: int) -> str:
    """A square as every piece on it, none hidden under another: a character's seat number (B for
    Bobby), o a bomb, X a closed chest, $ dropped loot, @N the boat of seat N at its Anchor
    (``o@2``: a bomb on seat 2's Anchor, beside its boat); an empty square is its ground (~ sea,
    # obstacle, A Anchor, + an opened chest square, . land)."""
    pieces = []
    char = int(state[SQ_CHAR + square])
    if char >= 0:
        pieces.append("B" if char == BOBBY else str(char // 4 + 1))
    if state[SQ_BOMB + square] >= 0:
        pieces.append("o")
    if state[SQ_CHEST + square] != NO_CHEST:
        pieces.append("X")
    if state[SQ_LOOT_GEMS + square] or state[SQ_LOOT_AMMO + square]:
        pieces.append("$")
    for seat in range(int(state[PLAYERS])):
        if state[ALIVE + seat] == 1 and state[BOAT_ANCHOR + seat] == square:
            pieces.append(f"@{seat + 1}")
    if pieces:
        return "".join(pieces)
    kind = int(state[SQ_KIND + square])
    if kind in BOARD_SYMBOLS:
        return BOARD_SYMBOLS[kind]
    return "+" if state[CHEST_SQUARE + square] == 1 else "."


def board_lines(state) -> list[str]:
    """The board as a grid, columns and rows numbered as the narration writes squares (row,col);
    the columns as wide as the fullest square (``1o@2``: a character of seat 1 and a bomb on seat
    2's Anchor, by its boat)."""
    rows, cols = int(state[ROWS]), int(state[COLS])
    symbols = [[_square_symbol(state, row * cols + col) for col in range(cols)] for row in range(rows)]
    width = max([2] + [len(symbol) for line in symbols for symbol in line])
    lines = ["     " + " ".join(f"{col:>{width}}" for col in range(cols))]
    for row in range(rows):
        lines.append(f"  {row:>2} " + " ".join(f"{symbol:>{width}}" for symbol in symbols[row]))
    lines.append("  (1-4 a seat's character, B Bobby, o bomb, X closed chest, $ dropped loot, @N seat N's boat, "
                 "every piece of a square shown: o@2 a bomb by seat 2's boat; A Anchor, ~ sea, # obstacle, "
                 "+ opened chest square)")  # fmt: skip
    return lines


def _hand(state, seat: int) -> str:
    cards = [f"{card_name(kind)[2:]}{f' x{count}' if count > 1 else ''}"
             for kind in range(N_CARD_KINDS) if (count := int(state[HAND + seat * N_CARD_KINDS + kind])) > 0]  # fmt: skip
    return ", ".join(cards) or "no cards"


def _character_place(state, char: int) -> str:
    at = int(state[CHAR_LOC + char])
    if at < 0:
        return "out of the game" if char != BOBBY else "still in his chest"
    if state[CHAR_CAPTOR + char] >= 0:
        return f"prisoner in {seat_label(int(state[CHAR_CAPTOR + char]))}'s boat"
    if at >= BOAT_NODE:
        return "aboard"
    stunned = ", stunned" if state[CHAR_STUNNED + char] == 1 else ""
    return f"on {_narrator(state).node(at)}{stunned}"


def _seat_line(state, other: int, seat: int) -> str:
    you = " (you)" if other == seat else ""
    if state[ALIVE + other] == 0:
        return f"  {seat_label(other)}{you}: eliminated"
    narrator = _narrator(state)
    chars = [f"{char % 4 + 1} {_character_place(state, char)}" for char in range(other * 4, other * 4 + 4)]
    if state[CHAR_OWNER + BOBBY] == other:
        chars.append(f"Bobby {_character_place(state, BOBBY)}")
    return (f"  {seat_label(other)}{you}: boat at {narrator.node(int(state[BOAT_ANCHOR + other]))}, "
            f"{plural(int(state[GEMS + other]), 'gem')}, {int(state[AMMO + other])} ammunition, "
            f"{plural(int(state[HAND_COUNT + other]), 'card')} in hand; characters {'; '.join(chars)}")


BOMB_PLACES = {BOMB_IN_CHEST: "in a closed chest", BOMB_CARRIED: "carried", BOMB_REMOVED: "exploded"}


def _bomb_line(state) -> str:
    narrator = _narrator(state)
    places = [f"bomb {bomb + 1} " + (f"on {narrator.node(at)}" if (at := int(state[BOMB_LOC + bomb])) >= 0 else BOMB_PLACES[at])
              for bomb in range(N_BOMBS)]  # fmt: skip
    return "Bombs: " + "; ".join(places)


def describe_view(state, seat: int, variant_flags) -> list[str]:
    """GameSpec hook: what ``seat`` sees now (the board, its hand, every boat and character)."""
    played = int(state[PLAYED_COUNT])
    top = f"; last played {card_name(int(state[PLAYED + played - 1]))[2:]}" if played else ""
    lines = [f"Round {int(state[ROUND]) + 1}; {seat_label(int(state[ACTIVE]))} to play; "
             f"{plural(int(state[GEMS_TO_WIN]), 'gem')} win",
             *board_lines(state),
             f"Your hand: {_hand(state, seat)}",
             f"Draw pile: {plural(int(state[DRAW_COUNT]), 'card')}; played pile {played}{top}",
             _bomb_line(state)]  # fmt: skip
    lines += [_seat_line(state, other, seat) for other in range(int(state[PLAYERS]))]
    if state[CARD] >= 0:
        lines.append(f"{seat_label(int(state[ACTIVE]))} is playing {card_name(int(state[CARD]))}")
    return lines


def narrate_for_seat(log, count: int, variant_flags, seat: int) -> list[str]:
    """GameSpec hook: the first ``count`` log records as ``seat`` sees them (unfolded, so the
    lines already shown never change; a Poisoned Gift's cards only to its two seats)."""
    return event_lines(log, count, int(variant_flags[N_FLAGS + COLS - BOARD]), seat)
