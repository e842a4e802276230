"""``SettlersPlayer``: one of our bots as a Catanatron player (docs/python.md, "Catanatron")."""

import time

from catanatron.models.player import Player
from catanatron.models.enums import ActionType

import settlers
from settlers.catanatron.actions import counterparts, key
from settlers.catanatron.position import load, mapping_of, seat_position


class SettlersPlayer(Player):
    """A Catanatron ``Player`` deciding with our bot ``bot`` (any name ``settlers.bot``
    takes: ``"heuristic"``, ``"random"``, ``"mcts:ms=100"`` once it is there).

    At each decision with more than one playable action it writes the position its seat
    knows (``seat_position``), loads it in our engine and asks the bot to choose among the
    playable actions our rules share. When they share none (Catanatron's rules differ from
    ours there), it plays the first of END_TURN, ROLL and Catanatron's first playable action
    that is playable, and counts it in ``fallbacks``. ``decisions`` and ``seconds`` count the
    decisions the bot made and the time they took."""

    def __init__(self, color, bot="heuristic", seed=0, is_bot=True):
        super().__init__(color, is_bot)
        self.bot_name = bot
        self.seed = seed
        self.bot = settlers.bot(bot, seed=seed)
        self.decisions = 0
        self.fallbacks = 0
        self.seconds = 0.0
        self.longest = 0.0

    def reset_state(self):
        self.bot = settlers.bot(self.bot_name, seed=self.seed)

    def decide(self, game, playable_actions):
        playable_actions = list(playable_actions)
        if len(playable_actions) == 1:
            return playable_actions[0]
        started = time.perf_counter()
        action = self._choose(game, playable_actions)
        spent = time.perf_counter() - started
        self.decisions += 1
        self.seconds += spent
        self.longest = max(self.longest, spent)
        return action

    def _choose(self, game, playable_actions):
        state = game.state
        mapping = mapping_of(state.board.map)
        seat = state.color_to_index[self.color]
        choices = counterparts(playable_actions, mapping, state.color_to_index.__getitem__)
        if choices:
            position = seat_position(game, self.color, mapping)
            ours, _ = load(position)
            allowed = [text for text, _ in choices.values()]
            try:
                chosen = self.bot.choose(ours, seat, allowed)
            except ValueError:
                chosen = None  # none of them is legal in our rules
            if chosen is not None:
                return choices[key(chosen)][1]
        self.fallbacks += 1
        return fallback(playable_actions)


def fallback(playable_actions):
    """The stated rule where our rules allow none of Catanatron's actions: END_TURN, else
    ROLL, else the first playable action."""
    for kind in (ActionType.END_TURN, ActionType.ROLL):
        for action in playable_actions:
            if action.action_type == kind:
                return action
    return playable_actions[0]
