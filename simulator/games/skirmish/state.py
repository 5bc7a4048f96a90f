"""Skirmish state layout: one ``int64`` vector, named offsets, decision kinds, log events, variants.

Every constant is a plain module-level int, so numba folds it at compile time.  Per-seat blocks
hold ``MAX_PLAYERS`` (4) entries indexed by engine seat 0..3 (clockwise; users read 1..4).

Nodes: a square is ``row * cols + col`` (0..MAX_SQUARES-1); the boat of seat ``s`` is the node
``BOAT_NODE + s`` (an off-board node adjacent only to its Anchor square, R20).

Public / private (what a strategy may read; the engine hides nothing, fair play is the
strategy's duty):

- PUBLIC: the header, the board block, ``SQ_CHAR``, ``SQ_BOMB``, ``SQ_LOOT_*``, whether a square
  holds an unopened chest (``SQ_CHEST[sq] != NO_CHEST``, not its content), the characters,
  bombs, boats, ``GEMS`` / ``AMMO`` (face up in the boats), ``HAND_COUNT``, ``DRAW_COUNT``,
  ``PLAYED`` / ``PLAYED_COUNT`` (the played pile is face up), the statistics, the turn block.
- PRIVATE: ``SQ_CHEST`` contents (nobody knows them), ``HAND`` of other seats, ``DRAW`` (the
  order of the draw pile), ``GIFT_*`` scratch of other seats, ``DEAL_STREAM``.
"""

MAX_PLAYERS = 4
MAX_ROWS = 12
MAX_COLS = 12
MAX_SQUARES = MAX_ROWS * MAX_COLS
BOAT_NODE = MAX_SQUARES  # node of seat s's boat: BOAT_NODE + s
N_NODES = MAX_SQUARES + MAX_PLAYERS
MAX_ANCHORS = 16
N_CHARACTERS = 17  # 4 teams of 4 + Bobby
BOBBY = 16
CHARACTERS_PER_TEAM = 4
N_BOMBS = 3
N_CHEST_TILES = 22
DECK_SIZE = 120
"""Capacity of the draw and played piles: the deck of a run (80 cards by default, settings
``move_N_cards`` and ``<card>_cards``) holds at most this many cards."""
MAX_HAND_SIZE = 12
"""Largest ``hand_size`` setting (R6/R14: 6 by default)."""
MAX_ROUND_CAP = 1000
DEFAULT_ROUND_CAP = 200
MAX_OPTIONS = 1200
"""Most options of a decision: move_destination offers each node with each carried-bomb subset
(145 nodes x 8 subsets at worst)."""

# ---- card kinds (a hand is a count per kind) ----
N_CARD_KINDS = 16
MOVE_1 = 0  # Movement cards: kind = value - 1 (0..6)
PISTOL = 7
PADLOCK = 8
HAMMER = 9
SHIELD = 10
TREASURE_CHEST = 11
POISONED_GIFT = 12
FLYING_BOMB = 13
POTION = 14
BOAT_CARD = 15

TYPE_MOVEMENT = 0
TYPE_ATTACK = 1
TYPE_DEFENCE = 2
TYPE_BONUS = 3

# ---- square kinds (board) ----
SEA = 0
LAND = 1
OBSTACLE = 2
ANCHOR = 3

# ---- chest contents ----
NO_CHEST = -1
CHEST_GEM = 0
CHEST_AMMO = 1
CHEST_BOBBY = 2
CHEST_TRAP = 3
CHEST_BOMB = 4
CHEST_KINDS = ("gem", "ammunition", "Bobby", "trapped chest", "bomb")

# ---- character locations besides a node ----
LOC_DEAD = -1  # removed from the game
LOC_UNFREED = -2  # Bobby, still in his chest

BOMB_IN_CHEST = -1
BOMB_REMOVED = -2
BOMB_CARRIED = -3  # picked up by the moving character, to be dropped at the end of the move

_offset = 0


def _block(size: int) -> int:
    global _offset
    start = _offset
    _offset += size
    return start


