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
    if (rules->max_suits >= 3) {
        out->count = 1;
        out->kept[0] = 7;
    } else if (rules->max_suits == 0) {
        out->count = 1;
        out->kept[0] = 0;
    } else {
        out->count = 3;
        memcpy(out->kept, rules->max_suits == 2 ? keep_two : keep_one, 3);
    }
}

void mj_targets_combine(const mj_targets *a, const mj_targets *b, mj_targets *out)
{
    for (int m = 0; m <= 4; m++) {
        int melds = MJ_FAR, pair = MJ_FAR;
        for (int i = 0; i <= m; i++) {
            int j = m - i;
            int x = a->u[2 * i] + b->u[2 * j];
            int y = a->u[2 * i] + b->u[2 * j + 1];
            int z = a->u[2 * i + 1] + b->u[2 * j];
            melds = x < melds ? x : melds;
            pair = y < pair ? y : pair;
            pair = z < pair ? z : pair;
        }
        out->u[2 * m] = (uint8_t)(melds < MJ_FAR ? melds : MJ_FAR);
        out->u[2 * m + 1] = (uint8_t)(pair < MJ_FAR ? pair : MJ_FAR);
    }
}

static bool honors_hold_a_quad(const uint8_t *c)
{
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        if (c[k] == 4)
            return true;
    return false;
}

void mj_group_targets_of(const uint8_t *c, int g, int budget, mj_group_targets *t)
{
    if (g < 3) {
        uint32_t packed = mj_suit_shanten[mj_suit_rank(c + 9 * g)];
        mj_targets_decode(packed, &t->strict);
        t->loose = t->strict;
        t->fifths = 0;
        if (budget > 0 && (packed >> 18)) {
            mj_targets_loosen(packed, &t->loose);
            t->fifths = 1;
        }
        return;
    }
    uint32_t rank = mj_honor_rank(c + 27);
    mj_targets_decode(mj_honor_shanten[rank], &t->strict);
    t->loose = t->strict;
    t->fifths = 0;
    if (budget > 0 && honors_hold_a_quad(c)) {
        int f = budget < MJ_HONOR_FIFTHS ? budget : MJ_HONOR_FIFTHS;
        uint32_t best = mj_honor_fifths[rank][f - 1];
        /* The fewest fifth copies that reach the same targets. */
        int used = f;
        while (used > 1 && mj_honor_fifths[rank][used - 2] == best)
            used--;
        mj_targets_decode(best, &t->loose);
        t->fifths = memcmp(&t->loose, &t->strict, sizeof t->loose) ? used : 0;
    }
}

/* When the groups together want more fifth copies than the hand can
 * afford, try each way of sharing them (rare: quads and few wildcards). */
static int shared_fifths(const mj_view *v, const mj_group_targets groups[MJ_GROUPS],
                         const mj_targets *use[MJ_GROUPS], int budget, int k)
{
    int best = MJ_FAR;
    uint32_t honor_rank = mj_honor_rank(v->c + 27);
    for (unsigned mask = 0; mask < 8; mask++) {
        const mj_targets *pick[MJ_GROUPS];
        int used = 0;
        for (int g = 0; g < 3; g++) {
            bool loose = (mask >> g & 1) && groups[g].fifths && use[g] != &mj_targets_nothing;
            if ((mask >> g & 1) && !loose)
                goto next; /* each subset once */
            used += loose;
            pick[g] = loose ? &groups[g].loose : use[g] == &mj_targets_nothing
                                                    ? &mj_targets_nothing
                                                    : &groups[g].strict;
        }
        if (used > budget)
            continue;
        mj_targets honors;
        pick[3] = use[3];
        if (use[3] != &mj_targets_nothing && groups[3].fifths) {
            int f = budget - used < MJ_HONOR_FIFTHS ? budget - used : MJ_HONOR_FIFTHS;
            if (f > 0) {
                mj_targets_decode(mj_honor_fifths[honor_rank][f - 1], &honors);
                pick[3] = &honors;
            } else {
                pick[3] = &groups[3].strict;
            }
        }
        mj_targets low, high;
        mj_targets_combine(pick[0], pick[1], &low);
        mj_targets_combine(pick[2], pick[3], &high);
        int value = mj_targets_final(&low, &high, k);
        best = value < best ? value : best;
    next:;
    }
    return best;
}

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS])
{
    int k = v->total / 3, budget = mj_fifth_budget(rules, v), demand = 0;
    for (int g = 0; g < MJ_GROUPS; g++)
        demand += groups[g].fifths;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    int best = MJ_FAR;
    for (int c = 0; c < configs.count; c++) {
        const mj_targets *use[MJ_GROUPS];
        for (int g = 0; g < 3; g++)
            use[g] = !(configs.kept[c] >> g & 1) ? &mj_targets_nothing
                     : demand <= budget         ? &groups[g].loose
                                                : &groups[g].strict;
        use[3] = rules->kinds < QIPAI_MJ_KINDS ? &mj_targets_nothing
                 : demand <= budget            ? &groups[3].loose
                                               : &groups[3].strict;
        int value;
        if (demand <= budget) {
            mj_targets low, high;
            mj_targets_combine(use[0], use[1], &low);
            mj_targets_combine(use[2], use[3], &high);
            value = mj_targets_final(&low, &high, k);
        } else {
            value = shared_fifths(v, groups, use, budget, k);
        }
        best = value < best ? value : best;
    }
    return best - v->wilds - 1;
}

static bool kind_kept(int kind, uint8_t kept)
{
    return kind >= 27 || (kept >> (kind / 9) & 1);
}

int mj_seven_pairs_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept)
{
    int pairs = 0, singles = 0;
    for (int k = 0; k < rules->kinds; k++) {
        int c = kind_kept(k, kept) ? v->c[k] : 0;
        if (rules->seven_pairs_distinct) {
            pairs += c >= 2;
            singles += c == 1;
        } else {
            pairs += c / 2;
            singles += c & 1;
        }
    }
    if (pairs > 7)
        pairs = 7;
    int matched = 2 * pairs + (singles < 7 - pairs ? singles : 7 - pairs);
    return 13 - matched - v->wilds;
}

int mj_thirteen_orphans_shanten(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept)
{
    int held = 0, pair = 0, dropped = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (!mj_is_orphan(k))
            continue;
        if (!kind_kept(k, kept)) {
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
                mj_group_targets_of(v->c, g, budget, &groups[g]);
            f.standard = (int8_t)mj_standard_shanten(rules, v, groups);
        }
        if (v->total >= 13) {
            mj_configs configs;
            mj_configs_of(rules, &configs);
            for (int c = 0; c < configs.count; c++) {
                if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
                    int s = mj_seven_pairs_shanten(rules, v, configs.kept[c]);
                    f.seven_pairs = (int8_t)(s < f.seven_pairs ? s : f.seven_pairs);
                }
                if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) &&
                    rules->kinds == QIPAI_MJ_KINDS) {
                    int s = mj_thirteen_orphans_shanten(rules, v, configs.kept[c]);
                    f.thirteen_orphans = (int8_t)(s < f.thirteen_orphans ? s : f.thirteen_orphans);
                }
            }
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
