/*
 * Scoring a hu (docs/RULES.md, "Hu"): the threshold, 囤 (tun), and the 名堂
 * that follow from the red cards: 红胡 (rules.hong_min or more), 点胡
 * (exactly one), 乌胡 / 黑胡 (none), each with its multiplier.
 */
#include "zipai/zp_internal.h"

void zp_score(const qipai_zp_rules *rules, qipai_zp_hu_result *out)
{
    out->win = out->huxi >= 0 && out->huxi >= rules->threshold;
    out->tun = 0;
    out->mingtang = 0;
    out->multiplier = 1;
    out->score = 0;
    if (!out->win)
        return;
    out->tun = (out->huxi - rules->threshold) / rules->tun_step + rules->tun_base;
    if (out->red >= rules->hong_min) {
        out->mingtang |= QIPAI_ZP_HONGHU;
        out->multiplier *= rules->mult_hong;
    } else if (out->red == 1) {
        out->mingtang |= QIPAI_ZP_DIANHU;
        out->multiplier *= rules->mult_dian;
    } else if (out->red == 0) {
        out->mingtang |= QIPAI_ZP_WUHU;
        out->multiplier *= rules->mult_wu;
    }
    out->score = out->tun * out->multiplier;
}
