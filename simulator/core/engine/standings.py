"""Score trajectories (docs/engine-contract.md, "What the engine records"), numba.

A forward-model game keeps a block at ``trajectory_offset`` in its state: the number ``k`` of
checkpoints recorded, then ``max_players`` standings per checkpoint.  These helpers write it the
same way for every game.
"""

from numba import njit


@njit(cache=True, inline="always")
def clear_trajectory(state, trajectory_offset) -> None:
    """No checkpoint recorded yet (the standings themselves are overwritten as they are recorded)."""
    state[trajectory_offset] = 0


@njit(cache=True, inline="always")
def record_checkpoint(state, trajectory_offset, max_players, max_checkpoints, standings_offset, players) -> None:
    """Append one checkpoint: ``state[standings_offset + s]`` for seats ``s < players``.  When the
    block is full the last checkpoint is overwritten, so that the final one is always the end."""
    count = state[trajectory_offset]
    if count == max_checkpoints:
        count -= 1
    base = trajectory_offset + 1 + count * max_players
    for seat in range(players):
        state[base + seat] = state[standings_offset + seat]
    state[trajectory_offset] = count + 1
