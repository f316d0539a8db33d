"""The processes of a local cluster (connect.py, --local-workers): Dask's
nanny and worker, the worker ignoring SIGINT.

Ctrl-C on a terminal goes to the whole foreground process group, the
local workers included, and each would print its KeyboardInterrupt
traceback (some 60 lines for two workers). The driver alone stops the run
and closes the workers; they ignore the signal from the moment the worker
is made, in the worker process's main thread, for the first workers and
for those the nanny starts again after a crash alike."""

from __future__ import annotations

import signal
import threading

from distributed import Nanny, Worker

__all__ = ["QuietNanny", "QuietWorker"]


class QuietWorker(Worker):
    def __init__(self, *args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        super().__init__(*args, **kwargs)


class QuietNanny(Nanny):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("worker_class", QuietWorker)
        super().__init__(*args, **kwargs)
