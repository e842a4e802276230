"""The bridge (settlers.catanatron): positions written from one seat's knowledge agree with
Catanatron's game at every decision of whole games, read no other seat's hidden cards, and
the bridge only ever answers with one of Catanatron's playable actions."""

import json
import random

import pytest
from catanatron import Color, Game, RandomPlayer
from catanatron.models.enums import Action, ActionType
from catanatron.players.weighted_random import WeightedRandomPlayer

import settlers
from settlers.catanatron import SettlersPlayer, seat_position
from settlers.catanatron.actions import counterparts, key
from settlers.catanatron.board import RESOURCE_NAMES
from settlers.catanatron.position import DECK, DEVELOPMENT_NAMES, RESOURCES, load, mapping_of

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
PLAYS = {
    "play_knight": "KNIGHT",
    "play_year_of_plenty": "YEAR_OF_PLENTY",
    "play_monopoly": "MONOPOLY",
    "play_road_building": "ROAD_BUILDING",
}


def ps(state, seat, field):
    return state.player_state[f"P{seat}_{field}"]


def check_agreement(game, color):
    """The position of `color`'s seat loads in our engine, and its view agrees with
    Catanatron's state on every public field and every field of the seat's own."""
    state = game.state
    mapping = mapping_of(state.board.map)
    seat = state.color_to_index[color]
    position = seat_position(game, color)
    ours, kept = load(position)
    view = ours.view(seat)

    expected_active = state.current_player_index if state.is_initial_build_phase else state.current_turn_index
    assert view["active"] == expected_active
    assert seat in view["to_act"]
    assert view["bank"] == {RESOURCE_NAMES[r]: n for r, n in zip(RESOURCES, state.resource_freqdeck) if n}
    assert view["development_deck"] == len(state.development_listdeck)
    assert view["robber"] == mapping.hexes[state.board.robber_coordinate]
    # Where our award would end the game that Catanatron plays on, the target is 2 higher.
    assert view["victory_target"] == game.vps_to_win or (not kept and view["victory_target"] == game.vps_to_win + 2)
    rolls = [a.value for a in state.actions if a.action_type == ActionType.ROLL]
    if rolls:
        assert view["dice"] == list(rolls[-1])
    army = [s for s in range(len(state.colors)) if ps(state, s, "HAS_ARMY")]
    assert view["largest_army"] == (army[0] if army else None)
    road = [s for s in range(len(state.colors)) if ps(state, s, "HAS_ROAD")]
    if kept:
        assert view["longest_road"] == (road[0] if road else None)
    unseen = {
        DEVELOPMENT_NAMES[k]: DECK[k] - ps(state, seat, f"{k}_IN_HAND") - sum(ps(state, s, f"PLAYED_{k}") for s in range(len(state.colors)))
        for k in DECK
    }
    assert view["unseen_development_cards"] == {k: n for k, n in unseen.items() if n}

    for s, c in enumerate(state.colors):
        player = view["players"][s]
        buildings = state.buildings_by_color[c]
        assert set(player["settlements"]) == {mapping.corner(n) for n in buildings["SETTLEMENT"]}
        assert set(player["cities"]) == {mapping.corner(n) for n in buildings["CITY"]}
        assert set(player["roads"]) == {mapping.edge(e) for e in buildings["ROAD"]}
        assert player["resource_count"] == sum(ps(state, s, f"{r}_IN_HAND") for r in RESOURCES)
        assert player["development_card_count"] == sum(ps(state, s, f"{k}_IN_HAND") for k in DECK)
        assert player["played_knights"] == ps(state, s, "PLAYED_KNIGHT")
        if s == seat:
            assert player["hand"] == {RESOURCE_NAMES[r]: ps(state, s, f"{r}_IN_HAND") for r in RESOURCES if ps(state, s, f"{r}_IN_HAND")}
            held = {}
            for part in ("development_cards", "new_development_cards"):
                for k, n in player[part].items():
                    held[k] = held.get(k, 0) + n
            assert held == {DEVELOPMENT_NAMES[k]: ps(state, s, f"{k}_IN_HAND") for k in DECK if ps(state, s, f"{k}_IN_HAND")}
            points = ps(state, s, "ACTUAL_VICTORY_POINTS")
        else:
            assert "hand" not in player and "development_cards" not in player
            points = ps(state, s, "VICTORY_POINTS")
        if not kept:  # our rules' Longest Road in place of Catanatron's
            points += 2 * (view["longest_road"] == s) - 2 * ps(state, s, "HAS_ROAD")
        assert player["victory_points"] == points

    # Catanatron's playable actions are ours too, but for a development card bought this
    # turn, which Catanatron lets a seat play at once and the rulebook does not (B-31).
    legal = {key(a) for a in ours.legal_actions(seat)}
    choices = counterparts(state.playable_actions, mapping, state.color_to_index.__getitem__)
    for k, (text, _) in choices.items():
        if k not in legal:
            card = PLAYS.get(text["action"])
            assert card is not None, f"{text} is playable in Catanatron and not in ours"
            new = position["players"][seat]["new_development_cards"]
            assert new.get(DEVELOPMENT_NAMES[card], 0) > 0
            assert position["players"][seat]["development_cards"].get(DEVELOPMENT_NAMES[card], 0) == 0
    return kept


