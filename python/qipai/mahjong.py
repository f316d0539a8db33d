"""Mahjong with wildcards: win, waits, shanten, effective tiles, discard
advice and decompositions, for one hand or (win, shanten) for numpy batches.

    >>> from qipai.mahjong import Rules
    >>> laizi = Rules("laizi", wild="7z")          # 红中 is wild
    >>> laizi.waits("1237m456p789s77z1z")
    ['5m', '6m', '7m', '8m', '9m', '1z', '7z']
    >>> Rules().shanten("23466669999m111z")
    1

Hands are strings in the project's notation (docs/RULES.md, "Tiles"):
compact ``123m456p789s1122z*`` (``*`` a joker) or Chinese (``一万二万``).
Every answer equals the command line's (``qipai mahjong ...``) for the same
hand and options; a hand the command line refuses raises qipai.Error with
its message.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import numpy as np

from ._core import Error, check, get_query, new_error, text_arg
from ._native import ffi, lib

__all__ = ["Rules", "PRESETS", "KINDS", "NO_SHANTEN", "kind_name"]

#: The rule sets (as ``qipai mahjong --rules``).
PRESETS = ("basic", "laizi", "zhaotong", "gb")
#: Tile kinds: 1m-9m, 1p-9p, 1s-9s, 1z-7z (27 for the suits-only presets).
KINDS = 34
#: What shanten_many answers for a hand it cannot answer (a wrong size, a
#: fifth copy, a tile outside the rule set): the library's QIPAI_MJ_NO_SHANTEN.
NO_SHANTEN = int(lib.QIPAI_MJ_NO_SHANTEN)


def kind_name(kind: int, chinese: bool = False) -> str:
    """The name of tile kind 0-33: ``kind_name(4) == "5m"`` (``"五万"`` in Chinese)."""
    if not 0 <= kind < KINDS:
        raise Error(f"tile kind {kind}: kinds are 0-33")
    out = ffi.new("char[16]")
    lib.qipai_mj_format_kind(kind, chinese, out, 16)
    return ffi.string(out).decode()


def _uint8_array(values: Any, what: str) -> np.ndarray:
    """values as a C-contiguous uint8 array, refusing what would not fit."""
    array = np.asarray(values)
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iub":
            raise Error(f"{what} must hold integers, not {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 255):
            raise Error(f"{what} must hold counts 0-255")
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


class Rules:
    """A mahjong rule set: a preset with wild kinds and options.

    ``Rules(preset="basic", wild=())``: preset ``basic`` (34 kinds; standard
    and seven pairs), ``laizi`` (the same, wildcards expected), ``zhaotong``
    (27 kinds, 缺一门) or ``gb`` (with thirteen orphans). ``wild`` names the
    kinds whose every copy is a wildcard (``"7z"``, ``"红中"``, or several).
    ``seven_pairs_distinct`` requires seven different pairs; ``chinese``
    writes tiles in answers in Chinese. A Rules value is immutable and may
    be shared between threads.
    """

    def __init__(
        self,
        preset: str = "basic",
        wild: str | Iterable[str] = (),
        *,
        seven_pairs_distinct: bool = False,
        chinese: bool = False,
    ) -> None:
        wild_kinds = [wild] if isinstance(wild, str) else list(wild)
        self.preset = text_arg(preset, "the preset")
        self.wild = tuple(text_arg(w, "a wild kind") for w in wild_kinds)
        self.seven_pairs_distinct = bool(seven_pairs_distinct)
        self.chinese = bool(chinese)
        rules = ffi.new("qipai_mj_rules *")
        err = new_error()
        check(lib.qipai_mj_rules_named(rules, self.preset.encode(), err), err)
        if self.seven_pairs_distinct:
            check(lib.qipai_mj_rules_option(rules, b"seven_pairs_distinct=1", err), err)
        for w in self.wild:
            check(lib.qipai_mj_rules_option(rules, f"wild={w}".encode(), err), err)
        self._rules = rules
        words = ["--rules", self.preset]
        for w in self.wild:
            words += ["--wild", w]
        if self.seven_pairs_distinct:
            words.append("--seven-pairs-distinct")
        if self.chinese:
            words.append("--chinese")
        self._words = tuple(words)
        # Make the queries now, so that option errors show at construction.
        get_query(("mahjong", "win", *self._words))

    def __repr__(self) -> str:
        extra = ", seven_pairs_distinct=True" if self.seven_pairs_distinct else ""
        extra += ", chinese=True" if self.chinese else ""
        return f"Rules({self.preset!r}, wild={self.wild!r}{extra})"

    @property
    def kinds(self) -> int:
        """34, or 27 for a suits-only rule set (zhaotong)."""
        return int(self._rules.kinds)

    def _ask(self, command: str, hand: str, visible: str | None = None) -> dict:
        words = self._words if visible is None else (*self._words, "--visible", visible)
        return get_query(("mahjong", command, *words)).answer(text_arg(hand, "the hand"))

    # ---- one hand --------------------------------------------------------
    def win(self, hand: str) -> bool:
        """Whether a hand of 3k+2 tiles wins under any of the rule set's forms."""
        return bool(self._ask("win", hand)["win"])

    def win_forms(self, hand: str) -> list[str]:
        """The forms a 3k+2 hand wins as (``"standard"``, ``"seven_pairs"``, ...)."""
        return list(self._ask("win", hand)["forms"])

    def waits(self, hand: str) -> list[str]:
        """The tiles that complete a hand of 3k+1 tiles, in kind order."""
        return list(self._ask("waits", hand)["waits"])

    def shanten(self, hand: str) -> int:
        """Shanten (向听) of a 3k+1 or 3k+2 hand: -1 complete, 0 ready, ..."""
        return int(self._ask("shanten", hand)["shanten"])

    def shanten_forms(self, hand: str) -> dict[str, int]:
        """Each form's shanten (the forms of the rule set that fit the size)."""
        return dict(self._ask("shanten", hand)["forms"])

    def effective(self, hand: str, visible: str | None = None) -> list[tuple[str, int]]:
        """Effective tiles (有效牌) of a 3k+1 hand: (tile, copies left) in kind
        order. ``visible``: tiles seen on the table, taken off the copies left."""
        answer = self._ask("effective", hand, visible)
        return [(e["tile"], int(e["left"])) for e in answer["effective"]]

    def discards(self, hand: str, visible: str | None = None) -> list[dict]:
        """Discard advice for a 3k+2 hand, best first: the command line's
        objects ``{"tile", "shanten", "effective": [{"tile", "left"}], "total"}``."""
        return list(self._ask("discards", hand, visible)["discards"])

    def decompose(self, hand: str) -> list[dict]:
        """Every distinct decomposition of a 3k+2 hand (none when it does not
        win): ``{"form", "melds": [{"type", "tiles"}]}``, a wildcard standing
        for a tile written ``"2m*"``."""
        return list(self._ask("decompose", hand)["decompositions"])

    def answer(self, command: str, hand: str, visible: str | None = None) -> dict:
        """The command line's whole object for ``qipai mahjong COMMAND``."""
        return self._ask(command, hand, visible)

    # ---- hands as counts ---------------------------------------------------
    def parse(self, hand: str) -> tuple[np.ndarray, int]:
        """A hand as ``(counts, wilds)``: real tiles by kind (uint8, 34) and
        the number of wildcards (jokers and copies of wild kinds)."""
        parsed = ffi.new("qipai_mj_hand *")
        err = new_error()
        check(lib.qipai_mj_parse(self._rules, text_arg(hand, "the hand").encode(), parsed,
                                 ffi.NULL, err), err)
        counts = np.frombuffer(ffi.buffer(parsed.counts), dtype=np.uint8).copy()
        return counts, int(parsed.wilds)

    def parse_many(self, hands: Iterable[str], strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Hands as the batch calls take them: counts (N, 34) and wilds (N,).
        A hand that does not parse raises Error, or with ``strict=False``
        gets an empty row (which every batch call answers as it answers a
        hand of the wrong size)."""
        hands = list(hands)
        counts = np.zeros((len(hands), KINDS), dtype=np.uint8)
        wilds = np.zeros(len(hands), dtype=np.uint8)
        for i, hand in enumerate(hands):
            try:
                counts[i], wilds[i] = self.parse(hand)
            except Error:
                if strict:
                    raise
        return counts, wilds

    # ---- batches -------------------------------------------------------------
    def _batch(self, counts: Any, wilds: Any) -> tuple[np.ndarray, Any, int, int, Any]:
        array = _uint8_array(counts, "counts")
        if array.ndim != 2 or array.shape[1] not in (KINDS, 27):
            raise Error(f"counts must have shape (N, 34) or (N, 27), not {array.shape}")
        n, kinds = array.shape
        if wilds is None:
            wild_array, wild_ptr = None, ffi.NULL
        else:
            wild_array = _uint8_array(wilds, "wilds")
            if wild_array.shape != (n,):
                raise Error(f"wilds must have shape ({n},), not {wild_array.shape}")
            wild_ptr = ffi.from_buffer("uint8_t[]", wild_array)
        return array, ffi.from_buffer("uint8_t[]", array), n, kinds, (wild_array, wild_ptr)

    def win_many(self, counts: Any, wilds: Any = None) -> np.ndarray:
        """win() over a batch: counts a uint8 array (N, 34) or (N, 27) (real
        tiles by kind; a count in a wild kind's column is read as wildcards),
        wilds (N,) wildcard counts or None. Returns a bool array (N,). A row
        of the wrong size or breaking a limit answers False. The loop runs
        in C without the GIL."""
        array, ptr, n, kinds, (keep, wild_ptr) = self._batch(counts, wilds)
        out = np.empty(n, dtype=np.bool_)
        lib.qipy_mj_win_many(self._rules, ptr, kinds, wild_ptr, n,
                             ffi.from_buffer("uint8_t[]", out, require_writable=True))
        return out

    def shanten_many(self, counts: Any, wilds: Any = None) -> np.ndarray:
        """shanten() over a batch (arguments as win_many). Returns an int8
        array (N,); a row that cannot be answered gets NO_SHANTEN (127)."""
        array, ptr, n, kinds, (keep, wild_ptr) = self._batch(counts, wilds)
        out = np.empty(n, dtype=np.int8)
        lib.qipy_mj_shanten_many(self._rules, ptr, kinds, wild_ptr, n,
                                 ffi.from_buffer("int8_t[]", out, require_writable=True))
        return out


def hands_of(lines: Sequence[str]) -> list[str]:
    """The hands of a file's lines: blank lines and ``#`` comments skipped."""
    return [s.strip() for s in lines if s.strip() and not s.lstrip().startswith("#")]
