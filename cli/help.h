/* The program's help texts, man page and bash completion (help.c). */
#ifndef QIPAI_CLI_HELP_H
#define QIPAI_CLI_HELP_H

#include <stdbool.h>
#include <stdio.h>

/* Whether --help or -h appears among argv[1..] before "--". */
bool cli_wants_help(int argc, char **argv);
/* Help for the program (game NULL), a game (command NULL) or a command. */
int cli_help(FILE *out, const char *game, const char *command);
/* `qipai help [GAME [COMMAND]]`, `qipai help --man`, `qipai help --completion`. */
int cli_help_command(int argc, char **argv);

#endif
