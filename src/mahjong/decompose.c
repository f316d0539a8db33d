/*
 * Every distinct decomposition of a winning hand (docs/RULES.md,
 * "Decompositions"), delivered one at a time through a callback.
 *
 * Standard form: group by group, the lowest real tile left must lie in some
 * meld; every meld that contains it (each other position real or wildcard)
 * is tried. Melds chosen for the same lowest tile are taken in
 * non-decreasing order of a key naming the meld exactly, so each multiset
 * is produced once, without a table of what was seen. The need tables prune
 * every branch that cannot finish, so the work follows the output. Wildcards
 * no group uses become `any` melds.
 */
#include "mahjong/win.h"
#include "common/fail.h"

typedef struct search {
    const qipai_mj_rules *rules;
    uint8_t c[QIPAI_MJ_KINDS]; /* real tiles still to place */
    int later_need[MJ_GROUPS + 1]; /* least wildcards groups g.. need, pair or not */
    qipai_mj_decomposition d;
    qipai_mj_decomposition_fn each;
    void *context;
    size_t count;
    int stopped;
} search;

/* ---- delivering ---------------------------------------------------------- */

/* The order of melds in a delivered decomposition (docs/RULES.md): by the
 * first tile (kind, then real before wildcard), pair < triplet < sequence <
 * single at the same tile, then the other tiles; `any` melds last, pairs
 * first. As one integer per meld, so sorting is plain comparisons. */
static uint32_t meld_rank(const qipai_mj_meld *m)
{
    if (m->type == QIPAI_MJ_MELD_ANY)
        return 0xFF000000u | m->size;
    return (uint32_t)m->kinds[0] << 24 | (uint32_t)(m->wild & 1) << 23 | (uint32_t)m->type << 20 |
           (uint32_t)m->kinds[1] << 12 | (uint32_t)(m->wild >> 1 & 1) << 11 |
           (uint32_t)m->kinds[2] << 3 | (uint32_t)(m->wild >> 2 & 1) << 2;
}

static void deliver(search *s)
{
    if (s->stopped)
        return;
    qipai_mj_decomposition out;
    uint32_t rank[QIPAI_MJ_MAX_TILES];
    /* Every byte defined, the unused melds included: callers may compare
     * decompositions with memcmp. */
    memset(&out, 0, sizeof out);
    out.form = s->d.form;
    out.meld_count = s->d.meld_count;
    for (int i = 0; i < out.meld_count; i++) {
        qipai_mj_meld m = s->d.melds[i];
        uint32_t r = meld_rank(&m);
        int j = i;
        for (; j > 0 && rank[j - 1] > r; j--) {
            rank[j] = rank[j - 1];
            out.melds[j] = out.melds[j - 1];
        }
        rank[j] = r;
        out.melds[j] = m;
    }
    s->count++;
    if (s->each && s->each(&out, s->context))
        s->stopped = 1;
}

static void push(search *s, qipai_mj_meld_type type, int size, int k0, int k1, int k2, int wild)
{
    qipai_mj_meld *m = &s->d.melds[s->d.meld_count++];
    m->type = (uint8_t)type;
    m->size = (uint8_t)size;
    m->kinds[0] = (uint8_t)k0;
    m->kinds[1] = (uint8_t)k1;
    m->kinds[2] = (uint8_t)k2;
    m->wild = (uint8_t)wild;
}

static void push_any(search *s, int size)
{
    push(s, QIPAI_MJ_MELD_ANY, size, 0, 0, 0, (1 << size) - 1);
}

/* ---- standard form ------------------------------------------------------- */

static void standard_group(search *s, int g, int pair_placed, int wilds);

/* Wildcards the rest of group g needs, from the tables. */
static int group_need(const search *s, int g, int pair)
{
    uint8_t need = mj_group_need(s->c, g);
    return pair ? need >> 4 : need & 15;
}

/* A meld's key among those holding the same lowest real tile i. */
enum { KEY_PAIR = 0, KEY_TRIPLET = 8, KEY_SEQUENCE = 16 };

