/*
 * Effective tiles (有效牌) and discard advice (docs/RULES.md, "Shanten").
 *
 * Drawing a tile changes one group only, so the other three groups are
 * combined once per group and each candidate costs one table lookup and one
 * final combination. Seven pairs and thirteen orphans move by counting.
 * When the fifth copies the hand would use outgrow its wildcards, that
 * candidate is computed in full (exact, and rare).
 */
#include "mahjong/shanten.h"

/* What stays fixed while candidates are tried on a 3k+1 hand. */
typedef struct probe {
    const qipai_mj_rules *rules;
    const mj_view *v;
    uint8_t c[QIPAI_MJ_KINDS]; /* the hand's counts, one candidate added at a time */
    mj_configs configs;
    int budget, demand, k;
    mj_group_targets groups[MJ_GROUPS];
    mj_targets others[MJ_MAX_CONFIGS][MJ_GROUPS]; /* the other groups, combined */
    int pairs[MJ_MAX_CONFIGS], singles[MJ_MAX_CONFIGS];   /* seven pairs */
    int held[MJ_MAX_CONFIGS], has_pair[MJ_MAX_CONFIGS];   /* thirteen orphans */
    int dropped[MJ_MAX_CONFIGS];
    bool seven, orphans;
} probe;

static const mj_targets *use_of(const probe *p, int c, int g)
{
    if (g == 3 ? p->rules->kinds < QIPAI_MJ_KINDS : !(p->configs.kept[c] >> g & 1))
        return &mj_targets_nothing;
    return &p->groups[g].loose;
}

static void probe_init(probe *p, const qipai_mj_rules *rules, const mj_view *v)
{
    p->rules = rules;
    p->v = v;
    memcpy(p->c, v->c, sizeof p->c);
    mj_configs_of(rules, &p->configs);
    p->budget = mj_fifth_budget(rules, v);
    p->k = (v->total + 1) / 3;
    p->demand = 0;
    for (int g = 0; g < MJ_GROUPS; g++) {
        mj_group_targets_of(v->c, g, p->budget, &p->groups[g]);
        p->demand += p->groups[g].fifths;
    }
    for (int c = 0; c < p->configs.count; c++) {
        for (int g = 0; g < MJ_GROUPS; g++) {
            const mj_targets *rest[3];
            for (int h = 0, n = 0; h < MJ_GROUPS; h++)
                if (h != g)
                    rest[n++] = use_of(p, c, h);
            mj_targets two;
            mj_targets_combine(rest[0], rest[1], &two);
            mj_targets_combine(&two, rest[2], &p->others[c][g]);
        }
        uint8_t kept = p->configs.kept[c];
        p->pairs[c] = p->singles[c] = p->held[c] = p->has_pair[c] = p->dropped[c] = 0;
        for (int t = 0; t < rules->kinds; t++) {
            bool keep = t >= 27 || (kept >> (t / 9) & 1);
            int n = keep ? v->c[t] : 0;
            if (rules->seven_pairs_distinct) {
                p->pairs[c] += n >= 2;
                p->singles[c] += n == 1;
            } else {
                p->pairs[c] += n / 2;
                p->singles[c] += n & 1;
            }
            if (mj_is_orphan(t)) {
                p->dropped[c] += !keep;
                p->held[c] += n > 0;
                p->has_pair[c] |= n >= 2;
            }
        }
    }
    p->seven = (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) && v->total == 13;
    p->orphans = (rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && v->total == 13 &&
                 rules->kinds == QIPAI_MJ_KINDS;
}

static int seven_pairs_after(const probe *p, int c, int t)
{
    bool keep = t >= 27 || (p->configs.kept[c] >> (t / 9) & 1);
    int pairs = p->pairs[c], singles = p->singles[c], n = p->v->c[t];
    if (keep) {
        if (p->rules->seven_pairs_distinct) {
            pairs += n == 1;
            singles += n == 0 ? 1 : n == 1 ? -1 : 0;
        } else if (n & 1) {
            pairs++;
            singles--;
        } else {
            singles++;
        }
    }
    if (pairs > 7)
        pairs = 7;
    int matched = 2 * pairs + (singles < 7 - pairs ? singles : 7 - pairs);
    return 13 - matched - p->v->wilds;
}

static int orphans_after(const probe *p, int c, int t)
{
    if (!p->rules->wild_kinds && p->dropped[c] > p->v->wilds)
        return MJ_FAR;
    bool keep = t >= 27 || (p->configs.kept[c] >> (t / 9) & 1);
    int held = p->held[c], pair = p->has_pair[c];
    if (keep && mj_is_orphan(t)) {
        held += p->v->c[t] == 0;
        pair |= p->v->c[t] == 1;
    }
    return 13 - held - pair - p->v->wilds;
}

/* The shanten of the hand plus one real tile of kind t. */
static int shanten_after(probe *p, int t)
{
    int g = t / 9, best = MJ_FAR;
    if (p->rules->forms & QIPAI_MJ_FORM_STANDARD) {
        mj_group_targets changed;
        p->c[t]++;
        mj_group_targets_of(p->c, g, p->budget, &changed);
        if (p->demand - p->groups[g].fifths + changed.fifths > p->budget) {
            /* Fifth copies compete for too few wildcards: count in full. */
            qipai_mj_hand more;
            memcpy(more.counts, p->c, sizeof more.counts);
            more.wilds = (uint8_t)p->v->wilds;
            mj_view w;
            mj_view_init(&w, p->rules, &more);
            p->c[t]--;
            return mj_shanten_view(p->rules, &w, NULL);
        }
        p->c[t]--;
        for (int c = 0; c < p->configs.count; c++) {
            const mj_targets *mine = use_of(p, c, g) == &mj_targets_nothing
                                         ? &mj_targets_nothing
                                         : &changed.loose;
            int value = mj_targets_final(&p->others[c][g], mine, p->k);
            best = value < best ? value : best;
        }
        best -= p->v->wilds + 1;
    }
    for (int c = 0; c < p->configs.count; c++) {
        if (p->seven) {
            int s = seven_pairs_after(p, c, t);
            best = s < best ? s : best;
        }
        if (p->orphans) {
            int s = orphans_after(p, c, t);
            best = s < best ? s : best;
        }
    }
    return best;
}

static int left_of(const mj_view *v, const uint8_t *visible, int kind)
{
    int left = QIPAI_MJ_MAX_COPIES - v->c[kind] - (visible ? visible[kind] : 0);
    return left > 0 ? left : 0;
}

/* Effective tiles of a valid 3k+1 view. */
static void effective_view(const qipai_mj_rules *rules, const mj_view *v, const uint8_t *visible,
                           qipai_mj_effective *out)
{
    int now = mj_shanten_view(rules, v, NULL);
    out->shanten = (int8_t)now;
    out->count = 0;
    out->total = 0;
    probe p;
    probe_init(&p, rules, v);
    bool wild_helps = false;
    if (rules->wild_kinds) {
        mj_view more = *v;
        if (v->c == v->folded)
            more.c = more.folded;
        more.wilds++;
        more.total++;
        wild_helps = mj_shanten_view(rules, &more, NULL) < now;
    }
    for (int t = 0; t < rules->kinds; t++) {
        bool effective;
        if (rules->wild_kinds >> t & 1)
            effective = wild_helps;
        else
            effective = v->c[t] < QIPAI_MJ_MAX_COPIES && shanten_after(&p, t) < now;
        if (!effective)
            continue;
        qipai_mj_tile_count *tile = &out->tiles[out->count++];
        tile->kind = (uint8_t)t;
        tile->left = (uint8_t)left_of(v, visible, t);
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
