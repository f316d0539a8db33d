/*
 * qipai table: one interface for every game that can be played, and one copy
 * of what a table needs around a game — the runner and its statistics,
 * duplicate duels, the log's framing and the replay check, a vector of games
 * for learning agents — for every game that plugs in.
 *
 *   #include <qipai/table.h>
 *
 *   const qipai_table_game *game = qipai_table_game_named("zhaotong", NULL);
 *   qipai_table_rules rules;
 *   qipai_table_stats stats;
 *   qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
 *   qipai_error err;
 *   static qipai_table_state state;                     // the caller's: 16 KB of aligned bytes
 *   if (qipai_table_rules_named(game, &rules, "default", &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
 *       agents[s] = qipai_table_bot_agent(game, qipai_table_bot_index(game, "strong"));
 *   qipai_table_stats_init(&stats);
 *   // games 0-99 of the run with seed 42, the dealer rotating
 *   if (qipai_table_run(game, &rules, 42, 0, 100, -1, agents, NULL, &state, &stats,
 *                       &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   long long sum = 0;                                  // zero-sum: the seats' scores
 *   for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
 *       sum += stats.seat_score[s];
 *   printf("%llu games, the scores sum to %lld\n", (unsigned long long)stats.games, sum);
 *   // output: 100 games, the scores sum to 0
 *
 * A game is one constant value, qipai_table_game: its name, its rule set
 * (the four calls of qipai.h's convention and the rules' log form), the size
 * of a state, its actions (numbers 0..action_space-1, the same in every
 * position, with a mask per seat), its observation (floats: what one seat
 * may know) and the calls below. The games are listed by
 * qipai_table_game_count / qipai_table_game_at and found by name. A state is
 * a plain value the caller owns: no pointers inside, so copying its bytes
 * copies the game (a search bot clones freely) and a state can live in any
 * buffer, one of a numpy array's rows included.
 *
 * Who acts: qipai_table_to_act gives the seats that must act now as a bit
 * set (mahjong claims are decided by several seats at once: each sends its
 * action, in any order, and the claims resolve after the last). One seat's
 * action goes through qipai_table_step; an action that is not legal now
 * fails with QIPAI_ERR_ILLEGAL and a reason, and changes nothing. Every
 * event that follows is reported, in order, to an optional callback, the
 * first being the action itself.
 *
 * Randomness: everything random in a game (the shuffle, a drawn wild rank, a
 * redeal) comes from a generator inside its state, seeded by init, so a game
 * is a function of (rules, seed, dealer, actions). The built-in bots are
 * functions of the state and the seat (a random bot draws from a generator
 * seeded by what its seat sees and the move number): runs are reproducible.
 *
 * Nothing here prints or keeps global state, and nothing allocates but the
 * JSON summaries (qipai_table_format_sim_json); calls on different states
 * are independent and safe from any number of threads.
 */
#ifndef QIPAI_TABLE_H
#define QIPAI_TABLE_H

#include <qipai/qipai.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    QIPAI_TABLE_MAX_SEATS = 4,
    QIPAI_TABLE_RULES_SIZE = 512,    /* bytes: room for every game's rule set */
    QIPAI_TABLE_STATE_SIZE = 16384,  /* bytes: room for every game's state */
    QIPAI_TABLE_EVENT_SIZE = 128,    /* bytes: room for every game's event */
    QIPAI_TABLE_DEAL_SIZE = 512,     /* bytes: room for every game's deal */
    QIPAI_TABLE_MAX_ROLES = 4,
    QIPAI_TABLE_MAX_TALLIES = 48,    /* game-specific counters of a run */
    QIPAI_TABLE_MAX_DUEL_TALLIES = 32,
    QIPAI_TABLE_LOG_LINE = 8192      /* every log line but a header with long bot names fits */
};

/* Buffers big enough for any game, aligned for any of its fields. A game's
 * own sizes (qipai_table_game.state_size, ...) may be smaller: a caller that
 * packs many states (a vector of games) uses those. */
typedef union qipai_table_rules {
    unsigned char bytes[QIPAI_TABLE_RULES_SIZE];
    uint64_t align_;
    double align_double_;
} qipai_table_rules;
typedef union qipai_table_state {
    unsigned char bytes[QIPAI_TABLE_STATE_SIZE];
    uint64_t align_;
    double align_double_;
} qipai_table_state;
typedef union qipai_table_deal {
    unsigned char bytes[QIPAI_TABLE_DEAL_SIZE];
    uint64_t align_;
} qipai_table_deal;

