#!/usr/bin/python3
"""A random agent in Zhaotong mahjong: the smallest learning-agent loop.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/random_agent.py \
        [--games 100] [--seed 1] [--opponents strong,strong,strong] [--aec] [--log FILE]

By default one seat (seat 0) picks a random legal action against three
bots that play inside the library (qipai.zhaotong.SingleAgentEnv, gymnasium's
reset/step); --aec plays all four seats at random through the PettingZoo-style
AECEnv instead. Prints the games played, the agents' average score per game
and the steps per second. --log writes every game's log (JSON lines, as
`qipai zhaotong sim --log` does; check it with `qipai zhaotong replay FILE`).
"""

import argparse
import random
import sys
import time

import numpy as np

from qipai.zhaotong import AECEnv, SingleAgentEnv


def random_legal(mask: np.ndarray, pick: random.Random) -> int:
    legal = np.flatnonzero(mask)                     # the action numbers allowed now
    return int(legal[pick.randrange(len(legal))])


def single_agent(games: int, seed: int, opponents: list[str], log) -> tuple[float, int]:
    env = SingleAgentEnv(opponents)
    pick = random.Random(seed)
    observation, info = env.reset(seed=seed)
    total, steps, played = 0.0, 0, 0
    while played < games:
        action = random_legal(observation["action_mask"], pick)
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward                              # the agent's score change
        steps += 1
        if terminated or truncated:
            played += 1
            if log:
                env.game().write_log(log, number=played)   # re-played from seed and actions
            if played < games:
                observation, info = env.reset()
    return total / games, steps


def four_agents(games: int, seed: int, log) -> tuple[float, int]:
    env = AECEnv()
    pick = random.Random(seed)
    total, steps = 0.0, 0
    for number in range(games):
        env.reset(seed=seed) if number == 0 else env.reset()
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            total += reward if agent == "seat_0" else 0
            if termination or truncation:
                env.step(None)                       # PettingZoo: a done agent steps None
            else:
                env.step(random_legal(observation["action_mask"], pick))
                steps += 1
        if log:
            env.game().write_log(log, number=number + 1)
    return total / games, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="strong,strong,strong")
    parser.add_argument("--aec", action="store_true")
    parser.add_argument("--log", metavar="FILE")
    args = parser.parse_args()

    log = open(args.log, "w", encoding="utf-8") if args.log else None
    start = time.perf_counter()
    if args.aec:
        average, steps = four_agents(args.games, args.seed, log)
        who = "four random agents (AECEnv), seat 0"
    else:
        average, steps = single_agent(args.games, args.seed, args.opponents.split(","), log)
        who = f"a random agent against {args.opponents} (SingleAgentEnv)"
    seconds = time.perf_counter() - start
    if log:
        log.close()
    print(f"{args.games} games, {who}: average score {average:+.2f} per game; "
          f"{steps} agent steps, {steps / seconds:,.0f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
