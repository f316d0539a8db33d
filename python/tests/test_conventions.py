"""What every call of the binding keeps (issue 24, "Python"): rule values
that cannot be changed, TypeError for a wrong type and qipai.Error (with the
library's code) for a bad value, messages that name the Python argument
(not the command line's flag), parse_many naming the line that failed, and
mahjong hands as lists of tile numbers as Lua and Go take them."""

from __future__ import annotations

import pickle
import random
import re

import numpy as np
import pytest

import qipai
import qipai.gb
import qipai.poker
import qipai.zipai
from qipai import mahjong, zhaotong
from qipai.mahjong import JOKER, Rules
from qipai.zhaotong import AECEnv, Game, SingleAgentEnv

from conftest import answer_or_error, cli_lines, random_mahjong_hand

LIBRARY_NAMES = set(qipai.ERROR_NAMES.values())
FLAG = re.compile(r"(?<![\w-])--[a-z]")


# ---- rules cannot be changed -------------------------------------------------------

@pytest.mark.parametrize("rules", [Rules(), Rules("laizi", wild="7z"),
                                   Rules("gb", seven_pairs_distinct=True, chinese=True)])
def test_a_mahjong_rules_value_is_immutable(rules: Rules) -> None:
    before = (repr(rules), rules.shanten("23466669999m111z"), rules.kinds)
    changes = 0
    for name, value in (("preset", "gb"), ("wild", ("1z",)), ("seven_pairs_distinct", True),
                        ("chinese", True), ("_rules", None), ("_words", ()), ("kinds", 27),
                        ("anything_new", 1)):
        with pytest.raises(AttributeError):
            setattr(rules, name, value)
        with pytest.raises(AttributeError):
            delattr(rules, name)
        changes += 2
    assert changes == 16
    assert (repr(rules), rules.shanten("23466669999m111z"), rules.kinds) == before
    # a value: equal to another of the same options, hashable, picklable
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules) and repr(again) == repr(rules)
    assert again.shanten("23466669999m111z") == before[1]
    assert rules != Rules("zhaotong") and len({rules, again}) == 1


@pytest.mark.parametrize("make", [lambda: Game(seed=1, rules={"cap": 5}),
                                  lambda: AECEnv(rules={"cap": 5}),
                                  lambda: SingleAgentEnv(rules={"cap": 5})])
def test_zhaotong_rules_cannot_be_changed_after_the_fact(make) -> None:
    value = make()
    assert dict(value.rules) == {"cap": 5}
    with pytest.raises(TypeError):
        value.rules["cap"] = 2  # type: ignore[index]
    with pytest.raises(AttributeError):
        value.rules = {"cap": 2}
    with pytest.raises(AttributeError):
        del value.rules
    assert dict(value.rules) == {"cap": 5}


# ---- wrong types: TypeError naming the argument and the type wanted ------------------

