/*
 * The `qipai zhaotong` commands. Not built yet: see the open issue for zhaotong.
 */
#include "cli.h"

int cli_zhaotong(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_usage("zhaotong: not implemented yet");
}
