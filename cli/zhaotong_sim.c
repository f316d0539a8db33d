/*
 * `qipai zhaotong sim`: N games between bots (built-in, or programs over
 * pipes: zhaotong_arena.h), the log of every game (the library's writer),
 * progress on a terminal, and the statistics with 95% confidence intervals
 * (the library's qipai_zt_stats_mean and qipai_zt_stats_win_rate: one
 * sample a game). Formats: docs/formats/zhaotong.md, "sim".
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../bench/progress.h"
#include "zhaotong_arena.h"
#include "zhaotong_cli.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char sim_usage[] =
    "usage: qipai zhaotong sim --games N [--seed S] [--bots B,B,B,B] [--log FILE]\n"
    "                          [--dealer rotate|0-3] [--rule NAME=VALUE]... [--json] [--quiet]\n"
    "                          [--bot-timeout SECONDS]\n"
    "bots: expert, strong, seed, or exec:COMMAND (docs/formats/bot.md)\n";

typedef struct sim_options {
    long games;
    uint64_t seed;
    zt_bot_list bots;
    const char *log_path;
    int dealer; /* -1: rotate */
    bool json, quiet;
    double bot_timeout;
    qipai_zt_rules rules;
} sim_options;

/* The log of a run: every line through the library's log writer. */
typedef struct sim_run {
    FILE *log;
    bool cut;       /* a line did not fit (cannot happen: bot names go through the header's
                       own buffer) */
    zt_arena arena;
    bool programs;  /* some seat is a program */
} sim_run;

static double process_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void write_line(sim_run *run, const char *line, size_t n, size_t size)
{
    if (n >= size) {
        run->cut = true;
        return;
    }
    fwrite(line, 1, n, run->log);
    fputc('\n', run->log);
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    sim_run *run = context;
    if (run->log) {
        char line[QIPAI_ZT_LOG_LINE];
        write_line(run, line, qipai_zt_log_event(g, e, line, sizeof line), sizeof line);
    }
    if (run->programs)
        zt_arena_event(g, e, &run->arena);
}

/* The game line: its size depends on the bots' names (a command may be long). */
static void write_header(sim_run *run, const qipai_zt_game *game, uint64_t number,
                         const char *const names[])
{
    char small[QIPAI_ZT_LOG_LINE];
    size_t n = qipai_zt_log_header(game, number, names, small, sizeof small);
    if (n < sizeof small) {
        write_line(run, small, n, sizeof small);
        return;
    }
    char *big = malloc(n + 1);
    if (!big) {
        run->cut = true;
        return;
    }
    qipai_zt_log_header(game, number, names, big, n + 1);
    write_line(run, big, n, n + 1);
    free(big);
}

static int parse(int argc, char **argv, sim_options *o)
{
    memset(o, 0, sizeof *o);
    o->games = -1;
    o->seed = 1;
    o->dealer = -1;
    o->bot_timeout = 5;
    qipai_zt_rules_default(&o->rules);
    int status = zt_cli_parse_bots(&o->bots, "strong,strong,seed,seed", QIPAI_ZT_SEATS, "sim");
    for (int i = 1; i < argc && !status; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--json") || !strcmp(a, "--quiet")) {
            *(!strcmp(a, "--json") ? &o->json : &o->quiet) = true;
            continue;
        }
        if (strncmp(a, "--", 2) || !(v = prog_option_value(argc, argv, &i)))
            return prog_usage("zhaotong sim: unexpected '%s'\n%s", a, sim_usage);
        char *end;
        if (!strcmp(a, "--games")) {
            o->games = strtol(v, &end, 10);
            if (*end || end == v || o->games < 0 || o->games > 1000000000)
                return prog_usage("--games wants a count, not '%s'", v);
        } else if (!strcmp(a, "--seed")) {
            o->seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return prog_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--bots")) {
            status = zt_cli_parse_bots(&o->bots, v, QIPAI_ZT_SEATS, "sim");
        } else if (!strcmp(a, "--bot-timeout")) {
            status = zt_cli_bot_timeout(v, &o->bot_timeout);
        } else if (!strcmp(a, "--log")) {
            o->log_path = v;
        } else if (!strcmp(a, "--dealer")) {
            if (!strcmp(v, "rotate"))
                o->dealer = -1;
            else if (v[0] >= '0' && v[0] <= '3' && !v[1])
                o->dealer = v[0] - '0';
            else
                return prog_usage("--dealer wants rotate or a seat 0-3");
        } else if (!strcmp(a, "--rule")) {
            status = zt_cli_rule_option(&o->rules, v);
        } else {
            return prog_usage("zhaotong sim: unknown option '%s'\n%s", a, sim_usage);
        }
    }
    if (!status && o->games < 0)
        return prog_usage("zhaotong sim: --games N is needed\n%s", sim_usage);
    return status;
}

