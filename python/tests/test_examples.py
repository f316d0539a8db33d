"""The examples users copy (examples/python/) run, and say what the
command line says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, cli_lines, cli_run

EXAMPLES = ROOT / "examples" / "python"


def run(script: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                            text=True, check=False, cwd=cwd, env=os.environ)
    assert result.returncode == 0, result.stderr
    return result


def test_random_agent_plays_against_the_bots(tmp_path: Path) -> None:
    out = run("random_agent.py", "--games", "20", "--seed", "4", cwd=tmp_path).stdout
    assert re.match(r"20 games, a random agent against strong,strong,strong \(SingleAgentEnv\): "
                    r"average score [+-]\d+\.\d\d per game; \d+ agent steps, [\d,]+ steps/s", out)
    again = run("random_agent.py", "--games", "20", "--seed", "4", cwd=tmp_path).stdout
    assert out.split(";")[0] == again.split(";")[0]  # the same games


def test_random_agent_plays_four_seats_through_aec(tmp_path: Path) -> None:
    out = run("random_agent.py", "--aec", "--games", "5", "--opponents", "seed,seed,seed",
              cwd=tmp_path).stdout
    assert out.startswith("5 games, four random agents (AECEnv), seat 0: average score")


def test_random_agent_logs_replay_with_the_command_line(tmp_path: Path) -> None:
    for flags in ([], ["--aec"]):
        log = tmp_path / "games.jsonl"
        run("random_agent.py", "--games", "4", "--log", str(log), *flags, cwd=tmp_path)
        result = cli_run(["zhaotong", "replay", str(log)])
        assert result.returncode == 0 and '"valid":4' in result.stdout, result.stdout


def test_batch_shanten_answers_as_the_command_line(tmp_path: Path) -> None:
    corpus = cli_run(["mahjong", "corpus", "shanten", "3000", "--seed", "5", "--rules", "laizi"])
    hands = corpus.stdout.splitlines() + ["11111m", "123m", "# a comment", "", "12x"]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(hands) + "\n")
    out = run("batch_shanten.py", str(path), "--rules", "laizi", "--wild", "7z", cwd=tmp_path)
    lines = out.stdout.splitlines()
    kept = [h for h in hands if h.strip() and not h.startswith("#")]
    expected = cli_lines(["mahjong", "shanten", "--rules", "laizi", "--wild", "7z"], kept)
    assert len(lines) == len(kept) == 3003
    for line, hand, answer in zip(lines, kept, expected):
        assert line == f"{hand} {answer.get('shanten', '-')}"
    assert "3003 hands in" in out.stderr
