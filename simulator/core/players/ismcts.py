"""``ismcts``: a search player for every forward-model game (information-set Monte Carlo tree search).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").  Each iteration

1. **determinizes**: copies the position and lets the game's ``redraw_hidden(copy, seat, stream)``
   replace everything the deciding seat cannot see (other hands, deck orders, the game's own
   random stream) by a draw consistent with what it sees, so the search never reads hidden
   information: every simulation starts from a redrawn copy;
2. **selects** down the tree with UCB1 over the options available in that determinization
   (``mean reward + c * sqrt(ln(availability) / visits)``, availability = how many times the
   option was available when its parent was visited);
3. **expands** one option never tried from the node reached (chosen at random);
4. **rolls out** with the rollout policy (the game's default heuristic at every seat, with the
   heuristic's own weights, or uniform random choices) to the end of the game, or, with a
   ``horizon`` below 1, until the game has recorded ``ceil(horizon * max_checkpoints)`` more
   checkpoints of its score trajectory (Sails: tricks, Loot Island: rounds) than at the decision;
5. **backs up** the result from each seat's point of view: the seat that chose an edge is
   credited with its own reward.  By default (``reward=win``) its **win share**: 1 for a sole
   winner, 1/k for each of k seats sharing the best rank, 0 otherwise (a seat eliminated or
   beaten gets 0).  With ``reward=rank`` its rank reward ``(n - rank) / (n - 1)`` among the n
   ranked seats (1 for first, 0 for last; an eliminated seat, rank 0, gets 0).  A rollout cut
   at the horizon is scored the same way on the game's evaluation of the position
   (``ForwardModel.evaluate_cut``, each seat's expected final score) when it has one, else on its
   provisional standings at the last checkpoint (the seats with the best standing share the win;
   ranks by standing).  With ``reward=expected`` a finished game is worth the win share and a cut
   rollout the evaluation itself (clipped to [0, 1]), for a game whose ``evaluate_cut`` is each
   seat's expected win share (the skirmish game): a graded reward instead of all or nothing.

With ``stop=decided`` (the default) the search ends as soon as the root option visited most can
no longer be overtaken by the iterations left (its lead in visits exceeds them): the answer is
the one the full budget would give, with the same stream, at a fraction of the cost.  With
``agree`` below 1 the rollout heuristic first gives its own answer at the root; once
``ceil(agree * budget)`` iterations have run, the search stops as soon as that answer is the
root option visited most (strictly): the search spends its budget where it disagrees with the
heuristic.  With ``prior`` above 0 that answer counts ``round(prior * budget)`` visits more than
it had wherever the search compares visits at the root (the early stops and the answer): another
option must beat it by that many visits.  Every option stays offered and explored alike; the
heuristic's answer only ends the search early or wins the close calls.

The tree's nodes are identified by the decision (seat, kind) and the option's code, so the same
move is the same node whatever the determinization; a hash table on (parent, seat, kind, code)
finds a node's child for an option in about one probe, however many options the decision has.
It answers the root option visited most (ties: the better mean, then the first offered).

The tree lives in arrays allocated once per decision and bounded by the budget (one node per
iteration at most): nothing is allocated per node.  Each iteration copies the position with the
game's ``copy_position`` when it has one (only the slots that change during a game), else whole.

Parameters (the seat's ``params`` vector, set from the lineup as ``ismcts+budget=1000+c=0.5``;
see ``SETTINGS``): ``params[BUDGET]`` iterations, ``params[EXPLORATION]`` the constant ``c``,
``params[ROLLOUT]`` 0 for the default heuristic or 1 for random, ``params[REWARD]`` 0 for the
win share or 1 for the rank reward, ``params[HORIZON]`` the rollout horizon as a fraction of
the game's checkpoints (1: to the end), ``params[STOP]`` 0 to stop once decided or 1 to spend
the whole budget, ``params[AGREE]`` the share of the budget after which agreeing with the heuristic
ends the search (1: never), ``params[PRIOR]`` the visits credited to the heuristic's answer as a
share of the budget; after ``HEADER`` come the default heuristic's own parameters (and its
working memory), which the rollouts pass to it: ``ismcts@tuned-4p`` puts there the weights of the
heuristic's shipped file ``tuned-4p`` (``simulator.core.players.strategies``).

Every game with a forward model and ``redraw_hidden`` gets the strategy, compiled once per game
(``build_strategy``): the game's functions reach the compiled search as globals of a copy of
``_decide_template`` named after the game, so numba caches it (``cache=True``) in the game's
folder like the game's own functions (a closure over compiled functions would not be cached:
numba keys closures by their pickled contents, which change from one process to the next).
"""

