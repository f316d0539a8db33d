/*
 * Effective tiles (有效牌) and discard advice (docs/RULES.md, "Shanten").
 *
 * A drawn tile lowers each target of its group by 0 or 1 (shape.h), so a
 * hand's shanten drops exactly when the tile lowers a target of its group
 * that lies on an optimal split. The optimal targets of each group are found
 * once (the other groups combined, as in a forward-backward pass); then each
 * candidate costs one table lookup and one subtraction. Seven pairs and
 * thirteen orphans drop by counting. A candidate whose fifth copies outgrow
 * the hand's wildcards is counted in full (exact, and rare).
 */
#include "mahjong/shanten.h"
#include "common/fail.h"

typedef struct probe {
    const qipai_mj_rules *rules;
    const mj_view *v;
    int budget, demand, k;
    mj_group_targets groups[MJ_GROUPS];
    unsigned optimal[MJ_GROUPS]; /* bit 2m+p: target on an optimal split */
} probe;

/* For one configuration (the groups kept): the least sum over splits, and
 * for each kept group the targets on a split reaching it (a group not
 * kept is taken as empty and gets none). */
static int optimal_in(const probe *p, uint8_t kept, unsigned optimal[MJ_GROUPS])
{
    uint8_t v[MJ_GROUPS];
    for (int g = 0; g < MJ_GROUPS; g++)
        v[g] = mj_group_kept(p->rules, kept, g) ? p->groups[g].u : MJ_TARGET_EMPTY;
    uint8_t front = mj_combine(v[0], v[1]), back = mj_combine(v[2], v[3]);
    uint8_t others[MJ_GROUPS] = {mj_combine(v[1], back), mj_combine(v[0], back),
                                 mj_combine(front, v[3]), mj_combine(front, v[2])};
    int n = mj_target_vectors, k = p->k;
    for (int g = 0; g < MJ_GROUPS; g++)
        optimal[g] = mj_group_kept(p->rules, kept, g)
                         ? mj_target_optimal[((size_t)v[g] * (size_t)n + others[g]) * 5 + (size_t)k]
                         : 0;
    return mj_target_least(mj_combine(front, back), k);
}

/* Fills p->optimal over the configurations reaching the least sum; returns
 * the standard form's shanten. */
static int standard_optimal(probe *p)
{
    mj_configs configs;
    mj_configs_of(p->rules, &configs);
    unsigned optimal[MJ_MAX_CONFIGS][MJ_GROUPS];
    int value[MJ_MAX_CONFIGS], best = 255;
    for (int c = 0; c < configs.count; c++) {
        value[c] = optimal_in(p, configs.kept[c], optimal[c]);
        best = value[c] < best ? value[c] : best;
    }
    for (int g = 0; g < MJ_GROUPS; g++) {
        p->optimal[g] = 0;
        for (int c = 0; c < configs.count; c++)
            if (value[c] == best)
                p->optimal[g] |= optimal[c][g];
    }
    return best - p->v->wilds - 1;
}

/* Bit mp of `bits` moved to bit 0 of nibble mp. */
static uint64_t spread_to_nibbles(unsigned bits)
{
    uint64_t out = 0;
    for (; bits; bits &= bits - 1)
        out |= (uint64_t)1 << (4 * __builtin_ctz(bits));
    return out;
}

/* Kinds of suit g (or the honors) as a bit set. */
static uint64_t group_kinds(int g)
{
    return (uint64_t)(g < 3 ? 0x1FF : 0x7F) << (9 * g);
}

/* Kinds whose draw lowers seven pairs or thirteen orphans, when that form
 * is at the hand's shanten. */
