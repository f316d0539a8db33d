"""What every module of the binding shares: the error type, the library's
queries (the command line's JSON answers as library calls) and small helpers.

Every answer the binding gives about a hand comes from a query of the C
library (include/qipai/query.h): the same code, options and JSON the
``qipai`` command line uses, so the answers are the command line's.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from typing import Any, Iterable, Mapping

import numpy as np

from ._native import ffi, lib

__all__ = ["Error", "ERROR_NAMES", "query", "version"]


class Error(ValueError):
    """Bad input or a refused action, with the library's message.

    ``message`` is the library's text (it names what is wrong and where),
    ``code`` the library's error name (``"syntax error"``, ``"value out of
    range"``, ``"bad argument"``, ``"illegal action"`` ...: ERROR_NAMES), as
    ``qipai_strerror`` names the C call's error; the binding's own checks
    give the same names. A wrong type (a number where a hand goes) raises
    TypeError instead, naming the argument and the type it wants.
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def error_name(code: int) -> str:
    """The library's name of an error code (``qipai_strerror``)."""
    return ffi.string(lib.qipai_strerror(code)).decode()


#: The library's error names, by code (QIPAI_ERR_SYNTAX ... ): what
#: Error.code holds.
ERROR_NAMES = {int(c): error_name(c) for c in (
    lib.QIPAI_ERR_SYNTAX, lib.QIPAI_ERR_RANGE, lib.QIPAI_ERR_TOO_MANY, lib.QIPAI_ERR_SIZE,
    lib.QIPAI_ERR_BUFFER, lib.QIPAI_ERR_ARGUMENT, lib.QIPAI_ERR_ILLEGAL, lib.QIPAI_ERR_STATE,
    lib.QIPAI_ERR_LIMIT, lib.QIPAI_ERR_MEMORY)}


def fail(message: str, code: int = lib.QIPAI_ERR_ARGUMENT) -> Error:
    """An Error of the binding's own, with the library's code (raise it)."""
    return Error(message, error_name(code))


def wrong_type(what: str, wanted: str, value: Any) -> TypeError:
    """The TypeError for an argument of the wrong type (raise it)."""
    return TypeError(f"{what} must be {wanted}, not {type(value).__name__}")


_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")


def python_names(message: str) -> str:
    """A library message with the command line's option names as the
    binding's keywords: ``--min wants 0..255`` is ``min wants 0..255``,
    ``--knitted-waits`` ``knitted_waits``."""
    return _FLAG.sub(lambda m: m.group(1).replace("-", "_"), message)


def version() -> str:
    """The version of the C library linked into the binding ("1.0.0")."""
    return ffi.string(lib.qipai_version()).decode()


def new_error() -> Any:
    """A fresh ``qipai_error`` for a call's detail."""
    return ffi.new("qipai_error *")


def raise_error(err: Any, code: int | None = None) -> None:
    """Raises Error with the message of a filled ``qipai_error``."""
    code = err.code if code is None else code
    name = error_name(code) if code else None
    raise Error(ffi.string(err.message).decode("utf-8", "replace"), name)


def check(code: int, err: Any) -> None:
    """Raises Error unless code is QIPAI_OK."""
    if code != lib.QIPAI_OK:
        raise_error(err, code)


def text_arg(value: Any, what: str) -> str:
    """A string argument, checked: one line of text (TypeError for another
    type, Error for more than one line)."""
    if not isinstance(value, str):
        raise wrong_type(what, "a string", value)
    if "\n" in value.rstrip("\r\n") or "\r" in value.rstrip("\r\n"):
        raise fail(f"{what} must be one line: {value!r}", lib.QIPAI_ERR_SYNTAX)
    return value


