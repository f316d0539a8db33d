"""qipai.gb, qipai.poker and qipai.zipai against the command line (the
oracle) on random inputs from the command line's own corpora, with bad
inputs mixed in: every answer equal, every refusal a qipai.Error with the
command line's message. (Until a game's commands are in the library's
query layer, its tests are skipped, saying so.)"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import qipai
import qipai.gb
import qipai.poker
import qipai.zipai

from conftest import answer_or_error, cli_lines, cli_run, needs_query, random_mahjong_hand


def corpus(*args: str) -> list[str]:
    result = cli_run(list(args))
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if line.strip()]


def compare(inputs: list[str], cli_args: list[str], call: Callable[[str], Any],
            read: Callable[[dict], Any]) -> tuple[int, int]:
    """Each input through the binding's call and the command line; how many
    answers and refusals were compared."""
    answers = errors = 0
    for line, expected in zip(inputs, cli_lines(cli_args, inputs)):
        got, why = answer_or_error(call, line)
        if "error" in expected:
            assert why == expected["error"], (line, why, expected)
            errors += 1
        else:
            assert why is None, (line, why)
            assert got == read(expected), (line, got, expected)
            answers += 1
    return answers, errors


BAD = ["hello", "1m1m1m1m1m", "[123m,9]", "\u00e9\u00e9"]


# ---- gb ----------------------------------------------------------------------

def test_gb_fan_equals_the_command_line(rng: random.Random) -> None:
    needs_query("gb", "fan")
    hands = corpus("gb", "corpus", "fan", "400", "--seed", "3")
    hands += [random_mahjong_hand(rng, 34) for _ in range(200)] + BAD
    answers, errors = compare(hands, ["gb", "fan"], qipai.gb.fan, lambda a: a)
    assert answers > 400 and errors > 20
    options = {"min": 6, "knitted_waits": True, "mingangang": True, "blessings": True}
    answers, _ = compare(hands[:200], ["gb", "fan", "--min", "6", "--knitted-waits",
                                       "--mingangang", "--blessings"],
                         lambda h: qipai.gb.fan(h, **options), lambda a: a)
    assert answers > 150


def test_gb_ting_and_shanten_equal_the_command_line(rng: random.Random) -> None:
    needs_query("gb", "ting")
    needs_query("gb", "shanten")
    hands = [h.split("|")[0] for h in corpus("gb", "corpus", "fan", "300", "--seed", "4")]
    waiting = [h[:-2] for h in hands]  # the winning tile taken off: 13 tiles
    waiting += [random_mahjong_hand(rng, 34) for _ in range(300)] + BAD
    answers, errors = compare(waiting, ["gb", "ting"], qipai.gb.ting, lambda a: a["waits"])
    assert answers > 250 and errors > 20
    both = hands + waiting
    compared = compare(both, ["gb", "shanten"], qipai.gb.shanten, lambda a: a["shanten"])
    assert compared[0] > 400
    compare(both[:100], ["gb", "shanten"], qipai.gb.shanten_forms, lambda a: a["forms"])


# ---- poker --------------------------------------------------------------------

def random_cards(rng: random.Random, n: int, jokers: bool) -> str:
    ranks = "3456789TJQKA2"
    deck = [r for r in ranks for _ in range(4)] + (["X", "D"] if jokers else [])
    return "".join(sorted(rng.sample(deck, n), key=lambda c: (ranks + "XD").index(c)))


@pytest.mark.parametrize("rules", ["seed", "ddz", "pdk"])
def test_poker_minplays_equals_the_command_line(rules: str) -> None:
    needs_query("poker", "minplays")
    hands = corpus("poker", "corpus", "minplays", "--rules", rules, "--size", "10", "--count",
                   "150", "--seed", "5") + ["33333", "3Z", "XXD"]
    answers, errors = compare(hands, ["poker", "minplays", "--rules", rules],
                              lambda h: qipai.poker.minplays(h, rules=rules),
                              lambda a: (a["min"], a["solutions"]))
    assert answers >= 150 and errors >= 2
    compare(hands[:40], ["poker", "minplays", "--rules", rules, "--types", "--limit", "2"],
            lambda h: qipai.poker.minplays_answer(h, rules=rules, types=True, limit=2),
            lambda a: a)


@pytest.mark.parametrize("rules", ["seed", "ddz", "pdk"])
def test_poker_classify_and_moves_equal_the_command_line(rules: str, rng: random.Random) -> None:
    needs_query("poker", "classify")
    needs_query("poker", "moves")
    jokers = rules == "ddz"
    sets = [random_cards(rng, rng.randint(1, 8), jokers) for _ in range(300)]
    sets += ["33344455", "3456789TJQKA", "XD", "2222", "QQQKKK", "3Z"]
    answers, errors = compare(sets, ["poker", "classify", "--rules", rules],
                              lambda c: qipai.poker.classify(c, rules=rules),
                              lambda a: a["plays"])
    assert answers > 250
    lines = []
    for _ in range(200):
        hand = random_cards(rng, rng.randint(5, 14), jokers)
        last = random_cards(rng, rng.choice([1, 2, 3, 5]), jokers)
        lines.append(hand if rng.random() < 0.3 else f"{hand}/{last}")

    def moves(line: str) -> list[dict]:
        hand, _, last = line.partition("/")
        return qipai.poker.moves(hand, last or None, rules=rules)

    answers, errors = compare(lines, ["poker", "moves", "--rules", rules], moves,
                              lambda a: a["moves"])
    assert answers > 50
    if rules == "pdk":
        compare(lines[:50], ["poker", "moves", "--rules", rules, "--option", "last_short=0",
                             "--option", "bomb_unsplittable=1"],
                lambda line: qipai.poker.moves(*(line.split("/") + [None])[:2], rules=rules,
                                               last_short=0, bomb_unsplittable=True),
                lambda a: a["moves"])


# ---- zipai ----------------------------------------------------------------------

def test_zipai_decompose_equals_the_command_line() -> None:
    needs_query("zipai", "decompose")
    hands = corpus("zipai", "corpus", "decompose", "400", "--seed", "6") + ["一一一一一", "x"]
    answers, errors = compare(hands, ["zipai", "decompose"], qipai.zipai.decompose,
                              lambda a: a["decompositions"])
    assert answers >= 300 and errors >= 1
    compare(hands[:100], ["zipai", "decompose", "--rules", "10huxi", "--ascii"],
            lambda h: qipai.zipai.decompose(h, rules="10huxi", ascii=True),
            lambda a: a["decompositions"])


def test_zipai_hu_and_waits_equal_the_command_line() -> None:
    needs_query("zipai", "hu")
    needs_query("zipai", "waits")
    lines = corpus("zipai", "corpus", "hu", "300", "--seed", "7") + ["一二三 摸", "碰 一二三"]
    answers, errors = compare(lines, ["zipai", "hu"], qipai.zipai.hu, lambda a: a)
    assert answers >= 250 and errors >= 1
    compare(lines[:100], ["zipai", "hu", "--threshold", "10", "--yiwushi", "1"],
            lambda h: qipai.zipai.hu(h, threshold=10, yiwushi=True), lambda a: a)
    # waits: the line without its target card (the source word kept or not)
    waiting = [line.rsplit(" ", 1)[0] if line.split()[-1][:1] in "摸打" else line
               for line in lines]
    answers, _ = compare(waiting, ["zipai", "waits"], qipai.zipai.waits, lambda a: a["waits"])
    assert answers >= 200
    compare(waiting[:100], ["zipai", "waits"], qipai.zipai.waits_answer, lambda a: a)


# ---- the general query ----------------------------------------------------------

def test_query_answers_any_line_command() -> None:
    expected = cli_lines(["mahjong", "waits", "--rules", "laizi", "--wild", "7z"],
                         ["1237m456p789s77z1z"])[0]
    assert qipai.query("mahjong", "waits", "1237m456p789s77z1z", "--rules", "laizi",
                       wild="7z") == expected
    with pytest.raises(qipai.Error, match="no game"):
        qipai.query("chess", "moves", "e4")
    with pytest.raises(qipai.Error, match="unknown option"):
        qipai.query("mahjong", "win", "11m", frobnicate=True)


def test_poker_rules_default_to_the_command_lines() -> None:
    """Without rules, every poker call answers as the command line without
    --rules (Dou Di Zhu, as Lua and Go): one default everywhere."""
    needs_query("poker", "minplays")
    assert qipai.poker.DEFAULT_RULES == "ddz"
    hands = corpus("poker", "corpus", "minplays", "--rules", "ddz", "--size", "10", "--count",
                   "60", "--seed", "9") + ["3445566688", "33344456"]
    # 3445566688 is the hand whose answers differ between seed and ddz
    assert qipai.poker.minplays("3445566688") != qipai.poker.minplays("3445566688", rules="seed")
    checked = 0
    for args, call in ((["minplays"], lambda h: qipai.poker.minplays_answer(h)),
                       (["classify"], lambda h: {"plays": qipai.poker.classify(h)}),
                       (["moves"], lambda h: {"moves": qipai.poker.moves(h)})):
        for hand, expected in zip(hands, cli_lines(["poker", *args], hands)):
            got = call(hand)
            assert got == {k: expected[k] for k in got}, (args, hand)
            checked += 1
    assert checked == 3 * len(hands) >= 180
