/*
 * Shanten (docs/RULES.md, "Shanten"): the least number of tiles a hand still
 * needs, minus one, per form and over the rule set's forms. Exact: draws
 * must exist (the tables never count a fifth copy as drawable), and a
 * wildcard may be a fifth copy, which the tables mark separately because
 * it is limited by the wildcards the hand holds.
 */
#include "mahjong/shanten.h"

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

uint64_t mj_spread_to_nibbles(unsigned bits)
{
    uint64_t out = 0;
    for (; bits; bits &= bits - 1)
        out |= (uint64_t)1 << (4 * __builtin_ctz(bits));
    return out;
}

void mj_group_targets_at(const uint8_t *c, int g, uint32_t key, int budget, mj_group_targets *t)
{
    uint32_t rank = mj_key_rank(key);
    t->empty = mj_key_tiles(key) == 0;
    t->fifths = 0;
    if (g < 3) {
        t->strict = mj_target_nibbles(mj_suit_target_code(rank));
        t->u = t->strict;
        if (budget <= 0)
            return;
        uint64_t word;
        memcpy(&word, c + 9 * g, sizeof word);
        /* Counts are 0..4, so bit 2 set means four of a kind. */
        if ((word & MJ_BYTES(4)) || (c[9 * g + 8] & 4)) {
            unsigned flags = mj_suit_fifth_flags(rank);
            if (flags) {
                t->u -= mj_spread_to_nibbles(flags);
                t->fifths = 1;
            }
        }
        return;
    }
    t->strict = mj_target_nibbles(mj_honor_shanten[rank]);
    t->u = t->strict;
    if (budget <= 0)
        return;
    int quad = 0;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        quad |= c[k] == 4;
    if (!quad)
        return;
    int f = budget < MJ_HONOR_FIFTHS ? budget : MJ_HONOR_FIFTHS;
    uint16_t best = mj_honor_fifths[rank][f - 1];
    while (f > 1 && mj_honor_fifths[rank][f - 2] == best)
        f--; /* the fewest fifth copies that reach the same targets */
    uint64_t u = mj_target_nibbles(best);
    if (u != t->strict) {
        t->u = u;
        t->fifths = f;
    }
}

/* The vectors of the groups that count: kept, and holding tiles. */
static int counted(const qipai_mj_rules *rules, uint8_t kept, const mj_group_targets *groups,
                   const uint64_t *use, mj_vec *out)
{
    int n = 0;
    for (int g = 0; g < MJ_GROUPS; g++)
        if (mj_group_kept(rules, kept, g) && !groups[g].empty)
            out[n++] = mj_vec_from_nibbles(use[g]);
    return n;
}

/* When the groups together want more fifth copies than the hand can
 * afford, try each way of sharing them (rare: quads and few wildcards). */
static int shared_fifths(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept,
                         const mj_group_targets groups[MJ_GROUPS], int budget, int k)
{
    int best = 255;
    uint32_t honor_rank = mj_key_rank(v->key[3]);
    for (unsigned loose = 0; loose < 8; loose++) {
        uint64_t use[MJ_GROUPS];
        int used = 0, skip = 0;
        for (int g = 0; g < 3; g++) {
            bool wants = loose >> g & 1;
            skip |= wants && !groups[g].fifths; /* each subset once */
            used += wants;
            use[g] = wants ? groups[g].u : groups[g].strict;
        }
        if (skip || used > budget)
            continue;
        use[3] = groups[3].strict;
        int f = budget - used < MJ_HONOR_FIFTHS ? budget - used : MJ_HONOR_FIFTHS;
        if (groups[3].fifths && f > 0)
            use[3] = mj_target_nibbles(mj_honor_fifths[honor_rank][f - 1]);
        mj_vec vectors[MJ_GROUPS];
        int value = mj_targets_best(vectors, counted(rules, kept, groups, use, vectors), k);
        best = value < best ? value : best;
    }
    return best;
}

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS])
{
    int k = v->total / 3, budget = mj_fifth_budget(rules, v);
    int demand = groups[0].fifths + groups[1].fifths + groups[2].fifths + groups[3].fifths;
    uint64_t use[MJ_GROUPS];
    for (int g = 0; g < MJ_GROUPS; g++)
        use[g] = demand <= budget ? groups[g].u : groups[g].strict;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    int best = 255;
    for (int c = 0; c < configs.count; c++) {
        int value;
        if (demand > budget) {
            value = shared_fifths(rules, v, configs.kept[c], groups, budget, k);
        } else {
            mj_vec vectors[MJ_GROUPS];
            value = mj_targets_best(vectors, counted(rules, configs.kept[c], groups, use, vectors),
                                    k);
        }
        best = value < best ? value : best;
    }
    return best >= MJ_FAR ? MJ_NO_FORM : best - v->wilds - 1;
}

