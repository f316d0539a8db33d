/*
 * `qipai poker corpus` and `qipai poker bench`: seeded corpora of dealt
 * hands, and the timing driver for the core calls (docs/perf/poker.md).
 */
#ifndef QIPAI_BENCH_POKER_H
#define QIPAI_BENCH_POKER_H

#include <qipai/poker.h>

/* argv[0] is "corpus" / "bench"; the rule options (--rules, --option,
 * --rule) may come anywhere among the others. argv is reordered in place. */
int pk_corpus_main(int argc, char **argv);
int pk_bench_main(int argc, char **argv);

#endif
