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

#include <stdbool.h>
#include <string.h>

void zp_lock(const uint8_t counts[QIPAI_ZP_KINDS], int skip, zp_locked *out)
{
    /* Pack everything first (a loop without branches), then take out the
     * kinds held three or four times, which are few. */
    uint64_t x = 0;
    uint32_t locked = 0;
    int cards = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
        x |= (uint64_t)counts[k] << (3 * k);
        locked |= (uint32_t)(counts[k] >= 3) << k;
        cards += counts[k];
    }
    if (skip >= 0)
        locked &= ~(1u << skip);
    out->n_locked = 0;
    out->locked_huxi = 0;
    while (locked) {
        int k = __builtin_ctz(locked);
        int n = counts[k];
        locked &= locked - 1;
        qipai_zp_meld *m = &out->locked[out->n_locked++];
        m->type = n == 3 ? QIPAI_ZP_KAN : QIPAI_ZP_TI;
        m->n = (uint8_t)n;
        memset(m->cards, k, sizeof m->cards);
        if (n == 3)
            m->cards[3] = 0;
        m->huxi = (uint8_t)zp_kind_meld_huxi(m->type, k);
        out->locked_huxi += m->huxi;
        x &= ~(7ull << (3 * k));
        cards -= n;
    }
    out->free = x;
    out->free_cards = cards;
}

static int lowest_card(uint64_t x)
{
    return __builtin_ctzll(x) / 3;
}

/* Bit 0 of every 3-bit field, and the small cards' fields. */
#define ZP_LOW 011111111111111111111ull
#define ZP_SMALL ((1ull << 30) - 1)

/* 1 when some big card is held 3 times: zp_tail does not cover that (hu's
 * target with two in hand, rarely). */
static int big_three(uint64_t x)
{
    return ((x & (x >> 1) & ZP_LOW) >> 30) != 0;
}

static uint32_t big_index(uint64_t x)
{
    uint32_t index = 0;
    for (int k = QIPAI_ZP_KINDS - 1; k >= 10; k--)
        index = index * 3 + (uint32_t)zp_packed_count(x, k);
    return index;
}

/* The tail value (see zp_tail): 0 no split, else 1 + scoring chows. */
static int tail_value(uint32_t index, int yiwushi, int need_pair)
{
    return (zp_tail[index] >> (4 * (2 * yiwushi + need_pair))) & 15;
}

/* ---- every split ---- */

typedef struct walk {
    const int8_t (*candidates)[ZP_MAX_CANDIDATES];
    int yiwushi;
    zp_split_fn fn;
    void *context;
    int depth;
    uint8_t ids[QIPAI_ZP_MAX_MELDS];
} walk;

/* x less meld m in *y, when x holds the whole meld and a pair is still
 * wanted if m is one. The guard bits above each card's count catch a
 * borrow: a count gone below zero clears its guard. */
static inline bool take(uint64_t x, const zp_meld_info *m, int need_pair, uint64_t *y)
{
    if (m->n == 2 && !need_pair)
        return false;
    uint64_t z = (x | ZP_GUARD) - m->delta;
    *y = z & ~ZP_GUARD;
    return (z & ZP_GUARD) == ZP_GUARD;
}

/* prev_card/prev_index: the meld taken last, so that while the same card
 * stays lowest no earlier meld is tried again. */
