/*
 * Shanten (docs/RULES.md, "Shanten"): the least number of tiles a hand still
 * needs, minus one, per form and over the rule set's forms. Exact: draws
 * must exist (the tables never count a fifth copy as drawable), and a
 * wildcard may be a fifth copy, which the tables mark separately because
 * it is limited by the wildcards the hand holds.
 */
#include "mahjong/shanten.h"

const mj_targets mj_targets_nothing = {
    {0, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR, MJ_FAR}};

void mj_configs_of(const qipai_mj_rules *rules, mj_configs *out)
{
    static const uint8_t keep_two[3] = {6, 5, 3}, keep_one[3] = {1, 2, 4};
    if (rules->max_suits >= 3 || rules->max_suits == 0) {
        out->count = 1;
        out->kept[0] = rules->max_suits ? 7 : 0;
    } else {
        out->count = 3;
        memcpy(out->kept, rules->max_suits == 2 ? keep_two : keep_one, 3);
    }
}

#define MIN_INTO(var, value)                                                   \
    do {                                                                       \
        int v_ = (value);                                                      \
        var = v_ < var ? v_ : var;                                             \
    } while (0)

void mj_targets_combine(const mj_targets *a, const mj_targets *b, mj_targets *out)
{
    if (a == &mj_targets_nothing || b == &mj_targets_nothing)
        *out = a == &mj_targets_nothing ? *b : *a;
    else
        mj_combine_bytes(a->u, b->u, out->u);
}

uint64_t mj_spread_to_nibbles(unsigned bits)
{
    uint64_t out = 0;
    for (; bits; bits &= bits - 1)
        out |= (uint64_t)1 << (4 * __builtin_ctz(bits));
    return out;
}

void mj_group_targets_at(const uint8_t *c, int g, uint32_t key, int budget, mj_group_targets *t)
{
    if (g < 3) {
        uint64_t entry = mj_suit_shanten[mj_key_rank(key)];
        t->strict = entry & MJ_TARGETS_MASK;
        t->u = t->strict;
        t->fifths = 0;
        if (budget > 0 && (entry >> MJ_TARGETS_BITS)) {
            t->u -= mj_spread_to_nibbles((unsigned)(entry >> MJ_TARGETS_BITS));
            t->fifths = 1;
        }
        return;
    }
    uint32_t rank = mj_key_rank(key);
    t->strict = mj_honor_shanten[rank] & MJ_TARGETS_MASK;
    t->u = t->strict;
    t->fifths = 0;
    if (budget <= 0)
        return;
    int quad = 0;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        quad |= c[k] == 4;
    if (!quad)
        return;
    int f = budget < MJ_HONOR_FIFTHS ? budget : MJ_HONOR_FIFTHS;
    uint64_t best = mj_honor_fifths[rank][f - 1];
    while (f > 1 && mj_honor_fifths[rank][f - 2] == best)
        f--; /* the fewest fifth copies that reach the same targets */
    if (best != t->strict) {
        t->u = best;
        t->fifths = f;
    }
}

const mj_targets *mj_group_use(const qipai_mj_rules *rules, uint8_t kept, int g,
                               const mj_targets *unpacked)
{
    if (g == 3 ? rules->kinds < QIPAI_MJ_KINDS : !(kept >> g & 1))
        return &mj_targets_nothing;
    return unpacked;
}

/* When the groups together want more fifth copies than the hand can
 * afford, try each way of sharing them (rare: quads and few wildcards). */
static int shared_fifths(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept,
                         const mj_group_targets groups[MJ_GROUPS], int budget, int k)
{
    int best = MJ_FAR;
    uint32_t honor_rank = mj_honor_rank(v->c + 27);
    for (unsigned loose = 0; loose < 8; loose++) {
        mj_targets unpacked[MJ_GROUPS];
        const mj_targets *use[MJ_GROUPS];
        int used = 0, skip = 0;
        for (int g = 0; g < 3; g++) {
            bool wants = loose >> g & 1;
            skip |= wants && !groups[g].fifths; /* each subset once */
            used += wants;
            mj_targets_unpack(wants ? groups[g].u : groups[g].strict, &unpacked[g]);
            use[g] = mj_group_use(rules, kept, g, &unpacked[g]);
        }
        if (skip || used > budget)
            continue;
        uint64_t honors = groups[3].strict;
        int f = budget - used < MJ_HONOR_FIFTHS ? budget - used : MJ_HONOR_FIFTHS;
        if (groups[3].fifths && f > 0)
            honors = mj_honor_fifths[honor_rank][f - 1];
        mj_targets_unpack(honors, &unpacked[3]);
        use[3] = mj_group_use(rules, kept, 3, &unpacked[3]);
        mj_targets low, high;
        mj_targets_combine(use[0], use[1], &low);
        mj_targets_combine(use[2], use[3], &high);
        MIN_INTO(best, mj_targets_final(&low, &high, k));
    }
    return best;
}

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS])
{
    int k = v->total / 3, budget = mj_fifth_budget(rules, v);
    int demand = groups[0].fifths + groups[1].fifths + groups[2].fifths + groups[3].fifths;
    mj_targets unpacked[MJ_GROUPS];
    for (int g = 0; g < MJ_GROUPS; g++)
        mj_targets_unpack(groups[g].u, &unpacked[g]);
    if (rules->max_suits >= 3 && rules->kinds == QIPAI_MJ_KINDS && demand <= budget) {
        /* The common case, straight through: no suit limit, no sharing. */
        mj_targets low, high;
        mj_combine_bytes(unpacked[0].u, unpacked[1].u, low.u);
        mj_combine_bytes(unpacked[2].u, unpacked[3].u, high.u);
        return mj_targets_final(&low, &high, k) - v->wilds - 1;
    }
    mj_configs configs;
    mj_configs_of(rules, &configs);
    int best = MJ_FAR;
    for (int c = 0; c < configs.count; c++) {
        uint8_t kept = configs.kept[c];
        if (demand > budget) {
            MIN_INTO(best, shared_fifths(rules, v, kept, groups, budget, k));
            continue;
        }
        mj_targets low, high;
        mj_targets_combine(mj_group_use(rules, kept, 0, &unpacked[0]),
                           mj_group_use(rules, kept, 1, &unpacked[1]), &low);
        mj_targets_combine(mj_group_use(rules, kept, 2, &unpacked[2]),
                           mj_group_use(rules, kept, 3, &unpacked[3]), &high);
        MIN_INTO(best, mj_targets_final(&low, &high, k));
    }
    return best >= MJ_FAR ? MJ_NO_FORM : best - v->wilds - 1;
}

