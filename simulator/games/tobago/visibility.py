"""Tobago: what each seat can see (``simulator/core/visibility.py``; the prose is ``state.py``'s header).

Every slot not declared here is public: the island, landmarks, ATVs, amulets, maps, roses, gold
holdings, the clue discard (played and exchanged clue cards lie face up), the share's revealed
cards, scores and statistics.  ``GOLD_DISCARD`` is declared public as the engine has it today
(A23: every card taken was shown when offered); the face-down discards (leftover pool cards,
cards after a curse) are counted there too, see issue 22.
"""

from simulator.core.visibility import NOBODY, OPAQUE, OWN, SEER, Region, Visibility, cards
from simulator.games.tobago.components import N_CLUES, N_TREASURE_CARDS
from simulator.games.tobago.state import (
    CLUE_DECK,
    CLUE_DECK_COUNT,
    DEAL_STREAM,
    GOLD_DECK,
    GOLD_DECK_COUNT,
    HAND,
    HAND_COUNT,
    MAX_HAND,
    MAX_PLAYERS,
    MAX_POOL,
    POOL,
    POOL_COUNT,
    POOL_POS,
    POOL_SEER,
)

VISIBILITY = Visibility("tobago", (
    Region("CLUE_DECK", CLUE_DECK, N_CLUES, NOBODY, cards("clue"), count_slot=CLUE_DECK_COUNT,
           rule="«il PIOCHE un nouvel indice»: the clue deck is drawn face down"),
    Region("HAND", HAND, MAX_PLAYERS * MAX_HAND, OWN, cards("clue"), stride=MAX_HAND, count_slot=HAND_COUNT,
           rule="«une CARTE « indice » de sa main»: clue cards are held in hand (R8)"),
    Region("GOLD_DECK", GOLD_DECK, N_TREASURE_CARDS, NOBODY, cards("gold"), count_slot=GOLD_DECK_COUNT,
           rule="the gold deck («la pioche de cartes « or »») is face down"),
    Region("POOL", POOL, MAX_POOL, SEER, cards("gold"), seer_slot=POOL_SEER, count_slot=POOL_COUNT,
           public_below_slot=POOL_POS,
           rule="R48 «les regarde SECRETEMENT»: a pool card is seen by the seat that drew it until it is "
                "turned up; R49 the extra card «que personne n'a vue» (POOL_SEER -1)"),
    Region("DEAL_STREAM", DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later chance event"),
))  # fmt: skip
