"""Skirmish cards (numba): hands as counts per kind, the draw pile and the played pile
(R6, R7, R13, R14, R16)."""

import numpy as np
from numba import njit

from simulator.core.engine.rng import random_below, shuffle_prefix
from simulator.games.skirmish.board import log_event
from simulator.games.skirmish.state import (
    DEAL_STREAM,
    DRAW,
    DRAW_COUNT,
    EV_DRAW,
    FIRED_R14,
    FIRED_R16,
    HAND,
    HAND_COUNT,
    FLAG_HAND_SIZE,
    FLAGS,
    N_CARD_KINDS,
    PISTOL,
    PLAYED,
    PLAYED_COUNT,
    SHIELD,
    TYPE_ATTACK,
    TYPE_BONUS,
    TYPE_DEFENCE,
    TYPE_MOVEMENT,
)


@njit(cache=True, inline="always")
def card_type(kind):
    """The card's type ("couleur", R12): Movement, Attack, Defence or Bonus."""
    if kind < PISTOL:
        return TYPE_MOVEMENT
    if kind < SHIELD:
        return TYPE_ATTACK
    if kind == SHIELD:
        return TYPE_DEFENCE
    return TYPE_BONUS


@njit(cache=True)
def take_from_hand(state, seat, kind):
    """Remove one card of ``kind`` from ``seat``'s hand."""
    if state[HAND + seat * N_CARD_KINDS + kind] <= 0:
        raise AssertionError("card conservation: a card not in hand was taken from it")
    state[HAND + seat * N_CARD_KINDS + kind] -= 1
    state[HAND_COUNT + seat] -= 1


@njit(cache=True)
def add_to_hand(state, seat, kind):
    """Put one card of ``kind`` into ``seat``'s hand."""
    state[HAND + seat * N_CARD_KINDS + kind] += 1
    state[HAND_COUNT + seat] += 1


@njit(cache=True)
def to_played_pile(state, kind):
    """R13: a played (or discarded) card goes face up onto the played pile."""
    state[PLAYED + state[PLAYED_COUNT]] = kind
    state[PLAYED_COUNT] += 1


@njit(cache=True)
def discard(state, seat, kind):
    """A card from ``seat``'s hand to the played pile."""
    take_from_hand(state, seat, kind)
    to_played_pile(state, kind)


@njit(cache=True)
def reshuffle_played_pile(state):
    """R16: the played pile, shuffled (deal stream), becomes the new draw pile.  Returns 1 if it
    held any card, else 0."""
    count = state[PLAYED_COUNT]
    if count == 0:
        return 0
    for i in range(count):
        state[DRAW + i] = state[PLAYED + i]
    state[PLAYED_COUNT] = 0
    state[DRAW_COUNT] = count
    shuffle_prefix(state[DRAW:DRAW + count], count, state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64))
    state[FIRED_R16] += 1
    return 1


@njit(cache=True)
def draw_one(state, seat):
    """Draw the top card.  R16 «dès que celle-ci est épuisée»: the draw pile taking its last card
    is at once replaced by the shuffled played pile (if the played pile was empty then, the first
    draw from the empty pile reshuffles it).  Returns 1 if a card was drawn, 0 if both piles are
    empty; 2 when a reshuffle happened."""
    reshuffled = 0
    if state[DRAW_COUNT] == 0:
        reshuffled = reshuffle_played_pile(state)
        if reshuffled == 0:
            return 0
    state[DRAW_COUNT] -= 1
    add_to_hand(state, seat, state[DRAW + state[DRAW_COUNT]])
    if state[DRAW_COUNT] == 0:
        reshuffled |= reshuffle_played_pile(state)  # R16: as soon as the draw pile runs out
    return 1 + reshuffled


@njit(cache=True)
def draw_to_full(state, seat, log):
    """R14: draw until the hand holds hand_size cards (setting, 6 by default; or both piles are empty)."""
    drawn = 0
    reshuffled = 0
    while state[HAND_COUNT + seat] < state[FLAGS + FLAG_HAND_SIZE]:
        got = draw_one(state, seat)
        if got == 0:
            break
        drawn += 1
        if got == 2:
            reshuffled = 1
    if drawn > 0:
        state[FIRED_R14] += 1  # R14: draw back to 6
        log_event(log, state, EV_DRAW, seat, drawn, reshuffled, 0, 0)
    return drawn


@njit(cache=True)
def random_card_of(state, seat):
    """A card drawn at random from ``seat``'s hand (R43; deal stream): its kind."""
    index = random_below(state[DEAL_STREAM:DEAL_STREAM + 1].view(np.uint64), state[HAND_COUNT + seat])
    for kind in range(N_CARD_KINDS):
        held = state[HAND + seat * N_CARD_KINDS + kind]
        if index < held:
            return kind
        index -= held
    raise AssertionError("card conservation: hand count differs from the cards in hand")


@njit(cache=True)
def hand_to_played_pile(state, seat):
    """R49: an eliminated player's cards go to the played pile."""
    for kind in range(N_CARD_KINDS):
        while state[HAND + seat * N_CARD_KINDS + kind] > 0:
            discard(state, seat, kind)


@njit(cache=True, inline="always")
def held(state, seat, kind):
    """Copies of ``kind`` in ``seat``'s hand."""
    return state[HAND + seat * N_CARD_KINDS + kind]

