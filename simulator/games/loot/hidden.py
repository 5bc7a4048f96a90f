"""Loot Island hidden information for search players: ``redraw_hidden(state, seat, stream)``
replaces what ``seat`` cannot see by a draw consistent with what it sees (a determinization).

Kept (what the seat sees in the state): its own hand, Aaron's hand (2 players), every card count
(hands, map deck, treasure deck), the landings and compasses, the face-up map and treasure discard
piles, revealed treasures (Big/Small Loot, event A2, the treasure island), kept treasures, cubes,
small islands, the ship, the events of the rounds so far (the A event is face up from the setup),
the First Player tile, and everything the variants make public (the healer pool under
``healers-revealed``, the set of B events under ``events-revealed``).  Redrawn:

- the map cards of the other seats' hands and of the map deck (dealt again from their union,
  every hand keeping its size);
- the order of the treasure deck, within its tiers (each face-down position keeps the tier its
  back shows: the deck is stacked IV at the bottom to I on top, reshuffles mix tiers);
- the events of the rounds still to come: the B cards not come up yet, minus those excluded by
  ``--exclude-event``, with those forced by ``--force-event`` always among them (under
  ``events-revealed``: the same four, in a new order);
- the healers: until the end scoring, the face-down pool (one per seat from the 14 cards; under
  ``two-healers`` the other seats' two healers, from the cards the seat does not hold; a seat that
  already chose which to reveal is redrawn as having chosen its first healer, the choice being secret);
- the deal stream, i.e. every later chance event (draws after a reshuffle, event B3's island).

The draw depends only on what the seat sees and on ``stream``: two states that differ only in
their hidden part give the same redrawn state (every pool is gathered in card order, not in the
order it lay in, before it is shuffled; docs/engine-contract.md).

Not modelled: what the seat remembers beyond the state (cards it saw played earlier are public
anyway; cards it discarded in Preparation are in the public discard pile).  Meant for a decision
of ``seat`` (as a search player uses it): a pending decision of another seat keeps its options.
"""

import numpy as np
from numba import njit

from simulator.core.engine.rng import next_uint64, shuffle_prefix
from simulator.games.loot.state import (
    EVENT_EXCLUDED, EVENT_FORCED, HAND_CAP, N_A_EVENTS, N_EVENTS, N_HEALERS, N_MAP, ROUNDS, S_DEAL_STREAM,
    S_EV_ORDER, S_EVENT_RULES, S_HAND, S_HAND_N, S_HEAL_HAND, S_HEAL_N, S_HEAL_POOL, S_HEALER_CHOSEN, S_INFO_TR,
    S_MAP_DECK, S_MAP_DECK_N, S_PLAYERS, S_ROUND, S_STEP, S_TDECK, S_TDECK_N, S_VAR, ST_END_SCORING, ST_HEALER_REVEAL,
    ST_HEALER_ORDER, TR_TIER, V_EVENTS_REVEALED, V_HEALERS_REVEALED, V_TWO_HEALERS, S_FIRST, S_CURSOR,
)


@njit(cache=True)
def redraw_map_cards(state, seat, stream):
    """Deal the other seats' hands and the map deck again from their union (sizes kept)."""
    players = state[S_PLAYERS]
    pool = np.empty(N_MAP, dtype=np.int64)
    n = 0
    for other in range(players):
        if other != seat:
            for i in range(state[S_HAND_N + other]):
                pool[n] = state[S_HAND + other * HAND_CAP + i]
                n += 1
    for i in range(state[S_MAP_DECK_N]):
        pool[n] = state[S_MAP_DECK + i]
        n += 1
    pool[:n].sort()  # card order, not the order they lay in: the draw depends only on the seat's view
    shuffle_prefix(pool, n, stream)
    n = 0
    for other in range(players):
        if other != seat:
            for i in range(state[S_HAND_N + other]):
                state[S_HAND + other * HAND_CAP + i] = pool[n]
                n += 1
    for i in range(state[S_MAP_DECK_N]):
        state[S_MAP_DECK + i] = pool[n]
        n += 1


