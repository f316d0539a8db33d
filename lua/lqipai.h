/*
 * Inside the Lua 5.4 module `qipai` (docs/BINDINGS.md): what its files
 * share. The module keeps no state outside the Lua state that loaded it (a
 * skynet process runs many states on many threads): every query, parser
 * buffer and game lives in a userdata that state owns and frees with __gc.
 *
 *   lqipai.c    luaopen_qipai, qipai.null, qipai.query, the rule-set object
 *               every game shares (its queries, one per command, made when
 *               first used)
 *   ljson.c     an answer's JSON text as Lua tables (qjson's reader)
 *   lmahjong.c  qipai.mahjong: tile numbers, hands given as arrays, the
 *               direct path of :win
 *   lgames.c    qipai.gb, qipai.poker, qipai.zipai and qipai.zhaotong's
 *               analyze: option tables into command-line words
 *   lzhaotong.c qipai.zhaotong.game: the engine for servers
 *   ltable.c    qipai.table: every game with a table (the table layer)
 */
#ifndef QIPAI_LUA_LQIPAI_H
#define QIPAI_LUA_LQIPAI_H

#include <qipai/mahjong.h>
#include <qipai/query.h>

#include <lauxlib.h>
#include <lua.h>

#include <stdbool.h>
#include <stddef.h>

#include "common/json.h"

/* The only symbol the module exports. */
__attribute__((visibility("default"))) int luaopen_qipai(lua_State *L);

/* ---- ljson.c ------------------------------------------------------------ */

/* Pushes the Lua form of a parsed JSON value: objects and arrays as tables
 * (arrays from 1), integers as integers, other numbers as floats, null as
 * qipai.null (a light userdata holding NULL, equal to lua-cjson's cjson.null). */
void lq_push_json(lua_State *L, const qjson_value *v);

/* ---- lqipai.c: rule sets -------------------------------------------------
 * A rule set of one game: the command-line words of its options, and one
 * query per command of the game, made from those words when first used. */
enum { LQ_MAX_COMMANDS = 8 };

typedef struct lq_game {
    const char *name;                       /* "mahjong" */
    const char *metatable;                  /* "qipai.mahjong.rules" */
    const char *commands[LQ_MAX_COMMANDS];  /* line commands, NULL-ended */
} lq_game;

typedef struct lq_rules {
    const lq_game *game;
    qipai_query *queries[LQ_MAX_COMMANDS];
    qjson_doc doc; /* the last answer, parsed (its memory reused) */
    /* mahjong only: the rule value of the direct :win path, built from the
     * same words as the queries' (lmahjong.c) */
    bool has_mahjong;
    qipai_mj_rules mahjong;
} lq_rules;

/* Makes a rule set of game from the option words in the table at index
 * words (strings, in order: "--rules", "laizi", "--wild", "7z"), which it
 * keeps. The first command's query is made at once, so a bad option is an
 * error() here, naming it. Leaves the rule set on the stack. */
lq_rules *lq_rules_new(lua_State *L, const lq_game *game, int words);
lq_rules *lq_rules_check(lua_State *L, int index, const lq_game *game);

/* Answers text with the rule set r (at stack index self) and its command c
 * (an index into game->commands).
 * On success pushes the answer's table and returns 1; for a line the
 * command refuses pushes nil and the message and returns 2. extra_words
 * (a table index, or 0) are option words for this one call (--visible
 * TILES): a query is then made for the call and freed after it. */
int lq_answer(lua_State *L, int self, lq_rules *r, int c, const char *text, size_t length,
              int extra_words);

/* Registers a game's rule-set metatable: methods named after its commands
 * (each answering with lq_answer), plus :query(command, text) and the
 * extra methods given (may be NULL). */
void lq_register_game(lua_State *L, const lq_game *game, const luaL_Reg *extra);

/* Appends "--NAME" and its value(s) to the words table at index words for
 * each field of the options table at index options, except those in
 * skip (NULL-ended; may be NULL): true is a flag alone, false nothing, a
 * string or number its value, an array one word pair per item, a table
 * of NAME=VALUE pairs (the `rule` and `option` fields) one "--NAME
 * KEY=VALUE" per pair in key order. "_" in names becomes "-"; `preset`
 * is "--rules". */
void lq_option_words(lua_State *L, int options, int words, const char *const *skip);

/* ---- lmahjong.c ------------------------------------------------------------- */

/* The hand argument at index arg as text: a string as it is, an array of
 * tile numbers (0-33, 34 a joker) in compact notation written into buf.
 * Returns NULL after pushing nil and a message (a bad tile number). An
 * argument of another type is an error(). */
enum { LQ_HAND_TEXT = 160 };
const char *lq_hand_text(lua_State *L, int arg, char buf[LQ_HAND_TEXT], size_t *length);
/* qipai.query's object (lrules.c). */
void lq_register_any(lua_State *L);
int lq_any_new(lua_State *L);

void lq_open_mahjong(lua_State *L);
void lq_open_games(lua_State *L);
void lq_open_zhaotong(lua_State *L);
void lq_open_table(lua_State *L);

#endif
