"""What each seat can see, slot by slot: one declaration per game, read by three users.

A game's state vector holds everything, face-down cards included; strategies are trusted to read
only what their seat may know.  Each game declares, in ``simulator/games/<id>/visibility.py``
(``VISIBILITY``, plain Python data, no numba: importing it compiles nothing), the regions of its
state that some seat cannot see.  **Every slot not declared is public.**  A region says

- who sees it (``seen_by``): ``NOBODY`` (a face-down deck, the game's random stream), ``OWN``
  (per-seat blocks of ``stride`` slots, block ``k`` seen by seat ``k`` only: a hand), or ``SEER``
  (entry ``i`` seen only by the seat stored in ``state[seer_slot + i]``, -1 nobody: a card drawn
  and looked at secretly);
- which entries are in use: ``count_slot`` (entries ``[0, state[count_slot])`` in use, or per
  seat block ``state[count_slot + k]`` with a ``stride``), ``empty_value`` (an entry holding it
  is an empty place, public: "no chest on this square"), ``public_below_slot`` (entries below
  ``state[public_below_slot]`` were turned face up), ``when_flag`` (the region exists only when
  ``state[when_flag] != 0``, e.g. a variant that hides the collections); an entry not in use is
  public (it holds no card);
- for a rule no field above says, ``hidden_if(state, seat, entry) -> bool`` (plain Python);
- what a perturbation may do there (``content``): ``cards(pool)`` (each entry holds a card id of
  the named pool: two hidden entries of one pool may exchange their cards), ``histogram(pool)``
  (entry ``v`` of a block counts the pool's cards of value ``v`` lying there), ``locations(pool)``
  (entry ``c`` is card ``c`` of the pool and holds where it lies: two hidden cards may exchange
  their places), ``OPAQUE`` (may be set to anything: a random stream's state), ``FIXED`` (hidden
  but never perturbed: it follows from other hidden slots, e.g. a per-seat summary of a hand).

The three users:

1. ``perturb(declaration, state, seat, rng)`` builds, from a real position at a decision of
   ``seat``, copies that differ only where ``seat`` cannot see: two cards of one pool exchanged
   between two places hidden from ``seat``, or an opaque slot changed.  A fair strategy gives the
   same answer on them (``tests/core/test_visibility_games.py``; ``islandsim check-strategy``).
   The copies do not go through the game's ``redraw_hidden``, so a leak cannot hide behind a
   redraw that forgets a slot.
2. ``simulator.analysis.studies.fairplay`` re-asks each decision on such copies besides the redraws.
3. ``visible_mask(declaration, state, seat)`` lists the slots ``seat`` sees (public or its own):
   ``redraw_hidden(state, seat, stream)`` must change none of them.
"""

from __future__ import annotations

import importlib
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import numpy as np

NOBODY = "nobody"
"""Seen by no seat (face-down decks, chest contents, the game's own random stream)."""
OWN = "own"
"""Per-seat blocks of ``stride`` slots: block ``k`` is seen by seat ``k`` only (a hand)."""
SEER = "seer"
"""Entry ``i`` is seen only by the seat in ``state[seer_slot + i]`` (-1: nobody)."""

CARDS = "cards"
HISTOGRAM = "histogram"
LOCATIONS = "locations"
OPAQUE_KIND = "opaque"
FIXED_KIND = "fixed"


@dataclass(frozen=True)
class Content:
    """What a perturbation may do in a region: ``kind`` (``cards``, ``histogram``, ``locations``,
    ``opaque``, ``fixed``) and, for the first three, the name of the card pool."""

    kind: str
    pool: str = ""
    group: Callable[[np.ndarray, int], int] | None = None
    """``group(state, card)``: cards exchange only within one group (the tier a card's back shows)."""


