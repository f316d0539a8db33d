/*
 * Line input and buffered output for the batch commands (io.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "io.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BLOCK = 1 << 16 };

bool cli_reader_open(cli_reader *r, int fd)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->size = CLI_LINE_MAX + BLOCK;
    r->buffer = malloc(r->size);
    return r->buffer != NULL;
}

void cli_reader_close(cli_reader *r)
{
    free(r->buffer);
    r->buffer = NULL;
}

/* Whether a read would block now (nothing waiting on the descriptor). */
static bool would_wait(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, 0) == 0;
}

/* Reads more input after the kept bytes; false at the end. */
static bool fill(cli_reader *r)
{
    if (r->eof)
        return false;
    if (r->start > 0) { /* keep the partial line at the front */
        memmove(r->buffer, r->buffer + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->before_wait && would_wait(r->fd))
        r->before_wait(r->context);
    for (;;) {
        ssize_t got = read(r->fd, r->buffer + r->end, r->size - r->end);
        if (got > 0) {
            r->end += (size_t)got;
            return true;
        }
        if (got < 0 && errno == EINTR)
            continue;
        r->eof = true;
        return false;
    }
}

cli_line_status cli_read_line(cli_reader *r, const char **line, size_t *length)
{
    for (;;) {
        size_t have = r->end - r->start;
        char *at = r->buffer + r->start;
        char *lf = memchr(at, '\n', have);
        if (lf || (r->eof && have)) { /* a line, or the last one without its LF */
            size_t n = lf ? (size_t)(lf - at) : have;
            r->start += lf ? n + 1 : n;
            if (n > 0 && at[n - 1] == '\r')
                n--;
            *line = at;
            *length = n;
            return n > CLI_LINE_MAX ? CLI_LINE_LONG : CLI_LINE;
        }
        if (have > CLI_LINE_MAX) {
            /* Too long to hold: keep its head for the error answer and
             * skip the rest of it, block by block. */
            memcpy(r->head, at, sizeof r->head);
            r->start = r->end;
            while (fill(r)) {
                lf = memchr(r->buffer + r->start, '\n', r->end - r->start);
                if (lf) {
                    r->start = (size_t)(lf + 1 - r->buffer);
                    break;
                }
                r->start = r->end;
            }
            *line = r->head;
            *length = sizeof r->head;
            return CLI_LINE_LONG;
        }
        if (!fill(r) && r->end == r->start)
            return CLI_LINE_END;
    }
}

/* ---- output ---- */

void cli_output_open(cli_output *o, int fd)
{
    o->fd = fd;
    o->broken = false;
    o->used = 0;
}

bool cli_out_flush(cli_output *o)
{
    size_t done = 0;
    while (done < o->used && !o->broken) {
        ssize_t n = write(o->fd, o->buffer + done, o->used - done);
        if (n > 0)
            done += (size_t)n;
        else if (!(n < 0 && errno == EINTR))
            o->broken = true;
    }
    o->used = 0;
    return !o->broken;
}

void cli_out(cli_output *o, const char *text, size_t length)
{
    while (length > 0 && !o->broken) {
        if (o->used == sizeof o->buffer && !cli_out_flush(o))
            return;
        size_t take = sizeof o->buffer - o->used;
        if (take > length)
            take = length;
        memcpy(o->buffer + o->used, text, take);
        o->used += take;
        text += take;
        length -= take;
    }
}

void cli_out_line(cli_output *o, const char *text, size_t length)
{
    cli_out(o, text, length);
    cli_out(o, "\n", 1);
}
