"""The progress line on standard error, as the command line draws its own
(cli/progress.c): on a terminal one line redrawn in place (a carriage
return, blanks over a longer earlier line) at most four times a second,
cleared at the end; elsewhere (a log file, a pipe) a plain line at each
tenth of the way, so a batch job's log shows the run going.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressLine", "duration"]

REDRAW_SECONDS = 0.25
FIRST_DELAY_SECONDS = 0.3


def duration(seconds: float) -> str:
    """"1:02:03" or "2:03"."""
    s = int(min(max(seconds, 0), 359999) + 0.5)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


class ProgressLine:
    def __init__(self, label: str, quiet: bool = False, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.label = label
        self.quiet = quiet
        self.terminal = self.stream.isatty()
        self.start = time.perf_counter()
        self.next_draw = self.start + FIRST_DELAY_SECONDS
        self.width = 0
        self.tenth = -1

    def update(self, done: int, total: int, unit: str, extra: str = "",
               rate_of: int | None = None) -> None:
        """done of total units; rate_of: the units done in this run (for
        the rate and the time left, when some were done before)."""
        if self.quiet:
            return
        now = time.perf_counter()
        elapsed = now - self.start
        fresh = done if rate_of is None else rate_of
        rate = fresh / elapsed if elapsed > 0 else 0.0
        share = done / total if total else 1.0
        left = f", {duration((total - done) / rate)} left" if rate > 0 and done < total else ""
        line = (f"{self.label}: {done}/{total} {unit} ({100 * share:.0f}%), "
                f"{rate:.0f} {unit}/s{left}{extra}")
        if self.terminal:
            if now < self.next_draw and done < total:
                return
            self.next_draw = now + REDRAW_SECONDS
            self.stream.write("\r" + line + " " * max(0, self.width - len(line)))
            self.width = len(line)
        else:
            tenth = int(10 * share)
            if tenth == self.tenth:
                return
            self.tenth = tenth
            self.stream.write(line + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own (a lost worker, a resumed run)."""
        if self.quiet:
            return
        self.end()
        self.stream.write(f"{self.label}: {text}\n")
        self.stream.flush()

    def end(self) -> None:
        if self.terminal and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