def play_checked(players, seed, every=None):
    """Plays a whole Catanatron game, calling `every(game, color)` before each decision;
    returns the game."""
    game = Game(players, seed=seed)

    def decide(player, g, actions):
        if every is not None:
            every(g, player.color)
        action = player.decide(g, actions)
        assert action in actions
        return action

    game.play(decide_fn=decide)
    return game


def test_positions_agree_with_catanatron_at_every_decision_of_whole_games():
    decisions = 0
    for seed in range(3):
        players = [
            SettlersPlayer(Color.RED),
            RandomPlayer(Color.BLUE),
            WeightedRandomPlayer(Color.ORANGE),
            SettlersPlayer(Color.WHITE, seed=seed),
        ]

        def every(game, color):
            nonlocal decisions
            decisions += 1
            check_agreement(game, color)

        game = play_checked(players, 100 + seed, every)
        assert game.winning_color() is not None
    assert decisions > 500


def test_three_player_games_agree_too():
    players = [SettlersPlayer(Color.RED), WeightedRandomPlayer(Color.BLUE), SettlersPlayer(Color.WHITE, seed=3)]
    game = play_checked(players, 7, check_agreement)
    assert game.winning_color() is not None


def hide_differently(game, color, rng):
    """A copy of the game whose other seats' hidden cards, deck order and hidden log entries
    differ, while everything the seat `color` may see stays as it is."""
    other = game.copy()
    state = other.state
    me = state.color_to_index[color]
    others = [s for s in range(len(state.colors)) if s != me]
    changed = False
    # Two other seats swap one card of different kinds: the hands keep their sizes, the bank
    # its cards.
    for a in others:
        for b in others:
            if a == b:
                continue
            for x in RESOURCES:
                for y in RESOURCES:
                    if x != y and ps(state, a, f"{x}_IN_HAND") and ps(state, b, f"{y}_IN_HAND"):
                        state.player_state[f"P{a}_{x}_IN_HAND"] -= 1
                        state.player_state[f"P{a}_{y}_IN_HAND"] += 1
                        state.player_state[f"P{b}_{y}_IN_HAND"] -= 1
                        state.player_state[f"P{b}_{x}_IN_HAND"] += 1
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
        if changed:
            break
    # Another seat's development card changes places with one of another kind in the deck.
    deck = state.development_listdeck
    for s in others:
        for k in DECK:
            swap = next((i for i, card in enumerate(deck) if card != k), None)
            if ps(state, s, f"{k}_IN_HAND") and swap is not None:
                taken = deck[swap]
                deck[swap] = k
                state.player_state[f"P{s}_{k}_IN_HAND"] -= 1
                state.player_state[f"P{s}_{taken}_IN_HAND"] += 1
                points = (taken == "VICTORY_POINT") - (k == "VICTORY_POINT")
                state.player_state[f"P{s}_ACTUAL_VICTORY_POINTS"] += points
                changed = True
                break
    rng.shuffle(deck)
    # What the log says of other seats' draws and of robberies the seat took no part in.
    for i, action in enumerate(state.actions):
        if action.color == color:
            continue
        if action.action_type == ActionType.BUY_DEVELOPMENT_CARD:
            state.actions[i] = Action(action.color, action.action_type, rng.choice(list(DECK)))
        elif action.action_type == ActionType.MOVE_ROBBER and action.value[1] not in (None, color):
            coordinate, victim, _ = action.value
            state.actions[i] = Action(action.color, action.action_type, (coordinate, victim, rng.choice(RESOURCES)))
    return other


