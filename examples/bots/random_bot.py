#!/usr/bin/python3
"""A Zhaotong bot that plays a random legal action (docs/formats/bot.md).

    qipai zhaotong sim --games 100 --bots "exec:python3 examples/bots/random_bot.py,strong,strong,strong"

It reads the protocol's lines on standard input and answers each request
with the index of one of the legal actions, chosen at random (seeded with
--seed N, default 1, so a run can be repeated). Python's standard library
only.
"""
import json
import random
import sys


def main():
    seed = 1
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "request":
            # The answer: one line, the index of the chosen action.
            print(rng.randrange(len(message["actions"])), flush=True)


if __name__ == "__main__":
    main()
