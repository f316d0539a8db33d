"""qipai.cluster.map_hands and ``python3 -m qipai.cluster map`` on two local
worker processes: each output file is, byte for byte, what ``qipai COMMAND <
FILE`` prints, for the commands of every game, with partitions small enough
that every file spans several; bad lines (bad tiles, too few, not UTF-8, a
NUL byte, longer than the command line takes) get their error lines and the
batch goes on; blank lines, CRLF and a last line without its LF read as the
command line reads them; --resume skips the finished files.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import qipai
from qipai.cluster import map_hands
from qipai.cluster.batch import read_lines

from conftest import run_module, run_qipai

# Lines the command line must refuse, or read in its own way.
AWKWARD = [
    b"123m", b"xyz", b"\xff\xfe1m", b"1m\x002m", b"", b"   ", b"\t\r", b"1112345678999m\r",
    b"  1112345678999m  ", b"1" * 70_000 + b"m", "一万二万三万".encode(),
]


def corpus(args: list[str]) -> list[bytes]:
    result = run_qipai(args)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def file_of(path: Path, lines: list[bytes], seed: int, last_lf: bool = True) -> Path:
    """The lines with the awkward ones spread among them, some ended by CRLF."""
    rng = random.Random(seed)
    lines = list(lines)
    for bad in AWKWARD:
        lines.insert(rng.randrange(len(lines) + 1), bad)
    text = b"".join(line + (b"\r\n" if rng.random() < 0.1 else b"\n") for line in lines)
    path.write_bytes(text if last_lf else text.rstrip(b"\n"))
    return path


def test_outputs_are_what_the_command_line_prints(client, tmp_path):
    commands = [
        ("mahjong shanten", corpus(["mahjong", "corpus", "shanten", "3000", "--seed", "4"])),
        ("mahjong waits --rules laizi", corpus(["mahjong", "corpus", "waits", "800"])),
        ("gb fan", corpus(["gb", "corpus", "fan", "400"])),
        ("zhaotong analyze --brief", corpus(["zhaotong", "corpus", "advice", "300"])),
        ("poker minplays --rules ddz", corpus(["poker", "corpus", "minplays", "--count", "200"])),
        ("zipai decompose", corpus(["zipai", "corpus", "decompose", "200"])),
    ]
    compared = lines = 0
    for n, (command, hands) in enumerate(commands):
        assert len(hands) >= 200, command
        inputs = [file_of(tmp_path / f"in{n}a.txt", hands, n),
                  file_of(tmp_path / f"in{n}b.txt", hands[: len(hands) // 3], n + 100,
                          last_lf=False),
                  tmp_path / f"in{n}c.txt"]
        inputs[2].write_bytes(b"")  # an empty file gives an empty output
        out = tmp_path / f"out{n}"
        result = map_hands(client, command, [str(p) for p in inputs], str(out),
                           partition_lines=97)
        assert result.partitions >= (len(hands) + len(hands) // 3) // 97 >= 2
        for path, answers in zip(inputs, result.files):
            expected = run_qipai(command.split(), stdin=path.read_bytes())
            got = Path(answers.output).read_bytes()
            assert got == expected.stdout, (command, path.name)
            assert answers.lines == got.count(b"\n")
            assert answers.refused == got.count(b'"error":')
            compared += 1
            lines += answers.lines
        assert result.refused >= 2 * 5  # the awkward lines were answered with their errors
    assert compared == 18 and lines > 4900 * 4 // 3


def test_lines_are_read_as_the_command_line_reads_them(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(b"a\r\n\r\n  \nb\n\nc")
    assert [lines for lines, _ in read_lines(str(path), 2)] == [[b"a", b"b"], [b"c"]]
    assert sum(taken for _, taken in read_lines(str(path), 2)) == path.stat().st_size


def test_resume_skips_the_files_done(client, tmp_path):
    hands = corpus(["mahjong", "corpus", "shanten", "300"])
    a = file_of(tmp_path / "a.txt", hands, 1)
    b = file_of(tmp_path / "b.txt", hands, 2)
    out = tmp_path / "out"
    first = map_hands(client, ["mahjong", "shanten"], [str(a)], str(out))
    assert not first.files[0].skipped
    again = map_hands(client, "mahjong shanten", [str(a), str(b)], str(out), resume=True)
    assert [f.skipped for f in again.files] == [True, False]
    assert (out / "b.jsonl").read_bytes() == run_qipai(["mahjong", "shanten"],
                                                       stdin=b.read_bytes()).stdout
    assert not list(out.glob(".*"))  # no temporary file left


def test_bad_commands_and_inputs_are_refused(client, tmp_path):
    good = tmp_path / "a.txt"
    good.write_text("123m\n")
    cases = [
        ("mahjong nothing", [str(good)], "mahjong has no"),
        ("", [str(good)], "which command"),
        ("mahjong shanten 1112345678999m", [str(good)], "holds input lines"),
        ("mahjong shanten --rules nowhere", [str(good)], "nowhere"),
        ("mahjong shanten", [str(tmp_path / "missing.txt")], "no such readable file"),
        ("mahjong shanten", [str(good), str(tmp_path / "a.csv")], "no such readable file"),
    ]
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("1m\n")
    cases.append(("mahjong shanten", [str(good), str(tmp_path / "sub" / "a.txt")],
                  "both be answered into"))
    for command, inputs, message in cases:
        with pytest.raises(qipai.Error, match=message):
            map_hands(client, command, inputs, str(tmp_path / "out"))
    assert len(cases) == 7


def test_the_command_line_maps_files(cluster, tmp_path):
    hands = corpus(["gb", "corpus", "fan", "300"])
    a = file_of(tmp_path / "hands.txt", hands, 5)
    result = run_module(["map", "gb", "fan", "--min", "8", "--input", str(a), "--output",
                         str(tmp_path / "out"), "--scheduler", cluster.scheduler_address,
                         "--partition-lines", "50"])
    cli = run_qipai(["gb", "fan", "--min", "8"], stdin=a.read_bytes())
    # The same answers and the same status as the command line (1: some line was bad).
    assert result.returncode == cli.returncode == 1, result.stderr
    assert (tmp_path / "out" / "hands.jsonl").read_bytes() == cli.stdout
    refused = cli.stdout.count(b'"error":')
    assert f"{a}: {len(cli.stdout.splitlines())} lines, {refused} refused -> " in result.stdout
    assert "map gb fan: " in result.stderr and "(100%)" in result.stderr
    bad = run_module(["map", "gb", "nothing", "--input", str(a), "--output",
                      str(tmp_path / "out"), "--scheduler", cluster.scheduler_address])
    assert bad.returncode == 2 and "qipai.cluster: gb has no line command 'nothing'" in bad.stderr
