"""qipai.mahjong against the command line (the oracle): every call on
random hands of every preset, with wild kinds and jokers, bad hands
included (the binding must raise qipai.Error with the command line's
message); the batches against the single calls; bad batch input."""

from __future__ import annotations

import random

import numpy as np
import pytest

import qipai
from qipai.mahjong import NO_SHANTEN, Rules

from conftest import answer_or_error, cli_lines, random_mahjong_hand

# (Rules arguments, command-line options, tile kinds, a wild kind to sprinkle)
CONFIGS = [
    (("basic",), {}, [], 34, None),
    (("laizi", "7z"), {}, ["--rules", "laizi", "--wild", "7z"], 34, "7z"),
    (("zhaotong",), {}, ["--rules", "zhaotong"], 27, None),
    (("gb",), {}, ["--rules", "gb"], 34, None),
    (("basic", ("5z", "1m")), {"seven_pairs_distinct": True, "chinese": True},
     ["--wild", "5z", "--wild", "1m", "--seven-pairs-distinct", "--chinese"], 34, "5z"),
]

# How each command's answer is read by the binding's call for it.
CALLS = {
    "win": [("win", lambda a: a["win"]), ("win_forms", lambda a: a["forms"])],
    "waits": [("waits", lambda a: a["waits"])],
    "decompose": [("decompose", lambda a: a["decompositions"])],
    "shanten": [("shanten", lambda a: a["shanten"]), ("shanten_forms", lambda a: a["forms"])],
    "effective": [("effective", lambda a: [(e["tile"], e["left"]) for e in a["effective"]])],
    "discards": [("discards", lambda a: a["discards"])],
}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c[0][:1] + (c[3],))))
def test_every_call_equals_the_command_line(config, rng: random.Random) -> None:
    args, keywords, options, kinds, wild = config
    rules = Rules(*args, **keywords)
    hands = [random_mahjong_hand(rng, kinds if kinds == 27 else 34, wild) for _ in range(300)]
    compared = errors = 0
    for command, calls in CALLS.items():
        answers = cli_lines(["mahjong", command, *options], hands)
        for hand, expected in zip(hands, answers):
            whole, why = answer_or_error(rules.answer, command, hand)
            if "error" in expected:
                assert why == expected["error"], f"{command} {hand}: {why!r} vs {expected}"
                for name, _ in calls:
                    _, why = answer_or_error(getattr(rules, name), hand)
                    assert why == expected["error"], f"{name}({hand!r})"
                errors += 1
                continue
            assert whole == expected, f"{command} {hand}"
            for name, read in calls:
                got = getattr(rules, name)(hand)
                assert got == read(expected), f"{name}({hand!r}): {got} vs the CLI's {expected}"
                compared += 1
    assert compared > 1000 and errors > 50, (compared, errors)


def test_visible_tiles_are_taken_off_as_on_the_command_line(rng: random.Random) -> None:
    rules = Rules("laizi", "7z")
    hands = [h for h in (random_mahjong_hand(rng, 34, "7z", bad=False) for _ in range(400))]
    visible = "1m2m3m5p5p9s1z"
    compared = 0
    for command in ("effective", "discards"):
        answers = cli_lines(["mahjong", command, "--rules", "laizi", "--wild", "7z",
                             "--visible", visible], hands)
        for hand, expected in zip(hands, answers):
            got, why = answer_or_error(getattr(rules, command), hand, visible=visible)
            if "error" in expected:
                assert why == expected["error"]
                continue
            if command == "effective":
                assert got == [(e["tile"], e["left"]) for e in expected["effective"]]
            else:
                assert got == expected["discards"]
            compared += 1
    assert compared > 100


