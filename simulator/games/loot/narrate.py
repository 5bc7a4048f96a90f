"""Turns the Loot Island engine log into readable lines (``islandsim replay``).

The engine writes a record when something happens; the narration puts each cause before its
effects (a kept treasure before the curse cubes it brings, a small island before what its power
did), numbers landings, coasts and corners from 1, names treasures and islands as the components
do, ends each round with a standing line (every seat's curse cubes and kept treasures) and folds a
stretch of identical lines into one copy and a count."""

from __future__ import annotations

import numpy as np

from simulator.core.engine.narration import fold_repeats, plural
from simulator.core.engine.seats import seat_label
import simulator.games.loot.components as components
from simulator.games.loot.map_components import colour_names, events, island_names, load_map_cards, setup_rules
from simulator.games.loot.state import (
    AARON, ICON_NAMES, L_A1, L_A2, L_B4, L_COMPASS, L_COPY, L_CUBES, L_DRAW, L_ELIM, L_EVENT, L_FINAL, L_HEALER,
    L_HEALER_REVEAL, L_ISLAND, L_ISLAND_FLIP, L_LOOT, L_NO_TREASURE, L_PASS, L_PLAY, L_PREP_DISCARD, L_ROUND, L_SHIP,
    L_TAKE, L_UPKEEP, LOG_CAP, R_COPY, R_CROSSED, R_DISCARD_TREASURE, R_EVENT, R_ICON, R_ISLAND, R_KEEP, R_ONE,
    S_LOG_N, MAX_PLAYERS, N_MAP, N_TREASURES, RULES_OFFSET, RULES_SIZE, T_MAP, T_START_CUBES, T_TREASURES,
)

_REASONS = {R_KEEP: "for the treasure kept", R_DISCARD_TREASURE: "for the treasure discarded", R_ICON: "card icon",
            R_ONE: "a 1 played normally", R_ISLAND: "small island", R_EVENT: "event", R_CROSSED: "crossed on the treasure",
            R_COPY: "copied effect"}
"""Why curse cubes were taken or discarded (``R_*`` in ``state.py``)."""
TREASURE_CUBES = (R_KEEP, R_CROSSED, R_DISCARD_TREASURE)
"""Cube reasons the engine records just before the treasure (kept or discarded) that causes them."""
ISLAND_CUBES = (R_ISLAND, *TREASURE_CUBES)
"""Cube reasons a small island's power records before the island itself."""
END_RECORDS = (L_HEALER, L_HEALER_REVEAL, L_FINAL)
ICON_SHOWN = {"plus1": "+1"}
"""Card icons as printed, where the engine's name differs."""


def _who(owner: int) -> str:
    return "Aaron" if owner == AARON else seat_label(owner)


def _name(identifier: str) -> str:
    """``'cleansing_spring'`` -> ``'Cleansing Spring'`` (component ids as players read them)."""
    return identifier.replace("_", " ").title()


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _landing(landing: int) -> str:
    """Landings 1..8 (the engine's 0..7; coast k holds landings 2k-1 and 2k)."""
    return f"landing {landing + 1}"


def _bow(direction: int) -> str:
    return "clockwise" if direction > 0 else "counter-clockwise"


def _stack_place(position: int) -> str:
    return "at the bottom of its compass stack" if position == 0 else f"{_ordinal(position + 1)} from the bottom"


def _card(cards: np.ndarray, card: int) -> str:
    colour = colour_names()[cards[card, 0]]
    value = "Joker" if cards[card, 2] else str(cards[card, 1])
    icon = ICON_NAMES[cards[card, 3]]
    return f"{colour} {value}" + ("" if icon == "none" else f" ({ICON_SHOWN.get(icon, icon)})")


def _treasure(treasures: np.ndarray, t: int) -> str:
    kind = _name(components.TREASURE_TYPE_NAMES[treasures[t, components.TREASURE_TYPE]]).lower()
    gold, curse = treasures[t, components.TREASURE_GOLD], treasures[t, components.TREASURE_CURSE]
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{article} {kind} ({gold} gold, {plural(curse, 'curse cube')})"


def _moves_back(record: tuple[int, ...], earlier: tuple[int, ...]) -> bool:
    """Whether ``record`` (a cause the engine writes after its effects) goes before ``earlier``."""
    code, owner = record[0], record[1]
    if earlier[1] != owner:
        return False
    if code == L_TAKE:  # the cubes a kept or discarded treasure brings
        return earlier[0] == L_CUBES and earlier[4] in TREASURE_CUBES
    if code == L_A1:  # the extra cards and the cubes of event A1
        return earlier[0] == L_DRAW or earlier[0] == L_CUBES and earlier[4] == R_EVENT
    # a small island: the cubes it gave or took, the treasure it gave and that treasure's cubes
    return earlier[0] == L_TAKE or earlier[0] == L_CUBES and earlier[4] in ISLAND_CUBES


