"""`python -m settlers.bench`: the Python loop and VecEnv measured (docs/performance.md,
"From Python"). Build the wheel in release first (`make python`)."""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

from settlers._settlers import Game, VecEnv


def single_game_loop(scenario: str, seats: int, steps: int, seed: int) -> dict:
    """Mask, random legal id, step, in one game after another; chance by the engine."""
    rng = random.Random(seed)
    game = Game(scenario, seats, seed)
    mask = np.zeros(game.action_count, dtype=bool)
    ids = chance = games = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while ids < steps:
        if game.is_over():
            games += 1
            game = Game(scenario, seats, seed + games)
        seat = game.deciding_seat()
        if seat is None:
            game.apply_chance()
            chance += 1
            continue
        game.action_mask_into(seat, mask)
        legal = np.flatnonzero(mask)
        game.step(seat, int(legal[rng.randrange(len(legal))]))
        ids += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "ids": ids,
        "chance_steps": chance,
        "games_finished": games,
        "seconds": round(elapsed, 3),
        "us_per_id": round(elapsed / ids * 1e6, 2),
        "cpu_seconds": round(cpu, 3),
        "cpu_us_per_id": round(cpu / ids * 1e6, 2),
    }


def vec_env(scenario: str, seats: int, n: int, iterations: int, seed: int) -> dict:
    """`VecEnv.step` with random legal ids (`sample_actions`), observations and masks
    written; the opponents are random bots."""
    env = VecEnv(n, scenario, seats, seed=seed, opponents=["random"] * (seats - 1))
    start, cpu_start = time.perf_counter(), time.process_time()
    finished = 0
    for _ in range(iterations):
        env.step(env.sample_actions())
        finished += int(env.terminated.sum())
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    steps = n * iterations
    return {
        "games": n,
        "learner_steps": steps,
        "games_finished": finished,
        "seconds": round(elapsed, 3),
        "learner_steps_per_second": round(steps / elapsed),
        "cpu_seconds": round(cpu, 3),
        "learner_steps_per_cpu_second": round(steps / cpu),
        "observation_size": env.observation_size,
        "action_count": env.action_count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="base")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--steps", type=int, default=200_000, help="ids of the single-game loop")
    parser.add_argument("--envs", type=int, default=256, help="games of the VecEnv")
    parser.add_argument("--iterations", type=int, default=400, help="VecEnv.step calls")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {
        "scenario": args.scenario,
        "seats": args.seats,
        "single_game_loop": single_game_loop(args.scenario, args.seats, args.steps, args.seed),
        "vec_env": vec_env(args.scenario, args.seats, args.envs, args.iterations, args.seed),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
