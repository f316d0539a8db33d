/*
 * The search behind decompose and hu (docs/RULES.md, "Decompose"): splits
 * the free cards of a hand (its 坎 and 提 taken out) into chows and at most
 * one pair.
 *
 * The lowest card left must be covered by a meld whose lowest card it is
 * (every lower card is gone), and there are at most six such melds: the
 * pair, 大小三搭 two ways, the sequence, 二七十 and 一五十. Taking them in
 * ascending meld order and never going back to an earlier one while the
 * same card stays lowest walks each multiset of melds exactly once, and in
 * ascending lexicographic order of the meld lists: the listing order.
 * Counts live packed in one word (zp_internal.h), so trying a meld is a
 * subtraction and a mask.
 */
#include "zipai/zp_internal.h"

#include <string.h>

void zp_lock(const uint8_t counts[QIPAI_ZP_KINDS], int skip, zp_locked *out)
{
    out->free = 0;
    out->free_cards = 0;
    out->n_locked = 0;
    out->locked_huxi = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
        int n = counts[k];
        if (n >= 3 && k != skip) {
            qipai_zp_meld *m = &out->locked[out->n_locked++];
            m->type = n == 3 ? QIPAI_ZP_KAN : QIPAI_ZP_TI;
            m->n = (uint8_t)n;
            memset(m->cards, k, sizeof m->cards);
            if (n == 3)
                m->cards[3] = 0;
            m->huxi = (uint8_t)zp_kind_meld_huxi(m->type, k);
            out->locked_huxi += m->huxi;
        } else {
            out->free += (uint64_t)n << (3 * k);
            out->free_cards += n;
        }
    }
}

static int lowest_card(uint64_t x)
{
    return __builtin_ctzll(x) / 3;
}

/* ---- every split ---- */

typedef struct walk {
    const int8_t (*candidates)[ZP_MAX_CANDIDATES];
    zp_split_fn fn;
    void *context;
    int depth;
    uint8_t ids[QIPAI_ZP_MAX_MELDS];
} walk;

/* prev_card/prev_index: the meld taken last, so that while the same card
 * stays lowest no earlier meld is tried again. */
static int each(walk *w, uint64_t x, int need_pair, int prev_card, int prev_index, int huxi)
{
    if (!x)
        return need_pair ? 0 : w->fn(w->ids, w->depth, huxi, w->context);
    int card = lowest_card(x);
    const int8_t *cand = w->candidates[card];
    for (int i = card == prev_card ? prev_index : 0; cand[i] >= 0; i++) {
        const zp_meld_info *m = &zp_melds[cand[i]];
        int pair = m->n == 2;
        if (pair && !need_pair)
            continue;
        uint64_t y = (x | ZP_GUARD) - m->delta;
        if ((y & ZP_GUARD) != ZP_GUARD)
            continue; /* some card of the meld is missing */
        w->ids[w->depth++] = (uint8_t)cand[i];
        int stop = each(w, y & ~ZP_GUARD, need_pair && !pair, card, i, huxi + m->huxi);
        w->depth--;
        if (stop)
            return stop;
    }
    return 0;
}

int zp_each_split(int yiwushi, uint64_t free, int free_cards, zp_split_fn fn, void *context)
{
    if (free_cards % 3 == 1)
        return 0;
    walk w;
    w.candidates = zp_candidates[yiwushi ? 1 : 0];
    w.fn = fn;
    w.context = context;
    w.depth = 0;
    return each(&w, free, free_cards % 3 == 2, -1, 0, 0);
}

/* ---- the best split ---- */

typedef struct best {
    const int8_t (*candidates)[ZP_MAX_CANDIDATES];
    int depth;
    int best;
    int best_n;
    uint8_t ids[QIPAI_ZP_MAX_MELDS];
    uint8_t best_ids[QIPAI_ZP_MAX_MELDS];
} best;

static void search(best *b, uint64_t x, int need_pair, int prev_card, int prev_index, int huxi)
{
    if (!x) {
        /* Strictly more: among equals the first in listing order stays. */
        if (!need_pair && huxi > b->best) {
            b->best = huxi;
            b->best_n = b->depth;
            memcpy(b->best_ids, b->ids, (size_t)b->depth);
        }
        return;
    }
    int card = lowest_card(x);
    const int8_t *cand = b->candidates[card];
    for (int i = card == prev_card ? prev_index : 0; cand[i] >= 0; i++) {
        const zp_meld_info *m = &zp_melds[cand[i]];
        int pair = m->n == 2;
        if (pair && !need_pair)
            continue;
        uint64_t y = (x | ZP_GUARD) - m->delta;
        if ((y & ZP_GUARD) != ZP_GUARD)
            continue;
        b->ids[b->depth++] = (uint8_t)cand[i];
        search(b, y & ~ZP_GUARD, need_pair && !pair, card, i, huxi + m->huxi);
        b->depth--;
    }
}

int zp_best_split(int yiwushi, uint64_t free, int free_cards, uint8_t ids[QIPAI_ZP_MAX_MELDS],
                  int *n)
{
    *n = 0;
    if (free_cards % 3 == 1)
        return -1;
    best b;
    b.candidates = zp_candidates[yiwushi ? 1 : 0];
    b.depth = 0;
    b.best = -1;
    b.best_n = 0;
    search(&b, free, free_cards % 3 == 2, -1, 0, 0);
    if (b.best >= 0) {
        memcpy(ids, b.best_ids, (size_t)b.best_n);
        *n = b.best_n;
    }
    return b.best;
}
