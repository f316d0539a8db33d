"""What the binding's tests share: the command line (the oracle every
answer is checked against), random inputs for each game, and a counter
that makes a comparison fail when it compared nothing.

The program is $QIPAI, else build/qipai at the top of the tree; the
package is imported from PYTHONPATH (``make test-python`` points it at
build/python).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Iterable

import pytest

import qipai

ROOT = Path(__file__).resolve().parents[2]
QIPAI = os.environ.get("QIPAI", str(ROOT / "build" / "qipai"))


def cli_lines(args: Iterable[str], lines: Iterable[str]) -> list[dict]:
    """The command line's answers (one JSON object a line) for input lines
    given on standard input: ``qipai ARGS < lines``."""
    lines = list(lines)
    result = subprocess.run([QIPAI, *args], input="".join(line + "\n" for line in lines),
                            capture_output=True, text=True, check=False)
    if result.returncode not in (0, 1):
        raise AssertionError(f"qipai {' '.join(args)} exited {result.returncode}: "
                             f"{result.stderr.strip()}")
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert len(answers) == len(lines), f"qipai {' '.join(args)}: {len(lines)} lines in, " \
                                       f"{len(answers)} answers out"
    return answers


def cli_run(args: Iterable[str]) -> subprocess.CompletedProcess:
    """Runs the command line with arguments; its result."""
    return subprocess.run([QIPAI, *args], capture_output=True, text=True, check=False)


def answer_or_error(call, *args, **kwargs):
    """(result, None) or (None, the Error's message)."""
    try:
        return call(*args, **kwargs), None
    except qipai.Error as e:
        return None, e.message


def query_available(game: str, command: str) -> bool:
    """Whether the library answers this command as a query (every line
    command does: a missing one fails the tests that need it)."""
    try:
        qipai._core.get_query((game, command))
        return True
    except qipai.Error as e:
        if "no line command" in e.message:
            return False
        return True


def needs_query(game: str, command: str) -> None:
    if not query_available(game, command):
        pytest.fail(f"the library has no '{game} {command}' query")


# ---- random inputs ------------------------------------------------------------

MJ_SUITS = "mps"


def random_mahjong_hand(rng: random.Random, kinds: int = 34, wild_kind: str | None = None,
                        bad: bool = True) -> str:
    """A hand of 1-14 tiles (now and then 15, a fifth copy or jokers, or a
    stray character), compact notation, grouped by suit."""
    size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14, 14, 13, 3, 6, 9, 12])
    pool = [k for k in range(kinds) for _ in range(4)]
    tiles = rng.sample(pool, size)
    jokers = 0
    if rng.random() < 0.25:
        jokers = rng.randint(1, 3)
        tiles = tiles[:max(0, size - jokers)]
    if bad and rng.random() < 0.04:
        tiles.append(tiles[0] if tiles else 0)  # maybe a fifth copy, a 15th tile
    by_suit: dict[int, list[int]] = {}
    for k in sorted(tiles):
        by_suit.setdefault(k // 9, []).append(k % 9 + 1)
    text = "".join("".join(map(str, by_suit[s])) + "mpsz"[s] for s in sorted(by_suit))
    text += "*" * jokers
    if wild_kind and rng.random() < 0.3:
        text += wild_kind
    if bad and rng.random() < 0.02:
        text += rng.choice(["x", "8z", "0m", "m"])
    return text


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20240611)
