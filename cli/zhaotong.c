/*
 * The `qipai zhaotong` commands: the dispatch. sim (zhaotong_sim.c), duel
 * (zhaotong_duel.c), play (zhaotong_play.c), replay (zhaotong_replay.c),
 * their shared options (zhaotong_options.c), bots that are programs
 * (zhaotong_arena.c), bench and corpus (bench/bench_zhaotong.c); analyze
 * is a line command of the library's query layer (src/query/zhaotong.c).
 * Help texts: cli/help.c. Formats: docs/formats/zhaotong.md.
 */
#include "cli.h"
#include "help.h"
#include "zhaotong_cli.h"
#include "../bench/bench.h"

#include <string.h>

int cli_zhaotong(int argc, char **argv)
{
    const char *command = argv[1];
    if (!strcmp(command, "sim"))
        return zt_cli_sim(argc - 1, argv + 1);
    if (!strcmp(command, "replay"))
        return zt_cli_replay(argc - 1, argv + 1);
    if (!strcmp(command, "duel"))
        return zt_cli_duel(argc - 1, argv + 1);
    if (!strcmp(command, "play"))
        return zt_cli_play(argc - 1, argv + 1);
    if (!strcmp(command, "analyze"))
        return cli_query_run(argc, argv);
    if (!strcmp(command, "bench") || !strcmp(command, "corpus"))
        return bench_zhaotong(argc - 1, argv + 1);
    cli_help(stderr, "zhaotong", NULL);
    return prog_usage("zhaotong has no command '%s'", command);
}
