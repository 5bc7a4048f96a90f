"""Tobago state layout: one ``int64`` vector, named offsets, decision kinds, log events, variants,
rule counters.

Every constant is a plain module-level int, so numba folds it at compile time.  Per-seat blocks
hold ``MAX_PLAYERS`` (4) entries indexed by engine seat (0-based, clockwise from the start player).

Public / private (what a strategy may read; the engine does not hide anything):

- PUBLIC: the header, the island and landmarks (``ISLAND``, ``LANDMARK_HEX``, ``STATUE_FACING``,
  ``LANDMARK_MASK``, ``CARD_MASK``), ATVs, amulets (``AMULET_AT``, ``AMULETS_HELD``,
  ``AMULET_SUPPLY``), the maps (``MAP_*``: clues, roses, candidates, markers), roses, gold
  holdings ``HELD`` and the face-up discard ``GOLD_DISCARD`` (A23: every taken card was shown
  when offered; a card all declined and a card lost to a curse were seen too), the face-down
  discard's size ``GOLD_DISCARD_HIDDEN_COUNT``, ``GOLD_DECK_COUNT``, ``CURSES_OUT``, the clue discard (``CLUE_DISCARD*``, played clues and
  exchanged hands go there face up), the share's public part (``SHARE_*`` except the pool
  values, ``POOL_POS`` and the revealed ``POOL[:POOL_POS]``), scores and statistics.
- OWN SEAT ONLY: ``HAND`` / ``HAND_COUNT`` entries of the reading seat (counts are public),
  ``POOL[i]`` for ``i >= POOL_POS`` when ``POOL_SEER[i]`` is the reading seat (R48: cards drawn
  and seen secretly).
- PRIVATE: other hands, ``CLUE_DECK`` order, ``GOLD_DECK`` order and values, unrevealed pool
  cards drawn by others and the extra card (``POOL_SEER`` -1, R49), the values of the face-down
  discard ``GOLD_DISCARD_HIDDEN`` (pool cards discarded unturned, R53 / R54, unrevealed curses
  among them; the whole discard once R64 shuffled it), the deal stream.
"""

from simulator.games.tobago.components import (
    MAX_CLUES, MAX_GOLD, MAX_HAND_SIZE, MAX_ROSES, MAX_TREASURE_CARDS, N_HUTS, N_LANDMARKS, N_MAPS, N_PALMS,
)
from simulator.games.tobago.island import MAX_HEXES, N_WORDS

MAX_PLAYERS = 4
MAX_HAND = MAX_HAND_SIZE
FIRST_PALM = N_HUTS  # LANDMARK_HEX slots: huts 0..3, palm trees 4..6, statues 7..9 (the box's counts are the capacities)
FIRST_STATUE = N_HUTS + N_PALMS
MAX_MAP_CLUES = MAX_CLUES + 1  # every clue card plus the raiser's rose
MAX_POOL = MAX_PLAYERS * (MAX_ROSES + 1) + 2  # roses on one map (at most 15 per player + the raiser's) + the extra card
MAX_OPTIONS = 128
"""Most options of a decision: ``atv_start`` offers every island hex (<= 104)."""
MAX_CHECKPOINTS = 64
"""Score checkpoints: one per share and the end (41 cards by default -> fewer than 41 shares; past 64
checkpoints, with a designer's larger deck, the later ones are not recorded)."""

_offset = 0


def _block(size: int) -> int:
    global _offset
    start = _offset
    _offset += size
    return start


# ---- header (public) ----
PLAYERS = _block(1)
ISLAND = _block(1)  # island index into island.ISLAND_IDS
N_HEX = _block(1)
DECK = _block(1)  # clue deck: 0 the default file, 1 clue-deck-b, 2 clue-deck-c, 3 a designer's own
SPLIT = _block(1)  # gold split: 0 flat (default file), 1 bell, 2 low, 3 a designer's own
HAND_LIMIT = _block(1)  # clue cards per hand (R8: setting hand_size, 4, 6 at 2 players)
START_PLAYER = _block(1)
ACTIVE = _block(1)  # seat whose turn it is
TURNS = _block(1)  # turns started (the game length)
LOG_COUNT = _block(1)
GAME_ENDING = _block(1)  # 1 once the gold deck ran out during a share (R63)
CAPPED = _block(1)  # 1 when the turn cap stopped the game (no rule ends it: nobody is ranked)
TREASURES_RAISED = _block(1)
CURSES_SEEN = _block(1)
REFILLS = _block(1)  # gold cards taken from the discard to complete the last share (R64)