TYPE_ERRORS = [
    (lambda: Rules(wild=7.5), "wild must be a tile"),
    (lambda: Rules(wild=None), "wild must be a tile"),
    (lambda: Rules(wild=[object()]), "wild must be a tile"),
    (lambda: Rules(preset=3), "preset must be a string, not int"),
    (lambda: Rules(seven_pairs_distinct="yes"), "seven_pairs_distinct must be True or False"),
    (lambda: Rules(chinese=1), "chinese must be True or False, not int"),
    (lambda: Rules().win(17), "hand must be a string or a list of tile numbers, not int"),
    (lambda: Rules().win(None), "hand must be a string or a list of tile numbers, not NoneType"),
    (lambda: Rules().win(["1m", "2m"]), "hand's item 1 must be a tile number (an int), not str"),
    (lambda: Rules().win([0, 1, True]), "hand's item 3 must be a tile number (an int), not bool"),
    (lambda: Rules().effective("1112345678999m", visible=5), "visible must be a string"),
    (lambda: Rules().parse(b"123m"), "hand must be a string"),
    (lambda: Rules().parse_many(["123m", 5]), "line 2: hand must be"),
    (lambda: Rules().parse_many(["123m"], strict="no"), "strict must be True or False"),
    (lambda: mahjong.kind_name("5m"), "kind must be an int, not str"),
    (lambda: mahjong.text("123m"), "tiles must be a list of tile numbers"),
    (lambda: qipai.gb.fan(8), "hand must be a string, not int"),
    (lambda: qipai.gb.fan("[345m,1]22456p222567s", min=8.0), "min must be an int or a string"),
    (lambda: qipai.gb.fan("[345m,1]22456p222567s", knitted_waits=1),
     "knitted_waits must be True or False, not int"),
    (lambda: qipai.poker.minplays(3445566688), "hand must be a string, not int"),
    (lambda: qipai.poker.minplays("345", rules=None), "rules must be a string, not NoneType"),
    (lambda: qipai.poker.minplays("345", rules="pdk", last_short="yes"),
     "last_short must be an int or a bool, not str"),
    (lambda: qipai.poker.minplays_answer("345", limit="a"), "limit must be an int"),
    (lambda: qipai.poker.minplays_answer("345", types="yes"), "types must be True or False"),
    (lambda: qipai.poker.classify(["3", "4"]), "cards must be a string, not list"),
    (lambda: qipai.poker.moves("345", last=34567), "last must be a string, not int"),
    (lambda: qipai.zipai.hu(["一"]), "line must be a string, not list"),
    (lambda: qipai.zipai.hu("一二三", threshold=1.5), "threshold must be an int or a string"),
    (lambda: qipai.query("mahjong", "win", 123), "line must be a string, not int"),
    (lambda: qipai.query("mahjong", 5, "123m"), "command must be a string, not int"),
    (lambda: zhaotong.analyze(123), "line must be a string, not int"),
    (lambda: zhaotong.analyze("123m", rules={"cap": 1.5}), "rules['cap'] must be an int"),
    (lambda: zhaotong.tile_name("5m"), "kind must be an int, not str"),
    (lambda: zhaotong.tile_kind(4), "tile must be a string, not int"),
    (lambda: Game(seed="42"), "seed must be an int 0 to 2^64-1, not str"),
    (lambda: Game(seed=1.0), "seed must be an int 0 to 2^64-1, not float"),
    (lambda: Game(dealer="0"), "dealer must be a seat (an int 0-3), not str"),
    (lambda: Game(rules=[("cap", 5)]), "rules must be a mapping of rule options, not list"),
    (lambda: Game(rules={"cap": [5]}), "rules['cap'] must be an int, a bool or a string, not list"),
    (lambda: Game(wall=5), "wall must be a sequence of 108 tile names, not int"),
    (lambda: Game(seed=1).hand("0"), "seat must be a seat (an int 0-3), not str"),
    (lambda: Game(seed=1).step(2.0), "action must be an Action"),
    (lambda: Game(seed=1).step(("discard", "0", "1m")), "the action's seat must be a seat"),
    (lambda: Game(seed=1).action_of_index(0, "3"), "index must be an action number"),
    (lambda: Game(seed=1).play("strong"), "bots must be a sequence of four bot names, not str"),
    (lambda: SingleAgentEnv(seat=0.0), "seat must be a seat (an int 0-3), not float"),
    (lambda: SingleAgentEnv(opponents=3), "opponents must be a bot's name or three of them"),
    (lambda: AECEnv(dealer="1"), "dealer must be a seat"),
]


@pytest.mark.parametrize("call, message", TYPE_ERRORS)
def test_a_wrong_type_raises_type_error_naming_the_argument(call, message) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert not isinstance(caught.value, qipai.Error)
    assert message in str(caught.value)


def test_environment_steps_refuse_wrong_types() -> None:
    single = SingleAgentEnv()
    single.reset(seed=1)
    aec = AECEnv()
    aec.reset(seed=1)
    for action in (1.0, "3", [3], True):
        with pytest.raises(TypeError, match="must be an action number"):
            single.step(action)
        with pytest.raises(TypeError, match="must be an action number"):
            aec.step(action)
    with pytest.raises(qipai.Error, match="must act") as caught:
        aec.step(None)  # None is a done agent's step: a live one must act
    assert caught.value.code == "illegal action"


