/*
 * The `qipai gb` commands: fan, ting (waits), shanten answer one JSON line
 * per hand through the library's query (src/query/gb.c); bench and corpus
 * are bench/bench_gb.c. Formats: docs/formats/gb.md.
 */
#include "cli.h"
#include "../bench/bench.h"

#include <string.h>

static const char usage_text[] =
    "usage: qipai gb fan [OPTIONS] [HAND...]      a winning hand: its fans\n"
    "       qipai gb ting [OPTIONS] [HAND...]     a hand of 13: its waits\n"
    "       qipai gb shanten [OPTIONS] [HAND...]  13 or 14 tiles: shanten per form\n"
    "       qipai gb bench fan FILE [--repeat N] [OPTIONS]\n"
    "       qipai gb corpus fan|flush N [--seed S] [OPTIONS]\n"
    "HAND: [EEE,2][SSSS,1]WWWNN55pN|EE1000|8  (melds, concealed tiles with the winning\n"
    "      tile last, |prevalent seat self-drawn 和绝张 海底 kong [blessing], |flowers;\n"
    "      tiles also as 一万 五筒 九条 东 中 ...)\n"
    "options: --min N (fans to win, 8)  --knitted-waits  --mingangang  --blessings\n"
    "         --rules default  --rule NAME=VALUE (min_fan, knitted_waits, mingangang,\n"
    "         blessings)\n"
    "With no HAND, one hand a line is read from standard input.\n";

int cli_gb(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? PROG_EXIT_USAGE : PROG_EXIT_OK;
    }
    const char *command = argv[1];
    if (!strcmp(command, "bench"))
        return bench_gb(argc - 1, argv + 1);
    if (!strcmp(command, "corpus"))
        return bench_gb(argc - 1, argv + 1);
    if (!strcmp(command, "fan") || !strcmp(command, "ting") || !strcmp(command, "waits") ||
        !strcmp(command, "shanten"))
        return cli_query_run(argc, argv);
    return prog_usage("gb: unknown command '%s'\n%s", command, usage_text);
}