# ---- variant flags (the first N_FLAGS entries of the engine's flag vector) ----
FLAG_ORTHOGONAL_MOVES = 0  # A1 move-orthogonal
FLAG_MOVE_UP_TO = 1  # A2 move-up-to
FLAG_NO_REVISIT = 2  # A3 move-no-revisit
FLAG_ADJACENCY_ORTHOGONAL = 3  # A5 adjacency-orthogonal
FLAG_CARRY_MANDATORY = 4  # A9 carry-mandatory
FLAG_PLACEMENT_BLOCKED_STAYS = 5  # A11
FLAG_FLYING_BOMB_NO_BOAT = 6  # A14
FLAG_SHIELD_AMMO_LOST = 7  # A16
FLAG_PASS_DISCARD_ANY = 8  # A20
FLAG_GIFT_DRAW_AFTER = 9  # A23
FLAG_DROPPED_LOOT_LOST = 10  # A28
FLAG_CHOOSE_START_ANCHOR = 11  # A30
FLAG_RANDOM_FIRST_PLAYER = 12  # A31
FLAG_GEMS_TO_WIN = 13  # R11/R50 setting gems_to_win (R51 presets gems-to-win-N; default 5)
FLAG_ROUND_CAP = 14  # simulator setting round_cap (variant round-cap=N; default 200)
FLAG_GEMS_TO_WIN_CHANGED = 15  # 1: gems_to_win differs from the rulebook's 5 (R51 counter)
FLAG_CHEST_COUNTS = 16  # 5 entries, CHEST_* order: gems, ammo, Bobby, traps, bombs (settings chest_*)
FLAG_MOVEMENT_COUNTS = 21  # 7 entries: Movement cards of value 1..7 (settings move_N_cards)
FLAG_CARD_COUNTS = 28  # 9 entries: copies of kinds PISTOL..BOAT_CARD (settings <card>_cards)
FLAG_REMOVED_KINDS = 37  # bit per card kind taken out after the shuffle (no-<card> variants)
FLAG_HAND_SIZE = 38  # R6/R14/R42 setting hand_size (default 6)
FLAG_PISTOL_AMMO = 39  # R35 setting pistol_ammunition: ammunition paid per Pistol kill (default 1)
FLAG_SHIELD_DRAW = 40  # R40 setting shield_draw: cards drawn after playing a Shield (default 1)
FLAG_START_GEMS = 41  # 4 entries: settings seatK_start_gems (default 0)
FLAG_START_AMMO = 45  # 4 entries: settings seatK_start_ammunition (default 0)
FLAG_START_EXTRA_CARDS = 49  # 4 entries: settings seatK_start_extra_cards (default 0)
FLAG_START_CHARACTERS = 53  # 4 entries: settings seatK_start_characters (default 4)
N_FLAGS = 57
# The flags are copied into the state at FLAGS (new_game): every rule value the compiled code and
# the strategies read is state[FLAGS + FLAG_...], so a changed setting never recompiles.
# After the N_FLAGS scalar flags the flag vector holds the board block (BOARD_* below, same layout).

# ---- board (copied from the flag vector at new_game; public, never changes) ----
BOARD = _block(0)
ROWS = _block(1)
COLS = _block(1)
SQ_KIND = _block(MAX_SQUARES)  # SEA / LAND / OBSTACLE / ANCHOR
CHEST_SQUARE = _block(MAX_SQUARES)  # 1 on a red-cross square
NEIGH_MOVE = _block(MAX_SQUARES * 8)  # squares a character may step to (A1 reading; not sea, not obstacle), -1 padded
NEIGH_BOMB = _block(MAX_SQUARES * 8)  # squares a bomb moved alone may step to (every island square, A12), -1 padded
NEIGH_ADJ = _block(MAX_SQUARES * 8)  # "à 1 case" squares (A5 reading; island squares), -1 padded
N_ANCHORS = _block(1)
ANCHOR_LIST = _block(MAX_ANCHORS)
DOCKS = _block(MAX_PLAYERS)  # starting Anchor square per dock, in seat order
BOARD_SIZE = _offset - BOARD

