/*
 * Shanten internals shared by shanten.c and effective.c: per-group target
 * vectors and how they combine. Internal to src/mahjong/.
 *
 * A group's targets u[2m+p] are the tiles it must add to hold m melds and
 * (p) the pair (shape.h). The standard-form shanten of a hand of k melds is
 * min over splits of k and the pair's group of the sum of u, minus the
 * wildcards, minus one (docs/RULES.md, "Shanten").
 */
#ifndef QIPAI_MJ_SHANTEN_INTERNAL_H
#define QIPAI_MJ_SHANTEN_INTERNAL_H

#include "mahjong/view.h"

enum {
    MJ_FAR = 60,         /* an impossible target; sums of four stay in a byte */
    MJ_MAX_CONFIGS = 3,  /* suit choices under a suit limit (3 choose 1 or 2) */
    MJ_NO_FORM = QIPAI_MJ_NO_SHANTEN
};

typedef struct mj_targets {
    uint8_t u[10]; /* [2m + p] */
} mj_targets;

/* Targets of a group that holds nothing and may take nothing: a dropped
 * suit, or the honors of a 27-kind tile set. */
extern const mj_targets mj_targets_nothing;

/* How each group may count: the suits kept (bits), from the rule set's
 * suit limit. One configuration without a limit. */
typedef struct mj_configs {
    int count;
    uint8_t kept[MJ_MAX_CONFIGS];
} mj_configs;

void mj_configs_of(const qipai_mj_rules *rules, mj_configs *out);

/* Strict targets from a packed table entry; loose ones subtract the
 * fifth-copy bits. */
static inline void mj_targets_decode(uint32_t packed, mj_targets *t)
{
    unsigned acc = 0;
    t->u[0] = 0;
    t->u[1] = (uint8_t)(packed >> 8 & 3);
    for (int m = 1; m <= 4; m++) {
        acc += packed >> (2 * (m - 1)) & 3;
        t->u[2 * m] = (uint8_t)acc;
        t->u[2 * m + 1] = (uint8_t)(acc + (packed >> (8 + 2 * m) & 3));
    }
}

static inline void mj_targets_loosen(uint32_t packed, mj_targets *t)
{
    for (int mp = 0; mp < 10; mp++)
        t->u[mp] = (uint8_t)(t->u[mp] - (packed >> (18 + mp) & 1));
}

/* out = the best split of a and b for every (m, p). */
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

/* Per group: the targets a hand's group can reach, and how many fifth
 * copies (wildcards standing for a fifth tile) reaching them takes. */
typedef struct mj_group_targets {
    mj_targets strict, loose;
    int fifths; /* fifth copies the loose targets use; 0 when none help */
} mj_group_targets;

/* Fills t for group g of counts c, given a budget of fifth copies. */
void mj_group_targets_of(const uint8_t *c, int g, int budget, mj_group_targets *t);

/* Fifth copies the hand can afford: its wildcards, or without limit when
 * the rule set has wild kinds (a drawn copy of one covers a fifth copy). */
static inline int mj_fifth_budget(const qipai_mj_rules *rules, const mj_view *v)
{
    return rules->wild_kinds ? 4 + MJ_HONOR_FIFTHS : v->wilds;
}

/* Standard-form shanten of a view with groups already looked up. */
int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS]);
int mj_seven_pairs_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept);
int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept);

/* All forms; per-form results in forms (may be NULL). */
int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v,
                    qipai_mj_shanten_forms *forms);

#endif
