"""Sails state layout: one ``int64`` vector, named offsets, decision kinds, log events, variants.

Every constant below is a plain module-level int, so numba folds it at compile time.
Per-seat blocks hold ``MAX_PLAYERS`` (5) entries, indexed by seat (0-based, clockwise).

Public / private (what a strategy may read; the engine does not hide anything):

- PUBLIC: the whole header, ``DISCARD_MASK``, ``BONUS_HELD``, ``HAND_COUNT``, the treasure piles (``PILE``,
  ``PILE_COUNT``: taken face up, everyone saw them), the visible deck tops ``DECK_TOP``,
  ``DECK_COUNT``, ``TREASURE_VALUE``, ``ACTION_ON_CARD``, the table's visible halves
  ``TABLE_HIDE`` / ``TABLE_VISIBLE`` / ``TABLE_BONUS`` and ``TABLE_ORDER``, scores and statistics,
  and, once ``REVEALED`` is 1, ``TABLE_CARD`` / ``TABLE_COLOUR`` / ``TABLE_VALUE`` and the
  per-trick outcome blocks (``COLOUR_*``, ``SEAT_OUTCOME*``, ``SEAT_BONUS_DUE``).
- ``ISLAND_LOC[card]`` is public only when it equals ``LOC_DISCARD`` or (after the reveal)
  ``LOC_TABLE``, and for the reading seat's own hand (``LOC_HAND + seat``).  Telling
  ``LOC_BOX`` from another seat's hand is NOT allowed.  ``HAND_MASK`` is readable for the
  reading seat's own entries only.
- PRIVATE: ``TABLE_CARD`` / ``TABLE_COLOUR`` / ``TABLE_VALUE`` of other seats before the reveal,
  the face-down decks ``DECK_RING`` (except ``A3_CARDS`` for the seat deciding ``A3_ORDER``),
  ``A2_TAKEN`` (the two seats of that exchange only), ``PASS_CARD`` of other seats,
  ``REMOVED`` (3-player removed treasures are unseen).
"""

from simulator.games.sails.components import N_ISLAND, N_TREASURE

MAX_PLAYERS = 5
RING = 32
"""Capacity of each treasure deck ring buffer (a deck never holds more than 32 cards)."""
PILE_CAPACITY = 32
MAX_OPTIONS = 64
"""Upper bound of any decision's option count (PLAY_CARD <= 2 * 12 cards, PLAY_BONUS <= 12,
A2_GIVE / A4_DISCARD <= 14 cards)."""

_offset = 0


def _block(size: int) -> int:
    global _offset
    start = _offset
    _offset += size
    return start


# ---- header (public) ----
PLAYERS = _block(1)
ROUND = _block(1)  # 0 or 1
TRICK = _block(1)  # trick index within the round
TRICKS_PLAYED = _block(1)  # tricks played in the game so far
FIRST_PLAYER = _block(1)  # holder of the first-player card for the current trick
GAME_FIRST_PLAYER = _block(1)  # first player of round 1
N_DECKS = _block(1)  # 1 (3 players) or 2
BONUS_DECK = _block(1)  # Bonus cards left in the Bonus deck
BONUS_ATTACHED = _block(1)  # Bonus cards attached to Island cards on the table
BONUS_AFTER_REVEAL = _block(1)  # 1 when the bonus-after-reveal variant is on
WEAKEST_TIE_NEAREST = _block(1)  # 1 when tied weakest cards go to the seat nearest the first player
PLACED = _block(1)  # cards placed in the current trick
REVEALED = _block(1)  # 1 once the current trick's cards are revealed
LOG_COUNT = _block(1)  # records written to the log array
REMOVED_COUNT = _block(1)  # treasures removed at setup (3 players: 12 by default)

