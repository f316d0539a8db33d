/*
 * `qipai zhaotong duel --bots A,B --deals N --seed S`: duplicate play of two
 * bots (the library's qipai_zt_duel_deal_events: each deal twice, seats
 * swapped), printing each bot's average per seat per game, the difference
 * with its 95% confidence interval over deals, win rates and the speed;
 * --json gives one line whose keys deals, bots, average, difference, ci95
 * and games_per_second are a contract (docs/formats/zhaotong.md). A bot may
 * be a program (exec:COMMAND, zhaotong_arena.h): a side that is one runs it
 * twice, once for each of its seats.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../bench/progress.h"
#include "zhaotong_arena.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>

static const char duel_usage[] =
    "usage: qipai zhaotong duel --bots A,B --deals N [--seed S] [--rule NAME=VALUE]... [--json]\n"
    "                           [--quiet] [--bot-timeout SECONDS]\n"
    "bots: expert, strong, seed, or exec:COMMAND (docs/formats/bot.md)\n";

typedef struct duel_run {
    zt_bot_list bots;
    uint64_t seed;
    qipai_zt_duel_stats stats;
    double cpu_seconds, wall_seconds;
    /* Bots that are programs: two for a side that is one, for its lower
     * seat and its higher in every replay (-1: a built-in bot). */
    zt_arena arena;
    int programs[2][2];
    bool any_program;
    uint64_t deal; /* the deal being played */
} duel_run;

static double games_per_second(const duel_run *r)
{
    /* The programs' time is not this process's: such duels are timed by the clock. */
    double seconds = r->any_program ? r->wall_seconds : r->cpu_seconds;
    return seconds > 0 ? (double)r->stats.games / seconds : 0;
}

/* A replay begins: each program is told its seat, game number 2 deal + replay + 1. */
static void on_start(const qipai_zt_game *game, int replay, void *context)
{
    duel_run *r = context;
    int seat_bot[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        seat_bot[s] = r->programs[qipai_zt_duel_side(replay, s)][s >> 1];
    zt_arena_game(&r->arena, game, 2 * r->deal + (uint64_t)replay + 1, seat_bot);
}

static void on_event(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    duel_run *r = context;
    zt_arena_event(game, event, &r->arena);
}

/* Starts the programs of the sides that are ones, at their seats of the
 * first replay (A at 0 and 2, B at 1 and 3). */
static int start_programs(duel_run *r, const qipai_zt_rules *rules)
{
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 2; k++) {
            const char *command = zt_exec_command(r->bots.names[side]);
            r->programs[side][k] = -1;
            if (!command)
                continue;
            char why[160];
            r->programs[side][k] = zt_arena_start(&r->arena, command, 2 * k + side, rules, why,
                                                  sizeof why);
            if (r->programs[side][k] < 0) {
                fprintf(stderr, "qipai: zhaotong duel: %s: %s\n", command, why);
                return PROG_EXIT_FAILED;
            }
            r->any_program = true;
        }
    return 0;
}

/* A side's faults: its two programs' together. */
static zt_arena_bot side_faults(const duel_run *r, int side)
{
    zt_arena_bot sum;
    memset(&sum, 0, sizeof sum);
    for (int k = 0; k < 2; k++) {
        int p = r->programs[side][k];
        if (p < 0)
            continue;
        sum.decisions += r->arena.bots[p].decisions;
        for (int f = 0; f < ZT_FAULTS; f++)
            sum.faults[f] += r->arena.bots[p].faults[f];
    }
    return sum;
}

/* A bot's value under its name; a bot against itself has one name, and
 * the second value stands (both are equal then). */
static void named_pair(qjson_writer *w, const char *key, const char *a, const char *b,
                       const double value[2])
{
    qjson_key(w, key);
    qjson_object_begin(w);
    if (strcmp(a, b)) {
        qjson_key_n(w, a, strlen(a));
        qjson_double(w, value[0]);
    }
    qjson_key_n(w, b, strlen(b));
    qjson_double(w, value[1]);
    qjson_object_end(w);
}

/* The one JSON line (the keys named at the top are a contract). */
static void print_json(const duel_run *r, const qipai_zt_duel_summary *m)
{
    const char *a = r->bots.names[0], *b = r->bots.names[1];
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
    if (r->any_program) { /* by side, as "bots": the two may share a name */
        qjson_key(&w, "faults");
        qjson_array_begin(&w);
        for (int side = 0; side < 2; side++) {
            zt_arena_bot sum = side_faults(r, side);
            if (r->programs[side][0] < 0)
                qjson_null(&w);
            else
                zt_arena_faults_json(&sum, &w);
        }
        qjson_array_end(&w);
    }
    qjson_key_double(&w, "cpu_seconds", r->cpu_seconds);
    qjson_key_double(&w, "wall_seconds", r->wall_seconds);
    qjson_key_double(&w, "games_per_second", games_per_second(r));
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
}

