"""The numpy batches against the C bench: ns per hand of Rules.win_many and
Rules.shanten_many over the same corpus as ``qipai mahjong bench``.

    PYTHONPATH=build/python QIPAI=build/qipai /usr/bin/python3 python/bench/bench_batch.py [N]

Generates a corpus of N hands (default 200,000) with ``qipai mahjong corpus
win|shanten``, runs ``qipai mahjong bench win|shanten FILE`` (the C loop over
parsed hands, median of 9), then times the batch call on the same hands
(parsed before the clock starts; median of 9 runs of process CPU time) and
prints both figures and their ratio. The issue's bound: at most 2x.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from qipai.mahjong import Rules, hands_of

QIPAI = os.environ.get("QIPAI", str(Path(__file__).resolve().parents[2] / "build" / "qipai"))
RUNS = 9


def c_bench(call: str, path: str) -> tuple[float, float]:
    """The C bench's median and fastest ns per hand."""
    out = subprocess.run([QIPAI, "mahjong", "bench", call, path], capture_output=True,
                         text=True, check=True)
    median = float(re.search(r"([\d.]+) ns/hand", out.stdout).group(1))
    fastest = float(re.search(r"fastest ([\d.]+)", out.stderr).group(1))
    return median, fastest


def batch_bench(call: str, path: str) -> tuple[float, float, int]:
    rules = Rules()
    counts, wilds = rules.parse_many(hands_of(Path(path).read_text().splitlines()))
    method = rules.win_many if call == "win" else rules.shanten_many
    method(counts, wilds)  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        result = method(counts, wilds)
        times.append(time.process_time() - start)
    per_hand = [t / len(counts) * 1e9 for t in times]
    return statistics.median(per_hand), min(per_hand), int(result.sum())


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as tmp:
        for call, seed in (("win", 1), ("shanten", 2)):
            path = os.path.join(tmp, f"{call}.txt")
            with open(path, "w") as f:
                subprocess.run([QIPAI, "mahjong", "corpus", call, str(n), "--seed", str(seed)],
                               stdout=f, check=True)
            c_median, c_fastest = c_bench(call, path)
            py_median, py_fastest, check = batch_bench(call, path)
            print(f"mahjong {call}: {n} hands, C bench {c_median:.1f} ns/hand (fastest "
                  f"{c_fastest:.1f}), Rules.{call}_many {py_median:.1f} ns/hand (fastest "
                  f"{py_fastest:.1f}; sum {check}), ratio {py_fastest / c_fastest:.2f}x")


if __name__ == "__main__":
    main()
