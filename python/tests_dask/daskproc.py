"""Dask's own commands as a deployment runs them (Debian's /usr/bin/dask):
a scheduler and workers as processes, each in a session of its own so that
a test can kill one with all its children."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

DASK = os.environ.get("DASK", "/usr/bin/dask")


class DaskProcesses:
    def __init__(self, directory: Path):
        self.directory = directory
        self.procs: list[subprocess.Popen] = []
        self.address = ""

    def _start(self, args: list[str], env: dict | None, name: str) -> subprocess.Popen:
        log = open(self.directory / f"{name}-{len(self.procs)}.log", "wb")
        proc = subprocess.Popen([DASK, *args], stdout=log, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)
        self.procs.append(proc)
        return proc

    def scheduler(self) -> str:
        file = self.directory / "scheduler.json"
        self.sched = self._start(["scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--dashboard-address", "127.0.0.1:0",
                                  "--scheduler-file", str(file)], None, "scheduler")
        for _ in range(300):
            if file.exists():
                try:
                    self.address = json.loads(file.read_text())["address"]
                    return self.address
                except (ValueError, KeyError):
                    pass
            time.sleep(0.1)
        raise RuntimeError("dask scheduler did not start")

    def worker(self, pythonpath: str | None, nworkers: str = "1") -> subprocess.Popen:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        if pythonpath is not None:
            env["PYTHONPATH"] = pythonpath
        return self._start(["worker", self.address, "--nworkers", nworkers, "--nthreads", "1",
                            "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"],
                           env, "worker")

    def kill(self, proc: subprocess.Popen) -> None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def close(self) -> None:
        for proc in self.procs:
            self.kill(proc)
