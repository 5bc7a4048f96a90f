"""Loot Island: what each seat can see (``simulator/core/engine/visibility.py``; the prose is ``state.py``'s header).

Every slot not declared here is public: landings, compasses, cubes, the ship, the small islands,
the discard piles (face up), revealed and kept treasures, hand sizes and deck sizes, Aaron's hand
(2 players, played openly), the events of the rounds begun (the A event is face up from the
setup) and everything a variant makes public.
"""

from simulator.core.engine.visibility import NOBODY, OPAQUE, OWN, Region, Visibility, cards
from simulator.games.loot.state import (
    BUFFER_CAP,
    HAND_CAP,
    MAX_PLAYERS,
    N_MAP,
    N_OWNERS,
    N_TREASURES,
    ROUNDS,
    S_BUFFER,
    S_CURSOR,
    S_DEAL_STREAM,
    S_EV_ORDER,
    S_FIRST,
    S_HAND,
    S_HAND_N,
    S_HEAL_HAND,
    S_HEAL_N,
    S_HEAL_POOL,
    S_HEALER_CHOSEN,
    S_INFO_TR,
    S_MAP_DECK,
    S_MAP_DECK_N,
    S_PLAYERS,
    S_ROUND,
    S_STEP,
    S_TDECK,
    S_TDECK_N,
    S_VAR,
    ST_END_SCORING,
    ST_HEALER_ORDER,
    ST_HEALER_REVEAL,
    TR_TIER,
    V_HEALERS_REVEALED,
    V_TWO_HEALERS,
)

TREASURE_COLUMNS = 8


def treasure_tier(state, card: int) -> int:
    """The Roman numeral on a treasure's back (its tier): face-down treasures of different tiers
    can be told apart, so only cards of one tier exchange places."""
    return int(state[S_INFO_TR + card * TREASURE_COLUMNS + TR_TIER])


def _future_event(state, seat: int, entry: int) -> bool:
    return entry >= max(int(state[S_ROUND]), 1)


def _face_down_healer(state, seat: int, entry: int) -> bool:
    return (state[S_VAR + V_TWO_HEALERS] == 0 and state[S_VAR + V_HEALERS_REVEALED] == 0
            and state[S_STEP] < ST_END_SCORING)  # fmt: skip


def _other_healer_hand(state, seat: int, entry: int) -> bool:
    return (state[S_VAR + V_TWO_HEALERS] == 1 and state[S_STEP] < ST_HEALER_ORDER and entry // 2 != seat
            and entry // 2 < state[S_PLAYERS])  # fmt: skip


def _secret_healer_choice(state, seat: int, order: int) -> bool:
    if state[S_VAR + V_TWO_HEALERS] == 0 or state[S_STEP] != ST_HEALER_REVEAL or order >= state[S_CURSOR]:
        return False
    players = int(state[S_PLAYERS])
    return (int(state[S_FIRST]) + order) % players != seat


VISIBILITY = Visibility("loot", (
    Region("S_HAND", S_HAND, MAX_PLAYERS * HAND_CAP, OWN, cards("map"), stride=HAND_CAP, count_slot=S_HAND_N,
           rule="«Distribuez 7 Cartes à chaque joueur ... Celles-ci forment la main des joueurs» (Aaron's hand, "
                "owner 5, is played openly and left public)"),
    Region("S_MAP_DECK", S_MAP_DECK, N_MAP, NOBODY, cards("map"), count_slot=S_MAP_DECK_N,
           rule="«placez-les face cachée ... pour former la pioche Carte»"),
    Region("S_TDECK", S_TDECK, N_TREASURES, NOBODY, cards("treasure", group=treasure_tier), count_slot=S_TDECK_N,
           rule="«formez une pioche Trésor face cachée» stacked by the Roman numeral on the back (IV at the "
                "bottom to I on top): the tier of each position is seen, the card is not"),
    Region("S_EV_ORDER", S_EV_ORDER, ROUNDS, NOBODY, cards("event"), hidden_if=_future_event,
           rule="«choisissez 4 cartes au hasard, sans les regarder, et placez-les face cachée»: the B events "
                "of the rounds to come"),
    Region("S_HEAL_POOL", S_HEAL_POOL, 2 * MAX_PLAYERS, NOBODY, cards("healer"), count_slot=S_HEAL_N,
           hidden_if=_face_down_healer,
           rule="«placez-les face cachée pour former une pioche»: the healers until the end scoring"),
    Region("S_HEAL_HAND", S_HEAL_HAND, N_OWNERS * 2, OWN, cards("healer"), stride=2, hidden_if=_other_healer_hand,
           rule="variant two-healers: a seat's two healers are its own until the reveal"),
    Region("S_HEALER_CHOSEN", S_HEALER_CHOSEN, MAX_PLAYERS, hidden_if=_secret_healer_choice,
           rule="variant two-healers: which healer a seat reveals is secret until the simultaneous reveal"),
    Region("S_DEAL_STREAM", S_DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later chance event"),
    Region("S_BUFFER", S_BUFFER, BUFFER_CAP, rule="engine scratch of one step, no meaning between steps"),
))  # fmt: skip
