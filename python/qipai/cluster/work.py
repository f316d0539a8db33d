"""What a worker runs, and the values that travel between the driver and
the workers. Nothing here imports Dask: a worker needs only qipai.

- ``SimSpec``: everything that decides a sim run's games (the games' count,
  the seed, the bots, the rules, the dealer), checked by the library.
- ``play_shard``: a range of consecutive game numbers played in one C call
  through the library's runner (qipy_zt_sim_shard), its statistics returned
  as plain integers (``stats_dict``) and, with a log directory, its part of
  the log written there (written aside and renamed, so a part is whole or
  absent).
- ``answer_lines``: a partition of hand lines answered by a library query,
  each line's JSON exactly as ``qipai GAME COMMAND`` prints it.
- ``merge_stats`` and ``summary``: the driver's side, both the library's
  (qipai_zt_stats_merge, qipai_zt_format_sim_text/_json).
"""

from __future__ import annotations

import json
import os
import socket
import threading
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Mapping, Sequence

from .._core import Error, check, new_error
from .._native import ffi, lib
from ..zhaotong import BOTS, SEATS

__all__ = ["SimSpec", "Shard", "play_shard", "answer_lines", "stats_dict", "merge_stats",
           "summary", "part_name", "DEFAULT_BOTS"]

DEFAULT_BOTS = ("strong", "strong", "seed", "seed")
#: The most games a run may have (game numbers are uint64 in the library;
#: this keeps every count and sum far from overflowing).
MAX_GAMES = 10**13


def _rule_words(rules: Mapping[str, Any] | Sequence[str] | None) -> tuple[str, ...]:
    """Rules as the command line's NAME=VALUE words: from a mapping (as
    ``qipai.zhaotong.Game`` takes them) or from such words."""
    if rules is None:
        return ()
    if isinstance(rules, Mapping):
        words = []
        for name, value in rules.items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            words.append(f"{name}={value}")
        return tuple(words)
    if isinstance(rules, str):
        return (rules,)
    return tuple(str(r) for r in rules)


