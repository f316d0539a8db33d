/*
 * How dangerous a discard is (expert.h): the expected loss, in bases, of
 * letting kind go now, summed over the seats that could win on it. The
 * chances come from what each seat has shown, and were measured in play
 * (20,000 games of four strong bots: the share of discards a given seat
 * could have won on, by these features):
 *
 * - a seat that has won is out: no danger;
 * - a hand wins with two suits at most, so a seat whose melds show two
 *   suits cannot use the third: no danger;
 * - a suit a seat threw at least twice among its first four discards is the
 *   suit it drops (about 0.3% against 4% for a suit it kept);
 * - a kind the seat discarded itself is about ten times safer (it could
 *   still win on it: Zhaotong has no 振听, but hands rarely come back);
 * - 1 and 9 are a little safer than the middle tiles;
 * - the danger grows with the seat's discards: about 1% after 3 to 5 of
 *   them, 4% after 6 to 8, 7% after 9 to 11, 10% later.
 *
 * The loss of a win on it is what the seat's melds show it may score:
 * 勾胡 for each 杠, 清一色 when every meld is of one suit.
 */
#include "expert.h"

/* The chance that a seat with that many discards is ready and waits on a
 * middle tile of a suit it keeps. */
static double base_chance(int discards)
{
    static const double by_three[5] = {0.001, 0.01, 0.04, 0.07, 0.10};
    int i = discards / 3;
    return by_three[i > 4 ? 4 : i];
}

/* The chance that seat o (still in) wins on kind. */
double ex_win_chance(const ex_view *v, int o, int kind)
{
    const ex_seat *e = &v->seats[o];
    unsigned shown = 0;
    for (int i = 0; i < e->meld_count; i++)
        if (e->melds[i].kind != v->tuo)
            shown |= 1u << (e->melds[i].kind / 9);
    const int suit = kind / 9;
    if (zt_popcount(shown) >= 2 && !(shown >> suit & 1))
        return 0;
    double chance = base_chance(e->discards);
    int early = 0;
    for (int i = 0; i < e->discards && i < 4; i++)
        early += e->order[i] / 9 == suit;
    if (!(shown >> suit & 1) && early >= 2)
        chance *= 0.05;
    if (e->discarded[kind])
        chance *= 0.1;
    if (kind % 9 == 0 || kind % 9 == 8)
        chance *= 0.6;
    return chance;
}

/* What a win of seat o would cost, in bases, from what its melds show. */
static double cost(const ex_view *v, int o)
{
    const ex_seat *e = &v->seats[o];
    int fan = 0;
    unsigned suits = 0;
    for (int i = 0; i < e->meld_count; i++) {
        if (zt_is_gang(&e->melds[i]))
            fan += v->rules.fan[QIPAI_ZT_GOUHU] == QIPAI_ZT_FAN_CAP ? v->rules.cap
                                                                    : v->rules.fan[QIPAI_ZT_GOUHU];
        suits |= 1u << (e->melds[i].kind / 9);
    }
    if (e->meld_count >= 2 && zt_popcount(suits) == 1)
        fan += v->rules.fan[QIPAI_ZT_QINGYISE] == QIPAI_ZT_FAN_CAP ? v->rules.cap
                                                                  : v->rules.fan[QIPAI_ZT_QINGYISE];
    return ex_amount(v, fan) * 1.3; /* the hand's own types besides */
}

double ex_danger(const ex_view *v, int kind)
{
    double total = 0;
    for (int o = 0; o < QIPAI_ZT_SEATS; o++) {
        if (o == v->seat || v->seats[o].status != QIPAI_ZT_IN)
            continue;
        total += ex_win_chance(v, o, kind) * cost(v, o);
    }
    return total;
}
