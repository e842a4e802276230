"""Gymnasium and PettingZoo: their own checkers pass, and the environments play whole
games."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import settlers
import settlers.aec_env
import settlers.env


@pytest.mark.parametrize("scenario", ["base", "fog-islands", "barbarian-attack"])
def test_gymnasium_checker_passes(scenario):
    check_env(settlers.env.SettlersEnv(scenario=scenario, opponents=["random"] * 3), skip_render_check=True)


def test_every_scenario_is_registered():
    for scenario in settlers.SCENARIOS:
        env = gym.make(f"Settlers-{scenario}-v0", opponents=None)
        obs, info = env.reset(seed=1)
        assert obs.shape == env.observation_space.shape
        assert info["action_mask"].any()
        env.close()


def test_one_seat_plays_a_game_to_the_end_against_bots():
    env = settlers.env.SettlersEnv(scenario="base", opponents=["heuristic", "random", "random"], win_reward=5.0, loss_reward=-2.0)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, done, steps = 0.0, False, 0
    while not done:
        mask = env.action_masks()
        assert (mask == info["action_mask"]).all()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        done = terminated or truncated
        steps += 1
    assert terminated and total in (5.0, -2.0, 0.0)
    assert env.game.is_over()


def test_an_illegal_id_is_penalized_or_raised_as_asked():
    env = settlers.env.SettlersEnv(scenario="base", opponents=["random"] * 3)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == env.illegal_reward and "illegal_action" in info2
    assert (obs2 == obs).all()
    strict = settlers.env.SettlersEnv(scenario="base", opponents=["random"] * 3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(settlers.IllegalAction):
        strict.step(illegal)


@pytest.mark.parametrize("scenario", ["base", "four-islands"])
def test_pettingzoo_api_test_passes(scenario):
    api_test(settlers.aec_env.env(scenario=scenario), num_cycles=300)


def test_pettingzoo_plays_to_the_end():
    env = settlers.aec_env.env(scenario="base", seats=3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(rewards.values()) == [-1.0, -1.0, 1.0]
