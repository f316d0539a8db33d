/*
 * The rule-set object every game of the Lua module shares (docs/BINDINGS.md),
 * and qipai.query for any command. A rule set keeps the command-line words
 * of its options and answers each call with the library's query of that
 * command (include/qipai/query.h), so its answers are the command line's,
 * as Lua tables; it holds no game logic. Everything it allocates belongs to
 * its userdata and is freed by __gc (or __close): no state outside the Lua
 * state, so any number of states may use the module at once.
 */
#include "lqipai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most words a query is made from: its options, and a call's own. */
enum { MAX_WORDS = 160 };

/* Pushes the words of the table at index words (and of extra, when not 0)
 * onto the stack and makes the query of command c from them. Returns the
 * query, or NULL with the library's message in *err. The words stay on the
 * stack during the call, so their texts cannot be collected under it. */
static qipai_query *make_query(lua_State *L, const lq_rules *r, int c, int words, int extra,
                               qipai_error *err)
{
    const char *argv[MAX_WORDS + 2];
    int argc = 0;
    argv[argc++] = r->game->name;
    argv[argc++] = r->game->commands[c];
    int top = lua_gettop(L);
    int lists[2] = {words, extra};
    for (int l = 0; l < 2; l++) {
        if (!lists[l])
            continue;
        lua_Integer n = (lua_Integer)lua_rawlen(L, lists[l]);
        if (argc + n > MAX_WORDS + 2)
            luaL_error(L, "qipai.%s: more than %d option words", r->game->name, MAX_WORDS);
        luaL_checkstack(L, (int)n, "option words");
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, lists[l], i);
            argv[argc++] = lua_tostring(L, -1);
        }
    }
    qipai_query *q = NULL;
    qipai_err e = qipai_query_new(&q, argc, argv, err);
    lua_settop(L, top);
    return e == QIPAI_OK ? q : NULL;
}

static void free_queries(lq_rules *r)
{
    for (int c = 0; c < LQ_MAX_COMMANDS; c++) {
        qipai_query_free(r->queries[c]);
        r->queries[c] = NULL;
    }
    qjson_doc_free(&r->doc);
}

static int rules_gc(lua_State *L)
{
    lq_rules *r = lua_touserdata(L, 1);
    if (r && r->game)
        free_queries(r);
    return 0;
}

/* The rule set's own query of command c, made when first needed. */
static qipai_query *query_of(lua_State *L, lq_rules *r, int self, int c)
{
    if (r->queries[c])
        return r->queries[c];
    qipai_error err;
    lua_getiuservalue(L, self, 1);
    qipai_query *q = make_query(L, r, c, lua_gettop(L), 0, &err);
    lua_pop(L, 1);
    if (!q)
        luaL_error(L, "qipai.%s: %s: %s", r->game->name, r->game->commands[c], err.message);
    return r->queries[c] = q;
}

lq_rules *lq_rules_new(lua_State *L, const lq_game *game, int words)
{
    words = lua_absindex(L, words);
    lq_rules *r = lua_newuserdatauv(L, sizeof *r, 1);
    memset(r, 0, sizeof *r);
    qjson_doc_init(&r->doc);
    r->game = game;
    luaL_setmetatable(L, game->metatable);
    lua_pushvalue(L, words);
    lua_setiuservalue(L, -2, 1);
    qipai_error err;
    if (!(r->queries[0] = make_query(L, r, 0, words, 0, &err)))
        luaL_error(L, "%s: %s", game->metatable, err.message);
    return r;
}

lq_rules *lq_rules_check(lua_State *L, int index, const lq_game *game)
{
    return luaL_checkudata(L, index, game->metatable);
}

