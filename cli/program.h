/*
 * A bot that is a program (--bots exec:COMMAND): the process and its pipes,
 * nothing of the game (table_arena.c, and zhaotong_arena.c for Zhaotong's own
 * commands, speak the protocol over it,
 * docs/formats/bot.md). The rule here is that nothing the program does can
 * crash or stall the caller: its pipes are non-blocking, every wait has a
 * deadline, a line longer than PROGRAM_LINE is skipped without being
 * held, output it does not read is kept only up to PROGRAM_BACKLOG, a
 * closed pipe is an error value (SIGPIPE is ignored), and a program that has
 * gone is killed and reaped at once and never restarted.
 */
#ifndef QIPAI_CLI_PROGRAM_H
#define QIPAI_CLI_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum {
    PROGRAM_LINE = 65536,         /* longest answer line read, its ending excluded */
    PROGRAM_BACKLOG = 8 << 20     /* bytes written but not yet read by the program */
};

typedef enum program_gone {
    PROGRAM_RUNNING,
    PROGRAM_EXITED,     /* its output closed (it exited or closed it) */
    PROGRAM_BROKEN,     /* its input closed: writing failed */
    PROGRAM_STUCK,      /* it stopped reading: more than PROGRAM_BACKLOG waiting */
    PROGRAM_NOT_STARTED
} program_gone;

typedef struct bot_program {
    pid_t pid;               /* also its process group; 0 when reaped */
    int to, from;            /* our ends of its standard input and output; -1 when closed */
    program_gone gone;
    int status;              /* its wait status once reaped */
    char *pending;           /* written, not yet taken by the pipe */
    size_t pending_used, pending_size;
    char *line;              /* the line being read: line[0..line_used) */
    size_t line_used, line_start;
    bool skipping;           /* the current line is over PROGRAM_LINE: dropped */
} bot_program;

/* Starts `sh -c command` with its standard input and output on pipes (its
 * standard error is ours) in a process group of its own. false with a
 * reason when it cannot be started; a command that the shell cannot run
 * starts and exits at once. */
bool program_start(bot_program *p, const char *command, char *why, size_t size);

/* Queues a line (a newline is added) and writes what the pipe takes now. */
void program_send(bot_program *p, const char *text, size_t length);

typedef enum program_read {
    PROGRAM_READ_LINE,     /* a whole line at *line, *length bytes (no ending, not NUL-terminated) */
    PROGRAM_READ_LONG,     /* a line over PROGRAM_LINE, skipped */
    PROGRAM_READ_TIMEOUT,  /* nothing whole before the deadline */
    PROGRAM_READ_GONE      /* the program has gone (p->gone says how) */
} program_read;

/* The next line the program writes, waiting until deadline_ns (prog_now_ns's
 * clock; 0: do not wait) and writing what is queued meanwhile. The line is
 * valid until the next call. */
program_read program_read_line(bot_program *p, double deadline_ns, const char **line,
                                     size_t *length);

/* Ends every program: their input is closed (after what is queued, if they
 * take it within the grace period), they get until then to exit, and any
 * still there are killed; all are reaped. */
void program_close_all(bot_program *const programs[], int count, double grace_seconds);

#endif
