/*
 * `qipai poker corpus` and `qipai poker bench`: seeded corpora of dealt
 * hands, and the timing driver for the core calls (docs/perf/poker.md).
 */
#ifndef QIPAI_BENCH_POKER_H
#define QIPAI_BENCH_POKER_H

#include <qipai/poker.h>

/* argv[0] is "corpus" / "bench"; the rules come parsed from the caller. */
int pk_corpus_main(int argc, char **argv, const qipai_pk_rules *rules);
int pk_bench_main(int argc, char **argv, const qipai_pk_rules *rules, const char *rules_text);

#endif
