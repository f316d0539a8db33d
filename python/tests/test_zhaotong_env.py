"""The environments' invariants over thousands of random games: the mask is
exactly the legal actions (numbered as docs/formats/zhaotong.md's table
says), rewards are zero-sum and add up to the scores, two seats'
observations differ only in what is private to each, the same seed gives
the same game in any process, PettingZoo's AEC conventions, and the
single-agent environment with the strong bot's choices plays the game the
command line's simulator plays."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import qipai
from qipai.zhaotong import (ACTION_SPACE, BOTS, OBSERVATION_BLOCKS, OBSERVATION_SIZE, AECEnv,
                            Action, Game, SingleAgentEnv, tile_kind)

from conftest import cli_run

PRIVATE = ("HAND", "HAND_TUO", "DRAWN", "HU_LOCKED")


def documented_number(action: Action, tuo_kind: int) -> int:
    """The action's number by docs/formats/zhaotong.md's table, written
    out again here (not the library's function)."""
    k = tile_kind(action.tile) if action.tile else 0
    return {
        "discard": 27 if k == tuo_kind else k,
        "peng": 28 + action.tuo,
        "ming_gang": 31 + action.tuo,
        "an_gang": 35 + 4 * k + action.tuo,
        "bu_gang": 143 + 2 * k + action.tuo,
        "hu": 197,
        "pass": 198,
    }[action.type]


def check_views(mirror: Game, views: list[dict]) -> int:
    """Checks four seats' views of one position against the mirror game;
    returns how many seats had legal actions."""
    tuo = tile_kind(mirror.tuo)
    acting = 0
    for seat, view in enumerate(views):
        legal = mirror.legal_actions(seat) if not mirror.over else []
        numbers = sorted(documented_number(a, tuo) for a in legal)
        assert sorted(np.flatnonzero(view["action_mask"])) == numbers, (seat, legal)
        assert len(set(numbers)) == len(numbers)
        acting += bool(legal)
        obs = view["observation"]
        offset, size, _ = OBSERVATION_BLOCKS["HAND"]
        hand = [0] * 27
        for kind in _tiles(mirror.hand(seat)):
            hand[kind] += 1
        hand[tuo] -= mirror.tuo_count(seat)
        assert obs[offset:offset + size].tolist() == hand
        assert obs[OBSERVATION_BLOCKS["HAND_TUO"][0]] == mirror.tuo_count(seat)
    # Two seats' observations differ only where they should: per-seat
    # blocks are the same parts rotated, shared blocks equal, only the
    # private blocks are each seat's own.
    base = views[0]["observation"]
    for seat in range(1, 4):
        public, rotated = ROTATION[seat]
        assert (views[seat]["observation"][public] == base[rotated]).all(), seat
    return acting


def _rotation(seat: int) -> tuple[np.ndarray, np.ndarray]:
    """Indexes of the public entries of seat's observation, and where the
    same value sits in seat 0's: part r of a per-seat block is part
    (r + seat) % 4 of seat 0's."""
    public, rotated = [], []
    for name, (offset, size, per_seat) in OBSERVATION_BLOCKS.items():
        if name in PRIVATE:
            continue
        part = size // 4 if per_seat else size
        for i in range(size):
            public.append(offset + i)
            if per_seat:
                r, j = divmod(i, part)
                rotated.append(offset + (r + seat) % 4 * part + j)
            else:
                rotated.append(offset + i)
    return np.array(public), np.array(rotated)


ROTATION = {seat: _rotation(seat) for seat in range(1, 4)}


def _tiles(hand: str) -> list[int]:
    """Kinds of a compact hand ("123m55p")."""
    kinds, digits = [], []
    for c in hand:
        if c.isdigit():
            digits.append(int(c))
        else:
            kinds += [(int(d) - 1) + 9 * "mps".index(c) for d in digits]
            digits = []
    return kinds


def test_aec_masks_rewards_and_observations_over_random_games() -> None:
    env = AECEnv()
    pick = random.Random(11)
    games = steps = positions = 0
    for game_number in range(500):
        env.reset(seed=1000 + game_number) if game_number % 2 else env.reset()
        mirror = _mirror(env)
        cumulative = {a: 0 for a in env.possible_agents}
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if pick.random() < 0.2:
                positions += 1
                check_views(mirror, [env.observe(a) for a in env.possible_agents])
            seat = int(agent[-1])
            assert seat == mirror.to_act[0]
            legal = np.flatnonzero(observation["action_mask"])
            index = int(legal[pick.randrange(len(legal))])
            env.step(index)
            mirror.step(index, seat)
            steps += 1
            assert sum(env.rewards.values()) == 0
            for a, r in env.rewards.items():
                cumulative[a] += r
        games += 1
        assert mirror.over and cumulative == {f"seat_{s}": mirror.scores[s] for s in range(4)}
        assert env.agents == []
    assert games == 500 and steps > 25000 and positions > 4000, (steps, positions)


def _mirror(env: AECEnv) -> Game:
    """A Game dealt as the env's game was (same seed and dealer)."""
    return Game(env.game_seed, dealer=env.game().dealer, rules=env.rules)


def test_single_agent_rewards_masks_and_zero_sum_over_random_games() -> None:
    pick = random.Random(12)
    for opponents, seat in ((("strong",) * 3, 0), (("seed", "strong", "seed"), 2)):
        env = SingleAgentEnv(opponents, seat=seat)
        observation, info = env.reset(seed=5)
        games = steps = 0
        total = 0.0
        while games < 1000:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (ACTION_SPACE,) and mask.any()
            assert observation["observation"].shape == (OBSERVATION_SIZE,)
            legal = np.flatnonzero(mask)
            observation, reward, terminated, truncated, info = env.step(
                int(legal[pick.randrange(len(legal))]))
            total += reward
            steps += 1
            assert not truncated
            if terminated:
                games += 1
                assert sum(info["scores"]) == 0 and total == info["scores"][seat]
                assert not observation["action_mask"].any()
                total = 0.0
                observation, info = env.reset()
        assert steps > 12000


def test_single_agent_views_match_a_mirror_game() -> None:
    env = SingleAgentEnv(("seed",) * 3, seat=1)
    pick = random.Random(13)
    checked = 0
    for _ in range(30):
        observation, info = env.reset()
        while True:
            mirror = env.game()
            assert mirror.to_act[0] == 1
            assert (mirror.action_mask(1) == observation["action_mask"]).all()
            assert (mirror.observe(1) == observation["observation"]).all()
            checked += 1
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(
                int(legal[pick.randrange(len(legal))]))
            if terminated:
                break
    assert checked > 300


def test_the_agent_playing_strong_plays_the_simulators_games(tmp_path: Path) -> None:
    log = tmp_path / "sim.jsonl"
    result = cli_run(["zhaotong", "sim", "--games", "6", "--seed", "31", "--bots",
                      "strong,strong,strong,strong", "--log", str(log)])
    assert result.returncode == 0, result.stderr
    ends = [json.loads(line)["scores"] for line in log.read_text().splitlines()
            if '"type":"end"' in line]
    env = SingleAgentEnv(("strong",) * 3, seat=0)
    observation, info = env.reset(seed=31)
    for number in range(6):
        while True:
            action = env.game().bot_action(0, "strong")
            observation, reward, terminated, truncated, info = env.step(
                env.game().action_index(action))
            if terminated:
                break
        assert info["scores"] == ends[number], number
        observation, info = env.reset()


def test_the_environments_games_replay_with_the_command_line(tmp_path: Path) -> None:
    pick = random.Random(14)
    path = tmp_path / "env.jsonl"
    single = SingleAgentEnv(("strong", "seed", "expert" if "expert" in BOTS else "strong"))
    aec = AECEnv(rules={"multiple_hu": False})
    with open(path, "w") as f:
        for number in range(10):
            observation, info = single.reset(seed=number) if number % 2 else single.reset()
            terminated = False
            while not terminated:
                legal = np.flatnonzero(observation["action_mask"])
                observation, reward, terminated, truncated, info = single.step(
                    int(legal[pick.randrange(len(legal))]))
            game = single.game()
            assert game.over and game.scores == info["scores"]
            game.write_log(f, 2 * number + 1)
            aec.reset(seed=number)
            for agent in aec.agent_iter():
                observation, reward, termination, truncation, info = aec.last()
                aec.step(None if termination else
                         int(pick.choice(np.flatnonzero(observation["action_mask"]))))
            aec.game().write_log(f, 2 * number + 2)
    result = cli_run(["zhaotong", "replay", str(path)])
    assert result.returncode == 0 and '"valid":20' in result.stdout, result.stdout


TRAJECTORY = """
import hashlib, random, sys
import numpy as np
from qipai.zhaotong import SingleAgentEnv
env = SingleAgentEnv(("strong", "seed", "strong"), seat=3)
pick = random.Random(7)
digest = hashlib.sha256()
observation, info = env.reset(seed=int(sys.argv[1]))
for _ in range(3000):
    digest.update(observation["observation"].tobytes() + observation["action_mask"].tobytes())
    legal = np.flatnonzero(observation["action_mask"])
    observation, reward, terminated, truncated, info = env.step(int(legal[pick.randrange(len(legal))]))
    digest.update(str(reward).encode())
    if terminated:
        observation, info = env.reset()
print(digest.hexdigest())
"""


def test_same_seed_same_games_in_any_process() -> None:
    def run() -> str:
        out = subprocess.run([sys.executable, "-c", TRAJECTORY, "77"], capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()

    first, second = run(), run()
    assert first == second and len(first) == 64
    other = subprocess.run([sys.executable, "-c", TRAJECTORY, "78"], capture_output=True,
                           text=True, check=True).stdout.strip()
    assert other != first


def test_aec_follows_pettingzoo_conventions() -> None:
    env = AECEnv()
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    env.reset(seed=3)
    assert env.agents == env.possible_agents and env.num_agents == 4 and env.max_num_agents == 4
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert set(getattr(env, name)) == set(env.agents), name
    space = env.observation_space("seat_0")
    action_space = env.action_space("seat_0")
    assert action_space.n == ACTION_SPACE
    first = env.agent_selection
    observation, reward, termination, truncation, info = env.last()
    assert space.contains(observation) and observation in space
    assert reward == 0 and termination is False and truncation is False and info == {}
    with pytest.raises(qipai.Error):
        env.step(None)  # a live agent must act
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(qipai.Error):
        env.step(illegal)
    assert env.agent_selection == first and env.last()[0]["action_mask"].tolist() == \
        observation["action_mask"].tolist()
    iterations = dead_steps = 0
    for agent in env.agent_iter(max_iter=100000):
        iterations += 1
        observation, reward, termination, truncation, info = env.last()
        if termination:
            assert "scores" in info and observation["action_mask"].sum() == 0
            with pytest.raises(qipai.Error):
                env.step(0)
            env.step(None)
            dead_steps += 1
        else:
            assert action_space.contains(action_space.sample(observation["action_mask"]))
            env.step(action_space.sample(observation["action_mask"]))
    assert dead_steps == 4 and env.agents == [] and iterations > 20
    assert list(env.agent_iter()) == []
    env.reset(seed=3)
    assert env.agent_selection == first  # same seed, same deal


def test_single_agent_follows_gymnasium_conventions() -> None:
    env = SingleAgentEnv()
    with pytest.raises(qipai.Error, match="reset"):
        env.step(0)
    observation, info = env.reset(seed=9)
    assert env.observation_space.contains(observation)
    assert set(info) == {"game_seed", "dealer", "seat"}
    again, info_again = SingleAgentEnv().reset(seed=9)
    assert (again["observation"] == observation["observation"]).all() and info == info_again
    mask = observation["action_mask"]
    with pytest.raises(qipai.Error):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(qipai.Error):
        env.step(ACTION_SPACE)
    assert (env.action_masks() == mask).all()
    pinned, _ = SingleAgentEnv().reset(options={"game_seed": info["game_seed"], "dealer": 0})
    assert (pinned["observation"] == observation["observation"]).all()
    with pytest.raises(qipai.Error):
        SingleAgentEnv(("strong", "clever", "seed"))
    with pytest.raises(qipai.Error):
        SingleAgentEnv(("strong",))
    text = SingleAgentEnv(render_mode="ansi")
    text.reset(seed=1)
    assert "坨" in text.render()
