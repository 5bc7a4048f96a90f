"""A deliberately unfair Sails strategy for the fair-play check: it reads the next seat's hand."""

from simulator.games.sails.state import HAND_MASK, PLAYERS


def peeks_at_next_hand(state, seat, decision_kind, options, n_options, params, stream):
    """Chooses by the cards of the next seat's hand in colour 0 (hidden information)."""
    neighbour = (seat + 1) % state[PLAYERS]
    return state[HAND_MASK + neighbour * 4] % n_options
