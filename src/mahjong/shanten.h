/*
 * Shanten internals shared by shanten.c and effective.c. Internal to
 * src/mahjong/. The standard-form shanten of a hand aiming at k melds is
 * the least, over the ways to split k melds and the pair among its groups,
 * of the tiles the groups must add (shape.h, "Shanten targets"), minus the
 * wildcards, minus one (docs/RULES.md, "Shanten").
 */
#ifndef QIPAI_MJ_SHANTEN_INTERNAL_H
#define QIPAI_MJ_SHANTEN_INTERNAL_H

#include "mahjong/view.h"

enum {
    MJ_MAX_CONFIGS = 3, /* suit choices under a suit limit (3 choose 1 or 2) */
    MJ_NO_FORM = QIPAI_MJ_NO_SHANTEN,
    MJ_IMPOSSIBLE = 15 /* a target beyond any hand */
};

#define MJ_NIBBLE_LOWS 0x1111111111ull /* bit 0 of each of the 10 nibbles */

/* The suits kept under the rule set's suit limit, as bits, one
 * configuration per choice; one configuration (all) without a limit. */
typedef struct mj_configs {
    int count;
    uint8_t kept[MJ_MAX_CONFIGS];
} mj_configs;

void mj_configs_of(const qipai_mj_rules *rules, mj_configs *out);

/* A hand's group: its target vector (an index, shape.h), fifth copies
 * applied where the budget allows, and how many fifth copies it uses. */
typedef struct mj_group_targets {
    uint8_t u;      /* the targets counted */
    uint8_t strict; /* with no fifth copy */
    int fifths;     /* fifth copies u uses (0: u == strict) */
} mj_group_targets;

/* Group g of counts c with key `key` (shape.h); budget = fifth copies the
 * hand can afford. */
void mj_group_targets_at(const uint8_t *c, int g, uint32_t key, int budget, mj_group_targets *t);

/* Fifth copies the hand can afford: its wildcards, or without limit when
 * the rule set has wild kinds (a drawn copy of one covers a fifth copy). */
static inline int mj_fifth_budget(const qipai_mj_rules *rules, const mj_view *v)
{
    return rules->wild_kinds ? 4 + MJ_HONOR_FIFTHS : v->wilds;
}

/* Whether group g counts in configuration `kept` (a dropped suit, or the
 * honors of a 27-kind tile set, do not: they are taken as empty, which is
 * the same as holding nothing and drawing nothing there). */
static inline bool mj_group_kept(const qipai_mj_rules *rules, uint8_t kept, int g)
{
    return g == 3 ? rules->kinds == QIPAI_MJ_KINDS : (kept >> g & 1) != 0;
}

static inline uint8_t mj_combine(uint8_t a, uint8_t b)
{
    return mj_target_combine[a][b];
}

/* Seven pairs: pairs and singles among the kept real tiles, eight kinds
 * at a time (counts are 0..4). */
static inline void mj_seven_pairs_count(const qipai_mj_rules *rules, const uint8_t *c, uint8_t kept,
                                        int *pairs, int *singles)
{
    uint64_t word[5];
    memcpy(word, c, 32);
    word[4] = (uint64_t)c[32] | (uint64_t)c[33] << 8;
    if (kept != 7) {
        uint8_t bytes[40];
        memcpy(bytes, word, sizeof bytes);
        for (int g = 0; g < 3; g++)
            if (!(kept >> g & 1))
                memset(bytes + 9 * g, 0, 9);
        memcpy(word, bytes, sizeof bytes);
    }
    uint64_t p = 0, s = 0;
    if (rules->seven_pairs_distinct) {
        for (int w = 0; w < 5; w++) {
            uint64_t many = ((word[w] >> 1) | (word[w] >> 2)) & MJ_BYTES(1);
            p += many;                          /* two or more: one pair */
            s += word[w] & MJ_BYTES(1) & ~many; /* exactly one */
        }
    } else {
        for (int w = 0; w < 5; w++) {
            p += (word[w] >> 1) & MJ_BYTES(3); /* c / 2 */
            s += word[w] & MJ_BYTES(1);        /* c odd */
        }
    }
    *pairs = (int)((p * MJ_BYTES(1)) >> 56);
    *singles = (int)((s * MJ_BYTES(1)) >> 56);
}

static inline int mj_seven_pairs_from(int pairs, int singles, int wilds)
{
    if (pairs > 7)
        pairs = 7;
    int matched = 2 * pairs + (singles < 7 - pairs ? singles : 7 - pairs);
    return 13 - matched - wilds;
}

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS]);
int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept);
int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v,
                    qipai_mj_shanten_forms *forms);

#endif
