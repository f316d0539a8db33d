"""Rules.parse_many: hands a second, from a list of strings to the (N, 34)
counts and (N,) wilds the batch calls take.

    PYTHONPATH=build/python QIPAI=build/qipai /usr/bin/python3 python/bench/bench_parse.py [N]

Generates N hands (default 1,000,000) with ``qipai mahjong corpus shanten``
(13- and 14-tile hands, some with jokers), reads them into a list of str,
then times ``Rules().parse_many(hands)`` (median of 5 runs of process CPU
time) and, for scale, ``Rules.shanten_many`` on the result. Also times the
text of the file given whole (``parse_many(text)``: the lines of a str).
Issue 23's goal: at least 5M hands a second.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from qipai.mahjong import Rules

QIPAI = os.environ.get("QIPAI", str(Path(__file__).resolve().parents[2] / "build" / "qipai"))
RUNS = 5


def timed(call, *args) -> tuple[float, float, object]:
    """Median and fastest process CPU seconds of RUNS calls; the last result."""
    times = []
    result = None
    for _ in range(RUNS):
        start = time.process_time()
        result = call(*args)
        times.append(time.process_time() - start)
    return statistics.median(times), min(times), result


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    text = subprocess.run([QIPAI, "mahjong", "corpus", "shanten", str(n), "--seed", "3"],
                          capture_output=True, text=True, check=True).stdout
    hands = text.splitlines()
    rules = Rules()
    median, fastest, (counts, wilds) = timed(rules.parse_many, hands)
    shanten, _, _ = timed(rules.shanten_many, counts, wilds)
    print(f"Rules.parse_many: {len(hands)} hands (list of str), {len(hands) / median / 1e6:.2f}M "
          f"hands/s ({median / len(hands) * 1e9:.0f} ns/hand; fastest "
          f"{fastest / len(hands) * 1e9:.0f}; {int(counts.sum())} tiles, {int(wilds.sum())} "
          f"wildcards); shanten_many on them {shanten / len(hands) * 1e9:.1f} ns/hand")
    try:
        median, fastest, (again, _) = timed(rules.parse_many, text)
    except TypeError:
        return  # (a build whose parse_many takes no text)
    assert (again == counts).all()
    print(f"Rules.parse_many(text): the same lines as one str, {len(hands) / median / 1e6:.2f}M "
          f"hands/s ({median / len(hands) * 1e9:.0f} ns/hand; fastest "
          f"{fastest / len(hands) * 1e9:.0f})")


if __name__ == "__main__":
    main()
