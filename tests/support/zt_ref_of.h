/*
 * The library's Zhaotong values as the brute-force reference's
 * (tests/ref/zt_ref.h), for the tests that compare the two
 * (tests/test_zt_score.c, tests/test_zt_random.c). A plain copy, field by
 * field: the reference itself never sees the library.
 */
#ifndef QIPAI_TEST_ZT_REF_OF_H
#define QIPAI_TEST_ZT_REF_OF_H

#include <qipai/zhaotong.h>

#include "zt_ref.h"

zt_ref_rules zt_ref_rules_of(const qipai_zt_rules *r);
zt_ref_hand zt_ref_hand_of(const qipai_zt_hand *h, int tuo);

#endif
