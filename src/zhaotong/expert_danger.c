/*
 * How dangerous a discard is (expert.h): the expected loss, in bases, of
 * letting kind go now. Only a seat still in can win on it (a winner is
 * out), only if it is ready, and only if kind is of a suit it may keep: a
 * hand wins with two suits at most, so a seat whose melds show two suits
 * cannot use the third, and a seat that has thrown a suit away from its
 * first discards has most likely dropped it. The chance that a seat is
 * ready grows with the tiles it has drawn (its discards) and its melds.
 */
#include "expert.h"

/* How likely seat o is ready, from what it has shown. */
static double ready_chance(const ex_view *v, int o)
{
    const ex_seat *e = &v->seats[o];
    double turns = e->discards + 2.0 * e->meld_count;
    double r = (turns - 2.0) / 10.0;
    return r < 0 ? 0 : r > 0.9 ? 0.9 : r;
}

/* How likely a ready seat o waits on kind. */
static double use_chance(const ex_view *v, int o, int kind)
{
    const ex_seat *e = &v->seats[o];
    unsigned shown = 0;
    for (int i = 0; i < e->meld_count; i++)
        if (e->melds[i].kind != v->tuo)
            shown |= 1u << (e->melds[i].kind / 9);
    int suit = kind / 9;
    int n = 0;
    for (unsigned s = shown; s; s &= s - 1)
        n++;
    if (n >= 2 && !(shown >> suit & 1))
        return 0;
    /* The suit of its first discards: most likely the one it drops. */
    int first[3] = {0, 0, 0};
    for (int i = 0; i < e->discards && i < 4; i++)
        first[e->order[i] / 9]++;
    double c = 0.25;
    if (!(shown >> suit & 1) && first[suit] >= 2)
        c *= 0.3;
    return c;
}

double ex_danger(const ex_view *v, int kind)
{
    double total = 0;
    for (int o = 0; o < QIPAI_ZT_SEATS; o++) {
        if (o == v->seat || v->seats[o].status != QIPAI_ZT_IN)
            continue;
        total += ready_chance(v, o) * use_chance(v, o, kind) * 1.5;
    }
    return total;
}
