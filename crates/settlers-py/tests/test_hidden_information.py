"""Observations hold only what the seat may see."""

import json

import numpy as np

import settlers
from conftest import play_random_ids


def game_in_play(scenario, seats, seed, rng, steps):
    game = settlers.Game(scenario, seats, seed)
    play_random_ids(game, rng, steps)
    return game


def swap_one(a, b):
    """Moves one card of a type `a` holds to `b`, and one of another type `b` holds to `a`:
    both keep as many cards. False when no such pair is held."""
    for x, nx in a.items():
        for y, ny in b.items():
            if x != y and nx > 0 and ny > 0:
                a[x] -= 1
                b[y] -= 1
                a[y] = a.get(y, 0) + 1
                b[x] = b.get(x, 0) + 1
                return True
    return False


def test_other_seats_hidden_cards_leave_the_observation_byte_for_byte_the_same(rng):
    swapped = 0
    for scenario in ["base", "new-shores", "barbarian-attack"]:
        game = game_in_play(scenario, 4, 3, rng, 1500)
        # Not while an offer is open: it names cards of its maker's hand.
        while "offer" in json.loads(game.position()) and not game.is_over():
            play_random_ids(game, rng, 1)
        position = json.loads(game.position())
        changed = json.loads(json.dumps(position))
        two, three = changed["players"][2], changed["players"][3]
        # Seats 2 and 3 hold other cards, as many of them; seat 1 too against the deck.
        hands = swap_one(two["hand"], three["hand"])
        cards = swap_one(changed["players"][1]["development_cards"], changed["development_deck"])
        if not (hands or cards):
            continue
        swapped += 1
        a = settlers.Game.from_position(json.dumps(position))
        b = settlers.Game.from_position(json.dumps(changed))
        assert a.position() != b.position()
        assert a.observe(0).tobytes() == b.observe(0).tobytes()
        # A seat whose cards changed sees it.
        changed_seat = 2 if hands else 1
        assert a.observe(changed_seat).tobytes() != b.observe(changed_seat).tobytes()
    assert swapped >= 2


def test_the_deck_and_unrevealed_fog_leave_the_observation_byte_for_byte_the_same(rng):
    # Mid-game on the fog islands: fog stacks of other terrain and numbers (as many) change
    # no seat's observation. (The deck is changed against a hand in the test above.)
    game = game_in_play("fog-islands", 4, 6, rng, 400)
    position = json.loads(game.position())
    changed = json.loads(json.dumps(position))
    pools = changed["map"]["pools"]
    terrain = pools["fog_hexes"]["contents"]
    hexes = sum(terrain.values())
    pools["fog_hexes"]["contents"] = {"sea": hexes}
    numbers = pools["fog_numbers"]["contents"]
    pools["fog_numbers"]["contents"] = [6] * len(numbers)
    assert changed != position and hexes > 0
    a = settlers.Game.from_position(json.dumps(position))
    b = settlers.Game.from_position(json.dumps(changed))
    for seat in range(4):
        assert a.observe(seat).tobytes() == b.observe(seat).tobytes()


def test_the_observation_is_float32_and_fixed_in_size(rng):
    sizes = set()
    for seed in range(3):
        game = game_in_play("new-world", 4, seed, rng, 100)
        obs = game.observe(0)
        assert obs.dtype == np.float32
        sizes.add(obs.shape)
    assert len(sizes) == 1
    layout = settlers.Game("base", 4, 0).observation_layout()
    assert layout[-1][1] + layout[-1][2] == settlers.Game("base", 4, 0).observation_size
