/*
 * A bot's process and its pipes (program.h): start, write lines,
 * read lines with a deadline, end. POSIX only (fork, pipes, poll).
 */
#define _POSIX_C_SOURCE 200809L
#include "program.h"
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { READ_BLOCK = 1 << 16 };

static bool set_flags(int fd, bool nonblocking)
{
    int fl = fcntl(fd, F_GETFL), fd_fl = fcntl(fd, F_GETFD);
    return fl >= 0 && fd_fl >= 0 &&
           fcntl(fd, F_SETFL, nonblocking ? fl | O_NONBLOCK : fl) == 0 &&
           fcntl(fd, F_SETFD, fd_fl | FD_CLOEXEC) == 0;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* The bots' process groups, for the one place that must reach them without
 * a context: a signal handler. Bots run in their own groups (so that a bot
 * and whatever its shell started are killed together), which also keeps a
 * terminal's Ctrl-C from reaching them; so when qipai is interrupted or
 * terminated it kills them first, then dies of the same signal. */
enum { MAX_GROUPS = 64 };
static volatile sig_atomic_t group_count;
static volatile pid_t groups[MAX_GROUPS];

static void kill_groups_and_die(int sig)
{
    for (int i = 0; i < group_count; i++)
        if (groups[i] > 0)
            kill(-groups[i], SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void remember_group(pid_t pid)
{
    if (group_count == 0) {
        struct sigaction a;
        memset(&a, 0, sizeof a);
        a.sa_handler = kill_groups_and_die;
        sigemptyset(&a.sa_mask);
        sigaction(SIGINT, &a, NULL);
        sigaction(SIGTERM, &a, NULL);
        sigaction(SIGHUP, &a, NULL);
    }
    if (group_count < MAX_GROUPS) {
        groups[group_count] = pid;
        group_count = group_count + 1;
    }
}

bool program_start(bot_program *p, const char *command, char *why, size_t size)
{
    memset(p, 0, sizeof *p);
    p->to = p->from = -1;
    p->gone = PROGRAM_NOT_STARTED;
    /* A closed pipe must be an error from write(), not a signal that ends
     * the whole run. */
    signal(SIGPIPE, SIG_IGN);
    p->line = malloc(PROGRAM_LINE + READ_BLOCK);
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    if (!p->line || pipe(in) != 0 || pipe(out) != 0) {
        snprintf(why, size, "cannot make its pipes: %s", p->line ? strerror(errno) : "no memory");
        goto fail;
    }
    /* Our ends are close-on-exec, so no other bot inherits them (a bot
     * holding another's input open would never see it close). */
    if (!set_flags(in[1], true) || !set_flags(out[0], true) || !set_flags(in[0], false) ||
        !set_flags(out[1], false)) {
        snprintf(why, size, "cannot set up its pipes: %s", strerror(errno));
        goto fail;
    }
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, size, "cannot start it: %s", strerror(errno));
        goto fail;
    }
    if (pid == 0) {
        setpgid(0, 0);
        if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0)
            _exit(127);
        signal(SIGPIPE, SIG_DFL); /* ignored signals would stay ignored across exec */
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* as the child does: whichever runs first */
    remember_group(pid);
    close(in[0]);
    close(out[1]);
    p->pid = pid;
    p->to = in[1];
    p->from = out[0];
    p->gone = PROGRAM_RUNNING;
    return true;
fail:
    for (int i = 0; i < 2; i++) {
        close_fd(&in[i]);
        close_fd(&out[i]);
    }
    free(p->line);
    p->line = NULL;
    return false;
}

/* Kills its process group (a shell may have left children) and reaps it. */
static void kill_and_reap(bot_program *p)
{
    if (p->pid <= 0)
        return;
    for (int i = 0; i < group_count; i++)
        if (groups[i] == p->pid)
            groups[i] = 0;
    if (kill(-p->pid, SIGKILL) != 0)
        kill(p->pid, SIGKILL);
    while (waitpid(p->pid, &p->status, 0) < 0 && errno == EINTR)
        ;
    p->pid = 0;
}

static void give_up(bot_program *p, program_gone why)
{
    if (p->gone == PROGRAM_RUNNING)
        p->gone = why;
    close_fd(&p->to);
    close_fd(&p->from);
    kill_and_reap(p);
    free(p->pending);
    p->pending = NULL;
    p->pending_used = p->pending_size = 0;
}

/* Writes what is queued as far as the pipe takes it now. */
static void flush(bot_program *p)
{
    size_t done = 0;
    while (p->to >= 0 && done < p->pending_used) {
        ssize_t n = write(p->to, p->pending + done, p->pending_used - done);
        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break;
        } else {
            give_up(p, PROGRAM_BROKEN); /* EPIPE: it closed its input */
            return;
        }
    }
    memmove(p->pending, p->pending + done, p->pending_used - done);
    p->pending_used -= done;
}

void program_send(bot_program *p, const char *text, size_t length)
{
    if (p->gone != PROGRAM_RUNNING)
        return;
    size_t need = p->pending_used + length + 1;
    if (need > PROGRAM_BACKLOG) {
        give_up(p, PROGRAM_STUCK);
        return;
    }
    if (need > p->pending_size) {
        size_t grown = p->pending_size ? p->pending_size : 1 << 14;
        while (grown < need)
            grown *= 2;
        char *bigger = realloc(p->pending, grown);
        if (!bigger) {
            give_up(p, PROGRAM_STUCK);
            return;
        }
        p->pending = bigger;
        p->pending_size = grown;
    }
    memcpy(p->pending + p->pending_used, text, length);
    p->pending[p->pending_used + length] = '\n';
    p->pending_used = need;
    flush(p);
}

