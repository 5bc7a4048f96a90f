"""PHASE 3: FINDING LOOT (numba): threshold, Big / Small Loot, distribution, taking treasures, upkeep."""

from numba import njit

from simulator.core.decisions import ask
from simulator.games.loot.primitives import (
    add_cubes, discard_map, discard_treasure, explored_coast, log, near_bow_landing, return_compasses,
    reveal_treasure,
)
from simulator.games.loot.state import (
    AARON, D_TAKE_TREASURE, EV_A4, EV_B10, EV_B11, EV_B12, EV_B13, EV_B14, LAND_CAP, L_LOOT, L_TAKE, L_UPKEEP,
    N_OWNERS, REVEAL_CAP, R_CROSSED, R_DISCARD_TREASURE, R_EVENT, R_KEEP, S_ACTOR, S_COMP, S_COMP_N, S_CROSSES,
    S_CUBES, S_END_EARLY, S_EVENT, S_EXPLORED, S_INFO_TR, S_KEPT_TYPE, S_LAND, S_LAND_CHESTS, S_LAND_COLOUR,
    S_LAND_EFF, S_LAND_LAST, S_LAND_N, S_LOOT_ROUND, S_REVEAL, S_REVEAL_N, S_ROUND, S_SHIP_DIR, S_THRESHOLD,
    S_TOWNER, S_VAR, TR_CROSSED, TR_CROSSES, TR_CURSE, TR_REF, TR_TYPE, TT_AMULET, TT_CROWN,
    V_AMULET_COUNTS_ITSELF,
)

LOOT_SMALL = 0
LOOT_BIG = 1
LOOT_FINAL = 2


@njit(cache=True)
def take_treasure(s, lg, owner, t, keep):
    """TAKING TREASURES: keep it (take its curse cubes; crossed cubes let you discard that many)
    or discard it (discard up to 2 cubes + 1 per Amulet owned).  Cube discards are always the
    most allowed (never worse)."""
    info = S_INFO_TR + t * 8
    if keep == 1:
        s[S_TOWNER + t] = owner
        s[S_KEPT_TYPE + owner * 8 + s[info + TR_TYPE]] += 1
        s[S_CROSSES + owner] += s[info + TR_CROSSES]
        if s[info + TR_CURSE] > 0:
            add_cubes(s, lg, owner, s[info + TR_CURSE], R_KEEP)
        if s[info + TR_CROSSED] > 0:
            add_cubes(s, lg, owner, -s[info + TR_CROSSED], R_CROSSED)
    else:
        amulets = s[S_KEPT_TYPE + owner * 8 + TT_AMULET]
        if s[S_VAR + V_AMULET_COUNTS_ITSELF] == 1 and s[info + TR_TYPE] == TT_AMULET:
            amulets += 1
        add_cubes(s, lg, owner, -(2 + amulets), R_DISCARD_TREASURE)
        discard_treasure(s, t)
    log(s, lg, L_TAKE, owner, t, keep, 0, 0)


@njit(cache=True)
def aaron_take(s, lg, t):
    """2 players: Aaron keeps a treasure only if it is a Crown (never takes cubes)."""
    info = S_INFO_TR + t * 8
    if s[info + TR_TYPE] == TT_CROWN:
        s[S_TOWNER + t] = AARON
        s[S_KEPT_TYPE + AARON * 8 + TT_CROWN] += 1
        s[S_CROSSES + AARON] += s[info + TR_CROSSES]
        log(s, lg, L_TAKE, AARON, t, 1, 0, 0)
    else:
        discard_treasure(s, t)
        log(s, lg, L_TAKE, AARON, t, 0, 0, 0)


@njit(cache=True)
def _remove_revealed(s, index):
    n = s[S_REVEAL_N]
    for i in range(index, n - 1):
        s[S_REVEAL + i] = s[S_REVEAL + i + 1]
    s[S_REVEAL_N] = n - 1


@njit(cache=True)
def distribute(s, lg, landing, fs, pr, st, opts):
    """LOOT DISTRIBUTION: in compass order from bottom to top (event B13: top to bottom), each
    owner takes one revealed treasure, cycling until none is left.  Aaron always takes the one
    with the highest reference number.  Nobody there: the treasures are discarded."""
    ncomp = s[S_COMP_N + landing]
    base = S_COMP + landing * N_OWNERS
    if ncomp == 0:
        for i in range(s[S_REVEAL_N]):
            discard_treasure(s, s[S_REVEAL + i])
        s[S_REVEAL_N] = 0
        return
    reverse = s[S_EVENT] == EV_B13
    turn = 0
    while s[S_REVEAL_N] > 0:
        pos = turn % ncomp
        if reverse:
            pos = ncomp - 1 - pos
        owner = s[base + pos]
        turn += 1
        n = s[S_REVEAL_N]
        if owner == AARON:
            best = 0
            for i in range(1, n):
                if s[S_INFO_TR + s[S_REVEAL + i] * 8 + TR_REF] > s[S_INFO_TR + s[S_REVEAL + best] * 8 + TR_REF]:
                    best = i
            t = s[S_REVEAL + best]
            _remove_revealed(s, best)
            aaron_take(s, lg, t)
            continue
        for i in range(n):
            t = s[S_REVEAL + i]
            opts[2 * i] = t * 2 + 1
            opts[2 * i + 1] = t * 2
        s[S_ACTOR] = owner
        choice = opts[ask(fs, owner, s, D_TAKE_TREASURE, opts, 2 * n, pr, st)]
        t = choice >> 1
        for i in range(n):
            if s[S_REVEAL + i] == t:
                _remove_revealed(s, i)
                break
        take_treasure(s, lg, owner, t, choice & 1)


