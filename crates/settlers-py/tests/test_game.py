"""The engine from Python: actions as the engine writes them, refusals, views, records,
bots."""

import json
import subprocess

import pytest

import settlers
from conftest import play_random_ids, settlers_binary


def test_a_refused_action_raises_with_the_engines_words_and_changes_nothing():
    game = settlers.Game("base", 4, 5)
    seat = game.deciding_seat()
    before = game.position()
    with pytest.raises(settlers.IllegalAction, match="not your turn"):
        game.apply((seat + 1) % 4, {"action": "end_turn"})
    with pytest.raises(settlers.IllegalAction, match="only chance may"):
        game.apply(seat, {"action": "dice", "dice": [3, 4]})
    assert issubclass(settlers.IllegalAction, ValueError)
    assert game.position() == before


def test_legal_actions_apply_as_written():
    game = settlers.Game("base", 3, 1)
    seat = game.deciding_seat()
    actions = game.legal_actions(seat)
    assert actions and all(a["action"] == "build_settlement" for a in actions)
    game.apply(seat, actions[0])
    game.apply(seat, json.dumps(game.legal_actions(seat)[0]))
    assert game.deciding_seat() != seat or game.turn == 0


def test_chance_is_drawn_from_the_seed_or_forced():
    def to_first_roll(seed):
        game = settlers.Game("base", 4, seed)
        while game.to_act() != "chance":
            seat = game.deciding_seat()
            game.apply(seat, game.legal_actions(seat)[0])
        return game

    a, b = to_first_roll(11), to_first_roll(11)
    assert a.apply_chance() == b.apply_chance()
    forced = to_first_roll(11)
    forced.apply("chance", {"action": "dice", "dice": [3, 4]})
    assert forced.view()["dice"] == [3, 4]


def test_the_view_is_the_servers_view_data():
    game = settlers.Game("base", 4, 2)
    view = game.view(0)
    assert view["viewer"] == 0 and view["scenario"] == "base"
    assert "map" in view and len(view["players"]) == 4
    assert view["players"][0].get("hand") is not None
    assert view["players"][1].get("hand") is None
    assert game.view()["viewer"] is None


def test_unknown_options_and_scenarios_are_named():
    with pytest.raises(ValueError, match="no scenario `nowhere`"):
        settlers.Game("nowhere", 4, 0)
    with pytest.raises(ValueError, match="victory_pionts"):
        settlers.Game("base", 4, 0, victory_pionts=8)
    with pytest.raises(ValueError, match="is for 3 or 4 players"):
        settlers.Game("base", 5, 0)
    game = settlers.Game("base", 4, 0, victory_points=6, layout="beginner")
    assert game.view()["victory_target"] == 6


def test_bots_play_whole_games_from_python():
    game = settlers.Game("base", 4, 9)
    bots = [settlers.bot("heuristic", 9, 1 + s) for s in range(4)]
    while not game.is_over():
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
        else:
            game.apply(seat, bots[seat].choose(game, seat))
    assert game.winner is not None and game.winners() == [game.winner]
    with pytest.raises(ValueError, match="there is no bot `genius`"):
        settlers.bot("genius")


def test_a_record_from_python_replays_with_settlers_replay(tmp_path, rng):
    game = settlers.Game("fog-islands", 4, 4)
    play_random_ids(game, rng, 200_000)
    assert game.is_over()
    path = tmp_path / "game.json"
    path.write_text(game.record())
    out = subprocess.run(
        [str(settlers_binary()), "replay", str(path), "--json"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    replayed = json.loads(out.stdout)
    assert replayed["winner"] == game.winner
    again = settlers.Game.from_record(game.record())
    assert again.position() == game.position()


def test_a_record_cut_short_goes_on_from_python(rng):
    game = settlers.Game("base", 3, 8)
    play_random_ids(game, rng, 300)
    again = settlers.Game.from_record(game.record())
    assert again.position() == game.position()
    with pytest.raises(ValueError, match="not a record"):
        settlers.Game.from_record("{}")
