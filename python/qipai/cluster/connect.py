"""Reaching a Dask cluster: a scheduler's address, or a cluster of local
worker processes started here. A scheduler that cannot be reached, or has
no worker, is a clear error within the timeout, never a wait without end;
workers that do not run the driver's qipai are refused before any task is
sent (a task travels pickled and plays with the worker's library).

Local clusters listen on the loopback only (scheduler, dashboard and every
worker's HTTP port) unless another host is asked for: a machine's other
users and its network see nothing of a run. Dask's log messages are quieted
for the time of the connection only, and restored on leaving.
"""

from __future__ import annotations

import logging
import os
import warnings
import sys
from contextlib import contextmanager
from typing import Iterator

__all__ = ["ClusterError", "connect", "worker_threads", "dashboard_link", "check_versions",
           "LOCAL_HOST"]

#: Seconds to reach a scheduler and to wait for its first worker.
CONNECT_TIMEOUT = 10.0
#: Where a local cluster listens unless asked otherwise.
LOCAL_HOST = "127.0.0.1"
#: Dask's loggers that report a lost worker, its tasks run again, a closed
#: connection: quieted for the run (qipai's progress line says what matters).
DASK_LOGGERS = ("distributed", "distributed.scheduler", "distributed.nanny", "distributed.worker",
                "distributed.core", "distributed.client", "distributed.comm",
                "distributed.batched", "distributed.deploy", "distributed.process",
                "distributed.utils_perf", "distributed.worker_memory", "tornado",
                "tornado.application", "bokeh", "asyncio")


class ClusterError(RuntimeError):
    """The cluster failed the run: a scheduler out of reach or without
    workers, or lost; workers with another qipai; a shard or partition that
    failed every retry (its worker killed too often, an error on the
    worker); every worker gone for longer than the run waits."""


def _distributed():
    try:
        import distributed
    except ImportError:  # pragma: no cover - Debian's python3-distributed is a dependency
        raise ClusterError("qipai.cluster needs Dask distributed (Debian: python3-distributed; "
                           "pip: distributed)") from None
    return distributed


@contextmanager
def quiet_dask_logs(quiet: bool = True) -> Iterator[None]:
    """Dask's loggers (and their handlers) at CRITICAL inside, as they were
    after: a program that goes on using Dask or logging sees its own
    settings again."""
    if not quiet:
        yield
        return
    saved = []
    for name in DASK_LOGGERS:
        logger = logging.getLogger(name)
        saved.append((logger, logger.level, [(h, h.level) for h in logger.handlers]))
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level, handlers in saved:
            logger.setLevel(level)
            for handler, handler_level in handlers:
                handler.setLevel(handler_level)


@contextmanager
def connect(scheduler: str | None = None, local_workers: int | None = None, *,
            timeout: float = CONNECT_TIMEOUT, quiet_logs: bool = True,
            host: str = LOCAL_HOST, versions: bool = True) -> Iterator["object"]:
    """A ``distributed.Client``: to the scheduler at ``scheduler``
    (``tcp://host:8786``), else to a ``LocalCluster`` of ``local_workers``
    worker processes of one thread each (all the CPUs when None), closed
    on leaving.

    - ``host``: where a local cluster listens (its scheduler, its dashboard
      when bokeh is installed, each worker's ports): the loopback unless
      another address is given ("0.0.0.0" for every interface).
    - ``quiet_logs``: Dask's log messages silenced inside, restored after.
    - ``versions``: the workers must run the driver's qipai (and Python):
      a ClusterError names those that do not.

    Raises ClusterError when the scheduler cannot be reached within
    ``timeout`` seconds or has no worker by then."""
    distributed = _distributed()
    with quiet_dask_logs(quiet_logs):
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
            from .local import QuietNanny  # Dask's nanny, its worker deaf to Ctrl-C

            with warnings.catch_warnings():
                # "Port 8787 is already in use": Dask takes another, which the link shows
                warnings.filterwarnings("ignore", message="Port .* is already in use")
                cluster = distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True,
                    worker_class=QuietNanny, host=host, dashboard_address=f"{host}:8787",
                    worker_dashboard_address=f"{host}:0",
                    silence_logs=logging.CRITICAL if quiet_logs else logging.WARNING)
            client = distributed.Client(cluster, set_as_default=False)
        try:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as e:
                raise ClusterError(f"the Dask scheduler at {scheduler} has no worker after "
                                   f"{timeout:g} s ({e}): start some with `dask worker "
                                   f"{scheduler}`") from None
            if versions:
                check_versions(client)
            yield client
        finally:
            # A scheduler gone, or an interrupt, must not turn the run's own
            # error into Dask's traceback of a client that cannot close.
            try:
                client.close(timeout=5)
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
            if cluster is not None:
                try:
                    cluster.close(timeout=10)
                except Exception:  # noqa: BLE001
                    pass


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


def check_versions(client) -> None:
    """Every worker imports the driver's qipai and runs its Python version
    (pickled tasks need both); raises ClusterError naming the workers that
    do not and what they run."""
    from .. import __version__

    mine = (__version__, "%d.%d" % sys.version_info[:2])
    info = client.get_versions(packages=["qipai"])
    wrong = []
    for address, worker in sorted((info.get("workers") or {}).items()):
        if not isinstance(worker, dict) or "packages" not in worker:
            continue  # a worker that left while asked
        qipai = worker["packages"].get("qipai")
        python = ".".join(str(worker["packages"].get("python", "")).split(".")[:2])
        if qipai is None:
            wrong.append(f"{address} cannot import qipai")
        elif (qipai, python) != mine:
            wrong.append(f"{address} runs qipai {qipai} on Python {python}")
    if wrong:
        shown = "; ".join(wrong[:3]) + (f"; and {len(wrong) - 3} more" if len(wrong) > 3 else "")
        raise ClusterError(f"the workers must run this driver's qipai {mine[0]} on Python "
                           f"{mine[1]}: {shown} (docs/CLUSTER.md, 'Install on every machine': "
                           f"the worker's Python must see the package, through PYTHONPATH or "
                           f"the virtualenv's python3 -m distributed.cli.dask_worker)")


def dashboard_link(client) -> str | None:
    """The address of the scheduler's dashboard, when it has one (bokeh
    installed where the scheduler runs), else None."""
    try:
        if "dashboard" not in client.scheduler_info().get("services", {}):
            return None
        if not client.run_on_scheduler(_has_bokeh):
            return None
        return client.dashboard_link
    except Exception:  # noqa: BLE001 - a link is a courtesy, never a failure
        return None


# Sent to the scheduler by value (a lambda is pickled whole), so that a
# scheduler without qipai can run it.
_has_bokeh = lambda: __import__("importlib.util").util.find_spec("bokeh") is not None  # noqa: E731


def worker_threads(client) -> int:
    """The threads of the cluster's workers now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


