/*
 * What every game's command line shares inside cli/: the batch loop that
 * answers line commands through the library's query layer (main.c sends
 * every game's line commands there). The helpers every command uses (usage errors, options,
 * clocks) and the measuring commands are in bench/ (program.h, bench.h):
 * cli/ calls bench/, never the other way round. No game logic here.
 */
#ifndef QIPAI_CLI_H
#define QIPAI_CLI_H

#include <stdio.h>

#include "../bench/program.h"

/* Runs a line command through the library's query (include/qipai/query.h):
 * argv = {GAME, COMMAND, options and inputs}. Answers the inputs, or every
 * non-blank line of standard input; returns the exit status. */
int cli_query_run(int argc, char **argv);

#endif
