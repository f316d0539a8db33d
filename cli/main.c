/*
 * The qipai program: `qipai GAME COMMAND [OPTIONS] [INPUT...]`. This file
 * only dispatches to the games; see docs/FORMATS.md for every command.
 */
#include "cli.h"

#include <qipai/qipai.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} games[] = {
    {"mahjong", cli_mahjong, "win, waits, decompose, shanten, effective, discards, bench"},
    {"zhaotong", cli_zhaotong, "sim, replay, play, bench (Yunnan Zhaotong mahjong)"},
    {"gb", cli_gb, "fan, ting, bench (Guobiao / MCR mahjong)"},
    {"zipai", cli_zipai, "decompose, hu, waits, bench (paohuzi)"},
    {"poker", cli_poker, "minplays, classify, moves, bench"},
};

static void print_help(FILE *out)
{
    fprintf(out, "qipai %s: the rules of Chinese card and tile games\n\n"
                 "usage: qipai GAME COMMAND [OPTIONS] [INPUT...]\n\n", QIPAI_VERSION_STRING);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        fprintf(out, "  %-9s %s\n", games[i].name, games[i].summary);
    fprintf(out, "\nWith no INPUT, commands read one input a line from standard input and\n"
                 "answer each with one JSON line. See docs/FORMATS.md.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return CLI_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        print_help(stdout);
        return CLI_EXIT_OK;
    }
    if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
        printf("qipai %s\n", QIPAI_VERSION_STRING);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (!strcmp(argv[1], games[i].name))
            return games[i].run(argc - 1, argv + 1);
    return cli_usage("unknown game '%s' (try: qipai help)", argv[1]);
}
