"""Zipai / paohuzi (字牌 / 跑胡子): every decomposition of a hand, hu with
胡息, 囤 and 名堂, and waits.

    >>> import qipai.zipai
    >>> [d["huxi"] for d in qipai.zipai.decompose("二七十二七十贰柒拾")]
    [0, 12]

Cards in Chinese (一 … 十, 壹 … 拾) or ASCII (``x1``..``x10``, ``d1``..``d10``);
lines for hu and waits as on the command line (docs/formats/zipai.md):
``HAND [TYPE CARDS]... [SOURCE [TARGET]]``. Options are keywords:
``rules="10huxi"``, ``threshold=15``, ``yiwushi=True``, ``tun_base``,
``tun_step``, ``hong_min``, ``mult_hong``, ``mult_dian``, ``mult_wu``,
``ascii=True``. Answers are the command line's.
"""

from __future__ import annotations

from typing import Any

from ._core import get_query, option_words, text_arg

__all__ = ["decompose", "hu", "waits", "waits_answer"]

_FLAGS = ("ascii",)


def _ask(command: str, line: str, options: dict[str, Any]) -> dict:
    words = option_words(options, _FLAGS)
    return get_query(("zipai", command, *words)).answer(text_arg(line, "the line"))


def decompose(hand: str, **options: Any) -> list[dict]:
    """Every decomposition of a hand that holds its target card:
    ``{"melds": ["二二贰", ...], "huxi": 0}`` in listing order; empty when
    it does not split."""
    return list(_ask("decompose", hand, options)["decompositions"])


def hu(line: str, **options: Any) -> dict:
    """Whether the line wins and how: the command line's object ``{"win",
    "huxi", "tun", "mingtang", "multiplier", "score", "red", "melds",
    "open"}``."""
    return _ask("hu", line, options)


def waits(line: str, **options: Any) -> list[str]:
    """The cards that win from any source tried, ascending."""
    return list(_ask("waits", line, options)["waits"])


def waits_answer(line: str, **options: Any) -> dict:
    """``qipai zipai waits``'s whole object: ``waits`` and, per source tried
    (``draw``, ``discard``), each winning card's best huxi, tun and score."""
    return _ask("waits", line, options)
