"""Loot Island: the layout of the one ``int64`` state vector, decision kinds, log codes, variants.

Everything the engine knows of a game lives in one ``int64[:]`` vector ``state`` whose slots are
named below (offsets).  A second ``int64[:]`` vector ``tables`` holds the component tables
(map cards, treasures, small islands, healers, player-count setup) built once per process by
``tables.engine_tables``; a copy of the public part of ``tables`` is also written into ``state``
(``S_INFO_*``) so that strategies, which only receive ``state``, can read card data.

Names used across the engine: ``game_log`` (the ``int64[LOG_CAP, 6]`` log, see ``L_*``),
``deal_stream`` (the random stream of the deal), ``strategies`` / ``params`` / ``streams`` (the
lineup's functions, parameter rows and random streams, one per seat), ``options`` (the one
preallocated options buffer, ``OPT_CAP`` entries; an ``action`` decision with more options gets
a larger array of its own), ``buffer`` (integer scratch, ``BUFFER_CAP`` entries),
``treasure_table`` / ``scoring_table`` / ``healer_table`` (the scoring helper's tables).

Constant prefixes: ``S_`` state slot, ``T_`` tables slot, ``MC_`` map-card column, ``TR_`` treasure
column, ``TT_`` treasure type, ``PW_`` small-island power, ``EV_`` event, ``PH_`` phase, ``D_``
decision kind, ``A_`` action type, ``L_`` log record code, ``R_`` reason of a cube change,
``V_`` variant flag, ``ELIM_`` elimination reason.

Owners.  Slots indexed by "owner" have ``N_OWNERS = 6`` entries: seats ``0..P-1`` are the
players (clockwise), owner ``AARON = 5`` is the 2-player dummy (only used when ``P == 2``).

Public / private slots (fair play is the strategy's duty):

- public: everything except the slots listed as private below.
- private to a seat: ``S_HAND + owner * HAND_CAP`` (its own hand; Aaron's hand is public),
  ``S_HEAL_HAND`` (variant ``two-healers``: its own two healers).
- hidden to everybody: ``S_MAP_DECK``, ``S_TDECK`` (deck orders), ``S_EV_ORDER`` beyond the
  current round (unless variant ``events-revealed``: then the set, not the order, is public),
  ``S_HEAL_POOL`` until the end (unless variant ``healers-revealed``).
"""

from simulator.games.loot.components import (
    N_HEALER_COLUMNS, N_SCORING_ROWS, N_TREASURE_COLUMNS, SCALAR_CUBES_PER_AMULET, SCALAR_DISCARD_TREASURE_CUBES,
    SCALAR_ELIMINATION_CUBES, SCALAR_FIRST_PLAYER_BONUS, SCORING_CROWN_LADDER, SCORING_JEWEL_SET_BONUS, SCORING_SCALARS,
    SCORING_SKULL_SET_BONUS,
)

N_OWNERS = 6
AARON = 5
MAX_PLAYERS = 5
N_MAP = 88
N_TREASURES = 74
N_ISLANDS = 7
N_HEALERS = 14
N_EVENTS = 18
N_LANDINGS = 8
N_COASTS = 4
HAND_CAP = 48
LAND_CAP = 24
REVEAL_CAP = 24
OPT_CAP = 4096  # options buffer; more than any decision seen in normal play (see docs/games/loot.md)
BUFFER_CAP = 512  # integer scratch ``buffer`` (actions.py lays out what it holds)
MAX_OPTIONS = 1 << 17  # the most options of one decision the forward model hands out (ForwardModel.max_options)
LOG_CAP = 8192
ROUNDS = 5  # capacity: the most rounds (setting rounds, T_ROUNDS, plays 1..ROUNDS)
SCORING_WIDTH = 5  # columns of the scoring table: crown ladder positions 1-5, set sizes / kinds up to 4

EVENT_CODES_TUPLE = ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12",
                     "B13", "B14")