/* What a rule set makes of the table: the seats, the action space and the
 * observation size (a game's are fixed for a rule set, and may differ
 * between rule sets: 跑得快 for two, 癞子 Dou Di Zhu's larger space). */
typedef struct qipai_table_shape {
    int seats;            /* 2..QIPAI_TABLE_MAX_SEATS */
    int action_space;     /* actions are numbered 0..action_space-1 */
    int observation_size; /* floats */
    int max_legal;        /* most legal actions of one seat at once */
    int roles;            /* 1 when seats have no roles; Dou Di Zhu: landlord, peasant */
} qipai_table_shape;

/* Reported by step for each event: the state as it is when the event
 * happens (read what the event names from it: a win's hand, the scores). */
typedef void (*qipai_table_event_fn)(const void *state, const void *event, void *context);

struct qipai_table_stats;
struct qipai_table_duel_stats;

/* ---- the game interface -----------------------------------------------------
 * A game fills every member unless it says "may be NULL". The layer checks
 * the arguments it can (seat in range, action in the space, sizes) before it
 * calls a game, so a game's calls may assume them. Strings written by the
 * text and log calls are snprintf-style (qipai.h, "Text"). Log lines are
 * JSON objects without the newline (docs/FORMATS.md, "Tables"). */
typedef struct qipai_table_game {
    const char *name;            /* "zhaotong": the command line's GAME, the log's "name" */
    const char *title;           /* "昭通麻将", for people */
    const char *default_rules;   /* the preset a game starts from ("default") */
    const char *const *presets;  /* the named rule sets, NULL-terminated */
    const char *const *bots;     /* the built-in bots' names, NULL-terminated */
    const char *const *roles;    /* role names ("landlord", "peasant"), NULL-terminated; may be NULL */
    size_t rules_size, state_size, event_size, deal_size; /* at most the QIPAI_TABLE_* sizes */
    qipai_table_shape max_shape; /* the largest shape over every rule set */

    /* ---- the rule set (qipai.h's convention) ---- */
    qipai_err (*rules_named)(void *rules, const char *name, qipai_error *err);
    qipai_err (*rules_option)(void *rules, const char *option, qipai_error *err);
    qipai_err (*rules_check)(const void *rules, qipai_error *err);
    void (*shape)(const void *rules, qipai_table_shape *out);
    /* The rules as the log's "rules" object (every field). */
    size_t (*rules_log)(const void *rules, char *out, size_t size);

    /* ---- a game ---- */
    /* A game dealt from seed by the game's generator; dealer is the seat
     * that deals (or bids, or leads first: the game says). */
    qipai_err (*init)(void *state, const void *rules, uint64_t seed, int dealer, qipai_error *err);
    /* The deal of a game just made (what init drew: the wall, the deck and
     * the generator's state for later draws), and a game made from one: a
     * state made by init equals the one made from its deal. */
    void (*deal_of)(const void *state, void *deal);
    qipai_err (*init_deal)(void *state, const void *rules, const void *deal, int dealer,
                           qipai_error *err);
    const void *(*rules_of)(const void *state); /* the rules inside a state */
    uint64_t (*seed_of)(const void *state);     /* 0 when made from a deal */
    int (*dealer_of)(const void *state);
    unsigned (*to_act)(const void *state);      /* bit s: seat s must act; 0 when over */
    bool (*over)(const void *state);
    /* seat's legal actions now, in the game's own order (the bot protocol
     * lists them so), at most shape.max_legal; 0 when the seat is not to act. */
    int (*legal)(const void *state, int seat, int32_t *out);
    /* mask[i] = 1 for each legal action (shape.action_space bytes); the count. */
    int (*mask)(const void *state, int seat, uint8_t *mask);
    qipai_err (*step)(void *state, int seat, int32_t action, qipai_table_event_fn events,
                      void *context, qipai_error *err);
    void (*observe)(const void *state, int seat, float *out);
    /* Scores so far (final once over), in points; they sum to zero unless the
     * game's docs say otherwise. */
    void (*scores)(const void *state, int64_t *out);
    /* The unit every score is a multiple of (the rules' base): statistics
     * count units, in integers, so shards merge exactly. */
    int64_t (*score_unit)(const void *rules);
    bool (*won)(const void *state, int seat);   /* for win rates */
    int (*role)(const void *state, int seat);   /* 0..roles-1; may be NULL (one role) */
    int (*left_to_draw)(const void *state);     /* tiles or cards left; -1 for none */
    qipai_err (*check)(const void *state, qipai_error *err); /* the invariants */

    /* ---- text for people and logs ---- */
    size_t (*action_text)(const void *state, int seat, int32_t action, bool chinese, char *out,
                          size_t size);
    /* The action a person typed (a label the text call writes, or the game's
     * shorthands); QIPAI_ERR_SYNTAX naming what is wrong. Legality is step's. */
    qipai_err (*action_parse)(const void *state, int seat, const char *text, int32_t *action,
                              qipai_error *err);
    /* What seat sees of the table, for a person at a terminal: lines ending
     * in '\n'. seat -1: everything (a watcher). */
    size_t (*render)(const void *state, int seat, bool chinese, char *out, size_t size);

    /* ---- the log's bodies (the layer writes the framing) ---- */
    /* The header's members after "rules" ("\"wall\":[...],\"tuo\":\"3m\""),
     * without braces; seat -1 for the log, a seat for what that seat may
     * know (a bot's game line: no wall, no seed). */
    size_t (*log_header)(const void *state, int seat, char *out, size_t size);
    /* Reads a header line: the rules, the deal and the dealer. The layer then
     * checks the line is the header those give. */
    qipai_err (*log_read_header)(const char *text, size_t length, void *rules, void *deal,
                                 int *dealer, qipai_error *err);
    size_t (*log_deal)(const void *state, int seat, char *out, size_t size);
    /* An event's line (seat -1), or what seat sees of it: 0 and nothing
     * written when seat sees nothing of it. Call from the event callback. */
    size_t (*log_event)(const void *state, const void *event, int seat, char *out, size_t size);
    /* The line of seat's action (as its event's line is), for the bot
     * protocol's lists; and an action line read back (its seat and number). */
    size_t (*log_action)(const void *state, int seat, int32_t action, char *out, size_t size);
    qipai_err (*log_read_action)(const void *state, const char *text, size_t length, int *seat,
                                 int32_t *action, qipai_error *err);
    /* Whether the replay check may take line in place of the line due
     * (both an event's line, not the same JSON): an older form of it that
     * the game's format still accepts (Zhaotong: the hand of the taker of
     * a robbed 坨 before issue 19). May be NULL: none. */
    bool (*log_takes)(const void *state, const char *due, size_t due_length, const char *line,
                      size_t length);
    /* The members a checked game adds to replay's verbose line
     * ("\"end\":\"wall\",\"winners\":2"); may be NULL. */
    size_t (*log_result)(const void *state, char *out, size_t size);

    /* ---- bots ---- */
    qipai_err (*bot_choose)(const void *state, int seat, int bot, int32_t *action,
                            qipai_error *err);
    /* The decision played for a program that failed to make one. */
    qipai_err (*fallback)(const void *state, int seat, int32_t *action, qipai_error *err);

    /* ---- duplicate duels: how the seats of one deal are permuted ---- */
    int (*duel_replays)(const void *rules);
    int (*duel_side)(const void *rules, int replay, int seat); /* 0: A, 1: B */

    /* ---- what a run counts besides the table's own figures (may be NULL) ---- */
    int tallies, duel_tallies;  /* counters of a run / of each side of a duel */
    /* Adds a finished game to tallies[0..tallies). */
    void (*tally)(const void *state, int64_t *tallies);
    /* Adds a finished replay of a duel: side[s] is the side of seat s. */
    void (*duel_tally)(const void *state, const int *side, int64_t (*tallies)[QIPAI_TABLE_MAX_DUEL_TALLIES]);
    /* The game's own lines and JSON members of a summary (may be NULL):
     * place 0 after the seats' lines, 1 after the bots'. */
    size_t (*sim_text)(const struct qipai_table_stats *stats, int place, char *out, size_t size);
    size_t (*sim_json)(const struct qipai_table_stats *stats, int place, char *out, size_t size);
    /* A duel side's line and what follows it (names: the sides' names). */
    size_t (*duel_text)(const struct qipai_table_duel_stats *stats, int side,
                        const char *const names[2], char *out, size_t size);
} qipai_table_game;

