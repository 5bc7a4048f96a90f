"""Rule readings with a switch: each test sets up the situation the reading is about and asserts
the outcome under the default and under the named variant (docs/games/loot.md, readings table).
Also the two-healers variant (every player reveals one of their two Healers)."""

from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.games.loot import state as layout
from simulator.games.loot.narrate import format_log
from tests.loot.helpers import Ctx, scripted

RED, BLUE, GREEN = 0, 1, 2
POOL_SEEN = 30  # params column where ``pool_watcher`` records the largest pool it saw while revealing


@njit(STRATEGY_SIGNATURE, cache=True)
def pool_watcher(state, seat, decision_kind, options, n_options, params, stream):
    """First option; while revealing a Healer, records how many Healers were already face up."""
    if decision_kind == layout.D_HEALER_REVEAL:
        params[POOL_SEEN] = max(params[POOL_SEEN], float(state[layout.S_HEAL_N]))
    return 0


def _island(ctx, power):
    for i in range(layout.N_ISLANDS):
        if ctx.state[layout.S_INFO_ISLAND + i * 3] == power:
            return i
    raise AssertionError(f"no island with power {power}")


def _end(ctx):
    return ctx.end_scoring()


# ----------------------------------------------------------------------------- two-healers
def test_two_healers_every_player_reveals_eliminated_ones_included():
    """VARIANTES, Guérisseuse 2: "chaque joueur choisit 1 carte, la place face visible"; the pool
    has one Healer per player as in the plain game, even when a player was eliminated by cubes."""
    ctx = Ctx(4, pool_watcher)
    ctx.state[layout.S_VAR + layout.V_TWO_HEALERS] = 1
    ctx.state[layout.S_FIRST] = 0
    hands = {0: (0, 13), 1: (5, 6), 2: (7, 8), 3: (9, 10)}  # healer ids; each reveals its first
    for seat, pair in hands.items():
        ctx.state[layout.S_HEAL_HAND + 2 * seat:layout.S_HEAL_HAND + 2 * seat + 2] = pair
    for seat, cubes in enumerate((13, 2, 4, 6)):  # seat 0 is eliminated by cubes
        ctx.state[layout.S_CUBES + seat] = cubes
    _end(ctx)
    assert ctx.records(layout.L_HEALER_REVEAL) == [[seat, hands[seat][0], 0, 0, 0] for seat in range(4)]
    # seat 1 chooses first (fewest cubes) and takes the first Healer face up: the one seat 0 revealed
    assert ctx.state[layout.S_HEALER + 1] == 0
    assert ctx.state[layout.S_ELIM + 0] == layout.ELIM_CUBES and ctx.state[layout.S_HEALER + 0] == -1
    assert ctx.state[layout.S_HEAL_N] == 1  # 4 revealed, 3 chose
    # simultaneous reveal: nobody saw a Healer face up while choosing which to reveal
    assert ctx.params[:4, POOL_SEEN].tolist() == [0, 0, 0, 0]
    lines = format_log(ctx.log, int(ctx.state[layout.S_LOG_N]))
    assert "Seat 1 reveals Healer 1, one of their two (two-healers)" in lines


# ----------------------------------------------------------------------------- readings
def _b10_coast(variant: bool) -> Ctx:
    """Explored coast 0 under B10: landing 0 is a Big Loot, landing 1 has too few cards (2 of 4)."""
    ctx = Ctx(3)
    ctx.state[layout.S_EVENT] = layout.EV_B10
    ctx.state[layout.S_VAR + layout.V_B10_WITHOUT_SMALL_LOOT] = int(variant)
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4, 5)])
    ctx.lay(1, *[ctx.card(BLUE, v, "none") for v in (2, 3)])
    ctx.compass(0, 0)
    ctx.compass(1, 1, 2)
    ctx.treasure_deck(8)
    ctx.explore_coast(0)
    return ctx


def test_b10_without_a_small_loot():
    default = _b10_coast(variant=False)
    assert [default.cubes(1), default.cubes(2)] == [3, 3]  # no Small Loot landing: nobody is freed
    variant = _b10_coast(variant=True)
    assert [variant.cubes(1), variant.cubes(2)] == [1, 1]  # the other landing's compasses discard 2


def _a3_island_with_aarons_cards(variant: bool) -> Ctx:
    ctx = Ctx(2)
    ctx.state[layout.S_EVENT] = layout.EV_A3
    ctx.state[layout.S_VAR + layout.V_A3_ACTOR_PAYS_FOR_AARON] = int(variant)
    ctx.give(layout.AARON, ctx.card(RED, 2), ctx.card(RED, 9))
    ctx.use_island(layout.AARON, 1, _island(ctx, layout.PW_DRAW), RED)
    assert ctx.hand(layout.AARON) == []
    return ctx


def test_a3_island_used_with_aarons_cards():
    default = _a3_island_with_aarons_cards(variant=False)
    assert [default.cubes(0), default.cubes(1)] == [3, 3]  # used for Aaron, who never takes cubes
    variant = _a3_island_with_aarons_cards(variant=True)
    assert [variant.cubes(0), variant.cubes(1)] == [3, 4]  # seat 1 acted: it takes the cube


def _landing_without_compass(variant: bool) -> Ctx:
    """Landing 0 has enough cards (4 at 3 players) and a chest, but every compass left it."""
    ctx = Ctx(3)
    ctx.state[layout.S_VAR + layout.V_NO_COMPASS_NO_REVEAL] = int(variant)
    ctx.lay(0, *[ctx.card(RED, v, "none") for v in (2, 3, 4)], ctx.card(RED, 8, "chest"))
    ctx.treasure_deck(6, 7)
    ctx.explore_coast(0)
    return ctx


def test_loot_on_a_landing_with_cards_but_no_compass():
    default = _landing_without_compass(variant=False)
    assert default.records(layout.L_LOOT)[0][2] == 1  # one treasure revealed (the chest) ...
    assert default.state[layout.S_TDISC_N] == 1 and default.state[layout.S_TDECK_N] == 1  # ... and discarded
    variant = _landing_without_compass(variant=True)
    assert variant.records(layout.L_LOOT)[0][2] == 0  # nobody there: nothing revealed
    assert variant.state[layout.S_TDISC_N] == 0 and variant.state[layout.S_TDECK_N] == 2


def _b4_with_aaron_on_three_landings(variant: bool) -> Ctx:
    ctx = Ctx(2, scripted, {layout.D_B4_RETURN_AARON: 5})
    ctx.state[layout.S_EVENT] = layout.EV_B4
    ctx.state[layout.S_VAR + layout.V_B4_TILE_HOLDER_MOVES_AARON] = int(variant)
    ctx.state[layout.S_FIRST] = 1
    for landing in (1, 3, 5):
        ctx.compass(landing, layout.AARON)
    ctx.b4_return()
    return ctx


def test_b4_aarons_surplus_compass():
    default = _b4_with_aaron_on_three_landings(variant=False)
    assert [default.stack(l) for l in (1, 3, 5)] == [[], [layout.AARON], [layout.AARON]]  # lowest landing
    assert default.params[:, 20 + layout.D_B4_RETURN_AARON].sum() == 0  # nobody was asked
    variant = _b4_with_aaron_on_three_landings(variant=True)
    assert [variant.stack(l) for l in (1, 3, 5)] == [[layout.AARON], [layout.AARON], []]  # seat 1's choice
    assert variant.params[:, 20 + layout.D_B4_RETURN_AARON].tolist() == [0, 1, 0, 0, 0]  # the tile holder
    assert variant.state[layout.S_SUPPLY + layout.AARON] == 1
