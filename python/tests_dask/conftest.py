"""What the cluster tests share: one LocalCluster of two worker processes
(a thread each) for the whole session, as a real deployment runs them, and
the command line, the oracle every answer is checked against.

The program is $QIPAI, else build/qipai at the top of the tree; the package
is imported from PYTHONPATH (``make test-dask`` points it at build/python),
which the workers inherit.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterable

import pytest

ROOT = Path(__file__).resolve().parents[2]
QIPAI = os.environ.get("QIPAI", str(ROOT / "build" / "qipai"))
WORKERS = 2


@pytest.fixture(scope="session")
def cluster():
    from distributed import LocalCluster
    for name in ("distributed", "distributed.scheduler", "distributed.nanny", "distributed.worker",
                 "distributed.core", "distributed.client"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    local = LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True,
                         dashboard_address=None, silence_logs=logging.CRITICAL)
    yield local
    local.close()


@pytest.fixture()
def client(cluster):
    """A client with both workers up (a test may have killed one: its nanny
    starts it again)."""
    from distributed import Client
    with Client(cluster, set_as_default=False) as c:
        c.wait_for_workers(WORKERS, timeout=60)
        yield c


def run_qipai(args: Iterable[str], stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([QIPAI, *args], input=stdin, capture_output=True, check=False)


def cli_sim(games: int, seed: int, bots: str, *extra: str, log: Path | None = None,
            as_json: bool = False) -> str:
    """What ``qipai zhaotong sim`` prints for that run."""
    args = ["zhaotong", "sim", "--games", str(games), "--seed", str(seed), "--bots", bots, *extra]
    if log is not None:
        args += ["--log", str(log)]
    if as_json:
        args.append("--json")
    result = run_qipai(args)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def without_timings(summary: str) -> str:
    """The summary less what differs from run to run: the speed line, or the
    JSON's timing keys."""
    if summary.startswith("{"):
        obj = json.loads(summary)
        for key in ("cpu_seconds", "games_per_second", "wall_seconds"):
            obj.pop(key, None)
        return json.dumps(obj)
    return "".join(line for line in summary.splitlines(keepends=True)
                   if not line.startswith("speed: "))


def run_module(args: Iterable[str], timeout: float = 120) -> subprocess.CompletedProcess:
    """``python3 -m qipai.cluster ARGS`` with this interpreter."""
    return subprocess.run([sys.executable, "-m", "qipai.cluster", *args], capture_output=True,
                          text=True, check=False, timeout=timeout)
