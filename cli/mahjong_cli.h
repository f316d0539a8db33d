/* What the mahjong commands share inside cli/. */
#ifndef QIPAI_CLI_MAHJONG_H
#define QIPAI_CLI_MAHJONG_H

#include <qipai/mahjong.h>

#include "cli.h"

typedef struct mj_options {
    qipai_mj_rules rules;
    bool chinese;
    bool seven_pairs_distinct;
    const char *visible_text;
    bool has_visible;
    uint8_t visible[QIPAI_MJ_KINDS]; /* tiles seen on the table (--visible) */
} mj_options;

int mj_parse_options(int argc, char **argv, int first, mj_options *o);
json_t *mj_read_hand(const mj_options *o, const char *line, qipai_mj_hand *hand,
                     qipai_mj_tiles *tiles);
json_t *mj_answer_object(const char *line);
/* Hand sizes a command takes, as bits of (tiles % 3). */
enum { MJ_WAITING = 1u << 1, MJ_WINNING = 1u << 2, MJ_EITHER = MJ_WAITING | MJ_WINNING };

/* Parses a line and checks its size; an error object for the line, or NULL. */
json_t *mj_read_sized(const mj_options *o, const char *line, unsigned remainders,
                      qipai_mj_hand *hand, qipai_mj_tiles *tiles);
json_t *mj_json_kind(int kind, bool wild, bool chinese);
json_t *mj_json_kinds(const uint8_t *kinds, int n, bool chinese);
json_t *mj_json_meld(const qipai_mj_meld *m, bool chinese);

json_t *mj_answer_shanten(const char *line, void *context);
json_t *mj_answer_effective(const char *line, void *context);
json_t *mj_answer_discards(const char *line, void *context);

int mj_bench(int argc, char **argv);
int mj_corpus(int argc, char **argv);

#endif
