"""The calls of the fast loops (docs/python.md, "Fast loops"): the sparse legal ids, chance
and forced ids inside `step`, and VecEnv's id lists and self-play mode."""

import random

import numpy as np
import pytest

import settlers
from conftest import every_scenario, play_random_ids, played_by_hand


def test_the_legal_ids_are_the_masks_places_at_every_step_of_every_scenario():
    checked = 0

    def check(game, seat, mask):
        nonlocal checked
        expected = np.flatnonzero(mask).tolist()
        assert game.legal_ids(seat) == expected
        out = np.full(game.action_count, -1, dtype=np.int32)
        count = game.legal_ids_into(seat, out)
        assert count == len(expected)
        assert out[:count].tolist() == expected
        assert (out[count:] == -1).all()
        # A seat that is not deciding gets its own ids (often none), as from the mask.
        other = (seat + 1) % game.seats
        assert game.legal_ids(other) == np.flatnonzero(game.action_mask(other)).tolist()
        checked += 1

    for scenario, seats in every_scenario():
        game = settlers.Game(scenario, seats, 11)
        play_random_ids(game, random.Random(3), 300, check)
    assert checked >= 300 * len(settlers.SCENARIOS) // 2


def test_legal_ids_into_names_a_wrong_array():
    game = settlers.Game("base", 4, 1)
    with pytest.raises(ValueError, match="action ids"):
        game.legal_ids_into(0, np.zeros(10, dtype=np.int32))
    with pytest.raises(TypeError):
        game.legal_ids_into(0, np.zeros(game.action_count, dtype=np.int64))
    with pytest.raises(ValueError, match="not a seat"):
        game.legal_ids(4)
    with pytest.raises(ValueError, match="record=False"):
        settlers.Game("base", 4, 1, record=False).record()


def highest(ids):
    return ids[-1]


@pytest.mark.parametrize("scenario,seats", [("base", 4), ("fog-islands", 3), ("barbarian-attack", 4)])
@pytest.mark.parametrize("skip_forced", [False, True])
def test_chance_and_forced_ids_inside_step_give_the_same_game(scenario, seats, skip_forced):
    game = settlers.Game(scenario, seats, 5, play_chance=True, skip_forced=skip_forced, record=False)
    assert game.play_chance and game.skip_forced == skip_forced
    expected = played_by_hand(scenario, seats, 5, skip_forced)
    seat, ids, obs = next(expected)
    for _ in range(400):
        assert game.deciding_seat() == seat
        if seat is None:
            assert game.is_over()
            break
        assert game.legal_ids(seat) == ids
        if skip_forced:
            assert len(ids) > 1
        assert game.observe(seat).tobytes() == obs.tobytes()
        assert game.step(seat, highest(ids)) == game.deciding_seat()
        seat, ids, obs = expected.send(highest(ids))


def test_a_game_with_chance_inside_plays_to_the_end_and_writes_its_record(tmp_path):
    rng = random.Random(2)
    game = settlers.Game("base", 4, 9, play_chance=True, skip_forced=True)
    buf = np.zeros(game.action_count, dtype=np.int32)
    steps = 0
    while not game.is_over():
        seat = game.deciding_seat()
        assert seat is not None, "chance is never left to the caller"
        count = game.legal_ids_into(seat, buf)
        assert count > 1
        game.step(seat, int(buf[rng.randrange(count)]))
        steps += 1
    assert game.winner is not None and steps > 100
    replayed = settlers.Game.from_record(game.record())
    assert replayed.winner == game.winner
    assert replayed.position() == game.position()


def vec_rows(env, i):
    """Game i's legal ids, from whichever format the VecEnv writes."""
    if env.mask_format == "dense":
        return np.flatnonzero(env.masks[i]).tolist()
    return env.legal_ids[i, : env.legal_counts[i]].tolist()


def test_the_ids_format_writes_the_dense_masks_places():
    dense = settlers.VecEnv(3, "base", 4, seed=8, opponents=["heuristic", "random", "random"])
    ids = settlers.VecEnv(3, "base", 4, seed=8, opponents=["heuristic", "random", "random"], mask_format="ids")
    assert dense.masks is not None and dense.legal_ids is None
    assert ids.masks is None and ids.legal_ids.shape == (3, ids.action_count) and ids.legal_ids.dtype == np.int32
    for _ in range(300):
        for i in range(3):
            assert vec_rows(ids, i) == vec_rows(dense, i)
        assert (ids.observations == dense.observations).all()
        assert (ids.rewards == dense.rewards).all()
        actions = dense.sample_actions()
        assert (ids.sample_actions() == actions).all()
        dense.step(actions)
        ids.step(actions)
    with pytest.raises(ValueError, match="mask format"):
        settlers.VecEnv(1, mask_format="sparse")


