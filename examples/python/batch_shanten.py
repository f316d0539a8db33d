#!/usr/bin/python3
"""Shanten of every hand in a file, in one numpy batch.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/batch_shanten.py HANDS.txt \
        [--rules laizi] [--wild 7z]...

HANDS.txt holds one hand a line (blank lines and # comments skipped), in the
notation of the command line. Prints "HAND SHANTEN" for each hand (a hand
that does not parse, has the wrong size or breaks a limit: "HAND -"), then on standard error
how many hands have each shanten and how long the batch took.
"""

import argparse
import collections
import sys
import time

from qipai.mahjong import NO_SHANTEN, Rules, hands_of


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--rules", default="basic")
    parser.add_argument("--wild", action="append", default=[])
    args = parser.parse_args()

    rules = Rules(args.rules, args.wild)
    with open(args.file, encoding="utf-8") as f:
        hands = hands_of(f.read().splitlines())
    counts, wilds = rules.parse_many(hands, strict=False)  # parsed once, into numpy arrays
    start = time.perf_counter()
    shanten = rules.shanten_many(counts, wilds)      # one C loop, without the GIL
    seconds = time.perf_counter() - start

    for hand, value in zip(hands, shanten.tolist()):
        print(hand, "-" if value == NO_SHANTEN else value)
    histogram = collections.Counter(v for v in shanten.tolist() if v != NO_SHANTEN)
    print(f"{len(hands)} hands in {seconds * 1e3:.2f} ms: "
          + ", ".join(f"shanten {k}: {histogram[k]}" for k in sorted(histogram)),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
