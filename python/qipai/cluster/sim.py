"""The Zhaotong simulator on a cluster: a run's games split into shards of
consecutive game numbers, each shard played by a worker through the C
library (work.play_shard), the shards' statistics merged by the library.

Game i of a run depends on the run's seed and i alone
(qipai_zt_game_seed), and the statistics are integer sums that merge
exactly (qipai_zt_stats_merge), so the merged figures are those of one
``qipai zhaotong sim`` with the same arguments whatever the shards, their
order or the workers; the parts of the log, put end to end, are its log.
A shard lost with its worker is run again by Dask (the scheduler gives a
dead worker's tasks to the others), which changes nothing: a shard gives
the same games wherever it runs, and its part is renamed into place whole.
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .._core import Error
from .connect import ClusterError, worker_threads
from .state import RunState, stray_parts
from .work import (DEFAULT_BOTS, Shard, SimSpec, merge_stats, part_name, play_shard, stats_dict,
                   summary)

__all__ = ["simulate", "SimResult", "SimProgress", "plan_shards", "default_shard_size"]

#: Shard sizes chosen when none is given: about 16 shards per worker thread,
#: so that the run's tail -- the last shards, when some threads have nothing
#: left -- stays a small part of it; at least MIN (a shard's fixed cost, about
#: 4 ms of scheduling and bookkeeping, stays a few percent of its games'
#: time) and at most MAX games (a lost worker costs seconds of play, not
#: minutes); and at least GAMES_PER_THREAD games for each worker thread of
#: the cluster, which bounds the shards a second the scheduler and the driver
#: see: at a strong bot's 8,700 games/s a thread, about 350 whatever the
#: cluster's size (on 1,000 threads shards grow past MAX to 25,000 games).
#: docs/PERFORMANCE.md, "On a cluster".
MIN_SHARD, MAX_SHARD, SHARDS_PER_THREAD, GAMES_PER_THREAD = 500, 20_000, 16, 25


@dataclass
class SimProgress:
    """Where a run is: games and shards done (resumed ones included) of all."""

    games_done: int
    games: int
    shards_done: int
    shards: int
    seconds: float
    resumed: int = 0        # shards found finished in the state directory
    games_resumed: int = 0  # their games
    workers: int = 0        # worker threads of the cluster at the start


@dataclass
class SimResult:
    """A finished run: the merged statistics (integers, as qipai_zt_stats
    holds them), the shards, the timings, and where the log is."""

    spec: SimSpec
    stats: dict
    shards: int
    shards_played: int          # this time; the others came from the state directory
    cpu_seconds: float          # the workers' CPU time over every shard's games
    wall_seconds: float         # this run, from the first submission to the last result
    games_per_second: float     # games played this time over wall_seconds
    log_dir: str | None = None
    parts: list[str] = field(default_factory=list)

    def _summary(self, as_json: bool) -> str:
        return summary(merge_stats([self.stats]), self.spec, cpu_seconds=self.cpu_seconds,
                       wall_seconds=self.wall_seconds, games_per_second=self.games_per_second,
                       logged=self.log_dir is not None, as_json=as_json)

    def text(self) -> str:
        """The summary ``qipai zhaotong sim`` prints (every line ended)."""
        return self._summary(False)

    def json_text(self) -> str:
        """The ``--json`` line (ended by a newline)."""
        return self._summary(True)

    def json(self) -> dict:
        return json.loads(self.json_text())


def default_shard_size(games: int, threads: int) -> int:
    """About SHARDS_PER_THREAD shards per worker thread, within
    MIN_SHARD..MAX_SHARD, and at least GAMES_PER_THREAD games per thread."""
    threads = max(1, threads)
    size = math.ceil(games / (SHARDS_PER_THREAD * threads))
    return max(min(MAX_SHARD, max(MIN_SHARD, size)), GAMES_PER_THREAD * threads)


def plan_shards(games: int, shard_size: int) -> list[Shard]:
    """Consecutive ranges of shard_size games (the last one shorter)."""
    if shard_size < 1:
        raise Error(f"shard size: at least 1 game, not {shard_size}")
    return [Shard(i, first, min(shard_size, games - first))
            for i, first in enumerate(range(0, games, shard_size))]


def part_width(shards: int) -> int:
    """Digits of the parts' numbers: 5, or more for a run of more shards."""
    return max(5, len(str(max(0, shards - 1))))


