"""Reaching the cluster (qipai.cluster.connect):

- a local cluster listens on the loopback only: the scheduler, its HTTP
  (dashboard) port and every worker's ports, as `ss` lists them;
- workers that run another qipai, or none, are refused on connect with a
  clear error naming them; Debian's `dask worker ... --nworkers -1
  --nthreads 1` with PYTHONPATH on the tree plays the driver's shards;
- Dask's loggers are as they were once the connection is closed.
"""

from __future__ import annotations

import logging
import os
import subprocess
import time

import pytest

from qipai.cluster import ClusterError, connect, simulate
from qipai.cluster.connect import DASK_LOGGERS, dashboard_link

from conftest import cli_sim, without_timings
from daskproc import DaskProcesses


def _listening(pids: set[int]) -> list[str]:
    out = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, check=True).stdout
    return [line.split()[3] for line in out.splitlines()
            if any(f"pid={pid}," in line for pid in pids)]


def test_a_local_cluster_listens_on_the_loopback_only():
    with connect(local_workers=2) as client:
        pids = set(client.run(os.getpid).values()) | {os.getpid()}
        assert len(pids) == 3
        ports = _listening(pids)
        link = dashboard_link(client)
    # the scheduler and its HTTP port, two nannies, two workers and their HTTP ports
    assert len(ports) >= 7, ports
    assert all(p.startswith("127.0.0.1:") for p in ports), ports
    assert link is None or link.startswith("http://127.0.0.1:")


def test_dask_s_loggers_are_restored_after_the_connection():
    names = ("distributed", "distributed.worker", "distributed.client")
    before = [logging.getLogger(n).level for n in names]
    logging.getLogger("distributed.client").setLevel(logging.INFO)
    before = [logging.getLogger(n).level for n in names]
    with connect(local_workers=1):
        assert all(logging.getLogger(n).level == logging.CRITICAL for n in DASK_LOGGERS)
    assert [logging.getLogger(n).level for n in names] == before
    with connect(local_workers=1, quiet_logs=False):
        assert logging.getLogger("distributed.client").level == logging.INFO


@pytest.fixture()
def dask_processes(tmp_path):
    procs = DaskProcesses(tmp_path)
    yield procs
    procs.close()


def _fake_qipai(directory, version: str) -> str:
    package = directory / "qipai"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"__version__ = {version!r}\n")
    return str(directory)


def _wait_workers(address: str, count: int) -> None:
    from distributed import Client
    with Client(address, set_as_default=False, timeout=30) as c:
        c.wait_for_workers(count, timeout=60)


def test_workers_of_another_qipai_are_refused_and_debian_s_dask_worker_plays(dask_processes,
                                                                             tmp_path):
    address = dask_processes.scheduler()
    tree = os.environ["PYTHONPATH"]
    other = dask_processes.worker(_fake_qipai(tmp_path / "other", "0.0.1-other"))
    _wait_workers(address, 1)
    with pytest.raises(ClusterError, match=r"must run this driver's qipai .*tcp://127\.0\.0\.1:\d+ "
                                           r"runs qipai 0\.0\.1-other"):
        with connect(address, timeout=20):
            pass
    dask_processes.kill(other)
    none = dask_processes.worker("")
    _wait_workers(address, 1)
    with pytest.raises(ClusterError, match=r"cannot import qipai"):
        with connect(address, timeout=20):
            pass
    dask_processes.kill(none)
    # docs/CLUSTER.md's command: one process a core, one thread each, the tree on PYTHONPATH
    dask_processes.worker(tree, nworkers="-1")
    started = time.time()
    while True:
        from distributed import Client
        with Client(address, set_as_default=False, timeout=30) as c:
            threads = c.nthreads()
        if len(threads) == (os.cpu_count() or 1) or time.time() - started > 60:
            break
        time.sleep(0.2)
    assert sorted(threads.values()) == [1] * (os.cpu_count() or 1), threads
    with connect(address, timeout=20) as client:
        run = simulate(client, 300, 4, "strong,strong,seed,seed", shard_size=50)
    assert without_timings(run.text()) == without_timings(
        cli_sim(300, 4, "strong,strong,seed,seed"))
