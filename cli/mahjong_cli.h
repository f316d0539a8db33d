/* What the mahjong program parts share: the benches' options (bench/). */
#ifndef QIPAI_CLI_MAHJONG_H
#define QIPAI_CLI_MAHJONG_H

#include <qipai/mahjong.h>

#include "cli.h"

typedef struct mj_options {
    qipai_mj_rules rules;
    bool chinese;
    bool has_visible;
    uint8_t visible[QIPAI_MJ_KINDS]; /* tiles seen on the table (--visible) */
} mj_options;

/* Parses the options among argv[first..] into o, moving the other
 * arguments to the front of argv[first..]; returns how many, or -1 after
 * reporting a usage error (bench/mj_options.c). */
int mj_parse_options(int argc, char **argv, int first, mj_options *o);

int mj_bench(int argc, char **argv);
int mj_corpus(int argc, char **argv);

#endif
