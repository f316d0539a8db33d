/*
 * Zhaotong at the table (src/zhaotong/table.c): everything the table layer
 * does with Zhaotong equals what Zhaotong's own calls do, bit for bit. The
 * same runs give the same statistics and print the same summaries (text and
 * JSON); the same duels give the same figures; every position of every game
 * has the same legal actions, mask and observation through both; the log's
 * lines are Zhaotong's own (the header gains only "name"); each action's
 * text reads back to it; an illegal action changes nothing.
 */
#include <qipai/table.h>
#include <qipai/zhaotong.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "test.h"

static const qipai_table_game *zhaotong(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    CHECK(g != NULL, "%s", err.message);
    return g;
}

/* The rule sets compared: the default, and the one of the logged defect. */
static int rule_sets(qipai_zt_rules rules[2])
{
    qipai_error err;
    qipai_zt_rules_default(&rules[0]);
    qipai_zt_rules_default(&rules[1]);
    CHECK(qipai_zt_rules_option(&rules[1], "base=2", &err) == QIPAI_OK &&
              qipai_zt_rules_option(&rules[1], "ming_gang_pay=3", &err) == QIPAI_OK,
          "%s", err.message);
    return 2;
}

static void the_same_runs_print_the_same_summaries(void)
{
    const qipai_table_game *game = zhaotong();
    qipai_zt_rules rules[2];
    const char *const lineups[3][4] = {{"expert", "strong", "seed", "seed"},
                                       {"strong", "seed", "strong", "seed"},
                                       {"seed", "seed", "seed", "seed"}};
    long games = 0;
    for (int r = 0, sets = rule_sets(rules); r < sets; r++)
        for (int l = 0; l < 3; l++) {
            qipai_zt_agent zt_agents[4];
            qipai_table_agent agents[4];
            qipai_table_report report;
            qipai_zt_sim_report zt_report;
            memset(&report, 0, sizeof report);
            memset(&zt_report, 0, sizeof zt_report);
            report.seed = zt_report.seed = 9;
            for (int s = 0; s < 4; s++) {
                qipai_zt_bot bot;
                qipai_error err;
                CHECK(qipai_zt_bot_named(&bot, lineups[l][s], &err) == QIPAI_OK, "%s",
                      err.message);
                zt_agents[s] = qipai_zt_bot_agent(bot);
                agents[s] = qipai_table_bot_agent(game, qipai_table_bot_index(game, lineups[l][s]));
                report.bots[s] = zt_report.bots[s] = lineups[l][s];
            }
            const uint64_t count = (uint64_t)test_scaled(l == 0 ? 200 : 500);
            static qipai_zt_game zt_game;
            static qipai_table_state state;
            qipai_zt_stats zt_stats;
            qipai_table_stats stats;
            qipai_zt_stats_init(&zt_stats);
            qipai_table_stats_init(&stats);
            qipai_error err;
            CHECK(qipai_zt_run(&rules[r], 9, 0, count, -1, zt_agents, NULL, &zt_game, &zt_stats,
                               &err) == QIPAI_OK,
                  "%s", err.message);
            CHECK(qipai_table_run(game, &rules[r], 9, 0, count, -1, agents, NULL, &state, &stats,
                                  &err) == QIPAI_OK,
                  "%s", err.message);
            CHECK(!memcmp(&zt_game, &state, sizeof zt_game), "the last game is the same");
            static char a[8192], b[8192];
            qipai_zt_format_sim_text(&zt_stats, &zt_report, a, sizeof a);
            qipai_table_format_sim_text(game, &rules[r], &stats, &report, b, sizeof b);
            CHECK(!strcmp(a, b), "the text summaries differ:\n%s---\n%s", a, b);
            qipai_zt_format_sim_json(&zt_stats, &zt_report, a, sizeof a);
            qipai_table_format_sim_json(game, &rules[r], &stats, &report, b, sizeof b);
            CHECK(!strcmp(a, b), "the JSON summaries differ:\n%s---\n%s", a, b);
            games += (long)stats.games;
        }
    CHECK(games == 2 * (test_scaled(200) + 2 * test_scaled(500)), "%ld games compared", games);
}

