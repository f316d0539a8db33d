/*
 * What the gb commands share inside cli/: the options cli/gb.c reads,
 * handed to the bench and corpus commands (bench/bench_gb.c).
 */
#ifndef QIPAI_CLI_GB_H
#define QIPAI_CLI_GB_H

#include <qipai/gb.h>

typedef struct gb_cli_options {
    qipai_gb_rules rules;
    uint64_t seed;  /* --seed, corpus */
    int repeat;     /* --repeat, bench: timing runs (median reported) */
} gb_cli_options;

/* `qipai gb bench fan FILE`: args are what follows "bench". */
int gb_bench(const gb_cli_options *options, int argc, char **argv);
/* `qipai gb corpus fan|flush N`. */
int gb_corpus(const gb_cli_options *options, int argc, char **argv);

#endif
