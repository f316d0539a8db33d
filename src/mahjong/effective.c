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

typedef struct probe {
    const qipai_mj_rules *rules;
    const mj_view *v;
    int budget, demand, k;
    mj_group_targets groups[MJ_GROUPS];
    uint64_t optimal[MJ_GROUPS]; /* nibble low bits: targets on an optimal split */
} probe;

/* The combination of n vectors (the empty group's when n is 0). */
static mj_vec combine_all(const mj_vec *v, int n)
{
    if (n == 0)
        return mj_vec_empty();
    mj_vec acc = v[0];
    for (int i = 1; i < n; i++)
        acc = mj_vec_combine(acc, v[i]);
    return acc;
}

/* Fills p->optimal: for each group, its targets that lie on a split of
 * the hand reaching the standard form's best. An empty group's targets are
 * the empty vector's (a drawn tile may start a group). */
static void standard_optimal(probe *p)
{
    const qipai_mj_rules *rules = p->rules;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    int value[MJ_MAX_CONFIGS], best = 255, k = p->k;
    for (int c = 0; c < configs.count; c++) {
        mj_vec v[MJ_GROUPS];
        int n = 0;
        for (int g = 0; g < MJ_GROUPS; g++)
            if (mj_group_kept(rules, configs.kept[c], g) && !p->groups[g].empty)
                v[n++] = mj_vec_from_nibbles(p->groups[g].u);
        value[c] = mj_targets_best(v, n, k);
        best = value[c] < best ? value[c] : best;
    }
    for (int g = 0; g < MJ_GROUPS; g++)
        p->optimal[g] = 0;
    for (int c = 0; c < configs.count; c++) {
        if (value[c] != best)
            continue;
        uint8_t kept = configs.kept[c];
        for (int g = 0; g < MJ_GROUPS; g++) {
            if (!mj_group_kept(rules, kept, g))
                continue;
            /* The other counted groups, combined. */
            mj_vec others[MJ_GROUPS];
            int n = 0;
            for (int h = 0; h < MJ_GROUPS; h++)
                if (h != g && mj_group_kept(rules, kept, h) && !p->groups[h].empty)
                    others[n++] = mj_vec_from_nibbles(p->groups[h].u);
            mj_vec mine = mj_vec_from_nibbles(p->groups[g].u);
            unsigned lanes = mj_vec_optimal(mine, combine_all(others, n), k, best);
            p->optimal[g] |= mj_lanes_to_nibbles(lanes);
        }
    }
}

/* Kinds whose draw lowers seven pairs or thirteen orphans, when that form
 * is at the hand's shanten. */