# --------------------------------------------------------------------------- rule counters
# Rule firing counters, in this order from S_COUNTERS (ids: a short name of the rulebook section the
# rules code cites, then every event card by code, every small island tile, every variant branch).
RULE_SECTIONS = (
    ("prep-discard", "Phase 1: a card discarded before refilling the hand"),
    ("map-reshuffle", "map deck empty: the discard pile shuffled into a new deck"),
    ("treasure-reshuffle", "treasure deck empty: the discard pile shuffled into a new deck"),
    ("treasure-exhausted", "no treasure left to reveal: the game goes to the end"),
    ("pass", "a player passes"),
    ("first-player-tile", "the first to pass takes the First Player tile"),
    ("play", "cards played on the Main Island"),
    ("compass-moved", "no compass may come from the supply: one is moved from another landing"),
    ("one-appended", "a 1 played normally: every other player takes a curse cube"),
    ("one-in-front", "a 1 inserted at the front of a landing"),
    ("copy-effect", "a 1 in front copies a discard or draw effect"),
    ("icon-discard", "discard-a-cube icon: the players there discard"),
    ("icon-draw", "draw-a-card icon: the players there draw"),
    ("big-loot", "a Big Loot landing explored"),
    ("small-loot", "a Small Loot landing explored"),
    ("final-loot", "a landing explored in the Final Exploration"),
    ("loot-nobody-there", "treasures revealed on a landing without a compass are discarded"),
    ("keep-treasure", "a treasure kept (its curse cubes taken)"),
    ("discard-treasure", "a treasure discarded (cubes discarded)"),
    ("crossed-cubes", "a kept treasure's crossed cubes discarded"),
    ("aaron-play", "2 players: Aaron's cards played"),
    ("aaron-island", "2 players: a small island used with Aaron's cards"),
    ("aaron-crown", "2 players: Aaron keeps a Crown"),
    ("eliminated-cubes", "a player eliminated with 13 curse cubes or more"),
    ("healer-chosen", "a player chooses a Healer"),
    ("eliminated-healer", "a player eliminated, unable to pay the Healer"),
)
ISLAND_IDS = ("cleansing_spring", "healing_cove", "compass_reef", "scout_rock", "map_islet", "cursed_wreck", "wind_isle")
"""Small island tiles, in the order of data/small_islands.csv (checked by tests/loot/test_spec.py)."""
VARIANT_IDS = (
    "healers-revealed", "two-healers", "events-revealed", "starting-draft", "amulet-counts-itself",
    "crowns-after-healers", "event-in-final", "fixed-ship-start", "aaron-one-spares-actor", "b10-without-small-loot",
    "a3-actor-pays-for-aaron", "no-compass-no-reveal", "b4-tile-holder-moves-aaron",
)
"""Variant names in the order of their flags V_* (index = flag)."""
RULE_IDS = (tuple(rule for rule, _ in RULE_SECTIONS) + EVENT_CODES_TUPLE + tuple(f"island:{name}" for name in ISLAND_IDS)
            + tuple(f"variant:{name}" for name in VARIANT_IDS))
N_RULE_COUNTERS = len(RULE_IDS)
FIRED_EVENT = len(RULE_SECTIONS)  # counter index of event id 0 (A1); event e: FIRED_EVENT + e
FIRED_ISLAND = FIRED_EVENT + 18  # counter index of small island 0
FIRED_VARIANT = FIRED_ISLAND + len(ISLAND_IDS)  # counter index of variant flag 0
MAX_CHECKPOINTS = 7  # after each of the 5 rounds, after the Final Exploration, at the end (final scores)

# --------------------------------------------------------------------------- the rules block T
_offset = 0


def _alloc(size: int) -> int:
    global _offset
    start = _offset
    _offset += size
    return start


