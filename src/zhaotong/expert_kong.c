/*
 * What a 杠 is expected to bring (expert.h, ex_kong_money), in bases: its
 * money (docs/RULES.md, "Payments") less what may take it back:
 *
 * - 抢杠: a 补杠 can be robbed by any seat that wins on its tile; then no
 *   money comes and the robber's win (one fan more) is paid;
 * - 呼叫转移: the discard after the replacement draw may be won on (杠上炮),
 *   and the 杠's money goes to the winner; its chance is taken as the mean
 *   danger of the tiles the hand holds;
 * - 退税: a hand not ready when the wall runs out returns its 杠 money;
 *   late in the wall a hand still far from ready likely will.
 */
#include "expert.h"

/* The chance that some seat still in wins on kind. */
static double any_wins(const ex_view *v, int kind)
{
    double none = 1;
    for (int o = 0; o < QIPAI_ZT_SEATS; o++)
        if (o != v->seat && v->seats[o].status == QIPAI_ZT_IN)
            none *= 1 - ex_win_chance(v, o, kind);
    return 1 - none;
}

/* The chance that the discard after the replacement draw is won on. */
static double transfer_chance(const ex_view *v, const qipai_zt_hand *after)
{
    if (!v->rules.call_transfer)
        return 0;
    double sum = 0;
    int n = 0;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (after->counts[k] && k != v->tuo) {
            sum += after->counts[k] * any_wins(v, k);
            n += after->counts[k];
        }
    return n ? sum / n : 0;
}

/* The chance that the money is returned at the empty wall (退税). */
static double refund_chance(const ex_view *v, int shanten_after)
{
    if (!v->rules.tui_shui || shanten_after <= 0)
        return 0;
    const int in = v->in > 0 ? v->in : 1;
    const double rounds = (double)v->wall_left / in;
    /* about three rounds a shanten step, from what play shows */
    double need = 3.0 * shanten_after;
    return rounds >= 2 * need ? 0 : rounds <= need ? 0.8 : 0.8 * (2 * need - rounds) / need;
}

double ex_kong_money(const ex_view *v, const qipai_zt_hand *after, int type, int kind,
                     int shanten_after)
{
    const int others = v->in - 1;
    double money;
    double robbed = 0, rob_cost = 0;
    switch (type) {
    case QIPAI_ZT_MING_GANG:
        money = v->rules.ming_gang_pay;
        break;
    case QIPAI_ZT_BU_GANG:
        money = (double)v->rules.bu_gang_pay * others;
        if (v->rules.rob_kong) {
            robbed = any_wins(v, kind);
            rob_cost = 2 * ex_amount(v, 1);
        }
        break;
    default:
        money = (double)v->rules.an_gang_pay * others;
        break;
    }
    double kept = (1 - transfer_chance(v, after)) * (1 - refund_chance(v, shanten_after));
    return (1 - robbed) * money * kept - robbed * rob_cost;
}