static uint64_t other_forms_lowered(const probe *p, int now)
{
    const qipai_mj_rules *rules = p->rules;
    const mj_view *v = p->v;
    if (v->total != 13)
        return 0;
    mj_configs configs;
    mj_configs_of(rules, &configs);
    uint64_t lowers = 0;
    for (int c = 0; c < configs.count; c++) {
        uint8_t kept = configs.kept[c];
        if (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
            int pairs, singles;
            mj_seven_pairs_count(rules, v->c, kept, &pairs, &singles);
            if (mj_seven_pairs_from(pairs, singles, v->wilds) == now && pairs < 7) {
                bool new_single_helps = singles < 7 - pairs;
                for (int t = 0; t < rules->kinds; t++) {
                    int n = v->c[t];
                    if ((t < 27 && !(kept >> (t / 9) & 1)) || n >= 4)
                        continue;
                    bool completes = rules->seven_pairs_distinct ? n == 1 : (n & 1);
                    bool opens = rules->seven_pairs_distinct ? n == 0 : !(n & 1);
                    if (completes || (opens && new_single_helps))
                        lowers |= (uint64_t)1 << t;
                }
            }
        }
        if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && rules->kinds == QIPAI_MJ_KINDS &&
            mj_thirteen_orphans_shanten(rules, v, kept) == now) {
            bool pair = false;
            for (int t = 0; t < QIPAI_MJ_KINDS; t++)
                pair |= mj_is_orphan(t) && v->c[t] >= 2 && (t >= 27 || (kept >> (t / 9) & 1));
            for (int t = 0; t < QIPAI_MJ_KINDS; t++)
                if (mj_is_orphan(t) && (t >= 27 || (kept >> (t / 9) & 1)) &&
                    (v->c[t] == 0 || (v->c[t] == 1 && !pair)))
                    lowers |= (uint64_t)1 << t;
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

static const unsigned power5[5] = {1, 5, 25, 125, 625};

static void group_index_of(const uint8_t *c, int g, group_index *x)
{
    int head_len = g < 3 ? 5 : 4, len = g < 3 ? 9 : 7;
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

/* The table rank of the group with one more tile at position pos. */
static uint32_t rank_with(const group_index *x, int g, int pos)
{
    uint32_t key;
    if (g < 3)
        key = pos < 5 ? (mj_suit_head[x->head + power5[pos]] & MJ_KEY_RANK_MASK) +
                            mj_suit_tail[x->head_tiles + 1][x->tail]
                      : x->head_part + mj_suit_tail[x->head_tiles][x->tail + power5[pos - 5]];
    else
        key = pos < 4 ? (mj_honor_head[x->head + power5[pos]] & MJ_KEY_RANK_MASK) +
                            mj_honor_tail[x->head_tiles + 1][x->tail]
                      : x->head_part + mj_honor_tail[x->head_tiles][x->tail + power5[pos - 4]];
    return mj_key_rank(key);
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

/* Kinds whose draw lowers the standard form's shanten (which is `now`). */
static uint64_t standard_lowered(probe *p, int now)
{
    const qipai_mj_rules *rules = p->rules;
    const mj_view *v = p->v;
    uint8_t c[QIPAI_MJ_KINDS];
    memcpy(c, v->c, sizeof c);
    bool coupled = p->demand > p->budget;
    if (!coupled)
        standard_optimal(p);
    uint64_t mask = 0;
    for (int g = 0; g < MJ_GROUPS; g++) {
        int first = 9 * g, len = g < 3 ? 9 : 7;
        if (first >= rules->kinds)
            break;
        group_index x;
        group_index_of(c + first, g, &x);
        bool quad = false;
        for (int pos = 0; pos < len; pos++)
            quad |= c[first + pos] == 4;
        for (int pos = 0; pos < len; pos++) {
            int t = first + pos;
            if (c[t] >= QIPAI_MJ_MAX_COPIES || (rules->wild_kinds >> t & 1))
                continue;
            /* Fifth copies matter only with four of a kind, and a budget. */
            bool fifths_matter = p->budget > 0 && (quad || c[t] == 3);
            bool lowered;
            if (coupled || (fifths_matter && g == 3)) {
                lowered = standard_drops_in_full(rules, v, c, t, now);
            } else {
                uint32_t rank = rank_with(&x, g, pos);
                uint64_t after = mj_target_nibbles(g < 3 ? mj_suit_shanten[rank]
                                                         : mj_honor_shanten[rank]);
                unsigned flags = fifths_matter ? mj_suit_fifths[rank] : 0;
                if (p->demand - p->groups[g].fifths + (flags != 0) > p->budget) {
                    lowered = standard_drops_in_full(rules, v, c, t, now);
                } else {
                    after -= mj_spread_to_nibbles(flags);
                    /* Each target drops by 0 or 1: a borrow-free subtraction. */
                    uint64_t dropped = (p->groups[g].u - after) & MJ_NIBBLE_LOWS;
                    lowered = (dropped & p->optimal[g]) != 0;
                }
            }
            mask |= (uint64_t)lowered << t;
        }
    }
    return mask;
}

/* The effective kinds of a valid 3k+1 view, as bits; its shanten in *now. */
static uint64_t effective_mask(const qipai_mj_rules *rules, const mj_view *v, int *now)
{
    qipai_mj_shanten_forms forms;
    probe p = {.rules = rules, .v = v, .budget = mj_fifth_budget(rules, v), .k = (v->total + 1) / 3};
    *now = mj_shanten_view(rules, v, &forms);
    uint64_t mask = 0;
    if ((rules->forms & QIPAI_MJ_FORM_STANDARD) && forms.standard == *now) {
        for (int g = 0; g < MJ_GROUPS; g++) {
            mj_group_targets_of(v->c, g, p.budget, &p.groups[g]);
            p.demand += p.groups[g].fifths;
        }
        mask |= standard_lowered(&p, *now);
    }
    mask |= other_forms_lowered(&p, *now);
    uint64_t allowed = 0;
    for (int t = 0; t < rules->kinds; t++)
        allowed |= (uint64_t)(v->c[t] < QIPAI_MJ_MAX_COPIES) << t;
    mask &= allowed & ~rules->wild_kinds;
    /* A drawn wildcard covers one more tile of any target: it always helps a
     * 3k+1 hand, whose shanten is at least 0. */
    uint64_t tile_set = ((uint64_t)1 << rules->kinds) - 1;
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
    qipai_err e = qipai_mj_hand_check(rules, hand, err);
    if (e)
        return e;
    mj_view_init(v, rules, hand);
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
                            const uint8_t *visible, qipai_mj_discard *out, int *count,
                            qipai_error *err)
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
    *count = n;
    return QIPAI_OK;
}