def cause_first(records: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The records in the order a player reads them: a treasure kept or discarded before the cubes
    it brings, a small island before what its power did, event A1 before its cards and cubes.
    Nothing is added or lost; a treasure moves back only over cubes written since the last one."""
    ordered: list[tuple[int, ...]] = []
    treasure_floor = 0  # cubes before this index belong to an earlier treasure
    for record in records:
        code, owner = record[0], record[1]
        if code in (L_TAKE, L_A1, L_ISLAND):
            start = len(ordered)
            floor = treasure_floor if code == L_TAKE else 0
            if code == L_ISLAND and ordered and ordered[-1][0] in (L_DRAW, L_COMPASS) and ordered[-1][1] == owner:
                start -= 1  # a drawing or compass island writes one record
            else:
                while start > floor and _moves_back(record, ordered[start - 1]):
                    start -= 1
            ordered.insert(start, record)
            treasure_floor = len(ordered)
        else:
            ordered.append(record)
    return ordered


class Standing:
    """Each seat's running count from the records: curse cubes, treasures kept and their gold."""

    def __init__(self, starting_cubes: list[int]) -> None:
        """Seat k starts with ``starting_cubes[k]`` curse cubes and no treasure."""
        self.starting_cubes = starting_cubes
        self.cubes: dict[int, int] = {}
        self.kept: dict[int, int] = {}
        self.gold: dict[int, int] = {}
        self.eliminated: set[int] = set()

    def follow(self, record: tuple[int, ...], treasures: np.ndarray) -> None:
        """Update the counts with one record."""
        code, a, b, c = record[:4]
        if code == L_DRAW and a != AARON:
            self.cubes.setdefault(a, self.starting_cubes[a])
        elif code == L_CUBES and a != AARON:
            self.cubes[a] = c
        elif code == L_TAKE and a != AARON and c:
            self.kept[a] = self.kept.get(a, 0) + 1
            self.gold[a] = self.gold.get(a, 0) + int(treasures[b, components.TREASURE_GOLD])
        elif code == L_ELIM:
            self.eliminated.add(a)

    def line(self, round_number: int) -> str:
        """``Standing after round 2: seat 1: 5 curse cubes, 2 treasures (12 gold on the cards); ...``."""
        parts = []
        for seat in sorted(self.cubes):
            if seat in self.eliminated:
                parts.append(f"{seat_label(seat)}: eliminated")
                continue
            gold = f" ({self.gold[seat]} gold on the cards)" if self.kept.get(seat) else ""
            parts.append(f"{seat_label(seat)}: {plural(self.cubes[seat], 'curse cube')}, "
                         f"{plural(self.kept.get(seat, 0), 'treasure')}{gold}")
        return f"Standing after round {round_number}: " + "; ".join(parts)


def describe(record: tuple[int, ...], cards: np.ndarray, treasures: np.ndarray) -> str:
    """The plain-English line of one record."""
    code, a, b, c, d, e = record
    ev = events()
    if code == L_ROUND:
        return (f"== Round {a}: the ship is at corner {b + 1}, sailing {_bow(c)}; "
                f"first player {seat_label(d)}")
    if code == L_EVENT:
        return f"Event {ev[a]['code']}: {ev[a]['description']}" if a >= 0 else "No event"
    if code == L_SHIP:
        why = ("moves", "moves again (B1)", "moves (small island)", "turns around (B2)")[c]
        return f"The ship {why}: now at corner {a + 1}, sailing {_bow(b)}"
    if code == L_PLAY:
        where = "in front" if d else "at the end"
        actor = "" if a == e else f" (played by {seat_label(e)})"
        return f"{_who(a)} plays {_card(cards, c)} on {_landing(b)}, {where}{actor}"
    if code == L_COMPASS:
        if d == -2:
            return f"{_who(a)} takes back the compass on {_landing(b)}"
        if c == -1:
            return f"{_who(a)} places a compass on {_landing(b)}, {_stack_place(d)}"
        if c == b:
            return f"{_who(a)} moves the compass on {_landing(b)} {_stack_place(d).replace('at the', 'to the')}"
        return f"{_who(a)} moves a compass from {_landing(c)} to {_landing(b)}, {_stack_place(d)}"
    if code == L_ISLAND:
        actor = "" if a == d else f" (for Aaron, by {seat_label(d)})"
        return f"{_who(a)} uses the small island {_name(island_names()[b])}{actor}" + ("" if c else " without its power")
    if code == L_PASS:
        return f"{seat_label(a)} passes" + (" and takes the First Player tile" if b else "")
    if code == L_CUBES:
        verb = "takes" if b > 0 else "discards"
        return f"{_who(a)} {verb} {plural(abs(b), 'curse cube')} ({_REASONS.get(d, 'other')}): now {c}"
    if code == L_DRAW:
        return f"{_who(a)} draws {plural(b, 'card')}"
    if code == L_LOOT:
        kind = ("Small Loot", "Big Loot", "Final Exploration")[b]
        return f"{kind} on {_landing(a)} ({plural(d, 'card')} counted): {plural(c, 'treasure')} revealed"
    if code == L_TAKE:
        return f"{_who(a)} {'keeps' if c else 'discards'} {_treasure(treasures, b)}"
    if code == L_UPKEEP:
        return f"Upkeep of coast {a + 1} (landings {2 * a + 1} and {2 * a + 2})"
    if code == L_ELIM:
        return f"{seat_label(a)} is eliminated ({'13 curse cubes or more' if b == 1 else 'cannot pay the Healer'})"
    if code == L_HEALER:
        return f"{seat_label(a)} chooses Healer {b + 1} (costs {c})"
    if code == L_HEALER_REVEAL:
        return f"{seat_label(a)} reveals Healer {b + 1}, one of their two (two-healers)"
    if code == L_FINAL:
        rank = f"rank {c}" if c else "eliminated, no rank"
        return f"{seat_label(a)}: loot value {b}, {rank} (treasures scored {d} gold)"
    if code == L_PREP_DISCARD:
        return f"{_who(a)} discards {_card(cards, b)}" + (" for the starting draft" if c else "")
    if code == L_ISLAND_FLIP:
        return f"The small island {_name(island_names()[a])} is turned face down (B3)"
    if code == L_NO_TREASURE:
        return "The treasure deck is exhausted: the game goes to the end"
    if code == L_A1:
        return f"{seat_label(a)} takes the offer of event A1: 2 extra cards for 2 curse cubes"
    if code == L_A2:
        return f"{seat_label(a)} takes the revealed treasure: {_treasure(treasures, b)} (A2)"
    if code == L_B4:
        return f"{_who(a)} takes back a compass from {_landing(b)} (B4)"
    if code == L_COPY:
        return f"{_who(a)} copies the {'discard-a-cube' if b == 1 else 'draw-a-card'} effect"
    return f"record {code} {a} {b} {c} {d} {e}"


def run_tables(variant_flags=None) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The run's map cards (``int64[88, 4]``), treasure table (components.py's columns) and each
    seat's starting curse cubes, from the rules block of ``variant_flags`` (loot's ``encode_variants``);
    the shipped components and the rulebook's 3 cubes when there is none."""
    flags = None if variant_flags is None else np.asarray(variant_flags, dtype=np.int64)
    if flags is None or flags.shape[0] < RULES_OFFSET + RULES_SIZE:
        return load_map_cards(), components.load_treasures(), [int(setup_rules()["starting_curse_cubes"])] * MAX_PLAYERS
    block = flags[RULES_OFFSET:RULES_OFFSET + RULES_SIZE]
    cards = block[T_MAP:T_MAP + N_MAP * 4].reshape(N_MAP, 4).copy()
    treasures = block[T_TREASURES:T_TREASURES + N_TREASURES * components.N_TREASURE_COLUMNS].reshape(
        N_TREASURES, components.N_TREASURE_COLUMNS).copy()
    return cards, treasures, [int(cubes) for cubes in block[T_START_CUBES:T_START_CUBES + MAX_PLAYERS]]


