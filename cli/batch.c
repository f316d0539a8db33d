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

/* Strips the line ending (LF or CRLF) and surrounding blanks in place. */
static char *trim(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' ||
                     line[n - 1] == '\t'))
        line[--n] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    return line;
}

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
        return cli_usage("%s", err.message);
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
            return cli_usage("out of memory");
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
    return failures ? CLI_EXIT_FAILED : CLI_EXIT_OK;
}

int cli_usage(const char *format, ...)
{
    va_list args;
    fputs("qipai: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    return CLI_EXIT_USAGE;
}

const char *cli_option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

long cli_read_lines(const char *path, char ***lines)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long count = 0, capacity = 0;
    char **out = NULL;
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, f) != -1) {
        char *text = trim(line);
        if (*text == '\0' || *text == '#')
            continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            char **grown = realloc(out, (size_t)capacity * sizeof *out);
            if (!grown) {
                cli_free_lines(out, count);
                free(line);
                fclose(f);
                return -1;
            }
            out = grown;
        }
        out[count++] = strdup(text);
    }
    free(line);
    fclose(f);
    *lines = out;
    return count;
}

void cli_free_lines(char **lines, long n)
{
    for (long i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

double cli_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_times(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void cli_sort_times(double *times, size_t n)
{
    qsort(times, n, sizeof *times, compare_times);
}

double cli_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