# ---- bad values: qipai.Error with the library's code, named as in Python --------------

VALUE_ERRORS = [
    (lambda: Rules("riichi"), "bad argument", "riichi"),
    (lambda: Rules("basic", "9q"), "syntax error", "9q"),
    (lambda: Rules(wild=34), "value out of range", "wild must be 0..33, not 34"),
    (lambda: Rules().win("123m\n456m"), "syntax error", "hand must be one line"),
    (lambda: Rules().waits("123m"), "wrong size", "1, 4, 7, 10 or 13"),
    (lambda: Rules().parse("11111m"), "too many", "5 times"),
    (lambda: Rules().win([0] * 5 + [1] * 9), "too many", "5 times"),
    (lambda: Rules().win([35]), "value out of range", "hand's item 1 (35) is not a tile number"),
    (lambda: Rules().win([-1]), "value out of range", "hand's item 1 (-1) is not a tile number"),
    (lambda: Rules().win([0] * 137), "too many", "137 tiles; there are only 136"),
    (lambda: Rules().win(np.zeros((2, 7), dtype=np.int64)), "wrong size", "one row"),
    (lambda: Rules().effective("1112345678999m", visible="9q"), "syntax error", "visible"),
    (lambda: Rules().shanten_many(np.zeros((2, 30), dtype=np.uint8)), "wrong size", "shape"),
    (lambda: mahjong.kind_name(34), "value out of range", "kind must be 0..33, not 34"),
    (lambda: qipai.gb.fan("[345m,1]22456p222567s", min=300), "value out of range",
     "min wants 0..255"),
    (lambda: qipai.gb.fan("[345m,1]22456p222567s", no_such_option=1), "bad argument",
     "no_such_option"),
    (lambda: qipai.gb.fan("hello"), "syntax error", "unexpected 'h'"),
    (lambda: qipai.poker.minplays("345", rules="xx"), "bad argument", "rules: unknown poker rules"),
    (lambda: qipai.poker.minplays("345", rules="ddz", last_short=1), "bad argument", "pdk"),
    (lambda: qipai.poker.minplays("3Z"), "syntax error", "Z"),
    (lambda: qipai.zipai.hu("一二三", threshold=-5), "value out of range", "threshold"),
    (lambda: qipai.zipai.hu("一二三", tun_base="x"), "bad argument", "tun_base"),
    (lambda: zhaotong.analyze("123m45"), "bad argument", "or tuo)"),
    (lambda: zhaotong.tile_kind("1z"), "value out of range", "1z"),
    (lambda: zhaotong.tile_kind("11m"), "wrong size", "not one tile"),
    (lambda: zhaotong.tile_name(27), "value out of range", "kind must be 0..26, not 27"),
    (lambda: Game(seed=-1), "value out of range", "seed"),
    (lambda: Game(dealer=4), "value out of range", "dealer 4: seats are 0-3"),
    (lambda: Game(rules={"cap": 99}), "value out of range", "cap"),
    (lambda: Game(rules={"no_such_rule": 1}), "bad argument", "no_such_rule"),
    (lambda: Game(wall=["1m"] * 107), "wrong size", "108 tiles, not 107"),
    (lambda: Game(seed=1).hand(4), "value out of range", "seats are 0-3"),
    (lambda: Game(seed=1).step(250), "value out of range", "0-198, not 250"),
    (lambda: Game(seed=1).step(2**70), "value out of range", "0-198"),
    (lambda: Game(seed=1).step(("fly", 0)), "bad argument", "not an action"),
    (lambda: Game(seed=1).step(("discard", 0, "1m", 9)), "value out of range", "tuo"),
    (lambda: Game(seed=1).bot_action(0, "clever"), "bad argument", "clever"),
    (lambda: Game(seed=1).play(("strong",) * 3), "wrong size", "four bots, not 3"),
    (lambda: Game(seed=1).log(bots=("a", "b")), "wrong size", "four bots, not 2"),
    (lambda: SingleAgentEnv().step(0), "inconsistent state", "reset"),
    (lambda: SingleAgentEnv(("strong",)), "wrong size", "three opponents, not 1"),
    (lambda: SingleAgentEnv(seat=4), "value out of range", "seat 4"),
    (lambda: AECEnv().observe("seat_9"), "bad argument", "no agent 'seat_9'"),
]


