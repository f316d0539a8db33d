/*
 * The expert on its own turn (expert.h): it always takes a self-drawn win;
 * a 暗杠 or 补杠 when what the hand is worth after it, plus the 杠 money
 * (weighed by kong_bonus), beats its best discard; otherwise its best
 * discard (expert_discard.c). Every action comes from the seat's legal list.
 */
#include "expert.h"

qipai_zt_hand ex_after_meld(const ex_view *v, const qipai_zt_hand *h, int type, int kind, int n,
                            int tuo)
{
    qipai_zt_hand a = *h;
    if (kind == v->tuo) {
        a.tuo = (uint8_t)(a.tuo - n);
    } else {
        a.counts[kind] = (uint8_t)(a.counts[kind] - (n - tuo));
        a.tuo = (uint8_t)(a.tuo - tuo);
    }
    a.melds[a.meld_count++] = (qipai_zt_meld){(uint8_t)type, (uint8_t)kind,
                                              (uint8_t)(kind == v->tuo ? 0 : tuo),
                                              (uint8_t)v->seat};
    return a;
}

/* The hand after a 补杠 of kind (a 坨 added when tuo). */
static qipai_zt_hand after_bu_gang(const ex_view *v, const qipai_zt_hand *h, int kind, bool tuo)
{
    qipai_zt_hand a = *h;
    if (tuo)
        a.tuo--;
    else
        a.counts[kind]--;
    for (int i = 0; i < a.meld_count; i++)
        if (a.melds[i].type == QIPAI_ZT_PENG && a.melds[i].kind == kind) {
            a.melds[i].type = QIPAI_ZT_BU_GANG;
            if (tuo && kind != v->tuo)
                a.melds[i].tuo++;
        }
    return a;
}

qipai_zt_action ex_turn(const ex_view *v, const ex_params *p)
{
    for (int i = 0; i < v->legal_count; i++)
        if (v->legal[i].type == QIPAI_ZT_ACT_HU)
            return v->legal[i];
    double now;
    int kind = ex_best_discard(v, p, &v->hand, &now);
    qipai_zt_action best = {QIPAI_ZT_ACT_DISCARD, (uint8_t)v->seat, (uint8_t)kind, 0};
    double best_worth = now;
    for (int i = 0; i < v->legal_count; i++) {
        const qipai_zt_action *a = &v->legal[i];
        qipai_zt_hand after;
        int type;
        if (a->type == QIPAI_ZT_ACT_AN_GANG) {
            after = ex_after_meld(v, &v->hand, QIPAI_ZT_AN_GANG, a->kind, 4, a->tuo);
            type = QIPAI_ZT_AN_GANG;
        } else if (a->type == QIPAI_ZT_ACT_BU_GANG) {
            after = after_bu_gang(v, &v->hand, a->kind, a->tuo != 0);
            type = QIPAI_ZT_BU_GANG;
        } else {
            continue;
        }
        int shanten;
        double worth = ex_worth(v, p, &after, -1, &shanten, NULL);
        worth += p->kong_bonus * ex_kong_money(v, &after, type, a->kind, shanten);
        if (worth >= best_worth) {
            best = *a;
            best_worth = worth;
        }
    }
    return best;
}
