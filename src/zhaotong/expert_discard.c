/*
 * The expert's discard (expert.h): every tile it may let go is tried, and
 * what is left is worth its value (expert_value.c) times a speed factor
 * e / (e + K) of its effective copies e (a ready hand: the copies of its
 * winning tiles, each weighed by what it scores), less the expected loss of
 * the discard itself (expert_danger.c). Ties go as the strong bot's do:
 * more effective copies, a real tile before a 坨, then tile order.
 */
#include "expert.h"

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

double ex_worth(const ex_view *v, const ex_params *p, const qipai_zt_hand *h, int discarded,
                int *shanten, int *effective)
{
    int s;
    double value = ex_hand_value(v, p, h, &s);
    if (shanten)
        *shanten = s;
    if (s >= EX_FAR) {
        if (effective)
            *effective = 0;
        return 0;
    }
    if (s == 0 && p->wait_value) {
        int copies;
        double sum = ex_wait_value(v, h, &copies);
        if (effective)
            *effective = copies;
        return sum / (copies + p->width);
    }
    int e = effective_copies(v, h, discarded);
    if (effective)
        *effective = e;
    return value * e / (e + p->width);
}

/* A 坨 may be discarded: by the rules, or when nothing else is held. */
static bool may_discard_tuo(const ex_view *v, const qipai_zt_hand *h)
{
    if (v->rules.tuo_discard)
        return true;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (h->counts[k] && k != v->tuo)
            return false;
    return true;
}

typedef struct candidate {
    int kind;
    double worth;
    int effective;
} candidate;

static bool better(const ex_view *v, const candidate *a, const candidate *b)
{
    double scale = a->worth > b->worth ? a->worth : b->worth;
    double eps = 1e-9 * (scale > 1 ? scale : 1);
    if (a->worth > b->worth + eps)
        return true;
    if (b->worth > a->worth + eps)
        return false;
    if (a->effective != b->effective)
        return a->effective > b->effective;
    if ((a->kind == v->tuo) != (b->kind == v->tuo))
        return b->kind == v->tuo;
    return a->kind < b->kind;
}

int ex_best_discard(const ex_view *v, const ex_params *p, const qipai_zt_hand *h, double *worth)
{
    candidate best = {-1, 0, 0};
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        bool tuo = k == v->tuo;
        if (tuo ? !(h->tuo + h->counts[k]) || !may_discard_tuo(v, h) : !h->counts[k])
            continue;
        qipai_zt_hand after = *h;
        if (tuo && after.tuo)
            after.tuo--;
        else
            after.counts[k]--;
        candidate c = {k, 0, 0};
        c.worth = ex_worth(v, p, &after, k, NULL, &c.effective);
        if (p->danger > 0)
            c.worth -= p->danger * ex_danger(v, k);
        if (best.kind < 0 || better(v, &c, &best))
            best = c;
    }
    if (worth)
        *worth = best.worth;
    return best.kind;
}
