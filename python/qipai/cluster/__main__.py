"""python3 -m qipai.cluster: the simulator and batch analysis on a Dask
cluster, from the shell (docs/CLUSTER.md).

    python3 -m qipai.cluster sim --games N [--seed S] [--bots B,B,B,B]
        [--rule NAME=VALUE]... [--dealer rotate|0-3] [--log-dir DIR]
        [--state-dir DIR] [--shard-size N] [--json]
        [--scheduler ADDR | --local-workers K] [--connect-timeout S] [--quiet]
    python3 -m qipai.cluster map COMMAND... --input FILE... --output DIR
        [--partition-lines N] [--resume]
        [--scheduler ADDR | --local-workers K] [--connect-timeout S] [--quiet]

sim prints what ``qipai zhaotong sim`` prints (--json: its object); map
writes DIR/STEM.jsonl for each input and prints a line per file. Exit
status, as the command line's: 0 done (map: every line answered well), 1
some line got an error answer (the batch still completes) or the cluster
failed the run, 2 a bad argument (nothing was run).
"""

from __future__ import annotations

import argparse
import sys

from .._core import Error
from .batch import MapProgress, command_words, map_hands
from .connect import CONNECT_TIMEOUT, LOCAL_HOST, ClusterError, connect, dashboard_link
from .progress import ProgressLine
from .sim import SimProgress, simulate
from .work import DEFAULT_BOTS, SimSpec, check_command

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

#: What an interrupted command keeps, said in the one line Ctrl-C prints.
INTERRUPTED = {
    "sim": "a sim with a --log-dir or --state-dir resumes when run again with the same arguments",
    "map": "run again with --resume to keep what was answered",
}

#: map's own options: the words before the first of them are the command.
MAP_OPTIONS = ("--input", "--output", "--partition-lines", "--resume", "--scheduler",
               "--local-workers", "--local-host", "--connect-timeout", "--quiet", "--verbose", "-h", "--help")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # "qipai.cluster: ..." and status 2, as qipai says it
        self.print_usage(sys.stderr)
        sys.stderr.write(f"qipai.cluster: {message}\n")
        sys.exit(EXIT_USAGE)


def _cluster_options(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDR",
                       help="a running Dask scheduler (tcp://host:8786)")
    where.add_argument("--local-workers", metavar="K", type=int,
                       help="start K local worker processes (default: one per CPU)")
    parser.add_argument("--local-host", metavar="HOST", default=LOCAL_HOST,
                        help="where --local-workers listen (default %(default)s, the loopback; "
                             "0.0.0.0 for every interface)")
    parser.add_argument("--connect-timeout", metavar="S", type=float, default=CONNECT_TIMEOUT,
                        help="seconds to reach the scheduler and see a worker "
                             "(default %(default)g)")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    parser.add_argument("--verbose", action="store_true", help="Dask's own log messages too")


def _parsers() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    sim = _Parser(prog="python3 -m qipai.cluster sim",
                  description="qipai zhaotong sim on a Dask cluster: the same summary, the "
                              "games split into shards played by the workers.")
    sim.add_argument("--games", type=int, required=True, metavar="N")
    sim.add_argument("--seed", type=int, default=1, metavar="S")
    sim.add_argument("--bots", default=",".join(DEFAULT_BOTS), metavar="B,B,B,B",
                     help="four of expert, strong, seed (default %(default)s)")
    sim.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--dealer", default="rotate", metavar="rotate|0-3")
    sim.add_argument("--log-dir", metavar="DIR",
                     help="each shard's log as DIR/part-NNNNN.jsonl (a directory every worker "
                          "can write)")
    sim.add_argument("--state-dir", metavar="DIR",
                     help="the run's state, to resume it (default: the --log-dir)")
    sim.add_argument("--shard-size", type=int, metavar="N", help="games per shard")
    sim.add_argument("--json", action="store_true", help="the summary as sim --json prints it")
    _cluster_options(sim)
    batch = _Parser(prog="python3 -m qipai.cluster map",
                    usage="python3 -m qipai.cluster map COMMAND... --input FILE... --output DIR "
                          "[options]",
                    description="Every line of each file answered by a qipai line command "
                                "(COMMAND: like 'mahjong shanten --rules laizi'), as "
                                "'qipai COMMAND < FILE' answers it, into DIR/STEM.jsonl.")
    batch.add_argument("--input", nargs="+", required=True, metavar="FILE")
    batch.add_argument("--output", required=True, metavar="DIR")
    batch.add_argument("--partition-lines", type=int, default=None, metavar="N",
                       help="lines a worker answers at a time (default 20000)")
    batch.add_argument("--resume", action="store_true",
                       help="skip the inputs whose output is already there")
    _cluster_options(batch)
    return sim, batch


