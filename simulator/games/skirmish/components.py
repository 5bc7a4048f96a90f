"""Skirmish components: the data files (``data/``) loaded into numpy tables, the board file
parser and its validation, and the engine's flag vector (plain Python, once per run).

Reachability is precomputed here, outside the hot loop: the neighbour tables of every square for
characters (A1 reading), for bombs moved alone (A12) and for "à 1 case" effects (A5 reading),
which the engine copies into the state at ``new_game``.
"""

from __future__ import annotations

import csv
import re
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simulator.games.skirmish.state import (
    ANCHOR,
    ANCHOR_LIST,
    BOARD,
    BOARD_SIZE,
    CHEST_SQUARE,
    COLS,
    DOCKS,
    LAND,
    MAX_ANCHORS,
    MAX_COLS,
    MAX_PLAYERS,
    MAX_ROWS,
    N_ANCHORS,
    N_CHEST_TILES,
    NEIGH_ADJ,
    NEIGH_BOMB,
    NEIGH_MOVE,
    OBSTACLE,
    ROWS,
    SEA,
    SQ_KIND,
)

DATA = Path(__file__).parent / "data"
DEFAULT_BOARD = DATA / "board.txt"
SYMBOLS = {"~": SEA, ".": LAND, "A": ANCHOR, "X": LAND, "#": OBSTACLE}
KING_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
ROOK_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
CARD_NAMES = ("move 1", "move 2", "move 3", "move 4", "move 5", "move 6", "move 7", "Pistol", "Padlock", "Hammer",
              "Shield", "Treasure Chest", "Poisoned Gift", "Flying Bomb", "Potion", "Boat")
SPECIAL_CARDS = ("pistol", "padlock", "hammer", "shield", "treasure_chest", "poisoned_gift", "flying_bomb", "potion",
                 "boat")
"""Card names of cards.csv, in kind order PISTOL..BOAT_CARD."""


