"""Hand files answered on a cluster: every line of each file answered by a
command of the library's query layer (the command line's line commands:
``mahjong shanten``, ``gb fan``, ``zhaotong analyze`` ...), in partitions
of consecutive lines played by the workers (work.answer_lines), the answers
written in the input's order, one output file per input.

A file is read as ``qipai COMMAND < FILE`` reads standard input (cli/io.c,
cli/batch.c): lines end at LF, a CR before it is dropped, a last line
without LF counts, blank lines (only spaces, tabs, CRs) get no answer and
every other line exactly one, so the output is what piping the file through
``qipai`` prints, byte for byte. A bad line gets its error line and the
batch goes on.

Only the driver reads and writes files: the lines travel to the workers in
the partitions and the answers come back, so the workers need no shared
file system.
"""

from __future__ import annotations

import collections
import os
import shlex
import time
import uuid
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from .._core import Error
from .connect import ClusterError, worker_threads
from .work import answer_lines, check_command

__all__ = ["map_hands", "MapResult", "MapProgress", "FileAnswers", "read_lines", "command_words"]

#: Lines a partition holds by default: ~10-100 ms of the library's answers
#: for most commands, and a few hundred KB each way.
PARTITION_LINES = 20_000
_BLANK = b" \t\r"


@dataclass
class FileAnswers:
    """One input file and its output: lines answered and lines refused."""

    input: str
    output: str
    lines: int = 0
    refused: int = 0
    skipped: bool = False   # --resume found its output already whole
    _temporary: str | None = field(default=None, repr=False)
    _stream: object = field(default=None, repr=False)


@dataclass
class MapResult:
    files: list[FileAnswers] = field(default_factory=list)
    partitions: int = 0
    seconds: float = 0.0

    @property
    def lines(self) -> int:
        return sum(f.lines for f in self.files)

    @property
    def refused(self) -> int:
        return sum(f.refused for f in self.files)


@dataclass
class MapProgress:
    bytes_done: int
    bytes: int
    lines_done: int
    partitions_done: int
    seconds: float
    file: str


def command_words(command: str | Sequence[str]) -> tuple[str, ...]:
    """A command as words: "mahjong shanten --rules laizi", or the words."""
    if isinstance(command, str):
        return tuple(shlex.split(command))
    words: list[str] = []
    for word in command:
        words += shlex.split(word) if " " in word else [word]
    return tuple(words)


def read_lines(path: str, partition_lines: int) -> Iterator[tuple[list[bytes], int]]:
    """The file's lines as the command line reads them (see the module's
    docstring), in partitions: (lines, bytes of the file they took)."""
    lines: list[bytes] = []
    taken = 0
    with open(path, "rb") as f:
        for raw in f:
            taken += len(raw)
            line = raw[:-1] if raw.endswith(b"\n") else raw
            if line.endswith(b"\r"):
                line = line[:-1]
            if not line.strip(_BLANK):
                continue
            lines.append(line)
            if len(lines) == partition_lines:
                yield lines, taken
                lines, taken = [], 0
    if lines or taken:
        yield lines, taken


def _outputs(inputs: Sequence[str], output_dir: str) -> list[FileAnswers]:
    """Each input's output, DIR/NAME.jsonl for an input NAME.EXT; two inputs
    with one output name, or an input that cannot be read, are refused."""
    files, seen = [], {}
    for path in inputs:
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            raise Error(f"--input {path}: no such readable file")
        stem = os.path.splitext(os.path.basename(path))[0] or os.path.basename(path)
        out = os.path.join(output_dir, stem + ".jsonl")
        if out in seen:
            raise Error(f"--input {seen[out]} and {path} would both be answered into {out}: "
                        f"rename one")
        seen[out] = path
        files.append(FileAnswers(path, out))
    if not files:
        raise Error("no --input file")
    return files


def map_hands(client, command: str | Sequence[str], inputs: Sequence[str], output_dir: str, *,
              partition_lines: int = PARTITION_LINES, resume: bool = False,
              progress: Callable[[MapProgress], None] | None = None, retries: int = 2,
              window: int | None = None) -> MapResult:
    """Answers every line of the input files with ``command`` on the workers
    of a ``distributed.Client``; the answers of FILE go to
    output_dir/STEM.jsonl, exactly what ``qipai COMMAND < FILE`` prints.

    Each output is written to a hidden file and renamed when whole, so with
    ``resume`` the files whose output is there are skipped. ``window``
    partitions (3 per worker thread by default) are in flight at a time, so
    files of any size pass through a bounded memory. Raises qipai.Error for
    a bad command or input, ClusterError when a partition fails for good."""
    argv = check_command(command_words(command))
    if isinstance(partition_lines, bool) or not isinstance(partition_lines, int) or \
            partition_lines < 1:
        raise Error(f"partition lines: at least 1, not {partition_lines!r}")
    files = _outputs(list(inputs), output_dir)
    os.makedirs(output_dir, exist_ok=True)
    window = window or 3 * worker_threads(client)
    result = MapResult(files)
    total = sum(os.path.getsize(f.input) for f in files)
    start = time.perf_counter()
    run = uuid.uuid4().hex[:12]
    pending: collections.deque = collections.deque()
    counts = {"bytes": 0, "lines": 0, "partitions": 0}

    def show(name: str) -> None:
        if progress:
            progress(MapProgress(counts["bytes"], total, counts["lines"], counts["partitions"],
                                 time.perf_counter() - start, name))

    def write_oldest() -> None:
        """Waits for the oldest partition in flight and writes its answers."""
        answers, future, taken, lines, last, number = pending.popleft()
        if future is not None:
            try:
                text, refused = future.result()
            except Exception as e:
                raise ClusterError(f"{answers.input}: partition {number} failed: "
                                   f"{type(e).__name__}: {e}") from e
            future.release()
            answers._stream.write(text)
            answers.lines += lines
            answers.refused += refused
            counts["partitions"] += 1
            counts["lines"] += lines
        counts["bytes"] += taken
        if last:
            answers._stream.close()
            answers._stream = None
            os.replace(answers._temporary, answers.output)
        show(os.path.basename(answers.input))

    try:
        number = 0
        for answers in files:
            if resume and os.path.exists(answers.output):
                answers.skipped = True
                counts["bytes"] += os.path.getsize(answers.input)
                continue
            answers._temporary = os.path.join(output_dir,
                                              f".{os.path.basename(answers.output)}.{run}.tmp")
            answers._stream = open(answers._temporary, "wb")
            parts = read_lines(answers.input, partition_lines)
            batch = next(parts, ([], 0))
            while True:
                lines, taken = batch
                batch = next(parts, None)
                future = None
                if lines:
                    future = client.submit(answer_lines, argv, lines, pure=False,
                                           retries=retries, key=f"qipai-map-{run}-{number}")
                pending.append((answers, future, taken, len(lines), batch is None, number))
                number += 1
                while len(pending) >= window:
                    write_oldest()
                if batch is None:
                    break
        while pending:
            write_oldest()
    finally:
        for answers, future, *_ in pending:
            if future is not None:
                future.cancel()
        for answers in files:
            if answers._stream is not None:  # a failed run: no half output is left
                answers._stream.close()
                answers._stream = None
                os.unlink(answers._temporary)
    result.partitions = counts["partitions"]
    result.seconds = time.perf_counter() - start
    return result
