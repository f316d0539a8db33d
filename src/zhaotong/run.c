/*
 * Running whole games: the seed of each game of a run, the agents that
 * choose for the seats (the built-in bots, or anything a caller plugs in:
 * a person, a program over a pipe, a learning agent), the loop that plays a
 * game to its end, and the statistics of a run, kept so that runs split
 * into shards merge into exactly the figures of one run.
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "table/table_internal.h"

#include <string.h>

/* The table layer's (src/table/run.c): one seed sequence for every game. */
uint64_t qipai_zt_game_seed(uint64_t run_seed, uint64_t number)
{
    return qipai_table_game_seed(run_seed, number);
}

static const char *const bot_names[QIPAI_ZT_BOT_COUNT] = {"seed", "strong", "expert"};

const char *qipai_zt_bot_name(qipai_zt_bot bot)
{
    return (unsigned)bot < QIPAI_ZT_BOT_COUNT ? bot_names[bot] : NULL;
}

qipai_err qipai_zt_bot_named(qipai_zt_bot *bot, const char *name, qipai_error *err)
{
    for (int b = 0; b < QIPAI_ZT_BOT_COUNT; b++)
        if (name && !strcmp(name, bot_names[b])) {
            *bot = (qipai_zt_bot)b;
            return QIPAI_OK;
        }
    char known[64] = "";
    for (int b = 0; b < QIPAI_ZT_BOT_COUNT; b++) {
        strcat(known, b ? ", " : "");
        strcat(known, bot_names[b]);
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no bot is named '%s' (bots: %s)",
                      name ? name : "(null)", known);
}

/* A built-in bot as an agent: the context is the bot's number. */
static qipai_err bot_choose(const qipai_zt_game *game, int seat, void *context,
                            qipai_zt_action *out, qipai_error *err)
{
    return qipai_zt_bot_choose(game, seat, (qipai_zt_bot)(uintptr_t)context, out, err);
}

qipai_zt_agent qipai_zt_bot_agent(qipai_zt_bot bot)
{
    qipai_zt_agent agent = {bot_choose, (void *)(uintptr_t)bot};
    return agent;
}

qipai_err qipai_zt_play(qipai_zt_game *game, const qipai_zt_agent agents[QIPAI_ZT_SEATS],
                        qipai_zt_event_fn events, void *context, uint64_t *steps,
                        qipai_error *err)
{
    uint64_t taken = 0;
    qipai_err e = QIPAI_OK;
    while (game->phase != QIPAI_ZT_PHASE_OVER) {
        unsigned to_act = qipai_zt_to_act(game);
        int seat = 0;
        while (!(to_act >> seat & 1))
            seat++;
        qipai_zt_action action;
        const qipai_zt_agent *agent = &agents[seat];
        if (!agent->choose) {
            e = qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "seat %d has no agent", seat);
            break;
        }
        e = agent->choose(game, seat, agent->context, &action, err);
        if (e != QIPAI_OK)
            break;
        if (action.seat != seat) {
            e = qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                           "the agent of seat %d chose an action for seat %d", seat,
                           action.seat);
            break;
        }
        e = qipai_zt_step_events(game, &action, events, context, err);
        if (e != QIPAI_OK)
            break;
        taken++;
    }
    if (steps)
        *steps = taken;
    return e;
}

qipai_err qipai_zt_run(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t first,
                       uint64_t count, int dealer, const qipai_zt_agent agents[QIPAI_ZT_SEATS],
                       const qipai_zt_run_observer *observer, qipai_zt_game *game,
                       qipai_zt_stats *stats, qipai_error *err)
{
    static const qipai_zt_run_observer none = {NULL, NULL, NULL, NULL};
    const qipai_zt_run_observer *o = observer ? observer : &none;
    if (dealer < -1 || dealer >= QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: a seat 0-3, or -1 to rotate",
                          dealer);
    for (uint64_t i = first; i - first < count; i++) {
        int d = dealer < 0 ? (int)(i % QIPAI_ZT_SEATS) : dealer;
        qipai_err e = qipai_zt_game_init(game, rules, qipai_zt_game_seed(run_seed, i), d, err);
        if (e != QIPAI_OK)
            return e;
        if (o->game_start)
            o->game_start(game, i + 1, o->context);
        uint64_t steps;
        qipai_error why;
        e = qipai_zt_play(game, agents, o->event, o->context, &steps, &why);
        if (e != QIPAI_OK)
            return qipai_fail(err, e, -1, "game %llu: %s", (unsigned long long)i + 1,
                              why.message);
        if (stats)
            qipai_zt_stats_add(stats, game, steps);
        if (o->game_end)
            o->game_end(game, i + 1, o->context);
    }
    return QIPAI_OK;
}

/* ---- statistics ------------------------------------------------------------ */

void qipai_zt_stats_init(qipai_zt_stats *stats)
{
    memset(stats, 0, sizeof *stats);
}

void qipai_zt_stats_add(qipai_zt_stats *stats, const qipai_zt_game *game, uint64_t steps)
{
    stats->games++;
    stats->steps += steps;
    if (game->end < 3)
        stats->ends[game->end]++;
    int64_t base = game->rules.base > 0 ? game->rules.base : 1;
    if (!stats->base)
        stats->base = base;
    int64_t units[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &game->players[s];
        /* Every amount is a multiple of base (base * 2^fan, base * bases
         * for 杠), so the sums count bases and stay exact in integers:
         * shards merge into exactly the figures of one run. */
        units[s] = p->score / base;
        stats->seat_score[s] += units[s];
        if (p->status != QIPAI_ZT_WON)
            continue;
        stats->wins++;
        stats->seat_wins[s]++;
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            stats->types[k] += p->win.score.types >> k & 1;
    }
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        for (int t = 0; t < QIPAI_ZT_SEATS; t++) {
            stats->score_products[s][t] += units[s] * units[t];
            stats->seat_win_pairs[s][t] += game->players[s].status == QIPAI_ZT_WON &&
                                           game->players[t].status == QIPAI_ZT_WON;
        }
}

void qipai_zt_stats_merge(qipai_zt_stats *into, const qipai_zt_stats *from)
{
    if (!into->base)
        into->base = from->base;
    into->games += from->games;
    into->wins += from->wins;
    into->steps += from->steps;
    for (int i = 0; i < 3; i++)
        into->ends[i] += from->ends[i];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        into->seat_wins[s] += from->seat_wins[s];
        into->seat_score[s] += from->seat_score[s];
        for (int t = 0; t < QIPAI_ZT_SEATS; t++) {
            into->score_products[s][t] += from->score_products[s][t];
            into->seat_win_pairs[s][t] += from->seat_win_pairs[s][t];
        }
    }
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        into->types[k] += from->types[k];
}

/* The means and win rates are the table layer's (src/table/stats.c): one
 * copy of the statistics for every game. */

qipai_zt_mean qipai_zt_stats_mean(const qipai_zt_stats *stats, unsigned seats)
{
    qipai_table_stats t;
    zt_table_stats(stats, &t);
    qipai_table_mean m = qipai_table_stats_mean(&t, seats);
    qipai_zt_mean out = {m.mean, m.low, m.high};
    return out;
}

qipai_zt_mean qipai_zt_stats_win_rate(const qipai_zt_stats *stats, unsigned seats)
{
    qipai_table_stats t;
    zt_table_stats(stats, &t);
    qipai_table_mean m = qipai_table_stats_win_rate(&t, seats);
    qipai_zt_mean out = {m.mean, m.low, m.high};
    return out;
}
