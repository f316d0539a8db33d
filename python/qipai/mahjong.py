"""Mahjong with wildcards: win, waits, shanten, effective tiles, discard
advice and decompositions, for one hand or (win, shanten) for numpy batches.

    >>> from qipai.mahjong import Rules
    >>> laizi = Rules("laizi", wild="7z")          # 红中 is wild
    >>> laizi.waits("1237m456p789s77z1z")
    ['5m', '6m', '7m', '8m', '9m', '1z', '7z']
    >>> Rules().shanten("23466669999m111z")
    1

Hands are strings in the project's notation (docs/RULES.md, "Tiles"):
compact ``123m456p789s1122z*`` (``*`` a joker) or Chinese (``一万二万``),
or sequences of tile numbers as Lua and Go take them (a list, a tuple or a
numpy array): 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 1z-7z (east
south west north white green red) and 34 (JOKER) a joker; a sequence is
answered as the compact text of its tiles (``text([0, 1, 2, 34]) ==
"123m*"``), which the answers echo. Every answer equals the command line's
(``qipai mahjong ...``) for the same hand and options; a hand the command
line refuses raises qipai.Error with its message, an argument of the wrong
type TypeError.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import numpy as np

from ._core import (ERROR_NAMES, Error, bool_arg, check, fail, get_query, int_arg, is_int, new_error,
                    text_arg, wrong_type)
from ._native import ffi, lib

__all__ = ["Rules", "PRESETS", "KINDS", "JOKER", "NO_SHANTEN", "kind_name", "tile_number",
           "text", "tiles"]

#: The rule sets (as ``qipai mahjong --rules``).
PRESETS = ("basic", "laizi", "zhaotong", "gb")
#: Tile kinds: 1m-9m, 1p-9p, 1s-9s, 1z-7z (27 for the suits-only presets).
KINDS = 34
#: What shanten_many answers for a hand it cannot answer (a wrong size, a
#: fifth copy, a tile outside the rule set): the library's QIPAI_MJ_NO_SHANTEN.
NO_SHANTEN = int(lib.QIPAI_MJ_NO_SHANTEN)
#: The tile number of a joker (``*``) in a hand given as tile numbers: the
#: library's QIPAI_MJ_WILDCARD, as in Lua and Go.
JOKER = int(lib.QIPAI_MJ_WILDCARD)
_MOST_TILES = KINDS * int(lib.QIPAI_MJ_MAX_COPIES)


def kind_name(kind: int, chinese: bool = False) -> str:
    """The name of tile kind 0-33: ``kind_name(4) == "5m"`` (``"五万"`` in Chinese)."""
    int_arg(kind, "kind", 0, KINDS - 1)
    out = ffi.new("char[16]")
    lib.qipai_mj_format_kind(int(kind), bool_arg(chinese, "chinese"), out, 16)
    return ffi.string(out).decode()


def tile_number(name: str) -> int:
    """The number of one tile: ``tile_number("5m") == 4`` (``"五万"`` too),
    JOKER for ``"*"``; Lua's tile_number, Go's TileNumber."""
    numbers = tiles(name)
    if len(numbers) != 1:
        raise fail(f"{name!r}: {len(numbers)} tiles, not one", lib.QIPAI_ERR_SIZE)
    return numbers[0]


def tiles(hand: str) -> list[int]:
    """The tile numbers of a text (kinds in order, jokers last), read as the
    basic rule set reads it: ``tiles("123m*") == [0, 1, 2, 34]``."""
    counts, wilds = _BASIC.parse(text_arg(hand, "hand"))
    return [k for k in range(KINDS) for _ in range(int(counts[k]))] + [JOKER] * wilds


def _is_tile_numbers(value: Any) -> bool:
    return isinstance(value, (list, tuple, np.ndarray))


def _numbers_text(numbers: Any, what: str) -> str:
    """The compact text of a sequence of tile numbers (kinds in order, jokers
    last), as Lua and Go write it (qipai_mj_format_hand)."""
    items = numbers.tolist() if isinstance(numbers, np.ndarray) else numbers
    if isinstance(numbers, np.ndarray) and numbers.ndim != 1:
        raise fail(f"{what} as tile numbers must be one row, not shape {numbers.shape}",
                   lib.QIPAI_ERR_SIZE)
    if len(items) > _MOST_TILES:
        raise fail(f"{what}: {len(items)} tiles; there are only {_MOST_TILES}",
                   lib.QIPAI_ERR_TOO_MANY)
    hand = ffi.new("qipai_mj_hand *")
    for i, t in enumerate(items, 1):
        if not is_int(t):
            raise wrong_type(f"{what}'s item {i}", "a tile number (an int)", t)
        if not 0 <= t <= JOKER:
            raise fail(f"{what}'s item {i} ({t}) is not a tile number: 0-33 are 1m-9m 1p-9p "
                       f"1s-9s 1z-7z, {JOKER} a joker", lib.QIPAI_ERR_RANGE)
        if t == JOKER:
            hand.wilds += 1
        else:
            hand.counts[t] += 1
    out = ffi.new("char[]", 4 * _MOST_TILES + 8)
    lib.qipai_mj_format_hand(hand, False, out, len(out))
    return ffi.string(out).decode()


def _hand_arg(hand: Any, what: str = "hand") -> str:
    """A hand argument as the text the library reads: a string (one line)
    or a sequence of tile numbers; TypeError for anything else."""
    if isinstance(hand, str):
        return text_arg(hand, what)
    if _is_tile_numbers(hand):
        return _numbers_text(hand, what)
    raise wrong_type(what, "a string or a list of tile numbers", hand)


def text(tiles: Any) -> str:
    """The compact text of tile numbers: ``text([0, 1, 2, 34]) == "123m*"``
    (kinds in order, jokers last), what a hand given as numbers is answered as."""
    if not _is_tile_numbers(tiles):
        raise wrong_type("tiles", "a list of tile numbers", tiles)
    return _numbers_text(tiles, "tiles")


def _wild_arg(wild: Any) -> tuple[str, ...]:
    """wild as the kinds' names: a tile ("7z", "红中"), a tile number 0-33,
    or a list or tuple of those."""
    items = [wild] if isinstance(wild, str) or is_int(wild) else wild
    if not isinstance(items, (list, tuple, set, frozenset)):
        raise wrong_type("wild", "a tile (\"7z\"), a tile number or a list of them", wild)
    names = []
    for w in items:
        if is_int(w):
            names.append(kind_name(int_arg(w, "wild", 0, KINDS - 1)))
        elif isinstance(w, str):
            names.append(text_arg(w, "wild"))
        else:
            raise wrong_type("wild", "a tile (\"7z\"), a tile number or a list of them", w)
    return tuple(names)


def _uint8_array(values: Any, what: str) -> np.ndarray:
    """values as a C-contiguous uint8 array, refusing what would not fit."""
    array = np.asarray(values)
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iub":
            raise TypeError(f"{what} must hold integers, not {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 255):
            raise fail(f"{what} must hold counts 0-255", lib.QIPAI_ERR_RANGE)
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


class Rules:
    """A mahjong rule set: a preset with wild kinds and options.

    ``Rules(preset="basic", wild=())``: preset ``basic`` (34 kinds; standard
    and seven pairs), ``laizi`` (the same, wildcards expected), ``zhaotong``
    (27 kinds, 缺一门) or ``gb`` (with thirteen orphans). ``wild`` names the
    kinds whose every copy is a wildcard (``"7z"``, ``"红中"``, tile number
    33, or several); ``rules.wild`` holds them by name in kind order.
    ``seven_pairs_distinct`` requires seven different pairs; ``chinese``
    writes tiles in answers in Chinese. A Rules value is immutable (setting
    or deleting an attribute raises AttributeError: make another Rules),
    equal to another of the same options, and may be shared between threads.
    """

    __slots__ = ("preset", "wild", "seven_pairs_distinct", "chinese", "_rules", "_words")

    def __init__(
        self,
        preset: str = "basic",
        wild: str | int | Iterable[str | int] = (),
        *,
        seven_pairs_distinct: bool = False,
        chinese: bool = False,
    ) -> None:
        preset = text_arg(preset, "preset")
        wild_names = _wild_arg(wild)
        seven_pairs_distinct = bool_arg(seven_pairs_distinct, "seven_pairs_distinct")
        chinese = bool_arg(chinese, "chinese")
        rules = ffi.new("qipai_mj_rules *")
        err = new_error()
        check(lib.qipai_mj_rules_named(rules, preset.encode(), err), err)
        if seven_pairs_distinct:
            check(lib.qipai_mj_rules_option(rules, b"seven_pairs_distinct=1", err), err)
        preset_wild = int(rules.wild_kinds)
        for w in wild_names:
            check(lib.qipai_mj_rules_option(rules, f"wild={w}".encode(), err), err)
        # The wild kinds by their names in kind order ("红中" is "7z"): one
        # value, one spelling.
        added = int(rules.wild_kinds) & ~preset_wild
        wild_names = tuple(kind_name(k) for k in range(KINDS) if added >> k & 1)
        words = ["--rules", preset]
        for w in wild_names:
            words += ["--wild", w]
        if seven_pairs_distinct:
            words.append("--seven-pairs-distinct")
        if chinese:
            words.append("--chinese")
        # Make the queries now, so that option errors show at construction.
        get_query(("mahjong", "win", *words))
        init = object.__setattr__
        init(self, "preset", preset)
        init(self, "wild", wild_names)
        init(self, "seven_pairs_distinct", seven_pairs_distinct)
        init(self, "chinese", chinese)
        init(self, "_rules", rules)
        init(self, "_words", tuple(words))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Rules is immutable: {name} cannot be set (make another Rules)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules is immutable: {name} cannot be deleted")

    def _key(self) -> tuple:
        return (self.preset, self.wild, self.seven_pairs_distinct, self.chinese)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple:
        return (_make_rules, self._key())

    def __repr__(self) -> str:
        extra = ", seven_pairs_distinct=True" if self.seven_pairs_distinct else ""
        extra += ", chinese=True" if self.chinese else ""
        return f"Rules({self.preset!r}, wild={self.wild!r}{extra})"

    @property
    def kinds(self) -> int:
        """34, or 27 for a suits-only rule set (zhaotong)."""
        return int(self._rules.kinds)

    def _ask(self, command: str, hand: Any, visible: Any = None) -> dict:
        line = _hand_arg(hand)
        if visible is None:
            words = self._words
        else:
            words = (*self._words, "--visible", _hand_arg(visible, "visible"))
        return get_query(("mahjong", command, *words)).answer(line)

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
        return self._ask(text_arg(command, "command"), hand, visible)

    # ---- hands as counts ---------------------------------------------------
    def parse(self, hand: str) -> tuple[np.ndarray, int]:
        """A hand as ``(counts, wilds)``: real tiles by kind (uint8, 34) and
        the number of wildcards (jokers and copies of wild kinds)."""
        parsed = ffi.new("qipai_mj_hand *")
        err = new_error()
        check(lib.qipai_mj_parse(self._rules, _hand_arg(hand).encode(), parsed, ffi.NULL, err),
              err)
        counts = np.frombuffer(ffi.buffer(parsed.counts), dtype=np.uint8).copy()
        return counts, int(parsed.wilds)

    def parse_many(self, hands: Iterable[Any] | str | bytes,
                   strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Hands as the batch calls take them: counts (N, 34) and wilds (N,).
        ``hands`` is an iterable of hands (strings or lists of tile numbers),
        or a text (str or UTF-8 bytes) whose every line is a hand (a file's
        contents: ``\\n`` or ``\\r\\n`` ends a line; a blank line is an
        empty hand). A hand that does not parse raises Error naming its line
        (1-based: ``"line 3: ..."``, with the library's code), or with
        ``strict=False`` gets an empty row (which every batch call answers as
        it answers a hand of the wrong size). An item of the wrong type raises
        TypeError. Strings are parsed in one C call (the library's parser
        over the whole buffer, without the GIL)."""
        strict = bool_arg(strict, "strict")
        if isinstance(hands, (str, bytes, bytearray, memoryview)):
            return self._parse_text(hands, strict)
        hands = hands if isinstance(hands, list) else list(hands)
        try:
            joined = "\0".join(hands)
        except TypeError:  # not all strings: hand by hand
            return self._parse_each(hands, strict)
        if joined.count("\0") != len(hands) - 1 if hands else False:
            return self._parse_each(hands, strict)  # a NUL inside a hand
        try:
            data = (joined + "\0").encode()
        except UnicodeEncodeError:
            return self._parse_each(hands, strict)
        return self._parse_buffer(data, len(hands), strict, hands.__getitem__)

    def _parse_text(self, text: Any, strict: bool) -> tuple[np.ndarray, np.ndarray]:
        if not isinstance(text, str):
            try:
                text = bytes(text).decode()
            except UnicodeDecodeError as e:
                raise fail(f"hands: the text is not UTF-8 ({e.reason} at byte {e.start})",
                           lib.QIPAI_ERR_SYNTAX) from None
        lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
        ended = text if not text or text.endswith("\n") else text + "\n"
        try:
            data = ended.replace("\r\n", "\n").replace("\n", "\0").encode()
        except UnicodeEncodeError:  # (a lone surrogate) hand by hand, as parse refuses it
            return self._parse_each(self._lines(text), strict)
        if data.count(b"\0") != lines:  # a NUL inside a line: hand by hand
            return self._parse_each(self._lines(text), strict)
        return self._parse_buffer(data, lines, strict, lambda i: self._lines(text)[i])

    @staticmethod
    def _lines(text: str) -> list[str]:
        """A text's lines as parse_many reads them (a "\\r" before "\\n" dropped)."""
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return [line[:-1] if line.endswith("\r") else line for line in lines]

    def _parse_buffer(self, data: bytes, n: int, strict: bool,
                      hand_of: Any) -> tuple[np.ndarray, np.ndarray]:
        """n NUL-ended hands of data in one C call; the exact Error (the one
        parse gives) for the first refused hand when strict."""
        counts = np.empty((n, KINDS), dtype=np.uint8)
        wilds = np.empty(n, dtype=np.uint8)
        err = new_error()
        stopped = lib.qipy_mj_parse_many(
            self._rules, ffi.from_buffer("char[]", data), len(data), n,
            ffi.from_buffer("uint8_t[]", counts, require_writable=True),
            ffi.from_buffer("uint8_t[]", wilds, require_writable=True), strict, err)
        if stopped < n:
            try:
                self.parse(hand_of(stopped))
            except Error as e:
                raise Error(f"line {stopped + 1}: {e.message}", e.code) from None
            raise Error(f"line {stopped + 1}: {ffi.string(err.message).decode('utf-8', 'replace')}",
                        ERROR_NAMES.get(int(err.code)))
        return counts, wilds

    def _parse_each(self, hands: list, strict: bool) -> tuple[np.ndarray, np.ndarray]:
        """parse_many hand by hand (lists of tile numbers, wrong types)."""
        counts = np.zeros((len(hands), KINDS), dtype=np.uint8)
        wilds = np.zeros(len(hands), dtype=np.uint8)
        for i, hand in enumerate(hands):
            try:
                counts[i], wilds[i] = self.parse(hand)
            except Error as e:
                if strict:
                    raise Error(f"line {i + 1}: {e.message}", e.code) from None
            except TypeError as e:
                raise TypeError(f"line {i + 1}: {e}") from None
        return counts, wilds

    # ---- batches -------------------------------------------------------------
    def _batch(self, counts: Any, wilds: Any) -> tuple[np.ndarray, Any, int, int, Any]:
        array = _uint8_array(counts, "counts")
        if array.ndim != 2 or array.shape[1] not in (KINDS, 27):
            raise fail(f"counts must have shape (N, 34) or (N, 27), not {array.shape}",
                       lib.QIPAI_ERR_SIZE)
        n, kinds = array.shape
        if wilds is None:
            wild_array, wild_ptr = None, ffi.NULL
        else:
            wild_array = _uint8_array(wilds, "wilds")
            if wild_array.shape != (n,):
                raise fail(f"wilds must have shape ({n},), not {wild_array.shape}",
                           lib.QIPAI_ERR_SIZE)
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


_BASIC = Rules()


def _make_rules(preset: str, wild: tuple, seven_pairs_distinct: bool, chinese: bool) -> Rules:
    """A Rules again from its options (how a Rules is pickled)."""
    return Rules(preset, wild, seven_pairs_distinct=seven_pairs_distinct, chinese=chinese)


def hands_of(lines: Sequence[str]) -> list[str]:
    """The hands of a file's lines: blank lines and ``#`` comments skipped."""
    return [s.strip() for s in lines if s.strip() and not s.lstrip().startswith("#")]
