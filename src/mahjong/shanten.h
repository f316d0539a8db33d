/*
 * Shanten internals shared by shanten.c and effective.c. Internal to
 * src/mahjong/.
 *
 * A group's targets U(m,p) are the tiles it must add to hold m melds and
 * (p) the pair (shape.h); in a word they sit as nibbles, 2m+p. The
 * standard-form shanten of a hand aiming at k melds is the least, over the
 * ways to split k melds and the pair among the groups, of the sum of U,
 * minus the wildcards, minus one (docs/RULES.md, "Shanten").
 */
#ifndef QIPAI_MJ_SHANTEN_INTERNAL_H
#define QIPAI_MJ_SHANTEN_INTERNAL_H

#include "mahjong/view.h"

enum {
    MJ_FAR = 60,        /* an impossible target; sums of four stay in a byte */
    MJ_MAX_CONFIGS = 3, /* suit choices under a suit limit (3 choose 1 or 2) */
    MJ_NO_FORM = QIPAI_MJ_NO_SHANTEN
};

#define MJ_NIBBLE_LOWS 0x1111111111ull /* bit 0 of each of the 10 nibbles */
#define MJ_TARGETS_MASK 0xFFFFFFFFFFull

/* Targets unpacked, one byte each: u[2m+p]. */
typedef struct mj_targets {
    uint8_t u[10];
} mj_targets;

/* A group that holds nothing and may take nothing: a dropped suit, or the
 * honors of a 27-kind tile set. */
extern const mj_targets mj_targets_nothing;

static inline void mj_targets_unpack(uint64_t w, mj_targets *t)
{
    uint8_t *u = t->u;
    u[0] = (uint8_t)(w & 15), u[1] = (uint8_t)(w >> 4 & 15), u[2] = (uint8_t)(w >> 8 & 15);
    u[3] = (uint8_t)(w >> 12 & 15), u[4] = (uint8_t)(w >> 16 & 15), u[5] = (uint8_t)(w >> 20 & 15);
    u[6] = (uint8_t)(w >> 24 & 15), u[7] = (uint8_t)(w >> 28 & 15), u[8] = (uint8_t)(w >> 32 & 15);
    u[9] = (uint8_t)(w >> 36 & 15);
}

static inline int mj_min2(int a, int b) { return a < b ? a : b; }
static inline int mj_min3(int a, int b, int c) { return mj_min2(mj_min2(a, b), c); }
static inline int mj_min4(int a, int b, int c, int d)
{
    return mj_min2(mj_min2(a, b), mj_min2(c, d));
}

/* Every split of m melds between two groups, the pair on either side,
 * written out. U(0,0) is 0 in every vector (the empty target). */
static inline void mj_combine_bytes(const uint8_t *x, const uint8_t *y, uint8_t *o)
{
    int am1 = x[2], am2 = x[4], am3 = x[6], am4 = x[8];
    int ap0 = x[1], ap1 = x[3], ap2 = x[5], ap3 = x[7], ap4 = x[9];
    int bm1 = y[2], bm2 = y[4], bm3 = y[6], bm4 = y[8];
    int bp0 = y[1], bp1 = y[3], bp2 = y[5], bp3 = y[7], bp4 = y[9];
    o[0] = 0;
    o[1] = (uint8_t)mj_min2(ap0, bp0);
    o[2] = (uint8_t)mj_min2(am1, bm1);
    o[3] = (uint8_t)mj_min4(ap1, bp1, ap0 + bm1, am1 + bp0);
    o[4] = (uint8_t)mj_min3(am2, bm2, am1 + bm1);
    o[5] = (uint8_t)mj_min3(mj_min2(ap2, bp2), mj_min2(ap0 + bm2, am2 + bp0),
                            mj_min2(am1 + bp1, ap1 + bm1));
    o[6] = (uint8_t)mj_min4(am3, bm3, am1 + bm2, am2 + bm1);
    o[7] = (uint8_t)mj_min4(mj_min2(ap3, bp3), mj_min2(ap0 + bm3, am3 + bp0),
                            mj_min2(am1 + bp2, ap1 + bm2), mj_min2(am2 + bp1, ap2 + bm1));
    o[8] = (uint8_t)mj_min3(mj_min2(am4, bm4), mj_min2(am1 + bm3, am3 + bm1), am2 + bm2);
    o[9] = (uint8_t)mj_min3(mj_min4(ap4, bp4, ap0 + bm4, am4 + bp0),
                            mj_min4(am1 + bp3, ap1 + bm3, am3 + bp1, ap3 + bm1),
                            mj_min2(am2 + bp2, ap2 + bm2));
}

/* out = the best split of a and b for every (m, p). Either may be
 * &mj_targets_nothing, which passes the other through. */
void mj_targets_combine(const mj_targets *a, const mj_targets *b, mj_targets *out);

/* The least sum for k melds and the pair, split between a and b. */
static inline int mj_targets_final(const mj_targets *a, const mj_targets *b, int k)
{
    int best = MJ_FAR;
    for (int m = 0; m <= k; m++) {
        int x = a->u[2 * m] + b->u[2 * (k - m) + 1];
        int y = a->u[2 * m + 1] + b->u[2 * (k - m)];
        best = x < best ? x : best;
        best = y < best ? y : best;
    }
    return best;
}

/* How each group may count under the rule set's suit limit: the suits kept
 * (bits). One configuration, all kept, without a limit. */
typedef struct mj_configs {
    int count;
    uint8_t kept[MJ_MAX_CONFIGS];
} mj_configs;

void mj_configs_of(const qipai_mj_rules *rules, mj_configs *out);

/* A hand's group: its targets as nibbles, fifth copies applied where the
 * budget allows, and how many fifth copies they use. */
typedef struct mj_group_targets {
    uint64_t u;      /* the targets counted */
    uint64_t strict; /* with no fifth copy */
    int fifths;      /* fifth copies u uses (0: u == strict) */
} mj_group_targets;

/* Bit mp of `bits` moved to bit 0 of nibble mp (the fifth-copy flags of a
 * table entry, as amounts to subtract from its targets). */
uint64_t mj_spread_to_nibbles(unsigned bits);

/* Group g of counts c, whose key (shape.h) is `key`; budget = fifth copies
 * the hand can afford. */
void mj_group_targets_at(const uint8_t *c, int g, uint32_t key, int budget, mj_group_targets *t);

static inline void mj_group_targets_of(const uint8_t *c, int g, int budget, mj_group_targets *t)
{
    mj_group_targets_at(c, g, mj_group_key(c, g), budget, t);
}

/* Fifth copies the hand can afford: its wildcards, or without limit when
 * the rule set has wild kinds (a drawn copy of one covers a fifth copy). */
static inline int mj_fifth_budget(const qipai_mj_rules *rules, const mj_view *v)
{
    return rules->wild_kinds ? 4 + MJ_HONOR_FIFTHS : v->wilds;
}

/* The group's target bytes in configuration `kept`. */
const mj_targets *mj_group_use(const qipai_mj_rules *rules, uint8_t kept, int g,
                               const mj_targets *unpacked);

/* Seven pairs: pairs and singles among the kept real tiles. */
void mj_seven_pairs_count(const qipai_mj_rules *rules, const uint8_t *c, uint8_t kept, int *pairs,
                          int *singles);
int mj_seven_pairs_from(int pairs, int singles, int wilds);

/* Standard-form shanten given the groups; forms-wide shanten of a view. */
int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS]);
int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept);
int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v,
                    qipai_mj_shanten_forms *forms);

#endif
