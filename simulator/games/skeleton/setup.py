"""Setup (R1-R5): the face-up split, the spread of the Sand pile, the Island cards, the first
player.  Numba."""

import numpy as np
from numba import njit

from simulator.core.engine.rng import random_below, reset_stream, shuffle_prefix, side_stream
from simulator.core.engine.rng import PURPOSE_DEAL
from simulator.core.engine.standings import clear_trajectory
from simulator.games.skeleton.board import bit, log_event, popcount
from simulator.games.skeleton.components import N_COLOURS, N_ISLANDS
from simulator.games.skeleton.pile import clear_mask, spread_pile
from simulator.games.skeleton.state import (
    CURRENT,
    DEAL_STREAM,
    DEBUG_CHECKS,
    END_KIND,
    EV_SETUP,
    FACE_UP_AT_SETUP,
    FACE_UP_MASK,
    FIRED_R1,
    FIRED_R2,
    FIRED_R3,
    FIRED_R4,
    FIRED_R5,
    FIRED_V_RANDOM_FIRST,
    FIRST_PLAYER,
    FLAG_FIRST_OBJECT,
    FLAG_START_COINS,
    FLAG_FACE_UP_PERCENT,
    FLAG_OBJECTS,
    FLAG_RANDOM_FIRST,
    FLAGS,
    FLIP_STREAM,
    ISLAND_OWNER,
    ISLANDS_LEFT,
    LOC_OUT,
    LOC_PILE,
    N_CARDS,
    N_FLAGS,
    N_SLOTS,
    PLAYERS,
    PUTBACK_SLOT,
    SCORE,
    SLOT_CONTENT,
    SLOT_LOC,
    TAKEN_SLOT,
    TRAJECTORY,
)

PURPOSE_FIRST_PLAYER = 1
"""Side stream of the deal stream for random-first-player (the deal draws stay paired)."""
PURPOSE_FLIPS = 2
"""Side stream of the deal stream for blow-may-flip."""


@njit(cache=True)
def face_up_count(n_cards, percent, deal):
    """R2 / A15: about half the cards face up; with an odd count a fair coin gives the extra one
    (24 or 25 of 49).  Design variant face-up-fraction-F: F % of the cards, rounded."""
    if percent < 0:
        return n_cards // 2 + (random_below(deal, 2) if n_cards % 2 == 1 else 0)
    return (n_cards * percent + 50) // 100


@njit(cache=True)
def setup_game(state, run_seed, game_index, players, variant_flags, debug, log):
    """Set up a fresh game in ``state`` (every slot of the vector is reset)."""
    state[:] = 0
    for flag in range(N_FLAGS):
        state[FLAGS + flag] = variant_flags[flag]
    state[DEBUG_CHECKS] = debug
    deal = state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64)
    reset_stream(deal, run_seed, game_index, PURPOSE_DEAL)
    start = deal[0]
    state[FLIP_STREAM:FLIP_STREAM + 1].view(np.uint64)[0] = side_stream(start, PURPOSE_FLIPS)[0]
    state[PLAYERS] = players
    state[FIRED_R1] += 1  # R1: 2-4 players (checked by encode_variants / the CLI)
    n_cards = variant_flags[FLAG_FIRST_OBJECT] + variant_flags[FLAG_OBJECTS]  # the deck of the rule settings
    state[N_CARDS] = n_cards
    for slot in range(N_SLOTS):
        state[SLOT_CONTENT + slot] = slot
        state[SLOT_LOC + slot] = LOC_PILE if slot < n_cards else LOC_OUT
    # R2: the cards are shuffled, so which face lies on which slot is random: a face-down card's
    # slot number (the order the options are offered in) must say nothing about its face.
    shuffle_prefix(state[SLOT_CONTENT:SLOT_CONTENT + n_cards], n_cards, deal)
    # R2: shuffle, turn one packet of about half the cards over, shuffle it back in.
    order = np.empty(n_cards, dtype=np.int64)
    for slot in range(n_cards):
        order[slot] = slot
    up = face_up_count(n_cards, variant_flags[FLAG_FACE_UP_PERCENT], deal)
    shuffle_prefix(order, n_cards, deal)
    mask = 0
    for k in range(up):
        mask |= bit(order[k])
    state[FACE_UP_MASK] = mask
    state[FACE_UP_AT_SETUP] = up
    state[FIRED_R2] += 1  # R2: half the cards face up
    # R3: spread the packet into the Sand pile (the pile model, RECONSTRUCTED).
    spread_pile(state, n_cards, deal)
    state[FIRED_R3] += 1
    # R4: the five Island cards beside the pile.
    for colour in range(N_COLOURS):
        state[ISLAND_OWNER + colour] = -1
    state[ISLANDS_LEFT] = N_ISLANDS
    state[FIRED_R4] += 1
    for seat in range(players):
        state[SCORE + seat] = variant_flags[FLAG_START_COINS + seat]  # setting seatK_start_coins (R21: counts)
    # R5 / A14: the first player is seat 1, or drawn at random (a side stream: deals stay paired).
    first = 0
    if variant_flags[FLAG_RANDOM_FIRST] == 1:
        first = random_below(side_stream(start, PURPOSE_FIRST_PLAYER), players)
        state[FIRED_V_RANDOM_FIRST] += 1
    state[FIRST_PLAYER] = first
    state[CURRENT] = first
    state[FIRED_R5] += 1
    state[END_KIND] = -1
    state[TAKEN_SLOT] = -1
    state[PUTBACK_SLOT] = -1
    clear_trajectory(state, TRAJECTORY)
    log_event(log, state, EV_SETUP, players, n_cards, up, popcount(clear_mask(state)), first)
