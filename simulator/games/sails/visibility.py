"""Sails: what each seat can see (``simulator/core/engine/visibility.py``; the prose is ``state.py``'s header).

Every slot not declared here is public: the header, the discard (``DISCARD_MASK``), Bonus cards,
hand sizes, the treasure piles and the deck tops, the table's visible halves and Bonus cards,
scores and statistics.  An Island card's location (``ISLAND_LOC``) is public when it lies in the
discard, in the reading seat's own hand, or on the table once revealed (or it is the seat's own
table card); a card in the box or in another hand, or another seat's card on the table before
the reveal, lies where only its holder (or nobody) knows.
"""

from simulator.core.engine.visibility import NOBODY, OPAQUE, OWN, Region, Visibility, cards, locations
from simulator.games.sails.components import N_ISLAND, N_TREASURE
from simulator.games.sails.state import (
    A2_TAKEN,
    A3_CARDS,
    A3_DECK,
    A3_N,
    COUNTERS,
    DEAL_STREAM,
    DECK_COUNT,
    DECK_RING,
    DECK_START,
    HAND_MASK,
    ISLAND_LOC,
    ISLAND_VALUES,
    LOC_BOX,
    LOC_HAND,
    LOC_TABLE,
    MAX_PLAYERS,
    PASS_CARD,
    N_DECKS,
    PENDING_SEAT,
    REMOVED,
    REMOVED_COUNT,
    REVEALED,
    RING,
    RULE_IDS,
    STEP,
    STEP_A2_GIVE,
    TABLE_CARD,
    TABLE_COLOUR,
    TABLE_VALUE,
)

CARDS_PER_COLOUR = 12


def location_hidden(state, seat: int, card: int) -> bool:
    """Whether ``seat`` cannot know where Island card ``card`` lies."""
    location = state[ISLAND_LOC + card]
    if state[STEP] == STEP_A2_GIVE and card in (state[A2_TAKEN], state[A2_TAKEN + 1]):
        return False  # named by the A2 exchange under way (redraw_hidden leaves them too)
    if location == LOC_TABLE:  # «en veillant à ce que les autres joueurs ne puissent pas voir»
        return state[REVEALED] == 0 and state[TABLE_CARD + seat] != card
    if location == LOC_BOX:  # «Remettez les cartes Île restantes dans la boîte sans les regarder»
        return card % CARDS_PER_COLOUR < state[ISLAND_VALUES]  # (those above island_cards_per_colour: out of play)
    return location >= LOC_HAND and location != LOC_HAND + seat  # another seat's hand


def _unrevealed_other(state, seat: int, entry: int) -> bool:
    return state[REVEALED] == 0 and entry != seat


def _ring_entry_hidden(deck: int):
    """A face-down card of treasure deck ``deck``: hidden, except the cards A3 is inspecting from
    the seat that inspects them."""

    def hidden(state, seat: int, entry: int) -> bool:
        count = state[DECK_COUNT + deck]
        depth = (state[DECK_START + deck] + count - 1 - entry) % RING
        if deck >= state[N_DECKS] or depth >= count:
            return False  # not a card
        inspecting = state[A3_N] > 0 and state[A3_DECK] == deck and depth < state[A3_N]
        return not (inspecting and seat == state[PENDING_SEAT])

    return hidden


def _rederive(state) -> None:
    """After Island cards swapped places: every hand's bitmask from the cards' locations, and a
    table card moved away replaced in its seat's ``TABLE_CARD`` by the card that came to the table."""
    for seat in range(MAX_PLAYERS):
        for colour in range(4):
            state[HAND_MASK + seat * 4 + colour] = 0
    at_table = []
    for card in range(N_ISLAND):
        location = state[ISLAND_LOC + card]
        if location >= LOC_HAND:
            seat = location - LOC_HAND
            state[HAND_MASK + seat * 4 + card // CARDS_PER_COLOUR] |= 1 << (card % CARDS_PER_COLOUR)
        elif location == LOC_TABLE:
            at_table.append(card)
    named = {int(state[TABLE_CARD + seat]) for seat in range(MAX_PLAYERS)}
    arrived = [card for card in at_table if card not in named]
    for seat in range(MAX_PLAYERS):
        card = state[TABLE_CARD + seat]
        if card >= 0 and state[ISLAND_LOC + card] != LOC_TABLE and arrived:
            state[TABLE_CARD + seat] = arrived.pop(0)


VISIBILITY = Visibility("sails", (
    Region("ISLAND_LOC", ISLAND_LOC, N_ISLAND, content=locations("island"), hidden_if=location_hidden,
           rule="«distribuez-les aux joueurs ... qui forment sa main»; the rest goes to the box «sans les "
                "regarder»; a card on the table is half covered until the reveal"),
    Region("HAND_MASK", HAND_MASK, MAX_PLAYERS * 4, OWN, stride=4, rule="a hand is its holder's own"),
    Region("PASS_CARD", PASS_CARD, MAX_PLAYERS, OWN, stride=1,
           rule="the opening pass: the card set aside comes from the passer's hand"),
    Region("TABLE_CARD", TABLE_CARD, MAX_PLAYERS, hidden_if=_unrevealed_other,
           rule="«recouvre ... la moitié de la carte Île»: the card is known once revealed"),
    Region("TABLE_COLOUR", TABLE_COLOUR, MAX_PLAYERS, hidden_if=_unrevealed_other, rule="as TABLE_CARD"),
    Region("TABLE_VALUE", TABLE_VALUE, MAX_PLAYERS, hidden_if=_unrevealed_other, rule="as TABLE_CARD"),
    Region("DECK_RING_1", DECK_RING, RING, content=cards("treasure deck 1"), hidden_if=_ring_entry_hidden(0),
           rule="«placez-le face cachée»: the order of a Treasure deck is unknown (A3 «Regardez les 3 "
                "premières cartes» shows the top three to the seat that plays it)"),
    Region("DECK_RING_2", DECK_RING + RING, RING, content=cards("treasure deck 2"),
           hidden_if=_ring_entry_hidden(1), rule="as DECK_RING_1 (4-5 players: the green and purple deck)"),
    Region("REMOVED", REMOVED, N_TREASURE, NOBODY, cards("treasure deck 1"), count_slot=REMOVED_COUNT,
           rule="3 players: the Treasure cards removed at setup are unseen (one deck: the same pool)"),
    Region("A3_CARDS", A3_CARDS, 3, count_slot=A3_N, hidden_if=lambda state, seat, entry: seat != state[PENDING_SEAT],
           rule="A3 «Regardez les 3 premières cartes Trésor»: seen by the seat ordering them"),
    Region("DEAL_STREAM", DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later chance event"),
    Region("COUNTERS", COUNTERS, len(RULE_IDS), NOBODY, OPAQUE,
           rule="rule counters, engine only: some (R5) tell about other seats' hands"),
), rederive=_rederive)  # fmt: skip