@pytest.mark.parametrize("call, code, message", VALUE_ERRORS)
def test_a_bad_value_raises_the_library_error_with_its_code(call, code, message) -> None:
    with pytest.raises(qipai.Error) as caught:
        call()
    error = caught.value
    assert isinstance(error, ValueError) and error.code in LIBRARY_NAMES
    assert error.code == code, (error.message, error.code)
    assert message in error.message and str(error) == error.message
    assert not FLAG.search(error.message), error.message  # no --flag in a Python message


def test_the_error_names_are_the_librarys() -> None:
    assert qipai.ERROR_NAMES[1] == "syntax error" and len(qipai.ERROR_NAMES) >= 10
    assert qipai._core.python_names("--min wants 0..255; --knitted-waits, 3--4, a--b") == \
        "min wants 0..255; knitted_waits, 3--4, a--b"


def test_illegal_actions_carry_the_librarys_code() -> None:
    game = Game(seed=5)
    with pytest.raises(qipai.Error) as caught:
        game.step(zhaotong.Action("discard", 2, "1m"))
    assert caught.value.code == "illegal action"
    game.play()
    with pytest.raises(qipai.Error) as caught:
        game.bot_action()
    assert caught.value.code == "illegal action" and "over" in caught.value.message


def test_query_keeps_the_command_lines_words() -> None:
    """qipai.query takes the command line's words, and its messages name them so."""
    with pytest.raises(qipai.Error) as caught:
        qipai.query("mahjong", "win", "123m", "--rules")
    assert caught.value.message == "--rules needs a value" and caught.value.code == "bad argument"


# ---- parse_many names the line ---------------------------------------------------

def test_parse_many_names_the_first_line_that_fails() -> None:
    rules = Rules()
    hands = ["11123456789999m", "1m2m3m*", "123x", "11111m"]
    with pytest.raises(qipai.Error) as caught:
        rules.parse_many(hands)
    single = pytest.raises(qipai.Error, rules.parse, "123x").value
    assert caught.value.message == f"line 3: {single.message}"
    assert caught.value.code == single.code == "syntax error"
    with pytest.raises(qipai.Error, match=r"^line 1: .*5 times") as caught:
        rules.parse_many(["11111m"])
    assert caught.value.code == "too many"
    counts, wilds = rules.parse_many(hands, strict=False)
    assert counts[2:].sum() == 0 and wilds[2:].sum() == 0 and counts[0].sum() == 14


# ---- hands as tile numbers ----------------------------------------------------------

def numbers_of(hand: str) -> list[int]:
    """A parsed hand's tile numbers (Lua's and Go's): kinds 0-33, jokers 34."""
    counts, wilds = Rules().parse(hand)
    return [k for k in range(34) for _ in range(counts[k])] + [JOKER] * wilds


def test_tile_numbers_are_lua_and_gos() -> None:
    assert JOKER == 34
    assert mahjong.text([0, 1, 2, 34]) == "123m*"  # Go's Text example
    assert mahjong.text([4]) == "5m" and mahjong.text([33, 27, 9, 18]) == "1p1s17z"
    # Go's doc example: Waits([]int{0, 1, 2, 6, 12, 13, 14, 24, 25, 26, 33, 33, 27})
    laizi = Rules("laizi", wild="7z")
    assert laizi.waits([0, 1, 2, 6, 12, 13, 14, 24, 25, 26, 33, 33, 27]) == \
        laizi.waits("1237m456p789s77z1z") == ["5m", "6m", "7m", "8m", "9m", "1z", "7z"]
    assert Rules(wild=33) == Rules(wild="7z") == Rules(wild=["红中"])  # Lua's wild = 33
    assert [mahjong.kind_name(k) for k in (0, 8, 9, 17, 18, 26, 27, 33)] == \
        ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "7z"]


