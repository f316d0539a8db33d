/*
 * What every game's command line shares: the batch loop (hands from the
 * arguments or one a line from standard input, one JSON line out for each),
 * JSON output, option helpers and the exit statuses. No game logic here.
 */
#ifndef QIPAI_CLI_H
#define QIPAI_CLI_H

#include <stdio.h>

enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_FAILED = 1, /* some input line was bad; the others were answered */
    CLI_EXIT_USAGE = 2   /* the command itself was malformed */
};

/* Runs a line command through the library's query (include/qipai/query.h):
 * argv = {GAME, COMMAND, options and inputs}. Answers the inputs, or every
 * non-blank line of standard input; returns the exit status. */
int cli_query_run(int argc, char **argv);

/* Reports a usage problem on stderr and returns CLI_EXIT_USAGE. */
int cli_usage(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The value after option argv[*i] (advancing *i), or NULL when missing. */
const char *cli_option_value(int argc, char **argv, int *i);

/* Reads a whole text file into lines (comments '#' and blank lines skipped);
 * returns the line count or -1. The caller frees with cli_free_lines(). */
long cli_read_lines(const char *path, char ***lines);
void cli_free_lines(char **lines, long n);

/* Monotonic clock in nanoseconds, for the benches. */
double cli_now_ns(void);
/* This thread's CPU time in nanoseconds: what the benches report, since the
 * machines are shared and a descheduled thread would count others' work. */
double cli_cpu_ns(void);
/* Sorts the timings of a bench's runs ascending, for the median and spread. */
void cli_sort_times(double *times, size_t n);

/* Each game's entry point: argv[0] is the game name. */
int cli_mahjong(int argc, char **argv);
int cli_zhaotong(int argc, char **argv);
int cli_gb(int argc, char **argv);
int cli_zipai(int argc, char **argv);
int cli_poker(int argc, char **argv);

#endif
