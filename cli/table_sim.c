/*
 * `qipai GAME sim --games N [--seed S] [--bots B,...] [--log FILE] ...` for
 * every game on the table layer: the library's runner (qipai_table_run), the
 * log through its framing, progress on a terminal, and the summary by its
 * formatter (docs/FORMATS.md, "Tables: sim"), so a run printed here and one
 * merged from shards read alike.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../bench/progress.h"
#include "table_arena.h"
#include "table_cli.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct sim_run {
    const table_options *o;
    FILE *log;
    bool cut; /* a line could not be written whole */
    prog_progress progress;
    const char *names[QIPAI_TABLE_MAX_SEATS];
    table_arena arena;   /* the seats played by programs */
    int seat_bot[QIPAI_TABLE_MAX_SEATS];
} sim_run;

static double process_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void put_line(sim_run *run, const char *line, size_t n, size_t size)
{
    if (n >= size) {
        run->cut = true;
        return;
    }
    fwrite(line, 1, n, run->log);
    fputc('\n', run->log);
}

static void on_event(const void *state, const void *event, void *context)
{
    sim_run *run = context;
    char line[QIPAI_TABLE_LOG_LINE];
    if (run->log)
        put_line(run, line,
                 qipai_table_log_event(run->o->game, state, event, -1, line, sizeof line),
                 sizeof line);
    if (run->o->programs)
        table_arena_event(state, event, &run->arena); /* its notes follow the line */
}

/* A note of the programs' (a fault, a debug text) for the log. */
static void on_note(const char *line, size_t n, void *context)
{
    put_line(context, line, n, n + 1);
}

static void game_start(const void *state, uint64_t number, void *context)
{
    sim_run *run = context;
    if (run->o->programs)
        table_arena_game(&run->arena, state, number, run->seat_bot);
    if (!run->log)
        return;
    const qipai_table_game *g = run->o->game;
    char line[QIPAI_TABLE_LOG_LINE];
    size_t n = qipai_table_log_header(g, state, number, run->names, line, sizeof line);
    if (n < sizeof line) {
        put_line(run, line, n, sizeof line);
    } else {
        char *big = malloc(n + 1);
        if (big)
            put_line(run, big, qipai_table_log_header(g, state, number, run->names, big, n + 1),
                     n + 1);
        else
            run->cut = true;
        free(big);
    }
    put_line(run, line, qipai_table_log_deal(g, state, -1, line, sizeof line), sizeof line);
}

static void game_end(const void *state, uint64_t number, void *context)
{
    (void)state;
    prog_progress_update(&((sim_run *)context)->progress, number);
}

static int print_summary(const table_options *o, const qipai_table_stats *t,
                         const qipai_table_report *r)
{
    size_t (*format)(const qipai_table_game *, const void *, const qipai_table_stats *,
                     const qipai_table_report *, char *, size_t) =
        o->json ? qipai_table_format_sim_json : qipai_table_format_sim_text;
    char small[8192];
    size_t n = format(o->game, &o->rules, t, r, small, sizeof small);
    char *text = n < sizeof small ? small : malloc(n + 1);
    if (!n || !text) {
        fprintf(stderr, "qipai: %s sim: out of memory for the summary\n", o->game->name);
        return PROG_EXIT_FAILED;
    }
    if (text != small)
        format(o->game, &o->rules, t, r, text, n + 1);
    fwrite(text, 1, n, stdout);
    if (text != small)
        free(text);
    return PROG_EXIT_OK;
}

/* One process a seat that is a program, or with --share-programs one for
 * all the seats given the same exec:COMMAND; the seats stay for the run.
 * A program that cannot be started fails the command (the usage status). */