# ---- header (public) ----
PLAYERS = _block(1)
FIRST_PLAYER = _block(1)
ACTIVE = _block(1)  # seat whose turn it is
TURNS = _block(1)  # turns started
ROUND = _block(1)  # rounds completed
WINNER = _block(1)  # -1 none (capped)
WIN_KIND = _block(1)  # WIN_GEMS / WIN_SURVIVOR / WIN_CAPPED
GEMS_TO_WIN = _block(1)
ROUND_CAP = _block(1)
LOG_COUNT = _block(1)

WIN_GEMS = 0
WIN_SURVIVOR = 1
WIN_CAPPED = 2
WIN_NONE = -1

# ---- squares (public, except SQ_CHEST contents) ----
SQ_CHAR = _block(MAX_SQUARES)  # character id or -1
SQ_BOMB = _block(MAX_SQUARES)  # bomb id or -1
SQ_CHEST = _block(MAX_SQUARES)  # chest content or NO_CHEST (content private)
SQ_LOOT_GEMS = _block(MAX_SQUARES)  # dropped by a trapped-chest elimination (R27)
SQ_LOOT_AMMO = _block(MAX_SQUARES)

# ---- characters, bombs, boats (public) ----
CHAR_OWNER = _block(N_CHARACTERS)  # seat, -1 (Bobby before he is freed)
CHAR_LOC = _block(N_CHARACTERS)  # node, LOC_DEAD or LOC_UNFREED
CHAR_CAPTOR = _block(N_CHARACTERS)  # seat holding it prisoner (its node is that boat), -1 free
CHAR_STUNNED = _block(N_CHARACTERS)  # 1: its owner cannot use it on their next turn (R38)
BOMB_LOC = _block(N_BOMBS)  # square, BOMB_IN_CHEST, BOMB_REMOVED, BOMB_CARRIED
BOMB_PLACED_BY = _block(N_BOMBS)  # seat that last placed the bomb (R30: another player may take it)
BOAT_ANCHOR = _block(MAX_PLAYERS)  # Anchor square the boat is docked at, -1 (eliminated)
BOAT_HIT = _block(MAX_PLAYERS)  # 1: a bomb went in during the card being resolved (A33)
ALIVE = _block(MAX_PLAYERS)
GEMS = _block(MAX_PLAYERS)  # gem tiles in the boat (R23)
AMMO = _block(MAX_PLAYERS)  # ammunition tiles in the boat (R24)
BOBBY_TILE = _block(MAX_PLAYERS)  # 1: the Bobby chest tile lies in this boat (R25)

# ---- cards ----
HAND = _block(MAX_PLAYERS * N_CARD_KINDS)  # [seat * 16 + kind]: copies held (private to the seat)
HAND_COUNT = _block(MAX_PLAYERS)
DRAW = _block(DECK_SIZE)  # draw pile, top = DRAW[DRAW_COUNT - 1] (private)
DRAW_COUNT = _block(1)
PLAYED = _block(DECK_SIZE)  # played pile, face up, in order
PLAYED_COUNT = _block(1)
DECK_TOTAL = _block(1)  # cards in the game (80 unless a variant removes a card type)
SPENT_AMMO = _block(1)  # ammunition tiles paid for kills (R35)
REMOVED_GEMS = _block(1)  # gems lost for ever (dropped-loot-lost: never; kept for the conservation check)
REMOVED_TILES = _block(1)  # trapped and bomb chest tiles removed (R26, R28)
CHEST_TOTAL = _block(5)  # tiles of each content dealt at setup

