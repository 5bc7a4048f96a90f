"""Skeleton Island: what each seat can see (``simulator/core/engine/visibility.py``; the prose is
``state.py``'s header, the engine's reading is ``hidden.is_hidden_from``).

Every slot not declared here is public: the spread (``PILE_MASK``, ``FACE_UP_MASK``,
``COVERED_BY``, ``SLOT_LOC``), the Island cards, what each seat holds (A6, default), scores,
statistics and counters.

A Sand card's content is hidden when it lies face down in the pile (except from the seats that
took it, looked at it and put it back face down: ``SEEN``, A4), or face down in the active
seat's hand (from the other seats), or, under ``hidden-collection`` (A6/A7), in front of another
seat.  A face-up card of the pile is public wherever it lies, even when other cards cover it
(reading A18, the default: «laissera peut-être apparaître quelques pièces d'or ou morceaux de
carte»; docs/games/skeleton.md).  Under the variant ``buried-face-up-hidden`` a covered face-up
card is hidden until it is clear («toute la surface est apparente»), except from the seats that
saw it clear (``SEEN``: every seat, for a face-up card a put-back covered, putback-may-cover).
This mirrors ``hidden.is_hidden_from``, which ``redraw_hidden`` uses.
"""

from simulator.core.engine.visibility import NOBODY, OPAQUE, OWN, Region, Visibility, cards
from simulator.games.skeleton.components import MAX_PLAYERS, N_COLOURS
from simulator.games.skeleton.state import (
    CLEAR_MASK,
    COIN_CARDS,
    COIN_POINTS,
    CURRENT,
    DEAL_STREAM,
    FACE_UP_MASK,
    FLAG_BURIED_HIDDEN,
    FLAG_HIDDEN_COLLECTION,
    FLAGS,
    FLIP_STREAM,
    HALVES,
    LOC_HAND,
    LOC_PILE,
    LOC_SEAT,
    MAX_CHECKPOINTS,
    N_CARDS,
    N_SLOTS,
    OBJECTS,
    QUARTERS,
    SCORE,
    SCORE_FLOOR,
    SEEN,
    SLOT_CONTENT,
    SLOT_LOC,
    TRAJECTORY,
)

HIDDEN_COLLECTION = FLAGS + FLAG_HIDDEN_COLLECTION
BURIED_HIDDEN = FLAGS + FLAG_BURIED_HIDDEN


def content_hidden(state, seat: int, slot: int) -> bool:
    """Whether ``seat`` cannot know the content of Sand card ``slot`` (see the module docstring)."""
    location = state[SLOT_LOC + slot]
    face_down = not (int(state[FACE_UP_MASK]) >> slot) & 1
    if location == LOC_PILE:  # R2/R3: half the cards lie face down in the pile
        if (int(state[SEEN + seat]) >> slot) & 1:
            return False
        if face_down:
            return True
        # A18 variant buried-face-up-hidden: a covered face-up card is unknown until it is clear
        return state[BURIED_HIDDEN] != 0 and not (int(state[CLEAR_MASK]) >> slot) & 1
    if location == LOC_HAND:  # «Après l'avoir regardée»: only the taker looks at it
        return face_down and state[CURRENT] != seat
    if location >= LOC_SEAT and location != LOC_SEAT + seat:  # «la placer devant lui»: public (A6)
        return state[HIDDEN_COLLECTION] != 0
    return False


def _other_seats_standings(state, seat: int, entry: int) -> bool:
    """Under hidden-collection a seat's score is its own: the trajectory's standings of the others."""
    return entry > 0 and (entry - 1) % MAX_PLAYERS != seat


def _recount(state) -> None:
    """Holdings and scores follow from the cards in front of each seat (after an exchange of
    hidden collection cards, hidden-collection)."""
    if state[HIDDEN_COLLECTION] != 0:
        from simulator.games.skeleton.hidden import recount_holdings

        recount_holdings(state)


VISIBILITY = Visibility("skeleton", (
    Region("SLOT_CONTENT", SLOT_CONTENT, N_SLOTS, content=cards("sand"), count_slot=N_CARDS,
           hidden_if=content_hidden,
           rule="«Retournez l'un des deux paquets»: half the Sand cards lie face down (R2); «Après l'avoir "
                "regardée» the taker alone sees a face-down card (A4); hidden-collection (A6/A7); "
                "buried-face-up-hidden (A18): a covered face-up card until it is clear"),
    Region("SEEN", SEEN, MAX_PLAYERS, OWN, stride=1,
           rule="A4: the face-down cards a seat looked at and put back are known to it alone"),
    Region("HALVES", HALVES, MAX_PLAYERS * N_COLOURS, OWN, stride=N_COLOURS, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7): kept cards lie face down, known to their holder"),
    Region("QUARTERS", QUARTERS, MAX_PLAYERS * N_COLOURS, OWN, stride=N_COLOURS, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7)"),
    Region("OBJECTS", OBJECTS, MAX_PLAYERS, OWN, stride=1, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7)"),
    Region("COIN_POINTS", COIN_POINTS, MAX_PLAYERS, OWN, stride=1, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7)"),
    Region("COIN_CARDS", COIN_CARDS, MAX_PLAYERS, OWN, stride=1, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7)"),
    Region("SCORE", SCORE, MAX_PLAYERS, OWN, stride=1, when_flag=HIDDEN_COLLECTION,
           rule="hidden-collection (A6/A7): the coins follow from the hidden cards"),
    Region("TRAJECTORY", TRAJECTORY, 1 + MAX_CHECKPOINTS * MAX_PLAYERS, when_flag=HIDDEN_COLLECTION,
           hidden_if=_other_seats_standings, rule="hidden-collection (A6/A7): recorded standings are scores"),
    Region("SCORE_FLOOR", SCORE_FLOOR, MAX_PLAYERS, rule="the engine's debug bookkeeping, not for strategies"),
    Region("DEAL_STREAM", DEAL_STREAM, 1, NOBODY, OPAQUE, rule="the deal stream: every later blow"),
    Region("FLIP_STREAM", FLIP_STREAM, 1, NOBODY, OPAQUE, rule="blow-may-flip's stream: every later flip"),
), rederive=_recount)  # fmt: skip
