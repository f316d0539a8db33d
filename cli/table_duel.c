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
#include "table_cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct duel_run {
    const table_options *o;
    FILE *log;
    bool cut;
    int replays;
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
    put_line(run, line, qipai_table_log_header(g, state, number, names, line, sizeof line),
             sizeof line);
    put_line(run, line, qipai_table_log_deal(g, state, -1, line, sizeof line), sizeof line);
}

static void on_event(const void *state, const void *event, void *context)
{
    duel_run *run = context;
    char line[QIPAI_TABLE_LOG_LINE];
    put_line(run, line, qipai_table_log_event(run->o->game, state, event, -1, line, sizeof line),
             sizeof line);
}

int table_cli_duel(const qipai_table_game *game, int argc, char **argv)
{
    static table_options o;
    int status = table_parse_options(game, argc, argv, "duel", 2, "--deals", &o);
    if (status)
        return status;
    duel_run run = {&o, NULL, false, game->duel_replays(&o.rules)};
    if (o.log_path && !(run.log = fopen(o.log_path, "w")))
        return prog_usage("%s duel: cannot write '%s'", game->name, o.log_path);
    qipai_table_duel_observer observer = {replay_start, on_event, NULL, &run};
    qipai_table_agent a = qipai_table_bot_agent(game, o.bots[0]);
    qipai_table_agent b = qipai_table_bot_agent(game, o.bots[1]);
    static qipai_table_state state;
    qipai_table_duel_stats t;
    qipai_table_duel_stats_init(&t);
    prog_progress progress;
    prog_progress_start(&progress, game->name, "deals", (uint64_t)o.count, o.quiet);
    double cpu = process_cpu_ns(), wall = prog_now_ns();
    qipai_error err;
    qipai_err e = QIPAI_OK;
    for (uint64_t d = 0; d < (uint64_t)o.count && e == QIPAI_OK; d++) {
        e = qipai_table_duel_deal(game, &o.rules, o.seed, d, a, b, run.log ? &observer : NULL,
                                  &state, &t, &err);
        prog_progress_update(&progress, d + 1);
    }
    prog_progress_end(&progress);
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
    report.wall_seconds = (prog_now_ns() - wall) / 1e9;
    report.games_per_second = report.cpu_seconds > 0 ? (double)t.games / report.cpu_seconds : 0;
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
    return PROG_EXIT_OK;
}
