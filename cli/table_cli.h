/*
 * The table commands every game plugs into (`qipai GAME sim|duel|replay`,
 * docs/FORMATS.md, "Tables"): what they share inside the command line. The
 * games, their rules and their bots are the library's (include/qipai/
 * table.h); these files parse options, print and call it.
 */
#ifndef QIPAI_CLI_TABLE_H
#define QIPAI_CLI_TABLE_H

#include <qipai/table.h>

#include "common/json.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The options of a table command. */
typedef struct table_options {
    const qipai_table_game *game;
    const char *command;           /* "sim", "duel" */
    qipai_table_rules rules;
    long count;                    /* --games N / --deals N; -1 when not given */
    uint64_t seed;
    int dealer;                    /* -1: rotate */
    bool json, quiet;
    const char *log_path;
    int bot_count;                 /* the seats' (sim) or the sides' (duel) */
    int bots[QIPAI_TABLE_MAX_SEATS];           /* built-in bots; -1 for a program */
    const char *bot_names[QIPAI_TABLE_MAX_SEATS]; /* "strong", "exec:./mybot" (into bot_text) */
    char bot_text[4096];                       /* --bots, cut at its commas */
    bool programs;                 /* some bot is a program (exec:COMMAND) */
    double bot_timeout;            /* --bot-timeout: a decision's limit, seconds (5) */
    double bot_startup;            /* --bot-startup: a program's start-up allowance (10) */
    bool share_programs;           /* --share-programs: one process for a program's seats */
} table_options;

/* Parses argv[1..argc) (argv[0] is the command); want_bots: the number of
 * bots --bots must name (2 for a duel; 0: the rules' seats), each the
 * game's first bot when --bots is not given; count_option:
 * "--games" or "--deals". Returns 0 or an exit status (the usage printed). */
int table_parse_options(const qipai_table_game *game, int argc, char **argv, const char *command,
                        int want_bots, const char *count_option, table_options *o);

/* The commands; argv[0] is the command. */
int table_cli_sim(const qipai_table_game *game, int argc, char **argv);
int table_cli_duel(const qipai_table_game *game, int argc, char **argv);
int table_cli_replay(const qipai_table_game *game, int argc, char **argv);

/* The replay check of a whole log's text (table_replay.c): each problem
 * through report (game number or 0, line, message) and the rest of that game
 * skipped; with out, each good game's result as a JSON line. 0 when every
 * game holds and no line is stray. */
typedef struct table_replay_result {
    long games, valid, lines, errors;
} table_replay_result;
typedef void (*table_replay_report_fn)(long game, long line, const char *message, void *context);
int table_replay_text(const qipai_table_game *game, const char *text, size_t size,
                      table_replay_report_fn report, void *context, FILE *out,
                      table_replay_result *result);

#endif
