/*
 * `qipai mahjong COMMAND ...`: the line commands (win, waits, decompose,
 * shanten, effective, discards) answer through the library's query layer
 * (src/query/mahjong.c); bench and corpus are in bench/. Help: cli/help.c.
 */
#include "cli.h"
#include "../bench/bench.h"

#include <string.h>

static const char *const line_commands[] = {"win",     "waits",     "decompose",
                                            "shanten", "effective", "discards"};

int cli_mahjong(int argc, char **argv)
{
    if (!strcmp(argv[1], "bench"))
        return bench_mahjong(argc - 1, argv + 1);
    if (!strcmp(argv[1], "corpus"))
        return bench_mahjong(argc - 1, argv + 1);
    for (size_t c = 0; c < sizeof line_commands / sizeof line_commands[0]; c++)
        if (!strcmp(argv[1], line_commands[c]))
            return cli_query_run(argc, argv);
    return prog_usage("mahjong has no command '%s' (try: qipai mahjong --help)", argv[1]);
}
