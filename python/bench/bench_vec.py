"""Agent steps per second of qipai.table.VectorEnv: n games stepped in one C
call, a random legal action for each game chosen in numpy (the issue's
bound for Zhaotong: 250,000 on the 2-core machine, observations included).

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_vec.py [GAME] [N] [STEPS]

It plays STEPS vector steps (default 400) of N games (default 256) of GAME
(default every game with a table) from seed 1, self-play (the learner acts
for the seat to act in every game) and against seed-style bots (the game's
first bot at every other seat, inside C), and prints agent steps per second
of wall and of process CPU time, with the share spent choosing actions in
numpy. The policy: uniform over each game's mask (random numbers times the
mask, argmax per row).
"""

from __future__ import annotations

import sys
import time

import numpy as np

import qipai.table as table


def run(name: str, n: int, steps: int, opponents: str | None) -> None:
    env = table.VectorEnv(name, n, opponents, seed=1)
    obs, mask, info = env.reset()
    rng = np.random.default_rng(1)
    picking = 0.0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(steps):
        start = time.perf_counter()
        u = rng.random(mask.shape, dtype=np.float32)
        u *= mask
        actions = u.argmax(axis=1)
        picking += time.perf_counter() - start
        obs, mask, rewards, terminated, truncated, info = env.step(actions)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    agent_steps = n * steps
    who = "self-play" if opponents is None else f"vs {opponents}"
    print(f"VectorEnv({name!r}, n={n}) {who}: {agent_steps} agent steps, "
          f"{agent_steps / wall:,.0f} steps/s wall ({agent_steps / cpu:,.0f} cpu), "
          f"{env.games_done} games, {100 * picking / wall:.0f}% of the time choosing in numpy")


def main() -> None:
    names = [sys.argv[1]] if len(sys.argv) > 1 else table.games()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 256
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    for name in names:
        run(name, n, steps, None)
        run(name, n, steps, table.Game(name).bots[0])


if __name__ == "__main__":
    main()
