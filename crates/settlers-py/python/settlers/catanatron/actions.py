"""Catanatron's actions as ours, and back (docs/python.md, "Catanatron").

Each of Catanatron's playable actions that our rules have too is written as our action
text; the bot chooses among those, so its answer is one of them. Catanatron's discard (the
engine discards at random; the player has the one action) has no counterpart: the bridge
answers it, and any other lone action, without asking the bot.
"""

import json

from catanatron.models.enums import ActionType

from settlers.catanatron.board import RESOURCE_NAMES


def ours(action, mapping, seat_of):
    """Our action text (a dict) for a Catanatron action, or None when ours has none.
    ``seat_of`` gives our seat number of a Catanatron colour."""
    kind, value = action.action_type, action.value
    if kind == ActionType.ROLL:
        return {"action": "roll_dice"}
    if kind == ActionType.END_TURN:
        return {"action": "end_turn"}
    if kind == ActionType.BUILD_SETTLEMENT:
        return {"action": "build_settlement", "corner": mapping.corner(value)}
    if kind == ActionType.BUILD_CITY:
        return {"action": "build_city", "corner": mapping.corner(value)}
    if kind == ActionType.BUILD_ROAD:
        return {"action": "build_road", "edge": mapping.edge(value)}
    if kind == ActionType.BUY_DEVELOPMENT_CARD:
        return {"action": "buy_development_card"}
    if kind == ActionType.PLAY_KNIGHT_CARD:
        return {"action": "play_knight"}
    if kind == ActionType.PLAY_ROAD_BUILDING:
        return {"action": "play_road_building"}
    if kind == ActionType.PLAY_MONOPOLY:
        return {"action": "play_monopoly", "resource": RESOURCE_NAMES[value]}
    if kind == ActionType.PLAY_YEAR_OF_PLENTY:
        cards = {}
        for r in value:
            cards[RESOURCE_NAMES[r]] = cards.get(RESOURCE_NAMES[r], 0) + 1
        return {"action": "play_year_of_plenty", "cards": cards}
    if kind == ActionType.MARITIME_TRADE:
        give = next(r for r in value[:-1] if r is not None)
        return {
            "action": "trade_with_bank",
            "give": RESOURCE_NAMES[give],
            "get": RESOURCE_NAMES[value[-1]],
        }
    if kind == ActionType.MOVE_ROBBER:
        coordinate, victim, _ = value
        text = {"action": "move_robber", "hex": mapping.hexes[coordinate]}
        if victim is not None:
            text["victim"] = seat_of(victim)
        return text
    return None  # DISCARD: Catanatron's engine chooses the cards


def key(text):
    """A text's identity: the same action written by us or by the engine."""
    return json.dumps(text, sort_keys=True)


def counterparts(playable_actions, mapping, seat_of):
    """Our text's key -> (our text, Catanatron's action), for those that have one."""
    out = {}
    for action in playable_actions:
        text = ours(action, mapping, seat_of)
        if text is not None:
            out[key(text)] = (text, action)
    return out
