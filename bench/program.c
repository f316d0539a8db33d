/*
 * What the program's commands share, the measuring ones first among them:
 * usage errors, option values, reading a corpus file, the clocks and the
 * sort of a bench's timings. It lives in bench/ so that bench/ needs nothing
 * from cli/: cli/ calls bench/ (its entry points and these), never the
 * other way round.
 */
#define _POSIX_C_SOURCE 200809L
#include "program.h"

#include <stdarg.h>
#include <stdio.h>
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

int prog_usage(const char *format, ...)
{
    va_list args;
    fputs("qipai: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    return PROG_EXIT_USAGE;
}

const char *prog_option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

long prog_read_lines(const char *path, char ***lines)
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
                prog_free_lines(out, count);
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

void prog_free_lines(char **lines, long n)
{
    for (long i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

double prog_cpu_ns(void)
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

void prog_sort_times(double *times, size_t n)
{
    qsort(times, n, sizeof *times, compare_times);
}

double prog_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void prog_print_json(const qjson_writer *w)
{
    size_t n;
    const char *text = qjson_text(w, &n);
    if (text) {
        fwrite(text, 1, n, stdout);
        fputc('\n', stdout);
    } else {
        printf("{\"error\":\"the answer could not be written (%s)\"}\n", qjson_strerror(w->error));
    }
}