# ---- landmarks (public) ----
LANDMARK_HEX = _block(N_LANDMARKS)  # huts 0..3, palm trees 4..6, statues 7..9; -1: a slot left empty (settings huts, palm_trees, statues)
STATUE_FACING = _block(3)  # direction index, island.DIRECTIONS (clockwise from N)
LANDMARK_MASK = _block(3 * 3 * N_WORDS)  # [(kind * 3 + relation) * N_WORDS + word], kind 0 hut 1 palm 2 statue
CARD_MASK = _block(MAX_CLUES * N_WORDS)  # hexes matching each clue card on this island and placement

# ---- clue cards ----
CLUE_DECK = _block(MAX_CLUES)  # face-down deck, top = CLUE_DECK[CLUE_DECK_COUNT - 1] (private)
CLUE_DECK_COUNT = _block(1)
CLUE_DISCARD = _block(MAX_CLUES)
CLUE_DISCARD_COUNT = _block(1)
HAND = _block(MAX_PLAYERS * MAX_HAND)  # [seat * MAX_HAND + slot] card, -1 empty (own seat only)
HAND_COUNT = _block(MAX_PLAYERS)

# ---- treasure maps (public) ----
MAP_LEN = _block(N_MAPS)  # clue cards on the map
MAP_CARD = _block(N_MAPS * MAX_MAP_CLUES)  # [map * MAX_MAP_CLUES + i] clue card, -1 for the raiser's rose
MAP_ROSE = _block(N_MAPS * MAX_MAP_CLUES)  # owner seat of the rose at position i, -1 none (taken a share)
MAP_CAND = _block(N_MAPS * N_WORDS)  # hexes where the treasure can still be
MAP_REMOVED = _block(N_MAPS * N_WORDS)  # hexes removed by amulets (A10)
MAP_MARKERS = _block(N_MAPS)  # markers on the board (0 while more than the threshold match)
MAP_MARKERS_DOWN = _block(N_MAPS)  # 1 once the markers are down (R16)

# ---- players ----
ROSES = _block(MAX_PLAYERS)  # compass roses in the supply
ATV_HEX = _block(MAX_PLAYERS)
AMULETS_HELD = _block(MAX_PLAYERS)
HELD = _block(MAX_PLAYERS * 7)  # [seat * 7 + value] gold cards of that value held (values 1..6)

# ---- amulets ----
AMULET_AT = _block(MAX_HEXES)  # 1 when an amulet lies on the hex
AMULET_SUPPLY = _block(1)
AMULETS_OUT = _block(1)  # spent amulets out of the game (variant amulets-spent-removed)

# ---- gold deck ----
GOLD_DECK = _block(MAX_TREASURE_CARDS)  # values, 0 = curse; top = GOLD_DECK[GOLD_DECK_COUNT - 1] (private)
GOLD_DECK_COUNT = _block(1)
GOLD_DISCARD = _block(7)  # [value] face-up discard: cards seen by all (curses only under curse-reshuffled)
GOLD_DISCARD_HIDDEN = _block(7)  # [value] face-down discard: pool cards never turned up (R53 / R54) (private)
GOLD_DISCARD_HIDDEN_COUNT = _block(1)  # its size (public)
CURSES_OUT = _block(1)

# ---- the share in progress ----
SHARE_MAP = _block(1)  # -1 none
SHARE_RAISER = _block(1)
SHARE_LAST_TAKER = _block(1)
POOL = _block(MAX_POOL)  # gold values in offer order
POOL_SEER = _block(MAX_POOL)  # seat that drew and saw the card (R48), -1 the extra card (R49)
POOL_COUNT = _block(1)
POOL_POS = _block(1)  # cards turned up so far (POOL[POOL_POS - 1] is the card on offer)
OFFER_ASKED = _block(1)  # bitmask of seats already asked for the card on offer
OFFER_SEAT = _block(1)  # seat asked now
CURSE_CURSOR = _block(1)  # curse penalties: seats done, from the raiser