# ---- the rule settings of the game (public; settings.py declares them) ----
# encode_variants writes them into the flag vector after the variant flags (FLAG_RULES + R_*);
# setup_game copies them here, where the engine and the strategies read them (no recompile).
R_HAND_SIZE = 0  # Island cards dealt per hand (per player count: 12, 12, 9); tricks per round
R_ROUNDS = 1  # rounds in a game (2; capacity 2: ROUND_SCORE, TRAJECTORY)
R_ISLAND_VALUES = 2  # Island cards per colour, values 1..N (12; capacity 12, the others stay in the box)
R_MAX_VALUE = 3  # highest value a card may reach with Bonus cards (12)
R_BONUS_CARDS = 4  # Bonus cards in the Bonus deck (22)
R_BONUS_PER_POINT = 5  # Bonus cards held at the end of a round worth 1 point (2: a pair)
R_BONUS_PER_CARD = 6  # Bonus cards the weakest card receives per card played in its colour (1)
R_A1_BONUS = 7  # Bonus cards A1 steals (or takes from the deck) (2)
R_A2_CARDS = 8  # Island cards A2 takes and gives back (2; capacity 2)
R_A3_CARDS = 9  # face-down treasures A3 looks at (3; capacity 3)
R_ACTION_ON_CARD = 10  # 2: action number (1..4) on the face-up side of card 0 (red/blue), 1 (green/purple)
R_TREASURES_PER_COLOUR = 12  # treasure cards per colour (8; capacity 8)
R_TREASURE_POINTS = 13  # 8: points of treasure position 0..7 of every colour
R_TREASURE_REMOVED = 21  # 8: 1 when treasure position 0..7 of every colour is left out at 3 players
R_START_BONUS = 29  # MAX_PLAYERS: Bonus cards each seat holds at the start of each round (0)
R_START_POINTS = 34  # MAX_PLAYERS: points each seat starts the game with (0)
N_RULES = 39
RULES = _block(N_RULES)
HAND_SIZE = RULES + R_HAND_SIZE  # cards dealt per hand this game (12, or 9 at 5 players)
ROUNDS = RULES + R_ROUNDS
ISLAND_VALUES = RULES + R_ISLAND_VALUES
MAX_VALUE = RULES + R_MAX_VALUE
BONUS_CARDS = RULES + R_BONUS_CARDS
BONUS_PER_POINT = RULES + R_BONUS_PER_POINT
BONUS_PER_CARD = RULES + R_BONUS_PER_CARD
A1_BONUS = RULES + R_A1_BONUS
A2_CARDS = RULES + R_A2_CARDS
A3_CARDS_LOOKED = RULES + R_A3_CARDS
ACTION_ON_CARD = RULES + R_ACTION_ON_CARD  # action (1..4) face up on card 0 (red/blue), 1 (green/purple)
TREASURES_PER_COLOUR = RULES + R_TREASURES_PER_COLOUR
TREASURE_POINTS = RULES + R_TREASURE_POINTS
TREASURE_REMOVED_AT_3 = RULES + R_TREASURE_REMOVED
START_BONUS = RULES + R_START_BONUS
START_POINTS = RULES + R_START_POINTS

# ---- island cards ----
ISLAND_LOC = _block(N_ISLAND)  # location code per Island card (see LOC_*)
HAND_COUNT = _block(MAX_PLAYERS)
HAND_MASK = _block(MAX_PLAYERS * 4)  # [seat * 4 + colour]: bit (value - 1) set when the seat holds that card (own seat only)
DISCARD_MASK = _block(4)  # [colour]: bit (value - 1) set when that card is in the discard pile (public)

# ---- table (current trick), per seat ----
TABLE_CARD = _block(MAX_PLAYERS)  # card id played, -1 none (private until REVEALED)
TABLE_HIDE = _block(MAX_PLAYERS)  # HIDE_COLOUR / HIDE_NUMBER, -1 not yet played (public)
TABLE_VISIBLE = _block(MAX_PLAYERS)  # the colour if the number is hidden, the printed number otherwise (public)
TABLE_BONUS = _block(MAX_PLAYERS)  # Bonus cards attached (public)
TABLE_ORDER = _block(MAX_PLAYERS)  # 0 = first player, 1 = next clockwise... (public)
TABLE_COLOUR = _block(MAX_PLAYERS)  # colour after reveal, -1 before
TABLE_VALUE = _block(MAX_PLAYERS)  # printed value + bonus after reveal, 0 before

# ---- trick outcome (public after reveal) ----
COLOUR_COUNT = _block(4)  # cards played per colour
COLOUR_WINNER = _block(4)  # seat winning the colour (or the merged pair), -1 none
COLOUR_WEAKEST = _block(4)  # seat receiving Bonus for the colour (or pair), -1 none
MERGED = _block(2)  # 1 when action card a's two colours count as one (3-player exception)
SEAT_OUTCOME = _block(MAX_PLAYERS)  # OUTCOME_* per seat
SEAT_OUTCOME_ARG = _block(MAX_PLAYERS)  # deck (treasure) or action card (action)
SEAT_BONUS_DUE = _block(MAX_PLAYERS)  # Bonus cards the seat must receive this trick