/* ---- seven pairs and thirteen orphans ------------------------------------- */

void mj_seven_pairs_count(const qipai_mj_rules *rules, const uint8_t *c, uint8_t kept, int *pairs,
                          int *singles)
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
    for (int w = 0; w < 5; w++) {
        uint64_t x = word[w];
        uint64_t bit0 = x & MJ_BYTES(1), many = ((x >> 1) | (x >> 2)) & MJ_BYTES(1);
        if (rules->seven_pairs_distinct) {
            p += many;          /* two or more: one pair */
            s += bit0 & ~many;  /* exactly one */
        } else {
            p += (x >> 1) & MJ_BYTES(3); /* c / 2 */
            s += bit0;                   /* c odd */
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

/* The standard form without a suit limit and with no fifth copy in play
 * (no four of a kind, or no wildcard to stand for a fifth): straight
 * through. Returns MJ_NO_FORM + 1 when the general path must decide. */
static int standard_straight(const qipai_mj_rules *rules, const mj_view *v)
{
    if (rules->max_suits < 3 || rules->kinds < QIPAI_MJ_KINDS)
        return MJ_NO_FORM + 1;
    /* Fifth copies need four of a kind and a wildcard to stand for one. */
    bool fifths = v->quads && mj_fifth_budget(rules, v) > 0;
    mj_vec vectors[MJ_GROUPS];
    int n = 0;
    for (int g = 0; g < MJ_GROUPS; g++) {
        uint32_t key = v->key[g];
        if (mj_key_tiles(key) == 0)
            continue;
        if (fifths) {
            /* Counts are 0..4: bit 2 set is four of a kind. */
            uint64_t word = 0;
            memcpy(&word, v->c + 9 * g, g < 3 ? 8 : 7);
            if ((word & MJ_BYTES(4)) || (g < 3 && (v->c[9 * g + 8] & 4)))
                return MJ_NO_FORM + 1;
        }
        uint16_t code = g < 3 ? mj_suit_target_code(mj_key_rank(key)) : mj_honor_shanten[mj_key_rank(key)];
        vectors[n++] = mj_vec_from_nibbles(mj_target_nibbles(code));
    }
    return mj_targets_best(vectors, n, v->total / 3) - v->wilds - 1;
}

int mj_shanten_view(const qipai_mj_rules *rules, const mj_view *v, qipai_mj_shanten_forms *forms)
{
    qipai_mj_shanten_forms f = {MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM, MJ_NO_FORM};
    if (v->total % 3 != 0 && v->total <= QIPAI_MJ_MAX_TILES) {
        if (rules->forms & QIPAI_MJ_FORM_STANDARD) {
            int s = standard_straight(rules, v);
            if (s == MJ_NO_FORM + 1) {
                mj_group_targets groups[MJ_GROUPS];
                int budget = mj_fifth_budget(rules, v);
                for (int g = 0; g < MJ_GROUPS; g++)
                    mj_group_targets_at(v->c, g, v->key[g], budget, &groups[g]);
                s = mj_standard_shanten(rules, v, groups);
            }
            f.standard = (int8_t)s;
        }
        if (v->total >= 13) {
            mj_configs configs;
            mj_configs_of(rules, &configs);
            int seven = MJ_NO_FORM, orphans = MJ_NO_FORM;
            for (int c = 0; c < configs.count; c++) {
                if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
                    int pairs, singles, s;
                    mj_seven_pairs_count(rules, v->c, configs.kept[c], &pairs, &singles);
                    s = mj_seven_pairs_from(pairs, singles, v->wilds);
                    seven = s < seven ? s : seven;
                }
                if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) &&
                    rules->kinds == QIPAI_MJ_KINDS) {
                    int s = mj_thirteen_orphans_shanten(rules, v, configs.kept[c]);
                    orphans = s < orphans ? s : orphans;
                }
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