static uint64_t other_forms_lowered(const probe *p, const mj_count_bits *bits, int now)
{
    const qipai_mj_rules *rules = p->rules;
    const mj_view *v = p->v;
    if (v->total != 13)
        return 0;
    uint64_t b0 = bits->bit[0], b1 = bits->bit[1], b2 = bits->bit[2];
    uint64_t none = ~(b0 | b1 | b2), once = b0 & ~b1 & ~b2, many = b1 | b2;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    uint64_t lowers = 0;
    for (int c = 0; c < configs.count; c++) {
        uint8_t kept = configs.kept[c];
        uint64_t keep = group_kinds(3);
        for (int g = 0; g < 3; g++)
            if (kept >> g & 1)
                keep |= group_kinds(g);
        if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
            int pairs, singles;
            mj_seven_pairs_count(rules, v->c, kept, &pairs, &singles);
            if (mj_seven_pairs_from(pairs, singles, v->wilds) == now && pairs < 7) {
                /* A draw completes a pair from a single, or opens a new
                 * single (useful only while singles are short). */
                uint64_t completes = rules->seven_pairs_distinct ? once : b0;
                uint64_t opens = rules->seven_pairs_distinct ? none : ~b0 & ~b2;
                lowers |= (completes | (singles < 7 - pairs ? opens : 0)) & keep;
            }
        }
        if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && rules->kinds == QIPAI_MJ_KINDS &&
            mj_thirteen_orphans_shanten(rules, v, kept) == now) {
            uint64_t orphans = MJ_ORPHANS & keep;
            bool pair = (orphans & many) != 0;
            lowers |= orphans & (none | (pair ? 0 : once));
        }
    }
    return lowers;
}

/* A group's table index in two parts, so that adding one tile of a kind
 * costs two lookups (shape.h: a head and a tail). */
typedef struct group_index {
    unsigned head, tail, head_tiles;
    uint32_t head_part, tail_value;
} group_index;

static const unsigned power5[6] = {1, 5, 25, 125, 625, 3125};

static void group_index_of(const uint8_t *c, int g, group_index *x)
{
    int head_len = g < 3 ? MJ_SUIT_KEY_HEAD : MJ_HONOR_KEY_HEAD, len = g < 3 ? 9 : 7;
    x->head = x->tail = x->head_tiles = 0;
    for (int i = head_len - 1; i >= 0; i--) {
        x->head = 5 * x->head + c[i];
        x->head_tiles += c[i];
    }
    for (int i = len - 1; i >= head_len; i--)
        x->tail = 5 * x->tail + c[i];
    if (g < 3) {
        x->head_part = mj_suit_head[x->head] & MJ_KEY_RANK_MASK;
        x->tail_value = mj_suit_tail[x->head_tiles][x->tail];
    } else {
        x->head_part = mj_honor_head[x->head] & MJ_KEY_RANK_MASK;
        x->tail_value = mj_honor_tail[x->head_tiles][x->tail];
    }
}

/* The key (shape.h) of the group with one more tile at position pos. */
static uint32_t key_with(const group_index *x, int g, int pos)
{
    uint32_t key;
    if (g < 3)
        key = pos < MJ_SUIT_KEY_HEAD
                  ? (mj_suit_head[x->head + power5[pos]] & MJ_KEY_RANK_MASK) +
                        mj_suit_tail[x->head_tiles + 1][x->tail]
                  : x->head_part +
                        mj_suit_tail[x->head_tiles][x->tail + power5[pos - MJ_SUIT_KEY_HEAD]];
    else
        key = pos < MJ_HONOR_KEY_HEAD
                  ? (mj_honor_head[x->head + power5[pos]] & MJ_KEY_RANK_MASK) +
                        mj_honor_tail[x->head_tiles + 1][x->tail]
                  : x->head_part +
                        mj_honor_tail[x->head_tiles][x->tail + power5[pos - MJ_HONOR_KEY_HEAD]];
    return key;
}

/* Whether the standard form's shanten drops when t is drawn, counted in
 * full (for the rare hands whose fifth copies outgrow their wildcards). */
static bool standard_drops_in_full(const qipai_mj_rules *rules, const mj_view *v, uint8_t *c,
                                   int t, int now)
{
    qipai_mj_hand more;
    memcpy(more.counts, c, sizeof more.counts);
    more.counts[t]++;
    more.wilds = (uint8_t)v->wilds;
    mj_view w;
    mj_view_init(&w, rules, &more);
    qipai_mj_shanten_forms f;
    mj_shanten_view(rules, &w, &f);
    return f.standard < now;
}

/* Kinds whose draw lowers the standard form's shanten `now`, given
 * p->optimal (or, when the hand's fifth copies outgrow its wildcards,
 * counting each candidate in full). */
