/*
 * `qipai zhaotong bench table [--games N] [--bots B] [--repeat R]`: what the
 * table layer costs Zhaotong. The same N games (the run seeded 1) are played
 * through Zhaotong's own runner (qipai_zt_run) and through the layer's
 * (qipai_table_run), the two interleaved pass by pass in one process so the
 * machine's load falls on both alike; the line gives each one's median CPU
 * time per game and their ratio, and checks the two runs' statistics agree.
 */
#include "bench.h"
#include "program.h"

#include <qipai/table.h>
#include <qipai/zhaotong.h>

#include <stdlib.h>
#include <string.h>

#include "common/json.h"

static double zt_pass(const qipai_zt_rules *rules, qipai_zt_bot bot, uint64_t games,
                      qipai_zt_stats *stats)
{
    static qipai_zt_game game;
    qipai_zt_agent agents[4];
    for (int s = 0; s < 4; s++)
        agents[s] = qipai_zt_bot_agent(bot);
    qipai_zt_stats_init(stats);
    double start = prog_cpu_ns();
    qipai_zt_run(rules, 1, 0, games, -1, agents, NULL, &game, stats, NULL);
    return (prog_cpu_ns() - start) / (double)games;
}

static double table_pass(const qipai_table_game *g, const qipai_zt_rules *rules, int bot,
                         uint64_t games, qipai_table_stats *stats)
{
    static qipai_table_state state;
    qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        agents[s] = qipai_table_bot_agent(g, bot);
    qipai_table_stats_init(stats);
    double start = prog_cpu_ns();
    qipai_table_run(g, rules, 1, 0, games, -1, agents, NULL, &state, stats, NULL);
    return (prog_cpu_ns() - start) / (double)games;
}

int bench_table(int argc, char **argv)
{
    long games = 2000;
    int repeat = 5;
    const char *bot_name = "seed";
    for (int i = 1; i < argc; i++) {
        const char *v = prog_option_value(argc, argv, &i);
        if (!v)
            return prog_usage("zhaotong bench table: unexpected '%s'", argv[i]);
        if (!strcmp(argv[i - 1], "--games") && (games = atol(v)) > 0)
            continue;
        if (!strcmp(argv[i - 1], "--repeat") && (repeat = atoi(v)) >= 1 && repeat <= 101)
            continue;
        if (!strcmp(argv[i - 1], "--bots")) {
            bot_name = v;
            continue;
        }
        return prog_usage("zhaotong bench table: [--games N] [--bots seed|strong|expert] "
                          "[--repeat 1-101]");
    }
    qipai_error err;
    qipai_zt_bot bot;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    if (!g || qipai_zt_bot_named(&bot, bot_name, &err) != QIPAI_OK)
        return prog_usage("zhaotong bench table: %s", err.message);
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    double zt[101], table[101];
    bool same = true;
    for (int r = 0; r < repeat; r++) {
        qipai_zt_stats a;
        qipai_table_stats b;
        zt[r] = zt_pass(&rules, bot, (uint64_t)games, &a);
        table[r] = table_pass(g, &rules, qipai_table_bot_index(g, bot_name), (uint64_t)games, &b);
        same = same && a.games == b.games && a.steps == b.steps &&
               !memcmp(a.seat_score, b.seat_score, sizeof a.seat_score);
    }
    prog_sort_times(zt, (size_t)repeat);
    prog_sort_times(table, (size_t)repeat);
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key_string(&w, "bench", "table");
    qjson_key_string(&w, "bots", bot_name);
    qjson_key_int(&w, "games", games);
    qjson_key_int(&w, "repeat", repeat);
    qjson_key_double(&w, "ns_per_game_zhaotong", zt[repeat / 2]);
    qjson_key_double(&w, "ns_per_game_table", table[repeat / 2]);
    qjson_key_double(&w, "ratio", table[repeat / 2] / zt[repeat / 2]);
    qjson_key_bool(&w, "same_games", same);
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
    return same ? PROG_EXIT_OK : PROG_EXIT_FAILED;
}
