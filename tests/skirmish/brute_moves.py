"""An independent, plain-Python enumerator of the skirmish game's legal moves, written from the
rules (spec R17-R20, R29-R33, R37 and the readings A1-A3, A5, A7-A10, A12, A26) and nothing else
of the engine: it reads the position (square kinds, pieces, bombs, boats, variant flags) from the
state vector and rebuilds the board geometry itself; it calls none of the engine's movement code
(no neighbour tables, no ``reach``, no option lists).

Walks are followed literally: with revisits allowed, the set of (node, carried bombs) reachable
after each step; under ``move-no-revisit``, every simple path one by one.  Nothing relies on
parity or any other shortcut.
"""

from __future__ import annotations

from dataclasses import dataclass

from simulator.games.skirmish.state import (
    ANCHOR,
    BOAT_ANCHOR,
    BOAT_NODE,
    BOMB_LOC,
    CHAR_CAPTOR,
    CHAR_LOC,
    CHAR_OWNER,
    CHAR_STUNNED,
    COLS,
    DEST_BITS,
    FLAG_ADJACENCY_ORTHOGONAL,
    FLAG_CARRY_MANDATORY,
    FLAG_MOVE_UP_TO,
    FLAG_NO_REVISIT,
    FLAG_ORTHOGONAL_MOVES,
    FLAGS,
    LAND,
    MAX_PLAYERS,
    N_BOMBS,
    N_CHARACTERS,
    NO_CHEST,
    OBSTACLE,
    PIECE_BOMB,
    ROWS,
    SQ_BOMB,
    SQ_CHAR,
    SQ_CHEST,
    SQ_KIND,
    ALIVE,
)

KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
ROOK = [(-1, 0), (1, 0), (0, -1), (0, 1)]