static void print_text(const duel_run *r, const qipai_zt_duel_summary *m)
{
    const qipai_zt_duel_stats *t = &r->stats;
    const char *const *names = r->bots.names;
    const double seat_games = (double)t->deals * 2 * QIPAI_ZT_DUEL_GAMES;
    const double base = t->base ? (double)t->base : 1;
    printf("zhaotong duel: %s vs %s, %llu deals (%llu games, seats swapped), seed %llu\n",
           names[0], names[1], (unsigned long long)t->deals, (unsigned long long)t->games,
           (unsigned long long)r->seed);
    for (int b = 0; b < 2; b++) {
        double wins = t->wins[b] ? (double)t->wins[b] : 1;
        printf("%-7s average %+.4f per seat per game, win rate %.1f%% (自摸 %.0f%%), "
               "dealt in %.3f, won %+.3f, 杠 %+.3f, wall %+.3f per seat-game\n",
               names[b], m->average[b], 100 * m->win_rate[b],
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
           names[0], names[1], m->difference, m->low, m->high);
    for (int side = 0; side < 2; side++) {
        if (r->programs[side][0] < 0)
            continue;
        zt_arena_bot sum = side_faults(r, side);
        char text[160];
        zt_arena_faults_text(&sum, text, sizeof text);
        printf("faults of %s (%s): %s\n", side ? "B" : "A", names[side], text);
    }
    if (r->any_program)
        printf("speed: %llu games in %.3f s wall (%.3f s cpu here, the programs' own aside), "
               "%.0f games/s\n",
               (unsigned long long)t->games, r->wall_seconds, r->cpu_seconds,
               games_per_second(r));
    else
        printf("speed: %llu games in %.3f s cpu (%.3f s wall), %.0f games/s\n",
               (unsigned long long)t->games, r->cpu_seconds, r->wall_seconds,
               games_per_second(r));
}

static int play_deals(duel_run *r, const qipai_zt_rules *rules, long long deals, bool quiet)
{
    qipai_zt_agent agents[2];
    for (int side = 0; side < 2; side++)
        agents[side] = r->programs[side][0] >= 0 ? zt_arena_agent(&r->arena)
                                                 : qipai_zt_bot_agent(r->bots.bots[side]);
    prog_progress progress;
    prog_progress_start(&progress, "zhaotong duel", "deals", (uint64_t)deals, quiet);
    int status = PROG_EXIT_OK;
    for (long long i = 0; i < deals; i++) {
        qipai_error err;
        r->deal = (uint64_t)i;
        if (qipai_zt_duel_deal_events(rules, r->seed, (uint64_t)i, agents[0], agents[1],
                                      r->any_program ? on_start : NULL,
                                      r->any_program ? on_event : NULL, r, &r->stats,
                                      &err) != QIPAI_OK) {
            prog_progress_end(&progress);
            fprintf(stderr, "qipai: zhaotong duel: %s\n", err.message);
            status = PROG_EXIT_FAILED;
            break;
        }
        prog_progress_update(&progress, (uint64_t)i + 1);
    }
    prog_progress_end(&progress);
    return status;
}

static int parse(duel_run *r, int argc, char **argv, qipai_zt_rules *rules, long long *deals,
                 bool *json, bool *quiet, double *timeout)
{
    bool bots_given = false;
    int status = 0;
    for (int i = 1; i < argc && !status; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--json") || !strcmp(a, "--quiet")) {
            *(!strcmp(a, "--json") ? json : quiet) = true;
            continue;
        }
        if (strncmp(a, "--", 2) || !(v = prog_option_value(argc, argv, &i)))
            return prog_usage("zhaotong duel: unexpected '%s'\n%s", a, duel_usage);
        char *end;
        if (!strcmp(a, "--deals")) {
            *deals = strtoll(v, &end, 10);
            if (*end || end == v || *deals < 0 || *deals > 1000000000)
                return prog_usage("--deals wants a count, not '%s'", v);
        } else if (!strcmp(a, "--seed")) {
            r->seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return prog_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--bots")) {
            status = zt_cli_parse_bots(&r->bots, v, 2, "duel");
            bots_given = true;
        } else if (!strcmp(a, "--bot-timeout")) {
            status = zt_cli_bot_timeout(v, timeout);
        } else if (!strcmp(a, "--rule")) {
            status = zt_cli_rule_option(rules, v);
        } else {
            return prog_usage("zhaotong duel: unknown option '%s'\n%s", a, duel_usage);
        }
    }
    if (!status && (*deals < 0 || !bots_given))
        return prog_usage("zhaotong duel: --bots A,B and --deals N are needed\n%s", duel_usage);
    return status;
}

int zt_cli_duel(int argc, char **argv)
{
    static duel_run r;
    memset(&r, 0, sizeof r);
    long long deals = -1;
    bool json = false, quiet = false;
    double timeout = 5;
    r.seed = 1;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    int status = parse(&r, argc, argv, &rules, &deals, &json, &quiet, &timeout);
    if (status) {
        zt_bot_list_free(&r.bots);
        return status;
    }
    zt_arena_init(&r.arena, timeout);
    qipai_zt_duel_stats_init(&r.stats);
    double cpu = prog_cpu_ns(), wall = prog_now_ns();
    status = start_programs(&r, &rules);
    if (!status)
        status = play_deals(&r, &rules, deals, quiet);
    r.cpu_seconds = (prog_cpu_ns() - cpu) / 1e9;
    r.wall_seconds = (prog_now_ns() - wall) / 1e9;
    zt_arena_close(&r.arena); /* the programs end with the deals; their faults stay */
    if (!status) {
        qipai_zt_duel_summary m = qipai_zt_duel_summarize(&r.stats);
        if (json)
            print_json(&r, &m);
        else
            print_text(&r, &m);
    }
    zt_bot_list_free(&r.bots);
    return status;
}
