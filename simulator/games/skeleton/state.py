"""Skeleton Island state layout: one ``int64`` vector, named offsets, decision kinds, log events,
variants, rule counters.

Every constant is a plain module-level int, so numba folds it at compile time.  Per-seat blocks
hold ``MAX_PLAYERS`` (4) entries indexed by engine seat 0..P-1; slot masks are int64 bitsets over
the physical Sand cards (slots, see ``components.py``).

Public / private (what a strategy may read; the engine hides nothing, fair play is the strategy's
duty; checked for the shipped strategies in tests/skeleton/test_strategies.py):

- PUBLIC: the header, ``PILE_MASK``, ``FACE_UP_MASK``, ``COVERED_BY`` (the spread lies on the
  table), ``ISLAND_OWNER``, ``SLOT_LOC``, ``CARDS_HELD``, ``ISLANDS``, every statistic, the
  trajectory and counters, ``REMOVED_MASK``.  ``SLOT_CONTENT[s]`` is public when slot ``s`` lies
  face up in the pile (A18), or lies in front of a player (A6, default), or was discarded or
  handed in.
- PRIVATE: ``SLOT_CONTENT`` of a face-down pile slot, except for the seats whose bit is set in
  ``SEEN[seat]`` (the seat took it, looked at it and put it back face down, A4); the card in
  hand (``TAKEN_SLOT``) is known to the taker only until it is kept or put back face up.  Under
  ``hidden-collection`` a seat's kept cards (``SLOT_CONTENT``, ``HALVES``, ``QUARTERS``,
  ``OBJECTS``, ``COIN_POINTS``, ``COIN_CARDS``, ``SCORE``) are its own secret; ``CARDS_HELD``
  and ``ISLANDS`` stay public.
"""

from simulator.games.skeleton.components import COIN_VALUE, CONTENT_COLOUR, CONTENT_KIND, MAX_BLOW_LAYERS, MAX_PLAYERS, \
    N_COLOURS, N_CONTENTS, PIECE_UNITS, STALL_CAP_TURNS

MAX_OPTIONS = 64
"""Most options of any decision: take_card, piracy_discard and steal offer at most one option
per Sand card (N_CONTENTS, 63 at most)."""
N_SLOTS = N_CONTENTS
MAX_TURNS = STALL_CAP_TURNS
"""Capacity: the most turns the stall cap (setting ``stall_cap_turns``, at most this many) may
allow; a game is stopped after ``state[STALL_CAP_AT]`` turns (only reachable under
second-card-optional)."""
MAX_CHECKPOINTS = MAX_TURNS + 1
"""Trajectory checkpoints: the end of every turn (at most MAX_TURNS), the last one the final
scores (a game that ends inside a turn records that turn's end as its last checkpoint)."""

_offset = 0


def _block(size: int) -> int:
    global _offset
    start = _offset
    _offset += size
    return start


# ---- header (public) ----
PLAYERS = _block(1)
N_CARDS = _block(1)  # Sand cards in this game (42 + pirate objects)
FIRST_PLAYER = _block(1)  # engine seat of the first player (R5)
CURRENT = _block(1)  # seat whose turn it is
TURN = _block(1)  # turns begun so far (the length, in turns)
PILE_COUNT = _block(1)  # cards in the Sand pile
ISLANDS_LEFT = _block(1)  # Island cards not yet claimed
END_KIND = _block(1)  # END_* once the game is over, -1 before
LOG_COUNT = _block(1)  # records written to the log array
FACE_UP_AT_SETUP = _block(1)

# ---- the Sand pile (slots) ----
PILE_MASK = _block(1)  # slots in the pile
FACE_UP_MASK = _block(1)  # slots lying content side up (meaningful in the pile)
REMOVED_MASK = _block(1)  # slots out of the game (piracy discards R15, handed-in pieces R18)
CLEAR_MASK = _block(1)  # slots of the pile that are clear (R9), kept up to date by pile.py (derived from the above)
COVERED_BY = _block(N_SLOTS)  # slot -> mask of slots lying on it (R9: clear = none of them in the pile)
SLOT_CONTENT = _block(N_SLOTS)  # slot -> content (components.py); private for face-down pile slots
SLOT_LOC = _block(N_SLOTS)  # slot -> LOC_*
SEEN = _block(MAX_PLAYERS)  # seat -> mask of face-down slots whose content the seat has seen (private)