@dataclass(frozen=True)
class Position:
    """What the rules look at, copied out of a state vector into plain Python values."""
    rows: int
    cols: int
    kind: dict[int, int]  # square -> SEA / LAND / OBSTACLE / ANCHOR
    char_at: dict[int, int]  # square -> character standing there
    bomb_at: dict[int, int]  # square -> bomb lying there
    chest: set[int]  # squares holding an unopened chest
    char_loc: list[int]
    char_owner: list[int]
    char_captor: list[int]
    char_stunned: list[int]
    bomb_loc: list[int]
    boat_anchor: dict[int, int]  # surviving seat -> its Anchor square
    orthogonal_moves: bool  # A1 move-orthogonal
    orthogonal_adjacency: bool  # A5 adjacency-orthogonal
    up_to: bool  # A2 move-up-to
    no_revisit: bool  # A3 move-no-revisit
    carry_mandatory: bool  # A9 carry-mandatory

    @staticmethod
    def of(state) -> "Position":
        rows, cols = int(state[ROWS]), int(state[COLS])
        squares = range(rows * cols)
        flag = lambda k: int(state[FLAGS + k]) == 1  # noqa: E731
        return Position(
            rows=rows, cols=cols,
            kind={sq: int(state[SQ_KIND + sq]) for sq in squares},
            char_at={sq: int(state[SQ_CHAR + sq]) for sq in squares if state[SQ_CHAR + sq] >= 0},
            bomb_at={sq: int(state[SQ_BOMB + sq]) for sq in squares if state[SQ_BOMB + sq] >= 0},
            chest={sq for sq in squares if state[SQ_CHEST + sq] != NO_CHEST},
            char_loc=[int(state[CHAR_LOC + c]) for c in range(N_CHARACTERS)],
            char_owner=[int(state[CHAR_OWNER + c]) for c in range(N_CHARACTERS)],
            char_captor=[int(state[CHAR_CAPTOR + c]) for c in range(N_CHARACTERS)],
            char_stunned=[int(state[CHAR_STUNNED + c]) for c in range(N_CHARACTERS)],
            bomb_loc=[int(state[BOMB_LOC + b]) for b in range(N_BOMBS)],
            boat_anchor={s: int(state[BOAT_ANCHOR + s]) for s in range(MAX_PLAYERS)
                         if state[ALIVE + s] == 1 and state[BOAT_ANCHOR + s] >= 0},
            orthogonal_moves=flag(FLAG_ORTHOGONAL_MOVES), orthogonal_adjacency=flag(FLAG_ADJACENCY_ORTHOGONAL),
            up_to=flag(FLAG_MOVE_UP_TO), no_revisit=flag(FLAG_NO_REVISIT), carry_mandatory=flag(FLAG_CARRY_MANDATORY),
        )

    # ---- geometry (A1, A5) ----
    def around(self, square: int, directions) -> list[int]:
        """Island squares (not sea) one step away in ``directions``."""
        row, col = divmod(square, self.cols)
        found = []
        for dr, dc in directions:
            r, c = row + dr, col + dc
            if 0 <= r < self.rows and 0 <= c < self.cols and self.kind[r * self.cols + c] in (LAND, ANCHOR, OBSTACLE):
                found.append(r * self.cols + c)
        return found

    def step_squares(self, square: int) -> list[int]:
        """R18 / A1: the squares a step leads to (8 directions, or 4 under move-orthogonal)."""
        return self.around(square, ROOK if self.orthogonal_moves else KING)

    def is_adjacent(self, a: int, b: int) -> bool:
        """'À 1 case' (A5): the 8 squares around, or the 4 sharing a side."""
        return b in self.around(a, ROOK if self.orthogonal_adjacency else KING)

    def on_island(self, node: int) -> bool:
        return 0 <= node < self.rows * self.cols

    def boat_docked_at(self, square: int) -> int:
        for seat, anchor in self.boat_anchor.items():
            if anchor == square:
                return seat
        return -1

    # ---- who may move (R17, R31, R37, A25, A26) ----
    def usable(self, char: int, seat: int) -> bool:
        """An own, free, unstunned character on the island (A25; aboard it cannot interact, R21)."""
        return (self.char_owner[char] == seat and self.char_captor[char] < 0 and self.char_stunned[char] == 0
                and self.on_island(self.char_loc[char]))

    def guarded(self, captor: int) -> bool:
        """R37: a prisoner can only escape while none of its captor's own characters is aboard."""
        boat = BOAT_NODE + captor
        return any(self.char_loc[c] == boat and self.char_owner[c] == captor and self.char_captor[c] < 0
                   for c in range(N_CHARACTERS))

    def candidate_pieces(self, seat: int) -> list[int]:
        """Pieces a Movement card may move, before asking whether the move has an end."""
        pieces = []
        for char in range(N_CHARACTERS):
            if self.char_owner[char] != seat or self.char_loc[char] < 0 or self.char_stunned[char] == 1:
                continue
            captor = self.char_captor[char]
            if captor >= 0 and self.guarded(captor):
                continue
            pieces.append(char)
        for bomb in range(N_BOMBS):
            square = self.bomb_loc[bomb]
            if square < 0:
                continue
            if any(self.usable(c, seat) and self.is_adjacent(self.char_loc[c], square) for c in range(N_CHARACTERS)):
                pieces.append(PIECE_BOMB + bomb)  # R31: a bomb 1 square from one of your characters
        return pieces

    # ---- one step ----
    def character_steps(self, node: int, char: int, seat: int) -> list[int]:
        """R18-R20, A7, A26: land and Anchor squares free of other characters; the own boat from
        its Anchor square; out of a boat (own, or the captor's for a prisoner) to its Anchor."""
        if node >= BOAT_NODE:
            anchor = self.boat_anchor.get(node - BOAT_NODE, -1)
            if anchor < 0 or self.char_at.get(anchor, char) != char:
                return []
            return [anchor]
        steps = [sq for sq in self.step_squares(node)
                 if self.kind[sq] in (LAND, ANCHOR) and self.char_at.get(sq, char) == char]
        if self.boat_anchor.get(seat) == node:
            steps.append(BOAT_NODE + seat)
        return steps

    def bomb_steps(self, node: int, seat: int) -> list[int]:
        """R32 / A12: every island square, obstacles and occupied squares included; R33: an enemy
        boat from its Anchor square (the move ends there)."""
        if node >= BOAT_NODE:
            return []
        steps = list(self.step_squares(node))
        owner = self.boat_docked_at(node)
        if owner >= 0 and owner != seat:
            steps.append(BOAT_NODE + owner)
        return steps

    def carried_after(self, node: int, carried: frozenset) -> list[frozenset]:
        """R29 / A9: entering a bomb's square, the bomb may be taken along (must, under
        carry-mandatory)."""
        bomb = self.bomb_at.get(node, -1) if node < BOAT_NODE else -1
        if bomb < 0 or bomb in carried:
            return [carried]
        taken = carried | {bomb}
        return [taken] if self.carry_mandatory else [carried, taken]

    # ---- ends ----
    def character_end(self, node: int, carried: frozenset, seat: int) -> bool:
        """A8: a bomb's square only carrying that bomb away; R29 / A7: the own boat only, and with
        nothing carried (carried bombs are put down around the character on the island)."""
        if node >= BOAT_NODE:
            return node == BOAT_NODE + seat and not carried
        bomb = self.bomb_at.get(node, -1)
        return bomb < 0 or bomb in carried

    def bomb_end(self, node: int, bomb: int) -> bool:
        """R32 / A10: a free square (land or Anchor, no character, no other bomb, no unopened chest);
        R33: an enemy boat."""
        if node >= BOAT_NODE:
            return True
        return (self.kind[node] in (LAND, ANCHOR) and node not in self.char_at and node not in self.chest
                and self.bomb_at.get(node, bomb) == bomb)

    # ---- walks ----
    def walk_ends(self, piece: int, seat: int, steps: int) -> set[tuple[int, frozenset]]:
        """(end node, carried bombs) of every walk of exactly ``steps`` steps (1..steps under
        move-up-to), before the end filter."""
        is_bomb = piece >= PIECE_BOMB
        start = self.bomb_loc[piece - PIECE_BOMB] if is_bomb else self.char_loc[piece]

        def moves(node, carried):
            if is_bomb:
                return [(other, carried) for other in self.bomb_steps(node, seat)]
            return [(other, after) for other in self.character_steps(node, piece, seat)
                    for after in self.carried_after(other, carried)]

        ends: set[tuple[int, frozenset]] = set()
        if self.no_revisit:
            def search(node, carried, path, taken):
                if taken >= 1 and (self.up_to or taken == steps):
                    ends.add((node, carried))
                if taken == steps:
                    return
                for other, after in moves(node, carried):
                    if other not in path:
                        search(other, after, path | {other}, taken + 1)
            search(start, frozenset(), frozenset({start}), 0)
            return ends
        layer = {(start, frozenset())}
        for taken in range(1, steps + 1):
            layer = {nxt for node, carried in layer for nxt in moves(node, carried)}
            if self.up_to or taken == steps:
                ends |= layer
        return ends

    def destinations(self, piece: int, seat: int, steps: int) -> set[int]:
        """The legal ends as the engine encodes its options: a bomb's end node; a character's
        ``node | carried bombs << DEST_BITS``."""
        if piece >= PIECE_BOMB:
            bomb = piece - PIECE_BOMB
            return {node for node, _ in self.walk_ends(piece, seat, steps) if self.bomb_end(node, bomb)}
        found = set()
        for node, carried in self.walk_ends(piece, seat, steps):
            if self.character_end(node, carried, seat):
                found.add(node | sum(1 << b for b in carried) << DEST_BITS)
        return found

    def movable(self, seat: int, steps: int) -> dict[int, set[int]]:
        """Every piece a Movement card of ``steps`` may move (R17, R31, R37), with its legal ends;
        a piece without an end is not offered."""
        moves = {}
        for piece in self.candidate_pieces(seat):
            ends = self.destinations(piece, seat, steps)
            if ends:
                moves[piece] = ends
        return moves


def legal_moves(state, seat: int, steps: int) -> dict[int, set[int]]:
    """Brute force: piece -> its legal ends, for a Movement card of ``steps`` played by ``seat``."""
    return Position.of(state).movable(seat, steps)
