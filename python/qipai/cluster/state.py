"""The state directory of a sim run, so that a run stopped half way (the
driver killed, the cluster lost) resumes where it stopped:

    DIR/run.json           the run: its spec (the rules as the log writes
                           them), its shard size and whether it logs
    DIR/shard-00000.json   one per finished shard: its games and its
                           statistics as integers (and its CPU time)

The driver writes them, each to a hidden file renamed into place, so a
file is whole or absent: a shard's file exists only once its result (and
its part of the log, which the worker renamed into place before returning)
is in. A rerun with the same run finds run.json equal, skips the shards
with a file, and plays the others; the merged statistics are the same
whichever shards were played when. By default the state lives in the
--log-dir (docs/CLUSTER.md, "Resuming").
"""

from __future__ import annotations

import glob
import json
import os
from typing import Any

from .._core import Error
from .work import Shard, SimSpec, stats_value

__all__ = ["RunState"]

FORMAT = "qipai.cluster sim state 1"


def _write_whole(path: str, obj: Any) -> None:
    directory, name = os.path.split(path)
    temporary = os.path.join(directory, f".{name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(obj, f, separators=(",", ":"))
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def _difference(key: str, there: Any, now: Any) -> str:
    """What differs in one key of run.json: of the rules (a mapping of
    every rule), only the rules that differ, one by one."""
    if isinstance(there, dict) and isinstance(now, dict):
        names = [n for n in sorted(set(there) | set(now)) if there.get(n) != now.get(n)]
        return "; ".join(f"rule {n} {_shown(there.get(n))} there, {_shown(now.get(n))} now"
                         for n in names)
    return f"{key} {_shown(there)} there, {_shown(now)} now"


def _shown(value: Any) -> str:
    return "none" if value is None else json.dumps(value)


class RunState:
    """The state directory of one run (see the module's docstring)."""

    def __init__(self, directory: str, spec: SimSpec, shard_size: int | None, logged: bool):
        self.directory = directory
        self.spec = spec
        self.logged = logged
        self.shard_size = shard_size  # None: take the stored one, or the caller's default
        self._stored: dict | None = None

    def _run_object(self, shard_size: int) -> dict:
        spec = self.spec.as_dict()
        spec["rules"] = self.spec.rules_object()
        return {"format": FORMAT, **spec, "shard_size": shard_size, "log": self.logged}

    def stored_shard_size(self) -> int | None:
        """The shard size of the run already in the directory (None for a
        new run). Raises Error when the directory holds another run."""
        path = os.path.join(self.directory, "run.json")
        if not os.path.exists(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                stored = json.load(f)
            size = stored["shard_size"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise Error(f"{path} is not a run's state ({e}): use another directory") from None
        mine = self._run_object(size)
        differs = [key for key in sorted(set(mine) | set(stored))
                   if mine.get(key) != stored.get(key)]
        if differs:
            said = "; ".join(_difference(key, stored.get(key), mine.get(key))
                             for key in differs)
            raise Error(f"{self.directory} holds another run ({said}): use another directory "
                        f"to start a new run, or the same arguments to resume it")
        self._stored = stored
        return int(size)

    def start(self, shard_size: int) -> None:
        """Creates the directory and run.json (kept when it is this run's)."""
        os.makedirs(self.directory, exist_ok=True)
        if self._stored is None:
            _write_whole(os.path.join(self.directory, "run.json"), self._run_object(shard_size))

    def _shard_path(self, index: int, width: int) -> str:
        return os.path.join(self.directory, f"shard-{index:0{width}d}.json")

    def finished(self, shards: list[Shard], width: int) -> dict[int, dict]:
        """The results of the shards already finished, by index (each as
        play_shard returned it); a file that does not match its shard
        raises Error."""
        done: dict[int, dict] = {}
        for shard in shards:
            path = self._shard_path(shard.index, width)
            if not os.path.exists(path):
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    result = json.load(f)
                stats_value(result["stats"])
                same = (result["first"], result["count"]) == (shard.first, shard.count)
            except (OSError, ValueError, KeyError, TypeError, Error) as e:
                raise Error(f"{path} is broken ({e}): remove it to play that shard again") \
                    from None
            if not same:
                raise Error(f"{path} holds games {result['first']}+{result['count']}, "
                            f"not {shard.first}+{shard.count}")
            done[shard.index] = result
        return done

    def record(self, result: dict, width: int) -> None:
        """Keeps a finished shard's result."""
        _write_whole(self._shard_path(result["index"], width), result)


def stray_parts(log_dir: str) -> list[str]:
    """Parts of a log already in log_dir (from another run, when there is
    no state to say they are this run's)."""
    return sorted(glob.glob(os.path.join(glob.escape(log_dir), "part-*.jsonl")))
