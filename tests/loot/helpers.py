"""Helpers for the Loot Island rule tests: hand-built states and scripted strategies."""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.decisions import BadChoice
from simulator.games.loot import state as layout
import simulator.games.loot.components as components
from simulator.games.loot.engine import advance, pending_decision
from simulator.games.loot.setup import setup_game, write_info
from simulator.games.loot.tables import default_block


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
        self.tables = default_block(players)  # the rules block of the default settings (state.py, T_*)
        self.healer_table = components.load_healers()
        self.players = players
        state = np.zeros(layout.STATE_SIZE, dtype=np.int64)
        write_info(state, self.tables)
        state[layout.S_PLAYERS] = players
        state[layout.S_HAND_SIZE] = self.tables[layout.T_HAND]
        state[layout.S_THRESHOLD] = self.tables[layout.T_THRESH]
        state[layout.S_HAS_AARON] = 1 if players == 2 else 0
        state[layout.S_EVENT] = -1
        state[layout.S_EXPLORED] = -1
        state[layout.S_ROUND] = 1
        state[layout.S_PHASE] = layout.PH_ACTIONS
        state[layout.S_LOGGING] = 1
        state[layout.S_LAND_COLOUR:layout.S_LAND_COLOUR + layout.N_LANDINGS] = -1
        state[layout.S_TOWNER:layout.S_TOWNER + layout.N_TREASURES] = -1
        state[layout.S_HEALER:layout.S_HEALER + layout.N_OWNERS] = -1
        for owner in range(layout.N_OWNERS):
            if owner < players or (owner == layout.AARON and players == 2):
                state[layout.S_SUPPLY + owner] = 3
                if owner != layout.AARON:
                    state[layout.S_CUBES + owner] = 3
        state[layout.S_SHIP_DIR] = 1
        for i in range(layout.N_ISLANDS):
            state[layout.S_ISLAND_UP + i] = 1 if players >= state[layout.S_INFO_ISLAND + i * 3 + 2] else -1
        self.state = state
        self.log = np.zeros((layout.LOG_CAP, 6), dtype=np.int64)
        self.deal_stream = state[layout.S_DEAL_STREAM:layout.S_DEAL_STREAM + 1].view(np.uint64)
        self.deal_stream[0] = 12345
        self.strategies = (strategy,) * 5
        self.params = np.zeros((5, 40), dtype=np.float64)
        for kind, value in (wanted or {}).items():
            self.params[:, kind] = value
        self.streams = np.zeros((5, 1), dtype=np.uint64)
        self.options = np.zeros(layout.MAX_OPTIONS, dtype=np.int64)
        self.buffer = np.zeros(layout.BUFFER_CAP, dtype=np.int64)
        self.cards = self.tables[layout.T_MAP:layout.T_MAP + layout.N_MAP * 4].reshape(layout.N_MAP, 4)
        self.treasures = self.tables[layout.T_TR:layout.T_TR + layout.N_TREASURES * 8].reshape(layout.N_TREASURES, 8)

    # ---- component lookups
    def card(self, colour: int, value: int, icon: str | None = None, skip: int = 0) -> int:
        """Id of a map card of ``colour`` and ``value`` (0 = Joker), optionally with ``icon``."""
        found = []
        for c in range(layout.N_MAP):
            row = self.cards[c]
            if row[layout.MC_COLOUR] == colour and row[layout.MC_VALUE] == value:
                if icon is None or layout.ICON_NAMES[row[layout.MC_ICON]] == icon:
                    found.append(c)
        return found[skip]

    def treasure(self, ref: int) -> int:
        return int(np.nonzero(self.treasures[:, layout.TR_REF] == ref)[0][0])

    # ---- state edits
    def give(self, owner: int, *cards: int) -> None:
        for card in cards:
            n = self.state[layout.S_HAND_N + owner]
            self.state[layout.S_HAND + owner * layout.HAND_CAP + n] = card
            self.state[layout.S_HAND_N + owner] = n + 1

    def hand(self, owner: int) -> list[int]:
        n = self.state[layout.S_HAND_N + owner]
        return sorted(self.state[layout.S_HAND + owner * layout.HAND_CAP:layout.S_HAND + owner * layout.HAND_CAP + n].tolist())

    def lay(self, landing: int, *cards: int) -> None:
        """Put cards at the end of a landing (no effects), keeping the counters right."""
        state = self.state
        for card in cards:
            n = state[layout.S_LAND_N + landing]
            state[layout.S_LAND + landing * layout.LAND_CAP + n] = card
            state[layout.S_LAND_N + landing] = n + 1
            row = self.cards[card]
            state[layout.S_LAND_COLOUR + landing] = row[layout.MC_COLOUR]
            if row[layout.MC_JOKER]:
                state[layout.S_LAND_LAST + landing] = state[layout.S_LAND_LAST + landing] if n else 1
            else:
                state[layout.S_LAND_LAST + landing] = row[layout.MC_VALUE]
            plus = row[layout.MC_ICON] == layout.ICON_PLUS1 and not row[layout.MC_JOKER]
            state[layout.S_LAND_EFF + landing] += 2 if plus else 1
            if row[layout.MC_ICON] == layout.ICON_CHEST:
                state[layout.S_LAND_CHESTS + landing] += 1

    def compass(self, landing: int, *owners: int) -> None:
        for owner in owners:
            n = self.state[layout.S_COMP_N + landing]
            self.state[layout.S_COMP + landing * layout.N_OWNERS + n] = owner
            self.state[layout.S_COMP_N + landing] = n + 1
            self.state[layout.S_SUPPLY + owner] -= 1

    def stack(self, landing: int) -> list[int]:
        n = self.state[layout.S_COMP_N + landing]
        return self.state[layout.S_COMP + landing * layout.N_OWNERS:layout.S_COMP + landing * layout.N_OWNERS + n].tolist()

    def column(self, landing: int) -> list[int]:
        n = self.state[layout.S_LAND_N + landing]
        return self.state[layout.S_LAND + landing * layout.LAND_CAP:layout.S_LAND + landing * layout.LAND_CAP + n].tolist()

    def treasure_deck(self, *refs: int) -> None:
        """Treasure deck with ``refs[0]`` on top."""
        ids = [self.treasure(r) for r in refs]
        n = len(ids)
        for i, t in enumerate(reversed(ids)):
            self.state[layout.S_TDECK + i] = t
        self.state[layout.S_TDECK_N] = n

    def map_deck(self, *cards: int) -> None:
        """Map deck with ``cards[0]`` on top."""
        for i, card in enumerate(reversed(cards)):
            self.state[layout.S_MAP_DECK + i] = card
        self.state[layout.S_MAP_DECK_N] = len(cards)

    def cubes(self, owner: int) -> int:
        return int(self.state[layout.S_CUBES + owner])

    def owner_of(self, ref: int) -> int:
        return int(self.state[layout.S_TOWNER + self.treasure(ref)])

    def records(self, code: int) -> list[list[int]]:
        n = self.state[layout.S_LOG_N]
        return [row[1:] for row in self.log[:n].tolist() if row[0] == code]

    @property
    def args(self):
        return self.strategies, self.params, self.streams, self.options

    # ---- rules run through the engine's steps (engine.py), from ``step`` until the step ``stop``,
    # every decision answered by the seat's (scripted) strategy
    def run(self, step: int, stop: int, value: int | None = None) -> None:
        """Go to ``step`` (carrying out the choice ``value`` there when given) and play on until
        the step ``stop`` or the end of the game."""
        state = self.state
        state[layout.S_STEP] = step
        advance(state, 0 if value is None else value, value is not None, self.log, stop)
        while state[layout.S_STEP] not in (stop, layout.ST_GAME_OVER):
            seat, kind, n = pending_decision(state, self.options)
            choice = self.strategies[seat](state, seat, kind, self.options, n, self.params[seat], self.streams[seat])
            if not 0 <= choice < n:
                raise BadChoice(seat, kind, choice, n)
            advance(state, self.options[choice], True, self.log, stop)

    def action(self, actor: int, code: int) -> None:
        """``actor``'s Phase-2 action ``code`` (state.py's encoding), up to its end."""
        self.state[layout.S_SEAT] = actor
        self.run(layout.ST_TURN, layout.ST_ACTION_DONE, code)

    def play_cards(self, owner: int, actor: int, landing: int, colour: int, mask: int) -> None:
        """PLAY CARDS: ``owner``'s cards of hand slots ``mask`` (Aaron's: played by ``actor``)."""
        kind = layout.A_PLAY if owner == actor else layout.A_AARON_PLAY
        self.action(actor, kind | (landing << 3) | (colour << 6) | (mask << layout.PLAY_MASK_SHIFT))

    def use_island(self, owner: int, actor: int, island: int, colour: int) -> None:
        kind = layout.A_ISLAND if owner == actor else layout.A_AARON_ISLAND
        self.action(actor, kind | (island << 3) | (colour << 6))

    def do_pass(self, seat: int) -> None:
        self.action(seat, layout.A_PASS)

    def apply_immediate(self) -> None:
        """The current event (S_EVENT) revealed: its immediate effect."""
        self.run(layout.ST_EVENT, layout.ST_EVENT_DONE)

    def b4_return(self) -> None:
        """Event B4 at the start of Phase 2."""
        self.state[layout.S_CURSOR] = 0
        self.run(layout.ST_B4, layout.ST_TURN)

    def actions_phase(self) -> None:
        self.run(layout.ST_ACTIONS_START, layout.ST_ACTIONS_DONE)

    def explore_coast(self, coast: int) -> int:
        """EXPLORATION of one coast (then upkeep); returns the landings that produced loot."""
        self.state[layout.S_COAST] = coast
        self.state[layout.S_COAST_SECOND] = 1  # one coast only, whatever the event
        self.state[layout.S_LOOT_PRODUCED] = 0
        self.run(layout.ST_COAST, layout.ST_LOOT_DONE)
        return int(self.state[layout.S_LOOT_PRODUCED])

    def loot_phase(self) -> None:
        """PHASE 3 of round S_ROUND (1..4), up to the next round's start."""
        self.run(layout.ST_LOOT_START, layout.ST_ROUND_START)

    def refill_hands(self) -> None:
        """PHASE 1 step 4 (discards, then refill), up to Phase 2."""
        self.state[layout.S_CURSOR] = 0
        self.run(layout.ST_REFILL, layout.ST_ACTIONS_START)

    def final_exploration(self) -> int:
        """END step 1; returns the landings that produced loot."""
        self.run(layout.ST_FINAL, layout.ST_END_SCORING)
        return int(self.state[layout.S_FINAL_PRODUCED])

    def end_scoring(self) -> tuple[list[int], list[int]]:
        """END steps 2-4; returns the scores and ranks."""
        self.run(layout.ST_END_SCORING, layout.ST_GAME_OVER)
        players = self.players
        return (self.state[layout.S_SCORE:layout.S_SCORE + players].tolist(),
                self.state[layout.S_RANK:layout.S_RANK + players].tolist())

    def setup_game(self, flags: np.ndarray) -> None:
        """SETUP with variant ``flags`` (logging and debug on), up to round 1's Phase 2."""
        setup_game(self.state, self.log, self.deal_stream, self.players, flags, 1, 1,
                   self.state[layout.S_BUFFER:layout.S_BUFFER + layout.BUFFER_CAP])
        self.run(layout.ST_DRAFT, layout.ST_SETUP_DONE)
