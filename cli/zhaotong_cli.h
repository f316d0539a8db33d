/*
 * What the `qipai zhaotong` commands share inside cli/. The game, its log
 * format, the replay check and the position notation are the library's
 * (include/qipai/zhaotong.h); here are only the programs around them.
 * zhaotong_replay.c uses nothing else from cli/, so the libFuzzer target
 * can build it on its own.
 */
#ifndef QIPAI_CLI_ZHAOTONG_H
#define QIPAI_CLI_ZHAOTONG_H

#include <qipai/zhaotong.h>

#include <stdbool.h>
#include <stdio.h>

#include "common/json.h"

/* ---- zhaotong_replay.c: `qipai zhaotong replay` over the library's log
 * reader and replay check ---- */

typedef struct zt_replay_result {
    long games, valid, lines;
    long errors; /* problems reported */
} zt_replay_result;

/* Re-runs every game of a log (the text of a whole file): each line is read
 * by the library's log reader and fed to its replay check. Each problem is
 * reported through report (game number or 0, line, message) and the rest of
 * that game skipped; returns 0 when every game holds and no line is stray.
 * When out is not NULL, each good game's result goes there as a JSON line. */
typedef void (*zt_replay_report_fn)(long game, long line, const char *message, void *context);
int zt_replay_text(const char *text, size_t size, zt_replay_report_fn report, void *context,
                   FILE *out, zt_replay_result *result);

/* ---- zhaotong.c and friends ---- */

/* The kind of one tile ("5m", "五万"), or -1. */
int zt_tile_kind(const char *text);

/* ---- zhaotong_bots.c: the --bots option ---- */

/* The bots of --bots: built-in names or exec:COMMAND (zhaotong_arena.h). */
typedef struct zt_bot_list {
    char *text;                         /* the option's copy, cut at the commas */
    int count;
    const char *names[QIPAI_ZT_SEATS];  /* "strong", "exec:./mybot" (into text) */
    qipai_zt_bot bots[QIPAI_ZT_SEATS];  /* the built-in bot (strong for a program) */
} zt_bot_list;

/* Reads want bots separated by commas into list (which must be zeroed or
 * already read); 0, or the usage exit status after saying why (command
 * names the command in the message). */
int zt_cli_parse_bots(zt_bot_list *list, const char *text, int want, const char *command);
void zt_bot_list_free(zt_bot_list *list);
bool zt_bot_list_has_programs(const zt_bot_list *list);
/* --bot-timeout SECONDS; 0, or the usage exit status. */
int zt_cli_bot_timeout(const char *text, double *seconds);

int zt_cli_sim(int argc, char **argv);
int zt_cli_replay(int argc, char **argv);
int zt_cli_play(int argc, char **argv);
int zt_cli_duel(int argc, char **argv);
/* Applies one --rule NAME=VALUE (qipai_zt_rules_option); 0, or the usage
 * exit status after saying why. */
int zt_cli_rule_option(qipai_zt_rules *rules, const char *option);

#endif
