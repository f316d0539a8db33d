/*
 * `qipai GAME duel --bots A,B --deals N [--seed S] ...` for every game on the
 * table layer: duplicate play (qipai_table_duel_deal: each deal played in
 * every seat permutation the game names), printed by the library's
 * formatters (docs/FORMATS.md, "Tables: duels"); with --log, every replay's
 * game in the log's framing, numbered deal * replays + replay + 1.
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

typedef struct duel_run {
    const table_options *o;
    FILE *log;
    bool cut;
    int replays;
    /* A side that is a program: one process for each of its seats in a
     * replay (its k-th lowest seat, k from 0), or one for them all with
     * --share-programs; -1 for a built-in bot. */
    table_arena arena;
    int programs[2][QIPAI_TABLE_MAX_SEATS];
} duel_run;

static double process_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void put_line(duel_run *run, const char *line, size_t n, size_t size)
{
    if (n >= size) {
        run->cut = true;
        return;
    }
    fwrite(line, 1, n, run->log);
    fputc('\n', run->log);
}

static void replay_start(const void *state, uint64_t deal, int replay, const int *side,
                         void *context)
{
    duel_run *run = context;
    const qipai_table_game *g = run->o->game;
    const char *names[QIPAI_TABLE_MAX_SEATS];
    qipai_table_shape shape;
    qipai_table_shape_of(g, &run->o->rules, &shape);
    for (int s = 0; s < shape.seats; s++)
        names[s] = run->o->bot_names[side[s]];
    char line[QIPAI_TABLE_LOG_LINE];
    const uint64_t number = deal * (uint64_t)run->replays + (uint64_t)replay + 1;
    if (run->o->programs) {
        int seat_bot[QIPAI_TABLE_MAX_SEATS], rank[2] = {0, 0};
        for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
            seat_bot[s] = s < shape.seats
                              ? run->programs[side[s]][run->o->share_programs ? 0 : rank[side[s]]++]
                              : -1;
        table_arena_game(&run->arena, state, number, seat_bot);
    }
    if (!run->log)
        return;
    put_line(run, line, qipai_table_log_header(g, state, number, names, line, sizeof line),
             sizeof line);
    put_line(run, line, qipai_table_log_deal(g, state, -1, line, sizeof line), sizeof line);
}

static void on_event(const void *state, const void *event, void *context)
{
    duel_run *run = context;
    char line[QIPAI_TABLE_LOG_LINE];
    if (run->log)
        put_line(run, line,
                 qipai_table_log_event(run->o->game, state, event, -1, line, sizeof line),
                 sizeof line);
    if (run->o->programs)
        table_arena_event(state, event, &run->arena); /* its notes follow the line */
}

static void on_note(const char *line, size_t n, void *context)
{
    put_line(context, line, n, n + 1);
}

/* Starts the processes of the sides that are programs, at their seats in
 * the first replay; a program that cannot be started fails the command. */
static int start_programs(duel_run *run, const qipai_table_shape *shape)
{
    const table_options *o = run->o;
    const qipai_table_game *g = o->game;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < QIPAI_TABLE_MAX_SEATS; k++)
            run->programs[side][k] = -1;
    if (!o->programs)
        return 0;
    if (!table_arena_init(&run->arena, g, &o->rules, o->bot_timeout, o->bot_startup))
        return prog_usage("%s duel: out of memory", g->name);
    for (int side = 0; side < 2; side++) {
        const char *command = table_exec_command(o->bot_names[side]);
        if (!command)
            continue;
        /* Its seats in each replay: as many processes as its most seats. */
        unsigned first = 0;
        int most = 0;
        for (int r = 0; r < run->replays; r++) {
            int mine = 0;
            for (int s = 0; s < shape->seats; s++)
                if (g->duel_side(&o->rules, r, s) == side) {
                    mine++;
                    if (r == 0)
                        first |= 1u << s;
                }
            most = mine > most ? mine : most;
        }
        const int processes = o->share_programs ? 1 : most;
        for (int k = 0, seat = 0; k < processes; k++) {
            unsigned seats = first;
            if (!o->share_programs) { /* its k-th lowest seat of the first replay */
                while (seat < shape->seats && !(first >> seat & 1))
                    seat++;
                seats = seat < shape->seats ? 1u << seat++ : 0;
            }
            char why[256];
            run->programs[side][k] = table_arena_start(&run->arena, command, seats,
                                                       o->share_programs, why, sizeof why);
            if (run->programs[side][k] < 0) {
                table_arena_close(&run->arena);
                return prog_usage("%s duel: %s: %s", g->name, command, why);
            }
        }
    }
    run->arena.note = run->log ? on_note : NULL;
    run->arena.note_context = run;
    return 0;
}