# Every number of the rules a run may change (settings.py) and the component tables, resolved at
# the run's player count by ``tables.rules_block``: the flag vector carries it after the variant
# flags, ``new_game`` copies it into the state at S_RULES, and every compiled function (engine,
# strategies, the search's evaluation) reads it there, so a changed value never recompiles.
T_MAP = _alloc(N_MAP * 4)  # map cards: MC_* columns
T_TR = _alloc(N_TREASURES * 8)  # treasures: TR_* columns
T_ISLAND = _alloc(N_ISLANDS * 3)  # small islands: power, amount, min players
T_HEALER = _alloc(N_HEALERS * 2)  # healers: per cube, fixed
T_HAND = _alloc(1)  # R-setup 5: hand size (setting hand_size)
T_THRESH = _alloc(1)  # cards needed for loot (loot_threshold)
T_TIERS = _alloc(4)  # 1 when the treasures of tier t + 1 are in the deck (treasure_tier_N)
T_ISLAND_IN = _alloc(N_ISLANDS)  # 1 when small island i is in the game (small_islands)
T_START_CUBES = _alloc(MAX_PLAYERS)  # curse cubes of each seat at the setup (seatK_start_cubes)
T_START_GOLD = _alloc(MAX_PLAYERS)  # gold of each seat added to its final loot value (seatK_start_gold)
T_START_CARDS = _alloc(MAX_PLAYERS)  # extra Map cards dealt to each seat at the setup (seatK_start_cards)
T_AARON_HAND = _alloc(1)  # 2 players: Aaron's hand (aaron_hand_size)
T_ROUNDS = _alloc(1)  # rounds of the game (rounds; at most ROUNDS)
T_COMPASSES = _alloc(1)  # compasses per player (compasses_per_player)
T_B4_LIMIT = _alloc(1)  # event B4: compasses per player on the Main Island (b4_compass_limit)
T_A1_CARDS = _alloc(1)  # event A1: cards drawn (a1_cards)
T_A1_CUBES = _alloc(1)  # event A1: cubes taken (a1_cubes)
T_A3_CUBES = _alloc(1)  # event A3: cubes taken for using a small island (a3_cubes)
T_B5_FEWER = _alloc(1)  # event B5: cards fewer in the refill (b5_fewer_cards)
T_B6_DISCARD = _alloc(1)  # event B6: cubes a discard icon discards (b6_discard_cubes)
T_B8_CUBES = _alloc(1)  # event B8: cubes the others take when the tile is taken (b8_cubes)
T_B10_DISCARD = _alloc(1)  # event B10: cubes discarded on the Small Loot landing (b10_discard_cubes)
T_SCORING = _alloc(N_SCORING_ROWS * SCORING_WIDTH)  # the scoring table of components.py (row-major)
T_TREASURES = _alloc(N_TREASURES * N_TREASURE_COLUMNS)  # the treasure table of components.py (row-major)
T_HEALERS = _alloc(N_HEALERS * N_HEALER_COLUMNS)  # the healer table of components.py (row-major)
RULES_SIZE = _offset
T_FP_BONUS = T_SCORING + SCORING_SCALARS * SCORING_WIDTH + SCALAR_FIRST_PLAYER_BONUS
T_ELIM_CUBES = T_SCORING + SCORING_SCALARS * SCORING_WIDTH + SCALAR_ELIMINATION_CUBES
T_DISCARD_CUBES = T_SCORING + SCORING_SCALARS * SCORING_WIDTH + SCALAR_DISCARD_TREASURE_CUBES
T_AMULET_CUBES = T_SCORING + SCORING_SCALARS * SCORING_WIDTH + SCALAR_CUBES_PER_AMULET
T_JEWEL_BONUS = T_SCORING + SCORING_JEWEL_SET_BONUS * SCORING_WIDTH  # + set size
T_SKULL_BONUS = T_SCORING + SCORING_SKULL_SET_BONUS * SCORING_WIDTH  # + different kinds
T_CROWN_LADDER = T_SCORING + SCORING_CROWN_LADDER * SCORING_WIDTH  # + position (0 = most crosses)