static void standard_melds(search *s, int g, int pair_needed, int pair_placed, int prev_low,
                           int last_key, int wilds)
{
    if (s->stopped)
        return;
    /* Tiles are only taken away, so the lowest is at or after the last one. */
    int first = 9 * g, len = g < 3 ? 9 : 7, i = prev_low > first ? prev_low : first;
    while (i < first + len && !s->c[i])
        i++;
    if (i == first + len) {
        if (!pair_needed)
            standard_group(s, g + 1, pair_placed, wilds);
        return;
    }
    if (group_need(s, g, pair_needed) > wilds - s->later_need[g + 1])
        return;
    if (i != prev_low)
        last_key = -1;

    if (pair_needed) {
        for (int real = 2; real >= 1; real--) {
            int key = KEY_PAIR + (2 - real);
            if (key < last_key || s->c[i] < real || wilds < 2 - real)
                continue;
            s->c[i] = (uint8_t)(s->c[i] - real);
            push(s, QIPAI_MJ_MELD_PAIR, 2, i, i, 0, real == 2 ? 0 : 2);
            standard_melds(s, g, 0, 1, i, key, wilds - (2 - real));
            s->d.meld_count--;
            s->c[i] = (uint8_t)(s->c[i] + real);
        }
    }
    for (int real = 3; real >= 1; real--) {
        int key = KEY_TRIPLET + (3 - real);
        if (key < last_key || s->c[i] < real || wilds < 3 - real)
            continue;
        s->c[i] = (uint8_t)(s->c[i] - real);
        push(s, QIPAI_MJ_MELD_TRIPLET, 3, i, i, i, (0x7 << real) & 0x7);
        standard_melds(s, g, pair_needed, pair_placed, i, key, wilds - (3 - real));
        s->d.meld_count--;
        s->c[i] = (uint8_t)(s->c[i] + real);
    }
    if (g == 3)
        return;
    /* Sequences holding a real i: position i is real, positions below i are
     * wildcards (no real tiles are left there), positions above are either:
     * bit j of `wild` marks position start+j as a wildcard. */
    for (int start = i - 2; start <= i; start++) {
        int below = i - start;
        if (start < first || start + 2 >= first + len || below > wilds)
            continue;
        int low_bits = (1 << below) - 1;
        for (int above = 0; above < 1 << (2 - below); above++) {
            int wild = low_bits | above << (below + 1), used = below, ok = 1;
            int key = KEY_SEQUENCE + (2 - below) * 8 + wild;
            if (key < last_key)
                continue;
            for (int j = below + 1; j < 3; j++) {
                if (wild >> j & 1)
                    used++;
                else if (!s->c[start + j])
                    ok = 0;
            }
            if (!ok || used > wilds)
                continue;
            for (int j = below; j < 3; j++)
                if (!(wild >> j & 1))
                    s->c[start + j]--;
            push(s, QIPAI_MJ_MELD_SEQUENCE, 3, start, start + 1, start + 2, wild);
            standard_melds(s, g, pair_needed, pair_placed, i, key, wilds - used);
            s->d.meld_count--;
            for (int j = below; j < 3; j++)
                if (!(wild >> j & 1))
                    s->c[start + j]++;
        }
    }
}

static void standard_group(search *s, int g, int pair_placed, int wilds)
{
    if (s->stopped)
        return;
    if (g == MJ_GROUPS) {
        /* Wildcards left over form `any` melds (and the pair, if no group
         * holds it); the tile count makes the remainder fit. */
        int before = s->d.meld_count;
        if (!pair_placed) {
            if (wilds < 2)
                return;
            push_any(s, 2);
            wilds -= 2;
        }
        if (wilds % 3 == 0) {
            for (int k = 0; k < wilds / 3; k++)
                push_any(s, 3);
            deliver(s);
        }
        s->d.meld_count = before;
        return;
    }
    standard_melds(s, g, 0, pair_placed, -1, -1, wilds);
    if (!pair_placed)
        standard_melds(s, g, 1, 1, -1, -1, wilds);
}

static void standard_form(search *s, const mj_view *v)
{
    s->later_need[MJ_GROUPS] = 0;
    for (int g = MJ_GROUPS - 1; g >= 0; g--) {
        uint8_t need = mj_group_need(v->c, g);
        int melds = need & 15, with_pair = need >> 4;
        s->later_need[g] = s->later_need[g + 1] + (melds < with_pair ? melds : with_pair);
    }
    s->d.form = QIPAI_MJ_FORM_STANDARD;
    s->d.meld_count = 0;
    standard_group(s, 0, 0, v->wilds);
}