# ---- Island cards ----
ISLAND_OWNER = _block(N_COLOURS)  # colour -> seat holding its Island card, -1 unclaimed

# ---- what each seat holds (public by default, A6) ----
HALVES = _block(MAX_PLAYERS * N_COLOURS)  # [seat * N_COLOURS + colour]
QUARTERS = _block(MAX_PLAYERS * N_COLOURS)
OBJECTS = _block(MAX_PLAYERS)
COIN_POINTS = _block(MAX_PLAYERS)  # coins on the seat's Gold coin cards
COIN_CARDS = _block(MAX_PLAYERS)
ISLANDS = _block(MAX_PLAYERS)  # Island cards held
CARDS_HELD = _block(MAX_PLAYERS)  # Sand cards in front of the seat
SCORE = _block(MAX_PLAYERS)  # coins: Islands x 5 + coin cards (R21), kept up to date
RANK = _block(MAX_PLAYERS)

# ---- statistics (public) ----
STAT_TAKEN = _block(MAX_PLAYERS)  # cards taken from the pile (kept or put back)
STAT_FACEDOWN = _block(MAX_PLAYERS)  # of which face down
STAT_PUTBACKS = _block(MAX_PLAYERS)
STAT_PIRACY_STEAL = _block(MAX_PLAYERS)
STAT_PIRACY_DOUBLE = _block(MAX_PLAYERS)
STAT_STOLEN_FROM = _block(MAX_PLAYERS)  # cards other seats stole from this seat
STAT_BLOWS = _block(MAX_PLAYERS)

# ---- codes ----
LOC_PILE = 0
LOC_HAND = 1  # taken, being looked at (TAKEN_SLOT)
LOC_REMOVED = 2  # discarded by piracy (R15) or handed in (R18)
LOC_OUT = 3  # a blank of objects-N: never in the game
LOC_SEAT = 4  # LOC_SEAT + seat: kept in front of the seat

END_ALL_ISLANDS = 0
END_PILE_EMPTY = 1
END_STALL = 2
END_NAMES = ("all Island cards claimed", "Sand pile empty", "stall cap")

TURN_STANDARD = 0
TURN_PIRACY_STEAL = 1
TURN_PIRACY_DOUBLE = 2

KEEP = 0
PUT_BACK = 1
NO_CARD = -1  # second_card (second-card-optional) and putback_cover: take / cover nothing

COMBO_TWO_HALVES = 0
COMBO_HALF_TWO_QUARTERS = 1
COMBO_FOUR_QUARTERS = 2
COMBO_NAMES = ("2 halves", "1 half + 2 quarters", "4 quarters")
CLAIM_COMBO_SHIFT = 3  # claim_pieces option = colour | combo << CLAIM_COMBO_SHIFT
STEAL_CARD_SHIFT = 2  # steal option = victim | slot << STEAL_CARD_SHIFT
STEAL_RANDOM = 63  # the steal option's slot under hidden-collection: a random card of the victim

# ---- decision kinds (spec 4.4) ----
BLOW = 0  # options: 0 no, 1 yes
TURN_TYPE = 1  # options: TURN_*
PIRACY_DISCARD = 2  # options: a slot the seat holds (one per distinct kind)
STEAL = 3  # options: victim | slot << STEAL_CARD_SHIFT (one per distinct kind and victim)
TAKE_CARD = 4  # options: a clear slot
KEEP_OR_PUTBACK = 5  # options: KEEP, PUT_BACK
SECOND_CARD = 6  # options: a clear slot other than the card put back (NO_CARD under second-card-optional)
CLAIM_PIECES = 7  # options: colour | combo << CLAIM_COMBO_SHIFT
PUTBACK_COVER = 8  # options: NO_CARD or a clear slot the put-back card will cover (putback-may-cover)

DECISION_KINDS = (
    "blow",
    "turn_type",
    "piracy_discard",
    "steal",
    "take_card",
    "keep_or_putback",
    "second_card",
    "claim_pieces",
    "putback_cover",
)

