/*
 * The qipai program: `qipai GAME COMMAND [OPTIONS] [INPUT...]`. This file
 * only dispatches to the games; see docs/FORMATS.md for every command.
 */
#include "cli.h"
#include "help.h"

#include <qipai/qipai.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} games[] = {
    {"mahjong", cli_mahjong}, {"zhaotong", cli_zhaotong}, {"gb", cli_gb},
    {"zipai", cli_zipai},     {"poker", cli_poker},
};

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
    /* --help anywhere: the help of the game, or of its command. */
    if (cli_wants_help(argc, argv))
        return cli_help(stdout, argv[1],
                        argc > 2 && argv[2][0] != '-' ? argv[2] : NULL);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (!strcmp(argv[1], games[i].name))
            return argc < 3 ? (cli_help(stderr, argv[1], NULL), PROG_EXIT_USAGE)
                            : games[i].run(argc - 1, argv + 1);
    return prog_usage("unknown game '%s' (try: qipai --help)", argv[1]);
}
