"""A Gymnasium vector environment over ``settlers.VecEnv`` (docs/python.md, "VecEnv")."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from settlers._settlers import VecEnv
from settlers.env import default_seats


class SettlersVectorEnv(VectorEnv):
    """``num_envs`` games in Rust, one learning seat in each against ``opponents``. A game
    that ends is replaced in the same step (``AutoresetMode.SAME_STEP``): the observation
    returned is then the new game's first. ``infos["action_mask"]`` holds the legal ids."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int,
        scenario: str = "base",
        seats: int | None = None,
        opponents: list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        if kwargs.get("self_play") or kwargs.get("mask_format", "dense") != "dense":
            raise ValueError("the Gymnasium vector environment is VecEnv's learner mode with dense masks")
        seats = default_seats(scenario) if seats is None else seats
        self._args = dict(scenario=scenario, seats=seats, opponents=opponents, **kwargs)
        self._env = VecEnv(num_envs, seed=0, **self._args)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            low=0.0, high=np.inf, shape=(self._env.observation_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(self._env.action_count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._env = VecEnv(self.num_envs, seed=int(seed), **self._args)
        else:
            self._env.reset()
        return self._env.observations.copy(), self._infos()

    def step(self, actions):
        self._env.step(np.asarray(actions, dtype=np.int64))
        return (
            self._env.observations.copy(),
            self._env.rewards.astype(np.float64),
            self._env.terminated.copy(),
            self._env.truncated.copy(),
            self._infos(),
        )

    def action_masks(self) -> np.ndarray:
        return self._env.masks.copy()

    def sample_legal_actions(self) -> np.ndarray:
        """A random legal id for each game."""
        return self._env.sample_actions()

    def _infos(self) -> dict:
        return {"action_mask": self._env.masks.copy()}