# ---- bonus ----
BONUS_HELD = _block(MAX_PLAYERS)

# ---- treasure decks (ring buffers; position DECK_START is the bottom) ----
DECK_TOP = _block(2)  # visible top card, -1 none (public)
DECK_COUNT = _block(2)  # face-down cards (public count)
DECK_START = _block(2)
DECK_RING = _block(2 * RING)  # private
TREASURE_VALUE = _block(N_TREASURE)  # points of each treasure id (public)
REMOVED = _block(N_TREASURE)  # 3-player removed treasures (private)

# ---- treasure piles (public; top = PILE[seat * PILE_CAPACITY + count - 1]) ----
PILE_COUNT = _block(MAX_PLAYERS)
PILE_POINTS = _block(MAX_PLAYERS)  # points on the pile this round (kept by the engine, checked in debug)
PILE = _block(MAX_PLAYERS * PILE_CAPACITY)

# ---- opening pass (own entry only) ----
PASS_CARD = _block(MAX_PLAYERS)

# ---- action scratch ----
A2_TAKEN = _block(2)  # cards taken at random by A2 (private to the two seats)
A2_TARGET_SEAT = _block(1)
A3_DECK = _block(1)  # deck inspected by A3
A3_N = _block(1)  # number of inspected cards (0..3)
A3_CARDS = _block(3)  # inspected cards, index 0 = next to be revealed (private to the A3 seat)

# ---- scores and statistics (public) ----
ROUND_SCORE = _block(2 * MAX_PLAYERS)  # [round * 5 + seat]
SCORE = _block(MAX_PLAYERS)
STAT_TREASURE_POINTS = _block(MAX_PLAYERS)
STAT_BONUS_POINTS = _block(MAX_PLAYERS)
STAT_TAKEN = _block(MAX_PLAYERS)
STAT_STOLEN = _block(MAX_PLAYERS)
STAT_ROBBED = _block(MAX_PLAYERS)
STAT_BONUS_RECEIVED = _block(MAX_PLAYERS)
STAT_BONUS_SPENT = _block(MAX_PLAYERS)
STAT_ACTIONS = _block(MAX_PLAYERS)
ACTIONS_USED = _block(5)  # [1..4] used; index 0 unused
RANK = _block(MAX_PLAYERS)

# ---- codes ----
LOC_BOX = 0  # back in the box, unseen (3 and 5 players)
LOC_DISCARD = 1
LOC_TABLE = 2
LOC_HAND = 3  # LOC_HAND + seat

HIDE_COLOUR = 0  # the Sail covers the colour: the number is visible
HIDE_NUMBER = 1  # the Sail covers the number: the colour is visible

OUTCOME_NONE = 0
OUTCOME_TREASURE = 1  # SEAT_OUTCOME_ARG = deck
OUTCOME_ACTION = 2  # SEAT_OUTCOME_ARG = action card (0 red/blue, 1 green/purple)

TAKE_FROM_DECK = -1  # TAKE_OR_STEAL option: take the deck's visible treasure
FROM_BONUS_DECK = -1  # A1 log: the two Bonus cards came from the deck

# ---- decision kinds ----
OPENING_PASS_COLOUR = 0  # options: colour 0..3 among the tied longest colours
PLAY_CARD = 1  # options: card | hide << 6
BONUS_AFTER_REVEAL_DECISION = 2  # options: number of Bonus cards 0..max (variant bonus-after-reveal)
TAKE_OR_STEAL = 3  # options: TAKE_FROM_DECK (-1) or a victim seat
A1_TARGET = 4  # options: victim seat (each holds >= 2 Bonus cards)
A2_TARGET = 5  # options: target seat
A2_GIVE = 6  # options: Island card id in own hand (asked once per card given back)
A3_DECK_DECISION = 7  # options: deck 0 or 1
A3_ORDER = 8  # options: sum(idx_j << 2j): position j from the top gets A3_CARDS[idx_j]
A4_TAKE = 9  # options: Island card id on the table
A4_DISCARD = 10  # options: Island card id in own hand
PLAY_BONUS = 11  # options: number of Bonus cards 0..max attached to the card just placed (TABLE_CARD of the seat)

DECISION_KINDS = (
    "opening_pass_colour",
    "play_card",
    "bonus_after_reveal",
    "take_or_steal",
    "a1_target",
    "a2_target",
    "a2_give",
    "a3_deck",
    "a3_order",
    "a4_take",
    "a4_discard",
    "play_bonus",
)

