/*
 * The `qipai poker` commands. Not built yet: see the open issue for poker.
 */
#include "cli.h"

int cli_poker(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_usage("poker: not implemented yet");
}
