/* What the mahjong benches share inside bench/: their options, and corpus. */
#ifndef QIPAI_BENCH_MAHJONG_H
#define QIPAI_BENCH_MAHJONG_H

#include <qipai/mahjong.h>

#include "program.h"

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

int mj_corpus(int argc, char **argv);

#endif