int table_cli_duel(const qipai_table_game *game, int argc, char **argv)
{
    static table_options o;
    int status = table_parse_options(game, argc, argv, "duel", 2, "--deals", &o);
    if (status)
        return status;
    static duel_run run;
    memset(&run, 0, sizeof run);
    run.o = &o;
    run.replays = game->duel_replays(&o.rules);
    if (o.log_path && !(run.log = fopen(o.log_path, "w")))
        return prog_usage("%s duel: cannot write '%s'", game->name, o.log_path);
    if (run.log)
        fcntl(fileno(run.log), F_SETFD, FD_CLOEXEC); /* not the programs' */
    qipai_table_shape shape;
    qipai_table_shape_of(game, &o.rules, &shape);
    if ((status = start_programs(&run, &shape)) != 0) {
        if (run.log)
            fclose(run.log);
        return status;
    }
    qipai_table_duel_observer observer = {replay_start, on_event, NULL, &run};
    qipai_table_agent a = run.programs[0][0] >= 0 ? table_arena_agent(&run.arena)
                                                  : qipai_table_bot_agent(game, o.bots[0]);
    qipai_table_agent b = run.programs[1][0] >= 0 ? table_arena_agent(&run.arena)
                                                  : qipai_table_bot_agent(game, o.bots[1]);
    static qipai_table_state state;
    qipai_table_duel_stats t;
    qipai_table_duel_stats_init(&t);
    prog_progress progress;
    prog_progress_start(&progress, game->name, "deals", (uint64_t)o.count, o.quiet);
    double cpu = process_cpu_ns(), wall = prog_now_ns();
    qipai_error err;
    qipai_err e = QIPAI_OK;
    for (uint64_t d = 0; d < (uint64_t)o.count && e == QIPAI_OK; d++) {
        e = qipai_table_duel_deal(game, &o.rules, o.seed, d, a, b,
                                  run.log || o.programs ? &observer : NULL, &state, &t, &err);
        prog_progress_update(&progress, d + 1);
    }
    prog_progress_end(&progress);
    const double wall_seconds = (prog_now_ns() - wall) / 1e9;
    if (o.programs)
        table_arena_close(&run.arena); /* the programs end with the deals; their faults stay */
    if (run.log && (fclose(run.log) != 0 || run.cut))
        return prog_usage("%s duel: cannot finish writing '%s'", game->name, o.log_path);
    if (e != QIPAI_OK) {
        fprintf(stderr, "qipai: %s duel: %s\n", game->name, err.message);
        return PROG_EXIT_FAILED;
    }
    qipai_table_duel_report report;
    memset(&report, 0, sizeof report);
    report.seed = o.seed;
    report.names[0] = o.bot_names[0];
    report.names[1] = o.bot_names[1];
    report.cpu_seconds = (process_cpu_ns() - cpu) / 1e9;
    report.wall_seconds = wall_seconds;
    /* The programs' time is not this process's: such duels are timed by the clock. */
    const double seconds = o.programs ? report.wall_seconds : report.cpu_seconds;
    report.games_per_second = seconds > 0 ? (double)t.games / seconds : 0;
    static char faults_text[2][160];
    qjson_writer faults_json[2];
    for (int side = 0; side < 2; side++) {
        qjson_writer_init(&faults_json[side]);
        if (run.programs[side][0] < 0)
            continue;
        table_arena_bot sum;
        table_arena_sum(&run.arena, run.programs[side], QIPAI_TABLE_MAX_SEATS, &sum);
        table_arena_faults_text(&sum, faults_text[side], sizeof faults_text[side]);
        table_arena_faults_json(&sum, &faults_json[side]);
        size_t n;
        report.faults_text[side] = faults_text[side];
        report.faults_json[side] = qjson_text(&faults_json[side], &n);
    }
    size_t (*format)(const qipai_table_game *, const qipai_table_duel_stats *,
                     const qipai_table_duel_report *, char *, size_t) =
        o.json ? qipai_table_format_duel_json : qipai_table_format_duel_text;
    char small[8192];
    size_t n = format(game, &t, &report, small, sizeof small);
    char *text = n < sizeof small ? small : malloc(n + 1);
    if (!n || !text) {
        fprintf(stderr, "qipai: %s duel: out of memory for the summary\n", game->name);
        return PROG_EXIT_FAILED;
    }
    if (text != small)
        format(game, &t, &report, text, n + 1);
    fwrite(text, 1, n, stdout);
    if (text != small)
        free(text);
    for (int side = 0; side < 2; side++)
        qjson_writer_free(&faults_json[side]);
    return PROG_EXIT_OK;
}
