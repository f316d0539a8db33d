"""Reaching a Dask cluster: a scheduler's address, or a cluster of local
worker processes started here. A scheduler that cannot be reached, or has
no worker, is a clear error within the timeout, never a wait without end.
"""

from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Iterator

__all__ = ["ClusterError", "connect", "worker_threads"]

#: Seconds to reach a scheduler and to wait for its first worker.
CONNECT_TIMEOUT = 10.0


class ClusterError(RuntimeError):
    """The cluster failed the run: a scheduler out of reach or without
    workers, a shard or partition that failed every retry (its worker
    killed too often, an error on the worker)."""


def _distributed():
    try:
        import distributed
    except ImportError:  # pragma: no cover - Debian's python3-distributed is a dependency
        raise ClusterError("qipai.cluster needs Dask distributed (Debian: python3-distributed; "
                           "pip: distributed)") from None
    return distributed


@contextmanager
def connect(scheduler: str | None = None, local_workers: int | None = None, *,
            timeout: float = CONNECT_TIMEOUT, quiet_logs: bool = True) -> Iterator["object"]:
    """A ``distributed.Client``: to the scheduler at ``scheduler``
    (``tcp://host:8786``), else to a ``LocalCluster`` of ``local_workers``
    worker processes of one thread each (all the CPUs when None), closed
    on leaving. Raises ClusterError when the scheduler cannot be reached
    within ``timeout`` seconds or has no worker by then."""
    distributed = _distributed()
    if quiet_logs:
        # Dask reports a lost worker and the tasks it re-runs as errors of
        # its own loggers; qipai's progress line says what matters.
        for name in ("distributed", "distributed.scheduler", "distributed.nanny",
                     "distributed.worker", "distributed.core", "distributed.client"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    cluster = None
    if scheduler is not None:
        try:
            _probe(scheduler, timeout)
            client = distributed.Client(scheduler, timeout=timeout, set_as_default=False)
        except (OSError, ValueError, TimeoutError) as e:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {e} "
                               f"(is `dask scheduler` running there, and the port open?)") \
                from None
    else:
        workers = local_workers if local_workers is not None else (os.cpu_count() or 1)
        if workers < 1:
            raise ClusterError(f"local workers: at least 1, not {workers}")
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.CRITICAL if quiet_logs
                                           else logging.WARNING)
        client = distributed.Client(cluster, set_as_default=False)
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as e:
            raise ClusterError(f"the Dask scheduler at {scheduler} has no worker after "
                               f"{timeout:g} s ({e}): start some with `dask worker "
                               f"{scheduler}`") from None
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _probe(address: str, timeout: float) -> None:
    """Opens and closes a connection to the scheduler: an address out of
    reach fails here, before a Client is made (a Client that failed to
    connect still tries to close itself when collected, seconds later)."""
    import asyncio

    from distributed.comm import connect as open_comm

    async def probe() -> None:
        comm = await open_comm(address, timeout=timeout)
        await comm.close()

    asyncio.run(probe())


def worker_threads(client) -> int:
    """The threads of the cluster's workers now (at least 1)."""
    return max(1, sum(client.nthreads().values()))