def _check_cluster_options(args: argparse.Namespace) -> None:
    if args.local_workers is not None and args.local_workers < 1:
        raise Error(f"--local-workers: at least 1, not {args.local_workers}")
    if not args.connect_timeout > 0:
        raise Error(f"--connect-timeout: seconds, more than 0, not {args.connect_timeout:g}")


def _show_dashboard(client, line: ProgressLine) -> None:
    link = dashboard_link(client)
    if link:
        line.note(f"Dask's dashboard: {link}")


def _dealer(text: str) -> int | str:
    return int(text) if text in ("0", "1", "2", "3") else text


def _run_sim(args: argparse.Namespace) -> int:
    # Every argument is checked before a cluster is started or reached.
    spec = SimSpec.make(args.games, args.seed, args.bots, args.rule, _dealer(args.dealer))
    _check_cluster_options(args)
    if args.shard_size is not None and args.shard_size < 1:
        raise Error(f"--shard-size: at least 1, not {args.shard_size}")
    line = ProgressLine("zhaotong sim", args.quiet)

    def progress(p: SimProgress) -> None:
        if p.shards_done == p.resumed and p.resumed:
            line.note(f"resuming: {p.resumed} of {p.shards} shards already played "
                      f"({p.games_done} games)")
        line.update(p.games_done, p.games, "games",
                    f"; {p.shards_done}/{p.shards} shards, {p.workers} workers",
                    rate_of=p.games_done - p.games_resumed)

    try:
        with connect(args.scheduler, args.local_workers, timeout=args.connect_timeout,
                     quiet_logs=not args.verbose, host=args.local_host) as client:
            _show_dashboard(client, line)
            run = simulate(client, spec.games, spec.seed, spec.bots, rules=spec.rules,
                           dealer=spec.dealer, log_dir=args.log_dir, state_dir=args.state_dir,
                           shard_size=args.shard_size, progress=progress)
    finally:
        line.end()
    sys.stdout.write(run.json_text() if args.json else run.text())
    return EXIT_OK


def _run_map(words: list[str], parser: argparse.ArgumentParser) -> int:
    at = next((i for i, w in enumerate(words) if w in MAP_OPTIONS or
               w.split("=", 1)[0] in MAP_OPTIONS), len(words))
    command, rest = words[:at], words[at:]
    args = parser.parse_args(rest)
    if not command:
        parser.error("which COMMAND? (like: mahjong shanten)")
    if args.partition_lines is not None and args.partition_lines < 1:
        raise Error(f"--partition-lines: at least 1, not {args.partition_lines}")
    argv = check_command(command_words(command))
    _check_cluster_options(args)
    line = ProgressLine("map " + " ".join(argv[:2]), args.quiet)

    def progress(p: MapProgress) -> None:
        line.update(p.bytes_done, p.bytes, "bytes",
                    f"; {p.lines_done} lines, {p.partitions_done} partitions")

    options = {"partition_lines": args.partition_lines} if args.partition_lines else {}
    try:
        with connect(args.scheduler, args.local_workers, timeout=args.connect_timeout,
                     quiet_logs=not args.verbose, host=args.local_host) as client:
            _show_dashboard(client, line)
            result = map_hands(client, argv, args.input, args.output, resume=args.resume,
                               progress=progress, **options)
    finally:
        line.end()
    for f in result.files:
        if f.skipped:
            print(f"{f.input}: skipped, {f.output} is there (--resume)")
        else:
            print(f"{f.input}: {f.lines} lines, {f.refused} refused -> {f.output}")
    # As `qipai` itself: a refused line is answered and fails the status.
    return EXIT_FAILED if any(f.refused for f in result.files if not f.skipped) else EXIT_OK


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    sim, batch = _parsers()
    if not argv or argv[0] in ("-h", "--help", "help"):
        (sys.stdout if argv else sys.stderr).write(__doc__.split("\n\n")[1] + "\n")
        return EXIT_OK if argv else EXIT_USAGE
    command, rest = argv[0], argv[1:]
    try:
        if command == "sim":
            return _run_sim(sim.parse_args(rest))
        if command == "map":
            return _run_map(rest, batch)
        sys.stderr.write(f"qipai.cluster: unknown command '{command}' (sim or map)\n")
        return EXIT_USAGE
    except Error as e:
        sys.stderr.write(f"qipai.cluster: {e}\n")
        return EXIT_USAGE
    except ClusterError as e:
        sys.stderr.write(f"qipai.cluster: {e}\n")
        return EXIT_FAILED
    except KeyboardInterrupt:
        sys.stderr.write(f"\nqipai.cluster: interrupted ({INTERRUPTED[command]})\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
