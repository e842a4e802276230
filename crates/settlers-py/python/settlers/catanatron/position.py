"""The position one seat of a Catanatron game knows, in our position format
(docs/record-format.md, "Positions"; docs/python.md, "Catanatron").

Everything public is copied as it stands: the board, the pieces, the robber, the awards,
the bank, the last roll, the played Knights and each seat's numbers of resource and
development cards, the deck's size. The deciding seat's own hand and development cards are
its own. Of the other seats' cards only what the table knows is used: the resource cards
that neither the bank nor the seat itself holds are the others' together (the bank is
public), and they are dealt out to them in a fixed order, as many to each as it holds; the
development cards nobody has seen played or bought by the seat are dealt to them and the
deck in a fixed order too (victory points last). Our engine reading a position knows only the
sizes of the other hands (docs/bots.md, "Card tracking"), so the bots see exactly what the
seat knows and nothing of how the cards were dealt.
"""

import json

from catanatron.models.enums import ActionPrompt, ActionType, SETTLEMENT, CITY, ROAD

import settlers
from settlers.catanatron.board import BoardMapping, RESOURCE_NAMES

RESOURCES = ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"]
DEVELOPMENT_NAMES = {
    "KNIGHT": "knight",
    "VICTORY_POINT": "victory_point",
    "ROAD_BUILDING": "road_building",
    "YEAR_OF_PLENTY": "year_of_plenty",
    "MONOPOLY": "monopoly",
}
# Catanatron's deck (models/decks.py): the base game's 25 cards.
DECK = {"KNIGHT": 14, "YEAR_OF_PLENTY": 2, "ROAD_BUILDING": 2, "MONOPOLY": 2, "VICTORY_POINT": 5}
# The order unseen development cards are dealt to the other seats: victory points last, so
# that a dealt hand never makes a seat the winner where a real one could not be seen to.
DEAL_ORDER = ["KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "VICTORY_POINT"]
SEATS_PLAYED = (3, 4)

_mappings = {}


def mapping_of(catan_map):
    """The mapping of a Catanatron map, made once per map (a game's copies share theirs)."""
    key = id(catan_map)
    cached = _mappings.get(key)
    if cached is None or cached.catan_map is not catan_map:
        if len(_mappings) > 64:
            _mappings.clear()
        cached = BoardMapping(catan_map)
        _mappings[key] = cached
    return cached


def _cards(counts, names):
    return {names[k]: n for k, n in counts.items() if n > 0}


def seat_position(game, color, mapping=None):
    """The position (a dict) that seat ``color`` of Catanatron game ``game`` knows, with our
    seat numbers in Catanatron's seating order. Reads only public fields and the seat's own."""
    state = game.state
    seats = len(state.colors)
    if seats not in SEATS_PLAYED:
        raise ValueError(
            f"a Catanatron game of {seats} players: the bridge plays games of 3 or 4"
        )
    if state.discard_limit != 7:
        raise ValueError(
            f"Catanatron's discard limit is {state.discard_limit}: the bridge plays the rulebook's 7"
        )
    mapping = mapping or mapping_of(state.board.map)
    me = state.color_to_index[color]
    ps = state.player_state

    def key(seat, field):
        return ps[f"P{seat}_{field}"]

    hands = [{r: key(s, f"{r}_IN_HAND") for r in RESOURCES} for s in range(seats)]
    bank = dict(zip(RESOURCES, state.resource_freqdeck))
    own_hand = hands[me]
    # What neither the bank nor the seat holds is the others' (19 of each in all).
    others_cards = {r: 19 - bank[r] - own_hand[r] for r in RESOURCES}
    dealt_hands = {}
    for s in range(seats):
        if s == me:
            continue
        size = sum(hands[s].values())
        hand = {}
        for r in RESOURCES:
            take = min(others_cards[r], size)
            hand[r] = take
            others_cards[r] -= take
            size -= take
        if size:
            raise ValueError("the bank and the hands of Catanatron's game do not make 19 of each")
        dealt_hands[s] = hand

    # Development cards: the seat's own, those it bought this turn among them.
    own_cards = {k: key(me, f"{k}_IN_HAND") for k in DECK}
    bought = {k: 0 for k in DECK}
    if not state.is_initial_build_phase:
        for action in reversed(state.actions):
            if action.action_type == ActionType.END_TURN:
                break
            if action.color == color and action.action_type == ActionType.BUY_DEVELOPMENT_CARD:
                bought[action.value] += 1
    new_cards = {k: min(bought[k], own_cards[k]) for k in DECK}
    old_cards = {k: own_cards[k] - new_cards[k] for k in DECK}
    unseen = {
        k: DECK[k] - own_cards[k] - sum(key(s, f"PLAYED_{k}") for s in range(seats))
        for k in DECK
    }
    dealt_cards = {}
    for s in range(seats):
        if s == me:
            continue
        size = sum(key(s, f"{k}_IN_HAND") for k in DECK)
        cards = {k: 0 for k in DECK}
        for k in DEAL_ORDER:
            take = min(unseen[k], size)
            cards[k] += take
            unseen[k] -= take
            size -= take
        dealt_cards[s] = cards
    if sum(unseen.values()) != len(state.development_listdeck):
        raise ValueError(
            f"{sum(unseen.values())} development cards unseen besides the others' hands; "
            f"Catanatron's deck holds {len(state.development_listdeck)}"
        )

    players = []
    for s, c in enumerate(state.colors):
        buildings = state.buildings_by_color[c]
        player = {
            "settlements": [mapping.corner(n) for n in buildings[SETTLEMENT]],
            "cities": [mapping.corner(n) for n in buildings[CITY]],
            "roads": [mapping.edge(e) for e in buildings[ROAD]],
            "hand": _cards(own_hand if s == me else dealt_hands[s], RESOURCE_NAMES),
            "development_cards": _cards(old_cards if s == me else dealt_cards[s], DEVELOPMENT_NAMES),
            "new_development_cards": _cards(new_cards, DEVELOPMENT_NAMES) if s == me else {},
            "played_knights": key(s, "PLAYED_KNIGHT"),
        }
        players.append(player)

    turn_seat = state.current_turn_index
    rolled = bool(key(turn_seat, "HAS_ROLLED"))
    prompt = state.current_prompt
    if state.is_initial_build_phase:
        active = state.current_player_index
        if prompt == ActionPrompt.BUILD_INITIAL_ROAD:
            last = state.buildings_by_color[state.colors[active]][SETTLEMENT][-1]
            phase = {"step": "setup_road", "settlement": mapping.corner(last)}
        else:
            phase = "setup_settlement"
        rolled = False
    else:
        active = turn_seat
        if prompt == ActionPrompt.DISCARD:
            phase = "discarding"
            # Catanatron has the seats discard one after another in seat order: those before
            # the one deciding have discarded.
            for s in range(seats):
                owes = s >= state.current_player_index and sum(hands[s].values()) > 7
                players[s]["discard"] = sum(hands[s].values()) // 2 if owes else 0
        elif prompt == ActionPrompt.MOVE_ROBBER:
            phase = "moving_robber"
        elif state.is_road_building:
            phase = {"step": "building_roads", "left": state.free_roads_available}
        elif rolled:
            phase = "main"
        else:
            phase = "before_roll"

    position = {
        "format": "settlers-position",
        "version": 1,
        "scenario": "base",
        "map": mapping.map_file(game.vps_to_win),
        "victory_points": game.vps_to_win,
        "first_seat": 0,
        "phase": phase,
        "active": active,
        "turn": 1 + sum(1 for a in state.actions if a.action_type == ActionType.END_TURN),
        "rolled": rolled,
        "card_played": bool(key(turn_seat, "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN")),
        "players": players,
        "bank": {RESOURCE_NAMES[r]: n for r, n in bank.items()},
        "development_deck": {DEVELOPMENT_NAMES[k]: n for k, n in unseen.items()},
        "robber": mapping.hexes[state.board.robber_coordinate],
        "longest_road": _holder(state, "HAS_ROAD"),
        "largest_army": _holder(state, "HAS_ARMY"),
    }
    if state.is_initial_build_phase:
        position["turn"] = 0
    rolls = [a.value for a in state.actions if a.action_type == ActionType.ROLL]
    if rolls and rolls[-1] is not None:
        position["dice"] = list(rolls[-1])
    return position


def _holder(state, field):
    for s in range(len(state.colors)):
        if state.player_state[f"P{s}_{field}"]:
            return s
    return "none"


def seat_position_text(game, color, mapping=None):
    return json.dumps(seat_position(game, color, mapping))


def load(position):
    """Our game of a seat's position. Catanatron's Longest Road is not the rulebook's (it
    does not count a road's last stretch into another's settlement, docs/python.md): when
    our rules refuse its holder, the position is loaded with the award worked out by ours,
    and when that award would end the game in the turn of the seat it goes to, with the
    target 2 points higher. Returns the game and whether Catanatron's holder was kept."""
    try:
        return settlers.Game.from_position(json.dumps(position)), True
    except ValueError as refused:
        if "longest_road" not in position or "Longest Road" not in str(refused):
            raise
    again = dict(position)
    del again["longest_road"]
    try:
        return settlers.Game.from_position(json.dumps(again)), False
    except ValueError as refused:
        if "would be over" not in str(refused):
            raise
    # Our award gives the seat in its turn the target, where Catanatron, without it, plays
    # on: the target rises by the award's 2 points, so that seat is as far from winning as
    # Catanatron counts it.
    again["victory_points"] = position["victory_points"] + 2
    return settlers.Game.from_position(json.dumps(again)), False