int lq_answer(lua_State *L, int self, lq_rules *r, int c, const char *text, size_t length,
              int extra)
{
    qipai_query *q, *temporary = NULL;
    self = lua_absindex(L, self);
    if (extra) {
        /* Words for this call only: a query made for it. */
        qipai_error err;
        extra = lua_absindex(L, extra);
        lua_getiuservalue(L, self, 1);
        temporary = make_query(L, r, c, lua_gettop(L), extra, &err);
        lua_pop(L, 1);
        if (!temporary) {
            /* the tiles seen are data, as a hand is; other options misuse */
            bool seen = lua_rawlen(L, extra) == 2 && lua_rawgeti(L, extra, 1) == LUA_TSTRING &&
                        !strcmp(lua_tostring(L, -1), "--visible");
            if (!seen)
                return luaL_error(L, "qipai.%s: %s: %s", r->game->name, r->game->commands[c],
                                  err.message);
            lua_pushnil(L);
            lua_pushstring(L, err.message);
            return 2;
        }
        q = temporary;
    } else {
        q = query_of(L, r, self, c);
    }
    const char *json;
    size_t json_length;
    qipai_err e = qipai_query_answer(q, text, length, &json, &json_length);
    const qjson_value *root;
    char why[128];
    int parsed = qjson_parse(&r->doc, json, json_length, &root, why, sizeof why);
    /* The tree lives in r->doc: the temporary query may go before any Lua
     * call that could raise an error. */
    qipai_query_free(temporary);
    if (parsed != 0)
        return luaL_error(L, "qipai: the library's answer is not JSON (%s)", why);
    if (e != QIPAI_OK) {
        const char *message = qjson_get_string(root, "error");
        lua_pushnil(L);
        lua_pushstring(L, message ? message : qipai_strerror(e));
        return 2;
    }
    lq_push_json(L, root);
    return 1;
}

/* ---- methods ---------------------------------------------------------------- */

/* The per-call words of a method's optional argument at index arg: a
 * string or an array of tile numbers is the tiles seen (--visible), a table
 * of named fields option words. Returns the index of the words table it
 * pushed; 0 when there is no such argument (nothing pushed); -1 after
 * pushing nil and a message (a bad tile number). */
static int call_words(lua_State *L, int arg)
{
    int type = lua_type(L, arg);
    if (type == LUA_TNONE || type == LUA_TNIL)
        return 0;
    if (type != LUA_TSTRING && type != LUA_TTABLE)
        return luaL_typeerror(L, arg, "tiles seen (a string or an array) or a table of options");
    bool array = type == LUA_TTABLE && lua_rawgeti(L, arg, 1) != LUA_TNIL;
    if (type == LUA_TTABLE)
        lua_pop(L, 1);
    lua_newtable(L);
    int words = lua_gettop(L);
    if (type == LUA_TTABLE && !array) {
        lq_option_words(L, arg, words, NULL);
        return words;
    }
    char buf[LQ_HAND_TEXT];
    size_t n;
    const char *text = lq_hand_text(L, arg, buf, &n);
    if (!text)
        return -1;
    lua_pushliteral(L, "--visible");
    lua_rawseti(L, words, 1);
    lua_pushlstring(L, text, n);
    lua_rawseti(L, words, 2);
    return words;
}

/* The text of the argument at index arg: a string; for mahjong an array of
 * tile numbers too. */
static const char *input_text(lua_State *L, const lq_game *game, int arg, char buf[LQ_HAND_TEXT],
                              size_t *n)
{
    if (!strcmp(game->name, "mahjong"))
        return lq_hand_text(L, arg, buf, n);
    return luaL_checklstring(L, arg, n);
}

static int answer_with(lua_State *L, lq_rules *r, int c, int input, int options)
{
    char buf[LQ_HAND_TEXT];
    size_t n;
    const char *text = input_text(L, r->game, input, buf, &n);
    if (!text)
        return 2;
    int extra = call_words(L, options);
    if (extra < 0)
        return 2;
    return lq_answer(L, 1, r, c, text, n, extra);
}

/* r:COMMAND(input [, visible or options]): upvalues are the game and the
 * command's index. */
