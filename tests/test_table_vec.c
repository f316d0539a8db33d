/*
 * The vector of games (src/table/vec.c) against the runner: games played
 * side by side in one vector, one action a game a step, with auto-reset,
 * are the run's games, each paying in the vector's score changes exactly
 * what it pays when qipai_table_run plays it alone; the mask a vector
 * reports is the game's; an illegal action in any game fails naming it and
 * plays nothing in any game.
 */
#include <qipai/table.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

enum { SLOTS = 6, GAMES = 36 };

static void vector_games_are_the_runs_games(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_state alone;
    static qipai_table_vec vec;
    CHECK(g && qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK, "%s", err.message);
    qipai_table_shape shape;
    qipai_table_shape_of(g, &rules, &shape);
    const int bot = qipai_table_bot_index(g, "strong");
    unsigned char *states = malloc(SLOTS * g->state_size);
    float *obs = malloc(sizeof(float) * SLOTS * (size_t)shape.observation_size);
    uint8_t *masks = malloc(SLOTS * (size_t)shape.action_space);
    uint8_t *one_mask = malloc((size_t)shape.action_space);
    CHECK(qipai_table_vec_init(&vec, g, &rules, 77, SLOTS, states, SLOTS * g->state_size, &err) ==
              QIPAI_OK,
          "%s", err.message);
    uint64_t slot_game[SLOTS];
    int64_t paid[GAMES + SLOTS][QIPAI_TABLE_MAX_SEATS];
    memset(paid, 0, sizeof paid);
    for (int i = 0; i < SLOTS; i++)
        slot_game[i] = (uint64_t)i;
    long steps = 0, masks_checked = 0, finished = 0;
    while (vec.games_done < GAMES) {
        int seats[SLOTS];
        int32_t actions[SLOTS];
        int64_t scores[SLOTS * QIPAI_TABLE_MAX_SEATS];
        uint8_t done[SLOTS];
        qipai_table_vec_observe(&vec, seats, obs, masks);
        for (int i = 0; i < SLOTS; i++) {
            const void *state = qipai_table_vec_state(&vec, i);
            CHECK(seats[i] >= 0, "slot %d has a seat to act", i);
            int n = qipai_table_mask(g, state, seats[i], one_mask);
            CHECK(n > 0 && !memcmp(one_mask, masks + (size_t)i * (size_t)shape.action_space,
                                   (size_t)shape.action_space),
                  "slot %d: the vector's mask is the game's", i);
            masks_checked++;
            CHECK(qipai_table_bot_choose(g, state, seats[i], bot, &actions[i], &err) == QIPAI_OK,
                  "%s", err.message);
        }
        if (steps == 5) { /* an illegal action in slot 3: nothing is played anywhere */
            unsigned char *copy = malloc(SLOTS * g->state_size);
            memcpy(copy, states, SLOTS * g->state_size);
            int32_t keep = actions[3];
            actions[3] = shape.action_space; /* out of the space */
            CHECK(qipai_table_vec_step(&vec, actions, scores, done, &err) == QIPAI_ERR_ILLEGAL &&
                      strstr(err.message, "game 3"),
                  "refused naming the game: %s", err.message);
            for (int a = 0; a < shape.action_space; a++)
                if (!masks[3 * (size_t)shape.action_space + (size_t)a]) {
                    actions[3] = a; /* in the space, not legal */
                    break;
                }
            CHECK(qipai_table_vec_step(&vec, actions, scores, done, &err) == QIPAI_ERR_ILLEGAL,
                  "an action not legal now is refused");
            CHECK(!memcmp(copy, states, SLOTS * g->state_size), "a refused step changes nothing");
            actions[3] = keep;
            free(copy);
        }
        CHECK(qipai_table_vec_step(&vec, actions, scores, done, &err) == QIPAI_OK, "%s",
              err.message);
        steps++;
        uint64_t next = vec.next_game - 0;
        int dealt = 0;
        for (int i = 0; i < SLOTS; i++)
            dealt += done[i];
        next -= (uint64_t)dealt; /* the numbers this step dealt, in slot order */
        for (int i = 0; i < SLOTS; i++) {
            if (slot_game[i] < GAMES + SLOTS)
                for (int s = 0; s < shape.seats; s++)
                    paid[slot_game[i]][s] += scores[i * shape.seats + s];
            if (done[i]) {
                finished++;
                slot_game[i] = next++;
            }
        }
    }
    /* Every game that ended in the vector pays what it pays alone. */
    qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        agents[s] = qipai_table_bot_agent(g, bot);
    long compared = 0;
    for (uint64_t n = 0; n < GAMES + SLOTS; n++) {
        bool ended = true;
        for (int i = 0; i < SLOTS; i++)
            ended &= slot_game[i] != n;
        if (!ended || n >= vec.next_game)
            continue;
        CHECK(qipai_table_run(g, &rules, 77, n, 1, -1, agents, NULL, &alone, NULL, &err) ==
                  QIPAI_OK,
              "%s", err.message);
        int64_t final[QIPAI_TABLE_MAX_SEATS];
        g->scores(&alone, final);
        for (int s = 0; s < shape.seats; s++)
            CHECK(final[s] == paid[n][s], "game %llu seat %d: %lld alone, %lld in the vector",
                  (unsigned long long)n, s, (long long)final[s], (long long)paid[n][s]);
        compared++;
    }
    CHECK(compared == GAMES && finished == GAMES && masks_checked > GAMES * 50,
          "%ld games compared, %ld finished, %ld masks", compared, finished, masks_checked);
    printf("vec: %ld steps of %d games, %ld games compared with the runner, %ld masks\n", steps,
           SLOTS, compared, masks_checked);
    free(states);
    free(obs);
    free(masks);
    free(one_mask);
}

