/*
 * What the zipai commands share inside cli/ and bench/: the options of the
 * corpus and bench commands (bench/zipai_options.c reads them) and the two
 * commands (bench/bench_zipai.c). The line commands decompose, hu and waits
 * are queries (src/query/zipai.c) and read their options there.
 */
#ifndef QIPAI_BENCH_ZIPAI_H
#define QIPAI_BENCH_ZIPAI_H

#include <qipai/zipai.h>

typedef struct zp_cli_options {
    qipai_zp_rules rules;
    unsigned flags;   /* QIPAI_ZP_ASCII */
    uint64_t seed;    /* --seed, corpus */
    int size;         /* --size, corpus: cards in each hand (0: mixed sizes) */
    int repeat;       /* --repeat, bench: timing runs (median reported) */
} zp_cli_options;

/* Reads the options among argv[1..] into o (argv[0] is the command's name),
 * leaving the other arguments in inputs (room for argc); returns 0, or the
 * exit status after reporting a usage error. */
int zp_read_options(int argc, char **argv, zp_cli_options *o, char **inputs, int *n_inputs);


#endif
