"""qipai.cluster.simulate and ``python3 -m qipai.cluster sim`` on two local
worker processes, against ``qipai zhaotong sim`` (the oracle):

- the summary (text and --json, timings aside) equals the single process's
  for runs of several bots, rules, dealers and shard sizes (one game a
  shard included);
- the parts of the log, end to end, are the single process's log byte for
  byte, and each part passes ``qipai zhaotong replay`` on its own;
- a worker process killed in the middle of a run: its shards run again
  (the scheduler says so) and the result is still the single process's;
- a run stopped half way resumes from its state directory, playing only the
  shards left, with the same result; another run's state is refused;
- a scheduler that cannot be reached is a clear error within seconds.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

import qipai
from qipai.cluster import ClusterError, SimProgress, connect, simulate
from qipai.cluster.sim import default_shard_size, plan_shards

from conftest import cli_sim, run_module, run_qipai, without_timings

RUNS = [
    # games, seed, bots, rules, dealer, shard sizes
    (900, 7, "strong,strong,seed,seed", (), "rotate", [900, 250, 97]),
    (240, 3, "expert,seed,strong,seed", ("cap=3",), 2, [31]),
    (150, 2**64 - 1, "seed,seed,seed,seed", ("base=2", "multiple_hu=false"), "rotate", [1, 64]),
    (0, 5, "strong,strong,seed,seed", (), "rotate", [10]),
]


def cli_extra(rules, dealer) -> list[str]:
    extra = []
    for r in rules:
        extra += ["--rule", r]
    return extra + ["--dealer", str(dealer)]


def test_statistics_equal_one_process_whatever_the_shards(client):
    compared = 0
    for games, seed, bots, rules, dealer, sizes in RUNS:
        text = cli_sim(games, seed, bots, *cli_extra(rules, dealer))
        as_json = cli_sim(games, seed, bots, *cli_extra(rules, dealer), as_json=True)
        for size in sizes:
            run = simulate(client, games, seed, bots, rules=list(rules), dealer=dealer,
                           shard_size=size)
            where = f"{games} games, seed {seed}, {bots}, {rules}, shards of {size}"
            assert run.shards == len(plan_shards(games, size)), where
            assert without_timings(run.text()) == without_timings(text), where
            assert without_timings(run.json_text()) == without_timings(as_json), where
            assert run.stats["games"] == games
            compared += 1
    assert compared == 7


def test_log_parts_end_to_end_are_the_log_and_each_replays(client, tmp_path):
    games, seed, bots = 700, 11, "strong,seed,strong,expert"
    single = tmp_path / "single.jsonl"
    text = cli_sim(games, seed, bots, log=single)
    run = simulate(client, games, seed, bots, log_dir=str(tmp_path / "logs"), shard_size=150)
    assert without_timings(run.text()) == without_timings(text)
    assert "with the log" in run.text().splitlines()[-1]
    parts = sorted((tmp_path / "logs").glob("part-*.jsonl"))
    assert [p.name for p in parts] == run.parts == [f"part-{i:05d}.jsonl" for i in range(5)]
    assert b"".join(p.read_bytes() for p in parts) == single.read_bytes()
    replayed = 0
    for part, shard in zip(parts, plan_shards(games, 150)):
        result = run_qipai(["zhaotong", "replay", str(part)])
        report = json.loads(result.stdout.decode().splitlines()[-1])
        assert result.returncode == 0 and report["ok"], (part, result.stdout[-500:])
        assert report["games"] == report["valid"] == shard.count
        replayed += report["games"]
    assert replayed == games
    # no hidden temporary file is left behind
    assert not list((tmp_path / "logs").glob(".part-*"))


def _transitions_since(client, since: float) -> list[tuple]:
    """The scheduler's transitions of qipai's shards since a moment."""
    def collect(dask_scheduler, since=since):
        return [(str(key), start, finish, str(stimulus)) for key, start, finish, _, stimulus, when
                in dask_scheduler.transition_log
                if str(key).startswith("qipai-sim-") and when >= since]
    return client.run_on_scheduler(collect)


def test_a_killed_worker_loses_nothing(client, tmp_path):
    games, seed, bots = 6000, 21, "strong,strong,seed,seed"
    single = tmp_path / "single.jsonl"
    text = cli_sim(games, seed, bots, log=single)
    pids = client.run(os.getpid)
    killed: list[tuple[str, int, tuple]] = []

    def kill_one_busy_worker(p: SimProgress) -> None:
        if killed or p.shards_done < 1:
            return
        for address, keys in client.processing().items():
            if keys and address in pids:
                os.kill(pids[address], signal.SIGKILL)
                killed.append((address, pids[address], keys))
                return

    since = time.time()
    run = simulate(client, games, seed, bots, log_dir=str(tmp_path / "logs"), shard_size=400,
                   progress=kill_one_busy_worker)
    assert killed, "no worker was busy to be killed"
    address, pid, lost = killed[0]
    # The worker is gone for good (its nanny starts a new process).
    with pytest.raises(ProcessLookupError):
        for _ in range(100):
            os.kill(pid, 0)
            time.sleep(0.05)
    # The scheduler took the dead worker's shards back and ran them again.
    rerun = {key for key, start, finish, stimulus in _transitions_since(client, since)
             if start == "processing" and finish == "released"}
    assert rerun & {str(k) for k in lost}, (lost, rerun)
    # And the run is still the single process's, statistics and log.
    assert without_timings(run.text()) == without_timings(text)
    parts = sorted((tmp_path / "logs").glob("part-*.jsonl"))
    assert len(parts) == 15
    assert b"".join(p.read_bytes() for p in parts) == single.read_bytes()
    # the killed worker's half-written part, if it had begun one, is gone
    assert not list((tmp_path / "logs").glob(".part-*"))


class _Stop(Exception):
    pass


def test_a_stopped_run_resumes_from_its_state(client, tmp_path):
    games, seed, bots = 2000, 9, "strong,strong,seed,seed"
    single = tmp_path / "single.jsonl"
    text = cli_sim(games, seed, bots, "--rule", "cap=4", log=single)
    logs = tmp_path / "logs"

    def stop_after_three(p: SimProgress) -> None:
        if p.shards_done >= 3:
            raise _Stop

    with pytest.raises(_Stop):
        simulate(client, games, seed, bots, rules={"cap": 4}, log_dir=str(logs), shard_size=200,
                 progress=stop_after_three)
    kept = sorted(p.name for p in logs.glob("shard-*.json"))
    assert 3 <= len(kept) < 10, kept
    # Another run in the same directory is refused, naming the difference.
    with pytest.raises(qipai.Error, match="holds another run .*seed 9 there, 10 now"):
        simulate(client, games, 10, bots, rules={"cap": 4}, log_dir=str(logs))
    # a changed rule is named alone, not both rule sets whole
    with pytest.raises(qipai.Error, match=r"holds another run \(rule cap 4 there, 5 now\): "):
        simulate(client, games, seed, bots, rules={"cap": 5}, log_dir=str(logs))
    with pytest.raises(qipai.Error, match="shards of 200 games, not 300"):
        simulate(client, games, seed, bots, rules={"cap": 4}, log_dir=str(logs), shard_size=300)
    # The same run again plays only what was left (the shard size is the stored one).
    seen: list[SimProgress] = []
    run = simulate(client, games, seed, bots, rules=["cap=4"], log_dir=str(logs),
                   progress=seen.append)
    assert seen[0].resumed == len(kept) and seen[0].games_resumed == 200 * len(kept)
    assert run.shards == 10 and run.shards_played == 10 - len(kept)
    assert without_timings(run.text()) == without_timings(text)
    assert b"".join(p.read_bytes() for p in sorted(logs.glob("part-*.jsonl"))) == \
        single.read_bytes()
    # Once more: nothing left to play, the same figures.
    again = simulate(client, games, seed, bots, rules=["cap=4"], log_dir=str(logs))
    assert again.shards_played == 0
    assert without_timings(again.text()) == without_timings(text)


def test_a_log_directory_of_another_run_is_refused(client, tmp_path):
    (tmp_path / "part-00000.jsonl").write_text("{}\n")
    with pytest.raises(qipai.Error, match="already holds parts of a log"):
        simulate(client, 10, 1, log_dir=str(tmp_path))


def test_bad_arguments_are_refused_before_anything_runs(client):
    cases = [
        (dict(games=-1), "games: a count"),
        (dict(games=10, seed=-3), "seed: an integer"),
        (dict(games=10, bots="strong,seed"), "bots: four of expert, strong, seed"),
        (dict(games=10, bots="strong,strong,seed,nobody"), "bots: four of"),
        (dict(games=10, rules=["cap=x"]), "--rule cap=x: cap wants a number"),
        (dict(games=10, rules={"nonsense": 1}), "--rule nonsense=1"),
        (dict(games=10, dealer=4), "dealer: rotate or a seat"),
        (dict(games=10, shard_size=0), "shard size"),
    ]
    for kwargs, message in cases:
        with pytest.raises(qipai.Error, match=message):
            simulate(client, **kwargs)
    assert len(cases) == 8


def test_default_shard_sizes():
    assert default_shard_size(0, 2) >= 1
    assert default_shard_size(1_000, 2) == 500            # the floor
    assert default_shard_size(100_000, 2) == 3_125       # sixteen shards a thread
    assert default_shard_size(10**9, 64) == 20_000       # the ceiling
    assert default_shard_size(10**8, 1_000) == 25_000    # a big cluster: few shards a second
    assert [s.count for s in plan_shards(10, 4)] == [4, 4, 2]
    assert [s.first for s in plan_shards(10, 4)] == [0, 4, 8]


def test_the_command_line_prints_sim_s_summary(cluster, tmp_path):
    address = cluster.scheduler_address
    expected = cli_sim(500, 3, "strong,strong,seed,seed", "--rule", "cap=5", as_json=True)
    result = run_module(["sim", "--games", "500", "--seed", "3", "--rule", "cap=5", "--json",
                         "--scheduler", address, "--shard-size", "100",
                         "--log-dir", str(tmp_path / "logs")])
    assert result.returncode == 0, result.stderr
    assert without_timings(result.stdout) == without_timings(expected)
    # progress on standard error (not a terminal: a line at each tenth)
    progress = [line for line in result.stderr.splitlines() if line.startswith("zhaotong sim: ")]
    assert progress and progress[-1].startswith("zhaotong sim: 500/500 games (100%)"), \
        result.stderr
    assert len(list((tmp_path / "logs").glob("part-*.jsonl"))) == 5
    text = run_module(["sim", "--games", "120", "--seed", "8", "--bots", "seed,strong,seed,expert",
                       "--dealer", "1", "--scheduler", address, "--quiet"])
    assert text.returncode == 0 and text.stderr == ""
    assert without_timings(text.stdout) == without_timings(
        cli_sim(120, 8, "seed,strong,seed,expert", "--dealer", "1"))
    bad = run_module(["sim", "--games", "10", "--bots", "x", "--scheduler", address])
    assert bad.returncode == 2 and "qipai.cluster: bots: four of" in bad.stderr


def test_a_scheduler_out_of_reach_is_a_clear_error_not_a_wait():
    started = time.perf_counter()
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        with connect("tcp://127.0.0.1:9", timeout=2):
            pass
    assert time.perf_counter() - started < 10
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler at not-an-address"):
        with connect("not-an-address:::", timeout=2):
            pass
    started = time.perf_counter()
    result = run_module(["sim", "--games", "10", "--scheduler", "tcp://127.0.0.1:9",
                         "--connect-timeout", "2"], timeout=30)
    assert result.returncode == 1
    assert "qipai.cluster: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr
    assert time.perf_counter() - started < 15


def _interrupted(args: list[str], ready) -> tuple[int, list[str]]:
    """Runs python3 -m qipai.cluster ARGS in a process group of its own, as a
    terminal's foreground job, and sends the group SIGINT (what Ctrl-C does)
    once ready() holds; its status and standard error's lines."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "qipai.cluster", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        for _ in range(600):
            if ready() or proc.poll() is not None:
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, [line for line in err.splitlines() if line.strip()]