# ---- the turn in progress ----
MAIN_USED = _block(1)  # 1 once the turn's action (clue, move, exchange) is done or a raise ended it
EXTRA = _block(1)  # 1 while the clue / move in progress was bought with an amulet
LEGS_USED = _block(1)
RAISE_HEX = _block(1)
RAISE_QUEUE = _block(1)  # bitmask of maps located on RAISE_HEX still to raise (A14)
TURN_PICKS = _block(1)  # amulets picked up during this turn's legs (R33)
TURN_RAISED = _block(1)  # 1 once a raise at the end of a leg ended this turn's action (R59 / R60)
RAISE_IN_MOVE = _block(1)  # 1 when the raise came at the end of a leg (R27), 0 at the turn start (R28)
NEW_MAP = _block(1)  # the map emptied by the share, waiting for its first clue (R57)
NEW_MAP_SEAT = _block(1)

# ---- statistics (public) ----
SCORE = _block(MAX_PLAYERS)
RANK = _block(MAX_PLAYERS)
STAT_RAISED = _block(MAX_PLAYERS)
STAT_CLUES = _block(MAX_PLAYERS)
STAT_ROSES_PAID = _block(MAX_PLAYERS)  # shares received (roses removed by taking a card)
STAT_AMULETS_PICKED = _block(MAX_PLAYERS)
STAT_AMULETS_USED = _block(MAX_PLAYERS)
STAT_CURSE_LOSS = _block(MAX_PLAYERS)  # coins lost to curses
STAT_WARDED = _block(MAX_PLAYERS)
STAT_DECLINED = _block(MAX_PLAYERS)
STAT_MOVES = _block(MAX_PLAYERS)
STAT_EXCHANGES = _block(MAX_PLAYERS)
AMULET_USES = _block(5)  # [use]: 0 extra clue, 1 extra move, 2 remove cube, 3 exchange, 4 ward a curse

# ---- codes ----
# turn_action options
ACTION_CLUE = 0
ACTION_MOVE = 1
ACTION_EXCHANGE = 2
ACTION_AMULET_CLUE = 3
ACTION_AMULET_MOVE = 4
ACTION_AMULET_REMOVE_CUBE = 5
ACTION_AMULET_EXCHANGE = 6
ACTION_END = 7
ACTION_NAMES = ("clue", "move", "exchange", "amulet: extra clue", "amulet: extra move", "amulet: remove a marker",
                "amulet: exchange cards", "end the turn")  # fmt: skip

LEG_STOP = -1  # leg option: end the move
CLUE_MAP_SHIFT = 3  # clue_play option = slot | map << CLUE_MAP_SHIFT
CUBE_HEX_SHIFT = 2  # cube_remove option = map | hex << CUBE_HEX_SHIFT
SHARE_PASS = 0
SHARE_TAKE = 1
CURSE_GIVE_GOLD = 0
CURSE_GIVE_AMULET = 1
START_RAISE_SKIP = 0  # start_raise options (variant raise-at-start-optional, R28 «il peut s'en emparer»)
START_RAISE_TAKE = 1

USE_CLUE = 0
USE_MOVE = 1
USE_REMOVE_CUBE = 2
USE_EXCHANGE = 3
USE_WARD = 4

# ---- decision kinds (spec 4.5) ----
ATV_START = 0  # options: island hex
INITIAL_MAP = 1  # options: an empty map 0..3
TURN_ACTION = 2  # options: ACTION_*
CLUE_PLAY = 3  # options: slot | map << CLUE_MAP_SHIFT
LEG = 4  # options: destination hex, LEG_STOP after the first leg
CUBE_REMOVE = 5  # options: map | hex << CUBE_HEX_SHIFT
EXCHANGE_CARDS = 6  # options: non-empty subset bitmask of hand slots (variant exchange-any-subset)
SHARE_ACCEPT = 7  # options: SHARE_TAKE, SHARE_PASS
CURSE_RESPONSE = 8  # options: CURSE_GIVE_GOLD, CURSE_GIVE_AMULET
NEW_MAP_CLUE = 9  # options: hand slot
RAISE_ORDER = 10  # options: map index
START_RAISE = 11  # options: START_RAISE_TAKE, START_RAISE_SKIP (variant raise-at-start-optional)

