"""Tobago's island as data: the 32 layouts of ``data/tobago-board.json`` and the tables the
engine needs, precomputed once per island in plain Python (never in the hot loop).

A hex of an island is an index ``0..n_hexes-1`` (hexes sorted by axial ``(q, r)``).  Sets of
hexes are bitsets of ``N_WORDS`` words of ``WORD_BITS`` bits (52: every word stays a positive
``int64``, so the engine never meets a sign bit; 104 hexes at most -> two words).

Per island (spec 4.4): neighbours, coast (geometric rule: a neighbour position off the island),
connected areas per terrain and the largest one, hex distances, the matching-hex bitset of every
terrain / sea relation (in, next to, in sight of), leg destinations, the number of legs between
any two hexes, and the statue rays.  Landmark relations depend on where the landmarks stand, so
the engine computes them per game from ``DISTANCE`` (``rules.landmark_masks``).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np

DATA = Path(__file__).parent / "data"

TERRAINS = ("mountains", "jungle", "beach", "scrubland", "river", "lake")
N_TERRAINS = 6
# Features a clue can name (spec 1.2): the six terrains, the sea, the three landmark kinds.
SEA = 6
HUT = 7
PALM = 8
STATUE = 9
FEATURE_NAMES = TERRAINS + ("sea", "hut", "palm_tree", "statue")
N_FEATURES = 10
# Terrain "areas" the island tables hold relation masks for: 0..5 all hexes of a terrain,
# 6..11 the largest area of terrain t - 6, 12 the sea.
LARGEST_BASE = 6
SEA_AREA = 12
N_AREAS = 13

REL_IN = 0
REL_NEXT_TO = 1
REL_IN_SIGHT = 2
RELATION_NAMES = ("in", "next_to", "in_sight")
N_RELATIONS = 3

WORD_BITS = 52
N_WORDS = 2
MAX_HEXES = WORD_BITS * N_WORDS

# Directions in clockwise order on the board file's screen (y down): N, NE, SE, S, SW, NW.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

with open(DATA / "components.json", encoding="utf-8") as _handle:
    SIGHT_DISTANCE = json.load(_handle)["sight_distance"]["count"]
"""R22: "à 1 ou 2 cases du lieu": the 'in sight of' tables below are built for this distance (the
rule setting sight_distance's default); the engine computes them per game for another value."""


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Axial hex distance (board file: max(|dq|, |dr|, |dq + dr|))."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def to_bits(hexes) -> np.ndarray:
    """The ``int64[N_WORDS]`` bitset of an iterable of hex indices."""
    words = np.zeros(N_WORDS, dtype=np.int64)
    for h in hexes:
        words[h // WORD_BITS] |= 1 << (h % WORD_BITS)
    return words


def from_bits(words) -> list[int]:
    """The sorted hex indices of a bitset."""
    return [w * WORD_BITS + b for w in range(N_WORDS) for b in range(WORD_BITS) if (int(words[w]) >> b) & 1]


@dataclass
class Island:
    """One island's tables (plain numpy, one island).  ``hexes[i] = (q, r)``."""

    id: str
    hexes: list[tuple[int, int]]
    terrain: np.ndarray  # int64[n]: terrain index
    neighbours: np.ndarray  # int64[n, 6]: neighbour hex in direction d (clockwise from N), -1 = sea
    coast: np.ndarray  # int64[n]: 1 when a neighbour position is off the island
    area: np.ndarray  # int64[n]: connected area id
    area_sizes: list[int]
    largest_area: np.ndarray  # int64[6]: area id of the largest area of each terrain
    distance: np.ndarray  # int64[n, n]: hex distance
    relation_mask: np.ndarray  # int64[N_AREAS, N_RELATIONS, N_WORDS]
    leg_mask: np.ndarray  # int64[n, N_WORDS]: hexes one leg away
    legs_between: np.ndarray  # int64[n, n]: fewest legs from a to b
    ray_end: np.ndarray  # int64[n, 6]: last island hex on the straight line before the sea (A5 a)
    ray_first_coast: np.ndarray  # int64[n, 6]: first coast hex on that line (A5 b), -1 none

    @property
    def n_hexes(self) -> int:
        return len(self.hexes)

    def all_bits(self) -> np.ndarray:
        return to_bits(range(self.n_hexes))


def build_island(island_id: str, cells: list[tuple[int, int, str]]) -> Island:
    """The tables of an island given as ``(q, r, terrain name)`` cells (any small hand-built
    island works: the tests build some)."""
    cells = sorted(cells, key=lambda c: (c[0], c[1]))
    hexes = [(q, r) for q, r, _ in cells]
    if len(hexes) > MAX_HEXES:
        raise ValueError(f"island {island_id}: {len(hexes)} hexes, at most {MAX_HEXES}")
    if len(set(hexes)) != len(hexes):
        raise ValueError(f"island {island_id}: two cells on one hex")
    index = {h: i for i, h in enumerate(hexes)}
    n = len(hexes)
    terrain = np.array([TERRAINS.index(t) for _, _, t in cells], dtype=np.int64)
    neighbours = np.full((n, 6), -1, dtype=np.int64)
    for i, (q, r) in enumerate(hexes):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            neighbours[i, d] = index.get((q + dq, r + dr), -1)
    coast = (neighbours < 0).any(axis=1).astype(np.int64)
    area, area_sizes = _areas(terrain, neighbours)
    largest = np.full(N_TERRAINS, -1, dtype=np.int64)
    for t in range(N_TERRAINS):
        sizes = sorted(((area_sizes[a], a) for a in set(area[terrain == t].tolist())), reverse=True)
        if sizes:
            largest[t] = sizes[0][1]
    distance = np.array([[hex_distance(a, b) for b in hexes] for a in hexes], dtype=np.int64).reshape(n, n)
    relation_mask = np.zeros((N_AREAS, N_RELATIONS, N_WORDS), dtype=np.int64)
    for t in range(N_TERRAINS):
        relation_mask[t] = _relations(set(np.flatnonzero(terrain == t).tolist()), distance, neighbours)
        if largest[t] >= 0:
            relation_mask[LARGEST_BASE + t] = _relations(set(np.flatnonzero(area == largest[t]).tolist()), distance,
                                                         neighbours)  # fmt: skip
    relation_mask[SEA_AREA] = _sea_relations(coast, neighbours)
    leg_mask = np.zeros((n, N_WORDS), dtype=np.int64)
    for i in range(n):
        # R25: a leg is a drive within the hex's area, or a step into a neighbour of another terrain.
        targets = {j for j in range(n) if area[j] == area[i] and j != i}
        targets |= {int(j) for j in neighbours[i] if j >= 0 and terrain[j] != terrain[i]}
        leg_mask[i] = to_bits(targets)
    legs_between = _leg_distances(leg_mask, n)
    ray_end = np.full((n, 6), -1, dtype=np.int64)
    ray_first_coast = np.full((n, 6), -1, dtype=np.int64)
    for i, (q, r) in enumerate(hexes):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            k = 1
            while (q + k * dq, r + k * dr) in index:
                j = index[(q + k * dq, r + k * dr)]
                if ray_first_coast[i, d] < 0 and coast[j]:
                    ray_first_coast[i, d] = j
                ray_end[i, d] = j
                k += 1
    return Island(island_id, hexes, terrain, neighbours, coast, area, area_sizes, largest, distance, relation_mask,
                  leg_mask, legs_between, ray_end, ray_first_coast)  # fmt: skip


def _areas(terrain: np.ndarray, neighbours: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Connected areas of one terrain (hex adjacency)."""
    n = len(terrain)
    area = np.full(n, -1, dtype=np.int64)
    sizes = []
    for start in range(n):
        if area[start] >= 0:
            continue
        area[start] = len(sizes)
        queue, size = deque([start]), 0
        while queue:
            h = queue.popleft()
            size += 1
            for j in neighbours[h]:
                if j >= 0 and area[j] < 0 and terrain[j] == terrain[start]:
                    area[j] = len(sizes)
                    queue.append(j)
        sizes.append(size)
    return area, sizes


def _relations(feature: set[int], distance: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """Spec 1.3: in F; next to F (not in F, a neighbour in F); in sight of F (not in F, 1 or 2
    hexes away, R22)."""
    n = len(distance)
    masks = np.zeros((N_RELATIONS, N_WORDS), dtype=np.int64)
    masks[REL_IN] = to_bits(feature)
    masks[REL_NEXT_TO] = to_bits(h for h in range(n) if h not in feature and any(j in feature for j in neighbours[h]))
    masks[REL_IN_SIGHT] = to_bits(h for h in range(n) if h not in feature and feature
                                  and 1 <= min(distance[h, f] for f in feature) <= SIGHT_DISTANCE)  # fmt: skip
    return masks


def _sea_relations(coast: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """The sea is every position off the island: next to it = the coast hexes; in sight of it =
    1 or 2 hexes from a sea position = coast hexes and their neighbours; nothing is 'in' it."""
    n = len(coast)
    masks = np.zeros((N_RELATIONS, N_WORDS), dtype=np.int64)
    masks[REL_NEXT_TO] = to_bits(h for h in range(n) if coast[h])
    masks[REL_IN_SIGHT] = to_bits(h for h in range(n) if coast[h] or any(j >= 0 and coast[j] for j in neighbours[h]))
    return masks


def _leg_distances(leg_mask: np.ndarray, n: int) -> np.ndarray:
    legs = np.full((n, n), 99, dtype=np.int64)
    targets = [from_bits(leg_mask[i]) for i in range(n)]
    for start in range(n):
        legs[start, start] = 0
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for j in targets[h]:
                if legs[start, j] > legs[start, h] + 1:
                    legs[start, j] = legs[start, h] + 1
                    queue.append(j)
    return legs


# ---- the 32 islands of the board file ----

def _rotate(slot: int, q: int, r: int) -> tuple[int, int]:
    if slot == 0:
        return q, r
    if slot == 1:
        return -q - r, q  # 120 degrees clockwise
    return r, -q - r  # 240 degrees clockwise


def assemble(board: dict, slots: list[str], junction: int) -> list[tuple[int, int, str]]:
    """The cells of the island made of faces ``slots`` (slot 1, 2, 3) at ``junction``
    (board file, "assembly": rotate each face for its slot, then add the junction offset)."""
    offsets = board["assembly"]["junction_offsets"][f"junction_{junction}"]
    cells = []
    for slot, face in enumerate(slots):
        dq, dr = offsets[f"slot_{slot + 1}"]
        for cell in board["sections"][face]["hexes"]:
            q, r = _rotate(slot, cell["q"], cell["r"])
            cells.append((q + dq, r + dr, cell["terrain"]))
    return cells


def load_board() -> dict:
    with open(DATA / "tobago-board.json", encoding="utf-8") as handle:
        return json.load(handle)


def load_islands() -> list[Island]:
    """Every island of the board file, in the file's order (``all_islands``), checked against the
    file's own summary (hex count, coast count, area sizes per terrain)."""
    board = load_board()
    islands = []
    for entry in board["all_islands"]:
        island = build_island(entry["id"], assemble(board, entry["slots"], entry["junction"]))
        _check_against_summary(island, entry)
        islands.append(island)
    return islands


def _check_against_summary(island: Island, entry: dict) -> None:
    if island.n_hexes != entry["hex_count"] or int(island.coast.sum()) != entry["coast_hexes"]:
        raise ValueError(f"island {island.id}: assembled {island.n_hexes} hexes / {int(island.coast.sum())} coast, "
                         f"board file says {entry['hex_count']} / {entry['coast_hexes']}")  # fmt: skip
    for t, name in enumerate(TERRAINS):
        sizes = sorted((island.area_sizes[a] for a in set(island.area[island.terrain == t].tolist())), reverse=True)
        if sizes != entry["region_sizes"][name]:
            raise ValueError(f"island {island.id}: {name} areas {sizes}, board file says {entry['region_sizes'][name]}")


ISLANDS = load_islands()
ISLAND_IDS = tuple(island.id for island in ISLANDS)
N_ISLANDS = len(ISLANDS)


def _stack(attribute: str, shape_tail: tuple[int, ...], fill: int, dtype=np.int64) -> np.ndarray:
    table = np.full((N_ISLANDS,) + shape_tail, fill, dtype=dtype)
    for i, island in enumerate(ISLANDS):
        value = getattr(island, attribute)
        table[(i,) + tuple(slice(0, s) for s in value.shape)] = value
    return table


# Tables of all islands for the engine (numba reads them as constants): leading index = island.
N_HEXES = np.array([island.n_hexes for island in ISLANDS], dtype=np.int64)
HEX_Q = np.zeros((N_ISLANDS, MAX_HEXES), dtype=np.int64)
HEX_R = np.zeros((N_ISLANDS, MAX_HEXES), dtype=np.int64)
for _i, _island in enumerate(ISLANDS):
    for _h, (_q, _r) in enumerate(_island.hexes):
        HEX_Q[_i, _h] = _q
        HEX_R[_i, _h] = _r
TERRAIN = _stack("terrain", (MAX_HEXES,), -1)
NEIGHBOURS = _stack("neighbours", (MAX_HEXES, 6), -1)
COAST = _stack("coast", (MAX_HEXES,), 0)
AREA = _stack("area", (MAX_HEXES,), -1)
# int8: numba freezes global arrays under 1 MB into the compiled (cacheable) code
DISTANCE = _stack("distance", (MAX_HEXES, MAX_HEXES), 99, np.int8)
RELATION_MASK = _stack("relation_mask", (N_AREAS, N_RELATIONS, N_WORDS), 0)
LEG_MASK = _stack("leg_mask", (MAX_HEXES, N_WORDS), 0)
LEGS_BETWEEN = _stack("legs_between", (MAX_HEXES, MAX_HEXES), 99, np.int8)
RAY_END = _stack("ray_end", (MAX_HEXES, 6), -1)
RAY_FIRST_COAST = _stack("ray_first_coast", (MAX_HEXES, 6), -1)
ALL_BITS = np.array([island.all_bits() for island in ISLANDS], dtype=np.int64)
CENTRALITY = np.full((N_ISLANDS, MAX_HEXES), 1 << 20, dtype=np.int64)
"""Sum of the legs from a hex to every hex of its island (small = central; strategies' ATV start)."""
for _i, _island in enumerate(ISLANDS):
    CENTRALITY[_i, :_island.n_hexes] = _island.legs_between.sum(axis=1)
COAST_BITS = np.array([to_bits(np.flatnonzero(island.coast)) for island in ISLANDS], dtype=np.int64)


def hex_label(island: int, hex_index: int) -> str:
    """``'(3,-2) jungle'``: a hex as the narration writes it (axial coordinates of the board file)."""
    return f"({HEX_Q[island, hex_index]},{HEX_R[island, hex_index]}) {TERRAINS[TERRAIN[island, hex_index]]}"
