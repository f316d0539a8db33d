"""Poker minimum plays (最少手数) and the card-group logic, under Dou Di Zhu
(``ddz``, the default), 跑得快 (``pdk``) and the seed's rules (``seed``).

    >>> import qipai.poker
    >>> qipai.poker.minplays("3445566688", rules="seed")
    (4, [['3', '445566', '6', '88'], ['345', '456', '66', '88'], ['3456', '456', '6', '88']])

Cards as on the command line (docs/formats/poker.md): ranks 3-9, T or 10,
J Q K A 2, jokers X/B and D/R. ``rules`` is ``"ddz"`` (DEFAULT_RULES) when
not given, as for the command line, Lua and Go; pdk options
(``last_short``, ``bomb_unsplittable``, ``four_with_three``) are keywords.
Answers are the command line's.
"""

from __future__ import annotations

from typing import Any

from ._core import bool_arg, get_query, is_int, text_arg, wrong_type

__all__ = ["minplays", "minplays_answer", "classify", "moves", "RULES", "DEFAULT_RULES"]

#: The rule sets.
RULES = ("seed", "ddz", "pdk")
#: The rule set when none is given: the command line's (and Lua's and Go's).
DEFAULT_RULES = "ddz"


def _words(rules: str, options: dict[str, Any]) -> list[str]:
    words = ["--rules", text_arg(rules, "rules")]
    for name, value in options.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = int(value)
        elif not is_int(value):
            raise wrong_type(name, "an int or a bool", value)
        words += ["--option", f"{name}={int(value)}"]
    return words


def _ask(command: str, line: str, words: list[str], what: str = "hand") -> dict:
    return get_query(("poker", command, *words)).answer(text_arg(line, what))


def minplays(hand: str, rules: str = DEFAULT_RULES, **options: Any) -> tuple[int, list[list[str]]]:
    """The fewest groups that play out the hand, and every distinct minimal
    solution (groups in card order, solutions sorted)."""
    answer = _ask("minplays", hand, _words(rules, options))
    return int(answer["min"]), [list(s) for s in answer["solutions"]]


def minplays_answer(hand: str, rules: str = DEFAULT_RULES, types: bool = False,
                    limit: int | None = None, **options: Any) -> dict:
    """``qipai poker minplays``'s whole object (``count``; with ``types`` the
    readings of each group; ``limit`` keeps the first solutions)."""
    words = _words(rules, options)
    if bool_arg(types, "types"):
        words.append("--types")
    if limit is not None:
        if not is_int(limit):
            raise wrong_type("limit", "an int (a negative one: no limit) or None", limit)
        words += ["--limit", str(int(limit))]
    return _ask("minplays", hand, words)


def classify(cards: str, rules: str = DEFAULT_RULES, **options: Any) -> list[dict]:
    """Every reading of the cards as one play: ``{"type", "length", "rank",
    "short"}``; empty when they are not a play."""
    return list(_ask("classify", cards, _words(rules, options), "cards")["plays"])


def moves(hand: str, last: str | None = None, rules: str = DEFAULT_RULES, **options: Any) -> list[dict]:
    """Every legal lead of the hand, or (``last``: ``"34567"``,
    ``"3334445556:TYPE@RANK"``) every play that beats the last play:
    ``{"cards", "type", "length", "rank"}``, weakest first within a type."""
    line = text_arg(hand, "hand")
    if last is not None:
        line += "/" + text_arg(last, "last")
    return list(_ask("moves", line, _words(rules, options))["moves"])