static int start_programs(sim_run *run, const qipai_table_shape *shape)
{
    const table_options *o = run->o;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        run->seat_bot[s] = -1;
    if (!o->programs)
        return 0;
    if (!table_arena_init(&run->arena, o->game, &o->rules, o->bot_timeout, o->bot_startup))
        return prog_usage("%s sim: out of memory", o->game->name);
    for (int s = 0; s < shape->seats; s++) {
        const char *command = table_exec_command(o->bot_names[s]);
        if (!command || run->seat_bot[s] >= 0)
            continue;
        unsigned seats = 1u << s;
        if (o->share_programs)
            for (int t = s + 1; t < shape->seats; t++)
                if (!strcmp(o->bot_names[t], o->bot_names[s]))
                    seats |= 1u << t;
        char why[256];
        int index = table_arena_start(&run->arena, command, seats, o->share_programs, why,
                                      sizeof why);
        if (index < 0) {
            table_arena_close(&run->arena);
            return prog_usage("%s sim: seat %d (%s): %s", o->game->name, s, command, why);
        }
        for (int t = 0; t < shape->seats; t++)
            if (seats >> t & 1)
                run->seat_bot[t] = index;
    }
    run->arena.note = run->log ? on_note : NULL;
    run->arena.note_context = run;
    return 0;
}

int table_cli_sim(const qipai_table_game *game, int argc, char **argv)
{
    static table_options o;
    int status = table_parse_options(game, argc, argv, "sim", 0, "--games", &o);
    if (status)
        return status;
    qipai_table_shape shape;
    qipai_table_shape_of(game, &o.rules, &shape);
    static sim_run run;
    memset(&run, 0, sizeof run);
    run.o = &o;
    for (int s = 0; s < shape.seats; s++)
        run.names[s] = o.bot_names[s];
    if (o.log_path && !(run.log = fopen(o.log_path, "w")))
        return prog_usage("%s sim: cannot write '%s'", game->name, o.log_path);
    if (run.log)
        fcntl(fileno(run.log), F_SETFD, FD_CLOEXEC); /* not the programs' */
    if ((status = start_programs(&run, &shape)) != 0) {
        if (run.log)
            fclose(run.log);
        return status;
    }
    qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
    for (int s = 0; s < shape.seats; s++)
        agents[s] = run.seat_bot[s] >= 0 ? table_arena_agent(&run.arena)
                                         : qipai_table_bot_agent(game, o.bots[s]);
    qipai_table_observer observer = {game_start, run.log || o.programs ? on_event : NULL,
                                     game_end, &run};
    static qipai_table_state state;
    qipai_table_stats t;
    qipai_table_stats_init(&t);
    qipai_error err;
    double cpu = process_cpu_ns(), wall = prog_now_ns();
    prog_progress_start(&run.progress, game->name, "games", (uint64_t)o.count, o.quiet);
    qipai_err e = qipai_table_run(game, &o.rules, o.seed, 0, (uint64_t)o.count, o.dealer, agents,
                                  &observer, &state, &t, &err);
    prog_progress_end(&run.progress);
    qipai_table_report report;
    memset(&report, 0, sizeof report);
    report.seed = o.seed;
    for (int s = 0; s < shape.seats; s++)
        report.bots[s] = o.bot_names[s];
    report.cpu_seconds = (process_cpu_ns() - cpu) / 1e9;
    report.wall_seconds = (prog_now_ns() - wall) / 1e9;
    /* The programs' time is not this process's: their runs are timed by the clock. */
    const double seconds = o.programs ? report.wall_seconds : report.cpu_seconds;
    report.games_per_second = seconds > 0 ? (double)t.games / seconds : 0;
    report.logged = o.log_path != NULL;
    if (o.programs)
        table_arena_close(&run.arena); /* the programs end with the games; their faults stay */
    if (run.log && (fclose(run.log) != 0 || run.cut))
        return prog_usage("%s sim: cannot finish writing '%s'", game->name, o.log_path);
    if (e != QIPAI_OK) {
        fprintf(stderr, "qipai: %s sim: %s\n", game->name, err.message);
        return PROG_EXIT_FAILED;
    }
    static char text[QIPAI_TABLE_MAX_SEATS][160];
    qjson_writer json[QIPAI_TABLE_MAX_SEATS];
    for (int s = 0; s < shape.seats; s++) {
        qjson_writer_init(&json[s]);
        if (run.seat_bot[s] < 0)
            continue;
        const table_arena_bot *b = &run.arena.bots[run.seat_bot[s]];
        table_arena_faults_text(b, text[s], sizeof text[s]);
        table_arena_faults_json(b, &json[s]);
        size_t n;
        report.faults_text[s] = text[s];
        report.faults_json[s] = qjson_text(&json[s], &n);
    }
    status = print_summary(&o, &t, &report);
    for (int s = 0; s < shape.seats; s++)
        qjson_writer_free(&json[s]);
    return status;
}
