"""qipai.cluster's figures for docs/PERFORMANCE.md ("On a cluster"):

- games/s of a sim run on 1 and on 2 local worker processes (a LocalCluster,
  one thread each), the best of --repeat runs after a warm-up, and the
  single process (``qipai zhaotong sim``) for reference;
- the cost of a shard: the same games in one-game shards against one shard,
  on one worker, over the number of shards;
- the log's volume per game, plain and gzipped.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_cluster.py \
        [--games 200000] [--repeat 3] [--qipai build/qipai]

The machine's other load skews every figure: run it on a quiet machine
(the load average is printed first).
"""

from __future__ import annotations

import argparse
import gzip
import logging
import os
import subprocess
import tempfile
import time

from qipai.cluster import connect, simulate


def best_wall(client, games: int, repeat: int, **options) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        simulate(client, games, 1, **options)
        best = min(best, time.perf_counter() - start)
    return best


def single_process(qipai: str, games: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([qipai, "zhaotong", "sim", "--games", str(games), "--seed", "1"],
                       check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def two_processes(qipai: str, games: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        runs = [subprocess.Popen([qipai, "zhaotong", "sim", "--games", str(games), "--seed",
                                  str(seed)], stdout=subprocess.DEVNULL) for seed in (1, 2)]
        for run in runs:
            run.wait()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--shard-games", type=int, default=2_000,
                        help="games of the one-game-shard run")
    parser.add_argument("--qipai", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                        "build", "qipai"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, "
          f"{os.cpu_count()} CPUs; {args.games} games, best of {args.repeat}")

    wall = single_process(args.qipai, args.games, args.repeat)
    print(f"qipai zhaotong sim (one process): {wall:.2f} s, {args.games / wall:,.0f} games/s")
    together = two_processes(args.qipai, args.games // 2, args.repeat)
    alone = single_process(args.qipai, args.games // 2, args.repeat)
    print(f"the machine's ceiling: two qipai processes at once, {args.games // 2} games each, "
          f"{together:.2f} s against {alone:.2f} s for one: {2 * alone / together:.2f}x")
    rates = {}
    for workers in (1, 2):
        with connect(local_workers=workers) as client:
            client.wait_for_workers(workers)
            simulate(client, 200 * workers, 1, shard_size=100)  # workers import qipai
            wall = best_wall(client, args.games, args.repeat)
            rates[workers] = args.games / wall
            print(f"qipai.cluster, {workers} local worker{'s' * (workers > 1)}: {wall:.2f} s, "
                  f"{rates[workers]:,.0f} games/s")
            if workers == 1:
                n = args.shard_games
                one = best_wall(client, n, args.repeat, shard_size=n)
                many = best_wall(client, n, args.repeat, shard_size=1)
                print(f"a shard's cost: {n} games in {n} shards {many:.2f} s, in one shard "
                      f"{one:.3f} s: {1000 * (many - one) / (n - 1):.2f} ms a shard")
    print(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}x")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "log.jsonl")
        n = 10_000
        subprocess.run([args.qipai, "zhaotong", "sim", "--games", str(n), "--seed", "1",
                        "--log", path], check=True, capture_output=True)
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            packed = len(gzip.compress(f.read(), 6))
        print(f"log: {size / n:,.0f} bytes a game ({size / n * 1e6 / 1e9:.2f} GB per million "
              f"games), gzip -6 {packed / n:,.0f} bytes ({packed / n * 1e6 / 1e9:.2f} GB)")


if __name__ == "__main__":
    main()