from __future__ import annotations

import dataclasses
import math
import types as python_types
from pathlib import Path

import numpy as np
from numba import njit

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simulator.core.engine.decisions import STRATEGY_SIGNATURE
from simulator.core.engine.rng import random_below
from simulator.core.players.strategy_settings import StrategySetting
from simulator.core.engine.ties import prefer

NAME = "ismcts"
DESCRIPTION = ("search player (information-set Monte Carlo tree search): plays out simulated games from "
               "redrawn hidden cards; settings below, e.g. ismcts+budget=1000")

BUDGET = 0
"""``params`` slot: iterations (determinized simulations) per decision."""
EXPLORATION = 1
"""``params`` slot: the UCB1 exploration constant ``c`` (rewards are in [0, 1])."""
ROLLOUT = 2
"""``params`` slot: the rollout policy, ``ROLLOUT_HEURISTIC`` or ``ROLLOUT_RANDOM``."""
REWARD = 3
"""``params`` slot: what a simulation is worth to a seat, ``REWARD_WIN``, ``REWARD_RANK`` or ``REWARD_EXPECTED``."""
HORIZON = 4
"""``params`` slot: how far a rollout plays, as a fraction of the game's checkpoints (1: to the end)."""
STOP = 5
"""``params`` slot: ``STOP_DECIDED`` (stop once the answer cannot change) or ``STOP_BUDGET``."""
AGREE = 6
"""``params`` slot: the share of the budget after which the search stops as soon as the rollout
policy's own choice at the root is the option visited most (1: never)."""
PRIOR = 7
"""``params`` slot: visits credited to the rollout policy's own choice at the root when the answer
is chosen, as a share of the budget (0: none)."""
HEADER = 8
"""Slots before the default heuristic's parameters."""

ROLLOUT_HEURISTIC = 0
ROLLOUT_RANDOM = 1
REWARD_WIN = 0
REWARD_RANK = 1
REWARD_EXPECTED = 2
"""A finished game: the win share (as ``REWARD_WIN``); a rollout cut at the horizon: the game's
``evaluate_cut`` value itself, clipped to [0, 1], for a game whose evaluation is each seat's
expected win share (the skirmish game), instead of 1 for the best evaluation only."""
STOP_DECIDED = 0
STOP_BUDGET = 1

DEFAULT_BUDGET = 200
DEFAULT_EXPLORATION = 0.7
DEFAULT_HORIZON = 1.0
"""Full rollouts, as before cut rollouts existed, in a game not measured (``GAME_DEFAULTS_FILE``)."""
GAME_DEFAULTS_FILE = Path(__file__).with_name("ismcts_defaults.toml")
"""Each game's own defaults of these settings, chosen by measurement (a data file: editing it
recompiles nothing)."""
DEFAULT_AGREE = 1.0
"""Never stop on agreement, as before the setting existed, in a game not measured (``GAME_DEFAULTS_FILE``)."""
DEFAULT_PRIOR = 0.0
"""No credit for the heuristic's choice, as before the setting existed, in a game not measured."""
MIN_HORIZON = 0.001
"""The shortest horizon: one checkpoint of a game that has up to 1,000 (the skirmish game's rounds)."""
MAX_BUDGET = 1_000_000
"""The tree holds one node per iteration: 1,000,000 iterations is about 110 MB per decision."""

