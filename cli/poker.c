/*
 * The `qipai poker` commands (docs/formats/poker.md). The line commands
 * (minplays, classify, moves) are answered by the library's query layer
 * (include/qipai/query.h, src/query/poker.c); bench and corpus live in
 * bench/bench_poker.c. Only usage and dispatch here.
 */
#include "cli.h"

#include "../bench/bench.h"

#include <string.h>

static int usage(void)
{
    return prog_usage(
        "usage: qipai poker COMMAND [--rules seed|ddz|pdk] [--option NAME=VALUE]... [INPUT...]\n"
        "  minplays [--types] [--limit N] [HAND...]   fewest plays and every minimal solution\n"
        "  classify [CARDS...]                        every reading of the cards as one play\n"
        "  moves [HAND[/LAST[:TYPE[@RANK]]]...]       legal leads, or plays beating LAST\n"
        "  bench minplays|moves FILE [--repeat N]     time the core calls\n"
        "  corpus minplays [--size N] [--count N] [--seed S]\n"
        "--rule NAME=VALUE is --option NAME=VALUE. Cards: 3-9 T/10 J Q K A 2 X/B D/R, or\n"
        "Chinese: 三…十 勾 圈 凯 尖 二 小王 大王 (docs/formats/poker.md)\n"
        "pdk options: last_short (default 1), bomb_unsplittable, four_with_three (default 0)");
}

int cli_poker(int argc, char **argv)
{
    static const char *const line_commands[] = {"minplays", "classify", "moves"};
    if (argc < 2)
        return usage();
    if (!strcmp(argv[1], "bench"))
        return bench_poker(argc - 1, argv + 1);
    if (!strcmp(argv[1], "corpus"))
        return bench_poker(argc - 1, argv + 1);
    for (size_t c = 0; c < sizeof line_commands / sizeof line_commands[0]; c++)
        if (!strcmp(argv[1], line_commands[c]))
            return cli_query_run(argc, argv);
    return usage();
}
