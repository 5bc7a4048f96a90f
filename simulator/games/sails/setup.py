"""MISE EN PLACE: game setup from the variant flags, the per-round setup and the opening pass."""

from numba import njit

from simulator.core.engine.rng import random_below, shuffle_prefix
from simulator.games.sails.board import (
    deck_clear,
    deck_push_top,
    deck_reveal,
    log_event,
    move_to_hand,
)
from simulator.games.sails.components import POPCOUNT12
from simulator.games.sails.state import (
    FIRED_R1,
    FIRED_R2,
    FIRED_R3,
    FIRED_R5,
    FIRED_R30,
    FIRED_RANDOM_FIRST,
    FIRED_ROUND2_CARD_HOLDER,
    FIRED_VALUES_LOW,
    FIRED_VALUES_ONE_EACH,
    A3_N,
    ACTIONS_USED,
    BONUS_AFTER_REVEAL,
    BONUS_ATTACHED,
    BONUS_DECK,
    BONUS_HELD,
    DECK_TOP,
    DISCARD_MASK,
    HAND_MASK,
    EV_DEAL,
    EV_PASS,
    EV_ROUND_START,
    EV_SEAT_START,
    FIRST_PLAYER,
    FLAG_BONUS_AFTER_REVEAL,
    FLAG_RANDOM_FIRST,
    FLAG_ROUND2_FIRST_CARD_HOLDER,
    FLAG_RULES,
    FLAG_VALUE_SET,
    FLAG_WEAKEST_TIE_NEAREST,
    GAME_FIRST_PLAYER,
    HAND_COUNT,
    BONUS_CARDS,
    HAND_SIZE,
    ISLAND_LOC,
    ISLAND_VALUES,
    LOC_BOX,
    MAX_PLAYERS,
    N_DECKS,
    PASS_CARD,
    PILE_COUNT,
    PILE_POINTS,
    PLACED,
    PLAYERS,
    REMOVED,
    REMOVED_COUNT,
    REVEALED,
    ROUND,
    RULES,
    N_RULES,
    SCORE,
    START_BONUS,
    START_POINTS,
    STATE_SIZE,
    TABLE_BONUS,
    TABLE_CARD,
    TABLE_COLOUR,
    TABLE_HIDE,
    TABLE_ORDER,
    TABLE_VALUE,
    TABLE_VISIBLE,
    TREASURE_POINTS,
    TREASURE_REMOVED_AT_3,
    TREASURE_VALUE,
    TREASURES_PER_COLOUR,
    TRICK,
    WEAKEST_TIE_NEAREST,
)


@njit(cache=True)
def setup_game(state, players, flags):
    """Clear the state and fix what the whole game shares: player count, variants, the rule
    settings (copied from the flag vector into ``RULES``), treasure values, starting points."""
    for i in range(STATE_SIZE):
        state[i] = 0
    state[PLAYERS] = players
    for i in range(N_RULES):
        state[RULES + i] = flags[FLAG_RULES + i]
    # HAND_SIZE: 12 Island cards each at 3-4 players, 9 at 5 players (setting hand_size).
    # One Treasure deck at 3 players, two (red+blue, green+purple) at 4-5 players.
    state[N_DECKS] = 1 if players == 3 else 2
    if flags[FLAG_VALUE_SET] == 1:
        state[FIRED_VALUES_ONE_EACH] += 1  # variant treasure-values-one-each
    elif flags[FLAG_VALUE_SET] == 2:
        state[FIRED_VALUES_LOW] += 1  # variant treasure-values-low
    # "Chaque carte Trésor possède un numéro correspondant au nombre de points" (setting treasure_values)
    per_colour = state[TREASURES_PER_COLOUR]
    for card in range(32):
        position = card % 8
        state[TREASURE_VALUE + card] = state[TREASURE_POINTS + position] if position < per_colour else 0
    # ACTION_ON_CARD: "choisissez avec quel côté vous souhaitez jouer" (encode_variants chose the faces).
    state[BONUS_AFTER_REVEAL] = flags[FLAG_BONUS_AFTER_REVEAL]
    state[WEAKEST_TIE_NEAREST] = flags[FLAG_WEAKEST_TIE_NEAREST]
    for k in range(5):
        state[ACTIONS_USED + k] = 0
    for seat in range(players):
        state[SCORE + seat] = state[START_POINTS + seat]  # seatK_start_points (0 in the rulebook)