# ---- log events: [code, a, b, c, d, e] ----
EV_SETUP = 1  # players, cards, face up, clear, first player
EV_TURN = 2  # seat, turn, clear cards, pile count, kind of turn part (0 turn start, 1 second standard turn)
EV_BLOW = 3  # seat, clear before, clear after, cards swept
EV_FLIP = 4  # slot, content, face up now
EV_PIRACY = 5  # seat, TURN_*
EV_DISCARD = 6  # seat, content
EV_STEAL = 7  # seat, victim, content
EV_TAKE = 8  # seat, slot, content (-1 when face down: only the taker learns it), face up, uncovered
EV_LOOK = 9  # seat, content (the taker looks at a face-down card; narration only)
EV_KEEP = 10  # seat, content
EV_PUT_BACK = 11  # seat, content (-1 if put back face down), face up, covered slot or -1
EV_NO_SECOND = 12  # seat (second-card-optional)
EV_CLAIM = 13  # seat, colour, combo, pieces kept (keep-map-pieces)
EV_END = 14  # end kind, turns
EV_FINAL = 15  # seat, score, rank, islands, coin points
EV_COVER = 16  # seat, covered slot, its content (-1 when face down), face up (putback-may-cover)

# ---- variants (spec section 3; `islandsim games` lists them) ----
VARIANTS = {
    "second-card-optional": "A1: after a put-back, taking a second card is optional (default: compulsory when a clear card exists).",
    "putback-face-up": "A4: a card put back lies face up, seen by everyone (default: the face it had, so a face-down card stays known to its taker only).",
    "putback-may-cover": "A5: a card put back may cover one clear card (a decision; default: it covers nothing).",
    "hidden-collection": "A6/A7: kept cards lie face down, known to their holder only; a steal takes a random card of the chosen opponent.",
    "keep-map-pieces": "A8: a completed map claims its Island but its pieces stay in front of the player (default: handed in, R18).",
    "blow-each-standard": "A11: the sandstorm may also be blown before the second standard turn of a piracy double turn (default: once, before the turn).",
    "tiebreak-islands": "A13: ties are broken by more Island cards, then more Gold coin cards (default: shared first place).",
    "random-first-player": "A14: the first player is drawn at random (default: seat 1).",
    "blow-may-flip": "A16: each card a blow moves turns over with the probability of data/pile.json (default: cards slide, never flip).",
    "face-up-fraction-0": "A15 design: no Sand card starts face up (default: 24 or 25 of 49, a fair coin); preset face_up_percent = 0.",
    "face-up-fraction-25": "A15 design: 25 % of the Sand cards start face up; preset face_up_percent = 25.",
    "face-up-fraction-75": "A15 design: 75 % of the Sand cards start face up; preset face_up_percent = 75.",
    "face-up-fraction-100": "A15 design: every Sand card starts face up; preset face_up_percent = 100.",
    "objects-5": "Design: 5 pirate objects instead of 7 (47 Sand cards); preset pirate_objects = 5.",
    "objects-9": "Design: 9 pirate objects instead of 7 (51 Sand cards); preset pirate_objects = 9.",
    "no-piracy": "Design: piracy turns are forbidden (measures what piracy is worth).",
    "buried-face-up-hidden": "A18 (fair play): a face-up card covered by other Sand cards is not known until it is clear (default: every face-up card of the spread is known to all); changes what search players may see, not the play.",
    "pile-radius-2.0": "Pile model (REC): a tighter spread, radius 2.0 card widths (default 2.5): fewer clear cards; preset pile_radius = 2.0.",
    "pile-radius-3.0": "Pile model (REC): a looser spread, radius 3.0 card widths (default 2.5): more clear cards; preset pile_radius = 3.0.",
    "blow-strength-50": "Pile model (REC): the blow's cascade probabilities halved; preset blow_strength = 0.5.",
    "blow-strength-150": "Pile model (REC): the blow's cascade probabilities times 1.5 (capped at 1); preset blow_strength = 1.5.",
}

