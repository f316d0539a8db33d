/*
 * What the program's commands share (bench/program.c): usage errors, option
 * values, corpus files, clocks. cli/ and bench/ both include it; it
 * includes nothing of either.
 */
#ifndef QIPAI_BENCH_PROGRAM_H
#define QIPAI_BENCH_PROGRAM_H

#include <stddef.h>

#include "common/json.h"

enum {
    PROG_EXIT_OK = 0,
    PROG_EXIT_FAILED = 1, /* some input was bad; the others were answered */
    PROG_EXIT_USAGE = 2   /* the command itself was malformed */
};

/* Reports a usage problem on stderr ("qipai: ...") and returns PROG_EXIT_USAGE. */
int prog_usage(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The value after option argv[*i] (advancing *i), or NULL when missing. */
const char *prog_option_value(int argc, char **argv, int *i);

/* Reads a whole text file into lines (comments '#' and blank lines skipped);
 * returns the line count or -1. The caller frees with prog_free_lines(). */
long prog_read_lines(const char *path, char ***lines);
void prog_free_lines(char **lines, long n);

/* Monotonic clock in nanoseconds. */
double prog_now_ns(void);
/* This thread's CPU time in nanoseconds: what the benches report, since the
 * machines are shared and a descheduled thread would count others' work. */
double prog_cpu_ns(void);
/* Sorts a bench's run times ascending, for the median and the spread. */
void prog_sort_times(double *times, size_t n);

/* Prints w's text as one line on standard output, or, when it could not be
 * written whole, an error object naming why: never a line with a key missing. */
void prog_print_json(const qjson_writer *w);

#endif