# ---- the turn (public) ----
PLAYED_TYPES = _block(1)  # bit per card type already played this turn (R12)
CARDS_PLAYED = _block(1)  # cards played this turn
CARD = _block(1)  # the card kind being resolved, -1 none
MOVE_VALUE = _block(1)
MOVE_PIECE = _block(1)  # character id, or PIECE_BOMB + bomb id
MOVE_FROM = _block(1)
MOVE_DEST = _block(1)
CARRY = _block(1)  # bombs still to drop (bit per bomb)
FINAL_SQUARE = _block(1)
FOUND_KIND = _block(1)  # CHEST_BOBBY / CHEST_BOMB being placed
FOUND_ITEM = _block(1)  # bomb id being placed
FOUND_SQUARE = _block(1)  # the square placements are around
TARGETS = _block(N_CHARACTERS)  # 1: chosen as a target of the current attack
N_TARGETS = _block(1)
SHIELD_CURSOR = _block(1)  # position from the active seat of the next defender asked
SHIELDED = _block(MAX_PLAYERS)  # 1: this seat played a Shield against the current attack
GIFT_TARGET = _block(1)
GIFT_TAKEN = _block(1)  # card kind drawn at random from the target (private to the two seats)
FORCED = _block(1)  # 1: R15 forced discard this turn
ELIMINATOR = _block(MAX_PLAYERS)  # seat credited, -1 trap / none, -2 still alive
TRAP_SQUARE = _block(1)  # square of the trapped chest that killed during the current card, -1 none
DROP_COUNT = _block(1)  # carried bombs dropped so far in the current move

# ---- statistics (public) ----
STAT_CHESTS_OPENED = _block(MAX_PLAYERS)
STAT_GEMS_FOUND = _block(MAX_PLAYERS)
STAT_GEMS_STOLEN = _block(MAX_PLAYERS)
STAT_KILLS = _block(MAX_PLAYERS)
STAT_CAPTURES = _block(MAX_PLAYERS)
STAT_STUNS = _block(MAX_PLAYERS)
STAT_SHIELDS = _block(MAX_PLAYERS)
STAT_BOMBS_DELIVERED = _block(MAX_PLAYERS)
STAT_CARDS_PLAYED = _block(MAX_PLAYERS)
STAT_BOBBY = _block(MAX_PLAYERS)
ELIMINATION_ORDER = _block(MAX_PLAYERS)  # 1 first out, 2 ..., 0 survived
N_ELIMINATED = _block(1)
BOMBS_EXPLODED = _block(1)
TRAP_DEATHS = _block(1)
CARD_KIND_PLAYED = _block(N_CARD_KINDS)  # cards played per kind (all seats)
RANK = _block(MAX_PLAYERS)

# ---- codes ----
PIECE_BOMB = 32  # MOVE_PIECE option for bomb b: PIECE_BOMB + b
END_TURN = -1  # choose_card: end the turn
STOP = -1  # pistol_target / potion_discard: stop choosing
DEST_BITS = 9  # move_destination option = node | carry_mask << DEST_BITS
DEST_MASK = (1 << DEST_BITS) - 1
STEAL_ITEM_SHIFT = 4  # chest_steal option = victim | item << 4 (item 0 gem, 1 ammo)
FLY_DEST_SHIFT = 2  # flying_bomb option = bomb | node << 2

# ---- decision kinds (spec 4.4, then gift_card) ----
START_ANCHOR = 0
CHOOSE_CARD = 1
MOVE_PIECE_DECISION = 2
MOVE_DESTINATION = 3
BOMB_DROP = 4
OPEN_CHEST = 5
PLACE_FOUND = 6
PISTOL_TARGET = 7
ATTACK_TARGET = 8
SHIELD_REACTION = 9
POTION_DISCARD = 10
GIFT_TARGET_DECISION = 11
CHEST_STEAL = 12
BOAT_ANCHOR_DECISION = 13
FLYING_BOMB_DECISION = 14
FORCED_DISCARD = 15
GIFT_CARD = 16

DECISION_KINDS = (
    "start_anchor",
    "choose_card",
    "move_piece",
    "move_destination",
    "bomb_drop",
    "open_chest",
    "place_found",
    "pistol_target",
    "attack_target",
    "shield_reaction",
    "potion_discard",
    "gift_target",
    "chest_steal",
    "boat_anchor",
    "flying_bomb",
    "forced_discard",
    "gift_card",
)

# ---- forward model: where the game stands ----
STEP = _block(1)
CURSOR = _block(1)  # start_anchor: position in reverse seat order
DEBUG_CHECKS = _block(1)
DEAL_STREAM = _block(1)
FLAGS = _block(N_FLAGS)
PENDING_SEAT = _block(1)
PENDING_KIND = _block(1)
PENDING_COUNT = _block(1)
OPTIONS = _block(MAX_OPTIONS)
SCRATCH = _block(9 * N_NODES)  # reachability layers and BFS work space; no meaning between steps