@njit(cache=True)
def redraw_treasure_deck(state, stream):
    """Shuffle the face-down treasures among the deck positions of the same tier."""
    count = state[S_TDECK_N]
    cards = np.empty(count, dtype=np.int64)
    for tier in range(1, 5):
        n = 0
        for i in range(count):
            if state[S_INFO_TR + state[S_TDECK + i] * 8 + TR_TIER] == tier:
                cards[n] = state[S_TDECK + i]
                n += 1
        cards[:n].sort()  # card order, not deck order: the draw depends only on the seat's view
        shuffle_prefix(cards, n, stream)
        k = 0
        for i in range(count):
            if state[S_INFO_TR + state[S_TDECK + i] * 8 + TR_TIER] == tier:
                state[S_TDECK + i] = cards[k]
                k += 1


@njit(cache=True)
def redraw_future_events(state, stream):
    """The B events of the rounds not begun yet (S_EV_ORDER from index max(S_ROUND, 1))."""
    first_hidden = max(state[S_ROUND], 1)
    hidden = ROUNDS - first_hidden
    if hidden <= 0:
        return
    if state[S_VAR + V_EVENTS_REVEALED] == 1:
        to_come = state[S_EV_ORDER + first_hidden:S_EV_ORDER + ROUNDS]
        to_come.sort()  # the public set in card order, not in its hidden order
        shuffle_prefix(to_come, hidden, stream)
        return
    candidates = np.empty(N_EVENTS, dtype=np.int64)
    n_forced = 0
    n = 0
    for event in range(N_A_EVENTS, N_EVENTS):
        seen = False
        for r in range(1, first_hidden):
            if state[S_EV_ORDER + r] == event:
                seen = True
        if seen or state[S_EVENT_RULES + event] == EVENT_EXCLUDED:
            continue
        if state[S_EVENT_RULES + event] == EVENT_FORCED:
            # forced cards first: they stay among the rounds to come
            candidates[n] = candidates[n_forced]
            candidates[n_forced] = event
            n_forced += 1
        else:
            candidates[n] = event
        n += 1
    shuffle_prefix(candidates[n_forced:], n - n_forced, stream)
    shuffle_prefix(candidates, hidden, stream)
    for k in range(hidden):
        state[S_EV_ORDER + first_hidden + k] = candidates[k]


@njit(cache=True)
def redraw_healers(state, seat, stream):
    """The face-down healers, until the end scoring reveals them."""
    step = state[S_STEP]
    players = state[S_PLAYERS]
    pool = np.empty(N_HEALERS, dtype=np.int64)
    if state[S_VAR + V_TWO_HEALERS] == 1:
        if step >= ST_HEALER_ORDER:
            return  # revealed
        n = 0
        for healer in range(N_HEALERS):
            if healer != state[S_HEAL_HAND + 2 * seat] and healer != state[S_HEAL_HAND + 2 * seat + 1]:
                pool[n] = healer
                n += 1
        shuffle_prefix(pool, n, stream)
        k = 0
        for other in range(players):
            if other == seat:
                continue
            state[S_HEAL_HAND + 2 * other] = pool[k]
            state[S_HEAL_HAND + 2 * other + 1] = pool[k + 1]
            k += 2
            if step == ST_HEALER_REVEAL:
                order = (other - state[S_FIRST] + players) % players
                if order < state[S_CURSOR]:
                    # the choice is secret until the simultaneous reveal: which of the two it was is
                    # hidden too, so the redrawn seat reveals its first healer (never the real slot)
                    state[S_HEALER_CHOSEN + order] = state[S_HEAL_HAND + 2 * other]
        return
    if state[S_VAR + V_HEALERS_REVEALED] == 1 or step >= ST_END_SCORING:
        return
    for healer in range(N_HEALERS):
        pool[healer] = healer
    shuffle_prefix(pool, N_HEALERS, stream)
    for j in range(state[S_HEAL_N]):
        state[S_HEAL_POOL + j] = pool[j]


@njit(cache=True)
def redraw_hidden(state, seat, stream):
    """Forward model: replace what ``seat`` cannot see by a consistent random draw from
    ``stream`` (see the module docstring); card counts and everything public are kept."""
    redraw_map_cards(state, seat, stream)
    redraw_treasure_deck(state, stream)
    redraw_future_events(state, stream)
    redraw_healers(state, seat, stream)
    state[S_DEAL_STREAM:S_DEAL_STREAM + 1].view(np.uint64)[0] = next_uint64(stream)