@pytest.mark.parametrize("config", [("basic", ()), ("laizi", ("7z",)), ("zhaotong", ()),
                                    ("gb", ())])
def test_a_hand_as_tile_numbers_is_answered_as_its_text(config, rng: random.Random) -> None:
    preset, wild = config
    rules = Rules(preset, wild)
    kinds = 27 if preset == "zhaotong" else 34
    compared = 0
    for _ in range(150):
        hand = random_mahjong_hand(rng, kinds, wild[0] if wild else None, bad=False)
        try:
            numbers = numbers_of(hand)
        except qipai.Error:  # a 15th tile (the wild kind added): no hand to number
            continue
        rng.shuffle(numbers)  # any order: the text is in kind order
        as_text = mahjong.text(numbers)
        for form in (numbers, tuple(numbers), np.array(numbers, dtype=rng.choice(
                [np.int8, np.uint8, np.int32, np.int64]))):
            for command in ("win", "waits", "shanten", "effective", "discards"):
                expected = answer_or_error(rules.answer, command, as_text)
                assert answer_or_error(rules.answer, command, form) == expected
                compared += expected[1] is None
            parsed = answer_or_error(lambda h: [a.tolist() for a in
                                                np.atleast_1d(*rules.parse(h))], as_text)
            assert answer_or_error(lambda h: [a.tolist() for a in
                                              np.atleast_1d(*rules.parse(h))], form) == parsed
        visible = numbers[:3]
        assert answer_or_error(rules.answer, "effective", as_text, visible=visible) == \
            answer_or_error(rules.answer, "effective", as_text, visible=mahjong.text(visible))
    assert compared >= 300, compared
    counts, wilds = rules.parse_many([numbers_of("11123456789999m"), "1m2m3m*"])
    assert counts[0].sum() == 14 and wilds.tolist() == [0, 1]


def test_tile_number_answers_equal_the_command_line() -> None:
    """A hand given as numbers answers what the command line answers for its text."""
    rng = random.Random(7)
    hands = [random_mahjong_hand(rng, bad=False) for _ in range(200)]
    hands = [h for h in hands if len(numbers_of(h)) % 3 == 1]
    expected = cli_lines(["mahjong", "waits"], [mahjong.text(numbers_of(h)) for h in hands])
    for hand, answer in zip(hands, expected):
        assert Rules().waits(numbers_of(hand)) == answer["waits"]
    assert len(hands) >= 50


def test_tiles_and_tile_number_turn_text_back_into_numbers() -> None:
    assert mahjong.tiles("123m*7z") == [0, 1, 2, 33, JOKER]
    assert mahjong.tile_number("5m") == mahjong.tile_number("五万") == 4
    assert mahjong.tile_number("*") == JOKER and mahjong.tile_number("红中") == 33
    for k in range(34):
        assert mahjong.tile_number(mahjong.kind_name(k)) == k
        assert mahjong.tiles(mahjong.text([k, k])) == [k, k]
    with pytest.raises(qipai.Error) as caught:
        mahjong.tile_number("12m")
    assert caught.value.code == "wrong size"


def test_zhaotong_takes_tile_numbers_as_lua_and_go_do() -> None:
    """Actions' tiles and a wall as numbers 0-26 (Lua's and Go's Zhaotong)."""
    wall = Game(seed=3).wall
    by_number = Game(wall=[zhaotong.tile_kind(t) for t in wall])
    assert by_number.wall == wall
    named, numbered = Game(seed=3), Game(seed=3)
    steps = 0
    while not named.over and steps < 60:
        action = named.bot_action()
        tile = None if action.tile is None else zhaotong.tile_kind(action.tile)
        short = (action.type, action.seat) if tile is None and action.tuo == 0 else \
            (action.type, action.seat, tile) if action.tuo == 0 else \
            (action.type, action.seat, tile, action.tuo)
        assert numbered.step(short) == named.step(action)
        steps += 1
    assert steps == 60 and named.events == numbered.events
    with pytest.raises(qipai.Error, match="0..26, not 27"):
        Game(seed=3).step(("discard", 0, 27))


