/*
 * Decompose (docs/RULES.md, "Decompose"): every way a hand that already
 * holds the target splits, its 坎 and 提 locked, each multiset of melds once
 * with its huxi.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

#include <string.h>

static qipai_err check_hand(const qipai_zp_hand *hand, qipai_error *err)
{
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        if (hand->counts[k] > QIPAI_ZP_COPIES)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "card %d appears %d times; at most %d",
                              k, hand->counts[k], QIPAI_ZP_COPIES);
    return QIPAI_OK;
}

typedef struct listing {
    const zp_locked *locked;
    qipai_zp_decomposition_fn fn;
    void *context;
} listing;

static int emit(const uint8_t *ids, int n, int huxi, void *context)
{
    const listing *l = context;
    qipai_zp_meld split[QIPAI_ZP_MAX_MELDS];
    qipai_zp_decomposition d;
    for (int i = 0; i < n; i++)
        zp_meld_from_id(ids[i], &split[i]);
    /* The split is ascending already; the locked melds go in between. */
    d.n_melds = zp_merge_melds(l->locked->locked, l->locked->n_locked, split, n, d.melds);
    d.huxi = huxi + l->locked->locked_huxi;
    return l->fn(&d, l->context);
}

qipai_err qipai_zp_decompose_each(const qipai_zp_rules *rules, const qipai_zp_hand *hand,
                                  qipai_zp_decomposition_fn fn, void *context,
                                  qipai_error *err)
{
    if (!rules || !hand || !fn)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "decompose needs rules, a hand and a callback");
    qipai_err e = qipai_zp_rules_check(rules, err);
    if (!e)
        e = check_hand(hand, err);
    if (e)
        return e;
    zp_locked locked;
    zp_lock(hand->counts, -1, &locked);
    /* 3k+1 free cards are no hand holding its target: a wrong input, not
     * merely a hand that does not split. */
    if (locked.free_cards % 3 == 1)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d cards besides 坎 and 提: a hand with its target has 3k or 3k+2",
                          locked.free_cards);
    listing l = {&locked, fn, context};
    zp_each_split(rules->yiwushi, locked.free, locked.free_cards, emit, &l);
    return QIPAI_OK;
}

typedef struct into_buffer {
    qipai_zp_decomposition *out;
    size_t capacity;
    size_t count;
} into_buffer;

static int store(const qipai_zp_decomposition *d, void *context)
{
    into_buffer *b = context;
    if (b->count < b->capacity)
        b->out[b->count] = *d;
    b->count++;
    return 0;
}

qipai_err qipai_zp_decompose(const qipai_zp_rules *rules, const qipai_zp_hand *hand,
                             qipai_zp_decomposition *out, size_t capacity, size_t *count,
                             qipai_error *err)
{
    into_buffer b = {out, out ? capacity : 0, 0};
    qipai_err e = qipai_zp_decompose_each(rules, hand, store, &b, err);
    if (count)
        *count = b.count;
    if (e)
        return e;
    if (b.count > b.capacity)
        return qipai_fail(err, QIPAI_ERR_BUFFER, -1, "%zu decompositions; room for %zu", b.count,
                          b.capacity);
    return QIPAI_OK;
}