/* ---- the summary ---- */

typedef struct sim_summary {
    const qipai_zt_stats *t;
    const sim_options *o;
    const sim_run *run;
    double cpu_s, wall_s, per_s;
    int groups;                         /* distinct bots */
    unsigned group_seats[QIPAI_ZT_SEATS]; /* seats of each (bits), by first seat */
} sim_summary;

static void group_bots(sim_summary *m)
{
    m->groups = 0;
    unsigned done = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        if (done >> s & 1)
            continue;
        unsigned seats = 0;
        for (int t = s; t < QIPAI_ZT_SEATS; t++)
            if (!strcmp(m->o->bots.names[s], m->o->bots.names[t]))
                seats |= 1u << t;
        done |= seats;
        m->group_seats[m->groups++] = seats;
    }
}

static int first_seat(unsigned seats)
{
    int s = 0;
    while (s < QIPAI_ZT_SEATS - 1 && !(seats >> s & 1))
        s++;
    return s;
}

static int seat_count(unsigned seats)
{
    int n = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        n += seats >> s & 1;
    return n;
}

/* [low, high], or null when there are too few games for an interval. */
static void json_interval(qjson_writer *w, const char *key, const qipai_zt_mean *m, bool known)
{
    qjson_key(w, key);
    if (!known) {
        qjson_null(w);
        return;
    }
    qjson_array_begin(w);
    qjson_double(w, m->low);
    qjson_double(w, m->high);
    qjson_array_end(w);
}

static void json_figures(qjson_writer *w, const qipai_zt_stats *t, unsigned seats)
{
    const bool known = t->games >= 2;
    qipai_zt_mean score = qipai_zt_stats_mean(t, seats), wins = qipai_zt_stats_win_rate(t, seats);
    json_interval(w, "average_score_ci95", &score, known);
    json_interval(w, "win_rate_ci95", &wins, known);
}

static const zt_arena_bot *seat_program(const sim_run *run, int seat)
{
    int b = run->arena.seat_bot[seat];
    return run->programs && b >= 0 ? &run->arena.bots[b] : NULL;
}

static void print_json(const sim_summary *m)
{
    const qipai_zt_stats *t = m->t;
    const char *const *names = m->o->bots.names;
    double n = t->games ? (double)t->games : 1;
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "games");
    qjson_uint(&w, t->games);
    qjson_key(&w, "seed");
    qjson_uint(&w, m->o->seed);
    qjson_key(&w, "seats");
    qjson_array_begin(&w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qjson_object_begin(&w);
        qjson_key(&w, "bot");
        qjson_string_lossy(&w, names[s], strlen(names[s]));
        qjson_key(&w, "wins");
        qjson_uint(&w, t->seat_wins[s]);
        qjson_key_double(&w, "win_rate", (double)t->seat_wins[s] / n);
        qjson_key_double(&w, "average_score", (double)t->seat_score[s] * (double)t->base / n);
        json_figures(&w, t, 1u << s);
        const zt_arena_bot *b = seat_program(m->run, s);
        if (b) {
            qjson_key(&w, "faults");
            zt_arena_faults_json(b, &w);
        }
        qjson_object_end(&w);
    }
    qjson_array_end(&w);
    qjson_key(&w, "wins");
    qjson_uint(&w, t->wins);
    qjson_key(&w, "types");
    qjson_object_begin(&w);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        qjson_key(&w, qipai_zt_type_name((qipai_zt_type)k, false));
        qjson_uint(&w, t->types[k]);
    }
    qjson_object_end(&w);
    qjson_key(&w, "average_score");
    qjson_object_begin(&w);
    for (int g = 0; g < m->groups; g++) {
        const char *name = names[first_seat(m->group_seats[g])];
        qjson_key(&w, name);
        qjson_double(&w, qipai_zt_stats_mean(t, m->group_seats[g]).mean);
    }
    qjson_object_end(&w);
    qjson_key(&w, "bots");
    qjson_array_begin(&w);
    for (int g = 0; g < m->groups; g++) {
        unsigned seats = m->group_seats[g];
        const char *name = names[first_seat(seats)];
        qjson_object_begin(&w);
        qjson_key(&w, "bot");
        qjson_string_lossy(&w, name, strlen(name));
        qjson_key(&w, "seats");
        qjson_array_begin(&w);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if (seats >> s & 1)
                qjson_int(&w, s);
        qjson_array_end(&w);
        qjson_key_double(&w, "average_score", qipai_zt_stats_mean(t, seats).mean);
        qjson_key_double(&w, "win_rate", qipai_zt_stats_win_rate(t, seats).mean);
        json_figures(&w, t, seats);
        qjson_object_end(&w);
    }
    qjson_array_end(&w);
    qjson_key(&w, "ends");
    qjson_object_begin(&w);
    qjson_key(&w, "wall");
    qjson_uint(&w, t->ends[QIPAI_ZT_END_WALL]);
    qjson_key(&w, "one_left");
    qjson_uint(&w, t->ends[QIPAI_ZT_END_ONE_LEFT]);
    qjson_object_end(&w);
    qjson_key_double(&w, "cpu_seconds", m->cpu_s);
    qjson_key_double(&w, "wall_seconds", m->wall_s);
    qjson_key_double(&w, "games_per_second", m->per_s);
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
}