/* ---- the games ---------------------------------------------------------------- */
QIPAI_API int qipai_table_game_count(void);
QIPAI_API const qipai_table_game *qipai_table_game_at(int index);
/* NULL (and the error listing the games) for an unknown name. */
QIPAI_API const qipai_table_game *qipai_table_game_named(const char *name, qipai_error *err);
/* The number of the bot of that name (game->bots), or -1. */
QIPAI_API int qipai_table_bot_index(const qipai_table_game *game, const char *name);
/* The same, failing with a message listing the bots. */
QIPAI_API qipai_err qipai_table_bot_named(const qipai_table_game *game, const char *name,
                                          int *bot, qipai_error *err);

/* ---- checked calls ------------------------------------------------------------
 * Each checks what it can (a NULL game or state, a seat or action out of
 * range, a rule set that fails its check) and calls the game. */
QIPAI_API qipai_err qipai_table_rules_named(const qipai_table_game *game, void *rules,
                                            const char *name, qipai_error *err);
QIPAI_API qipai_err qipai_table_rules_option(const qipai_table_game *game, void *rules,
                                             const char *option, qipai_error *err);
QIPAI_API qipai_err qipai_table_rules_check(const qipai_table_game *game, const void *rules,
                                            qipai_error *err);
QIPAI_API void qipai_table_shape_of(const qipai_table_game *game, const void *rules,
                                    qipai_table_shape *out);
