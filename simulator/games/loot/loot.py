"""PHASE 3: FINDING LOOT (numba): threshold, Big / Small Loot, distribution, taking treasures, upkeep."""

from numba import njit

from simulator.games.loot.primitives import (
    add_cubes, discard_map, discard_treasure, log, return_compasses, reveal_treasure,
)
from simulator.games.loot.state import S_RULES, T_AMULET_CUBES, T_B10_DISCARD, T_DISCARD_CUBES
from simulator.games.loot.state import (
    FIRED_KEEP_TREASURE, FIRED_CROSSED_CUBES, FIRED_DISCARD_TREASURE, FIRED_AARON_CROWN, FIRED_LOOT_NOBODY_THERE, FIRED_BIG_LOOT, FIRED_SMALL_LOOT, FIRED_FINAL_LOOT, S_FIRED_VARIANT,
    AARON, EV_A4, EV_B10, EV_B11, EV_B12, EV_B13, LAND_CAP, L_LOOT, L_TAKE, N_OWNERS, REVEAL_CAP, R_CROSSED,
    R_DISCARD_TREASURE, R_EVENT, R_KEEP, S_COMP, S_COMP_N, S_CROSSES, S_EVENT, S_INFO_TR, S_KEPT_TYPE, S_LAND,
    S_LAND_CHESTS, S_LAND_COLOUR, S_LAND_EFF, S_LAND_LAST, S_LAND_N, S_REVEAL, S_REVEAL_N, S_THRESHOLD, S_TOWNER,
    S_VAR, TR_CROSSED, TR_CROSSES, TR_CURSE, TR_REF, TR_TYPE, TT_AMULET, TT_CROWN, V_AMULET_COUNTS_ITSELF,
    V_B10_WITHOUT_SMALL_LOOT, V_NO_COMPASS_NO_REVEAL,
)

LOOT_SMALL = 0
LOOT_BIG = 1
LOOT_FINAL = 2


@njit(cache=True)
def take_treasure(state, game_log, owner, t, keep):
    """TAKING TREASURES: keep it (take its curse cubes; crossed cubes let you discard that many)
    or discard it (discard up to 2 cubes + 1 per Amulet owned).  Cube discards are always the
    most allowed (never worse)."""
    treasure_row = S_INFO_TR + t * 8
    if keep == 1:
        state[FIRED_KEEP_TREASURE] += 1
        state[S_TOWNER + t] = owner
        state[S_KEPT_TYPE + owner * 8 + state[treasure_row + TR_TYPE]] += 1
        state[S_CROSSES + owner] += state[treasure_row + TR_CROSSES]
        if state[treasure_row + TR_CURSE] > 0:
            add_cubes(state, game_log, owner, state[treasure_row + TR_CURSE], R_KEEP)
        if state[treasure_row + TR_CROSSED] > 0:
            state[FIRED_CROSSED_CUBES] += 1
            add_cubes(state, game_log, owner, -state[treasure_row + TR_CROSSED], R_CROSSED)
    else:
        state[FIRED_DISCARD_TREASURE] += 1
        amulets = state[S_KEPT_TYPE + owner * 8 + TT_AMULET]
        if state[S_VAR + V_AMULET_COUNTS_ITSELF] == 1 and state[treasure_row + TR_TYPE] == TT_AMULET:
            state[S_FIRED_VARIANT + V_AMULET_COUNTS_ITSELF] += 1
            amulets += 1
        # taking treasures B: 2 cubes, plus 1 per Amulet (settings discard_treasure_cubes, amulet_cubes_per_amulet)
        freed = state[S_RULES + T_DISCARD_CUBES] + state[S_RULES + T_AMULET_CUBES] * amulets
        add_cubes(state, game_log, owner, -freed, R_DISCARD_TREASURE)
        discard_treasure(state, t)
    log(state, game_log, L_TAKE, owner, t, keep, 0, 0)