static int command_method(lua_State *L)
{
    const lq_game *game = lua_touserdata(L, lua_upvalueindex(1));
    int c = (int)lua_tointeger(L, lua_upvalueindex(2));
    lq_rules *r = lq_rules_check(L, 1, game);
    return answer_with(L, r, c, 2, 3);
}

/* r:query(command, input [, visible or options]): any command by name. */
static int query_method(lua_State *L)
{
    const lq_game *game = lua_touserdata(L, lua_upvalueindex(1));
    lq_rules *r = lq_rules_check(L, 1, game);
    const char *name = luaL_checkstring(L, 2);
    for (int c = 0; c < LQ_MAX_COMMANDS && game->commands[c]; c++)
        if (!strcmp(name, game->commands[c]))
            return answer_with(L, r, c, 3, 4);
    return luaL_argerror(L, 2, lua_pushfstring(L, "qipai.%s has no command '%s'", game->name, name));
}

static int rules_close(lua_State *L)
{
    lq_rules *r = lua_touserdata(L, 1);
    if (r && r->game)
        free_queries(r); /* the queries are made again if it is used after */
    return 0;
}

static int rules_tostring(lua_State *L)
{
    lq_rules *r = lua_touserdata(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, r->game->metatable);
    lua_getiuservalue(L, 1, 1);
    int words = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, words);
    for (lua_Integer i = 1; i <= n; i++) {
        luaL_addchar(&b, ' ');
        lua_rawgeti(L, words, i);
        luaL_addvalue(&b);
    }
    lua_pop(L, 1);
    luaL_pushresult(&b);
    return 1;
}

void lq_register_game(lua_State *L, const lq_game *game, const luaL_Reg *extra)
{
    luaL_newmetatable(L, game->metatable);
    lua_newtable(L); /* methods */
    for (int c = 0; c < LQ_MAX_COMMANDS && game->commands[c]; c++) {
        lua_pushlightuserdata(L, (void *)game);
        lua_pushinteger(L, c);
        lua_pushcclosure(L, command_method, 2);
        lua_setfield(L, -2, game->commands[c]);
    }
    lua_pushlightuserdata(L, (void *)game);
    lua_pushcclosure(L, query_method, 1);
    lua_setfield(L, -2, "query");
    if (extra)
        luaL_setfuncs(L, extra, 0);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, rules_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, rules_close);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, rules_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
}

/* ---- option tables into words --------------------------------------------- */

/* Options whose values are tiles: a number there is a tile number. */
static bool tile_option(const char *key)
{
    return !strcmp(key, "wild") || !strcmp(key, "tuo");
}

static void push_value_text(lua_State *L, int index, bool tile)
{
    switch (lua_type(L, index)) {
    case LUA_TBOOLEAN:
        lua_pushstring(L, lua_toboolean(L, index) ? "1" : "0");
        return;
    case LUA_TNUMBER:
        if (tile) {
            lua_Integer k = lua_tointeger(L, index);
            char name[8];
            if (!lua_isinteger(L, index) || k < 0 || k >= QIPAI_MJ_KINDS)
                luaL_error(L, "qipai: %s is not a tile number (0-33)", lua_tostring(L, index));
            qipai_mj_format_kind((int)k, false, name, sizeof name);
            lua_pushstring(L, name);
        } else if (lua_isinteger(L, index)) {
            lua_pushfstring(L, "%I", lua_tointeger(L, index));
        } else {
            lua_Number d = lua_tonumber(L, index);
            lua_Integer i;
            if (lua_numbertointeger(d, &i))
                lua_pushfstring(L, "%I", i);
            else
                lua_pushfstring(L, "%f", d);
        }
        return;
    case LUA_TSTRING:
        lua_pushvalue(L, index);
        return;
    default:
        luaL_error(L, "qipai: an option value must be a string, a number or a boolean, not %s",
                   luaL_typename(L, index));
    }
}