QIPAI_API qipai_err qipai_table_init(const qipai_table_game *game, void *state, const void *rules,
                                     uint64_t seed, int dealer, qipai_error *err);
QIPAI_API qipai_err qipai_table_init_deal(const qipai_table_game *game, void *state,
                                          const void *rules, const void *deal, int dealer,
                                          qipai_error *err);
QIPAI_API unsigned qipai_table_to_act(const qipai_table_game *game, const void *state);
QIPAI_API int qipai_table_legal(const qipai_table_game *game, const void *state, int seat,
                                int32_t *out);
QIPAI_API int qipai_table_mask(const qipai_table_game *game, const void *state, int seat,
                               uint8_t *mask);
QIPAI_API qipai_err qipai_table_step(const qipai_table_game *game, void *state, int seat,
                                     int32_t action, qipai_table_event_fn events, void *context,
                                     qipai_error *err);
QIPAI_API qipai_err qipai_table_bot_choose(const qipai_table_game *game, const void *state,
                                           int seat, int bot, int32_t *action, qipai_error *err);

/* ---- agents and the runner ------------------------------------------------------
 * A run with seed S plays game i (0-based) from qipai_table_game_seed(S, i),
 * which depends on S and i alone: any range of a run's games can be played
 * on its own (another thread, process or machine) and gives the same games. */
QIPAI_API uint64_t qipai_table_game_seed(uint64_t run_seed, uint64_t number);

/* Whatever chooses a seat's actions: a built-in bot, a person, a program, a
 * learning agent. choose gets a seat that must act now and writes one of its
 * legal actions; an error stops the game. */
typedef qipai_err (*qipai_table_choose_fn)(const qipai_table_game *game, const void *state,
                                           int seat, void *context, int32_t *action,
                                           qipai_error *err);
typedef struct qipai_table_agent {
    qipai_table_choose_fn choose;
    void *context;
} qipai_table_agent;

/* The agent that plays built-in bot number bot. */
QIPAI_API qipai_table_agent qipai_table_bot_agent(const qipai_table_game *game, int bot);

/* Plays a game to its end: while someone must act, the lowest such seat's
 * agent chooses and the action is stepped, reporting to events (may be
 * NULL). *steps (may be NULL) gets the number of actions taken. Stops at the
 * first failure (an agent's error or illegal action) and returns it, naming
 * the seat; the state is as it was before that action. */
QIPAI_API qipai_err qipai_table_play(const qipai_table_game *game, void *state,
                                     const qipai_table_agent *agents, qipai_table_event_fn events,
                                     void *context, uint64_t *steps, qipai_error *err);

/* What a run tells its caller: each game as it starts (dealt, before its
 * first event) with its number (1-based, as in the log), each event, and each
 * game as it ends. Any member may be NULL. */
typedef struct qipai_table_observer {
    void (*game_start)(const void *state, uint64_t number, void *context);
    qipai_table_event_fn event;
    void (*game_end)(const void *state, uint64_t number, void *context);
    void *context;
} qipai_table_observer;