/* " [+1.123, +1.737]" (nothing below 2 games: no interval) */
static void score_interval(const qipai_zt_stats *t, const qipai_zt_mean *x, char *out, size_t size)
{
    if (t->games >= 2)
        snprintf(out, size, " [%+.3f, %+.3f]", x->low, x->high);
    else
        out[0] = '\0';
}

static void rate_interval(const qipai_zt_stats *t, const qipai_zt_mean *x, char *out, size_t size)
{
    if (t->games >= 2)
        snprintf(out, size, " [%.1f%%, %.1f%%]", 100 * x->low, 100 * x->high);
    else
        out[0] = '\0';
}

static void print_text(const sim_summary *m)
{
    const qipai_zt_stats *t = m->t;
    const char *const *names = m->o->bots.names;
    double n = t->games ? (double)t->games : 1, w = t->wins ? (double)t->wins : 1;
    char a[64], b[64];
    printf("zhaotong sim: %llu games, seed %llu, bots %s,%s,%s,%s\n",
           (unsigned long long)t->games, (unsigned long long)m->o->seed, names[0], names[1],
           names[2], names[3]);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qipai_zt_mean score = qipai_zt_stats_mean(t, 1u << s);
        qipai_zt_mean wins = qipai_zt_stats_win_rate(t, 1u << s);
        rate_interval(t, &wins, a, sizeof a);
        score_interval(t, &score, b, sizeof b);
        printf("seat %d (%s): win rate %.1f%%%s (%llu), average score %+.3f%s\n", s, names[s],
               100.0 * (double)t->seat_wins[s] / n, a, (unsigned long long)t->seat_wins[s],
               score.mean, b);
    }
    printf("hand types (share of %llu wins):", (unsigned long long)t->wins);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (t->types[k])
            printf(" %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                   100.0 * (double)t->types[k] / w);
    printf("\n");
    for (int g = 0; g < m->groups; g++) {
        unsigned seats = m->group_seats[g];
        int k = seat_count(seats);
        qipai_zt_mean score = qipai_zt_stats_mean(t, seats);
        qipai_zt_mean wins = qipai_zt_stats_win_rate(t, seats);
        score_interval(t, &score, a, sizeof a);
        rate_interval(t, &wins, b, sizeof b);
        printf("bot %s: average score %+.3f%s per seat per game, win rate %.1f%%%s (%d seat%s)\n",
               names[first_seat(seats)], score.mean, a, 100 * wins.mean, b, k, k > 1 ? "s" : "");
    }
    printf("ends: wall %.1f%%, one left %.1f%%; %.2f wins and %.1f steps per game\n",
           100.0 * (double)t->ends[QIPAI_ZT_END_WALL] / n,
           100.0 * (double)t->ends[QIPAI_ZT_END_ONE_LEFT] / n, (double)t->wins / n,
           (double)t->steps / n);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const zt_arena_bot *p = seat_program(m->run, s);
        if (!p)
            continue;
        char text[160];
        zt_arena_faults_text(p, text, sizeof text);
        printf("faults of seat %d (%s): %s\n", s, names[s], text);
    }
    if (m->run->programs)
        printf("speed: %llu games in %.3f s wall (%.3f s cpu here, the programs' own aside), "
               "%.0f games/s\n",
               (unsigned long long)t->games, m->wall_s, m->cpu_s, m->per_s);
    else
        printf("speed: %llu games in %.3f s cpu (%.3f s wall)%s, %.0f games/s\n",
               (unsigned long long)t->games, m->cpu_s, m->wall_s,
               m->o->log_path ? " with the log" : "", m->per_s);
}

/* ---- the run ---- */

