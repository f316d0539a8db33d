/*
 * The waits of a Zhaotong hand as a checked list, the form every game's
 * waits take (qipai.h, "Lists"); qipai_zt_wait_mask is the fast form.
 */
#include "zt_internal.h"
#include "common/fail.h"

qipai_err qipai_zt_waits(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand,
                         uint8_t out[QIPAI_ZT_KINDS], size_t *count, qipai_error *err)
{
    *count = 0;
    qipai_err e = qipai_zt_rules_check(rules, err);
    if (e == QIPAI_OK && (tuo_kind < 0 || tuo_kind >= QIPAI_ZT_KINDS))
        e = qipai_fail(err, QIPAI_ERR_RANGE, -1, "the 坨 kind %d is not a tile (0-26)", tuo_kind);
    if (e == QIPAI_OK)
        e = qipai_zt_hand_check(tuo_kind, hand, err);
    if (e != QIPAI_OK)
        return e;
    int size = qipai_zt_concealed_size(hand);
    if (size != 13 - 3 * hand->meld_count)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d concealed tiles beside %d melds; waits are asked of %d", size,
                          hand->meld_count, 13 - 3 * hand->meld_count);
    size_t n = 0;
    for (uint32_t mask = qipai_zt_wait_mask(rules, tuo_kind, hand); mask; mask &= mask - 1)
        out[n++] = (uint8_t)__builtin_ctz(mask);
    *count = n;
    return QIPAI_OK;
}
