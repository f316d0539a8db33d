/*
 * Running whole games (include/qipai/table.h, "agents and the runner"): the
 * seed of each game of a run, the agents of the built-in bots, the loop that
 * plays a game to its end and the loop that plays any range of a run's
 * games, counting each in the run's statistics (stats.c).
 */
#include "table_internal.h"
#include "common/fail.h"

#include <stdio.h>
#include <string.h>

/* splitmix64's finaliser: a bijection that spreads every input bit. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t qipai_table_game_seed(uint64_t run_seed, uint64_t number)
{
    /* Two rounds so that neighbouring (seed, number) pairs land far apart;
     * kept below 2^53 so every JSON reader holds it exactly; never 0. */
    uint64_t s = mix(mix(run_seed + 0x9E3779B97F4A7C15ull) ^ (number * 0xD1B54A32D192ED03ull));
    s &= 0x1FFFFFFFFFFFFFull;
    return s ? s : 1;
}

/* A built-in bot as an agent: the context is the bot's number. */
static qipai_err bot_choose(const qipai_table_game *game, const void *state, int seat,
                            void *context, int32_t *action, qipai_error *err)
{
    return game->bot_choose(state, seat, (int)(intptr_t)context, action, err);
}

qipai_table_agent qipai_table_bot_agent(const qipai_table_game *game, int bot)
{
    (void)game;
    qipai_table_agent agent = {bot_choose, (void *)(intptr_t)bot};
    return agent;
}

qipai_err qipai_table_play(const qipai_table_game *game, void *state,
                           const qipai_table_agent *agents, qipai_table_event_fn events,
                           void *context, uint64_t *steps, qipai_error *err)
{
    uint64_t taken = 0;
    qipai_err e = QIPAI_OK;
    for (unsigned to_act; (to_act = game->to_act(state)) != 0;) {
        const int seat = tb_lowest(to_act);
        const qipai_table_agent *agent = &agents[seat];
        int32_t action = -1;
        if (!agent->choose) {
            e = qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "seat %d has no agent", seat);
            break;
        }
        if ((e = agent->choose(game, state, seat, agent->context, &action, err)) != QIPAI_OK)
            break;
        if ((e = game->step(state, seat, action, events, context, err)) != QIPAI_OK)
            break;
        taken++;
    }
    if (steps)
        *steps = taken;
    return e;
}

qipai_err qipai_table_run(const qipai_table_game *game, const void *rules, uint64_t run_seed,
                          uint64_t first, uint64_t count, int dealer,
                          const qipai_table_agent *agents, const qipai_table_observer *observer,
                          void *state, qipai_table_stats *stats, qipai_error *err)
{
    static const qipai_table_observer none = {NULL, NULL, NULL, NULL};
    const qipai_table_observer *o = observer ? observer : &none;
    if (!game || !rules || !agents || !state)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no game, rules, agents or state given");
    qipai_err e = game->rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    const int seats = tb_shape(game, rules).seats;
    if (dealer < -1 || dealer >= seats)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: a seat 0-%d, or -1 to rotate",
                          dealer, seats - 1);
    for (uint64_t i = first; i - first < count; i++) {
        int d = dealer < 0 ? (int)(i % (uint64_t)seats) : dealer;
        if ((e = game->init(state, rules, qipai_table_game_seed(run_seed, i), d, err)) != QIPAI_OK)
            return e;
        if (o->game_start)
            o->game_start(state, i + 1, o->context);
        uint64_t steps;
        qipai_error why;
        e = qipai_table_play(game, state, agents, o->event, o->context, &steps, &why);
        if (e != QIPAI_OK)
            return qipai_fail(err, e, -1, "game %llu: %s", (unsigned long long)i + 1,
                              why.message);
        if (stats)
            qipai_table_stats_add(game, stats, state, steps);
        if (o->game_end)
            o->game_end(state, i + 1, o->context);
    }
    return QIPAI_OK;
}