SETTINGS = (
    StrategySetting("budget", BUDGET, "iterations (simulated games) per decision", DEFAULT_BUDGET, 1, MAX_BUDGET,
                    integer=True),
    StrategySetting("c", EXPLORATION, "UCB1 exploration constant", DEFAULT_EXPLORATION, 0.0, 100.0),
    StrategySetting("rollout", ROLLOUT, "rollout policy", ROLLOUT_HEURISTIC, ROLLOUT_HEURISTIC, ROLLOUT_RANDOM,
                    choices={"heuristic": ROLLOUT_HEURISTIC, "random": ROLLOUT_RANDOM}),
    StrategySetting("reward", REWARD, "what a simulated game is worth to a seat", REWARD_WIN, REWARD_WIN,
                    REWARD_EXPECTED, choices={"win": REWARD_WIN, "rank": REWARD_RANK, "expected": REWARD_EXPECTED}),
    StrategySetting("horizon", HORIZON, "how far a rollout plays before it is scored on the provisional standings, "
                    "as a fraction of the game's checkpoints (1: to the end)", DEFAULT_HORIZON, MIN_HORIZON, 1.0),
    StrategySetting("stop", STOP, "when the search stops", STOP_DECIDED, STOP_DECIDED, STOP_BUDGET,
                    choices={"decided": STOP_DECIDED, "budget": STOP_BUDGET}),
    StrategySetting("agree", AGREE, "share of the budget after which the search stops as soon as the rollout "
                    "heuristic's own choice is the option visited most (1: never)", DEFAULT_AGREE, 0.0, 1.0),
    StrategySetting("prior", PRIOR, "visits credited to the rollout heuristic's own choice when the answer is "
                    "chosen, as a share of the budget (0: none)", DEFAULT_PRIOR, 0.0, 1.0),
)
"""What a lineup may set after the name (``ismcts+budget=1000``), with defaults and bounds."""

NO_NODE = -1
GAME_OVER = -1


@njit(inline="always")
def child_slot(child_table, node_parent, node_seat, node_kind, node_code, node, seat, kind, code):
    """Where the tree's hash table (``child_table``: a node per slot, ``NO_NODE`` when empty; a power
    of two, at least twice the nodes) holds the child of ``node`` reached by option ``code`` of
    decision (``seat``, ``kind``), or the empty slot where it goes (open addressing, linear probing).
    One lookup costs about one probe, whatever the number of options."""
    mask = child_table.shape[0] - 1
    key = ((np.uint64(node) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(code) * np.uint64(0xC2B2AE3D27D4EB4F))
           ^ (np.uint64(seat * 1024 + kind) * np.uint64(0x165667B19E3779F9)))
    slot = np.int64((key ^ (key >> np.uint64(32))) & np.uint64(mask))
    while True:
        child = child_table[slot]
        if child == NO_NODE or (node_parent[child] == node and node_code[child] == code and node_seat[child] == seat
                                and node_kind[child] == kind):
            return slot
        slot = (slot + 1) & mask


@njit(inline="always")
def find_child(child_table, node_parent, node_seat, node_kind, node_code, node, seat, kind, code):
    """The child of ``node`` reached by option ``code`` of decision (``seat``, ``kind``), or ``NO_NODE``."""
    return child_table[child_slot(child_table, node_parent, node_seat, node_kind, node_code, node, seat, kind, code)]


@njit(inline="always")
def win_shares(seat_row, reward):
    """Each seat's reward for a finished game: 1/k for the k seats of rank 1, 0 for the others."""
    winners = 0
    for s in range(seat_row.shape[0]):
        if seat_row[s, 1] == 1:
            winners += 1
    for s in range(seat_row.shape[0]):
        reward[s] = 1.0 / winners if winners > 0 and seat_row[s, 1] == 1 else 0.0


@njit(inline="always")
def rank_rewards(seat_row, reward):
    """Each seat's reward for a finished game: ``(n - rank) / (n - 1)`` among the n ranked seats."""
    ranked = 0
    for s in range(seat_row.shape[0]):
        if seat_row[s, 1] >= 1:
            ranked += 1
    for s in range(seat_row.shape[0]):
        rank = seat_row[s, 1]
        reward[s] = (ranked - rank) / (ranked - 1) if rank >= 1 and ranked > 1 else 0.0