DECISION_KINDS = ("atv_start", "initial_map", "turn_action", "clue_play", "leg", "cube_remove", "exchange_cards",
                  "share_accept", "curse_response", "new_map_clue", "raise_order", "start_raise")  # fmt: skip

# ---- log events: [code, a, b, c, d, e] ----
EV_SETUP = 1  # island, start player, hand size, clue deck, gold split
EV_LANDMARK = 2  # kind (0 hut 1 palm 2 statue), hex, facing (statues, else -1)
EV_ATV_START = 3  # seat, hex
EV_CLUE = 4  # seat, map, card, candidates after, markers after
EV_TURN = 5  # seat, turn number
EV_LEG = 6  # seat, from hex, to hex, leg number, extra (1 when bought with an amulet)
EV_AMULET_PICK = 7  # seat, hex, free (1: at the turn start)
EV_AMULET_USE = 8  # seat, use (USE_*)
EV_RAISE = 9  # seat, map, hex
EV_AMULET_APPEAR = 10  # statue index, hex (-1: none: occupied or supply empty), new facing
EV_POOL = 11  # seat, cards drawn into the pool
EV_OFFER = 12  # seat, value, took (1) / passed (0)
EV_DISCARD_CARD = 13  # value (a card nobody took)
EV_CURSE = 14  # raiser, map
EV_CURSE_PAY = 15  # seat, value lost (0: warded with an amulet, -1: nothing to lose)
EV_SHARE_END = 16  # map, cards discarded unseen
EV_EXCHANGE = 17  # seat, cards exchanged, amulet (1)
EV_CUBE = 18  # seat, map, hex
EV_LOCATED = 19  # map, hex
EV_FINAL = 20  # seat, score, rank
EV_NEW_MAP = 21  # seat, map
EV_GAME_END = 22  # reason (0 gold deck out, 1 turn cap), refills
EV_END_TURN = 23  # seat
EV_STOP = 24  # seat
EV_START_RAISE_SKIP = 25  # seat, hex (variant raise-at-start-optional: the treasures stay)

# ---- variants ----
# The variants that only set numbers (island-N, two-player-hand-4, markers-below-17, gold-values-*,
# clue-deck-*) are presets of rule settings (settings.py).
VARIANTS = {
    "amulets-at-setup": "A1: each statue makes one amulet appear at setup, without turning (default: no amulet on the island at the start).",
    "clue-must-shrink": "A3: a clue must remove at least one possible hex even before markers are down (default: only once markers are down, R19).",
    "amulet-first-coast-hex": "A5: a statue's amulet lands on the first coast hex along its gaze (default: the last island hex before the sea).",
    "statues-turn-anticlockwise": "A7: statues turn 1/6 anticlockwise after emitting (default: clockwise in the board file's orientation).",
    "amulets-spent-removed": "A8: spent amulets leave the game (default: back to the supply).",
    "no-amulet-remove-cube": "A10: the amulet use 'remove a marker' (fan summary only) does not exist.",
    "no-amulet-exchange": "A11: the amulet use 'exchange clue cards' (fan summary only) does not exist.",
    "exchange-any-subset": "A11: an exchange discards any non-empty subset of the hand and draws that many (default: the whole hand).",
    "exchange-pass-only-without-amulet": "A12: passing the turn to exchange is allowed only to a player holding no amulet.",
    "last-rose-must-take": "A19: the last rose holder asked must take a card all others declined (default: nobody must; it is discarded).",
    "curse-reshuffled": "A21: a revealed curse goes to the gold discard (default: out of the game).",
    "initial-clue-any-map": "A24: the opening clues may go on any map, even one already started (default: different maps).",
    "landmarks-all-apart": "A25: every two landmarks, of any kind, are at least 4 hexes apart (default: identical ones only).",
    "random-atv-start": "A27: ATVs start on random hexes (default: each player chooses).",
    "tiebreak-amulets": "A29: ties go to more amulets, then fewer gold cards (default: shared first place).",
    "curse-amulet-without-gold": "A22 former default: a rose holder with no gold card but an amulet must give the amulet to a curse (default: it loses nothing, R41).",
    "raise-at-start-optional": "A13 / R28: an ATV already on a located treasure at its turn start may leave it (default: the raise is automatic).",
    "random-first-player": "Simulator setting for seat-symmetry checks, not a reading: the start player (R9, who places first and plays first) is drawn at random (default: seat 1).",
    "curses-anywhere": "Design: the 2 curses are shuffled into the whole gold deck (no 12-card safe top, R4).",
}

