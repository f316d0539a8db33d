/*
 * A vector of games (include/qipai/table.h, "a vector of games"): the run's
 * games side by side in the caller's memory, one action each a step, every
 * ended game dealt anew from the run's next number. All actions are checked
 * before any is played, so a failed step changes nothing; a score change is
 * the difference of the game's scores across the step, so a learner gets
 * its reward whether a game pays as it goes (Zhaotong's kongs) or at the end.
 */
#include "table_internal.h"
#include "common/fail.h"

#include <string.h>

static qipai_err deal(qipai_table_vec *v, int i, qipai_error *err)
{
    const uint64_t number = v->next_game++;
    const int dealer = (int)(number % (uint64_t)v->shape.seats);
    return v->game->init(qipai_table_vec_state(v, i), &v->rules,
                         qipai_table_game_seed(v->seed, number), dealer, err);
}

qipai_err qipai_table_vec_init(qipai_table_vec *vec, const qipai_table_game *game,
                               const void *rules, uint64_t seed, int count, void *states,
                               size_t bytes, qipai_error *err)
{
    if (!vec || !game || !rules || !states)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no vector, game, rules or states given");
    if (count < 1 || count > 1 << 24)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "count %d: 1 to %d games", count, 1 << 24);
    if (bytes / game->state_size < (size_t)count)
        return qipai_fail(err, QIPAI_ERR_BUFFER, -1, "%zu bytes hold %zu states of %zu, not %d",
                          bytes, bytes / game->state_size, game->state_size, count);
    qipai_err e = game->rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    memset(vec, 0, sizeof *vec);
    vec->game = game;
    memcpy(&vec->rules, rules, game->rules_size);
    game->shape(rules, &vec->shape);
    vec->seed = seed;
    vec->count = count;
    vec->states = states;
    for (int i = 0; i < count; i++)
        if ((e = deal(vec, i, err)) != QIPAI_OK)
            return e;
    return QIPAI_OK;
}

void *qipai_table_vec_state(const qipai_table_vec *vec, int i)
{
    return vec->states + (size_t)i * vec->game->state_size;
}

void qipai_table_vec_observe(const qipai_table_vec *vec, int *seats, float *observations,
                             uint8_t *masks)
{
    const qipai_table_game *g = vec->game;
    const size_t obs = (size_t)vec->shape.observation_size;
    const size_t space = (size_t)vec->shape.action_space;
    for (int i = 0; i < vec->count; i++) {
        const void *state = qipai_table_vec_state(vec, i);
        const int seat = tb_lowest(g->to_act(state));
        if (seats)
            seats[i] = seat;
        if (observations) {
            if (seat >= 0)
                g->observe(state, seat, observations + (size_t)i * obs);
            else
                memset(observations + (size_t)i * obs, 0, obs * sizeof *observations);
        }
        if (masks) {
            if (seat >= 0)
                g->mask(state, seat, masks + (size_t)i * space);
            else
                memset(masks + (size_t)i * space, 0, space);
        }
    }
}

/* Whether seat may play action in state (the game's legal list). */
static bool is_legal(const qipai_table_game *g, const void *state, int seat, int32_t action,
                     int32_t *legal)
{
    const int n = g->legal(state, seat, legal);
    for (int k = 0; k < n; k++)
        if (legal[k] == action)
            return true;
    return false;
}

/* Every game's action is legal for its seat to act (nothing is played). */
static qipai_err check_actions(const qipai_table_vec *vec, const int32_t *actions,
                               qipai_error *err)
{
    const qipai_table_game *g = vec->game;
    int32_t legal[QIPAI_TABLE_STATE_SIZE / 4];
    if (vec->shape.max_legal > (int)(sizeof legal / sizeof legal[0]))
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1, "the game lists more legal actions than a step holds");
    for (int i = 0; i < vec->count; i++) {
        const void *state = qipai_table_vec_state(vec, i);
        const int seat = tb_lowest(g->to_act(state));
        if (seat < 0)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "game %d has no seat to act", i);
        if (actions[i] < 0 || actions[i] >= vec->shape.action_space ||
            !is_legal(g, state, seat, actions[i], legal))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "game %d: action %d is not legal for seat %d now", i,
                              (int)actions[i], seat);
    }
    return QIPAI_OK;
}