@njit(cache=True)
def aaron_take(state, game_log, t):
    """2 players: Aaron keeps a treasure only if it is a Crown (never takes cubes)."""
    treasure_row = S_INFO_TR + t * 8
    if state[treasure_row + TR_TYPE] == TT_CROWN:
        state[FIRED_AARON_CROWN] += 1
        state[S_TOWNER + t] = AARON
        state[S_KEPT_TYPE + AARON * 8 + TT_CROWN] += 1
        state[S_CROSSES + AARON] += state[treasure_row + TR_CROSSES]
        log(state, game_log, L_TAKE, AARON, t, 1, 0, 0)
    else:
        discard_treasure(state, t)
        log(state, game_log, L_TAKE, AARON, t, 0, 0, 0)


@njit(cache=True)
def _remove_revealed(state, index):
    n = state[S_REVEAL_N]
    for i in range(index, n - 1):
        state[S_REVEAL + i] = state[S_REVEAL + i + 1]
    state[S_REVEAL_N] = n - 1


@njit(cache=True)
def discard_revealed(state):
    """LOOT DISTRIBUTION with nobody on the landing: the revealed treasures are discarded."""
    state[FIRED_LOOT_NOBODY_THERE] += 1
    for i in range(state[S_REVEAL_N]):
        discard_treasure(state, state[S_REVEAL + i])
    state[S_REVEAL_N] = 0


@njit(cache=True)
def distribution_owner(state, landing, turn):
    """LOOT DISTRIBUTION: in compass order from bottom to top (event B13: top to bottom), each
    owner takes one revealed treasure, cycling until none is left; whose turn ``turn`` is."""
    ncomp = state[S_COMP_N + landing]
    pos = turn % ncomp
    if state[S_EVENT] == EV_B13:
        pos = ncomp - 1 - pos
    return state[S_COMP + landing * N_OWNERS + pos]


@njit(cache=True)
def aaron_takes_best(state, game_log):
    """2 players: Aaron always takes the revealed treasure with the highest reference number."""
    n = state[S_REVEAL_N]
    best = 0
    for i in range(1, n):
        if (state[S_INFO_TR + state[S_REVEAL + i] * 8 + TR_REF]
                > state[S_INFO_TR + state[S_REVEAL + best] * 8 + TR_REF]):
            best = i
    t = state[S_REVEAL + best]
    _remove_revealed(state, best)
    aaron_take(state, game_log, t)


@njit(cache=True)
def take_options(state, options):
    """Decision ``take_treasure`` of the distribution: each revealed treasure, kept or discarded."""
    n = state[S_REVEAL_N]
    for i in range(n):
        t = state[S_REVEAL + i]
        options[2 * i] = t * 2 + 1
        options[2 * i + 1] = t * 2
    return 2 * n


@njit(cache=True)
def take_revealed(state, game_log, owner, choice):
    """LOOT DISTRIBUTION: ``owner`` takes the revealed treasure of option ``choice`` (treasure * 2 + keep)."""
    t = choice >> 1
    for i in range(state[S_REVEAL_N]):
        if state[S_REVEAL + i] == t:
            _remove_revealed(state, i)
            break
    take_treasure(state, game_log, owner, t, choice & 1)