@njit(cache=True)
def resolve_landing(s, lg, deal, landing, kind, fs, pr, st, opts):
    """REVEAL and DISTRIBUTE the loot of one landing with enough cards.

    Big Loot: 1 treasure per compass + 1 per chest; Small Loot (and Final Exploration): 1 per
    chest.  Events A4 (-1 big / +1 small) and B11 (-1 both).  Returns the number revealed."""
    count = s[S_LAND_CHESTS + landing]
    if kind == LOOT_BIG:
        count += s[S_COMP_N + landing]
    event = s[S_EVENT]
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
    s[S_REVEAL_N] = 0
    for _ in range(count):
        t = reveal_treasure(s, lg, deal)
        if t < 0:
            break
        s[S_REVEAL + s[S_REVEAL_N]] = t
        s[S_REVEAL_N] += 1
    revealed = s[S_REVEAL_N]
    log(s, lg, L_LOOT, landing, kind, revealed, s[S_LAND_EFF + landing], 0)
    if revealed > 0:
        distribute(s, lg, landing, fs, pr, st, opts)
    return revealed


@njit(cache=True)
def clear_landing(s, landing):
    """UPKEEP of one landing: compasses back to their owners, cards to the discard pile."""
    return_compasses(s, landing)
    base = S_LAND + landing * LAND_CAP
    for i in range(s[S_LAND_N + landing]):
        discard_map(s, s[base + i])
    s[S_LAND_N + landing] = 0
    s[S_LAND_COLOUR + landing] = -1
    s[S_LAND_LAST + landing] = 0
    s[S_LAND_EFF + landing] = 0
    s[S_LAND_CHESTS + landing] = 0


@njit(cache=True)
def explore_coast(s, lg, deal, coast, fs, pr, st, opts):
    """Explore both landings of ``coast``: the one with more cards (tie: nearest the bow; event
    B12: fewer cards) is the Big Loot landing, explored first; the other, with enough cards, is
    the Small Loot landing.  Then upkeep.  Returns the number of landings that produced loot."""
    threshold = s[S_THRESHOLD]
    a = near_bow_landing(s, coast)
    b = a ^ 1
    ok_a = s[S_LAND_EFF + a] >= threshold
    ok_b = s[S_LAND_EFF + b] >= threshold
    produced = 0
    event = s[S_EVENT]
    if ok_a or ok_b:
        big = a
        if ok_a and ok_b:
            if event == EV_B12:
                if s[S_LAND_EFF + b] < s[S_LAND_EFF + a]:
                    big = b
            elif s[S_LAND_EFF + b] > s[S_LAND_EFF + a]:
                big = b
        elif ok_b:
            big = b
        small = big ^ 1
        if resolve_landing(s, lg, deal, big, LOOT_BIG, fs, pr, st, opts) > 0:
            produced += 1
        if s[S_END_EARLY] == 0 and s[S_LAND_EFF + small] >= threshold:
            if resolve_landing(s, lg, deal, small, LOOT_SMALL, fs, pr, st, opts) > 0:
                produced += 1
            if event == EV_B10:
                base = S_COMP + small * N_OWNERS
                for i in range(s[S_COMP_N + small]):
                    add_cubes(s, lg, s[base + i], -2, R_EVENT)
    clear_landing(s, a)
    clear_landing(s, b)
    log(s, lg, L_UPKEEP, coast, 0, 0, 0, 0)
    return produced


@njit(cache=True)
def loot_phase(s, lg, deal, fs, pr, st, opts):
    """PHASE 3: explore the coast the bow points to (event B14: and the next one)."""
    coast = explored_coast(s)
    s[S_EXPLORED] = coast
    produced = explore_coast(s, lg, deal, coast, fs, pr, st, opts)
    if s[S_EVENT] == EV_B14 and s[S_END_EARLY] == 0:
        nxt = (coast + s[S_SHIP_DIR] + 4) % 4
        produced += explore_coast(s, lg, deal, nxt, fs, pr, st, opts)
    s[S_LOOT_ROUND + s[S_ROUND] - 1] += produced
    s[S_EXPLORED] = -1