/* The figures of a run: integer sums over its finished games, so the
 * statistics of shards merged in any order equal those of one run. Scores
 * are counted in the game's units (score_unit). */
typedef struct qipai_table_stats {
    uint64_t games, wins, steps;
    int64_t unit;                                     /* 0 before the first game */
    uint64_t seat_wins[QIPAI_TABLE_MAX_SEATS];
    int64_t seat_score[QIPAI_TABLE_MAX_SEATS];        /* in units */
    int64_t score_products[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_SEATS];
    uint64_t seat_win_pairs[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_SEATS];
    /* By role (games with roles): seat-games, wins and units of each seat. */
    uint64_t role_games[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_ROLES];
    uint64_t role_wins[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_ROLES];
    int64_t role_score[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_ROLES];
    int64_t role_squares[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_ROLES];
    int64_t tallies[QIPAI_TABLE_MAX_TALLIES];         /* the game's own (game->tally) */
} qipai_table_stats;

QIPAI_API void qipai_table_stats_init(qipai_table_stats *stats);
/* Counts a finished game that took steps actions. */
QIPAI_API void qipai_table_stats_add(const qipai_table_game *game, qipai_table_stats *stats,
                                     const void *state, uint64_t steps);
QIPAI_API void qipai_table_stats_merge(qipai_table_stats *into, const qipai_table_stats *from);

/* Plays games first .. first + count - 1 of the run seeded run_seed, dealt
 * by dealer, or by seat i % seats when dealer is -1 (rotate), each finished
 * game added to stats (may be NULL). state is the caller's scratch (it holds
 * the last game played). Stops at the first failure, naming the game. */
QIPAI_API qipai_err qipai_table_run(const qipai_table_game *game, const void *rules,
                                    uint64_t run_seed, uint64_t first, uint64_t count, int dealer,
                                    const qipai_table_agent *agents,
                                    const qipai_table_observer *observer, void *state,
                                    qipai_table_stats *stats, qipai_error *err);

/* The average score per game of a set of seats (bit s), in points, with its
 * 95% confidence interval: one sample a game (the seats' mean that game), so
 * the seats of one game are never counted as independent. */
typedef struct qipai_table_mean {
    double mean, low, high;
} qipai_table_mean;
QIPAI_API qipai_table_mean qipai_table_stats_mean(const qipai_table_stats *stats, unsigned seats);
/* The win rate of a set of seats (0-1) with Wilson's 95% interval, for a
 * count made effective by how much the share varies from game to game. */
QIPAI_API qipai_table_mean qipai_table_stats_win_rate(const qipai_table_stats *stats,
                                                      unsigned seats);

/* The summary of a run as `qipai GAME sim` prints it (docs/FORMATS.md,
 * "Tables: sim"): the text, and the --json object on one line, each ended by
 * '\n'. From the statistics and what they do not hold: the seed, the seats'
 * names (seats with one name are one bot in the per-bot figures), the faults
 * of seats played by programs and the timings. A run played in shards and
 * merged prints exactly what one process prints, the timings aside. The JSON
 * is built in memory the call allocates and frees: 0 when that fails. */
typedef struct qipai_table_report {
    uint64_t seed;
    const char *bots[QIPAI_TABLE_MAX_SEATS]; /* each seat's player's name */
    double cpu_seconds, wall_seconds;
    double games_per_second;                 /* games over wall_seconds */
    bool logged;                             /* the run wrote a log */
    /* For a seat played by a program: its faults as text ("0 late, ...") and
     * as a JSON object, written as given; NULL for a built-in bot. */
    const char *faults_text[QIPAI_TABLE_MAX_SEATS];
    const char *faults_json[QIPAI_TABLE_MAX_SEATS];
} qipai_table_report;
QIPAI_API size_t qipai_table_format_sim_text(const qipai_table_game *game, const void *rules,
                                             const qipai_table_stats *stats,
                                             const qipai_table_report *report, char *out,
                                             size_t size);
QIPAI_API size_t qipai_table_format_sim_json(const qipai_table_game *game, const void *rules,
                                             const qipai_table_stats *stats,
                                             const qipai_table_report *report, char *out,
                                             size_t size);

