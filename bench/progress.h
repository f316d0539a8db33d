/*
 * Progress of a long run on standard error (issue 16): the count done, the
 * rate and the time left, redrawn in place a few times a second, only when
 * standard error is a terminal and only once the run has taken a moment, so
 * a quick run, a pipe, a log or the output never see it. --quiet turns it
 * off. The line is erased when the run ends.
 */
#ifndef QIPAI_CLI_PROGRESS_H
#define QIPAI_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct prog_progress {
    bool on;            /* standard error is a terminal and not --quiet */
    bool shown;         /* a line is on the screen */
    const char *label;  /* "zhaotong sim" */
    const char *unit;   /* "games" */
    uint64_t total;     /* 0: unknown */
    double start_ns, next_ns;
    int width;          /* of the line drawn last, to blank what is left of it */
} prog_progress;

void prog_progress_start(prog_progress *p, const char *label, const char *unit, uint64_t total,
                        bool quiet);
/* Cheap enough to call after every game: it reads the clock and draws at
 * most four times a second. */
void prog_progress_update(prog_progress *p, uint64_t done);
/* Erases the line (if one was drawn). */
void prog_progress_end(prog_progress *p);

#endif
