/*
 * What the zipai commands share inside cli/: the options cli/zipai.c reads,
 * handed to the bench and corpus commands (bench/bench_zipai.c).
 */
#ifndef QIPAI_CLI_ZIPAI_H
#define QIPAI_CLI_ZIPAI_H

#include <qipai/zipai.h>

typedef struct zp_cli_options {
    qipai_zp_rules rules;
    unsigned flags;   /* QIPAI_ZP_ASCII */
    uint64_t seed;    /* --seed, corpus */
    int size;         /* --size, corpus: cards in each hand (0: mixed sizes) */
    int repeat;       /* --repeat, bench: timing runs (median reported) */
} zp_cli_options;

/* `qipai zipai bench decompose|hu FILE`: args are what follows "bench". */
int zp_bench(const zp_cli_options *options, int argc, char **argv);
/* `qipai zipai corpus decompose|hu N`. */
int zp_corpus(const zp_cli_options *options, int argc, char **argv);

#endif