FLAG_SECOND_OPTIONAL = 0
FLAG_PUTBACK_FACE_UP = 1
FLAG_PUTBACK_MAY_COVER = 2
FLAG_HIDDEN_COLLECTION = 3
FLAG_KEEP_MAP_PIECES = 4
FLAG_BLOW_EACH_STANDARD = 5
FLAG_TIEBREAK_ISLANDS = 6
FLAG_RANDOM_FIRST = 7
FLAG_BLOW_MAY_FLIP = 8
FLAG_NO_PIRACY = 9
FLAG_FACE_UP_PERCENT = 10  # -1: the default coin (24 or 25 of 49); else a percentage
FLAG_OBJECTS = 11  # pirate objects in the game
FLAG_RADIUS_MILLI = 12  # pile radius, thousandths of a card width (data/pile.json)
FLAG_CARD_WIDTH_MILLI = 13
FLAG_CARD_LENGTH_MILLI = 14
FLAG_FLIP_MILLI = 15
FLAG_BURIED_HIDDEN = 16  # variant buried-face-up-hidden (fair play reading, A18)
FLAG_BLOW_LAYERS = 17  # cascade layers of the blow (data/pile.json, 1..MAX_BLOW_LAYERS)
FLAG_BLOW_P1_MILLI = 18  # blow cascade probabilities, thousandths: FLAG_BLOW_LAYERS of them from here
# ---- the rule settings (settings.py; encode_variants writes them, read at run time) ----
FLAG_ISLAND_COINS = FLAG_BLOW_P1_MILLI + MAX_BLOW_LAYERS  # R19: coins an Island card is worth
FLAG_ISLANDS_TO_END = FLAG_ISLAND_COINS + 1  # R20: the game ends when this many Island cards are claimed
FLAG_PIRACY_DISCARDS = FLAG_ISLAND_COINS + 2  # R13-R14: cards a piracy turn discards
FLAG_PIRACY_TURNS = FLAG_ISLAND_COINS + 3  # R13: standard turns of a piracy double turn
FLAG_BLOW_MAX_CLEAR = FLAG_ISLAND_COINS + 4  # R7: the sandstorm is allowed with 1 to this many clear cards
FLAG_STALL_CAP = FLAG_ISLAND_COINS + 5  # turns after which a game is stopped (at most MAX_TURNS)
FLAG_HALVES_PER_COLOUR = FLAG_ISLAND_COINS + 6  # components: half-maps per colour
FLAG_QUARTERS_PER_COLOUR = FLAG_ISLAND_COINS + 7  # components: quarter-maps per colour
FLAG_FIRST_OBJECT = FLAG_ISLAND_COINS + 8  # content id of the first pirate object (map pieces + coin cards)
FLAG_START_COINS = FLAG_ISLAND_COINS + 9  # seat -> coins the seat starts with (MAX_PLAYERS entries)
FLAG_CONTENT_KIND = FLAG_START_COINS + MAX_PLAYERS  # content -> KIND_* (N_CONTENTS entries)
FLAG_CONTENT_COLOUR = FLAG_CONTENT_KIND + N_CONTENTS  # content -> colour of a map piece, -1 otherwise
FLAG_PIECE_UNITS = FLAG_CONTENT_COLOUR + N_CONTENTS  # content -> quarter units of a map piece, 0 otherwise
FLAG_COIN_VALUE = FLAG_PIECE_UNITS + N_CONTENTS  # content -> coins on a Gold coin card, 0 otherwise
N_FLAGS = FLAG_COIN_VALUE + N_CONTENTS

