/*
 * The `qipai zipai` commands: decompose, hu, waits (one JSON line per input,
 * answered by the query layer: src/query/zipai.c) and bench / corpus
 * (bench/bench_zipai.c). Formats: docs/formats/zipai.md.
 */
#include "cli.h"
#include "../bench/bench.h"

#include <string.h>

static const char usage_text[] =
    "usage: qipai zipai decompose [OPTIONS] [HAND...]\n"
    "       qipai zipai hu [OPTIONS] [LINE...]      LINE: hand, open melds, 摸/打 target\n"
    "       qipai zipai waits [OPTIONS] [LINE...]   LINE: hand, open melds [, 摸/打]\n"
    "       qipai zipai bench decompose|hu FILE [--repeat N]\n"
    "       qipai zipai corpus decompose|hu N [--seed S] [--size CARDS]\n"
    "options: --rules default|15huxi|10huxi  --rule NAME=VALUE (NAME: threshold, yiwushi,\n"
    "         tun_base, tun_step, hong_min, mult_hong, mult_dian, mult_wu)\n"
    "         --threshold N  --yiwushi 0|1  --tun-base N  --tun-step N  --hong-min N\n"
    "         --mult-hong N  --mult-dian N  --mult-wu N\n"
    "         --ascii (ASCII cards x1..x10 d1..d10 in the output)\n"
    "With no input, one input a line is read from standard input.\n";

int cli_zipai(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? PROG_EXIT_USAGE : PROG_EXIT_OK;
    }
    const char *command = argv[1];
    if (!strcmp(command, "decompose") || !strcmp(command, "hu") || !strcmp(command, "waits"))
        return cli_query_run(argc, argv);
    if (!strcmp(command, "bench"))
        return bench_zipai(argc - 1, argv + 1);
    if (!strcmp(command, "corpus"))
        return bench_zipai(argc - 1, argv + 1);
    return prog_usage("zipai: unknown command '%s'\n%s", command, usage_text);
}