def simulate(client, games: int, seed: int = 1, bots: Sequence[str] | str = DEFAULT_BOTS, *,
             rules: Mapping[str, Any] | Sequence[str] | None = None,
             dealer: int | str = "rotate", log_dir: str | None = None,
             state_dir: str | None = None, shard_size: int | None = None,
             progress: Callable[[SimProgress], None] | None = None,
             retries: int = 2) -> SimResult:
    """Plays ``qipai zhaotong sim --games games --seed seed --bots ...`` on
    the workers of a ``distributed.Client``.

    - ``rules``: a mapping (``{"cap": 6}``) or NAME=VALUE words; ``dealer``
      "rotate" or a seat 0-3.
    - ``log_dir``: each shard writes its part of the log there
      (part-00000.jsonl, ...), a directory every worker can write (a shared
      file system for several machines); the parts end to end are the log
      ``sim --log`` writes, and each replays on its own.
    - ``state_dir`` (default: ``log_dir``): where the run and each finished
      shard are kept, so the same call again resumes (state.py).
    - ``shard_size``: games per shard (default_shard_size by default, or the
      stored run's when resuming).
    - ``progress``: called with a SimProgress at the start and after each shard.
    - ``retries``: how often a shard that raised is tried again (a shard
      whose worker died is re-run by the scheduler without counting these).

    Raises qipai.Error for bad arguments or state, ClusterError when a
    shard fails for good."""
    spec = SimSpec.make(games, seed, bots, rules, dealer)
    if shard_size is not None and (isinstance(shard_size, bool) or not isinstance(shard_size, int)
                                   or shard_size < 1):
        raise Error(f"shard size: a count of games, at least 1, not {shard_size!r}")
    log_dir = os.path.abspath(log_dir) if log_dir is not None else None
    state_dir = os.path.abspath(state_dir) if state_dir is not None else log_dir
    state = RunState(state_dir, spec, shard_size, log_dir is not None) if state_dir else None
    stored = state.stored_shard_size() if state else None
    if stored is not None and shard_size is not None and shard_size != stored:
        raise Error(f"{state_dir} holds this run with shards of {stored} games, not "
                    f"{shard_size}: resume it without --shard-size (or with {stored})")
    strays = stray_parts(log_dir) if stored is None and log_dir is not None else []
    if strays:
        raise Error(f"{log_dir} already holds parts of a log ({os.path.basename(strays[0])}, ...) "
                    f"and no state of this run: use an empty directory")
    threads = worker_threads(client)
    size = stored or shard_size or default_shard_size(spec.games, threads)
    shards = plan_shards(spec.games, size)
    width = part_width(len(shards))
    done: dict[int, dict] = {}
    if state:
        state.start(size)
        done = state.finished(shards, width)

    start = time.perf_counter()
    report = _Reporter(progress, spec.games, len(shards), start, threads)
    for result in done.values():
        report.add(result["count"])
    report.resumed, report.games_resumed = len(done), report.games_done
    report.show()
    played = _play(client, spec, [s for s in shards if s.index not in done], log_dir, width,
                   retries, state, report, done)
    wall = time.perf_counter() - start
    if log_dir is not None:
        _remove_leftovers(log_dir)

    results = [done[s.index] for s in shards]
    stats = stats_dict(merge_stats(r["stats"] for r in results))
    games_now = sum(r["count"] for r in played)
    return SimResult(spec=spec, stats=stats, shards=len(shards), shards_played=len(played),
                     cpu_seconds=sum(r["cpu_seconds"] for r in results), wall_seconds=wall,
                     games_per_second=games_now / wall if wall > 0 and games_now else 0.0,
                     log_dir=log_dir,
                     parts=[part_name(s.index, width) for s in shards] if log_dir else [])


def _remove_leftovers(log_dir: str) -> None:
    """The hidden part files of workers killed while writing (every shard is
    whole in its part now); those the driver can see, on a shared file
    system or its own machine."""
    for name in os.listdir(log_dir) if os.path.isdir(log_dir) else ():
        if name.startswith(".part-") and name.endswith(".tmp"):
            try:
                os.unlink(os.path.join(log_dir, name))
            except OSError:
                pass


class _Reporter:
    """Counts what is done and tells the progress callback."""

    def __init__(self, progress, games: int, shards: int, start: float, threads: int):
        self.progress = progress
        self.games, self.shards, self.start, self.threads = games, shards, start, threads
        self.games_done = self.shards_done = self.resumed = self.games_resumed = 0

    def add(self, count: int) -> None:
        self.games_done += count
        self.shards_done += 1

    def show(self) -> None:
        if self.progress:
            self.progress(SimProgress(self.games_done, self.games, self.shards_done, self.shards,
                                      time.perf_counter() - self.start, self.resumed,
                                      self.games_resumed, self.threads))


def _play(client, spec: SimSpec, shards: list[Shard], log_dir: str | None, width: int,
          retries: int, state: RunState | None, report: _Reporter,
          done: dict[int, dict]) -> list[dict]:
    """Submits the shards and takes their results as they come (each kept in
    the state at once); the results played here."""
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]
    futures = {}
    for shard in shards:
        future = client.submit(play_shard, spec, shard, log_dir, width, pure=False,
                               retries=retries, key=f"qipai-sim-{run}-{shard.index:0{width}d}")
        futures[future] = shard
    played = []
    try:
        for future in as_completed(list(futures), loop=client.loop):
            shard = futures.pop(future)
            try:
                result = future.result()
            except Exception as e:  # the shard's own error, or distributed's KilledWorker
                raise ClusterError(f"shard {shard.index} (games {shard.first + 1}-"
                                   f"{shard.first + shard.count}) failed: "
                                   f"{type(e).__name__}: {e}") from e
            future.release()
            if state:
                state.record(result, width)
            done[shard.index] = result
            played.append(result)
            report.add(shard.count)
            report.show()
    finally:
        if futures:
            client.cancel(list(futures))
    return played