@njit(cache=True)
def reveal_loot(state, game_log, deal_stream, landing, kind):
    """REVEAL the loot of one landing with enough cards; returns the number revealed (the engine
    then distributes them, decisions ``take_treasure``).

    Big Loot: 1 treasure per compass + 1 per chest; Small Loot (and Final Exploration): 1 per
    chest.  Events A4 (-1 big / +1 small) and B11 (-1 both).

    A landing with enough cards but no compass (all moved away): its treasures are revealed and
    then discarded (reading: the rule reveals per chest whoever is there); variant
    ``no-compass-no-reveal``: nobody is there to find them, nothing is revealed."""
    state[FIRED_BIG_LOOT if kind == LOOT_BIG else FIRED_SMALL_LOOT if kind == LOOT_SMALL else FIRED_FINAL_LOOT] += 1
    if state[S_VAR + V_NO_COMPASS_NO_REVEAL] == 1 and state[S_COMP_N + landing] == 0:
        state[S_FIRED_VARIANT + V_NO_COMPASS_NO_REVEAL] += 1
        log(state, game_log, L_LOOT, landing, kind, 0, state[S_LAND_EFF + landing], 0)
        return 0
    count = state[S_LAND_CHESTS + landing]
    if kind == LOOT_BIG:
        count += state[S_COMP_N + landing]
    event = state[S_EVENT]
    if event == EV_A4:
        if kind == LOOT_BIG:
            count -= 1
        else:
            count += 1
    elif event == EV_B11:
        count -= 1
    if count < 0:
        count = 0
    if count > REVEAL_CAP:
        count = REVEAL_CAP
    state[S_REVEAL_N] = 0
    for _ in range(count):
        t = reveal_treasure(state, game_log, deal_stream)
        if t < 0:
            break
        state[S_REVEAL + state[S_REVEAL_N]] = t
        state[S_REVEAL_N] += 1
    revealed = state[S_REVEAL_N]
    log(state, game_log, L_LOOT, landing, kind, revealed, state[S_LAND_EFF + landing], 0)
    if revealed > 0 and state[S_COMP_N + landing] == 0:
        discard_revealed(state)
    return revealed


@njit(cache=True)
def clear_landing(state, landing):
    """UPKEEP of one landing: compasses back to their owners, cards to the discard pile."""
    return_compasses(state, landing)
    base = S_LAND + landing * LAND_CAP
    for i in range(state[S_LAND_N + landing]):
        discard_map(state, state[base + i])
    state[S_LAND_N + landing] = 0
    state[S_LAND_COLOUR + landing] = -1
    state[S_LAND_LAST + landing] = 0
    state[S_LAND_EFF + landing] = 0
    state[S_LAND_CHESTS + landing] = 0


@njit(cache=True)
def big_loot_landing(state, bow):
    """EXPLORATION of the coast whose landing nearest the bow is ``bow``: the landing with more
    cards (tie: nearest the bow; event B12: fewer cards) among those with enough is the Big Loot
    landing, explored first; -1 when neither has enough cards."""
    threshold = state[S_THRESHOLD]
    other = bow ^ 1
    reached_bow = state[S_LAND_EFF + bow] >= threshold
    reached_other = state[S_LAND_EFF + other] >= threshold
    if reached_bow and reached_other:
        if state[S_EVENT] == EV_B12:
            if state[S_LAND_EFF + other] < state[S_LAND_EFF + bow]:
                return other
        elif state[S_LAND_EFF + other] > state[S_LAND_EFF + bow]:
            return other
        return bow
    if reached_bow:
        return bow
    if reached_other:
        return other
    return -1


@njit(cache=True)
def b10_frees(state, small):
    """B10 (after the distribution, compasses on the Small Loot landing may discard 2 cubes):
    without enough cards the other landing is no Small Loot landing, so nobody there is freed
    (default); variant b10-without-small-loot frees its compasses all the same."""
    small_loot = state[S_LAND_EFF + small] >= state[S_THRESHOLD]
    return state[S_EVENT] == EV_B10 and (small_loot or state[S_VAR + V_B10_WITHOUT_SMALL_LOOT] == 1)


@njit(cache=True)
def b10_discard(state, game_log, small):
    """Event B10: every compass on the Small Loot landing discards 2 cubes."""
    if state[S_LAND_EFF + small] < state[S_THRESHOLD]:
        state[S_FIRED_VARIANT + V_B10_WITHOUT_SMALL_LOOT] += 1  # no Small Loot there: only under the variant
    base = S_COMP + small * N_OWNERS
    for i in range(state[S_COMP_N + small]):
        add_cubes(state, game_log, state[base + i], -state[S_RULES + T_B10_DISCARD], R_EVENT)  # b10_discard_cubes