OPTION_HIDE_SHIFT = 6  # PLAY_CARD option = card | hide << OPTION_HIDE_SHIFT
OPTION_CARD_MASK = 63

# ---- log events: [code, a, b, c, d, e] ----
EV_ROUND_START = 1  # round, first player, n decks, top0, top1
EV_DEAL = 2  # seat, red, blue, green, purple (cards per colour after the deal)
EV_PASS = 3  # seat, receiver, card, chose (1 if the colour was a choice)
EV_TRICK_START = 4  # round, trick, first player, top0, top1
EV_PLACE = 5  # seat, hide, visible, bonus
EV_REVEAL = 6  # seat, card, bonus, value
EV_BONUS_AFTER = 7  # seat, bonus added, new value
EV_WIN = 8  # seat, colour (or 4 + card when merged), value, outcome, arg
EV_TAKE = 9  # seat, deck, treasure
EV_STEAL = 10  # seat, victim, treasure
EV_BONUS_GIVEN = 11  # seat, due, given, cards played in the colour
EV_ACTION = 12  # seat, action number, action card
EV_A1 = 13  # seat, victim (-1 = Bonus deck), count
EV_A2_TAKE = 14  # seat, target, card taken
EV_A2_GIVE = 15  # seat, target, card given
EV_A3 = 16  # seat, deck, new order (3 treasures, -1 padding)
EV_A4_TAKE = 17  # seat, card, seat who had played it
EV_A4_DISCARD = 18  # seat, card
EV_UNDER = 19  # deck, treasure put under the deck
EV_ROUND_SCORE = 20  # seat, round, treasure points, bonus points, round score
EV_FINAL = 21  # seat, score, rank
EV_NO_EFFECT = 22  # seat, action number (action without any effect)
EV_SEAT_START = 23  # seat, Bonus cards, points it starts with (settings seatK_start_*; logged only when not 0)

# ---- variants ----
VARIANTS = {
    "bonus-after-reveal": "Bonus cards are attached after the reveal, clockwise from the first player (default: at placement, face up with the half-covered card).",
    "weakest-tie-nearest": "Among tied weakest cards of a colour the one nearest the first player gets the Bonus cards (default: the farthest clockwise, the tie rule reversed).",
    "treasure-values-one-each": "Treasure values per colour are 2,3,4,5,6,7,8,9 (default reconstruction: 2,2,3,3,4,4,5,6).",
    "treasure-values-low": "Treasure values per colour are 2,2,2,3,3,4,4,5 (default reconstruction: 2,2,3,3,4,4,5,6).",
    "actions-side-b": "Both Action cards show their other side (default pairing: red/blue A2 swap Island cards, green/purple A4 take back a played card).",
    "rb-action-side-b": "Only the red/blue Action card shows its other side.",
    "gp-action-side-b": "Only the green/purple Action card shows its other side.",
    "actions-pairing-swapped": "Action cards pair A1|A3 (red/blue) and A2|A4 (green/purple) instead of A1|A2 and A3|A4.",
    "random-first-player": "The round-1 first player is drawn at random (default: seat 1).",
    "round2-first-card-holder": "Round 2 starts with the holder of the first-player card after round 1's last trick (the card passes after every trick: round 1's first player again at 3-4 players, the seat on their right at 5); default: the seat after round 1's first player.",
    "opening-pass-once": "The opening pass is made at the start of the game only, not again in round 2 (default: at the start of each round, with the rest of the setup).",
}

FLAG_BONUS_AFTER_REVEAL = 0
FLAG_WEAKEST_TIE_NEAREST = 1
FLAG_VALUE_SET = 2  # the treasure values in play: 0 any, 1 the one-each set, 2 the low set (rule counters only)
FLAG_RB_SIDE = 3  # 0 or 1
FLAG_GP_SIDE = 4
FLAG_PAIRING = 5  # 1 when the faces are the swapped pairing's (rule counters only)
FLAG_RANDOM_FIRST = 6
FLAG_ROUND2_FIRST_CARD_HOLDER = 7
FLAG_OPENING_PASS_ONCE = 8
N_FLAGS = 9
FLAG_RULES = N_FLAGS
"""The flag vector holds the rule settings after the variant flags: ``flags[FLAG_RULES + R_*]``."""
N_VARIANT_FLAGS = N_FLAGS + N_RULES