# ---- rule firing counters (docs/engine-contract.md, "What the engine records") ----
RULE_IDS = (
    "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
    "R16", "R17", "R18", "R19", "R20", "R21", "R22",
    "piracy-steal", "piracy-double", "map-2-halves", "map-half-2-quarters", "map-4-quarters",
    "A3-putback-refused", "A9-second-map", "end-all-islands", "end-pile-empty", "end-stall", "tie",
    "variant:second-card-optional", "variant:putback-face-up", "variant:putback-may-cover",
    "variant:hidden-collection", "variant:keep-map-pieces", "variant:blow-each-standard",
    "variant:tiebreak-islands", "variant:random-first-player", "variant:blow-may-flip", "variant:no-piracy",
)
RULE_LABELS = {
    "R1": "a game set up for 2-4 players",
    "R2": "half the Sand cards turned over and shuffled in",
    "R3": "the Sand pile spread",
    "R4": "the 5 Island cards set beside the pile",
    "R5": "a first player chosen",
    "R6": "a turn begun (standard or piracy)",
    "R7": "a sandstorm blown (1 or 2 clear cards)",
    "R8": "a clear card taken from the pile",
    "R9": "a take while covered cards (even partly) were out of reach",
    "R10": "a card looked at and put back",
    "R11": "a card put back at the edge of the pile, clear and touching the table",
    "R12": "a second card taken and kept after a put-back",
    "R13": "a piracy turn",
    "R14": "three eligible cards discarded",
    "R15": "a discarded card left the game",
    "R16": "an Island card claimed by the first complete map",
    "R17": "a complete map formed",
    "R18": "map pieces handed in",
    "R19": "an Island card scored 5 coins",
    "R20": "the game ended",
    "R21": "a seat's treasure added up",
    "R22": "the winner(s) named",
    "piracy-steal": "piracy: a card stolen from an opponent",
    "piracy-double": "piracy: two standard turns in a row",
    "map-2-halves": "map completed with 2 halves",
    "map-half-2-quarters": "map completed with 1 half + 2 quarters",
    "map-4-quarters": "map completed with 4 quarters",
    "A3-putback-refused": "put-back not offered: no other card in the pile",
    "A9-second-map": "a complete map of an already claimed colour (nothing happens)",
    "end-all-islands": "end: all five Island cards claimed (islands_to_end of them)",
    "end-pile-empty": "end: the Sand pile is empty",
    "end-stall": "end: the stall cap (second-card-optional only)",
    "tie": "a shared first place",
    "variant:second-card-optional": "no second card taken after a put-back",
    "variant:putback-face-up": "a face-down card put back face up",
    "variant:putback-may-cover": "a put-back card covered a clear card",
    "variant:hidden-collection": "a random card stolen from a hidden collection",
    "variant:keep-map-pieces": "a claim that kept its pieces",
    "variant:blow-each-standard": "a blow before the second standard turn",
    "variant:tiebreak-islands": "a tie broken by Islands / coin cards",
    "variant:random-first-player": "the first player drawn at random",
    "variant:blow-may-flip": "a card flipped by a blow",
    "variant:no-piracy": "a turn where piracy was possible but forbidden",
}
assert set(RULE_LABELS) == set(RULE_IDS)
N_COUNTERS = len(RULE_IDS)
COUNTERS = _block(N_COUNTERS)
# the FIRED_* constants are absolute indices into the state
(FIRED_R1, FIRED_R2, FIRED_R3, FIRED_R4, FIRED_R5, FIRED_R6, FIRED_R7, FIRED_R8, FIRED_R9, FIRED_R10, FIRED_R11,
 FIRED_R12, FIRED_R13, FIRED_R14, FIRED_R15, FIRED_R16, FIRED_R17, FIRED_R18, FIRED_R19, FIRED_R20, FIRED_R21,
 FIRED_R22, FIRED_PIRACY_STEAL, FIRED_PIRACY_DOUBLE, FIRED_MAP_2H, FIRED_MAP_H2Q, FIRED_MAP_4Q, FIRED_A3,
 FIRED_A9, FIRED_END_ISLANDS, FIRED_END_PILE, FIRED_END_STALL, FIRED_TIE, FIRED_V_SECOND_OPTIONAL,
 FIRED_V_PUTBACK_FACE_UP, FIRED_V_PUTBACK_MAY_COVER, FIRED_V_HIDDEN_COLLECTION, FIRED_V_KEEP_MAP_PIECES,
 FIRED_V_BLOW_EACH_STANDARD, FIRED_V_TIEBREAK, FIRED_V_RANDOM_FIRST, FIRED_V_BLOW_MAY_FLIP,
 FIRED_V_NO_PIRACY) = range(COUNTERS, COUNTERS + N_COUNTERS)

# ---- score trajectories: TRAJECTORY = checkpoints recorded, then MAX_PLAYERS standings each ----
TRAJECTORY = _block(1 + MAX_CHECKPOINTS * MAX_PLAYERS)