FLAG_AMULETS_AT_SETUP = 0
FLAG_CLUE_MUST_SHRINK = 1
FLAG_AMULET_FIRST_COAST = 2
FLAG_STATUES_ANTICLOCKWISE = 3
FLAG_AMULETS_SPENT_REMOVED = 4
FLAG_NO_REMOVE_CUBE = 5
FLAG_NO_AMULET_EXCHANGE = 6
FLAG_EXCHANGE_SUBSET = 7
FLAG_EXCHANGE_PASS_ONLY_WITHOUT = 8
FLAG_LAST_ROSE_MUST_TAKE = 9
FLAG_CURSE_RESHUFFLED = 10
FLAG_INITIAL_ANY_MAP = 11
FLAG_LANDMARKS_ALL_APART = 12
FLAG_RANDOM_ATV_START = 13
FLAG_TIEBREAK_AMULETS = 14
FLAG_CURSES_ANYWHERE = 15
FLAG_CURSE_AMULET_WITHOUT_GOLD = 16
FLAG_RAISE_AT_START_OPTIONAL = 17
FLAG_RANDOM_FIRST_PLAYER = 18
FLAG_GOLD_SPLIT = 19  # which gold file: 0 flat, 1 bell, 2 low, 3 a designer's own (narration)
FLAG_CLUE_DECK = 20  # which clue file: 0 default, 1 b, 2 c, 3 a designer's own (narration)
FLAG_ISLAND = 21  # setting island - 1: -1 drawn per game, else the island index

# ---- rule settings (settings.py), after the flags in the same vector and in the state's FLAGS
# block: the engine and the strategies read state[FLAGS + RULE_*] (run-time values, no recompile).
RULE_HAND_SIZE = 22  # R8: clue cards per hand at this player count
RULE_AMULETS = 23  # R10: amulets in the game
RULE_ROSES = 24  # R1: compass roses per player (at most MAX_ROSES)
RULE_MARKERS = 25  # R16 / A2: markers per map: they go down once this many hexes or fewer match
RULE_LEGS = 26  # R24: legs of one move
RULE_TURN_CAP = 27  # simulator guard: turns before a game is stopped (no rule)
RULE_CURSES = 28  # R4: curse cards (at most MAX_CURSES)
RULE_CURSE_FREE_TOP = 29  # R4: gold cards on top of the deck with no curse among them
RULE_SPACING = 30  # R3 / A25: least distance between two identical landmarks
RULE_SIGHT = 31  # R22: 'in sight of' reaches this many hexes
RULE_N_CLUES = 32  # clue cards in the deck (rows of the clue file)
RULE_N_GOLD = 33  # gold cards in the deck (sum of the gold file's counts)
RULE_GOLD_COINS = 34  # coins on all gold cards
RULE_HUTS = 35  # R3: huts on the island (at most N_HUTS, their slots of LANDMARK_HEX)
RULE_PALMS = 36  # R3: palm trees (at most N_PALMS)
RULE_STATUES = 37  # R3 / R30: statues (at most N_STATUES)
RULE_START_AMULETS = 38  # [engine seat] amulets each seat takes from the supply at setup (seatK_start_amulets)
RULE_EXTRA_CARDS = RULE_START_AMULETS + MAX_PLAYERS  # [engine seat] clue cards beyond hand_size (seatK_extra_cards)
RULE_GOLD_COUNT = RULE_EXTRA_CARDS + MAX_PLAYERS  # [value 0..MAX_GOLD] gold cards of that value
RULE_CLUE_CARDS = RULE_GOLD_COUNT + MAX_GOLD + 1  # [card * 4 + k]: relation, negated, feature, largest
N_FLAGS = RULE_CLUE_CARDS + MAX_CLUES * 4