def test_ctrl_c_with_local_workers_prints_one_line(tmp_path):
    logs = tmp_path / "logs"
    status, lines = _interrupted(
        ["sim", "--games", "400000", "--local-workers", "2", "--shard-size", "500",
         "--log-dir", str(logs)], lambda: len(list(logs.glob("shard-*.json"))) >= 2)
    said = [line for line in lines if not line.startswith("zhaotong sim: ")]
    assert status == 130, lines
    assert said == ["qipai.cluster: interrupted (a sim with a --log-dir or --state-dir resumes "
                    "when run again with the same arguments)"], lines
    assert len(list(logs.glob("shard-*.json"))) >= 2


def test_map_s_ctrl_c_says_map_s_way_to_resume(tmp_path):
    hands = run_qipai(["mahjong", "corpus", "shanten", "200000", "--seed", "3"]).stdout
    (tmp_path / "h.txt").write_bytes(hands)
    status, lines = _interrupted(
        ["map", "mahjong", "discards", "--input", str(tmp_path / "h.txt"), "--output",
         str(tmp_path / "out"), "--local-workers", "2"], lambda: (tmp_path / "out").exists())
    said = [line for line in lines if not line.startswith("map mahjong discards: ")]
    assert status == 130, lines
    assert said == ["qipai.cluster: interrupted (run again with --resume to keep what was "
                    "answered)"], lines
