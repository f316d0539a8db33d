/*
 * What a hand is worth to the expert (expert.h, docs/RULES.md "Bots"): the
 * best, over the plans it could follow, of
 *
 *     amount x step^shanten x e / (e + width)
 *
 * where amount is what a win of the plan scores (base x 2^fan, docs/RULES.md
 * "Hand types and fan": the plan's fan plus the 勾胡 and 根 the hand has
 * already, capped), shanten the hand's distance to the plan (expert_shape.c)
 * and e its effective copies left. The plans: any shape, 大对子, 七对, 清一色
 * alone, with 大对子 or with 七对. step is small (0.1): speed comes first and
 * value decides within a shanten; a plan as far as the plain hand shares its
 * effective tiles, a further one is given plan_copies.
 *
 * A ready hand is valued exactly instead: every tile that completes it is
 * scored as the win it would make (a drawn 坨 as a 坨), weighed by the
 * copies not yet seen.
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

/* Effective copies of a 3k+1 hand, the discard (when a kind) counted as
 * seen. */
static int effective_copies(const ex_view *v, const qipai_zt_hand *h, int discarded)
{
    uint8_t seen[QIPAI_ZT_KINDS];
    memcpy(seen, v->visible, sizeof seen);
    if (discarded >= 0 && discarded != v->tuo)
        seen[discarded]++;
    qipai_mj_effective e;
    if (qipai_zt_effective(&v->rules, v->tuo, h, seen, &e, NULL) != QIPAI_OK)
        return 0;
    return e.total;
}

/* amount x step^shanten x e / (e + width): what a plan is worth. */
static double worth_of(const ex_params *p, double amount, int shanten, double step, double e)
{
    if (shanten >= EX_FAR)
        return 0;
    return amount * pow(step, shanten < 0 ? 0 : shanten) * e / (e + p->width);
}

/* The plans a hand may follow besides its plain shape: the fan each adds
 * and the hand's shanten to it (EX_FAR: out of reach or not weighed). */
static int plan_list(const ex_view *v, const ex_params *p, const ex_shape *s, int fan[12],
                     int shanten[12])
{
    const int ddz = type_fan(v, QIPAI_ZT_DADUIZI), qd = type_fan(v, QIPAI_ZT_QIAOQIDUI),
              qys = type_fan(v, QIPAI_ZT_QINGYISE);
    int n = 0;
    if (p->plans & 1) {
        fan[n] = ddz;
        shanten[n++] = s->triplets;
    }
    if (p->plans & 2) {
        fan[n] = qd;
        shanten[n++] = s->pairs;
    }
    for (int suit = 0; suit < 3 && (p->plans & 4); suit++) {
        fan[n] = qys;
        shanten[n++] = s->suit[suit];
        if (p->plans & 1) {
            fan[n] = qys + ddz;
            shanten[n++] = s->suit_triplets[suit];
        }
        if (p->plans & 2) {
            fan[n] = qys + qd;
            shanten[n++] = s->suit_pairs[suit];
        }
    }
    return n;
}

void ex_estimate_hand(const ex_view *v, const ex_params *p, const qipai_zt_hand *h,
                      ex_estimate *out)
{
    out->known = ex_known_fan(v, h);
    if (p->plans) {
        ex_shape_of(v, h, true, &out->shape);
    } else {
        ex_shape *s = &out->shape;
        s->any = ex_shanten(v, h);
        s->pairs = s->triplets = EX_FAR;
        for (int suit = 0; suit < 3; suit++)
            s->suit[suit] = s->suit_pairs[suit] = s->suit_triplets[suit] = EX_FAR;
    }
    const int any = out->shape.any;
    if (any >= EX_FAR) {
        out->bound = 0;
        return;
    }
    if (any == 0 && p->wait_value) { /* its waits may score anything */
        out->bound = ex_amount(v, v->rules.cap);
        return;
    }
    /* The speed factor e / (e + K) is below 1. */
    double bound = ex_amount(v, out->known) * pow(p->step, any);
    int fan[12], shanten[12];
    int n = plan_list(v, p, &out->shape, fan, shanten);
    for (int i = 0; i < n; i++) {
        if (shanten[i] >= EX_FAR)
            continue;
        double x = ex_amount(v, out->known + fan[i]) * pow(p->plan_step, shanten[i]);
        bound = x > bound ? x : bound;
    }
    out->bound = bound;
}

double ex_worth_estimated(const ex_view *v, const ex_params *p, const qipai_zt_hand *h,
                          int discarded, const ex_estimate *est, int *effective)
{
    const ex_shape *s = &est->shape;
    if (effective)
        *effective = 0;
    if (s->any >= EX_FAR)
        return 0;
    double best;
    int e;
    const bool exact = s->any == 0 && p->wait_value;
    if (exact) { /* every wait scored: the plans that are ready are in it */
        int copies;
        double sum = ex_wait_value(v, h, &copies);
        e = copies;
        best = copies ? worth_of(p, sum / copies, 0, p->step, copies) : 0;
    } else {
        e = effective_copies(v, h, discarded);
        best = worth_of(p, ex_amount(v, est->known), s->any, p->step, e);
    }
    if (effective)
        *effective = e;
    int fan[12], shanten[12];
    int n = plan_list(v, p, s, fan, shanten);
    for (int i = 0; i < n; i++) {
        const int sh = shanten[i];
        if (sh >= EX_FAR || (exact && sh <= 0))
            continue;
        /* A plan as far as the plain hand shares its effective tiles; a
         * further one is given plan_copies. */
        double x = worth_of(p, ex_amount(v, est->known + fan[i]), sh, p->plan_step,
                            sh == s->any ? e : p->plan_copies);
        best = x > best ? x : best;
    }
    return best;
}

double ex_worth(const ex_view *v, const ex_params *p, const qipai_zt_hand *h, int discarded,
                int *shanten, int *effective)
{
    ex_estimate est;
    ex_estimate_hand(v, p, h, &est);
    if (shanten)
        *shanten = est.shape.any;
    return ex_worth_estimated(v, p, h, discarded, &est, effective);
}
