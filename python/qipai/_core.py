"""What every module of the binding shares: the error type, the library's
queries (the command line's JSON answers as library calls) and small helpers.

Every answer the binding gives about a hand comes from a query of the C
library (include/qipai/query.h): the same code, options and JSON the
``qipai`` command line uses, so the answers are the command line's.
"""

from __future__ import annotations

import functools
import json
import threading
from typing import Any, Iterable, Mapping

from ._native import ffi, lib

__all__ = ["Error", "query", "version"]


class Error(ValueError):
    """Bad input or a refused action, with the library's message.

    ``message`` is the library's text (it names what is wrong and where),
    ``code`` the library's error name (``"syntax error"``, ``"illegal action"``
    ...) when the library gave one.
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def version() -> str:
    """The version of the C library linked into the binding ("1.0.0")."""
    return ffi.string(lib.qipai_version()).decode()


def new_error() -> Any:
    """A fresh ``qipai_error`` for a call's detail."""
    return ffi.new("qipai_error *")


def raise_error(err: Any, code: int | None = None) -> None:
    """Raises Error with the message of a filled ``qipai_error``."""
    code = err.code if code is None else code
    name = ffi.string(lib.qipai_strerror(code)).decode() if code else None
    raise Error(ffi.string(err.message).decode("utf-8", "replace"), name)


def check(code: int, err: Any) -> None:
    """Raises Error unless code is QIPAI_OK."""
    if code != lib.QIPAI_OK:
        raise_error(err, code)


def text_arg(value: Any, what: str) -> str:
    """A string argument, checked: one line of text."""
    if not isinstance(value, str):
        raise Error(f"{what} must be a string, not {type(value).__name__}")
    if "\n" in value.rstrip("\r\n") or "\r" in value.rstrip("\r\n"):
        raise Error(f"{what} must be one line: {value!r}")
    return value


class _Query:
    """One library query (a command with its options), answering lines.

    A query may be used by one thread at a time: a lock keeps it so, and
    cffi releases the GIL while the library answers.
    """

    __slots__ = ("_query", "_lock", "argv")

    def __init__(self, argv: tuple[str, ...]) -> None:
        self.argv = argv
        words = [ffi.new("char[]", a.encode()) for a in argv]
        array = ffi.new("char *[]", words)
        out = ffi.new("qipai_query **")
        err = new_error()
        check(lib.qipai_query_new(out, len(words), array, err), err)
        self._query = ffi.gc(out[0], lib.qipai_query_free)
        self._lock = threading.Lock()

    def answer(self, line: str) -> dict:
        data = line.encode("utf-8", "surrogatepass")
        json_out = ffi.new("const char **")
        length = ffi.new("size_t *")
        with self._lock:
            code = lib.qipai_query_answer(self._query, data, len(data), json_out, length)
            text = ffi.unpack(json_out[0], length[0])
        answer = json.loads(text)
        if code != lib.QIPAI_OK or "error" in answer:
            name = ffi.string(lib.qipai_strerror(code)).decode() if code else None
            raise Error(answer.get("error", "the library refused the input"), name)
        return answer


@functools.lru_cache(maxsize=512)
def get_query(argv: tuple[str, ...]) -> _Query:
    """The query for argv (game, command, options...), made once."""
    return _Query(argv)


def option_words(options: Mapping[str, Any], flags: Iterable[str] = ()) -> list[str]:
    """Keyword options as command-line words: ``min=8`` is ``--min 8``,
    ``knitted_waits=True`` is ``--knitted-waits`` when it is a flag (else
    ``--name 1``), False or None leaves a flag out, a list repeats it."""
    flags = set(flags)
    words: list[str] = []
    for name, value in options.items():
        if value is None:
            continue
        option = "--" + name.replace("_", "-")
        if name in flags:
            if value is True:
                words.append(option)
            elif value is not False:
                raise Error(f"{name} is a flag: True or False, not {value!r}")
            continue
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if isinstance(v, bool):
                v = int(v)
            words += [option, str(v)]
    return words


def query(game: str, command: str, line: str, *options: str, **keywords: Any) -> dict:
    """The command line's JSON answer for one input line, as a dict.

    ``qipai.query("mahjong", "waits", "1112345678999m", "--rules", "basic")``
    answers what ``qipai mahjong waits --rules basic 1112345678999m`` prints.
    Options are given as words (``"--wild", "7z"``) or as keywords
    (``wild="7z"``, ``chinese=True``; a True value is a flag). Raises Error
    for an unknown command or option and for a line the command refuses.
    """
    words = list(options)
    for name, value in keywords.items():
        option = "--" + name.replace("_", "-")
        if value is True:
            words.append(option)
        elif value is False or value is None:
            continue
        else:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                words += [option, str(v)]
    q = get_query((game, command, *words))
    return q.answer(text_arg(line, "the input"))