# --------------------------------------------------------------------------- state layout
_offset = 0
S_PLAYERS = _alloc(1)  # number of players P (2..5)
S_ROUND = _alloc(1)  # 1..5 during play, 6 during the end of the game
S_PHASE = _alloc(1)  # PH_* below
S_SHIP_CORNER = _alloc(1)  # 0..3
S_SHIP_DIR = _alloc(1)  # +1 or -1 (bow direction)
S_FIRST = _alloc(1)  # seat holding the First Player tile
S_EVENT = _alloc(1)  # event id applied this round (-1 none)
S_TURNS = _alloc(1)  # actions taken in Phase 2 over the game (game length)
S_HAND_SIZE = _alloc(1)  # refill size this game (6 or 7)
S_THRESHOLD = _alloc(1)  # cards needed for loot (6/5/4)
S_HAS_AARON = _alloc(1)  # 1 in a 2-player game
S_TILE_TAKEN = _alloc(1)  # 1 once someone passed first this round
S_END_EARLY = _alloc(1)  # 1 when the treasure deck ran out (go to end step 2)
S_MAP_DECK_N = _alloc(1)
S_MAP_DISC_N = _alloc(1)
S_TDECK_N = _alloc(1)
S_TDISC_N = _alloc(1)
S_REVEAL_N = _alloc(1)
S_A2_N = _alloc(1)
S_HEAL_N = _alloc(1)  # healers in the pool
S_EXPLORED = _alloc(1)  # coast explored this round (-1 outside Phase 3)
S_ISLANDS_USED = _alloc(1)  # small islands used over the game
S_ACTOR = _alloc(1)  # seat currently deciding (for strategies)
S_LOG_N = _alloc(1)  # records in the log
S_LOGGING = _alloc(1)  # 1 when the engine logs
S_DEBUG = _alloc(1)  # 1 when invariant checks run
S_LOOT_ROUND = _alloc(ROUNDS)  # landings that produced loot, per round
S_EV_ORDER = _alloc(ROUNDS)  # event id of rounds 1..5
S_VAR = _alloc(16)  # copy of the variant flags
S_CTX_LANDING = _alloc(1)  # landing being resolved (loot / play), for strategies
S_CTX_BIG = _alloc(1)  # 1 big loot, 0 small loot, -1 none
S_MAP_DECK = _alloc(N_MAP)  # top of deck = index n-1
S_MAP_DISC = _alloc(N_MAP)
S_HAND = _alloc(N_OWNERS * HAND_CAP)
S_HAND_N = _alloc(N_OWNERS)
S_LAND = _alloc(N_LANDINGS * LAND_CAP)  # card ids, first card at index 0
S_LAND_N = _alloc(N_LANDINGS)
S_LAND_COLOUR = _alloc(N_LANDINGS)  # -1 when empty
S_LAND_LAST = _alloc(N_LANDINGS)  # effective value of the last card (0 when empty)
S_LAND_EFF = _alloc(N_LANDINGS)  # cards counted for loot ("+1" counts double)
S_LAND_CHESTS = _alloc(N_LANDINGS)
S_COMP = _alloc(N_LANDINGS * N_OWNERS)  # compass stack, bottom at index 0
S_COMP_N = _alloc(N_LANDINGS)
S_SUPPLY = _alloc(N_OWNERS)  # compasses in front of the owner
S_CUBES = _alloc(N_OWNERS)
S_PASSED = _alloc(N_OWNERS)
S_ISLAND_UP = _alloc(N_ISLANDS)  # 1 face up, 0 face down, -1 not in this game
S_TDECK = _alloc(N_TREASURES)  # top = index n-1
S_TDISC = _alloc(N_TREASURES)
S_REVEAL = _alloc(REVEAL_CAP)
S_TOWNER = _alloc(N_TREASURES)  # owner keeping each treasure (-1 none)
S_KEPT_TYPE = _alloc(N_OWNERS * 8)  # kept treasures by type (TT_*), per owner
S_CROSSES = _alloc(N_OWNERS)
S_A2 = _alloc(MAX_PLAYERS)  # treasures revealed by event A2
S_HEAL_POOL = _alloc(2 * MAX_PLAYERS)  # healer ids
S_HEAL_HAND = _alloc(N_OWNERS * 2)  # variant two-healers: the two healers of each seat
S_HEALER = _alloc(N_OWNERS)  # chosen healer (-1 none)
S_ELIM = _alloc(N_OWNERS)  # 0, ELIM_CUBES, ELIM_HEALER
S_GOLD = _alloc(N_OWNERS)  # treasure gold at the end (incl. crown bonus)
S_SCORE = _alloc(N_OWNERS)  # final loot value
# the rules block: every rule setting and component table of the run (layout T_* above), copied
# from the flag vector by new_game (public; never changed during a game, so copy_position skips it)
S_RULES = _alloc(RULES_SIZE)
S_INFO_MAP = S_RULES + T_MAP  # colour, value (0 = joker), joker, icon
S_INFO_TR = S_RULES + T_TR  # TR_* columns
S_INFO_ISLAND = S_RULES + T_ISLAND  # power, amount, min players
S_INFO_HEALER = S_RULES + T_HEALER  # per cube, fixed
# ---- the forward model's position (engine.py): where the game stands between two decisions.
# Appended after the slots above so that strategies read the same slots as before.
S_STEP = _alloc(1)  # ST_* below: the step the game is at
S_CURSOR = _alloc(1)  # position in the current loop (turn-order index, owner, landing...)
S_SEAT = _alloc(1)  # Phase 2: the seat whose turn it is
S_PHASE_TURNS = _alloc(1)  # Phase 2: actions taken this phase (MAX_TURNS guard)
S_PENDING_SEAT = _alloc(1)  # the decision waiting for a choice: seat, kind, option count
S_PENDING_KIND = _alloc(1)
S_PENDING_COUNT = _alloc(1)
S_PENDING_BEYOND_CAP = _alloc(1)  # 1: an ``action`` decision with more than OPT_CAP options (not in S_OPTIONS)
S_DEAL_STREAM = _alloc(1)  # the game's deal stream (a uint64 viewed as int64)
S_RANK = _alloc(N_OWNERS)  # final rank of each seat
S_FINAL_PRODUCED = _alloc(1)  # landings that produced loot in the Final Exploration
S_PLAY_OWNER = _alloc(1)  # a play under way: whose cards, who acts, where, which colour
S_PLAY_ACTOR = _alloc(1)
S_PLAY_LANDING = _alloc(1)
S_PLAY_COLOUR = _alloc(1)
S_PLAY_N = _alloc(1)  # cards of the play
S_PLAY_I = _alloc(1)  # next card to place
S_PLAY_CARDS = _alloc(32)  # the cards, in the order they are placed
S_COMPASS_OWNER = _alloc(1)  # a compass being placed: whose, where, who decides, step after it
S_COMPASS_LANDING = _alloc(1)
S_COMPASS_ACTOR = _alloc(1)
S_COMPASS_NEXT = _alloc(1)
S_ISLAND_OWNER = _alloc(1)  # a small island being used: whose cards, who acts, which, paid colour
S_ISLAND_ACTOR = _alloc(1)
S_ISLAND = _alloc(1)
S_ISLAND_COLOUR = _alloc(1)
S_PAID = _alloc(1)  # cards paid so far
S_ISLAND_POWER_USED = _alloc(1)
S_ISLAND_TREASURE = _alloc(1)  # the treasure revealed by the treasure island
S_PASS_SEAT = _alloc(1)  # the seat passing (event A2's treasure)
S_COAST = _alloc(1)  # Phase 3: the coast explored, its bow landing, its Big Loot landing
S_COAST_SECOND = _alloc(1)  # 1 for event B14's second coast
S_COAST_BOW = _alloc(1)
S_COAST_BIG = _alloc(1)
S_COAST_B10 = _alloc(1)  # 1 when event B10 frees the compasses of the other landing
S_LOOT_PRODUCED = _alloc(1)  # landings that produced loot this Phase 3
S_RESOLVE_LANDING = _alloc(1)  # a landing whose loot is revealed and distributed; step after it
S_RESOLVE_NEXT = _alloc(1)
S_RESOLVE_KIND = _alloc(1)  # LOOT_* (loot.py)
S_RESOLVED = _alloc(1)  # treasures it revealed
S_DISTRIBUTE_TURN = _alloc(1)  # compasses served so far
S_FINAL_START = _alloc(1)  # Final Exploration: first landing
S_HEALER_CHOSEN = _alloc(MAX_PLAYERS)  # variant two-healers: the healer each seat reveals
S_HEALER_ORDER = _alloc(MAX_PLAYERS)  # seats choosing a Healer, in order
S_HEALER_CHOOSING = _alloc(1)
S_EVENT_RULES = _alloc(N_EVENTS)  # --force-event / --exclude-event per event id (EVENT_FORCED, EVENT_EXCLUDED, 0)
# ---- what the engine records (docs/engine-contract.md, "What the engine records"): rule firing
# counters (RULE_IDS below, one slot each) and score trajectories (S_TRAJECTORY: the number of
# checkpoints, then MAX_PLAYERS standings per checkpoint)
S_COUNTERS = _alloc(N_RULE_COUNTERS)
S_TRAJECTORY = _alloc(1 + MAX_CHECKPOINTS * MAX_PLAYERS)
S_BUFFER = _alloc(BUFFER_CAP)  # integer scratch of one step (not position: free between steps)
S_OPTIONS = _alloc(OPT_CAP)  # the pending decision's options
STATE_SIZE = _offset

