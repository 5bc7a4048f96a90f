"""Helpers for the Loot Island rule tests: hand-built states and scripted strategies."""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.core.decisions import STRATEGY_SIGNATURE
from simulator.games.loot import state as S
from simulator.games.loot.setup import write_info
from simulator.games.loot.tables import engine_tables


@njit(STRATEGY_SIGNATURE, cache=True)
def first_option(state, seat, decision_kind, options, n_options, params, stream):
    """Always the first option."""
    return 0


@njit(STRATEGY_SIGNATURE, cache=True)
def last_option(state, seat, decision_kind, options, n_options, params, stream):
    """Always the last option."""
    return n_options - 1


@njit(STRATEGY_SIGNATURE, cache=True)
def scripted(state, seat, decision_kind, options, n_options, params, stream):
    """Returns the index of the option equal to params[decision_kind] if present, else 0.

    params[20 + kind] counts the asks of each decision kind (for the tests)."""
    params[20 + decision_kind] += 1
    wanted = params[decision_kind]
    for i in range(n_options):
        if options[i] == wanted:
            return i
    return 0


class Ctx:
    """A blank game state of ``players`` plus everything the rules functions need."""

    def __init__(self, players: int = 4, strategy=first_option, wanted: dict | None = None):
        self.T, self.TR2, self.SC, self.HL2 = engine_tables()
        self.players = players
        s = np.zeros(S.STATE_SIZE, dtype=np.int64)
        write_info(s, self.T)
        s[S.S_PLAYERS] = players
        s[S.S_HAND_SIZE] = self.T[S.T_HAND + players]
        s[S.S_THRESHOLD] = self.T[S.T_THRESH + players]
        s[S.S_HAS_AARON] = 1 if players == 2 else 0
        s[S.S_EVENT] = -1
        s[S.S_EXPLORED] = -1
        s[S.S_ROUND] = 1
        s[S.S_PHASE] = S.PH_ACTIONS
        s[S.S_LOGGING] = 1
        s[S.S_LAND_COLOUR:S.S_LAND_COLOUR + S.N_LANDINGS] = -1
        s[S.S_TOWNER:S.S_TOWNER + S.N_TREASURES] = -1
        s[S.S_HEALER:S.S_HEALER + S.N_OWNERS] = -1
        for o in range(S.N_OWNERS):
            if o < players or (o == S.AARON and players == 2):
                s[S.S_SUPPLY + o] = 3
                if o != S.AARON:
                    s[S.S_CUBES + o] = 3
        s[S.S_SHIP_DIR] = 1
        for i in range(S.N_ISLANDS):
            s[S.S_ISLAND_UP + i] = 1 if players >= s[S.S_INFO_ISLAND + i * 3 + 2] else -1
        self.s = s
        self.log = np.zeros((S.LOG_CAP, 6), dtype=np.int64)
        self.deal = np.zeros(1, dtype=np.uint64)
        self.deal[0] = 12345
        self.fs = (strategy,) * 5
        self.pr = np.zeros((5, 40), dtype=np.float64)
        for kind, value in (wanted or {}).items():
            self.pr[:, kind] = value
        self.st = np.zeros((5, 1), dtype=np.uint64)
        self.opts = np.zeros(S.OPT_CAP, dtype=np.int64)
        self.buf = np.zeros(128, dtype=np.int64)
        self.cards = self.T[S.T_MAP:S.T_MAP + S.N_MAP * 4].reshape(S.N_MAP, 4)
        self.tr = self.T[S.T_TR:S.T_TR + S.N_TREASURES * 8].reshape(S.N_TREASURES, 8)

    # ---- component lookups
    def card(self, colour: int, value: int, icon: str | None = None, skip: int = 0) -> int:
        """Id of a map card of ``colour`` and ``value`` (0 = Joker), optionally with ``icon``."""
        found = []
        for c in range(S.N_MAP):
            row = self.cards[c]
            if row[S.MC_COLOUR] == colour and row[S.MC_VALUE] == value:
                if icon is None or S.ICON_NAMES[row[S.MC_ICON]] == icon:
                    found.append(c)
        return found[skip]

    def treasure(self, ref: int) -> int:
        return int(np.nonzero(self.tr[:, S.TR_REF] == ref)[0][0])

    # ---- state edits
    def give(self, owner: int, *cards: int) -> None:
        for card in cards:
            n = self.s[S.S_HAND_N + owner]
            self.s[S.S_HAND + owner * S.HAND_CAP + n] = card
            self.s[S.S_HAND_N + owner] = n + 1

    def hand(self, owner: int) -> list[int]:
        n = self.s[S.S_HAND_N + owner]
        return sorted(self.s[S.S_HAND + owner * S.HAND_CAP:S.S_HAND + owner * S.HAND_CAP + n].tolist())

    def lay(self, landing: int, *cards: int) -> None:
        """Put cards at the end of a landing (no effects), keeping the counters right."""
        s = self.s
        for card in cards:
            n = s[S.S_LAND_N + landing]
            s[S.S_LAND + landing * S.LAND_CAP + n] = card
            s[S.S_LAND_N + landing] = n + 1
            row = self.cards[card]
            s[S.S_LAND_COLOUR + landing] = row[S.MC_COLOUR]
            if row[S.MC_JOKER]:
                s[S.S_LAND_LAST + landing] = s[S.S_LAND_LAST + landing] if n else 1
            else:
                s[S.S_LAND_LAST + landing] = row[S.MC_VALUE]
            plus = row[S.MC_ICON] == S.ICON_PLUS1 and not row[S.MC_JOKER]
            s[S.S_LAND_EFF + landing] += 2 if plus else 1
            if row[S.MC_ICON] == S.ICON_CHEST:
                s[S.S_LAND_CHESTS + landing] += 1

    def compass(self, landing: int, *owners: int) -> None:
        for owner in owners:
            n = self.s[S.S_COMP_N + landing]
            self.s[S.S_COMP + landing * S.N_OWNERS + n] = owner
            self.s[S.S_COMP_N + landing] = n + 1
            self.s[S.S_SUPPLY + owner] -= 1

    def stack(self, landing: int) -> list[int]:
        n = self.s[S.S_COMP_N + landing]
        return self.s[S.S_COMP + landing * S.N_OWNERS:S.S_COMP + landing * S.N_OWNERS + n].tolist()

    def column(self, landing: int) -> list[int]:
        n = self.s[S.S_LAND_N + landing]
        return self.s[S.S_LAND + landing * S.LAND_CAP:S.S_LAND + landing * S.LAND_CAP + n].tolist()

    def treasure_deck(self, *refs: int) -> None:
        """Treasure deck with ``refs[0]`` on top."""
        ids = [self.treasure(r) for r in refs]
        n = len(ids)
        for i, t in enumerate(reversed(ids)):
            self.s[S.S_TDECK + i] = t
        self.s[S.S_TDECK_N] = n

    def map_deck(self, *cards: int) -> None:
        """Map deck with ``cards[0]`` on top."""
        for i, card in enumerate(reversed(cards)):
            self.s[S.S_MAP_DECK + i] = card
        self.s[S.S_MAP_DECK_N] = len(cards)

    def cubes(self, owner: int) -> int:
        return int(self.s[S.S_CUBES + owner])

    def owner_of(self, ref: int) -> int:
        return int(self.s[S.S_TOWNER + self.treasure(ref)])

    def records(self, code: int) -> list[list[int]]:
        n = self.s[S.S_LOG_N]
        return [row[1:] for row in self.log[:n].tolist() if row[0] == code]

    @property
    def args(self):
        return self.fs, self.pr, self.st, self.opts