# ---- forward model: where the game stands (engine.py); a copy of the vector is a copy of the game ----
# Not for strategies: they read the slots above.
STEP = _block(1)  # the next step of the game (STEP_*)
CURSOR = _block(1)  # position in the current clockwise pass (0 = first player; the seat for the opening pass)
GIVEN = _block(1)  # A2: Island cards given back so far
DEBUG_CHECKS = _block(1)  # 1: check the invariants after setup, after every trick and at the end
DEAL_STREAM = _block(1)  # the deal stream's SplitMix64 state (uint64 bits): shuffles and chance events
FLAGS = _block(N_FLAGS)  # the variant flags of the game
PENDING_SEAT = _block(1)  # the decision waiting for a choice: seat, kind, option count (>= 2)
PENDING_KIND = _block(1)
PENDING_COUNT = _block(1)
OPTIONS = _block(MAX_OPTIONS)  # its options
SCRATCH = _block(64)  # working space of the rules (shuffles, colour counts, ranking); no meaning between steps

# ---- what the engine records besides the result (docs/engine-contract.md, last section) ----
# Engine only, not for strategies: some counters (R5) tell about other seats' hands.
RULE_COUNTERS = (
    # the checklist of docs/games/sails.md ("Rules coverage"), by rule id
    ("R1", "3 players: one 2, 3 and 4 of each colour removed, a single Treasure deck (per round)"),
    ("R2", "4-5 players: a red+blue and a green+purple Treasure deck (per round)"),
    ("R3", "5 players: 9 Island cards dealt each, the rest to the box (per round)"),
    ("R4", "opening pass made (per round)"),
    ("R5", "opening pass: tied longest colours, the player chose which colour to pass"),
    ("R6", "card placed hiding its colour (number shown)"),
    ("R7", "card placed hiding its number (colour shown)"),
    ("R8", "Bonus cards attached at placement"),
    ("R9", "Bonus limited by the 12 cap (held more than the card could take)"),
    ("R10", "colour won by a sole card"),
    ("R11", "colour won by the strongest of several cards"),
    ("R12", "tied strongest cards: the first player or nearest clockwise wins"),
    ("R13", "3 players: both colours of an Action card counted as one"),
    ("R14", "winner takes the visible treasure of the deck"),
    ("R15", "winner steals a player's visible treasure"),
    ("R16", "winner without a matching treasure activates the Action card"),
    ("R17", "two winners activate the same Action card (both, clockwise)"),
    ("R18", "weakest card of a colour receives Bonus cards"),
    ("R19", "tied weakest cards: the farthest clockwise receives (default reading 3)"),
    ("R20", "every card of a colour ties: the next tied card, not the winner, receives"),
    ("R21", "Bonus deck ran short: what was left handed out"),
    ("R22", "untaken visible treasure put under its deck"),
    ("R23", "A1: 2 Bonus cards stolen from a player"),
    ("R24", "A1: nobody else holds 2 Bonus, taken from the Bonus deck"),
    ("R25", "A2: Island cards taken at random and given back"),
    ("R26", "A3: top face-down treasures inspected and reordered"),
    ("R27", "A4: a played card taken back into the hand, one discarded"),
    ("R28", "an Action without effect (nothing it could act on)"),
    ("R29", "Bonus pairs scored at the end of a round (per seat)"),
    ("R30", "round 2 starts with the seat after round 1's first player (default reading 13)"),
    ("R31", "equal final totals share a rank"),
    # card kinds: each Action activated, Bonus cards spent
    ("A1", "Action A1 activated: steal 2 Bonus cards"),
    ("A2", "Action A2 activated: swap 2 Island cards"),
    ("A3", "Action A3 activated: reorder 3 treasures"),
    ("A4", "Action A4 activated: take back a played card"),
    ("bonus", "Bonus cards attached to Island cards (cards spent)"),
    # variant-specific branches
    ("variant:bonus-after-reveal", "Bonus cards attached after the reveal"),
    ("variant:weakest-tie-nearest", "tied weakest cards: the nearest clockwise receives"),
    ("variant:treasure-values-one-each", "treasure values 2..9 in play (per game)"),
    ("variant:treasure-values-low", "low treasure values in play (per game)"),
    ("variant:actions-side-b", "an Action card activated on its B side, both flipped"),
    ("variant:rb-action-side-b", "the red/blue Action card activated on its B side (it alone flipped)"),
    ("variant:gp-action-side-b", "the green/purple Action card activated on its B side (it alone flipped)"),
    ("variant:actions-pairing-swapped", "an Action card of the swapped pairing activated"),
    ("variant:random-first-player", "round 1 first player drawn at random (per game)"),
    ("variant:round2-first-card-holder", "round 2 started by the first-player card's holder (per game)"),
    ("variant:opening-pass-once", "round 2 opening pass left out (per game)"),
)
RULE_IDS = tuple(rule_id for rule_id, _ in RULE_COUNTERS)
COUNTERS = _block(len(RULE_COUNTERS))  # state[COUNTERS + i]: times RULE_IDS[i] fired this game


