/*
 * The expert on another seat's tile (expert.h): it always wins when it can
 * (a discard or a robbed 补杠); a 明杠 when the hand is worth more after it
 * with the 杠 money (weighed by kong_bonus) than now; a 碰 when its best
 * discard after the 碰 leaves a hand worth more than the one it holds by
 * the factor peng_margin; otherwise it passes.
 */
#include "expert.h"

qipai_zt_action ex_claim(const ex_view *v, const ex_params *p)
{
    const qipai_zt_action *gang = NULL, *peng = NULL, *pass = NULL;
    for (int i = 0; i < v->legal_count; i++) {
        const qipai_zt_action *a = &v->legal[i];
        if (a->type == QIPAI_ZT_ACT_HU)
            return *a;
        if (a->type == QIPAI_ZT_ACT_MING_GANG)
            gang = a;
        else if (a->type == QIPAI_ZT_ACT_PENG)
            peng = a;
        else if (a->type == QIPAI_ZT_ACT_PASS)
            pass = a;
    }
    if (!gang && !peng)
        return *pass;
    double now = ex_worth(v, p, &v->hand, -1, NULL, NULL);
    qipai_zt_action best = *pass;
    double best_worth = now;
    if (gang) {
        qipai_zt_hand after =
            ex_after_meld(v, &v->hand, QIPAI_ZT_MING_GANG, gang->kind, 3, gang->tuo);
        int shanten;
        double worth = ex_worth(v, p, &after, -1, &shanten, NULL);
        worth += p->kong_bonus *
                 ex_kong_money(v, &after, QIPAI_ZT_MING_GANG, gang->kind, shanten);
        if (worth >= best_worth) {
            best = *gang;
            best_worth = worth;
        }
    }
    if (peng) {
        qipai_zt_hand after = ex_after_meld(v, &v->hand, QIPAI_ZT_PENG, peng->kind, 2, peng->tuo);
        double worth;
        ex_best_discard(v, p, &after, &worth);
        if (worth > best_worth * p->peng_margin && worth > best_worth) {
            best = *peng;
            best_worth = worth;
        }
    }
    return best;
}