# ---- rule firing counters (docs/engine-contract.md "What the engine records") ----
RULE_IDS = tuple(f"R{k}" for k in range(1, 66)) + (
    "variant:amulets-at-setup", "variant:last-rose-must-take", "variant:curse-reshuffled",
    "variant:random-atv-start", "variant:tiebreak-amulets", "variant:exchange-any-subset", "turn-cap",
    "variant:curse-amulet-without-gold", "variant:raise-at-start-optional", "variant:random-first-player",
)  # fmt: skip
N_COUNTERS = len(RULE_IDS)
COUNTERS = _block(N_COUNTERS)


R_BASE = COUNTERS - 1
"""``state[R_BASE + k]`` counts rule Rk (k = 1..65)."""


FIRED_AMULETS_AT_SETUP = COUNTERS + 65
FIRED_LAST_ROSE_MUST_TAKE = COUNTERS + 66
FIRED_CURSE_RESHUFFLED = COUNTERS + 67
FIRED_RANDOM_ATV_START = COUNTERS + 68
FIRED_TIEBREAK_AMULETS = COUNTERS + 69
FIRED_EXCHANGE_SUBSET = COUNTERS + 70
FIRED_TURN_CAP = COUNTERS + 71
FIRED_CURSE_AMULET_WITHOUT_GOLD = COUNTERS + 72  # an amulet given by a holder without gold
FIRED_START_RAISE_SKIPPED = COUNTERS + 73  # a treasure left under the ATV at the turn start
FIRED_RANDOM_FIRST_PLAYER = COUNTERS + 74  # the start player was drawn at random

# ---- score trajectories: checkpoint = after each share, and the end ----
TRAJECTORY = _block(1 + MAX_CHECKPOINTS * MAX_PLAYERS)

# ---- forward model: where the game stands (engine.py); not for strategies ----
STEP = _block(1)
CURSOR = _block(1)  # setup: players done
DEBUG_CHECKS = _block(1)
DEAL_STREAM = _block(1)  # the deal stream's SplitMix64 state (uint64 bits)
FLAGS = _block(N_FLAGS)
PENDING_SEAT = _block(1)
PENDING_KIND = _block(1)
PENDING_COUNT = _block(1)
OPTIONS = _block(MAX_OPTIONS)
SCRATCH = _block(128)

STATE_SIZE = _offset

STEP_ATV_START = 0  # decision ATV_START of setup seat START_PLAYER + CURSOR (clockwise)
STEP_INITIAL_MAP = 1  # decision INITIAL_MAP of setup seat START_PLAYER + CURSOR
STEP_TURN_START = 2
STEP_TURN_ACTION = 3
STEP_CLUE_PLAY = 4
STEP_LEG = 5
STEP_CUBE_REMOVE = 6
STEP_EXCHANGE_CARDS = 7
STEP_RAISE = 8  # raise the next map of RAISE_QUEUE (RAISE_ORDER when several)
STEP_SHARE_NEXT = 9  # turn up the next pool card, or end the share
STEP_SHARE_OFFER = 10  # ask the next rose holder (SHARE_ACCEPT)
STEP_CURSE = 11  # the next curse penalty (CURSE_RESPONSE when a choice)
STEP_SHARE_END = 12
STEP_NEW_MAP_CLUE = 13
STEP_AFTER_RAISES = 14
STEP_GAME_END = 15
STEP_GAME_OVER = 16
STEP_START_RAISE = 17  # variant raise-at-start-optional: START_RAISE of the active seat

DECISION_STEPS = (STEP_ATV_START, STEP_INITIAL_MAP, STEP_TURN_ACTION, STEP_CLUE_PLAY, STEP_LEG, STEP_CUBE_REMOVE,
                  STEP_EXCHANGE_CARDS, STEP_RAISE, STEP_SHARE_OFFER, STEP_CURSE, STEP_NEW_MAP_CLUE, STEP_START_RAISE)  # fmt: skip