def is_int(value: Any) -> bool:
    """Whether value is an integer (Python's or numpy's), not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def int_arg(value: Any, what: str, low: int, high: int) -> int:
    """An integer argument in low..high: TypeError for another type (a bool
    too), Error (value out of range) outside."""
    if not is_int(value):
        raise wrong_type(what, "an int", value)
    if not low <= value <= high:
        raise fail(f"{what} must be {low}..{high}, not {value}", lib.QIPAI_ERR_RANGE)
    return int(value)


def bool_arg(value: Any, what: str) -> bool:
    """A flag: True or False (numpy's too); TypeError for anything else."""
    if not isinstance(value, (bool, np.bool_)):
        raise wrong_type(what, "True or False", value)
    return bool(value)


class _Query:
    """One library query (a command with its options), answering lines.

    A query may be used by one thread at a time: a lock keeps it so, and
    cffi releases the GIL while the library answers. With ``keywords`` its
    errors name the options as the binding's keywords (``min``), not as the
    command line's flags (``--min``).
    """

    __slots__ = ("_query", "_lock", "argv", "_keywords")

    def __init__(self, argv: tuple[str, ...], keywords: bool) -> None:
        self.argv = argv
        self._keywords = keywords
        words = [ffi.new("char[]", a.encode()) for a in argv]
        array = ffi.new("char *[]", words)
        out = ffi.new("qipai_query **")
        err = new_error()
        code = lib.qipai_query_new(out, len(words), array, err)
        if code != lib.QIPAI_OK:
            self._raise(ffi.string(err.message).decode("utf-8", "replace"), code)
        self._query = ffi.gc(out[0], lib.qipai_query_free)
        self._lock = threading.Lock()

    def _raise(self, message: str, code: int) -> None:
        raise Error(python_names(message) if self._keywords else message,
                    error_name(code if code else lib.QIPAI_ERR_ARGUMENT))

    def answer(self, line: str) -> dict:
        data = line.encode("utf-8", "surrogatepass")
        json_out = ffi.new("const char **")
        length = ffi.new("size_t *")
        with self._lock:
            code = lib.qipai_query_answer(self._query, data, len(data), json_out, length)
            text = ffi.unpack(json_out[0], length[0])
        answer = json.loads(text)
        if code != lib.QIPAI_OK or "error" in answer:
            self._raise(answer.get("error", "the library refused the input"), code)
        return answer


@functools.lru_cache(maxsize=512)
def get_query(argv: tuple[str, ...], keywords: bool = True) -> _Query:
    """The query for argv (game, command, options...), made once. Its errors
    name options as keywords unless ``keywords`` is False (qipai.query,
    given the command line's words)."""
    return _Query(argv, keywords)


def _option_value(name: str, value: Any) -> str:
    """One keyword option's value as a command-line word: a string (one
    line), an int, or a bool (1 or 0)."""
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if is_int(value):
        return str(int(value))
    if isinstance(value, str):
        return text_arg(value, name)
    raise wrong_type(name, "an int or a string", value)


def option_words(options: Mapping[str, Any], flags: Iterable[str] = ()) -> list[str]:
    """Keyword options as command-line words: ``min=8`` is ``--min 8``,
    ``knitted_waits=True`` is ``--knitted-waits`` when it is a flag (else
    ``--name 1``), False or None leaves a flag out, a list repeats it. A
    value of another type (a float, a dict) raises TypeError naming it."""
    flags = set(flags)
    words: list[str] = []
    for name, value in options.items():
        if value is None:
            continue
        option = "--" + name.replace("_", "-")
        if name in flags:
            if bool_arg(value, name):
                words.append(option)
            continue
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            words += [option, _option_value(name, v)]
    return words


def query(game: str, command: str, line: str, *options: str, **keywords: Any) -> dict:
    """The command line's JSON answer for one input line, as a dict.

    ``qipai.query("mahjong", "waits", "1112345678999m", "--rules", "basic")``
    answers what ``qipai mahjong waits --rules basic 1112345678999m`` prints.
    Options are given as words (``"--wild", "7z"``) or as keywords
    (``wild="7z"``, ``chinese=True``; a True value is a flag). Raises Error
    for an unknown command or option and for a line the command refuses
    (with the command line's message: options are named as its flags),
    TypeError for an argument of the wrong type.
    """
    words = [text_arg(game, "game"), text_arg(command, "command")]
    words += [text_arg(w, "an option word") for w in options]
    for name, value in keywords.items():
        option = "--" + name.replace("_", "-")
        if value is True:
            words.append(option)
        elif value is False or value is None:
            continue
        else:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                words += [option, _option_value(name, v)]
    q = get_query(tuple(words), False)
    return q.answer(text_arg(line, "line"))