# ---- parse_many in one C call: the same rows and errors as hand by hand -----------------

def parse_each(rules: Rules, hands: list, strict: bool):
    """What parse_many must give: each hand through parse, the line named."""
    counts = np.zeros((len(hands), 34), dtype=np.uint8)
    wilds = np.zeros(len(hands), dtype=np.uint8)
    for i, hand in enumerate(hands):
        try:
            counts[i], wilds[i] = rules.parse(hand)
        except qipai.Error as e:
            if strict:
                return f"line {i + 1}: {e.message}", e.code
    return counts.tolist(), wilds.tolist()


def parse_all(rules: Rules, hands, strict: bool):
    try:
        counts, wilds = rules.parse_many(hands, strict=strict)
    except qipai.Error as e:
        return e.message, e.code
    assert counts.dtype == np.uint8 and wilds.dtype == np.uint8
    return counts.tolist(), wilds.tolist()


@pytest.mark.parametrize("config", [("basic", ()), ("laizi", ("7z",)), ("zhaotong", ())])
def test_parse_many_equals_parse_hand_by_hand(config, rng: random.Random) -> None:
    rules = Rules(*config)
    odd = ["", " ", "123m\n", "123m\r\n", "12\r3m", "1\x002m", "一二三万", "东东东", "11111m",
           "123x", "#", "1m\ud800", "*" * 14, "1z2z3z 4z, 5z"]
    compared = errors = 0
    for _ in range(60):
        hands = [random_mahjong_hand(rng, 27 if config[0] == "zhaotong" else 34) for _ in
                 range(rng.randint(0, 40))]
        for _ in range(rng.randint(0, 2)):
            hands.insert(rng.randint(0, len(hands)), rng.choice(odd))
        for strict in (True, False):
            try:
                expected = parse_each(rules, hands, strict)
            except UnicodeEncodeError:
                with pytest.raises(UnicodeEncodeError):
                    rules.parse_many(hands, strict=strict)
                continue
            assert parse_all(rules, hands, strict) == expected, hands
            assert parse_all(rules, tuple(hands), strict) == expected  # any iterable
            assert parse_all(rules, iter(hands), strict) == expected
            compared += len(hands)
            errors += isinstance(expected[0], str)
        if all("\n" not in h and "\r" not in h and "\x00" not in h for h in hands):
            # the same hands as the lines of one text (str or bytes, \n or \r\n)
            for text in ("\n".join(hands) + "\n", "\r\n".join(hands)):
                if not hands or (text == "" and hands == [""]):
                    continue
                for strict in (True, False):
                    try:
                        expected = parse_each(rules, hands, strict)
                        data = text.encode()
                    except UnicodeEncodeError:
                        continue
                    assert parse_all(rules, text, strict) == expected, text
                    assert parse_all(rules, data, strict) == expected
    assert compared >= 2000 and errors >= 10


def test_parse_many_reads_a_text_line_by_line() -> None:
    rules = Rules()
    counts, wilds = rules.parse_many("123m\r\n\n*\n456p")
    assert counts.sum(axis=1).tolist() == [3, 0, 0, 3] and wilds.tolist() == [0, 0, 1, 0]
    assert rules.parse_many("")[0].shape == (0, 34) and rules.parse_many([])[0].shape == (0, 34)
    with pytest.raises(qipai.Error, match=r"^line 3: ") as caught:
        rules.parse_many("123m\n456p\n12x\n")
    assert caught.value.code == "syntax error"
    with pytest.raises(qipai.Error, match="not UTF-8") as caught:
        rules.parse_many(b"123m\n\xff\n")
    assert caught.value.code == "syntax error"
    mixed = ["123m", [0, 1, 2], np.array([33, 34])]  # tile numbers hand by hand
    assert rules.parse_many(mixed)[0].sum(axis=1).tolist() == [3, 3, 1]
