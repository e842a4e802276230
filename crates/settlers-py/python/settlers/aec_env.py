"""PettingZoo: every seat an agent, in an AEC environment (docs/python.md, "PettingZoo").

Agents are ``player_0`` … ``player_<n-1>``, in seat order; the agent to act is the seat the
game waits for (chance plays inside). Each observation is a dict: ``observation``, the
seat's vector, and ``action_mask``, its legal ids (int8).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from settlers._settlers import Game
from settlers.env import default_seats


def env(**kwargs: Any) -> "SettlersAEC":
    """The AEC environment (``settlers.aec_env.env(scenario="base")``)."""
    return SettlersAEC(**kwargs)


class SettlersAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "settlers_v0", "is_parallelizable": False}

    def __init__(
        self,
        scenario: str = "base",
        seats: int | None = None,
        win_reward: float = 1.0,
        loss_reward: float = -1.0,
        max_steps: int = 100_000,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        seats = default_seats(scenario) if seats is None else seats
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.scenario = scenario
        self.seats = seats
        self.win_reward = float(win_reward)
        self.loss_reward = float(loss_reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.options = options
        self.game = Game(scenario, seats, 0, **options)
        self.possible_agents = [f"player_{s}" for s in range(seats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        count = self.game.action_count
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=np.inf, shape=(self.game.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(count)
        self._steps = 0

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
        self.game = Game(self.scenario, self.seats, int(seed), **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._play_chance()
        self.agent_selection = self._deciding_agent()

    def observe(self, agent):
        seat = self._seat[agent]
        return {
            "observation": self.game.observe(seat),
            "action_mask": self.game.action_mask(seat).astype(np.int8),
        }

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.step(self._seat[agent], int(action))
        self._steps += 1
        self._play_chance()
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game.is_over():
            winners = set(self.game.winners())
            for a in self.agents:
                self.terminations[a] = True
                if self._seat[a] in winners:
                    self.rewards[a] = self.win_reward
                elif winners:
                    self.rewards[a] = self.loss_reward
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._deciding_agent()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game)
        return None

    def close(self) -> None:
        pass

    def _play_chance(self) -> None:
        while not self.game.is_over() and self.game.deciding_seat() is None:
            self.game.apply_chance()

    def _deciding_agent(self) -> str:
        seat = self.game.deciding_seat()
        return self.possible_agents[seat]