STEP_START_ANCHOR = 0
STEP_TURN_START = 1
STEP_CHOOSE_CARD = 2
STEP_MOVE_PIECE = 3
STEP_MOVE_DEST = 4
STEP_BOMB_DROP = 5
STEP_OPEN_CHEST = 6
STEP_TRAP_SHIELD = 7
STEP_PLACE_FOUND = 8
STEP_PISTOL_TARGET = 9
STEP_ATTACK_TARGET = 10
STEP_SHIELD = 11  # ask the next targeted seat holding a Shield
STEP_RESOLVE_ATTACK = 12
STEP_POTION = 13
STEP_GIFT_TARGET = 14
STEP_GIFT_CARD = 15
STEP_CHEST_STEAL = 16
STEP_BOAT = 17
STEP_FLYING_BOMB = 18
STEP_FORCED_DISCARD = 19
STEP_CARD_DONE = 20  # eliminations, win (A33), back to choose_card
STEP_END_TURN = 21
STEP_GAME_OVER = 22
STEP_SHIELD_SCAN = 23  # find the next targeted seat holding a Shield

# ---- log events: [code, a, b, c, d, e] ----
EV_SETUP = 1  # players, first player, gems to win
EV_DOCK = 2  # seat, anchor square
EV_TURN = 3  # seat, turn, round
EV_PLAY = 4  # seat, card kind
EV_MOVE = 5  # seat, piece, from node, to node, carried mask
EV_BOMB_PLACED = 6  # seat, bomb, node (a boat node: delivered)
EV_OPEN = 7  # seat, character, square, content
EV_DECLINE_OPEN = 8  # seat, character, square
EV_BOBBY = 9  # seat, square
EV_TRAP = 10  # seat, character, square, shielded
EV_KILL = 11  # seat, victim character, victim seat
EV_CAPTURE = 12  # seat, victim character, victim seat
EV_STUN = 13  # seat, victim character, victim seat
EV_SHIELD = 14  # defender seat, attacker seat, card kind (-1 trapped chest), protected characters (bit per character)
EV_POTION = 15  # seat, cards discarded
EV_GIFT = 16  # seat, target, card given, card taken
EV_STEAL = 17  # seat, victim, item (0 gem, 1 ammo)
EV_BOAT = 18  # seat, from anchor, to anchor
EV_FLYING_BOMB = 19  # seat, bomb, from square, to node
EV_DISCARD = 20  # seat, card kind (forced discard, R15)
EV_ELIMINATED = 21  # seat, by seat (-1 none), cause (0 attack, 1 bomb, 2 trap), gems, ammo
EV_WIN = 22  # seat (-1 none), win kind, gems, round
EV_LOOT = 23  # seat, square, gems, ammo (picked up, A28)
EV_ESCAPE = 24  # seat, character, captor
EV_DRAW = 25  # seat, cards drawn, reshuffled (1 if the played pile became the draw pile)
EV_END_TURN = 26  # seat, cards played
EV_STANDING = 27  # seat, gems, ammunition, free characters, prisoners held (end of a round, log only)