@njit(inline="always")
def standing_rewards(standings, players, rank_reward, reward):
    """Each seat's reward for a rollout cut before the end, from ``standings[s]`` (seat ``s``'s
    provisional standing or expected final score): as ``win_shares`` (the seats with the best
    standing share 1) or ``rank_rewards`` (rank = 1 + seats strictly ahead)."""
    best = standings[0]
    for s in range(players):
        best = max(best, standings[s])
    leaders = 0
    for s in range(players):
        if standings[s] == best:
            leaders += 1
    for s in range(reward.shape[0]):
        if s >= players:
            reward[s] = 0.0
        elif rank_reward:
            ahead = 0
            for other in range(players):
                if standings[other] > standings[s]:
                    ahead += 1
            reward[s] = (players - 1 - ahead) / (players - 1) if players > 1 else 0.0
        else:
            reward[s] = 1.0 / leaders if standings[s] == best else 0.0


@njit(inline="always")
def expected_rewards(values, players, reward):
    """Each seat's reward for a rollout cut before the end with ``reward=expected``: ``values[s]``
    (the game's expected win share of seat ``s``) clipped to [0, 1]; 0 for the seats the game lacks."""
    for s in range(reward.shape[0]):
        reward[s] = min(1.0, max(0.0, values[s])) if s < players else 0.0


@njit(inline="always")
def provisional_rewards(state, trajectory_offset, max_players, players, rank_reward, reward):
    """``standing_rewards`` on the standings of the last checkpoint recorded in ``state``."""
    row = trajectory_offset + 1 + (state[trajectory_offset] - 1) * max_players
    standing_rewards(state[row:row + max_players], players, rank_reward, reward)


@njit
def copy_whole_state(source, target):
    """``copy_position`` of a game that declares none: the whole state."""
    target[:] = source


@njit
def no_cut_evaluation(state, values):
    """``evaluate_cut`` of a game that declares none (never called: the standings are used)."""
    values[:] = 0.0


@njit(inline="always")
def root_decided(child_table, node_parent, node_seat, node_kind, node_code, visits, seat, kind, options, n_options,
                 iterations_left, preferred, bonus):
    """Whether the root option visited most leads every other (an option never tried counts 0 visits;
    option ``preferred`` counts ``bonus`` more) by more than ``iterations_left``: then no further
    iteration can change the answer."""
    most = 0
    second = 0
    for i in range(n_options):
        child = find_child(child_table, node_parent, node_seat, node_kind, node_code, 0, seat, kind, options[i])
        count = (visits[child] if child != NO_NODE else 0) + (bonus if i == preferred else 0)
        if count > most:
            second = most
            most = count
        elif count > second:
            second = count
    return most - second > iterations_left


@njit(inline="always")
def root_leader(child_table, node_parent, node_seat, node_kind, node_code, visits, seat, kind, options, n_options,
                preferred, bonus):
    """The root option visited strictly more than every other (an option never tried counts 0
    visits; option ``preferred`` counts ``bonus`` more), or -1 when two or more share the most."""
    most = 0
    leader = -1
    for i in range(n_options):
        child = find_child(child_table, node_parent, node_seat, node_kind, node_code, 0, seat, kind, options[i])
        count = (visits[child] if child != NO_NODE else 0) + (bonus if i == preferred else 0)
        if count > most:
            most = count
            leader = i
        elif count == most:
            leader = -1
    return leader


