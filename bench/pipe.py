#!/usr/bin/python3
"""The command line's throughput through a pipe (issue 16): a million hands
piped through `qipai mahjong win` and `qipai mahjong shanten`, end to end
(reading, parsing, the call, the JSON answer, writing), as CPU time of the
program (user + system) per hand, the median of several runs.

Usage: bench/pipe.py [QIPAI] [HANDS] [RUNS]. Prints one JSON line per command:
{"bench":"pipe","command":"mahjong win","hands":N,"runs":R,
 "cpu_ns_per_hand":median,"fastest":...,"slowest":...}
"""
import json
import os
import resource
import subprocess
import sys

qipai = sys.argv[1] if len(sys.argv) > 1 else "build/qipai"
hands = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
os.makedirs("build/corpus", exist_ok=True)
corpus = "build/corpus/pipe_%d.txt" % hands
if not os.path.exists(corpus):
    with open(corpus, "w") as f:
        subprocess.run([qipai, "mahjong", "corpus", "win", str(hands), "--seed", "11"],
                       stdout=f, check=True)


def cpu_seconds(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(corpus, "rb") as f, open(os.devnull, "wb") as out:
        subprocess.run(argv, stdin=f, stdout=out, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


for command in (["mahjong", "win"], ["mahjong", "shanten"]):
    times = sorted(cpu_seconds([qipai] + command) for _ in range(runs))
    per = [t * 1e9 / hands for t in times]
    print(json.dumps({"bench": "pipe", "command": " ".join(command), "hands": hands,
                      "runs": runs, "cpu_ns_per_hand": round(per[len(per) // 2], 1),
                      "fastest": round(per[0], 1), "slowest": round(per[-1], 1)},
                     separators=(",", ":")))
