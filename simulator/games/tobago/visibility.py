"""Tobago: what each seat can see (``simulator/core/engine/visibility.py``; the prose is ``state.py``'s header).

Every slot not declared here is public: the island, landmarks, ATVs, amulets, maps, roses, gold
holdings, the clue discard (played and exchanged clue cards lie face up), the share's revealed
cards, scores and statistics.  ``GOLD_DISCARD`` is the face-up discard (cards every player saw:
declined by all, lost to a curse from a public holding, A23; a revealed curse under
curse-reshuffled); its size and ``GOLD_DISCARD_HIDDEN_COUNT`` are public.  ``GOLD_DISCARD_HIDDEN``
holds the values of the cards discarded face down (pool cards never turned up, R53 / R54, issue 22).
"""

from simulator.core.engine.visibility import NOBODY, OPAQUE, OWN, SEER, Region, Visibility, cards, histogram
from simulator.games.tobago.components import MAX_CLUES, MAX_GOLD, MAX_TREASURE_CARDS
from simulator.games.tobago.state import (
    CLUE_DECK,
    CLUE_DECK_COUNT,
    DEAL_STREAM,
    GOLD_DECK,
    GOLD_DECK_COUNT,
    GOLD_DISCARD_HIDDEN,
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
    Region("CLUE_DECK", CLUE_DECK, MAX_CLUES, NOBODY, cards("clue"), count_slot=CLUE_DECK_COUNT,
           rule="«il PIOCHE un nouvel indice»: the clue deck is drawn face down"),
    Region("HAND", HAND, MAX_PLAYERS * MAX_HAND, OWN, cards("clue"), stride=MAX_HAND, count_slot=HAND_COUNT,
           rule="«une CARTE « indice » de sa main»: clue cards are held in hand (R8)"),
    Region("GOLD_DECK", GOLD_DECK, MAX_TREASURE_CARDS, NOBODY, cards("gold"), count_slot=GOLD_DECK_COUNT,
           rule="the gold deck («la pioche de cartes « or »») is face down"),
    Region("POOL", POOL, MAX_POOL, SEER, cards("gold"), seer_slot=POOL_SEER, count_slot=POOL_COUNT,
           public_below_slot=POOL_POS,
           rule="R48 «les regarde SECRETEMENT»: a pool card is seen by the seat that drew it until it is "
                "turned up; R49 the extra card «que personne n'a vue» (POOL_SEER -1)"),
    Region("GOLD_DISCARD_HIDDEN", GOLD_DISCARD_HIDDEN, MAX_GOLD + 1, NOBODY, histogram("gold"),
           rule="R53 «S'il reste une carte à la fin, la défausser» / R54 «les cartes « trésor » RESTANTES ne sont "
                "plus partagées et sont DEFAUSSEES»: pool cards never turned up go to the discard unseen"),
    Region("DEAL_STREAM", DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later chance event"),
))  # fmt: skip
