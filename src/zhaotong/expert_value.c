/*
 * What a hand is worth to the expert (expert.h). A win scores base x
 * 2^fan (docs/RULES.md, "Hand types and fan"), so a hand is worth the best,
 * over the plans it could follow, of the amount the plan scores times how
 * likely it is to get there: each shanten step costs a factor (a plan that
 * needs a hand type costs its own factor, since it gives up tiles a plain
 * hand could use). The plans: 平胡 (any shape), 大对子, 七对, 清一色 alone,
 * with 大对子 or with 七对; each adds its fan to what the hand has already
 * (勾胡 of its 杠, 根 it holds).
 *
 * A ready hand is valued exactly instead: every tile that completes it,
 * weighed by the copies not yet seen, scored as the win it would make.
 */
#include "expert.h"

#include <math.h>

static int type_fan(const ex_view *v, qipai_zt_type t)
{
    int f = v->rules.fan[t];
    return f == QIPAI_ZT_FAN_CAP ? v->rules.cap : f;
}

int ex_known_fan(const ex_view *v, const qipai_zt_hand *h)
{
    int gou = 0, gen = 0;
    uint8_t held[QIPAI_ZT_KINDS];
    memcpy(held, h->counts, sizeof held);
    held[v->tuo] = 0;
    for (int i = 0; i < h->meld_count; i++) {
        if (zt_is_gang(&h->melds[i]))
            gou++;
        else
            held[h->melds[i].kind] = (uint8_t)(held[h->melds[i].kind] + 3);
    }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        gen += held[k] / 4;
    return gou * type_fan(v, QIPAI_ZT_GOUHU) + gen * type_fan(v, QIPAI_ZT_GEN);
}

double ex_amount(const ex_view *v, int fan)
{
    int f = fan < v->rules.cap ? fan : v->rules.cap;
    return ldexp(1.0, f < 0 ? 0 : f);
}

/* amount x factor^shanten, 0 for a shape out of reach. */
static double plan(const ex_view *v, int fan, int shanten, double factor)
{
    if (shanten >= EX_FAR)
        return 0;
    return ex_amount(v, fan) * pow(factor, shanten < 0 ? 0 : shanten);
}

double ex_hand_value(const ex_view *v, const ex_params *p, const qipai_zt_hand *h, int *shanten)
{
    const int known = ex_known_fan(v, h);
    ex_shape s;
    if (!p->plans) {
        int any = ex_shanten(v, h);
        if (shanten)
            *shanten = any;
        return plan(v, known, any, p->step);
    }
    ex_shape_of(v, h, true, &s);
    if (shanten)
        *shanten = s.any;
    const int ddz = type_fan(v, QIPAI_ZT_DADUIZI), qd = type_fan(v, QIPAI_ZT_QIAOQIDUI),
              qys = type_fan(v, QIPAI_ZT_QINGYISE);
    double best = plan(v, known, s.any, p->step);
    double x = plan(v, known + ddz, s.triplets, p->plan_step);
    best = x > best ? x : best;
    x = plan(v, known + qd, s.pairs, p->plan_step);
    best = x > best ? x : best;
    for (int suit = 0; suit < 3; suit++) {
        x = plan(v, known + qys, s.suit[suit], p->plan_step);
        best = x > best ? x : best;
        x = plan(v, known + qys + ddz, s.suit_triplets[suit], p->plan_step);
        best = x > best ? x : best;
        x = plan(v, known + qys + qd, s.suit_pairs[suit], p->plan_step);
        best = x > best ? x : best;
    }
    return best;
}

double ex_wait_value(const ex_view *v, const qipai_zt_hand *h, int *copies)
{
    double sum = 0;
    int n = 0;
    uint32_t waits = zt_wait_mask_core(&v->win_mj, v->tuo, h);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (!(waits >> k & 1) || k == v->tuo || !v->unseen[k])
            continue;
        qipai_zt_hand full = *h;
        full.counts[k]++;
        qipai_zt_score score;
        if (zt_score_core(&v->rules, &v->win_mj, v->tuo, &full, 0, &score, NULL) == QIPAI_OK) {
            sum += v->unseen[k] * (double)score.amount / (double)v->rules.base;
            n += v->unseen[k];
        }
    }
    if (v->unseen[v->tuo] && zt_ready_core(&v->win_mj, v->tuo, h)) {
        qipai_zt_hand full = *h; /* a drawn 坨 stands for whatever scores best */
        full.tuo++;
        qipai_zt_score score;
        if (zt_score_core(&v->rules, &v->win_mj, v->tuo, &full, 0, &score, NULL) == QIPAI_OK) {
            sum += v->unseen[v->tuo] * (double)score.amount / (double)v->rules.base;
            n += v->unseen[v->tuo];
        }
    }
    if (copies)
        *copies = n;
    return sum;
}