@njit(inline="always")
def search(pending_decision, apply, redraw_hidden, final_results, copy_position, evaluate_cut, has_cut_evaluation,
           heuristic, state_size, max_options, max_players, seat_columns, game_columns, trajectory_offset,
           max_checkpoints, players_slot, state, seat, kind, options, n_options, params, stream):
    """ISMCTS from ``seat``'s decision in ``state`` (the module docstring); the chosen option index."""
    budget = max(1, int(params[BUDGET]))
    exploration = params[EXPLORATION]
    random_rollout = int(params[ROLLOUT]) == ROLLOUT_RANDOM
    rank_reward = int(params[REWARD]) == REWARD_RANK
    expected_reward = int(params[REWARD]) == REWARD_EXPECTED
    stop_when_decided = int(params[STOP]) == STOP_DECIDED
    heuristic_params = params[HEADER:]
    # the rollout heuristic's own answer, when the search may stop on agreeing with it
    agree_after = budget + 1
    preferred = -1
    bonus = 0
    if params[AGREE] < 1.0 or params[PRIOR] > 0.0:
        preferred = heuristic(state, seat, kind, options, n_options, heuristic_params, stream)
        bonus = int(round(params[PRIOR] * budget))
        if params[AGREE] < 1.0:
            agree_after = max(1, int(math.ceil(params[AGREE] * budget)))
    # the rollout is cut once the game has recorded `cutoff` checkpoints (never with horizon 1)
    cutoff = np.int64(-1)
    if params[HORIZON] < 1.0 and trajectory_offset >= 0 and max_checkpoints > 0:
        cutoff = state[trajectory_offset] + max(1, int(math.ceil(params[HORIZON] * max_checkpoints)))
    players = state[players_slot] if players_slot >= 0 else max_players
    capacity = budget + 1
    table_size = 1
    while table_size < 2 * capacity:
        table_size *= 2
    child_table = np.full(table_size, NO_NODE, dtype=np.int64)
    node_parent = np.full(capacity, NO_NODE, dtype=np.int64)
    node_seat = np.zeros(capacity, dtype=np.int64)
    node_kind = np.zeros(capacity, dtype=np.int64)
    node_code = np.zeros(capacity, dtype=np.int64)
    visits = np.zeros(capacity, dtype=np.int64)
    available = np.zeros(capacity, dtype=np.int64)
    total_reward = np.zeros(capacity, dtype=np.float64)
    path = np.zeros(capacity, dtype=np.int64)
    work = np.empty(state_size, dtype=np.int64)
    work_options = np.empty(max_options, dtype=np.int64)
    option_child = np.empty(max_options, dtype=np.int64)
    seat_row = np.zeros((max_players, seat_columns), dtype=np.int64)
    game_row = np.zeros(game_columns, dtype=np.int64)
    reward = np.zeros(max_players, dtype=np.float64)
    values = np.zeros(max_players, dtype=np.float64)
    no_log = np.zeros((0, 6), dtype=np.int64)
    n_nodes = 1  # node 0 is the root
    work[:] = state
    for iteration in range(budget):
        copy_position(state, work)
        redraw_hidden(work, seat, stream)
        node = 0
        depth = 0
        path[0] = 0
        # selection and expansion
        while True:
            mover, move_kind, n = pending_decision(work, work_options)
            if mover == GAME_OVER or (cutoff >= 0 and work[trajectory_offset] >= cutoff):
                break
            untried = 0
            for i in range(n):
                option_child[i] = find_child(child_table, node_parent, node_seat, node_kind, node_code, node, mover,
                                             move_kind, work_options[i])
                if option_child[i] == NO_NODE:
                    untried += 1
            if untried > 0:
                pick = random_below(stream, untried)
                chosen = 0
                for i in range(n):
                    if option_child[i] == NO_NODE:
                        if pick == 0:
                            chosen = i
                            break
                        pick -= 1
                child = n_nodes
                n_nodes += 1
                node_seat[child] = mover
                node_kind[child] = move_kind
                node_code[child] = work_options[chosen]
                available[child] = 1
                node_parent[child] = node
                slot = child_slot(child_table, node_parent, node_seat, node_kind, node_code, node, mover, move_kind,
                                  work_options[chosen])
                child_table[slot] = child
                apply(work, chosen, no_log)
                depth += 1
                path[depth] = child
                break
            chosen = 0
            best = -1.0
            equal = 0
            for i in range(n):
                child = option_child[i]
                available[child] += 1
                value = total_reward[child] / visits[child] + exploration * math.sqrt(
                    math.log(available[child]) / visits[child])
                take, equal = prefer(value, best, equal, stream)  # equal values: one at random
                if take:
                    best = value
                    chosen = i
            node = option_child[chosen]
            apply(work, chosen, no_log)
            depth += 1
            path[depth] = node
        # rollout
        cut = False
        while True:
            mover, move_kind, n = pending_decision(work, work_options)
            if mover == GAME_OVER:
                break
            if cutoff >= 0 and work[trajectory_offset] >= cutoff:
                cut = True
                break
            if random_rollout:
                choice = random_below(stream, n)
            else:
                choice = heuristic(work, mover, move_kind, work_options, n, heuristic_params, stream)
            apply(work, choice, no_log)
        # backup: each edge's chooser is credited with its own reward
        if cut and has_cut_evaluation:
            evaluate_cut(work, values)
            if expected_reward:
                expected_rewards(values, players, reward)
            else:
                standing_rewards(values, players, rank_reward, reward)
        elif cut:
            provisional_rewards(work, trajectory_offset, max_players, players, rank_reward, reward)
        else:
            seat_row[:, 1] = 0  # seats the game does not have stay unranked
            final_results(work, seat_row, game_row)
            if rank_reward:
                rank_rewards(seat_row, reward)
            else:
                win_shares(seat_row, reward)
        visits[0] += 1
        for d in range(1, depth + 1):
            visited = path[d]
            visits[visited] += 1
            total_reward[visited] += reward[node_seat[visited]]
        iterations_left = budget - 1 - iteration
        if stop_when_decided and 2 * (iteration + 1) > budget and iterations_left > 0 and root_decided(
                child_table, node_parent, node_seat, node_kind, node_code, visits, seat, kind, options, n_options,
                iterations_left, preferred, bonus):
            break
        if iteration + 1 >= agree_after and iterations_left > 0 and root_leader(
                child_table, node_parent, node_seat, node_kind, node_code, visits, seat, kind, options,
                n_options, preferred, bonus) == preferred:
            return preferred
    best_index = 0
    best_visits = -1
    best_mean = -1.0
    equal = 0
    for i in range(n_options):
        child = find_child(child_table, node_parent, node_seat, node_kind, node_code, 0, seat, kind, options[i])
        count = (visits[child] if child != NO_NODE else 0) + (bonus if i == preferred else 0)
        if count == 0:
            continue
        mean = total_reward[child] / visits[child] if child != NO_NODE and visits[child] > 0 else 0.0
        # most visits, then best mean; options equal on both: one at random (never by option order)
        take = count > best_visits
        if take:
            equal = 1
        elif count == best_visits:
            take, equal = prefer(mean, best_mean, equal, stream)
        if take:
            best_index = i
            best_visits = count
            best_mean = mean
    return best_index