@dataclass(frozen=True)
class SimSpec:
    """A sim run: what ``qipai zhaotong sim --games G --seed S --bots ...
    --rule ... --dealer ...`` would play. ``dealer`` is -1 to rotate with the
    game number (sim's default) or a seat 0-3."""

    games: int
    seed: int = 1
    bots: tuple[str, ...] = DEFAULT_BOTS
    rules: tuple[str, ...] = ()
    dealer: int = -1

    @classmethod
    def make(cls, games: int, seed: int = 1, bots: Sequence[str] | str = DEFAULT_BOTS,
             rules: Mapping[str, Any] | Sequence[str] | None = None,
             dealer: int | str = "rotate") -> "SimSpec":
        """A checked spec: bots as four names or "a,b,c,d", rules as a
        mapping or NAME=VALUE words, dealer "rotate" or a seat. Raises Error
        naming what is wrong (the library's message for a rule)."""
        if isinstance(bots, str):
            bots = bots.split(",")
        if dealer == "rotate" or dealer is None:
            dealer = -1
        spec = cls(games, seed, tuple(bots), _rule_words(rules), dealer)
        spec.check()
        return spec

    def check(self) -> None:
        if isinstance(self.games, bool) or not isinstance(self.games, int) or \
                not 0 <= self.games <= MAX_GAMES:
            raise Error(f"games: a count 0 to {MAX_GAMES}, not {self.games!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or \
                not 0 <= self.seed < 2**64:
            raise Error(f"seed: an integer 0 to 2^64-1, not {self.seed!r}")
        if len(self.bots) != SEATS or any(b not in BOTS for b in self.bots):
            raise Error(f"bots: four of {', '.join(reversed(BOTS))} "
                        f"(like strong,strong,seed,seed), not {','.join(map(str, self.bots))}")
        if isinstance(self.dealer, bool) or self.dealer not in (-1, 0, 1, 2, 3):
            raise Error(f"dealer: rotate or a seat 0-3, not {self.dealer!r}")
        self.rules_value()

    def rules_value(self) -> Any:
        """The library's rules (a ``qipai_zt_rules *``)."""
        value = ffi.new("qipai_zt_rules *")
        lib.qipai_zt_rules_default(value)
        err = new_error()
        for word in self.rules:
            if lib.qipai_zt_rules_option(value, word.encode(), err) != lib.QIPAI_OK:
                raise Error(f"--rule {word}: {ffi.string(err.message).decode()}")
        return value

    def rules_object(self) -> dict:
        """Every rule as the log writes them: the same for two ways of
        saying the same rules, so a resumed run compares these."""
        out = ffi.new("char[]", 4096)
        n = lib.qipai_zt_log_rules(self.rules_value(), out, 4096)
        return json.loads(ffi.unpack(out, min(n, 4095)))

    def as_dict(self) -> dict:
        return {**asdict(self), "bots": list(self.bots), "rules": list(self.rules)}


@dataclass(frozen=True)
class Shard:
    """Games first .. first+count-1 (0-based game numbers) of a run; the
    index numbers its part of the log."""

    index: int
    first: int
    count: int


def part_name(index: int, width: int = 5) -> str:
    """``part-00000.jsonl``: the part of the log of shard index (the width
    is the run's, so the names sort in the shards' order)."""
    return f"part-{index:0{width}d}.jsonl"


# ---- statistics as plain integers ------------------------------------------------

_STATS_FIELDS = tuple(name for name, _ in ffi.typeof("qipai_zt_stats").fields)


def _check_stats_declared() -> None:
    """Every byte of qipai_zt_stats is in a field the binding declares
    (qipai_build.py): a field the library adds and the binding misses would
    silently drop out of the shards' statistics. cffi checks the declared
    fields' offsets when it compiles; this checks that none is missing."""
    fields = ffi.typeof("qipai_zt_stats").fields
    end = max(f.offset + ffi.sizeof(f.type) for _, f in fields)
    if end != ffi.sizeof("qipai_zt_stats"):
        raise ImportError(f"qipai_zt_stats holds {ffi.sizeof('qipai_zt_stats')} bytes but the "
                          f"binding declares {end} (fields {', '.join(_STATS_FIELDS)}): declare "
                          f"the library's new fields in python/qipai_build.py")


_check_stats_declared()


def _plain(value: Any) -> Any:
    if isinstance(value, int):
        return value
    return [_plain(v) for v in value]


def stats_dict(stats: Any) -> dict:
    """A ``qipai_zt_stats`` as a dict of integers (arrays as lists): what a
    worker returns, and what the state directory keeps."""
    return {name: _plain(getattr(stats, name)) for name in _STATS_FIELDS}


def stats_value(figures: Mapping[str, Any]) -> Any:
    """A ``qipai_zt_stats *`` from stats_dict's dict (every field needed)."""
    missing = [name for name in _STATS_FIELDS if name not in figures]
    if missing:
        raise Error(f"statistics without {', '.join(missing)}")
    return ffi.new("qipai_zt_stats *", {name: figures[name] for name in _STATS_FIELDS})


def merge_stats(parts: Iterable[Mapping[str, Any]]) -> Any:
    """The statistics of a run from its shards' (in any order), merged by
    the library: exactly the figures of one run."""
    total = ffi.new("qipai_zt_stats *")
    lib.qipai_zt_stats_init(total)
    for figures in parts:
        lib.qipai_zt_stats_merge(total, stats_value(figures))
    return total


def summary(stats: Any, spec: SimSpec, *, cpu_seconds: float = 0.0, wall_seconds: float = 0.0,
            games_per_second: float = 0.0, logged: bool = False, as_json: bool = False) -> str:
    """What ``qipai zhaotong sim`` prints for these statistics (its text, or
    its --json line), by the library's formatter."""
    names = [ffi.new("char[]", b.encode()) for b in spec.bots]
    report = ffi.new("qipai_zt_sim_report *", {
        "seed": spec.seed, "bots": names, "cpu_seconds": cpu_seconds,
        "wall_seconds": wall_seconds, "games_per_second": games_per_second, "logged": logged})
    format_ = lib.qipai_zt_format_sim_json if as_json else lib.qipai_zt_format_sim_text
    n = format_(stats, report, ffi.NULL, 0)
    out = ffi.new("char[]", n + 1)
    format_(stats, report, out, n + 1)
    return ffi.unpack(out, n).decode("utf-8", "replace")


# ---- a worker's shard ---------------------------------------------------------------

def play_shard(spec: SimSpec, shard: Shard, log_dir: str | None = None,
               part_width: int = 5) -> dict:
    """Plays a shard; returns ``{"index", "first", "count", "stats",
    "cpu_seconds", "worker"}`` (stats as integers). With log_dir, the
    shard's log goes to log_dir/part-NNNNN.jsonl, written to a hidden file
    first and renamed when whole, so a worker killed half way leaves no part
    (and the shard run again writes it whole)."""
    rules = spec.rules_value()
    bots = ffi.new("uint8_t[4]", [BOTS.index(b) for b in spec.bots])
    names = [ffi.new("char[]", b.encode()) for b in spec.bots]
    stats = ffi.new("qipai_zt_stats *")
    lib.qipai_zt_stats_init(stats)
    cpu = ffi.new("double *")
    err = new_error()
    part = temporary = None
    if log_dir is not None:
        os.makedirs(log_dir, exist_ok=True)
        part = os.path.join(log_dir, part_name(shard.index, part_width))
        temporary = os.path.join(log_dir, f".{part_name(shard.index, part_width)}."
                                          f"{socket.gethostname()}.{os.getpid()}."
                                          f"{threading.get_ident()}.tmp")
    try:
        check(lib.qipy_zt_sim_shard(rules, spec.seed, shard.first, shard.count, spec.dealer,
                                    bots, names, temporary.encode() if temporary else ffi.NULL,
                                    stats, cpu, err), err)
        if temporary:
            _sync(temporary)
            os.replace(temporary, part)
    finally:
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
    return {"index": shard.index, "first": shard.first, "count": shard.count,
            "stats": stats_dict(stats), "cpu_seconds": float(cpu[0]),
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


def _sync(path: str) -> None:
    """The file's bytes on the disk before it is renamed into place."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# ---- a worker's partition of hand lines -----------------------------------------------

_queries = threading.local()


def _query(argv: tuple[str, ...]) -> Any:
    """This thread's library query for argv (one a thread: a query answers
    one line at a time, and a worker may run several partitions at once)."""
    cache = getattr(_queries, "cache", None)
    if cache is None:
        cache = _queries.cache = {}
    query = cache.get(argv)
    if query is None:
        words = [ffi.new("char[]", a.encode()) for a in argv]
        out = ffi.new("qipai_query **")
        err = new_error()
        check(lib.qipai_query_new(out, len(words), ffi.new("char *[]", words), err), err)
        query = cache[argv] = ffi.gc(out[0], lib.qipai_query_free)
    return query


def check_command(argv: Sequence[str]) -> tuple[str, ...]:
    """The command's words, checked by the library (an unknown game, command
    or option raises Error with its message); hands in the words are
    refused: map reads them from files."""
    argv = tuple(argv)
    if not argv:
        raise Error("which command? (like: mahjong shanten)")
    query = _query(argv)
    inputs = ffi.new("char ***")
    if lib.qipai_query_inputs(query, ffi.cast("const char *const **", inputs)):
        raise Error(f"'{' '.join(argv)}' holds input lines: map reads the hands from the "
                    f"--input files only")
    return argv


def answer_lines(argv: tuple[str, ...], lines: Sequence[bytes]) -> tuple[bytes, int]:
    """Each line's answer, a JSON line each, as ``qipai ARGV`` answers a line
    on standard input (the line's bytes as read: a bad one gets its error
    line); returns the answers' text and how many lines were refused."""
    query = _query(tuple(argv))
    json_out = ffi.new("const char **")
    length = ffi.new("size_t *")
    out = []
    refused = 0
    for line in lines:
        code = lib.qipai_query_answer(query, line, len(line), json_out, length)
        refused += code != lib.QIPAI_OK
        out.append(ffi.unpack(json_out[0], length[0]))
    out.append(b"")
    return b"\n".join(out), refused
