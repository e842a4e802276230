"""`python -m settlers.bench`: the Python loops and VecEnv measured (docs/performance.md,
"From Python"). Build the wheel in release first (`make python`)."""

from __future__ import annotations

import argparse
import json
import os
import random
import time

# numpy's BLAS threads wait by spinning, and their CPU time would count in the process's:
# nothing here needs them.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from settlers._settlers import Game, VecEnv  # noqa: E402


def timed(run) -> tuple[int, float, float]:
    start, cpu_start = time.perf_counter(), time.process_time()
    count = run()
    return count, time.perf_counter() - start, time.process_time() - cpu_start


def per_id(ids: int, seconds: float, cpu: float, **extra) -> dict:
    return {
        "ids": ids,
        **extra,
        "seconds": round(seconds, 3),
        "us_per_id": round(seconds / ids * 1e6, 3),
        "cpu_seconds": round(cpu, 3),
        "cpu_us_per_id": round(cpu / ids * 1e6, 3),
    }


def dense_loop(scenario: str, seats: int, steps: int, seed: int) -> dict:
    """The dense mask: `action_mask_into`, `numpy.flatnonzero`, a random legal id, `step`;
    chance by `apply_chance`, one game after another."""
    rng = random.Random(seed)
    games = 0

    def run() -> int:
        nonlocal games
        game = Game(scenario, seats, seed)
        mask = np.zeros(game.action_count, dtype=bool)
        ids = 0
        while ids < steps:
            if game.is_over():
                games += 1
                game = Game(scenario, seats, seed + games)
            seat = game.deciding_seat()
            if seat is None:
                game.apply_chance()
                continue
            game.action_mask_into(seat, mask)
            legal = np.flatnonzero(mask)
            game.step(seat, int(legal[rng.randrange(len(legal))]))
            ids += 1
        return ids

    return per_id(*timed(run), games_finished=games)


def sparse_loop(scenario: str, seats: int, steps: int, seed: int, into: bool) -> dict:
    """The sparse ids: `legal_ids_into` (an int32 array kept by the caller) or `legal_ids`
    (a list), a random legal id, `step` (which returns the seat to decide next); chance
    inside `step` (`play_chance=True`), no record. Every id a seat takes is chosen here (no
    forced id is skipped)."""
    rand = random.Random(seed).random
    games = 0

    def run() -> int:
        nonlocal games
        ids = 0
        while ids < steps:
            game = Game(scenario, seats, seed + games, play_chance=True, record=False)
            step, deciding = game.step, game.deciding_seat
            if into:
                buf = np.zeros(game.action_count, dtype=np.int32)
                legal_into = game.legal_ids_into
                seat = deciding()
                while seat is not None and ids < steps:
                    seat = step(seat, int(buf[int(rand() * legal_into(seat, buf))]))
                    ids += 1
            else:
                legal = game.legal_ids
                seat = deciding()
                while seat is not None and ids < steps:
                    choices = legal(seat)
                    seat = step(seat, choices[int(rand() * len(choices))])
                    ids += 1
            games += seat is None
        return ids

    return per_id(*timed(run), games_finished=games)


def vec_env(scenario: str, seats: int, n: int, iterations: int, seed: int, self_play: bool, mask_format: str) -> dict:
    """`VecEnv.step` with random legal ids (`sample_actions`), observations and legal ids
    written. In the learner mode, one learning seat against random bots (a step holds their
    actions and chance's up to the learner's next choice); in the self-play mode every seat
    learns (a step is one seat's action and chance's after it)."""
    if self_play:
        env = VecEnv(n, scenario, seats, seed=seed, self_play=True, mask_format=mask_format)
    else:
        env = VecEnv(n, scenario, seats, seed=seed, opponents=["random"] * (seats - 1), mask_format=mask_format)
    finished = 0

    def run() -> int:
        nonlocal finished
        for _ in range(iterations):
            env.step(env.sample_actions())
            finished += int(env.terminated.sum())
        return n * iterations

    steps, seconds, cpu = timed(run)
    return {
        "mode": "self-play" if self_play else "learner",
        "mask_format": mask_format,
        "games": n,
        "steps": steps,
        "games_finished": finished,
        "seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds),
        "cpu_seconds": round(cpu, 3),
        "steps_per_cpu_second": round(steps / cpu),
        "observation_size": env.observation_size,
        "action_count": env.action_count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="base")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--steps", type=int, default=200_000, help="ids of each single-game loop")
    parser.add_argument("--envs", type=int, default=256, help="games of the VecEnv")
    parser.add_argument("--iterations", type=int, default=400, help="VecEnv.step calls")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    a = args
    report = {
        "scenario": a.scenario,
        "seats": a.seats,
        "dense_loop": dense_loop(a.scenario, a.seats, a.steps, a.seed),
        "sparse_loop_into": sparse_loop(a.scenario, a.seats, a.steps, a.seed, into=True),
        "sparse_loop_list": sparse_loop(a.scenario, a.seats, a.steps, a.seed, into=False),
        "vec_env": [
            vec_env(a.scenario, a.seats, a.envs, a.iterations, a.seed, self_play, mask_format)
            for self_play in (False, True)
            for mask_format in ("dense", "ids")
        ],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