@njit(cache=True)
def clear_table(state):
    """No card on the table (start of a trick)."""
    for seat in range(MAX_PLAYERS):
        state[TABLE_CARD + seat] = -1
        state[TABLE_HIDE + seat] = -1
        state[TABLE_VISIBLE + seat] = -1
        state[TABLE_BONUS + seat] = 0
        state[TABLE_ORDER + seat] = -1
        state[TABLE_COLOUR + seat] = -1
        state[TABLE_VALUE + seat] = 0
    state[PLACED] = 0
    state[REVEALED] = 0
    state[BONUS_ATTACHED] = 0


@njit(cache=True)
def setup_round(state, round_index, flags, deal, scratch, log):
    """Full setup of a round: Treasure decks, Bonus deck, deal, first player.

    Draw order on the deal stream: Island shuffle, Treasure shuffle(s), then (variant
    random-first-player, round 1 only) the first player, so the deals do not depend on variants.
    """
    players = state[PLAYERS]
    state[ROUND] = round_index
    state[TRICK] = 0
    clear_table(state)
    state[A3_N] = 0
    # Treasures taken in the previous round go back: fresh piles.
    for seat in range(MAX_PLAYERS):
        state[PILE_COUNT + seat] = 0
        state[PILE_POINTS + seat] = 0
        state[HAND_COUNT + seat] = 0
        state[PASS_CARD + seat] = -1
    # "Prenez toutes les cartes Bonus pour former un autre paquet" (22 cards, nobody holds any, unless
    # a seat starts with some: seatK_start_bonus, taken from the deck).
    state[BONUS_DECK] = state[BONUS_CARDS]
    for seat in range(MAX_PLAYERS):
        held = state[START_BONUS + seat] if seat < players else 0
        state[BONUS_HELD + seat] = held
        state[BONUS_DECK] -= held
    for i in range(MAX_PLAYERS * 4):
        state[HAND_MASK + i] = 0
    for colour in range(4):
        state[DISCARD_MASK + colour] = 0
    # Island cards: shuffle all 48, deal 12 (3-4 players) or 9 (5 players) each, rest to the box
    # (setting island_cards_per_colour: the values above it stay in the box, out of play).
    values = state[ISLAND_VALUES]
    n_island = 0
    for card in range(48):
        state[ISLAND_LOC + card] = LOC_BOX
        if card % 12 < values:
            scratch[n_island] = card
            n_island += 1
    shuffle_prefix(scratch, n_island, deal)
    hand = state[HAND_SIZE]
    if players == 5:
        state[FIRED_R3] += 1  # R3: 9 cards each at 5 players, the rest to the box
    for i in range(players * hand):
        move_to_hand(state, scratch[i], i % players)
    # Treasure decks.
    deck_clear(state, 0)
    deck_clear(state, 1)
    state[REMOVED_COUNT] = 0
    if players == 3:
        # Remove one 2, one 3 and one 4 of each colour; one deck of the 20 others.
        state[FIRED_R1] += 1  # R1 (treasure_values: removed_at_3_players)
        per_colour = state[TREASURES_PER_COLOUR]
        n = 0
        for card in range(32):
            if card % 8 >= per_colour:
                continue
            if state[TREASURE_REMOVED_AT_3 + card % 8] == 1:
                state[REMOVED + state[REMOVED_COUNT]] = card
                state[REMOVED_COUNT] += 1
            else:
                scratch[n] = card
                n += 1
        shuffle_prefix(scratch, n, deal)
        for i in range(n):
            deck_push_top(state, 0, scratch[i])
        deck_reveal(state, 0)
    else:
        # Red+blue deck (ids 0..15) and green+purple deck (ids 16..31).
        state[FIRED_R2] += 1  # R2
        per_colour = state[TREASURES_PER_COLOUR]
        for deck in range(2):
            n = 0
            for i in range(16):
                if i % 8 < per_colour:
                    scratch[n] = deck * 16 + i
                    n += 1
            shuffle_prefix(scratch, n, deal)
            for i in range(n):
                deck_push_top(state, deck, scratch[i])
            deck_reveal(state, deck)
    # "Désignez le premier joueur": seat 0 (or drawn) in round 1.  Round 2 redoes the setup, which
    # names nobody: the next seat clockwise after round 1's first player, or (variant) the seat
    # the first-player card reached after round 1's last trick (end_trick passes it every trick).
    if round_index == 0:
        first = 0
        if flags[FLAG_RANDOM_FIRST] == 1:
            first = random_below(deal, players)
            state[FIRED_RANDOM_FIRST] += 1  # variant random-first-player
        state[GAME_FIRST_PLAYER] = first
    elif flags[FLAG_ROUND2_FIRST_CARD_HOLDER] == 1:
        first = state[FIRST_PLAYER]
        state[FIRED_ROUND2_CARD_HOLDER] += 1  # variant round2-first-card-holder
    else:
        first = (state[GAME_FIRST_PLAYER] + 1) % players
        state[FIRED_R30] += 1  # R30: round 2 starts with the seat after round 1's first player
    state[FIRST_PLAYER] = first
    log_event(log, state, EV_ROUND_START, round_index, first, state[N_DECKS], state[DECK_TOP], state[DECK_TOP + 1])
    for seat in range(players):
        points = state[START_POINTS + seat] if round_index == 0 else 0
        if state[START_BONUS + seat] != 0 or points != 0:
            log_event(log, state, EV_SEAT_START, seat, state[START_BONUS + seat], points, 0, 0)


