/*
 * `qipai zhaotong duel --bots A,B --deals N --seed S`: duplicate play of two
 * bots (the library's qipai_zt_duel_deal: each deal twice, seats swapped),
 * printing each bot's average per seat per game, the difference with its 95%
 * confidence interval over deals, win rates and the speed; --json gives one
 * line whose keys deals, bots, average, difference, ci95 and
 * games_per_second are a contract (docs/formats/zhaotong.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>

static const char duel_usage[] =
    "usage: qipai zhaotong duel --bots A,B --deals N [--seed S] [--rule NAME=VALUE]... [--json]\n";

typedef struct duel_run {
    qipai_zt_bot bots[2];
    uint64_t seed;
    qipai_zt_duel_stats stats;
    double cpu_seconds, wall_seconds;
} duel_run;

/* "expert,strong" into two bots; 0 on success. */
static int parse_pair(const char *text, qipai_zt_bot bots[2], qipai_error *err)
{
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    char *comma = strchr(copy, ',');
    if (!comma || strchr(comma + 1, ',')) {
        snprintf(err->message, sizeof err->message, "--bots wants two names, like expert,strong");
        return err->code = QIPAI_ERR_ARGUMENT;
    }
    *comma = '\0';
    if (qipai_zt_bot_named(&bots[0], copy, err) != QIPAI_OK ||
        qipai_zt_bot_named(&bots[1], comma + 1, err) != QIPAI_OK)
        return QIPAI_ERR_ARGUMENT;
    return 0;
}

static double games_per_second(const duel_run *r)
{
    return r->cpu_seconds > 0 ? (double)r->stats.games / r->cpu_seconds : 0;
}

/* A bot's value under its name; a bot against itself has one name, and
 * the second value stands (both are equal then). */
static void named_pair(qjson_writer *w, const char *key, const char *a, const char *b,
                       const double value[2])
{
    qjson_key(w, key);
    qjson_object_begin(w);
    if (strcmp(a, b))
        qjson_key_double(w, a, value[0]);
    qjson_key_double(w, b, value[1]);
    qjson_object_end(w);
}

/* The one JSON line (the keys named at the top are a contract). */
static void print_json(const duel_run *r, const qipai_zt_duel_summary *m)
{
    const char *a = qipai_zt_bot_name(r->bots[0]), *b = qipai_zt_bot_name(r->bots[1]);
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "deals");
    qjson_uint(&w, r->stats.deals);
    qjson_key(&w, "games");
    qjson_uint(&w, r->stats.games);
    qjson_key(&w, "seed");
    qjson_uint(&w, r->seed);
    qjson_key(&w, "bots");
    qjson_array_begin(&w);
    qjson_string(&w, a);
    qjson_string(&w, b);
    qjson_array_end(&w);
    named_pair(&w, "average", a, b, m->average);
    qjson_key_double(&w, "difference", m->difference);
    qjson_key(&w, "ci95");
    qjson_array_begin(&w);
    qjson_double(&w, m->low);
    qjson_double(&w, m->high);
    qjson_array_end(&w);
    named_pair(&w, "win_rate", a, b, m->win_rate);
    qjson_key_double(&w, "cpu_seconds", r->cpu_seconds);
    qjson_key_double(&w, "games_per_second", games_per_second(r));
    qjson_object_end(&w);
    zt_print_json(&w);
    qjson_writer_free(&w);
}

static void print_text(const duel_run *r, const qipai_zt_duel_summary *m)
{
    const qipai_zt_duel_stats *t = &r->stats;
    const double seat_games = (double)t->deals * 2 * QIPAI_ZT_DUEL_GAMES;
    const double base = t->base ? (double)t->base : 1;
    printf("zhaotong duel: %s vs %s, %llu deals (%llu games, seats swapped), seed %llu\n",
           qipai_zt_bot_name(r->bots[0]), qipai_zt_bot_name(r->bots[1]),
           (unsigned long long)t->deals, (unsigned long long)t->games,
           (unsigned long long)r->seed);
    for (int b = 0; b < 2; b++) {
        double wins = t->wins[b] ? (double)t->wins[b] : 1;
        printf("%-7s average %+.4f per seat per game, win rate %.1f%% (自摸 %.0f%%), "
               "dealt in %.3f, won %+.3f, 杠 %+.3f, wall %+.3f per seat-game\n",
               qipai_zt_bot_name(r->bots[b]), m->average[b], 100 * m->win_rate[b],
               100.0 * (double)t->self_drawn[b] / wins, (double)t->dealt_in[b] / seat_games,
               (double)t->won[b] * base / seat_games, (double)t->kong_money[b] * base / seat_games,
               (double)t->wall_money[b] * base / seat_games);
        printf("        hand types (share of wins):");
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            if (t->types[b][k])
                printf(" %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                       100.0 * (double)t->types[b][k] / wins);
        printf("\n");
    }
    printf("difference %s - %s: %+.4f per seat per game, 95%% CI [%+.4f, %+.4f] over deals\n",
           qipai_zt_bot_name(r->bots[0]), qipai_zt_bot_name(r->bots[1]), m->difference, m->low,
           m->high);
    printf("speed: %llu games in %.3f s cpu (%.3f s wall), %.0f games/s\n",
           (unsigned long long)t->games, r->cpu_seconds, r->wall_seconds, games_per_second(r));
}

int zt_cli_duel(int argc, char **argv)
{
    static duel_run r;
    memset(&r, 0, sizeof r);
    long long deals = -1;
    bool json = false, bots_given = false;
    r.seed = 1;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--json")) {
            json = true;
            continue;
        }
        if (strncmp(a, "--", 2) || !(v = cli_option_value(argc, argv, &i)))
            return cli_usage("zhaotong duel: unexpected '%s'\n%s", a, duel_usage);
        char *end;
        qipai_error err;
        if (!strcmp(a, "--deals")) {
            deals = strtoll(v, &end, 10);
            if (*end || end == v || deals < 0 || deals > 1000000000)
                return cli_usage("--deals wants a count, not '%s'", v);
        } else if (!strcmp(a, "--seed")) {
            r.seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return cli_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--bots")) {
            if (parse_pair(v, r.bots, &err))
                return cli_usage("zhaotong duel: %s", err.message);
            bots_given = true;
        } else if (!strcmp(a, "--rule")) {
            int status = zt_cli_rule_option(&rules, v);
            if (status)
                return status;
        } else {
            return cli_usage("zhaotong duel: unknown option '%s'\n%s", a, duel_usage);
        }
    }
    if (deals < 0 || !bots_given)
        return cli_usage("zhaotong duel: --bots A,B and --deals N are needed\n%s", duel_usage);
    qipai_zt_agent a = qipai_zt_bot_agent(r.bots[0]), b = qipai_zt_bot_agent(r.bots[1]);
    qipai_zt_duel_stats_init(&r.stats);
    double cpu = cli_cpu_ns(), wall = cli_now_ns();
    for (long long i = 0; i < deals; i++) {
        qipai_error err;
        if (qipai_zt_duel_deal(&rules, r.seed, (uint64_t)i, a, b, &r.stats, &err) != QIPAI_OK) {
            fprintf(stderr, "qipai: zhaotong duel: %s\n", err.message);
            return CLI_EXIT_FAILED;
        }
    }
    r.cpu_seconds = (cli_cpu_ns() - cpu) / 1e9;
    r.wall_seconds = (cli_now_ns() - wall) / 1e9;
    qipai_zt_duel_summary m = qipai_zt_duel_summarize(&r.stats);
    if (json)
        print_json(&r, &m);
    else
        print_text(&r, &m);
    return CLI_EXIT_OK;
}
