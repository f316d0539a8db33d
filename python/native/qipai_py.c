/*
 * The Python binding's loops (qipai_py.h): the numpy batches, and the
 * Zhaotong environments' stepping — the agent's action, then the built-in
 * bots until the agent must act again — in one C call per agent step, so
 * a Python agent pays for one call however many moves the bots make.
 * Everything that decides anything is a library call.
 */
#include "qipai_py.h"
#include "common/fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- mahjong batches ---------------------------------------------------------- */

static void row_hand(const uint8_t *row, size_t kinds, const uint8_t *wilds, size_t i,
                     qipai_mj_hand *hand)
{
    memcpy(hand->counts, row, kinds);
    if (kinds < QIPAI_MJ_KINDS)
        memset(hand->counts + kinds, 0, QIPAI_MJ_KINDS - kinds);
    hand->wilds = wilds ? wilds[i] : 0;
}

void qipy_mj_win_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                      const uint8_t *wilds, size_t n, uint8_t *out)
{
    qipai_mj_hand hand;
    for (size_t i = 0; i < n; i++) {
        row_hand(counts + i * kinds, kinds, wilds, i, &hand);
        out[i] = qipai_mj_win(rules, &hand);
    }
}

void qipy_mj_shanten_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                          const uint8_t *wilds, size_t n, int8_t *out)
{
    qipai_mj_hand hand;
    for (size_t i = 0; i < n; i++) {
        row_hand(counts + i * kinds, kinds, wilds, i, &hand);
        out[i] = (int8_t)qipai_mj_shanten(rules, &hand, NULL);
    }
}

size_t qipy_mj_parse_many(const qipai_mj_rules *rules, const char *text, size_t size, size_t n,
                          uint8_t *counts, uint8_t *wilds, int strict, qipai_error *err)
{
    const char *end = text + size;
    qipai_mj_hand hand;
    for (size_t i = 0; i < n; i++) {
        const char *stop = memchr(text, '\0', (size_t)(end - text));
        if (!stop)
            return n; /* fewer hands than n: the caller counted them, so never */
        if (qipai_mj_parse(rules, text, &hand, NULL, err) == QIPAI_OK) {
            memcpy(counts + i * QIPAI_MJ_KINDS, hand.counts, QIPAI_MJ_KINDS);
            wilds[i] = hand.wilds;
        } else {
            memset(counts + i * QIPAI_MJ_KINDS, 0, QIPAI_MJ_KINDS);
            wilds[i] = 0;
            if (strict)
                return i;
        }
        text = stop + 1;
    }
    return n;
}

/* ---- Zhaotong environments ------------------------------------------------------ */

static qipai_err record_and_step(qipy_zt_env *env, const qipai_zt_action *action,
                                 qipai_error *err)
{
    if (env->history_count >= QIPY_ZT_MAX_HISTORY)
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1, "more than %d actions in one game",
                       QIPY_ZT_MAX_HISTORY);
    qipai_err e = qipai_zt_step(&env->game, action, err);
    if (e == QIPAI_OK)
        env->history[env->history_count++] = *action;
    return e;
}

/* The seat that acts next, as qipai_zt_play picks it: the lowest of those
 * that must act; -1 when the game is over. */
static int next_seat(const qipai_zt_game *game)
{
    unsigned to_act = qipai_zt_to_act(game);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (to_act >> s & 1)
            return s;
    return -1;
}

/* The bots play until the agent's seat is next or the game is over. */
static qipai_err run_bots(qipy_zt_env *env, qipai_error *err)
{
    for (;;) {
        int s = next_seat(&env->game);
        if (s < 0 || s == env->seat)
            return QIPAI_OK;
        qipai_zt_action action;
        qipai_err e = qipai_zt_bot_choose(&env->game, s, (qipai_zt_bot)env->bots[s], &action, err);
        if (e == QIPAI_OK)
            e = record_and_step(env, &action, err);
        if (e != QIPAI_OK)
            return e;
    }
}

qipai_err qipy_zt_env_reset(qipy_zt_env *env, const qipai_zt_rules *rules, uint64_t seed,
                            int dealer, qipai_error *err)
{
    env->history_count = 0;
    qipai_err e = qipai_zt_game_init(&env->game, rules, seed, dealer, err);
    if (e != QIPAI_OK)
        return e;
    /* Score changes before the agent's first move (a bot's 暗杠) come with
     * its first reward: rewards add up to the final score. */
    env->reward_mark = 0;
    if (env->seat < 0 || env->seat >= QIPAI_ZT_SEATS)
        return QIPAI_OK;
    return run_bots(env, err);
}

qipai_err qipy_zt_env_act(qipy_zt_env *env, int seat, int index, int64_t deltas[QIPAI_ZT_SEATS],
                          qipai_error *err)
{
    qipai_zt_game *g = &env->game;
    qipai_zt_action action;
    uint8_t mask[QIPAI_ZT_ACTION_SPACE];
    qipai_err e = qipai_zt_action_of_index(g, seat, index, &action, err);
    if (e != QIPAI_OK)
        return e;
    qipai_zt_action_mask(g, seat, mask);
    if (!mask[index]) {
        /* The step function says why. */
        e = qipai_zt_step(g, &action, err);
        if (e == QIPAI_OK) /* cannot be: the mask is the legal list */
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "action number %d was taken unmasked", index);
        return e;
    }
    int64_t before[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        before[s] = g->players[s].score;
    e = record_and_step(env, &action, err);
    if (e == QIPAI_OK && deltas)
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            deltas[s] = g->players[s].score - before[s];
    return e;
}

void qipy_zt_single_view(const qipy_zt_env *env, float *obs, uint8_t *mask)
{
    if (obs)
        qipai_zt_observe(&env->game, env->seat, obs);
    if (mask)
        qipai_zt_action_mask(&env->game, env->seat, mask);
}

qipai_err qipy_zt_single_step(qipy_zt_env *env, int index, float *obs, uint8_t *mask,
                              int64_t *reward, int *over, qipai_error *err)
{
    qipai_zt_game *g = &env->game;
    *reward = 0;
    *over = g->phase == QIPAI_ZT_PHASE_OVER;
    if (*over)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the game is over: reset() starts the next");
    qipai_err e = qipy_zt_env_act(env, env->seat, index, NULL, err);
    if (e == QIPAI_OK)
        e = run_bots(env, err);
    if (e != QIPAI_OK)
        return e;
    int64_t score = g->players[env->seat].score;
    *reward = score - env->reward_mark;
    env->reward_mark = score;
    *over = g->phase == QIPAI_ZT_PHASE_OVER;
    qipy_zt_single_view(env, obs, mask);
    return QIPAI_OK;
}

/* ---- stepping with the log's records ------------------------------------------------ */

static void keep_record(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    qipy_zt_records *out = context;
    if (out->count < out->capacity)
        qipai_zt_record_event(game, event, &out->records[out->count++]);
    else
        out->overflow = 1;
}

qipai_err qipy_zt_step_records(qipai_zt_game *game, const qipai_zt_action *action,
                               qipy_zt_records *out, qipai_error *err)
{
    out->count = 0;
    out->overflow = 0;
    return qipai_zt_step_events(game, action, keep_record, out, err);
}

size_t qipy_zt_log_records(const qipai_zt_record *records, size_t count, char *out, size_t size)
{
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        size_t room = used < size ? size - used : 0;
        used += qipai_zt_log_record(&records[i], room ? out + used : NULL, room);
        if (used + 1 < size)
            out[used] = '\n';
        used++;
    }
    if (size)
        out[used < size ? used : size - 1] = '\0';
    return used;
}