static void the_same_duels_give_the_same_figures(void)
{
    const qipai_table_game *game = zhaotong();
    qipai_zt_rules rules[2];
    long deals = 0;
    for (int r = 0, sets = rule_sets(rules); r < sets; r++) {
        qipai_zt_duel_stats zt;
        qipai_table_duel_stats t;
        qipai_zt_duel_stats_init(&zt);
        qipai_table_duel_stats_init(&t);
        static qipai_table_state state;
        const long n = test_scaled(400);
        for (long i = 0; i < n; i++, deals++) {
            qipai_error err;
            CHECK(qipai_zt_duel_deal(&rules[r], 4, (uint64_t)i,
                                     qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG),
                                     qipai_zt_bot_agent(QIPAI_ZT_BOT_SEED), &zt, &err) == QIPAI_OK,
                  "%s", err.message);
            CHECK(qipai_table_duel_deal(game, &rules[r], 4, (uint64_t)i,
                                        qipai_table_bot_agent(game, 1),
                                        qipai_table_bot_agent(game, 0), NULL, &state, &t,
                                        &err) == QIPAI_OK,
                  "%s", err.message);
        }
        qipai_zt_duel_summary a = qipai_zt_duel_summarize(&zt);
        qipai_table_duel_summary b = qipai_table_duel_summarize(&t);
        CHECK(a.average[0] == b.average[0] && a.average[1] == b.average[1] &&
                  a.difference == b.difference && a.low == b.low && a.high == b.high &&
                  a.win_rate[0] == b.win_rate[0] && a.win_rate[1] == b.win_rate[1],
              "the figures differ: %.17g [%.17g, %.17g] vs %.17g [%.17g, %.17g]", a.difference,
              a.low, a.high, b.difference, b.low, b.high);
        CHECK(zt.games == t.games && zt.steps == t.steps && zt.wins[0] == t.wins[0] &&
                  zt.wins[1] == t.wins[1],
              "games %llu/%llu", (unsigned long long)zt.games, (unsigned long long)t.games);
        for (int side = 0; side < 2; side++) {
            const int64_t *x = t.tallies[side];
            CHECK((int64_t)zt.self_drawn[side] == x[0] && (int64_t)zt.dealt_in[side] == x[1] &&
                      zt.won[side] == x[2] && zt.kong_money[side] == x[3] &&
                      zt.wall_money[side] == x[4],
                  "side %d's breakdown", side);
            for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
                CHECK((int64_t)zt.types[side][k] == x[5 + k], "side %d type %d", side, k);
        }
        qipai_table_duel_report report;
        memset(&report, 0, sizeof report);
        report.seed = 4;
        report.names[0] = "strong";
        report.names[1] = "seed";
        char text[2048];
        qipai_table_format_duel_text(game, &t, &report, text, sizeof text);
        CHECK(strstr(text, "zhaotong duel: strong vs seed, ") &&
                  strstr(text, "games, seats swapped), seed 4\nstrong  average ") &&
                  strstr(text, "        hand types (share of wins):") &&
                  strstr(text, "difference strong - seed: "),
              "%s", text);
    }
    CHECK(deals == 2 * test_scaled(400), "%ld deals compared", deals);
}

/* ---- every position through both ---- */

typedef struct walk {
    const qipai_table_game *game;
    char lines[2][QIPAI_TABLE_LOG_LINE]; /* the table's and Zhaotong's line of an event */
    long events, differ;
} walk;