# the counters' slots (state[FIRED_X] += 1 where rule X takes effect)
(FIRED_PREP_DISCARD, FIRED_MAP_RESHUFFLE, FIRED_TREASURE_RESHUFFLE, FIRED_TREASURE_EXHAUSTED, FIRED_PASS,
 FIRED_FIRST_PLAYER_TILE, FIRED_PLAY, FIRED_COMPASS_MOVED, FIRED_ONE_APPENDED, FIRED_ONE_IN_FRONT, FIRED_COPY_EFFECT,
 FIRED_ICON_DISCARD, FIRED_ICON_DRAW, FIRED_BIG_LOOT, FIRED_SMALL_LOOT, FIRED_FINAL_LOOT, FIRED_LOOT_NOBODY_THERE,
 FIRED_KEEP_TREASURE, FIRED_DISCARD_TREASURE, FIRED_CROSSED_CUBES, FIRED_AARON_PLAY, FIRED_AARON_ISLAND,
 FIRED_AARON_CROWN, FIRED_ELIMINATED_CUBES, FIRED_HEALER_CHOSEN, FIRED_ELIMINATED_HEALER) = (
    S_COUNTERS + i for i in range(len(RULE_SECTIONS)))
S_FIRED_EVENT = S_COUNTERS + FIRED_EVENT  # + event id
S_FIRED_ISLAND = S_COUNTERS + FIRED_ISLAND  # + small island
S_FIRED_VARIANT = S_COUNTERS + FIRED_VARIANT  # + variant flag V_*

