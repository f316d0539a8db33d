"""Agent steps per second of qipai.zhaotong.SingleAgentEnv with a random
legal policy written in Python (the issue's bound: at least 20,000).

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_env.py [STEPS]

For each opponent set (three strong bots, three seed bots) it plays STEPS
agent steps (default 200,000) from seed 1, resetting at each game's end, and
prints the steps per second of process CPU time and of wall time (the wall
figure drops when other jobs share the machine), the games played and the
agent's average score per game. The policy: the legal numbers of the mask,
one picked at random (np.flatnonzero and random.randrange).
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

from qipai.zhaotong import SingleAgentEnv


def run(opponents: tuple[str, str, str], steps: int) -> None:
    env = SingleAgentEnv(opponents)
    pick = random.Random(1)
    observation, info = env.reset(seed=1)
    games, total = 0, 0.0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(steps):
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[pick.randrange(len(legal))])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            games += 1
            observation, info = env.reset()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"SingleAgentEnv vs {','.join(opponents)}: {steps} agent steps, "
          f"{steps / cpu:,.0f} steps/s cpu ({steps / wall:,.0f} wall), {games} games, "
          f"agent average {total / max(games, 1):+.2f} per game")


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    run(("strong", "strong", "strong"), steps)
    run(("seed", "seed", "seed"), steps)


if __name__ == "__main__":
    main()