/* A whole line already read, or a skipped long one. */
static bool take_line(bot_program *p, program_read *result, const char **line, size_t *length)
{
    char *start = p->line + p->line_start;
    size_t have = p->line_used - p->line_start;
    char *nl = memchr(start, '\n', have);
    if (!nl) {
        if (p->skipping) { /* still inside a long line: drop what came */
            p->line_start = p->line_used = 0;
        } else if (have > PROGRAM_LINE) {
            p->skipping = true;
            p->line_start = p->line_used = 0;
        } else if (p->line_start) { /* keep the partial line at the front */
            memmove(p->line, start, have);
            p->line_start = 0;
            p->line_used = have;
        }
        return false;
    }
    size_t n = (size_t)(nl - start);
    p->line_start += n + 1;
    if (p->skipping || n > PROGRAM_LINE) {
        p->skipping = false;
        *result = PROGRAM_READ_LONG;
        return true;
    }
    if (n && start[n - 1] == '\r')
        n--;
    *line = start;
    *length = n;
    *result = PROGRAM_READ_LINE;
    return true;
}

/* Reads what the pipe holds now; false when the program has gone. */
static bool fill(bot_program *p)
{
    for (;;) {
        size_t room = PROGRAM_LINE + READ_BLOCK - p->line_used;
        if (room == 0)
            return true; /* take_line makes room */
        ssize_t n = read(p->from, p->line + p->line_used, room);
        if (n > 0) {
            p->line_used += (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        give_up(p, PROGRAM_EXITED);
        return false;
    }
}

program_read program_read_line(bot_program *p, double deadline_ns, const char **line,
                                     size_t *length)
{
    program_read result;
    /* Past the deadline, one more look (so that a deadline of 0 reads what
     * is there), then no more: a program writing without end cannot hold
     * the caller. */
    for (bool first = true;; first = false) {
        if (p->gone != PROGRAM_RUNNING)
            return PROGRAM_READ_GONE;
        if (p->line_start < p->line_used && take_line(p, &result, line, length))
            return result;
        if (p->line_start == p->line_used)
            p->line_start = p->line_used = 0;
        double left_ms = (deadline_ns - prog_now_ns()) / 1e6;
        if (!first && left_ms <= 0)
            return PROGRAM_READ_TIMEOUT;
        struct pollfd fds[2] = {{p->from, POLLIN, 0}, {p->to, POLLOUT, 0}};
        int n = poll(fds, p->pending_used ? 2 : 1, left_ms > 0 ? (int)ceil(left_ms) : 0);
        if (n < 0 && errno != EINTR)
            return PROGRAM_READ_TIMEOUT;
        if (n > 0 && fds[1].revents && p->pending_used)
            flush(p);
        if (p->gone != PROGRAM_RUNNING)
            return PROGRAM_READ_GONE;
        if (n > 0 && fds[0].revents && !fill(p))
            return PROGRAM_READ_GONE;
    }
}

/* Whether it has exited, without reaping it: while it is a zombie its
 * process group cannot be anyone else's, so the group can still be killed. */
static bool exited(const bot_program *p)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid;
}

void program_close_all(bot_program *const programs[], int count, double grace_seconds)
{
    const double deadline = prog_now_ns() + grace_seconds * 1e9;
    /* Hand over what is queued, then close their input: the end of the run. */
    for (bool waiting = true; waiting && prog_now_ns() < deadline;) {
        waiting = false;
        for (int i = 0; i < count; i++) {
            bot_program *p = programs[i];
            if (p->to < 0)
                continue;
            flush(p);
            if (p->to >= 0 && !p->pending_used)
                close_fd(&p->to);
            waiting |= p->to >= 0;
        }
        if (waiting)
            poll(NULL, 0, 5);
    }
    /* Give them until the deadline to exit, reading (and dropping) what they
     * still write so that none blocks on a full pipe. */
    for (bool waiting = true; waiting;) {
        waiting = false;
        for (int i = 0; i < count; i++) {
            bot_program *p = programs[i];
            if (p->pid <= 0)
                continue;
            close_fd(&p->to);
            if (p->from >= 0) {
                char drop[4096];
                ssize_t n = 1;
                for (int reads = 0; reads < 64 && (n = read(p->from, drop, sizeof drop)) > 0; reads++)
                    ;
                if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
                    close_fd(&p->from);
            }
            if (exited(p))
                kill_and_reap(p); /* anything the shell left in its group goes too */
            else
                waiting = true;
        }
        if (!waiting || prog_now_ns() >= deadline)
            break;
        poll(NULL, 0, 5);
    }
    for (int i = 0; i < count; i++) {
        bot_program *p = programs[i];
        if (p->gone == PROGRAM_RUNNING)
            p->gone = PROGRAM_EXITED;
        close_fd(&p->to);
        close_fd(&p->from);
        kill_and_reap(p);
        free(p->pending);
        free(p->line);
        p->pending = p->line = NULL;
    }
}