static int each(walk *w, uint64_t x, uint32_t bidx, int need_pair, int prev_card,
                int prev_index, int huxi)
{
    if (!x)
        return need_pair ? 0 : w->fn(w->ids, w->depth, huxi, w->context);
    /* Only big cards left: skip at once what the table says cannot split. */
    if (!(x & ZP_SMALL) && !big_three(x) && !tail_value(bidx, w->yiwushi, need_pair))
        return 0;
    int card = lowest_card(x);
    const int8_t *cand = w->candidates[card];
    for (int i = card == prev_card ? prev_index : 0; cand[i] >= 0; i++) {
        const zp_meld_info *m = &zp_melds[cand[i]];
        int pair = m->n == 2;
        uint64_t y;
        if (!take(x, m, need_pair, &y))
            continue;
        w->ids[w->depth++] = (uint8_t)cand[i];
        int stop = each(w, y, bidx - m->big_index, need_pair && !pair, card, i,
                        huxi + m->huxi);
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
    w.yiwushi = yiwushi ? 1 : 0;
    w.fn = fn;
    w.context = context;
    w.depth = 0;
    return each(&w, free, big_index(free), free_cards % 3 == 2, -1, 0, 0);
}

/* ---- the best split ----
 * The search walks the small cards (and the 大小三搭 that join them to big
 * ones) as above; once only big cards are left, zp_tail gives the best the
 * rest can add, so the big half is never walked but for the one best split,
 * rebuilt at the end meld by meld. The listing order puts every meld with a
 * small card before the big-only ones, so the first best walk followed by
 * the first best tail is the first best split in listing order. */

typedef struct best {
    const int8_t (*candidates)[ZP_MAX_CANDIDATES];
    int yiwushi;
    int depth;
    int best;
    int best_n;
    uint8_t ids[QIPAI_ZP_MAX_MELDS];
    uint8_t best_ids[QIPAI_ZP_MAX_MELDS];
    /* the tail the best split ends with, still to be rebuilt */
    uint64_t tail;
    uint32_t tail_index;
    int tail_pair;
} best;

static void search(best *b, uint64_t x, uint32_t bidx, int need_pair, int prev_card,
                   int prev_index, int huxi)
{
    if (!(x & ZP_SMALL) && !big_three(x)) {
        int v = tail_value(bidx, b->yiwushi, need_pair);
        /* Strictly more: among equals the first in listing order stays. */
        if (v && huxi + 6 * (v - 1) > b->best) {
            b->best = huxi + 6 * (v - 1);
            b->best_n = b->depth;
            memcpy(b->best_ids, b->ids, (size_t)b->depth);
            b->tail = x;
            b->tail_index = bidx;
            b->tail_pair = need_pair;
        }
        return;
    }
    if (!x) { /* only with a big card held three times on the way */
        if (!need_pair && huxi > b->best) {
            b->best = huxi;
            b->best_n = b->depth;
            memcpy(b->best_ids, b->ids, (size_t)b->depth);
            b->tail = 0;
        }
        return;
    }
    int card = lowest_card(x);
    const int8_t *cand = b->candidates[card];
    for (int i = card == prev_card ? prev_index : 0; cand[i] >= 0; i++) {
        const zp_meld_info *m = &zp_melds[cand[i]];
        int pair = m->n == 2;
        uint64_t y;
        if (!take(x, m, need_pair, &y))
            continue;
        b->ids[b->depth++] = (uint8_t)cand[i];
        search(b, y, bidx - m->big_index, need_pair && !pair, card, i,
               huxi + m->huxi);
        b->depth--;
    }
}

/* Rebuilds the first best split of a big-only tail: at each step the first
 * meld (in meld order) after which the table still promises the rest. */
static void rebuild_tail(best *b)
{
    uint64_t x = b->tail;
    uint32_t bidx = b->tail_index;
    int need_pair = b->tail_pair;
    int want = tail_value(bidx, b->yiwushi, need_pair) - 1; /* scoring chows to come */
    while (x) {
        const int8_t *cand = b->candidates[lowest_card(x)];
        int i;
        for (i = 0; cand[i] >= 0; i++) {
            const zp_meld_info *m = &zp_melds[cand[i]];
            int pair = m->n == 2;
            if (pair && !need_pair)
                continue;
            uint64_t y = (x | ZP_GUARD) - m->delta;
            if ((y & ZP_GUARD) != ZP_GUARD)
                continue;
            int scoring = m->huxi != 0;
            int rest = tail_value(bidx - m->big_index, b->yiwushi, need_pair && !pair);
            if (rest && rest - 1 + scoring == want) {
                b->best_ids[b->best_n++] = (uint8_t)cand[i];
                x = y & ~ZP_GUARD;
                bidx -= m->big_index;
                need_pair = need_pair && !pair;
                want -= scoring;
                break;
            }
        }
        if (cand[i] < 0)
            return; /* cannot happen: the table promised a split */
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
    b.yiwushi = yiwushi ? 1 : 0;
    b.depth = 0;
    b.best = -1;
    b.best_n = 0;
    b.tail = 0;
    search(&b, free, big_index(free), free_cards % 3 == 2, -1, 0, 0);
    if (b.best >= 0) {
        if (b.tail)
            rebuild_tail(&b);
        memcpy(ids, b.best_ids, (size_t)b.best_n);
        *n = b.best_n;
    }
    return b.best;
}
