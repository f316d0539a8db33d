/*
 * Hu (docs/RULES.md, "Hu"): the concealed hand before the target, the open
 * melds, the target and its source. What the target does:
 *   - the hand holds three of it: 提 from a draw, 跑 from a discard;
 *   - an open 偎 of it: 提 from a draw, 跑 from a discard; an open 碰: 跑;
 *   - the hand holds two of it: the three stand as a 坎 (draw) or 碰
 *     (discard), or the target goes into the split with all three copies
 *     free: both are tried;
 *   - otherwise it joins the hand, which splits as in decompose.
 * The best split has the most total huxi; among equals the first in
 * listing order (ascending meld lists), across those options too.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

#include <string.h>

typedef struct candidate {
    int huxi; /* total, open melds included */
    int n;
    qipai_zp_meld melds[QIPAI_ZP_MAX_MELDS];
} candidate;

static int compare_lists(const candidate *a, const candidate *b)
{
    int n = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < n; i++) {
        int c = qipai_zp_meld_compare(&a->melds[i], &b->melds[i]);
        if (c)
            return c;
    }
    return (a->n > b->n) - (a->n < b->n);
}

/* One way to go on: counts split as in decompose (skip: the card left
 * free), plus the meld the target formed (or NULL) and the open huxi. */
static void try_option(int yiwushi, const uint8_t counts[QIPAI_ZP_KINDS], int skip,
                       const qipai_zp_meld *formed, int open_huxi, candidate *best)
{
    zp_locked locked;
    uint8_t ids[QIPAI_ZP_MAX_MELDS];
    int n;
    zp_lock(counts, skip, &locked);
    int split = zp_best_split(yiwushi, locked.free, locked.free_cards, ids, &n);
    if (split < 0)
        return;
    candidate c;
    qipai_zp_meld melds[QIPAI_ZP_MAX_MELDS];
    for (int i = 0; i < n; i++)
        zp_meld_from_id(ids[i], &melds[i]);
    c.n = zp_merge_melds(locked.locked, locked.n_locked, melds, n, c.melds);
    c.huxi = split + locked.locked_huxi + open_huxi;
    if (formed) {
        qipai_zp_meld merged[QIPAI_ZP_MAX_MELDS];
        c.n = zp_merge_melds(c.melds, c.n, formed, 1, merged);
        memcpy(c.melds, merged, (size_t)c.n * sizeof merged[0]);
        c.huxi += formed->huxi;
    }
    if (c.huxi > best->huxi || (c.huxi == best->huxi && compare_lists(&c, best) < 0))
        *best = c;
}

static void kind_meld(int type, int card, qipai_zp_meld *m)
{
    m->type = (uint8_t)type;
    m->n = type == QIPAI_ZP_TI || type == QIPAI_ZP_PAO ? 4 : 3;
    memset(m->cards, card, sizeof m->cards);
    if (m->n == 3)
        m->cards[3] = 0;
    m->huxi = (uint8_t)zp_kind_meld_huxi(type, card);
}

qipai_err qipai_zp_hu(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                      qipai_zp_hu_result *out, qipai_error *err)
{
    if (!rules || !s || !out)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "hu needs rules, a situation and a result");
    if (s->target < 0 || s->target >= QIPAI_ZP_KINDS)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "hu needs the target card");
    if (s->source != QIPAI_ZP_DRAW && s->source != QIPAI_ZP_DISCARD)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "hu needs the target's source: a draw or a discard");
    uint8_t seen[QIPAI_ZP_KINDS];
    qipai_err e = zp_check_situation(rules, s, seen, err);
    if (e)
        return e;

    const int t = s->target, draw = s->source == QIPAI_ZP_DRAW;
    int open_huxi = 0, upgraded = -1, red = zp_red(t);
    for (int i = 0; i < s->n_open; i++) {
        const qipai_zp_meld *m = &s->open[i];
        open_huxi += qipai_zp_meld_huxi(rules, m);
        for (int j = 0; j < m->n; j++)
            red += zp_red(m->cards[j]);
        if ((m->type == QIPAI_ZP_WEI || m->type == QIPAI_ZP_PENG) && m->cards[0] == t)
            upgraded = i;
    }
    uint8_t counts[QIPAI_ZP_KINDS];
    memcpy(counts, s->hand.counts, sizeof counts);
    red += counts[1] + counts[6] + counts[9] + counts[11] + counts[16] + counts[19];

    candidate best;
    best.huxi = -1;
    best.n = 0;
    out->upgraded = -1;
    memset(&out->upgraded_to, 0, sizeof out->upgraded_to);
    qipai_zp_meld formed;
    if (counts[t] == 3) {
        kind_meld(draw ? QIPAI_ZP_TI : QIPAI_ZP_PAO, t, &formed);
        counts[t] = 0;
        try_option(rules->yiwushi, counts, -1, &formed, open_huxi, &best);
    } else if (upgraded >= 0) {
        const qipai_zp_meld *old = &s->open[upgraded];
        kind_meld(old->type == QIPAI_ZP_WEI && draw ? QIPAI_ZP_TI : QIPAI_ZP_PAO, t,
                  &out->upgraded_to);
        out->upgraded = upgraded;
        open_huxi += out->upgraded_to.huxi - qipai_zp_meld_huxi(rules, old);
        try_option(rules->yiwushi, counts, -1, NULL, open_huxi, &best);
    } else if (counts[t] == 2) {
        kind_meld(draw ? QIPAI_ZP_KAN : QIPAI_ZP_PENG, t, &formed);
        counts[t] = 0;
        try_option(rules->yiwushi, counts, -1, &formed, open_huxi, &best);
        counts[t] = 3;
        try_option(rules->yiwushi, counts, t, NULL, open_huxi, &best);
    } else {
        counts[t]++;
        try_option(rules->yiwushi, counts, -1, NULL, open_huxi, &best);
    }

    out->huxi = best.huxi;
    out->n_melds = best.n;
    memcpy(out->melds, best.melds, (size_t)best.n * sizeof best.melds[0]);
    out->red = red;
    zp_score(rules, out);
    return QIPAI_OK;
}
