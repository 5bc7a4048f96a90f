"""The island as data: clue semantics on a hand-built island, and the spec's public statements
checked on all 32 layouts of the board file (plain Python tables, nothing compiled)."""

import numpy as np
import pytest

from simulator.games.tobago import island as isl
from simulator.games.tobago.island import REL_IN, REL_IN_SIGHT, REL_NEXT_TO, build_island, from_bits, to_bits


def hexagon(radius):
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius]


@pytest.fixture(scope="module")
def ring_island():
    """19 hexes: a lake centre, a jungle ring, an outer beach ring with one mountain hex."""
    cells = []
    for q, r in hexagon(2):
        ring = isl.hex_distance((q, r), (0, 0))
        terrain = "lake" if ring == 0 else "jungle" if ring == 1 else ("mountains" if (q, r) == (2, 0) else "beach")
        cells.append((q, r, terrain))
    return build_island("ring", cells)


def hexes_of(island, predicate):
    return sorted(i for i, h in enumerate(island.hexes) if predicate(h))


def ring(h):
    return isl.hex_distance(h, (0, 0))


def relation(island, area, rel):
    return from_bits(island.relation_mask[area, rel])


def test_terrain_relations_on_a_hand_built_island(ring_island):
    lake = isl.TERRAINS.index("lake")
    assert relation(ring_island, lake, REL_IN) == hexes_of(ring_island, lambda h: ring(h) == 0)
    # next to F: not in F, a neighbour in F
    assert relation(ring_island, lake, REL_NEXT_TO) == hexes_of(ring_island, lambda h: ring(h) == 1)
    # in sight of F: 1 or 2 hexes away, never F itself (R22)
    assert relation(ring_island, lake, REL_IN_SIGHT) == hexes_of(ring_island, lambda h: ring(h) in (1, 2))
    jungle = isl.TERRAINS.index("jungle")
    assert relation(ring_island, jungle, REL_NEXT_TO) == hexes_of(ring_island, lambda h: ring(h) != 1)


def test_sea_relations_are_the_coast_and_its_neighbours(ring_island):
    coast = hexes_of(ring_island, lambda h: ring(h) == 2)
    assert from_bits(to_bits(np.flatnonzero(ring_island.coast))) == coast
    assert relation(ring_island, isl.SEA_AREA, REL_NEXT_TO) == coast
    assert relation(ring_island, isl.SEA_AREA, REL_IN_SIGHT) == hexes_of(ring_island, lambda h: ring(h) >= 1)
    assert relation(ring_island, isl.SEA_AREA, REL_IN) == []


def test_largest_area_is_one_connected_area(ring_island):
    beach = isl.TERRAINS.index("beach")
    largest = relation(ring_island, isl.LARGEST_BASE + beach, REL_IN)
    assert largest == hexes_of(ring_island, lambda h: ring(h) == 2 and h != (2, 0))
    # next to the largest beach: the jungle ring and the mountain hex
    assert relation(ring_island, isl.LARGEST_BASE + beach, REL_NEXT_TO) == hexes_of(
        ring_island, lambda h: ring(h) == 1 or h == (2, 0))


def test_two_areas_of_one_terrain_and_the_largest():
    # a row: jungle jungle beach jungle -> two jungle areas of 2 and 1
    cells = [(0, 0, "jungle"), (1, 0, "jungle"), (2, 0, "beach"), (3, 0, "jungle")]
    island = build_island("row", cells)
    jungle = isl.TERRAINS.index("jungle")
    assert sorted(island.area_sizes[a] for a in set(island.area[island.terrain == jungle].tolist())) == [1, 2]
    assert relation(island, isl.LARGEST_BASE + jungle, REL_IN) == [0, 1]
    assert relation(island, jungle, REL_IN) == [0, 1, 3]
    # in sight of the largest jungle: the beach (1 away) and the far jungle (2 away from hex 1)
    assert relation(island, isl.LARGEST_BASE + jungle, REL_IN_SIGHT) == [2, 3]


def test_legs_within_an_area_or_across_a_terrain_change(ring_island):
    centre = ring_island.hexes.index((0, 0))
    # R25: from the single-hex lake, a leg reaches only the neighbours of another terrain
    assert from_bits(ring_island.leg_mask[centre]) == hexes_of(ring_island, lambda h: ring(h) == 1)
    jungle_hex = ring_island.hexes.index((1, 0))
    targets = from_bits(ring_island.leg_mask[jungle_hex])
    # the whole jungle ring (one area) is one leg away
    assert set(hexes_of(ring_island, lambda h: ring(h) == 1)) - {jungle_hex} <= set(targets)
    # the far side of the outer ring is not
    assert ring_island.hexes.index((-2, 0)) not in targets
    assert ring_island.legs_between[centre, ring_island.hexes.index((-2, 0))] == 2


def test_statue_ray_ends_on_the_last_island_hex(ring_island):
    centre = ring_island.hexes.index((0, 0))
    north = isl.DIRECTION_NAMES.index("N")
    assert ring_island.hexes[ring_island.ray_end[centre, north]] == (0, -2)
    assert ring_island.hexes[ring_island.ray_first_coast[centre, north]] == (0, -2)


def test_all_32_islands_match_the_board_file_summary():
    assert isl.N_ISLANDS == 32
    assert len(set(isl.ISLAND_IDS)) == 32
    assert 87 <= min(isl.N_HEXES) and max(isl.N_HEXES) <= 104 <= isl.MAX_HEXES


def test_every_beach_hex_is_a_coast_hex_on_every_island():
    """Spec 1.3 / [SG]: 'in beach' and 'not next to the sea' contradict on all 32 islands."""
    beach = isl.TERRAINS.index("beach")
    for island in isl.ISLANDS:
        beach_bits = island.relation_mask[beach, REL_IN]
        not_next_to_sea = island.all_bits() & ~island.relation_mask[isl.SEA_AREA, REL_NEXT_TO]
        assert not (beach_bits & not_next_to_sea).any(), island.id


def test_each_terrain_has_one_largest_area_of_at_least_4_hexes():
    """[KG]: exactly one largest area per terrain; spec 1.3: so no terrain clue pinpoints a hex."""
    minimum = {"mountains": 4, "jungle": 6, "beach": 5, "scrubland": 7, "river": 4, "lake": 5}
    for island in isl.ISLANDS:
        for t, name in enumerate(isl.TERRAINS):
            sizes = sorted((island.area_sizes[a] for a in set(island.area[island.terrain == t].tolist())), reverse=True)
            assert len(sizes) == 1 or sizes[0] > sizes[1], (island.id, name)
            assert sizes[0] >= minimum[name], (island.id, name)


def test_no_single_terrain_or_sea_clue_pinpoints_a_treasure():
    """[SG]: every relation mask of a terrain, largest area or the sea matches 0 or >= 2 hexes,
    and so does its complement."""
    for island in isl.ISLANDS:
        for area in range(isl.N_AREAS):
            for rel in range(isl.N_RELATIONS):
                mask = island.relation_mask[area, rel]
                assert len(from_bits(mask)) != 1, (island.id, area, rel)
                assert len(from_bits(island.all_bits() & ~mask)) != 1, (island.id, area, rel)


def test_statue_rays_end_on_the_coast():
    for island in isl.ISLANDS:
        for h in range(island.n_hexes):
            for d in range(6):
                end = island.ray_end[h, d]
                if end >= 0:
                    assert island.coast[end] == 1
                    assert island.neighbours[end, d] == -1
