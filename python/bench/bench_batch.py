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


def c_bench(call: str, path: str) -> float:
    out = subprocess.run([QIPAI, "mahjong", "bench", call, path], capture_output=True,
                         text=True, check=True).stdout
    return float(re.search(r"([\d.]+) ns/hand", out).group(1))


def batch_bench(call: str, path: str) -> tuple[float, int]:
    rules = Rules()
    counts, wilds = rules.parse_many(hands_of(Path(path).read_text().splitlines()))
    method = rules.win_many if call == "win" else rules.shanten_many
    method(counts, wilds)  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        result = method(counts, wilds)
        times.append(time.process_time() - start)
    return statistics.median(times) / len(counts) * 1e9, int(result.sum())


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as tmp:
        for call, seed in (("win", 1), ("shanten", 2)):
            path = os.path.join(tmp, f"{call}.txt")
            with open(path, "w") as f:
                subprocess.run([QIPAI, "mahjong", "corpus", call, str(n), "--seed", str(seed)],
                               stdout=f, check=True)
            c_ns = c_bench(call, path)
            py_ns, check = batch_bench(call, path)
            print(f"mahjong {call}: {n} hands, C bench {c_ns:.1f} ns/hand, "
                  f"Rules.{call}_many {py_ns:.1f} ns/hand (sum {check}), ratio {py_ns / c_ns:.2f}x")


if __name__ == "__main__":
    main()