/* ---- duplicate duels ---------------------------------------------------------------
 * Two agents, A and B, compared without the luck of the deal: deal d is the
 * game of qipai_table_game_seed(S, d), seat 0 dealing, played
 * game->duel_replays times with the seats given to A and B as
 * game->duel_side says (Zhaotong: A B A B, then B A B A), so every hand dealt
 * is played by each. The replays of one deal share their hands, so the
 * confidence interval takes one sample a deal: A's score in it less B's. A
 * bot against itself differs by exactly 0 in every deal of a zero-sum game. */
typedef struct qipai_table_duel_stats {
    uint64_t deals, games, steps;
    int64_t unit;
    uint64_t seat_games[2];                 /* seat-games played by each side */
    int64_t score[2];                       /* units over the side's seat-games */
    /* One sample a deal, in integers: x = A * b - B * a, with A and B the
     * sides' units in the deal and a and b their seat-games a deal, so that
     * x / (a * b) is A's average less B's per seat-game in that deal. */
    int64_t difference;                     /* sum of x over deals */
    uint64_t difference_squares;            /* sum of x * x */
    uint64_t wins[2];
    uint64_t role_games[2][QIPAI_TABLE_MAX_ROLES];
    uint64_t role_wins[2][QIPAI_TABLE_MAX_ROLES];
    int64_t role_score[2][QIPAI_TABLE_MAX_ROLES];
    int64_t tallies[2][QIPAI_TABLE_MAX_DUEL_TALLIES]; /* the game's own (game->duel_tally) */
} qipai_table_duel_stats;

QIPAI_API void qipai_table_duel_stats_init(qipai_table_duel_stats *stats);
QIPAI_API void qipai_table_duel_stats_merge(qipai_table_duel_stats *into,
                                            const qipai_table_duel_stats *from);

/* Tells a caller of a duel each replay as it starts (dealt, before its first
 * action) and each of its events; any member may be NULL. side[s] is the
 * side (0: A, 1: B) of seat s in this replay. */
typedef struct qipai_table_duel_observer {
    void (*replay_start)(const void *state, uint64_t deal, int replay, const int *side,
                         void *context);
    qipai_table_event_fn event;
    void (*replay_end)(const void *state, uint64_t deal, int replay, void *context);
    void *context;
} qipai_table_duel_observer;

/* Plays deal number `deal` of the run seeded run_seed, every replay, and adds
 * it to stats. state is the caller's scratch. On a failure stats are left as
 * they were and the error names the replay. */
QIPAI_API qipai_err qipai_table_duel_deal(const qipai_table_game *game, const void *rules,
                                          uint64_t run_seed, uint64_t deal,
                                          qipai_table_agent a, qipai_table_agent b,
                                          const qipai_table_duel_observer *observer, void *state,
                                          qipai_table_duel_stats *stats, qipai_error *err);

/* The figures of a duel, in points. */
typedef struct qipai_table_duel_summary {
    double average[2];  /* each side's average score per seat per game */
    double difference;  /* average[0] - average[1] */
    double low, high;   /* its 95% confidence interval, over deals */
    double win_rate[2]; /* share of the side's seat-games it won */
    double role_average[2][QIPAI_TABLE_MAX_ROLES];
    double role_win_rate[2][QIPAI_TABLE_MAX_ROLES];
} qipai_table_duel_summary;
QIPAI_API qipai_table_duel_summary qipai_table_duel_summarize(const qipai_table_duel_stats *stats);

/* What `qipai GAME duel` prints: the text and the --json line (keys deals,
 * bots, average, difference, ci95 and games_per_second are a contract). */
typedef struct qipai_table_duel_report {
    uint64_t seed;
    const char *names[2];
    double cpu_seconds, wall_seconds, games_per_second;
    const char *faults_text[2], *faults_json[2]; /* for a side that is a program */
} qipai_table_duel_report;
QIPAI_API size_t qipai_table_format_duel_text(const qipai_table_game *game,
                                              const qipai_table_duel_stats *stats,
                                              const qipai_table_duel_report *report, char *out,
                                              size_t size);
QIPAI_API size_t qipai_table_format_duel_json(const qipai_table_game *game,
                                              const qipai_table_duel_stats *stats,
                                              const qipai_table_duel_report *report, char *out,
                                              size_t size);