def _decide_template(state, seat, kind, options, n_options, params, stream):
    """The strategy: ``search`` bound to one game's functions (globals filled by ``build_strategy``)."""
    return search(GAME_PENDING_DECISION, GAME_APPLY, GAME_REDRAW_HIDDEN, GAME_FINAL_RESULTS,  # noqa: F821
                  GAME_COPY_POSITION, GAME_EVALUATE_CUT, GAME_HAS_CUT_EVALUATION, ROLLOUT_POLICY,  # noqa: F821
                  GAME_STATE_SIZE, GAME_MAX_OPTIONS, GAME_MAX_PLAYERS,  # noqa: F821
                  GAME_SEAT_COLUMNS, GAME_GAME_COLUMNS, GAME_TRAJECTORY_OFFSET, GAME_MAX_CHECKPOINTS,  # noqa: F821
                  GAME_PLAYERS_SLOT, state, seat, kind, options, n_options, params, stream)  # noqa: F821


def compile_for_game(spec, rollout_function):
    """``_decide_template`` compiled for ``spec``'s forward model with ``rollout_function`` (a compiled
    strategy) as the heuristic rollout policy.  Call it inside ``game_cache(spec.id)``: the compiled
    code is cached in the game's folder (its name carries the game id, so games never share it)."""
    forward = spec.forward
    game_globals = dict(globals())
    game_globals.update(
        GAME_PENDING_DECISION=forward.pending_decision,
        GAME_APPLY=forward.apply,
        GAME_REDRAW_HIDDEN=forward.redraw_hidden,
        GAME_FINAL_RESULTS=forward.final_results,
        GAME_COPY_POSITION=forward.copy_position or copy_whole_state,
        GAME_EVALUATE_CUT=forward.evaluate_cut or no_cut_evaluation,
        GAME_HAS_CUT_EVALUATION=forward.evaluate_cut is not None,
        ROLLOUT_POLICY=rollout_function,
        GAME_STATE_SIZE=int(forward.state_size),
        GAME_MAX_OPTIONS=int(forward.max_options),
        GAME_MAX_PLAYERS=int(max(spec.player_counts)),
        GAME_SEAT_COLUMNS=len(spec.seat_columns),
        GAME_GAME_COLUMNS=len(spec.game_columns),
        GAME_TRAJECTORY_OFFSET=int(forward.trajectory_offset) if forward.max_checkpoints else -1,
        GAME_MAX_CHECKPOINTS=int(forward.max_checkpoints),
        GAME_PLAYERS_SLOT=int(forward.players_slot),
    )
    name = f"ismcts_{spec.id}"
    function = python_types.FunctionType(_decide_template.__code__, game_globals, name)
    function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = f"ISMCTS for {spec.title} (simulator.core.players.ismcts)."
    return njit(STRATEGY_SIGNATURE, cache=True)(function)


