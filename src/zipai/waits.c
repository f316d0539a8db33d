/*
 * Waits: the cards that would win (docs/RULES.md, "Hu"), tried one by one
 * from each source asked for. A card whose four copies are all in the hand
 * and the open melds cannot come, so it is no wait.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

qipai_err qipai_zp_waits(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                         qipai_zp_wait out[QIPAI_ZP_MAX_WAITS], size_t *count, qipai_error *err)
{
    if (!rules || !s || !out || !count)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "waits needs rules, a situation and a buffer");
    *count = 0;
    if (s->source != -1 && s->source != QIPAI_ZP_DRAW && s->source != QIPAI_ZP_DISCARD)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown source %d", s->source);
    qipai_zp_situation trial = *s;
    trial.target = -1;
    uint8_t seen[QIPAI_ZP_KINDS];
    qipai_err e = zp_check_situation(rules, &trial, seen, err);
    if (e)
        return e;
    for (int card = 0; card < QIPAI_ZP_KINDS; card++) {
        if (seen[card] >= QIPAI_ZP_COPIES)
            continue;
        for (int source = QIPAI_ZP_DRAW; source <= QIPAI_ZP_DISCARD; source++) {
            if (s->source >= 0 && source != s->source)
                continue;
            qipai_zp_hu_result hu;
            trial.target = card;
            trial.source = source;
            e = qipai_zp_hu(rules, &trial, &hu, err);
            if (e)
                return e;
            if (hu.win) {
                qipai_zp_wait *w = &out[(*count)++];
                w->card = card;
                w->source = source;
                w->huxi = hu.huxi;
                w->tun = hu.tun;
                w->score = hu.score;
            }
        }
    }
    return QIPAI_OK;
}
