/* The plain depth-first win check the benches time as their reference. */
#ifndef QIPAI_BENCH_MJ_BASELINE_H
#define QIPAI_BENCH_MJ_BASELINE_H

#include <qipai/mahjong.h>

/* Basic rules (standard + seven pairs, 34 kinds), hand already folded. */
bool mj_baseline_win(const qipai_mj_hand *hand);

#endif