/* Game i's seat to act plays action (checked before). */
static qipai_err play_one(qipai_table_vec *vec, int i, int32_t action, qipai_error *err)
{
    void *state = qipai_table_vec_state(vec, i);
    const int seat = tb_lowest(vec->game->to_act(state));
    qipai_error why;
    if (vec->game->step(state, seat, action, NULL, NULL, &why) != QIPAI_OK)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "game %d: a legal action failed: %s", i,
                          why.message);
    return QIPAI_OK;
}

static void score_change(const qipai_table_vec *vec, int i, const int64_t *before,
                         const int64_t *after, int64_t *scores)
{
    const int seats = vec->shape.seats;
    for (int s = 0; scores && s < seats; s++)
        scores[(size_t)i * (size_t)seats + (size_t)s] = after[s] - before[s];
}

qipai_err qipai_table_vec_step(qipai_table_vec *vec, const int32_t *actions, int64_t *scores,
                               uint8_t *done, qipai_error *err)
{
    if (!vec || !vec->game || !actions)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no vector or actions given");
    const qipai_table_game *g = vec->game;
    qipai_err e = check_actions(vec, actions, err);
    if (e != QIPAI_OK)
        return e;
    for (int i = 0; i < vec->count; i++) {
        void *state = qipai_table_vec_state(vec, i);
        int64_t before[QIPAI_TABLE_MAX_SEATS], after[QIPAI_TABLE_MAX_SEATS];
        g->scores(state, before);
        if ((e = play_one(vec, i, actions[i], err)) != QIPAI_OK)
            return e;
        g->scores(state, after);
        score_change(vec, i, before, after, scores);
        const bool ended = g->over(state);
        if (done)
            done[i] = ended;
        if (ended) {
            vec->games_done++;
            if ((e = deal(vec, i, err)) != QIPAI_OK)
                return e;
        }
    }
    return QIPAI_OK;
}

qipai_err qipai_table_vec_step_bots(qipai_table_vec *vec, const int32_t *actions,
                                    const int *bots, int64_t *scores, uint8_t *done,
                                    float *final_observations, qipai_error *err)
{
    if (!vec || !vec->game || !bots)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no vector or bots given");
    const qipai_table_game *g = vec->game;
    int bot_count = 0, learners = 0;
    while (g->bots[bot_count])
        bot_count++;
    for (int s = 0; s < vec->shape.seats; s++) {
        if (bots[s] < -1 || bots[s] >= bot_count)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "seat %d: bot %d is not one of the %d bots",
                              s, bots[s], bot_count);
        learners += bots[s] == -1;
    }
    if (!learners)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "every seat is a bot: a learner needs a seat (-1)");
    qipai_err e = actions ? check_actions(vec, actions, err) : QIPAI_OK;
    if (e != QIPAI_OK)
        return e;
    const size_t obs = (size_t)vec->shape.observation_size;
    for (int i = 0; i < vec->count; i++) {
        void *state = qipai_table_vec_state(vec, i);
        int64_t before[QIPAI_TABLE_MAX_SEATS], after[QIPAI_TABLE_MAX_SEATS];
        g->scores(state, before);
        const int actor = tb_lowest(g->to_act(state));
        if (actions && (e = play_one(vec, i, actions[i], err)) != QIPAI_OK)
            return e;
        bool ended = false;
        for (;;) {
            if (g->over(state)) {
                if (!ended) {
                    g->scores(state, after);
                    if (final_observations && actions)
                        g->observe(state, actor, final_observations + (size_t)i * obs);
                }
                ended = true;
                vec->games_done++;
                if ((e = deal(vec, i, err)) != QIPAI_OK)
                    return e;
                continue;
            }
            const int seat = tb_lowest(g->to_act(state));
            if (seat < 0)
                return qipai_fail(err, QIPAI_ERR_STATE, -1, "game %d has no seat to act", i);
            if (bots[seat] < 0)
                break;
            int32_t action;
            qipai_error why;
            if (g->bot_choose(state, seat, bots[seat], &action, &why) != QIPAI_OK ||
                g->step(state, seat, action, NULL, NULL, &why) != QIPAI_OK)
                return qipai_fail(err, QIPAI_ERR_STATE, -1, "game %d: seat %d's bot failed: %s",
                                  i, seat, why.message);
        }
        if (!ended)
            g->scores(state, after);
        score_change(vec, i, before, after, scores);
        if (done)
            done[i] = ended;
    }
    return QIPAI_OK;
}
