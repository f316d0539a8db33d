/*
 * Line input and buffered output for the batch commands (docs/FORMATS.md,
 * "Input lines"): lines are read in blocks, without ever holding more than
 * the line limit of one line, and answers are written in blocks, flushed
 * only when no further input is waiting, so a pipe of a million hands pays
 * one write per block while a person typing still sees each answer at once.
 */
#ifndef QIPAI_CLI_IO_H
#define QIPAI_CLI_IO_H

#include <stdbool.h>
#include <stddef.h>

enum { CLI_LINE_MAX = 65536 }; /* bytes of one input line, its ending excluded */

enum { CLI_LONG_HEAD = 200 }; /* bytes of an over-long line kept for its error answer
                                  (QIPAI_QUERY_LONG_HEAD) */

typedef struct cli_reader {
    int fd;
    char *buffer;       /* CLI_LINE_MAX + a block; the current line is buffer[start..end) */
    size_t size, start, end;
    bool eof;
    char head[CLI_LONG_HEAD];
    void (*before_wait)(void *context); /* called before a read would block */
    void *context;
} cli_reader;

typedef enum {
    CLI_LINE,       /* a whole line */
    CLI_LINE_LONG,  /* a line over CLI_LINE_MAX: its first bytes are given, the rest skipped */
    CLI_LINE_END    /* no more input (or a read error) */
} cli_line_status;

/* Opens a reader on fd; false when memory runs out. */
bool cli_reader_open(cli_reader *r, int fd);
void cli_reader_close(cli_reader *r);
/* The next line without its ending (LF or CRLF), at *line for *length
 * bytes (not NUL-terminated; may hold NUL bytes), valid until the next
 * call. Before a read that would wait for input, before_wait is called (the
 * output is flushed there). */
cli_line_status cli_read_line(cli_reader *r, const char **line, size_t *length);

/* Buffered output to a descriptor. */
typedef struct cli_output {
    int fd;
    bool broken; /* a write failed (a closed pipe): nothing more is written */
    size_t used;
    char buffer[1 << 16];
} cli_output;

void cli_output_open(cli_output *o, int fd);
void cli_out(cli_output *o, const char *text, size_t length);
void cli_out_line(cli_output *o, const char *text, size_t length); /* text and '\n' */
/* Writes out what is buffered; false when the output is gone. */
bool cli_out_flush(cli_output *o);

#endif