def test_the_bridge_never_reads_another_seats_hidden_cards():
    rng = random.Random(5)
    compared = 0

    def every(game, color):
        nonlocal compared
        original = seat_position(game, color)
        other = hide_differently(game, color, rng)
        assert seat_position(other, color) == original
        # And the bot decides the same from it.
        seat = game.state.color_to_index[color]
        if len(game.state.playable_actions) > 1 and not game.state.is_initial_build_phase:
            a = SettlersPlayer(color, seed=9).decide(game, game.state.playable_actions)
            b = SettlersPlayer(color, seed=9).decide(other, other.state.playable_actions)
            assert a == b
        compared += 1
        assert seat == other.state.color_to_index[color]

    players = [SettlersPlayer(Color.RED), WeightedRandomPlayer(Color.BLUE), SettlersPlayer(Color.ORANGE, seed=1), RandomPlayer(Color.WHITE)]
    play_checked(players, 11, every)
    assert compared > 100


def test_changing_hidden_cards_changes_catanatron_but_not_the_position():
    """The test above compares states that really differ."""
    players = [SettlersPlayer(c) for c in COLORS]
    game = Game(players, seed=3)
    while game.state.num_turns < 40 and game.winning_color() is None:
        game.play_tick()
    color = game.state.current_color()
    other = hide_differently(game, color, random.Random(1))
    assert other.state.player_state != game.state.player_state or other.state.development_listdeck != game.state.development_listdeck
    assert seat_position(other, color) == seat_position(game, color)


@pytest.mark.parametrize("seed", range(4))
def test_whole_games_finish_and_every_answer_is_playable(seed):
    us = SettlersPlayer(Color.RED, seed=seed)
    players = [us, WeightedRandomPlayer(Color.BLUE), RandomPlayer(Color.ORANGE), WeightedRandomPlayer(Color.WHITE)]
    game = play_checked(players, 200 + seed)
    assert game.winning_color() is not None
    assert us.decisions > 10 and us.fallbacks == 0


def test_four_bridged_seats_play_a_game_to_its_end():
    players = [SettlersPlayer(c, seed=i) for i, c in enumerate(COLORS)]
    game = play_checked(players, 31)
    assert game.winning_color() is not None
    assert sum(p.fallbacks for p in players) == 0


def test_the_bot_name_is_passed_through():
    assert SettlersPlayer(Color.RED, "random").bot.name == "random"
    with pytest.raises(ValueError, match="nonsense"):
        SettlersPlayer(Color.RED, "nonsense")


def test_the_fallback_rule_where_no_action_is_shared():
    from settlers.catanatron.player import fallback

    roll = Action(Color.RED, ActionType.ROLL, None)
    end = Action(Color.RED, ActionType.END_TURN, None)
    knight = Action(Color.RED, ActionType.PLAY_KNIGHT_CARD, None)
    assert fallback([knight, end]) == end
    assert fallback([knight, roll]) == roll
    assert fallback([knight]) == knight


def test_bot_choose_with_allowed_chooses_among_them_only():
    game = settlers.Game("base", 4, seed=2)
    seat = game.deciding_seat()
    legal = game.legal_actions(seat)
    bot = settlers.bot("heuristic")
    for allowed in (legal[:1], legal[3:5], legal[-2:]):
        assert bot.choose(game, seat, allowed) in allowed
    with pytest.raises(ValueError, match="none of the 1 allowed actions is legal"):
        bot.choose(game, seat, [{"action": "end_turn"}])


def test_an_award_of_ours_that_would_end_the_game_raises_the_target():
    # A game of our own, played by heuristic bots until the seat in its turn, after its
    # roll, holds Longest Road.
    game = settlers.Game("base", 4, 3)
    bots = [settlers.bot("heuristic", seed=s) for s in range(4)]
    while True:
        assert not game.is_over(), "no seat in its turn held Longest Road"
        view = game.view()
        if view["longest_road"] is not None and view["longest_road"] == view["active"] and view["phase"] == "main":
            break
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
        else:
            game.apply(seat, bots[seat].choose(game, seat))
    holder = view["longest_road"]
    position = json.loads(game.position())
    points = view["players"][holder]["victory_points"]
    # As Catanatron would write it: nobody holds the award, and the holder is 2 points
    # short of a target our award would reach.
    position["longest_road"] = "none"
    position["victory_points"] = points
    with pytest.raises(ValueError, match="Longest Road is set aside"):
        settlers.Game.from_position(json.dumps(position))
    ours, kept = load(position)
    assert not kept
    seen = ours.view(holder)
    assert seen["longest_road"] == holder
    assert seen["victory_target"] == points + 2
    assert seen["players"][holder]["victory_points"] == points
    assert not ours.is_over()
