"""The fixed action ids: every game plays to its end through them, and the mask holds
exactly the legal ids."""

import json

import numpy as np
import pytest

import settlers
from conftest import every_scenario, play_random_ids


def action_key(text):
    return json.dumps(text, sort_keys=True)


class MaskCheck:
    """Each masked id is taken, each unmasked id sampled is refused and changes nothing (the
    observations of every seat; the whole position every 16th step, which costs more), and
    the listed legal actions are exactly the actions the masked ids name."""

    def __init__(self):
        self.steps = 0

    def __call__(self, game, seat, mask):
        self.steps += 1
        check_mask(game, seat, mask, whole_position=self.steps % 16 == 0)


def check_mask(game, seat, mask, whole_position=True):
    legal = np.flatnonzero(mask)
    assert game.unnamed_actions(seat) == []
    for action_id in legal:
        trial = game.copy(record=False)
        trial.step(seat, int(action_id))
    if game.pending(seat) is None:
        listed = {action_key(a) for a in game.legal_actions(seat)}
        named = set()
        for action_id in legal:
            described = game.describe_id(int(action_id))
            if "action" in described:
                named.add(action_key(described))
        moves = {k for k in listed if '"move_ship"' in k or '"move_knight"' in k or '"treason_move"' in k}
        assert named == listed - moves
    unmasked = np.flatnonzero(~mask)
    before = game.position() if whole_position else None
    observed = [game.observe(s).tobytes() for s in range(game.seats)]
    for action_id in unmasked[:: max(1, len(unmasked) // 3)][:4]:
        with pytest.raises(settlers.IllegalAction):
            game.step(seat, int(action_id))
    if whole_position:
        assert game.position() == before
    assert [game.observe(s).tobytes() for s in range(game.seats)] == observed


@pytest.mark.parametrize("scenario,seats", every_scenario())
def test_random_games_reach_the_end_through_ids_alone_with_the_mask_exact(scenario, seats, rng):
    for seed in range(20):
        game = settlers.Game(scenario, seats, seed)
        play_random_ids(game, rng, 200_000, check=MaskCheck() if seed == 0 else None)
        if game.is_over():
            return
    raise AssertionError(f"no random game of {scenario} ended")


def test_every_player_count_plays_to_the_end(rng):
    for scenario in settlers.SCENARIOS:
        for seats in settlers.scenario_seats(scenario):
            ended = False
            for seed in range(3, 8):
                game = settlers.Game(scenario, seats, seed)
                play_random_ids(game, rng, 200_000)
                if game.is_over():
                    ended = True
                    break
            assert ended, f"no random game of {scenario} for {seats} ended"


def test_an_id_outside_the_space_is_refused_by_name():
    game = settlers.Game("base", 4, 1)
    seat = game.deciding_seat()
    with pytest.raises(settlers.IllegalAction, match="is not an action id"):
        game.step(seat, game.action_count)


def test_the_blocks_cover_the_ids_once():
    game = settlers.Game("four-islands", 4, 1)
    blocks = game.action_blocks()
    assert blocks[0][1] == 0
    for (_, start, size), (_, next_start, _) in zip(blocks, blocks[1:]):
        assert start + size == next_start
    name, start, size = blocks[-1]
    assert start + size == game.action_count
    hexes, corners, edges = game.board_size()
    assert dict((n, s) for n, _, s in blocks)["build_road"] == edges
    assert dict((n, s) for n, _, s in blocks)["build_settlement"] == corners


def test_a_discard_is_taken_a_card_at_a_time():
    position = json.loads(settlers.Game("base", 3, 2).position())
    position["phase"] = "discarding"
    position["players"][1]["hand"] = {"brick": 4, "ore": 4}
    position["players"][1]["discard"] = 4
    position["bank"] = {"brick": 15, "lumber": 19, "wool": 19, "grain": 19, "ore": 15}
    game = settlers.Game.from_position(json.dumps(position))
    blocks = {n: (s, size) for n, s, size in game.action_blocks()}
    discard = blocks["discard_card"][0]
    assert game.to_act() == [1]
    mask = game.action_mask(1)
    assert list(np.flatnonzero(mask)) == [discard + 0, discard + 4]
    for _ in range(3):
        game.step(1, discard + 4)
    assert game.pending(1) == {"choice": "discard", "chosen": {"ore": 3}, "count": 4}
    assert list(np.flatnonzero(game.action_mask(1))) == [discard + 0, discard + 4]
    game.step(1, discard + 0)
    assert game.pending(1) is None
    assert json.loads(game.position())["players"][1]["hand"] == {"brick": 3, "ore": 1}
