/*
 * A shard of a Zhaotong sim run for qipai.cluster (qipai_py.h): a range of
 * a run's games played by the library's runner in one C call, without the
 * GIL, its statistics summed by the library and its log written by the
 * library's writer. The loop is the library's runner (qipai_zt_run), as in
 * `qipai zhaotong sim`: the same seeds, dealers, game numbers and lines, so the shards of a run
 * merge into exactly the figures of one run and their logs, put end to end,
 * are its log byte for byte (python/tests_dask checks both against the CLI).
 */
#define _POSIX_C_SOURCE 200809L
#include "qipai_py.h"
#include "common/fail.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The log being written: a line that does not fit or a failed write is kept
 * until the end, where the shard fails with it. */
typedef struct shard_log {
    FILE *file;
    const char *const *names; /* the bots', for the header lines */
    bool cut, failed;
} shard_log;

static void write_line(shard_log *log, const char *line, size_t n, size_t size)
{
    if (n >= size) {
        log->cut = true;
        return;
    }
    if (fwrite(line, 1, n, log->file) != n || fputc('\n', log->file) == EOF)
        log->failed = true;
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(context, line, qipai_zt_log_event(g, e, line, sizeof line), sizeof line);
}

static double thread_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The start of each game: its header and deal in the log. */
static void game_start(const qipai_zt_game *game, uint64_t number, void *context)
{
    shard_log *log = context;
    char line[QIPAI_ZT_LOG_LINE];
    write_line(log, line, qipai_zt_log_header(game, number, log->names, line, sizeof line),
               sizeof line);
    write_line(log, line, qipai_zt_log_deal(game, line, sizeof line), sizeof line);
}

qipai_err qipy_zt_sim_shard(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t first,
                            uint64_t count, int dealer, const uint8_t bots[QIPAI_ZT_SEATS],
                            const char *const names[QIPAI_ZT_SEATS], const char *log_path,
                            qipai_zt_stats *stats, double *cpu_seconds, qipai_error *err)
{
    double start = thread_cpu_seconds();
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        if (bots[s] >= QIPAI_ZT_BOT_COUNT)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "seat %d: no bot number %d", s, bots[s]);
        agents[s] = qipai_zt_bot_agent((qipai_zt_bot)bots[s]);
    }
    shard_log file = {NULL, names, false, false}, *log = NULL;
    if (log_path) {
        if (!(file.file = fopen(log_path, "w")))
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "cannot write '%s': %s", log_path,
                              strerror(errno));
        log = &file;
    }
    qipai_zt_game *game = malloc(sizeof *game); /* 6 KB: once a shard, off the stack */
    /* The library's runner: the same seeds, dealers, game numbers and log
     * lines as `qipai zhaotong sim`, whatever the range. */
    qipai_zt_run_observer observer = {log ? game_start : NULL, log ? on_event : NULL, NULL, log};
    qipai_err e = game ? qipai_zt_run(rules, run_seed, first, count, dealer, agents, &observer,
                                      game, stats, err)
                       : qipai_fail(err, QIPAI_ERR_MEMORY, -1, "out of memory");
    free(game);
    if (log) {
        bool closed = fclose(file.file) == 0;
        if (e == QIPAI_OK && (!closed || file.failed))
            e = qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "cannot finish writing '%s'", log_path);
        else if (e == QIPAI_OK && file.cut) /* cannot be: the bots' names are short */
            e = qipai_fail(err, QIPAI_ERR_BUFFER, -1, "a line of '%s' did not fit", log_path);
    }
    if (cpu_seconds)
        *cpu_seconds = thread_cpu_seconds() - start;
    return e;
}