static int start_programs(sim_run *run, const sim_options *o)
{
    int seat_bot[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const char *command = zt_exec_command(o->bots.names[s]);
        seat_bot[s] = -1;
        if (!command)
            continue;
        char why[160];
        if ((seat_bot[s] = zt_arena_start(&run->arena, command, s, &o->rules, why, sizeof why)) < 0) {
            fprintf(stderr, "qipai: zhaotong sim: seat %d (%s): %s\n", s, command, why);
            return PROG_EXIT_FAILED;
        }
        run->programs = true;
    }
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) /* the seats stay for the whole run */
        run->arena.seat_bot[s] = (int8_t)seat_bot[s];
    return 0;
}

static int play_games(sim_run *run, const sim_options *o, qipai_zt_stats *t)
{
    static qipai_zt_game game; /* 6 KB: kept off the stack */
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        agents[s] = run->arena.seat_bot[s] >= 0 ? zt_arena_agent(&run->arena)
                                                : qipai_zt_bot_agent(o->bots.bots[s]);
    int seat_bot[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        seat_bot[s] = run->arena.seat_bot[s];
    prog_progress progress;
    prog_progress_start(&progress, "zhaotong sim", "games", (uint64_t)o->games, o->quiet);
    int status = PROG_EXIT_OK;
    for (long i = 0; i < o->games && status == PROG_EXIT_OK; i++) {
        qipai_error err;
        int d = o->dealer < 0 ? (int)(i % QIPAI_ZT_SEATS) : o->dealer;
        if (qipai_zt_game_init(&game, &o->rules, qipai_zt_game_seed(o->seed, (uint64_t)i), d,
                               &err) != QIPAI_OK) {
            prog_progress_end(&progress);
            fprintf(stderr, "qipai: zhaotong sim: %s\n", err.message);
            status = PROG_EXIT_FAILED;
            break;
        }
        if (run->log) {
            char line[QIPAI_ZT_LOG_LINE];
            write_header(run, &game, (uint64_t)i + 1, o->bots.names);
            write_line(run, line, qipai_zt_log_deal(&game, line, sizeof line), sizeof line);
        }
        if (run->programs)
            zt_arena_game(&run->arena, &game, (uint64_t)i + 1, seat_bot);
        uint64_t steps;
        if (qipai_zt_play(&game, agents, run->log || run->programs ? on_event : NULL, run, &steps,
                          &err) != QIPAI_OK) {
            prog_progress_end(&progress);
            fprintf(stderr, "qipai: zhaotong sim: game %ld: %s\n", i + 1, err.message);
            status = PROG_EXIT_FAILED;
            break;
        }
        qipai_zt_stats_add(t, &game, steps);
        prog_progress_update(&progress, (uint64_t)i + 1);
    }
    prog_progress_end(&progress);
    return status;
}

int zt_cli_sim(int argc, char **argv)
{
    static sim_options o;
    static sim_run run;
    memset(&run, 0, sizeof run);
    int status = parse(argc, argv, &o);
    if (status) {
        zt_bot_list_free(&o.bots);
        return status;
    }
    if (o.log_path) {
        if (!(run.log = fopen(o.log_path, "w"))) {
            zt_bot_list_free(&o.bots);
            return prog_usage("zhaotong sim: cannot write '%s'", o.log_path);
        }
        fcntl(fileno(run.log), F_SETFD, FD_CLOEXEC); /* not the programs' */
    }
    zt_arena_init(&run.arena, o.bot_timeout);
    qipai_zt_stats t;
    qipai_zt_stats_init(&t);
    double cpu = process_cpu_ns(), wall = prog_now_ns();
    status = start_programs(&run, &o);
    if (!status)
        status = play_games(&run, &o, &t);
    sim_summary m = {&t, &o, &run, (process_cpu_ns() - cpu) / 1e9, (prog_now_ns() - wall) / 1e9, 0,
                     0, {0}};
    zt_arena_close(&run.arena); /* the programs end with the games; their faults stay */
    if (run.log && (fclose(run.log) != 0 || run.cut)) {
        zt_bot_list_free(&o.bots);
        return prog_usage("zhaotong sim: cannot finish writing '%s'", o.log_path);
    }
    if (status) {
        zt_bot_list_free(&o.bots);
        return status;
    }
    /* The programs' time is not this process's: their runs are timed by the clock. */
    double seconds = run.programs ? m.wall_s : m.cpu_s;
    m.per_s = seconds > 0 ? (double)t.games / seconds : 0;
    group_bots(&m);
    if (o.json)
        print_json(&m);
    else
        print_text(&m);
    zt_bot_list_free(&o.bots);
    return PROG_EXIT_OK;
}
