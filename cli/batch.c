/*
 * The batch loop and the small helpers every game's command line uses.
 * One input line gives exactly one output line, so scripts can zip them.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "io.h"

#include <qipai/query.h>
#include <unistd.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void flush_output(void *context)
{
    cli_out_flush(context);
}

static bool blank_line(const char *line, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return false;
    return true;
}

int cli_query_run(int argc, char **argv)
{
    qipai_query *query;
    qipai_error err;
    if (qipai_query_new(&query, argc, (const char *const *)argv, &err) != QIPAI_OK)
        return prog_usage("%s", err.message);
    static cli_output out; /* 64 KiB: off the stack; one per process run */
    cli_output_open(&out, STDOUT_FILENO);
    const char *const *inputs;
    size_t n = qipai_query_inputs(query, &inputs);
    long failures = 0;
    const char *json;
    size_t length;
    if (n > 0) {
        for (size_t i = 0; i < n && !out.broken; i++) {
            failures += qipai_query_answer(query, inputs[i], strlen(inputs[i]), &json, &length) !=
                        QIPAI_OK;
            cli_out_line(&out, json, length);
        }
    } else {
        cli_reader in;
        if (!cli_reader_open(&in, STDIN_FILENO)) {
            qipai_query_free(query);
            return prog_usage("out of memory");
        }
        in.before_wait = flush_output;
        in.context = &out;
        const char *line;
        size_t line_length;
        cli_line_status status;
        while (!out.broken && (status = cli_read_line(&in, &line, &line_length)) != CLI_LINE_END) {
            if (status == CLI_LINE_LONG) {
                /* The query answers it as too long from its head alone. */
                qipai_query_answer(query, line, QIPAI_QUERY_MAX_LINE + 1, &json, &length);
                failures++;
            } else if (blank_line(line, line_length)) {
                continue; /* blank lines get no answer (docs/FORMATS.md) */
            } else {
                failures += qipai_query_answer(query, line, line_length, &json, &length) !=
                            QIPAI_OK;
            }
            cli_out_line(&out, json, length);
        }
        cli_reader_close(&in);
    }
    cli_out_flush(&out);
    qipai_query_free(query);
    return failures ? PROG_EXIT_FAILED : PROG_EXIT_OK;
}