# ---- variants ----
VARIANTS = {
    "move-orthogonal": "A1: a step goes to one of the 4 squares sharing a side (default: 8 directions, king steps).",
    "move-up-to": "A2: a Movement card moves up to its value (default: exactly its value).",
    "move-no-revisit": "A3: a move never enters the same square twice (default: revisits allowed).",
    "adjacency-orthogonal": "A5: 'à 1 case' means the 4 orthogonal squares (default: the 8 squares around).",
    "carry-mandatory": "A9: every bomb passed over is carried (default: carrying is optional per bomb).",
    "placement-blocked-stays": "A11: with no free square around, a found bomb stays on the chest's square and Bobby is not freed (default: the nearest free square).",
    "flying-bomb-no-boat": "A14: a Flying Bomb lands on free squares only, never in an enemy boat.",
    "shield-ammo-lost": "A16: a shielded Pistol shot still costs its ammunition (default: only kills cost ammo).",
    "pass-discard-any": "A20: a player who plays no card discards 1 and draws 1 (default: only when nothing is playable).",
    "gift-draw-after": "A23: the Poisoned Gift's random card is drawn after the gift arrives (default: from the hand as it was).",
    "dropped-loot-lost": "A28: loot dropped by a trapped-chest elimination stays on its square for ever (default: picked up by the next character ending there).",
    "choose-start-anchor": "A30: players choose their starting Anchor in reverse seat order (default: fixed docks).",
    "random-first-player": "A31: the first player is drawn at random (default: seat 1).",
    "movement-flat": "REC: Movement values 1..6 x8 and 7 x7 (default bell 7/8/9/9/8/7/7).",
    "chests-9-6-3": "REC: 9 gems, 6 ammunition, 3 trapped chests (default 10/5/3).",
    "chests-10-4-4": "REC: 10 gems, 4 ammunition, 4 trapped chests (default 10/5/3).",
    "no-bobby": "Design: the Bobby chest is a gem.",
}
for _n in range(3, 9):
    VARIANTS[f"gems-to-win-{_n}"] = f"R51 official variant: {_n} gems win (default 5)."
for _card in ("pistol", "padlock", "hammer", "shield", "treasure_chest", "poisoned_gift", "flying_bomb", "potion", "boat"):
    VARIANTS[f"no-{_card}"] = f"Counterfactual: every {_card.replace('_', ' ')} card is taken out after the shuffle (same deals otherwise)."
VARIANTS["board=FILE"] = "Play on the board in FILE (format: simulator/games/skirmish/data/README.md) instead of the reconstructed one."
VARIANTS["round-cap=N"] = "Simulator parameter, not a rule: stop a stalled game after N rounds (default 200; capped games have no winner)."

STATE_CORE_SIZE = _offset

# ---- what the engine records (docs/engine-contract.md, last section) ----
RULE_IDS = tuple(f"R{k}" for k in range(1, 52)) + (
    "pistol", "padlock", "hammer", "shield", "treasure_chest", "poisoned_gift", "flying_bomb", "potion", "boat",
    "variant:move-up-to", "variant:move-no-revisit", "variant:placement-blocked-stays", "variant:shield-ammo-lost",
    "variant:pass-discard-any", "variant:gift-draw-after", "variant:dropped-loot-lost", "variant:choose-start-anchor",
)
COUNTERS = _block(len(RULE_IDS))
TRAJECTORY = _block(1 + (MAX_ROUND_CAP + 1) * MAX_PLAYERS)

STATE_SIZE = _offset


def _fired(rule_id: str) -> int:
    return COUNTERS + RULE_IDS.index(rule_id)