/* ---- seven pairs ----------------------------------------------------------- */

/* Kind by kind: its c real tiles make real pairs and pairs with a wildcard
 * (as many of those as c is odd, plus any even number more). */
static void seven_pairs_from(search *s, int k, int wilds)
{
    if (s->stopped)
        return;
    while (k < QIPAI_MJ_KINDS && !s->c[k])
        k++;
    if (k == QIPAI_MJ_KINDS) {
        if (wilds % 2)
            return;
        int before = s->d.meld_count;
        for (int p = 0; p < wilds / 2; p++)
            push_any(s, 2);
        deliver(s);
        s->d.meld_count = before;
        return;
    }
    int c = s->c[k], before = s->d.meld_count;
    for (int with_wild = c & 1; with_wild <= c && with_wild <= wilds; with_wild += 2) {
        if (s->rules->seven_pairs_distinct && (c - with_wild) / 2 + with_wild > 1)
            continue;
        for (int p = 0; p < (c - with_wild) / 2; p++)
            push(s, QIPAI_MJ_MELD_PAIR, 2, k, k, 0, 0);
        for (int p = 0; p < with_wild; p++)
            push(s, QIPAI_MJ_MELD_PAIR, 2, k, k, 0, 2);
        s->c[k] = 0;
        seven_pairs_from(s, k + 1, wilds - with_wild);
        s->c[k] = (uint8_t)c;
        s->d.meld_count = before;
    }
}

/* ---- thirteen orphans ------------------------------------------------------ */

static void thirteen_orphans(search *s, const mj_view *v)
{
    int real_pair = -1;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if (v->c[k] == 2)
            real_pair = k;
    /* The pair: the real one, or a held orphan with a wildcard, or a missing
     * orphan filled by two wildcards. */
    for (int pair = 0; pair < QIPAI_MJ_KINDS && !s->stopped; pair++) {
        if (!mj_is_orphan(pair) || (real_pair >= 0 && pair != real_pair))
            continue;
        s->d.meld_count = 0;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
            if (!mj_is_orphan(k))
                continue;
            int wild_first = v->c[k] == 0;
            if (k == pair)
                push(s, QIPAI_MJ_MELD_PAIR, 2, k, k, 0,
                     v->c[k] == 2 ? 0 : v->c[k] == 1 ? 2 : 3);
            else
                push(s, QIPAI_MJ_MELD_SINGLE, 1, k, 0, 0, wild_first);
        }
        deliver(s);
    }
}

qipai_err qipai_mj_decompose(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                             qipai_mj_decomposition_fn each, void *context, size_t *count,
                             qipai_error *err)
{
    if (count)
        *count = 0;
    mj_view v;
    if (!mj_view_init(&v, rules, hand)) {
        /* The view checks the limits cheaply; the slow check names them. */
        qipai_err e = qipai_mj_hand_check(rules, hand, err);
        return e ? e : qipai_fail(err, QIPAI_ERR_RANGE, -1, "the hand breaks the rule set's limits");
    }
    if (v.total % 3 != 2)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d tiles; a winning hand has 2, 5, 8, 11 or 14 tiles", v.total);
    search s = {.rules = rules, .each = each, .context = context};
    memcpy(s.c, v.c, sizeof s.c);
    unsigned forms = mj_win_forms(rules, &v);
    if (forms & QIPAI_MJ_FORM_STANDARD)
        standard_form(&s, &v);
    if (forms & QIPAI_MJ_FORM_SEVEN_PAIRS) {
        s.d.form = QIPAI_MJ_FORM_SEVEN_PAIRS;
        s.d.meld_count = 0;
        seven_pairs_from(&s, 0, v.wilds);
    }
    if ((forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && !s.stopped) {
        s.d.form = QIPAI_MJ_FORM_THIRTEEN_ORPHANS;
        thirteen_orphans(&s, &v);
    }
    if (count)
        *count = s.count;
    return QIPAI_OK;
}
