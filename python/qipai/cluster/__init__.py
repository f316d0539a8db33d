"""qipai on a Dask cluster: the Zhaotong simulator and batch analysis of hand
files, spread over the workers of ``distributed`` (Debian's
python3-distributed), which users deploy with ``dask scheduler`` / ``dask
worker``, SSH, SLURM or Kubernetes. docs/CLUSTER.md says how.

    >>> from distributed import Client
    >>> from qipai.cluster import simulate, map_hands
    >>> client = Client("tcp://scheduler:8786")                      # doctest: +SKIP
    >>> run = simulate(client, 1_000_000, seed=1, log_dir="/shared/logs")  # doctest: +SKIP
    >>> print(run.text(), end="")   # what `qipai zhaotong sim` prints  # doctest: +SKIP
    >>> map_hands(client, "mahjong shanten", ["hands.txt"], "answers")  # doctest: +SKIP

- ``simulate(client, games, seed, bots, rules=, dealer=, log_dir=,
  state_dir=, shard_size=, progress=)``: the run split into shards of
  consecutive game numbers, each played by a worker through the C library;
  the statistics (``SimResult.stats``, ``.text()``, ``.json()``) are those
  of one ``qipai zhaotong sim`` with the same arguments, whatever the
  workers and shards; with ``log_dir`` each shard writes its part of the
  log, the parts end to end being the single run's log; a stopped run
  resumes from its state directory.
- ``map_hands(client, command, inputs, output_dir, partition_lines=,
  resume=)``: every line of each file answered by a command of the command
  line (``"mahjong shanten"``, ``"gb fan"``, ...), the output per file
  exactly what ``qipai COMMAND < FILE`` prints.
- ``connect(scheduler=None, local_workers=None, timeout=10)``: a Client to
  a scheduler, or to local worker processes, as a context manager; a
  scheduler out of reach is a ClusterError within the timeout.

From the shell: ``python3 -m qipai.cluster sim ...`` and ``python3 -m
qipai.cluster map ...`` (``--help``).
"""

from .batch import FileAnswers, MapProgress, MapResult, map_hands
from .connect import ClusterError, connect
from .sim import SimProgress, SimResult, default_shard_size, plan_shards, simulate
from .work import DEFAULT_BOTS, SimSpec

__all__ = ["simulate", "map_hands", "connect", "ClusterError", "SimResult", "SimProgress",
           "SimSpec", "MapResult", "MapProgress", "FileAnswers", "plan_shards",
           "default_shard_size", "DEFAULT_BOTS"]
