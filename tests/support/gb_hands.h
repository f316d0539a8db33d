/*
 * Random Guobiao hands for the tests (tests/test_gb_*.c): winning shapes
 * with 0-4 declared melds and a situation the tiles allow.
 */
#ifndef QIPAI_TEST_GB_HANDS_H
#define QIPAI_TEST_GB_HANDS_H

#include <qipai/gb.h>

enum {
    GB_TEST_SPECIAL = 1 /* now and then 十三幺, 全不靠 / 七星不靠 or 组合龙 too */
};

/* A random winning shape: mostly four melds and a pair, sometimes seven
 * pairs (and with GB_TEST_SPECIAL the knitted shapes and thirteen orphans);
 * suits narrowed at times so that flushes and big fans come up; the winning
 * tile one of the concealed tiles; winds, flags and flowers at random, the
 * flags cut back until qipai_gb_check accepts the hand. */
void gb_test_random_hand(qipai_rng *rng, qipai_gb_hand *h, unsigned flags);

#endif