static void append(lua_State *L, int words)
{
    lua_rawseti(L, words, (lua_Integer)lua_rawlen(L, words) + 1);
}

/* The string keys of the table at index t, sorted, as a new array on the
 * stack (so the words come out in the same order every time). */
static int sorted_keys(lua_State *L, int t)
{
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "qipai: option names must be strings, not %s", luaL_typename(L, -1));
        /* insertion into the sorted array */
        lua_Integer i = n++;
        while (i > 0) {
            lua_rawgeti(L, keys, i);
            int after = strcmp(lua_tostring(L, -1), lua_tostring(L, -2)) > 0;
            if (!after) {
                lua_pop(L, 1);
                break;
            }
            lua_rawseti(L, keys, i + 1);
            i--;
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, i + 1);
    }
    return keys;
}

void lq_option_words(lua_State *L, int options, int words, const char *const *skip)
{
    options = lua_absindex(L, options);
    words = lua_absindex(L, words);
    luaL_checktype(L, options, LUA_TTABLE);
    luaL_checkstack(L, 8, "option words");
    int keys = sorted_keys(L, options);
    lua_Integer key_count = (lua_Integer)lua_rawlen(L, keys);
    for (lua_Integer k = 1; k <= key_count; k++) {
        lua_rawgeti(L, keys, k);
        const char *key = lua_tostring(L, -1);
        bool skipped = false;
        for (const char *const *s = skip; s && *s && !skipped; s++)
            skipped = !strcmp(*s, key);
        if (skipped) {
            lua_pop(L, 1);
            continue;
        }
        /* the word: "--" NAME with '-' for '_'; preset is --rules */
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        luaL_addstring(&b, "--");
        const char *name = !strcmp(key, "preset") ? "rules" : key;
        for (const char *p = name; *p; p++)
            luaL_addchar(&b, *p == '_' ? '-' : *p);
        luaL_pushresult(&b);
        int word = lua_gettop(L);
        lua_getfield(L, options, key);
        int value = lua_gettop(L);
        bool tile = tile_option(key);
        if (!strcmp(key, "visible") && lua_type(L, value) == LUA_TTABLE) {
            /* the tiles seen, as an array of tile numbers */
            char buf[LQ_HAND_TEXT];
            size_t length;
            const char *text = lq_hand_text(L, value, buf, &length);
            if (!text)
                luaL_error(L, "qipai: visible: %s", lua_tostring(L, -1));
            lua_pushvalue(L, word);
            append(L, words);
            lua_pushlstring(L, text, length);
            append(L, words);
        } else if (lua_type(L, value) == LUA_TBOOLEAN) {
            if (lua_toboolean(L, value)) {
                lua_pushvalue(L, word);
                append(L, words);
            }
        } else if (lua_type(L, value) != LUA_TTABLE) {
            lua_pushvalue(L, word);
            append(L, words);
            push_value_text(L, value, tile);
            append(L, words);
        } else if (lua_rawlen(L, value) > 0) { /* a list: the option once per item */
            lua_Integer items = (lua_Integer)lua_rawlen(L, value);
            for (lua_Integer i = 1; i <= items; i++) {
                lua_pushvalue(L, word);
                append(L, words);
                lua_rawgeti(L, value, i);
                push_value_text(L, lua_gettop(L), tile);
                lua_remove(L, -2);
                append(L, words);
            }
        } else { /* NAME=VALUE pairs: --rule cap=6 */
            int pairs = sorted_keys(L, value);
            lua_Integer count = (lua_Integer)lua_rawlen(L, pairs);
            for (lua_Integer i = 1; i <= count; i++) {
                lua_pushvalue(L, word);
                append(L, words);
                lua_rawgeti(L, pairs, i);
                lua_pushvalue(L, -1);
                lua_gettable(L, value);
                push_value_text(L, lua_gettop(L), false);
                lua_remove(L, -2);
                lua_pushfstring(L, "%s=%s", lua_tostring(L, -2), lua_tostring(L, -1));
                lua_replace(L, -3);
                lua_pop(L, 1);
                append(L, words);
            }
            lua_pop(L, 1);
        }
        lua_settop(L, word - 2); /* the key, the word and the value go */
    }
    lua_pop(L, 1); /* keys */
}