@njit(cache=True)
def colour_counts(state, seat, counts):
    """Fill ``counts[0..3]`` with the number of cards of each colour in ``seat``'s hand."""
    for c in range(4):
        counts[c] = POPCOUNT12[state[HAND_MASK + seat * 4 + c]]


@njit(cache=True)
def strongest_in_colour(state, seat, colour):
    """The highest Island card of ``colour`` in ``seat``'s hand (-1 if none)."""
    mask = state[HAND_MASK + seat * 4 + colour]
    for value in range(state[ISLAND_VALUES], 0, -1):
        if (mask >> (value - 1)) & 1:
            return colour * 12 + value - 1
    return -1


# The opening pass: each player passes the strongest card of their longest colour to the right-hand
# neighbour.  Tied longest colours: the player chooses (OPENING_PASS_COLOUR).  Simultaneous: every
# seat chooses first (PASS_CARD), then all cards move (engine.py runs the steps).  Seats are
# clockwise, so the right-hand neighbour of seat s is seat s - 1.


@njit(cache=True)
def log_deal(state, counts, log):
    """Log every hand's cards per colour after the deal (before the opening pass)."""
    for seat in range(state[PLAYERS]):
        colour_counts(state, seat, counts)
        log_event(log, state, EV_DEAL, seat, counts[0], counts[1], counts[2], counts[3])


@njit(cache=True)
def pass_options(state, seat, options, counts):
    """OPENING_PASS_COLOUR options of ``seat``: its longest colours (a choice only when tied)."""
    colour_counts(state, seat, counts)
    best = 0
    for c in range(4):
        if counts[c] > best:
            best = counts[c]
    n = 0
    for c in range(4):
        if counts[c] == best:
            options[n] = c
            n += 1
    return n


@njit(cache=True)
def choose_pass(state, seat, colour, tied):
    """``seat`` sets aside the strongest card of ``colour`` (``tied``: it was a choice)."""
    state[PASS_CARD + seat] = strongest_in_colour(state, seat, colour) + 48 * (1 if tied else 0)
    if tied:
        state[FIRED_R5] += 1  # R5: tied longest colours, the player chose


@njit(cache=True)
def make_passes(state, log):
    """Every set-aside card moves to the right-hand neighbour at once."""
    players = state[PLAYERS]
    for seat in range(players):
        code = state[PASS_CARD + seat]
        card = code % 48
        receiver = (seat + players - 1) % players
        move_to_hand(state, card, receiver)
        log_event(log, state, EV_PASS, seat, receiver, card, code // 48, 0)
    for seat in range(players):
        state[PASS_CARD + seat] = -1