/* ---- the log (docs/FORMATS.md, "Tables: the log") ------------------------------
 * JSON lines: each game's header, its deal, then every event. The framing is
 * the layer's; the bodies are the game's:
 *   {"type":"game","game":N,"name":"zhaotong","seed":S,"dealer":D,"rules":{...},
 *    <the game's header members>,"bots":[...]}
 * ("seed" left out for a game made from a deal, "bots" when none are given).
 * A seat's view of the header (the bot protocol's game line) is
 *   {"type":"game","game":N,"seat":s,"dealer":D,<what the seat may know>}. */
QIPAI_API size_t qipai_table_log_header(const qipai_table_game *game, const void *state,
                                        uint64_t number, const char *const *bots, char *out,
                                        size_t size);
QIPAI_API size_t qipai_table_log_header_for(const qipai_table_game *game, const void *state,
                                            uint64_t number, int seat, char *out, size_t size);
/* The deal and the events, as the game writes them (seat -1: the log). */
QIPAI_API size_t qipai_table_log_deal(const qipai_table_game *game, const void *state, int seat,
                                      char *out, size_t size);
QIPAI_API size_t qipai_table_log_event(const qipai_table_game *game, const void *state,
                                       const void *event, int seat, char *out, size_t size);

/* ---- the replay check ------------------------------------------------------------
 * Says where a logged game departs from the rules, for every game: a header
 * starts it (the game reads its rules, deal and dealer; the line must then be
 * the header those give, its "game", "seed", "bots" and "name" members being
 * for information, though a "name" must be the game's); after it each line is
 * either due, the deal first and then the events the last action reported,
 * which it must equal as a JSON value (keys in any order), or, when an action
 * is due, an action line: read by the game, played (it must be legal now),
 * and then equal to that action's line. A line {"type":"note",...} is an
 * annotation (what a bot program's fault or debug text was: docs/formats/
 * bot.md, "The log's notes") wherever it is in a game: skipped, changing
 * nothing. After every action the game's
 * invariants are checked (QIPAI_ERR_STATE: a library fault). A line that
 * departs changes nothing, so a caller may report it and go on.
 *
 *   static qipai_table_replay replay;          // about 100 KB: not for a small stack
 *   if (qipai_table_replay_start(&replay, game, header, header_length, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   while (next_line(stream, &line, &length))  // yours: a file, a socket...
 *       if (qipai_table_replay_line(&replay, line, length, &err) != QIPAI_OK)
 *           ...                                // qipai_table_replay_expected: the line due
 *   if (!qipai_table_replay_done(&replay))
 *       ...                                    // the stream stops before the game ends
 *
 * The replay holds the game as played so far (replay->state) and the lines
 * the last action reported and the stream has not shown yet. Parsing a line
 * allocates, and frees before the call returns (QIPAI_ERR_MEMORY when it
 * cannot). */
enum {
    QIPAI_TABLE_REPLAY_LINES = 256,    /* most lines one action reports */
    QIPAI_TABLE_REPLAY_TEXT = 65536    /* and their bytes */
};
typedef struct qipai_table_replay {
    const qipai_table_game *game;
    qipai_table_state state;           /* the game as played so far */
    qipai_table_state before;          /* scratch: an action is undone from it */
    int64_t number;                    /* the header's "game", or 0 */
    bool started;                      /* a header was read and held */
    uint16_t next, count;              /* lines [next, count) are due */
    uint32_t wanted_start, wanted_length; /* the line a refused line stood for */
    uint32_t start[QIPAI_TABLE_REPLAY_LINES + 1];
    char text[QIPAI_TABLE_REPLAY_TEXT];
} qipai_table_replay;

/* Starts a game from its header line; the deal is then due. After a failed
 * start the replay refuses every line (QIPAI_ERR_STATE). *number is set from
 * the header's "game" when that is an integer, before anything is checked,
 * so a caller can number a bad header. */
QIPAI_API qipai_err qipai_table_replay_start(qipai_table_replay *replay,
                                             const qipai_table_game *game, const char *header,
                                             size_t length, qipai_error *err);
/* The stream's next line (a JSON object; no newline). QIPAI_ERR_SYNTAX: not
 * a JSON object, or not an action where one is due; QIPAI_ERR_ILLEGAL: an
 * action the rules refuse now (the game's reason), or a line that is not the
 * one due; QIPAI_ERR_STATE: a line after the game's end, or a game that broke
 * its invariants; QIPAI_ERR_LIMIT: an action reported more lines than a
 * replay holds. */
