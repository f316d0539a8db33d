/*
 * Bots that are programs for every game on the table layer (`qipai table
 * GAME sim|duel --bots exec:COMMAND`): the protocol of docs/formats/bot.md
 * over program.c's pipes, through the table interface alone. What a seat
 * may see is the game's own per-seat view (log_header, log_deal, log_event
 * with a seat), the legal actions are its action lines (log_action) and an
 * answer is read back by log_read_action, so a game that plugs into the
 * layer gets its programs with nothing of its own to write.
 *
 * A decision a program does not make in time, answers with something
 * illegal or unreadable, or cannot make because it has gone, is played by
 * the game's fallback and counted as a fault of that program; the program is
 * told (a fault line, after the action played for it) and the log gets a
 * note line saying so, so a log tells a default move from the bot's own.
 */
#ifndef QIPAI_CLI_TABLE_ARENA_H
#define QIPAI_CLI_TABLE_ARENA_H

#include <qipai/table.h>

#include "common/json.h"
#include "program.h"

enum {
    TABLE_ARENA_PROGRAMS = 2 * QIPAI_TABLE_MAX_SEATS, /* a duel: each side at every seat */
    TABLE_ARENA_DEBUG = 4096                          /* bytes of an answer's debug text kept */
};

typedef enum table_fault {
    TABLE_FAULT_LATE,     /* no answer within the time limit */
    TABLE_FAULT_ILLEGAL,  /* an index out of range, or an action that is not legal now */
    TABLE_FAULT_INVALID,  /* not an answer: not JSON, not UTF-8, too long, any other JSON */
    TABLE_FAULT_GONE,     /* the program has exited, closed a pipe or stopped reading */
    TABLE_FAULTS
} table_fault;

/* "late", "illegal", "invalid", "gone" */
extern const char *const table_fault_names[TABLE_FAULTS];

typedef struct table_arena_bot {
    bot_program program;
    char *command;
    bool shared;              /* may play several seats: every line says which ("to") */
    double started_ns;        /* when it was started: its start-up allowance counts from there */
    uint64_t requests;        /* requests sent; the last one's id */
    uint64_t owed_from;       /* requests owed_from..requests are not answered yet */
    uint64_t decisions;       /* decisions asked of it, faults included */
    uint64_t faults[TABLE_FAULTS];
    uint64_t stray;           /* lines that answered nothing, dropped */
} table_arena_bot;

/* A line for the log (a note), as the arena makes it: the caller writes it. */
typedef void (*table_arena_note_fn)(const char *line, size_t length, void *context);

typedef struct table_arena {
    const qipai_table_game *game;
    const void *rules;
    int count;
    table_arena_bot bots[TABLE_ARENA_PROGRAMS];
    int8_t seat_bot[QIPAI_TABLE_MAX_SEATS]; /* the current game: each seat's program, or -1 */
    uint64_t number;                        /* the current game's number */
    double timeout_seconds, startup_seconds;
    table_arena_note_fn note;               /* may be NULL: no log */
    void *note_context;
    /* What the last decision of a program leaves to say once its action has
     * been played: the fault line to the program, the notes to the log. */
    struct {
        bool active;
        int bot, seat, fault;               /* fault: -1 for none */
        uint64_t id;
        int32_t action;
        size_t played_length, debug_length;
        char played[2048];                  /* the action line played for a fault */
        char debug[TABLE_ARENA_DEBUG];
    } after;
    int32_t *legal;                         /* room for game->max_shape.max_legal actions */
    qjson_writer w;
} table_arena;

/* "exec:COMMAND" gives COMMAND, anything else NULL. */
const char *table_exec_command(const char *bot_name);
/* Whether the shell will find COMMAND's program: its first word, when it is
 * a plain word that is not one of the shell's own, must be an executable
 * file (with a '/') or be on PATH. false with the reason. */
bool table_command_runnable(const char *command, char *why, size_t size);

/* false when out of memory. */
bool table_arena_init(table_arena *a, const qipai_table_game *game, const void *rules,
                      double timeout_seconds, double startup_seconds);
/* Starts COMMAND and sends it the start line: its first seats (bit s), the
 * game's name and rules, the limits; shared: it may play several seats.
 * The program's index, or -1 with a reason. */
int table_arena_start(table_arena *a, const char *command, unsigned first_seats, bool shared,
                      char *why, size_t size);
/* A game begins: seat_bot[s] is the program at seat s (-1: not a program);
 * each program is sent its seats' game and deal lines. */
void table_arena_game(table_arena *a, const void *state, uint64_t number, const int *seat_bot);
/* An event callback (context: the arena): each program is sent what its
 * seats see of the event; after the first event that follows a program's
 * decision (the action itself), its fault line and the log's notes. */
void table_arena_event(const void *state, const void *event, void *arena);
/* The agent of the seats played by programs (context: the arena). */
qipai_table_agent table_arena_agent(table_arena *a);
/* Ends the programs (program_close_all) and frees the arena. */
void table_arena_close(table_arena *a);

/* The faults of programs summed (bots: indexes into a->bots, -1 skipped). */
void table_arena_sum(const table_arena *a, const int *bots, int count, table_arena_bot *sum);
/* {"late":n,"illegal":n,"invalid":n,"gone":n,"total":n,"decisions":n,"stray":n} */
void table_arena_faults_json(const table_arena_bot *bot, qjson_writer *w);
/* "3 late, 1 illegal, 0 invalid, 0 gone in 250 decisions, 0 stray lines" */
void table_arena_faults_text(const table_arena_bot *bot, char *out, size_t size);

#endif
