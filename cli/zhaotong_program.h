/*
 * A bot that is a program (--bots exec:COMMAND): the process and its pipes,
 * nothing of the game (zhaotong_arena.c speaks the protocol over it,
 * docs/formats/bot.md). The rule here is that nothing the program does can
 * crash or stall the caller: its pipes are non-blocking, every wait has a
 * deadline, a line longer than ZT_PROGRAM_LINE is skipped without being
 * held, output it does not read is kept only up to ZT_PROGRAM_BACKLOG, a
 * closed pipe is an error value (SIGPIPE is ignored), and a program that has
 * gone is killed and reaped at once and never restarted.
 */
#ifndef QIPAI_CLI_ZHAOTONG_PROGRAM_H
#define QIPAI_CLI_ZHAOTONG_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum {
    ZT_PROGRAM_LINE = 65536,         /* longest answer line read, its ending excluded */
    ZT_PROGRAM_BACKLOG = 8 << 20     /* bytes written but not yet read by the program */
};

typedef enum zt_program_gone {
    ZT_PROGRAM_RUNNING,
    ZT_PROGRAM_EXITED,     /* its output closed (it exited or closed it) */
    ZT_PROGRAM_BROKEN,     /* its input closed: writing failed */
    ZT_PROGRAM_STUCK,      /* it stopped reading: more than ZT_PROGRAM_BACKLOG waiting */
    ZT_PROGRAM_NOT_STARTED
} zt_program_gone;

typedef struct zt_program {
    pid_t pid;               /* also its process group; 0 when reaped */
    int to, from;            /* our ends of its standard input and output; -1 when closed */
    zt_program_gone gone;
    int status;              /* its wait status once reaped */
    char *pending;           /* written, not yet taken by the pipe */
    size_t pending_used, pending_size;
    char *line;              /* the line being read: line[0..line_used) */
    size_t line_used, line_start;
    bool skipping;           /* the current line is over ZT_PROGRAM_LINE: dropped */
} zt_program;

/* Starts `sh -c command` with its standard input and output on pipes (its
 * standard error is ours) in a process group of its own. false with a
 * reason when it cannot be started; a command that the shell cannot run
 * starts and exits at once. */
bool zt_program_start(zt_program *p, const char *command, char *why, size_t size);

/* Queues a line (a newline is added) and writes what the pipe takes now. */
void zt_program_send(zt_program *p, const char *text, size_t length);

typedef enum zt_program_read {
    ZT_READ_LINE,     /* a whole line at *line, *length bytes (no ending, not NUL-terminated) */
    ZT_READ_LONG,     /* a line over ZT_PROGRAM_LINE, skipped */
    ZT_READ_TIMEOUT,  /* nothing whole before the deadline */
    ZT_READ_GONE      /* the program has gone (p->gone says how) */
} zt_program_read;

/* The next line the program writes, waiting until deadline_ns (prog_now_ns's
 * clock; 0: do not wait) and writing what is queued meanwhile. The line is
 * valid until the next call. */
zt_program_read zt_program_read_line(zt_program *p, double deadline_ns, const char **line,
                                     size_t *length);

/* Ends every program: their input is closed (after what is queued, if they
 * take it within the grace period), they get until then to exit, and any
 * still there are killed; all are reaped. */
void zt_program_close_all(zt_program *const programs[], int count, double grace_seconds);

#endif