def _fired(rule_id: str) -> int:
    return COUNTERS + RULE_IDS.index(rule_id)


FIRED_R1, FIRED_R2, FIRED_R3, FIRED_R4, FIRED_R5 = (_fired(f"R{i}") for i in range(1, 6))
FIRED_R6, FIRED_R7, FIRED_R8, FIRED_R9, FIRED_R10 = (_fired(f"R{i}") for i in range(6, 11))
FIRED_R11, FIRED_R12, FIRED_R13, FIRED_R14, FIRED_R15 = (_fired(f"R{i}") for i in range(11, 16))
FIRED_R16, FIRED_R17, FIRED_R18, FIRED_R19, FIRED_R20 = (_fired(f"R{i}") for i in range(16, 21))
FIRED_R21, FIRED_R22, FIRED_R23, FIRED_R24, FIRED_R25 = (_fired(f"R{i}") for i in range(21, 26))
FIRED_R26, FIRED_R27, FIRED_R28, FIRED_R29, FIRED_R30 = (_fired(f"R{i}") for i in range(26, 31))
FIRED_R31 = _fired("R31")
FIRED_ACTION = _fired("A1") - 1  # FIRED_ACTION + action (1..4): Action card kind activated
FIRED_BONUS = _fired("bonus")
FIRED_BONUS_AFTER_REVEAL = _fired("variant:bonus-after-reveal")
FIRED_WEAKEST_TIE_NEAREST = _fired("variant:weakest-tie-nearest")
FIRED_VALUES_ONE_EACH = _fired("variant:treasure-values-one-each")
FIRED_VALUES_LOW = _fired("variant:treasure-values-low")
FIRED_ACTIONS_SIDE_B = _fired("variant:actions-side-b")
FIRED_RB_SIDE_B = _fired("variant:rb-action-side-b")
FIRED_GP_SIDE_B = _fired("variant:gp-action-side-b")
FIRED_PAIRING_SWAPPED = _fired("variant:actions-pairing-swapped")
FIRED_RANDOM_FIRST = _fired("variant:random-first-player")
FIRED_ROUND2_CARD_HOLDER = _fired("variant:round2-first-card-holder")
FIRED_OPENING_PASS_ONCE = _fired("variant:opening-pass-once")

MAX_CHECKPOINTS = 24
"""Score trajectory checkpoints: one after every trick, 2 rounds of at most 12 tricks."""
TRAJECTORY = _block(1 + MAX_CHECKPOINTS * MAX_PLAYERS)
"""state[TRAJECTORY]: checkpoints recorded; state[TRAJECTORY + 1 + c * MAX_PLAYERS + seat]: the seat's
provisional standing after trick c of the game (docs/games/sails.md, "Score trajectories")."""

STATE_SIZE = _offset

STEP_ROUND_SETUP = 0  # set up round ROUND (deal, decks, first player)
STEP_PASS = 1  # decision OPENING_PASS_COLOUR of seat CURSOR
STEP_SETUP_DONE = 2
STEP_TRICK_START = 3  # next trick, or score the round when the hands are played
STEP_PLAY_CARD = 4  # decision PLAY_CARD
STEP_PLAY_BONUS = 5  # decision PLAY_BONUS
STEP_REVEAL = 6
STEP_BONUS_AFTER = 7  # decision BONUS_AFTER_REVEAL_DECISION
STEP_RESOLVE = 8
STEP_TREASURE_SCAN = 9  # next seat taking a treasure, or hand out Bonus
STEP_TAKE_OR_STEAL = 10  # decision TAKE_OR_STEAL
STEP_ACTION_SCAN = 11  # next seat activating an Action card, or end the trick
STEP_A1 = 12  # decision A1_TARGET
STEP_A2_TARGET = 13
STEP_A2_GIVE = 14
STEP_A3_DECK = 15
STEP_A3_ORDER = 16
STEP_A4_TAKE = 17
STEP_A4_DISCARD = 18
STEP_END_TRICK = 19
STEP_GAME_END = 20  # final ranking
STEP_GAME_OVER = 21
STEP_NONE = -1  # advance: no stop step