static void both_lines(const void *state, const void *event, void *context)
{
    walk *w = context;
    w->events++;
    qipai_table_log_event(w->game, state, event, -1, w->lines[0], sizeof w->lines[0]);
    qipai_zt_log_event(state, event, w->lines[1], sizeof w->lines[1]);
    if (strcmp(w->lines[0], w->lines[1]))
        w->differ++;
    for (int seat = 0; seat < 4; seat++) {
        qipai_table_log_event(w->game, state, event, seat, w->lines[0], sizeof w->lines[0]);
        qipai_zt_log_event_for(state, event, seat, w->lines[1], sizeof w->lines[1]);
        if (strcmp(w->lines[0], w->lines[1]))
            w->differ++;
    }
}

/* The header's JSON equals Zhaotong's but for "name". */
static bool header_same(const char *table_line, const char *zt_line)
{
    static const char *const skip[] = {"name", NULL};
    qjson_doc a, b;
    const qjson_value *ra, *rb;
    qjson_doc_init(&a);
    qjson_doc_init(&b);
    bool same = qjson_parse(&a, table_line, strlen(table_line), &ra, NULL, 0) == 0 &&
                qjson_parse(&b, zt_line, strlen(zt_line), &rb, NULL, 0) == 0 &&
                qjson_same(ra, rb, skip) && qjson_get_string(ra, "name") &&
                !strcmp(qjson_get_string(ra, "name"), "zhaotong") && !qjson_get(rb, "name");
    qjson_doc_free(&a);
    qjson_doc_free(&b);
    return same;
}

