/*
 * The qipai program: `qipai GAME COMMAND [OPTIONS] [INPUT...]`. This file
 * only dispatches: the line commands of every game go to the library's
 * query layer (cli_query_run), bench and corpus to bench/ (bench.h), the
 * Zhaotong programs (sim, duel, replay, play) to cli/zhaotong*.c, and help
 * to cli/help.c. See docs/FORMATS.md for every command.
 */
#include "cli.h"
#include "help.h"
#include "table_cli.h"
#include "zhaotong_cli.h"
#include "../bench/bench.h"

#include <qipai/qipai.h>
#include <string.h>

typedef struct program {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the command */
} program;

static const program zhaotong_programs[] = {
    {"sim", zt_cli_sim}, {"duel", zt_cli_duel}, {"replay", zt_cli_replay}, {"play", zt_cli_play},
    {NULL, NULL},
};

static const struct {
    const char *name;
    const char *line_commands[7]; /* answered by the query layer */
    int (*bench)(int argc, char **argv);
    const program *programs;      /* the game's other commands, or NULL */
} games[] = {
    {"mahjong", {"win", "waits", "decompose", "shanten", "effective", "discards"}, bench_mahjong,
     NULL},
    {"zhaotong", {"analyze"}, bench_zhaotong, zhaotong_programs},
    {"gb", {"fan", "ting", "waits", "shanten"}, bench_gb, NULL},
    {"zipai", {"decompose", "hu", "waits"}, bench_zipai, NULL},
    {"poker", {"minplays", "classify", "moves"}, bench_poker, NULL},
};

static int run_game(size_t g, int argc, char **argv)
{
    const char *command = argv[1];
    for (const char *const *c = games[g].line_commands; *c; c++)
        if (!strcmp(command, *c))
            return cli_query_run(argc, argv);
    if (!strcmp(command, "bench") || !strcmp(command, "corpus"))
        return games[g].bench(argc - 1, argv + 1);
    for (const program *p = games[g].programs; p && p->name; p++)
        if (!strcmp(command, p->name))
            return p->run(argc - 1, argv + 1);
    cli_help(stderr, games[g].name, NULL);
    return prog_usage("%s has no command '%s'", games[g].name, command);
}

static int run_table_game(const qipai_table_game *game, int argc, char **argv)
{
    if (argc < 2)
        return prog_usage("%s: which command? sim, duel or replay", game->name);
    if (!strcmp(argv[1], "sim"))
        return table_cli_sim(game, argc - 1, argv + 1);
    if (!strcmp(argv[1], "duel"))
        return table_cli_duel(game, argc - 1, argv + 1);
    if (!strcmp(argv[1], "replay"))
        return table_cli_replay(game, argc - 1, argv + 1);
    return prog_usage("%s has no command '%s' (its commands: sim, duel, replay)", game->name,
                      argv[1]);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_help(stderr, NULL, NULL);
        return PROG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "help"))
        return cli_help_command(argc - 1, argv + 1);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return cli_help(stdout, NULL, NULL);
    if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
        printf("qipai %s\n", QIPAI_VERSION_STRING);
        return PROG_EXIT_OK;
    }
    /* `qipai table GAME COMMAND`: the table layer's own commands for any of
     * its games, Zhaotong's too (whose own commands keep their formats);
     * `qipai table games` lists them. */
    if (!strcmp(argv[1], "table")) {
        if (cli_wants_help(argc, argv) || argc < 3)
            return cli_help(argc < 3 ? stderr : stdout, "table", NULL), argc < 3 ? PROG_EXIT_USAGE
                                                                                 : PROG_EXIT_OK;
        if (argc >= 3 && !strcmp(argv[2], "games")) {
            for (int i = 0; i < qipai_table_game_count(); i++)
                printf("%s\t%s\n", qipai_table_game_at(i)->name, qipai_table_game_at(i)->title);
            return PROG_EXIT_OK;
        }
        qipai_error err;
        const qipai_table_game *game = argc >= 3 ? qipai_table_game_named(argv[2], &err) : NULL;
        if (!game)
            return prog_usage("table: %s (usage: qipai table games | qipai table GAME sim|duel|replay ...)",
                              argc >= 3 ? err.message : "which game?");
        return run_table_game(game, argc - 2, argv + 2);
    }
    /* --help anywhere: the help of the game, or of its command. */
    if (cli_wants_help(argc, argv))
        return cli_help(stdout, argv[1], argc > 2 && argv[2][0] != '-' ? argv[2] : NULL);
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        if (!strcmp(argv[1], games[g].name)) {
            if (argc < 3) {
                cli_help(stderr, argv[1], NULL);
                return PROG_EXIT_USAGE;
            }
            return run_game(g, argc - 1, argv + 1);
        }
    /* Every other game the table layer plays gets its commands. */
    const qipai_table_game *table = qipai_table_game_named(argv[1], NULL);
    if (table)
        return run_table_game(table, argc - 1, argv + 1);
    return prog_usage("unknown game '%s' (try: qipai --help)", argv[1]);
}