QIPAI_API qipai_err qipai_table_replay_line(qipai_table_replay *replay, const char *line,
                                            size_t length, qipai_error *err);
/* The line due next: true with *line and *length set (not NUL-terminated),
 * or false when an action is due or the game is done. */
QIPAI_API bool qipai_table_replay_expected(const qipai_table_replay *replay, const char **line,
                                           size_t *length);
/* After a line refused as not the one due (QIPAI_ERR_ILLEGAL), the line the
 * rules gave in its place (a line due, or the refused action's own line):
 * for messages; false after any other outcome. */
QIPAI_API bool qipai_table_replay_wanted(const qipai_table_replay *replay, const char **line,
                                         size_t *length);
/* Whether the stream has shown the whole game: it is over and every line up
 * to its end was shown. */
QIPAI_API bool qipai_table_replay_done(const qipai_table_replay *replay);

/* ---- a vector of games, for learning agents ---------------------------------------
 * count games of one run played side by side and stepped in one call, each
 * reset to the run's next game when it ends (auto-reset): slot i starts with
 * game i of the run seeded seed (qipai_table_game_seed, the dealer rotating
 * as in qipai_table_run), and every game that ends is replaced by game
 * count, count + 1, ... in the order they end (slots in index order within
 * one step). The states live in the caller's memory, count * game->state_size
 * bytes (a numpy array's rows), so a learner may read or copy them freely.
 * In each game the seat that acts is the lowest seat to act (as the runner
 * plays), so one action a game a step drives every game. */
typedef struct qipai_table_vec {
    const qipai_table_game *game;
    qipai_table_rules rules;
    qipai_table_shape shape;
    uint64_t seed;
    uint64_t next_game;     /* the run's number of the next game dealt */
    int count;
    unsigned char *states;  /* count * game->state_size bytes, the caller's */
    uint64_t games_done;    /* games ended since init */
} qipai_table_vec;

/* Deals games 0..count-1 into states (bytes: at least count *
 * game->state_size). */
QIPAI_API qipai_err qipai_table_vec_init(qipai_table_vec *vec, const qipai_table_game *game,
                                         const void *rules, uint64_t seed, int count,
                                         void *states, size_t bytes, qipai_error *err);
/* Game i's state. */
QIPAI_API void *qipai_table_vec_state(const qipai_table_vec *vec, int i);
/* What each game asks now: seats[i] the seat to act; with observations
 * (count * shape.observation_size floats) that seat's observation, with
 * masks (count * shape.action_space bytes) its mask. Any may be NULL. */
QIPAI_API void qipai_table_vec_observe(const qipai_table_vec *vec, int *seats,
                                       float *observations, uint8_t *masks);
/* Plays actions[i] for game i's seat to act, after checking every action is
 * legal (an illegal one fails naming the game, and nothing is played).
 * scores (count * shape.seats, may be NULL) gets each game's score change
 * in points for every seat, done[i] (may be NULL) 1 when game i ended at
 * this step and was dealt anew (its final scores are in its score change:
 * zero-sum games pay at the end or as they go, the sum being the game's). */
QIPAI_API qipai_err qipai_table_vec_step(qipai_table_vec *vec, const int32_t *actions,
                                         int64_t *scores, uint8_t *done, qipai_error *err);

/* The same with built-in bots at some seats, for a learner facing opponents:
 * bots[s] is the bot number playing seat s, or -1 for a learner's seat (at
 * least one). actions (NULL: none, as right after init) are played as
 * vec_step plays them, checked first; then in every game the bots play until
 * a learner's seat is the seat to act, a game that ends being dealt anew and
 * its bots playing up to a learner's first decision. scores (count * seats,
 * may be NULL) get each seat's score change from the call's start to the
 * game's end, or to now; done[i] 1 when game i ended in the call (the
 * payments made in its new game before the learner's first decision are
 * that game's, not in scores: an episode starts at its first decision);
 * final_observations (count * shape.observation_size floats, may be NULL)
 * the observation at an ended game's end of the seat that played actions[i]
 * (a vector's auto-reset leaves no other way to see it). With every seat a
 * learner's, this is vec_step. */
QIPAI_API qipai_err qipai_table_vec_step_bots(qipai_table_vec *vec, const int32_t *actions,
                                              const int *bots, int64_t *scores, uint8_t *done,
                                              float *final_observations, qipai_error *err);

#ifdef __cplusplus
}
#endif

#endif
