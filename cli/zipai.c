/*
 * The `qipai zipai` commands. Not built yet: see the open issue for zipai.
 */
#include "cli.h"

int cli_zipai(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_usage("zipai: not implemented yet");
}
