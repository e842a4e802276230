"""VecEnv's observation rows, each written only where its game changed, against the same
seat's observation written whole from scratch (`Game.observe`), at every step of whole
games of several scenarios."""

import bisect
import random

import numpy as np
import pytest

import settlers
from conftest import played_by_hand


def choose(ids, starts, rng):
    """A random kind of action (block) among the legal ones, then a random id of it: uniform
    over the ids, the many offers and bank trades would make the games far longer."""
    blocks = {}
    for action_id in ids:
        blocks.setdefault(bisect.bisect_right(starts, action_id), []).append(action_id)
    return rng.choice(blocks[rng.choice(sorted(blocks))])


def differing_parts(layout, row, whole):
    """The layout's parts (with the first place) where the row differs from the whole one."""
    places = np.flatnonzero(row != whole)
    return sorted({(name, int(p)) for p in places[:20] for name, start, size in layout if start <= p < start + size})


@pytest.mark.parametrize(
    "scenario,seats,options",
    [
        ("base", 4, {}),
        ("base", 3, {}),
        ("fog-islands", 3, {}),
        ("through-the-desert", 4, {}),
        ("barbarian-attack", 4, {}),
        ("barbarian-attack", 2, {}),
        ("barbarian-attack", 4, {"event_cards": True}),
        ("barbarian-attack", 3, {"harbormaster": True}),
        ("cloth-for-catan", 4, {}),
    ],
)
def test_rows_written_where_they_changed_are_the_observations_written_whole(scenario, seats, options):
    # The seat to act changes from step to step (the viewer of the row), and a slot whose
    # game ends starts the next in the same row: the counts, the pieces and the board must
    # all follow.
    n, rng = 3, random.Random(3)
    env = settlers.VecEnv(n, scenario, seats, seed=29, self_play=True, mask_format="ids", **options)
    first = settlers.Game(scenario, seats, 0, **options)
    starts = [start for _, start, _ in first.action_blocks()]
    layout = first.observation_layout()
    games = [played_by_hand(scenario, seats, int(env.seeds[i]), options=options) for i in range(n)]
    expected = [next(game) for game in games]
    finished, steps = [0] * n, 0
    while min(finished) < 2 and steps < 40_000:
        actions = []
        for i, (seat, ids, whole) in enumerate(expected):
            assert env.to_act[i] == seat
            assert env.legal_ids[i, : env.legal_counts[i]].tolist() == ids
            row = env.observations[i]
            assert row.tobytes() == whole.tobytes(), f"step {steps}, game {i}: {differing_parts(layout, row, whole)}"
            actions.append(choose(ids, starts, rng))
        env.step(np.array(actions, dtype=np.int64))
        steps += 1
        for i, (game, action) in enumerate(zip(games, actions)):
            seat, ids, whole = game.send(action)
            if env.terminated[i]:
                assert seat is None, "the replayed game is over too"
                finished[i] += 1
                games[i] = played_by_hand(scenario, seats, int(env.seeds[i]), options=options)
                seat, ids, whole = next(games[i])
            expected[i] = (seat, ids, whole)
    assert min(finished) >= 2, f"games finished in each slot after {steps} steps: {finished}"