# map card columns (T_MAP / S_INFO_MAP, 4 per card)
MC_COLOUR = 0
MC_VALUE = 1
MC_JOKER = 2
MC_ICON = 3
ICON_NONE = 0
ICON_PLUS1 = 1
ICON_DRAW = 2
ICON_DISCARD = 3
ICON_CHEST = 4
ICON_NAMES = ("none", "plus1", "draw", "discard", "chest")
N_COLOURS = 4

# treasure columns (T_TR / S_INFO_TR, 8 per treasure)
TR_TIER = 0
TR_TYPE = 1
TR_GOLD = 2
TR_CURSE = 3
TR_CROSSES = 4
TR_BOOK = 5
TR_CROSSED = 6
TR_REF = 7
TT_AMULET = 0
TT_COIN = 1
TT_BOOK = 2
TT_JEWEL = 3
TT_CROWN = 4
TT_SKULL_R = 5
TT_SKULL_L = 6
TT_SKULL_F = 7
TREASURE_TYPE_NAMES = ("amulet", "coin_sack", "book", "jewel", "crown", "skull_R", "skull_L", "skull_F")

# small island powers
PW_DISCARD = 0
PW_BOTTOM = 1
PW_PLACE = 2
PW_DRAW = 3
PW_TREASURE = 4
PW_SHIP = 5
POWER_NAMES = ("discard_cubes", "compass_to_bottom", "place_compass", "draw_cards", "curse_treasure", "move_ship")

# events (ids = rows of data/events.csv)
EV_A1, EV_A2, EV_A3, EV_A4 = 0, 1, 2, 3
EV_B1, EV_B2, EV_B3, EV_B4, EV_B5, EV_B6, EV_B7 = 4, 5, 6, 7, 8, 9, 10
EV_B8, EV_B9, EV_B10, EV_B11, EV_B12, EV_B13, EV_B14 = 11, 12, 13, 14, 15, 16, 17
EVENT_CODES = EVENT_CODES_TUPLE
N_A_EVENTS = 4  # ids 0..3 are the A events, ids 4..17 the B events (N_EVENTS in all)
N_B_EVENTS = N_EVENTS - N_A_EVENTS

# phases
PH_SETUP = 0
PH_PREPARATION = 1
PH_ACTIONS = 2
PH_LOOT = 3
PH_FINAL = 4
PH_OVER = 5

ELIM_CUBES = 1
ELIM_HEALER = 2

