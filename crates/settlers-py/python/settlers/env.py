"""Gymnasium: one learning seat against the built-in bots (docs/python.md, "Gymnasium").

Importing this module registers ``Settlers-<scenario>-v0`` for every scenario.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from settlers._settlers import SCENARIOS, Game, IllegalAction, bot, scenario_seats


def default_seats(scenario: str) -> int:
    """Four seats where the scenario takes four, else the most it takes."""
    seats = scenario_seats(scenario)
    return 4 if 4 in seats else max(seats)


class SettlersEnv(gym.Env):
    """One seat (``learner``) learns; ``opponents`` (bot names, one for each other seat in
    seat order) play the others, and chance plays inside. Actions are the fixed ids of
    docs/python.md; ``info["action_mask"]`` and ``action_masks()`` give the legal ones.

    The reward is ``win_reward`` when the learner wins (or shares the win), ``loss_reward``
    when another seat wins, and 0 otherwise. An id that is not legal changes nothing: it
    raises ``IllegalAction`` when ``illegal="raise"``, or gives ``illegal_reward`` and
    ``info["illegal_action"]`` (the engine's words) when ``illegal="penalize"``.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        scenario: str = "base",
        seats: int | None = None,
        opponents: list[str] | None = None,
        learner: int = 0,
        win_reward: float = 1.0,
        loss_reward: float = -1.0,
        illegal: str = "penalize",
        illegal_reward: float = -0.01,
        skip_forced: bool = False,
        max_steps: int = 100_000,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        seats = default_seats(scenario) if seats is None else seats
        if opponents is None:
            opponents = ["heuristic"] * (seats - 1)
        if len(opponents) != seats - 1:
            raise ValueError(
                f"a {seats}-seat game has {seats - 1} opponents, but {len(opponents)} were given"
            )
        if not 0 <= learner < seats:
            raise ValueError(f"the learner {learner} is not a seat of a {seats}-seat game")
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal is 'raise' or 'penalize', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.scenario = scenario
        self.seats = seats
        self.opponents = list(opponents)
        self.learner = learner
        self.win_reward = float(win_reward)
        self.loss_reward = float(loss_reward)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.skip_forced = skip_forced
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.options = options
        probe = Game(scenario, seats, 0, **options)
        self.action_space = spaces.Discrete(probe.action_count)
        self.observation_space = spaces.Box(
            low=0.0, high=np.inf, shape=(probe.observation_size,), dtype=np.float32
        )
        self.game: Game = probe
        self._bots: list = []
        self._steps = 0
        self._mask = np.zeros(probe.action_count, dtype=bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        seed_ = int(self.np_random.integers(0, 2**63))
        self.game = Game(self.scenario, self.seats, seed_, **self.options)
        names = iter(self.opponents)
        self._bots = [
            None if s == self.learner else bot(next(names, "heuristic"), seed_, 1 + s)
            for s in range(self.game.seats)
        ]
        self._steps = 0
        self._advance()
        return self._observation(), self._info()

    def step(self, action):
        info_extra = {}
        try:
            self.game.step(self.learner, int(action))
        except IllegalAction as refused:
            if self.illegal == "raise":
                raise
            info_extra["illegal_action"] = str(refused)
            return (
                self._observation(),
                self.illegal_reward,
                False,
                False,
                {**self._info(), **info_extra},
            )
        self._steps += 1
        self._advance()
        terminated = self.game.is_over()
        truncated = not terminated and self._steps >= self.max_steps
        return self._observation(), self._reward(), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal ids of the learner (for maskable policies)."""
        return self._mask.copy()

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game)
        return None

    # Inside.

    def _advance(self) -> None:
        """Plays chance, the bots and (with ``skip_forced``) the learner's forced ids until
        the learner has a choice or the game ends."""
        game = self.game
        while not game.is_over() and self._steps < self.max_steps:
            seat = game.deciding_seat()
            if seat is None:
                game.apply_chance()
                continue
            if seat == self.learner:
                legal = game.action_mask_into(seat, self._mask)
                if self.skip_forced and legal == 1:
                    game.step(seat, int(np.flatnonzero(self._mask)[0]))
                    self._steps += 1
                    continue
                return
            game.apply(seat, self._bots[seat].choose(game, seat))
            self._steps += 1
        self._mask[:] = False

    def _observation(self) -> np.ndarray:
        return self.game.observe(self.learner)

    def _reward(self) -> float:
        if not self.game.is_over():
            return 0.0
        winners = self.game.winners()
        if self.learner in winners:
            return self.win_reward
        return self.loss_reward if winners else 0.0

    def _info(self) -> dict:
        return {"action_mask": self._mask.copy(), "seat": self.learner}


def _register() -> None:
    for scenario in SCENARIOS:
        env_id = f"Settlers-{scenario}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="settlers.env:SettlersEnv", kwargs={"scenario": scenario})


_register()

__all__ = ["SettlersEnv", "default_seats"]
