/*
 * What the `qipai zhaotong` commands share inside cli/: the JSON form of
 * the rules, the game header, the deal and every event (the log format of
 * docs/formats/zhaotong.md), the parser for those lines, and the replay
 * check. zhaotong_log.c and zhaotong_replay.c use nothing else from cli/,
 * so the libFuzzer target can build them on their own.
 */
#ifndef QIPAI_CLI_ZHAOTONG_H
#define QIPAI_CLI_ZHAOTONG_H

#include <qipai/zhaotong.h>

#include <jansson.h>
#include <stdio.h>

/* ---- zhaotong_log.c ---- */

/* "5m", or "5m*" for a wildcard standing for it. */
json_t *zt_json_tile(int kind, bool wild);
/* Physical tiles of a hand (counts, plus its 坨 as their kind), compact. */
json_t *zt_json_concealed(const qipai_zt_hand *hand, int tuo_kind);
json_t *zt_json_melds(const qipai_zt_hand *hand);
json_t *zt_json_rules(const qipai_zt_rules *rules);
/* Sets one rule from text ("cap", "5"; "fan.gen", "2"; "zimo_adds_base", "1"). */
int zt_rule_set_text(qipai_zt_rules *rules, const char *name, const char *value, char *why,
                     size_t size);

/* The game's first two lines: its header (number, seed, rules, dealer, the
 * wall in order, the 坨) and the hands dealt. bots may be NULL. */
json_t *zt_json_header(const qipai_zt_game *g, long number, const char *const *bots);
json_t *zt_json_deal(const qipai_zt_game *g);
/* One event as its log line. */
json_t *zt_json_event(const qipai_zt_game *g, const qipai_zt_event *e);
json_t *zt_json_action(const qipai_zt_action *a);

/* Reads the rules, the wall and the dealer of a header line. */
int zt_parse_header(const json_t *line, qipai_zt_rules *rules, uint8_t wall[QIPAI_ZT_TILES],
                    int *dealer, char *why, size_t size);
/* Reads an action line. */
int zt_parse_action(const json_t *line, qipai_zt_action *a, char *why, size_t size);
/* Reads a tile name ("5m", "五万"); the kind or -1. */
int zt_parse_tile(const char *text);

/* ---- zhaotong_replay.c ---- */

typedef struct zt_replay_result {
    long games, valid, lines;
    long errors; /* problems reported */
} zt_replay_result;

/* Re-runs every game of a log (the text of a whole file) through the
 * library. Each problem is reported through report (game number or 0,
 * line, message) and the rest of that game skipped; returns 0 when every
 * game holds and no line is stray. When out is not NULL, each good game's
 * result goes there as a JSON line. */
typedef void (*zt_replay_report_fn)(long game, long line, const char *message, void *context);
int zt_replay_text(const char *text, size_t size, zt_replay_report_fn report, void *context,
                   FILE *out, zt_replay_result *result);

/* ---- zhaotong_analyze.c: the position notation ("12345m55p peng:9p tuo:5s zimo") ---- */
int zt_parse_position(const char *line, int default_tuo, qipai_zt_hand *h, int *tuo,
                      unsigned *context, char *why, size_t size);
void zt_format_position(const qipai_zt_hand *h, int tuo, unsigned context, char *out,
                        size_t size);
json_t *zt_json_score(const qipai_zt_score *s);

/* ---- zhaotong.c and friends ---- */
int zt_cli_play(int argc, char **argv);
int zt_cli_duel(int argc, char **argv);
/* Applies one --rule NAME=VALUE; 0, or the usage exit status after saying why. */
int zt_cli_rule_option(qipai_zt_rules *rules, const char *text);
int zt_cli_bench(int argc, char **argv);
int zt_cli_corpus(int argc, char **argv);
int zt_cli_analyze(int argc, char **argv);
/* Parses "strong" / "seed"; -1 when neither. */
int zt_bot_by_name(const char *name);
const char *zt_bot_name(int bot);

#endif