# ---------------------------------------------------------------------- decision kinds
D_ACTION = 0  # Phase 2 turn; options = action codes (see below)
D_PAY_CARD = 1  # which card to discard when paying a Small Island; options = card ids
D_ISLAND_TARGET = 2  # landing for the compass islands; options = landing or -1 (do not use the power)
D_ISLAND_USE = 3  # use an optional power (treasure island, ship island); options 0 no / 1 yes
D_COMPASS_SOURCE = 4  # no compass left: landing to take one from; options = landings
D_COPY_EFFECT = 5  # a 1 inserted at the front copies an effect; options 0 none / 1 discard / 2 draw
D_TAKE_TREASURE = 6  # options = treasure * 2 + keep (1 keep, 0 discard)
D_PREP_DISCARD = 7  # Preparation: discard one more card; options -1 stop, else card id
D_A1_DRAW = 8  # event A1: options 0 no / 1 draw 2 cards and take 2 cubes
D_B4_RETURN = 9  # event B4: landing whose compass goes back; options = landings
D_HEALER = 10  # options = healer ids
D_HEALER_REVEAL = 11  # variant two-healers: healer to reveal; options = healer ids
D_DRAFT_DISCARD = 12  # variant starting-draft: discard one card; options = card ids
D_A2_TAKE = 13  # event A2 on passing: options = treasure ids (always kept)
D_B4_RETURN_AARON = 14  # variant b4-tile-holder-moves-aaron: which of Aaron's compasses goes back; options = landings
DECISION_KINDS = (
    "action",
    "pay_card",
    "island_target",
    "island_use",
    "compass_source",
    "copy_effect",
    "take_treasure",
    "prep_discard",
    "a1_draw",
    "b4_return",
    "healer",
    "healer_reveal",
    "draft_discard",
    "a2_take",
    "b4_return_aaron",
)

# action codes (decision D_ACTION): bits 0-2 type, 3-5 landing or island, 6-7 colour; for a play
# (A_PLAY, A_AARON_PLAY) the bits from PLAY_MASK_SHIFT up are the cards played: bit i set = the card
# in hand slot i of the owner (S_HAND + owner * HAND_CAP + i; Aaron's hand for A_AARON_PLAY).
# Every distinct legal play is offered once (cards of the same kind, i.e. same value or Joker and
# same icon, are interchangeable; the lowest card ids stand for their kind).
PLAY_MASK_SHIFT = 8
assert PLAY_MASK_SHIFT + HAND_CAP <= 63, "the hand-slot mask of a play must fit in an int64 action code"
A_PASS = 0
A_PLAY = 1
A_ISLAND = 2
A_AARON_PLAY = 3
A_AARON_ISLAND = 4

# ---------------------------------------------------------------------- log event codes
# each record: [code, a, b, c, d, e]
L_ROUND = 1  # round, ship corner, ship dir, explored coast
L_EVENT = 2  # event id
L_SHIP = 3  # corner, dir, reason (0 prep, 1 event B1, 2 island, 3 event B2)
L_PLAY = 4  # owner, landing, card, placed at front (1) / end (0), acting seat
L_COMPASS = 5  # owner, landing, from landing (-1 supply), position (-2 returned)
L_ISLAND = 6  # owner, island, power used (0/1), acting seat
L_PASS = 7  # seat, took the tile (1/0)
L_CUBES = 8  # owner, delta, new total, reason
L_DRAW = 9  # owner, number drawn
L_LOOT = 10  # landing, kind (1 big, 0 small, 2 final), revealed, effective cards
L_TAKE = 11  # owner, treasure, kept (1/0)
L_UPKEEP = 12  # coast
L_ELIM = 13  # seat, reason
L_HEALER = 14  # seat, healer, cost
L_FINAL = 15  # seat, score, rank, gold
L_PREP_DISCARD = 16  # owner, card
L_ISLAND_FLIP = 17  # island (event B3)
L_NO_TREASURE = 18  # treasure deck exhausted
L_A1 = 19  # seat
L_A2 = 20  # seat, treasure
L_B4 = 21  # owner, landing
L_COPY = 22  # owner, effect (1 discard, 2 draw)
L_HEALER_REVEAL = 23  # seat, healer (variant two-healers: the one of their two it reveals)

