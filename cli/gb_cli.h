/*
 * The gb commands that are programs rather than line answers
 * (bench/bench_gb.c), called by cli/gb.c.
 */
#ifndef QIPAI_CLI_GB_H
#define QIPAI_CLI_GB_H

/* `qipai gb bench fan FILE [--repeat N] [OPTIONS]`: argv[0] is "bench". */
int gb_bench(int argc, char **argv);
/* `qipai gb corpus fan|flush N [--seed S] [OPTIONS]`: argv[0] is "corpus". */
int gb_corpus(int argc, char **argv);

#endif