def game_defaults(game_id: str) -> dict[str, float]:
    """``game_id``'s own defaults of ``SETTINGS`` (``GAME_DEFAULTS_FILE``), by setting name."""
    with open(GAME_DEFAULTS_FILE, "rb") as handle:
        return dict(tomllib.load(handle).get(game_id, {}))


def game_settings(game_id: str) -> tuple[StrategySetting, ...]:
    """``SETTINGS`` with ``game_id``'s own defaults, where it has some (``GAME_DEFAULTS_FILE``)."""
    defaults = game_defaults(game_id)
    return tuple(dataclasses.replace(setting, default=_setting_value(setting, defaults[setting.name]))
                 if setting.name in defaults else setting for setting in SETTINGS)


def _setting_value(setting: StrategySetting, value) -> float:
    """A default written in ``GAME_DEFAULTS_FILE``: a number, or one of the setting's named choices."""
    return float(setting.choices[value]) if isinstance(value, str) else float(value)


def default_params(heuristic_params: np.ndarray, settings: tuple[StrategySetting, ...] = SETTINGS) -> np.ndarray:
    """The ``params`` vector of ``ismcts`` with every setting at its default, then the heuristic's."""
    header = np.zeros(HEADER, dtype=np.float64)
    for setting in settings:
        header[setting.index] = setting.default
    return np.concatenate([header, np.asarray(heuristic_params, dtype=np.float64)])


def has_search_player(spec) -> bool:
    """Whether ``spec`` can have ``ismcts``: a forward model that can redraw what a seat cannot see."""
    return spec.forward is not None and spec.forward.redraw_hidden is not None


def with_search_player(spec):
    """``spec`` with ``ismcts`` among its strategies when it has a forward model with
    ``redraw_hidden`` (unchanged otherwise).  The search player compiles when a lineup first names
    it, not when the game's strategies load: a run without it does not pay its compile."""
    if not has_search_player(spec) or NAME in spec.strategy_descriptions:
        return spec
    base_loader = spec.strategy_loader
    settings = game_settings(spec.id)

    def loader():
        from simulator.compiled_cache import game_cache
        from simulator.core.engine.registry import StrategySpec, StrategyTable

        loaded = base_loader()
        rollout = loaded[spec.default_strategy]

        def build_search_player():
            with game_cache(spec.id):
                function = compile_for_game(spec, rollout.function)
            return StrategySpec(NAME, function, default_params(rollout.params, settings),
                                DESCRIPTION, tunable=0)  # its settings are a budget, not weights to tune

        return StrategyTable({name: loaded[name] for name in loaded}, {NAME: build_search_player})

    return dataclasses.replace(
        spec,
        strategy_loader=loader,
        strategy_descriptions={**spec.strategy_descriptions, NAME: DESCRIPTION},
        strategy_settings={**spec.strategy_settings, NAME: settings},
    )
