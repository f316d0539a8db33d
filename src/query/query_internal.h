/*
 * Inside the query layer (include/qipai/query.h): how a command is described
 * (its game, name, options and answer function), the state a query keeps,
 * and the JSON helpers every game's answers share. Each game's commands live
 * in their own file (mahjong.c, gb.c, zipai.c, poker.c, zhaotong.c) and only
 * turn library results into the JSON of docs/formats/; query.c owns the
 * lifecycle, the checks every line gets and the error answers.
 */
#ifndef QIPAI_QUERY_INTERNAL_H
#define QIPAI_QUERY_INTERNAL_H

#include <qipai/gb.h>
#include <qipai/mahjong.h>
#include <qipai/poker.h>
#include <qipai/query.h>
#include <qipai/zhaotong.h>
#include <qipai/zipai.h>

#include <stdbool.h>

#include "common/fail.h"
#include "common/json.h"

/* Options are collected while argv is read and applied by the command's
 * prepare(), so that their order on the command line does not matter
 * (the rule set first, then its options, then the wild kinds). */
enum { QUERY_MAX_OPTIONS = 64 };

/* What each game's options leave for its prepare() and answers. */
typedef struct query_mahjong {
    qipai_mj_rules rules;
    bool chinese;
    bool has_visible;
    uint8_t visible[QIPAI_MJ_KINDS];
} query_mahjong;

typedef struct query_gb {
    qipai_gb_rules rules;
    bool chinese;
} query_gb;

typedef struct query_zipai {
    qipai_zp_rules rules;
    unsigned flags; /* QIPAI_ZP_ASCII */
} query_zipai;

typedef struct query_poker {
    qipai_pk_rules rules;
    bool types;
    long limit;         /* minplays: the most solutions listed, or -1: all */
    void *memory;       /* the memo's memory (allocated at prepare, minplays only) */
    qipai_pk_memo *memo;
    /* Buffers that grow to the largest answer and are kept, so that a
     * stream of answers allocates nothing once warm. */
    qipai_pk_cards *groups; /* minplays: the solutions, width groups each */
    size_t group_capacity;
    size_t *order;          /* minplays: the solutions' indices, sorted */
    size_t order_capacity;
    qipai_pk_play *plays;   /* moves */
    size_t play_capacity;
    char *text;             /* moves: a copy of the line to cut at '/', ':', '@' */
    size_t text_capacity;
} query_poker;

typedef struct query_zhaotong {
    qipai_zt_rules rules;
    int tuo;            /* the default 坨 (--tuo), or -1 */
    bool has_visible;
    uint8_t visible[QIPAI_ZT_KINDS];
    bool brief;
} query_zhaotong;

struct query_command;

struct qipai_query {
    const struct query_command *command;
    qjson_writer writer;
    qjson_writer scratch;  /* for parts written before their place in the answer */
    char *line;            /* the current line, trimmed and NUL-terminated */
    size_t line_capacity;
    char **inputs;         /* the input words of argv, copied */
    size_t input_count;
    /* Options as read from argv (valid during qipai_query_new only). */
    const char *rules_name;
    const char *options[QUERY_MAX_OPTIONS]; /* "--rule NAME=VALUE" and the like, in order */
    const char *option_names[QUERY_MAX_OPTIONS];
    int option_count;
    union {
        query_mahjong mj;
        query_gb gb;
        query_zipai zp;
        query_poker pk;
        query_zhaotong zt;
    } game;
};

/* One option of a command: "--wild" with a value, "--chinese" without.
 * Options of the form --rule NAME=VALUE and --rules NAME are common to every
 * game and handled by query.c. */
typedef struct query_option {
    const char *name;
    bool takes_value;
} query_option;

typedef struct query_command {
    const char *game;     /* "mahjong" */
    const char *name;     /* "waits" */
    const char *echo_key; /* the key that echoes the input line: "hand", "input", "position" */
    const char *default_rules;
    const query_option *options; /* the game's own options; a NULL name ends the list */
    /* Builds the game state from q->rules_name and the collected options. */
    qipai_err (*prepare)(qipai_query *q, qipai_error *err);
    /* Writes the answer object for a line (NUL-terminated, trimmed) into w,
     * or fails with err set; query.c then writes the error object. */
    qipai_err (*answer)(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err);
    void (*release)(qipai_query *q); /* may be NULL */
} query_command;

/* Each game's commands, ended by an entry with a NULL name. */
extern const query_command query_mahjong_commands[];
extern const query_command query_gb_commands[];
extern const query_command query_zipai_commands[];
extern const query_command query_poker_commands[];
extern const query_command query_zhaotong_commands[];

/* The value of the collected option named name (the last one given), or
 * NULL; and whether a flag option was given. */
const char *query_option_value(const qipai_query *q, const char *name);
bool query_flag(const qipai_query *q, const char *name);

/* {"<echo key>": line, ...: the start of every answer object. */
void query_begin_answer(const qipai_query *q, const char *line, qjson_writer *w);

/* A mahjong kind as the answers write it: "5m" ("五万" when chinese), with
 * "*" appended when it is a wildcard standing for that kind. */
void query_write_kind(qjson_writer *w, int kind, bool wild, bool chinese);

#endif
