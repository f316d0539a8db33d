/*
 * The expert's discard (expert.h): every tile it may let go is tried, and
 * what is left is worth what expert_value.c says (the best plan's amount
 * times its speed). Among the discards of the best worth the safest goes
 * (expert_danger.c); then the strong bot's order: more effective copies, a
 * real tile before a 坨, tile order.
 */
#include "expert.h"

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
    double worth, danger;
    int effective;
} candidate;

/* Strong-bot order: worth, more effective copies, a real tile before a
 * 坨, tile order. */
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
    candidate list[QIPAI_ZT_KINDS];
    qipai_zt_hand after[QIPAI_ZT_KINDS];
    ex_estimate est[QIPAI_ZT_KINDS];
    int n = 0;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        bool tuo = k == v->tuo;
        if (tuo ? !(h->tuo + h->counts[k]) || !may_discard_tuo(v, h) : !h->counts[k])
            continue;
        after[n] = *h;
        if (tuo && after[n].tuo)
            after[n].tuo--;
        else
            after[n].counts[k]--;
        ex_estimate_hand(v, p, &after[n], &est[n]);
        list[n] = (candidate){k, -1, 0, 0};
        n++;
    }
    /* Branch and bound: the worth of the most promising first; a candidate
     * whose bound is below the best worth found cannot win, not even a tie. */
    int best = -1;
    for (;;) {
        int next = -1;
        for (int i = 0; i < n; i++)
            if (list[i].worth < 0 && (next < 0 || est[i].bound > est[next].bound))
                next = i;
        if (next < 0 || (best >= 0 && est[next].bound < list[best].worth * (1 - 1e-9)))
            break;
        candidate *c = &list[next];
        c->worth = ex_worth_estimated(v, p, &after[next], c->kind, &est[next], &c->effective);
        if (best < 0 || better(v, c, &list[best]))
            best = next;
    }
    /* Among the discards of the best worth, the safest. Giving up any
     * worth for safety lost money in duels against the strong bot (1% of it
     * cost 0.04 points a seat a game, 5% cost 0.25, 15% cost 0.75, late in
     * the wall too): in 血战 a seat that does not win on my discard mostly
     * wins later, often self-drawn, and then I pay it double. */
    int safe = best;
    list[best].danger = ex_danger(v, list[best].kind);
    for (int i = 0; i < n; i++) {
        if (i == best || list[i].worth < list[best].worth * (1 - 1e-9))
            continue; /* below the best (or below the bound, not worked out) */
        list[i].danger = ex_danger(v, list[i].kind);
        if (list[i].danger < list[safe].danger - 1e-12 ||
            (list[i].danger <= list[safe].danger + 1e-12 && better(v, &list[i], &list[safe])))
            safe = i;
    }
    best = safe;
    if (worth)
        *worth = list[best].worth;
    return list[best].kind;
}
