"""qipai.zhaotong.Game against the command line: the games ``qipai zhaotong
sim --log`` plays are played again through the binding (same seeds, dealers
and bots) and must give the same events and scores; actions by hand,
numbers, bad input, analyze."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import qipai
from qipai.zhaotong import (ACTION_SPACE, OBSERVATION_SIZE, Action, Game, analyze, game_seed,
                            replay, tile_kind, tile_name)

from conftest import answer_or_error, cli_lines, cli_run, needs_query


def sim_log(tmp_path: Path, games: int, seed: int, bots: str, *rules: str) -> list[list[dict]]:
    """The games of a sim log, each a list of its lines."""
    log = tmp_path / "sim.jsonl"
    args = ["zhaotong", "sim", "--games", str(games), "--seed", str(seed), "--bots", bots,
            "--log", str(log)]
    for r in rules:
        args += ["--rule", r]
    result = cli_run(args)
    assert result.returncode == 0, result.stderr
    out: list[list[dict]] = []
    for line in log.read_text().splitlines():
        obj = json.loads(line)
        if obj["type"] == "game":
            out.append([])
        out[-1].append(obj)
    assert len(out) == games
    return out


@pytest.mark.parametrize("bots, rules", [
    ("strong,strong,seed,seed", ()),
    ("seed,strong,seed,strong", ("multiple_hu=false", "cap=6", "tuo_discard=false")),
])
def test_games_equal_the_command_lines(tmp_path: Path, bots: str, rules: tuple) -> None:
    logs = sim_log(tmp_path, 60, 7, bots, *rules)
    text = (tmp_path / "sim.jsonl").read_text().splitlines()
    options = {r.split("=")[0]: r.split("=")[1] for r in rules}
    events = 0
    ours: list[str] = []
    for number, lines in enumerate(logs):
        header, deal, rest = lines[0], lines[1], lines[2:]
        assert header["seed"] == game_seed(7, number)
        game = Game(header["seed"], dealer=header["dealer"], rules=options)
        assert game.tuo == header["tuo"] and game.wall == header["wall"]
        assert [game.hand(s) for s in range(4)] == deal["hands"]
        game.play(bots.split(","))
        assert game.events == rest
        events += len(rest)
        assert game.scores == rest[-1]["scores"]
        assert sum(game.scores) == 0
        game.check()
        ours += game.log(number + 1, bots.split(","))
    assert ours == text  # the same bytes, line for line
    assert events > 3000


def test_a_games_log_replays_with_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    with open(path, "w") as f:
        for number in range(20):
            game = Game(seed=500 + number, dealer=number % 4, rules={"cap": 5})
            pick = random.Random(number)
            while not game.over:  # any legal action: odd claims, 杠 with 坨, passes
                seat = game.to_act[0]
                legal = game.legal_actions(seat)
                game.step(legal[pick.randrange(len(legal))] if number % 2 else
                          game.bot_action(seat, "strong"))
            game.write_log(f, number + 1)
    result = cli_run(["zhaotong", "replay", str(path)])
    assert result.returncode == 0 and '"valid":20' in result.stdout, result.stdout
    again = replay(path)
    assert len(again) == 20
    for number, game in enumerate(again):
        original = Game(seed=500 + number, dealer=number % 4, rules={"cap": 5})
        for action in game.actions:
            original.step(action)
        assert game.events == original.events and game.scores == original.scores
        assert game.log(number + 1) == original.log(number + 1)


@pytest.mark.parametrize("change, message", [
    (lambda lines: lines[:40], "stops before"),
    (lambda lines: lines[:5] + lines[6:], "line 6"),
    (lambda lines: [lines[0], lines[1].replace('"deal"', '"deel"')] + lines[2:], "line 2"),
    (lambda lines: lines[1:], "before the first game"),
    (lambda lines: lines[:3] + ["{not json"] + lines[3:], "line 4"),
])
def test_a_broken_log_is_refused_by_both(tmp_path: Path, change, message) -> None:
    game = Game(seed=8)
    game.play()
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(change(game.log())) + "\n")
    with pytest.raises(qipai.Error, match=message):
        replay(path)
    assert cli_run(["zhaotong", "replay", str(path)]).returncode == 1


def test_a_game_by_hand() -> None:
    game = Game(seed=42, dealer=1)
    assert game.dealer == 1 and game.phase == "turn" and game.to_act == [1] and game.turn == 1
    assert game.wall_left == 108 - 54
    assert len(game.hand(1)) > 0 and game.tuo_count(1) + sum(
        c.isdigit() for c in game.hand(1)) >= 14
    legal = game.legal_actions()
    assert legal and all(a.seat == 1 for a in legal)
    mask = game.action_mask(1)
    assert mask.dtype == np.int8 and mask.shape == (ACTION_SPACE,)
    assert sorted(game.action_index(a) for a in legal) == list(np.flatnonzero(mask))
    assert not game.action_mask(0).any()
    for a in legal:
        assert game.action_of_index(1, game.action_index(a)) == a
    obs = game.observe(1)
    assert obs.dtype == np.float32 and obs.shape == (OBSERVATION_SIZE,)
    discard = next(a for a in legal if a.type == "discard")
    events = game.step(discard)
    assert events[0] == {"type": "action", "player": 1, "action": "discard",
                         "tile": discard.tile}
    assert game.actions == [discard] and game.river()[0]["tile"] == discard.tile
    copy = game.copy()
    while not game.over:
        game.step(game.bot_action(None, "seed"))
    assert copy.phase != "over" and copy.actions == [discard]
    assert game.end in ("wall", "one_left") and sorted(game.winners) == sorted(
        s for s in range(4) if game.observe(s)[qipai.zhaotong.OBSERVATION_BLOCKS["WON"][0]])
    assert game.legal_actions() == [] and not game.action_mask(0).any()


def test_step_by_number_and_the_same_seed_gives_the_same_game() -> None:
    a, b = Game(seed=99), Game(seed=99)
    pick = random.Random(3)
    while not a.over:
        seat = a.to_act[0]
        legal = np.flatnonzero(a.action_mask(seat))
        index = int(legal[pick.randrange(len(legal))])
        assert a.step(index) == b.step(b.action_of_index(seat, index))
    assert a.scores == b.scores and a.events == b.events


@pytest.mark.parametrize("call, message", [
    (lambda g: g.step(Action("discard", 0, "9z")), "9z"),
    (lambda g: g.step(Action("discard", 2, "1m")), "turn"),
    (lambda g: g.step(Action("peng", 0, "1m")), "claim"),
    (lambda g: g.step(("fly", 0)), "not an action"),
    (lambda g: g.step(Action("hu", 7)), "seats are 0-3"),
    (lambda g: g.step(250), "0-198"),
    (lambda g: g.action_of_index(0, -1), "0-198"),
    (lambda g: g.hand(4), "seats are 0-3"),
    (lambda g: g.bot_action(0, "clever"), "clever"),
    (lambda g: Game(rules={"cap": 99}), "cap"),
    (lambda g: Game(rules={"no_such_rule": 1}), "no_such_rule"),
    (lambda g: Game(seed=-1), "seed"),
    (lambda g: Game(wall=["1m"] * 108), "four of each"),
    (lambda g: Game(dealer=4), "dealer"),
    (lambda g: tile_kind("1z"), "1z"),
])
def test_bad_input_raises(call, message) -> None:
    game = Game(seed=5)
    before = (game.hand(0), game.actions, game.wall_left)
    with pytest.raises(qipai.Error, match=message):
        call(game)
    assert (game.hand(0), game.actions, game.wall_left) == before


def test_a_given_wall_plays_as_its_seed() -> None:
    seeded = Game(seed=1234, dealer=2)
    walled = Game(wall=seeded.wall, dealer=2)
    assert walled.seed == 0 and walled.tuo == seeded.tuo
    seeded.play()
    walled.play()
    assert walled.scores == seeded.scores and walled.events == seeded.events


def test_tiles_and_seeds() -> None:
    assert tile_name(0) == "1m" and tile_name(26) == "9s" and tile_kind("五万") == 4
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)


def test_analyze_equals_the_command_line() -> None:
    needs_query("zhaotong", "analyze")
    lines = []
    for kind in ("score", "waits", "advice", "shanten"):
        corpus = cli_run(["zhaotong", "corpus", kind, "150", "--seed", "9"])
        assert corpus.returncode == 0, corpus.stderr
        lines += corpus.stdout.splitlines()
    lines += ["123m456m789m1p peng:5p tuo:9s", "1123m456m789m11p tuo:9s zimo", "123m45", "tuo:1m"]
    compared = refused = 0
    for line, expected in zip(lines, cli_lines(["zhaotong", "analyze"], lines)):
        got, why = answer_or_error(analyze, line)
        if "error" in expected:  # options named as keywords (tuo), not flags (--tuo)
            assert why == qipai._core.python_names(expected["error"]), line
            refused += 1
        else:
            assert got == expected, line
            compared += 1
    assert compared >= 600 and refused >= 2
    brief = cli_lines(["zhaotong", "analyze", "--brief", "--tuo", "9s", "--visible", "1p1p",
                       "--rule", "cap=6"], ["123m456m789m1p peng:5p"])
    assert "effective" not in brief[0] and "waits" in brief[0]
    assert analyze("123m456m789m1p peng:5p", tuo="9s", brief=True, visible="1p1p",
                   rules={"cap": 6}) == brief[0]