/* ---- qipai.query: any line command, by its words --------------------------- */

typedef struct any_query {
    qipai_query *query;
    qjson_doc doc;
} any_query;

static int any_gc(lua_State *L)
{
    any_query *a = luaL_checkudata(L, 1, "qipai.query");
    qipai_query_free(a->query);
    a->query = NULL;
    qjson_doc_free(&a->doc);
    return 0;
}

/* qipai.query{"mahjong", "waits", "--rules", "laizi", ...} or
 * qipai.query("mahjong", "waits", ...): the words after `qipai` on a
 * command line. A bad word is an error(). */
int lq_any_new(lua_State *L)
{
    const char *argv[MAX_WORDS];
    int argc = 0;
    if (lua_type(L, 1) == LUA_TTABLE) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        luaL_argcheck(L, n <= MAX_WORDS, 1, "too many words");
        luaL_checkstack(L, (int)n, "words");
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 1, i);
            if (!(argv[argc++] = lua_tostring(L, -1)))
                return luaL_argerror(L, 1, "the words must be strings");
        }
    } else {
        int n = lua_gettop(L);
        luaL_argcheck(L, n <= MAX_WORDS, MAX_WORDS + 1, "too many words");
        for (int i = 1; i <= n; i++)
            argv[argc++] = luaL_checkstring(L, i);
    }
    any_query *a = lua_newuserdatauv(L, sizeof *a, 0);
    a->query = NULL;
    qjson_doc_init(&a->doc);
    luaL_setmetatable(L, "qipai.query");
    qipai_error err;
    if (qipai_query_new(&a->query, argc, argv, &err) != QIPAI_OK)
        return luaL_error(L, "qipai.query: %s", err.message);
    return 1;
}

static qipai_query *any_check(lua_State *L)
{
    any_query *a = luaL_checkudata(L, 1, "qipai.query");
    luaL_argcheck(L, a->query != NULL, 1, "the query is closed");
    return a->query;
}

/* q:json(line): the answer's text and true, or the error answer's text and
 * false (for a server that passes JSON on). */
static int any_json(lua_State *L)
{
    qipai_query *q = any_check(L);
    size_t n;
    const char *line = luaL_checklstring(L, 2, &n);
    const char *json;
    size_t length;
    qipai_err e = qipai_query_answer(q, line, n, &json, &length);
    lua_pushlstring(L, json, length);
    lua_pushboolean(L, e == QIPAI_OK);
    return 2;
}

/* q:answer(line): the answer as a table, or nil and the message. */
static int any_answer(lua_State *L)
{
    qipai_query *q = any_check(L);
    any_query *a = lua_touserdata(L, 1);
    size_t n;
    const char *line = luaL_checklstring(L, 2, &n);
    const char *json;
    size_t length;
    qipai_err e = qipai_query_answer(q, line, n, &json, &length);
    const qjson_value *root;
    char why[128];
    if (qjson_parse(&a->doc, json, length, &root, why, sizeof why) != 0)
        return luaL_error(L, "qipai: the library's answer is not JSON (%s)", why);
    if (e != QIPAI_OK) {
        const char *message = qjson_get_string(root, "error");
        lua_pushnil(L);
        lua_pushstring(L, message ? message : qipai_strerror(e));
        return 2;
    }
    lq_push_json(L, root);
    return 1;
}

void lq_register_any(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"answer", any_answer}, {"json", any_json}, {"close", any_gc}, {NULL, NULL}};
    luaL_newmetatable(L, "qipai.query");
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, any_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, any_gc);
    lua_setfield(L, -2, "__close");
    lua_pop(L, 1);
}
