"""Helpers of the Python tests (run by `make test`, after `make python` built the wheel)."""

import bisect
import os
import pathlib
import random

import numpy as np
import pytest

import settlers

ROOT = pathlib.Path(__file__).resolve().parents[3]


def every_scenario():
    """(scenario, seats) for every scenario, at four seats where it takes four."""
    return [(s, 4 if 4 in settlers.scenario_seats(s) else max(settlers.scenario_seats(s))) for s in settlers.SCENARIOS]


def random_legal_id(game, mask, rng, starts):
    """A random legal id: a random kind of action (block) among the legal ones, then a
    random id of it. Uniform over the ids, the many offers and bank trades would make the
    games several times longer."""
    blocks = {}
    for action_id in np.flatnonzero(mask):
        blocks.setdefault(bisect.bisect_right(starts, action_id), []).append(int(action_id))
    return rng.choice(blocks[rng.choice(sorted(blocks))])


def play_random_ids(game, rng, max_steps, check=None):
    """Plays `game` by random legal ids (chance by the engine) until it ends or `max_steps`
    ids were taken; `check(game, seat, mask)` runs before each id. Returns the ids taken."""
    starts = [start for _, start, _ in game.action_blocks()]
    taken = 0
    while not game.is_over() and taken < max_steps:
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
            continue
        mask = game.action_mask(seat)
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, f"{game}: seat {seat} has no legal id"
        if check is not None:
            check(game, seat, mask)
        game.step(seat, random_legal_id(game, mask, rng, starts))
        taken += 1
    return taken


@pytest.fixture
def rng():
    return random.Random(7)


def settlers_binary():
    """The `settlers` binary cargo built (SETTLERS_BIN, else target/debug or release)."""
    given = os.environ.get("SETTLERS_BIN")
    candidates = [pathlib.Path(given)] if given else [ROOT / "target/debug/settlers", ROOT / "target/release/settlers"]
    for c in candidates:
        if c.is_file():
            return c
    raise AssertionError(
        f"no settlers binary at {', '.join(map(str, candidates))}: build it with `cargo build -p settlers`"
    )


def played_by_hand(scenario, seats, seed, skip_forced=True, options=None):
    """A game played as a caller (or VecEnv's self-play, a slot) plays it, with the game's
    `options`: chance by `apply_chance`, forced ids by hand when `skip_forced`. Yields (seat,
    legal ids, observation written whole) at each choice and is sent the id to take; yields
    (None, [], None) at the end."""
    game = settlers.Game(scenario, seats, seed, **(options or {}))
    while not game.is_over():
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
            continue
        ids = game.legal_ids(seat)
        if skip_forced and len(ids) == 1:
            game.step(seat, ids[0])
            continue
        action = yield seat, ids, game.observe(seat)
        game.step(seat, action)
    yield None, [], None
