/*
 * Duplicate duels (include/qipai/zhaotong.h, "duplicate duels"): one deal
 * played twice with the two agents' seats swapped, so that every hand dealt
 * is played by each, and the figures of whole deals kept as integer sums so
 * that shards of a run merge into exactly the figures of one run.
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "table/table_internal.h"


int qipai_zt_duel_side(int replay, int seat)
{
    return (seat + replay) & 1;
}

void qipai_zt_duel_stats_init(qipai_zt_duel_stats *stats)
{
    memset(stats, 0, sizeof *stats);
}

void qipai_zt_duel_stats_merge(qipai_zt_duel_stats *into, const qipai_zt_duel_stats *from)
{
    if (!into->base)
        into->base = from->base;
    into->deals += from->deals;
    into->games += from->games;
    into->steps += from->steps;
    into->difference += from->difference;
    into->difference_squares += from->difference_squares;
    for (int b = 0; b < 2; b++) {
        into->score[b] += from->score[b];
        into->wins[b] += from->wins[b];
        into->self_drawn[b] += from->self_drawn[b];
        into->dealt_in[b] += from->dealt_in[b];
        into->won[b] += from->won[b];
        into->kong_money[b] += from->kong_money[b];
        into->wall_money[b] += from->wall_money[b];
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            into->types[b][k] += from->types[b][k];
    }
}

/* Where a payment's money belongs in the breakdown. */
static int64_t *money_slot(qipai_zt_duel_stats *d, int side, qipai_zt_pay_reason reason)
{
    switch (reason) {
    case QIPAI_ZT_PAY_WIN:
        return NULL; /* counted from the wins themselves */
    case QIPAI_ZT_PAY_HUA_ZHU:
    case QIPAI_ZT_PAY_DA_JIAO:
        return &d->wall_money[side];
    default: /* 杠 money, 呼叫转移, 退税 */
        return &d->kong_money[side];
    }
}

/* Counts one finished replay; the scores are multiples of base. */
static void count_game(qipai_zt_duel_stats *d, const qipai_zt_game *g, int replay, uint64_t steps,
                       int64_t deal_score[2])
{
    const int64_t base = g->rules.base > 0 ? g->rules.base : 1;
    d->games++;
    d->steps += steps;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const int side = qipai_zt_duel_side(replay, s);
        const qipai_zt_player *p = &g->players[s];
        deal_score[side] += p->score / base;
        if (p->status != QIPAI_ZT_WON)
            continue;
        d->wins[side]++;
        if (p->win.context & QIPAI_ZT_CTX_SELF_DRAWN)
            d->self_drawn[side]++;
        else
            d->dealt_in[qipai_zt_duel_side(replay, p->win.from)]++;
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            d->types[side][k] += p->win.score.types >> k & 1;
    }
    for (int i = 0; i < g->payment_count; i++) {
        const qipai_zt_payment *pay = &g->payments[i];
        const int64_t units = pay->amount / base;
        if (pay->reason == QIPAI_ZT_PAY_WIN) {
            d->won[qipai_zt_duel_side(replay, pay->to)] += units;
            continue;
        }
        *money_slot(d, qipai_zt_duel_side(replay, pay->to), pay->reason) += units;
        *money_slot(d, qipai_zt_duel_side(replay, pay->from), pay->reason) -= units;
    }
}

qipai_err qipai_zt_duel_deal(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t deal,
                             qipai_zt_agent a, qipai_zt_agent b, qipai_zt_duel_stats *stats,
                             qipai_error *err)
{
    return qipai_zt_duel_deal_events(rules, run_seed, deal, a, b, NULL, NULL, NULL, stats, err);
}

qipai_err qipai_zt_duel_deal_events(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t deal,
                                    qipai_zt_agent a, qipai_zt_agent b,
                                    qipai_zt_duel_start_fn start, qipai_zt_event_fn events,
                                    void *context, qipai_zt_duel_stats *stats, qipai_error *err)
{
    qipai_zt_duel_stats d;
    qipai_zt_duel_stats_init(&d);
    d.base = rules->base > 0 ? rules->base : 1;
    int64_t deal_score[2] = {0, 0};
    const uint64_t seed = qipai_zt_game_seed(run_seed, deal);
    for (int replay = 0; replay < QIPAI_ZT_DUEL_GAMES; replay++) {
        qipai_zt_agent agents[QIPAI_ZT_SEATS];
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            agents[s] = qipai_zt_duel_side(replay, s) ? b : a;
        qipai_zt_game game; /* 6 KB on the stack: no allocation */
        qipai_err e = qipai_zt_game_init(&game, rules, seed, 0, err);
        uint64_t steps = 0;
        if (e == QIPAI_OK && start)
            start(&game, replay, context);
        if (e == QIPAI_OK)
            e = qipai_zt_play(&game, agents, events, context, &steps, err);
        if (e != QIPAI_OK) {
            if (err) {
                char why[sizeof err->message];
                memcpy(why, err->message, sizeof why);
                qipai_fail(err, e, -1, "deal %llu, replay %d: %.120s", (unsigned long long)deal,
                           replay + 1, why);
            }
            return e;
        }
        count_game(&d, &game, replay, steps, deal_score);
    }
    d.deals = 1;
    d.score[0] = deal_score[0];
    d.score[1] = deal_score[1];
    const int64_t difference = deal_score[0] - deal_score[1];
    d.difference = difference;
    d.difference_squares = (uint64_t)(difference * difference);
    qipai_zt_duel_stats_merge(stats, &d);
    return QIPAI_OK;
}

/* The figures are the table layer's (src/table/duel.c): each deal gives
 * each side 2 seats in each of the 2 replays, so the layer's sample of a
 * deal, A * 4 - B * 4, is 4 times Zhaotong's A - B, a scale it undoes
 * exactly (a power of two). */
qipai_zt_duel_summary qipai_zt_duel_summarize(const qipai_zt_duel_stats *stats)
{
    enum { PER_DEAL = 2 * QIPAI_ZT_DUEL_GAMES };
    qipai_table_duel_stats t;
    qipai_table_duel_stats_init(&t);
    t.deals = stats->deals;
    t.games = stats->games;
    t.steps = stats->steps;
    t.unit = stats->base;
    t.difference = stats->difference * PER_DEAL;
    t.difference_squares = stats->difference_squares * PER_DEAL * PER_DEAL;
    for (int b = 0; b < 2; b++) {
        t.seat_games[b] = stats->deals * PER_DEAL;
        t.score[b] = stats->score[b];
        t.wins[b] = stats->wins[b];
    }
    qipai_table_duel_summary m = qipai_table_duel_summarize(&t);
    qipai_zt_duel_summary out;
    memset(&out, 0, sizeof out);
    for (int b = 0; b < 2; b++) {
        out.average[b] = m.average[b];
        out.win_rate[b] = m.win_rate[b];
    }
    out.difference = m.difference;
    out.low = m.low;
    out.high = m.high;
    return out;
}
