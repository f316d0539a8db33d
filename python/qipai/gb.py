"""Guobiao (国标, Chinese Official) mahjong: the fan breakdown of a winning
hand, its waits (听牌) and shanten.

    >>> import qipai.gb
    >>> qipai.gb.fan("[345m,1]22456p222567s")["fan"]
    8
    >>> qipai.gb.ting("[111s,1]2345678999s")
    ['1s', '2s', '4s', '5s', '7s', '8s']

Hands as on the command line (docs/formats/gb.md): melds in brackets with
their claim, the concealed tiles with the winning tile last, then
``|`` the winds and flags and ``|`` the flowers. Answers are the command
line's (``qipai gb fan|ting|shanten``).
"""

from __future__ import annotations

from typing import Any

from ._core import get_query, option_words, text_arg

__all__ = ["fan", "ting", "waits", "shanten", "shanten_forms"]

#: Options of fan() that are flags (the others take a value: min=8).
_FLAGS = ("knitted_waits", "mingangang", "blessings")


def _ask(command: str, hand: str, options: dict[str, Any]) -> dict:
    words = option_words(options, _FLAGS)
    return get_query(("gb", command, *words)).answer(text_arg(hand, "hand"))


def fan(hand: str, **options: Any) -> dict:
    """The fan breakdown: the command line's object ``{"hand", "win", "fan",
    "flowers", "valid", "fans": [{"id", "name", "points", "count",
    "tiles"}]}`` (only ``hand`` and ``win`` when the hand does not win).

    Options as ``qipai gb fan``'s: ``min=8`` (fans a win needs),
    ``knitted_waits=True``, ``mingangang=True``, ``blessings=True``.
    """
    return _ask("fan", hand, options)


def ting(hand: str) -> list[str]:
    """The waits of a 13-tile hand (melds in brackets count 3), kind order."""
    return list(_ask("ting", hand, {})["waits"])


waits = ting


def shanten(hand: str) -> int:
    """Shanten of a 13- or 14-tile hand over every form (-1 complete, 0 ready)."""
    return int(_ask("shanten", hand, {})["shanten"])


def shanten_forms(hand: str) -> dict[str, int | None]:
    """Each form's shanten (standard, seven_pairs, thirteen_orphans,
    honors_knitted, knitted_straight), None where a form cannot apply."""
    return dict(_ask("shanten", hand, {})["forms"])
