/*
 * The `qipai gb` commands. Not built yet: see the open issue for gb.
 */
#include "cli.h"

int cli_gb(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_usage("gb: not implemented yet");
}
