/*
 * Shanten (docs/RULES.md, "Shanten"): the least number of tiles a hand still
 * needs, minus one, per form and over the rule set's forms. Exact: draws
 * must exist (the tables never count a fifth copy as drawable), and a
 * wildcard may be a fifth copy, which the tables keep apart because it is
 * limited by the wildcards the hand holds. Groups combine by table lookup
 * (shape.h, "Shanten targets").
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

void mj_group_targets_at(const uint8_t *c, int g, uint32_t key, int budget, mj_group_targets *t)
{
    uint32_t rank = mj_key_rank(key);
    t->fifths = 0;
    if (g < 3) {
        uint32_t entry = mj_suit_classes[mj_suit_class[rank]];
        t->strict = t->u = (uint8_t)(entry >> 8);
        if (budget > 0 && (uint8_t)(entry >> 16) != t->strict) {
            t->u = (uint8_t)(entry >> 16);
            t->fifths = 1;
        }
        return;
    }
    t->strict = t->u = mj_honor_targets[rank];
    if (budget <= 0)
        return;
    int quad = 0;
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        quad |= c[k] == 4;
    if (!quad)
        return;
    int f = budget < MJ_HONOR_FIFTHS ? budget : MJ_HONOR_FIFTHS;
    uint8_t best = mj_honor_fifths[rank][f - 1];
    while (f > 1 && mj_honor_fifths[rank][f - 2] == best)
        f--; /* the fewest fifth copies that reach the same targets */
    if (best != t->strict) {
        t->u = best;
        t->fifths = f;
    }
}

/* The groups' vectors combined, the groups not kept taken as empty. */
static uint8_t combined(const qipai_mj_rules *rules, uint8_t kept, const uint8_t use[MJ_GROUPS])
{
    uint8_t v[MJ_GROUPS];
    for (int g = 0; g < MJ_GROUPS; g++)
        v[g] = mj_group_kept(rules, kept, g) ? use[g] : MJ_TARGET_EMPTY;
    return mj_combine(mj_combine(v[0], v[1]), mj_combine(v[2], v[3]));
}

/* When the groups together want more fifth copies than the hand can
 * afford, try each way of sharing them (rare: quads and few wildcards). */
static int shared_fifths(const qipai_mj_rules *rules, const mj_view *v, uint8_t kept,
                         const mj_group_targets groups[MJ_GROUPS], int budget, int k)
{
    int best = MJ_IMPOSSIBLE;
    uint32_t honor_rank = mj_key_rank(v->key[3]);
    for (unsigned loose = 0; loose < 8; loose++) {
        uint8_t use[MJ_GROUPS];
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
            use[3] = mj_honor_fifths[honor_rank][f - 1];
        int value = mj_target_least(combined(rules, kept, use), k);
        best = value < best ? value : best;
    }
    return best;
}

int mj_standard_shanten(const qipai_mj_rules *rules, const mj_view *v,
                        const mj_group_targets groups[MJ_GROUPS])
{
    int k = v->total / 3, budget = mj_fifth_budget(rules, v);
    int demand = groups[0].fifths + groups[1].fifths + groups[2].fifths + groups[3].fifths;
    uint8_t use[MJ_GROUPS];
    for (int g = 0; g < MJ_GROUPS; g++)
        use[g] = demand <= budget ? groups[g].u : groups[g].strict;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    int best = MJ_IMPOSSIBLE;
    for (int c = 0; c < configs.count; c++) {
        int value = demand > budget ? shared_fifths(rules, v, configs.kept[c], groups, budget, k)
                                    : mj_target_least(combined(rules, configs.kept[c], use), k);
        best = value < best ? value : best;
    }
    return best - v->wilds - 1;
}

/* ---- seven pairs and thirteen orphans ------------------------------------- */

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
 * (no four of a kind, or no wildcard to stand for a fifth): four lookups
 * and three combinations. Returns MJ_NO_FORM + 1 when the general path
 * must decide. */
static int standard_straight(const qipai_mj_rules *rules, const mj_view *v)
{
    if (rules->max_suits < 3 || rules->kinds < QIPAI_MJ_KINDS ||
        (mj_fifth_budget(rules, v) > 0 && mj_view_has_quad(v)))
        return MJ_NO_FORM + 1;
    uint8_t a = mj_suit_targets(mj_key_rank(v->key[0]));
    uint8_t b = mj_suit_targets(mj_key_rank(v->key[1]));
    uint8_t c = mj_suit_targets(mj_key_rank(v->key[2]));
    uint8_t d = mj_honor_targets[mj_key_rank(v->key[3])];
    return mj_target_least(mj_combine(mj_combine(a, b), mj_combine(c, d)), v->total / 3) -
           v->wilds - 1;
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
            mj_configs configs = {1, {7}};
            if (rules->max_suits < 3)
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