# ---- forward model: where the game stands (engine.py); not for strategies ----
STEP = _block(1)  # STEP_*
STANDARD_LEFT = _block(1)  # standard turns still to play in this turn (1, or 2 for a piracy double)
PIRACY_KIND = _block(1)  # TURN_* chosen
DISCARDS_LEFT = _block(1)  # piracy discards still to choose
DISCARD_COLOURS = _block(1)  # bit mask of map colours already discarded this piracy turn
TAKEN_SLOT = _block(1)  # card in hand (LOC_HAND), -1 none; readable by the taker while it decides keep_or_putback
PUTBACK_SLOT = _block(1)  # card put back this standard turn, -1 none
CLAIM_COLOUR = _block(1)  # claim_pieces: the colour completed
RESUME_STEP = _block(1)  # step to go on with after a claim_pieces decision
DEBUG_CHECKS = _block(1)
SCORE_FLOOR = _block(MAX_PLAYERS)  # seat -> its score at the last invariant check, less the coins stolen from it since
DEAL_STREAM = _block(1)  # the deal stream (SplitMix64 state, uint64 bits): setup and blows
FLIP_STREAM = _block(1)  # blow-may-flip's own stream, so that the flips leave the deal stream unchanged
FLAGS = _block(N_FLAGS)  # the variant flags and rule settings: public, never change during a game
PENDING_SEAT = _block(1)
PENDING_KIND = _block(1)
PENDING_COUNT = _block(1)
OPTIONS = _block(MAX_OPTIONS)

STATE_SIZE = _offset


def tables_of(flags=None) -> tuple:
    """(kind, colour, units, coin value) tables of a run's deck, read from its flag vector
    (``flags``: the variant flags, or ``state[FLAGS:]``); the default deck when ``flags`` is None.
    Plain Python (narration, play, pictures)."""
    if flags is None:
        return CONTENT_KIND, CONTENT_COLOUR, PIECE_UNITS, COIN_VALUE
    return tuple(flags[start:start + N_CONTENTS]
                 for start in (FLAG_CONTENT_KIND, FLAG_CONTENT_COLOUR, FLAG_PIECE_UNITS, FLAG_COIN_VALUE))

# where the compiled code reads the rule settings (absolute state indices, inside FLAGS)
ISLAND_COINS_AT = FLAGS + FLAG_ISLAND_COINS
ISLANDS_TO_END_AT = FLAGS + FLAG_ISLANDS_TO_END
PIRACY_DISCARDS_AT = FLAGS + FLAG_PIRACY_DISCARDS
PIRACY_TURNS_AT = FLAGS + FLAG_PIRACY_TURNS
BLOW_MAX_CLEAR_AT = FLAGS + FLAG_BLOW_MAX_CLEAR
STALL_CAP_AT = FLAGS + FLAG_STALL_CAP
HALVES_PER_COLOUR_AT = FLAGS + FLAG_HALVES_PER_COLOUR
QUARTERS_PER_COLOUR_AT = FLAGS + FLAG_QUARTERS_PER_COLOUR
FIRST_OBJECT_AT = FLAGS + FLAG_FIRST_OBJECT
START_COINS_AT = FLAGS + FLAG_START_COINS
CONTENT_KIND_AT = FLAGS + FLAG_CONTENT_KIND
CONTENT_COLOUR_AT = FLAGS + FLAG_CONTENT_COLOUR
PIECE_UNITS_AT = FLAGS + FLAG_PIECE_UNITS
COIN_VALUE_AT = FLAGS + FLAG_COIN_VALUE

STEP_TURN_START = 0  # begin CURRENT's turn: end checks, blow offer
STEP_BLOW = 1  # decision BLOW
STEP_TURN_TYPE = 2  # decision TURN_TYPE
STEP_DISCARD = 3  # decision PIRACY_DISCARD
STEP_STEAL = 4  # decision STEAL
STEP_STANDARD = 5  # begin a standard turn (blow offer before the second one under blow-each-standard)
STEP_BLOW_SECOND = 6  # decision BLOW before the second standard turn (blow-each-standard)
STEP_TAKE = 7  # decision TAKE_CARD
STEP_KEEP = 8  # decision KEEP_OR_PUTBACK
STEP_COVER = 9  # decision PUTBACK_COVER
STEP_SECOND = 10  # decision SECOND_CARD
STEP_CLAIM = 11  # decision CLAIM_PIECES
STEP_STANDARD_DONE = 12  # a standard turn is over: another one, or the turn ends
STEP_TURN_END = 13  # the turn is over: checkpoint, next seat
STEP_GAME_OVER = 14  # scored and ranked (scoring.end_game, at once when R20 holds)
