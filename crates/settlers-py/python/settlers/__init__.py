"""Settlers: the rules of the Catan family of board games, from Rust (docs/python.md).

``Game`` is one game; ``bot(name)`` a built-in bot; ``VecEnv`` many games stepped at once.
The Gymnasium environment is in ``settlers.env``, the PettingZoo one in
``settlers.pettingzoo``.
"""

from settlers._settlers import (
    BOTS,
    SCENARIOS,
    Bot,
    Game,
    IllegalAction,
    VecEnv,
    bot,
    game_seed,
    scenario_seats,
)

__all__ = [
    "BOTS",
    "SCENARIOS",
    "Bot",
    "Game",
    "IllegalAction",
    "VecEnv",
    "bot",
    "game_seed",
    "scenario_seats",
]