static uint64_t standard_lowered(probe *p, const mj_count_bits *bits, bool coupled, int now)
{
    const qipai_mj_rules *rules = p->rules;
    const mj_view *v = p->v;
    uint8_t c[QIPAI_MJ_KINDS];
    memcpy(c, v->c, sizeof c);
    uint64_t mask = 0;
    for (int g = 0; g < MJ_GROUPS && 9 * g < rules->kinds; g++) {
        int first = 9 * g, len = g < 3 ? 9 : 7;
        group_index x;
        group_index_of(c + first, g, &x);
        unsigned fours = (unsigned)(bits->bit[2] >> first) & ((1u << len) - 1);
        unsigned threes = (unsigned)((bits->bit[0] & bits->bit[1]) >> first) & ((1u << len) - 1);
        bool quad = fours != 0;
        /* Without fifth copies in play, the table lists the kinds that
         * lower each target: OR the optimal ones. A kind held three times
         * may make four, whose fifth copies then count: those are tried
         * one by one below, as is every kind when the group holds four. */
        unsigned one_by_one = (1u << len) - 1;
        if (!coupled && !(p->budget > 0 && quad)) {
            const uint32_t *entry = g < 3 ? &mj_suit_lowers[3 * mj_key_rank(v->key[g])]
                                          : &mj_honor_lowers[3 * mj_key_rank(v->key[g])];
            unsigned lowers = mj_lowering_kinds(entry, p->optimal[g]);
            one_by_one = p->budget > 0 ? threes : 0;
            mask |= (uint64_t)(lowers & ~one_by_one) << first;
        }
        for (; one_by_one; one_by_one &= one_by_one - 1) {
            int pos = __builtin_ctz(one_by_one), t = first + pos;
            if (c[t] >= QIPAI_MJ_MAX_COPIES || (rules->wild_kinds >> t & 1))
                continue;
            if (coupled) {
                mask |= (uint64_t)standard_drops_in_full(rules, v, c, t, now) << t;
                continue;
            }
            uint32_t key = key_with(&x, g, pos);
            mj_group_targets after;
            c[t]++;
            mj_group_targets_at(c, g, key, p->budget, &after);
            c[t]--;
            bool lowered;
            if (p->demand - p->groups[g].fifths + after.fifths > p->budget) {
                lowered = standard_drops_in_full(rules, v, c, t, now);
            } else {
                /* Each target drops by 0 or 1: a borrow-free subtraction. */
                uint64_t dropped =
                    (mj_target_vector[p->groups[g].u] - mj_target_vector[after.u]) & MJ_NIBBLE_LOWS;
                lowered = (dropped & spread_to_nibbles(p->optimal[g])) != 0;
            }
            mask |= (uint64_t)lowered << t;
        }
    }
    return mask;
}

/* Seven pairs and thirteen orphans of the view, least over the suit
 * choices (MJ_NO_FORM when absent). */
static void other_forms(const probe *p, int *seven, int *orphans)
{
    const qipai_mj_rules *rules = p->rules;
    *seven = *orphans = MJ_NO_FORM;
    if (p->v->total != 13)
        return;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    for (int c = 0; c < configs.count; c++) {
        if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
            int pairs, singles, s;
            mj_seven_pairs_count(rules, p->v->c, configs.kept[c], &pairs, &singles);
            s = mj_seven_pairs_from(pairs, singles, p->v->wilds);
            *seven = s < *seven ? s : *seven;
        }
        if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && rules->kinds == QIPAI_MJ_KINDS) {
            int s = mj_thirteen_orphans_shanten(rules, p->v, configs.kept[c]);
            *orphans = s < *orphans ? s : *orphans;
        }
    }
}

/* The effective kinds of a valid 3k+1 view, as bits; its shanten in *now. */
static uint64_t effective_mask(const qipai_mj_rules *rules, const mj_view *v, int *now)
{
    probe p = {.rules = rules, .v = v, .budget = mj_fifth_budget(rules, v), .k = (v->total + 1) / 3};
    int standard = MJ_NO_FORM, seven, orphans;
    bool coupled = false;
    if (rules->forms & QIPAI_MJ_FORM_STANDARD) {
        for (int g = 0; g < MJ_GROUPS; g++) {
            mj_group_targets_at(v->c, g, v->key[g], p.budget, &p.groups[g]);
            p.demand += p.groups[g].fifths;
        }
        coupled = p.demand > p.budget;
        standard = coupled ? mj_standard_shanten(rules, v, p.groups) : standard_optimal(&p);
    }
    other_forms(&p, &seven, &orphans);
    *now = standard < seven ? standard : seven;
    *now = orphans < *now ? orphans : *now;
    uint64_t mask = 0;
    mj_count_bits bits;
    mj_count_bits_of(v->c, &bits);
    if (standard == *now && standard != MJ_NO_FORM)
        mask |= standard_lowered(&p, &bits, coupled, *now);
    mask |= other_forms_lowered(&p, &bits, *now);
    /* A real draw must exist (fewer than four held) and not be wild. */
    uint64_t tile_set = ((uint64_t)1 << rules->kinds) - 1;
    mask &= tile_set & ~bits.bit[2] & ~rules->wild_kinds;
    /* A drawn wildcard covers one more tile of any target: it always helps a
     * 3k+1 hand, whose shanten is at least 0. */
    if (*now != MJ_NO_FORM)
        mask |= rules->wild_kinds & tile_set;
    return mask;
}

