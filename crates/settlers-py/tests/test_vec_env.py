"""VecEnv: the same games as single games of the same seeds, played through its arrays."""

import numpy as np
import pytest

import settlers


def single_game_steps(scenario, seats, seed, opponents, choose, max_ids):
    """Plays one game as VecEnv plays a slot: the learner (seat 0) by `choose`, the other
    seats by bots on the streams `settlers sim` gives them, chance from the seed, forced
    ids taken for the learner. Yields the learner's observation before each of its ids."""
    game = settlers.Game(scenario, seats, seed)
    bots = [None] + [settlers.bot(name, seed, 1 + s) for s, name in enumerate(opponents, start=1)]
    ids = 0
    while not game.is_over() and ids < max_ids:
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
            continue
        if seat != 0:
            game.apply(seat, bots[seat].choose(game, seat))
            continue
        mask = game.action_mask(0)
        legal = np.flatnonzero(mask)
        if len(legal) == 1:
            game.step(0, int(legal[0]))
            continue
        obs = game.observe(0)
        action = choose(mask)
        yield obs, mask, action
        game.step(0, action)
        ids += 1


def highest_legal_id(mask):
    return int(np.flatnonzero(mask)[-1])


def test_vec_env_gives_the_same_games_as_single_games_of_the_same_seeds():
    n, steps = 3, 150
    opponents = ["heuristic", "random", "random"]
    env = settlers.VecEnv(n, "base", 4, seed=21, opponents=opponents)
    seeds = env.seeds.copy()
    assert list(seeds) == [settlers.game_seed(21, i) for i in range(n)]
    singles = [single_game_steps("base", 4, int(seeds[i]), opponents, highest_legal_id, steps) for i in range(n)]
    for _ in range(steps):
        expected = [next(s) for s in singles]
        for i, (obs, mask, action) in enumerate(expected):
            assert (env.observations[i] == obs).all()
            assert (env.masks[i] == mask).all()
        env.step(np.array([a for _, _, a in expected], dtype=np.int64))
        assert not env.terminated.any()


def test_finished_games_are_replaced_and_rewarded():
    env = settlers.VecEnv(4, "base", 3, seed=2, opponents=["random", "random"], win_reward=2.0, loss_reward=-3.0)
    first = env.seeds.copy()
    finished = 0
    rewards = []
    for _ in range(40_000):
        env.step(env.sample_actions())
        for i in np.flatnonzero(env.terminated):
            finished += 1
            rewards.append(float(env.rewards[i]))
            assert env.masks[i].any()
        if finished >= 4:
            break
    assert finished >= 4
    assert set(rewards) <= {2.0, -3.0, 0.0}
    assert (env.seeds != first).any()
    assert env.observations.dtype == np.float32 and env.masks.dtype == np.bool_


def test_an_illegal_id_changes_no_game():
    env = settlers.VecEnv(2, "base", 4, seed=1)
    before = env.observations.copy()
    actions = env.sample_actions()
    actions[1] = int(np.flatnonzero(~env.masks[1])[0])
    with pytest.raises(settlers.IllegalAction, match="game 1"):
        env.step(actions)
    assert (env.observations == before).all()
    with pytest.raises(ValueError, match="opponents"):
        settlers.VecEnv(2, "base", 4, opponents=["random"])


def test_the_gymnasium_vector_env_steps_the_batch():
    from settlers.vector import SettlersVectorEnv

    env = SettlersVectorEnv(3, scenario="four-islands", opponents=["random"] * 3)
    obs, infos = env.reset(seed=4)
    assert obs.shape == (3,) + env.single_observation_space.shape
    assert env.observation_space.contains(obs)
    again, _ = SettlersVectorEnv(3, scenario="four-islands", opponents=["random"] * 3).reset(seed=4)
    assert (again == obs).all()
    for _ in range(50):
        actions = env.sample_legal_actions()
        assert infos["action_mask"][np.arange(3), actions].all()
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert rewards.shape == (3,) and terminated.dtype == np.bool_