/* With bots at seats 1-3 and the learner's seat 0 played as the runner's
 * agent plays it, the vector's games are the run's: each game's payments
 * from the learner's first decision, plus what it had paid before it, are
 * what the game pays alone; a step_bots with no learner seat is refused. */
static void bots_play_the_other_seats(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_state alone;
    static qipai_table_vec vec;
    CHECK(g && qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK, "%s", err.message);
    const int seats = g->max_shape.seats;
    const int strong = qipai_table_bot_index(g, "strong"), seed = qipai_table_bot_index(g, "seed");
    const int bots[QIPAI_TABLE_MAX_SEATS] = {-1, seed, seed, seed};
    const int all_bots[QIPAI_TABLE_MAX_SEATS] = {seed, seed, seed, seed};
    const size_t obs_size = (size_t)g->max_shape.observation_size;
    qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
    agents[0] = qipai_table_bot_agent(g, strong);
    for (int s = 1; s < QIPAI_TABLE_MAX_SEATS; s++)
        agents[s] = qipai_table_bot_agent(g, seed);
    unsigned char *states = malloc(SLOTS * g->state_size);
    CHECK(qipai_table_vec_init(&vec, g, &rules, 91, SLOTS, states, SLOTS * g->state_size, &err) ==
              QIPAI_OK,
          "%s", err.message);
    CHECK(qipai_table_vec_step_bots(&vec, NULL, all_bots, NULL, NULL, NULL, &err) == QIPAI_ERR_ARGUMENT,
          "every seat a bot is refused");
    CHECK(qipai_table_vec_step_bots(&vec, NULL, bots, NULL, NULL, NULL, &err) == QIPAI_OK, "%s",
          err.message);
    float *final_obs = malloc(sizeof(float) * SLOTS * (size_t)g->max_shape.observation_size);
    float *alone_obs = malloc(sizeof(float) * (size_t)g->max_shape.observation_size);
    long finals = 0;
    uint64_t slot_game[SLOTS];
    static int64_t paid[GAMES + 2 * SLOTS][QIPAI_TABLE_MAX_SEATS];
    memset(paid, 0, sizeof paid);
    for (int i = 0; i < SLOTS; i++) {
        slot_game[i] = (uint64_t)i;
        g->scores(qipai_table_vec_state(&vec, i), paid[i]); /* paid before its first decision */
    }
    long steps = 0, finished = 0, skipped = 0;
    while (vec.games_done < GAMES) {
        int to_act[SLOTS];
        int32_t actions[SLOTS];
        int64_t scores[SLOTS * QIPAI_TABLE_MAX_SEATS];
        uint8_t done[SLOTS];
        qipai_table_vec_observe(&vec, to_act, NULL, NULL);
        for (int i = 0; i < SLOTS; i++) {
            CHECK(to_act[i] == 0, "slot %d waits for the learner's seat, not %d", i, to_act[i]);
            CHECK(qipai_table_bot_choose(g, qipai_table_vec_state(&vec, i), 0, strong, &actions[i],
                                         &err) == QIPAI_OK,
                  "%s", err.message);
        }
        const uint64_t ended_before = vec.games_done, next_before = vec.next_game;
        CHECK(qipai_table_vec_step_bots(&vec, actions, bots, scores, done, final_obs, &err) == QIPAI_OK, "%s",
              err.message);
        steps++;
        /* Games dealt in this call, in slot order; a slot may deal more than
         * one when a new game ends before the learner's first decision. */
        uint64_t next = next_before;
        int ended_now = 0;
        for (int i = 0; i < SLOTS; i++) {
            if (slot_game[i] < GAMES + 2 * SLOTS)
                for (int s = 0; s < seats; s++)
                    paid[slot_game[i]][s] += scores[i * seats + s];
            if (done[i]) {
                finished++;
                ended_now++;
                if (slot_game[i] < GAMES + 2 * SLOTS) { /* its final view, as alone */
                    CHECK(qipai_table_run(g, &rules, 91, slot_game[i], 1, -1, agents, NULL, &alone,
                                          NULL, &err) == QIPAI_OK,
                          "%s", err.message);
                    g->observe(&alone, 0, alone_obs);
                    CHECK(!memcmp(alone_obs, final_obs + (size_t)i * obs_size,
                                  obs_size * sizeof(float)),
                          "game %llu: the final observation is seat 0's at its end",
                          (unsigned long long)slot_game[i]);
                    finals++;
                }
                slot_game[i] = next++;
                if (slot_game[i] < GAMES + 2 * SLOTS)
                    g->scores(qipai_table_vec_state(&vec, i), paid[slot_game[i]]);
            }
        }
        if (vec.next_game != next) /* a game ended before the learner's first decision */
            skipped++;
        CHECK(vec.games_done - ended_before >= (uint64_t)ended_now, "ends counted");
        if (skipped)
            break;
    }
    CHECK(!skipped, "no game of this run ends before seat 0's first decision");
    long compared = 0;
    for (uint64_t n = 0; n < vec.next_game && n < GAMES + 2 * SLOTS; n++) {
        bool ended = true;
        for (int i = 0; i < SLOTS; i++)
            ended &= slot_game[i] != n;
        if (!ended)
            continue;
        CHECK(qipai_table_run(g, &rules, 91, n, 1, -1, agents, NULL, &alone, NULL, &err) ==
                  QIPAI_OK,
              "%s", err.message);
        int64_t final[QIPAI_TABLE_MAX_SEATS];
        g->scores(&alone, final);
        for (int s = 0; s < seats; s++)
            CHECK(final[s] == paid[n][s], "game %llu seat %d: %lld alone, %lld in the vector",
                  (unsigned long long)n, s, (long long)final[s], (long long)paid[n][s]);
        compared++;
    }
    CHECK(compared >= GAMES && finished >= GAMES && finals >= GAMES,
          "%ld games compared, %ld finished, %ld final observations", compared, finished, finals);
    printf("vec with bots: %ld learner steps of %d games, %ld games compared with the runner\n",
           steps, SLOTS, compared);
    free(states);
    free(final_obs);
    free(alone_obs);
}

static void bad_arguments_are_refused(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_vec vec;
    static unsigned char states[2 * QIPAI_TABLE_STATE_SIZE];
    CHECK(qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK, "%s", err.message);
    CHECK(qipai_table_vec_init(&vec, g, &rules, 1, 0, states, sizeof states, &err) ==
              QIPAI_ERR_RANGE,
          "no games");
    CHECK(qipai_table_vec_init(&vec, g, &rules, 1, 3, states, 2 * g->state_size, &err) ==
              QIPAI_ERR_BUFFER,
          "room for two: %s", err.message);
    CHECK(qipai_table_vec_init(&vec, NULL, &rules, 1, 1, states, sizeof states, &err) ==
              QIPAI_ERR_ARGUMENT,
          "no game");
    CHECK(qipai_table_vec_step(NULL, NULL, NULL, NULL, &err) == QIPAI_ERR_ARGUMENT, "no vector");
}

int main(void)
{
    RUN(vector_games_are_the_runs_games);
    RUN(bots_play_the_other_seats);
    RUN(bad_arguments_are_refused);
    return test_report();
}