/* ---- seven pairs and thirteen orphans ------------------------------------- */

void mj_seven_pairs_count(const qipai_mj_rules *rules, const uint8_t *c, uint8_t kept, int *pairs,
                          int *singles)
{
    uint8_t bytes[40] = {0};
    memcpy(bytes, c, QIPAI_MJ_KINDS);
    for (int g = 0; g < 3; g++)
        if (!(kept >> g & 1))
            memset(bytes + 9 * g, 0, 9);
    uint64_t p = 0, s = 0;
    for (int w = 0; w < 5; w++) {
        uint64_t x;
        memcpy(&x, bytes + 8 * w, 8);
        uint64_t bit0 = x & MJ_BYTES(1), bit1 = (x >> 1) & MJ_BYTES(1), bit2 = (x >> 2) & MJ_BYTES(1);
        if (rules->seven_pairs_distinct) {
            p += bit1 | bit2;                   /* two or more */
            s += bit0 & ~(bit1 | bit2);         /* exactly one */
        } else {
            p += (x >> 1) & MJ_BYTES(3);         /* c / 2 */
            s += bit0;                           /* c odd */
        }
    }
    *pairs = (int)((p * MJ_BYTES(1)) >> 56);
    *singles = (int)((s * MJ_BYTES(1)) >> 56);
}

int mj_seven_pairs_from(int pairs, int singles, int wilds)
{
    if (pairs > 7)
        pairs = 7;
    int matched = 2 * pairs + (singles < 7 - pairs ? singles : 7 - pairs);
    return 13 - matched - wilds;
}

int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept)
{
    int held = 0, pair = 0, dropped = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (!mj_is_orphan(k))
            continue;
        if (k < 27 && !(kept >> (k / 9) & 1)) {
            dropped++;
            continue;
        }
        held += v->c[k] > 0;
        pair |= v->c[k] >= 2;
    }
    /* A dropped suit's terminals can only be wildcards, held or drawn. */
    if (!rules->wild_kinds && dropped > v->wilds)
        return MJ_NO_FORM;
    return 13 - held - pair - v->wilds;
}

int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v, qipai_mj_shanten_forms *forms)
{
    qipai_mj_shanten_forms f = {MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM};
    if (v->total % 3 != 0 && v->total <= QIPAI_MJ_MAX_TILES) {
        if (rules->forms & QIPAI_MJ_FORM_STANDARD) {
            mj_group_targets groups[MJ_GROUPS];
            int budget = mj_fifth_budget(rules, v);
            for (int g = 0; g < MJ_GROUPS; g++)
                mj_group_targets_at(v->c, g, v->key[g], budget, &groups[g]);
            f.standard = (int8_t)mj_standard_shanten(rules, v, groups);
        }
        if (v->total >= 13) {
            mj_configs configs;
            mj_configs_of(rules, &configs);
            int seven = MJ_NO_FORM, orphans = MJ_NO_FORM;
            for (int c = 0; c < configs.count; c++) {
                if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
                    int pairs, singles;
                    mj_seven_pairs_count(rules, v->c, configs.kept[c], &pairs, &singles);
                    MIN_INTO(seven, mj_seven_pairs_from(pairs, singles, v->wilds));
                }
                if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) &&
                    rules->kinds == QIPAI_MJ_KINDS)
                    MIN_INTO(orphans, mj_thirteen_orphans_shanten(rules, v, configs.kept[c]));
            }
            f.seven_pairs = (int8_t)seven;
            f.thirteen_orphans = (int8_t)orphans;
        }
        f.shanten = f.standard;
        if (f.seven_pairs < f.shanten)
            f.shanten = f.seven_pairs;
        if (f.thirteen_orphans < f.shanten)
            f.shanten = f.thirteen_orphans;
    }
    if (forms)
        *forms = f;
    return f.shanten;
}

int qipai_mj_shanten(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                     qipai_mj_shanten_forms *forms)
{
    mj_view v;
    if (!mj_view_init(&v, rules, hand)) {
        qipai_mj_shanten_forms none = {MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM};
        if (forms)
            *forms = none;
        return MJ_NO_FORM;
    }
    return mj_shanten_view(rules, &v, forms);
}
