"""Skirmish: what each seat can see (``simulator/core/engine/visibility.py``; the prose is ``state.py``'s header).

Every slot not declared here is public: the board, pieces, bombs, boats with their gems and
ammunition, whether a square holds an unopened chest, hand sizes, the draw pile's size, the played
pile (face up), the turn block and the statistics.
"""

from simulator.core.engine.visibility import NOBODY, OPAQUE, OWN, Region, Visibility, cards, histogram
from simulator.games.skirmish.state import (
    ACTIVE,
    DEAL_STREAM,
    DECK_SIZE,
    DRAW,
    DRAW_COUNT,
    GIFT_TAKEN,
    GIFT_TARGET,
    HAND,
    MAX_PLAYERS,
    MAX_SQUARES,
    N_CARD_KINDS,
    N_NODES,
    NO_CHEST,
    SCRATCH,
    SQ_CHEST,
)


def _not_in_the_gift(state, seat: int, entry: int) -> bool:
    """The card drawn by a Poisoned Gift is known to the giver (the active seat) and its target."""
    return seat != state[ACTIVE] and seat != state[GIFT_TARGET]


VISIBILITY = Visibility("skirmish", (
    Region("HAND", HAND, MAX_PLAYERS * N_CARD_KINDS, OWN, histogram("deck"), stride=N_CARD_KINDS,
           rule="«distribuez à chaque joueur 6 cartes de jeu face cachée»: a hand (copies per card kind) "
                "is its holder's own"),
    Region("DRAW", DRAW, DECK_SIZE, NOBODY, cards("deck"), count_slot=DRAW_COUNT,
           rule="«Placez les cartes restantes face cachée à côté du plateau pour former la pioche»"),
    Region("SQ_CHEST", SQ_CHEST, MAX_SQUARES, NOBODY, cards("chest"), empty_value=NO_CHEST,
           rule="«Mélangez les coffres face cachée et placez-les»: a chest's content is unknown until "
                "opened; that a square holds one is public"),
    Region("GIFT_TAKEN", GIFT_TAKEN, 1, hidden_if=_not_in_the_gift,
           rule="Poisoned Gift «Offre ta pire carte, face cachée»: the card given and the card drawn "
                "back are known to the two seats of the exchange"),
    Region("DEAL_STREAM", DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later chance event"),
    Region("SCRATCH", SCRATCH, 9 * N_NODES, rule="engine work space, no meaning between steps "
           "(redraw_hidden gathers hidden cards there)"),
))  # fmt: skip
