"""Self-play spread over many processes, or many hosts, with Ray.

Each Ray worker owns a `settlers.VecEnv` (many games stepped in Rust, with the GIL released)
and plays rollouts of it with a policy, sending back trajectories: the observations, masks,
actions, rewards and ends of every step, as numpy arrays. The driver gathers them; a learner
would train on them and send new weights back with the next call.

    pip install "ray==2.60.0"                      # beside the settlers wheel (make python)
    python examples/ray_selfplay.py --workers 2    # a local Ray of two workers
    python examples/ray_selfplay.py --address auto # an existing cluster (`ray start`)

The policy here picks a random legal id (`VecEnv.sample_actions`): replace `Worker.policy`
with a model. Nothing in this file is needed by the engine; docs/python.md shows its output.
"""

from __future__ import annotations

import argparse
import os
import time

# No usage reports leave the machine (Ray sends them by default).
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

import numpy as np  # noqa: E402
import ray  # noqa: E402
import settlers  # noqa: E402


@ray.remote
class Worker:
    """One process: a VecEnv of `games` games, seeded apart from every other worker's."""

    def __init__(self, index: int, games: int, scenario: str, seats: int, seed: int):
        self.index = index
        opponents = ["heuristic"] + ["random"] * (seats - 2)
        # Worker k's games are games k*games … of the seed's sequence: no two workers share one.
        self.envs = settlers.VecEnv(
            games, scenario, seats, seed=seed + 1_000_003 * index, opponents=opponents
        )
        self.returns = np.zeros(games)

    def policy(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        # A model would score every id from `observations` and keep the masked ones.
        return self.envs.sample_actions()

    def rollout(self, steps: int) -> dict:
        """`steps` calls of `step` over every game; returns the trajectories and what ended."""
        e = self.envs
        n, size, ids = e.num_envs, e.observation_size, e.action_count
        out = {
            "worker": self.index,
            "observations": np.empty((steps, n, size), np.float32),
            "masks": np.empty((steps, n, ids), np.bool_),
            "actions": np.empty((steps, n), np.int64),
            "rewards": np.empty((steps, n), np.float32),
            "done": np.empty((steps, n), np.bool_),
            "episode_returns": [],
        }
        started = time.perf_counter()
        for t in range(steps):
            out["observations"][t] = e.observations
            out["masks"][t] = e.masks
            actions = self.policy(e.observations, e.masks)
            e.step(actions)
            out["actions"][t] = actions
            out["rewards"][t] = e.rewards
            done = e.terminated | e.truncated
            out["done"][t] = done
            self.returns += e.rewards
            for i in np.flatnonzero(done):
                out["episode_returns"].append(float(self.returns[i]))
                self.returns[i] = 0.0
        out["seconds"] = time.perf_counter() - started
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=64, help="games per worker's VecEnv")
    parser.add_argument("--steps", type=int, default=200, help="learner steps per rollout")
    parser.add_argument("--rounds", type=int, default=3, help="rollouts per worker")
    parser.add_argument("--scenario", default="base")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--address", default=None, help="a Ray cluster's address; none starts a local Ray")
    args = parser.parse_args()
    if args.workers < 1 or args.games < 1 or args.steps < 1 or args.rounds < 1:
        parser.error("--workers, --games, --steps and --rounds must each be at least 1")

    if args.address:
        ray.init(address=args.address)
    else:
        # A local Ray on loopback only.
        ray.init(num_cpus=args.workers, include_dashboard=False, _node_ip_address="127.0.0.1")
    workers = [
        Worker.remote(i, args.games, args.scenario, args.seats, args.seed)
        for i in range(args.workers)
    ]
    started = time.perf_counter()
    steps = 0
    wins = losses = 0
    for round_ in range(args.rounds):
        # Every worker plays at once; the driver takes each batch as it is ready.
        results = ray.get([w.rollout.remote(args.steps) for w in workers])
        for r in results:
            steps += r["actions"].size
            finished = r["episode_returns"]
            wins += sum(1 for g in finished if g > 0)
            losses += sum(1 for g in finished if g < 0)
            print(
                f"round {round_ + 1} worker {r['worker']}: {r['actions'].size} learner steps in "
                f"{r['seconds']:.2f} s, {len(finished)} games ended, "
                f"observations {r['observations'].shape}, masks {r['masks'].shape}"
            )
    elapsed = time.perf_counter() - started
    print(
        f"{args.workers} workers: {steps} learner steps in {elapsed:.1f} s "
        f"({steps / elapsed:,.0f} a second, trajectories sent back included); "
        f"the random learner won {wins} and lost {losses} of its finished games"
    )
    ray.shutdown()


if __name__ == "__main__":
    main()