def _read_csv(name: str) -> list[dict]:
    with open(DATA / name, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def load_chest_mixes() -> dict[str, tuple[int, int, int, int, int]]:
    """Mix name -> (gems, ammunition, Bobby, trapped, bombs), from data/chests.csv."""
    mixes = {}
    for row in _read_csv("chests.csv"):
        counts = (int(row["gem"]), int(row["ammunition"]), int(row["bobby"]), int(row["trapped"]), int(row["bomb"]))
        if sum(counts) != N_CHEST_TILES:
            raise ValueError(f"data/chests.csv: mix {row['mix']} has {sum(counts)} tiles, not {N_CHEST_TILES}")
        mixes[row["mix"]] = counts
    return mixes


def load_movement_sets() -> dict[str, list[int]]:
    """Set name -> Movement cards of value 1..7, from data/movement.csv (55 cards, RB total)."""
    sets: dict[str, list[int]] = {}
    for row in _read_csv("movement.csv"):
        sets.setdefault(row["set"], [0] * 7)[int(row["value"]) - 1] = int(row["count"])
    for name, counts in sets.items():
        if sum(counts) != 55:
            raise ValueError(f"data/movement.csv: set {name} has {sum(counts)} cards, not 55")
    return sets


CARD_TYPES = ("attack", "attack", "attack", "defence", "bonus", "bonus", "bonus", "bonus", "bonus")
"""The type ("couleur", R12) of each card of SPECIAL_CARDS, as the engine's ``card_type`` gives it."""


def load_card_rows() -> dict[str, dict]:
    """Card name -> its row of data/cards.csv (``count`` as an int); the ``type`` column is checked
    against the engine's card types (R12), ``label`` (RB / INF) says whether the count is read or
    inferred, ``note`` is documentation."""
    rows = {row["card"]: dict(row, count=int(row["count"])) for row in _read_csv("cards.csv")}
    if sorted(rows) != sorted(SPECIAL_CARDS):
        raise ValueError(f"data/cards.csv: cards {sorted(rows)} differ from {sorted(SPECIAL_CARDS)}")
    for name, card_type in zip(SPECIAL_CARDS, CARD_TYPES):
        if rows[name]["type"] != card_type:
            raise ValueError(f"data/cards.csv: {name} is of type {card_type}, not {rows[name]['type']}")
        if rows[name]["label"] not in ("RB", "INF"):
            raise ValueError(f"data/cards.csv: {name}: label must be RB or INF, not {rows[name]['label']}")
    return rows


def load_movement_reconstructed() -> dict[str, bool]:
    """Set name -> whether its split over values 1..7 is reconstructed (data/movement.csv)."""
    flags: dict[str, bool] = {}
    for row in _read_csv("movement.csv"):
        flags[row["set"]] = flags.get(row["set"], False) or row["reconstructed"] == "1"
    return flags


def load_chest_reconstructed() -> dict[str, bool]:
    """Mix name -> whether its gem/ammunition/trap split is reconstructed (data/chests.csv)."""
    return {row["mix"]: row["reconstructed"] == "1" for row in _read_csv("chests.csv")}


def load_card_counts() -> list[int]:
    """Copies of Pistol..Boat (kinds 7..15), from data/cards.csv."""
    rows = load_card_rows()
    return [rows[name]["count"] for name in SPECIAL_CARDS]


CHEST_MIXES = load_chest_mixes()
MOVEMENT_SETS = load_movement_sets()
CARD_COUNTS = load_card_counts()


@dataclass(frozen=True)
class Board:
    """A parsed, validated board: the grid of square kinds, chest squares, Anchors and docks."""

    rows: int
    cols: int
    kinds: tuple[tuple[int, ...], ...]
    chests: tuple[tuple[int, int], ...]
    anchors: tuple[tuple[int, int], ...]
    docks: tuple[tuple[int, int], ...]
    source: str


def _coordinates(text: str, where: str) -> list[tuple[int, int]]:
    found = re.findall(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)", text)
    rest = re.sub(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)", "", text).strip()
    if rest:
        raise ValueError(f"{where}: expected squares written (row,col), found '{rest}'")
    return [(int(r), int(c)) for r, c in found]


def parse_board(text: str, source: str = "board") -> Board:
    """Parse and validate a board file's text; ValueError with a one-line message otherwise."""
    grid: list[str] = []
    anchors_line = docks_line = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or (line.startswith("#") and not set(line) <= set(SYMBOLS)):
            continue  # a comment: '#' then words; a row of squares may start with an obstacle '#'
        key = line.split(":", 1)[0].strip().lower()
        if key == "anchors" and ":" in line:
            anchors_line = (number, line.split(":", 1)[1])
        elif key == "docks" and ":" in line:
            docks_line = (number, line.split(":", 1)[1])
        else:
            bad = sorted(set(line) - set(SYMBOLS))
            if bad:
                raise ValueError(f"{source}: line {number}: unknown square symbol '{bad[0]}' "
                                 "(allowed: ~ sea, . land, A Anchor, X chest, # obstacle)")
            grid.append(line)
    if not grid:
        raise ValueError(f"{source}: no grid rows (rows of ~ . A X #)")
    cols = len(grid[0])
    if any(len(row) != cols for row in grid):
        raise ValueError(f"{source}: the grid rows differ in length; every row needs {cols} squares")
    if len(grid) > MAX_ROWS or cols > MAX_COLS:
        raise ValueError(f"{source}: the grid is {len(grid)} x {cols}; at most {MAX_ROWS} x {MAX_COLS} is allowed")
    kinds = tuple(tuple(SYMBOLS[ch] for ch in row) for row in grid)
    chests = tuple((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "X")
    anchor_cells = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "A"]
    if len(chests) != N_CHEST_TILES:
        raise ValueError(f"{source}: {len(chests)} chest squares (X); the game has exactly {N_CHEST_TILES} chests")
    if len(anchor_cells) < MAX_PLAYERS:
        raise ValueError(f"{source}: {len(anchor_cells)} Anchor squares (A); at least {MAX_PLAYERS} are needed (4 boats)")
    if len(anchor_cells) > MAX_ANCHORS:
        raise ValueError(f"{source}: {len(anchor_cells)} Anchor squares (A); at most {MAX_ANCHORS} are allowed")
    if anchors_line is not None:
        listed = _coordinates(anchors_line[1], f"{source}: line {anchors_line[0]}")
        if sorted(listed) != sorted(anchor_cells):
            raise ValueError(f"{source}: line {anchors_line[0]}: the anchors listed differ from the A squares of the grid")
    if docks_line is None:
        raise ValueError(f"{source}: no 'docks:' line (the {MAX_PLAYERS} starting Anchors in seat order)")
    docks = _coordinates(docks_line[1], f"{source}: line {docks_line[0]}")
    if len(docks) != MAX_PLAYERS or len(set(docks)) != MAX_PLAYERS:
        raise ValueError(f"{source}: line {docks_line[0]}: {MAX_PLAYERS} different docks are needed, found {len(set(docks))}")
    for dock in docks:
        if dock not in anchor_cells:
            raise ValueError(f"{source}: line {docks_line[0]}: dock {dock} is not an Anchor square (A)")
    board = Board(len(grid), cols, kinds, chests, tuple(anchor_cells), tuple(docks), source)
    _check_reachable(board, docks_line[0])
    return board


def _check_reachable(board: Board, line: int) -> None:
    """Every chest and Anchor square must be reachable from every dock with king steps (R18),
    obstacles and sea blocking (A4)."""
    for dock in board.docks:
        seen = _walk(board, dock, KING_STEPS)
        for target in board.chests + board.anchors:
            if target not in seen:
                raise ValueError(f"{board.source}: line {line}: square {target} cannot be reached from dock {dock}")


def _walk(board: Board, start: tuple[int, int], steps) -> dict[tuple[int, int], int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in steps:
            nr, nc = r + dr, c + dc
            if 0 <= nr < board.rows and 0 <= nc < board.cols and (nr, nc) not in seen \
                    and board.kinds[nr][nc] in (LAND, ANCHOR):
                seen[(nr, nc)] = seen[(r, c)] + 1
                queue.append((nr, nc))
    return seen


def load_board(path: str | Path | None = None) -> Board:
    """The board of ``path`` (default: the reconstructed data/board.txt); ValueError on a bad file."""
    target = Path(path) if path is not None else DEFAULT_BOARD
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"board file '{target}' cannot be read ({type(error).__name__})") from None
    return parse_board(text, str(path) if path is not None else "data/board.txt")


def board_lines(board: Board) -> list[str]:
    """The canonical text of a board (the value of the ``board`` rule setting): its grid rows, then
    the ``anchors:`` and ``docks:`` lines; ``parse_board("\\n".join(lines))`` gives the board back."""
    symbol = {SEA: "~", LAND: ".", ANCHOR: "A", OBSTACLE: "#"}
    chests = set(board.chests)
    rows = ["".join("X" if (r, c) in chests else symbol[board.kinds[r][c]] for c in range(board.cols))
            for r in range(board.rows)]
    squares = lambda cells: " ".join(f"({r},{c})" for r, c in cells)  # noqa: E731
    return rows + [f"anchors: {squares(board.anchors)}", f"docks: {squares(board.docks)}"]


def read_board_setting(path: Path) -> list[str]:
    """The ``board`` setting's reader: a board file -> its canonical lines (ValueError, one line)."""
    return board_lines(parse_board(Path(path).read_text(encoding="utf-8"), Path(path).name))


def board_block(board: Board, orthogonal_moves: bool, orthogonal_adjacency: bool) -> np.ndarray:
    """The board part of the flag vector (layout BOARD..BOARD+BOARD_SIZE of state.py), with the
    neighbour tables precomputed for the movement and adjacency readings."""
    block = np.full(BOARD_SIZE, -1, dtype=np.int64)

    def at(offset: int) -> int:
        return offset - BOARD

    block[at(ROWS)] = board.rows
    block[at(COLS)] = board.cols
    block[at(SQ_KIND):at(SQ_KIND) + (CHEST_SQUARE - SQ_KIND)] = SEA
    block[at(CHEST_SQUARE):at(CHEST_SQUARE) + (NEIGH_MOVE - CHEST_SQUARE)] = 0
    for r in range(board.rows):
        for c in range(board.cols):
            block[at(SQ_KIND) + r * board.cols + c] = board.kinds[r][c]
    for r, c in board.chests:
        block[at(CHEST_SQUARE) + r * board.cols + c] = 1
    move_steps = ROOK_STEPS if orthogonal_moves else KING_STEPS
    adjacent_steps = ROOK_STEPS if orthogonal_adjacency else KING_STEPS
    for r in range(board.rows):
        for c in range(board.cols):
            square = r * board.cols + c
            if board.kinds[r][c] == SEA:
                continue
            for table, steps, passable in ((NEIGH_MOVE, move_steps, (LAND, ANCHOR)),
                                           (NEIGH_BOMB, move_steps, (LAND, ANCHOR, OBSTACLE)),
                                           (NEIGH_ADJ, adjacent_steps, (LAND, ANCHOR, OBSTACLE))):
                k = 0
                for dr, dc in steps:
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < board.rows and 0 <= nc < board.cols and board.kinds[nr][nc] in passable:
                        block[at(table) + square * 8 + k] = nr * board.cols + nc
                        k += 1
    block[at(N_ANCHORS)] = len(board.anchors)
    for i, (r, c) in enumerate(board.anchors):
        block[at(ANCHOR_LIST) + i] = r * board.cols + c
    for i, (r, c) in enumerate(board.docks):
        block[at(DOCKS) + i] = r * board.cols + c
    return block


def square_name(square: int, cols: int) -> str:
    """``(row,col)`` of a square index."""
    return f"({square // cols},{square % cols})"
