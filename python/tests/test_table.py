"""qipai.table: every game with a table through one interface, and its
environments, checked against the library's own games and the command line.

- Game: bots play games to their end, zero-sum; its log replays with
  ``qipai GAME replay``; an illegal action changes nothing; bad arguments
  raise TypeError (wrong type) or qipai.Error (bad value) with a code.
- VectorEnv: every observation, mask and reward equals a mirror Game's
  stepped with the same actions, across auto-resets, for each game; with
  opponents the learner's seat is always the one to act.
- AECEnv and SingleAgentEnv: the PettingZoo and Gymnasium contracts their
  API suites check (run by hand with the published suites, docs in
  python/README.md), restated here so a clone without them tests the same.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import qipai
import qipai.table as table
from conftest import QIPAI

GAMES = table.games()


def test_the_games_are_listed() -> None:
    assert "zhaotong" in GAMES
    for name in GAMES:
        game = table.Game(name)
        assert game.name == name and game.seats >= 2 and game.action_space > 0
        assert game.bots and game.observation_size > 0


@pytest.mark.parametrize("name", GAMES)
def test_bots_play_whole_games_that_replay(name: str, tmp_path: Path) -> None:
    lines: list[str] = []
    played = 0
    for number in range(12):
        game = table.Game(name, seed=table.game_seed(5, number), dealer=number % 2)
        bots = [game.bots[(s + number) % len(game.bots)] for s in range(game.seats)]
        game.play(bots)
        assert game.over and sum(game.scores) == 0
        game.check()
        lines += game.log(number + 1, bots)
        played += 1
    log = tmp_path / "games.log"
    log.write_text("\n".join(lines) + "\n")
    run = subprocess.run([QIPAI, "table", name, "replay", str(log)], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f'"games":{played},"valid":{played}' in run.stdout


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_changes_nothing(name: str) -> None:
    game = table.Game(name, seed=3)
    seat = game.to_act[0]
    mask = game.action_mask(seat)
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = game._state.copy()
    with pytest.raises(qipai.Error) as caught:
        game.step(illegal, seat)
    assert caught.value.code == "illegal action"
    assert np.array_equal(before, game._state) and game.events == []
    legal = game.legal_actions(seat)
    assert sorted(legal) == sorted(np.flatnonzero(mask).tolist())
    for action in legal:
        assert game.action_of_text(game.action_text(action, seat), seat) == action


def test_bad_arguments_say_what_is_wrong() -> None:
    with pytest.raises(qipai.Error, match="no game is named 'chess'"):
        table.Game("chess")
    with pytest.raises(TypeError, match="seed must be an integer"):
        table.Game("zhaotong", seed="1")
    with pytest.raises(qipai.Error, match="seats are 0-3") as caught:
        table.Game("zhaotong", dealer=4)
    assert caught.value.code is not None
    with pytest.raises(TypeError, match="rules must be"):
        table.Game("zhaotong", rules=7)
    with pytest.raises(qipai.Error):
        table.Rules("zhaotong", {"nonsense": 1})
    with pytest.raises(TypeError, match="an action must be an action number"):
        table.Game("zhaotong").step("1m")
    rules = table.Rules("zhaotong", {"base": 2})
    with pytest.raises(AttributeError):
        rules.base = 3  # type: ignore[attr-defined]
    assert rules.as_dict()["base"] == 2
    with pytest.raises(qipai.Error, match="reset"):
        table.AECEnv("zhaotong").last()
    with pytest.raises(qipai.Error, match="no agent"):
        table.AECEnv("zhaotong").observation_space("seat_9")


@pytest.mark.parametrize("name", GAMES)
def test_the_vector_is_its_games_stepped_one_by_one(name: str) -> None:
    n, seed = 5, 11
    env = table.VectorEnv(name, n, seed=seed)
    obs, mask, info = env.reset()
    numbers = list(range(n))
    next_number = n
    mirrors = [table.Game(name, seed=table.game_seed(seed, i), dealer=i % env._table.seats)
               for i in range(n)]
    rng = np.random.default_rng(1)
    steps = ended = 0
    while ended < 3 * n:
        for i, game in enumerate(mirrors):
            seat = game.to_act[0]
            assert info["seat"][i] == seat
            assert np.array_equal(obs[i], game.observe(seat))
            assert np.array_equal(mask[i], game.action_mask(seat).astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, rewards, terminated, truncated, info = env.step(actions)
        steps += 1
        assert not truncated.any()
        for i, game in enumerate(mirrors):
            seat = game.to_act[0]
            before = game.scores
            game.step(int(actions[i]), seat)
            change = [a - b for a, b in zip(game.scores, before)]
            assert info["scores"][i].tolist() == change
            assert rewards[i] == change[seat]
            assert bool(terminated[i]) == game.over
            if game.over:
                assert np.array_equal(info["final_observation"][i], game.observe(seat))
                ended += 1
                numbers[i] = next_number
                mirrors[i] = table.Game(name, seed=table.game_seed(seed, next_number),
                                        dealer=next_number % game.seats)
                next_number += 1
    assert env.games_done == ended and steps > 50


@pytest.mark.parametrize("name", GAMES)
def test_opponents_play_inside_the_vector(name: str) -> None:
    bot = table.Game(name).bots[0]
    env = table.VectorEnv(name, 16, bot, seed=2, seat=1)
    obs, mask, info = env.reset()
    rng = np.random.default_rng(2)
    total = np.zeros(16)
    while env.games_done < 40:
        assert (info["seat"] == 1).all() and mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, rewards, terminated, _, info = env.step(actions)
        assert rewards.dtype == np.float32
        total += rewards
    with pytest.raises(qipai.Error, match="not legal"):
        env.step(np.where(mask, 0, 1).argmax(axis=1))
    with pytest.raises(qipai.Error, match="opponents"):
        table.VectorEnv(name, 2, [bot], seat=0)


def _check_aec(env: table.AECEnv, seed: int) -> int:
    """PettingZoo's api_test in brief: spaces hold every observation, the
    mask says what is legal, rewards are zero-sum floats, every agent ends."""
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert env.observation_space(agent).contains(obs)
        assert isinstance(reward, float)
        if terminated or truncated:
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size and all(env.action_space(agent).contains(int(a)) for a in legal)
        env.step(int(legal[steps % legal.size]))
        assert abs(sum(env.rewards.values())) < 1e-9
        steps += 1
    assert env.agents == [] and steps > 0
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_aec_contract(name: str) -> None:
    env = table.AECEnv(name)
    assert env.observation_space("seat_0") is env.observation_space("seat_0")
    first = [_check_aec(env, 4), _check_aec(env, None)]
    again = table.AECEnv(name)
    assert _check_aec(again, 4) == first[0]  # the same seed, the same game
    ends = table.AECEnv(name, illegal_action="end", illegal_reward=-5.0)
    ends.reset(seed=1)
    agent = ends.agent_selection
    mask = ends.observe(agent)["action_mask"]
    ends.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(ends.terminations.values()) and ends._cumulative_rewards[agent] == -5.0


@pytest.mark.parametrize("name", GAMES)
def test_single_agent_contract(name: str) -> None:
    bot = table.Game(name).bots[0]
    env = table.SingleAgentEnv(name, bot, illegal_action="end")
    obs, info = env.reset(seed=8)
    assert env.observation_space.contains(obs)
    episodes = steps = 0
    replay = []
    while episodes < 3:
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[steps % legal.size])
        obs, reward, terminated, truncated, info = env.step(action)
        assert isinstance(reward, float) and not truncated
        assert env.observation_space.contains(obs)
        replay.append((action, reward))
        steps += 1
        if terminated:
            episodes += 1
            obs, info = env.reset()
    other = table.SingleAgentEnv(name, bot)
    obs, _ = other.reset(seed=8)
    for k, (action, reward) in enumerate(replay):  # the same seed, the same games
        obs, r, terminated, _, _ = other.step(action)
        assert r == reward, k
        if terminated:
            obs, _ = other.reset()
    with pytest.raises(qipai.Error, match="reset"):
        table.SingleAgentEnv(name).step(0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"] == illegal
