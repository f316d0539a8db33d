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
    const sim_options *options;
    prog_progress progress;
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

/* ---- the summary: the library's formatter (qipai_zt_format_sim_text/_json),
 * which qipai.cluster prints through too ---- */

static const zt_arena_bot *seat_program(const sim_run *run, int seat)
{
    int b = run->arena.seat_bot[seat];
    return run->programs && b >= 0 ? &run->arena.bots[b] : NULL;
}

/* The programs' faults as the report takes them: text, and JSON written by
 * the arena into a writer each (freed by free_faults). */
typedef struct sim_faults {
    char text[QIPAI_ZT_SEATS][160];
    qjson_writer json[QIPAI_ZT_SEATS];
} sim_faults;

static void report_faults(const sim_run *run, sim_faults *f, qipai_zt_sim_report *r)
{
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const zt_arena_bot *b = seat_program(run, s);
        qjson_writer_init(&f->json[s]);
        if (!b)
            continue;
        zt_arena_faults_text(b, f->text[s], sizeof f->text[s]);
        zt_arena_faults_json(b, &f->json[s]);
        r->faults_text[s] = f->text[s];
        size_t n;
        r->faults_json[s] = qjson_text(&f->json[s], &n);
    }
}

static void free_faults(sim_faults *f)
{
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        qjson_writer_free(&f->json[s]);
}

static int print_summary(const qipai_zt_stats *t, const qipai_zt_sim_report *r, bool json)
{
    size_t (*format)(const qipai_zt_stats *, const qipai_zt_sim_report *, char *, size_t) =
        json ? qipai_zt_format_sim_json : qipai_zt_format_sim_text;
    char small[4096];
    size_t n = format(t, r, small, sizeof small);
    char *text = n < sizeof small ? small : malloc(n + 1);
    if (!n || !text) {
        fputs("qipai: zhaotong sim: out of memory for the summary\n", stderr);
        return PROG_EXIT_FAILED;
    }
    if (text != small)
        format(t, r, text, n + 1);
    fwrite(text, 1, n, stdout);
    if (text != small)
        free(text);
    return PROG_EXIT_OK;
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

/* The start of each game: its header and deal in the log, the programs told. */
static void game_start(const qipai_zt_game *game, uint64_t number, void *context)
{
    sim_run *run = context;
    if (run->log) {
        char line[QIPAI_ZT_LOG_LINE];
        write_header(run, game, number, run->options->bots.names);
        write_line(run, line, qipai_zt_log_deal(game, line, sizeof line), sizeof line);
    }
    if (run->programs) {
        int seat_bot[QIPAI_ZT_SEATS]; /* the seats keep their programs the whole run */
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            seat_bot[s] = run->arena.seat_bot[s];
        zt_arena_game(&run->arena, game, number, seat_bot);
    }
}

static void game_end(const qipai_zt_game *game, uint64_t number, void *context)
{
    (void)game;
    prog_progress_update(&((sim_run *)context)->progress, number);
}

static int play_games(sim_run *run, const sim_options *o, qipai_zt_stats *t)
{
    static qipai_zt_game game; /* 6 KB: kept off the stack */
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        agents[s] = run->arena.seat_bot[s] >= 0 ? zt_arena_agent(&run->arena)
                                                : qipai_zt_bot_agent(o->bots.bots[s]);
    qipai_zt_run_observer observer = {game_start, run->log || run->programs ? on_event : NULL,
                                      game_end, run};
    prog_progress_start(&run->progress, "zhaotong sim", "games", (uint64_t)o->games, o->quiet);
    qipai_error err;
    qipai_err e = qipai_zt_run(&o->rules, o->seed, 0, (uint64_t)o->games, o->dealer, agents,
                               &observer, &game, t, &err);
    prog_progress_end(&run->progress);
    if (e != QIPAI_OK) {
        fprintf(stderr, "qipai: zhaotong sim: %s\n", err.message);
        return PROG_EXIT_FAILED;
    }
    return PROG_EXIT_OK;
}

int zt_cli_sim(int argc, char **argv)
{
    static sim_options o;
    static sim_run run;
    memset(&run, 0, sizeof run);
    run.options = &o;
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
    qipai_zt_sim_report report;
    memset(&report, 0, sizeof report);
    report.seed = o.seed;
    for (int seat = 0; seat < QIPAI_ZT_SEATS; seat++)
        report.bots[seat] = o.bots.names[seat];
    report.cpu_seconds = (process_cpu_ns() - cpu) / 1e9;
    report.wall_seconds = (prog_now_ns() - wall) / 1e9;
    report.logged = o.log_path != NULL;
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
    double seconds = run.programs ? report.wall_seconds : report.cpu_seconds;
    report.games_per_second = seconds > 0 ? (double)t.games / seconds : 0;
    static sim_faults faults;
    report_faults(&run, &faults, &report);
    status = print_summary(&t, &report, o.json);
    free_faults(&faults);
    zt_bot_list_free(&o.bots);
    return status;
}
