/*
 * Shanten internals shared by shanten.c and effective.c. Internal to
 * src/mahjong/. The standard-form shanten of a hand aiming at k melds is
 * the least, over the ways to split k melds and the pair among its groups,
 * of the tiles the groups must add (targets.h), minus the wildcards, minus
 * one (docs/RULES.md, "Shanten").
 */
#ifndef QIPAI_MJ_SHANTEN_INTERNAL_H
#define QIPAI_MJ_SHANTEN_INTERNAL_H

#include "mahjong/targets.h"
#include "mahjong/view.h"

enum {
    MJ_MAX_CONFIGS = 3, /* suit choices under a suit limit (3 choose 1 or 2) */
    MJ_NO_FORM = QIPAI_MJ_NO_SHANTEN
};

#define MJ_NIBBLE_LOWS 0x1111111111ull /* bit 0 of each of the 10 nibbles */

/* The suits kept under the rule set's suit limit, as bits, one
 * configuration per choice; one configuration (all) without a limit. */
typedef struct mj_configs {
    int count;
    uint8_t kept[MJ_MAX_CONFIGS];
} mj_configs;

void mj_configs_of(const qipai_mj_rules *rules, mj_configs *out);

/* A hand's group: its targets as nibbles (shape.h), fifth copies applied
 * where the budget allows, and how many fifth copies they use. */
typedef struct mj_group_targets {
    uint64_t u;      /* the targets counted */
    uint64_t strict; /* with no fifth copy */
    int fifths;      /* fifth copies u uses (0: u == strict) */
    bool empty;      /* holds no tile: it changes no combination */
} mj_group_targets;

/* Bit mp of `bits` moved to bit 0 of nibble mp. */
uint64_t mj_spread_to_nibbles(unsigned bits);

/* Group g of counts c with key `key` (shape.h); budget = fifth copies the
 * hand can afford. */
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

/* Whether group g counts in configuration `kept` (a dropped suit, or the
 * honors of a 27-kind tile set, do not). */
static inline bool mj_group_kept(const qipai_mj_rules *rules, uint8_t kept, int g)
{
    return g == 3 ? rules->kinds == QIPAI_MJ_KINDS : (kept >> g & 1) != 0;
}

/* The least tiles to add for k melds and the pair over the given groups'
 * vectors (empty ones left out), MJ_FAR or more when impossible. */
static inline int mj_targets_best(const mj_vec *v, int count, int k)
{
    switch (count) {
    case 0:
        return 3 * k + 2;
    case 1:
        return mj_vec_final(mj_vec_empty(), v[0], k);
    case 2:
        return mj_vec_final(v[0], v[1], k);
    case 3:
        return mj_vec_final(mj_vec_combine(v[0], v[1]), v[2], k);
    default:
        return mj_vec_final(mj_vec_combine(v[0], v[1]), mj_vec_combine(v[2], v[3]), k);
    }
}

/* Seven pairs: pairs and singles among the kept real tiles. */
void mj_seven_pairs_count(const qipai_mj_rules *rules, const uint8_t *c, uint8_t kept, int *pairs,
                          int *singles);
int mj_seven_pairs_from(int pairs, int singles, int wilds);

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS]);
int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept);
int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v,
                    qipai_mj_shanten_forms *forms);

#endif