def check_rows_and_choose(env, expected, rng):
    """Checks each slot's rows against its single game's (seat, legal ids, observation) and
    chooses a random legal id for each."""
    actions = []
    for i, (seat, ids, obs) in enumerate(expected):
        assert env.to_act[i] == seat
        assert vec_rows(env, i) == ids
        assert env.observations[i].tobytes() == obs.tobytes()
        actions.append(rng.choice(ids))
    return actions


@pytest.mark.parametrize(
    "scenario,mask_format",
    [
        ("base", "dense"),
        ("base", "ids"),
        ("fog-islands", "ids"),
        ("barbarian-attack", "ids"),
        ("pirate-islands", "dense"),
        ("new-world", "ids"),
        ("cloth-for-catan", "ids"),
    ],
)
def test_self_play_gives_the_same_games_as_single_games_of_the_same_seeds(scenario, mask_format):
    # Random ids, the same in both; the rows, written only where the game changed, are
    # byte for byte the single game's observations (so they hide what `observe` hides).
    n, rng = 3, random.Random(5)
    env = settlers.VecEnv(n, scenario, 4, seed=13, self_play=True, mask_format=mask_format)
    assert env.self_play and env.rewards.shape == (n, 4)
    singles = [played_by_hand(scenario, 4, int(env.seeds[i])) for i in range(n)]
    expected = [next(single) for single in singles]
    for _ in range(1500):
        actions = check_rows_and_choose(env, expected, rng)
        env.step(np.array(actions, dtype=np.int64))
        if env.terminated.any():
            break
        expected = [single.send(a) for single, a in zip(singles, actions)]


@pytest.mark.parametrize("scenario,mask_format", [("base", "dense"), ("fog-islands", "ids")])
def test_rows_after_a_reset_are_the_next_games_own(scenario, mask_format):
    # A finished game's slot starts its next game in the same step; the rows, kept up to
    # date where the game changed, must then be the new game's, byte for byte, through
    # every later game too (nothing of the old game's marks may be left).
    n, rng = 2, random.Random(7)
    env = settlers.VecEnv(n, scenario, 3, seed=17, self_play=True, mask_format=mask_format)
    singles = [played_by_hand(scenario, 3, int(env.seeds[i])) for i in range(n)]
    expected = [next(single) for single in singles]
    finished = [0] * n
    for _ in range(30_000):
        actions = check_rows_and_choose(env, expected, rng)
        env.step(np.array(actions, dtype=np.int64))
        for i, (single, action) in enumerate(zip(singles, actions)):
            seat, ids, obs = single.send(action)
            if env.terminated[i]:
                assert seat is None, "the single game is over too"
                finished[i] += 1
                singles[i] = played_by_hand(scenario, 3, int(env.seeds[i]))
                seat, ids, obs = next(singles[i])
            else:
                assert seat is not None
            expected[i] = (seat, ids, obs)
        if min(finished) >= 2:
            break
    assert min(finished) >= 2, f"games finished in each slot: {finished}"


def test_self_play_plays_every_seat_to_the_end_and_rewards_each():
    env = settlers.VecEnv(4, "base", 3, seed=4, self_play=True, mask_format="ids", win_reward=2.0, loss_reward=-1.0)
    seats_seen = set()
    finished = []
    for _ in range(60_000):
        seats_seen.update(env.to_act.tolist())
        env.step(env.sample_actions())
        for i in np.flatnonzero(env.terminated):
            finished.append(sorted(env.rewards[i].tolist()))
            assert env.legal_counts[i] > 0
        assert (env.rewards[~env.terminated] == 0).all()
        if len(finished) >= 4:
            break
    assert len(finished) >= 4
    assert seats_seen == {0, 1, 2}
    # One winner and two losers (or a shared win in a scenario that has one: not here).
    assert all(r == [-1.0, -1.0, 2.0] for r in finished)


def test_self_play_refuses_opponents_and_illegal_ids():
    with pytest.raises(ValueError, match="self-play"):
        settlers.VecEnv(2, "base", 4, self_play=True, opponents=["random"] * 3)
    env = settlers.VecEnv(2, "base", 4, seed=1, self_play=True)
    before = env.observations.copy()
    actions = env.sample_actions()
    actions[0] = int(np.flatnonzero(~env.masks[0])[0])
    with pytest.raises(settlers.IllegalAction, match="game 0"):
        env.step(actions)
    assert (env.observations == before).all()


def test_the_gymnasium_vector_env_takes_the_learner_mode_only():
    from settlers.vector import SettlersVectorEnv

    with pytest.raises(ValueError, match="learner mode"):
        SettlersVectorEnv(2, scenario="base", self_play=True)
    with pytest.raises(ValueError, match="dense"):
        SettlersVectorEnv(2, scenario="base", mask_format="ids")
