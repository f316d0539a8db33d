/*
 * Bots that are programs, for sim, duel and play (--bots exec:COMMAND): the
 * protocol of docs/formats/bot.md over program.c's pipes. Each
 * program plays one seat a game (in a duel its seat changes between
 * replays); it is told what that seat may see, through the library's
 * per-seat view (qipai_zt_log_*_for), asked for each decision, and its
 * answer checked. A decision it does not make in time, answers with
 * something illegal or unreadable, or cannot make because it has gone, is
 * played by the default (pass a claim, otherwise the strong bot's choice)
 * and counted as a fault of that program; the run goes on.
 */
#ifndef QIPAI_CLI_ZHAOTONG_ARENA_H
#define QIPAI_CLI_ZHAOTONG_ARENA_H

#include <qipai/zhaotong.h>

#include "common/json.h"
#include "program.h"

enum { ZT_ARENA_PROGRAMS = 4 };

typedef enum zt_fault {
    ZT_FAULT_LATE,     /* no answer within the time limit */
    ZT_FAULT_ILLEGAL,  /* an index out of range, or an action that is not legal now */
    ZT_FAULT_INVALID,  /* not an index or an action line: not JSON, not UTF-8, too long */
    ZT_FAULT_GONE,     /* the program has exited, closed a pipe or stopped reading */
    ZT_FAULTS
} zt_fault;

/* "late", "illegal", "invalid", "gone" */
extern const char *const zt_fault_names[ZT_FAULTS];

typedef struct zt_arena_bot {
    bot_program program;
    char *command;
    int seat;                     /* in the current game */
    uint64_t owed;                /* requests it has not answered yet */
    uint64_t requests, decisions; /* requests sent; decisions asked of it (faults included) */
    uint64_t faults[ZT_FAULTS];
} zt_arena_bot;

typedef struct zt_arena {
    int count;
    zt_arena_bot bots[ZT_ARENA_PROGRAMS];
    int8_t seat_bot[QIPAI_ZT_SEATS]; /* the current game: each seat's program, -1 for none */
    double timeout_seconds;
    qjson_writer w;
} zt_arena;

/* "exec:COMMAND" gives COMMAND, anything else NULL. */
const char *zt_exec_command(const char *bot_name);

void zt_arena_init(zt_arena *a, double timeout_seconds);
/* Starts COMMAND and sends it the start line (its first seat, the rules);
 * returns the program's index, or -1 with a reason. */
int zt_arena_start(zt_arena *a, const char *command, int first_seat, const qipai_zt_rules *rules,
                   char *why, size_t size);
/* A game begins: seat_bot[s] is the program at seat s (-1: not a program);
 * each program is sent its game and deal lines. */
void zt_arena_game(zt_arena *a, const qipai_zt_game *game, uint64_t number,
                   const int seat_bot[QIPAI_ZT_SEATS]);
/* An event callback (qipai_zt_event_fn, context: the arena): each program is
 * sent what its seat sees of the event. */
void zt_arena_event(const qipai_zt_game *game, const qipai_zt_event *event, void *arena);
/* The agent of the seats played by programs (context: the arena). */
qipai_zt_agent zt_arena_agent(zt_arena *a);
/* Ends the programs (program_close_all) and frees the arena. */
void zt_arena_close(zt_arena *a);

/* The faults of a program as a JSON object {"late":n,...,"decisions":n}. */
void zt_arena_faults_json(const zt_arena_bot *bot, qjson_writer *w);
/* "3 late, 1 illegal, 0 invalid, 0 gone in 250 decisions" */
void zt_arena_faults_text(const zt_arena_bot *bot, char *out, size_t size);

#endif
