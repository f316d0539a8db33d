/*
 * `qipai poker corpus` and `qipai poker bench`: seeded corpora of dealt
 * hands, and the timing driver for the core calls (docs/perf/poker.md).
 */
#ifndef QIPAI_BENCH_POKER_H
#define QIPAI_BENCH_POKER_H

#include <qipai/poker.h>


#endif