def test_batches_equal_single_calls(rng: random.Random) -> None:
    for args, kinds in ((("basic",), 34), (("laizi", "7z"), 34), (("zhaotong",), 27),
                        (("gb",), 34)):
        rules = Rules(*args)
        hands = [random_mahjong_hand(rng, kinds, "7z" if "7z" in args else None, bad=False)
                 for _ in range(3000)]
        hands = [h for h in hands if answer_or_error(rules.parse, h)[1] is None]
        counts, wilds = rules.parse_many(hands)
        wins = rules.win_many(counts, wilds)
        shanten = rules.shanten_many(counts, wilds)
        narrow = rules.shanten_many(counts[:, :27], wilds) if kinds == 27 else None
        checked_win = checked_shanten = 0
        for i, hand in enumerate(hands):
            single, why = answer_or_error(rules.win, hand)
            if why is None:
                assert wins[i] == single, hand
                checked_win += 1
            else:
                assert not wins[i], hand
            single, why = answer_or_error(rules.shanten, hand)
            if why is None:
                assert shanten[i] == single, hand
                checked_shanten += 1
            else:
                assert shanten[i] == NO_SHANTEN, hand
            if narrow is not None:
                assert narrow[i] == shanten[i]
        assert wins.dtype == np.bool_ and shanten.dtype == np.int8
        assert checked_win > 500 and checked_shanten > 2000, (checked_win, checked_shanten)


def test_batches_read_counts_in_a_wild_column_as_wildcards() -> None:
    rules = Rules("laizi", "7z")
    counts, wilds = rules.parse_many(["12345m456p789s11z7z"])
    assert wilds[0] == 1 and counts[0, 33] == 0
    moved = counts.copy()
    moved[0, 33] = 1
    assert rules.win_many(counts, wilds)[0] and rules.win_many(moved)[0]


def test_batches_accept_any_integer_array_and_no_wilds() -> None:
    rules = Rules()
    counts = np.zeros((2, 34), dtype=np.int64)
    counts[0, 0:9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    counts[0, 4] += 1
    counts[1, 0] = 2
    assert rules.win_many(counts).tolist() == [True, True]
    assert rules.shanten_many(counts.tolist()).tolist() == [-1, -1]
    assert rules.win_many(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize("counts, wilds, message", [
    (np.zeros((3, 33), dtype=np.uint8), None, "shape (N, 34) or (N, 27)"),
    (np.zeros(34, dtype=np.uint8), None, "shape"),
    (np.full((3, 34), 300), None, "0-255"),
    (np.full((3, 34), -1), None, "0-255"),
    (np.zeros((3, 34), dtype=np.uint8), np.zeros(2, dtype=np.uint8), "wilds must have shape (3,)"),
])
def test_bad_batches_raise(counts, wilds, message) -> None:
    with pytest.raises(qipai.Error, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        Rules().shanten_many(counts, wilds)
    assert e.value.code in ("wrong size", "value out of range")


@pytest.mark.parametrize("counts, wilds", [
    (np.zeros((3, 34)) + 0.5, None),
    (np.zeros((3, 34), dtype=np.uint8), ["a", "b", "c"]),
])
def test_batches_of_the_wrong_type_raise_type_error(counts, wilds) -> None:
    with pytest.raises(TypeError, match="must hold integers"):
        Rules().shanten_many(counts, wilds)


@pytest.mark.parametrize("make, message", [
    (lambda: Rules("riichi"), "riichi"),
    (lambda: Rules("basic", "9q"), "9q"),
    (lambda: Rules().win("123m\n456m"), "one line"),
    (lambda: Rules().waits("123m"), "1, 4, 7, 10 or 13"),
    (lambda: Rules().parse("11111m"), "5 times"),
    (lambda: Rules("zhaotong").win("11z"), "1z"),
])
def test_bad_input_raises_the_library_error(make, message) -> None:
    with pytest.raises(qipai.Error) as caught:
        make()
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_the_contract_examples() -> None:
    laizi = Rules("laizi", wild="7z")
    assert laizi.waits("1237m456p789s77z1z") == ["5m", "6m", "7m", "8m", "9m", "1z", "7z"]
    assert Rules().shanten("23466669999m111z") == 1
    assert Rules().win("11123456789999m") is True
    assert Rules().shanten_forms("23466669999m111z") == {"standard": 1, "seven_pairs": 1}
    assert Rules().effective("1112345678999m")[:2] == [("1m", 1), ("2m", 3)]
    assert Rules("zhaotong").kinds == 27 and Rules().kinds == 34
    assert "Rules('laizi', wild=('7z',))" == repr(laizi)