# cube-change reasons (L_CUBES)
R_KEEP = 1
R_DISCARD_TREASURE = 2
R_ICON = 3
R_ONE = 4
R_ISLAND = 5
R_EVENT = 6
R_CROSSED = 7
R_COPY = 8

# ---------------------------------------------------------------------- forward-model steps (S_STEP)
# A decision step waits for a choice; the others are carried out by the engine without asking.
ST_DRAFT = 1  # decision draft_discard: setup, variant starting-draft (S_CURSOR: turn-order index)
ST_ROUND_ONE = 2  # round 1 begins: the A event
ST_EVENT = 3  # the round's event is revealed and its immediate effect applied
ST_A1 = 4  # decision a1_draw (S_CURSOR: turn-order index)
ST_EVENT_DONE = 5
ST_SETUP_DONE = 6
ST_ROUND_START = 7  # PHASE 1 of rounds 2-5
ST_REFILL = 8  # decision prep_discard (S_CURSOR: turn-order index)
ST_ACTIONS_START = 9  # PHASE 2
ST_B4 = 10  # decision b4_return / b4_return_aaron (S_CURSOR: owner)
ST_TURN = 11  # decision action (S_SEAT)
ST_COMPASS = 12  # a compass to place (S_COMPASS_*); decision compass_source
ST_PLAY_CARD = 13  # the next card of a play (S_PLAY_*)
ST_COPY_EFFECT = 14  # decision copy_effect
ST_PAY = 15  # decision pay_card (S_ISLAND_*)
ST_ISLAND_POWER = 16
ST_ISLAND_TARGET = 17  # decision island_target
ST_ISLAND_USE = 18  # decision island_use
ST_ISLAND_TREASURE = 19  # decision take_treasure (treasure island; S_REVEAL[0])
ST_ISLAND_END = 20
ST_A2_TAKE = 21  # decision a2_take (S_PASS_SEAT)
ST_ACTION_DONE = 22
ST_ACTIONS_DONE = 23
ST_LOOT_START = 24  # PHASE 3
ST_COAST = 25  # a coast explored (S_COAST)
ST_RESOLVE = 26  # a landing's loot revealed (S_RESOLVE_*)
ST_DISTRIBUTE = 27  # decision take_treasure (S_DISTRIBUTE_TURN)
ST_COAST_SMALL = 28
ST_COAST_B10 = 29
ST_COAST_UPKEEP = 30
ST_LOOT_DONE = 31
ST_FINAL = 32  # END step 1: Final Exploration
ST_FINAL_LANDING = 33  # (S_CURSOR: landing index from the bow)
ST_FINAL_AFTER = 34
ST_FINAL_DONE = 35
ST_END_SCORING = 36  # END steps 2-4
ST_HEALER_REVEAL = 37  # decision healer_reveal (S_CURSOR: turn-order index)
ST_HEALER_ORDER = 38
ST_HEALER = 39  # decision healer (S_CURSOR: index in S_HEALER_ORDER)
ST_END_FINISH = 40
ST_GAME_OVER = 41
ST_NONE = -1  # no stop step

# ---------------------------------------------------------------------- variant flags
V_HEALERS_REVEALED = 0
V_TWO_HEALERS = 1
V_EVENTS_REVEALED = 2
V_STARTING_DRAFT = 3
V_AMULET_COUNTS_ITSELF = 4
V_CROWNS_AFTER_HEALERS = 5
V_EVENT_IN_FINAL = 6
V_FIXED_SHIP_START = 7
V_AARON_ONE_SPARES_ACTOR = 8
V_B10_WITHOUT_SMALL_LOOT = 9
V_A3_ACTOR_PAYS_FOR_AARON = 10
V_NO_COMPASS_NO_REVEAL = 11
V_B4_TILE_HOLDER_MOVES_AARON = 12
N_VARIANT_FLAGS = 16

# ---------------------------------------------------------------------- event rules
# --force-event / --exclude-event: the flag vector may carry N_EVENTS more slots after the
# variant flags and the rules block, one per event id (setup reads them; they are not copied into the state)
EVENT_RULES_OFFSET = N_VARIANT_FLAGS + RULES_SIZE
RULES_OFFSET = N_VARIANT_FLAGS  # the rules block (RULES_SIZE slots) follows the variant flags
EVENT_FORCED = 1
EVENT_EXCLUDED = -1
