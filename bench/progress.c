/*
 * The progress line of long runs (progress.h). It goes to standard error
 * with a carriage return and no newline, so it stays one line; blanks cover
 * the rest of a longer earlier line, so no terminal escape is needed.
 */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"
#include "program.h"

#include <stdio.h>
#include <unistd.h>

enum {
    FIRST_DELAY_MS = 300, /* a run quicker than this never shows a line */
    REDRAW_MS = 250
};

void prog_progress_start(prog_progress *p, const char *label, const char *unit, uint64_t total,
                        bool quiet)
{
    p->on = !quiet && isatty(STDERR_FILENO);
    p->shown = false;
    p->label = label;
    p->unit = unit;
    p->total = total;
    p->start_ns = prog_now_ns();
    p->next_ns = p->start_ns + FIRST_DELAY_MS * 1e6;
    p->width = 0;
}

/* "1:02:03" or "2:03" */
static void duration(double seconds, char *out, size_t size)
{
    long s = seconds < 0 ? 0 : seconds > 359999 ? 359999 : (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

void prog_progress_update(prog_progress *p, uint64_t done)
{
    if (!p->on)
        return;
    double now = prog_now_ns();
    if (now < p->next_ns)
        return;
    p->next_ns = now + REDRAW_MS * 1e6;
    double elapsed = (now - p->start_ns) / 1e9;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char line[200], left[64] = "";
    int n;
    if (p->total) {
        if (rate > 0 && done < p->total) {
            char d[32];
            duration((double)(p->total - done) / rate, d, sizeof d);
            snprintf(left, sizeof left, ", %s left", d);
        }
        n = snprintf(line, sizeof line, "%s: %llu/%llu %s (%.0f%%), %.0f %s/s%s", p->label,
                     (unsigned long long)done, (unsigned long long)p->total, p->unit,
                     100.0 * (double)done / (double)p->total, rate, p->unit, left);
    } else {
        n = snprintf(line, sizeof line, "%s: %llu %s, %.0f %s/s", p->label,
                     (unsigned long long)done, p->unit, rate, p->unit);
    }
    if (n < 0)
        return;
    if (n >= (int)sizeof line)
        n = (int)sizeof line - 1;
    fprintf(stderr, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
    fflush(stderr);
    p->width = n;
    p->shown = true;
}

void prog_progress_end(prog_progress *p)
{
    if (!p->shown)
        return;
    fprintf(stderr, "\r%*s\r", p->width, "");
    fflush(stderr);
    p->shown = false;
}