static void effective_view(const qipai_mj_rules *rules, const mj_view *v, const uint8_t *visible,
                           qipai_mj_effective *out)
{
    int now;
    uint64_t mask = effective_mask(rules, v, &now);
    out->shanten = (int8_t)now;
    out->count = 0;
    out->total = 0;
    for (; mask; mask &= mask - 1) {
        int t = __builtin_ctzll(mask);
        int left = QIPAI_MJ_MAX_COPIES - v->c[t] - (visible ? visible[t] : 0);
        qipai_mj_tile_count *tile = &out->tiles[out->count++];
        tile->kind = (uint8_t)t;
        tile->left = (uint8_t)(left > 0 ? left : 0);
        out->total = (uint16_t)(out->total + tile->left);
    }
}

static qipai_err checked_view(const qipai_mj_rules *rules, const qipai_mj_hand *hand, mj_view *v,
                              int remainder, const char *what, qipai_error *err)
{
    /* The view checks the limits cheaply; the slow check names the problem. */
    if (!mj_view_init(v, rules, hand)) {
        qipai_err e = qipai_mj_hand_check(rules, hand, err);
        return e ? e : qipai_fail(err, QIPAI_ERR_RANGE, -1, "the hand breaks the rule set's limits");
    }
    if (v->total % 3 != remainder)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1, "%d tiles; %s", v->total, what);
    return QIPAI_OK;
}

qipai_err qipai_mj_effective_tiles(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                                   const uint8_t *visible, qipai_mj_effective *out,
                                   qipai_error *err)
{
    mj_view v;
    qipai_err e = checked_view(rules, hand, &v, 1,
                               "effective tiles need a hand of 1, 4, 7, 10 or 13 tiles", err);
    if (e)
        return e;
    effective_view(rules, &v, visible, out);
    return QIPAI_OK;
}

static int discard_order(const qipai_mj_discard *a, const qipai_mj_discard *b)
{
    if (a->after.shanten != b->after.shanten)
        return a->after.shanten - b->after.shanten;
    if (a->after.total != b->after.total)
        return b->after.total - a->after.total;
    return a->tile - b->tile;
}

qipai_err qipai_mj_discards(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                            const uint8_t *visible, qipai_mj_discard out[QIPAI_MJ_MAX_DISCARDS],
                            size_t *count, qipai_error *err)
{
    mj_view v;
    *count = 0;
    qipai_err e = checked_view(rules, hand, &v, 2,
                               "discard advice needs a hand of 2, 5, 8, 11 or 14 tiles", err);
    if (e)
        return e;
    qipai_mj_hand rest;
    memcpy(rest.counts, v.c, sizeof rest.counts);
    rest.wilds = (uint8_t)v.wilds;
    /* A discarded tile lies on the table: it is no longer left to draw. */
    uint8_t seen[QIPAI_MJ_KINDS];
    if (visible)
        memcpy(seen, visible, sizeof seen);
    else
        memset(seen, 0, sizeof seen);
    int n = 0;
    for (int tile = 0; tile <= QIPAI_MJ_WILDCARD; tile++) {
        uint8_t *held = tile == QIPAI_MJ_WILDCARD ? &rest.wilds : &rest.counts[tile];
        if (!*held)
            continue;
        --*held;
        if (tile < QIPAI_MJ_WILDCARD)
            seen[tile]++;
        mj_view after;
        mj_view_init(&after, rules, &rest);
        out[n].tile = (uint8_t)tile;
        effective_view(rules, &after, seen, &out[n].after);
        ++*held;
        if (tile < QIPAI_MJ_WILDCARD)
            seen[tile]--;
        /* Insertion keeps the list sorted as it grows. */
        qipai_mj_discard item = out[n];
        int i = n++;
        for (; i > 0 && discard_order(&out[i - 1], &item) > 0; i--)
            out[i] = out[i - 1];
        out[i] = item;
    }
    *count = (size_t)n;
    return QIPAI_OK;
}