def cards(pool: str, group: Callable[[np.ndarray, int], int] | None = None) -> Content:
    """Each entry in use holds a card id of ``pool``; hidden entries may exchange cards (only
    within one ``group(state, card)`` when given: cards whose backs differ)."""
    return Content(CARDS, pool, group)


def histogram(pool: str) -> Content:
    """Entry ``v`` of each block counts the cards of value ``v`` of ``pool`` lying there."""
    return Content(HISTOGRAM, pool)


def locations(pool: str) -> Content:
    """Entry ``c`` is card ``c`` of ``pool`` and holds its location; hidden cards may swap places."""
    return Content(LOCATIONS, pool)


OPAQUE = Content(OPAQUE_KIND)
"""May be set to anything (a random stream's state)."""
FIXED = Content(FIXED_KIND)
"""Hidden, never perturbed: it follows from other hidden slots."""


@dataclass(frozen=True)
class Region:
    """``size`` slots of the state from ``start`` that some seat cannot see (see the module
    docstring for each field); ``rule`` cites what the rulebook says lies face down or in hand."""

    name: str
    start: int
    size: int
    seen_by: str = NOBODY
    content: Content = FIXED
    rule: str = ""
    stride: int = 0
    count_slot: int = -1
    seer_slot: int = -1
    public_below_slot: int = -1
    empty_value: int | None = None
    when_flag: int = -1
    hidden_if: Callable[[np.ndarray, int, int], bool] | None = None

    def __post_init__(self) -> None:
        if self.seen_by not in (NOBODY, OWN, SEER):
            raise ValueError(f"{self.name}: seen_by must be nobody, own or seer, not {self.seen_by!r}")
        if self.seen_by == OWN and self.stride <= 0:
            raise ValueError(f"{self.name}: an own-seat region needs a stride (slots per seat)")
        if self.seen_by == SEER and self.seer_slot < 0 and self.hidden_if is None:
            raise ValueError(f"{self.name}: a seer region needs seer_slot")
        if self.content.kind in (CARDS, HISTOGRAM, LOCATIONS) and not self.content.pool:
            raise ValueError(f"{self.name}: {self.content.kind} needs a pool name")

    def applies(self, state: np.ndarray) -> bool:
        """Whether the region exists in this game (its variant flag, if any, is on)."""
        return self.when_flag < 0 or state[self.when_flag] != 0

    def in_use(self, state: np.ndarray, entry: int) -> bool:
        """Whether ``entry`` (0..size-1) holds something (a card, a count, a stream)."""
        if self.count_slot >= 0:
            if self.stride > 0:
                if entry % self.stride >= state[self.count_slot + entry // self.stride]:
                    return False
            elif entry >= state[self.count_slot]:
                return False
        return self.empty_value is None or state[self.start + entry] != self.empty_value

    def hidden_from(self, state: np.ndarray, seat: int, entry: int) -> bool:
        """Whether ``seat`` cannot see ``entry`` (an entry not in use is public)."""
        if not self.applies(state) or not self.in_use(state, entry):
            return False
        if self.hidden_if is not None:
            return bool(self.hidden_if(state, seat, entry))
        if self.public_below_slot >= 0 and entry < state[self.public_below_slot]:
            return False
        if self.seen_by == OWN:
            return entry // self.stride != seat
        if self.seen_by == SEER:
            return state[self.seer_slot + entry] != seat
        return True

    def block_base(self, entry: int) -> int:
        """First entry of the seat block holding ``entry`` (0 without a stride)."""
        return (entry // self.stride) * self.stride if self.stride > 0 else 0


@dataclass(frozen=True)
class Visibility:
    """One game's declaration: its hidden regions; every other slot is public.

    ``rederive(state)`` (optional, plain Python) rebuilds the ``FIXED`` slots that follow from
    the perturbed ones (a per-seat bitmask of a hand kept beside the cards' locations), so that a
    perturbed copy is a consistent position for a strategy that searches from it."""

    game: str
    regions: tuple[Region, ...]
    rederive: Callable[[np.ndarray], None] | None = None

    def __post_init__(self) -> None:
        taken: dict[int, str] = {}
        for region in self.regions:
            for slot in range(region.start, region.start + region.size):
                if slot in taken and taken[slot] != region.name:
                    raise ValueError(f"{self.game}: slot {slot} is in both {taken[slot]} and {region.name}")
                taken[slot] = region.name
        pools: dict[str, str] = {}
        for region in self.regions:
            if region.content.pool:
                family = "locations" if region.content.kind == LOCATIONS else "cards"
                if pools.setdefault(region.content.pool, family) != family:
                    raise ValueError(f"{self.game}: pool {region.content.pool} mixes locations and cards")

    def region(self, name: str) -> Region:
        """The region called ``name``."""
        for region in self.regions:
            if region.name == name:
                return region
        raise KeyError(name)


def for_game(game: str) -> Visibility | None:
    """The declaration of game ``game`` (module ``<game package>.visibility``, ``VISIBILITY``),
    or ``None`` for a game that has none."""
    from simulator.core.engine.registry import GAME_MODULES

    try:
        module = importlib.import_module(f"{GAME_MODULES[game]}.visibility")
    except ModuleNotFoundError:
        return None
    return module.VISIBILITY


def hidden_slots(declaration: Visibility, state: np.ndarray, seat: int) -> list[tuple[Region, int]]:
    """Every (region, entry) that ``seat`` cannot see in ``state``."""
    return [(region, entry) for region in declaration.regions for entry in range(region.size)
            if region.hidden_from(state, seat, entry)]  # fmt: skip


def visible_mask(declaration: Visibility, state: np.ndarray, seat: int) -> np.ndarray:
    """``bool[len(state)]``: True for each slot ``seat`` can see (public or its own)."""
    mask = np.ones(len(state), dtype=bool)
    for region, entry in hidden_slots(declaration, state, seat):
        mask[region.start + entry] = False
    return mask


def changed_visible_slots(declaration: Visibility, before: np.ndarray, after: np.ndarray, seat: int) -> list[int]:
    """Slots ``seat`` sees in ``before`` whose value differs in ``after`` (empty: the seat cannot
    tell the two states apart)."""
    mask = visible_mask(declaration, before, seat)
    return [int(slot) for slot in np.flatnonzero(mask & (before != after))]


def card_counts(declaration: Visibility, state: np.ndarray) -> dict[str, Counter]:
    """Per card pool, how many cards of each id lie in the declared places (entries in use)."""
    counts: dict[str, Counter] = {}
    for region in declaration.regions:
        kind = region.content.kind
        if kind not in (CARDS, HISTOGRAM) or not region.applies(state):
            continue
        counter = counts.setdefault(region.content.pool, Counter())
        for entry in range(region.size):
            value = int(state[region.start + entry])
            if kind == CARDS and region.in_use(state, entry):
                counter[value] += 1
            elif kind == HISTOGRAM and value:
                counter[entry - region.block_base(entry)] += value
    return {pool: +counter for pool, counter in counts.items()}


@dataclass(frozen=True)
class Perturbation:
    """A copy of a position that differs only where the deciding seat cannot see, and what changed."""

    description: str
    state: np.ndarray


@dataclass(frozen=True)
class _Place:
    region: Region
    entry: int
    card: int

    def describe(self) -> str:
        return f"{self.region.name}[{self.entry}]"


def _hidden_places(declaration: Visibility, state: np.ndarray, seat: int) -> tuple[dict[str, list[_Place]],
                                                                                    list[tuple[Region, int]]]:  # fmt: skip
    """Hidden card places per pool (a histogram gives one place per value it holds), and the
    hidden opaque slots."""
    places: dict[str, list[_Place]] = {}
    opaque: list[tuple[Region, int]] = []
    for region, entry in hidden_slots(declaration, state, seat):
        kind = region.content.kind
        value = int(state[region.start + entry])
        if kind == OPAQUE_KIND:
            opaque.append((region, entry))
        elif kind in (CARDS, LOCATIONS):
            pool = region.content.pool
            if region.content.group is not None:
                pool = f"{pool} (group {region.content.group(state, value)})"
            places.setdefault(pool, []).append(_Place(region, entry, value))
        elif kind == HISTOGRAM and value > 0:
            places.setdefault(region.content.pool, []).append(_Place(region, entry, entry - region.block_base(entry)))
    return places, opaque


def _same_histogram_block(one: _Place, two: _Place) -> bool:
    return (one.region is two.region and one.region.content.kind == HISTOGRAM
            and one.region.block_base(one.entry) == two.region.block_base(two.entry))  # fmt: skip


def _fits(place: _Place, arriving: int) -> bool:
    """Whether card ``arriving`` can lie at ``place`` (a histogram counts values 0..block size-1)."""
    region = place.region
    if region.content.kind != HISTOGRAM:
        return True
    return 0 <= arriving < (region.stride if region.stride > 0 else region.size)


def _exchange(state: np.ndarray, one: _Place, two: _Place) -> None:
    """Card ``one.card`` goes where ``two`` was and card ``two.card`` where ``one`` was."""
    if one.region.content.kind == LOCATIONS:  # the two cards swap their places
        state[one.region.start + one.entry], state[two.region.start + two.entry] = two.card, one.card
        return
    for place, arriving in ((one, two.card), (two, one.card)):
        region = place.region
        if region.content.kind == CARDS:
            state[region.start + place.entry] = arriving
        else:  # histogram: one card of the old value leaves, one of the arriving value comes
            state[region.start + place.entry] -= 1
            state[region.start + region.block_base(place.entry) + arriving] += 1


def perturb(declaration: Visibility, state: np.ndarray, seat: int, rng: np.random.Generator,
            count: int = 4) -> list[Perturbation]:  # fmt: skip
    """Up to ``count`` copies of ``state`` that ``seat`` cannot tell from it: each exchanges two
    cards of different ids of one pool between two places hidden from ``seat`` (every card count
    is kept), or changes one hidden opaque slot.  The kinds of change (a pool and the two regions
    exchanging, or an opaque region) are taken in a random order, one change of each before any
    kind is repeated, so that a small hidden region is not drowned by a large one.  Fewer copies
    when the position hides nothing that can change (e.g. every hidden card is of one kind)."""
    places, opaque = _hidden_places(declaration, state, seat)
    groups: dict[tuple, list] = {}
    for pool, found in sorted(places.items()):
        for i, one in enumerate(found):
            for two in found[i + 1:]:
                if (one.card != two.card and not _same_histogram_block(one, two) and _fits(one, two.card)
                        and _fits(two, one.card)):
                    groups.setdefault((pool, one.region.name, two.region.name), []).append((one, two))
    for region, entry in opaque:
        groups.setdefault(("opaque", region.name), []).append((region, entry))
    if not groups:
        return []
    kinds = list(groups)
    order = [kinds[int(i)] for i in rng.permutation(len(kinds))]
    perturbations = []
    for n in range(count):
        kind = order[n % len(order)]
        items = groups[kind]
        item = items[int(rng.integers(len(items)))]
        copy = state.copy()
        if kind[0] == "opaque":
            region, entry = item
            copy[region.start + entry] = int(state[region.start + entry]) ^ int(rng.integers(1, 1 << 62))
            description = f"{region.name}[{entry}] changed (opaque)"
        else:
            one, two = item
            _exchange(copy, one, two)
            if declaration.rederive is not None:
                declaration.rederive(copy)
            description = f"{kind[0]} card {one.card} at {one.describe()} exchanged with {two.card} at {two.describe()}"
        perturbations.append(Perturbation(description, copy))
    return perturbations