static void every_position_is_the_same_through_both(void)
{
    const qipai_table_game *game = zhaotong();
    qipai_zt_rules rules[2];
    static walk w;
    static qipai_zt_game g;
    static float obs[2][QIPAI_ZT_OBSERVATION_SIZE];
    static char a[QIPAI_TABLE_LOG_LINE], b[QIPAI_TABLE_LOG_LINE];
    long positions = 0, actions = 0;
    w.game = game;
    const char *bots[4] = {"strong", "seed", "expert", "seed"};
    for (int r = 0, sets = rule_sets(rules); r < sets; r++)
        for (uint64_t i = 0; i < (uint64_t)test_scaled(100); i++) {
            qipai_error err;
            CHECK(qipai_table_init(game, &g, &rules[r], qipai_table_game_seed(3, i), (int)(i % 4),
                                   &err) == QIPAI_OK,
                  "%s", err.message);
            CHECK(qipai_table_game_seed(3, i) == qipai_zt_game_seed(3, i), "the seeds");
            qipai_table_log_header(game, &g, i + 1, bots, a, sizeof a);
            qipai_zt_log_header(&g, i + 1, bots, b, sizeof b);
            CHECK(header_same(a, b), "the headers:\n%s\n%s", a, b);
            for (int seat = 0; seat < 4; seat++) {
                qipai_table_log_header_for(game, &g, i + 1, seat, a, sizeof a);
                qipai_zt_log_header_for(&g, i + 1, seat, b, sizeof b);
                CHECK(!strcmp(a, b), "seat %d's header:\n%s\n%s", seat, a, b);
                qipai_table_log_deal(game, &g, seat, a, sizeof a);
                qipai_zt_log_deal_for(&g, seat, b, sizeof b);
                CHECK(!strcmp(a, b), "seat %d's deal", seat);
            }
            /* the header read back gives the same game */
            qipai_zt_log_header(&g, i + 1, bots, b, sizeof b);
            qipai_table_log_header(game, &g, i + 1, bots, a, sizeof a);
            qipai_zt_rules read;
            qipai_table_deal deal;
            int dealer = -1;
            CHECK(game->log_read_header(a, strlen(a), &read, &deal, &dealer, &err) == QIPAI_OK &&
                      dealer == g.dealer && !memcmp(&read, &rules[r], sizeof read),
                  "the header with its name reads back: %s", err.message);
            while (qipai_table_to_act(game, &g)) {
                positions++;
                for (int seat = 0; seat < 4; seat++) {
                    int32_t list[QIPAI_ZT_MAX_ACTIONS];
                    qipai_zt_action zt_list[QIPAI_ZT_MAX_ACTIONS];
                    uint8_t m1[QIPAI_ZT_ACTION_SPACE], m2[QIPAI_ZT_ACTION_SPACE];
                    int n = qipai_table_legal(game, &g, seat, list);
                    CHECK(n == qipai_zt_legal_actions(&g, seat, zt_list), "legal counts");
                    CHECK(qipai_table_mask(game, &g, seat, m1) == qipai_zt_action_mask(&g, seat, m2) &&
                              !memcmp(m1, m2, sizeof m1),
                          "masks");
                    qipai_table_shape shape;
                    qipai_table_shape_of(game, &rules[r], &shape);
                    game->observe(&g, seat, obs[0]);
                    qipai_zt_observe(&g, seat, obs[1]);
                    CHECK(shape.observation_size == QIPAI_ZT_OBSERVATION_SIZE &&
                              !memcmp(obs[0], obs[1], sizeof obs[0]),
                          "observations");
                    for (int k = 0; k < n; k++) {
                        CHECK(list[k] == qipai_zt_action_index(&g, &zt_list[k]), "numbers");
                        char label[64];
                        int32_t back = -1;
                        for (int chinese = 0; chinese < 2; chinese++) {
                            game->action_text(&g, seat, list[k], chinese, label, sizeof label);
                            CHECK(game->action_parse(&g, seat, label, &back, &err) == QIPAI_OK &&
                                      back == list[k],
                                  "'%s' reads back to %d, not %d", label, (int)back, (int)list[k]);
                        }
                        /* the action's line, and read back */
                        game->log_action(&g, seat, list[k], a, sizeof a);
                        int s2 = -1;
                        CHECK(game->log_read_action(&g, a, strlen(a), &s2, &back, &err) ==
                                      QIPAI_OK &&
                                  s2 == seat && back == list[k],
                              "%s reads back", a);
                        actions++;
                    }
                    if (!n) { /* a seat not to act: every action refused, nothing changed */
                        static qipai_zt_game before;
                        before = g;
                        CHECK(qipai_table_step(game, &g, seat, QIPAI_ZT_ACTION_PASS, NULL, NULL,
                                               &err) == QIPAI_ERR_ILLEGAL &&
                                  err.message[0] && !memcmp(&before, &g, sizeof g),
                              "seat %d not to act: refused saying why ('%s')", seat, err.message);
                    }
                }
                const int seat = __builtin_ctz(qipai_table_to_act(game, &g));
                int32_t action;
                CHECK(qipai_table_bot_choose(game, &g, seat, seat & 1, &action, &err) == QIPAI_OK,
                      "%s", err.message);
                CHECK(qipai_table_step(game, &g, seat, action, both_lines, &w, &err) == QIPAI_OK,
                      "%s", err.message);
                CHECK(game->check(&g, &err) == QIPAI_OK, "%s", err.message);
            }
            for (int32_t action = 0; action < QIPAI_ZT_ACTION_SPACE; action += 33) {
                CHECK(qipai_table_step(game, &g, 0, action, NULL, NULL, &err) ==
                              QIPAI_ERR_ILLEGAL &&
                          err.message[0],
                      "after the end, action %d is refused saying why", (int)action);
            }
            CHECK(game->over(&g) && game->render(&g, -1, false, a, sizeof a) > 0 &&
                      strstr(a, "seat 3"),
                  "the end rendered: %s", a);
        }
    CHECK(w.differ == 0 && w.events > positions && positions > 1000 && actions > positions,
          "%ld positions, %ld actions, %ld events, %ld lines differ", positions, actions, w.events,
          w.differ);
}

int main(void)
{
    RUN(the_same_runs_print_the_same_summaries);
    RUN(the_same_duels_give_the_same_figures);
    RUN(every_position_is_the_same_through_both);
    return test_report();
}