def format_log(log: np.ndarray, count: int, as_written: bool = False, variant_flags=None) -> list[str]:
    """Plain-English lines for the first ``count`` records of ``log``: causes before effects,
    a standing line at the end of each round, identical stretches folded.

    With ``as_written`` (``islandsim play``, which prints the lines as the records come) the
    records keep the engine's order and nothing is folded, so that the lines for fewer records
    are a prefix of the lines for more: a small island is written after what its power did,
    once a decision may have come between (a treasure kept or discarded), and a fold or a cause
    moved back would rewrite lines already printed."""
    cards, treasures, starting_cubes = run_tables(variant_flags)  # the run's rule settings
    records = [tuple(row) for row in log[:count].tolist()]
    if not as_written:
        records = cause_first(records)
    standing = Standing(starting_cubes)
    lines: list[str] = [] if records and records[0][0] == L_ROUND else ["== Set-up"]
    round_number = 0  # the round under way, until its standing line is written
    for record in records:
        code = record[0]
        if round_number and (code == L_ROUND or code in END_RECORDS):
            lines.append(standing.line(round_number))
            round_number = 0
        if code == L_ROUND:
            round_number = record[1]
        standing.follow(record, treasures)
        lines.append(describe(record, cards, treasures))
    lines = [line[0].upper() + line[1:] for line in lines]
    return lines if as_written else fold_repeats(lines)


def replay_log(run_seed: int, game_index: int, variant_flags, strategies, params) -> tuple[np.ndarray, int, np.ndarray]:
    """Replay one game with logging on; return ``(log, count, final state)``."""
    from simulator.games.loot.engine import play_logged

    log = np.zeros((LOG_CAP, 6), dtype=np.int64)
    state = play_logged(int(run_seed), int(game_index), np.ascontiguousarray(variant_flags, dtype=np.int64),
                        tuple(strategies), np.ascontiguousarray(params, dtype=np.float64), log, True)
    return log, int(state[S_LOG_N]), state


def narrate(run_seed, game_index, variant_flags, strategies, params) -> list[str]:
    """The narrated log of game ``game_index`` of run ``run_seed`` (one line per event, folded)."""
    log, count, _ = replay_log(run_seed, game_index, variant_flags, strategies, params)
    return format_log(log, count, variant_flags=variant_flags)