FIRED = {rule_id: _fired(rule_id) for rule_id in RULE_IDS}
# Named counter slots (rules code: ``state[FIRED_R12] += 1  # R12: ...``).
FIRED_R1 = _fired("R1")
FIRED_R2 = _fired("R2")
FIRED_R3 = _fired("R3")
FIRED_R4 = _fired("R4")
FIRED_R5 = _fired("R5")
FIRED_R6 = _fired("R6")
FIRED_R7 = _fired("R7")
FIRED_R8 = _fired("R8")
FIRED_R9 = _fired("R9")
FIRED_R10 = _fired("R10")
FIRED_R11 = _fired("R11")
FIRED_R12 = _fired("R12")
FIRED_R13 = _fired("R13")
FIRED_R14 = _fired("R14")
FIRED_R15 = _fired("R15")
FIRED_R16 = _fired("R16")
FIRED_R17 = _fired("R17")
FIRED_R18 = _fired("R18")
FIRED_R19 = _fired("R19")
FIRED_R20 = _fired("R20")
FIRED_R21 = _fired("R21")
FIRED_R22 = _fired("R22")
FIRED_R23 = _fired("R23")
FIRED_R24 = _fired("R24")
FIRED_R25 = _fired("R25")
FIRED_R26 = _fired("R26")
FIRED_R27 = _fired("R27")
FIRED_R28 = _fired("R28")
FIRED_R29 = _fired("R29")
FIRED_R30 = _fired("R30")
FIRED_R31 = _fired("R31")
FIRED_R32 = _fired("R32")
FIRED_R33 = _fired("R33")
FIRED_R34 = _fired("R34")
FIRED_R35 = _fired("R35")
FIRED_R36 = _fired("R36")
FIRED_R37 = _fired("R37")
FIRED_R38 = _fired("R38")
FIRED_R39 = _fired("R39")
FIRED_R40 = _fired("R40")
FIRED_R41 = _fired("R41")
FIRED_R42 = _fired("R42")
FIRED_R43 = _fired("R43")
FIRED_R44 = _fired("R44")
FIRED_R45 = _fired("R45")
FIRED_R46 = _fired("R46")
FIRED_R47 = _fired("R47")
FIRED_R48 = _fired("R48")
FIRED_R49 = _fired("R49")
FIRED_R50 = _fired("R50")
FIRED_R51 = _fired("R51")
FIRED_CARD = _fired("pistol") - PISTOL  # state[FIRED_CARD + kind] counts Attack/Defence/Bonus plays by kind
FIRED_MOVE_UP_TO = _fired("variant:move-up-to")
FIRED_NO_REVISIT = _fired("variant:move-no-revisit")
FIRED_PLACEMENT_STAYS = _fired("variant:placement-blocked-stays")
FIRED_SHIELD_AMMO_LOST = _fired("variant:shield-ammo-lost")
FIRED_PASS_DISCARD_ANY = _fired("variant:pass-discard-any")
FIRED_GIFT_DRAW_AFTER = _fired("variant:gift-draw-after")
FIRED_DROPPED_LOOT_LOST = _fired("variant:dropped-loot-lost")
FIRED_CHOOSE_START = _fired("variant:choose-start-anchor")

RULE_LABELS = {
    "R1": "2-4 players", "R2": "board in the middle", "R3": "teams of 4 aboard their boats",
    "R4": "boats docked at Anchors", "R5": "22 chests shuffled onto the red crosses", "R6": "6 cards dealt",
    "R7": "draw pile formed", "R8": "Bobby and bombs start off the board", "R9": "first player, clockwise",
    "R10": "goal", "R11": "5 gems or last survivor wins", "R12": "one card of each type per turn",
    "R13": "played card to the played pile", "R14": "draw back to 6 at the end of the turn",
    "R15": "nothing playable: discard 1, draw, pass", "R16": "played pile reshuffled into the draw pile",
    "R17": "a Movement card moves a character", "R18": "square by square, every direction",
    "R19": "occupied squares block", "R20": "boat <-> Anchor costs 1", "R21": "aboard: no interaction",
    "R22": "a chest opened at the end of a move", "R23": "gem found", "R24": "ammunition found",
    "R25": "Bobby freed", "R26": "trapped chest kills", "R27": "trap elimination drops the loot",
    "R28": "bomb found", "R29": "bombs carried by passing over them", "R30": "a bomb taken by another player",
    "R31": "a Movement card moves a bomb alone", "R32": "a bomb moved alone crosses everything",
    "R33": "bomb into an enemy boat", "R34": "carried bomb dropped into the boat at its Anchor",
    "R35": "Pistol kills", "R36": "Padlock captures", "R37": "prisoner escapes", "R38": "Hammer stuns",
    "R39": "Shield protects", "R40": "Shield: draw a new card", "R41": "no Shield against a bomb",
    "R42": "Potion", "R43": "Poisoned Gift", "R44": "Flying Bomb", "R45": "Boat card moves the boat",
    "R46": "Treasure Chest steals", "R47": "a player eliminated", "R48": "the eliminator takes the loot",
    "R49": "eliminated player's boat, characters, prisoners and cards removed", "R50": "game won",
    "R51": "gems-to-win-N variant in use",
}
for _card in ("pistol", "padlock", "hammer", "shield", "treasure_chest", "poisoned_gift", "flying_bomb", "potion", "boat"):
    RULE_LABELS[_card] = f"{_card.replace('_', ' ')} card played"
for _rid in RULE_IDS:
    if _rid.startswith("variant:"):
        RULE_LABELS[_rid] = f"branch of variant {_rid[8:]} taken"
