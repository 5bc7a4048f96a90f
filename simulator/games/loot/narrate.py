"""Turns the Loot Island engine log into readable lines (``islandsim replay``)."""

from __future__ import annotations

import numpy as np

from simulator.core.seats import seat_label
from simulator.games.loot import components
from simulator.games.loot.map_components import colour_names, events, island_names, load_map_cards
from simulator.games.loot.state import (
    AARON, ICON_NAMES, L_A1, L_A2, L_B4, L_COMPASS, L_COPY, L_CUBES, L_DRAW, L_ELIM, L_EVENT, L_FINAL, L_HEALER,
    L_HEALER_REVEAL, L_ISLAND, L_ISLAND_FLIP, L_LOOT, L_NO_TREASURE, L_PASS, L_PLAY, L_PREP_DISCARD, L_ROUND, L_SHIP,
    L_TAKE, L_UPKEEP, LOG_CAP, S_LOG_N,
)

_REASONS = {1: "keeps a treasure", 2: "discards a treasure", 3: "card icon", 4: "a 1 played normally",
            5: "small island", 6: "event", 7: "crossed cubes", 8: "copied effect"}


def _who(owner: int) -> str:
    return "Aaron" if owner == AARON else seat_label(owner)


def _card(cards: np.ndarray, card: int) -> str:
    colour = colour_names()[cards[card, 0]]
    value = "Joker" if cards[card, 2] else str(cards[card, 1])
    icon = ICON_NAMES[cards[card, 3]]
    return f"{colour} {value}" + ("" if icon == "none" else f" ({icon})")


def _treasure(treasures: np.ndarray, t: int) -> str:
    kind = components.TREASURE_TYPE_NAMES[treasures[t, components.TREASURE_TYPE]]
    return f"#{treasures[t, components.TREASURE_REF]} {kind} (gold {treasures[t, components.TREASURE_GOLD]}, curse {treasures[t, components.TREASURE_CURSE]})"


def format_log(log: np.ndarray, count: int) -> list[str]:
    cards = load_map_cards()
    treasures = components.load_treasures()
    ev = events()
    islands = island_names()
    lines: list[str] = []
    for code, a, b, c, d, e in log[:count].tolist():
        if code == L_ROUND:
            lines.append(f"== Round {a} (ship at corner {b}, bow {'+' if c > 0 else '-'}, first player {seat_label(d)})")
        elif code == L_EVENT:
            lines.append(f"Event {ev[a]['code']}: {ev[a]['description']}" if a >= 0 else "No event")
        elif code == L_SHIP:
            why = ("moves", "moves again (B1)", "moves (small island)", "turns around (B2)")[c]
            lines.append(f"The ship {why}: corner {a}, bow {'+' if b > 0 else '-'}")
        elif code == L_PLAY:
            where = "front" if d else "end"
            actor = "" if a == e else f" (played by {seat_label(e)})"
            lines.append(f"{_who(a)} plays {_card(cards, c)} to landing {b} ({where}){actor}")
        elif code == L_COMPASS:
            if d == -2:
                lines.append(f"{_who(a)} takes back the compass on landing {b}")
            elif c == -1:
                lines.append(f"{_who(a)} places a compass on landing {b} (position {d})")
            elif c == b:
                lines.append(f"{_who(a)} moves the compass on landing {b} to position {d}")
            else:
                lines.append(f"{_who(a)} moves a compass from landing {c} to landing {b} (position {d})")
        elif code == L_ISLAND:
            actor = "" if a == d else f" (for Aaron, by {seat_label(d)})"
            lines.append(f"{_who(a)} uses small island {islands[b]}{actor}" + ("" if c else " without its power"))
        elif code == L_PASS:
            lines.append(f"{seat_label(a)} passes" + (" and takes the First Player tile" if b else ""))
        elif code == L_CUBES:
            verb = "takes" if b > 0 else "discards"
            lines.append(f"{_who(a)} {verb} {abs(b)} cube(s) ({_REASONS.get(d, '?')}) -> {c}")
        elif code == L_DRAW:
            lines.append(f"{_who(a)} draws {b} card(s)")
        elif code == L_LOOT:
            kind = ("Small Loot", "Big Loot", "Final Exploration")[b]
            lines.append(f"{kind} on landing {a} ({d} cards counted): {c} treasure(s) revealed")
        elif code == L_TAKE:
            lines.append(f"{_who(a)} {'keeps' if c else 'discards'} {_treasure(treasures, b)}")
        elif code == L_UPKEEP:
            lines.append(f"Upkeep of coast {a}")
        elif code == L_ELIM:
            lines.append(f"{seat_label(a)} is eliminated ({'13+ curse cubes' if b == 1 else 'cannot pay the Healer'})")
        elif code == L_HEALER:
            lines.append(f"{seat_label(a)} chooses Healer {b + 1} (cost {c})")
        elif code == L_HEALER_REVEAL:
            lines.append(f"{seat_label(a)} reveals Healer {b + 1}, one of their two (two-healers)")
        elif code == L_FINAL:
            lines.append(f"{seat_label(a)}: loot value {b}, rank {c} (treasure gold {d})")
        elif code == L_PREP_DISCARD:
            lines.append(f"{_who(a)} discards {_card(cards, b)}" + (" (starting draft)" if c else ""))
        elif code == L_ISLAND_FLIP:
            lines.append(f"Small island {islands[a]} is turned face down (B3)")
        elif code == L_NO_TREASURE:
            lines.append("The treasure deck is exhausted: the game goes to the end")
        elif code == L_A1:
            lines.append(f"{seat_label(a)} draws 2 extra cards and takes 2 cubes (A1)")
        elif code == L_A2:
            lines.append(f"{seat_label(a)} takes revealed treasure {_treasure(treasures, b)} (A2)")
        elif code == L_B4:
            lines.append(f"{_who(a)} takes back a compass from landing {b} (B4)")
        elif code == L_COPY:
            lines.append(f"{_who(a)} copies the {'discard-a-cube' if b == 1 else 'draw-a-card'} effect")
        else:
            lines.append(f"record {code} {a} {b} {c} {d} {e}")
    return lines


def replay_log(run_seed: int, game_index: int, variant_flags, strategies, params) -> tuple[np.ndarray, int, np.ndarray]:
    """Replay one game with logging on; return ``(log, count, final state)``."""
    from simulator.games.loot.engine import play_logged

    log = np.zeros((LOG_CAP, 6), dtype=np.int64)
    state = play_logged(int(run_seed), int(game_index), np.ascontiguousarray(variant_flags, dtype=np.int64),
                        tuple(strategies), np.ascontiguousarray(params, dtype=np.float64), log, True)
    return log, int(state[S_LOG_N]), state


def narrate(run_seed, game_index, variant_flags, strategies, params) -> list[str]:
    log, count, _ = replay_log(run_seed, game_index, variant_flags, strategies, params)
    return format_log(log, count)
